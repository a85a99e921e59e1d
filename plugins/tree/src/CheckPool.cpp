#include "CheckPool.h"

#include <utility>

namespace symseq {

CheckPool::CheckPool(const SolverFactory& solvers, std::uint32_t helpers) : helpers_(helpers) {
  for (std::uint32_t i = 0; i < helpers; ++i) solvers_.push_back(solvers.make());
  threads_.reserve(helpers);
  for (std::size_t i = 0; i < helpers; ++i) threads_.emplace_back([this, i] { helperLoop(i); });
}

CheckPool::~CheckPool() {
  {
    const std::lock_guard lock(mutex_);
    quit_ = true;
  }
  start_.notify_all();
  for (std::thread& t : threads_) t.join();
}

void CheckPool::checkShare(const GuardBatch& batch, Solver& solver, std::size_t index, std::size_t stride,
                           std::span<GuardAnswer> answers, bool assertPathCondition) {
  if (index >= batch.guards.size()) return;
  if (assertPathCondition) {
    solver.push();
    for (Expr c : batch.pathCondition) solver.add(c);
  }
  for (std::size_t j = index; j < batch.guards.size(); j += stride) {
    const auto started = std::chrono::steady_clock::now();
    solver.push();
    solver.add(batch.guards[j]);
    answers[j].answer = solver.check(std::span(&batch.sums, 1));
    solver.pop();
    answers[j].seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  }
  if (assertPathCondition) solver.pop();
}

std::vector<GuardAnswer> CheckPool::check(const GuardBatch& batch, Solver& own) {
  std::vector<GuardAnswer> answers(batch.guards.size());
  const std::size_t stride = helpers_ + 1;
  // A batch the caller's share covers alone needs no helper (and no hand-over).
  if (batch.guards.size() <= 1) {
    checkShare(batch, own, 0, stride, answers, false);
    return answers;
  }
  {
    const std::lock_guard lock(mutex_);
    batch_ = &batch;
    answers_ = &answers;
    running_ = helpers_;
    ++generation_;
  }
  start_.notify_all();
  std::exception_ptr mine;
  try {
    checkShare(batch, own, 0, stride, answers, false);
  } catch (...) {
    mine = std::current_exception();
  }
  std::unique_lock lock(mutex_);
  done_.wait(lock, [this] { return running_ == 0; });
  batch_ = nullptr;
  answers_ = nullptr;
  if (mine) std::rethrow_exception(mine);
  if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
  return answers;
}

void CheckPool::helperLoop(std::size_t index) {
  std::uint64_t seen = 0;
  const std::size_t stride = helpers_ + 1;
  for (;;) {
    std::unique_lock lock(mutex_);
    start_.wait(lock, [&] { return quit_ || generation_ != seen; });
    if (quit_) return;
    seen = generation_;
    const GuardBatch& batch = *batch_;
    std::vector<GuardAnswer>& answers = *answers_;
    lock.unlock();
    std::exception_ptr error;
    try {
      checkShare(batch, *solvers_[index], index + 1, stride, answers, true);
    } catch (...) {
      error = std::current_exception();
    }
    lock.lock();
    if (error && !error_) error_ = error;
    if (--running_ == 0) {
      lock.unlock();
      done_.notify_one();
    }
  }
}

}  // namespace symseq
