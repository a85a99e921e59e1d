#pragma once
// The shape SymTest works on (symtest-framework.md, section 2.3), recognised in the IR alone:
// every input transition leaves one location, the loop head, and only input transitions leave
// it; the part from the initial location to the loop head (the paper's I, read once) and the
// body from the loop head back to it (one iteration, one test step) are acyclic. A `.cfg` model
// always lowers to this shape; another model kind may too.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "symseq/ir/TransitionSystem.h"

#pragma GCC visibility push(default)

namespace symseq {

class AcyclicCore {
 public:
  // Throws Error saying why `system` does not have this shape (no loop head, two of them, a
  // cycle in the body, printed, a location that cannot return to the loop head, ...). `user`
  // names who needs the shape, for the message ("strategy 'symtest'").
  [[nodiscard]] static AcyclicCore analyse(const TransitionSystem& system, std::string_view user);
  // Why analyse() would throw, with the model's file:line:col in parentheses when it has one; or
  // nothing when `system` has the shape. For Strategy::refusal of the strategies that need it.
  [[nodiscard]] static std::optional<std::string> refusal(const TransitionSystem& system, std::string_view user);

  [[nodiscard]] const TransitionSystem& system() const { return *system_; }
  [[nodiscard]] LocationId loopHead() const { return loopHead_; }

  // Locations the initial part visits before it first reaches the loop head, in topological
  // order (the initial location first); empty when the initial location is the loop head.
  [[nodiscard]] const std::vector<LocationId>& prefixOrder() const { return prefixOrder_; }
  // Locations one iteration visits, in topological order with the edges back into the loop head
  // removed; the loop head first.
  [[nodiscard]] const std::vector<LocationId>& bodyOrder() const { return bodyOrder_; }
  [[nodiscard]] bool inPrefix(LocationId l) const { return inPrefix_[l]; }
  [[nodiscard]] bool inBody(LocationId l) const { return inBody_[l]; }

  // Transitions leaving `l`, in declaration order (precomputed: graph walks call it often).
  [[nodiscard]] std::span<const TransitionId> outgoing(LocationId l) const { return outgoing_[l]; }
  // A location where a path chooses between transitions.
  [[nodiscard]] bool isChoice(LocationId l) const { return outgoing_[l].size() > 1; }
  [[nodiscard]] bool returnsToLoopHead(TransitionId t) const { return system_->transitions[t].target == loopHead_; }

  // Decision locations of one iteration (choice points of the body), for sizing and benchmarks.
  [[nodiscard]] std::size_t bodyDecisions() const;

 private:
  AcyclicCore() = default;

  const TransitionSystem* system_ = nullptr;
  LocationId loopHead_ = 0;
  std::vector<LocationId> prefixOrder_;
  std::vector<LocationId> bodyOrder_;
  std::vector<bool> inPrefix_;
  std::vector<bool> inBody_;
  std::vector<std::vector<TransitionId>> outgoing_;
};

}  // namespace symseq

#pragma GCC visibility pop
