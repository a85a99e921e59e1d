// A strategy for pipeline tests: proposes one step giving every input the value 1, which covers
// the stub frontend's model; with `lie = true` it proposes 0 instead, which does not replay,
// so tests can see the kernel refuse to report it.
#include <boost/dll/alias.hpp>

#include "symseq/plugin/PluginDescriptor.h"
#include "symseq/plugin/Strategy.h"

namespace {

class StubStrategy final : public symseq::Strategy {
 public:
  explicit StubStrategy(bool lie) : lie_(lie) {}
  symseq::GenerationResult generate(const symseq::GenerationJob& job) override {
    using namespace symseq;
    TestStep step;
    for (const VariableDecl& v : job.system.variables)
      if (v.role == VariableRole::Input && v.var.sort().isInt()) step.inputs.set(v.var, Value::integer(lie_ ? 0 : 1));
    GenerationResult r;
    TestSequence sequence;
    sequence.steps.push_back(step);
    r.sequences.push_back(std::move(sequence));
    r.stats.set(stat::kIterations, 1);
    return r;
  }

 private:
  bool lie_;
};

symseq::PluginPtr<symseq::Strategy> make(const symseq::Options& o) {
  return symseq::makePluginPtr<StubStrategy>(o.getBool("lie"));
}

const symseq::OptionSpec options[] = {{"restarts", symseq::OptionType::Int, "0", "an Int option"},
                                      {"lie", symseq::OptionType::Bool, "false", "propose a sequence that does not replay"}};

// Run-file tests configure the search heuristic inv-depth with it.
const char* const consults[] = {"search"};

const symseq::PluginDescriptor descriptor{
    .kind = symseq::PluginKind::Strategy,
    .name = "stub",
    .version = "0.1",
    .summary = "test strategy",
    .options = options,
    .consults = consults,
    .makeStrategy = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
