#pragma once
#include <stddef.h>
#include <stdint.h>

/// Hands control to libFuzzer. SwiftPM links each executable with `--defsym main=<module>_main`,
/// so the harnesses define that entry point and call this instead of relying on libFuzzer's main.
int margin_fuzz_run(int argc, char **argv, int (*test_one_input)(const uint8_t *data, size_t size));
