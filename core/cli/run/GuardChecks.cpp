#include "symseq/run/GuardChecks.h"

#include <algorithm>

#include "symseq/expr/Printer.h"

namespace symseq {

namespace {

std::string witnessText(const TransitionSystem& system, const Valuation& witness) {
  std::string out;
  for (const auto& [var, value] : witness)
    out += (out.empty() ? "" : ", ") + std::string(var.name()) + " = " + system.valueText(var, value);
  return out;
}

// "on cmd" for an input channel, "without input" for internal and output transitions.
std::string onWhat(const TransitionSystem& system, const std::optional<std::uint32_t>& channel) {
  return channel ? "on input '" + system.channels.at(*channel).name + "'" : "without input";
}

std::string overlapMessage(const TransitionSystem& system, const GuardOverlap& o) {
  return "transitions '" + system.transitions[o.first].name + "' and '" + system.transitions[o.second].name +
         "' leave '" + system.locations[o.location].name + "' " + onWhat(system, o.channel) +
         " with overlapping guards";
}

}  // namespace

std::vector<ModelFinding> guardFindings(const TransitionSystem& system, const GuardReport& report) {
  std::vector<ModelFinding> out;
  for (const GuardOverlap& o : report.overlaps)
    out.push_back({"nondeterminism",
                   overlapMessage(system, o) + (system.synchronous ? "" : " (a choice the model leaves open)"),
                   system.transitions[o.second].where, witnessText(system, o.witness)});
  for (const GuardGap& g : report.gaps)
    out.push_back({"incompleteness",
                   "no transition leaves '" + system.locations[g.location].name + "' " + onWhat(system, g.channel) +
                       " when " + toString(g.gap),
                   system.locations[g.location].where, witnessText(system, g.witness)});
  for (const DeadTransition& d : report.dead) {
    std::vector<std::string> core;
    for (Expr e : d.core) core.push_back(toString(e));
    std::string joined;
    for (const std::string& c : core) joined += (joined.empty() ? "" : ", ") + c;
    out.push_back({"dead-transition",
                   "transition '" + system.transitions[d.transition].name + "' can never fire: " + joined +
                       " cannot hold together",
                   system.transitions[d.transition].where, std::string(), core});
  }
  return out;
}

GuardReport analyzeModelGuards(const TransitionSystem& system, Solver& solver) {
  GuardReport report = analyzeGuards(system, solver);
  if (system.synchronous && !report.overlaps.empty()) {
    const GuardOverlap& o = report.overlaps.front();
    throw Error(overlapMessage(system, o) + ": both can fire when " + witnessText(system, o.witness) +
                    ", and a synchronous machine must be deterministic",
                system.transitions[o.second].where,
                "make the guards exclusive, or give one of the transitions a higher priority");
  }
  return report;
}

std::map<TransitionId, std::string> deadComposedTargets(const TransitionSystem& system,
                                                      const std::vector<TransitionId>& targets,
                                                      const std::vector<DeadTransition>& dead) {
  std::map<TransitionId, std::string> out;
  if (system.components.empty()) return out;
  for (const DeadTransition& d : dead) {
    if (std::find(targets.begin(), targets.end(), d.transition) == targets.end()) continue;
    std::string core;
    for (Expr e : d.core) core += (core.empty() ? "" : ", ") + toString(e);
    out.emplace(d.transition, "its guard can never hold: " + core + " (not searched for)");
  }
  return out;
}

std::vector<ModelFinding> checkModelGuards(const TransitionSystem& system, Solver& solver) {
  return guardFindings(system, analyzeModelGuards(system, solver));
}

}  // namespace symseq
