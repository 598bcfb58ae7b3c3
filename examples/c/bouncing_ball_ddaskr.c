/* A ball dropped from h = 10 m through ddaskr_, restitution e = 0.8: y = (height,
 * velocity), G = (h' - v, v' + g); the root function h stops the integration at each
 * impact (IDID = 5, JROOT = -1, falling), the program reverses and scales the velocity
 * and restarts (INFO(1) = 0). Prints IMPACT t jroot for the first ten impacts, each
 * followed by STATS steps res jac rte: the counters of that flight (a restart sets them
 * to zero). */
#include <stdio.h>
#include "stiffdae.h"

#define N 2
#define G 9.81

static void res(const double *t, const double *y, const double *yp, const double *cj,
                double *delta, int32_t *ires, double *rpar, int32_t *ipar) {
    (void)t; (void)cj; (void)ires; (void)rpar; (void)ipar;
    delta[0] = yp[0] - y[1];
    delta[1] = yp[1] + G;
}

static void height(const int32_t *neq, const double *t, const double *y, const double *yp,
                   const int32_t *nrt, double *rval, double *rpar, int32_t *ipar) {
    (void)neq; (void)t; (void)yp; (void)nrt; (void)rpar; (void)ipar;
    rval[0] = y[0];
}

int main(void) {
    enum { LRW = 60 + 3 + 9 * N + N * N, LIW = 40 + N };
    int32_t neq = N, nrt = 1, info[20] = {0}, idid = 0, iwork[LIW] = {0}, jroot[1] = {0};
    int32_t lrw = LRW, liw = LIW, ipar[1] = {0};
    double rwork[LRW] = {0}, rpar[1] = {0};
    double t = 0.0, y[N] = {10.0, 0.0}, yp[N] = {0.0, -G};
    double rtol = 1e-12, atol = 1e-12, tout = 100.0;
    int impacts = 0;
    while (impacts < 10) {
        ddaskr_(res, &neq, &t, y, yp, &tout, info, &rtol, &atol, &idid, rwork, &lrw, iwork,
                &liw, rpar, ipar, NULL, NULL, height, &nrt, jroot);
        if (idid == -1) {
            info[0] = 1;
            continue;
        }
        if (idid != 5) break;
        impacts++;
        printf("IMPACT %.17e %d\n", t, jroot[0]);
        printf("STATS %d %d %d %d\n", iwork[10], iwork[11], iwork[12], iwork[35]);
        y[0] = 0.0;
        y[1] = -0.8 * y[1];
        yp[0] = y[1];
        yp[1] = -G;
        info[0] = 0;
    }
    printf("IDID %d\n", idid);
    return impacts == 10 ? 0 : 1;
}
