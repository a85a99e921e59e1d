// A solver that knows nothing (every check is Unknown), for run-file and registry tests.
#include <boost/dll/alias.hpp>

#include "symseq/plugin/PluginDescriptor.h"
#include "symseq/solver/Solver.h"
#include "symseq/support/Error.h"

namespace {

class StubSolver final : public symseq::Solver {
 public:
  std::string_view name() const override { return "stub"; }
  std::string version() const override { return "0.1"; }
  void push() override { ++level_; }
  void pop(unsigned levels) override {
    if (levels > level_) throw symseq::SolverError("pop below level 0");
    level_ -= levels;
  }
  unsigned level() const override { return level_; }
  void add(symseq::Expr) override {}
  symseq::CheckResult check(std::span<const symseq::Expr>) override { return symseq::CheckResult::Unknown; }
  symseq::Model model(std::span<const symseq::Expr>) override { throw symseq::SolverError("no model"); }
  std::vector<symseq::Expr> unsatAssumptions() override { return {}; }
  std::string reasonUnknown() const override { return "stub"; }
  void setQueryTimeLimit(std::chrono::milliseconds) override {}
  symseq::SolverStats stats() const override { return {}; }

 private:
  unsigned level_ = 0;
};

symseq::PluginPtr<symseq::Solver> make(symseq::ExprContext&, const symseq::Options&) {
  return symseq::makePluginPtr<StubSolver>();
}

const symseq::OptionSpec options[] = {{"threads", symseq::OptionType::Int, "1", "an Int option"}};

const symseq::PluginDescriptor descriptor{
    .kind = symseq::PluginKind::Solver,
    .name = "stub",
    .version = "0.1",
    .summary = "test solver",
    .options = options,
    .makeSolver = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
