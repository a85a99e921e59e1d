#include "ControlAutomaton.h"

#include <algorithm>
#include <deque>
#include <map>
#include <set>

#include "symseq/expr/Fold.h"

namespace symseq::design {
namespace {

struct BasicEdge {
  std::uint32_t from, basic, to;
};
struct InstantEdge {
  std::uint32_t from;
  Expr condition;  // null: unconditional
  std::uint32_t to;
};

// Thompson-style construction between an entry and an exit node.
class Builder {
 public:
  Builder(const Design& design, ExprContext& ctx) : design_(design), ctx_(ctx) {}

  std::uint32_t node() { return nodes_++; }

  void build(const Program& p, std::uint32_t entry, std::uint32_t exit) {
    const auto part = [&](std::size_t i) -> const Program& {
      if (p.parts.size() <= i) throw Error("a malformed program (missing operand)", p.where);
      return p.parts[i];
    };
    switch (p.kind) {
      case ProgramKind::Basic:
        if (p.basic >= design_.basics.size()) throw Error("no basic program " + std::to_string(p.basic + 1), p.where);
        basic_.push_back({entry, p.basic, exit});
        return;
      case ProgramKind::Sequence: {
        const std::uint32_t mid = node();
        build(part(0), entry, mid);
        build(part(1), mid, exit);
        return;
      }
      case ProgramKind::Choice:
        build(part(0), entry, exit);
        build(part(1), entry, exit);
        return;
      case ProgramKind::Interleave: {  // (P1 ; P2) | (P2 ; P1)
        const std::uint32_t first = node();
        build(part(0), entry, first);
        build(part(1), first, exit);
        const std::uint32_t second = node();
        build(part(1), entry, second);
        build(part(0), second, exit);
        return;
      }
      case ProgramKind::While: {
        // Its own head, so that the loop returns to the test, not to a choice around the while.
        const std::uint32_t head = node();
        const std::uint32_t body = node();
        instant_.push_back({entry, Expr{}, head});
        instant_.push_back({head, p.condition, body});
        build(part(0), body, head);
        instant_.push_back({head, ctx_.mkNot(p.condition), exit});
        return;
      }
    }
  }

  // The basic programs reachable from `start` through instantaneous edges, with the conditions
  // met on the way; a path that revisits a node is an instantaneous loop and yields nothing.
  void fold(std::uint32_t start, std::uint32_t node, std::vector<Expr>& conditions, std::vector<std::uint32_t>& visited,
            std::vector<std::pair<std::uint32_t, ProgramEntry>>& out) const {
    for (const BasicEdge& e : basic_)
      if (e.from == node) out.push_back({e.basic, ProgramEntry{start, conditions, e.to}});
    for (const InstantEdge& e : instant_) {
      if (e.from != node || std::ranges::find(visited, e.to) != visited.end()) continue;
      const Expr c = e.condition ? foldConstants(ctx_, e.condition) : ctx_.boolVal(true);
      if (c == ctx_.boolVal(false)) continue;
      const bool keep = c != ctx_.boolVal(true);
      if (keep) conditions.push_back(c);
      visited.push_back(e.to);
      fold(start, e.to, conditions, visited, out);
      visited.pop_back();
      if (keep) conditions.pop_back();
    }
  }

 private:
  const Design& design_;
  ExprContext& ctx_;
  std::uint32_t nodes_ = 0;
  std::vector<BasicEdge> basic_;
  std::vector<InstantEdge> instant_;
};

}  // namespace

ControlAutomaton controlAutomaton(const Design& design, ExprContext& ctx) {
  Builder b(design, ctx);
  const std::uint32_t start = b.node();
  const std::uint32_t end = b.node();
  b.build(design.body, start, end);

  // Resting nodes are discovered from the start. Two with the same folded entries behave alike
  // and are one point (the start and the head of a leading `while`: the wiper needs no pc);
  // points are numbered in discovery order, the start is 0.
  using Found = std::vector<std::pair<std::uint32_t, ProgramEntry>>;
  using Signature = std::vector<std::vector<std::uint32_t>>;
  std::vector<std::pair<std::uint32_t, Found>> resting;
  std::map<std::uint32_t, std::uint32_t> point;  // resting node -> point
  std::map<Signature, std::uint32_t> bySignature;
  std::vector<std::size_t> firstOf;  // point -> index into resting
  std::deque<std::uint32_t> todo{start};
  std::set<std::uint32_t> seen{start};
  while (!todo.empty()) {
    const std::uint32_t node = todo.front();
    todo.pop_front();
    std::vector<Expr> conditions;
    std::vector<std::uint32_t> visited{node};
    Found found;
    b.fold(0, node, conditions, visited, found);
    Signature signature;
    for (const auto& [basic, entry] : found) {
      std::vector<std::uint32_t> s{basic, entry.to};
      for (const Expr c : entry.conditions) s.push_back(c.id());
      signature.push_back(std::move(s));
      if (seen.insert(entry.to).second) todo.push_back(entry.to);
    }
    const auto [it, added] = bySignature.emplace(std::move(signature), static_cast<std::uint32_t>(firstOf.size()));
    if (added) firstOf.push_back(resting.size());
    point.emplace(node, it->second);
    resting.emplace_back(node, std::move(found));
  }
  ControlAutomaton a;
  a.points = static_cast<std::uint32_t>(firstOf.size());
  a.entries.resize(design.basics.size());
  for (std::uint32_t p = 0; p < a.points; ++p)
    for (auto [basic, entry] : resting[firstOf[p]].second) {
      entry.from = p;
      entry.to = point.at(entry.to);
      a.entries[basic].push_back(std::move(entry));
    }
  return a;
}

}  // namespace symseq::design
