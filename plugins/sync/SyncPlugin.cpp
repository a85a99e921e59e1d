// The `sync` frontend plugin: reads a .sync file (docs/models/sync.md) into a statechart::Chart,
// validates it, flattens its hierarchy (quasi-flattening by default, the observers kept
// separate; `flatten = "full"` folds them in too, the baseline for benchmarks) and lowers it into
// the IR (plugins/statechart).
#include <boost/dll/alias.hpp>

#include "SyncReader.h"
#include "symseq/plugin/Frontend.h"
#include "symseq/plugin/PluginDescriptor.h"
#include "symseq/statechart/Flatten.h"
#include "symseq/statechart/Lower.h"
#include "symseq/support/ModelFile.h"

namespace {

constexpr const char* kFlatten = "flatten";

const symseq::OptionSpec kOptions[] = {
    {kFlatten, symseq::OptionType::String, "\"quasi\"",
     "\"quasi\": flatten the hierarchy only, observers stay separate state variables (AUTSEG); \"full\": fold "
     "the observers into the product too (the baseline, for benchmarks)"},
};

class SyncFrontend final : public symseq::Frontend {
 public:
  explicit SyncFrontend(bool full) : full_(full) {}

  symseq::TransitionSystem load(const std::filesystem::path& file, symseq::ExprContext& ctx) override {
    symseq::statechart::Chart chart = symseq::sync::readChart(symseq::readModelFile(file), file.string(), ctx);
    if (chart.name.empty()) chart.name = file.stem().string();  // `model NAME` is optional
    symseq::sync::validateChart(chart);
    const symseq::statechart::FlatChart flat =
        full_ ? symseq::statechart::flattenFully(chart, ctx) : symseq::statechart::quasiFlatten(chart, ctx);
    symseq::TransitionSystem ts = symseq::statechart::lower(flat, ctx);
    ts.sourceDiagram = symseq::statechart::hierarchyDiagram(chart);
    ts.synchronous = true;
    return ts;
  }

 private:
  bool full_;
};

symseq::PluginPtr<symseq::Frontend> make(const symseq::Options& options) {
  const std::string mode = options.contains(kFlatten) ? options.getString(kFlatten) : "quasi";
  if (mode != "quasi" && mode != "full")
    throw options.invalid(kFlatten, "unknown flattening '" + mode + "'", "write flatten = \"quasi\" or \"full\"");
  return symseq::makePluginPtr<SyncFrontend>(mode == "full");
}

// The files `symseq run MODEL` gives this frontend, and the strategy it runs on them.
const char* const kExtensions[] = {".sync"};

const symseq::PluginDescriptor descriptor{
    .kind = symseq::PluginKind::Frontend,
    .name = "sync",
    .version = "0.1.0",
    .summary = "hierarchical and parallel synchronous state machines (SyncCharts/AUTSEG), one test step per instant",
    .options = kOptions,
    .extensions = kExtensions,
    .defaultStrategy = "tree",
    .makeFrontend = &make,
};

}  // namespace

// The reader and validation alone, for the unit tests (tests/unit/test_sync_reader.cpp): the
// chart as the frontend sees it before flattening.
symseq::statechart::Chart symseqSyncReadChart(std::string_view text, const std::string& file,
                                              symseq::ExprContext& ctx) {
  symseq::statechart::Chart chart = symseq::sync::readChart(text, file, ctx);
  symseq::sync::validateChart(chart);
  return chart;
}

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
BOOST_DLL_ALIAS(symseqSyncReadChart, symseq_sync_read_chart)
