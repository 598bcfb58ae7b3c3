/* Eight threads integrate different problems through radau_ (Hairer's RADAU, orders
 * chosen by the code from 5 to 13) at once, 20 times each; every result must be
 * bit-identical to a serial run: end point, statistics, and a hash of CONTRA's values
 * at two points inside every accepted step. Every SOLOUT checks that rpar carries its
 * thread's identity; one problem runs a whole nested radau_ inside its SOLOUT and checks
 * that the outer step's CONTRA values are unchanged by it. Built with -DORIGINAL and
 * linked against the original radau.f it runs the serial references only: the THREAD
 * lines of the jobs without a nested solve are the original's, hash included. */
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "stiffdae.h"

#define NMAX 3
#define THREADS 8
#define REPEATS 20
#define LWORK (8 * NMAX * NMAX + 24 * NMAX + 20)
#define LIWORK (5 * NMAX + 20)

struct job {
    int id, problem, nested;
    double tol;
    double y[NMAX];
    int32_t stats[7];
    int32_t idid;
    uint64_t hash;
    int errors;
};

/* What one solve sees: its job, and the hash of its dense output. */
struct run {
    struct job *job;
    int nested;
    uint64_t hash;
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

static uint64_t mix(uint64_t h, double v) {
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    return (h ^ bits) * 0x100000001b3ULL;
}

static void solve(int problem, double tol, double *y, int32_t *stats, int32_t *idid,
                  double id, struct run *run);

/* CONTRA at 30 % and 80 % of the step, every component. */
static void sample(const double *xold, const double *x, const double *cont,
                   const int32_t *lrc, int32_t n, double *out) {
    for (int k = 0; k < 2; k++) {
        double s = *xold + (k == 0 ? 0.3 : 0.8) * (*x - *xold);
        for (int32_t i = 1; i <= n; i++) out[k * n + i - 1] = contra_(&i, &s, cont, lrc);
    }
}

static void solout(const int32_t *nr, const double *xold, const double *x,
                   const double *y, const double *cont, const int32_t *lrc,
                   const int32_t *n, double *rpar, int32_t *ipar, int32_t *irtrn) {
    (void)y; (void)irtrn;
    struct run *run = *(struct run **)(void *)ipar;
    if (rpar[1] != rpar[2]) run->job->errors++;
    if (*nr == 1) return;
    double before[2 * NMAX];
    sample(xold, x, cont, lrc, *n, before);
    for (int k = 0; k < 2 * *n; k++) run->hash = mix(run->hash, before[k]);
    if (run->nested && *nr % 25 == 0) {
        double yi[NMAX];
        int32_t st[7], id;
        struct run inner = {run->job, 0, 1469598103934665603ULL};
        solve(2, 1e-6, yi, st, &id, -1.0, &inner);
        if (id != 1) run->job->errors++;
        /* The outer step's dense output is unchanged by the inner solve. */
        double after[2 * NMAX];
        sample(xold, x, cont, lrc, *n, after);
        if (memcmp(before, after, 2 * (size_t)*n * sizeof(double)) != 0) run->job->errors++;
    }
}

static void solve(int problem, double tol, double *y, int32_t *stats, int32_t *idid,
                  double id, struct run *run) {
    int32_t n = dim(problem), itol = 0, ijac = 0, mljac = n, mujac = 0, imas = 0,
            mlmas = 0, mumas = 0, iout = 1, lwork = LWORK, liwork = LIWORK;
    double x = 0.0, xend = problem == 1 ? 1e5 : 2.0, h = 1e-6, rtol = tol, atol = tol;
    double work[LWORK] = {0};
    int32_t iwork[LIWORK] = {0};
    double rpar[3] = {problem, id, id};
    int32_t ipar[sizeof(struct run *) / sizeof(int32_t) + 1];
    memcpy(ipar, &run, sizeof run);
    y[0] = problem == 1 ? 1.0 : 2.0;
    y[1] = problem == 2 ? 1.0 : 0.0;
    y[2] = 0.0;
    radau_(&n, rhs, &x, y, &xend, &h, &rtol, &atol, &itol, NULL, &ijac, &mljac, &mujac,
           NULL, &imas, &mlmas, &mumas, solout, &iout, work, &lwork, iwork, &liwork, rpar,
           ipar, idid);
    memcpy(stats, iwork + 13, 7 * sizeof(int32_t));
}

static void *worker(void *arg) {
    struct job *job = arg;
    double y[NMAX] = {0};
    int32_t stats[7], idid;
    for (int r = 0; r < REPEATS; r++) {
        struct run run = {job, job->nested, 1469598103934665603ULL};
        solve(job->problem, job->tol, y, stats, &idid, job->id, &run);
        if (idid != job->idid || memcmp(y, job->y, sizeof y) != 0 ||
            memcmp(stats, job->stats, sizeof stats) != 0 || run.hash != job->hash)
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
        jobs[t].nested = t == 3 || t == 6;
        /* The serial reference. */
        struct run run = {&jobs[t], jobs[t].nested, 1469598103934665603ULL};
        solve(jobs[t].problem, jobs[t].tol, jobs[t].y, jobs[t].stats, &jobs[t].idid, t, &run);
        jobs[t].hash = run.hash;
    }
    int errors = 0;
#ifdef ORIGINAL
    /* The original keeps CONTRA's data in COMMON: serial runs only, and its nested solve
     * changes the outer step's CONTRA (counted as errors there). */
    for (int t = 0; t < THREADS; t++) {
#else
    pthread_t threads[THREADS];
    for (int t = 0; t < THREADS; t++) pthread_create(&threads[t], NULL, worker, &jobs[t]);
    for (int t = 0; t < THREADS; t++) {
        pthread_join(threads[t], NULL);
#endif
        printf("THREAD %d problem %d idid %d steps %d hash %016llx errors %d\n", t,
               jobs[t].problem, jobs[t].idid, jobs[t].stats[2],
               (unsigned long long)jobs[t].hash, jobs[t].errors);
        errors += jobs[t].errors + (jobs[t].idid != 1);
    }
    printf("ERRORS %d\n", errors);
    return errors == 0 ? 0 : 1;
}
