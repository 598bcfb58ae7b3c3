/* Consistent initial values through ddaskr_ (INFO(11) = 1): Robertson's reaction in DAE
 * form, y1' = -0.04 y1 + 1e4 y2 y3, y2' = 0.04 y1 - 1e4 y2 y3 - 3e7 y2^2,
 * 0 = y1 + y2 + y3 - 1, started from y = (1, 0, 0.2) and y' = 0: the algebraic y3
 * violates the conservation law and the derivatives are all wrong. With y1, y2 marked
 * differential and y3 algebraic (IWORK(LID+i), LID = 41), DDASKR computes y3 and
 * y1', y2' keeping y1, y2; INFO(14) = 1 makes it return right after that (IDID = 4), so
 * the program can print the residual of the computed values. The solution is not
 * started yet: the next call is a first call again (INFO(1) = 0) from the computed
 * values with INFO(11) = INFO(14) = 0, as the original's prologue asks (continuing with
 * INFO(1) = 1 would step from an uninitialised history).
 * Then that misuse on purpose: the initialisation again, and INFO(1) = 1 after IDID = 4.
 * The original DDASKR steps from the history it never set up (NaN, 500 steps, IDID = -1);
 * a port must at least end with a negative IDID and no internal error.
 * Output: INIT t y1 y2 y3 yp1 yp2 |G|, STATS after the initialisation and at the end
 * (steps res jac etf cvf nni), FINAL t y1 y2 y3, IDID per call, MISUSE idid. */
#include <math.h>
#include <stdio.h>
#include "stiffdae.h"

#define N 3

static void res(const double *t, const double *y, const double *yp, const double *cj,
                double *d, int32_t *ires, double *rpar, int32_t *ipar) {
    (void)t; (void)cj; (void)ires; (void)rpar; (void)ipar;
    d[0] = yp[0] + 0.04 * y[0] - 1e4 * y[1] * y[2];
    d[1] = yp[1] - 0.04 * y[0] + 1e4 * y[1] * y[2] + 3e7 * y[1] * y[1];
    d[2] = y[0] + y[1] + y[2] - 1.0;
}

static void stats(const int32_t *iwork) {
    printf("STATS %d %d %d %d %d %d\n", iwork[10], iwork[11], iwork[12], iwork[13],
           iwork[14], iwork[18]);
}

int main(void) {
    enum { LRW = 60 + 9 * N + N * N, LIW = 40 + 2 * N };
    int32_t neq = N, nrt = 0, info[20] = {0}, idid = 0, iwork[LIW] = {0}, jroot[1] = {0};
    int32_t lrw = LRW, liw = LIW, ipar[1] = {0};
    double rwork[LRW] = {0}, rpar[1] = {0};
    double t = 0.0, y[N] = {1.0, 0.0, 0.2}, yp[N] = {0.0, 0.0, 0.0};
    double rtol = 1e-8, atol = 1e-10, tout = 0.4;
    info[10] = 1; /* compute y3, y1', y2' */
    info[13] = 1; /* and return after that */
    iwork[40] = 1;
    iwork[41] = 1;
    iwork[42] = -1;
    ddaskr_(res, &neq, &t, y, yp, &tout, info, &rtol, &atol, &idid, rwork, &lrw, iwork, &liw,
            rpar, ipar, NULL, NULL, NULL, &nrt, jroot);
    printf("IDID %d\n", idid);
    if (idid != 4) return 1;
    double d[N], cj = 0.0, g = 0.0;
    int32_t ires = 0;
    res(&t, y, yp, &cj, d, &ires, rpar, ipar);
    for (int i = 0; i < N; i++) g = fmax(g, fabs(d[i]));
    printf("INIT %.17e %.17e %.17e %.17e %.17e %.17e %.3e\n", t, y[0], y[1], y[2], yp[0],
           yp[1], g);
    stats(iwork);
    info[10] = 0; /* the values are consistent now */
    info[13] = 0;
    ddaskr_(res, &neq, &t, y, yp, &tout, info, &rtol, &atol, &idid, rwork, &lrw, iwork, &liw,
            rpar, ipar, NULL, NULL, NULL, &nrt, jroot);
    printf("IDID %d\n", idid);
    printf("FINAL %.17e %.17e %.17e %.17e\n", t, y[0], y[1], y[2]);
    stats(iwork);
    int ok = idid == 3;

    for (int i = 0; i < 20; i++) info[i] = 0;
    for (int i = 0; i < LIW; i++) iwork[i] = 0;
    for (int i = 0; i < LRW; i++) rwork[i] = 0.0;
    t = 0.0;
    y[0] = 1.0; y[1] = 0.0; y[2] = 0.2;
    yp[0] = yp[1] = yp[2] = 0.0;
    info[10] = 1;
    info[13] = 1;
    iwork[40] = 1;
    iwork[41] = 1;
    iwork[42] = -1;
    ddaskr_(res, &neq, &t, y, yp, &tout, info, &rtol, &atol, &idid, rwork, &lrw, iwork, &liw,
            rpar, ipar, NULL, NULL, NULL, &nrt, jroot);
    if (idid != 4) return 1;
    info[0] = 1; /* wrong: the solution has not been started */
    info[10] = 0;
    info[13] = 0;
    ddaskr_(res, &neq, &t, y, yp, &tout, info, &rtol, &atol, &idid, rwork, &lrw, iwork, &liw,
            rpar, ipar, NULL, NULL, NULL, &nrt, jroot);
    printf("MISUSE %d\n", idid);
    return ok ? 0 : 1;
}
