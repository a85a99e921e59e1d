#include "symseq/run/ModelAcceptance.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "symseq/run/PluginOptions.h"

namespace symseq {

namespace {

// The object comes from a plugin: what it throws becomes a refusal, so no exception type of the
// plugin outlives the call.
std::optional<std::string> askRefusal(const Strategy& strategy, const TransitionSystem& system) {
  try {
    return strategy.refusal(system);
  } catch (const Error& e) {
    return e.message();
  } catch (const std::exception& e) {
    return std::string(e.what());
  }
}

std::vector<std::string> acceptingStrategies(const std::string& except, const TransitionSystem& system,
                                             const Registry& registry) {
  std::vector<std::string> out;
  for (const std::string& name : registry.names(PluginKind::Strategy)) {
    if (name == except) continue;
    try {
      const auto other = registry.makeStrategy(name, defaultOptions(registry.info(PluginKind::Strategy, name)));
      if (!askRefusal(*other, system)) out.push_back(name);
    } catch (const Error&) {
      // A strategy that cannot be made with its defaults is no suggestion.
    }
  }
  return out;
}

}  // namespace

void requireAcceptance(const Strategy& strategy, const PluginChoice& choice, const TransitionSystem& system,
                       const Registry& registry) {
  const auto refusal = askRefusal(strategy, system);
  if (!refusal) return;
  const auto accepting = acceptingStrategies(choice.name, system, registry);
  throw ConfigError(*refusal, choice.where,
                    accepting.empty()
                        ? std::string("no installed strategy accepts this model; change the model or install a strategy for it")
                        : fmt::format("strategies that accept this model: {}", fmt::join(accepting, ", ")));
}

}  // namespace symseq
