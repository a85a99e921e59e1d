// A strategy that misbehaves on purpose, for the bench harness's tests: a cell must be recorded
// as crashed, timeout or out-of-memory and the bench must go on. `behaviour`:
//   "abort"     std::abort() (SIGABRT, which the sanitizers leave alone)
//   "hang"      sleeps forever (only the harness's time limit ends it)
//   "allocate"  touches memory 16 MB at a time until the harness's memory limit kills it
//   "bad-alloc" throws std::bad_alloc, as a real allocation failure would
//   "ok"        proposes nothing and returns
#include <boost/dll/alias.hpp>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <thread>
#include <vector>

#include "symseq/plugin/PluginDescriptor.h"
#include "symseq/plugin/Strategy.h"

namespace {

class MisbehavingStrategy final : public symseq::Strategy {
 public:
  explicit MisbehavingStrategy(std::string behaviour) : behaviour_(std::move(behaviour)) {}
  symseq::GenerationResult generate(const symseq::GenerationJob&) override {
    if (behaviour_ == "abort") std::abort();
    if (behaviour_ == "hang")
      while (true) std::this_thread::sleep_for(std::chrono::seconds(1));
    if (behaviour_ == "allocate") {
      std::vector<std::unique_ptr<char[]>> blocks;
      while (true) {
        constexpr std::size_t block = std::size_t{16} << 20;
        blocks.push_back(std::make_unique<char[]>(block));
        std::memset(blocks.back().get(), 1, block);  // resident, not just reserved
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
      }
    }
    if (behaviour_ == "bad-alloc") throw std::bad_alloc();
    return {};
  }

 private:
  std::string behaviour_;
};

symseq::PluginPtr<symseq::Strategy> make(const symseq::Options& o) {
  return symseq::makePluginPtr<MisbehavingStrategy>(o.getString("behaviour"));
}

const symseq::OptionSpec options[] = {
    {"behaviour", symseq::OptionType::String, "\"ok\"", "abort, hang, allocate, bad-alloc or ok"}};

const symseq::PluginDescriptor descriptor{
    .kind = symseq::PluginKind::Strategy,
    .name = "misbehaving",
    .version = "0.1",
    .summary = "test strategy that crashes, hangs or exhausts memory on request",
    .options = options,
    .makeStrategy = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
