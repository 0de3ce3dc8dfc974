#ifndef CFUZZERDRIVER_H
#define CFUZZERDRIVER_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver, for executables that have their own `main` (SwiftPM links an
/// executable target's entry as `<Target>_main`, so libFuzzer's `main` is never called).
/// Declared here because libFuzzer ships no header for it.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
