// The shared-library transport: the library runs in a forked child (LibraryServer.h), so a crash
// or a hang of the system under test is a verdict, not a crash of symseq.
#include "exec/ChildTransport.h"
#include "exec/JsonText.h"
#include "exec/LibraryServer.h"
#include "symseq/support/Error.h"

namespace symseq::exec {

namespace {

class LibraryTransport final : public ChildTransport {
 public:
  explicit LibraryTransport(const std::string& library)
      : ChildTransport([library](int in, int out) { return serveLibrary(library, in, out); },
                       "library '" + library + "'") {}

 protected:
  TransportResult ready(Clock::time_point deadline) override {
    TransportResult r = receive(deadline);
    if (r.fault != TransportResult::Fault::None) return r;
    JsonNode word;
    if (parseJson(r.line, word).ok && word.kind == JsonNode::Kind::Object) {
      if (word.member("ready")) return {};
      if (const JsonNode* refused = word.member("refused")) {
        stop(Clock::now());
        throw Error(refused->text, std::nullopt,
                    "build the adapter against adapters/include/symseq_adapter.h and export symseq_adapter_v1 "
                    "(docs/adapters.md)");
      }
    }
    return {TransportResult::Fault::Protocol, {}, "protocol: the library loader said '" + r.line + "'"};
  }
};

}  // namespace

std::unique_ptr<Transport> libraryTransport(std::string library) {
  return std::make_unique<LibraryTransport>(std::move(library));
}

}  // namespace symseq::exec
