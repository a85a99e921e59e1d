// `symseq verdict RUN.toml --purpose FILE --trace TRACE.json`: the verdict of a recorded trace
// against a test purpose (iosts-program-contracts.md §6.1; docs/verdicts.md). The purpose is a path
// file (run/PathFile.h); its feasibility is checked first, and an infeasible purpose is an error
// (a testing hypothesis fails). The trace is JSON:
//   {"events": [{"input": "coin", "values": [100]}, {"output": "screen", "values": ["Add"]},
//               {"quiescence": true}]}
// Prints the verdict with the symbolic path that explains it and writes verdict.json into the
// run's output directory. Exit 0 for PASS, WeakPASS and INCONC, 1 for FAIL, 2 for bad input.
#include <algorithm>
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>

#include "Commands.h"
#include "ModelSession.h"
#include "exec/JsonText.h"
#include "symseq/run/PathFile.h"
#include "symseq/solver/BudgetLayer.h"
#include "symseq/solver/NumeralText.h"
#include "symseq/support/DidYouMean.h"
#include "symseq/verdict/Verdict.h"

namespace symseq::cli {

namespace {

struct VerdictOptions {
  std::filesystem::path runFile;
  std::filesystem::path purposeFile;
  std::filesystem::path traceFile;
  std::vector<std::string> overrides;
  PluginDirOptions dirs;
};

// ---- The trace file -------------------------------------------------------------------------

using exec::JsonNode;

class TraceReader {
 public:
  TraceReader(const std::filesystem::path& file, const TransitionSystem& system) : file_(file), system_(system) {}

  Trace read() {
    std::ifstream in(file_, std::ios::binary);
    if (!in) throw Error("cannot read trace file '" + file_.string() + "'", std::nullopt, "check the path");
    std::ostringstream buffer;
    buffer << in.rdbuf();
    text_ = buffer.str();
    JsonNode root;
    if (const exec::JsonSyntax syntax = exec::parseJson(text_, root); !syntax.ok)
      throw ParseError("the trace is not valid JSON: " + syntax.message, at(syntax.offset), kFormatHint);
    if (root.kind != JsonNode::Kind::Object)
      throw ParseError("the trace must be a JSON object with an \"events\" array", at(root.offset), kFormatHint);
    checkKeys(root, {"events"});
    const JsonNode* events = root.member("events");
    if (!events) throw ParseError("the trace has no \"events\" array", at(root.offset), kFormatHint);
    if (events->kind != JsonNode::Kind::Array)
      throw ParseError("\"events\" must be an array", at(events->offset), kFormatHint);
    Trace trace;
    for (const JsonNode& e : events->items) trace.events.push_back(event(e, trace.events.size() + 1));
    return trace;
  }

 private:
  static constexpr const char* kFormatHint =
      "a trace is {\"events\": [{\"input\": CHANNEL, \"values\": [...]}, {\"output\": CHANNEL, \"values\": [...]}, "
      "{\"quiescence\": true}]} (docs/verdicts.md)";

  SourceLocation at(std::size_t offset) const { return exec::locate(text_, offset, file_.string()); }

  void checkKeys(const JsonNode& object, const std::vector<std::string>& known) const {
    for (std::size_t k = 0; k < object.members.size(); ++k) {
      const std::string& key = object.members[k].first;
      if (std::find(known.begin(), known.end(), key) == known.end())
        throw ParseError("unknown key \"" + key + "\"" + didYouMean(key, known), at(object.keyOffsets[k]), kFormatHint);
      for (std::size_t j = 0; j < k; ++j)
        if (object.members[j].first == key)
          throw ParseError("duplicate key \"" + key + "\"", at(object.keyOffsets[k]), "give each key once");
    }
  }

  TraceEvent event(const JsonNode& e, std::size_t index) const {
    const std::string which = "event " + std::to_string(index);
    if (e.kind != JsonNode::Kind::Object) throw ParseError(which + " must be a JSON object", at(e.offset), kFormatHint);
    checkKeys(e, {"input", "output", "quiescence", "values"});
    const JsonNode* input = e.member("input");
    const JsonNode* output = e.member("output");
    const JsonNode* quiescence = e.member("quiescence");
    const JsonNode* values = e.member("values");
    if ((input != nullptr) + (output != nullptr) + (quiescence != nullptr) != 1)
      throw ParseError(which + " must have exactly one of \"input\", \"output\" and \"quiescence\"", at(e.offset),
                       kFormatHint);
    TraceEvent out;
    out.where = at(e.offset);
    if (quiescence) {
      if (quiescence->kind != JsonNode::Kind::Bool || quiescence->text != "true")
        throw ParseError(which + ": \"quiescence\" must be true", at(quiescence->offset), kFormatHint);
      if (values) throw ParseError(which + ": quiescence carries no values", at(values->offset), "drop \"values\"");
      out.kind = EventKind::Quiescence;
      return out;
    }
    const JsonNode& name = input ? *input : *output;
    out.kind = input ? EventKind::Input : EventKind::Output;
    if (name.kind != JsonNode::Kind::String)
      throw ParseError(which + ": the channel must be a string, its name", at(name.offset), kFormatHint);
    out.channel = channel(name, out.kind);
    const Channel& c = system_.channels[out.channel];
    std::vector<const JsonNode*> given;
    if (values) {
      if (values->kind != JsonNode::Kind::Array)
        throw ParseError(which + ": \"values\" must be an array", at(values->offset), kFormatHint);
      for (const JsonNode& v : values->items) given.push_back(&v);
    }
    if (given.size() != c.params.size())
      throw ParseError(which + ": channel '" + c.name + "' carries " + std::to_string(c.params.size()) +
                           " value(s), the event gives " + std::to_string(given.size()),
                       at(values ? values->offset : e.offset), "give one value per parameter of the channel");
    for (std::size_t k = 0; k < given.size(); ++k)
      out.values.push_back(value(*given[k], out.channel, static_cast<std::uint32_t>(k)));
    return out;
  }

  std::uint32_t channel(const JsonNode& name, EventKind kind) const {
    const ChannelDirection want = kind == EventKind::Input ? ChannelDirection::Input : ChannelDirection::Output;
    std::vector<std::string> candidates;
    for (std::uint32_t c = 0; c < system_.channels.size(); ++c) {
      if (system_.channels[c].name == name.text) {
        if (system_.channels[c].direction == want) return c;
        const bool isInput = want == ChannelDirection::Output;
        throw ParseError("'" + name.text + "' is an " + (isInput ? "input" : "output") + " channel", at(name.offset),
                         isInput ? "the tester sends on it: write {\"input\": \"" + name.text + "\", ...}"
                                 : "the system emits on it: write {\"output\": \"" + name.text + "\", ...}");
      }
      if (system_.channels[c].direction == want) candidates.push_back(system_.channels[c].name);
    }
    std::string known;
    for (const std::string& n : candidates) known += (known.empty() ? "" : ", ") + n;
    throw ParseError("unknown " + std::string(kind == EventKind::Input ? "input" : "output") + " channel '" + name.text +
                         "'" + didYouMean(name.text, candidates),
                     at(name.offset), known.empty() ? "the model has none" : "the model's are: " + known);
  }

  Value value(const JsonNode& v, std::uint32_t channel, std::uint32_t param) const {
    const Channel& c = system_.channels[channel];
    const Sort sort = c.params[param];
    const std::string which = "value " + std::to_string(param + 1) + " of '" + c.name + "'";
    const auto enumeration = system_.parameterEnumerations.find({channel, param});
    if (enumeration != system_.parameterEnumerations.end()) {
      const Enumeration& en = system_.enumerations.at(enumeration->second);
      if (v.kind != JsonNode::Kind::String)
        throw ParseError(which + " is a " + en.name + ": write one of its literals by name", at(v.offset),
                         "one of: " + joined(en.literals));
      for (std::size_t k = 0; k < en.literals.size(); ++k)
        if (en.literals[k] == v.text) return Value::integer(static_cast<long>(k));
      throw ParseError("'" + v.text + "' is not a literal of " + en.name + didYouMean(v.text, en.literals),
                       at(v.offset), "one of: " + joined(en.literals));
    }
    try {
      if (sort.isBool() && v.kind == JsonNode::Kind::Bool) return Value::boolean(v.text == "true");
      if (sort.isInt() && v.kind == JsonNode::Kind::Number) return Value::integer(parseIntegerText(v.text));
      if (sort.isReal() && (v.kind == JsonNode::Kind::Number || v.kind == JsonNode::Kind::String))
        return Value::real(rational(v.text));
    } catch (const Error&) {
      // Reported below, with what the sort takes.
    }
    throw ParseError(which + " must be " + wanted(sort) + ", not " + (v.kind == JsonNode::Kind::String ? "\"" + v.text + "\"" : v.text),
                     at(v.offset), "write the value as the channel's parameter sort takes it");
  }

  // "-12", "1.25" (a decimal, exact) or "7/3".
  static Rational rational(const std::string& text) {
    const auto dot = text.find('.');
    if (dot == std::string::npos) return parseRationalText(text);
    const std::string digits = text.substr(0, dot) + text.substr(dot + 1);
    const std::string fraction = text.substr(dot + 1);
    if (fraction.empty() || fraction.find_first_not_of("0123456789") != std::string::npos)
      throw Error("not a decimal");
    return parseRationalText(digits + "/1" + std::string(fraction.size(), '0'));
  }

  static std::string wanted(Sort sort) {
    if (sort.isBool()) return "true or false";
    if (sort.isInt()) return "an integer";
    if (sort.isReal()) return "a number (an integer, a decimal such as 1.25, or \"7/3\")";
    return "a value of sort " + sort.toString();
  }

  static std::string joined(const std::vector<std::string>& names) {
    std::string out;
    for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
    return out;
  }

  std::filesystem::path file_;
  const TransitionSystem& system_;
  std::string text_;
};

// ---- The report -------------------------------------------------------------------------------

using Json = nlohmann::ordered_json;

std::string transitionNames(const TransitionSystem& system, const std::vector<TransitionId>& ids) {
  std::string out;
  for (TransitionId t : ids) out += (out.empty() ? "" : " ") + system.transitions[t].name;
  return out;
}

// Columns a UTF-8 text takes (δ is one column, two bytes).
std::size_t columns(std::string_view text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

Json namesJson(const TransitionSystem& system, const std::vector<TransitionId>& ids) {
  Json out = Json::array();
  for (TransitionId t : ids) out.push_back(system.transitions[t].name);
  return out;
}

struct Report {
  const TransitionSystem& system;
  const TauReduced& reduced;
  const std::vector<NamedPath>& purpose;
  const Trace& trace;
  const VerdictResult& result;
  const VerdictOptions& options;

  [[nodiscard]] std::string purposePath(std::size_t index) const {
    return "purpose path " + std::to_string(index + 1) + " (" + options.purposeFile.string() + ":" +
           std::to_string(purpose[index].line) + ")";
  }

  [[nodiscard]] std::string pathText(const VerdictPath& path) const {
    std::ostringstream out;
    std::size_t width = 0;
    for (std::size_t k = 0; k < path.steps.size(); ++k) width = std::max(width, columns(describe(system, trace.events[k])));
    for (std::size_t k = 0; k < path.steps.size(); ++k) {
      const std::string event = describe(system, trace.events[k]);
      const VerdictStep& s = path.steps[k];
      out << "  " << (k + 1) << "  " << event << std::string(width - columns(event) + 2, ' ')
          << (s.reduced ? transitionNames(system, s.original) : "δ (no output can fire)") << "\n";
    }
    return out.str();
  }

  [[nodiscard]] std::string text() const {
    const VerdictResult& r = result;
    std::ostringstream out;
    out << toString(r.verdict) << ": ";
    switch (r.verdict) {
      case Verdict::Pass:
        out << "the trace covers the test purpose (it reaches the leaf of " << purposePath(*r.explanation.leaf)
            << ") and belongs to no other path of the model\n";
        break;
      case Verdict::WeakPass:
        out << "the trace covers the test purpose (it reaches the leaf of " << purposePath(*r.explanation.leaf)
            << "), but it also belongs to a path of the model that reaches no leaf\n";
        break;
      case Verdict::Inconclusive:
        out << "the trace belongs to the model's execution but reaches no leaf of the test purpose\n";
        break;
      case Verdict::Fail: {
        const TraceEvent& e = trace.events[r.explained];
        out << "event " << (r.explained + 1) << " (" << describe(system, e)
            << (e.where ? ", " + e.where->toString() : "") << ") leaves the model's execution";
        out << (r.explained == 0 ? "\n" : "; the events before it belong to:\n");
        break;
      }
    }
    out << pathText(r.explanation);
    if (r.other) out << "also belongs to:\n" << pathText(*r.other);
    out << "paths of the model the trace belongs to: " << r.paths << ", reaching a leaf of the purpose: " << r.covering
        << "\n";
    return out.str();
  }

  [[nodiscard]] Json pathJson(const VerdictPath& path) const {
    Json steps = Json::array();
    for (std::size_t k = 0; k < path.steps.size(); ++k) {
      const VerdictStep& s = path.steps[k];
      Json step{{"event", k + 1}, {"observed", describe(system, trace.events[k])}};
      if (s.reduced) {
        step["transition"] = reduced.system.transitions[*s.reduced].name;
        step["transitions"] = namesJson(system, s.original);
      } else {
        step["quiescence"] = true;
      }
      steps.push_back(std::move(step));
    }
    Json out{{"transitions", namesJson(system, path.transitions())}, {"steps", steps}};
    if (path.leaf)
      out["purpose_path"] = {{"index", *path.leaf + 1},
                             {"line", purpose[*path.leaf].line},
                             {"transitions", namesJson(system, purpose[*path.leaf].transitions)}};
    return out;
  }

  [[nodiscard]] std::string json() const {
    const VerdictResult& r = result;
    Json doc{{"format", "symseq-verdict"},
             {"version", 1},
             {"verdict", std::string(toString(r.verdict))},
             {"exit_code", r.verdict == Verdict::Fail ? 1 : 0},
             {"model", system.name},
             {"purpose", options.purposeFile.string()},
             {"trace", options.traceFile.string()},
             {"events", trace.events.size()},
             {"explained_events", r.explained}};
    if (r.verdict == Verdict::Fail) {
      const TraceEvent& e = trace.events[r.explained];
      doc["failed_event"] = {{"index", r.explained + 1}, {"observed", describe(system, e)}};
      if (e.where) doc["failed_event"]["at"] = e.where->toString();
    }
    doc["path"] = pathJson(r.explanation);
    if (r.other) doc["other_path"] = pathJson(*r.other);
    doc["paths"] = r.paths;
    doc["covering_paths"] = r.covering;
    return doc.dump(2) + "\n";
  }
};

int verdict(const VerdictOptions& o) {
  ModelSession session(o.runFile, o.overrides, o.dirs);
  const TransitionSystem& system = session.system();
  const std::vector<NamedPath> named = readPathFile(o.purposeFile, system);
  TestPurpose purpose;
  for (const NamedPath& p : named) {
    purpose.paths.push_back(p.transitions);
    purpose.where.push_back(SourceLocation{o.purposeFile.string(), static_cast<std::uint32_t>(p.line), 1});
  }
  const Trace trace = TraceReader(o.traceFile, system).read();
  checkTrace(system, trace);
  const TauReduced reduced = tauReduce(system);
  BudgetLayer solver = session.solver();
  // The testing hypothesis first: no verdict on an infeasible purpose.
  (void)requireFeasible(system, solver, purpose);
  const VerdictResult result = judge(reduced, purpose, trace, solver);

  const Report report{system, reduced, named, trace, result, o};
  const std::string json = report.json();  // computed before anything is written
  session.write({{"verdict.json", json}});
  std::cout << report.text() << "wrote " << (session.config().output.dir / "verdict.json").string() << "\n";
  return result.verdict == Verdict::Fail ? 1 : 0;
}

}  // namespace

void addVerdictCommand(CLI::App& app, Action& action) {
  auto options = std::make_shared<VerdictOptions>();
  auto* cmd = app.add_subcommand(
      "verdict",
      "Judge a recorded trace against a test purpose: PASS, WeakPASS, INCONC (exit 0) or FAIL (exit 1), with the "
      "symbolic path that explains it (verdict.json)");
  cmd->add_option("run-file", options->runFile, "The run file (TOML) naming the model, solver and output")
      ->required()
      ->type_name("RUN.toml");
  cmd->add_option("--purpose", options->purposeFile,
                  "The test purpose: one path per line, transition names from the initial state (model transitions "
                  "stand for each of their behaviour variants)")
      ->required()
      ->type_name("FILE");
  cmd->add_option("--trace", options->traceFile,
                  "The observed trace (JSON): {\"events\": [{\"input\": C, \"values\": [...]}, {\"output\": C, "
                  "\"values\": [...]}, {\"quiescence\": true}]}")
      ->required()
      ->type_name("TRACE.json");
  cmd->add_option("--set", options->overrides, "Override a run-file key, e.g. --set solver.name=cvc5 (repeatable)")
      ->type_name("KEY=VALUE");
  addPluginDirOptions(*cmd, options->dirs);
  cmd->callback([&action, options] { action = [options] { return verdict(*options); }; });
}

}  // namespace symseq::cli
