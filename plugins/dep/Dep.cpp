// The `dep` table heuristic (iosts-function-summaries.md, Definition 7): a call whose arguments
// read other calls' results gets those results from values their tables already hold, so the
// new inputs it yields can be matched by the summaries of the calls it depends on.
#include <boost/dll/alias.hpp>

#include "symseq/expr/Connectives.h"
#include "symseq/plugin/PluginDescriptor.h"
#include "symseq/tree/TableHeuristic.h"
#include "symseq/tree/Summaries.h"

namespace {

using namespace symseq;

class Dep final : public TableHeuristic {
 public:
  Expr constrain(const TableSituation& s) const override {
    std::vector<Expr> all;
    for (const CallRecord& call : s.calls)
      for (const CallRecord* on : dependencies(call, s.calls))
        all.push_back(resultInTable(s.ctx, *on, s.tables.find(*on->function)));
    return conjunction(s.ctx, all);
  }
};

PluginPtr<Heuristic> make(const Options&) { return makePluginPtr<Dep>(); }

const PluginDescriptor descriptor{
    .kind = PluginKind::Heuristic,
    .name = "dep",
    .version = "1.0.0",
    .summary = "table heuristic Dep: arguments that read other calls' results take results their tables hold "
               "(SolveTab, Definition 7)",
    .family = "table",
    .makeHeuristic = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
