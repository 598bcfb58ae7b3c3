/* Robertson in residual form through ddassl_ from C: inconsistent initial y'
 * (all zero) corrected by INFO(11) = 1, the analytic iteration matrix in JAC, output at
 * t = 0.4, 4, 40, ..., 4e10. Prints the final state and the statistics. */
#include <stdio.h>
#include "stiffdae.h"

#define N 3

static void res(const double *t, const double *y, const double *yp, double *delta,
                int32_t *ires, double *rpar, int32_t *ipar) {
    (void)t; (void)ires; (void)rpar;
    ipar[0]++;
    delta[0] = yp[0] + 0.04 * y[0] - 1e4 * y[1] * y[2];
    delta[1] = yp[1] - 0.04 * y[0] + 1e4 * y[1] * y[2] + 3e7 * y[1] * y[1];
    /* The third equation is algebraic: mass conservation. */
    delta[2] = y[0] + y[1] + y[2] - 1.0;
}

/* PD = dG/dy + cj dG/dy', column-major, zeroed by the library. */
static void jac(const double *t, const double *y, const double *yp, double *pd,
                const double *cj, double *rpar, int32_t *ipar) {
    (void)t; (void)yp; (void)rpar; (void)ipar;
    pd[0 + 0 * N] = 0.04 + *cj;
    pd[1 + 0 * N] = -0.04;
    pd[2 + 0 * N] = 1.0;
    pd[0 + 1 * N] = -1e4 * y[2];
    pd[1 + 1 * N] = 1e4 * y[2] + 6e7 * y[1] + *cj;
    pd[2 + 1 * N] = 1.0;
    pd[0 + 2 * N] = -1e4 * y[1];
    pd[1 + 2 * N] = 1e4 * y[1];
    pd[2 + 2 * N] = 1.0;
}

int main(void) {
    int32_t neq = N, info[15] = {0}, idid = 0, iwork[20 + N] = {0}, ipar[1] = {0};
    int32_t lrw = 40 + 9 * N + N * N, liw = 20 + N;
    double rwork[40 + 9 * N + N * N] = {0}, rpar[1] = {0};
    double t = 0.0, y[N] = {1.0, 0.0, 0.0}, yp[N] = {0.0, 0.0, 0.0};
    double rtol = 1e-8, atol[N] = {1e-10, 1e-14, 1e-10};
    info[1] = 1;  /* vector tolerances: y2 is of order 1e-5 and needs its own ATOL */
    info[4] = 1;  /* analytic JAC */
    info[10] = 1; /* compute a consistent initial y' */
    double rtolv[N] = {rtol, rtol, rtol};
    double tout = 0.4;
    for (int k = 0; k < 12; k++, tout *= 10.0) {
        ddassl_(res, &neq, &t, y, yp, &tout, info, rtolv, atol, &idid, rwork, &lrw, iwork,
                &liw, rpar, ipar, jac);
        while (idid == -1) { /* 500 steps in this call: continue */
            info[0] = 1;
            ddassl_(res, &neq, &t, y, yp, &tout, info, rtolv, atol, &idid, rwork, &lrw,
                    iwork, &liw, rpar, ipar, jac);
        }
        if (idid < 0) break;
        printf("T %.6e Y %.15e %.15e %.15e\n", t, y[0], y[1], y[2]);
    }
    printf("IDID %d\n", idid);
    printf("STATS steps %d res %d jac %d etf %d cvf %d calls %d\n", iwork[10], iwork[11],
           iwork[12], iwork[13], iwork[14], ipar[0]);
    return idid == 3 ? 0 : 1;
}
