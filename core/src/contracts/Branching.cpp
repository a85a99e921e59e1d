#include "symseq/contracts/Branching.h"

#include <string>
#include <unordered_set>

#include "symseq/exec/Substitute.h"

namespace symseq {

namespace {

bool isProgramCall(Expr e) { return e.op() == Op::Apply && e.function().kind() == FunctionKind::Program; }

// The first program application inside `e`, `e` included (iterative: terms may be deep DAGs).
const FunctionDecl* programIn(Expr e) {
  std::vector<Expr> work{e};
  std::unordered_set<std::uint32_t> seen;
  while (!work.empty()) {
    const Expr n = work.back();
    work.pop_back();
    if (!seen.insert(n.id()).second) continue;
    if (isProgramCall(n)) return &n.function();
    for (Expr c : n.children()) work.push_back(c);
  }
  return nullptr;
}

[[noreturn]] void misplacedCall(const Transition& t, const FunctionDecl& program, const std::string& where) {
  throw Error("transition '" + t.name + "' calls program '" + program.name() + "' " + where +
                  "; a program call must be the whole value of an assignment",
              t.where, "assign the call to an attribute first");
}

// seed-requirements 1.3 item 3: a call is allowed only as the whole right-hand side of an
// update (the paper's terms T_Σ(V)); Def 6 gives no meaning to a call anywhere else.
void checkCallPlacement(const Transition& t) {
  if (const FunctionDecl* p = programIn(t.guard)) misplacedCall(t, *p, "in its guard");
  if (t.action.kind == ActionKind::Output)
    for (Expr term : t.action.args)
      if (const FunctionDecl* p = programIn(term)) misplacedCall(t, *p, "in an emitted term");
  for (const Update& u : t.updates) {
    const std::string var(u.variable.name());
    if (!isProgramCall(u.value)) {
      if (const FunctionDecl* p = programIn(u.value)) misplacedCall(t, *p, "inside the term assigned to '" + var + "'");
      continue;
    }
    for (Expr arg : u.value.children())
      if (const FunctionDecl* p = programIn(arg))
        misplacedCall(t, *p, "in an argument of its call of '" + u.value.function().name() + "' (assigned to '" + var + "')");
  }
}

// A call of a program whose contract has behaviours, as the guard reads it: the arguments over
// the state before the step and the step's input variables, the result their application.
struct BranchingCall {
  const Contract* contract = nullptr;
  std::vector<Expr> args;
  Expr result;
};

// Walks the updates in order as the executor does (each sees the earlier ones), so that the
// arguments of a call are what the update reads (seed-requirements A2: λi, not λ).
std::vector<BranchingCall> branchingCalls(const TransitionSystem& system, const Transition& t) {
  ExprContext& ctx = system.context();
  std::vector<BranchingCall> calls;
  Substitution env;
  for (const Update& u : t.updates) {
    const Expr value = env.empty() ? u.value : substitute(ctx, u.value, env);
    if (isProgramCall(u.value)) {
      const Contract* contract = system.findContract(u.value.function());
      // No contract, or C∅: executes as C⊤ (seed-requirements 1.3 item 1), one child, no branch.
      if (contract != nullptr && !contract->behaviors.empty()) {
        const auto args = value.children();
        calls.push_back({contract, {args.begin(), args.end()}, value});
      }
    }
    env.insert_or_assign(u.variable, value);
  }
  return calls;
}

// Δ(y) = (Pre ∧ Post)[x1 ↦ t1', ..., xn ↦ tn', x(n+1) ↦ p(t1', ..., tn')].
Expr instantiate(ExprContext& ctx, const BranchingCall& call, const Behavior& b) {
  Substitution s;
  for (std::size_t i = 0; i < call.args.size(); ++i) s.insert_or_assign(call.contract->params[i], call.args[i]);
  s.insert_or_assign(call.contract->result, call.result);
  return substitute(ctx, ctx.mkAnd(std::vector<Expr>{b.pre, b.post}), s);
}

}  // namespace

std::vector<ProgramCallSite> programCalls(const Transition& transition) {
  std::vector<ProgramCallSite> out;
  for (std::size_t i = 0; i < transition.updates.size(); ++i)
    if (const Expr v = transition.updates[i].value; isProgramCall(v))
      out.push_back({static_cast<std::uint32_t>(i), &v.function()});
  return out;
}

TransitionSystem splitByBehaviors(const TransitionSystem& system) {
  system.validate();  // contracts match their programs' signatures before we instantiate them
  ExprContext& ctx = system.context();
  TransitionSystem out = system;
  out.transitions.clear();
  out.declaredTargets.clear();
  std::vector<std::vector<TransitionId>> images(system.transitions.size());

  for (std::size_t i = 0; i < system.transitions.size(); ++i) {
    const Transition& t = system.transitions[i];
    const std::vector<BranchingCall> calls = branchingCalls(system, t);
    // First, since a variant's guard holds its calls' Δ, which is no call of the model.
    if (!calls.empty() && (!t.variant.empty() || !t.origin.empty()))
      throw Error("transition '" + t.name + "' is already a variant of '" + t.modelTransition() +
                      "' and calls programs with behaviours",
                  t.where, "split a system by behaviours once, from the model's transitions");
    checkCallPlacement(t);
    if (calls.empty()) {
      images[i].push_back(static_cast<TransitionId>(out.transitions.size()));
      out.transitions.push_back(t);
      continue;
    }
    // The Cartesian product of the calls' behaviours, the first call outermost (update order).
    std::vector<std::size_t> choice(calls.size(), 0);
    for (bool more = true; more;) {
      Transition v = t;
      v.origin = t.name;
      v.variant.clear();
      std::vector<Expr> guard{t.guard};
      for (std::size_t k = 0; k < calls.size(); ++k) {
        const Behavior& b = calls[k].contract->behaviors[choice[k]];
        v.variant.push_back(b.name);
        guard.push_back(instantiate(ctx, calls[k], b));
      }
      v.name = t.name + "#";
      for (std::size_t k = 0; k < v.variant.size(); ++k) {
        if (k > 0) v.name += '.';
        v.name += v.variant[k];
      }
      // And(original guard, Δ1, ..., Δk): the updates stay as written, the application in
      // `p := Price(B)` is uninterpreted for the solver, the same term as in Δ.
      v.guard = ctx.mkAnd(guard);
      images[i].push_back(static_cast<TransitionId>(out.transitions.size()));
      out.transitions.push_back(std::move(v));
      more = false;
      for (std::size_t k = calls.size(); k-- > 0;) {
        if (++choice[k] < calls[k].contract->behaviors.size()) {
          more = true;
          break;
        }
        choice[k] = 0;
      }
    }
  }
  for (TransitionId d : system.declaredTargets)
    out.declaredTargets.insert(out.declaredTargets.end(), images.at(d).begin(), images.at(d).end());
  out.validate();
  return out;
}

}  // namespace symseq
