#pragma once
// Values as the adapter protocol writes them (docs/adapters.md, "Values by sort"): bool as
// true/false, int as a JSON integer of any size, real as an integer, an exact decimal or "7/3",
// an enumeration's value as its literal's name, a bit-vector bvN as an unsigned integer below 2^N.
#include <optional>
#include <string>

#include "exec/JsonText.h"
#include "symseq/expr/Value.h"
#include "symseq/ir/TransitionSystem.h"

namespace symseq::exec {

// What a value slot holds: its sort and, when it holds an enumeration's values, the enumeration.
struct ValueSlot {
  Sort sort = Sort::boolean();
  const Enumeration* enumeration = nullptr;
};

[[nodiscard]] ValueSlot slotOf(const TransitionSystem& system, std::uint32_t channel, std::uint32_t param);
[[nodiscard]] ValueSlot slotOf(const TransitionSystem& system, Expr variable);

// The value's JSON text.
[[nodiscard]] std::string encodeValue(const ValueSlot& slot, const Value& value);

// The value `node` stands for, or the reason it stands for none ("expected an integer, got ...").
struct DecodedValue {
  std::optional<Value> value{};
  std::string problem{};
};
[[nodiscard]] DecodedValue decodeValue(const ValueSlot& slot, const JsonNode& node);

// "-12", "1.25" (exact) or "7/3"; throws Error for anything else (exponents included).
[[nodiscard]] Rational parseDecimal(const std::string& text);

}  // namespace symseq::exec
