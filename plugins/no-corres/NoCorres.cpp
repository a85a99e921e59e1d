// The `no-corres` table heuristic (iosts-function-summaries.md, Definition 6): some call's inputs
// differ from every row of its function's table, so running the real functions adds a row.
#include <boost/dll/alias.hpp>

#include "symseq/expr/Connectives.h"
#include "symseq/plugin/PluginDescriptor.h"
#include "symseq/tree/TableHeuristic.h"
#include "symseq/tree/Summaries.h"

namespace {

using namespace symseq;

class NoCorres final : public TableHeuristic {
 public:
  Expr constrain(const TableSituation& s) const override {
    std::vector<Expr> some;
    for (const CallRecord& call : s.calls) some.push_back(noCorrespondence(s.ctx, call, s.tables.find(*call.function)));
    return disjunction(s.ctx, some);
  }
};

PluginPtr<Heuristic> make(const Options&) { return makePluginPtr<NoCorres>(); }

const PluginDescriptor descriptor{
    .kind = PluginKind::Heuristic,
    .name = "no-corres",
    .version = "1.0.0",
    .summary = "table heuristic NoCorres: new inputs for at least one external call (SolveTab, Definition 6)",
    .family = "table",
    .makeHeuristic = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
