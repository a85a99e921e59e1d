#include "symseq/solver/IndependenceLayer.h"

#include <algorithm>
#include <numeric>
#include <unordered_map>

#include "symseq/expr/Evaluator.h"
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
  std::vector<std::vector<Expr>> newlyCheckedMembers;
  droppedGroups_.clear();
  for (const std::vector<std::size_t>& g : groups) {
    const bool hasAssumption = g.back() >= asserted.size();  // items are in index order
    std::vector<Expr> members;
    for (std::size_t i : g)
      if (i < asserted.size()) members.push_back(asserted[i]);
    if (!hasAssumption) {
      QueryKey key = makeQueryKey(members, {});
      if (const auto known = knownSat_.find(key); known != knownSat_.end()) {
        dropped_ += members.size();
        droppedGroups_.push_back(&known->second);
        continue;
      }
      newlyChecked.push_back(std::move(key));
      newlyCheckedMembers.push_back(members);
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
  last_ = r == CheckResult::Sat ? Last::Inner : Last::NotSat;
  sliceVars_ = vars_.of(slice);
  for (Expr v : vars_.of(sliceAssumptions)) sliceVars_.push_back(v);
  std::sort(sliceVars_.begin(), sliceVars_.end(), ExprIdLess{});
  if (r == CheckResult::Sat && !newlyChecked.empty()) {
    // Keep a model of each new known-sat group, so that a later query leaving it out still has
    // its values without asking the solver again: one model() for all of them, no check.
    std::vector<std::vector<Expr>> groupVars;
    std::vector<Expr> wanted;
    for (const std::vector<Expr>& members : newlyCheckedMembers) {
      groupVars.push_back(vars_.of(members));
      for (Expr v : groupVars.back())
        if (v.isVar()) wanted.push_back(v);
    }
    std::sort(wanted.begin(), wanted.end(), ExprIdLess{});
    const Valuation values = wanted.empty() ? Valuation{} : inner().model(wanted).toValuation();
    if (knownSat_.size() + newlyChecked.size() > kMaxKnownSat) {
      knownSat_.clear();
      droppedGroups_.clear();  // their models are gone: model() checks the whole query instead
    }
    for (std::size_t k = 0; k < newlyChecked.size(); ++k) {
      GroupModel gm;
      gm.whole = std::all_of(groupVars[k].begin(), groupVars[k].end(), [](Expr v) { return v.isVar(); });
      for (Expr v : groupVars[k]) {
        const Value* value = gm.whole ? values.find(v) : nullptr;
        if (value) gm.values.set(v, *value);
        else gm.whole = false;
      }
      if (gm.whole) ++stored_;
      else gm.values = Valuation{};  // a partial model must not answer: its group is checked whole
      knownSat_.insert_or_assign(std::move(newlyChecked[k]), std::move(gm));
    }
  }
  return r;
}

Model IndependenceLayer::model(std::span<const Expr> variables) {
  if (last_ == Last::Rechecked || last_ == Last::NotSat) return inner().model(variables);  // NotSat: it throws
  if (last_ == Last::Inner || last_ == Last::EmptySlice) {
    // The union of the slice's model and the stored models of the groups left out. A term is
    // answered by the slice (its variables and applications all in the slice, or in no
    // constraint at all), or evaluated over the stored models (its variables all in them), or
    // else the whole query is checked once more.
    const std::vector<Expr> all = vars_.of(assertions());
    const auto mentioned = [&all](Expr v) { return std::binary_search(all.begin(), all.end(), v, ExprIdLess{}); };
    const auto inSlice = [this](Expr v) { return std::binary_search(sliceVars_.begin(), sliceVars_.end(), v, ExprIdLess{}); };
    Valuation merged;  // the groups left out share no variable: one valuation
    for (const GroupModel* g : droppedGroups_)
      for (const auto& [v, value] : g->values) merged.set(v, value);
    const auto stored = [&merged](Expr v) { return merged.find(v); };
    enum class From : std::uint8_t { Slice, Store, Default };
    std::vector<From> from;
    std::vector<Expr> fromSlice;
    bool answerable = true;
    for (Expr t : variables) {
      const std::vector<Expr>& tv = vars_.of(t);
      // A function application outside the slice is never answered here: the function may be
      // constrained by a group left out at other arguments.
      const bool bySlice = last_ == Last::Inner && std::all_of(tv.begin(), tv.end(), [&](Expr v) {
                             return inSlice(v) || (v.isVar() && !mentioned(v));
                           });
      if (bySlice) {
        from.push_back(From::Slice);
        fromSlice.push_back(t);
        continue;
      }
      const bool byStore = std::all_of(tv.begin(), tv.end(), [&](Expr v) {
        return v.isVar() && (stored(v) != nullptr || (!mentioned(v) && !inSlice(v)));
      });
      if (!byStore) {
        answerable = false;
        break;
      }
      from.push_back(t.isVar() && stored(t) == nullptr ? From::Default : From::Store);
    }
    if (answerable) {
      Model sliceModel;
      if (!fromSlice.empty()) sliceModel = inner().model(fromSlice);
      Model out;
      std::size_t nextSlice = 0;
      for (std::size_t i = 0; i < from.size(); ++i) {
        const Expr t = variables[i];
        switch (from[i]) {
          case From::Slice: out.add(t, sliceModel.entries().at(nextSlice++).second); break;
          case From::Default: out.add(t, someValue(t.sort())); break;
          case From::Store: {
            Valuation values;  // the stored values of t's variables; others take some value
            for (Expr v : vars_.of(t)) {
              const Value* value = stored(v);
              values.set(v, value ? *value : someValue(v.sort()));
            }
            try {
              out.add(t, evaluate(t, values));
            } catch (const EvalError&) {
              answerable = false;  // a division by zero in a requested term: the solver's semantics
            }
            break;
          }
        }
        if (!answerable) break;
      }
      if (answerable) return out;
    }
  }
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
  return inner().model(variables);
}

std::vector<Expr> IndependenceLayer::unsatAssumptions() {
  if (last_ == Last::EmptySlice) throw SolverError("unsatAssumptions() needs the last check to be unsat");
  return inner().unsatAssumptions();
}

SolverStats IndependenceLayer::stats() const {
  SolverStats s = inner().stats();
  s.layers.insert(s.layers.begin(), {{"independence.queries", queries_}, {"independence.dropped", dropped_},
                                     {"independence.empty_slices", empty_}, {"independence.models_stored", stored_},
                                     {"independence.model_rechecks", rechecks_}});
  return s;
}

}  // namespace symseq
