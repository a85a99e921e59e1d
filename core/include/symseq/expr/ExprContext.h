#pragma once
// ExprContext owns and interns every expression node of a run. It is the only way to build
// an Expr, and it checks sorts as it builds: an ill-sorted term never exists, so no solver
// back end can be handed one (z3 aborts on mixed sorts). Not thread-safe; one per thread.
#include <chrono>
#include <cstdint>
#include <deque>
#include <initializer_list>
#include <map>
#include <memory>
#include <memory_resource>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "symseq/expr/Expr.h"
#include "symseq/expr/FunctionDecl.h"
#include "symseq/support/PacedDeadline.h"

#pragma GCC visibility push(default)

namespace symseq {

class ExprContext {
 public:
  ExprContext();
  ~ExprContext();
  ExprContext(const ExprContext&) = delete;
  ExprContext& operator=(const ExprContext&) = delete;

  // Literals.
  Expr boolVal(bool b);
  Expr intVal(const BigInt& i);
  Expr realVal(const Rational& r);
  Expr bvVal(std::uint32_t width, const BigInt& bits);
  Expr constant(const Value& v);

  // Variables are identified by name; asking again with another sort is a SortError.
  Expr var(std::string_view name, Sort sort);
  [[nodiscard]] std::optional<Expr> findVar(std::string_view name) const;
  // All variables in creation order.
  [[nodiscard]] std::vector<Expr> variables() const;

  // Functions are identified by name; redeclaring with another signature is a SortError.
  const FunctionDecl& declareFunction(std::string_view name, std::vector<Sort> params, Sort result,
                                      FunctionKind kind = FunctionKind::Uninterpreted);
  [[nodiscard]] const FunctionDecl* findFunction(std::string_view name) const;
  [[nodiscard]] std::vector<const FunctionDecl*> functions() const;  // declaration order

  // Any non-leaf operator; throws SortError naming the operator and the offending sorts.
  Expr make(Op op, std::span<const Expr> args);
  Expr make(Op op, std::initializer_list<Expr> args) { return make(op, std::span(args.begin(), args.size())); }
  Expr apply(const FunctionDecl& f, std::span<const Expr> args);
  Expr apply(const FunctionDecl& f, std::initializer_list<Expr> args) {
    return apply(f, std::span(args.begin(), args.size()));
  }

  // Conveniences that read like the math.
  Expr mkNot(Expr a) { return make(Op::Not, {a}); }
  Expr mkAnd(std::span<const Expr> args);  // true for none, the operand for one
  Expr mkOr(std::span<const Expr> args);   // false for none, the operand for one
  Expr mkEq(Expr a, Expr b) { return make(Op::Eq, {a, b}); }
  Expr mkIte(Expr c, Expr a, Expr b) { return make(Op::Ite, {c, a, b}); }

  // A deadline for the work that builds expressions (a frontend's reading and lowering of a
  // model of millions of lines): while one is set, building a node looks at the clock every
  // 4096 nodes and throws DeadlinePassed once it has passed, so the run's time budget holds
  // without each frontend checking it. Nullopt (the default) removes it. Set around such work
  // only: a strategy past its deadline still builds what it returns.
  void setDeadline(std::optional<std::chrono::steady_clock::time_point> deadline);

  // Number of distinct nodes built so far.
  [[nodiscard]] std::size_t size() const { return nodes_.size(); }
  // The node with creation id `id` (ids are dense, 0 .. size()-1).
  [[nodiscard]] Expr byId(std::uint32_t id) const { return Expr(nodes_[id]); }

 private:
  struct NodeEq {
    bool operator()(const ExprNode* a, const ExprNode* b) const noexcept;
  };

  Expr intern(const ExprNode& candidate);
  void pace();
  Sort checkSorts(Op op, std::span<const Expr> args) const;

  std::pmr::monotonic_buffer_resource arena_;
  // The intern table: open addressing with linear probing over a power-of-two array, at most
  // half full. A slot holds the high half of a node's hash and its id + 1 (0: empty), so a probe
  // reads one cache line and touches a node only when the hashes agree. (std::unordered_set
  // costs about three cache misses per lookup and a full walk on destruction; this is the
  // kernel's hottest path.) Ids, not pointers, keep it deterministic.
  struct Slot {
    std::uint32_t tag = 0;
    std::uint32_t ref = 0;
  };
  std::vector<Slot> slots_;
  void growSlots();
  std::vector<const ExprNode*> nodes_;
  std::deque<Value> values_;
  std::deque<std::string> names_;
  std::map<std::string, Expr, std::less<>> varsByName_;
  std::deque<FunctionDecl> functions_;
  std::map<std::string, const FunctionDecl*, std::less<>> functionsByName_;
  PacedDeadline<4096> deadline_;  // a unit is a node built
};

}  // namespace symseq

#pragma GCC visibility pop
