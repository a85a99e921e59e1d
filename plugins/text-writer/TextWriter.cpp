// The `text` writer: result.txt, the input vectors of each sequence step by step and the
// coverage, for a person; `symseq run` prints it as the run's console summary.
#include <algorithm>
#include <boost/dll/alias.hpp>
#include <sstream>

#include "symseq/exec/Replay.h"
#include "symseq/expr/Evaluator.h"
#include "symseq/plugin/PluginDescriptor.h"
#include "symseq/plugin/Writer.h"
#include "symseq/summary/FunctionTable.h"
#include "symseq/writing/Dates.h"
#include "symseq/writing/Trace.h"

namespace {

using namespace symseq;

// Columns padded to their widest cell, so the table reads in a terminal.
std::string table(const std::vector<std::vector<std::string>>& rows) {
  std::vector<std::size_t> width;
  for (const auto& row : rows)
    for (std::size_t c = 0; c < row.size(); ++c) {
      if (width.size() <= c) width.push_back(0);
      width[c] = std::max(width[c], row[c].size());
    }
  std::ostringstream out;
  for (const auto& row : rows) {
    std::string line;
    for (std::size_t c = 0; c < row.size(); ++c) line += (c ? "  " : "") + row[c] + std::string(width[c] - row[c].size(), ' ');
    out << line.substr(0, line.find_last_not_of(' ') + 1) << "\n";
  }
  return out.str();
}

// The model's date (TransitionSystem::date, designs) at the start and after each step of `s`, as
// text; "-" where it cannot be evaluated. Empty when the model has no date.
struct Dates {
  std::string initial;
  std::vector<std::string> steps;
};

std::optional<Dates> datesText(const TestSequence& s, const TransitionSystem& system) {
  const std::optional<SequenceDates> dates = datesOf(s, system);
  if (!dates) return std::nullopt;
  const auto text = [](const std::optional<Value>& v) { return v ? v->toString() : std::string("-"); };
  Dates out{text(dates->start), {}};
  for (const std::optional<Value>& d : dates->afterSteps) out.steps.push_back(text(d));
  return out;
}

// A sequence that names its transitions (IOSTS tests): one row per transition with the input it
// reads or the output it must emit, enumeration literals by name; with the model's date after it
// when the model has one (time passes only at steps, so a step's transitions share its date).
std::string traceTable(const TestSequence& s, const TransitionSystem& system) {
  const std::optional<Dates> dates = datesText(s, system);
  std::vector<std::vector<std::string>> rows{{"#", "transition", "action"}};
  if (dates) rows[0].emplace_back("date");
  // Which step each event belongs to: the prefix's first, then each step's path in turn.
  std::vector<std::string> eventDates;
  if (dates) {
    eventDates.assign(s.prefix ? s.prefix->size() : 0, dates->initial);
    for (std::size_t k = 0; k < s.steps.size(); ++k)
      eventDates.insert(eventDates.end(), s.steps[k].path.size(), dates->steps[k]);
  }
  for (const TraceEvent& event : traceOf(s, system)) {
    const Transition& t = system.transitions[event.transition];
    std::string action = "tau";
    if (t.action.kind != ActionKind::Internal) {
      std::string values;
      if (event.input)
        for (Expr v : t.action.args)
          if (const Value* value = event.input->inputs.find(v))
            values += (values.empty() ? "" : ", ") + std::string(v.name()) + " = " + system.valueText(v, *value);
      if (const OutputEvent* o = event.output)
        for (std::uint32_t i = 0; i < o->values.size(); ++i)
          values += (i ? ", " : "") + system.valueText(o->channel, i, o->values[i]);
      action = system.channels[t.action.channel].name + (event.input ? "?(" : "!(") + values + ")";
    }
    rows.push_back({std::to_string(rows.size()), t.name, action});
    if (dates) rows.back().push_back(rows.size() - 2 < eventDates.size() ? eventDates[rows.size() - 2] : "-");
  }
  return table(rows);
}

// The program results a test assumes (its witness table), and its consistency group when the
// tests do not all agree.
std::string programsText(const TestSequence& s, const TransitionSystem& system, const RunResult& result) {
  std::string text;
  for (const ProgramResult& row : s.programResults) {
    const Contract* c = system.findContract(*row.program);
    std::string call = row.program->name() + "(";
    for (std::size_t i = 0; i < row.args.size(); ++i)
      call += (i ? ", " : "") + (c && i < c->params.size() ? system.valueText(c->params[i], row.args[i]) : row.args[i].toString());
    text += "  assumes " + call + ") = " + (c ? system.valueText(c->result, row.result) : row.result.toString()) + "\n";
  }
  const bool grouped = std::any_of(result.sequences.begin(), result.sequences.end(),
                                   [](const TestSequence& t) { return t.group != 0; });
  if (grouped) text += "  group " + std::to_string(s.group + 1) + " (tests of different groups assume conflicting program results)\n";
  return text;
}

// The guard checks or the deadlocks, each with its witness and core; nothing when there are none.
void findingsText(std::ostream& out, const std::string& title, const std::vector<ModelFinding>& list) {
  if (list.empty()) return;
  out << "\n" << title << ": " << list.size() << (list.size() == 1 ? " finding\n" : " findings\n");
  for (const ModelFinding& f : list) {
    out << "  " << f.kind << ": " << (f.where ? f.where->toString() + ": " : std::string()) << f.message;
    if (!f.witness.empty()) out << " (witness: " << f.witness << ")";
    if (!f.core.empty()) {
      out << " (core:";
      for (std::size_t i = 0; i < f.core.size(); ++i) out << (i ? ", " : " ") << f.core[i];
      out << ")";
    }
    out << "\n";
  }
}

std::string resultText(const RunResult& result, const TransitionSystem& system, const ResultHeader& header) {
  std::ostringstream out;
  out << "model " << system.name << " (" << header.model << "), strategy " << header.strategy << ", solver "
      << header.solver << ", seed " << header.seed << "\n";
  std::vector<Expr> inputs;
  for (const VariableDecl& v : system.variables)
    if (v.role == VariableRole::Input) inputs.push_back(v.var);
  if (result.sequences.size() > 1)
    out << "\na test suite of " << result.sequences.size()
        << " sequences: run each from the initial state (a reset between them)\n";
  if (const std::uint64_t fromModelCheck = result.strategy.get(stat::kModelCheckSequences); fromModelCheck > 0)
    out << "\n" << fromModelCheck << " of the sequences from the bounded model check's witness\n";
  for (std::size_t i = 0; i < result.sequences.size(); ++i) {
    const TestSequence& s = result.sequences[i];
    out << "\nsequence " << i + 1 << " of " << result.sequences.size() << " (" << s.steps.size() << (s.steps.size() == 1 ? " step)\n" : " steps)\n");
    out << "found by " << s.foundBy << "; length "
        << (s.lengthProvenMinimal ? "proven minimal"
            : s.lengthLowerBound ? "not proven minimal (at least " + std::to_string(*s.lengthLowerBound) + " steps)"
                                 : "not proven minimal")
        << "\n";
    // The state the test starts from, where the model leaves it open: the test depends on it.
    if (s.initial.size() > 0) {
      std::string initial;
      for (const auto& [var, value] : s.initial)
        initial += (initial.empty() ? "" : ", ") + std::string(var.name()) + " = " + system.valueText(var, value);
      out << "initial values: " << initial << "\n";
    }
    if (s.prefix) {
      out << traceTable(s, system);
      out << programsText(s, system, result);
      continue;
    }
    const std::optional<Dates> dates = datesText(s, system);
    std::vector<std::vector<std::string>> rows{{"step"}};
    for (Expr v : inputs) rows[0].emplace_back(v.name());
    if (dates) rows[0].emplace_back("date");
    for (std::size_t k = 0; k < s.steps.size(); ++k) {
      std::vector<std::string> row{std::to_string(k + 1)};
      for (Expr v : inputs) {
        const Value* value = s.steps[k].inputs.find(v);
        row.push_back(value ? value->toString() : "-");
      }
      if (dates) row.push_back(dates->steps[k]);
      rows.push_back(std::move(row));
    }
    out << table(rows);
  }
  out << "\ntargets: " << result.coveredTargets() << " of " << result.targets.size() << " covered, confirmed by replay"
      << (result.replayed ? "" : " (some proposed sequences did not replay)") << "\n";
  for (const TargetOutcome& t : result.targets)
    if (!t.covered)
      out << "  not covered: " << system.transitions[t.transition].name << " (" << toString(*t.reason)
          << (t.detail.empty() ? "" : "; " + t.detail) << ")\n";
  for (const std::string& f : result.replayFailures) out << "  replay failed: " << f << "\n";
  if (result.tree)
    out << "symbolic tree: " << result.strategy.get(stat::kStates) << " states, "
        << result.strategy.get(stat::kPrunedStates) << " children pruned, " << result.strategy.get(stat::kTableRowsAdded)
        << " table rows added\n";
  for (const ModelFinding& f : result.findings)
    out << "  finding: " << (f.where ? f.where->toString() + ": " : std::string()) << f.message << "\n";
  for (const ExternalFailure& f : result.externalFailures)
    out << "  external function failed: " << callText(f.function, f.args) << ": " << f.message << "\n";
  for (const ResultTable& t : result.tables) {
    out << "\n" << t.name << "\n";
    std::vector<std::vector<std::string>> rows{t.columns};
    rows.insert(rows.end(), t.rows.begin(), t.rows.end());
    out << table(rows);
  }
  findingsText(out, "guard checks", result.checks);
  findingsText(out, "deadlocks", result.deadlocks);
  return out.str();
}

class TextWriter final : public Writer {
 public:
  std::vector<OutputFile> write(const WriterInput& run) const override {
    return {{"result.txt", resultText(run.result, run.system, run.header), true}};
  }
};

PluginPtr<Writer> make(const Options&) { return makePluginPtr<TextWriter>(); }

const PluginDescriptor descriptor{
    .kind = PluginKind::Writer,
    .name = "text",
    .version = "1.0.0",
    .summary = "result.txt: each sequence's inputs step by step, then coverage; printed by symseq run",
    .makeWriter = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
