#include "symseq/run/DataCoverage.h"

#include <string>

namespace symseq {

namespace {

// One enumerated parameter a transition receives.
struct EnumeratedParameter {
  Expr variable;  // the Input variable the action binds (`choice.d`)
  std::string label;  // the parameter's name without the channel (`d`)
  const Enumeration* enumeration = nullptr;
};

std::vector<EnumeratedParameter> enumeratedParameters(const TransitionSystem& system, const Transition& t) {
  std::vector<EnumeratedParameter> out;
  if (t.action.kind != ActionKind::Input) return out;
  const std::string prefix = system.channels.at(t.action.channel).name + ".";
  for (std::uint32_t p = 0; p < t.action.args.size(); ++p) {
    const auto it = system.parameterEnumerations.find({t.action.channel, p});
    if (it == system.parameterEnumerations.end()) continue;
    const Enumeration& e = system.enumerations.at(it->second);
    if (e.literals.empty()) continue;
    std::string name(t.action.args[p].name());
    if (name.starts_with(prefix)) name.erase(0, prefix.size());
    out.push_back({t.action.args[p], std::move(name), &e});
  }
  return out;
}

void remap(std::vector<TransitionId>& ids, const std::vector<std::vector<TransitionId>>& images) {
  std::vector<TransitionId> mapped;
  for (TransitionId id : ids) mapped.insert(mapped.end(), images.at(id).begin(), images.at(id).end());
  ids = std::move(mapped);
}

}  // namespace

TransitionSystem splitByInputValues(const TransitionSystem& system, const std::optional<SourceLocation>& where) {
  ExprContext& ctx = system.context();
  TransitionSystem out = system;
  out.transitions.clear();
  std::vector<std::vector<TransitionId>> images(system.transitions.size());
  bool anySplit = false;

  for (std::size_t i = 0; i < system.transitions.size(); ++i) {
    const Transition& t = system.transitions[i];
    const std::vector<EnumeratedParameter> params = enumeratedParameters(system, t);
    std::size_t variants = 1;
    for (const EnumeratedParameter& p : params) {
      variants *= p.enumeration->literals.size();
      if (variants > kMaxDataVariants)
        throw ConfigError("data coverage would split transition '" + t.name + "' into more than " +
                              std::to_string(kMaxDataVariants) + " variants (one per combination of its enumerated inputs)",
                          where, "name the transitions to cover in [targets] names and leave data coverage off");
    }
    if (params.empty()) {
      images[i].push_back(static_cast<TransitionId>(out.transitions.size()));
      out.transitions.push_back(t);
      continue;
    }
    anySplit = true;
    // Every combination of values, the first parameter outermost (declaration order).
    std::vector<std::size_t> choice(params.size(), 0);
    for (std::size_t n = 0; n < variants; ++n) {
      Transition v = t;
      v.origin = t.modelTransition();
      std::vector<Expr> guard{t.guard};
      for (std::size_t k = 0; k < params.size(); ++k) {
        v.variant.push_back(params[k].label + "=" + params[k].enumeration->literals[choice[k]]);
        // Enumerations are Int values 0..k-1 (docs/models/iosts.md); the guard may read inputs.
        guard.push_back(ctx.mkEq(params[k].variable, ctx.intVal(BigInt(choice[k]))));
      }
      v.name = v.origin + "#";
      for (std::size_t k = 0; k < v.variant.size(); ++k) v.name += (k > 0 ? "." : "") + v.variant[k];
      v.guard = ctx.mkAnd(guard);
      images[i].push_back(static_cast<TransitionId>(out.transitions.size()));
      out.transitions.push_back(std::move(v));
      for (std::size_t k = params.size(); k-- > 0;) {
        if (++choice[k] < params[k].enumeration->literals.size()) break;
        choice[k] = 0;
      }
    }
  }
  if (!anySplit)
    throw ConfigError("data coverage needs an input with a parameter of an enumerated sort, but model '" + system.name +
                          "' has none",
                      where,
                      "remove 'data = true', or declare an input parameter with an enum sort (docs/models/iosts.md)");
  remap(out.declaredTargets, images);
  for (Subspace& s : out.subspaces) remap(s.members, images);
  for (Component& c : out.components) {
    remap(c.observations, images);
    remap(c.programs, images);
  }
  out.validate();
  return out;
}

void applyDataCoverage(const TargetConfig& targets, TransitionSystem& system) {
  if (!targets.data) return;
  system = splitByInputValues(system, targets.dataWhere);
}

}  // namespace symseq
