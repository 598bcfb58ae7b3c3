/* A pendulum on a rope that goes slack, through ddaskr_: mass at (x, y), rope length
 * L = 1 fixed at the origin, gravity g. Variables (x, y, u, v, lam), lam the rope force
 * per unit mass and length.
 *   x' = u, y' = v, u' = -lam x, v' = -lam y - g
 *   taut:  lam (x^2 + y^2) = u^2 + v^2 - g y   (the length constraint differentiated
 *                                              twice: index 1, lam algebraic)
 *   slack: lam = 0                              (free flight: the index changes)
 * Started at the bottom with w0^2 = 3.5 g/L the rope force vanishes at 120 degrees
 * (cos = (2g - L w0^2)/(3g) = -1/2): the root function lam (JROOT = -1) switches to free
 * flight. In flight the root function L^2 - (x^2 + y^2) (JROOT = -1) catches the rope
 * becoming taut again: the jerk removes the radial velocity (inelastic), and the run
 * restarts taut. Every restart computes lam and the derivatives with INFO(11) = 1
 * (x, y, u, v differential; lam algebraic).
 * Output: SLACK t x y u v, INSIDE t jroot, TAUT t x y u v (before the jerk), RADIAL t
 * (radial velocity after the jerk), INIT t lam, FINAL t x y u v, IDID; STATS steps res
 * jac etf cvf nni rte before each restart and at the end (a restart zeroes them). */
#include <math.h>
#include <stdio.h>
#include "stiffdae.h"

#define N 5
#define G 9.81
#define L 1.0
#define DELTA 1e-6

static void stats(const int32_t *iwork) {
    printf("STATS %d %d %d %d %d %d %d\n", iwork[10], iwork[11], iwork[12], iwork[13],
           iwork[14], iwork[18], iwork[35]);
}

/* rpar[0]: 1 taut, 0 slack (leaving the circle), 2 slack (watching for the rope). */
static void res(const double *t, const double *y, const double *yp, const double *cj,
                double *d, int32_t *ires, double *rpar, int32_t *ipar) {
    (void)t; (void)cj; (void)ires; (void)ipar;
    d[0] = yp[0] - y[2];
    d[1] = yp[1] - y[3];
    d[2] = yp[2] + y[4] * y[0];
    d[3] = yp[3] + y[4] * y[1] + G;
    if (rpar[0] == 1.0)
        d[4] = y[4] * (y[0] * y[0] + y[1] * y[1]) - (y[2] * y[2] + y[3] * y[3] - G * y[1]);
    else
        d[4] = y[4];
}

static void rt(const int32_t *neq, const double *t, const double *y, const double *yp,
               const int32_t *nrt, double *rval, double *rpar, int32_t *ipar) {
    (void)neq; (void)t; (void)yp; (void)nrt; (void)ipar;
    double r2 = y[0] * y[0] + y[1] * y[1];
    if (rpar[0] == 1.0)
        rval[0] = y[4];
    else if (rpar[0] == 0.0)
        rval[0] = r2 - (L * L - DELTA);
    else
        rval[0] = L * L - r2;
}

static void set_id(int32_t *iwork) {
    for (int i = 0; i < 4; i++) iwork[40 + i] = 1;
    iwork[44] = -1;
}

int main(void) {
    enum { LRW = 60 + 3 + 9 * N + N * N, LIW = 40 + 2 * N };
    int32_t neq = N, nrt = 1, info[20] = {0}, idid = 0, iwork[LIW] = {0}, jroot[1] = {0};
    int32_t lrw = LRW, liw = LIW, ipar[1] = {0};
    double rwork[LRW] = {0}, rpar[1] = {1.0};
    double t = 0.0, y[N] = {0.0, -L, sqrt(3.5 * G / L) * L, 0.0, 0.0}, yp[N] = {0.0};
    double rtol = 1e-10, atol = 1e-10, tout = 3.0;
    set_id(iwork);
    info[10] = 1;
    info[13] = 1;
    for (int calls = 0; calls < 10000; calls++) {
        ddaskr_(res, &neq, &t, y, yp, &tout, info, &rtol, &atol, &idid, rwork, &lrw, iwork,
                &liw, rpar, ipar, NULL, NULL, rt, &nrt, jroot);
        if (idid == 4) {
            printf("INIT %.17e %.17e\n", t, y[4]);
            info[10] = 0;
            info[13] = 0;
            continue;
        }
        if (idid == -1) {
            info[0] = 1;
            continue;
        }
        if (idid != 5) break;
        if (rpar[0] == 0.0) {
            printf("INSIDE %.17e %d\n", t, jroot[0]);
            rpar[0] = 2.0;
            info[0] = 1;
            continue;
        }
        stats(iwork);
        if (rpar[0] == 1.0) {
            printf("SLACK %.17e %.17e %.17e %.17e %.17e\n", t, y[0], y[1], y[2], y[3]);
            rpar[0] = 0.0;
        } else {
            double r2 = y[0] * y[0] + y[1] * y[1];
            double radial = (y[2] * y[0] + y[3] * y[1]) / r2;
            printf("TAUT %.17e %.17e %.17e %.17e %.17e\n", t, y[0], y[1], y[2], y[3]);
            /* The jerk: the rope takes the radial velocity (inelastic). */
            y[2] -= radial * y[0];
            y[3] -= radial * y[1];
            printf("RADIAL %.17e %.17e\n", t, (y[2] * y[0] + y[3] * y[1]) / sqrt(r2));
            rpar[0] = 1.0;
        }
        info[0] = 0;
        info[10] = 1;
        info[13] = 1;
        set_id(iwork);
    }
    stats(iwork);
    printf("FINAL %.17e %.17e %.17e %.17e %.17e\n", t, y[0], y[1], y[2], y[3]);
    printf("IDID %d\n", idid);
    return idid == 3 ? 0 : 1;
}
