#include "symseq/run/FeasibilityReport.h"

#include <nlohmann/json.hpp>

#include "symseq/expr/Printer.h"

namespace symseq {

namespace {

using Json = nlohmann::ordered_json;

std::string verdictText(CheckResult r) {
  return r == CheckResult::Sat ? "feasible" : r == CheckResult::Unsat ? "infeasible" : "unknown";
}

Json transitionNames(const TransitionSystem& system, const std::vector<TransitionId>& path) {
  Json names = Json::array();
  for (TransitionId t : path) names.push_back(system.transitions[t].name);
  return names;
}

Json exprs(std::span<const Expr> terms) {
  Json out = Json::array();
  for (Expr e : terms) out.push_back(toString(e));
  return out;
}

// A value as the model shows it: an enumeration literal where the variable holds one.
std::string shown(const TransitionSystem& system, Expr var, const Value& v) { return system.valueText(var, v); }

Json programRows(const TransitionSystem& system, const std::vector<ProgramResult>& rows) {
  Json out = Json::array();
  for (const ProgramResult& row : rows) {
    const Contract* c = system.findContract(*row.program);
    Json args = Json::array();
    for (std::size_t i = 0; i < row.args.size(); ++i)
      args.push_back(c && i < c->params.size() ? shown(system, c->params[i], row.args[i]) : row.args[i].toString());
    out.push_back({{"program", row.program->name()},
                   {"args", args},
                   {"result", c ? shown(system, c->result, row.result) : row.result.toString()}});
  }
  return out;
}

Json valuation(const Valuation& values) {
  Json out = Json::object();
  for (const auto& [var, value] : values) out[std::string(var.name())] = value.toString();
  return out;
}

}  // namespace

std::string inferredContractsJson(const InferredContracts& inferred) {
  Json contracts = Json::array();
  for (const InferredContract& c : inferred.contracts) {
    Json behaviors = Json::array();
    for (const InferredBehavior& b : c.behaviors)
      behaviors.push_back({{"name", b.name},
                           {"path", b.path + 1},
                           {"frozen", exprs(b.frozen)},
                           {"axioms", exprs(b.axioms)},
                           {"assumes", toString(b.pre)},
                           {"ensures", toString(b.post)}});
    contracts.push_back({{"program", c.program->name()}, {"params", exprs(c.params)}, {"behaviors", behaviors}});
  }
  const Json doc{{"format", "symseq-contracts"},
                 {"version", 1},
                 {"frozen", exprs(inferred.frozen)},
                 {"axioms", exprs(inferred.axioms)},
                 {"contracts", contracts}};
  return doc.dump(2) + "\n";
}

std::string feasibilityJson(const FeasibilityInput& in) {
  const PathSetResult& r = in.result;
  Json paths = Json::array();
  for (std::size_t k = 0; k < r.paths.size(); ++k) {
    Json p{{"index", k + 1},
           {"line", in.paths[k].line},
           {"transitions", transitionNames(in.system, r.paths[k].transitions)},
           {"condition", exprs(r.paths[k].condition)},
           {"verdict", verdictText(r.alone[k])}};
    if (in.roundTrip) p["inferred_contracts_keep_it_feasible"] = static_cast<bool>((*in.roundTrip)[k]);
    paths.push_back(std::move(p));
  }
  Json set{{"verdict", verdictText(r.set)}};
  if (r.witness) {
    Json perPath = Json::array();
    for (const Valuation& v : r.witness->values) perPath.push_back(valuation(v));
    set["witness"] = {{"programs", programRows(in.system, r.witness->programs)},
                      {"frozen", valuation(r.witness->frozen)},
                      {"paths", perPath}};
  }
  if (r.set == CheckResult::Unsat) {
    Json conflict = Json::array();
    for (std::size_t k : r.conflict) conflict.push_back(k + 1);
    set["conflict"] = {{"paths", conflict}, {"needs_determinism", r.conflictNeedsDeterminism}};
  }
  std::size_t feasible = 0;
  for (CheckResult c : r.alone) feasible += c == CheckResult::Sat ? 1 : 0;
  Json doc{{"format", "symseq-feasibility"},
           {"version", 1},
           {"model", in.system.name},
           {"determinism", in.determinism == Determinism::Pairwise ? "pairwise" : "uf"},
           {"feasible_paths", feasible},
           {"paths", paths},
           {"set", set}};
  if (in.inferred) doc["inferred_contracts"] = "contracts.json";
  return doc.dump(2) + "\n";
}

std::string feasibilitySummary(const FeasibilityInput& in) {
  std::size_t feasible = 0;
  for (CheckResult c : in.result.alone) feasible += c == CheckResult::Sat ? 1 : 0;
  std::string text = std::to_string(feasible) + " of " + std::to_string(in.result.paths.size()) +
                     " distinguished paths feasible; the set is " + verdictText(in.result.set);
  if (in.result.set == CheckResult::Unsat) {
    text += " (paths";
    for (std::size_t k : in.result.conflict) text += " " + std::to_string(k + 1);
    text += in.result.conflictNeedsDeterminism ? " conflict through the programs' determinism)" : " conflict)";
  }
  return text + "\n";
}

}  // namespace symseq
