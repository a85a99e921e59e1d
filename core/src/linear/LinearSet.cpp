#include "symseq/linear/LinearSet.h"

#include <algorithm>
#include <limits>
#include <set>
#include <tuple>

#include "symseq/expr/ExprContext.h"
#include "symseq/expr/Rewrite.h"
#include "symseq/solver/Solver.h"
#include "symseq/support/Error.h"

namespace symseq {

namespace {

// A linear term over Z while it is being read or combined: exact, converted to the int64 normal
// form only at the end (a coefficient beyond int64 is an error, not a silent wrap).
struct Wide {
  std::map<Expr, BigInt, ExprIdLess> coefficients;
  BigInt constant = 0;  // the term is Σ a_i x_i + constant
};

void addScaled(Wide& into, const Wide& term, const BigInt& factor) {
  for (const auto& [var, a] : term.coefficients) {
    BigInt& slot = into.coefficients[var];
    slot += a * factor;
    if (slot == 0) into.coefficients.erase(var);
  }
  into.constant += term.constant * factor;
}

// Σ a_i x_i + k for an Int term, or nothing when it is not linear over Int variables.
std::optional<Wide> linearTerm(Expr e) {
  if (!e.sort().isInt()) return std::nullopt;
  switch (e.op()) {
    case Op::Const: return Wide{{}, e.value().asInt()};
    case Op::Var: {
      Wide w;
      w.coefficients.emplace(e, 1);
      return w;
    }
    case Op::Neg: {
      const auto inner = linearTerm(e.child(0));
      if (!inner) return std::nullopt;
      Wide w;
      addScaled(w, *inner, -1);
      return w;
    }
    case Op::Add:
    case Op::Sub: {
      Wide w;
      for (std::size_t i = 0; i < e.arity(); ++i) {
        const auto part = linearTerm(e.child(i));
        if (!part) return std::nullopt;
        addScaled(w, *part, e.op() == Op::Sub && i > 0 ? -1 : 1);
      }
      return w;
    }
    case Op::Mul: {
      // A product is linear when at most one factor is not a constant.
      Wide w{{}, 1};
      for (Expr factor : e.children()) {
        const auto part = linearTerm(factor);
        if (!part) return std::nullopt;
        if (part->coefficients.empty()) {
          Wide scaled;
          addScaled(scaled, w, part->constant);
          w = std::move(scaled);
        } else if (w.coefficients.empty()) {
          Wide scaled;
          addScaled(scaled, *part, w.constant);
          w = std::move(scaled);
        } else {
          return std::nullopt;
        }
      }
      return w;
    }
    default: return std::nullopt;
  }
}

BigInt floorDiv(const BigInt& a, const BigInt& b) {  // b > 0
  BigInt q = a / b;  // truncates toward zero
  if (a % b != 0 && a < 0) q -= 1;
  return q;
}

std::int64_t narrow(const BigInt& v) {
  if (v > std::numeric_limits<std::int64_t>::max() || v < std::numeric_limits<std::int64_t>::min())
    throw Error("a linear constraint's coefficient does not fit 64 bits");
  return static_cast<std::int64_t>(v);
}

// `lhs ≤ 0` (lhs = Σ a_i x_i + k) in normal form: Σ (a_i/g) x_i ≤ ⌊−k/g⌋, g the coefficients'
// gcd. Exact over Z: the left-hand side divided by g is an integer, so it is ≤ −k/g iff ≤ its floor.
LinearConstraint normalise(const Wide& lhs) {
  BigInt g = 0;
  for (const auto& [var, a] : lhs.coefficients) g = boost::multiprecision::gcd(g, a < 0 ? BigInt(-a) : a);
  LinearConstraint c;
  const BigInt bound = -lhs.constant;
  if (g == 0) {  // no variables: 0 ≤ bound, true or false
    c.bound = bound >= 0 ? 0 : -1;
    return c;
  }
  for (const auto& [var, a] : lhs.coefficients) c.coefficients.emplace(var, narrow(a / g));
  c.bound = narrow(floorDiv(bound, g));
  return c;
}

Wide wide(const LinearConstraint& c) {  // as lhs ≤ 0
  Wide w;
  for (const auto& [var, a] : c.coefficients) w.coefficients.emplace(var, a);
  w.constant = -BigInt(c.bound);
  return w;
}

bool isTrue(const LinearConstraint& c) { return c.coefficients.empty() && c.bound >= 0; }
bool isFalse(const LinearConstraint& c) { return c.coefficients.empty() && c.bound < 0; }

// The canonical order: by the variables (creation order), then coefficients, then bound; so a
// constraint and its strengthenings sit together.
bool canonicalLess(const LinearConstraint& a, const LinearConstraint& b) {
  std::vector<std::uint32_t> va, vb;
  for (const auto& [var, k] : a.coefficients) va.push_back(var.id());
  for (const auto& [var, k] : b.coefficients) vb.push_back(var.id());
  if (va != vb) return va < vb;
  std::vector<std::int64_t> ca, cb;
  for (const auto& [var, k] : a.coefficients) ca.push_back(k);
  for (const auto& [var, k] : b.coefficients) cb.push_back(k);
  if (ca != cb) return ca < cb;
  return a.bound < b.bound;
}

bool sameLhs(const LinearConstraint& a, const LinearConstraint& b) { return a.coefficients == b.coefficients; }

// Adds the constraints `lhs op rhs` (op one of <=, <, >=, >, =) to `set`.
bool addComparison(LinearSet& set, Op op, Expr lhs, Expr rhs) {
  const auto l = linearTerm(lhs);
  const auto r = linearTerm(rhs);
  if (!l || !r) return false;
  Wide diff = *l;  // lhs − rhs
  addScaled(diff, *r, -1);
  Wide neg;  // rhs − lhs
  addScaled(neg, diff, -1);
  switch (op) {
    case Op::Le: set.add(normalise(diff)); return true;
    case Op::Lt: diff.constant += 1; set.add(normalise(diff)); return true;
    case Op::Ge: set.add(normalise(neg)); return true;
    case Op::Gt: neg.constant += 1; set.add(normalise(neg)); return true;
    case Op::Eq:
      set.add(normalise(diff));
      set.add(normalise(neg));
      return true;
    default: return false;
  }
}

bool read(LinearSet& set, Expr e) {
  switch (e.op()) {
    case Op::Const:
      if (!e.sort().isBool()) return false;
      if (!e.value().asBool()) set.add(LinearConstraint{{}, -1});
      return true;
    case Op::And:
      for (Expr c : e.children())
        if (!read(set, c)) return false;
      return true;
    case Op::Le:
    case Op::Lt:
    case Op::Ge:
    case Op::Gt: return addComparison(set, e.op(), e.child(0), e.child(1));
    case Op::Eq: return e.child(0).sort().isInt() && addComparison(set, Op::Eq, e.child(0), e.child(1));
    case Op::Not: {
      // The negation of one inequality is one inequality; of an equality, a disjunction.
      const Expr inner = e.child(0);
      switch (inner.op()) {
        case Op::Le: return addComparison(set, Op::Gt, inner.child(0), inner.child(1));
        case Op::Lt: return addComparison(set, Op::Ge, inner.child(0), inner.child(1));
        case Op::Ge: return addComparison(set, Op::Lt, inner.child(0), inner.child(1));
        case Op::Gt: return addComparison(set, Op::Le, inner.child(0), inner.child(1));
        default: return false;
      }
    }
    default: return false;
  }
}

Expr constraintExpr(ExprContext& ctx, const LinearConstraint& c) {
  if (c.coefficients.empty()) return ctx.boolVal(c.bound >= 0);
  // Shown the way toString prints it: `≥` when the first coefficient is negative.
  const bool flip = c.coefficients.begin()->second < 0;
  Expr sum;
  for (const auto& [var, a0] : c.coefficients) {
    const std::int64_t a = flip ? -a0 : a0;
    const std::int64_t magnitude = a < 0 ? -a : a;
    const Expr term = magnitude == 1 ? var : ctx.make(Op::Mul, {ctx.intVal(magnitude), var});
    if (sum.isNull())
      sum = a < 0 ? ctx.make(Op::Neg, {term}) : term;
    else
      sum = ctx.make(a < 0 ? Op::Sub : Op::Add, {sum, term});
  }
  return flip ? ctx.make(Op::Ge, {sum, ctx.intVal(-BigInt(c.bound))}) : ctx.make(Op::Le, {sum, ctx.intVal(c.bound)});
}

std::string constraintText(const LinearConstraint& c) {
  if (c.coefficients.empty()) return c.bound >= 0 ? "true" : "false";
  const bool flip = c.coefficients.begin()->second < 0;
  std::string out;
  bool first = true;
  for (const auto& [var, a0] : c.coefficients) {
    const BigInt a = flip ? -BigInt(a0) : BigInt(a0);
    const BigInt magnitude = a < 0 ? BigInt(-a) : a;
    if (first)
      out += a < 0 ? "-" : "";
    else
      out += a < 0 ? " - " : " + ";
    if (magnitude != 1) out += magnitude.str() + "*";
    out += std::string(var.name());
    first = false;
  }
  out += flip ? " >= " + (-BigInt(c.bound)).str() : " <= " + std::to_string(c.bound);
  return out;
}

// One Fourier-Motzkin step: every pair of a lower and an upper bound on `var` combined. With
// `dark`, the Omega test's dark shadow instead (each combination tightened by (a−1)(b−1)): every
// integer point of it has an integer `var` above all lower and below all upper bounds.
LinearSet eliminateOne(const LinearSet& set, Expr var, bool dark) {
  LinearSet out;
  std::vector<const LinearConstraint*> upper, lower;
  for (const LinearConstraint& c : set.constraints()) {
    const auto it = c.coefficients.find(var);
    if (it == c.coefficients.end())
      out.add(c);
    else
      (it->second > 0 ? upper : lower).push_back(&c);
  }
  for (const LinearConstraint* u : upper)
    for (const LinearConstraint* l : lower) {
      const BigInt a = u->coefficients.at(var);   // a·var + U ≤ cu
      const BigInt b = -l->coefficients.at(var);  // −b·var + L ≤ cl
      Wide combined;
      addScaled(combined, wide(*u), b);
      addScaled(combined, wide(*l), a);
      if (dark) combined.constant += (a - 1) * (b - 1);
      out.add(normalise(combined));
    }
  return out;
}

// a ⇒ b, proved by the solver (Unsat of a ∧ ¬b); false when it cannot tell.
bool implies(Solver& solver, ExprContext& ctx, Expr a, Expr b) {
  const Expr query[] = {a, ctx.mkNot(b)};
  return solver.check(query) == CheckResult::Unsat;
}

ExprContext* contextOf(const LinearSet& set) {
  for (const LinearConstraint& c : set.constraints())
    if (!c.coefficients.empty()) return const_cast<ExprContext*>(&c.coefficients.begin()->first.context());
  return nullptr;
}

}  // namespace

std::optional<LinearSet> LinearSet::fromExpr(Expr e) {
  LinearSet set;
  if (!read(set, e)) return std::nullopt;
  return set;
}

Expr LinearSet::toExpr(ExprContext& ctx) const {
  std::vector<Expr> parts;
  for (const LinearConstraint& c : constraints_) parts.push_back(constraintExpr(ctx, c));
  return ctx.mkAnd(parts);
}

std::string LinearSet::toString() const {
  // Two constraints that meet (`x <= 84`, `x >= 84`) read as the equality a user wrote: `x == 84`,
  // at the place of the first of the two.
  const auto opposite = [](const LinearConstraint& a, const LinearConstraint& b) {
    if (a.coefficients.size() != b.coefficients.size() || a.bound != -b.bound) return false;
    for (const auto& [var, coefficient] : a.coefficients) {
      const auto it = b.coefficients.find(var);
      if (it == b.coefficients.end() || it->second != -coefficient) return false;
    }
    return true;
  };
  std::string out;
  std::vector<bool> done(constraints_.size(), false);
  for (std::size_t i = 0; i < constraints_.size(); ++i) {
    if (done[i]) continue;
    const LinearConstraint& c = constraints_[i];
    std::string text = constraintText(c);
    for (std::size_t j = i + 1; j < constraints_.size() && !c.coefficients.empty(); ++j)
      if (!done[j] && opposite(c, constraints_[j])) {
        done[j] = true;
        const LinearConstraint& upper = c.coefficients.begin()->second > 0 ? c : constraints_[j];
        text = constraintText(upper);
        text.replace(text.rfind(" <= "), 4, " == ");
        break;
      }
    out += (out.empty() ? "" : ", ") + text;
  }
  return out;
}

void LinearSet::add(LinearConstraint c) {
  for (auto it = c.coefficients.begin(); it != c.coefficients.end();)
    it = it->second == 0 ? c.coefficients.erase(it) : std::next(it);
  if (isTrue(c)) return;
  // An unsatisfiable set is the single constraint 0 ≤ −1.
  if (!constraints_.empty() && isFalse(constraints_.front())) return;
  if (isFalse(c)) {
    constraints_.assign(1, LinearConstraint{{}, -1});
    return;
  }
  const auto at = std::lower_bound(constraints_.begin(), constraints_.end(), c, canonicalLess);
  if (at != constraints_.end() && *at == c) return;
  constraints_.insert(at, std::move(c));
}

LinearSet LinearSet::eliminate(const std::vector<Expr>& vars) const {
  LinearSet out = *this;
  for (Expr v : vars) out = eliminateOne(out, v, false);
  return out;
}

LinearSet LinearSet::highImplication() const {
  LinearSet out;
  // Constraints with one left-hand side are adjacent and ordered by bound: the first is strongest.
  for (std::size_t i = 0; i < constraints_.size(); ++i)
    if (i == 0 || !sameLhs(constraints_[i - 1], constraints_[i])) out.add(constraints_[i]);
  return out;
}

LinearSet LinearSet::lowImplication() const {
  LinearSet out;
  for (std::size_t i = 0; i < constraints_.size(); ++i)
    if (i + 1 == constraints_.size() || !sameLhs(constraints_[i], constraints_[i + 1])) out.add(constraints_[i]);
  return out;
}

LinearSet LinearSet::withoutRedundancy(Solver& solver) const {
  ExprContext* ctx = contextOf(*this);
  if (ctx == nullptr) return *this;
  // In canonical order, each constraint is dropped when the ones still kept (before it) and the
  // ones not yet looked at (after it) imply it.
  std::vector<bool> kept(constraints_.size(), true);
  for (std::size_t i = 0; i < constraints_.size(); ++i) {
    std::vector<Expr> rest;
    for (std::size_t j = 0; j < constraints_.size(); ++j)
      if (j != i && kept[j]) rest.push_back(constraintExpr(*ctx, constraints_[j]));
    if (implies(solver, *ctx, ctx->mkAnd(rest), constraintExpr(*ctx, constraints_[i]))) kept[i] = false;
  }
  LinearSet out;
  for (std::size_t i = 0; i < constraints_.size(); ++i)
    if (kept[i]) out.add(constraints_[i]);
  return out;
}

std::optional<LinearSet> reduce(const LinearSet& a, const LinearSet& b, Solver& solver) {
  ExprContext* ctx = contextOf(a) ? contextOf(a) : contextOf(b);
  if (ctx != nullptr && !implies(solver, *ctx, a.toExpr(*ctx), b.toExpr(*ctx))) return std::nullopt;
  std::set<Expr, ExprIdLess> vars;
  for (const LinearConstraint& c : b.constraints())
    for (const auto& [var, k] : c.coefficients) vars.insert(var);
  return a.eliminate(std::vector<Expr>(vars.begin(), vars.end()));
}

std::optional<LinearSet> projectChecked(const LinearSet& set, const std::vector<Expr>& vars, Solver& solver) {
  const LinearSet real = set.eliminate(vars);
  ExprContext* ctx = contextOf(set);
  if (ctx == nullptr) return real;
  // ∃vars. set lies between the dark shadow and the real shadow; when the solver proves that the
  // real shadow implies the dark one, the three are equal and the projection is exact over Z.
  LinearSet dark = set;
  for (Expr v : vars) dark = eliminateOne(dark, v, true);
  // And, as a check of this code, the set implies its projection.
  if (!implies(solver, *ctx, set.toExpr(*ctx), real.toExpr(*ctx))) return std::nullopt;
  if (dark == real) return real;
  if (!implies(solver, *ctx, real.toExpr(*ctx), dark.toExpr(*ctx))) return std::nullopt;
  return real;
}

}  // namespace symseq
