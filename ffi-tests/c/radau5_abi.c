/* radau5_ as legacy callers use it: band widths in read-only memory, a JAC that writes
 * past LDFY*N inside WORK, RTOL and ATOL in the same variable, an FCN that returns NaN
 * or Inf at a given call. Prints one line per case: IDID, X, H (hex), IWORK(14..20),
 * y(1) and y(N) (hex), and what the case adds (band widths, tolerances, guards).
 * Built with -DORIGINAL against the original Fortran to freeze the expected lines; the
 * cases the original cannot run (it writes into read-only memory) are left out then. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "stiffdae.h"
#include "guards.h"

/* ---- a banded problem: M y' = D (y[i-1] - 2 y[i] + y[i+1]) - y[i]^2, N = 12,
 * tridiagonal mass, Jacobian stored with one spare sub-diagonal. */
#define NB 12
static const int32_t MLJAC_B = 2, MUJAC_B = 1, MLMAS_B = 1, MUMAS_B = 1;

static void fband(const int32_t *n, const double *x, const double *y, double *f,
                  double *rpar, int32_t *ipar) {
    (void)x; (void)rpar; (void)ipar;
    for (int i = 0; i < *n; i++) {
        double l = i > 0 ? y[i - 1] : 0.0, r = i < *n - 1 ? y[i + 1] : 0.0;
        f[i] = 10.0 * (l - 2.0 * y[i] + r) - y[i] * y[i];
    }
}

static void jband(const int32_t *n, const double *x, const double *y, double *dfy,
                  const int32_t *ldfy, double *rpar, int32_t *ipar) {
    (void)x; (void)rpar; (void)ipar;
    int ld = *ldfy, mu = MUJAC_B;
    for (int j = 0; j < *n; j++)
        for (int r = 0; r < ld; r++) dfy[r + j * ld] = 0.0;
    for (int j = 0; j < *n; j++) {
        dfy[mu + j * ld] = -20.0 - 2.0 * y[j];
        if (j > 0) dfy[(j - 1 - j + mu) + j * ld] = 10.0;
        if (j < *n - 1) dfy[(j + 1 - j + mu) + j * ld] = 10.0;
    }
}

static void mband(const int32_t *n, double *am, const int32_t *lmas, double *rpar,
                  int32_t *ipar) {
    (void)rpar; (void)ipar;
    int ld = *lmas;
    for (int j = 0; j < *n; j++) {
        am[0 + j * ld] = 0.1;
        am[1 + j * ld] = 1.0;
        am[2 + j * ld] = 0.1;
    }
}

/* ---- a small full problem, N = 4: y' = -(i+1) y_i + 0.1 y_{i+1}^2, optional full mass. */
#define NF 4
static long calls = 0, bad_from = -1, bad_once = -1;
static double bad_value = 0.0;

static void ffull(const int32_t *n, const double *x, const double *y, double *f,
                  double *rpar, int32_t *ipar) {
    (void)x; (void)rpar; (void)ipar;
    calls++;
    for (int i = 0; i < *n; i++) {
        double w = y[(i + 1) % *n];
        f[i] = -(i + 1.0) * y[i] + 0.1 * w * w + (i == 0 ? 1.0 : 0.0);
    }
    if (calls == bad_once || (bad_from > 0 && calls >= bad_from)) f[1] = bad_value;
}

static void jfull(const int32_t *n, const double *x, const double *y, double *dfy,
                  const int32_t *ldfy, double *rpar, int32_t *ipar) {
    (void)x; (void)rpar; (void)ipar;
    int ld = *ldfy;
    for (int j = 0; j < *n; j++)
        for (int i = 0; i < *n; i++) dfy[i + j * ld] = 0.0;
    for (int i = 0; i < *n; i++) {
        int k = (i + 1) % *n;
        dfy[i + i * ld] = -(i + 1.0);
        dfy[i + k * ld] += 0.2 * y[k];
    }
}

/* Writes N*N more values after its LDFY*N (where the original keeps E1). */
static void jfull_overrun(const int32_t *n, const double *x, const double *y, double *dfy,
                          const int32_t *ldfy, double *rpar, int32_t *ipar) {
    int nn = *ldfy * *n;
    for (int k = 0; k < *n * *n; k++) dfy[nn + k] = 1.0e300;
    jfull(n, x, y, dfy, ldfy, rpar, ipar);
}

static void mfull(const int32_t *n, double *am, const int32_t *lmas, double *rpar,
                  int32_t *ipar) {
    (void)rpar; (void)ipar;
    int ld = *lmas;
    for (int j = 0; j < *n; j++)
        for (int i = 0; i < *n; i++) am[i + j * ld] = i == j ? 1.0 : (abs(i - j) == 1 ? 0.25 : 0.0);
}

/* Writes N*N more values after its LMAS*N (where the original keeps E1). */
static void mfull_overrun(const int32_t *n, double *am, const int32_t *lmas, double *rpar,
                          int32_t *ipar) {
    for (int k = 0; k < *n * *n; k++) am[*lmas * *n + k] = -1.0e300;
    mfull(n, am, lmas, rpar, ipar);
}

/* Where the original keeps E1, E2R, E2I: after FJAC (LDJAC*N) and FMAS (LDMAS*N). */
static int e_area_start = -1;

/* ---- second-order structure, N = 4, M1 = M2 = 2: y1' = y3, y2' = y4. */
static void fsecond(const int32_t *n, const double *x, const double *y, double *f,
                    double *rpar, int32_t *ipar) {
    (void)n; (void)x; (void)rpar; (void)ipar;
    f[0] = y[2];
    f[1] = y[3];
    f[2] = -4.0 * y[0] + 0.1 * y[1] * y[2];
    f[3] = -9.0 * y[1] - 0.2 * y[3];
}

typedef void (*fcn_t)(const int32_t *, const double *, const double *, double *, double *,
                      int32_t *);
typedef void (*jac_t)(const int32_t *, const double *, const double *, double *,
                      const int32_t *, double *, int32_t *);
typedef void (*mas_t)(const int32_t *, double *, const int32_t *, double *, int32_t *);

struct call {
    const char *name;
    int32_t n;
    fcn_t fcn;
    jac_t jac;
    mas_t mas;
    int32_t *mljac, *mujac, *mlmas, *mumas;
    int32_t itol, m1, m2;
    double *rtol, *atol;
    double xend;
    const char *extra;
    int tol_reset;
};

/* WORK(1) on entry (0: the default). */
static double uround = 0.0;

/* Hex for bits; NaN as "nan" (its sign and payload depend on operand order inside an
 * operation, not on the step sequence). */
static const char *hex(double v, char *buf) {
    if (isnan(v)) return "nan";
    snprintf(buf, 40, "%a", v);
    return buf;
}

static void print_line(const char *name, int32_t idid, double x, double h,
                       const int32_t *iwork, const double *y, int n, const char *extra) {
    printf("CASE %s IDID %d X %a H %a STATS", name, idid, x, h);
    for (int k = 13; k < 20; k++) printf(" %d", iwork[k]);
    char b0[40], b1[40];
    printf(" Y %s %s%s%s\n", hex(y[0], b0), hex(y[n - 1], b1), extra[0] ? " " : "", extra);
    fflush(stdout);
}

static int run(struct call c) {
    int n = c.n;
    /* RADAU5 restores the tolerances by a round trip that is not always bit-exact:
     * every case starts from the same values. */
    if (c.tol_reset) {
        for (int i = 0; i < (c.itol ? n : 1); i++) c.rtol[i] = c.atol[i] = 1e-6;
    }
    int32_t lwork = n * (n + n + 3 * n + 12) + 20, liwork = 3 * n + 20;
    double *y = dalloc(n), *work = dalloc(lwork);
    int32_t *iwork = ialloc(liwork);
    memset(work, 0, sizeof(double) * (size_t)lwork);
    memset(iwork, 0, sizeof(int32_t) * (size_t)liwork);
    work[0] = uround;
    iwork[8] = c.m1;
    iwork[9] = c.m2;
    for (int i = 0; i < n; i++) y[i] = 1.0 + sin(i + 1.0);
    if (e_area_start >= 0) {
        for (int k = e_area_start; k < lwork; k++) work[k] = NAN;
        for (int k = 20; k < liwork; k++) iwork[k] = 777;
    }
    double x = 0.0, h = 1e-4;
    int32_t ijac = c.jac != NULL, imas = c.mas != NULL, iout = 0, idid = 99;
    calls = 0;
    radau5_(&c.n, c.fcn, &x, y, &c.xend, &h, c.rtol, c.atol, &c.itol, c.jac, &ijac,
            c.mljac, c.mujac, c.mas, &imas, c.mlmas, c.mumas, NULL, &iout, work, &lwork,
            iwork, &liwork, NULL, NULL, &idid);
    int ip_kept = 1;
    if (e_area_start >= 0) {
        for (int k = 20; k < liwork; k++) ip_kept &= iwork[k] == 777;
    }
    char extra[256];
    snprintf(extra, sizeof extra, "%s%s%s", c.extra, ip_kept ? "" : " IWORK-PIVOTS-WRITTEN",
             dguards_ok(y, n) && dguards_ok(work, lwork) && iguards_ok(iwork, liwork)
                 ? ""
                 : " GUARDS-BROKEN");
    print_line(c.name, idid, x, h, iwork, y, n, extra);
    free(y - GUARD);
    free(work - GUARD);
    free(iwork - GUARD);
    return idid;
}

int main(void) {
    double rtol = 1e-6, atol = 1e-6, tol;
    int32_t nf = NF, zero = 0;

    /* Band widths of the Jacobian and the mass matrix as constants in .rodata. */
    run((struct call){"band_rodata", NB, fband, jband, mband, (int32_t *)&MLJAC_B,
                      (int32_t *)&MUJAC_B, (int32_t *)&MLMAS_B, (int32_t *)&MUMAS_B, 0, 0,
                      0, &rtol, &atol, 1.0, "", 1});
    run((struct call){"band_rodata_numjac", NB, fband, NULL, mband, (int32_t *)&MLJAC_B,
                      (int32_t *)&MUJAC_B, (int32_t *)&MLMAS_B, (int32_t *)&MUMAS_B, 0, 0,
                      0, &rtol, &atol, 1.0, "", 1});

    /* Full Jacobian and full mass: the original writes MLJAC = MUJAC = MUMAS = N - M1. */
    int32_t mljac = NF, mujac = 7, mlmas = NF, mumas = 9;
    run((struct call){"full_mass_writable", NF, ffull, jfull, mfull, &mljac, &mujac, &mlmas,
                      &mumas, 0, 0, 0, &rtol, &atol, 1.0, "", 1});
    printf("WIDTHS full_mass_writable %d %d %d %d\n", mljac, mujac, mlmas, mumas);
#ifndef ORIGINAL
    /* The same with N in read-only memory: the original would write N over N there. */
    static const int32_t FULL = NF;
    run((struct call){"full_mass_rodata", NF, ffull, jfull, mfull, (int32_t *)&FULL,
                      (int32_t *)&FULL, (int32_t *)&FULL, (int32_t *)&FULL, 0, 0, 0, &rtol,
                      &atol, 1.0, "", 1});
#endif
    int32_t ml2 = 9, mu2 = 9;
    run((struct call){"second_order_numjac", NF, fsecond, NULL, NULL, &ml2, &mu2, &zero,
                      &zero, 0, 2, 2, &rtol, &atol, 3.0, "", 1});
    printf("WIDTHS second_order_numjac %d %d\n", ml2, mu2);

    /* A JAC that writes N*N values past LDFY*N, into the part of WORK after FJAC. */
    mljac = NF;
    mujac = NF;
    run((struct call){"jac_overrun", NF, ffull, jfull_overrun, NULL, &mljac, &mujac, &zero,
                      &zero, 0, 0, 0, &rtol, &atol, 1.0, "", 1});
    run((struct call){"jac_plain", NF, ffull, jfull, NULL, &mljac, &mujac, &zero, &zero, 0, 0,
                      0, &rtol, &atol, 1.0, "", 1});
    /* A MAS that writes N*N values past LMAS*N. */
    mlmas = NF;
    run((struct call){"mas_overrun", NF, ffull, jfull, mfull_overrun, &mljac, &mujac, &mlmas,
                      &mumas, 0, 0, 0, &rtol, &atol, 1.0, "", 1});
#ifndef ORIGINAL
    /* The part of WORK after FJAC and FMAS (E1, E2R, E2I, as in the original) holding NaN
     * on entry, which must not reach the run, and IWORK(21..) (the original's pivots, which
     * stiffdae keeps elsewhere) left untouched. */
    e_area_start = 20 + 12 * NF + NF * NF + NF * NF;
    run((struct call){"e_area_junk", NF, ffull, jfull, mfull, &mljac, &mujac, &mlmas,
                      &mumas, 0, 0, 0, &rtol, &atol, 1.0, "", 1});
    e_area_start = -1;
#endif

    /* RTOL and ATOL in one variable, and in two with the same value. */
    tol = 1e-5;
    run((struct call){"tol_alias", NF, ffull, NULL, NULL, &nf, &nf, &zero, &zero, 0, 0, 0,
                      &tol, &tol, 1.0, "", 0});
    printf("TOL tol_alias %a\n", tol);
    rtol = 1e-5;
    atol = 1e-5;
    run((struct call){"tol_separate", NF, ffull, NULL, NULL, &nf, &nf, &zero, &zero, 0, 0, 0,
                      &rtol, &atol, 1.0, "", 0});
    printf("TOL tol_separate %a %a\n", rtol, atol);
    double tv[NF] = {1e-5, 3e-6, 1e-4, 2e-7}, rv[NF], av[NF];
    memcpy(rv, tv, sizeof tv);
    memcpy(av, tv, sizeof tv);
    run((struct call){"tol_alias_vector", NF, ffull, NULL, NULL, &nf, &nf, &zero, &zero, 1,
                      0, 0, tv, tv, 1.0, "", 0});
    printf("TOL tol_alias_vector %a %a %a %a\n", tv[0], tv[1], tv[2], tv[3]);
    run((struct call){"tol_separate_vector", NF, ffull, NULL, NULL, &nf, &nf, &zero, &zero,
                      1, 0, 0, rv, av, 1.0, "", 0});
    printf("TOL tol_separate_vector %a %a %a %a / %a %a %a %a\n", rv[0], rv[1], rv[2], rv[3],
           av[0], av[1], av[2], av[3]);

    /* NaN or Inf from FCN at call k (once, or from then on). */
    rtol = 1e-6;
    atol = 1e-6;
    const char *modes[] = {"nan_once", "nan_from", "inf_once", "inf_from"};
    for (int mode = 0; mode < 4; mode++) {
        for (int k = 1; k <= 40; k++) {
            char name[64];
            snprintf(name, sizeof name, "%s_%d", modes[mode], k);
            bad_value = mode < 2 ? NAN : INFINITY;
            bad_once = mode % 2 == 0 ? k : -1;
            bad_from = mode % 2 == 1 ? k : -1;
            mljac = NF;
            mujac = NF;
            run((struct call){name, NF, ffull, jfull, NULL, &mljac, &mujac, &zero, &zero, 0,
                              0, 0, &rtol, &atol, 2.0, "", 1});
        }
    }
    bad_once = bad_from = -1;

    /* UROUND = NaN passes the original's check (WORK(1) .LE. 1E-19 .OR. .GE. 1 is false)
     * and reaches its MIN/MAX: FACCON = MAX(FACCON, UROUND) and the others return the
     * operand gfortran's maxsd/minsd return on NaN. */
    mljac = NF;
    mujac = NF;
    uround = NAN;
    run((struct call){"uround_nan", NF, ffull, jfull, NULL, &mljac, &mujac, &zero, &zero, 0,
                      0, 0, &rtol, &atol, 2.0, "", 1});
    run((struct call){"uround_nan_numjac", NF, ffull, NULL, NULL, &mljac, &mujac, &zero,
                      &zero, 0, 0, 0, &rtol, &atol, 2.0, "", 1});
    uround = 0.0;
    return 0;
}
