/* radau_ through the shared Hairer-code fuzzer (fuzz_hairer.h). */
#define FUZZ_RADAU 1
#include "fuzz_hairer.h"
