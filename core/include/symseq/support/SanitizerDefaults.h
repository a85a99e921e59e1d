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
#endif

#pragma GCC visibility pop
