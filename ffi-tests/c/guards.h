/* Guard values around every array handed to the library: a test allocates with
 * dalloc/ialloc, fills what the library may touch, and checks the guards afterwards —
 * any write outside the declared lengths changes them. */
#ifndef STIFFDAE_TEST_GUARDS_H
#define STIFFDAE_TEST_GUARDS_H

#include <stdint.h>
#include <stdlib.h>

#define GUARD 8
#define GUARD_VALUE (-12345.678)
#define IGUARD_VALUE (-424242)

static inline double *dalloc(int len) {
    double *p = malloc(sizeof(double) * (size_t)(len + 2 * GUARD));
    for (int i = 0; i < len + 2 * GUARD; i++) p[i] = GUARD_VALUE;
    return p + GUARD;
}

static inline int32_t *ialloc(int len) {
    int32_t *p = malloc(sizeof(int32_t) * (size_t)(len + 2 * GUARD));
    for (int i = 0; i < len + 2 * GUARD; i++) p[i] = IGUARD_VALUE;
    return p + GUARD;
}

static inline int dguards_ok(double *p, int len) {
    for (int i = 1; i <= GUARD; i++)
        if (p[-i] != GUARD_VALUE || p[len - 1 + i] != GUARD_VALUE) return 0;
    return 1;
}

static inline int iguards_ok(int32_t *p, int len) {
    for (int i = 1; i <= GUARD; i++)
        if (p[-i] != IGUARD_VALUE || p[len - 1 + i] != IGUARD_VALUE) return 0;
    return 1;
}

#endif
