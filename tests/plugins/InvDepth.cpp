// A valid heuristic plugin for the registry tests: score = weight / (1 + depth). Any weight is
// accepted: a negative one prefers deep states, which test_microgrid.cpp uses to see best-first
// follow a heuristic (a positive one gives best-first's own tie order, breadth first).
// Compiled a second time with SYMSEQ_TEST_ABI_ID=0x0bad0bad0bad0bad to play a plugin built against
// other public headers (tests/e2e/AbiRefusal.cmake builds one against really changed headers).
#include <boost/dll/alias.hpp>

#include "symseq/plugin/SearchHeuristic.h"
#include "symseq/plugin/PluginDescriptor.h"

#ifndef SYMSEQ_TEST_ABI_ID
#define SYMSEQ_TEST_ABI_ID symseq::kAbiId
#endif

namespace {

class InvDepth final : public symseq::SearchHeuristic {
 public:
  explicit InvDepth(double weight) : weight_(weight) {}
  double score(const symseq::StateView& s) const override { return weight_ / (1.0 + s.depth); }

 private:
  double weight_;
};

symseq::PluginPtr<symseq::Heuristic> make(const symseq::Options& options) {
  return symseq::makePluginPtr<InvDepth>(options.getReal("weight"));
}

const symseq::OptionSpec options[] = {{"weight", symseq::OptionType::Real, "1.0", "numerator of the score"}};

const symseq::PluginDescriptor descriptor{
    .abiId = SYMSEQ_TEST_ABI_ID,
    .kind = symseq::PluginKind::Heuristic,
    .name = "inv-depth",
    .version = "1.0",
    .summary = "prefers shallow states",
    .options = options,
    .family = "search",
    .makeHeuristic = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
