// The `iosts` frontend plugin: reads a .iosts file (docs/models/iosts.md), resolves its names
// and lowers it.
#include <boost/dll/alias.hpp>
#include <fstream>
#include <sstream>

#include "IostsCheck.h"
#include "IostsLower.h"
#include "IostsReader.h"
#include "symseq/plugin/Frontend.h"
#include "symseq/plugin/PluginDescriptor.h"

namespace {

class IostsFrontend final : public symseq::Frontend {
 public:
  symseq::TransitionSystem load(const std::filesystem::path& file, symseq::ExprContext& ctx) override {
    std::ifstream in(file, std::ios::binary);
    if (!in)
      throw symseq::ParseError("cannot open the model file", symseq::SourceLocation{file.string(), 0, 0},
                               "check the path (relative paths start at the run file's folder)");
    std::ostringstream text;
    text << in.rdbuf();
    symseq::iosts::Model model = symseq::iosts::readModel(text.str(), file.string());
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
