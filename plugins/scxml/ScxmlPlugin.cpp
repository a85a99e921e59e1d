// The `scxml` frontend plugin: reads a W3C SCXML document (the subset of docs/models/scxml.md)
// into the statechart library's Chart, flattens its hierarchy and lowers it into the IR.
#include <boost/dll/alias.hpp>

#include <array>

#include "ScxmlReader.h"
#include "symseq/plugin/Frontend.h"
#include "symseq/plugin/PluginDescriptor.h"
#include "symseq/statechart/Flatten.h"
#include "symseq/statechart/Lower.h"
#include "symseq/support/DidYouMean.h"
#include "symseq/support/ModelFile.h"

namespace {

class ScxmlFrontend final : public symseq::Frontend {
 public:
  explicit ScxmlFrontend(bool full) : full_(full) {}

  symseq::TransitionSystem load(const std::filesystem::path& file, symseq::ExprContext& ctx) override {
    const std::string text = symseq::readModelFile(file);
    const symseq::statechart::Chart chart = symseq::scxml::readChart(text, file.string(), file.stem().string(), ctx);
    const symseq::statechart::FlatChart flat =
        full_ ? symseq::statechart::flattenFully(chart, ctx) : symseq::statechart::quasiFlatten(chart, ctx);
    symseq::TransitionSystem ts = symseq::statechart::lower(flat, ctx);
    ts.sourceDiagram = symseq::statechart::hierarchyDiagram(chart);
    return ts;
  }

 private:
  bool full_;
};

symseq::PluginPtr<symseq::Frontend> make(const symseq::Options& options) {
  const std::string& flatten = options.getString("flatten");
  const std::vector<std::string> kinds{"quasi", "full"};
  if (flatten != "quasi" && flatten != "full")
    throw options.invalid("flatten", "unknown value \"" + flatten + "\"" + symseq::didYouMean(flatten, kinds),
                          "use \"quasi\" (the hierarchy only) or \"full\" (the full product, for comparison)");
  return symseq::makePluginPtr<ScxmlFrontend>(flatten == "full");
}

const symseq::OptionSpec kOptions[] = {
    {"flatten", symseq::OptionType::String, "\"quasi\"",
     "\"quasi\": flatten the hierarchy (AUTSEG quasi-flattening); \"full\": flatten into the full product"},
};

// The files `symseq run MODEL` gives this frontend, and the strategy it runs on them.
const char* const kExtensions[] = {".scxml"};

const symseq::PluginDescriptor descriptor{
    .kind = symseq::PluginKind::Frontend,
    .name = "scxml",
    .version = "0.1.0",
    .summary = "W3C SCXML statecharts (a subset: compound, parallel and final states, events, int and bool data), "
               "one external event per test step",
    .options = kOptions,
    .extensions = kExtensions,
    .defaultStrategy = "tree",
    .makeFrontend = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
// For tests/unit/test_scxml_reader.cpp: the Chart before flattening (symseq::scxml::ReadChartFunction).
BOOST_DLL_ALIAS(symseq::scxml::readChart, symseq_scxml_read_chart)
