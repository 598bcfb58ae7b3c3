/* Eight threads integrate different problems through radau5_ at once, 20 times each;
 * the results must be bit-identical to a serial run. Every SOLOUT checks through
 * contr5_ that it sees its own step (and rpar carries the thread's identity); one
 * problem runs a whole nested radau5_ inside its SOLOUT. */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include "stiffdae.h"

#define NMAX 3
#define THREADS 8
#define REPEATS 20

struct job {
    int id, problem, nested;
    double tol;
    double y[NMAX];
    int32_t stats[7];
    int32_t idid;
    int errors;
};

/* rpar[0] = problem, rpar[1] = thread identity, rpar[2] = expected identity. */
static void rhs(const int32_t *n, const double *x, const double *y, double *f,
                double *rpar, int32_t *ipar) {
    (void)n; (void)x; (void)ipar;
    switch ((int)rpar[0]) {
    case 0: /* Van der Pol, eps = 1e-3 */
        f[0] = y[1];
        f[1] = ((1.0 - y[0] * y[0]) * y[1] - y[0]) / 1e-3;
        break;
    case 1: /* Robertson */
        f[0] = -0.04 * y[0] + 1e4 * y[1] * y[2];
        f[2] = 3e7 * y[1] * y[1];
        f[1] = -f[0] - f[2];
        break;
    default: /* linear decay */
        f[0] = -y[0];
        f[1] = -10.0 * y[1];
        break;
    }
}

static int dim(int problem) { return problem == 1 ? 3 : 2; }

static void solve(int problem, double tol, double *y, int32_t *stats, int32_t *idid,
                  double id, int nested, struct job *job);

static void solout(const int32_t *nr, const double *xold, const double *x,
                   const double *y, const double *cont, const int32_t *lrc,
                   const int32_t *n, double *rpar, int32_t *ipar, int32_t *irtrn) {
    (void)xold; (void)irtrn;
    struct job *job = *(struct job **)(void *)ipar;
    if (rpar[1] != rpar[2]) job->errors++;
    if (*nr > 1) {
        for (int32_t i = 1; i <= *n; i++)
            if (contr5_(&i, x, cont, lrc) != y[i - 1]) job->errors++;
    }
    if (job->nested && *nr % 25 == 0) {
        double yi[NMAX];
        int32_t st[7], id;
        solve(2, 1e-6, yi, st, &id, -1.0, 0, job);
        if (id != 1) job->errors++;
        /* The outer step's dense output is unchanged by the inner solve. */
        for (int32_t i = 1; i <= *n; i++)
            if (contr5_(&i, x, cont, lrc) != y[i - 1]) job->errors++;
    }
}

static void solve(int problem, double tol, double *y, int32_t *stats, int32_t *idid,
                  double id, int nested, struct job *job) {
    int32_t n = dim(problem), itol = 0, ijac = 0, mljac = n, mujac = 0, imas = 0,
            mlmas = 0, mumas = 0, iout = 1;
    double x = 0.0, xend = problem == 1 ? 1e5 : 2.0, h = 1e-6, rtol = tol, atol = tol;
    double work[4 * NMAX * NMAX + 12 * NMAX + 20] = {0};
    int32_t iwork[3 * NMAX + 20] = {0};
    int32_t lwork = 4 * NMAX * NMAX + 12 * NMAX + 20, liwork = 3 * NMAX + 20;
    double rpar[3] = {problem, id, id};
    struct job inner = *job;
    inner.nested = nested;
    struct job *self = nested || id >= 0 ? job : &inner;
    int32_t ipar[sizeof(struct job *) / sizeof(int32_t) + 1];
    memcpy(ipar, &self, sizeof self);
    y[0] = problem == 1 ? 1.0 : 2.0;
    y[1] = 0.0;
    y[2] = 0.0;
    if (problem == 2) y[1] = 1.0;
    radau5_(&n, rhs, &x, y, &xend, &h, &rtol, &atol, &itol, NULL, &ijac, &mljac, &mujac,
            NULL, &imas, &mlmas, &mumas, solout, &iout, work, &lwork, iwork, &liwork,
            rpar, ipar, idid);
    memcpy(stats, iwork + 13, 7 * sizeof(int32_t));
    if (self == &inner) job->errors += inner.errors;
}

static void *worker(void *arg) {
    struct job *job = arg;
    double y[NMAX];
    int32_t stats[7], idid;
    for (int r = 0; r < REPEATS; r++) {
        solve(job->problem, job->tol, y, stats, &idid, job->id, job->nested, job);
        if (idid != job->idid || memcmp(y, job->y, sizeof y) != 0 ||
            memcmp(stats, job->stats, sizeof stats) != 0)
            job->errors++;
    }
    return NULL;
}

int main(void) {
    struct job jobs[THREADS];
    for (int t = 0; t < THREADS; t++) {
        memset(&jobs[t], 0, sizeof jobs[t]);
        jobs[t].id = t;
        jobs[t].problem = t % 3;
        jobs[t].tol = pow(10.0, -4.0 - t * 0.5);
        jobs[t].nested = t == 3;
        /* The serial reference. */
        solve(jobs[t].problem, jobs[t].tol, jobs[t].y, jobs[t].stats, &jobs[t].idid, t,
              jobs[t].nested, &jobs[t]);
    }
    pthread_t threads[THREADS];
    for (int t = 0; t < THREADS; t++) pthread_create(&threads[t], NULL, worker, &jobs[t]);
    int errors = 0;
    for (int t = 0; t < THREADS; t++) {
        pthread_join(threads[t], NULL);
        printf("THREAD %d problem %d idid %d steps %d errors %d\n", t, jobs[t].problem,
               jobs[t].idid, jobs[t].stats[2], jobs[t].errors);
        errors += jobs[t].errors + (jobs[t].idid != 1);
    }
    printf("ERRORS %d\n", errors);
    return errors == 0 ? 0 : 1;
}
