#include "symseq/contracts/Implementation.h"

#include <algorithm>

#include "symseq/expr/Evaluator.h"
#include "symseq/expr/Printer.h"

namespace symseq {

namespace {

std::string callText(const TransitionSystem& system, const Contract& c, std::span<const Value> args) {
  std::string text = c.program->name() + "(";
  for (std::size_t i = 0; i < args.size(); ++i)
    text += (i ? ", " : "") + (i < c.params.size() ? system.valueText(c.params[i], args[i]) : args[i].toString());
  return text + ")";
}

// The contract's text as its author wrote it: `\result`, not the IR's name for the result variable.
std::string asWritten(const Contract& c, std::string text) {
  const std::string name(c.result.name());
  for (std::size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + 7))
    text.replace(at, name.size(), "\\result");
  return text;
}

}  // namespace

std::vector<ContractViolation> checkImplementations(const TransitionSystem& system, std::span<const TestSequence> tests,
                                                    const FunctionInterpretations& implementations) {
  std::vector<ContractViolation> out;
  std::vector<std::pair<const FunctionDecl*, std::vector<Value>>> seen;
  for (const TestSequence& test : tests)
    for (const ProgramResult& row : test.programResults) {
      const Contract* c = system.findContract(*row.program);
      const ExternalFunction* impl = implementations.find(*row.program);
      if (c == nullptr || impl == nullptr) continue;
      if (std::find(seen.begin(), seen.end(), std::pair{row.program, row.args}) != seen.end()) continue;
      seen.emplace_back(row.program, row.args);
      const std::string call = callText(system, *c, row.args);
      Value returned;
      try {
        returned = (*impl)(row.args);
      } catch (const Error& e) {
        out.push_back({c, row.args, std::nullopt, "the implementation of " + call + " failed: " + e.message()});
        continue;
      }
      Valuation at;
      for (std::size_t i = 0; i < c->params.size() && i < row.args.size(); ++i) at.set(c->params[i], row.args[i]);
      at.set(c->result, returned);
      // Frozen variables the contract reads take the values the test assumed.
      for (const auto& [var, value] : test.initial) at.set(var, value);
      for (const Behavior& b : c->behaviors) {
        if (!evaluate(b.pre, at).asBool()) continue;
        if (!evaluate(b.post, at).asBool())
          out.push_back({c, row.args, returned,
                         call + " returned " + system.valueText(c->result, returned) + ", but behaviour " + b.name +
                             " ensures " + asWritten(*c, toString(b.post))});
      }
    }
  return out;
}

}  // namespace symseq
