#pragma once
// A basic program's body run symbolically from the pre-state, one run per combination of its
// `if` branches (seed-requirements 3.3 item 3): the conditions it needs over the pre-state (buffer
// conditions, branch conditions, `provided`), its effects as sequential IR updates, and the store
// after it (each state variable it wrote, as a term over the pre-state).
#include <map>
#include <string>
#include <vector>

#include "symseq/design/Design.h"
#include "symseq/exec/Substitute.h"
#include "symseq/ir/TransitionSystem.h"

namespace symseq::design {

// The IR variables of one port of an instance.
struct PortVars {
  Expr current, available, buffer;
};

// What a design's names mean for one instance.
struct InstanceView {
  Substitution placeholders;                                  // placeholder -> term over the state
  std::map<std::string, PortVars> ports;                      // own port -> variables
  std::map<std::string, std::map<std::string, PortVars>> used;  // reused instance -> its ports
  std::map<std::string, std::string> usedNames;               // reused instance -> IR instance name
};

struct Branch {
  std::vector<std::string> labels;  // `if1`, `not2`, ... in the order the run met them
  std::vector<Expr> conditions;     // over the pre-state, in body order
  std::vector<Update> updates;      // in body order, each over the state it runs in
  Substitution store;               // written variable -> term over the pre-state
  std::vector<std::string> receivers;  // IR names of the instances it delivers to, first delivery first
};

// Throws Error at an instruction that cannot be lowered (an unknown port or instance, an
// assignment to something that is neither an own port nor a private variable).
[[nodiscard]] std::vector<Branch> runBody(const BasicProgram& program, const InstanceView& view, ExprContext& ctx);

// ι(t) over the pre-state, as the branch's store stands.
[[nodiscard]] Expr atPoint(ExprContext& ctx, const InstanceView& view, const Branch& branch, Expr term);

}  // namespace symseq::design
