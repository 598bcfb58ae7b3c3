/* Bad input to radau5_: each case must return the original's IDID, print one line per
 * reason on stderr, write nothing outside the caller's arrays (guard values around
 * every array) and never crash or hang. Prints "CASE <name> IDID <idid>" per case. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "stiffdae.h"
#include "guards.h"

static void decay(const int32_t *n, const double *x, const double *y, double *f,
                  double *rpar, int32_t *ipar) {
    (void)x; (void)rpar; (void)ipar;
    for (int i = 0; i < *n; i++) f[i] = -(i + 1.0) * y[i];
}

/* Returns NaN once x passes 0.5, as a model that blows up. */
static void poisoned(const int32_t *n, const double *x, const double *y, double *f,
                     double *rpar, int32_t *ipar) {
    (void)rpar; (void)ipar;
    for (int i = 0; i < *n; i++) f[i] = *x > 0.5 ? NAN : -y[i];
}

static void unit_mass(const int32_t *n, double *am, const int32_t *lmas, double *rpar,
                      int32_t *ipar) {
    (void)rpar; (void)ipar;
    for (int j = 0; j < *n; j++) am[j * *lmas] = 1.0;
}

struct setup {
    int32_t n, itol, imas, mlmas, mumas, mljac, mujac, lwork, liwork;
    double rtol, atol, y0, work1, work5;
    int32_t iwork5, iwork6, iwork7;
    int nan_f, null_fcn, tol_overlap;
};

static int failures = 0;

static void run_case(const char *name, struct setup s, int expected) {
    int n = s.n > 0 ? s.n : 1;
    int ntol = s.itol ? n : 1;
    /* tol_overlap: ATOL starts one element into RTOL. */
    double *y = dalloc(n), *rtol = dalloc(ntol + s.tol_overlap);
    double *atol = s.tol_overlap ? rtol + 1 : dalloc(ntol);
    int lw = s.lwork > 0 ? s.lwork : 1, liw = s.liwork > 0 ? s.liwork : 1;
    double *work = dalloc(lw);
    int32_t *iwork = ialloc(liw);
    for (int i = 0; i < n; i++) y[i] = s.y0;
    for (int i = 0; i < ntol; i++) { rtol[i] = s.rtol; atol[i] = s.atol; }
    if (s.tol_overlap) rtol[0] = s.rtol;
    for (int i = 0; i < lw; i++) work[i] = 0.0;
    for (int i = 0; i < liw; i++) iwork[i] = 0;
    if (lw >= 1) work[0] = s.work1;
    if (lw >= 5) work[4] = s.work5;
    if (liw >= 7) { iwork[4] = s.iwork5; iwork[5] = s.iwork6; iwork[6] = s.iwork7; }
    double x = 0.0, xend = 1.0, h = 1e-3;
    int32_t ijac = 0, iout = 0, idid = 99;
    int32_t mljac = s.mljac, mujac = s.mujac, mumas = s.mumas;
    void (*fcn)(const int32_t *, const double *, const double *, double *, double *,
                int32_t *) = s.null_fcn ? NULL : (s.nan_f ? poisoned : decay);
    radau5_(&s.n, fcn, &x, y, &xend, &h, rtol, atol, &s.itol, NULL, &ijac, &mljac, &mujac,
            unit_mass, &s.imas, &s.mlmas, &mumas, NULL, &iout, work, &s.lwork, iwork,
            &s.liwork, NULL, NULL, &idid);
    int ok = idid == expected && dguards_ok(y, n) && dguards_ok(rtol, ntol + s.tol_overlap) &&
             (s.tol_overlap || dguards_ok(atol, ntol)) && dguards_ok(work, lw) &&
             iguards_ok(iwork, liw);
    printf("CASE %s IDID %d %s\n", name, idid, ok ? "ok" : "FAILED");
    fflush(stdout);
    if (!ok) failures++;
    free(y - GUARD); free(rtol - GUARD);
    if (!s.tol_overlap) free(atol - GUARD);
    free(work - GUARD); free(iwork - GUARD);
}

int main(void) {
    const int n = 4;
    struct setup good = {
        .n = n, .itol = 0, .imas = 0, .mlmas = n, .mumas = n, .mljac = n, .mujac = n,
        .lwork = n * (n + 3 * n + 12) + 20, .liwork = 3 * n + 20,
        .rtol = 1e-6, .atol = 1e-6, .y0 = 1.0, .work1 = 0.0,
        .work5 = 0.0, .iwork5 = 0, .iwork6 = 0, .iwork7 = 0, .nan_f = 0, .null_fcn = 0,
        .tol_overlap = 0,
    };
    struct setup s;
    run_case("valid", good, 1);
    s = good; s.n = 0; run_case("n_zero", s, -1);
    s = good; s.n = -3; run_case("n_negative", s, -1);
    s = good; s.lwork = good.lwork - 1; run_case("lwork_small", s, -1);
    s = good; s.liwork = good.liwork - 1; run_case("liwork_small", s, -1);
    s = good; s.atol = 0.0; run_case("atol_zero", s, -1);
    s = good; s.atol = -1e-6; s.itol = 1; run_case("atol_negative_vector", s, -1);
    s = good; s.rtol = 1e-16; run_case("rtol_below_10_uround", s, -1);
    s = good; s.work1 = 1e-20; run_case("uround_too_small", s, -1);
    s = good; s.work1 = 1.0; run_case("uround_too_large", s, -1);
    s = good; s.iwork5 = 2; s.iwork6 = 1; s.iwork7 = 0; run_case("index_dims_sum", s, -1);
    s = good; s.imas = 1; s.mljac = 1; s.mujac = 1; s.mlmas = 2; s.mumas = 0;
    s.lwork = 1000; run_case("mlmas_above_mljac", s, -1);
    s = good; s.imas = 1; s.mljac = 1; s.mujac = 0; s.mlmas = 0; s.mumas = 1;
    s.lwork = 1000; run_case("mumas_above_mujac", s, -1);
    s = good; s.y0 = NAN; run_case("nan_in_y", s, -1);
    s = good; s.null_fcn = 1; run_case("null_fcn", s, -1);
    /* The original carries the NaN on: every step's error is MAX(NaN, 1e-10) = 1e-10. */
    s = good; s.nan_f = 1; run_case("nan_from_fcn", s, 1);
    s = good; s.imas = 1; s.mlmas = 0; s.mumas = 0; s.lwork = 1000; run_case("valid_mass", s, 1);
    /* Refused here, read or written out of bounds (or run past XEND) by the original. */
    s = good; s.mljac = -1; s.mujac = 1; run_case("mljac_negative", s, -1);
    s = good; s.mljac = 1; s.mujac = -2; run_case("mujac_negative", s, -1);
    s = good; s.imas = 1; s.mlmas = -1; s.mumas = 0; s.lwork = 1000;
    run_case("mlmas_negative", s, -1);
    s = good; s.imas = 1; s.mlmas = 0; s.mumas = -1; s.lwork = 1000;
    run_case("mumas_negative", s, -1);
    s = good; s.iwork5 = 5; s.iwork6 = -1; s.iwork7 = 0; run_case("iwork6_negative", s, -1);
    s = good; s.work5 = -0.5; run_case("quot1_negative", s, -1);
    s = good; s.itol = 1; s.tol_overlap = 1; run_case("rtol_atol_overlap", s, -1);
    s = good; s.rtol = NAN; run_case("rtol_nan", s, -1);
    /* CONTR5 with an array that SOLOUT never handed out: NaN and a message, no crash,
     * and nothing read past its LRC values (exactly 16 allocated: valgrind sees any). */
    double *foreign = calloc(4 * 4, sizeof(double));
    int32_t i1 = 1, lrc = 16, bad_i = 9;
    double s0 = 0.5;
    double v = contr5_(&i1, &s0, foreign, &lrc);
    printf("CASE contr5_foreign_cont VALUE %s\n", isnan(v) ? "nan ok" : "FAILED");
    if (!isnan(v)) failures++;
    lrc = 6;
    v = contr5_(&bad_i, &s0, foreign, &lrc);
    printf("CASE contr5_bad_lrc VALUE %s\n", isnan(v) ? "nan ok" : "FAILED");
    if (!isnan(v)) failures++;
    free(foreign);
    printf("FAILURES %d\n", failures);
    return failures == 0 ? 0 : 1;
}
