/* Inputs that carry a NaN, an infinity or a -0 to the MIN/MAX sites of DDASSL
 * (SITES_DASKR 0) and DDASKR (SITES_DASKR 1), where gfortran's MAXSD/MINSD (the second
 * operand on NaN) and f64::max/min or the other operand order differ. Included by
 * bdf_nan_dassl.c and bdf_nan_daskr.c (the two originals cannot share a program); built
 * against libstiffdae and, outside the repository, against the original Fortran to
 * freeze the expected lines (ffi-tests/tests/bdf_nan_sites.rs). One line per case: IDID,
 * T, RWORK(3), RWORK(7), IWORK(7), IWORK(8), the counters (DDASSL IWORK(11..15), DDASKR
 * IWORK(11..22)), Y and YPRIME in hex, and the number and a hash of the residual calls
 * (T, Y, YPRIME as passed): a different difference increment, step size or sign of zero
 * shows there even where the run ends the same. NaN is hashed and printed as one value
 * (its sign and payload depend on the operand order inside an operation, not on the
 * step sequence). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "stiffdae.h"

#define MAXN 3

/* The residuals: decoupled decay y_i' = -(i+1) y_i (P_DECAY), the same with a constant
 * last component y_n' = 0 whose residual is y_n' + 0 (P_CONST: a -0 y_n' gives a +0
 * residual), and a tridiagonal coupling for the band matrix (P_TRI). */
enum { P_DECAY, P_CONST, P_TRI };

typedef struct {
    const char *name;
    int prob, neq;
    double t, tout, y[MAXN], yp[MAXN];
    double rtol, atol;
    /* With INFO(2) = 1: component atol_i (1-based) gets ATOL atol_k, the others atol. */
    int atol_i;
    double atol_k;
    int analytic_jac, band, nonneg, init_yp;
    double h0; /* INFO(8) = 1 with this H0 when not zero */
    /* RES returns IRES = -1 at calls fail_from..fail_to (1-based; 0: never). */
    long fail_from, fail_to;
} Case;

static const Case *C;
static long ncalls;
static uint64_t hash;

/* FNV-1a over the bits, NaN as one value. */
static void mix(double v) {
    uint64_t u = 0x7ff8000000000000u;
    if (!isnan(v)) memcpy(&u, &v, sizeof u);
    for (int b = 0; b < 8; b++) {
        hash ^= (u >> (8 * b)) & 0xff;
        hash *= 0x100000001b3u;
    }
}

static void residual(const double *t, const double *y, const double *yp, double *delta,
                     int32_t *ires) {
    int n = C->neq;
    ncalls++;
    mix(*t);
    for (int i = 0; i < n; i++) {
        mix(y[i]);
        mix(yp[i]);
    }
    for (int i = 0; i < n; i++) delta[i] = yp[i] + (i + 1.0) * y[i];
    if (C->prob == P_CONST) delta[n - 1] = yp[n - 1] + 0.0;
    if (C->prob == P_TRI)
        for (int i = 0; i < n; i++)
            delta[i] -= 0.25 * ((i > 0 ? y[i - 1] : 0.0) + (i < n - 1 ? y[i + 1] : 0.0));
    if (C->fail_from > 0 && ncalls >= C->fail_from && ncalls <= C->fail_to) *ires = -1;
}

/* dG/dy + CJ dG/dy' of P_DECAY and P_CONST, full. */
static void jacobian(const double *t, const double *y, const double *yp, double *pd,
                     const double *cj, double *rpar, int32_t *ipar) {
    (void)t; (void)y; (void)yp; (void)rpar; (void)ipar;
    int n = C->neq;
    for (int k = 0; k < n * n; k++) pd[k] = 0.0;
    for (int i = 0; i < n; i++) pd[i + i * n] = *cj + (i + 1.0);
    if (C->prob == P_CONST) pd[(n - 1) + (n - 1) * n] = *cj;
}

#if SITES_DASKR
static void res(const double *t, const double *y, const double *yp, const double *cj,
                double *delta, int32_t *ires, double *rpar, int32_t *ipar) {
    (void)cj; (void)rpar; (void)ipar;
    residual(t, y, yp, delta, ires);
}
#else
static void res(const double *t, const double *y, const double *yp, double *delta,
                int32_t *ires, double *rpar, int32_t *ipar) {
    (void)rpar; (void)ipar;
    residual(t, y, yp, delta, ires);
}
#endif

static void put(double v) {
    if (isnan(v))
        printf(" nan");
    else
        printf(" %a", v);
}

static void print_real(const char *label, double v) {
    printf(" %s", label);
    put(v);
}

static void print_vector(const char *label, const double *v, int n) {
    printf(" %s", label);
    for (int i = 0; i < n; i++) put(v[i]);
}

/* One call from T towards TOUT; the line is printed after it (the original writes its
 * messages to standard output). */
static void run_case(const Case *c) {
    static double rwork[1000];
    static int32_t iwork[100];
    int32_t info[20] = {0}, idid = 0, neq = c->neq, lrw = 1000, liw = 100, ipar = 0;
    double y[MAXN], yp[MAXN], rtol[MAXN], atol[MAXN], rpar = 0.0, t = c->t, tout = c->tout;
    C = c;
    ncalls = 0;
    hash = 0xcbf29ce484222325u;
    memset(rwork, 0, sizeof rwork);
    memset(iwork, 0, sizeof iwork);
    for (int i = 0; i < neq; i++) {
        y[i] = c->y[i];
        yp[i] = c->yp[i];
        rtol[i] = c->rtol;
        atol[i] = c->atol;
    }
    if (c->atol_i > 0) {
        info[1] = 1;
        atol[c->atol_i - 1] = c->atol_k;
    }
    info[4] = c->analytic_jac;
    info[9] = c->nonneg;
    info[10] = c->init_yp;
    if (c->h0 != 0.0) {
        info[7] = 1;
        rwork[2] = c->h0;
    }
    if (c->band) {
        info[5] = 1;
        iwork[0] = 1;
        iwork[1] = 1;
    }
    fflush(stdout);
#if SITES_DASKR
    /* INFO(11) = 1 computes y' of every component (all differential). */
    if (c->init_yp)
        for (int i = 0; i < neq; i++) iwork[40 + i] = 1;
    int32_t nrt = 0, jroot = 0;
    ddaskr_(res, &neq, &t, y, yp, &tout, info, rtol, atol, &idid, rwork, &lrw, iwork, &liw,
            &rpar, &ipar, jacobian, NULL, NULL, &nrt, &jroot);
#else
    ddassl_(res, &neq, &t, y, yp, &tout, info, rtol, atol, &idid, rwork, &lrw, iwork, &liw,
            &rpar, &ipar, jacobian);
#endif
    fflush(stdout);
    printf("CASE %s IDID %d", c->name, idid);
    print_real("T", t);
    /* DDAINI's failure (-12) leaves in RWORK(3) the original's H of an earlier call. */
    if (!SITES_DASKR && idid == -12)
        printf(" H -");
    else
        print_real("H", rwork[2]);
    print_real("HOLD", rwork[6]);
    printf(" K %d %d STATS", iwork[6], iwork[7]);
    for (int k = 10; k < (SITES_DASKR ? 22 : 15); k++) printf(" %d", iwork[k]);
    print_vector("Y", y, neq);
    print_vector("YP", yp, neq);
    printf(" RES %ld %016llx\n", ncalls, (unsigned long long)hash);
}
