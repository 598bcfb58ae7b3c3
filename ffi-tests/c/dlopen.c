/* libstiffdae.so opened with dlopen(3), as Python's ctypes, Julia's ccall or R's
 * dyn.load open it. The library's per-thread records (the layout DDASSL's continuation
 * calls compare with, the SOLOUT calls CONTR5 serves) then live in thread-local blocks
 * the C library allocates at a thread's first call, not at its start.
 *
 * DDASSL one step per call (Robertson, INFO(3) = 1) and RADAU5 with CONTR5 in SOLOUT
 * (Van der Pol) run on the main thread; on threads started before the library was
 * opened; and, after dlclose and a second dlopen, on the main thread and on new
 * threads. Every run must give the main thread's first results bit for bit. The program
 * prints them (hexadecimal floats) as RESULT lines; built with -DLINKED it calls the
 * library it was linked with instead, and the test compares the two programs' lines.
 * STIFFDAE_LIBRARY names the library to open. */
#define _POSIX_C_SOURCE 200809L /* pthread barriers */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "stiffdae.h"
#ifndef LINKED
#include <dlfcn.h>
#endif

#define THREADS 4
#define TEXT 1024

struct api {
    __typeof__(&ddassl_) ddassl;
    __typeof__(&radau5_) radau5;
    __typeof__(&contr5_) contr5;
};

static void rober(const double *t, const double *y, const double *yp, double *delta,
                  stiffdae_int *ires, double *rpar, stiffdae_int *ipar) {
    (void)t; (void)ires; (void)rpar; (void)ipar;
    delta[0] = yp[0] - (-0.04 * y[0] + 1e4 * y[1] * y[2]);
    delta[1] = yp[1] - (0.04 * y[0] - 1e4 * y[1] * y[2] - 3e7 * y[1] * y[1]);
    delta[2] = y[2] - (1.0 - y[0] - y[1]);
}

/* Robertson to t = 1e5, a step per call: the continuation calls take the short path. */
static void run_ddassl(const struct api *api, char *out, size_t size) {
    stiffdae_int neq = 3, info[15] = {0}, idid = 0, iwork[40] = {0};
    stiffdae_int lrw = 120, liw = 40, ipar[1] = {0};
    double t = 0.0, tout = 1e5, rtol = 1e-6, atol = 1e-6, rwork[120] = {0};
    double y[3] = {1.0, 0.0, 0.0}, yp[3] = {-0.04, 0.04, 0.0}, rpar[1] = {0.0};
    int calls = 0;
    info[2] = 1;
    do {
        api->ddassl(rober, &neq, &t, y, yp, &tout, info, &rtol, &atol, &idid, rwork, &lrw,
                    iwork, &liw, rpar, ipar, NULL);
        calls++;
    } while (idid == 1 && calls < 100000);
    snprintf(out, size,
             "RESULT ddassl calls=%d idid=%d t=%a y=%a %a %a nst=%d nre=%d nje=%d "
             "netf=%d ncfn=%d\n",
             calls, (int)idid, t, y[0], y[1], y[2], (int)iwork[10], (int)iwork[11],
             (int)iwork[12], (int)iwork[13], (int)iwork[14]);
}

static void vdpol(const stiffdae_int *n, const double *x, const double *y, double *f,
                  double *rpar, stiffdae_int *ipar) {
    (void)n; (void)x; (void)rpar; (void)ipar;
    f[0] = y[1];
    f[1] = ((1.0 - y[0] * y[0]) * y[1] - y[0]) / 1e-6;
}

/* rpar[0]: the sum of both components at every step's midpoint, through CONTR5. */
static const struct api *solout_api(const stiffdae_int *ipar) {
    const struct api *api;
    memcpy(&api, ipar, sizeof api);
    return api;
}

static void midpoints(const stiffdae_int *nr, const double *xold, const double *x,
                      const double *y, const double *cont, const stiffdae_int *lrc,
                      const stiffdae_int *n, double *rpar, stiffdae_int *ipar,
                      stiffdae_int *irtrn) {
    (void)y; (void)irtrn;
    if (*nr < 2) return;
    const struct api *api = solout_api(ipar);
    double s = 0.5 * (*xold + *x);
    for (stiffdae_int i = 1; i <= *n; i++) rpar[0] += api->contr5(&i, &s, cont, lrc);
}

static void run_radau5(const struct api *api, char *out, size_t size) {
    stiffdae_int n = 2, itol = 0, ijac = 0, mljac = 2, mujac = 0, imas = 0, mlmas = 0;
    stiffdae_int mumas = 0, iout = 1, lwork = 4 * 4 + 12 * 2 + 20, liwork = 3 * 2 + 20;
    stiffdae_int iwork[3 * 2 + 20] = {0}, idid = 0;
    stiffdae_int ipar[sizeof(const struct api *) / sizeof(stiffdae_int) + 1];
    double x = 0.0, xend = 2.0, h = 1e-6, rtol = 1e-7, atol = 1e-7;
    double work[4 * 4 + 12 * 2 + 20] = {0}, y[2] = {2.0, 0.0}, rpar[1] = {0.0};
    memcpy(ipar, &api, sizeof api);
    api->radau5(&n, vdpol, &x, y, &xend, &h, &rtol, &atol, &itol, NULL, &ijac, &mljac,
                &mujac, NULL, &imas, &mlmas, &mumas, midpoints, &iout, work, &lwork, iwork,
                &liwork, rpar, ipar, &idid);
    snprintf(out, size,
             "RESULT radau5 idid=%d x=%a y=%a %a dense=%a nfcn=%d njac=%d nstep=%d "
             "naccpt=%d nrejct=%d ndec=%d nsol=%d\n",
             (int)idid, x, y[0], y[1], rpar[0], (int)iwork[13], (int)iwork[14],
             (int)iwork[15], (int)iwork[16], (int)iwork[17], (int)iwork[18],
             (int)iwork[19]);
}

static void run_all(const struct api *api, char *out) {
    run_ddassl(api, out, TEXT / 2);
    run_radau5(api, out + strlen(out), TEXT / 2);
}

#ifdef LINKED

int main(void) {
    const struct api api = {ddassl_, radau5_, contr5_};
    char text[TEXT];
    run_all(&api, text);
    printf("%sERRORS 0\n", text);
    return 0;
}

#else

static char reference[TEXT];
static const struct api *shared;
static pthread_barrier_t opened;

struct worker {
    pthread_t thread;
    int wait, errors;
};

/* Runs twice (the second time with this thread's records from the first) and compares. */
static void *work(void *arg) {
    struct worker *w = arg;
    if (w->wait) pthread_barrier_wait(&opened);
    for (int r = 0; r < 2; r++) {
        char text[TEXT];
        run_all(shared, text);
        if (strcmp(text, reference) != 0) w->errors++;
    }
    return NULL;
}

static void *symbol(void *library, const char *name) {
    void *address = dlsym(library, name);
    if (!address) {
        fprintf(stderr, "dlsym %s: %s\n", name, dlerror());
        exit(2);
    }
    return address;
}

static void *open_library(struct api *api) {
    const char *path = getenv("STIFFDAE_LIBRARY");
    void *library = path ? dlopen(path, RTLD_NOW | RTLD_LOCAL) : NULL;
    if (!library) {
        fprintf(stderr, "dlopen %s: %s\n", path ? path : "(STIFFDAE_LIBRARY unset)",
                path ? dlerror() : "");
        exit(2);
    }
    /* POSIX's way to store dlsym's object pointer into a function pointer. */
    *(void **)&api->ddassl = symbol(library, "ddassl_");
    *(void **)&api->radau5 = symbol(library, "radau5_");
    *(void **)&api->contr5 = symbol(library, "contr5_");
    return library;
}

/* Threads started after the library was opened, each running `work`. */
static int run_threads(struct worker *workers, int count) {
    int errors = 0;
    for (int i = 0; i < count; i++) {
        workers[i].wait = 0;
        workers[i].errors = 0;
        pthread_create(&workers[i].thread, NULL, work, &workers[i]);
    }
    for (int i = 0; i < count; i++) {
        pthread_join(workers[i].thread, NULL);
        errors += workers[i].errors;
    }
    return errors;
}

int main(void) {
    struct worker early[THREADS], late[THREADS];
    struct api api;
    char text[TEXT];
    int errors = 0;

    /* Threads started before the library is opened wait for it at the barrier. */
    pthread_barrier_init(&opened, NULL, THREADS + 1);
    for (int i = 0; i < THREADS; i++) {
        early[i].wait = 1;
        early[i].errors = 0;
        pthread_create(&early[i].thread, NULL, work, &early[i]);
    }
    void *library = open_library(&api);
    shared = &api;
    run_all(&api, reference);
    pthread_barrier_wait(&opened);
    for (int i = 0; i < THREADS; i++) {
        pthread_join(early[i].thread, NULL);
        errors += early[i].errors;
    }
    if (dlclose(library) != 0) errors++;

    /* Opened again: the main thread and new threads. */
    library = open_library(&api);
    run_all(&api, text);
    if (strcmp(text, reference) != 0) errors++;
    errors += run_threads(late, THREADS);
    if (dlclose(library) != 0) errors++;

    pthread_barrier_destroy(&opened);
    printf("%sERRORS %d\n", reference, errors);
    return errors == 0 ? 0 : 1;
}

#endif
