/* ddaskr_ through the shared DAE fuzzer (fuzz_dae.h). */
#define FUZZ_DASKR 1
#include "fuzz_dae.h"
