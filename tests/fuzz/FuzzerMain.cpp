// The libFuzzer binaries' main() comes from libFuzzer (-fsanitize=fuzzer). Their sanitizer
// defaults: the runtime is the shared one (top CMakeLists.txt) and libFuzzer puts libstdc++
// before it in the library list, an order ASan's start-up check refuses needlessly; third-party
// allocations that live until exit are not our leaks (as in SanitizerDefaults.h, which keys on
// GCC's macro).
extern "C" const char* __asan_default_options() { return "verify_asan_link_order=0"; }  // NOLINT
extern "C" const char* __lsan_default_suppressions() {                                  // NOLINT
  return "leak:libcln.so\nleak:libz3.so\nleak:libcvc5.so\n";
}
