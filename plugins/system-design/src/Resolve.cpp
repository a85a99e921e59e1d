#include "Resolve.h"

#include <utility>

#include "Composition.h"
#include "Scope.h"

namespace symseq::design {

namespace {

using syntax::Decl;
using syntax::DesignText;
using syntax::Instr;
using syntax::InstrKind;

Sort carrierSort(TimeKind k) { return k == TimeKind::Dense ? Sort::real() : Sort::integer(); }

// Ports or private variables: unique names, sorts resolved.
std::vector<NamedSort> declarations(const std::vector<Decl>& decls, TimeKind carrier, const std::string& what) {
  std::vector<NamedSort> out;
  for (const Decl& d : decls) {
    for (const NamedSort& n : out)
      if (n.name == d.name)
          throw Error("duplicate name '" + d.name + "' (" + what + ")", d.where, "rename one of them");
    out.push_back(NamedSort{d.name, declaredSort(d.sort, carrier)});
  }
  return out;
}

// Initial values are constants: the initial snapshot reads nothing else (Def 2).
const syntax::Term& closed(const syntax::Term& t, const std::string& name) {
  if (t.kind == syntax::TermKind::Name || t.kind == syntax::TermKind::Qualified || t.kind == syntax::TermKind::Touch)
    throw Error("the initial value of '" + name + "' reads '" +
                    (t.kind == syntax::TermKind::Name ? t.first : t.first + "." + t.second) + "'",
                t.where, "an initial value is a constant term, e.g. '0', '-1', 'true', '2.5'");
  for (const syntax::Term& a : t.args) (void)closed(a, name);
  return t;
}

class Resolver {
 public:
  Resolver(Scope& scope, ExprContext& ctx, Design& design) : scope_(scope), ctx_(ctx), design_(design) {}

  Program program(const syntax::Program& p) {
    Program out;
    out.kind = p.kind;
    out.where = p.where;
    if (p.kind == ProgramKind::Basic) {
      BasicProgram basic;
      basic.name = "b" + std::to_string(design_.basics.size() + 1);
      basic.where = p.where;
      basic.guard = scope_.formula(p.condition, "the condition of 'when'");
      basic.body = block(p.body);
      basic.post = p.post ? scope_.formula(*p.post, "the post-property of 'when'") : ctx_.boolVal(true);
      out.basic = static_cast<std::uint32_t>(design_.basics.size());
      design_.basics.push_back(std::move(basic));
      return out;
    }
    if (p.kind == ProgramKind::While) out.condition = scope_.formula(p.condition, "the condition of 'while'");
    for (const syntax::Program& part : p.parts) out.parts.push_back(program(part));
    return out;
  }

 private:
  Block block(const std::vector<Instr>& instructions) {
    Block out;
    for (const Instr& i : instructions) out.push_back(Instruction{instruction(i), i.where});
    return out;
  }

  decltype(Instruction::node) instruction(const Instr& i) {
    switch (i.kind) {
      case InstrKind::Consume: {
        (void)scope_.ownPort(i.first, "consumed");
        const Expr condition =
            i.second ? scope_.formula(*i.second, "the condition of 'provided'") : ctx_.boolVal(true);
        return Consume{i.first.second, condition};
      }
      case InstrKind::Route:
        return route(i);
      case InstrKind::Assign: {
        const Expr target = i.first.kind == syntax::TermKind::Name ? scope_.privateVar(i.first)
                                                                    : scope_.ownPort(i.first, "written");
        const std::string name =
            i.first.kind == syntax::TermKind::Name ? i.first.first : i.first.first + "." + i.first.second;
        return Assign{target, scope_.typed(*i.second, target.sort(), "the value assigned to '" + name + "'")};
      }
      case InstrKind::If:
        return If{scope_.formula(i.first, "the condition of 'if'"), block(i.then), block(i.otherwise)};
    }
    return If{};  // unreachable: every kind returns above
  }

  Route route(const Instr& i) {
    const syntax::Term& from = i.first;
    const syntax::Term& to = *i.second;
    if (from.second == "time")
      throw Error("'" + from.first + ".time' is the date, not a port: it cannot be routed", from.where,
                  "route a port: 'D.p -> U.q'");
    const Expr value = scope_.anyPort(from);
    const InstanceScope* target = scope_.instance(to.first);
    if (target == nullptr) {
      if (to.first == scope_.design())
        throw Error("a route delivers to a reused design, not to '" + to.first + "' itself", to.where,
                    "'" + to.first + "' receives values from its environment; route to an instance it uses");
      if (scope_.isOtherDesign(to.first) && !scope_.usesDesign(to.first))
        throw Error("routing to design '" + to.first + "' that '" + scope_.design() + "' does not use", to.where,
                    "add 'use " + to.first + "' to the private part of '" + scope_.design() + "'");
      (void)scope_.anyPort(to);  // a design used under another name, or an unknown name: its error
    }
    if (to.second == "time")
      throw Error("'" + to.first + ".time' is the date, not a port: nothing can be routed to it", to.where,
                  "route to a port of '" + to.first + "'");
    const Expr port = scope_.anyPort(to);
    if (port.sort() != value.sort())
      throw SortError("routing a value of sort " + value.sort().toString() + " to port '" + to.first + "." + to.second +
                          "' of sort " + port.sort().toString(),
                      i.where, "route between ports of one sort");
    return Route{value, from.first == scope_.design() ? "" : from.first, from.second, to.first, to.second};
  }

  Scope& scope_;
  ExprContext& ctx_;
  Design& design_;
};

}  // namespace

Design resolveDesign(const std::vector<DesignText>& designs, std::size_t index, const std::vector<TimeKind>& carriers,
                     ExprContext& ctx) {
  const DesignText& text = designs[index];
  Design d;
  d.name = text.name;
  d.where = text.where;
  d.time = text.time;
  d.carrier = carriers[index];

  const std::vector<NamedSort> ports = declarations(text.ports, d.carrier, "a port of '" + d.name + "'");
  const std::vector<NamedSort> privates =
      declarations(text.privates, d.carrier, "a private variable of '" + d.name + "'");
  std::vector<InstanceScope> instances;
  for (const syntax::UseDecl& use : text.uses) {
    const std::size_t j = findDesign(designs, use.design);
    instances.push_back(InstanceScope{use.instance, use.design,
                                      declarations(designs[j].ports, carriers[j], "a port of '" + use.design + "'")});
    d.uses.push_back(Use{use.design, use.instance, use.where});
  }
  std::vector<std::string> others;
  for (const DesignText& o : designs)
    if (o.name != d.name) others.push_back(o.name);
  Scope scope(ctx, d.name, carrierSort(d.carrier), ports, privates, instances, others);

  // A declaration's initial value: a closed term of its sort, or none.
  const auto initialOf = [&](const Decl& x, Sort sort, const std::string& what) -> std::optional<Expr> {
    if (!x.initial) return std::nullopt;
    return scope.typed(closed(*x.initial, x.name), sort, what);
  };
  for (std::size_t i = 0; i < text.ports.size(); ++i) {
    const Decl& p = text.ports[i];
    d.ports.push_back(PortDecl{p.name, ports[i].sort,
                               initialOf(p, ports[i].sort, "the initial value of port '" + p.name + "'"), p.where});
  }
  for (std::size_t i = 0; i < text.privates.size(); ++i) {
    const Decl& v = text.privates[i];
    d.privates.push_back(VarDecl{v.name, privates[i].sort,
                                 initialOf(v, privates[i].sort, "the initial value of '" + v.name + "'"), v.where});
  }
  d.body = Resolver(scope, ctx, d).program(text.body);
  d.references = scope.references();
  return d;
}

}  // namespace symseq::design
