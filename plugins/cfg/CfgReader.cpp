#include "CfgReader.h"
#include "symseq/support/FoundText.h"

#include <algorithm>
#include <cctype>
#include <map>

#include "symseq/expr/Parser.h"
#include "symseq/support/DidYouMean.h"

namespace symseq::cfg {

SourceLocation locate(const ExprText& text, std::size_t offset) {
  SourceLocation loc = text.where;
  for (std::size_t i = 0; i < offset && i < text.text.size(); ++i) {
    if (text.text[i] == '\n') {
      ++loc.line;
      loc.column = 1;
    } else {
      ++loc.column;
    }
  }
  return loc;
}

namespace {
bool isIdentStart(char c);
bool isIdentChar(char c);
}  // namespace

std::vector<Identifier> identifiers(std::string_view text) {
  std::vector<Identifier> ids;
  for (std::size_t i = 0; i < text.size();) {
    if (!isIdentChar(text[i])) {
      ++i;
      continue;
    }
    const std::size_t start = i;
    while (i < text.size() && isIdentChar(text[i])) ++i;
    if (isIdentStart(text[start])) ids.push_back({std::string(text.substr(start, i - start)), start});
  }
  return ids;
}

namespace {

bool isIdentStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_'; }
bool isIdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

// A position-tracking scanner over the whole file. Declarations are free-form, except that a
// condition, an initial value and an edge end at the end of their line.
class Cursor {
 public:
  Cursor(std::string_view text, const std::string& file) : text_(text), file_(file) {}

  [[nodiscard]] SourceLocation here() const { return {file_, line_, column_}; }
  [[nodiscard]] bool atEnd() const { return pos_ >= text_.size(); }
  [[nodiscard]] char peek() const { return atEnd() ? '\0' : text_[pos_]; }

  // Skips blanks and comments; newlines too unless `sameLine`.
  void skip(bool sameLine = false) {
    while (!atEnd()) {
      const char c = peek();
      if (c == '#') {
        while (!atEnd() && peek() != '\n') advance();
      } else if (c == '\n' && sameLine) {
        return;
      } else if (std::isspace(static_cast<unsigned char>(c)) != 0) {
        advance();
      } else {
        return;
      }
    }
  }

  [[nodiscard]] bool atLineEnd() {
    skip(true);
    return atEnd() || peek() == '\n';
  }

  // An identifier, or an error saying what was expected.
  std::string word(std::string_view what, bool sameLine = true) {
    skip(sameLine);
    if (!isIdentStart(peek())) fail("expected " + std::string(what) + ", found " + found());
    std::string w;
    while (isIdentChar(peek())) w += advance();
    return w;
  }

  void expect(std::string_view symbol, std::string_view context, bool sameLine = true) {
    skip(sameLine);
    if (text_.substr(pos_, symbol.size()) != symbol)
      fail("expected '" + std::string(symbol) + "' " + std::string(context) + ", found " + found());
    for (std::size_t i = 0; i < symbol.size(); ++i) advance();
  }

  bool accept(char c, bool sameLine = true) {
    skip(sameLine);
    if (peek() != c) return false;
    advance();
    return true;
  }

  // The rest of the line up to a comment, trimmed; an error when empty.
  ExprText restOfLine(std::string_view what) {
    skip(true);
    ExprText e{"", here()};
    while (!atEnd() && peek() != '\n' && peek() != '#') e.text += advance();
    while (!e.text.empty() && std::isspace(static_cast<unsigned char>(e.text.back())) != 0) e.text.pop_back();
    if (e.text.empty()) failAt(e.where, "expected " + std::string(what) + " before the end of the line");
    return e;
  }

  // An assigned value: everything up to ';' (it may span lines).
  ExprText untilSemicolon() {
    skip();
    ExprText e{"", here()};
    while (!atEnd() && peek() != ';') {
      if (peek() == '}' || peek() == '{' || peek() == '#')
        fail("expected ';' to end the assignment, found " + found(), "end each assignment with ';'");
      e.text += advance();
    }
    if (atEnd()) fail("expected ';' to end the assignment, found the end of the file", "end each assignment with ';'");
    advance();
    while (!e.text.empty() && std::isspace(static_cast<unsigned char>(e.text.back())) != 0) e.text.pop_back();
    if (e.text.empty()) failAt(e.where, "expected an expression after '='");
    return e;
  }

  [[noreturn]] void fail(const std::string& message, std::string hint = {}) const {
    failAt(here(), message, std::move(hint));
  }
  [[noreturn]] static void failAt(SourceLocation where, const std::string& message, std::string hint = {}) {
    throw ParseError(message, std::move(where), std::move(hint));
  }

  [[nodiscard]] std::string found() const { return foundText(text_, pos_); }

 private:
  char advance() {
    const char c = text_[pos_++];
    if (c == '\n') {
      ++line_;
      column_ = 1;
    } else {
      ++column_;
    }
    return c;
  }

  std::string_view text_;
  std::string file_;
  std::size_t pos_ = 0;
  std::uint32_t line_ = 1;
  std::uint32_t column_ = 1;
};

struct PendingEdge {
  Edge edge;
  std::string source, target;
  SourceLocation sourceWhere;
};

class Reader {
 public:
  Reader(std::string_view text, const std::string& file) : in_(text, file) {
    model_.nodes.push_back({"init", NodeKind::Init, in_.here(), {}, std::nullopt});
    model_.nodes.push_back({"loop", NodeKind::Loop, in_.here(), {}, std::nullopt});
  }

  Model read() {
    for (in_.skip(); !in_.atEnd(); in_.skip()) statement();
    resolveEdges();
    addImplicitInitEdge();
    resolveTargets();
    return std::move(model_);
  }

 private:
  void statement() {
    const SourceLocation where = in_.here();
    const std::string keyword = in_.word("a declaration (model, input, var, init, node, edge or targets)", false);
    if (keyword == "model") {
      if (!model_.name.empty()) Cursor::failAt(where, "the model is named twice", "keep one 'model NAME' line");
      model_.name = in_.word("the model's name");
    } else if (keyword == "input" || keyword == "var") {
      variable(keyword == "input");
    } else if (keyword == "init") {
      if (model_.hasInitBlock) Cursor::failAt(where, "the init block is declared twice", "merge the two init blocks");
      model_.hasInitBlock = true;
      model_.nodes[kInitNode].where = where;
      model_.nodes[kInitNode].assignments = block();
    } else if (keyword == "node") {
      node();
    } else if (keyword == "edge") {
      edge();
    } else if (keyword == "targets") {
      targets(where);
    } else {
      const std::vector<std::string> keywords{"model", "input", "var", "init", "node", "edge", "targets"};
      Cursor::failAt(where, "unknown declaration '" + keyword + "'" + didYouMean(keyword, keywords),
                     "a line starts with model, input, var, init, node, edge or targets");
    }
    if (!in_.atLineEnd())
      in_.fail("expected the end of the line, found " + in_.found(), "put one declaration per line");
  }

  void variable(bool input) {
    VarDecl v;
    v.input = input;
    v.where = (in_.skip(true), in_.here());
    v.name = in_.word(input ? "the input's name" : "the variable's name");
    if (isReservedName(v.name))
      Cursor::failAt(v.where, "'" + v.name + "' is a reserved word of the expression syntax", "choose another name");
    claim(variables_, v.name, v.where, "variable");
    in_.expect(":", "and a sort after the name");
    in_.skip(true);
    const SourceLocation sortWhere = in_.here();
    const std::string sortName = in_.word("a sort (bool, int, real or bvN)");
    const auto sort = Sort::fromString(sortName);
    if (!sort)
      Cursor::failAt(sortWhere,
                     "unknown sort '" + sortName + "'" + didYouMean(sortName, {"bool", "int", "real", "bv8"}),
                     "sorts are bool, int, real and bvN for a bit-vector of N bits");
    v.sort = *sort;
    if (in_.accept('=')) {
      if (input)
        in_.fail("an input cannot have an initial value", "inputs are read afresh at 'loop'; use 'var' for state");
      v.initial = in_.restOfLine("an initial value after '='");
    }
    model_.variables.push_back(std::move(v));
  }

  std::vector<Assignment> block() {
    in_.expect("{", "to open the block");
    std::vector<Assignment> assignments;
    while (!in_.accept('}', false)) {
      in_.skip();
      if (in_.atEnd()) in_.fail("expected '}' to close the block, found the end of the file");
      Assignment a;
      a.where = in_.here();
      a.variable = in_.word("an assignment 'name = expression;' or '}'", false);
      in_.expect("=", "after the assigned variable", false);
      a.value = in_.untilSemicolon();
      assignments.push_back(std::move(a));
    }
    return assignments;
  }

  void node() {
    Node n;
    n.where = (in_.skip(true), in_.here());
    n.name = in_.word("the node's name");
    if (n.name == "init" || n.name == "loop")
      Cursor::failAt(n.where, "'" + n.name + "' is a built-in node and cannot be declared",
                     n.name == "init" ? "write the initialisation as 'init { ... }'"
                                      : "edges may use 'loop' without declaring it");
    claim(nodes_, n.name, n.where, "node");
    in_.skip(true);
    if (in_.peek() == '{') {
      n.kind = NodeKind::Block;
      n.assignments = block();
    } else {
      const std::string keyword = in_.word("'{' (a block) or 'if' (a decision) after the node's name");
      if (keyword != "if")
        Cursor::failAt(n.where, "expected '{' or 'if' after the node's name, found '" + keyword + "'");
      n.kind = NodeKind::Decision;
      n.condition = in_.restOfLine("a condition after 'if'");
    }
    model_.nodes.push_back(std::move(n));
  }

  void edge() {
    PendingEdge p;
    p.edge.where = (in_.skip(true), in_.here());
    p.edge.name = in_.word("the edge's name");
    claim(edges_, p.edge.name, p.edge.where, "edge");
    in_.expect(":", "after the edge's name");
    p.sourceWhere = (in_.skip(true), in_.here());
    p.source = in_.word("the source node");
    in_.expect("->", "between the source and the target node");
    p.edge.targetWhere = (in_.skip(true), in_.here());
    p.target = in_.word("the target node");
    if (!in_.atLineEnd()) {
      p.edge.whenWhere = in_.here();
      const std::string when = in_.word("'when true' or 'when false'");
      if (when != "when")
        Cursor::failAt(p.edge.whenWhere, "expected 'when' or the end of the line, found '" + when + "'");
      const SourceLocation branchWhere = (in_.skip(true), in_.here());
      const std::string branch = in_.word("'true' or 'false' after 'when'");
      if (branch != "true" && branch != "false")
        Cursor::failAt(branchWhere, "expected 'true' or 'false' after 'when', found '" + branch + "'");
      p.edge.when = branch == "true";
    }
    pending_.push_back(std::move(p));
  }

  // `targets e1, e2, ...`: the edges a run covers when its run file names none. One line, so
  // that the list reads as one declaration; the names resolve in resolveTargets(), since they
  // may name edges declared further down.
  void targets(const SourceLocation& where) {
    if (model_.targetsWhere)
      Cursor::failAt(where, "the target list is declared twice (first at " + model_.targetsWhere->toString() + ")",
                     "list every target on one 'targets' line");
    model_.targetsWhere = where;
    if (in_.atLineEnd())
      in_.fail("expected an edge name after 'targets', found " + in_.found(),
               "list the edges to cover, e.g. 'targets e1, e2', or remove the line");
    std::map<std::string, SourceLocation> listed;
    do {
      if (!model_.targets.empty() && in_.atLineEnd())
        in_.fail("expected an edge name after ',', found " + in_.found(),
                 "remove the trailing ',' (the list ends with the line)");
      TargetRef t;
      t.where = (in_.skip(true), in_.here());
      t.name = in_.word("an edge name");
      const auto [first, fresh] = listed.emplace(t.name, t.where);
      if (!fresh)
        Cursor::failAt(t.where,
                       "edge '" + t.name + "' is listed twice in 'targets' (first at " + first->second.toString() + ")",
                       "list each target once");
      model_.targets.push_back(std::move(t));
    } while (in_.accept(','));
    if (!in_.atLineEnd())
      in_.fail("expected ',' or the end of the line after target '" + model_.targets.back().name + "', found " +
                   in_.found(),
               "separate the targets with commas");
  }

  // Nodes may be declared after the edges that use them, so edges resolve at the end.
  void resolveEdges() {
    std::vector<std::string> names;
    for (const Node& n : model_.nodes) names.push_back(n.name);
    auto find = [&](const std::string& name, const SourceLocation& where) {
      for (std::size_t i = 0; i < names.size(); ++i)
        if (names[i] == name) return i;
      Cursor::failAt(where, "unknown node '" + name + "'" + didYouMean(name, names),
                     "declare it with 'node " + name + " { ... }' or 'node " + name + " if ...'");
    };
    bool loopMentioned = false;  // `loop` is never declared: errors about it point at its first use
    for (PendingEdge& p : pending_) {
      p.edge.source = find(p.source, p.sourceWhere);
      p.edge.target = find(p.target, p.edge.targetWhere);
      if (!loopMentioned && (p.edge.source == kLoopNode || p.edge.target == kLoopNode)) {
        model_.nodes[kLoopNode].where = p.edge.source == kLoopNode ? p.sourceWhere : p.edge.targetWhere;
        loopMentioned = true;
      }
      model_.edges.push_back(std::move(p.edge));
    }
  }

  // A model without init block and without edges from `init` starts the loop at once, through an
  // edge named `init`, so that the checks and the lowering see one uniform graph.
  void addImplicitInitEdge() {
    if (model_.hasInitBlock) return;
    for (const Edge& e : model_.edges) {
      if (e.source == kInitNode) return;
    }
    for (const Edge& e : model_.edges) {
      if (e.name == "init")
        Cursor::failAt(e.where,
                       "edge name 'init' is taken by the edge 'init -> loop' that a model without init block gets",
                       "rename the edge, or add an init block ('init { }') and an edge from 'init'");
    }
    const SourceLocation start = model_.nodes[kInitNode].where;
    model_.edges.insert(model_.edges.begin(), Edge{"init", start, kInitNode, kLoopNode, start, std::nullopt, start});
  }

  // After addImplicitInitEdge, so that a target may name the implicit edge `init` like a run
  // file's [targets] may.
  void resolveTargets() {
    std::vector<std::string> names;
    for (const Edge& e : model_.edges) names.push_back(e.name);
    for (TargetRef& t : model_.targets) {
      const auto it = std::find(names.begin(), names.end(), t.name);
      if (it == names.end()) {
        // Naming a node is a likely slip (coverage is of edges), so it gets its own message.
        const bool isNode = std::any_of(model_.nodes.begin(), model_.nodes.end(),
                                        [&](const Node& n) { return n.name == t.name; });
        Cursor::failAt(t.where,
                       isNode ? "'" + t.name + "' in 'targets' is a node, not an edge"
                              : "unknown edge '" + t.name + "' in 'targets'" + didYouMean(t.name, names),
                       isNode ? "name the edges into or out of '" + t.name + "' that must be covered"
                              : "a target is an edge of this model, declared with 'edge " + t.name + " : FROM -> TO'");
      }
      t.edge = static_cast<std::size_t>(it - names.begin());
    }
  }

  // Records a name, refusing a second declaration with the place of the first.
  static void claim(std::map<std::string, SourceLocation>& seen, const std::string& name, const SourceLocation& where,
                    const std::string& what) {
    const auto [it, fresh] = seen.emplace(name, where);
    if (!fresh)
      Cursor::failAt(where, what + " '" + name + "' is declared twice (first at " + it->second.toString() + ")",
                     "give each " + what + " its own name");
  }

  Cursor in_;
  Model model_;
  std::vector<PendingEdge> pending_;
  std::map<std::string, SourceLocation> variables_, nodes_, edges_;
};

}  // namespace

Model readModel(std::string_view text, const std::string& file) { return Reader(text, file).read(); }

}  // namespace symseq::cfg
