/* Bad input to ddaskr_: each case must return the original's IDID (-33 for illegal
 * input), print the reason on stderr, write nothing outside the caller's arrays (guard
 * values around every array) and never crash or hang. Also: root functions that return
 * NaN (taken as the original takes them: a root with JROOT = 0, IDID = 5), and a Krylov request (INFO(12) = 1) without a PSOL. INFO(1) = -1 on a first
 * call (the original's fatal "no appropriate action" stop) is refused with -33, and so is
 * a continuation call whose IWORK marks the iteration matrix current (JCALC = 1) beside
 * pivots DGEFA cannot have chosen (the original would index outside the matrix). Prints
 * "CASE <name> IDID <idid> ok|FAILED" per case, "NANROOT t y1" after the NaN case and
 * "FAILURES <n>". */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "stiffdae.h"
#include "guards.h"

static void decay(const double *t, const double *y, const double *yp, const double *cj,
                  double *delta, int32_t *ires, double *rpar, int32_t *ipar) {
    (void)t; (void)cj; (void)ires; (void)rpar;
    for (int i = 0; i < ipar[0]; i++) delta[i] = yp[i] + (i + 1.0) * y[i];
}

static void root_ok(const int32_t *neq, const double *t, const double *y, const double *yp,
                    const int32_t *nrt, double *rval, double *rpar, int32_t *ipar) {
    (void)neq; (void)y; (void)yp; (void)rpar; (void)ipar;
    for (int i = 0; i < *nrt; i++) rval[i] = *t - 10.0;
}

/* Not a number once t passes 0.5. */
static void root_nan(const int32_t *neq, const double *t, const double *y, const double *yp,
                     const int32_t *nrt, double *rval, double *rpar, int32_t *ipar) {
    (void)neq; (void)y; (void)yp; (void)rpar; (void)ipar;
    for (int i = 0; i < *nrt; i++) rval[i] = *t > 0.5 ? NAN : 1.0;
}

/* Zero everywhere: the original's "R is ill-defined". */
static void root_zero(const int32_t *neq, const double *t, const double *y, const double *yp,
                      const int32_t *nrt, double *rval, double *rpar, int32_t *ipar) {
    (void)neq; (void)t; (void)y; (void)yp; (void)rpar; (void)ipar;
    for (int i = 0; i < *nrt; i++) rval[i] = 0.0;
}

struct setup {
    int32_t neq, nrt, lrw, liw, info_at, info_value, ml, mu, iwork_id;
    double rtol, atol, t, tout, tstop;
    int root; /* 0 fine, 1 NaN, 2 zero everywhere */
};

static int failures = 0;

static void run_case(const char *name, struct setup s, int expected) {
    int n = s.neq > 0 ? s.neq : 1, nr = s.nrt > 0 ? s.nrt : 1;
    int lr = s.lrw > 0 ? s.lrw : 1, li = s.liw > 0 ? s.liw : 1;
    double *y = dalloc(n), *yp = dalloc(n), *rtol = dalloc(1), *atol = dalloc(1);
    double *rwork = dalloc(lr);
    int32_t *iwork = ialloc(li), *info = ialloc(20), *jroot = ialloc(nr);
    for (int i = 0; i < n; i++) { y[i] = 1.0; yp[i] = -(i + 1.0); }
    for (int i = 0; i < lr; i++) rwork[i] = 0.0;
    for (int i = 0; i < li; i++) iwork[i] = 0;
    for (int i = 0; i < 20; i++) info[i] = 0;
    for (int i = 0; i < nr; i++) jroot[i] = 0;
    rtol[0] = s.rtol;
    atol[0] = s.atol;
    if (s.info_at > 0) info[s.info_at - 1] = s.info_value;
    if (li >= 2) { iwork[0] = s.ml; iwork[1] = s.mu; }
    if (li > 40 && s.iwork_id) iwork[40] = s.iwork_id;
    if (s.tstop != 0.0) { info[3] = 1; rwork[0] = s.tstop; }
    double t = s.t, tout = s.tout, rpar[1] = {0};
    int32_t idid = 99, ipar[1] = {s.neq};
    DaskrRt rt = s.root == 1 ? root_nan : (s.root == 2 ? root_zero : root_ok);
    ddaskr_(decay, &s.neq, &t, y, yp, &tout, info, rtol, atol, &idid, rwork, &s.lrw, iwork,
            &s.liw, rpar, ipar, NULL, NULL, rt, &s.nrt, jroot);
    int ok = idid == expected && dguards_ok(y, n) && dguards_ok(yp, n) &&
             dguards_ok(rtol, 1) && dguards_ok(atol, 1) && dguards_ok(rwork, lr) &&
             iguards_ok(iwork, li) && iguards_ok(info, 20) && iguards_ok(jroot, nr);
    printf("CASE %s IDID %d %s\n", name, idid, ok ? "ok" : "FAILED");
    /* Where the run stopped: T and Y must belong together (y1 = exp(-T)). */
    if (s.root == 1) printf("NANROOT %.17e %.17e\n", t, y[0]);
    fflush(stdout);
    if (!ok) failures++;
    free(y - GUARD); free(yp - GUARD); free(rtol - GUARD); free(atol - GUARD);
    free(rwork - GUARD); free(iwork - GUARD); free(info - GUARD); free(jroot - GUARD);
}

/* A valid run to TOUT = 1, then a continuation call to TOUT = 2 with IWORK(5) (JCALC)
 * and the pivots IWORK(41..43) replaced. */
static void run_continuation(const char *name, int32_t jcalc, const int32_t pivots[3],
                             int expected) {
    int32_t neq = 3, nrt = 0, lrw = 60 + 9 * 3 + 9, liw = 40 + 3;
    double *y = dalloc(3), *yp = dalloc(3), *rtol = dalloc(1), *atol = dalloc(1);
    double *rwork = dalloc(lrw);
    int32_t *iwork = ialloc(liw), *info = ialloc(20), *jroot = ialloc(1);
    for (int i = 0; i < 3; i++) { y[i] = 1.0; yp[i] = -(i + 1.0); }
    for (int i = 0; i < lrw; i++) rwork[i] = 0.0;
    for (int i = 0; i < liw; i++) iwork[i] = 0;
    for (int i = 0; i < 20; i++) info[i] = 0;
    jroot[0] = 0;
    rtol[0] = 1e-6;
    atol[0] = 1e-6;
    double t = 0.0, tout = 1.0, rpar[1] = {0};
    int32_t idid = 99, ipar[1] = {3};
    ddaskr_(decay, &neq, &t, y, yp, &tout, info, rtol, atol, &idid, rwork, &lrw, iwork, &liw,
            rpar, ipar, NULL, NULL, root_ok, &nrt, jroot);
    int ok = idid == 3;
    iwork[4] = jcalc;
    for (int i = 0; i < 3; i++) iwork[40 + i] = pivots[i];
    info[0] = 1;
    tout = 2.0;
    idid = 99;
    ddaskr_(decay, &neq, &t, y, yp, &tout, info, rtol, atol, &idid, rwork, &lrw, iwork, &liw,
            rpar, ipar, NULL, NULL, root_ok, &nrt, jroot);
    ok = ok && idid == expected && dguards_ok(y, 3) && dguards_ok(yp, 3) &&
         dguards_ok(rwork, lrw) && iguards_ok(iwork, liw) && iguards_ok(info, 20);
    printf("CASE %s IDID %d %s\n", name, idid, ok ? "ok" : "FAILED");
    fflush(stdout);
    if (!ok) failures++;
    free(y - GUARD); free(yp - GUARD); free(rtol - GUARD); free(atol - GUARD);
    free(rwork - GUARD); free(iwork - GUARD); free(info - GUARD); free(jroot - GUARD);
}

int main(void) {
    const int n = 3, nrt = 2;
    struct setup good = {
        .neq = n, .nrt = nrt, .lrw = 60 + 3 * nrt + 9 * n + n * n, .liw = 40 + n,
        .rtol = 1e-6, .atol = 1e-6, .t = 0.0, .tout = 1.0,
    };
    struct setup s;
    run_case("valid", good, 3);
    s = good; s.neq = 0; run_case("neq_zero", s, -33);
    s = good; s.neq = -2; run_case("neq_negative", s, -33);
    s = good; s.lrw = good.lrw - 1; run_case("lrw_small", s, -33);
    s = good; s.liw = good.liw - 1; run_case("liw_small", s, -33);
    s = good; s.liw = 10; run_case("liw_tiny", s, -33);
    s = good; s.info_at = 3; s.info_value = 2; run_case("info3_not_binary", s, -33);
    s = good; s.info_at = 10; s.info_value = 4; run_case("info10_out_of_range", s, -33);
    s = good; s.info_at = 11; s.info_value = 3; run_case("info11_out_of_range", s, -33);
    s = good; s.info_at = 18; s.info_value = 3; run_case("info18_out_of_range", s, -33);
    s = good; s.info_at = 12; s.info_value = 1; run_case("krylov_without_psol", s, -33);
    s = good; s.info_at = 11; s.info_value = 1; s.liw = 40 + 2 * n; s.iwork_id = 2;
    run_case("id_illegal", s, -33);
    s = good; s.info_at = 1; s.info_value = -1; run_case("info1_minus1_first_call", s, -33);
    s = good; s.tout = 0.0; run_case("tout_equals_t", s, -33);
    s = good; s.rtol = -1e-6; run_case("rtol_negative", s, -33);
    s = good; s.atol = -1e-6; run_case("atol_negative", s, -33);
    s = good; s.rtol = 0.0; s.atol = 0.0; run_case("tolerances_zero", s, -33);
    s = good; s.info_at = 6; s.info_value = 1; s.ml = n; s.lrw = 500;
    run_case("ml_out_of_range", s, -33);
    s = good; s.info_at = 6; s.info_value = 1; s.mu = -1; s.lrw = 500;
    run_case("mu_out_of_range", s, -33);
    s = good; s.tstop = 0.5; run_case("tstop_behind_tout", s, -33);
    s = good; s.nrt = -1; run_case("nrt_negative", s, -33);
    s = good; s.root = 1; run_case("root_nan", s, 5);
    s = good; s.root = 2; run_case("root_zero_everywhere", s, -33);
    s = good; s.nrt = 0; run_case("no_roots", s, 3);
    const int32_t unset[3] = {0, 0, 0}, above[3] = {1, 2, 4}, below[3] = {2, 1, 3},
                  extreme[3] = {INT32_MIN, 2, 3};
    run_continuation("continuation_pivots_unset", 1, unset, -33);
    run_continuation("continuation_pivot_above_neq", 1, above, -33);
    run_continuation("continuation_pivot_below_row", 1, below, -33);
    run_continuation("continuation_pivot_int32_min", 1, extreme, -33);
    printf("FAILURES %d\n", failures);
    return failures == 0 ? 0 : 1;
}
