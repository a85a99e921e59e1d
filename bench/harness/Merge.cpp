#include "harness/Merge.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <set>

#include "harness/Error.h"
#include "harness/Provenance.h"

namespace symseq::bench {

Results mergeResults(const std::vector<Results>& parts, bool allowMixed) {
  Results out;
  std::set<std::string> ids;
  for (const Results& part : parts) {
    if (!part.provenance)
      throw ConfigError("'" + part.file.string() + "' has no provenance line", std::nullopt,
                        "merge only results files written by symseq bench");
    if (!out.provenance) {
      out.provenance = part.provenance;
      (*out.provenance)["shard"] = nullptr;
    } else if (const auto diff = provenanceDifferences(*out.provenance, *part.provenance); !diff.empty() && !allowMixed) {
      const std::string fields = fmt::format("{}", fmt::join(diff, ", "));
      throw ConfigError("'" + part.file.string() + "' was made with another provenance than '" +
                            parts.front().file.string() + "' (differs in: " + fields + ")",
                        std::nullopt,
                        "merge results of one matrix run by one build; pass --allow-mixed to merge them anyway");
    }
    for (const auto& c : part.cells)
      if (ids.insert(c.value("id", "")).second) out.cells.push_back(c);
  }
  sortByIndex(out.cells);
  return out;
}

}  // namespace symseq::bench
