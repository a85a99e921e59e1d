#include "IostsScope.h"

namespace symseq::iosts {

namespace {

template <typename Map>
auto find(const Map& map, std::string_view name) -> const typename Map::mapped_type* {
  const auto it = map.find(name);
  return it == map.end() ? nullptr : &it->second;
}

std::string hintFor(const std::string& message) {
  if (message.rfind("unknown function", 0) == 0)
    return "declare it with 'function NAME(int, ...) : int', or call a builtin (to_real, slt, ...)";
  if (message.rfind("unknown variable", 0) == 0)
    return "declare it with 'var NAME : SORT', or as a literal of an enum";
  return "";
}

}  // namespace

std::set<Expr, ExprIdLess> variablesOf(Expr e) {
  std::set<Expr, ExprIdLess> out;
  std::set<std::uint32_t> seen;
  std::vector<Expr> todo{e};
  while (!todo.empty()) {
    const Expr x = todo.back();
    todo.pop_back();
    if (!seen.insert(x.id()).second) continue;
    if (x.isVar()) out.insert(x);
    for (Expr c : x.children()) todo.push_back(c);
  }
  return out;
}

Expr parseTerm(ExprContext& ctx, const ExprText& text, const ModelScope& scope) {
  try {
    return parseExpr(ctx, text.text, ParseOptions{text.where, &scope});
  } catch (const SortError& e) {
    if (!e.hint().empty()) throw;
    throw SortError(e.message(), e.location(), "enum literals are ints; to_real(i) converts an int to a real");
  } catch (const ParseError& e) {
    if (!e.hint().empty() || hintFor(e.message()).empty()) throw;
    throw ParseError(e.message(), e.location(), hintFor(e.message()));
  }
}

void ModelScope::addVariable(const std::string& name, Expr var) {
  variables_.emplace(name, var);
  names_.push_back(name);
  attributeNames_.push_back(name);
}

void ModelScope::addArray(const std::string& name, std::vector<Expr> cells) {
  arrays_.emplace(name, std::move(cells));
  names_.push_back(name);
  attributeNames_.push_back(name);
}

void ModelScope::addLiteral(const std::string& name, Expr value) {
  literals_.emplace(name, value);
  names_.push_back(name);
}

void ModelScope::addFunction(const FunctionDecl& f) {
  functions_.emplace(f.name(), &f);
  functionNames_.push_back(f.name());
}

std::optional<Expr> ModelScope::lookupVariable(std::string_view name) const {
  if (const Expr* v = find(variables_, name)) return *v;
  if (const Expr* v = find(literals_, name)) return *v;
  return std::nullopt;
}

const std::vector<Expr>* ModelScope::lookupArray(std::string_view name) const { return find(arrays_, name); }

const FunctionDecl* ModelScope::lookupFunction(std::string_view name) const {
  const FunctionDecl* const* f = find(functions_, name);
  return f == nullptr ? nullptr : *f;
}

}  // namespace symseq::iosts
