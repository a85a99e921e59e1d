#include "RandomSearch.h"

#include <algorithm>
#include <optional>
#include <set>

#include "ConcreteRunner.h"

namespace symseq::random {

namespace {

using Clock = std::chrono::steady_clock;

class Search {
 public:
  Search(const GenerationJob& job, const RandomOptions& options)
      : job_(job), options_(options), runner_(job.system), values_(job.seed, options.ints),
        remaining_(job.targets.begin(), job.targets.end()) {
    for (const VariableDecl& v : job.system.variables)
      if (v.role == VariableRole::State && !v.initial) unconstrained_.push_back(v.var);
  }

  GenerationResult run() {
    GenerationResult result;
    while (!remaining_.empty() && !outOfBudget()) runSequence(result);
    // Random testing proves nothing: whatever it missed, more steps might have found.
    for (TransitionId t : remaining_) result.uncovered[t] = UncoveredReason::BudgetExhausted;
    result.stats.set(stat::kIterations, steps_);
    return result;
  }

 private:
  // The step budget makes runs deterministic; the deadline is only a safety net.
  [[nodiscard]] bool outOfBudget() const {
    return steps_ >= options_.maxSteps || Clock::now() >= job_.deadline || job_.stopRequested();
  }

  // Removes the targets among `fired` from the remaining ones; true when there was one.
  bool noteCoverage(const std::vector<TransitionId>& fired) {
    bool any = false;
    for (TransitionId t : fired) any = remaining_.erase(t) > 0 || any;
    if (any) job_.reportCovered(job_.targets.size() - remaining_.size());
    return any;
  }

  // One sequence from the initial state, up to the depth bound. It is kept, cut after its last
  // step that covered a new target, when it covered one (in its initial closure counts).
  void runSequence(GenerationResult& result) {
    TestSequence sequence;
    for (Expr v : unconstrained_) sequence.initial.set(v, values_.draw(v.sort()));
    std::vector<TransitionId> fired;
    // A sequence that can take no step still spends one, so that restarts end.
    if (!runner_.start(sequence.initial, fired)) {
      ++steps_;  // replay would fail in the initial closure: nothing of it counts
      return;
    }
    std::optional<std::size_t> keep;
    if (noteCoverage(fired)) keep = 0;
    if (runner_.inputTransitions().empty()) {
      ++steps_;  // stuck after the initial closure
    } else {
      while (sequence.steps.size() < job_.budgets.depth && !remaining_.empty() && !outOfBudget()) {
        TestStep step;
        for (Expr v : runner_.stepVariables()) step.inputs.set(v, values_.draw(v.sort()));
        ++steps_;
        fired.clear();
        // Values that enable no input transition end the sequence (a test cannot go on with them).
        if (!runner_.step(step.inputs, fired)) break;
        sequence.steps.push_back(std::move(step));
        if (noteCoverage(fired)) keep = sequence.steps.size();
        if (runner_.inputTransitions().empty()) break;  // no input can follow: restart
      }
    }
    if (!keep) return;
    sequence.steps.resize(*keep);
    result.sequences.push_back(std::move(sequence));
  }

  const GenerationJob& job_;
  RandomOptions options_;
  ConcreteRunner runner_;
  RandomValues values_;
  std::set<TransitionId> remaining_;
  std::vector<Expr> unconstrained_;  // state variables without an initial value, in declaration order
  std::uint64_t steps_ = 0;
};

}  // namespace

GenerationResult runRandom(const GenerationJob& job, const RandomOptions& options) { return Search(job, options).run(); }

}  // namespace symseq::random
