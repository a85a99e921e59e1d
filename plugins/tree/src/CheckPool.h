#pragma once
// Helper threads that check the guards of frontier states' children while the thread that built
// them goes on building, then checks its own share (TreeSearch.cpp, option `threads`;
// docs/parallel.md).
//
// What is shared and why it is safe: ExprContext is not thread-safe, so only the exploring thread
// makes expressions. It hands a helper only expressions already made, under the pool's mutex (so
// they are complete when the helper reads them); nodes live in the context's arena, never move
// and are immutable once made (no lazily filled fields), so the exploring thread may go on making
// new ones while helpers read old ones. Each helper checks on a solver of its own (from
// GenerationJob::solvers), whose back end translates into a context and a cache of its own.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <mutex>
#include <span>
#include <thread>
#include <string>
#include <vector>

#include "symseq/solver/Solver.h"
#include "symseq/solver/SolverFactory.h"

namespace symseq {

// One guard's answer, and how long its check took (the child's share of the query cost).
struct GuardAnswer {
  CheckResult answer = CheckResult::Unknown;
  double seconds = 0;
  std::string reasonUnknown{};  // the answering solver's, when Unknown (a budget refusal, a timeout)
};

// The guards of one frontier state's children, each checked as SolveTab checks a child without
// calls: over the state's path condition, push, the guard, check under `sums`, pop.
struct StateChecks {
  std::span<const Expr> pathCondition;  // the state's; must outlive the check
  Expr sums;                            // the empty conjunction of summaries
  std::vector<Expr> guards{};
  std::vector<GuardAnswer> answers{};   // filled by the check, in the guards' order
};

// A solver's asserted path condition, one push per conjunct, so that the next state's shares
// its common prefix (frontier states taken breadth first are siblings or cousins).
class AssertedPrefix {
 public:
  // Makes `pathCondition` the asserted one: pops what differs, pushes and adds the rest.
  void assertOn(Solver& solver, std::span<const Expr> pathCondition);
  // Pops everything this asserted.
  void clear(Solver& solver);

 private:
  std::vector<Expr> asserted_;
};

class CheckPool {
 public:
  // `helpers` threads (>= 1), each with a solver `solvers` makes on that thread, one after the
  // other, before this returns (rethrows the first error making one).
  CheckPool(const SolverFactory& solvers, std::uint32_t helpers);
  ~CheckPool();
  CheckPool(const CheckPool&) = delete;
  CheckPool& operator=(const CheckPool&) = delete;

  [[nodiscard]] std::size_t threads() const { return helpers_ + 1; }  // the caller's included
  // Hands `job` (which must stay in place until finish()) to the thread with the fewest guards so
  // far in this round, the caller first among equals: a helper starts on it at once, the caller's
  // share waits for finish(). The assignment depends only on the jobs, so it is the same on
  // every run.
  void submit(StateChecks& job);
  // Checks the caller's share on `own` (left as it was found), waits until the helpers are done
  // with theirs, and starts a new round; rethrows a helper's exception.
  void finish(Solver& own);

 private:
  void helperLoop(std::size_t index, const SolverFactory& solvers);
  void stop();  // ends and joins the helpers
  static void checkJob(StateChecks& job, Solver& solver, AssertedPrefix& prefix);

  std::size_t helpers_;
  std::vector<std::thread> threads_;
  // This round: guards per thread (0: the caller), and the caller's jobs.
  std::vector<std::size_t> load_;
  std::vector<StateChecks*> own_;
  std::mutex mutex_;
  std::condition_variable start_;
  std::condition_variable done_;
  std::vector<std::deque<StateChecks*>> queued_;  // per helper, under mutex_
  std::size_t outstanding_ = 0;                   // helpers' jobs not done, under mutex_
  std::size_t ready_ = 0;                         // helpers that made their solver (or failed)
  bool quit_ = false;
  std::exception_ptr error_;
};

}  // namespace symseq
