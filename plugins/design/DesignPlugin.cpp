// The `design` frontend plugin: reads a .design file (docs/models/design.md), picks the top
// design (option `top`, default the first design no other design uses) and lowers it and every
// design it reuses into the IR (plugins/system-design).
#include <boost/dll/alias.hpp>

#include "symseq/design/Lower.h"
#include "symseq/design/Reader.h"
#include "symseq/plugin/Frontend.h"
#include "symseq/plugin/PluginDescriptor.h"
#include "symseq/support/ModelFile.h"

namespace {

constexpr const char* kTop = "top";

const symseq::OptionSpec kOptions[] = {
    {kTop, symseq::OptionType::String, "\"\"",
     "the top design (the system under test); empty: the first design of the file that no other design uses"},
};

class DesignFrontend final : public symseq::Frontend {
 public:
  DesignFrontend(std::string top, std::optional<symseq::SourceLocation> topWhere)
      : top_(std::move(top)), topWhere_(std::move(topWhere)) {}

  symseq::TransitionSystem load(const std::filesystem::path& file, symseq::ExprContext& ctx) override {
    const symseq::design::DesignFile designs =
        symseq::design::readDesigns(symseq::readModelFile(file), file.string(), ctx);
    const symseq::design::Design& top = topDesign(designs);
    symseq::TransitionSystem ts = symseq::design::lower(designs, top, ctx);
    ts.sourceDiagram = symseq::design::compositionDiagram(designs, top);
    return ts;
  }

 private:
  // An unknown `top` is the run file's error: point at the option when it came from one.
  const symseq::design::Design& topDesign(const symseq::design::DesignFile& designs) const {
    try {
      return symseq::design::topDesign(designs, top_);
    } catch (const symseq::ConfigError& e) {
      throw symseq::ConfigError(e.message(), topWhere_ ? topWhere_ : e.location(), e.hint());
    }
  }

  std::string top_;
  std::optional<symseq::SourceLocation> topWhere_;
};

symseq::PluginPtr<symseq::Frontend> make(const symseq::Options& options) {
  const std::string top = options.contains(kTop) ? options.getString(kTop) : "";
  return symseq::makePluginPtr<DesignFrontend>(top, options.location(kTop));
}

// The files `symseq run MODEL` gives this frontend, and the strategy it runs on them.
const char* const kExtensions[] = {".design"};

const symseq::PluginDescriptor descriptor{
    .kind = symseq::PluginKind::Frontend,
    .name = "design",
    .version = "0.1.0",
    .summary = "system designs: components with ports, one-place buffers, explicit interaction rules and time "
               "(.design files)",
    .options = kOptions,
    .extensions = kExtensions,
    .defaultStrategy = "tree",
    .makeFrontend = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
