// SMT-LIB2 rendering of expressions (toSmtLib, toSmtLibScript from Printer.h), for logs and for
// reproducing a query outside symseq. Iterative, so deep terms print without recursion.
#include <algorithm>
#include <unordered_set>
#include <vector>

#include "symseq/expr/FunctionDecl.h"
#include "symseq/expr/Printer.h"

namespace symseq {

namespace {

// open + body + close, appended piecewise: GCC 12 warns falsely (-Wrestrict) on "lit" + std::string.
std::string wrap(std::string_view open, std::string_view body, std::string_view close) {
  std::string s(open);
  s += body;
  s += close;
  return s;
}

std::string sortText(Sort s) {
  switch (s.kind()) {
    case SortKind::Bool: return "Bool";
    case SortKind::Int: return "Int";
    case SortKind::Real: return "Real";
    case SortKind::BitVec: return wrap("(_ BitVec ", std::to_string(s.width()), ")");
  }
  return "?";
}

bool isSimpleSymbolChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         std::string_view("~!@$%^&*_-+=<>.?/").find(c) != std::string_view::npos;
}

// Names that would clash with SMT-LIB's reserved words or the symbols of the theories we use.
bool clashes(std::string_view name) {
  static constexpr std::string_view kTaken[] = {
      "_", "!", "as", "let", "exists", "forall", "match", "par", "assert", "true", "false", "not", "and", "or",
      "xor", "=>", "=", "ite", "distinct", "+", "-", "*", "/", "div", "mod", "abs", "<", "<=", ">", ">=",
      "to_real", "to_int", "is_int", "select", "store", "concat", "extract"};
  if (std::find(std::begin(kTaken), std::end(kTaken), name) != std::end(kTaken)) return true;
  return name.size() > 2 && name.substr(0, 2) == "bv";  // bvadd, bv5, ...
}

std::string symbol(std::string_view name) {
  const bool simple = !name.empty() && !(name[0] >= '0' && name[0] <= '9') &&
                      std::all_of(name.begin(), name.end(), isSimpleSymbolChar) && !clashes(name);
  return simple ? std::string(name) : wrap("|", name, "|");
}

std::string natural(const BigInt& i, bool real) { return i.str() + (real ? ".0" : ""); }

std::string literal(const Value& v) {
  switch (v.sort().kind()) {
    case SortKind::Bool: return v.asBool() ? "true" : "false";
    case SortKind::Int: {
      const BigInt& i = v.asInt();
      return i < 0 ? wrap("(- ", natural(-i, false), ")") : natural(i, false);
    }
    case SortKind::Real: {
      const Rational& r = v.asReal();
      const BigInt num = boost::multiprecision::numerator(r);
      const BigInt den = boost::multiprecision::denominator(r);
      const BigInt mag = num < 0 ? BigInt(-num) : num;
      const std::string body =
          den == 1 ? natural(mag, true) : wrap("(/ ", natural(mag, true) + ' ' + natural(den, true), ")");
      return num < 0 ? wrap("(- ", body, ")") : body;
    }
    case SortKind::BitVec: return wrap("(_ bv", v.bits().str() + ' ' + std::to_string(v.sort().width()), ")");
  }
  return "?";
}

// The SMT-LIB function symbol of an operator, which for arithmetic depends on the operand sort.
std::string_view head(Expr e) {
  const Sort operand = e.arity() > 0 ? e.child(e.op() == Op::Ite ? 1 : 0).sort() : e.sort();
  const bool bv = operand.isBitVec();
  switch (e.op()) {
    case Op::Not: return "not";
    case Op::And: return "and";
    case Op::Or: return "or";
    case Op::Implies: return "=>";
    case Op::Xor: return "xor";
    case Op::Ite: return "ite";
    case Op::Eq: return "=";
    case Op::Neg: return bv ? "bvneg" : "-";
    case Op::Add: return bv ? "bvadd" : "+";
    case Op::Sub: return bv ? "bvsub" : "-";
    case Op::Mul: return bv ? "bvmul" : "*";
    case Op::Div: return bv ? "bvudiv" : (operand.isInt() ? "div" : "/");
    case Op::Mod: return bv ? "bvurem" : "mod";
    case Op::Lt: return bv ? "bvult" : "<";
    case Op::Le: return bv ? "bvule" : "<=";
    case Op::Gt: return bv ? "bvugt" : ">";
    case Op::Ge: return bv ? "bvuge" : ">=";
    case Op::ToReal: return "to_real";
    case Op::BvNot: return "bvnot";
    case Op::BvAnd: return "bvand";
    case Op::BvOr: return "bvor";
    case Op::BvXor: return "bvxor";
    case Op::BvShl: return "bvshl";
    case Op::BvLshr: return "bvlshr";
    case Op::BvSlt: return "bvslt";
    case Op::BvSle: return "bvsle";
    case Op::BvSgt: return "bvsgt";
    case Op::BvSge: return "bvsge";
    case Op::BvSdiv: return "bvsdiv";
    case Op::BvSrem: return "bvsrem";
    case Op::Const:
    case Op::Var:
    case Op::Apply: break;
  }
  return "?";
}

}  // namespace

std::string toSmtLib(Expr e) {
  std::string text;
  // An entry is a node to open, or (node == null) a closing parenthesis; separators go before
  // every child but the first.
  struct Item {
    Expr node;
    bool space;
  };
  std::vector<Item> stack{{e, false}};
  while (!stack.empty()) {
    const Item item = stack.back();
    stack.pop_back();
    if (item.space) text += ' ';
    if (item.node.isNull()) {
      text += ')';
      continue;
    }
    const Expr n = item.node;
    if (n.isConst()) {
      text += literal(n.value());
      continue;
    }
    if (n.isVar()) {
      text += symbol(n.name());
      continue;
    }
    if (n.op() == Op::Apply && n.arity() == 0) {
      text += symbol(n.function().name());
      continue;
    }
    text += '(';
    text += n.op() == Op::Apply ? symbol(n.function().name()) : std::string(head(n));
    stack.push_back({Expr(), false});
    for (std::size_t i = n.arity(); i-- > 0;) stack.push_back({n.child(i), true});
  }
  return text;
}

std::string toSmtLibScript(std::span<const Expr> assertions) {
  // Collect the variables and functions used, each node once, then order by creation.
  std::vector<Expr> vars;
  std::vector<const FunctionDecl*> functions;
  std::unordered_set<std::uint32_t> seen;
  std::unordered_set<std::uint32_t> seenFunctions;
  std::vector<Expr> work(assertions.begin(), assertions.end());
  while (!work.empty()) {
    const Expr n = work.back();
    work.pop_back();
    if (!seen.insert(n.id()).second) continue;
    if (n.isVar()) vars.push_back(n);
    if (n.op() == Op::Apply && seenFunctions.insert(n.function().id()).second) functions.push_back(&n.function());
    for (Expr c : n.children()) work.push_back(c);
  }
  std::sort(vars.begin(), vars.end(), ExprIdLess{});
  std::sort(functions.begin(), functions.end(), [](const FunctionDecl* a, const FunctionDecl* b) { return a->id() < b->id(); });

  std::string script = "(set-logic ALL)\n";
  for (Expr v : vars) script += wrap("(declare-fun ", symbol(v.name()) + " () " + sortText(v.sort()), ")\n");
  for (const FunctionDecl* f : functions) {
    script += wrap("(declare-fun ", symbol(f->name()), " (");
    for (std::size_t i = 0; i < f->params().size(); ++i) {
      if (i) script += ' ';
      script += sortText(f->params()[i]);
    }
    script += ") " + sortText(f->result()) + ")\n";
  }
  for (Expr a : assertions) script += wrap("(assert ", toSmtLib(a), ")\n");
  script += "(check-sat)\n";
  return script;
}

}  // namespace symseq
