/* The ModiaMath clutch through ddaskr_: two inertias J1, J2 coupled by an ideal clutch,
 * inertia 1 driving an EMF (constant k) that charges a capacitor C. A resistor R across
 * the capacitor (not in the seed, where nothing would change between the events) makes
 * inertia 1 slow down while the clutch is released, so that re-engaging it is a real
 * momentum balance.
 *
 * Variables y = (w1, w2, v, tau): shaft speeds, capacitor voltage, clutch torque.
 * With the EMF current i = C v' + v/R and v = k w1 (so v' = k w1'):
 *   (J1 + k^2 C) w1' + tau + k v/R = 0      inertia 1 with the EMF torque -k i
 *   J2 w2' - tau = 0                          inertia 2
 *   v - k w1 = 0                              the EMF (v algebraic)
 *   engaged:  w1' - w2' = 0                   the clutch, differentiated once (index 1)
 *   released: tau = 0
 * Engaged at t = 0, released at t = 100, engaged again at t = 300 (root functions t - 100
 * and t - 300, IDID = 5). At an engagement the Dirac impulse of the clutch torque is
 * integrated by hand: J1 w1 + J2 w2 + k C v is conserved through it (C v is the charge,
 * k C v its angular momentum), so both shafts continue at
 *   w+ = (J1 w1- + J2 w2- + k C v-) / (J1 + J2 + k^2 C).
 * After each event the run restarts (INFO(1) = 0) with INFO(11) = 1 (w1, w2
 * differential, v and tau algebraic) and INFO(14) = 1: DDASKR returns the consistent
 * values (IDID = 4), the program prints their residual, then integrates on.
 *
 * Output: INIT t w1 w2 v tau |G|, EVENT t jroot1 jroot2, FINAL t w1 w2 v tau,
 * STATS steps res jac etf cvf nni rte. */
#include <math.h>
#include <stdio.h>
#include "stiffdae.h"

#define N 4
#define NRT 2

static const double J1 = 0.1, J2 = 0.4, K = 0.25, C = 2.0, R = 100.0;

/* rpar[0]: 1 engaged, 0 released. */
static void res(const double *t, const double *y, const double *yp, const double *cj,
                double *delta, int32_t *ires, double *rpar, int32_t *ipar) {
    (void)t; (void)cj; (void)ires; (void)ipar;
    delta[0] = (J1 + K * K * C) * yp[0] + y[3] + K * y[2] / R;
    delta[1] = J2 * yp[1] - y[3];
    delta[2] = y[2] - K * y[0];
    delta[3] = rpar[0] != 0.0 ? yp[0] - yp[1] : y[3];
}

static void rt(const int32_t *neq, const double *t, const double *y, const double *yp,
               const int32_t *nrt, double *rval, double *rpar, int32_t *ipar) {
    (void)neq; (void)y; (void)yp; (void)nrt; (void)rpar; (void)ipar;
    rval[0] = *t - 100.0;
    rval[1] = *t - 300.0;
}

static double residual_norm(double t, const double *y, const double *yp, double *rpar) {
    double d[N], cj = 0.0, m = 0.0;
    int32_t ires = 0;
    res(&t, y, yp, &cj, d, &ires, rpar, NULL);
    for (int i = 0; i < N; i++) m = fabs(d[i]) > m ? fabs(d[i]) : m;
    return m;
}

/* ID for INFO(11) = 1 (LID = 41, no constraints): w1, w2 differential, v and tau
 * algebraic. Set before every such call: once INFO(11) = 0 the pivots live there. */
static void set_id(int32_t *iwork) {
    iwork[40] = 1;
    iwork[41] = 1;
    iwork[42] = -1;
    iwork[43] = -1;
}

/* The engagement impulse: both shafts at the common speed of the momentum balance. */
static void engage(double *y) {
    double w = (J1 * y[0] + J2 * y[1] + K * C * y[2]) / (J1 + J2 + K * K * C);
    y[0] = w;
    y[1] = w;
    y[2] = K * w;
}

int main(void) {
    enum { LRW = 60 + 3 * NRT + 9 * N + N * N, LIW = 40 + 2 * N };
    int32_t neq = N, nrt = NRT, info[20] = {0}, idid = 0, iwork[LIW] = {0}, jroot[NRT];
    int32_t lrw = LRW, liw = LIW, ipar[1] = {0};
    double rwork[LRW] = {0}, rpar[1] = {1.0};
    double t = 0.0, y[N] = {0.0, 10.0, 0.0, 0.0}, yp[N] = {0.0};
    double rtol = 1e-10, atol = 1e-10, tout = 400.0;
    engage(y);
    set_id(iwork);
    info[10] = 1; /* consistent initial values */
    info[13] = 1; /* return after them */
    for (int calls = 0; calls < 100000; calls++) {
        ddaskr_(res, &neq, &t, y, yp, &tout, info, &rtol, &atol, &idid, rwork, &lrw, iwork,
                &liw, rpar, ipar, NULL, NULL, rt, &nrt, jroot);
        if (idid == 4) {
            printf("INIT %.17e %.17e %.17e %.17e %.17e %.3e\n", t, y[0], y[1], y[2], y[3],
                   residual_norm(t, y, yp, rpar));
            info[10] = 0;
            info[13] = 0;
        } else if (idid == 5) {
            printf("EVENT %.17e %d %d\n", t, jroot[0], jroot[1]);
            if (jroot[0] != 0) {
                rpar[0] = 0.0; /* release: no impulse */
            } else {
                rpar[0] = 1.0; /* engage */
                engage(y);
            }
            info[0] = 0;
            info[10] = 1;
            info[13] = 1;
            set_id(iwork);
        } else if (idid == -1) {
            info[0] = 1;
        } else {
            break;
        }
    }
    printf("FINAL %.17e %.17e %.17e %.17e %.17e\n", t, y[0], y[1], y[2], y[3]);
    printf("STATS %d %d %d %d %d %d %d\n", iwork[10], iwork[11], iwork[12], iwork[13],
           iwork[14], iwork[18], iwork[35]);
    printf("IDID %d\n", idid);
    return idid == 3 ? 0 : 1;
}
