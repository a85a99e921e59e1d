// The `iosts` frontend plugin: reads a .iosts file (docs/models/iosts.md), resolves its names
// and lowers it.
#include <boost/dll/alias.hpp>

#include "IostsCheck.h"
#include "IostsLower.h"
#include "IostsReader.h"
#include "symseq/plugin/Frontend.h"
#include "symseq/plugin/PluginDescriptor.h"
#include "symseq/support/ModelFile.h"

namespace {

class IostsFrontend final : public symseq::Frontend {
 public:
  symseq::TransitionSystem load(const std::filesystem::path& file, symseq::ExprContext& ctx) override {
    symseq::iosts::Model model = symseq::iosts::readModel(symseq::readModelFile(file), file.string());
    symseq::iosts::resolveNames(model);
    return symseq::iosts::lowerModel(model, ctx, file.stem().string());
  }
};

symseq::PluginPtr<symseq::Frontend> make(const symseq::Options&) { return symseq::makePluginPtr<IostsFrontend>(); }

const symseq::PluginDescriptor descriptor{
    .kind = symseq::PluginKind::Frontend,
    .name = "iosts",
    .version = "0.1.0",
    .summary = "input/output symbolic transition systems with external functions (IOSTS)",
    .makeFrontend = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
