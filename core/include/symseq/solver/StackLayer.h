#pragma once
// Base of the layers that answer some queries themselves (query cache, counterexample cache,
// independence slicing): it keeps the assertion stack the strategy built and hands it to the
// solver it wraps only when a query must really be asked (syncInner). A query answered from a
// cache then costs no assertion, push or pop on the back end.
//
// The layer keeps the Solver contract of add(): a null expression or one from another context
// is refused (SolverError), a non-Bool one too (SortError), at once and not at the next sync.
#include <cstddef>
#include <span>
#include <vector>

#include "symseq/expr/ExprContext.h"
#include "symseq/solver/SolverLayer.h"

#pragma GCC visibility push(default)

namespace symseq {

class StackLayer : public SolverLayer {
 public:
  StackLayer(PluginPtr<Solver> inner, const ExprContext& ctx) : SolverLayer(std::move(inner)), ctx_(&ctx) {}

  void push() override { marks_.push_back(assertions_.size()); }
  void pop(unsigned levels) override;
  unsigned level() const override { return static_cast<unsigned>(marks_.size()); }
  void add(Expr assertion) override;

 protected:
  // Every assertion of every open scope, oldest first.
  [[nodiscard]] std::span<const Expr> assertions() const { return assertions_; }
  // Makes the wrapped solver hold exactly this layer's scopes and assertions.
  void syncInner();
  [[nodiscard]] const ExprContext& context() const { return *ctx_; }

 private:
  const ExprContext* ctx_;
  std::vector<Expr> assertions_;
  std::vector<std::size_t> marks_;  // assertions_.size() at each open push
  unsigned innerLevel_ = 0;         // scopes the wrapped solver has open
  std::size_t innerCount_ = 0;      // assertions it holds (a prefix of assertions_)
};

// A query as the caches see it: the ids of the asserted expressions and of the assumptions,
// each sorted without repeats, so that order and repetition do not matter.
struct QueryKey {
  std::vector<std::uint32_t> assertions;
  std::vector<std::uint32_t> assumptions;
  friend bool operator==(const QueryKey&, const QueryKey&) = default;
};
[[nodiscard]] QueryKey makeQueryKey(std::span<const Expr> assertions, std::span<const Expr> assumptions);
struct QueryKeyHash {
  std::size_t operator()(const QueryKey& k) const noexcept;
};

// The subset of `assumptions` (in their order, each once) whose ids are in the sorted `ids`.
[[nodiscard]] std::vector<Expr> assumptionsIn(std::span<const Expr> assumptions, std::span<const std::uint32_t> ids);

}  // namespace symseq

#pragma GCC visibility pop
