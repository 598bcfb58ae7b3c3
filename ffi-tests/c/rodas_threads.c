/* Eight threads integrate different problems through rodas_ at once, 20 times each;
 * every result must equal, bit for bit, the serial run made before the threads start.
 * Each SOLOUT reads its step's dense output through contro_: at X it must give Y (up to
 * the rounding of S = (X - XOLD)/H, which CONTRO computes), and the values at the
 * middle of every step are summed into a checksum that must also be bit-identical to
 * the serial run's; rpar must still carry the run's identity. One problem runs a whole
 * nested rodas_ inside its SOLOUT and checks that the outer step's dense output is
 * unchanged by it. */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include "stiffdae.h"

#define NMAX 3
#define THREADS 8
#define REPEATS 20
#define LWORK (2 * NMAX * NMAX + 14 * NMAX + 20)
#define LIWORK (NMAX + 20)

struct job {
    int id, problem, nested;
    double tol;
    double y[NMAX], x, h, sum;
    int32_t stats[7];
    int32_t idid;
    int errors;
};

/* What SOLOUT sees through ipar: the thread's job (its error count) and this run's
 * checksum of dense output. */
struct run {
    struct job *job;
    int nested;
    double sum;
};

/* rpar[0] = problem, rpar[1] = identity of the run, rpar[2] = the same, kept apart. */
static void rhs(const int32_t *n, const double *x, const double *y, double *f,
                double *rpar, int32_t *ipar) {
    (void)n; (void)ipar;
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
    case 2: /* linear decay */
        f[0] = -y[0];
        f[1] = -10.0 * y[1];
        break;
    default: /* a forced oscillator: non-autonomous, so DFX is used */
        f[0] = y[1];
        f[1] = -100.0 * y[0] - 2.0 * y[1] + sin(*x);
        break;
    }
}

/* DFX for the forced oscillator (IFCN = 1, IDFX = 1). */
static void dfx(const int32_t *n, const double *x, const double *y, double *fx,
                double *rpar, int32_t *ipar) {
    (void)n; (void)y; (void)rpar; (void)ipar;
    fx[0] = 0.0;
    fx[1] = cos(*x);
}

static int dim(int problem) { return problem == 1 ? 3 : 2; }

static void solve(int problem, double tol, struct job *out, double id, int nested,
                  struct job *job);

static void solout(const int32_t *nr, const double *xold, const double *x,
                   const double *y, const double *cont, const int32_t *lrc,
                   const int32_t *n, double *rpar, int32_t *ipar, int32_t *irtrn) {
    (void)irtrn;
    struct run *run = *(struct run **)(void *)ipar;
    struct job *job = run->job;
    if (rpar[1] != rpar[2]) job->errors++;
    if (*nr == 1) return;
    double mid = 0.5 * (*xold + *x), before[NMAX];
    for (int32_t i = 1; i <= *n; i++) {
        double c = contro_(&i, x, cont, lrc);
        if (!(fabs(c - y[i - 1]) <= 1e-10 * (1.0 + fabs(y[i - 1])))) job->errors++;
        before[i - 1] = contro_(&i, &mid, cont, lrc);
        run->sum += before[i - 1];
    }
    if (run->nested && *nr % 10 == 0) {
        struct job inner;
        solve(2, 1e-6, &inner, -1.0, 0, job);
        if (inner.idid != 1) job->errors++;
        for (int32_t i = 1; i <= *n; i++)
            if (contro_(&i, &mid, cont, lrc) != before[i - 1]) job->errors++;
    }
}

/* One rodas_ call; `out` receives the end values, statistics, checksum and IDID; the
 * errors SOLOUT finds are counted into `job`. */
static void solve(int problem, double tol, struct job *out, double id, int nested,
                  struct job *job) {
    int32_t n = dim(problem), ifcn = problem == 3, itol = 0, ijac = 0, mljac = n,
            mujac = 0, idfx = problem == 3, imas = 0, mlmas = 0, mumas = 0, iout = 1;
    double x = 0.0, xend = problem == 1 ? 1e5 : 2.0, h = 1e-6, rtol = tol, atol = tol;
    double work[LWORK] = {0};
    int32_t iwork[LIWORK] = {0};
    int32_t lwork = LWORK, liwork = LIWORK;
    double rpar[3] = {problem, id, id};
    struct run run = {job, nested, 0.0};
    struct run *self = &run;
    int32_t ipar[sizeof(struct run *) / sizeof(int32_t) + 1];
    memcpy(ipar, &self, sizeof self);
    double y[NMAX] = {0};
    y[0] = problem == 1 ? 1.0 : 2.0;
    if (problem >= 2) y[1] = 1.0;
    rodas_(&n, rhs, &ifcn, &x, y, &xend, &h, &rtol, &atol, &itol, NULL, &ijac, &mljac,
           &mujac, dfx, &idfx, NULL, &imas, &mlmas, &mumas, solout, &iout, work, &lwork,
           iwork, &liwork, rpar, ipar, &out->idid);
    memcpy(out->y, y, sizeof y);
    out->x = x;
    out->h = h;
    out->sum = run.sum;
    memcpy(out->stats, iwork + 13, 7 * sizeof(int32_t));
}

static int same(const struct job *a, const struct job *b) {
    return a->idid == b->idid && memcmp(a->y, b->y, sizeof a->y) == 0 &&
           memcmp(&a->x, &b->x, sizeof a->x) == 0 && memcmp(&a->h, &b->h, sizeof a->h) == 0 &&
           memcmp(&a->sum, &b->sum, sizeof a->sum) == 0 &&
           memcmp(a->stats, b->stats, sizeof a->stats) == 0;
}

static void *worker(void *arg) {
    struct job *job = arg;
    for (int r = 0; r < REPEATS; r++) {
        struct job got;
        solve(job->problem, job->tol, &got, job->id, job->nested, job);
        if (!same(&got, job)) job->errors++;
    }
    return NULL;
}

int main(void) {
    struct job jobs[THREADS];
    for (int t = 0; t < THREADS; t++) {
        memset(&jobs[t], 0, sizeof jobs[t]);
        jobs[t].id = t;
        jobs[t].problem = t % 4;
        jobs[t].tol = pow(10.0, -4.0 - t * 0.5);
        jobs[t].nested = t == 1;
        /* The serial reference. */
        solve(jobs[t].problem, jobs[t].tol, &jobs[t], t, jobs[t].nested, &jobs[t]);
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
