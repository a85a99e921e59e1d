#include "symseq/design/Lower.h"

#include <algorithm>
#include <set>

#include "Body.h"
#include "ControlAutomaton.h"
#include "Instances.h"
#include "symseq/expr/Fold.h"

namespace symseq::design {
namespace {

// Whether some basic program of `design` assigns `symbol` (a private variable's placeholder).
bool assigns(const Block& block, Expr symbol) {
  return std::ranges::any_of(block, [&](const Instruction& i) {
    if (const auto* a = std::get_if<Assign>(&i.node)) return a->target == symbol;
    if (const auto* s = std::get_if<If>(&i.node)) return assigns(s->then, symbol) || assigns(s->otherwise, symbol);
    return false;
  });
}

bool assignedAnywhere(const Design& design, const std::string& privateName) {
  const auto ref = std::ranges::find_if(design.references, [&](const Reference& r) {
    return r.kind == RefKind::Private && r.name == privateName;
  });
  if (ref == design.references.end()) return false;
  return std::ranges::any_of(design.basics, [&](const BasicProgram& b) { return assigns(b.body, ref->symbol); });
}

Expr zeroOf(ExprContext& ctx, Sort sort) {
  if (sort.isBool()) return ctx.boolVal(false);
  if (sort.isReal()) return ctx.realVal(Rational(0));
  return ctx.intVal(0);
}

// The variables of one instance.
struct InstanceVars {
  std::vector<std::pair<std::string, PortVars>> ports;  // declaration order
  std::vector<Expr> privates;
  Expr last;
  std::optional<Expr> pc;
  ControlAutomaton control;
};

class Lowering {
 public:
  Lowering(const DesignFile& file, const Design& top, ExprContext& ctx)
      : top_(top), ctx_(ctx), system_(ctx), instances_(instantiate(file, top)) {
    timeSort_ = carrierOf(top) == TimeKind::Dense ? Sort::real() : Sort::integer();
  }

  TransitionSystem run() {
    system_.name = top_.name;
    declareClock();
    for (const Instance& i : instances_) vars_.push_back(declareInstance(i));
    declareInputs();
    system_.addLocation(top_.name, top_.where);
    system_.initial = 0;
    declareChannels();
    addDelay();
    addInputs();
    for (std::size_t i = 0; i < instances_.size(); ++i) addPrograms(i);
    addComponents();
    addEnvironment();
    system_.date = now_;
    system_.axioms.push_back(ctx_.make(Op::Ge, {time0_, zero()}));
    system_.metrics = {{"instances", instances_.size()},
                       {"program_transitions", system_.transitions.size() - 1 - top_.ports.size()}};
    system_.validate();
    return std::move(system_);
  }

 private:
  Expr zero() { return zeroOf(ctx_, timeSort_); }

  Expr stateVar(const std::string& name, Sort sort, std::optional<Expr> initial, const SourceLocation& where) {
    if (ctx_.findVar(name)) {
      // Another declaration already made it: two names of the lowering clash (`last`, `pc`).
      if (std::ranges::any_of(system_.variables, [&](const VariableDecl& v) { return v.var.name() == name; }))
        throw Error("'" + name + "' clashes with a variable the lowering adds", where);
    }
    const Expr v = ctx_.var(name, sort);
    system_.variables.push_back({v, VariableRole::State, std::move(initial), where});
    return v;
  }

  void declareClock() {
    time0_ = ctx_.var("time0", timeSort_);
    VariableDecl t0{time0_, VariableRole::State, std::nullopt, top_.where};
    t0.frozen = true;
    t0.parameter = true;  // the initial date: run files may assume it
    system_.variables.push_back(t0);
    elapsed_ = stateVar("elapsed", timeSort_, zero(), top_.where);
    now_ = ctx_.make(Op::Add, {time0_, elapsed_});
  }

  InstanceVars declareInstance(const Instance& instance) {
    const Design& d = *instance.design;
    InstanceVars out;
    const std::string& x = instance.name;
    for (const PortDecl& p : d.ports) {
      PortVars v;
      v.current = stateVar(x + "." + p.name, p.sort, p.initial, p.where);
      v.available = stateVar(x + "." + p.name + ".avail", Sort::boolean(), ctx_.boolVal(false), p.where);
      v.buffer = stateVar(x + "." + p.name + ".buf", p.sort, p.initial ? *p.initial : zeroOf(ctx_, p.sort), p.where);
      out.ports.emplace_back(p.name, v);
    }
    for (const VarDecl& v : d.privates) {
      const bool parameter = !v.initial && !assignedAnywhere(d, v.name);
      const Expr var = stateVar(x + "." + v.name, v.sort, v.initial, v.where);
      if (parameter) {  // never assigned: one unknown value per system, for [assume]
        system_.variables.back().frozen = true;
        system_.variables.back().parameter = true;
      }
      out.privates.push_back(var);
    }
    out.last = stateVar(x + ".last", timeSort_, zero(), instance.where);
    out.control = controlAutomaton(d, ctx_);
    if (out.control.points > 1) out.pc = stateVar(x + ".pc", Sort::integer(), ctx_.intVal(0), instance.where);
    return out;
  }

  void declareInputs() {
    delayInput_ = ctx_.var("d", timeSort_);
    system_.variables.push_back({delayInput_, VariableRole::Input, std::nullopt, top_.where});
    for (const PortDecl& p : top_.ports) {
      const Expr in = ctx_.var(top_.name + "." + p.name + ".in", p.sort);
      system_.variables.push_back({in, VariableRole::Input, std::nullopt, p.where});
      portInputs_.push_back(in);
    }
  }

  void declareChannels() {
    system_.channels.push_back({"delay", ChannelDirection::Input, {timeSort_}});
    std::vector<Sort> observed;
    for (const PortDecl& p : top_.ports) {
      system_.channels.push_back({top_.name + "." + p.name, ChannelDirection::Input, {p.sort}});
      observed.push_back(p.sort);
    }
    outputChannel_ = static_cast<std::uint32_t>(system_.channels.size());
    system_.channels.push_back({top_.name, ChannelDirection::Output, observed});
  }

  // Time passes only when the tester says so (seed 3.4 item 2): d >= 1 discrete, d > 0 dense.
  void addDelay() {
    Transition t;
    t.name = "delay";
    t.guard = timeSort_.isReal() ? ctx_.make(Op::Gt, {delayInput_, zero()})
                                 : ctx_.make(Op::Ge, {delayInput_, ctx_.intVal(1)});
    t.action = {ActionKind::Input, 0, {delayInput_}};
    t.updates = {{elapsed_, ctx_.make(Op::Add, {elapsed_, delayInput_})}};
    t.where = top_.where;
    t.provenance = "time passes (a tester delay)";
    t.synthetic = true;
    system_.transitions.push_back(std::move(t));
  }

  // A value arrives from the environment on an empty port of the top design (Def 5).
  void addInputs() {
    for (std::size_t k = 0; k < top_.ports.size(); ++k) {
      const PortVars& p = vars_[0].ports[k].second;
      Transition t;
      t.name = top_.name + "." + top_.ports[k].name + "?";
      t.guard = ctx_.mkNot(p.available);
      t.action = {ActionKind::Input, static_cast<std::uint32_t>(1 + k), {portInputs_[k]}};
      t.updates = {{p.buffer, portInputs_[k]}, {p.available, ctx_.boolVal(true)}};
      t.where = top_.ports[k].where;
      t.provenance = "a value from the environment";
      t.synthetic = true;
      system_.transitions.push_back(std::move(t));
    }
  }

  InstanceView viewOf(std::size_t index) const {
    const Instance& instance = instances_[index];
    const InstanceVars& vars = vars_[index];
    InstanceView view;
    for (const auto& [name, p] : vars.ports) view.ports.emplace(name, p);
    for (const auto& [local, child] : instance.children) {
      for (const auto& [name, p] : vars_[child].ports) view.used[local].emplace(name, p);
      view.usedNames.emplace(local, instances_[child].name);
    }
    const Design& d = *instance.design;
    for (const Reference& r : d.references) {
      const auto fail = [&](const std::string& what) { return Error(what + " in design '" + d.name + "'", d.where); };
      switch (r.kind) {
        case RefKind::OwnPort:
        case RefKind::Touch: {
          const auto p = view.ports.find(r.name);
          if (p == view.ports.end()) throw fail("unknown port '" + r.name + "'");
          view.placeholders.emplace(r.symbol, r.kind == RefKind::Touch ? p->second.available : p->second.current);
          break;
        }
        case RefKind::OwnTime:
        case RefKind::UsedTime:  // one clock (seed 3.4 item 3)
          view.placeholders.emplace(r.symbol, now_);
          break;
        case RefKind::Private: {
          const auto v = std::ranges::find_if(d.privates, [&](const VarDecl& p) { return p.name == r.name; });
          if (v == d.privates.end()) throw fail("unknown private variable '" + r.name + "'");
          view.placeholders.emplace(r.symbol, vars.privates[static_cast<std::size_t>(v - d.privates.begin())]);
          break;
        }
        case RefKind::UsedPort: {
          const auto u = view.used.find(r.instance);
          if (u == view.used.end()) throw fail("'" + r.instance + "' is not a reused instance");
          const auto p = u->second.find(r.name);
          if (p == u->second.end()) throw fail("unknown port '" + r.instance + "." + r.name + "'");
          view.placeholders.emplace(r.symbol, p->second.current);
          break;
        }
      }
    }
    return view;
  }

  const InstanceVars& varsNamed(const std::string& name) const {
    const auto it = std::ranges::find_if(instances_, [&](const Instance& i) { return i.name == name; });
    return vars_[static_cast<std::size_t>(it - instances_.begin())];
  }

  // Where control may take the program from (the pc and the folded `while` conditions), and where
  // it goes.
  std::pair<Expr, std::optional<Expr>> control(const InstanceVars& vars, const InstanceView& view,
                                               const std::vector<ProgramEntry>& entries) {
    std::vector<Expr> alternatives;
    std::vector<Expr> targets;
    for (const ProgramEntry& e : entries) {
      std::vector<Expr> conjuncts;
      if (vars.pc) conjuncts.push_back(ctx_.mkEq(*vars.pc, ctx_.intVal(e.from)));
      for (const Expr c : e.conditions) conjuncts.push_back(substitute(ctx_, c, view.placeholders));
      alternatives.push_back(ctx_.mkAnd(conjuncts));
      targets.push_back(ctx_.intVal(e.to));
    }
    const Expr from = foldConstants(ctx_, ctx_.mkOr(alternatives));
    if (!vars.pc) return {from, std::nullopt};
    Expr next = targets.back();  // an ite over the entries, when they lead to different points
    for (std::size_t k = entries.size() - 1; k-- > 0;)
      if (targets[k] != next) next = ctx_.mkIte(alternatives[k], targets[k], next);
    return {from, next};
  }

  void addPrograms(std::size_t index) {
    const Instance& instance = instances_[index];
    const InstanceVars& vars = vars_[index];
    const Design& d = *instance.design;
    const InstanceView view = viewOf(index);
    for (std::size_t k = 0; k < d.basics.size(); ++k) {
      const BasicProgram& program = d.basics[k];
      const std::vector<ProgramEntry>& entries = vars.control.entries[k];
      if (entries.empty()) continue;  // control never reaches it
      const auto [from, next] = control(vars, view, entries);
      const Expr guard = substitute(ctx_, program.guard, view.placeholders);
      const std::string origin = instance.name + "." + program.name;
      for (const Branch& b : runBody(program, view, ctx_)) {
        std::vector<Expr> conjuncts{from, guard};
        std::ranges::copy(b.conditions, std::back_inserter(conjuncts));
        conjuncts.push_back(atPoint(ctx_, view, b, program.post));
        conjuncts.push_back(ctx_.make(Op::Gt, {elapsed_, vars.last}));
        Transition t;
        t.updates = b.updates;
        t.updates.push_back({vars.last, elapsed_});
        for (const std::string& r : b.receivers) {  // a delivery is an observation of the receiver
          const Expr last = varsNamed(r).last;
          conjuncts.push_back(ctx_.make(Op::Gt, {elapsed_, last}));
          t.updates.push_back({last, elapsed_});
        }
        if (next) t.updates.push_back({*vars.pc, *next});
        t.guard = foldConstants(ctx_, ctx_.mkAnd(conjuncts));
        if (t.guard == ctx_.boolVal(false)) continue;
        t.name = origin;
        for (const std::string& l : b.labels) t.name += "." + l;
        t.origin = origin;
        t.variant = b.labels;
        t.where = program.where;
        t.provenance = "basic program " + program.name + " of " + instance.name;
        if (index == 0) {  // the top design's programs show its ports to the tester
          t.action.kind = ActionKind::Output;
          t.action.channel = outputChannel_;
          for (const auto& [name, p] : vars.ports) t.action.args.push_back(atPoint(ctx_, view, b, p.current));
        }
        programOf_.push_back({system_.transitions.size(), index, b.receivers});
        system_.transitions.push_back(std::move(t));
      }
    }
  }

  void addComponents() {
    for (std::size_t i = 0; i < instances_.size(); ++i) {
      const Instance& instance = instances_[i];
      Component c;
      c.name = instance.name;
      c.design = instance.design->name;
      for (const auto& [name, p] : vars_[i].ports) c.ports.push_back({name, p.current, p.available, p.buffer});
      c.privates = vars_[i].privates;
      c.date = now_;
      std::set<TransitionId> seen;
      // Time passing is an observation of the top design (a stuttering step, Def 5); an input
      // arriving is not one of its own: it belongs to the stuttering around it, at that date.
      if (i == 0) seen.insert(0);
      for (const ProgramTransition& p : programOf_) {
        if (p.instance == i) c.programs.push_back(static_cast<TransitionId>(p.transition));
        if (p.instance == i || std::ranges::find(p.receivers, instance.name) != p.receivers.end())
          seen.insert(static_cast<TransitionId>(p.transition));
      }
      c.observations.assign(seen.begin(), seen.end());
      c.where = instance.where;
      system_.components.push_back(std::move(c));
    }
  }

  // Between system steps time may pass and values may arrive on the top design's empty ports.
  void addEnvironment() {
    const auto freedom = [&](Expr variable, const auto& allowed) {
      const Expr next = ctx_.var(std::string(variable.name()) + "'", variable.sort());
      system_.environment.push_back({variable, next, allowed(next)});
    };
    freedom(elapsed_, [&](Expr next) { return ctx_.make(Op::Ge, {next, elapsed_}); });
    for (const auto& [name, p] : vars_[0].ports) {
      freedom(p.available, [&](Expr next) {
        return ctx_.mkOr(std::vector<Expr>{ctx_.mkEq(next, p.available), ctx_.mkAnd(std::vector<Expr>{ctx_.mkNot(p.available), next})});
      });
      freedom(p.buffer, [&](Expr next) {
        return ctx_.mkOr(std::vector<Expr>{ctx_.mkEq(next, p.buffer), ctx_.mkNot(p.available)});
      });
    }
  }

  struct ProgramTransition {
    std::size_t transition;
    std::size_t instance;
    std::vector<std::string> receivers;
  };

  const Design& top_;
  ExprContext& ctx_;
  TransitionSystem system_;
  std::vector<Instance> instances_;
  std::vector<InstanceVars> vars_;
  Sort timeSort_ = Sort::integer();
  Expr time0_, elapsed_, now_, delayInput_;
  std::vector<Expr> portInputs_;
  std::uint32_t outputChannel_ = 0;
  std::vector<ProgramTransition> programOf_;
};

std::string quoted(const std::string& s) { return "\"" + s + "\""; }

void drawInstance(const std::vector<Instance>& instances, std::size_t index, std::string& out, const std::string& indent) {
  const Instance& i = instances[index];
  out += indent + "subgraph " + quoted("cluster_" + i.name) + " {\n";
  out += indent + "  label=" + quoted(i.name + (i.name == i.design->name ? "" : " : " + i.design->name)) + ";\n";
  for (const PortDecl& p : i.design->ports)
    out += indent + "  " + quoted(i.name + "." + p.name) + " [label=" + quoted(p.name) + ", shape=box];\n";
  for (const auto& [local, child] : i.children) drawInstance(instances, child, out, indent + "  ");
  out += indent + "}\n";
}

}  // namespace

TransitionSystem lower(const DesignFile& file, const Design& top, ExprContext& ctx) {
  return Lowering(file, top, ctx).run();
}

std::string compositionDiagram(const DesignFile& file, const Design& top) {
  const std::vector<Instance> instances = instantiate(file, top);
  std::string out = "digraph " + quoted(top.name) + " {\n  compound=true;\n";
  drawInstance(instances, 0, out, "  ");
  std::set<std::string> edges;  // one edge per route and program, however many branches repeat it
  for (const Instance& i : instances) {
    const auto walk = [&](const auto& self, const Block& block, const std::string& program) -> void {
      for (const Instruction& ins : block) {
        if (const auto* r = std::get_if<Route>(&ins.node)) {
          const auto source = i.children.find(r->fromInstance);
          const auto to = i.children.find(r->toInstance);
          if (to == i.children.end() || (!r->fromInstance.empty() && source == i.children.end()))
            continue;  // the lowering reports it
          const std::string from = r->fromInstance.empty() ? i.name : instances[source->second].name;
          edges.insert("  " + quoted(from + "." + r->fromPort) + " -> " +
                       quoted(instances[to->second].name + "." + r->toPort) + " [label=" + quoted(program) + "];\n");
        } else if (const auto* s = std::get_if<If>(&ins.node)) {
          self(self, s->then, program);
          self(self, s->otherwise, program);
        }
      }
    };
    for (const BasicProgram& b : i.design->basics) walk(walk, b.body, i.name + "." + b.name);
  }
  for (const std::string& e : edges) out += e;
  return out + "}\n";
}

}  // namespace symseq::design
