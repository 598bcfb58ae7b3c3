/* rodas_ through the shared Hairer-code fuzzer (fuzz_hairer.h). */
#define FUZZ_RADAU 0
#define FUZZ_RODAS 1
#include "fuzz_hairer.h"
