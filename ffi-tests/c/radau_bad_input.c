/* Bad input to radau_ (Hairer's RADAU): each case must return the original's IDID, write
 * nothing outside the caller's arrays (guard values around every array) and never crash
 * or hang; with libstiffdae each refusal prints one line per reason on stderr. Prints
 * "CASE <name> IDID <idid> X <bits of x> STATS <IWORK(14..20)> ok|FAILED" per case and
 * "FAILURES <count>".
 *
 * Built with -DORIGINAL and linked against the original radau.f, it runs only the cases
 * the original survives: the expected IDIDs below are what it returns there. The other
 * cases (marked "ours only") make the original read or write out of bounds, divide by
 * a null function or run on a stage number it has no table for. */
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

/* NaN from x = 0.5 on, as a model that blows up. */
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
    double rtol, atol, y0;
    double work[13];   /* WORK(1..13) */
    int32_t iwork[13]; /* IWORK(1..13) */
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
    for (int i = 0; i < lw; i++) work[i] = i < 13 ? s.work[i] : 0.0;
    for (int i = 0; i < liw; i++) iwork[i] = i < 13 ? s.iwork[i] : 0;
    double x = 0.0, xend = 1.0, h = 1e-3;
    int32_t ijac = 0, iout = 0, idid = 99;
    int32_t mljac = s.mljac, mujac = s.mujac, mumas = s.mumas;
    Radau5Fcn fcn = s.null_fcn ? NULL : (s.nan_f ? poisoned : decay);
    radau_(&s.n, fcn, &x, y, &xend, &h, rtol, atol, &s.itol, NULL, &ijac, &mljac, &mujac,
           unit_mass, &s.imas, &s.mlmas, &mumas, NULL, &iout, work, &s.lwork, iwork,
           &s.liwork, NULL, NULL, &idid);
    int ok = idid == expected && dguards_ok(y, n) && dguards_ok(rtol, ntol + s.tol_overlap) &&
             (s.tol_overlap || dguards_ok(atol, ntol)) && dguards_ok(work, lw) &&
             iguards_ok(iwork, liw);
    uint64_t xbits;
    memcpy(&xbits, &x, sizeof xbits);
    printf("CASE %s IDID %d X %016llx STATS", name, idid, (unsigned long long)xbits);
    for (int i = 13; i < 20 && i < liw; i++) printf(" %d", (int)iwork[i]);
    printf(" %s\n", ok ? "ok" : "FAILED");
    fflush(stdout);
    if (!ok) failures++;
    free(y - GUARD); free(rtol - GUARD);
    if (!s.tol_overlap) free(atol - GUARD);
    free(work - GUARD); free(iwork - GUARD);
}

int main(void) {
    enum { N = 4 };
    /* Full Jacobian, up to 7 stages: LWORK = 8 N^2 + 24 N + 20, LIWORK = 5 N + 20. */
    struct setup good = {
        .n = N, .itol = 0, .imas = 0, .mlmas = N, .mumas = N, .mljac = N, .mujac = N,
        .lwork = 8 * N * N + 24 * N + 20, .liwork = 5 * N + 20, .rtol = 1e-6, .atol = 1e-6,
        .y0 = 1.0,
    };
    struct setup s;
    run_case("valid", good, 1);
    s = good; s.lwork = good.lwork - 1; run_case("lwork_small", s, -1);
    s = good; s.liwork = good.liwork - 1; run_case("liwork_small", s, -1);
    s = good; s.atol = 0.0; run_case("atol_zero", s, -1);
    s = good; s.atol = -1e-6; s.itol = 1; run_case("atol_negative_vector", s, -1);
    s = good; s.rtol = 1e-16; run_case("rtol_below_10_uround", s, -1);
    s = good; s.work[0] = 1e-20; run_case("uround_too_small", s, -1);
    s = good; s.work[0] = 1.0; run_case("uround_too_large", s, -1);
    s = good; s.iwork[1] = -5; run_case("nmax_negative", s, -1);
    s = good; s.iwork[2] = 51; run_case("newton_iterations_above_50", s, -1);
    s = good; s.iwork[4] = 2; s.iwork[5] = 1; run_case("index_dims_sum", s, -1);
    s = good; s.iwork[8] = 3; s.iwork[9] = 3; run_case("m1_m2_too_large", s, -1);
    s = good; s.work[1] = 1.5; run_case("safety_factor_above_1", s, -1);
    s = good; s.work[2] = 1.0; run_case("thet_1", s, -1);
    s = good; s.work[4] = 2.0; run_case("quot1_above_1", s, -1);
    s = good; s.work[7] = 2.0; run_case("facl_below_1", s, -1);
    s = good; s.iwork[12] = -1; run_case("first_stages_negative", s, -1);
    s = good; s.imas = 1; s.mljac = 1; s.mujac = 1; s.mlmas = 2; s.mumas = 0;
    s.lwork = 2000; run_case("mlmas_above_mljac", s, -1);
    s = good; s.imas = 1; s.mljac = 1; s.mujac = 0; s.mlmas = 0; s.mumas = 1;
    s.lwork = 2000; run_case("mumas_above_mujac", s, -1);
    /* Valid stage settings: fixed 5 stages; 3 to 5 starting with 5; the implicit Euler
     * method (NSMIN = NSMAX = 1) in less WORK. */
    s = good; s.iwork[10] = 5; s.iwork[11] = 5; run_case("stages_5", s, 1);
    s = good; s.iwork[11] = 5; s.iwork[12] = 5; s.lwork = 6 * N * N + 18 * N + 20;
    run_case("stages_3_to_5_first_5", s, 1);
    s = good; s.iwork[10] = 1; s.iwork[11] = 1; s.lwork = 2 * N * N + 6 * N + 20;
    s.liwork = 2 * N + 20; run_case("implicit_euler", s, 1);
    s = good; s.imas = 1; s.mlmas = 0; s.mumas = 0; s.lwork = 2000; run_case("valid_mass", s, 1);
    /* RADAU only reads RTOL and ATOL (RADAU5 writes them): overlapping vectors are
     * in contract. */
    s = good; s.itol = 1; s.tol_overlap = 1; run_case("rtol_atol_overlap", s, 1);
    /* The original carries the NaN on: every error estimate is MAX(NaN, 1e-10). */
    s = good; s.nan_f = 1; run_case("nan_from_fcn", s, 1);
#ifndef ORIGINAL
    /* Ours only. */
    s = good; s.n = 0; run_case("n_zero", s, -1);
    s = good; s.n = -3; run_case("n_negative", s, -1);
    s = good; s.iwork[12] = 2; run_case("first_stages_even", s, -1);
    s = good; s.iwork[11] = 3; s.iwork[12] = 7; run_case("first_stages_above_nsmax", s, -1);
    s = good; s.y0 = NAN; run_case("nan_in_y", s, -1);
    s = good; s.null_fcn = 1; run_case("null_fcn", s, -1);
    s = good; s.mljac = -1; s.mujac = 1; run_case("mljac_negative", s, -1);
    s = good; s.imas = 1; s.mlmas = 0; s.mumas = -1; s.lwork = 2000;
    run_case("mumas_negative", s, -1);
    s = good; s.rtol = NAN; run_case("rtol_nan", s, -1);
    /* CONTRA with an array SOLOUT never received: NaN and a message, no crash, nothing
     * read past its LRC values (exactly 8 allocated: valgrind sees any). */
    double *foreign = calloc(8, sizeof(double));
    int32_t i1 = 1, lrc = 8;
    double s0 = 0.5;
    double v = contra_(&i1, &s0, foreign, &lrc);
    printf("CASE contra_foreign_cont VALUE %s\n", isnan(v) ? "nan ok" : "FAILED");
    if (!isnan(v)) failures++;
    free(foreign);
#endif
    printf("FAILURES %d\n", failures);
    return failures == 0 ? 0 : 1;
}
