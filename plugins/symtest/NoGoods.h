#pragma once
// No-goods learned across paths: sets of path conditions the solver proved unsatisfiable
// together (from an unsat core over the decisions' selector literals). A condition is a
// hash-consed expression over the model's initial state and the step inputs, so a set proved
// unsat on one path is unsat wherever the same conditions recur: on a later path, or in a plan
// not yet checked (FINDPATH then plans around it without asking the solver).
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "symseq/expr/Expr.h"

namespace symseq::symtest {

class NoGoods {
 public:
  // Records that `conditions` are unsatisfiable together; false when an equal set is known.
  bool learn(const std::vector<Expr>& conditions);

  // A no-good among `held` (a multiset of condition ids, by count) that contains `latest`: the
  // conditions held so far make `latest` unsatisfiable. Its members, or nothing.
  [[nodiscard]] std::optional<std::vector<std::uint32_t>> blocking(
      std::uint32_t latest, const std::unordered_map<std::uint32_t, std::uint32_t>& held) const;

  [[nodiscard]] std::size_t size() const { return sets_.size(); }

 private:
  std::vector<std::vector<std::uint32_t>> sets_;                      // sorted condition ids
  std::unordered_map<std::uint32_t, std::vector<std::size_t>> byMember_;  // condition id -> sets
};

}  // namespace symseq::symtest
