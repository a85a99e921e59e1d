#include "Scope.h"

#include <utility>

#include "symseq/support/DidYouMean.h"

namespace symseq::design {

namespace {

using syntax::Term;
using syntax::TermKind;

const Sort* find(const std::vector<NamedSort>& table, std::string_view name) {
  for (const NamedSort& n : table)
    if (n.name == name) return &n.sort;
  return nullptr;
}

std::vector<std::string> names(const std::vector<NamedSort>& table) {
  std::vector<std::string> out;
  for (const NamedSort& n : table) out.push_back(n.name);
  return out;
}

std::string written(const Term& q) { return q.first + "." + q.second; }

// A term made of integer literals only: where a Real is wanted it is read as a Real (`5 + t`
// under dense time).
bool isIntLiteral(const Term& t) {
  switch (t.kind) {
    case TermKind::Int:
      return true;
    case TermKind::Unary:
      return t.op == "-" && isIntLiteral(t.args[0]);
    case TermKind::Binary:
      return (t.op == "+" || t.op == "-" || t.op == "*") && isIntLiteral(t.args[0]) && isIntLiteral(t.args[1]);
    default:
      return false;
  }
}

Expr realLiteral(ExprContext& ctx, const Term& t) {
  switch (t.kind) {
    case TermKind::Int:
      return ctx.realVal(Rational(BigInt(t.first)));
    case TermKind::Unary:
      return ctx.make(Op::Neg, {realLiteral(ctx, t.args[0])});
    default: {
      const Op op = t.op == "+" ? Op::Add : t.op == "-" ? Op::Sub : Op::Mul;
      return ctx.make(op, {realLiteral(ctx, t.args[0]), realLiteral(ctx, t.args[1])});
    }
  }
}

Expr decimal(ExprContext& ctx, const std::string& text) {
  const std::size_t dot = text.find('.');
  BigInt denominator = 1;
  for (std::size_t i = dot + 1; i < text.size(); ++i) denominator *= 10;
  return ctx.realVal(Rational(BigInt(text.substr(0, dot) + text.substr(dot + 1)), denominator));
}

bool numeric(Sort s) { return s == Sort::integer() || s == Sort::real(); }

}  // namespace

Sort declaredSort(const syntax::SortName& s, TimeKind carrier) {
  if (s.name == "time") return carrier == TimeKind::Dense ? Sort::real() : Sort::integer();
  if (s.name == "int") return Sort::integer();
  if (s.name == "bool") return Sort::boolean();
  if (s.name == "real") return Sort::real();
  throw Error("unknown sort '" + s.name + "'" + didYouMean(s.name, {"int", "bool", "real", "time"}), s.where,
              "the sorts are int, bool, real and time (the design's time carrier)");
}

Scope::Scope(ExprContext& ctx, std::string design, Sort time, std::vector<NamedSort> ports,
             std::vector<NamedSort> privates, std::vector<InstanceScope> instances,
             std::vector<std::string> otherDesigns)
    : ctx_(ctx),
      design_(std::move(design)),
      time_(time),
      ports_(std::move(ports)),
      privates_(std::move(privates)),
      instances_(std::move(instances)),
      otherDesigns_(std::move(otherDesigns)) {}

const InstanceScope* Scope::instance(std::string_view name) const {
  for (const InstanceScope& i : instances_)
    if (i.instance == name) return &i;
  return nullptr;
}

bool Scope::isPort(std::string_view name) const { return find(ports_, name) != nullptr; }

bool Scope::usesDesign(std::string_view name) const {
  for (const InstanceScope& i : instances_)
    if (i.design == name) return true;
  return false;
}

bool Scope::isOtherDesign(std::string_view name) const {
  for (const std::string& d : otherDesigns_)
    if (d == name) return true;
  return false;
}

Expr Scope::placeholder(RefKind kind, const std::string& instance, const std::string& name,
                        const std::string& text, Sort sort) {
  const Expr symbol = ctx_.var(design_ + "::" + text, sort);
  for (const Reference& r : references_)
    if (r.symbol == symbol) return symbol;
  references_.push_back(Reference{kind, instance, name, symbol});
  return symbol;
}

void Scope::unknownQualifier(const Term& q) const {
  std::vector<std::string> candidates{design_};
  for (const InstanceScope& i : instances_) candidates.push_back(i.instance);
  for (const InstanceScope& i : instances_)
    if (i.design == q.first)
      throw Error("'" + q.first + "' is a design; '" + design_ + "' uses it as instance '" + i.instance + "'",
                  q.where, "write '" + i.instance + "." + q.second + "'");
  if (isOtherDesign(q.first))
    throw Error("design '" + design_ + "' does not use '" + q.first + "'", q.where,
                "add 'use " + q.first + "' to the private part of '" + design_ + "'");
  throw Error("unknown design or instance '" + q.first + "'" + didYouMean(q.first, candidates), q.where,
              "a term reads the ports of '" + design_ + "' itself or of the instances it uses");
}

Expr Scope::qualified(const Term& q) {
  if (q.second == "time") {
    if (q.first == design_) return placeholder(RefKind::OwnTime, "", "", written(q), time_);
    if (instance(q.first) != nullptr) return placeholder(RefKind::UsedTime, q.first, "", written(q), time_);
    unknownQualifier(q);
  }
  return anyPort(q);
}

Expr Scope::anyPort(const Term& q) {
  if (q.first == design_) return ownPort(q, "read");
  const InstanceScope* used = instance(q.first);
  if (used == nullptr) unknownQualifier(q);
  const Sort* sort = find(used->ports, q.second);
  if (sort == nullptr)
    throw Error("design '" + used->design + "' (instance '" + used->instance + "') has no port '" + q.second + "'" +
                    didYouMean(q.second, names(used->ports)),
                q.where, "declare it with 'port " + q.second + " : SORT' in design '" + used->design + "'");
  return placeholder(RefKind::UsedPort, q.first, q.second, written(q), *sort);
}

Expr Scope::ownPort(const Term& q, const std::string& role) {
  return placeholder(RefKind::OwnPort, "", q.second, written(q), ownPortSort(q, role));
}

Sort Scope::ownPortSort(const Term& q, const std::string& role) const {
  if (q.first != design_) {
    if (instance(q.first) != nullptr || isOtherDesign(q.first))
      throw Error("port '" + written(q) + "' is not a port of '" + design_ + "': only its own ports can be " + role,
                  q.where,
                  role == "written"    ? "route a value to it with 'D.p -> " + written(q) + "'"
                  : role == "consumed" ? "'in' takes values arriving on the ports of '" + design_ +
                                             "'; read a reused port's current value as '" + written(q) + "'"
                                       : "'touch' sees the buffers of the ports of '" + design_ + "' only; '" +
                                             q.first + "' consumes its own");
    unknownQualifier(q);
  }
  if (q.second == "time")
    throw Error("'" + written(q) + "' is the date, not a port: it cannot be " + role, q.where,
                "time passes by itself; read it in terms only");
  const Sort* sort = find(ports_, q.second);
  if (sort == nullptr)
    throw Error("design '" + design_ + "' has no port '" + q.second + "'" + didYouMean(q.second, names(ports_)),
                q.where, "declare it with 'port " + q.second + " : SORT'");
  return *sort;
}

Expr Scope::privateVar(const Term& t) {
  const Sort* sort = find(privates_, t.first);
  if (sort == nullptr) {
    std::string hint = "declare it with 'var " + t.first + " : SORT' in the private part";
    if (isPort(t.first)) hint = "ports are written with their design's prefix: '" + design_ + "." + t.first + "'";
    throw Error("unknown variable '" + t.first + "'" + didYouMean(t.first, names(privates_)), t.where, hint);
  }
  return placeholder(RefKind::Private, "", t.first, t.first, *sort);
}

Expr Scope::typed(const Term& t, Sort want, const std::string& what) {
  if (want == Sort::real() && isIntLiteral(t)) return realLiteral(ctx_, t);
  const Expr e = term(t);
  if (e.sort() != want)
    throw SortError(what + " must be " + want.toString() + ", found a term of sort " + e.sort().toString(), t.where,
                    want == Sort::boolean() ? "compare it, e.g. 'x = 0'" : "write a term of sort " + want.toString());
  return e;
}

Expr Scope::arithmetic(const Term& t) {
  // Both sides numeric and of one sort; an integer literal follows the other side.
  const Term& l = t.args[0];
  const Term& r = t.args[1];
  Expr a = term(l);
  Expr b = term(r);
  if (a.sort() == Sort::real() && b.sort() == Sort::integer() && isIntLiteral(r)) b = realLiteral(ctx_, r);
  if (b.sort() == Sort::real() && a.sort() == Sort::integer() && isIntLiteral(l)) a = realLiteral(ctx_, l);
  const bool equality = t.op == "=" || t.op == "<>";
  if (a.sort() != b.sort() || (!equality && !numeric(a.sort())))
    throw SortError("'" + t.op + "' applied to " + a.sort().toString() + " and " + b.sort().toString(), t.where,
                    equality ? "compare terms of one sort" : "'" + t.op + "' takes two int or two real terms");
  if (t.op == "=") return ctx_.mkEq(a, b);
  if (t.op == "<>") return ctx_.mkNot(ctx_.mkEq(a, b));
  const Op op = t.op == "+" ? Op::Add
                : t.op == "-" ? Op::Sub
                : t.op == "*" ? Op::Mul
                : t.op == "<" ? Op::Lt
                : t.op == "<=" ? Op::Le
                : t.op == ">" ? Op::Gt
                              : Op::Ge;
  return ctx_.make(op, {a, b});
}

Expr Scope::term(const Term& t) {
  switch (t.kind) {
    case TermKind::Int:
      return ctx_.intVal(BigInt(t.first));
    case TermKind::Decimal:
      return decimal(ctx_, t.first);
    case TermKind::Bool:
      return ctx_.boolVal(t.first == "true");
    case TermKind::Name:
      return privateVar(t);
    case TermKind::Qualified:
      return qualified(t);
    case TermKind::Touch: {
      (void)ownPortSort(t, "touched");
      return placeholder(RefKind::Touch, "", t.second, "touch(" + written(t) + ")", Sort::boolean());
    }
    case TermKind::Unary: {
      if (t.op == "not") return ctx_.mkNot(formula(t.args[0], "the operand of 'not'"));
      const Expr a = term(t.args[0]);
      if (!numeric(a.sort()))
        throw SortError("unary '-' applied to " + a.sort().toString(), t.where, "negate an int or real term");
      return ctx_.make(Op::Neg, {a});
    }
    case TermKind::Binary:
      if (t.op == "and" || t.op == "or") {
        const Expr a = formula(t.args[0], "the left operand of '" + t.op + "'");
        const Expr b = formula(t.args[1], "the right operand of '" + t.op + "'");
        return ctx_.make(t.op == "and" ? Op::And : Op::Or, {a, b});
      }
      return arithmetic(t);
  }
  return ctx_.boolVal(false);  // unreachable: every kind returns above
}

}  // namespace symseq::design
