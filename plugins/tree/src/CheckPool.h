#pragma once
// Helper threads that check the guards of one expansion's children while the thread that built
// them waits (TreeSearch.cpp, option `threads`; docs/parallel.md).
//
// What is shared and why it is safe: ExprContext is not thread-safe, so only the exploring thread
// makes expressions; it hands the helpers expressions it already made, and waits until they are
// done before it makes any more. Expr nodes are immutable once made (no lazily filled fields), so
// reading them from several threads is safe while nobody adds to the context. Each helper checks
// on a solver of its own (from GenerationJob::solvers), whose back end translates into a context
// and a cache of its own.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <mutex>
#include <span>
#include <thread>
#include <vector>

#include "symseq/solver/Solver.h"
#include "symseq/solver/SolverFactory.h"

namespace symseq {

// One guard's answer, and how long its check took (the child's share of the query cost).
struct GuardAnswer {
  CheckResult answer = CheckResult::Unknown;
  double seconds = 0;
};

// A batch: the children of one state. Each is checked as SolveTab checks a child without calls:
// push, the guard, check under `sums`, pop; over the parent's path condition.
struct GuardBatch {
  std::span<const Expr> pathCondition;  // the parent's
  Expr sums;                            // the empty conjunction of summaries
  std::span<const Expr> guards;
};

class CheckPool {
 public:
  // `helpers` threads (>= 1), each with a solver made here, on this thread, by `solvers`.
  CheckPool(const SolverFactory& solvers, std::uint32_t helpers);
  ~CheckPool();
  CheckPool(const CheckPool&) = delete;
  CheckPool& operator=(const CheckPool&) = delete;

  // Checks the batch: guard j on thread j mod (helpers + 1), thread 0 being the caller with
  // `own`, on which the caller has already asserted the parent's path condition. Returns when all
  // are answered, answers in the guards' order; rethrows a helper's exception.
  [[nodiscard]] std::vector<GuardAnswer> check(const GuardBatch& batch, Solver& own);

 private:
  void helperLoop(std::size_t index);
  static void checkShare(const GuardBatch& batch, Solver& solver, std::size_t index, std::size_t stride,
                         std::span<GuardAnswer> answers, bool assertPathCondition);

  std::size_t helpers_;
  std::vector<PluginPtr<Solver>> solvers_;
  std::vector<std::thread> threads_;
  std::mutex mutex_;
  std::condition_variable start_;
  std::condition_variable done_;
  std::uint64_t generation_ = 0;  // batches handed out
  std::size_t running_ = 0;       // helpers still on the current batch
  bool quit_ = false;
  const GuardBatch* batch_ = nullptr;
  std::vector<GuardAnswer>* answers_ = nullptr;
  std::exception_ptr error_;
};

}  // namespace symseq
