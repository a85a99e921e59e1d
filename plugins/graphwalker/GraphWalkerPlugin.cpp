// The `graphwalker` frontend plugin: reads a GraphWalker JSON model (docs/models/graphwalker.md)
// and lowers it into the IR, one edge per test step.
#include <boost/dll/alias.hpp>

#include "GwLower.h"
#include "symseq/plugin/Frontend.h"
#include "symseq/plugin/PluginDescriptor.h"
#include "symseq/support/ModelFile.h"

namespace {

class GraphWalkerFrontend final : public symseq::Frontend {
 public:
  explicit GraphWalkerFrontend(std::string start) : start_(std::move(start)) {}

  symseq::TransitionSystem load(const std::filesystem::path& file, symseq::ExprContext& ctx) override {
    const std::string text = symseq::readModelFile(file);
    return symseq::graphwalker::load(text, file.string(), file.stem().string(), start_, ctx);
  }

 private:
  std::string start_;
};

symseq::PluginPtr<symseq::Frontend> make(const symseq::Options& options) {
  return symseq::makePluginPtr<GraphWalkerFrontend>(options.getString("start"));
}

const symseq::OptionSpec kOptions[] = {
    {"start", symseq::OptionType::String, "\"\"",
     "the element the walk starts at (a vertex's or an edge's id or name), as GraphWalker's --start-element; "
     "\"\": the model's startElementId"},
};

// The files `symseq run MODEL` gives this frontend, and the strategy it runs on them.
const char* const kExtensions[] = {".json"};

const symseq::PluginDescriptor descriptor{
    .kind = symseq::PluginKind::Frontend,
    .name = "graphwalker",
    .version = "0.1.0",
    .summary = "GraphWalker JSON models (.json): vertices, edges, guards and actions in a JavaScript subset on "
               "ints and bools, one edge per test step",
    .options = kOptions,
    .extensions = kExtensions,
    .defaultStrategy = "tree",
    .makeFrontend = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
// For tests/unit/test_graphwalker_frontend.cpp: read and lower from text (symseq::graphwalker::LoadFunction).
BOOST_DLL_ALIAS(symseq::graphwalker::load, symseq_graphwalker_load)
