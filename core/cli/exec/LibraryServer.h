#pragma once
// The child-process side of the shared-library transport: loads a library with the adapter C ABI
// (adapters/include/symseq_adapter.h) and serves the JSON-lines protocol of docs/adapters.md on
// two descriptors by calling its table, so that the protocol client cannot tell it from a process
// adapter. Before the protocol it writes one line of its own for LibraryTransport:
// {"ready":true}, or {"refused":"why"} when the library does not load, lacks symseq_adapter_v1 or
// has another ABI version.
#include <string>

namespace symseq::exec {

// Runs in the child until quit or the end of its input; returns its exit status.
int serveLibrary(const std::string& library, int in, int out);

}  // namespace symseq::exec
