// The cvc5 solver plugin: its descriptor, options and factory.
#include <boost/dll/alias.hpp>

#include <array>
#include <limits>
#include <string>

#include "Cvc5Solver.h"
#include "symseq/plugin/PluginDescriptor.h"

namespace {

using symseq::OptionSpec;
using symseq::OptionType;

constexpr std::array kOptions{
    OptionSpec{"random_seed", OptionType::Int, "0", "cvc5's seed option, for reproducible runs"},
};

symseq::PluginPtr<symseq::Solver> makeCvc5(symseq::ExprContext& ctx, const symseq::Options& options) {
  // Options arrive with defaults filled in; the fallback only serves direct callers (tests).
  const std::int64_t seed = options.contains("random_seed") ? options.getInt("random_seed") : 0;
  if (seed < 0 || seed > std::numeric_limits<unsigned>::max())
    throw options.invalid("random_seed", "must be between 0 and " + std::to_string(std::numeric_limits<unsigned>::max()));
  return symseq::makePluginPtr<symseq::cvc5backend::Cvc5Solver>(ctx, static_cast<unsigned>(seed));
}

// cvc5 1.0.3 has no version macro and reports it only through a Solver; ask one once, at load.
const char* libraryVersion() {
  static const std::string version = cvc5::Solver().getVersion();
  return version.c_str();
}

}  // namespace

const symseq::PluginDescriptor descriptor{
    .kind = symseq::PluginKind::Solver,
    .name = "cvc5",
    .version = libraryVersion(),
    .summary = "cvc5 SMT solver (Bool, Int, Real, bit-vectors, uninterpreted functions)",
    .options = kOptions,
    .makeSolver = &makeCvc5,
};
BOOST_DLL_ALIAS(descriptor, symseq_plugin)
