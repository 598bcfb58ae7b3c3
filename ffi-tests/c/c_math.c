/* The C library's math functions that Rust's compiler_builtins also defines (cbrt, fmod,
 * round, trunc, floor, ceil, fma, fmin, fmax), called on many arguments: the program
 * prints a digest of the results' bits. Linked against libstiffdae.a it must print what
 * it prints linked against no library of ours (the C library's functions in both). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#ifdef WITH_STIFFDAE
#include "stiffdae.h"
#endif

static uint64_t bits(double v) {
    uint64_t b;
    memcpy(&b, &v, sizeof b);
    return b;
}

int main(void) {
    uint64_t state = 88172645463325252ull, digest[9] = {0};
    for (int i = 0; i < 200000; i++) {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        double x = (double)(state >> 11) * 0x1p-53 * 1e6 - 5e5;
        double r[9] = {cbrt(x), fmod(x, 3.7), round(x * 0.3), trunc(x * 0.7), floor(x * 0.9),
                       ceil(x * 1.3), fma(x, 1.1, 0.5), fmin(x, 0.25), fmax(x, 0.25)};
        for (int k = 0; k < 9; k++) digest[k] = digest[k] * 1000003u ^ bits(r[k]);
    }
    for (int k = 0; k < 9; k++) printf("%016llx\n", (unsigned long long)digest[k]);
#ifdef WITH_STIFFDAE
    printf("stiffdae %s\n", stiffdae_version());
#endif
    return 0;
}
