#include "symseq/solver/StackLayer.h"

#include <algorithm>
#include <string>

#include "symseq/support/Error.h"

namespace symseq {

void StackLayer::pop(unsigned levels) {
  if (levels > marks_.size())
    throw SolverError("pop of " + std::to_string(levels) + " scopes with only " + std::to_string(marks_.size()) + " open");
  const std::size_t newLevel = marks_.size() - levels;
  const std::size_t newSize = marks_[newLevel];
  if (innerLevel_ > newLevel) {
    // The wrapped solver had scope newLevel complete (it pushed past it): it now holds exactly
    // the assertions below the popped scopes.
    inner().pop(static_cast<unsigned>(innerLevel_ - newLevel));
    innerLevel_ = static_cast<unsigned>(newLevel);
    innerCount_ = newSize;
  }
  innerCount_ = std::min(innerCount_, newSize);
  assertions_.resize(newSize);
  marks_.resize(newLevel);
}

void StackLayer::add(Expr assertion) {
  if (assertion.isNull()) throw SolverError("a null expression cannot be asserted");
  if (&assertion.context() != ctx_) throw SolverError("the assertion was built in another expression context");
  if (!assertion.sort().isBool()) throw SortError("an assertion must be Bool");
  assertions_.push_back(assertion);
}

void StackLayer::syncInner() {
  for (;;) {
    const std::size_t end = innerLevel_ < marks_.size() ? marks_[innerLevel_] : assertions_.size();
    for (; innerCount_ < end; ++innerCount_) inner().add(assertions_[innerCount_]);
    if (innerLevel_ == marks_.size()) break;
    inner().push();
    ++innerLevel_;
  }
}

namespace {
std::vector<std::uint32_t> sortedIds(std::span<const Expr> exprs) {
  std::vector<std::uint32_t> ids;
  ids.reserve(exprs.size());
  for (Expr e : exprs) ids.push_back(e.id());
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return ids;
}
}  // namespace

QueryKey makeQueryKey(std::span<const Expr> assertions, std::span<const Expr> assumptions) {
  return QueryKey{sortedIds(assertions), sortedIds(assumptions)};
}

std::size_t QueryKeyHash::operator()(const QueryKey& k) const noexcept {
  // FNV-1a over both id lists, with the length of the first between them so that moving an
  // expression from the assertions to the assumptions changes the hash.
  std::uint64_t h = 1469598103934665603ULL;
  const auto mix = [&h](std::uint64_t v) {
    h ^= v;
    h *= 1099511628211ULL;
  };
  for (std::uint32_t id : k.assertions) mix(id);
  mix(k.assertions.size() | (1ULL << 40));
  for (std::uint32_t id : k.assumptions) mix(id);
  return static_cast<std::size_t>(h);
}

std::vector<Expr> assumptionsIn(std::span<const Expr> assumptions, std::span<const std::uint32_t> ids) {
  std::vector<Expr> out;
  for (Expr a : assumptions)
    if (std::binary_search(ids.begin(), ids.end(), a.id()) && std::find(out.begin(), out.end(), a) == out.end())
      out.push_back(a);
  return out;
}

}  // namespace symseq
