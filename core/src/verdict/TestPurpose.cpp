#include "symseq/verdict/TestPurpose.h"

#include <algorithm>
#include <string>

namespace symseq {

namespace {

std::string pathText(const TransitionSystem& system, const std::vector<TransitionId>& path) {
  std::string out;
  for (TransitionId t : path) out += (out.empty() ? "" : " ") + system.transitions.at(t).name;
  return out;
}

std::string named(const TransitionSystem& system, const TestPurpose& purpose, std::size_t i) {
  std::string out = "path " + std::to_string(i + 1) + " (" + pathText(system, purpose.paths[i]) + ")";
  if (const auto at = purpose.locationOf(i)) out += " at " + at->toString();
  return out;
}

const char* const kHypothesisHint =
    "a test purpose's paths must be feasible together, some programs satisfying the contracts running them all "
    "(the testing hypothesis of iosts-program-contracts.md 6.1): drop or change the conflicting paths, or the "
    "contracts";

}  // namespace

std::optional<std::size_t> TestPurpose::leafReached(std::span<const TransitionId> sequence) const {
  for (std::size_t i = 0; i < paths.size(); ++i)
    if (paths[i].size() <= sequence.size() && std::equal(paths[i].begin(), paths[i].end(), sequence.begin())) return i;
  return std::nullopt;
}

std::optional<SourceLocation> TestPurpose::locationOf(std::size_t path) const {
  return path < where.size() ? where[path] : std::nullopt;
}

void checkConnected(const TransitionSystem& system, const TestPurpose& purpose) {
  if (purpose.paths.empty()) throw Error("the test purpose has no path", std::nullopt, "give at least one path");
  for (std::size_t i = 0; i < purpose.paths.size(); ++i) {
    const std::vector<TransitionId>& path = purpose.paths[i];
    const std::string which = "test purpose path " + std::to_string(i + 1);
    if (path.empty()) throw Error(which + " is empty", purpose.locationOf(i), "name its transitions from the initial state");
    LocationId at = system.initial;
    for (std::size_t k = 0; k < path.size(); ++k) {
      if (path[k] >= system.transitions.size())
        throw Error(which + ": transition " + std::to_string(path[k]) + " is out of range", purpose.locationOf(i));
      const Transition& t = system.transitions[path[k]];
      if (t.source != at)
        throw Error(which + ": '" + t.name + "' (step " + std::to_string(k + 1) + ") leaves location '" +
                        system.locations[t.source].name + "', but the path is at '" + system.locations[at].name + "'",
                    purpose.locationOf(i),
                    "a path runs from the initial state, each transition leaving the location the previous one reached");
      at = t.target;
    }
  }
}

PathSetResult requireFeasible(const TransitionSystem& system, Solver& solver, const TestPurpose& purpose) {
  checkConnected(system, purpose);
  PathSetResult result = checkPathSet(system, solver, purpose.paths);
  if (result.set == CheckResult::Sat) return result;
  if (result.set == CheckResult::Unknown)
    throw Error("the feasibility of the test purpose is undecided: the solver answered unknown (" +
                    solver.reasonUnknown() + ")",
                purpose.locationOf(0), "raise the solver's budgets; verdicts need a feasible test purpose");
  std::vector<std::size_t> conflict = result.conflict;
  if (conflict.empty())
    for (std::size_t i = 0; i < purpose.paths.size(); ++i) conflict.push_back(i);
  std::string message = "the test purpose is infeasible (a testing hypothesis fails): ";
  if (conflict.size() == 1) {
    message += named(system, purpose, conflict.front()) + " cannot run with any programs satisfying their contracts";
  } else {
    message += "no programs satisfying their contracts run ";
    for (std::size_t k = 0; k < conflict.size(); ++k)
      message += (k == 0 ? "" : k + 1 == conflict.size() ? " and " : ", ") + named(system, purpose, conflict[k]);
    message += " together";
    if (result.conflictNeedsDeterminism)
      message += " (the programs' determinism makes the conflict: with each call free to return anything they would)";
  }
  throw Error(message, purpose.locationOf(conflict.front()), kHypothesisHint);
}

}  // namespace symseq
