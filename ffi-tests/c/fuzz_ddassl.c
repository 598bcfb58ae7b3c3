/* ddassl_ through the shared DAE fuzzer (fuzz_dae.h). */
#define FUZZ_DASKR 0
#include "fuzz_dae.h"
