// The z3 solver plugin: its descriptor, options and factory.
#include <boost/dll/alias.hpp>
#include <z3.h>

#include <array>
#include <limits>

#include "Z3Solver.h"
#include "symseq/plugin/PluginDescriptor.h"

namespace {

using symseq::OptionSpec;
using symseq::OptionType;

constexpr std::array kOptions{
    OptionSpec{"mode", OptionType::String, "\"incremental\"",
               "\"incremental\": one z3 solver following push/pop; \"fresh-per-query\": a new z3 solver "
               "built from the assertion stack for every check (keeps z3's non-incremental preprocessing)"},
    OptionSpec{"random_seed", OptionType::Int, "0", "z3's random_seed, for reproducible runs"},
};

symseq::PluginPtr<symseq::Solver> makeZ3(symseq::ExprContext& ctx, const symseq::Options& options) {
  using symseq::z3backend::Mode;
  // Options arrive with defaults filled in; the fallbacks only serve direct callers (tests).
  const std::string mode = options.contains("mode") ? options.getString("mode") : "incremental";
  const std::int64_t seed = options.contains("random_seed") ? options.getInt("random_seed") : 0;
  Mode m = Mode::Incremental;
  if (mode == "fresh-per-query") m = Mode::FreshPerQuery;
  else if (mode != "incremental")
    throw options.invalid("mode", "unknown mode \"" + mode + "\"", "use \"incremental\" or \"fresh-per-query\"");
  if (seed < 0 || seed > std::numeric_limits<unsigned>::max())
    throw options.invalid("random_seed", "must be between 0 and " + std::to_string(std::numeric_limits<unsigned>::max()));
  return symseq::makePluginPtr<symseq::z3backend::Z3Solver>(ctx, m, static_cast<unsigned>(seed));
}

}  // namespace

// Not const-initialised: the version comes from the z3 library actually loaded, not the headers.
const symseq::PluginDescriptor descriptor{
    .kind = symseq::PluginKind::Solver,
    .name = "z3",
    .version = Z3_get_full_version(),
    .summary = "z3 SMT solver (Bool, Int, Real, bit-vectors, uninterpreted functions)",
    .options = kOptions,
    .makeSolver = &makeZ3,
};
BOOST_DLL_ALIAS(descriptor, symseq_plugin)
