/* Eight threads run bouncing balls with roots through ddaskr_ at once, 20 times each,
 * with different restitutions and tolerances; impact times, final states and counters
 * must be bit-identical to a serial run. One thread's root function runs a whole nested
 * ddaskr_ integration inside it (no state shared between calls). */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include "stiffdae.h"

#define N 2
#define THREADS 8
#define REPEATS 20
#define IMPACTS 8
#define G 9.81
#define LRW (60 + 3 + 9 * N + N * N)
#define LIW (40 + N)

struct job {
    int id, nested;
    double e, tol;
    double impacts[IMPACTS];
    double y[N];
    int32_t stats[5];
    int errors;
};

static void res(const double *t, const double *y, const double *yp, const double *cj,
                double *delta, int32_t *ires, double *rpar, int32_t *ipar) {
    (void)t; (void)cj; (void)ires; (void)rpar; (void)ipar;
    delta[0] = yp[0] - y[1];
    delta[1] = yp[1] + G;
}

static void fall(double *t_hit);

/* rpar[0] = 1 asks for a nested integration inside the root function. */
static void height(const int32_t *neq, const double *t, const double *y, const double *yp,
                   const int32_t *nrt, double *rval, double *rpar, int32_t *ipar) {
    (void)neq; (void)t; (void)yp; (void)nrt;
    rval[0] = y[0];
    if (rpar[0] != 0.0) {
        double hit = 0.0;
        fall(&hit);
        if (hit < 1.4278 || hit > 1.4279) ipar[0]++;
    }
}

/* A nested solve: one fall from 10 m, the impact time into *t_hit. */
static void fall(double *t_hit) {
    int32_t neq = N, nrt = 1, info[20] = {0}, idid = 0, iwork[LIW] = {0}, jroot[1];
    int32_t lrw = LRW, liw = LIW, ipar[1] = {0};
    double rwork[LRW] = {0}, rpar[1] = {0.0};
    double t = 0.0, y[N] = {10.0, 0.0}, yp[N] = {0.0, -G}, rtol = 1e-8, atol = 1e-8;
    double tout = 10.0;
    ddaskr_(res, &neq, &t, y, yp, &tout, info, &rtol, &atol, &idid, rwork, &lrw, iwork, &liw,
            rpar, ipar, NULL, NULL, height, &nrt, jroot);
    *t_hit = idid == 5 ? t : -1.0;
}

static void solve(struct job *j) {
    int32_t neq = N, nrt = 1, info[20] = {0}, idid = 0, iwork[LIW] = {0}, jroot[1];
    int32_t lrw = LRW, liw = LIW, ipar[1] = {0};
    double rwork[LRW] = {0}, rpar[1] = {j->nested ? 1.0 : 0.0};
    double t = 0.0, y[N] = {10.0, 0.0}, yp[N] = {0.0, -G}, tout = 100.0;
    double rtol = j->tol, atol = j->tol;
    int k = 0;
    while (k < IMPACTS) {
        ddaskr_(res, &neq, &t, y, yp, &tout, info, &rtol, &atol, &idid, rwork, &lrw, iwork,
                &liw, rpar, ipar, NULL, NULL, height, &nrt, jroot);
        if (idid == -1) {
            info[0] = 1;
            continue;
        }
        if (idid != 5) break;
        j->impacts[k++] = t;
        y[0] = 0.0;
        y[1] = -j->e * y[1];
        yp[0] = y[1];
        yp[1] = -G;
        info[0] = 0;
    }
    memcpy(j->y, y, sizeof y);
    memcpy(j->stats, &iwork[10], sizeof j->stats);
    j->errors += ipar[0] + (k != IMPACTS);
}

static void *worker(void *arg) {
    struct job *j = arg;
    struct job first = *j;
    solve(&first);
    for (int r = 1; r < REPEATS; r++) {
        struct job again = *j;
        solve(&again);
        if (memcmp(again.impacts, first.impacts, sizeof first.impacts) != 0 ||
            memcmp(again.y, first.y, sizeof first.y) != 0 ||
            memcmp(again.stats, first.stats, sizeof first.stats) != 0)
            first.errors++;
        first.errors += again.errors;
    }
    *j = first;
    return NULL;
}

int main(void) {
    struct job serial[THREADS], parallel[THREADS];
    pthread_t threads[THREADS];
    for (int i = 0; i < THREADS; i++) {
        struct job j = {.id = i, .nested = i == 3, .e = 0.5 + 0.05 * i,
                        .tol = i % 2 ? 1e-9 : 1e-11};
        serial[i] = j;
        parallel[i] = j;
        solve(&serial[i]);
    }
    for (int i = 0; i < THREADS; i++) pthread_create(&threads[i], NULL, worker, &parallel[i]);
    for (int i = 0; i < THREADS; i++) pthread_join(threads[i], NULL);
    int errors = 0;
    for (int i = 0; i < THREADS; i++) {
        int same = memcmp(serial[i].impacts, parallel[i].impacts, sizeof serial[i].impacts) == 0 &&
                   memcmp(serial[i].y, parallel[i].y, sizeof serial[i].y) == 0 &&
                   memcmp(serial[i].stats, parallel[i].stats, sizeof serial[i].stats) == 0;
        errors += !same + parallel[i].errors + serial[i].errors;
        printf("THREAD %d e %.2f first %.15e last %.15e steps %d %s\n", i, serial[i].e,
               serial[i].impacts[0], serial[i].impacts[IMPACTS - 1], serial[i].stats[0],
               same ? "identical" : "DIFFERENT");
    }
    printf("ERRORS %d\n", errors);
    return errors == 0 ? 0 : 1;
}
