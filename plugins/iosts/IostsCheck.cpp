#include "IostsCheck.h"

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

}  // namespace

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
