#pragma once
// The instance tree of a composition (docs/models/design.md): the top instance named by its design,
// a reused one by its instance name, a nested one by the path joined with `__` (so that IR names
// `X.p.avail` never clash). Shared by the lowering and the composition diagram.
#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "symseq/design/Design.h"

namespace symseq::design {

struct Instance {
  std::string name;  // the IR prefix: `env`, `calc`, `calc__filter`
  const Design* design = nullptr;
  std::map<std::string, std::size_t> children;  // the user's instance name (`calc`) -> index
  SourceLocation where;                         // the `use` (the design itself for the top)
};

// Top first, then depth-first in `use` order. Throws Error at the `use` naming an unknown design or
// closing a cycle, and at a design whose declared time differs from the top's carrier.
[[nodiscard]] std::vector<Instance> instantiate(const DesignFile& file, const Design& top);

// The composition's time carrier: the top's declared time, discrete when it declares none.
[[nodiscard]] TimeKind carrierOf(const Design& top);

}  // namespace symseq::design
