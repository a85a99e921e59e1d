#include "exec/AdapterValues.h"

#include "symseq/solver/NumeralText.h"

namespace symseq::exec {

namespace {

std::string shown(const JsonNode& node) {
  switch (node.kind) {
    case JsonNode::Kind::String: return jsonQuoted(node.text);
    case JsonNode::Kind::Object: return "an object";
    case JsonNode::Kind::Array: return "an array";
    case JsonNode::Kind::Null: return "null";
    default: return node.text;
  }
}

std::string wanted(const ValueSlot& slot) {
  if (slot.enumeration) {
    std::string names;
    for (const std::string& l : slot.enumeration->literals) names += (names.empty() ? "" : ", ") + l;
    return "a literal of " + slot.enumeration->name + " (" + names + ")";
  }
  if (slot.sort.isBool()) return "true or false";
  if (slot.sort.isInt()) return "an integer";
  if (slot.sort.isReal()) return "a number (an integer, a decimal such as 1.25, or \"7/3\")";
  return "an unsigned integer below 2^" + std::to_string(slot.sort.width());
}

bool isInteger(const std::string& text) {
  const std::size_t digits = text.starts_with('-') ? 1 : 0;
  return text.size() > digits && text.find_first_not_of("0123456789", digits) == std::string::npos;
}

}  // namespace

ValueSlot slotOf(const TransitionSystem& system, std::uint32_t channel, std::uint32_t param) {
  ValueSlot slot{system.channels[channel].params[param], nullptr};
  if (const auto e = system.parameterEnumerations.find({channel, param}); e != system.parameterEnumerations.end())
    slot.enumeration = &system.enumerations.at(e->second);
  return slot;
}

ValueSlot slotOf(const TransitionSystem& system, Expr variable) {
  ValueSlot slot{variable.sort(), nullptr};
  if (const auto e = system.variableEnumerations.find(variable); e != system.variableEnumerations.end())
    slot.enumeration = &system.enumerations.at(e->second);
  return slot;
}

Rational parseDecimal(const std::string& text) {
  const auto dot = text.find('.');
  if (dot == std::string::npos) return parseRationalText(text);
  const std::string fraction = text.substr(dot + 1);
  if (fraction.empty() || fraction.find_first_not_of("0123456789") != std::string::npos)
    throw Error("not a decimal: " + text);
  return parseRationalText(text.substr(0, dot) + fraction + "/1" + std::string(fraction.size(), '0'));
}

std::string encodeValue(const ValueSlot& slot, const Value& value) {
  if (slot.enumeration && value.sort().isInt() && value.asInt() >= 0 &&
      value.asInt() < static_cast<long>(slot.enumeration->literals.size()))
    return jsonQuoted(slot.enumeration->literals[static_cast<std::size_t>(value.asInt())]);
  switch (value.sort().kind()) {
    case SortKind::Bool: return value.asBool() ? "true" : "false";
    case SortKind::Int: return value.asInt().str();
    case SortKind::Real: {
      const Rational& r = value.asReal();
      if (denominator(r) == 1) return numerator(r).str();
      return jsonQuoted(numerator(r).str() + "/" + denominator(r).str());
    }
    case SortKind::BitVec: return value.bits().str();
  }
  return "null";
}

DecodedValue decodeValue(const ValueSlot& slot, const JsonNode& node) {
  const auto refuse = [&] { return DecodedValue{std::nullopt, "expected " + wanted(slot) + ", got " + shown(node)}; };
  if (slot.enumeration) {
    if (node.kind != JsonNode::Kind::String) return refuse();
    const auto& lits = slot.enumeration->literals;
    for (std::size_t k = 0; k < lits.size(); ++k)
      if (lits[k] == node.text) return {Value::integer(static_cast<long>(k)), {}};
    return refuse();
  }
  try {
    if (slot.sort.isBool() && node.kind == JsonNode::Kind::Bool) return {Value::boolean(node.text == "true"), {}};
    if (slot.sort.isInt() && node.kind == JsonNode::Kind::Number && isInteger(node.text))
      return {Value::integer(parseIntegerText(node.text)), {}};
    if (slot.sort.isReal() && (node.kind == JsonNode::Kind::Number || node.kind == JsonNode::Kind::String))
      return {Value::real(parseDecimal(node.text)), {}};
    if (slot.sort.isBitVec() && node.kind == JsonNode::Kind::Number && isInteger(node.text)) {
      const BigInt bits = parseIntegerText(node.text);
      if (bits >= 0 && bits < (BigInt(1) << slot.sort.width())) return {Value::bitVec(slot.sort.width(), bits), {}};
    }
  } catch (const Error&) {
    // Refused below, with what the slot takes.
  }
  return refuse();
}

}  // namespace symseq::exec
