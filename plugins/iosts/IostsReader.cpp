#include "IostsReader.h"

#include <algorithm>
#include <map>

#include "IostsScanner.h"
#include "symseq/expr/Parser.h"
#include "symseq/expr/Sort.h"
#include "symseq/support/DidYouMean.h"

namespace symseq::iosts {

namespace {

const std::vector<std::string> kKeywords{"model",   "enum",   "var",        "function", "program", "contract", "frozen",
                                         "axiom",   "input",  "output",     "state",    "initial", "transition",
                                         "targets"};
// A contract file (the frontend's `contracts` option) holds contracts and what they read.
const std::vector<std::string> kContractFileKeywords{"contract", "frozen", "axiom"};

class Reader {
 public:
  Reader(std::string_view text, const std::string& file, bool contractFile)
      : in_(text, file), contractFile_(contractFile) {
    model_.start = in_.here();
  }

  Model read() {
    for (in_.skip(); !in_.atEnd(); in_.skip()) declaration();
    return std::move(model_);
  }

 private:
  void declaration() {
    const std::vector<std::string>& keywords = contractFile_ ? kContractFileKeywords : kKeywords;
    const Name keyword = in_.word("a declaration (" + joined(keywords) + ")", false);
    const std::string& k = keyword.text;
    if (contractFile_ && std::find(keywords.begin(), keywords.end(), k) == keywords.end()) {
      const bool modelKeyword = std::find(kKeywords.begin(), kKeywords.end(), k) != kKeywords.end();
      Scanner::failAt(keyword.where,
                      (modelKeyword ? "'" + k + "' declarations belong in the model, not in a contract file"
                                    : "unknown declaration '" + k + "'" + didYouMean(k, keywords)),
                      "a contract file holds " + joined(keywords) + " declarations");
    }
    if (k == "model") {
      if (model_.name)
        Scanner::failAt(keyword.where, "the model is named twice (first at " + model_.name->where.toString() + ")",
                        "keep one 'model NAME' line");
      model_.name = in_.word("the model's name");
    } else if (k == "enum") {
      enumeration();
    } else if (k == "var") {
      attribute();
    } else if (k == "function") {
      function();
    } else if (k == "program") {
      program();
    } else if (k == "contract") {
      contract();
    } else if (k == "frozen") {
      frozen();
    } else if (k == "axiom") {
      model_.axioms.push_back(in_.until("\n", "the axiom (a bool term over frozen variables)"));
    } else if (k == "input" || k == "output") {
      channel(k == "input");
    } else if (k == "state") {
      do model_.states.push_back(claim(in_.word("a state's name"), states_, "state"));
      while (in_.accept(","));
    } else if (k == "initial") {
      if (model_.initial)
        Scanner::failAt(keyword.where,
                        "the initial state is declared twice (first at " + model_.initial->where.toString() + ")",
                        "keep one 'initial STATE' line");
      model_.initial = in_.word("the initial state's name");
    } else if (k == "transition") {
      transition();
    } else if (k == "targets") {
      targets(keyword.where);
    } else {
      Scanner::failAt(keyword.where, "unknown declaration '" + k + "'" + didYouMean(k, keywords),
                      "a line starts with " + joined(keywords));
    }
    if (!in_.atLineEnd()) in_.fail("expected the end of the line, found " + in_.found(), "put one declaration per line");
  }

  static std::string joined(const std::vector<std::string>& words) {
    std::string out;
    for (const std::string& w : words) out += (out.empty() ? "" : ", ") + w;
    return out;
  }

  // A name for a variable, literal or function: they share the expressions' name space.
  Name valueName(std::string_view what) {
    Name n = in_.word(what);
    if (isReservedName(n.text))
      Scanner::failAt(n.where, "'" + n.text + "' is a reserved word of the expression syntax", "choose another name");
    const auto [it, fresh] = values_.emplace(n.text, n.where);
    if (!fresh)
      Scanner::failAt(n.where, "'" + n.text + "' is declared twice (first at " + it->second.toString() + ")",
                      "attributes, enum literals, functions, programs and frozen variables need distinct names");
    return n;
  }

  SortText sort() {
    SortText s{in_.word("a sort (bool, int, real, bvN or an enum's name)"), std::nullopt};
    if (in_.accept("[")) {
      s.size = in_.count("an array size");
      in_.expect("]", "after the array size");
    }
    return s;
  }

  void enumeration() {
    EnumDecl e{claim(in_.word("the enum's name"), enums_, "enum"), {}};
    if (Sort::fromString(e.name.text))
      Scanner::failAt(e.name.where, "'" + e.name.text + "' is a built-in sort and cannot name an enum",
                      "choose another name");
    in_.expect("{", "after the enum's name");
    do e.literals.push_back(valueName("an enum literal"));
    while (in_.accept(","));
    in_.expect("}", "to close the enum's literals");
    model_.enums.push_back(std::move(e));
  }

  void attribute() {
    AttributeDecl a{valueName("the attribute's name"), {}, std::nullopt};
    in_.expect(":", "and a sort after the attribute's name");
    a.sort = sort();
    if (in_.accept("=")) a.initial = in_.until("\n", "an initial value after '='");
    model_.attributes.push_back(std::move(a));
  }

  void function() {
    ExternalDecl f{valueName("the function's name"), {}, {}};
    in_.expect("(", "to open the function's parameter sorts");
    if (!in_.accept(")")) {
      do f.params.push_back(sort());
      while (in_.accept(","));
      in_.expect(")", "to close the function's parameter sorts");
    }
    in_.expect(":", "and the result sort after the parameters");
    f.result = sort();
    model_.functions.push_back(std::move(f));
  }

  void program() {
    ProgramDecl p{valueName("the program's name"), {}, {}};
    in_.expect("(", "to open the program's parameter sorts");
    if (!in_.accept(")")) {
      do p.params.push_back(sort());
      while (in_.accept(","));
      in_.expect(")", "to close the program's parameter sorts");
    }
    in_.expect(":", "and the result sort after the parameters");
    p.result = sort();
    model_.programs.push_back(std::move(p));
  }

  void frozen() {
    FrozenDecl f{valueName("the frozen variable's name"), {}};
    in_.expect(":", "and a sort after the frozen variable's name");
    f.sort = sort();
    in_.skip(true);
    if (in_.peek() == '=')
      in_.fail("a frozen variable has no initial value", "constrain it with an axiom, e.g. 'axiom " + f.name.text +
                                                               " >= 0'");
    model_.frozen.push_back(std::move(f));
  }

  // contract NAME(P1, ..., Pn) { behavior B: assumes E; ensures E; ... [disjoint behaviors;]
  // [complete behaviors;] }, the block spanning lines as needed.
  void contract() {
    ContractDecl c{claim(in_.word("the program's name"), contracts_, "contract for program"), {}, {}, {}, {}};
    std::map<std::string, SourceLocation> params;
    in_.expect("(", "to open the contract's parameter names");
    if (!in_.accept(")")) {
      do {
        Name p = claim(in_.word("a parameter's name"), params, "parameter");
        if (p.text == "result")
          Scanner::failAt(p.where, "'result' cannot name a parameter: symseq names the result '" + c.program.text +
                                       ".result'",
                          "choose another name; the result is written \\result");
        c.params.push_back(std::move(p));
      } while (in_.accept(","));
      in_.expect(")", "to close the contract's parameter names");
    }
    in_.expect("{", "to open the contract's behaviours", false);
    std::map<std::string, SourceLocation> behaviors;
    while (!in_.accept("}", false)) {
      const Name w = in_.word("'behavior', 'disjoint behaviors;', 'complete behaviors;' or '}'", false);
      if (w.text == "behavior") {
        BehaviorText b{claim(in_.word("the behaviour's name", false), behaviors, "behaviour"), {}, {}};
        in_.expect(":", "after the behaviour's name", false);
        while (in_.nextWordIs("assumes") || in_.nextWordIs("ensures")) {
          const bool assumes = in_.word("assumes or ensures", false).text == "assumes";
          (assumes ? b.assumes : b.ensures)
              .push_back(in_.until(";", assumes ? "the assumed condition" : "the ensured condition"));
          in_.expect(";", "to end the clause", false);
        }
        c.behaviors.push_back(std::move(b));
      } else if (w.text == "disjoint" || w.text == "complete") {
        const Name what = in_.word("'behaviors'", false);
        if (what.text != "behaviors")
          Scanner::failAt(what.where, "expected 'behaviors' after '" + w.text + "', found '" + what.text + "'",
                          "write '" + w.text + " behaviors;' (it applies to every behaviour)");
        if (!in_.accept(";", false))
          in_.fail("expected ';' after '" + w.text + " behaviors', found " + in_.found(),
                   "symseq reads '" + w.text + " behaviors;' about every behaviour; it takes no list of names");
        (w.text == "disjoint" ? c.disjoint : c.complete) = w.where;
      } else if (w.text == "assumes" || w.text == "ensures" || w.text == "requires") {
        Scanner::failAt(w.where, "'" + w.text + "' outside a behaviour",
                        "name a behaviour for it: 'behavior B: assumes ...; ensures ...;' (a behaviour without "
                        "assumes applies to every input)");
      } else {
        Scanner::failAt(w.where,
                        "unknown contract clause '" + w.text + "'" +
                            didYouMean(w.text, {"behavior", "disjoint", "complete"}),
                        "a contract holds 'behavior B: assumes E; ensures E;' clauses, 'disjoint behaviors;' "
                        "and 'complete behaviors;'");
      }
    }
    model_.contracts.push_back(std::move(c));
  }

  void channel(bool input) {
    ChannelDecl c{claim(in_.word("the channel's name"), channels_, "channel"), input, {}};
    if (c.name.text == "tau")
      Scanner::failAt(c.name.where, "'tau' is the internal action and cannot name a channel", "choose another name");
    if (in_.accept("(")) {
      std::map<std::string, SourceLocation> names;
      do {
        ChannelParam p{claim(in_.word("a parameter's name"), names, "parameter"), {}};
        in_.expect(":", "and a sort after the parameter's name");
        p.sort = sort();
        c.params.push_back(std::move(p));
      } while (in_.accept(","));
      in_.expect(")", "to close the channel's parameters");
    }
    model_.channels.push_back(std::move(c));
  }

  void transition() {
    TransitionDecl t;
    t.name = claim(in_.word("the transition's name"), transitions_, "transition");
    in_.expect(":", "after the transition's name");
    t.from = in_.word("the source state");
    in_.expect("->", "between the source and the target state");
    t.to = in_.word("the target state");
    if (in_.accept("[")) {
      t.guard = in_.until("]", "the guard");
      in_.expect("]", "to close the guard", false);
    }
    in_.expect("{", "to open the transition's body (its action, then assignments)", false);
    t.action = action();
    while (in_.accept(";", false)) {
      in_.skip();
      if (in_.peek() == '}') break;
      Assignment a;
      a.target = lvalue("an assignment 'x := term' or '}'");
      in_.skip();
      a.where = in_.here();
      in_.expect(":=", "after the assigned attribute", false);
      a.value = in_.until(";}", "the assigned value");
      t.assignments.push_back(std::move(a));
    }
    in_.expect("}", "to close the transition's body (separate its parts with ';')", false);
    model_.transitions.push_back(std::move(t));
  }

  ActionText action() {
    ActionText a;
    a.channel = in_.word("an action: tau, CHANNEL?... or CHANNEL!...", false);
    if (a.channel.text == "tau") return a;
    in_.skip();
    a.mark = in_.here();
    if (in_.accept("?")) {
      a.type = ActionType::Receive;
      in_.skip();
      if (in_.accept("(")) {
        do a.receivers.push_back(lvalue("an attribute to receive into"));
        while (in_.accept(",", false));
        in_.expect(")", "to close the received attributes", false);
      } else if (in_.peek() != ';' && in_.peek() != '}') {
        a.receivers.push_back(lvalue("an attribute to receive into"));
      }
    } else if (in_.accept("!")) {
      a.type = ActionType::Emit;
      emitted(a);
    } else if (in_.peek() == ':' || in_.peek() == '[') {
      Scanner::failAt(a.channel.where, "a transition's body starts with its action, found an assignment",
                      "write 'tau; " + a.channel.text + " := ...' for a transition without communication");
    } else {
      in_.fail("expected '?' (input) or '!' (output) after channel '" + a.channel.text + "', found " + in_.found(),
               "an action is tau, c?, c?x, c?(x, y), c!, c!t or c!(t, u)");
    }
    return a;
  }

  // c!(t1, ..., tn) when the parenthesis closes the action; otherwise c!t for one term, which
  // may itself start with '(' as in c!(a + b) * 2.
  void emitted(ActionText& a) {
    in_.skip();
    if (in_.peek() == ';' || in_.peek() == '}') return;
    if (in_.peek() == '(') {
      Scanner probe = in_;
      probe.accept("(");
      std::vector<ExprText> terms;
      do terms.push_back(probe.until(",)", "an emitted term"));
      while (probe.accept(",", false));
      if (probe.accept(")", false)) {
        probe.skip();
        if (probe.peek() == ';' || probe.peek() == '}') {
          a.emitted = std::move(terms);
          in_ = probe;
          return;
        }
      }
    }
    a.emitted.push_back(in_.until(";}", "the emitted term"));
  }

  LValue lvalue(std::string_view what) {
    LValue l{in_.word(what, false), std::nullopt};
    if (in_.accept("[", false)) {
      l.index = in_.until("]", "an index");
      in_.expect("]", "to close the index", false);
    }
    return l;
  }

  void targets(const SourceLocation& where) {
    if (model_.targetsWhere)
      Scanner::failAt(where, "the target list is declared twice (first at " + model_.targetsWhere->toString() + ")",
                      "list every target on one 'targets' line");
    model_.targetsWhere = where;
    std::map<std::string, SourceLocation> listed;
    do {
      const Name t = in_.word("a transition's name");
      const auto [first, fresh] = listed.emplace(t.text, t.where);
      if (!fresh)
        Scanner::failAt(t.where,
                        "transition '" + t.text + "' is listed twice in 'targets' (first at " +
                            first->second.toString() + ")",
                        "list each target once");
      model_.targets.push_back(t);
    } while (in_.accept(","));
  }

  // Records a name of one kind, refusing a second declaration with the place of the first.
  static Name claim(Name n, std::map<std::string, SourceLocation>& seen, const std::string& what) {
    const auto [it, fresh] = seen.emplace(n.text, n.where);
    if (!fresh)
      Scanner::failAt(n.where, what + " '" + n.text + "' is declared twice (first at " + it->second.toString() + ")",
                      "give each " + what + " its own name");
    return n;
  }

  Scanner in_;
  bool contractFile_;
  Model model_;
  std::map<std::string, SourceLocation> values_, enums_, channels_, states_, transitions_, contracts_;
};

}  // namespace

Model readModel(std::string_view text, const std::string& file) { return Reader(text, file, false).read(); }

Model readContractFile(std::string_view text, const std::string& file) { return Reader(text, file, true).read(); }

}  // namespace symseq::iosts
