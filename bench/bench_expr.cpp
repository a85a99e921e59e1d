// Expression kernel speed: hash-consing (fresh nodes and cache hits), parsing, evaluation, folding
// the terms of a long block.
// items_per_second is nodes per second for the interning benchmarks; the aim is 5M/s on one
// core in a Release build for fresh nodes.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "symseq/expr/Evaluator.h"
#include "symseq/expr/ExprContext.h"
#include "symseq/expr/Fold.h"
#include "symseq/expr/Parser.h"
#include "symseq/support/Error.h"

namespace {

using symseq::Expr;
using symseq::ExprContext;
using symseq::Op;
using symseq::Sort;

constexpr int kVars = 256;

// "x<i>", appended piecewise: GCC 12 warns falsely (-Wrestrict) on "x" + std::to_string(i).
std::string name(int i) {
  std::string s(1, 'x');
  s += std::to_string(i);
  return s;
}

std::vector<Expr> makeVars(ExprContext& ctx) {
  std::vector<Expr> vars;
  vars.reserve(kVars);
  for (int i = 0; i < kVars; ++i) vars.push_back(ctx.var(name(i), Sort::integer()));
  return vars;
}

// Three fresh nodes per step: the literal i, x + i, and (x + i) < y.
void buildSteps(ExprContext& ctx, const std::vector<Expr>& vars, std::int64_t steps) {
  for (std::int64_t i = 0; i < steps; ++i) {
    const Expr sum = ctx.make(Op::Add, {vars[static_cast<std::size_t>(i % kVars)], ctx.intVal(i)});
    benchmark::DoNotOptimize(ctx.make(Op::Lt, {sum, vars[static_cast<std::size_t>((i * 7 + 1) % kVars)]}));
  }
}

// Fresh nodes in a fresh context, its creation and destruction included.
void BM_InternFresh(benchmark::State& state) {
  const std::int64_t steps = state.range(0);
  std::int64_t nodes = 0;
  for (auto _ : state) {
    ExprContext ctx;
    const std::vector<Expr> vars = makeVars(ctx);
    buildSteps(ctx, vars, steps);
    nodes += static_cast<std::int64_t>(ctx.size());
  }
  state.SetItemsProcessed(nodes);
}
BENCHMARK(BM_InternFresh)->Arg(1 << 12)->Arg(1 << 16)->Arg(1 << 19)->Unit(benchmark::kMillisecond);

// The same nodes asked for again: every make() is a cache hit.
void BM_InternHit(benchmark::State& state) {
  const std::int64_t steps = state.range(0);
  ExprContext ctx;
  const std::vector<Expr> vars = makeVars(ctx);
  buildSteps(ctx, vars, steps);
  const std::size_t size = ctx.size();
  for (auto _ : state) buildSteps(ctx, vars, steps);
  if (ctx.size() != size) state.SkipWithError("a cache hit created a node");
  state.SetItemsProcessed(3 * steps * static_cast<std::int64_t>(state.iterations()));
}
BENCHMARK(BM_InternHit)->Arg(1 << 16)->Unit(benchmark::kMillisecond);

// Fresh deep chains: ((x + 1) * 2 + 3) * 2 + ... , one Add, one Mul and a literal per link.
void BM_InternChain(benchmark::State& state) {
  const std::int64_t links = state.range(0);
  std::int64_t nodes = 0;
  for (auto _ : state) {
    ExprContext ctx;
    Expr e = ctx.var("x", Sort::integer());
    const Expr two = ctx.intVal(2);
    for (std::int64_t i = 0; i < links; ++i) e = ctx.make(Op::Mul, {ctx.make(Op::Add, {e, ctx.intVal(i)}), two});
    benchmark::DoNotOptimize(e);
    nodes += static_cast<std::int64_t>(ctx.size());
  }
  state.SetItemsProcessed(nodes);
}
BENCHMARK(BM_InternChain)->Arg(1 << 16)->Unit(benchmark::kMillisecond);

// The terms of one block of N chained assignments (x1 = x0 + a, x(i+1) = x(i) + 1, the tree
// strategy's step on scripts/generate-chain-model N), each folded after it is built, as a tree
// strategy stores them. Arg 1: one memo for the whole step (linear); 0: a fresh memo per term
// (each assignment re-folds every earlier one: quadratic, what issue 16 measured).
void BM_FoldBlock(benchmark::State& state) {
  const std::int64_t assignments = state.range(0);
  const bool shared = state.range(1) != 0;
  for (auto _ : state) {
    ExprContext ctx;
    Expr x = ctx.make(Op::Add, {ctx.intVal(0), ctx.var("a", Sort::integer())});
    const Expr one = ctx.intVal(1);
    symseq::RewriteMemo memo;
    for (std::int64_t i = 0; i < assignments; ++i) {
      x = ctx.make(Op::Add, {x, one});
      if (shared) {
        x = symseq::foldConstants(ctx, x, memo);
      } else {
        x = symseq::foldConstants(ctx, x);
      }
    }
    benchmark::DoNotOptimize(x);
  }
  state.SetItemsProcessed(state.iterations() * assignments);
}
BENCHMARK(BM_FoldBlock)
    ->ArgsProduct({{1000, 10000, 100000}, {1}})
    ->ArgsProduct({{1000, 10000}, {0}})
    ->ArgNames({"assignments", "shared"})
    ->Unit(benchmark::kMillisecond);

std::string formulaText(int conjuncts) {
  std::string text;
  for (int i = 0; i < conjuncts; ++i) {
    if (i) text += " &&\n  ";
    const std::string x = name(i % kVars);
    const std::string y = name((i * 7 + 1) % kVars);
    text += '(';
    text += x + " + " + std::to_string(i) + " > " + y + " * 3 - 1 || " + x + " % 5 == 0 => " + y + " != -7)";
  }
  return text;
}

// Parsing into a context that already holds the nodes (the common case when a model reloads).
void BM_Parse(benchmark::State& state) {
  ExprContext ctx;
  makeVars(ctx);
  const std::string text = formulaText(static_cast<int>(state.range(0)));
  (void)symseq::parseExpr(ctx, text);
  for (auto _ : state) benchmark::DoNotOptimize(symseq::parseExpr(ctx, text));
  state.SetBytesProcessed(static_cast<std::int64_t>(text.size()) * static_cast<std::int64_t>(state.iterations()));
}
BENCHMARK(BM_Parse)->Arg(1000)->Unit(benchmark::kMillisecond);

// An Int sum of `terms` products and remainders: evaluation must visit every node (a formula
// would short-circuit at its first false conjunct).
std::string sumText(int terms) {
  std::string text;
  for (int i = 0; i < terms; ++i) {
    if (i) text += " +\n  ";
    text += '(';  // appended piecewise, as in name()
    text += name(i % kVars);
    text += " * 3 - ";
    text += name((i * 7 + 1) % kVars);
    text += " % 5 + ";
    text += std::to_string(i);
    text += ')';
  }
  return text;
}

// Evaluating a shared DAG; items are its distinct nodes, each evaluated once per run.
void BM_Evaluate(benchmark::State& state) {
  ExprContext ctx;
  const std::vector<Expr> vars = makeVars(ctx);
  const std::size_t before = ctx.size();
  const Expr sum = symseq::parseExpr(ctx, sumText(static_cast<int>(state.range(0))));
  symseq::Valuation values;
  for (int i = 0; i < kVars; ++i) values.set(vars[static_cast<std::size_t>(i)], symseq::Value::integer(i * 37 % 101 - 50));
  for (auto _ : state) benchmark::DoNotOptimize(symseq::evaluate(sum, values));
  state.SetItemsProcessed(static_cast<std::int64_t>(ctx.size() - before + kVars) *
                          static_cast<std::int64_t>(state.iterations()));
}
BENCHMARK(BM_Evaluate)->Arg(1000)->Unit(benchmark::kMillisecond);

// Parses `text` in every iteration; a refusal (its located error) counts as the parse.
void parseOrRefuse(benchmark::State& state, ExprContext& ctx, const std::string& text) {
  for (auto _ : state) {
    try {
      benchmark::DoNotOptimize(symseq::parseExpr(ctx, text));
    } catch (const symseq::ParseError& e) {
      benchmark::DoNotOptimize(e.what());
    }
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(text.size()) * static_cast<std::int64_t>(state.iterations()));
}

// A decimal literal of `digits` digits, up to the parser's bound (10,000 characters): digit by
// digit the conversion was quadratic (a million digits took 49 s); past the bound, the located
// error (one pass over the literal).
void BM_ParseLongLiteral(benchmark::State& state) {
  ExprContext ctx;
  benchmark::DoNotOptimize(ctx.var("x", Sort::integer()));
  parseOrRefuse(state, ctx, "x < 1" + std::string(static_cast<std::size_t>(state.range(0)) - 1, '7'));
}
BENCHMARK(BM_ParseLongLiteral)->Arg(1000)->Arg(10'000)->Arg(1 << 20)->Unit(benchmark::kMillisecond);

// An unknown name of `length` characters among kVars variables: the error's did-you-mean (6.4 s
// for a megabyte when every candidate's full edit-distance table was filled).
void BM_UnknownLongName(benchmark::State& state) {
  ExprContext ctx;
  makeVars(ctx);
  parseOrRefuse(state, ctx, "x1 < " + std::string(static_cast<std::size_t>(state.range(0)), 'x'));
}
BENCHMARK(BM_UnknownLongName)->Arg(1 << 14)->Arg(1 << 20)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
