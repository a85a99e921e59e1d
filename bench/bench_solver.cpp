// Solver back-end micro-benchmarks, registered at run time once per solver plugin found:
//  - translate/<solver>:  add one 1,000-node formula to a fresh solver (translation only)
//  - create/<solver>:     make and destroy a solver
//  - cycle/<solver>:      push, add, check, pop on a small formula (per-query overhead)
//  - path/<solver>/<mode>: 50 growing path conditions, checked one after another, z3 in both
//                          modes (incremental push/pop vs. a fresh solver per query)
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "symseq/expr/ExprContext.h"
#include "symseq/plugin/Registry.h"
#include "symseq/run/PluginOptions.h"
#include "symseq/solver/Solver.h"

using namespace symseq;

namespace {

// A deterministic Int/bit-vector formula of about `nodes` distinct nodes: a chain of linear
// steps, each guarded by an ite, so nothing is shared away by hash-consing.
Expr bigFormula(ExprContext& c, int nodes) {
  const Expr x = c.var("x", Sort::integer());
  const Expr b = c.var("b", Sort::bitVec(32));
  Expr acc = x;
  Expr bits = b;
  std::vector<Expr> conj;
  for (int k = 0; static_cast<int>(c.size()) < nodes; ++k) {
    acc = c.mkIte(c.make(Op::Gt, {acc, c.intVal(k)}), c.make(Op::Add, {acc, c.intVal(k % 7 + 1)}),
                  c.make(Op::Sub, {acc, c.intVal(k % 5 + 1)}));
    bits = c.make(Op::BvXor, {c.make(Op::Add, {bits, c.bvVal(32, k * 2654435761U)}), c.make(Op::BvLshr, {bits, c.bvVal(32, 3)})});
    if (k % 10 == 9) conj.push_back(c.make(Op::Or, {c.make(Op::Ge, {acc, c.intVal(-k)}), c.make(Op::Lt, {bits, c.bvVal(32, k)})}));
  }
  return c.mkAnd(conj);
}

// Path condition k: step constraints x_{i+1} = x_i + y_i, with branch guards, like an unrolled
// loop of a controller model; each is the previous one plus one step.
std::vector<Expr> pathSteps(ExprContext& c, int steps) {
  std::vector<Expr> out;
  Expr x = c.var("x0", Sort::integer());
  out.push_back(c.make(Op::Ge, {x, c.intVal(0)}));
  for (int i = 0; i < steps; ++i) {
    const Expr y = c.var("y" + std::to_string(i), Sort::integer());
    const Expr next = c.var("x" + std::to_string(i + 1), Sort::integer());
    out.push_back(c.make(Op::And, {c.make(Op::Le, {c.intVal(-3), y}), c.make(Op::Le, {y, c.intVal(5)}),
                                   c.mkEq(next, c.make(Op::Add, {x, y})),
                                   c.make(Op::Or, {c.make(Op::Gt, {next, c.intVal(i)}), c.make(Op::Lt, {next, c.intVal(-i)})})}));
    x = next;
  }
  return out;
}

void registerAll(const Registry& registry) {
  for (const auto& name : registry.names(PluginKind::Solver)) {
    const PluginInfo& info = registry.info(PluginKind::Solver, name);
    benchmark::AddCustomContext("solver." + name, info.name + " " + info.version + " (" + info.file.filename().string() + ")");
    const Options defaults = defaultOptions(info);

    benchmark::RegisterBenchmark(("translate/" + name).c_str(), [&registry, name, defaults](benchmark::State& state) {
      ExprContext ctx;
      const Expr f = bigFormula(ctx, 1000);
      state.counters["nodes"] = static_cast<double>(ctx.size());
      for (auto _ : state) {
        state.PauseTiming();  // creating the solver is measured by create/<solver>
        auto solver = registry.makeSolver(name, ctx, defaults);
        state.ResumeTiming();
        solver->add(f);
        benchmark::DoNotOptimize(solver.get());
        state.PauseTiming();  // so is destroying it
        solver.reset();
        state.ResumeTiming();
      }
    });

    benchmark::RegisterBenchmark(("create/" + name).c_str(), [&registry, name, defaults](benchmark::State& state) {
      ExprContext ctx;
      for (auto _ : state) {
        auto solver = registry.makeSolver(name, ctx, defaults);
        benchmark::DoNotOptimize(solver.get());
      }
    });

    benchmark::RegisterBenchmark(("cycle/" + name).c_str(), [&registry, name, defaults](benchmark::State& state) {
      ExprContext ctx;
      auto solver = registry.makeSolver(name, ctx, defaults);
      const Expr x = ctx.var("x", Sort::integer()), b = ctx.var("b", Sort::bitVec(8));
      const Expr f = ctx.make(Op::And, {ctx.make(Op::Gt, {x, ctx.intVal(3)}), ctx.make(Op::Lt, {b, ctx.bvVal(8, 9)})});
      for (auto _ : state) {
        solver->push();
        solver->add(f);
        benchmark::DoNotOptimize(solver->check());
        solver->pop();
      }
    });

    std::vector<std::string> modes{""};
    if (defaults.contains("mode")) modes = {"incremental", "fresh-per-query"};
    for (const auto& mode : modes) {
      Options o = defaults;
      if (!mode.empty()) o.set("mode", mode);
      const std::string label = "path50/" + name + (mode.empty() ? "" : "/" + mode);
      benchmark::RegisterBenchmark(label.c_str(), [&registry, name, o](benchmark::State& state) {
        ExprContext ctx;
        const std::vector<Expr> steps = pathSteps(ctx, 50);
        for (auto _ : state) {
          auto solver = registry.makeSolver(name, ctx, o);
          // The executor's pattern: extend the path condition by one step, check, go on.
          for (Expr s : steps) {
            solver->push();
            solver->add(s);
            benchmark::DoNotOptimize(solver->check());
          }
        }
        state.counters["queries"] = benchmark::Counter(static_cast<double>(steps.size()),
                                                       benchmark::Counter::kIsIterationInvariantRate);
      });
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  Registry registry;  // outlives every benchmark: their solvers come from its libraries
  registry.loadDirectory(Registry::defaultPluginDir());
  registerAll(registry);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
