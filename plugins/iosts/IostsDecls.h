#pragma once
// Lowers a model's declarations into the IR (docs/models/iosts.md, "Lowering"):
//  - enums: Int, literal i of an enum is the Int constant i;
//  - attributes: State variables, an array `A : int[2]` one per cell named A[0], A[1]; the
//    initial value as declared (every cell for an array), an enum's first literal for an enum
//    attribute without one, else none;
//  - external functions: declared in the context with array parameters flattened, kind External;
//  - programs: declared the same way, kind Program (not in `externals`: no implementation);
//  - frozen variables: State variables with VariableDecl::frozen and no initial value;
//  - channels: one Channel each; an input channel's parameter `m` of `c` is the Input variable
//    `c.m`; states: one location each.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "IostsModel.h"
#include "IostsScope.h"
#include "symseq/ir/TransitionSystem.h"

namespace symseq::iosts {

// A declared sort in kernel terms.
struct ResolvedSort {
  Sort sort;
  std::optional<std::size_t> enumSize;  // an enum's number of literals
  std::optional<std::uint32_t> enumIndex;  // into TransitionSystem::enumerations
  std::optional<std::uint32_t> cells;   // an array's size
  std::string text;                     // as written, for messages: "Status", "int[2]"
};

// A declared program's sorts, for its contract's parameters and result.
struct ProgramSorts {
  const FunctionDecl* decl = nullptr;
  std::vector<ResolvedSort> params;
  ResolvedSort result;
};

// What the transitions' lowering needs to know about the declarations.
struct Declarations {
  ModelScope scope;
  std::vector<ProgramSorts> programs;                           // per Model::programs
  std::map<std::string, ResolvedSort, std::less<>> attributes;  // by name
  std::vector<std::vector<Expr>> channelInputs;                 // per channel; empty for outputs
  std::vector<std::vector<ResolvedSort>> channelParams;         // per channel
};

// Fills `system` (name aside) with variables, externals, channels and locations. Throws
// ParseError / SortError at file:line:col.
[[nodiscard]] Declarations lowerDeclarations(const Model& model, TransitionSystem& system);

}  // namespace symseq::iosts
