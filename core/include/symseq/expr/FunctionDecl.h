#pragma once
// A declared function: uninterpreted for the solver. An external one also has a concrete
// implementation that replay calls (supplied by the model's frontend, see Evaluator.h); a program
// (iosts-program-contracts.md) is known only by its contract (ir/Contract.h), and replay reads its
// results from the witness table a test carries.
#include <string>
#include <vector>

#include "symseq/expr/Sort.h"

#pragma GCC visibility push(default)

namespace symseq {

enum class FunctionKind : std::uint8_t { Uninterpreted, External, Program };

class FunctionDecl {
 public:
  FunctionDecl(std::string name, std::vector<Sort> params, Sort result, FunctionKind kind, std::uint32_t id)
      : name_(std::move(name)), params_(std::move(params)), result_(result), kind_(kind), id_(id) {}

  [[nodiscard]] const std::string& name() const { return name_; }
  [[nodiscard]] const std::vector<Sort>& params() const { return params_; }
  [[nodiscard]] Sort result() const { return result_; }
  [[nodiscard]] FunctionKind kind() const { return kind_; }
  [[nodiscard]] std::uint32_t id() const { return id_; }  // declaration order in its context

  // "f(int, real) -> bool"
  [[nodiscard]] std::string signature() const;

 private:
  std::string name_;
  std::vector<Sort> params_;
  Sort result_;
  FunctionKind kind_;
  std::uint32_t id_;
};

}  // namespace symseq

#pragma GCC visibility pop
