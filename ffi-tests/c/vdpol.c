/* Van der Pol (eps = 1e-6) through radau5_ from C, with dense output from SOLOUT via
 * contr5_ at x = 0.2, 0.4, ..., 2.0. Prints the dense values and the final state. */
#include <math.h>
#include <stdio.h>
#include "stiffdae.h"

#define N 2

static void fvpol(const int32_t *n, const double *x, const double *y, double *f,
                  double *rpar, int32_t *ipar) {
    (void)n; (void)x; (void)ipar;
    f[0] = y[1];
    f[1] = ((1.0 - y[0] * y[0]) * y[1] - y[0]) / rpar[0];
}

static void jvpol(const int32_t *n, const double *x, const double *y, double *dfy,
                  const int32_t *ldfy, double *rpar, int32_t *ipar) {
    (void)n; (void)x; (void)ipar;
    int ld = *ldfy;
    dfy[0] = 0.0;
    dfy[ld] = 1.0;
    dfy[1] = (-2.0 * y[0] * y[1] - 1.0) / rpar[0];
    dfy[1 + ld] = (1.0 - y[0] * y[0]) / rpar[0];
}

/* rpar[1] holds the next output point; every step also checks that the dense output
 * reproduces the solution at the step end. */
static void solout(const int32_t *nr, const double *xold, const double *x,
                   const double *y, const double *cont, const int32_t *lrc,
                   const int32_t *n, double *rpar, int32_t *ipar, int32_t *irtrn) {
    (void)xold;
    if (*nr == 1) return;
    for (int32_t i = 1; i <= *n; i++) {
        if (contr5_(&i, x, cont, lrc) != y[i - 1]) {
            printf("MISMATCH at x = %.17g, component %d\n", *x, i);
            *irtrn = -1;
        }
    }
    while (rpar[1] <= *x + 1e-12) {
        int32_t one = 1, two = 2;
        double s = rpar[1];
        printf("DENSE %.3f %.15e %.15e\n", s, contr5_(&one, &s, cont, lrc),
               contr5_(&two, &s, cont, lrc));
        rpar[1] += 0.2;
        ipar[0]++;
    }
}

int main(void) {
    int32_t n = N, itol = 0, ijac = 1, mljac = N, mujac = 0, imas = 0, mlmas = 0,
            mumas = 0, iout = 1, idid = 0;
    double x = 0.0, xend = 2.0, h = 1e-7, rtol = 1e-7, atol = 1e-7;
    double y[N] = {2.0, 0.0};
    double work[4 * N * N + 12 * N + 20] = {0};
    int32_t iwork[3 * N + 20] = {0};
    printf("VERSION %s header %s\n", stiffdae_version(), STIFFDAE_VERSION);
    int32_t lwork = (int32_t)(sizeof work / sizeof work[0]);
    int32_t liwork = (int32_t)(sizeof iwork / sizeof iwork[0]);
    double rpar[2] = {1e-6, 0.2};
    int32_t ipar[1] = {0};
    radau5_(&n, fvpol, &x, y, &xend, &h, &rtol, &atol, &itol, jvpol, &ijac, &mljac,
            &mujac, NULL, &imas, &mlmas, &mumas, solout, &iout, work, &lwork, iwork,
            &liwork, rpar, ipar, &idid);
    printf("IDID %d\n", idid);
    printf("X %.17g\n", x);
    printf("Y %.15e %.15e\n", y[0], y[1]);
    printf("OUTPUTS %d\n", ipar[0]);
    printf("MLJAC %d MUJAC %d\n", mljac, mujac);
    printf("RTOL %.17g\n", rtol);
    printf("STATS %d %d %d %d %d %d %d\n", iwork[13], iwork[14], iwork[15], iwork[16],
           iwork[17], iwork[18], iwork[19]);
    return idid == 1 ? 0 : 1;
}
