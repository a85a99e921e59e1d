// A writer for tests: `csv-summary` writes summary.csv, one row per target with its coverage and
// reason, and marks nothing as the console summary.
#include <boost/dll/alias.hpp>

#include "symseq/plugin/PluginDescriptor.h"
#include "symseq/plugin/Writer.h"

namespace {

using namespace symseq;

class CsvSummary final : public Writer {
 public:
  std::vector<OutputFile> write(const WriterInput& run) const override {
    std::string csv = "target,covered,reason\n";
    for (const TargetOutcome& t : run.result.targets)
      csv += run.system.transitions[t.transition].name + "," + (t.covered ? "true" : "false") + "," +
             (t.reason ? std::string(toString(*t.reason)) : "") + "\n";
    return {{"summary.csv", csv}};
  }
};

PluginPtr<Writer> make(const Options&) { return makePluginPtr<CsvSummary>(); }

const PluginDescriptor descriptor{
    .kind = PluginKind::Writer,
    .name = "csv-summary",
    .version = "0.1",
    .summary = "test writer: summary.csv, one row per target",
    .makeWriter = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
