#include "CheckPool.h"

#include <algorithm>
#include <utility>

namespace symseq {

void AssertedPrefix::assertOn(Solver& solver, std::span<const Expr> pathCondition) {
  std::size_t common = 0;
  while (common < asserted_.size() && common < pathCondition.size() && asserted_[common] == pathCondition[common])
    ++common;
  if (asserted_.size() > common) solver.pop(static_cast<unsigned>(asserted_.size() - common));
  asserted_.resize(common);
  for (std::size_t i = common; i < pathCondition.size(); ++i) {
    solver.push();
    solver.add(pathCondition[i]);
    asserted_.push_back(pathCondition[i]);
  }
}

void AssertedPrefix::clear(Solver& solver) {
  if (!asserted_.empty()) solver.pop(static_cast<unsigned>(asserted_.size()));
  asserted_.clear();
}

CheckPool::CheckPool(const SolverFactory& solvers, std::uint32_t helpers)
    : helpers_(helpers), load_(helpers + 1, 0), queued_(helpers) {
  threads_.reserve(helpers);
  // One helper at a time makes its solver, on its own thread, while this one waits: a back end
  // may bind a solver to the thread that makes it (cvc5 1.0 keeps its term manager per thread),
  // and the factory is not made to be called from two threads at once.
  for (std::size_t i = 0; i < helpers; ++i) {
    threads_.emplace_back([this, &solvers, i] { helperLoop(i, solvers); });
    std::unique_lock lock(mutex_);
    done_.wait(lock, [&] { return ready_ == i + 1; });
    if (error_) {
      const std::exception_ptr error = std::exchange(error_, nullptr);
      lock.unlock();
      stop();
      std::rethrow_exception(error);
    }
  }
}

CheckPool::~CheckPool() { stop(); }

void CheckPool::stop() {
  {
    const std::lock_guard lock(mutex_);
    quit_ = true;
  }
  start_.notify_all();
  for (std::thread& t : threads_) t.join();
  threads_.clear();
}

void CheckPool::checkJob(StateChecks& job, Solver& solver, AssertedPrefix& prefix) {
  job.answers.assign(job.guards.size(), GuardAnswer{});
  if (job.guards.empty()) return;
  prefix.assertOn(solver, job.pathCondition);
  for (std::size_t j = 0; j < job.guards.size(); ++j) {
    const auto started = std::chrono::steady_clock::now();
    solver.push();
    solver.add(job.guards[j]);
    job.answers[j].answer = solver.check(std::span(&job.sums, 1));
    if (job.answers[j].answer == CheckResult::Unknown) job.answers[j].reasonUnknown = solver.reasonUnknown();
    solver.pop();
    job.answers[j].seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  }
}

void CheckPool::submit(StateChecks& job) {
  if (job.guards.empty()) {  // nothing to check: no hand-over
    job.answers.clear();
    return;
  }
  // The least loaded thread, the caller (index 0) first among equals: a state alone stays on the
  // caller, with no hand-over.
  const auto least = std::min_element(load_.begin(), load_.end());
  const auto thread = static_cast<std::size_t>(least - load_.begin());
  *least += job.guards.size();
  if (thread == 0) {
    own_.push_back(&job);
    return;
  }
  {
    const std::lock_guard lock(mutex_);
    queued_[thread - 1].push_back(&job);
    ++outstanding_;
  }
  start_.notify_all();
}

void CheckPool::finish(Solver& own) {
  std::exception_ptr mine;
  try {
    AssertedPrefix prefix;
    for (StateChecks* job : own_) checkJob(*job, own, prefix);
    prefix.clear(own);
  } catch (...) {
    mine = std::current_exception();
  }
  own_.clear();
  std::fill(load_.begin(), load_.end(), 0);
  std::unique_lock lock(mutex_);
  done_.wait(lock, [this] { return outstanding_ == 0; });
  if (mine) std::rethrow_exception(mine);
  if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
}

void CheckPool::helperLoop(std::size_t index, const SolverFactory& solvers) {
  // The helper's solver lives and dies on this thread (see the constructor).
  PluginPtr<Solver> solver;
  std::unique_lock lock(mutex_);
  try {
    lock.unlock();
    solver = solvers.make();
    lock.lock();
  } catch (...) {
    lock.lock();
    error_ = std::current_exception();
  }
  ++ready_;
  done_.notify_all();
  if (!solver) return;
  // The solver keeps the last path condition asserted between jobs and rounds: the next state's
  // usually shares most of it.
  AssertedPrefix prefix;
  for (;;) {
    start_.wait(lock, [&] { return quit_ || !queued_[index].empty(); });
    if (quit_) break;
    StateChecks& job = *queued_[index].front();
    queued_[index].pop_front();
    lock.unlock();
    std::exception_ptr error;
    try {
      checkJob(job, *solver, prefix);
    } catch (...) {
      error = std::current_exception();
      prefix = AssertedPrefix{};  // the solver's scopes are unknown now; the run ends with the error
    }
    lock.lock();
    if (error && !error_) error_ = error;
    if (--outstanding_ == 0) done_.notify_one();
  }
  lock.unlock();
  solver.reset();  // on this thread, and its statistics counted by its layers now
}

}  // namespace symseq
