#pragma once
// What an exported test does, independent of the language it is written in (the `pytest` and
// `gtest` writers): per sequence of a result, the events the tester plays against the adapter
// (docs/adapters.md), each with the test's step it belongs to. Private to the export writers.
#include <cstddef>
#include <string>
#include <vector>

#include "symseq/plugin/Writer.h"

namespace symseq::exporting {

// A value as the adapter protocol carries it, in a canonical text the generated code compares.
enum class ValueKind { Bool, Int, Real, Text };
struct PlannedValue {
  ValueKind kind = ValueKind::Int;
  // Bool: "true"/"false"; Int (and bit-vectors, unsigned): decimal; Real: "n" or "n/d" reduced,
  // d > 0; Text: an enumeration literal's name.
  std::string text{};
};

// Send an input, or observe one output and compare it with the expected one.
struct PlannedEvent {
  bool input = true;
  std::string channel{};
  std::vector<PlannedValue> values{};
  // Output whose values the model does not fix (a trace without them): only the channel is compared.
  bool valuesKnown = true;
  // CFG models' observation `state`: the state variables `values` belong to (all of them); the
  // generated test compares those its adapter reports (SYMSEQ_OBSERVE). Empty otherwise.
  std::vector<std::string> names{};
  // The test's step: 1-based index of the step (result.json `steps`, result.txt's tables) whose
  // input this is or after whose input the output is expected; 0 for outputs before the first input.
  std::size_t step = 0;
};

struct PlannedTest {
  std::vector<PlannedEvent> events{};
};

struct PlannedSuite {
  std::string model{};       // the model's name
  std::string identifier{};  // the name as an identifier of Python and C++ ([A-Za-z_][A-Za-z0-9_]*)
  bool cfg = false;          // no output channel (CFG models): the state is observed after each step
  std::vector<PlannedTest> tests{};
};

// A model without output channels (CFG models, whose one input channel is `step`): its tests
// observe the state after each step (docs/adapters.md).
[[nodiscard]] bool observesState(const TransitionSystem& system);

// Throws symseq::Error for a sequence that cannot be planned (it does not replay).
[[nodiscard]] PlannedSuite plan(const WriterInput& run);

// `coin?(100)`, `screen!(Add)`, as result.txt prints actions.
[[nodiscard]] std::string eventText(const PlannedEvent& e);

// `s` as a double-quoted string literal of C, C++ and Python (the escapes a name or a message needs:
// quote, backslash, newline).
[[nodiscard]] std::string quoted(const std::string& s);

}  // namespace symseq::exporting
