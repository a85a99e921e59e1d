#include "symseq/solver/IndependenceLayer.h"

#include <algorithm>
#include <numeric>
#include <unordered_map>

#include "symseq/expr/FunctionDecl.h"
#include "symseq/support/Error.h"

namespace symseq {

void IndependenceLayer::closeSlice() {
  if (!sliceOpen_) return;
  inner().pop(1);
  sliceOpen_ = false;
}

void IndependenceLayer::push() {
  closeSlice();
  StackLayer::push();
}

void IndependenceLayer::pop(unsigned levels) {
  closeSlice();
  StackLayer::pop(levels);
}

void IndependenceLayer::add(Expr assertion) {
  closeSlice();
  StackLayer::add(assertion);
}

CheckResult IndependenceLayer::check(std::span<const Expr> assumptions) {
  closeSlice();
  ++queries_;
  lastAssumptions_.assign(assumptions.begin(), assumptions.end());
  // Items: the assertions, then the assumptions. Union-find joins items sharing a variable.
  const std::span<const Expr> asserted = assertions();
  const std::size_t n = asserted.size() + assumptions.size();
  const auto item = [&](std::size_t i) { return i < asserted.size() ? asserted[i] : assumptions[i - asserted.size()]; };
  std::vector<std::size_t> parent(n);
  std::iota(parent.begin(), parent.end(), std::size_t{0});
  const auto find = [&parent](std::size_t i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
  };
  // Items that mention one variable, or apply one function (two applications of a function may
  // be equal or not whatever their arguments' groups: f(1) and f(0 + 1) are one value), are joined.
  std::unordered_map<std::uint64_t, std::size_t> owner;  // variable or function -> an item with it
  for (std::size_t i = 0; i < n; ++i)
    for (Expr v : vars_.of(item(i))) {
      const std::uint64_t key = v.isVar() ? v.id() : (std::uint64_t{1} << 32) | v.function().id();
      const auto [it, fresh] = owner.emplace(key, i);
      if (!fresh) parent[find(i)] = find(it->second);
    }
  // Groups, in the order of their first item (deterministic), with whether they hold an assumption.
  std::vector<std::vector<std::size_t>> groups;
  std::unordered_map<std::size_t, std::size_t> index;
  for (std::size_t i = 0; i < n; ++i) {
    const auto [it, fresh] = index.emplace(find(i), groups.size());
    if (fresh) groups.emplace_back();
    groups[it->second].push_back(i);
  }
  std::vector<Expr> slice;
  std::vector<Expr> sliceAssumptions;
  std::vector<QueryKey> newlyChecked;  // assertion-only groups in this slice
  for (const std::vector<std::size_t>& g : groups) {
    const bool hasAssumption = g.back() >= asserted.size();  // items are in index order
    std::vector<Expr> members;
    for (std::size_t i : g)
      if (i < asserted.size()) members.push_back(asserted[i]);
    if (!hasAssumption) {
      QueryKey key = makeQueryKey(members, {});
      if (knownSat_.contains(key)) {
        dropped_ += members.size();
        continue;
      }
      newlyChecked.push_back(std::move(key));
    }
    slice.insert(slice.end(), members.begin(), members.end());
  }
  // The assumptions keep their order: unsatAssumptions() must list them as given.
  if (slice.empty() && assumptions.empty()) {
    ++empty_;
    last_ = Last::EmptySlice;
    sliceVars_.clear();
    return CheckResult::Sat;
  }
  sliceAssumptions.assign(assumptions.begin(), assumptions.end());
  inner().push();
  sliceOpen_ = true;
  for (Expr e : slice) inner().add(e);
  const CheckResult r = inner().check(sliceAssumptions);
  last_ = Last::Inner;
  sliceVars_ = vars_.of(slice);
  for (Expr v : vars_.of(sliceAssumptions)) sliceVars_.push_back(v);
  std::sort(sliceVars_.begin(), sliceVars_.end(), ExprIdLess{});
  if (r == CheckResult::Sat) {
    if (knownSat_.size() + newlyChecked.size() > kMaxKnownSat) knownSat_.clear();
    for (QueryKey& k : newlyChecked) knownSat_.insert(std::move(k));
  }
  return r;
}

Model IndependenceLayer::model(std::span<const Expr> variables) {
  if (last_ == Last::Inner) {
    // Variables of the slice, and variables no constraint mentions, come from the slice's model.
    const std::vector<Expr> all = vars_.of(assertions());
    bool inSlice = true;
    // A function application outside the slice is asked whole: the function may be constrained
    // by a dropped group at other arguments.
    for (Expr v : vars_.of(variables))
      if (!std::binary_search(sliceVars_.begin(), sliceVars_.end(), v, ExprIdLess{}) &&
          (!v.isVar() || std::binary_search(all.begin(), all.end(), v, ExprIdLess{})))
        inSlice = false;
    if (inSlice) return inner().model(variables);
  }
  if (last_ != Last::Rechecked) {
    // Check the whole query once more, unsliced, for a model of every variable.
    ++rechecks_;
    closeSlice();
    inner().push();
    sliceOpen_ = true;
    for (Expr e : assertions()) inner().add(e);
    const CheckResult again = inner().check(lastAssumptions_);
    if (again != CheckResult::Sat)
      throw SolverError("independence: a sat query answered " + std::string(toString(again)) +
                        " when checked whole for its model");
    last_ = Last::Rechecked;
  }
  return inner().model(variables);
}

std::vector<Expr> IndependenceLayer::unsatAssumptions() {
  if (last_ == Last::EmptySlice) throw SolverError("unsatAssumptions() needs the last check to be unsat");
  return inner().unsatAssumptions();
}

SolverStats IndependenceLayer::stats() const {
  SolverStats s = inner().stats();
  s.layers.insert(s.layers.begin(), {{"independence.queries", queries_}, {"independence.dropped", dropped_},
                                     {"independence.empty_slices", empty_}, {"independence.model_rechecks", rechecks_}});
  return s;
}

}  // namespace symseq
