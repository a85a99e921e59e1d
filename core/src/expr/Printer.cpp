// Infix printing with the fewest parentheses that parse back to the same node. Both printers
// walk an explicit stack of pending pieces, so expressions of any depth print without recursion.
#include "symseq/expr/Printer.h"

#include <variant>
#include <vector>

#include "Syntax.h"
#include "symseq/expr/FunctionDecl.h"

namespace symseq {

namespace {

// A piece still to print: literal text, or a sub-expression needing at least `level`.
struct Piece {
  std::variant<std::string_view, std::string, Expr> what;
  int level = 0;
};

// " op ", appended piecewise: GCC 12 warns falsely (-Wrestrict) on "lit" + std::string.
std::string spaced(std::string_view op) {
  std::string s(1, ' ');
  s += op;
  s += ' ';
  return s;
}

bool isSignedConst(Expr e) { return e.isConst() && (e.sort().isInt() || e.sort().isReal()); }
bool isNotEqual(Expr e) { return e.op() == Op::Not && e.child(0).op() == Op::Eq; }

// The level at which e's printed form binds; a parent parenthesises a child of lower level.
int levelOf(Expr e) {
  if (isNotEqual(e)) return syntax::kEquality;
  if (auto infix = syntax::infixOf(e.op())) return infix->level;
  switch (e.op()) {
    case Op::Ite: return syntax::kTernary;
    case Op::Not:
    case Op::Neg:
    case Op::BvNot: return syntax::kUnary;
    default: return syntax::kPrimary;  // literals (a negative one reads as one token), names, calls
  }
}

// Appends, in printing order, the pieces of e's own form (without its parentheses).
void expand(Expr e, std::vector<Piece>& out) {
  using namespace std::string_view_literals;
  switch (e.op()) {
    case Op::Const: out.push_back({e.value().toString()}); return;
    case Op::Var: out.push_back({std::string(e.name())}); return;
    case Op::Apply:
    case Op::ToReal:
    case Op::BvSlt:
    case Op::BvSle:
    case Op::BvSgt:
    case Op::BvSge:
    case Op::BvSdiv:
    case Op::BvSrem: {
      if (e.op() == Op::Apply)
        out.push_back({e.function().name()});
      else
        out.push_back({syntax::builtinName(e.op())});
      out.push_back({"("sv});
      for (std::size_t i = 0; i < e.arity(); ++i) {
        if (i) out.push_back({", "sv});
        out.push_back({e.child(i), syntax::kTernary});
      }
      out.push_back({")"sv});
      return;
    }
    case Op::Not:
    case Op::Neg:
    case Op::BvNot: {
      if (isNotEqual(e)) {
        out.push_back({e.child(0).child(0), syntax::kRelation});
        out.push_back({" != "sv});
        out.push_back({e.child(0).child(1), syntax::kRelation});
        return;
      }
      out.push_back({e.op() == Op::Not ? "!"sv : (e.op() == Op::Neg ? "-"sv : "~"sv)});
      // -(7) keeps neg(7) apart from the literal -7.
      const bool shield = e.op() == Op::Neg && isSignedConst(e.child(0));
      out.push_back({e.child(0), shield ? syntax::kPrimary + 1 : syntax::kUnary});
      return;
    }
    case Op::Ite:
      // A nested ?: in the middle would parse the same, but reads better in parentheses.
      out.push_back({e.child(0), syntax::kImplies});
      out.push_back({" ? "sv});
      out.push_back({e.child(1), syntax::kImplies});
      out.push_back({" : "sv});
      out.push_back({e.child(2), syntax::kTernary});
      return;
    default: break;
  }
  const auto infix = syntax::infixOf(e.op());
  const int level = infix->level;
  for (std::size_t i = 0; i < e.arity(); ++i) {
    if (i) out.push_back({spaced(infix->text)});
    int need = level + 1;  // right operands of the same level keep their parentheses
    if (i == 0 && infix->assoc == syntax::Assoc::Left)
      need = (infix->nary && e.child(0).op() == e.op()) ? level + 1 : level;  // (a + b) + c stays nested
    if (i == 1 && infix->assoc == syntax::Assoc::Right) need = level;
    out.push_back({e.child(i), need});
  }
}

}  // namespace

std::string toString(Expr e) {
  std::string text;
  std::vector<Piece> stack{{e, 0}};
  std::vector<Piece> pieces;
  while (!stack.empty()) {
    Piece p = std::move(stack.back());
    stack.pop_back();
    if (const auto* sv = std::get_if<std::string_view>(&p.what)) {
      text += *sv;
      continue;
    }
    if (const auto* s = std::get_if<std::string>(&p.what)) {
      text += *s;
      continue;
    }
    const Expr node = std::get<Expr>(p.what);
    const bool parens = levelOf(node) < p.level;
    pieces.clear();
    if (parens) pieces.push_back({std::string_view("(")});
    expand(node, pieces);
    if (parens) pieces.push_back({std::string_view(")")});
    for (auto it = pieces.rbegin(); it != pieces.rend(); ++it) stack.push_back(std::move(*it));
  }
  return text;
}

}  // namespace symseq
