// Contract validation (seed-requirements A1): three kinds of queries per contract, each asserted
// over Ax ∧ dom in a scope of its own.
#include "symseq/contracts/Check.h"

#include <algorithm>
#include <set>

#include "symseq/expr/Connectives.h"
#include "symseq/expr/Rewrite.h"

namespace symseq {

namespace {

// Pops back to the level the solver had on entry, also when a query throws.
class ScopeGuard {
 public:
  explicit ScopeGuard(Solver& solver) : solver_(solver), level_(solver.level()) {}
  ScopeGuard(const ScopeGuard&) = delete;
  ScopeGuard& operator=(const ScopeGuard&) = delete;
  ~ScopeGuard() {
    if (solver_.level() > level_) solver_.pop(solver_.level() - level_);
  }

 private:
  Solver& solver_;
  unsigned level_;
};

// The frozen variables (of the system) that `formulas` read.
std::vector<Expr> frozenIn(const TransitionSystem& system, std::span<const Expr> formulas) {
  std::set<Expr, ExprIdLess> read;
  for (Expr f : formulas) collectVariables(f, read);
  std::vector<Expr> frozen;
  for (Expr v : read) {
    const VariableDecl* decl = system.findVariable(v);
    if (decl != nullptr && decl->frozen) frozen.push_back(v);
  }
  return frozen;
}

// dom: the enumeration range 0 <= v < k of each shown variable that holds an enumeration's values.
std::vector<Expr> domain(const TransitionSystem& system, std::span<const Expr> shown) {
  ExprContext& ctx = system.context();
  std::vector<Expr> dom;
  for (Expr v : shown) {
    const auto it = system.variableEnumerations.find(v);
    if (it == system.variableEnumerations.end() || !v.sort().isInt()) continue;
    const auto k = static_cast<long>(system.enumerations.at(it->second).literals.size());
    dom.push_back(ctx.make(Op::Le, {ctx.intVal(0), v}));
    dom.push_back(ctx.make(Op::Lt, {v, ctx.intVal(k)}));
  }
  return dom;
}

struct Query {
  CheckResult answer = CheckResult::Unknown;
  Valuation witness;
  std::string reason;
};

Query ask(Solver& solver, Expr formula, std::span<const Expr> shown) {
  const ScopeGuard scope(solver);
  solver.push();
  solver.add(formula);
  Query q;
  q.answer = solver.check();
  if (q.answer == CheckResult::Sat && !shown.empty()) q.witness = solver.model(shown).toValuation();
  if (q.answer == CheckResult::Unknown) q.reason = solver.reasonUnknown();
  return q;
}

ContractFinding unknown(std::vector<std::string> behaviors, std::string reason) {
  ContractFinding f;
  f.kind = ContractFindingKind::Unknown;
  f.behaviors = std::move(behaviors);
  f.reason = std::move(reason);
  return f;
}

ContractCheck checkOne(const TransitionSystem& system, const Contract& contract, Solver& solver) {
  ExprContext& ctx = system.context();
  ContractCheck check;
  check.contract = &contract;
  // A witness shows the parameters and the frozen variables the preconditions read (the
  // postconditions and axioms may read more, which say nothing about which behaviour applies);
  // every one of them that holds an enumeration's values ranges over it.
  std::vector<Expr> pres, all;
  for (const Behavior& b : contract.behaviors) {
    pres.push_back(b.pre);
    all.push_back(b.pre);
    all.push_back(b.post);
  }
  all.insert(all.end(), system.axioms.begin(), system.axioms.end());
  std::vector<Expr> shown(contract.params.begin(), contract.params.end());
  for (Expr v : frozenIn(system, pres)) shown.push_back(v);
  std::vector<Expr> typed(contract.params.begin(), contract.params.end());
  for (Expr v : frozenIn(system, all)) typed.push_back(v);
  const ScopeGuard scope(solver);
  solver.push();
  for (Expr a : system.axioms) solver.add(a);
  for (Expr d : domain(system, typed)) solver.add(d);

  const std::vector<Behavior>& bs = contract.behaviors;
  // Disjointness: Ax ∧ dom ∧ Pre_i ∧ Pre_j for every pair.
  for (std::size_t i = 0; i < bs.size(); ++i)
    for (std::size_t j = i + 1; j < bs.size(); ++j) {
      const Query q = ask(solver, conjunction(ctx, std::vector{bs[i].pre, bs[j].pre}), shown);
      if (q.answer == CheckResult::Unsat) continue;
      check.disjoint = false;
      if (q.answer == CheckResult::Unknown) {
        check.findings.push_back(unknown({bs[i].name, bs[j].name}, q.reason));
        continue;
      }
      check.findings.push_back({ContractFindingKind::Overlap, {bs[i].name, bs[j].name}, q.witness, {}});
    }
  // Completeness: Ax ∧ dom ∧ ¬(Pre_1 ∨ ... ∨ Pre_k).
  {
    const Query q = ask(solver, ctx.mkNot(disjunction(ctx, pres)), shown);
    if (q.answer != CheckResult::Unsat) {
      check.complete = false;
      if (q.answer == CheckResult::Unknown)
        check.findings.push_back(unknown({}, q.reason));
      else
        check.findings.push_back({ContractFindingKind::Incomplete, {}, q.witness, {}});
    }
  }
  // Dead behaviours: Ax ∧ dom ∧ Pre ∧ Post unsatisfiable.
  for (const Behavior& b : bs) {
    const Query q = ask(solver, conjunction(ctx, std::vector{b.pre, b.post}), {});
    if (q.answer == CheckResult::Unsat)
      check.findings.push_back({ContractFindingKind::DeadBehavior, {b.name}, {}, {}});
    else if (q.answer == CheckResult::Unknown)
      check.findings.push_back(unknown({b.name}, q.reason));
  }
  return check;
}

// "x1 = tea, w = 3": the witness, the parameters first in their order, then the frozen variables.
std::string witnessText(const TransitionSystem& system, const Contract& contract, const Valuation& witness) {
  std::string text;
  // The iosts frontend names a parameter `Price.x1`; users wrote `x1`.
  const std::string prefix = contract.program != nullptr ? contract.program->name() + "." : "";
  const auto show = [&](Expr var, const Value& value) {
    if (!text.empty()) text += ", ";
    std::string_view name = var.name();
    if (!prefix.empty() && name.starts_with(prefix)) name.remove_prefix(prefix.size());
    text += std::string(name) + " = " + system.valueText(var, value);
  };
  for (Expr p : contract.params)
    if (const Value* v = witness.find(p)) show(p, *v);
  for (const auto& [var, value] : witness)
    if (std::ranges::find(contract.params, var) == contract.params.end()) show(var, value);
  return text;
}

}  // namespace

std::string ContractFinding::describe(const TransitionSystem& system, const Contract& contract) const {
  const std::string program = contract.program != nullptr ? contract.program->name() : "?";
  const std::string at = witness.size() == 0 ? "" : ", e.g. at " + witnessText(system, contract, witness);
  switch (kind) {
    case ContractFindingKind::Overlap:
      return "behaviours " + behaviors.at(0) + " and " + behaviors.at(1) + " of " + program + " overlap" + at;
    case ContractFindingKind::Incomplete:
      return "the behaviours of " + program + " are not complete: no precondition holds" + at +
             " (a call there has no behaviour and cannot happen)";
    case ContractFindingKind::DeadBehavior:
      return "behaviour " + behaviors.at(0) + " of " + program +
             " can never apply: its precondition and postcondition contradict each other or the axioms";
    case ContractFindingKind::Unknown: {
      std::string what = "the completeness of the behaviours of " + program;
      if (behaviors.size() == 2)
        what = "whether behaviours " + behaviors[0] + " and " + behaviors[1] + " of " + program + " overlap";
      else if (behaviors.size() == 1)
        what = "whether behaviour " + behaviors[0] + " of " + program + " can apply";
      return "the solver could not decide " + what + (reason.empty() ? "" : " (" + reason + ")");
    }
  }
  return "";
}

std::vector<ContractCheck> checkContracts(const TransitionSystem& system, Solver& solver) {
  std::vector<ContractCheck> checks;
  for (const Contract& c : system.contracts)
    if (!c.behaviors.empty()) checks.push_back(checkOne(system, c, solver));
  return checks;
}

}  // namespace symseq
