#ifndef WEFT_CLIBFUZZER_H
#define WEFT_CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

// libFuzzer's driver, for programs that own `main` (SwiftPM gives every executable target its own).
// Defined in the toolchain's libclang_rt.fuzzer, linked by `-sanitize=fuzzer`.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
