// FINDPATH speed (plugins/acyclic/include/symseq/acyclic/FindPath.h) on generated acyclic cores of 1,000 and
// 10,000 decisions per iteration: AcyclicCore::analyse alone, then findPath greedy and exact from
// an empty forced start, with every transition or a random half as targets. The aim is under
// one second per call at 10,000 decisions in a Release build.
//
// Counters: `iterations` found, `transitions` and `decisions` of the model, `targets` asked for,
// and, for greedy, `minimum` (the exact count, for comparison; computed outside the timing).
// BM_FindPathGreedyTrap is a wide body on which greedy is a third above the minimum.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "symseq/acyclic/AcyclicCore.h"
#include "symseq/acyclic/FindPath.h"

namespace {

using namespace symseq;

// The generator. One iteration reads `in` at the loop head, then runs a block: a sequence of
// regions, each one decision, separated by zero to two straight-line assignments. A region is
//   - an if-then-else (64.5%),
//   - an if-then whose else is a direct edge to the join (20%),
//   - a switch of 3 to 8 cases, a wider layer (15%),
//   - an if-then whose then-branch does one assignment and goes straight back to the loop head,
//     an early `continue` (0.5%); its decisions nested go to a block after its join.
// Below nesting depth 4 a region holds up to 24 more decisions, shared at random among its
// branches as nested blocks; each branch ends with one assignment into the join. The initial part (read once) is one
// if-then-else on a state flag before the loop head. Guards compare `in` with constants and
// updates add `in` to one of eight state variables, so the model also validates and could be
// executed; FINDPATH itself only reads its graph. Everything comes from one std::mt19937 seeded
// with a fixed value, using its raw output only, so every standard library makes the same model.
class CoreGenerator {
 public:
  CoreGenerator(TransitionSystem& system, std::uint32_t seed) : ts_(system), ctx_(system.context()), rng_(seed) {}

  void build(std::uint32_t decisions) {
    in_ = ctx_.var("in", Sort::integer());
    const Expr flag = ctx_.var("flag", Sort::boolean());
    ts_.name = "generated";
    ts_.variables.push_back({in_, VariableRole::Input, std::nullopt, std::nullopt});
    ts_.variables.push_back({flag, VariableRole::State, std::nullopt, std::nullopt});
    for (int i = 0; i < 8; ++i) {
      state_.push_back(ctx_.var("x" + std::to_string(i), Sort::integer()));
      ts_.variables.push_back({state_.back(), VariableRole::State, ctx_.intVal(0), std::nullopt});
    }
    ts_.channels.push_back({"in", ChannelDirection::Input, {Sort::integer()}});

    const LocationId init = fresh();
    head_ = fresh();
    ts_.initial = init;
    const LocationId on = fresh();
    const LocationId off = fresh();
    edge(init, on, flag);
    edge(init, off, ctx_.mkNot(flag));
    assign(on, head_);
    assign(off, head_);

    const LocationId first = fresh();
    ts_.transitions.push_back(
        {name(), head_, first, ctx_.boolVal(true), {ActionKind::Input, 0, {in_}}, {}, std::nullopt});
    const LocationId exit = block(first, decisions, 0);
    assign(exit, head_);
  }

 private:
  std::uint32_t below(std::uint32_t n) { return static_cast<std::uint32_t>(rng_() % n); }
  LocationId fresh() { return ts_.addLocation("l" + std::to_string(ts_.locations.size())); }
  std::string name() { return "t" + std::to_string(ts_.transitions.size()); }
  void edge(LocationId from, LocationId to, Expr guard, std::vector<Update> updates = {}) {
    ts_.transitions.push_back({name(), from, to, guard, {}, std::move(updates), std::nullopt});
  }
  void assign(LocationId from, LocationId to) {
    const Expr x = state_[below(static_cast<std::uint32_t>(state_.size()))];
    edge(from, to, ctx_.boolVal(true), {{x, ctx_.make(Op::Add, {x, in_})}});
  }
  Expr compare(Op op) { return ctx_.make(op, {in_, ctx_.intVal(static_cast<std::int64_t>(below(100)))}); }

  // A sequence of regions from `entry` using exactly `budget` decisions; returns its exit.
  LocationId block(LocationId entry, std::uint32_t budget, unsigned depth) {
    LocationId at = entry;
    while (budget > 0) {
      for (std::uint32_t s = below(3); s > 0; --s) {
        const LocationId next = fresh();
        assign(at, next);
        at = next;
      }
      const std::uint32_t nested = depth < 4 ? below(std::min<std::uint32_t>(budget - 1, 24) + 1) : 0;
      at = region(at, nested, depth);
      budget -= 1 + nested;
    }
    return at;
  }

  // One decision at `at` and `nested` more inside its branches; returns the join.
  LocationId region(LocationId at, std::uint32_t nested, unsigned depth) {
    const std::uint32_t kind = below(200);
    const LocationId join = fresh();
    if (kind < 1) {  // early continue; the rest of the decisions go to the fall-through block
      const Expr c = compare(Op::Gt);
      const LocationId then = fresh();
      edge(at, then, c);
      assign(then, head_);
      edge(at, join, ctx_.mkNot(c));
      return nested == 0 ? join : block(join, nested, depth + 1);
    }
    std::uint32_t branches = 2;
    bool emptyElse = false;
    if (kind < 130) {
      branches = 2;
    } else if (kind < 170) {
      emptyElse = true;
    } else {
      branches = 3 + below(6);
    }
    // Random shares of `nested` for the branches (the empty else gets none).
    const std::uint32_t full = emptyElse ? 1 : branches;
    std::vector<std::uint32_t> share(full, 0);
    for (std::uint32_t d = 0; d < nested; ++d) ++share[below(full)];
    if (emptyElse) {
      const Expr c = compare(Op::Gt);
      branch(at, join, c, share[0], depth);
      edge(at, join, ctx_.mkNot(c));
    } else if (branches == 2) {
      const Expr c = compare(Op::Gt);
      branch(at, join, c, share[0], depth);
      branch(at, join, ctx_.mkNot(c), share[1], depth);
    } else {
      for (std::uint32_t b = 0; b < branches; ++b) {
        const Expr c =
            b + 1 < branches ? ctx_.mkEq(in_, ctx_.intVal(static_cast<std::int64_t>(b))) : ctx_.boolVal(true);
        branch(at, join, c, share[b], depth);
      }
    }
    return join;
  }

  // The guarded edge into the branch, its nested block, one assignment into the join.
  void branch(LocationId from, LocationId join, Expr guard, std::uint32_t nested, unsigned depth) {
    const LocationId start = fresh();
    edge(from, start, guard);
    assign(nested == 0 ? start : block(start, nested, depth + 1), join);
  }

  TransitionSystem& ts_;
  ExprContext& ctx_;
  std::mt19937 rng_;
  Expr in_;
  std::vector<Expr> state_;
  LocationId head_ = 0;
};

constexpr std::uint32_t kSeed = 20240611;

struct Generated {
  ExprContext ctx;
  TransitionSystem system{ctx};
  std::vector<TransitionId> targets;
};

// The model of `decisions` decisions; targets every transition or (half != 0) a random half.
std::unique_ptr<Generated> generate(std::uint32_t decisions, bool half) {
  auto g = std::make_unique<Generated>();
  CoreGenerator(g->system, kSeed).build(decisions);
  g->system.validate();
  std::mt19937 rng(kSeed + 1);
  for (TransitionId t = 0; t < g->system.transitions.size(); ++t)
    if (!half || rng() % 2 == 0) g->targets.push_back(t);
  return g;
}

void modelCounters(benchmark::State& state, const Generated& g, const AcyclicCore& core) {
  state.counters["transitions"] = static_cast<double>(g.system.transitions.size());
  state.counters["decisions"] = static_cast<double>(core.bodyDecisions());
  state.counters["targets"] = static_cast<double>(g.targets.size());
}

// Every target reachable from the loop head, or on the initial part found, is covered.
bool coversAll(const AcyclicCore& core, const Generated& g, const SyntacticPath& path) {
  const auto taken = path.transitions();
  return std::all_of(g.targets.begin(), g.targets.end(),
                     [&](TransitionId t) { return taken.contains(t) || !core.inBody(g.system.transitions[t].source); });
}

void BM_Analyse(benchmark::State& state) {
  const auto g = generate(static_cast<std::uint32_t>(state.range(0)), false);
  for (auto _ : state) benchmark::DoNotOptimize(AcyclicCore::analyse(g->system, "bench"));
  modelCounters(state, *g, AcyclicCore::analyse(g->system, "bench"));
}

void findPathBench(benchmark::State& state, FindPathMode mode) {
  const auto g = generate(static_cast<std::uint32_t>(state.range(0)), state.range(1) != 0);
  const AcyclicCore core = AcyclicCore::analyse(g->system, "bench");
  const FindPathRequest request{{}, g->targets, 1'000'000, mode};
  SyntacticPath path;
  for (auto _ : state) {
    path = findPath(core, request);
    benchmark::DoNotOptimize(path);
  }
  if (!coversAll(core, *g, path)) state.SkipWithError("a body target is not covered");
  modelCounters(state, *g, core);
  state.counters["iterations"] = static_cast<double>(path.iterations.size());
  if (mode == FindPathMode::Greedy) state.counters["minimum"] = minimumIterations(core, g->targets);
}

void BM_FindPathGreedy(benchmark::State& state) { findPathBench(state, FindPathMode::Greedy); }
void BM_FindPathExact(benchmark::State& state) { findPathBench(state, FindPathMode::Exact); }

// Where greedy is far from the minimum: one switch of `gadgets` cases, each case two chains of
// targets x1 x2 x3 and y1 y2 y3 with a non-target bridge n1 from after x2 to before y2. Greedy
// takes x1 x2 n1 y2 y3 first and then needs two more iterations per case, 3 per case in all;
// the minimum is 2 per case. The chains' transitions are the targets.
void BM_FindPathGreedyTrap(benchmark::State& state) {
  const auto gadgets = static_cast<std::uint32_t>(state.range(0));
  const auto mode = state.range(1) == 0 ? FindPathMode::Greedy : FindPathMode::Exact;
  Generated g;
  TransitionSystem& ts = g.system;
  const Expr in = g.ctx.var("in", Sort::integer());
  ts.variables.push_back({in, VariableRole::Input, std::nullopt, std::nullopt});
  ts.channels.push_back({"in", ChannelDirection::Input, {Sort::integer()}});
  auto loc = [&] { return ts.addLocation("l" + std::to_string(ts.locations.size())); };
  auto edge = [&](LocationId from, LocationId to, bool target) {
    if (target) g.targets.push_back(static_cast<TransitionId>(ts.transitions.size()));
    ts.transitions.push_back(
        {"t" + std::to_string(ts.transitions.size()), from, to, g.ctx.boolVal(true), {}, {}, std::nullopt});
  };
  const LocationId head = loc();
  const LocationId sw = loc();
  ts.transitions.push_back({"read", head, sw, g.ctx.boolVal(true), {ActionKind::Input, 0, {in}}, {}, std::nullopt});
  const LocationId join = loc();
  edge(join, head, false);
  for (std::uint32_t k = 0; k < gadgets; ++k) {
    const LocationId s = loc(), a = loc(), b = loc(), c = loc(), d = loc(), e = loc();
    edge(sw, s, false);
    edge(s, a, true);     // x1
    edge(a, b, true);     // x2
    edge(b, join, true);  // x3
    edge(b, d, false);    // n1
    edge(s, c, true);     // y1
    edge(c, d, false);    // n2
    edge(d, e, true);     // y2
    edge(e, join, true);  // y3
  }
  ts.validate();
  const AcyclicCore core = AcyclicCore::analyse(ts, "bench");
  const FindPathRequest request{{}, g.targets, 1'000'000, mode};
  SyntacticPath path;
  for (auto _ : state) {
    path = findPath(core, request);
    benchmark::DoNotOptimize(path);
  }
  if (!coversAll(core, g, path)) state.SkipWithError("a body target is not covered");
  modelCounters(state, g, core);
  state.counters["iterations"] = static_cast<double>(path.iterations.size());
}

BENCHMARK(BM_Analyse)->ArgName("decisions")->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FindPathGreedy)
    ->ArgNames({"decisions", "half"})
    ->ArgsProduct({{1000, 10000}, {0, 1}})
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FindPathExact)
    ->ArgNames({"decisions", "half"})
    ->ArgsProduct({{1000, 10000}, {0, 1}})
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FindPathGreedyTrap)
    ->ArgNames({"gadgets", "exact"})
    ->ArgsProduct({{500, 5000}, {0, 1}})
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
