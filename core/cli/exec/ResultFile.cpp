#include "exec/ResultFile.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "exec/AdapterValues.h"
#include "exec/JsonText.h"
#include "symseq/solver/NumeralText.h"
#include "symseq/support/DidYouMean.h"

namespace symseq::exec {

namespace {

constexpr const char* kHint = "result.json is written by `symseq run` (docs/results.md); run it again to get a good one";

class Reader {
 public:
  Reader(const std::filesystem::path& file, const TransitionSystem& system) : file_(file.string()), system_(system) {}

  ResultFile read() {
    std::ifstream in(file_, std::ios::binary);
    if (!in) throw Error("cannot read '" + file_ + "'", std::nullopt, "give the folder `symseq run` wrote");
    std::ostringstream buffer;
    buffer << in.rdbuf();
    text_ = buffer.str();
    JsonNode root;
    if (const JsonSyntax syntax = parseJson(text_, root); !syntax.ok)
      throw ParseError("result.json is not valid JSON: " + syntax.message, at(syntax.offset), kHint);
    expect(root, JsonNode::Kind::Object, "the result");
    ResultFile out;
    const JsonNode& model = need(root, "model", JsonNode::Kind::Object);
    out.model = need(model, "name", JsonNode::Kind::String).text;
    if (out.model != system_.name)
      throw ParseError("the result is for model '" + out.model + "', effective-run.toml loads '" + system_.name + "'",
                       at(model.offset), "give the folder of one run, as `symseq run` wrote it");
    const JsonNode& sequences = need(root, "sequences", JsonNode::Kind::Array);
    for (const JsonNode& s : sequences.items) out.sequences.push_back({sequence(s), at(s.offset)});
    return out;
  }

 private:
  SourceLocation at(std::size_t offset) const { return locate(text_, offset, file_); }

  static std::string kindName(JsonNode::Kind k) {
    switch (k) {
      case JsonNode::Kind::Object: return "an object";
      case JsonNode::Kind::Array: return "an array";
      case JsonNode::Kind::String: return "a string";
      case JsonNode::Kind::Number: return "a number";
      case JsonNode::Kind::Bool: return "true or false";
      case JsonNode::Kind::Null: return "null";
    }
    return "?";
  }

  void expect(const JsonNode& n, JsonNode::Kind kind, const std::string& what) const {
    if (n.kind != kind) throw ParseError(what + " must be " + kindName(kind), at(n.offset), kHint);
  }

  const JsonNode& need(const JsonNode& object, std::string_view key, JsonNode::Kind kind) const {
    const JsonNode* n = object.member(key);
    if (!n) throw ParseError("missing \"" + std::string(key) + "\"", at(object.offset), kHint);
    expect(*n, kind, "\"" + std::string(key) + "\"");
    return *n;
  }

  void checkKeys(const JsonNode& object, const std::vector<std::string>& known) const {
    for (std::size_t k = 0; k < object.members.size(); ++k)
      if (std::find(known.begin(), known.end(), object.members[k].first) == known.end())
        throw ParseError("unknown key \"" + object.members[k].first + "\"" + didYouMean(object.members[k].first, known),
                         at(object.keyOffsets[k]), kHint);
  }

  // A value as the json writer writes it: literals by name, integers (as text beyond 64 bits),
  // reals and bit-vectors as the model syntax's literals (2.5, real(1, 3), 255bv8).
  Value value(const ValueSlot& slot, const JsonNode& n, const std::string& what) const {
    try {
      if (slot.enumeration || slot.sort.isBool()) {
        const DecodedValue d = decodeValue(slot, n);
        if (d.value) return *d.value;
        throw ParseError(what + ": " + d.problem, at(n.offset), kHint);
      }
      if (n.kind == JsonNode::Kind::Number || n.kind == JsonNode::Kind::String) {
        const std::string& t = n.text;
        if (slot.sort.isInt()) return Value::integer(parseIntegerText(t));
        if (slot.sort.isReal()) {
          if (t.starts_with("real(") && t.ends_with(")")) {
            const std::string inner = t.substr(5, t.size() - 6);
            const auto comma = inner.find(',');
            if (comma != std::string::npos) {
              std::string den = inner.substr(comma + 1);
              den.erase(0, den.find_first_not_of(' '));
              return Value::real(parseRationalText(inner.substr(0, comma) + "/" + den));
            }
          }
          return Value::real(parseDecimal(t));
        }
        if (slot.sort.isBitVec()) {
          const std::string suffix = "bv" + std::to_string(slot.sort.width());
          const std::string digits = t.ends_with(suffix) ? t.substr(0, t.size() - suffix.size()) : t;
          return Value::bitVec(slot.sort.width(), parseIntegerText(digits));
        }
      }
    } catch (const ParseError&) {
      throw;
    } catch (const Error&) {
      // Reported below.
    }
    throw ParseError(what + " is not a value of sort " + slot.sort.toString(), at(n.offset), kHint);
  }

  Expr variable(const std::string& name, std::size_t offset, bool inputs) const {
    std::vector<std::string> names;
    for (const VariableDecl& d : system_.variables) {
      if ((d.role == VariableRole::Input) != inputs) continue;
      if (d.var.name() == name) return d.var;
      names.emplace_back(d.var.name());
    }
    throw ParseError(std::string("unknown ") + (inputs ? "input" : "state") + " variable '" + name + "'" +
                         didYouMean(name, names),
                     at(offset), kHint);
  }

  Valuation valuation(const JsonNode& object, bool inputs) const {
    expect(object, JsonNode::Kind::Object, inputs ? "a step" : "\"initial\"");
    Valuation v;
    for (std::size_t k = 0; k < object.members.size(); ++k) {
      const auto& [name, node] = object.members[k];
      const Expr var = variable(name, object.keyOffsets[k], inputs);
      v.set(var, value(slotOf(system_, var), node, "'" + name + "'"));
    }
    return v;
  }

  TransitionId transition(const JsonNode& name) const {
    expect(name, JsonNode::Kind::String, "\"transition\"");
    if (const auto t = system_.findTransition(name.text)) return *t;
    std::vector<std::string> names;
    for (const Transition& t : system_.transitions) names.push_back(t.name);
    throw ParseError("unknown transition '" + name.text + "'" + didYouMean(name.text, names), at(name.offset), kHint);
  }

  // The input channel that binds `var` (a step of a sequence without trace names only variables).
  std::optional<std::uint32_t> channelOf(const Valuation& inputs) const {
    for (const auto& [var, value] : inputs)
      for (const Transition& t : system_.transitions)
        if (t.action.kind == ActionKind::Input &&
            std::find(t.action.args.begin(), t.action.args.end(), var) != t.action.args.end())
          return t.action.channel;
    return std::nullopt;
  }

  TestSequence sequence(const JsonNode& s) const {
    expect(s, JsonNode::Kind::Object, "a sequence");
    checkKeys(s, {"steps", "found_by", "length_proven_minimal", "length_lower_bound", "initial", "trace", "dates",
                  "programs", "group"});
    TestSequence out;
    if (const JsonNode* initial = s.member("initial")) out.initial = valuation(*initial, false);
    if (const JsonNode* trace = s.member("trace")) {
      expect(*trace, JsonNode::Kind::Array, "\"trace\"");
      std::vector<TransitionId> prefix;
      for (const JsonNode& e : trace->items) {
        expect(e, JsonNode::Kind::Object, "a trace event");
        checkKeys(e, {"transition", "input", "output"});
        const TransitionId t = transition(need(e, "transition", JsonNode::Kind::String));
        if (system_.transitions[t].action.kind != ActionKind::Input) {
          (out.steps.empty() ? prefix : out.steps.back().path).push_back(t);
          continue;
        }
        TestStep step;
        step.channel = system_.transitions[t].action.channel;
        step.path = {t};
        if (const JsonNode* input = e.member("input")) {
          expect(*input, JsonNode::Kind::Object, "\"input\"");
          checkKeys(*input, {"channel", "values"});
          if (const JsonNode* values = input->member("values")) step.inputs = valuation(*values, true);
        }
        out.steps.push_back(std::move(step));
      }
      out.prefix = std::move(prefix);
    } else {
      const JsonNode& steps = need(s, "steps", JsonNode::Kind::Array);
      for (const JsonNode& st : steps.items) {
        TestStep step;
        step.inputs = valuation(st, true);
        step.channel = channelOf(step.inputs);
        out.steps.push_back(std::move(step));
      }
    }
    if (const JsonNode* programs = s.member("programs")) {
      expect(*programs, JsonNode::Kind::Array, "\"programs\"");
      for (const JsonNode& row : programs->items) out.programResults.push_back(programResult(row));
    }
    return out;
  }

  ProgramResult programResult(const JsonNode& row) const {
    expect(row, JsonNode::Kind::Object, "a program result");
    checkKeys(row, {"program", "args", "result"});
    const JsonNode& name = need(row, "program", JsonNode::Kind::String);
    std::vector<std::string> names;
    for (const Contract& c : system_.contracts) {
      if (c.program->name() != name.text) {
        names.push_back(c.program->name());
        continue;
      }
      ProgramResult out;
      out.program = c.program;
      const JsonNode& args = need(row, "args", JsonNode::Kind::Array);
      if (args.items.size() != c.params.size())
        throw ParseError("'" + name.text + "' takes " + std::to_string(c.params.size()) + " argument(s)", at(args.offset),
                         kHint);
      for (std::size_t k = 0; k < c.params.size(); ++k)
        out.args.push_back(value(slotOf(system_, c.params[k]), args.items[k], "argument " + std::to_string(k + 1)));
      const JsonNode* result = row.member("result");
      if (!result) throw ParseError("missing \"result\"", at(row.offset), kHint);
      out.result = value(slotOf(system_, c.result), *result, "the result");
      return out;
    }
    throw ParseError("unknown program '" + name.text + "'" + didYouMean(name.text, names), at(name.offset), kHint);
  }

  std::string file_;
  const TransitionSystem& system_;
  std::string text_;
};

}  // namespace

ResultFile readResultFile(const std::filesystem::path& file, const TransitionSystem& system) {
  return Reader(file, system).read();
}

}  // namespace symseq::exec
