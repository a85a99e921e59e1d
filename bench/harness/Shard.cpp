#include "harness/Shard.h"

#include <charconv>
#include <string>

#include "harness/Error.h"

namespace symseq::bench {

namespace {

bool parseNumber(std::string_view s, unsigned& out) {
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc{} && end == s.data() + s.size() && !s.empty();
}

}  // namespace

Shard parseShard(std::string_view text) {
  const std::size_t slash = text.find('/');
  Shard s;
  if (slash == std::string_view::npos || !parseNumber(text.substr(0, slash), s.index) ||
      !parseNumber(text.substr(slash + 1), s.count) || s.count == 0 || s.index == 0 || s.index > s.count)
    throw ConfigError("--shard expects i/N with 1 <= i <= N, got '" + std::string(text) + "'",
                      std::nullopt,
                      "e.g. --shard 2/8 runs the second of eight slices; a Slurm job array passes "
                      "--shard $SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT");
  return s;
}

std::vector<Cell> selectShard(const std::vector<Cell>& cells, const Shard& shard) {
  std::vector<Cell> out;
  for (const Cell& c : cells)
    if (c.index % shard.count == shard.index - 1) out.push_back(c);
  return out;
}

}  // namespace symseq::bench
