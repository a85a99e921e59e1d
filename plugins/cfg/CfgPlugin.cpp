// The `cfg` frontend plugin: reads a .cfg file (docs/models/cfg.md), checks it and lowers it.
#include <boost/dll/alias.hpp>

#include "CfgCheck.h"
#include "CfgLower.h"
#include "CfgReader.h"
#include "symseq/plugin/Frontend.h"
#include "symseq/plugin/PluginDescriptor.h"
#include "symseq/support/ModelFile.h"

namespace {

class CfgFrontend final : public symseq::Frontend {
 public:
  symseq::TransitionSystem load(const std::filesystem::path& file, symseq::ExprContext& ctx) override {
    symseq::cfg::Model model = symseq::cfg::readModel(symseq::readModelFile(file), file.string());
    if (model.name.empty()) model.name = file.stem().string();  // `model NAME` is optional
    symseq::cfg::checkShape(model);
    return symseq::cfg::lowerModel(model, ctx);
  }
};

symseq::PluginPtr<symseq::Frontend> make(const symseq::Options&) { return symseq::makePluginPtr<CfgFrontend>(); }

// The files `symseq run MODEL` gives this frontend, and the strategy it runs on them.
const char* const kExtensions[] = {".cfg"};

const symseq::PluginDescriptor descriptor{
    .kind = symseq::PluginKind::Frontend,
    .name = "cfg",
    .version = "0.1.0",
    .summary = "acyclic-core control-flow graphs (SymTest), one test step per loop iteration",
    .extensions = kExtensions,
    .defaultStrategy = "symtest",
    .makeFrontend = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
