// The `cfg` frontend plugin: reads a .cfg file (docs/models/cfg.md), checks it and lowers it.
#include <boost/dll/alias.hpp>
#include <fstream>
#include <sstream>

#include "CfgCheck.h"
#include "CfgLower.h"
#include "CfgReader.h"
#include "symseq/plugin/Frontend.h"
#include "symseq/plugin/PluginDescriptor.h"

namespace {

class CfgFrontend final : public symseq::Frontend {
 public:
  symseq::TransitionSystem load(const std::filesystem::path& file, symseq::ExprContext& ctx) override {
    std::ifstream in(file, std::ios::binary);
    if (!in)
      throw symseq::ParseError("cannot open the model file", symseq::SourceLocation{file.string(), 0, 0},
                               "check the path (relative paths start at the run file's folder)");
    std::ostringstream text;
    text << in.rdbuf();
    symseq::cfg::Model model = symseq::cfg::readModel(text.str(), file.string());
    if (model.name.empty()) model.name = file.stem().string();  // `model NAME` is optional
    symseq::cfg::checkShape(model);
    return symseq::cfg::lowerModel(model, ctx);
  }
};

symseq::PluginPtr<symseq::Frontend> make(const symseq::Options&) { return symseq::makePluginPtr<CfgFrontend>(); }

const symseq::PluginDescriptor descriptor{
    .kind = symseq::PluginKind::Frontend,
    .name = "cfg",
    .version = "0.1.0",
    .summary = "acyclic-core control-flow graphs (SymTest), one test step per loop iteration",
    .makeFrontend = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
