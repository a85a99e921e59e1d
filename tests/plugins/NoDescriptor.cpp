// A shared object that is not a symseq plugin: it exports a function but no descriptor.
extern "C" __attribute__((visibility("default"))) int symseqTestNotAPlugin() { return 42; }
