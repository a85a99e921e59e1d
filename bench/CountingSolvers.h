#pragma once
// A SolverFactory for GenerationJob::solvers outside a run (the tree benchmarks, the parallel
// tree tests): solvers of one back end from the registry, with its default options, that add the
// queries they answered to a total when they are done (as the application's helper solvers add
// theirs to the run's statistics), and a count of the solvers made.
#include <cstdint>
#include <mutex>
#include <string>

#include "symseq/plugin/Registry.h"
#include "symseq/run/PluginOptions.h"
#include "symseq/solver/SolverFactory.h"
#include "symseq/solver/SolverLayer.h"

namespace symseq::bench {

class CountingSolvers final : public SolverFactory {
 public:
  CountingSolvers(const Registry& registry, std::string name, ExprContext& ctx)
      : registry_(registry), name_(std::move(name)), ctx_(ctx) {}

  PluginPtr<Solver> make() const override {
    {
      const std::lock_guard lock(mutex_);
      ++made_;
    }
    return makePluginPtr<Counted>(
        registry_.makeSolver(name_, ctx_, defaultOptions(registry_.info(PluginKind::Solver, name_))), *this);
  }
  // The queries of every solver made and destroyed so far.
  [[nodiscard]] std::uint64_t queries() const {
    const std::lock_guard lock(mutex_);
    return queries_;
  }
  [[nodiscard]] std::uint64_t made() const {
    const std::lock_guard lock(mutex_);
    return made_;
  }

 private:
  class Counted final : public SolverLayer {
   public:
    Counted(PluginPtr<Solver> inner, const CountingSolvers& owner) : SolverLayer(std::move(inner)), owner_(owner) {}
    ~Counted() override {
      const std::lock_guard lock(owner_.mutex_);
      owner_.queries_ += stats().queries;
    }
    Counted(const Counted&) = delete;
    Counted& operator=(const Counted&) = delete;

   private:
    const CountingSolvers& owner_;
  };

  const Registry& registry_;
  std::string name_;
  ExprContext& ctx_;
  mutable std::mutex mutex_;  // whatever thread makes or destroys a solver
  mutable std::uint64_t queries_ = 0;
  mutable std::uint64_t made_ = 0;
};

}  // namespace symseq::bench
