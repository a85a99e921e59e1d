#include "symseq/exec/Statistics.h"

#include <algorithm>

#include "symseq/support/Error.h"

namespace symseq {

namespace {

bool isCounterName(std::string_view name) {
  return !name.empty() && name.front() >= 'a' && name.front() <= 'z' &&
         std::all_of(name.begin(), name.end(),
                     [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; });
}

bool isWellKnown(std::string_view name) {
  return std::find(stat::kWellKnown.begin(), stat::kWellKnown.end(), name) != stat::kWellKnown.end();
}

}  // namespace

std::uint64_t& Statistics::counter(std::string_view name) {
  if (auto it = counters_.find(name); it != counters_.end()) return it->second;
  if (!isCounterName(name) || name.starts_with("solver_") || name.starts_with("total_"))
    throw Error("statistic name '" + std::string(name) + "' is not allowed", std::nullopt,
                "name a counter in lower-case snake_case ([a-z][a-z0-9_]*), not starting with 'solver_' or 'total_'");
  return counters_.emplace(std::string(name), 0).first->second;
}

void Statistics::add(std::string_view name, std::uint64_t by) { counter(name) += by; }

void Statistics::set(std::string_view name, std::uint64_t value) { counter(name) = value; }

std::uint64_t Statistics::get(std::string_view name) const {
  const auto it = counters_.find(name);
  return it == counters_.end() ? 0 : it->second;
}

std::vector<std::pair<std::string, std::uint64_t>> Statistics::entries() const {
  std::vector<std::pair<std::string, std::uint64_t>> out;
  for (std::string_view name : stat::kWellKnown) out.emplace_back(name, get(name));
  for (const auto& [name, value] : counters_)
    if (!isWellKnown(name)) out.emplace_back(name, value);
  return out;
}

}  // namespace symseq
