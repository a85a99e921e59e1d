#pragma once
// Contract inference (iosts-program-contracts.md, section 6.2 and Definition 10; seed
// requirements A6, A7): from feasible distinguished paths over programs without contracts, the
// frozen variables G, the axioms Ax and one behaviour per call (Pre: x_i = t_i, Post:
// \result = f). Rel_F(X) is a fixpoint (the connected components of the atom/variable graph that
// touch X, by union-find); Clean_X keeps the literals of a conjunction that mention X. Typing
// constraints (enumeration ranges of received values) are kept out of both.
//
// How a path becomes formulas over plain frozen names:
// - Each call's result (its application term `Price(B@3~0)`) is replaced everywhere in the path
//   condition and in later calls' arguments by a fresh frozen variable, the paper's f. Two calls
//   with the same application term (equal arguments) get the same variable, as determinism says.
// - Atoms are the maximal subterms that are not Boolean connectives (¬ ∧ ∨ ⇒ xor): an
//   equality, a comparison, a Boolean variable, an application of Bool sort, an ite of Bool sort.
// - A typing constraint is a top-level conjunct (after flattening ∧) that states exactly one bound
//   of the range 0..k-1 of a symbol whose variable (or channel parameter) holds an enumeration of
//   k literals: `0 <= s`, `s < k`, `s <= k-1`, `s >= 0` and their mirrored forms. They stay out of
//   Rel and Clean and are listed in InferredContracts::typing.
// - Clean keeps a conjunct that is not a literal (a disjunction) whole when it mentions G_f; its
//   other variables then join G_f, so that every variable of Ax_f is declared frozen.
// - Every variable of G is renamed to an identifier of letters, digits and underscores, valid in
//   the iosts syntax: BASE_k, k = 1, 2, ... per BASE in order of appearance (path, then step). BASE
//   is, for a call's result, the attribute the call assigns (`p_1`; else the program's name); for
//   a symbol passed directly as a call's argument where the model passes an attribute, that
//   attribute (`B_1`); else the symbol's variable with `@depth` and `~path` dropped and other
//   characters turned into `_` (`coin.v@2~0` -> `coin_v_1`). A name some variable, function or
//   enumeration literal of the model or the paths already uses is skipped. Frozen variables the
//   model declares keep their names.
// - The contract's parameters are `x1`, ..., `xn` (the paper's; another name when the model uses
//   that one), its result the variable `\result`. Behaviours are named call1, call2, ... per program.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "symseq/feasibility/PathSet.h"

#pragma GCC visibility push(default)

namespace symseq {

// Rel_F(X) over the atoms of `formula` (conjuncts; ∧, ∨, ¬ only collect atoms).
[[nodiscard]] std::vector<Expr> related(std::span<const Expr> formula, std::span<const Expr> seeds);
// Clean_X(F) for a conjunction of literals: the conjuncts with a variable in X.
[[nodiscard]] std::vector<Expr> clean(std::span<const Expr> conjunction, std::span<const Expr> keep);

struct InferredBehavior {
  std::string name;                // `call1`, `call2`, ... in path order
  std::size_t path = 0;            // which distinguished path holds the call
  std::size_t call = 0;            // which of that path's calls (index into DistinguishedPath::calls)
  std::vector<Expr> frozen;        // G_f, in variable creation order
  std::vector<Expr> axioms;        // Ax_f, conjuncts
  Expr pre;                        // over the contract's parameters and G_f
  Expr post;                       // over the result and G_f
};

struct InferredContract {
  const FunctionDecl* program = nullptr;
  std::vector<Expr> params;  // x1 .. xn
  Expr result;               // `\result`
  std::vector<InferredBehavior> behaviors;
};

struct InferredContracts {
  std::vector<Expr> frozen;  // G: the union, renamed to plain identifiers (B_1, Price_2, ...)
  std::vector<Expr> axioms;  // Ax, deduplicated
  std::vector<InferredContract> contracts;  // per program called on the paths, in declaration order
  // The typing constraints left out of Rel and Clean, renamed, for those over variables of G.
  std::vector<Expr> typing;
  // Variables of G and contract parameters that hold an enumeration's values (index into the
  // system's enumerations), and the enumerations' names, so that printers can say `B_1 : Drink`.
  std::map<Expr, std::uint32_t, ExprIdLess> enumerations;
  std::vector<std::string> enumerationNames;
};

// A6 on the distinguished paths (of a system whose programs have no contracts).
[[nodiscard]] InferredContracts inferContracts(const TransitionSystem& system, std::span<const DistinguishedPath> paths);

// A7 (Theorem 1): the system with the inferred contracts, frozen variables and axioms, split by
// behaviours; each path's transitions, with the behaviour of each call chosen as inferred, is
// checked feasible. Returns per path whether it is.
[[nodiscard]] std::vector<bool> checkRoundTrip(const TransitionSystem& system, const InferredContracts& inferred,
                                               std::span<const DistinguishedPath> paths, Solver& solver);

// The system with `inferred` installed (frozen variables, axioms, contracts), not yet split.
[[nodiscard]] TransitionSystem withInferredContracts(const TransitionSystem& system, const InferredContracts& inferred);

// Printers: ACSL (for Frama-C), symseq's own contract syntax (docs/models/iosts.md, loadable back
// with the model), both as text.
// ACSL: G as logic constants and Ax as axioms of one `axiomatic Inferred` block (the axioms are
// global facts about the frozen constants, not a caller's obligation, so not a `requires`), then
// per program its behaviours and a C prototype (int for integers, double for reals). The
// expressions are the kernel's infix form with `=>` spelled `==>`; SMT-LIB's Euclidean / and %,
// `to_real` and bit-vector operators are printed as the kernel writes them, not translated.
// Contract syntax: `frozen NAME : SORT` lines (an enumeration's name when the variable holds
// one), `axiom EXPR` lines, then `contract P(x1, ...) { behavior call1: assumes E; ensures E; }`,
// expressions in the kernel's infix form (expr/Printer.h).
[[nodiscard]] std::string printAcsl(const InferredContracts& inferred);
[[nodiscard]] std::string printContractSyntax(const InferredContracts& inferred);

}  // namespace symseq

#pragma GCC visibility pop
