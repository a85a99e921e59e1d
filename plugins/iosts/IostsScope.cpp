#include "IostsScope.h"

#include "IostsScanner.h"

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

bool isNameStart(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; }
bool isNameChar(char c) { return isNameStart(c) || (c >= '0' && c <= '9') || c == '.'; }
bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::string placeText(CallPlace place) {
  switch (place) {
    case CallPlace::Guard: return "in a guard";
    case CallPlace::Emitted: return "in an emitted term";
    case CallPlace::Index: return "in an array index";
    case CallPlace::InitialValue: return "in an initial value";
    case CallPlace::Axiom: return "in an axiom";
    case CallPlace::AssignedValue: return "inside a larger term";
  }
  return "";
}

}  // namespace

std::vector<NameUse> namesIn(std::string_view text) {
  std::vector<NameUse> out;
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    const bool backslash = c == '\\' && i + 1 < text.size() && isNameStart(text[i + 1]);
    if (!isNameStart(c) && !backslash && !(c >= '0' && c <= '9')) {
      ++i;
      continue;
    }
    const std::size_t begin = i;
    ++i;
    while (i < text.size() && isNameChar(text[i])) ++i;
    if (c >= '0' && c <= '9') continue;  // a number, as the lexer reads one (2.5, 255bv8)
    std::size_t next = i;
    while (next < text.size() && isBlank(text[next])) ++next;
    out.push_back({std::string(text.substr(begin, i - begin)), begin, next < text.size() && text[next] == '('});
  }
  return out;
}

SourceLocation locate(const ExprText& e, std::size_t offset) {
  SourceLocation at = e.where;
  std::size_t lineStart = 0;
  bool newline = false;
  for (std::size_t i = 0; i < offset && i < e.text.size(); ++i)
    if (e.text[i] == '\n') {
      ++at.line;
      lineStart = i + 1;
      newline = true;
    }
  at.column = static_cast<std::uint32_t>(newline ? offset - lineStart + 1 : e.where.column + offset);
  return at;
}

void checkProgramCalls(Expr e, const ExprText& text, const ModelScope& scope, CallPlace place) {
  std::vector<NameUse> calls;
  for (NameUse& n : namesIn(text.text))
    if (n.call && scope.isProgram(n.text)) calls.push_back(std::move(n));
  // The one call allowed is the whole assigned value; its name comes first in the text.
  const bool whole = place == CallPlace::AssignedValue && !e.isNull() && e.op() == Op::Apply &&
                     e.function().kind() == FunctionKind::Program;
  const std::size_t allowed = whole ? 1 : 0;
  if (calls.size() <= allowed) return;
  const NameUse& bad = calls[allowed];
  const std::string where = whole ? "in the arguments of another program call" : placeText(place);
  Scanner::failAt(locate(text, bad.offset), "program '" + bad.text + "' is called " + where,
                  "assign the call to an attribute first: a program call is only allowed as the whole right-hand "
                  "side of an assignment, as in 'x := " + bad.text + "(...)'");
}

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

Expr parseTerm(ExprContext& ctx, const ExprText& text, const Scope& scope) {
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

void ModelScope::addFrozen(const std::string& name, Expr var) {
  frozen_.emplace(name, var);
  names_.push_back(name);
}

bool ModelScope::isProgram(std::string_view name) const {
  const FunctionDecl* f = lookupFunction(name);
  return f != nullptr && f->kind() == FunctionKind::Program;
}

void ModelScope::addFunction(const FunctionDecl& f) {
  functions_.emplace(f.name(), &f);
  functionNames_.push_back(f.name());
}

std::optional<Expr> ModelScope::lookupVariable(std::string_view name) const {
  if (const Expr* v = find(variables_, name)) return *v;
  if (const Expr* v = find(literals_, name)) return *v;
  if (const Expr* v = find(frozen_, name)) return *v;
  return std::nullopt;
}

const std::vector<Expr>* ModelScope::lookupArray(std::string_view name) const { return find(arrays_, name); }

const FunctionDecl* ModelScope::lookupFunction(std::string_view name) const {
  const FunctionDecl* const* f = find(functions_, name);
  return f == nullptr ? nullptr : *f;
}

}  // namespace symseq::iosts
