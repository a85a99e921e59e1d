#pragma once
// Include in exactly one file of an executable. Under AddressSanitizer it tells LeakSanitizer
// about third-party allocations that live until exit (cvc5's libcln allocates one at load time),
// so a sanitizer build run by hand reports only leaks of our own.
#pragma GCC visibility push(default)

#if defined(__SANITIZE_ADDRESS__)
extern "C" const char* __lsan_default_suppressions() {  // NOLINT: the name is the sanitizer's
  return "leak:libcln.so\nleak:libz3.so\nleak:libcvc5.so\n";
}
extern "C" const char* __lsan_default_options() { return "print_suppressions=0"; }  // NOLINT
// GCC 12's sanitizer runtime takes a dynamic TLS block (of a library loaded by dlopen: plugins,
// z3) for a pre-2.25 glibc header when its address happens to sit at a given page offset, and
// LeakSanitizer's tracer then crashes at exit ("Tracer caught signal 11") after a run that went
// well. Which run hits it depends on memory layout alone; not intercepting __tls_get_addr avoids it.
extern "C" const char* __asan_default_options() { return "intercept_tls_get_addr=0"; }  // NOLINT
#endif

#pragma GCC visibility pop
