#pragma once
// The interface every SMT back end implements, and every kernel-side layer (cache, logging,
// slicing) decorates, in the manner of KLEE's solver chain.
//
// A Solver is bound to one ExprContext at construction and refuses expressions from another
// (cvc5 1.0.3 would silently accept foreign terms). Not thread-safe; one per thread.
#include <chrono>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "symseq/expr/Expr.h"
#include "symseq/solver/Model.h"
#include "symseq/solver/SolverStats.h"

#pragma GCC visibility push(default)

namespace symseq {

enum class CheckResult : std::uint8_t { Sat, Unsat, Unknown };
[[nodiscard]] std::string_view toString(CheckResult r);

class Solver {
 public:
  virtual ~Solver() = default;

  [[nodiscard]] virtual std::string_view name() const = 0;  // "z3", "cvc5", or a layer's name
  [[nodiscard]] virtual std::string version() const = 0;    // of the underlying library

  virtual void push() = 0;
  // Throws SolverError when there are fewer than `levels` open scopes.
  virtual void pop(unsigned levels = 1) = 0;
  [[nodiscard]] virtual unsigned level() const = 0;  // open push scopes

  // Asserts a Bool expression in the current scope; throws SortError for a non-Bool one and
  // SolverError for one from another context.
  virtual void add(Expr assertion) = 0;

  // Checks the assertions together with Bool assumptions that hold for this query only.
  virtual CheckResult check(std::span<const Expr> assumptions = {}) = 0;

  // After Sat: a value for each requested variable or term (model completion: unconstrained ones
  // get some value of their sort); a term such as a program's application `Price(B@3)` gives the
  // value the model assigns it. Throws SolverError when the last check was not Sat.
  [[nodiscard]] virtual Model model(std::span<const Expr> variables) = 0;

  // After Unsat: a subset of the last check's assumptions that is already unsatisfiable,
  // in the order they were given.
  [[nodiscard]] virtual std::vector<Expr> unsatAssumptions() = 0;

  // After Unknown: why ("timeout", "incomplete", ...).
  [[nodiscard]] virtual std::string reasonUnknown() const = 0;

  // Per-query wall-clock limit; zero means none. A query over it answers Unknown ("timeout").
  virtual void setQueryTimeLimit(std::chrono::milliseconds limit) = 0;

  [[nodiscard]] virtual SolverStats stats() const = 0;
};

}  // namespace symseq

#pragma GCC visibility pop
