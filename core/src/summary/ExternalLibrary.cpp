#include "symseq/summary/ExternalLibrary.h"

#include <boost/dll/shared_library.hpp>

#include "symseq/external.h"
#include "symseq/summary/ExternalValue.h"
#include "symseq/summary/FunctionTable.h"
#include "symseq/support/Error.h"

namespace symseq {

struct ExternalLibrary::Impl {
  boost::dll::shared_library library;
};

ExternalLibrary::ExternalLibrary(const std::filesystem::path& file, const std::vector<ExternalBinding>& bindings)
    : file_(file), impl_(std::make_shared<Impl>()) {
  try {
    // An absolute path: a bare name would be looked up from the working directory.
    impl_->library.load(std::filesystem::absolute(file), boost::dll::load_mode::rtld_now);
  } catch (const std::exception& e) {
    // Boost.DLL 1.74 keeps dlerror()'s text only in what().
    throw ConfigError("cannot load the external-function library '" + file.string() + "': " + e.what(), std::nullopt,
                      "check [externals] library in the run file; the library must be built for this machine");
  }
  for (const ExternalBinding& b : bindings) {
    if (!impl_->library.has(b.symbol)) throw missingExternalSymbol(file, b.symbol, *b.function);
    auto* fn = &impl_->library.get<int(const symseq_value*, std::uint32_t, symseq_value*)>(b.symbol);
    const FunctionDecl* f = b.function;
    // The closure holds the library, so no implementation outlives its code.
    interpretations_.set(*f, [fn, f, keep = impl_](std::span<const Value> args) -> Value {
      return callExternal(*f, args, [fn](std::span<const symseq_value> in, symseq_value& out) {
        return fn(in.data(), static_cast<std::uint32_t>(in.size()), &out);
      });
    });
  }
}

ExternalLibrary::~ExternalLibrary() = default;

}  // namespace symseq
