#include "SyncReader.h"

#include <algorithm>
#include <map>
#include <set>

#include "SyncScanner.h"
#include "symseq/expr/Parser.h"
#include "symseq/expr/Rewrite.h"
#include "symseq/support/DidYouMean.h"

namespace symseq::sync {

using statechart::Automaton;
using statechart::ChartTransition;
using statechart::DeclarationKind;
using statechart::State;
using statechart::TransitionKind;

namespace {

constexpr std::string_view kKeywords[] = {
    "model", "input",  "output",   "signal", "var",  "parameter", "automaton", "observer", "command", "initial",
    "final", "state",  "region",   "immediate", "abort", "weak",  "join",      "on",       "if",      "priority",
    "emit"};

bool isKeyword(std::string_view w) { return std::find(std::begin(kKeywords), std::end(kKeywords), w) != std::end(kKeywords); }

[[noreturn]] void failAt(const SourceLocation& where, const std::string& message, std::string hint = {}) {
  throw ParseError(message, where, std::move(hint));
}

std::string kindName(DeclarationKind k) {
  switch (k) {
    case DeclarationKind::InputSignal: return "input signal";
    case DeclarationKind::DataInput: return "data input";
    case DeclarationKind::OutputSignal: return "output signal";
    case DeclarationKind::LocalSignal: return "local signal";
    case DeclarationKind::Variable: return "variable";
    case DeclarationKind::Parameter: return "parameter";
  }
  return "name";
}

std::string withArticle(const std::string& noun) {
  return (noun.front() == 'i' || noun.front() == 'o' ? "an " : "a ") + noun;
}

struct Declared {
  Expr var;
  DeclarationKind kind;
  SourceLocation where;
};

// Expressions see the model's declarations only.
class DeclScope final : public Scope {
 public:
  explicit DeclScope(const std::map<std::string, Declared, std::less<>>& decls) : decls_(decls) {}
  [[nodiscard]] std::optional<Expr> lookupVariable(std::string_view name) const override {
    const auto it = decls_.find(name);
    if (it == decls_.end()) return std::nullopt;
    return it->second.var;
  }
  [[nodiscard]] const FunctionDecl* lookupFunction(std::string_view) const override { return nullptr; }
  [[nodiscard]] std::vector<std::string> variableNames() const override {
    std::vector<std::string> names;
    for (const auto& [name, d] : decls_) names.push_back(name);
    return names;
  }

 private:
  const std::map<std::string, Declared, std::less<>>& decls_;
};

// Where a transition's source and target were written, resolved once every state is known.
struct StateRefs {
  SourceLocation source, target;
};

class Reader {
 public:
  Reader(std::string_view text, const std::string& file, ExprContext& ctx) : in_(text, file), ctx_(ctx) {
    chart_.where = {file, 1, 1};
  }

  statechart::Chart read() {
    bool sawAutomaton = false;
    for (in_.skip(false); !in_.atEnd(); in_.skip(false)) {
      const SourceLocation where = in_.here();
      const std::string kw = in_.word(
          "a declaration (model, input, output, signal, var, parameter, automaton, observer or command)");
      if (kw == "model") {
        if (!chart_.name.empty()) failAt(where, "the model is named twice", "keep one 'model NAME' line");
        chart_.name = in_.word("the model's name");
        in_.endLine("the model's name");
      } else if (kw == "input" || kw == "output" || kw == "signal") {
        signals(kw, where);
      } else if (kw == "var" || kw == "parameter") {
        variable(kw == "parameter", where);
      } else if (kw == "automaton") {
        if (sawAutomaton)
          failAt(where, "a second top automaton", "a model has one hierarchical 'automaton'; put parallel "
                                                   "automata in 'observer' blocks or in regions of a macro-state");
        sawAutomaton = true;
        chart_.main = topAutomaton(false, where);
      } else if (kw == "observer") {
        chart_.observers.push_back(topAutomaton(true, where));
      } else if (kw == "command") {
        command(where);
      } else {
        failAt(where, "unknown declaration '" + kw + "'" + didYouMean(kw, {"model", "input", "output", "signal", "var",
                                                                              "parameter", "automaton", "observer",
                                                                              "command"}),
               "a model is made of model, input, output, signal, var, parameter, automaton, observer and command "
               "lines (docs/models/sync.md)");
      }
    }
    if (!sawAutomaton) failAt(chart_.where, "the model has no 'automaton'", "write the hierarchical machine as 'automaton NAME { ... }'");
    resolveStates(chart_.main);
    for (Automaton& o : chart_.observers) resolveStates(o);
    return std::move(chart_);
  }

 private:
  // ---- declarations ----
  std::string newName(std::string_view what) {
    const SourceLocation where = in_.here();
    std::string name = in_.word(what);
    if (isKeyword(name) || isReservedName(name))
      failAt(where, "'" + name + "' is a reserved word and cannot name " + std::string(what),
             "choose another name");
    return name;
  }

  void declare(const std::string& name, Sort sort, DeclarationKind kind, const SourceLocation& where,
               std::optional<Expr> initial = std::nullopt) {
    if (const auto it = decls_.find(name); it != decls_.end())
      failAt(where, "'" + name + "' is declared twice (first at " + std::to_string(it->second.where.line) + ":" +
                        std::to_string(it->second.where.column) + ", as " + withArticle(kindName(it->second.kind)) + ")",
             "rename one of them");
    const Expr var = ctx_.var(name, sort);
    decls_.emplace(name, Declared{var, kind, where});
    chart_.declarations.push_back({var, kind, initial, where});
  }

  Sort sortOf(const std::string& text, const SourceLocation& where, bool allowInt) {
    if (text == "bool") return Sort::boolean();
    if (text == "int" && allowInt) return Sort::integer();
    failAt(where, "unknown sort '" + text + "'" + didYouMean(text, {"int", "bool"}), "the sorts are 'int' and 'bool'");
  }

  void signals(const std::string& kw, const SourceLocation&) {
    std::vector<std::pair<std::string, SourceLocation>> names;
    do {
      in_.skip(true);
      const SourceLocation at = in_.here();
      names.emplace_back(newName("a signal"), at);
    } while (in_.accept(","));
    DeclarationKind kind = kw == "output" ? DeclarationKind::OutputSignal
                           : kw == "signal" ? DeclarationKind::LocalSignal
                                            : DeclarationKind::InputSignal;
    Sort sort = Sort::boolean();
    if (in_.accept(":")) {
      in_.skip(true);
      const SourceLocation at = in_.here();
      const std::string sortText = in_.word("a sort");
      if (kw != "input")
        failAt(at, "an " + kw + " signal is pure and takes no sort", "declare data with 'var NAME : SORT'");
      sort = sortOf(sortText, at, true);
      kind = DeclarationKind::DataInput;
    }
    in_.endLine("the " + kw + " declaration");
    for (const auto& [name, where] : names) declare(name, sort, kind, where);
  }

  void variable(bool parameter, const SourceLocation&) {
    in_.skip(true);
    const SourceLocation at = in_.here();
    const std::string name = newName(parameter ? "a parameter" : "a variable");
    in_.expect(":", "and a sort after the name");
    in_.skip(true);
    const SourceLocation sortAt = in_.here();
    const Sort sort = sortOf(in_.word("a sort"), sortAt, true);
    std::optional<Expr> initial;
    if (!parameter) {
      if (in_.accept("=")) {
        const ExprText text = in_.expression("an initial value", {}, "");
        const Expr value = parse(text);
        std::set<Expr, ExprIdLess> vars;
        collectVariables(value, vars);
        if (!vars.empty()) failAt(text.where, "the initial value of '" + name + "' is not a constant", "write a literal such as 0, 0x1F or false");
        checkSort(value, sort, text.where, "the initial value of '" + name + "'");
        initial = value;
      } else {
        initial = sort.isBool() ? ctx_.boolVal(false) : ctx_.intVal(0);
      }
    }
    in_.endLine(parameter ? "the parameter" : "the variable");
    declare(name, sort, parameter ? DeclarationKind::Parameter : DeclarationKind::Variable, at, initial);
  }

  void command(const SourceLocation& where) {
    const std::string name = newName("a command");
    in_.expect("=", "after the command's name");
    in_.skip(true);
    const SourceLocation stateAt = in_.here();
    const std::string state = in_.word("a macro-state of the top automaton");
    in_.endLine("the command");
    for (const auto& c : chart_.commands)
      if (c.name == name)
        failAt(where, "command '" + name + "' is declared twice (first at " + std::to_string(c.where.line) + ":" +
                          std::to_string(c.where.column) + ")",
               "rename one of them");
    chart_.commands.push_back({name, state, stateAt});
  }

  // ---- expressions ----
  Expr parse(const ExprText& text) {
    const DeclScope scope(decls_);
    try {
      return parseExpr(ctx_, text.text, ParseOptions{text.where, &scope});
    } catch (const ParseError& e) {
      if (!e.hint().empty() || e.message().rfind("unknown variable", 0) != 0) throw;
      throw ParseError(e.message(), e.location(),
                       "declare it before the automata: 'input NAME', 'output NAME', 'signal NAME', "
                       "'var NAME : int' or 'parameter NAME : bool'");
    }
  }

  static void checkSort(Expr value, Sort sort, const SourceLocation& where, const std::string& what) {
    if (value.sort() != sort)
      throw SortError(what + " is " + value.sort().toString() + ", expected " + sort.toString(), where,
                      sort.isBool() ? "write a condition such as x > 0 or a signal name" : "write an expression of sort " + sort.toString());
  }

  // ---- automata ----
  Automaton topAutomaton(bool observer, const SourceLocation& where) {
    Automaton a;
    a.name = newName(observer ? "an observer" : "an automaton");
    a.where = where;
    claimAutomatonName(a.name, where);
    in_.expect("{", "to open the body of '" + a.name + "'");
    in_.endLine("'{'");
    body(a, observer, where);
    return a;
  }

  void claimAutomatonName(const std::string& name, const SourceLocation& where) {
    if (const auto it = automata_.find(name); it != automata_.end())
      failAt(where, "automaton name '" + name + "' is used twice (first at " + std::to_string(it->second.line) + ":" +
                        std::to_string(it->second.column) + ")",
             "automata, regions and observers need distinct names");
    automata_.emplace(name, where);
  }

  // States and transitions up to the closing '}'.
  void body(Automaton& a, bool observer, const SourceLocation& opened) {
    while (true) {
      in_.skip(false);
      if (in_.atEnd())
        in_.fail("expected '}' to close '" + a.name + "' opened at " + std::to_string(opened.line) + ":" +
                 std::to_string(opened.column) + ", found the end of the file");
      if (in_.peek() == '}') {
        (void)in_.accept("}");
        in_.endLine("'}'");
        break;
      }
      const SourceLocation where = in_.here();
      const std::string first = in_.peekWord();
      if (first == "initial" || first == "final" || first == "state") {
        stateItem(a, observer);
      } else if (first == "region") {
        failAt(where, "a region outside a macro-state's body", "write regions directly inside 'state NAME { ... }'");
      } else {
        transitionItem(a);
      }
    }
    if (a.states.empty()) failAt(opened, "'" + a.name + "' has no states", "declare at least 'initial state NAME'");
    if (a.initial.empty())
      failAt(opened, "'" + a.name + "' has no initial state", "mark one of its states: 'initial state " + a.states.front().name + "'");
    // Priority order per source; the sort is stable, so declaration order stays among equals.
    std::stable_sort(a.transitions.begin(), a.transitions.end(), [](const ChartTransition& x, const ChartTransition& y) {
      return x.priority.value_or(UINT32_MAX) < y.priority.value_or(UINT32_MAX);
    });
  }

  void stateItem(Automaton& a, bool observer) {
    in_.skip(true);
    const SourceLocation where = in_.here();
    bool initial = false;
    bool final = false;
    while (true) {
      if (in_.acceptWord("initial")) {
        initial = true;
      } else if (in_.acceptWord("final")) {
        final = true;
      } else {
        break;
      }
    }
    if (!in_.acceptWord("state")) in_.fail("expected 'state', found " + in_.found());
    in_.skip(true);
    const SourceLocation nameAt = in_.here();
    State s;
    s.name = newName("a state");
    s.final = final;
    s.where = nameAt;
    if (const auto it = states_.find(s.name); it != states_.end())
      failAt(nameAt, "state '" + s.name + "' is declared twice (first at " + std::to_string(it->second.line) + ":" +
                         std::to_string(it->second.column) + ")",
             "state names are unique in the whole model");
    states_.emplace(s.name, nameAt);
    stateOwner_.emplace(s.name, a.name);
    if (initial) {
      if (!a.initial.empty())
        failAt(where, "a second initial state in '" + a.name + "' ('" + a.initial + "' is initial already)",
               "keep one 'initial' per automaton or region");
      a.initial = s.name;
    }
    if (in_.accept("{")) {
      if (observer)
        failAt(where, "observer '" + a.name + "' cannot have macro-states", "observers are flat; put the hierarchy in the 'automaton'");
      in_.endLine("'{'");
      macroBody(s, where);
    } else {
      in_.endLine("the state");
    }
    a.states.push_back(std::move(s));
  }

  void macroBody(State& s, const SourceLocation& opened) {
    in_.skip(false);
    if (in_.peekWord() != "region") {
      Automaton sub;
      sub.name = s.name;  // a lone sub-automaton takes its macro-state's name
      sub.where = opened;
      body(sub, false, opened);
      s.regions.push_back(std::move(sub));
      return;
    }
    while (true) {
      in_.skip(false);
      if (in_.atEnd()) in_.fail("expected '}' to close state '" + s.name + "', found the end of the file");
      if (in_.peek() == '}') {
        (void)in_.accept("}");
        in_.endLine("'}'");
        break;
      }
      const SourceLocation where = in_.here();
      if (!in_.acceptWord("region"))
        in_.fail("expected 'region' or '}' in macro-state '" + s.name + "', found " + in_.found(),
                 "a macro-state holds either one sub-automaton or only regions");
      Automaton r;
      r.name = newName("a region");
      r.where = where;
      claimAutomatonName(r.name, where);
      in_.expect("{", "to open region '" + r.name + "'");
      in_.endLine("'{'");
      body(r, false, where);
      s.regions.push_back(std::move(r));
    }
    if (s.regions.empty()) failAt(opened, "macro-state '" + s.name + "' has no regions", "declare 'region NAME { ... }'");
  }

  void transitionItem(Automaton& a) {
    in_.skip(true);
    const SourceLocation where = in_.here();
    ChartTransition t;
    t.where = where;
    std::string first = in_.word("a state, a transition or '}'");
    SourceLocation sourceAt = where;
    if (in_.accept(":")) {
      if (isKeyword(first) || isReservedName(first))
        failAt(where, "'" + first + "' is a reserved word and cannot name a transition", "choose another name");
      t.name = first;
      in_.skip(true);
      sourceAt = in_.here();
      first = in_.word("the transition's source state");
    }
    t.source = first;
    in_.expect("->", "between the source and the target state");
    in_.skip(true);
    const SourceLocation targetAt = in_.here();
    t.target = in_.word("the transition's target state");
    if (in_.acceptWord("immediate")) t.immediate = true;
    if (in_.acceptWord("abort")) {
      t.kind = TransitionKind::StrongAbort;
    } else if (in_.acceptWord("weak")) {
      if (!in_.acceptWord("abort")) in_.fail("expected 'abort' after 'weak', found " + in_.found());
      t.kind = TransitionKind::WeakAbort;
    } else if (in_.acceptWord("join")) {
      t.kind = TransitionKind::Termination;
    }
    t.trigger = ctx_.boolVal(true);
    t.condition = ctx_.boolVal(true);
    if (in_.acceptWord("on")) {
      const ExprText text = in_.expression("a trigger after 'on'", {"if", "priority"}, "/");
      t.trigger = parse(text);
      checkSort(t.trigger, Sort::boolean(), text.where, "the trigger");
    }
    if (in_.acceptWord("if")) {
      const ExprText text = in_.expression("a condition after 'if'", {"priority"}, "/");
      t.condition = parse(text);
      checkSort(t.condition, Sort::boolean(), text.where, "the condition");
    }
    if (in_.acceptWord("priority")) {
      in_.skip(true);
      const SourceLocation at = in_.here();
      t.priority = in_.number("a priority (1 is the highest)");
      if (*t.priority == 0) failAt(at, "priority 0 is out of range", "priorities start at 1, the highest");
    }
    if (in_.accept("/")) {
      do t.effects.push_back(effect());
      while (in_.accept(";") && !in_.atLineEnd());
    }
    if (!in_.atLineEnd())
      in_.fail("expected the end of the transition, found " + in_.found(),
               "clauses come in the order: immediate, abort | weak abort | join, on, if, priority, / effects");
    in_.endLine("the transition");
    if (t.name.empty()) {
      const std::string base = t.source + "->" + t.target;
      t.name = base;
      for (int n = 2; transitions_.contains(t.name); ++n) t.name = base + "#" + std::to_string(n);
    } else if (const auto it = transitions_.find(t.name); it != transitions_.end()) {
      failAt(where, "transition '" + t.name + "' is declared twice (first at " + std::to_string(it->second.line) + ":" +
                        std::to_string(it->second.column) + ")",
             "transition names are unique in the whole model");
    }
    transitions_.emplace(t.name, where);
    refs_.emplace(t.name, StateRefs{sourceAt, targetAt});
    a.transitions.push_back(std::move(t));
  }

  statechart::Effect effect() {
    in_.skip(true);
    const SourceLocation where = in_.here();
    if (in_.acceptWord("emit")) {
      in_.skip(true);
      const SourceLocation at = in_.here();
      const std::string name = in_.word("a signal to emit");
      const Declared& d = lookup(name, at, "signal");
      if (d.kind == DeclarationKind::InputSignal || d.kind == DeclarationKind::DataInput)
        failAt(at, "cannot emit " + kindName(d.kind) + " '" + name + "'",
               "the environment gives inputs; emit an output or local signal ('output " + name + "_out')");
      if (d.kind == DeclarationKind::Variable || d.kind == DeclarationKind::Parameter)
        failAt(at, "cannot emit " + kindName(d.kind) + " '" + name + "'", "assign a variable with '" + name + " := ...'");
      return {d.var, ctx_.boolVal(true), where};
    }
    const std::string name = in_.word("an effect ('emit SIGNAL' or 'VARIABLE := EXPR')");
    const Declared& d = lookup(name, where, "variable");
    in_.expect(":=", "after the assigned variable");
    if (d.kind == DeclarationKind::Parameter)
      failAt(where, "cannot assign parameter '" + name + "'",
             "a parameter is frozen for the whole run; select its value with the run file's [assume]");
    if (d.kind != DeclarationKind::Variable)
      failAt(where, "cannot assign " + kindName(d.kind) + " '" + name + "'",
             d.kind == DeclarationKind::OutputSignal || d.kind == DeclarationKind::LocalSignal
                 ? "emit a signal with 'emit " + name + "'"
                 : "only variables ('var NAME : SORT') can be assigned");
    const ExprText text = in_.expression("a value after ':='", {}, ";");
    const Expr value = parse(text);
    checkSort(value, d.var.sort(), text.where, "the value assigned to '" + name + "'");
    return {d.var, value, where};
  }

  const Declared& lookup(const std::string& name, const SourceLocation& at, const std::string& what) {
    const auto it = decls_.find(name);
    if (it == decls_.end()) {
      std::vector<std::string> names;
      for (const auto& [n, d] : decls_) names.push_back(n);
      failAt(at, "unknown " + what + " '" + name + "'" + didYouMean(name, names),
             what == "signal" ? "declare it with 'output " + name + "' or 'signal " + name + "'"
                              : "declare it with 'var " + name + " : int'");
    }
    return it->second;
  }

  // Every transition's states are in the automaton it is written in.
  void resolveStates(const Automaton& a) {
    std::vector<std::string> local;
    for (const State& s : a.states) local.push_back(s.name);
    for (const ChartTransition& t : a.transitions) {
      const StateRefs& refs = refs_.at(t.name);
      checkStateRef(a, local, t.source, refs.source);
      checkStateRef(a, local, t.target, refs.target);
    }
    for (const State& s : a.states)
      for (const Automaton& r : s.regions) resolveStates(r);
  }

  void checkStateRef(const Automaton& a, const std::vector<std::string>& local, const std::string& name,
                     const SourceLocation& at) const {
    if (std::find(local.begin(), local.end(), name) != local.end()) return;
    if (const auto it = stateOwner_.find(name); it != stateOwner_.end())
      failAt(at, "inter-level transition: state '" + name + "' belongs to '" + it->second + "', not to '" + a.name + "'",
             "a transition links two states of one automaton; leave a macro-state with 'abort', 'weak abort' or "
             "'join' written beside it");
    failAt(at, "unknown state '" + name + "' in '" + a.name + "'" + didYouMean(name, local),
           "declare it in the same body with 'state " + name + "'");
  }

  Cursor in_;
  ExprContext& ctx_;
  statechart::Chart chart_;
  std::map<std::string, Declared, std::less<>> decls_;
  std::map<std::string, SourceLocation> states_;
  std::map<std::string, std::string> stateOwner_;
  std::map<std::string, SourceLocation> automata_;
  std::map<std::string, SourceLocation> transitions_;
  std::map<std::string, StateRefs> refs_;
};

}  // namespace

statechart::Chart readChart(std::string_view text, const std::string& file, ExprContext& ctx) {
  return Reader(text, file, ctx).read();
}

}  // namespace symseq::sync
