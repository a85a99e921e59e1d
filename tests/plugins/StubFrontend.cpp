// A frontend that reads nothing and returns a fixed two-location system, so tests can run the
// whole pipeline without a real frontend:  idle --go: in?(x) [x > 0]--> busy --back--> idle.
// Declares one option of each type.
#include <boost/dll/alias.hpp>

#include "symseq/plugin/Frontend.h"
#include "symseq/plugin/PluginDescriptor.h"

namespace {

class StubFrontend final : public symseq::Frontend {
 public:
  symseq::TransitionSystem load(const std::filesystem::path&, symseq::ExprContext& ctx) override {
    using namespace symseq;
    TransitionSystem sys(ctx);
    sys.name = "stub";
    const Expr x = ctx.var("x", Sort::integer());
    sys.variables.push_back({x, VariableRole::Input, std::nullopt, std::nullopt});
    const LocationId idle = sys.addLocation("idle");
    const LocationId busy = sys.addLocation("busy");
    sys.initial = idle;
    sys.channels.push_back({"in", ChannelDirection::Input, {Sort::integer()}});
    sys.transitions.push_back({"go", idle, busy, ctx.make(Op::Gt, {x, ctx.intVal(0)}), {ActionKind::Input, 0, {x}}, {}, std::nullopt});
    sys.transitions.push_back({"back", busy, idle, ctx.boolVal(true), {}, {}, std::nullopt});
    return sys;
  }
};

symseq::PluginPtr<symseq::Frontend> make(const symseq::Options&) { return symseq::makePluginPtr<StubFrontend>(); }

const symseq::OptionSpec options[] = {
    {"strict", symseq::OptionType::Bool, "false", "a Bool option"},
    {"unroll", symseq::OptionType::Int, "3", "an Int option"},
    {"dialect", symseq::OptionType::String, "\"plain\"", "a String option"},
    {"include", symseq::OptionType::StringList, "[]", "a StringList option"},
};

// `symseq run x.stub` takes this frontend and the stub strategy (bad-input cases, unit tests).
const char* const extensions[] = {".stub"};

const symseq::PluginDescriptor descriptor{
    .kind = symseq::PluginKind::Frontend,
    .name = "stub",
    .version = "0.1",
    .summary = "test frontend",
    .options = options,
    .extensions = extensions,
    .defaultStrategy = "stub",
    .makeFrontend = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
