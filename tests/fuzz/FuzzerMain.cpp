// The libFuzzer binaries' main() comes from libFuzzer (-fsanitize=fuzzer); CMake needs a source.
