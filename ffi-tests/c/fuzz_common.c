/* The fuzz harness shared by the three entry points: random numbers, the problems,
 * callback spoiling, and the fork/time-limit loop (see fuzz.h). */
#define _DEFAULT_SOURCE
#include "fuzz.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static uint64_t splitmix(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void rng_seed(Rng *r, uint64_t seed, uint64_t id) {
    uint64_t x = seed * 0x100000001B3ull + id;
    r->s = splitmix(&x);
    if (r->s == 0) r->s = 1;
}

uint64_t rng_next(Rng *r) {
    r->s ^= r->s >> 12;
    r->s ^= r->s << 25;
    r->s ^= r->s >> 27;
    return r->s * 0x2545F4914F6CDD1Dull;
}

int rng_int(Rng *r, int lo, int hi) {
    return lo + (int)(rng_next(r) % (uint64_t)(hi - lo + 1));
}

double rng_unif(Rng *r, double lo, double hi) {
    return lo + (hi - lo) * ((double)(rng_next(r) >> 11) / 9007199254740992.0);
}

double rng_log(Rng *r, double lo, double hi) {
    return exp(rng_unif(r, log(lo), log(hi)));
}

int rng_chance(Rng *r, double p) { return rng_unif(r, 0.0, 1.0) < p; }

void lput(Line *l, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    if (l->len < sizeof l->buf) {
        int k = vsnprintf(l->buf + l->len, sizeof l->buf - l->len, fmt, ap);
        if (k > 0) l->len += (size_t)k;
        if (l->len >= sizeof l->buf) l->len = sizeof l->buf - 1;
    }
    va_end(ap);
}

void lnum(Line *l, const char *key, double v) {
    if (isnan(v))
        lput(l, " %s=nan", key);
    else
        lput(l, " %s=%.17g", key, v);
}

static void seq_flush(Seq *s) {
    if (s->reps == 0) return;
    lput(s->l, "%s%d", s->count++ ? "," : "", s->last);
    if (s->reps > 1) lput(s->l, "*%d", s->reps);
}

void seq_start(Seq *s, Line *l) {
    s->l = l;
    s->reps = 0;
    s->count = 0;
    lput(l, " idid=");
}

void seq_add(Seq *s, int idid) {
    if (s->reps > 0 && idid == s->last) {
        s->reps++;
        return;
    }
    seq_flush(s);
    s->last = idid;
    s->reps = 1;
}

void seq_end(Seq *s) { seq_flush(s); }

/* ---- problems ---- */

static const char *const PROB_NAMES[P_COUNT] = {"lin", "brus", "rob", "dae"};

const char *prob_name(const Prob *p) { return PROB_NAMES[p->kind]; }

void prob_gen(Prob *p, Rng *r, int n, int kind) {
    p->kind = kind;
    p->n = n;
    p->e = rng_unif(r, 0.0, 6.0);
    p->c = rng_log(r, 1e-3, 10.0);
    p->w = rng_unif(r, 0.5, 5.0);
    if (kind == P_BRUS) p->c = rng_unif(r, 0.005, 0.03);
    if (kind == P_ROB) p->e = rng_unif(r, 0.0, 4.0);
}

int prob_bw(const Prob *p) { return (p->kind == P_BRUS || p->kind == P_ROB) ? 2 : 1; }

double prob_tend(const Prob *p) {
    switch (p->kind) {
    case P_ROB: return 40.0;
    case P_BRUS: return 1.0 + p->w;
    default: return 1.0 + 0.2 * p->w;
    }
}

static double lam(const Prob *p, int i, int m) {
    return pow(10.0, m > 1 ? p->e * i / (m - 1) : p->e);
}

/* The linear stiff chain with a cubic damping on components 0..m-1. */
static void lin_f(const Prob *p, int m, double t, const double *y, double *f) {
    for (int i = 0; i < m; i++) {
        double left = i > 0 ? y[i - 1] : 0.0, right = i + 1 < m ? y[i + 1] : 0.0;
        f[i] = -lam(p, i, m) * y[i] + p->c * (left - 2.0 * y[i] + right) -
               0.1 * y[i] * y[i] * y[i] + cos(p->w * t);
    }
}

static void lin_jac(const Prob *p, int m, const double *y, double *J, int n) {
    for (int i = 0; i < m; i++) {
        J[i + (size_t)i * n] = -lam(p, i, m) - 2.0 * p->c - 0.3 * y[i] * y[i];
        if (i > 0) J[i + (size_t)(i - 1) * n] = p->c;
        if (i + 1 < m) J[i + (size_t)(i + 1) * n] = p->c;
    }
}

void prob_f(const Prob *p, double t, const double *y, double *f) {
    int n = p->n;
    switch (p->kind) {
    case P_LIN: lin_f(p, n, t, y, f); break;
    case P_DAE:
        lin_f(p, n - 1, t, y, f);
        f[n - 2] -= 0.1 * y[n - 1];
        f[n - 1] = y[n - 2] * y[n - 2] - y[n - 1];
        break;
    case P_BRUS: {
        int m = n / 2;
        double k = p->c * (m + 1) * (m + 1);
        for (int i = 0; i < m; i++) {
            double u = y[2 * i], v = y[2 * i + 1];
            double ul = i > 0 ? y[2 * i - 2] : 1.0, ur = i + 1 < m ? y[2 * i + 2] : 1.0;
            double vl = i > 0 ? y[2 * i - 1] : 3.0, vr = i + 1 < m ? y[2 * i + 3] : 3.0;
            f[2 * i] = 1.0 + u * u * v - 4.0 * u + k * (ul - 2.0 * u + ur);
            f[2 * i + 1] = 3.0 * u - u * u * v + k * (vl - 2.0 * v + vr);
        }
        if (n % 2) f[n - 1] = -y[n - 1];
        break;
    }
    case P_ROB: {
        double k3 = 3e7 * pow(10.0, -p->e);
        int b = n / 3;
        for (int i = 0; i < b; i++) {
            const double *x = y + 3 * i;
            double *g = f + 3 * i;
            g[0] = -0.04 * x[0] + 1e4 * x[1] * x[2];
            g[2] = k3 * x[1] * x[1];
            g[1] = -g[0] - g[2];
        }
        for (int i = 3 * b; i < n; i++) f[i] = -y[i];
        break;
    }
    }
}

void prob_jac(const Prob *p, double t, const double *y, double *J) {
    int n = p->n;
    (void)t;
    memset(J, 0, sizeof(double) * (size_t)n * (size_t)n);
    switch (p->kind) {
    case P_LIN: lin_jac(p, n, y, J, n); break;
    case P_DAE:
        lin_jac(p, n - 1, y, J, n);
        J[(n - 2) + (size_t)(n - 1) * n] = -0.1;
        J[(n - 1) + (size_t)(n - 2) * n] = 2.0 * y[n - 2];
        J[(n - 1) + (size_t)(n - 1) * n] = -1.0;
        break;
    case P_BRUS: {
        int m = n / 2;
        double k = p->c * (m + 1) * (m + 1);
        for (int i = 0; i < m; i++) {
            int a = 2 * i, b = 2 * i + 1;
            double u = y[a], v = y[b];
            J[a + (size_t)a * n] = 2.0 * u * v - 4.0 - 2.0 * k;
            J[a + (size_t)b * n] = u * u;
            J[b + (size_t)a * n] = 3.0 - 2.0 * u * v;
            J[b + (size_t)b * n] = -u * u - 2.0 * k;
            if (i > 0) {
                J[a + (size_t)(a - 2) * n] = k;
                J[b + (size_t)(b - 2) * n] = k;
            }
            if (i + 1 < m) {
                J[a + (size_t)(a + 2) * n] = k;
                J[b + (size_t)(b + 2) * n] = k;
            }
        }
        if (n % 2) J[(n - 1) + (size_t)(n - 1) * n] = -1.0;
        break;
    }
    case P_ROB: {
        double k3 = 3e7 * pow(10.0, -p->e);
        int b = n / 3;
        for (int i = 0; i < b; i++) {
            int o = 3 * i;
            const double *x = y + o;
#define JJ(r, c) J[(o + (r)) + (size_t)(o + (c)) * n]
            JJ(0, 0) = -0.04;
            JJ(0, 1) = 1e4 * x[2];
            JJ(0, 2) = 1e4 * x[1];
            JJ(2, 1) = 2.0 * k3 * x[1];
            JJ(1, 0) = 0.04;
            JJ(1, 1) = -1e4 * x[2] - 2.0 * k3 * x[1];
            JJ(1, 2) = -1e4 * x[1];
#undef JJ
        }
        for (int i = 3 * b; i < n; i++) J[i + (size_t)i * n] = -1.0;
        break;
    }
    }
}

void prob_dfx(const Prob *p, double t, const double *y, double *fx) {
    int n = p->n;
    (void)y;
    /* Only the chain's forcing cos(w t) depends on t (all of LIN, DAE's ODE rows). */
    int m = p->kind == P_LIN ? n : p->kind == P_DAE ? n - 1 : 0;
    for (int i = 0; i < n; i++) fx[i] = i < m ? -p->w * sin(p->w * t) : 0.0;
}

void prob_y0(const Prob *p, double *y) {
    int n = p->n;
    switch (p->kind) {
    case P_LIN:
    case P_DAE:
        for (int i = 0; i < n; i++) y[i] = 1.0 + 0.5 * sin(i + 1.0);
        if (p->kind == P_DAE) y[n - 1] = y[n - 2] * y[n - 2];
        break;
    case P_BRUS:
        for (int i = 0; i < n / 2; i++) {
            y[2 * i] = 1.0 + sin(2.0 * M_PI * (i + 1.0) / (n / 2 + 1.0));
            y[2 * i + 1] = 3.0;
        }
        if (n % 2) y[n - 1] = 1.0;
        break;
    case P_ROB:
        for (int i = 0; i < n; i++) y[i] = (i % 3 == 0) ? 1.0 : 0.0;
        for (int i = 3 * (n / 3); i < n; i++) y[i] = 1.0;
        break;
    }
}

/* ---- callback spoiling ---- */

Inject inj;
const double inj_values[4] = {NAN, INFINITY, -INFINITY, 1e308};
static const char *const INJ_NAMES[4] = {"nan", "inf", "-inf", "1e308"};

const char *inj_name(int what) { return INJ_NAMES[what & 3]; }

int inj_hit(int cb) {
    long k = ++inj.calls[cb];
    return inj.cb == cb && k >= inj.at && k < inj.at + inj.len;
}

void inj_apply(int cb, double *v, long len) {
    if (inj_hit(cb) && len > 0) v[inj.comp % len] = inj_values[inj.what & 3];
}

/* ---- the loop ---- */

static const char *const CLASS[3] = {"IN", "NAN", "OUT"};

int fuzz_main(int argc, char **argv, const Entry *e) {
    if (argc < 3) {
        fprintf(stderr,
                "usage: %s SEED COUNT [FIRST] (env FUZZ_TIMEOUT, FUZZ_NAN_TIMEOUT, FUZZ_SKIP_OUT)\n",
                argv[0]);
        return 2;
    }
    uint64_t seed = strtoull(argv[1], NULL, 10);
    long count = atol(argv[2]), first = argc > 3 ? atol(argv[3]) : 0;
    const char *ts = getenv("FUZZ_TIMEOUT");
    unsigned timeout = ts ? (unsigned)atoi(ts) : 20;
    /* FUZZ_NAN_TIMEOUT: the time limit of NAN cases (for an original that loops for ever
     * on some of them). */
    const char *tn = getenv("FUZZ_NAN_TIMEOUT");
    unsigned nan_timeout = tn ? (unsigned)atoi(tn) : timeout;
    /* FUZZ_SKIP_OUT: out-of-contract cases are not run (for the original). */
    int skip_out = getenv("FUZZ_SKIP_OUT") != NULL;
    setenv("STIFFDAE_QUIET", "1", 0);
    setvbuf(stdout, NULL, _IOLBF, 0);
    long n_class[3] = {0}, n_crash = 0, n_hang = 0, n_stop = 0, n_mem = 0;
    void *c = malloc(e->case_size);
    for (long id = first; id < first + count; id++) {
        Rng r;
        const char *why = "";
        rng_seed(&r, seed, (uint64_t)id);
        memset(c, 0, e->case_size);
        int cls = e->gen(&r, c, &why);
        n_class[cls]++;
        if (skip_out && cls == C_OUT) {
            printf("%s %ld OUT skipped # %s\n", e->name, id, why);
            continue;
        }
        int fd[2];
        if (pipe(fd) != 0) {
            perror("pipe");
            return 2;
        }
        fflush(stdout);
        pid_t pid = fork();
        if (pid < 0) {
            perror("fork");
            return 2;
        }
        if (pid == 0) {
            close(fd[0]);
            /* The originals write their messages to unit 6 (standard output). */
            int null = open("/dev/null", O_WRONLY);
            if (null >= 0) dup2(null, 1);
            alarm(cls == C_NAN ? nan_timeout : timeout);
            memset(&inj, 0, sizeof inj);
            static Line l;
            l.len = 0;
            lput(&l, "%s %ld %s", e->name, id, CLASS[cls]);
            e->run(c, &l);
            lput(&l, " # %s\n", why);
            size_t off = 0;
            while (off < l.len) {
                ssize_t k = write(fd[1], l.buf + off, l.len - off);
                if (k <= 0) break;
                off += (size_t)k;
            }
            _exit(0);
        }
        close(fd[1]);
        static char out[sizeof(((Line *)0)->buf)];
        size_t got = 0;
        for (;;) {
            ssize_t k = read(fd[0], out + got, sizeof out - 1 - got);
            if (k < 0 && errno == EINTR) continue;
            if (k <= 0) break;
            got += (size_t)k;
        }
        out[got] = 0;
        close(fd[0]);
        int status;
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
        if (WIFSIGNALED(status)) {
            int sig = WTERMSIG(status);
            if (sig == SIGALRM) {
                n_hang++;
                printf("%s %ld %s HANG timeout=%us # %s\n", e->name, id, CLASS[cls],
                       cls == C_NAN ? nan_timeout : timeout, why);
            } else {
                n_crash++;
                printf("%s %ld %s CRASH signal=%d # %s\n", e->name, id, CLASS[cls], sig, why);
            }
        } else if (WEXITSTATUS(status) != 0 && got > 0) {
            n_mem++;
            printf("%s %ld %s MEMERR status=%d # %s\n", e->name, id, CLASS[cls],
                   WEXITSTATUS(status), why);
        } else if (got == 0) {
            n_stop++;
            printf("%s %ld %s STOP status=%d # %s\n", e->name, id, CLASS[cls],
                   WEXITSTATUS(status), why);
        } else {
            fputs(out, stdout);
        }
    }
    free(c);
    printf("SUMMARY %s seed=%llu first=%ld cases=%ld IN=%ld NAN=%ld OUT=%ld CRASH=%ld HANG=%ld "
           "STOP=%ld MEMERR=%ld\n",
           e->name, (unsigned long long)seed, first, count, n_class[0], n_class[1], n_class[2],
           n_crash, n_hang, n_stop, n_mem);
    return (n_crash || n_hang || n_stop || n_mem) ? 1 : 0;
}
