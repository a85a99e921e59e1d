#include "Body.h"

#include <algorithm>

namespace symseq::design {
namespace {

// `if`s numbered in text order over the whole program, nested ones after their parent, so that a
// label names the same `if` in every combination.
void numberIfs(const Block& block, std::map<const If*, unsigned>& numbers) {
  for (const Instruction& i : block)
    if (const auto* s = std::get_if<If>(&i.node)) {
      numbers.emplace(s, static_cast<unsigned>(numbers.size() + 1));
      numberIfs(s->then, numbers);
      numberIfs(s->otherwise, numbers);
    }
}

class Runner {
 public:
  Runner(const InstanceView& view, ExprContext& ctx, const std::map<const If*, unsigned>& numbers)
      : view_(view), ctx_(ctx), numbers_(numbers) {}

  std::vector<Branch> run(const Block& block, std::vector<Branch> branches) const {
    for (const Instruction& i : block) {
      std::vector<Branch> next;
      for (Branch& b : branches) {
        std::vector<Branch> out = step(i, std::move(b));
        std::ranges::move(out, std::back_inserter(next));
      }
      branches = std::move(next);
    }
    return branches;
  }

 private:
  // The term over the state at this point of the body (what an update assigns).
  Expr here(Expr term) const { return substitute(ctx_, term, view_.placeholders); }
  // The same term over the pre-state (what a guard reads).
  Expr before(const Branch& b, Expr stateTerm) const { return substitute(ctx_, stateTerm, b.store); }

  void assign(Branch& b, Expr variable, Expr stateValue) const {
    const Expr pre = before(b, stateValue);
    b.updates.push_back({variable, stateValue});
    b.store.insert_or_assign(variable, pre);
  }

  std::vector<Branch> step(const Instruction& i, Branch b) const {
    if (const auto* c = std::get_if<Consume>(&i.node)) {
      const auto port = view_.ports.find(c->port);
      if (port == view_.ports.end()) throw Error("unknown port '" + c->port + "'", i.where);
      const PortVars& p = port->second;
      b.conditions.push_back(before(b, p.available));  // a value waits
      assign(b, p.current, p.buffer);
      assign(b, p.available, ctx_.boolVal(false));
      b.conditions.push_back(before(b, here(c->condition)));  // `provided` reads the consumed value
      return {std::move(b)};
    }
    if (const auto* r = std::get_if<Route>(&i.node)) {
      const auto target = view_.used.find(r->toInstance);
      if (target == view_.used.end()) throw Error("'" + r->toInstance + "' is not a reused instance", i.where);
      const auto port = target->second.find(r->toPort);
      if (port == target->second.end()) throw Error("unknown port '" + r->toInstance + "." + r->toPort + "'", i.where);
      const PortVars& p = port->second;
      b.conditions.push_back(ctx_.mkNot(before(b, p.available)));  // one-place buffer: never overwritten
      assign(b, p.buffer, here(r->value));
      assign(b, p.available, ctx_.boolVal(true));
      const std::string& receiver = view_.usedNames.at(r->toInstance);
      if (std::ranges::find(b.receivers, receiver) == b.receivers.end()) b.receivers.push_back(receiver);
      return {std::move(b)};
    }
    if (const auto* a = std::get_if<Assign>(&i.node)) {
      const Expr variable = here(a->target);
      if (!variable.isVar()) throw Error("only an own port or a private variable can be assigned", i.where);
      assign(b, variable, here(a->value));
      return {std::move(b)};
    }
    const If& s = std::get<If>(i.node);
    const std::string number = std::to_string(numbers_.at(&s));
    const Expr condition = before(b, here(s.condition));
    Branch taken = b;
    taken.labels.push_back("if" + number);
    taken.conditions.push_back(condition);
    Branch skipped = std::move(b);
    skipped.labels.push_back("not" + number);
    skipped.conditions.push_back(ctx_.mkNot(condition));
    std::vector<Branch> out = run(s.then, {std::move(taken)});
    std::ranges::move(run(s.otherwise, {std::move(skipped)}), std::back_inserter(out));
    return out;
  }

  const InstanceView& view_;
  ExprContext& ctx_;
  const std::map<const If*, unsigned>& numbers_;
};

}  // namespace

std::vector<Branch> runBody(const BasicProgram& program, const InstanceView& view, ExprContext& ctx) {
  std::map<const If*, unsigned> numbers;
  numberIfs(program.body, numbers);
  return Runner(view, ctx, numbers).run(program.body, {Branch{}});
}

Expr atPoint(ExprContext& ctx, const InstanceView& view, const Branch& branch, Expr term) {
  return substitute(ctx, substitute(ctx, term, view.placeholders), branch.store);
}

}  // namespace symseq::design
