#pragma once
// Expr: a handle to an immutable, hash-consed expression node owned by an ExprContext.
// Structurally equal expressions built in one context are the same node, so == is identity.
// Hashes are structural and orders use creation ids, never pointer values, so that every
// output built from them is deterministic.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string_view>

#include "symseq/expr/Op.h"
#include "symseq/expr/Sort.h"
#include "symseq/expr/Value.h"

#pragma GCC visibility push(default)

namespace symseq {

class ExprContext;
class FunctionDecl;
struct ExprNode;

class Expr {
 public:
  Expr() = default;  // null; only assignable
  explicit Expr(const ExprNode* node) : node_(node) {}

  [[nodiscard]] bool isNull() const { return node_ == nullptr; }
  explicit operator bool() const { return node_ != nullptr; }

  [[nodiscard]] Op op() const;
  [[nodiscard]] Sort sort() const;
  // Creation index within the owning context: dense, deterministic for a deterministic builder.
  [[nodiscard]] std::uint32_t id() const;
  // Structural hash: equal for equal structure in any context, independent of build order.
  [[nodiscard]] std::uint64_t hash() const;
  [[nodiscard]] const ExprContext& context() const;

  [[nodiscard]] std::span<const Expr> children() const;
  [[nodiscard]] Expr child(std::size_t i) const { return children()[i]; }
  [[nodiscard]] std::size_t arity() const { return children().size(); }

  [[nodiscard]] bool isConst() const { return op() == Op::Const; }
  [[nodiscard]] bool isVar() const { return op() == Op::Var; }
  [[nodiscard]] const Value& value() const;              // Const only
  [[nodiscard]] std::string_view name() const;           // Var only
  [[nodiscard]] const FunctionDecl& function() const;    // Apply only

  [[nodiscard]] const ExprNode* node() const { return node_; }

  friend bool operator==(Expr a, Expr b) { return a.node_ == b.node_; }

 private:
  const ExprNode* node_ = nullptr;
};

// Orders by creation id: deterministic, unlike pointer order.
struct ExprIdLess {
  bool operator()(Expr a, Expr b) const { return a.id() < b.id(); }
};

// Internal representation; read through Expr.
struct ExprNode {
  Op op;
  Sort sort;
  std::uint32_t id;
  std::uint64_t hash;
  const ExprContext* owner;
  std::span<const Expr> children;
  // Const: the value; Var: its name; Apply: its declaration.
  const Value* value = nullptr;
  std::string_view name;
  const FunctionDecl* function = nullptr;
};

inline Op Expr::op() const { return node_->op; }
inline Sort Expr::sort() const { return node_->sort; }
inline std::uint32_t Expr::id() const { return node_->id; }
inline std::uint64_t Expr::hash() const { return node_->hash; }
inline const ExprContext& Expr::context() const { return *node_->owner; }
inline std::span<const Expr> Expr::children() const { return node_->children; }

}  // namespace symseq

template <>
struct std::hash<symseq::Expr> {
  std::size_t operator()(symseq::Expr e) const noexcept { return static_cast<std::size_t>(e.hash()); }
};

#pragma GCC visibility pop
