#include "IostsCheck.h"

#include <map>

#include "IostsScanner.h"
#include "symseq/support/DidYouMean.h"

namespace symseq::iosts {

namespace {

template <typename T, typename NameOf>
std::vector<std::string> namesOf(const std::vector<T>& items, NameOf nameOf) {
  std::vector<std::string> names;
  for (const T& item : items) names.push_back(nameOf(item).text);
  return names;
}

std::size_t findState(const Model& m, const Name& n) {
  for (std::size_t i = 0; i < m.states.size(); ++i)
    if (m.states[i].text == n.text) return i;
  const auto names = namesOf(m.states, [](const Name& s) { return s; });
  Scanner::failAt(n.where, "unknown state '" + n.text + "'" + didYouMean(n.text, names),
                  "declare it with 'state " + n.text + "'");
}

std::string plural(std::size_t n, const std::string& word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

void checkAction(const Model& m, ActionText& a) {
  if (a.type == ActionType::Tau) return;
  const auto names = namesOf(m.channels, [](const ChannelDecl& c) { return c.name; });
  std::size_t i = 0;
  while (i < m.channels.size() && m.channels[i].name.text != a.channel.text) ++i;
  const bool receive = a.type == ActionType::Receive;
  if (i == m.channels.size())
    Scanner::failAt(a.channel.where, "unknown channel '" + a.channel.text + "'" + didYouMean(a.channel.text, names),
                    "declare it with '" + std::string(receive ? "input " : "output ") + a.channel.text +
                        "(NAME : SORT, ...)' or without parameters");
  const ChannelDecl& c = m.channels[i];
  a.channelIndex = i;
  if (c.input != receive)
    Scanner::failAt(a.mark,
                    std::string(receive ? "input" : "output") + " action '" + c.name.text + (receive ? "?" : "!") +
                        "' on " + (c.input ? "input" : "output") + " channel '" + c.name.text + "'",
                    c.input ? "receive on an input channel with '" + c.name.text + (c.params.empty() ? "?'" : "?x'")
                            : "emit on an output channel with '" + c.name.text + (c.params.empty() ? "!'" : "!t'"));
  const std::size_t given = receive ? a.receivers.size() : a.emitted.size();
  if (given != c.params.size()) {
    std::string params;
    for (const ChannelParam& p : c.params)
      params += (params.empty() ? "" : ", ") + p.name.text + " : " + p.sort.base.text;
    Scanner::failAt(a.mark,
                    "channel '" + c.name.text + "' has " + plural(c.params.size(), "parameter") + ", the action " +
                        (receive ? "receives " : "emits ") + std::to_string(given),
                    c.params.empty() ? "write '" + c.name.text + (receive ? "?'" : "!'")
                                     : "give one " + std::string(receive ? "attribute" : "term") + " per parameter (" +
                                           params + ")");
  }
}

// The program a contract is for, or an error at the contract's name with a did-you-mean.
const ProgramDecl& programOf(const Model& m, const ContractDecl& c) {
  for (const ProgramDecl& p : m.programs)
    if (p.name.text == c.program.text) return p;
  const std::string& n = c.program.text;
  for (const ExternalDecl& f : m.functions)
    if (f.name.text == n)
      Scanner::failAt(c.program.where, "'" + n + "' is an external function, not a program, so it has no contract",
                      "declare it with 'program " + n + "(...) : SORT' to know it by its contract");
  const auto names = namesOf(m.programs, [](const ProgramDecl& p) { return p.name; });
  Scanner::failAt(c.program.where, "contract for undeclared program '" + n + "'" + didYouMean(n, names),
                  "declare the program with 'program " + n + "(SORT, ...) : SORT'");
}

void checkContract(const Model& m, const ContractDecl& c) {
  const ProgramDecl& p = programOf(m, c);
  if (c.params.size() == p.params.size()) return;
  std::string sorts;
  for (const SortText& s : p.params)
    sorts += (sorts.empty() ? "" : ", ") + s.base.text + (s.size ? "[" + std::to_string(*s.size) + "]" : "");
  Scanner::failAt(c.program.where,
                  "the contract of '" + p.name.text + "' names " + plural(c.params.size(), "parameter") +
                      ", program '" + p.name.text + "' takes " + std::to_string(p.params.size()),
                  "name one parameter per sort of 'program " + p.name.text + "(" + sorts + ") : " +
                      p.result.base.text + "'");
}

}  // namespace

void applyContractFiles(Model& m, std::vector<Model> files) {
  std::map<std::string, SourceLocation, std::less<>> values;  // every name of the model's name space
  for (const AttributeDecl& a : m.attributes) values.emplace(a.name.text, a.name.where);
  for (const EnumDecl& e : m.enums)
    for (const Name& l : e.literals) values.emplace(l.text, l.where);
  for (const ExternalDecl& f : m.functions) values.emplace(f.name.text, f.name.where);
  for (const ProgramDecl& p : m.programs) values.emplace(p.name.text, p.name.where);
  for (const FrozenDecl& f : m.frozen) values.emplace(f.name.text, f.name.where);
  std::map<std::string, SourceLocation, std::less<>> replaced;  // program -> the file's contract
  for (Model& file : files) {
    for (ContractDecl& c : file.contracts) {
      const auto [first, fresh] = replaced.emplace(c.program.text, c.program.where);
      if (!fresh)
        Scanner::failAt(c.program.where,
                        "the contract of '" + c.program.text + "' is given by two contract files (first at " +
                            first->second.toString() + ")",
                        "keep one contract file per program in the 'contracts' option");
      std::erase_if(m.contracts, [&](const ContractDecl& old) { return old.program.text == c.program.text; });
      m.contracts.push_back(std::move(c));
    }
    for (FrozenDecl& f : file.frozen) {
      const auto [first, fresh] = values.emplace(f.name.text, f.name.where);
      if (!fresh)
        Scanner::failAt(f.name.where,
                        "'" + f.name.text + "' is declared twice (first at " + first->second.toString() + ")",
                        "attributes, enum literals, functions, programs and frozen variables need distinct names");
      m.frozen.push_back(std::move(f));
    }
    for (ExprText& a : file.axioms) m.axioms.push_back(std::move(a));
  }
}

void resolveNames(Model& m) {
  if (m.states.empty()) Scanner::failAt(m.start, "the model declares no state", "declare its states with 'state A, B'");
  if (!m.initial)
    Scanner::failAt(m.states[0].where, "the model has no initial state",
                    "add a line 'initial STATE', e.g. 'initial " + m.states[0].text + "'");
  m.initialState = findState(m, *m.initial);
  for (TransitionDecl& t : m.transitions) {
    t.source = findState(m, t.from);
    t.target = findState(m, t.to);
    checkAction(m, t.action);
  }
  for (const ContractDecl& c : m.contracts) checkContract(m, c);
  for (const ProgramDecl& p : m.programs)
    for (const ChannelDecl& c : m.channels)
      if (c.name.text == p.name.text)
        Scanner::failAt(p.name.where,
                        "'" + p.name.text + "' names both a program and a channel (at " + c.name.where.toString() +
                            ")",
                        "rename one: the program's parameters and the channel's would share variable names");
  const auto names = namesOf(m.transitions, [](const TransitionDecl& t) { return t.name; });
  for (const Name& t : m.targets) {
    bool known = false;
    for (const std::string& n : names) known = known || n == t.text;
    if (!known)
      Scanner::failAt(t.where, "unknown transition '" + t.text + "' in 'targets'" + didYouMean(t.text, names),
                      "a target is a transition of this model, declared with 'transition " + t.text +
                          " : FROM -> TO { ... }'");
  }
}

}  // namespace symseq::iosts
