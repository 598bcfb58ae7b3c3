/* Differential fuzz of ddassl_ (FUZZ_DASKR 0) and ddaskr_ (FUZZ_DASKR 1), included by
 * fuzz_ddassl.c and fuzz_ddaskr.c (the two originals cannot share a program: they
 * define the same helper routines). Random sizes, band widths, every INFO slot,
 * IWORK/RWORK inputs, tolerances (aliased too), consistent or inconsistent y', IRES
 * flags, non-finite data and callback results, and multi-call sequences: output
 * points, INFO(3) = 1 step by step, TSTOP, IDID = -1 continued, roots (IDID = 5)
 * continued, IDID = 4 then the integration; for DDASKR the Krylov method (INFO(12) = 1)
 * with or without INFO(13)'s MAXL/KMP/NRMAX/EPLI (bad ones too) and a diagonal
 * preconditioner (INFO(15) = 1) whose JAC or PSOL may fail. One result line per case: the
 * IDID sequence, T reached, RWORK(3), IWORK(7), IWORK(11..15), a checksum of Y; for
 * Krylov cases IWORK(16), (19..21) too. */
#define _DEFAULT_SOURCE
#include "fuzz.h"
#include "stiffdae.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if FUZZ_DASKR
#define NINFO 20
#define REFUSED -33
#else
#define NINFO 15
#endif

enum { D_NONE, D_Y, D_YP, D_RTOL, D_ATOL, D_TSTOP, D_HMAX, D_H0, D_T, D_TOUT };
static const char *const DNAMES[] = {"",      "Y",    "YPRIME", "RTOL", "ATOL",
                                     "TSTOP", "HMAX", "H0",     "T",    "TOUT"};
enum { O_NONE, O_INFO1_FIRST, O_INFO1_NEG, O_AFTER_FAIL, O_KRYLOV, O_AFTER_IDID4 };

typedef struct {
    Prob p;
    int neq;
    int info[NINFO];
    int alias;
    double rtol, atol;
    int lrw, liw, ml, mu, maxord, nrt;
    double tstop, hmax, h0, tend, rthr;
    int yp_consistent, nseg, ncons, init_ctl;
    /* The Krylov method: INFO(13)'s values, and the JAC or PSOL call that fails. */
    int krylov, maxl, kmp, nrmax, kjac_at, kjac_ier, psol_at, psol_ier;
    double epli;
    int ires_at, ires_len, ires_val;
    int dat, dat_idx, dat_what;
    Inject inj;
    int out;
    char why[96];
} Case;

static Case *G;
static double *jbuf, *fbuf;
static long ires_calls;

static int is_alg(int i) { return G->p.kind == P_DAE && i == G->p.n - 1; }

static void residual(const double *t, const double *y, const double *yp, double *delta,
                     int32_t *ires) {
    int n = G->p.n;
    prob_f(&G->p, *t, y, fbuf);
    for (int i = 0; i < n; i++) delta[i] = is_alg(i) ? -fbuf[i] : yp[i] - fbuf[i];
    inj_apply(CB_F, delta, n);
    long k = ++ires_calls;
    if (G->ires_at && k >= G->ires_at && k < G->ires_at + G->ires_len) *ires = G->ires_val;
}

/* PD = dG/dy + CJ dG/dy' in full or banded storage. */
static void iteration_matrix(const double *t, const double *y, double *pd, double cj) {
    int n = G->p.n;
    prob_jac(&G->p, *t, y, jbuf);
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) {
            double v = (is_alg(i) ? 1.0 : -1.0) * jbuf[i + (size_t)j * n];
            if (i == j && !is_alg(i)) v += cj;
            if (G->info[5]) {
                int ml = G->ml, mu = G->mu;
                if (i - j > ml || j - i > mu) continue;
                pd[i - j + ml + mu + (size_t)j * (2 * ml + mu + 1)] = v;
            } else {
                pd[i + (size_t)j * n] = v;
            }
        }
    inj_apply(CB_JAC, pd, G->info[5] ? (long)(2 * G->ml + G->mu + 1) * n : (long)n * n);
}

#if FUZZ_DASKR
static void res(const double *t, const double *y, const double *yp, const double *cj,
                double *delta, int32_t *ires, double *rpar, int32_t *ipar) {
    (void)cj;
    (void)rpar;
    (void)ipar;
    residual(t, y, yp, delta, ires);
}

static void rt(const int32_t *neq, const double *t, const double *y, const double *yp,
               const int32_t *nrt, double *rval, double *rpar, int32_t *ipar) {
    (void)yp;
    (void)rpar;
    (void)ipar;
    double r[3] = {y[0] - G->rthr, *t - 0.37 * G->tend, y[*neq - 1] - 0.5 * G->rthr};
    for (int i = 0; i < *nrt; i++) rval[i] = r[i];
    inj_apply(CB_RT, rval, *nrt);
}
#else
static void res(const double *t, const double *y, const double *yp, double *delta,
                int32_t *ires, double *rpar, int32_t *ipar) {
    (void)rpar;
    (void)ipar;
    residual(t, y, yp, delta, ires);
}
#endif

static void jac(const double *t, const double *y, const double *yp, double *pd,
                const double *cj, double *rpar, int32_t *ipar) {
    (void)yp;
    (void)rpar;
    (void)ipar;
    iteration_matrix(t, y, pd, *cj);
}

#if FUZZ_DASKR
static long kjac_calls, psol_calls;

/* The Krylov JAC: the diagonal of dG/dy + CJ dG/dy' into WP (a Jacobi preconditioner). */
static void kjac(DaskrRes resf, int32_t *ires, const int32_t *neq, const double *t, double *y,
                 double *yp, const double *rewt, const double *savr, double *wk,
                 const double *h, const double *cj, double *wp, int32_t *iwp, int32_t *ier,
                 double *rpar, int32_t *ipar) {
    (void)resf, (void)ires, (void)yp, (void)rewt, (void)savr, (void)wk, (void)h;
    (void)rpar, (void)ipar;
    int n = *neq;
    prob_jac(&G->p, *t, y, jbuf);
    for (int i = 0; i < n; i++)
        wp[i] = is_alg(i) ? jbuf[i + (size_t)i * n] : *cj - jbuf[i + (size_t)i * n];
    inj_apply(CB_JAC, wp, n);
    iwp[0] = 1;
    *ier = ++kjac_calls == G->kjac_at ? G->kjac_ier : 0;
}

/* The Krylov PSOL: B / WP where WP is not zero. */
static void psol(const int32_t *neq, const double *t, const double *y, const double *yp,
                 const double *savr, double *wk, const double *cj, const double *wght,
                 double *wp, int32_t *iwp, double *b, const double *eplin, int32_t *ier,
                 double *rpar, int32_t *ipar) {
    (void)t, (void)y, (void)yp, (void)savr, (void)wk, (void)cj, (void)wght, (void)iwp;
    (void)eplin, (void)rpar, (void)ipar;
    for (int i = 0; i < *neq; i++)
        if (wp[i] != 0.0) b[i] = b[i] / wp[i];
    *ier = ++psol_calls == G->psol_at ? G->psol_ier : 0;
}
#endif

static void lengths(Case *c) {
    int n = c->neq, ml = c->ml, mu = c->mu;
    int lenpd = n * n, extra = 0;
    if (c->info[5]) {
        lenpd = (2 * ml + mu + 1) * n;
        if (!c->info[4]) extra = 2 * (n / (ml + mu + 1) + 1);
    }
#if FUZZ_DASKR
    int ncphi = c->maxord + 1 > 4 ? c->maxord + 1 : 4;
    c->lrw = 60 + 3 * c->nrt + (ncphi + 3) * n + lenpd + extra + (c->info[15] ? n : 0);
    int lenic = (c->info[9] == 1 || c->info[9] == 3) ? n : 0;
    int lenid = (c->info[10] == 1 || c->info[15] == 1) ? n : 0;
    c->liw = 40 + lenic + lenid + n;
    if (c->krylov) {
        /* The prologue's LRW and LIW for INFO(12) = 1 (LENWP = NEQ, LENIWP = 1). */
        int maxl = c->info[12] ? c->maxl : (n < 5 ? n : 5);
        int kmp = c->info[12] ? c->kmp : maxl;
        int lenwp = c->info[14] ? n : 0, leniwp = c->info[14] ? 1 : 0;
        int one = maxl - kmp < 1 ? maxl - kmp : 1;
        lenpd = (maxl + 3 + one) * n + (maxl + 3) * maxl + 1 + lenwp;
        c->lrw = 60 + 3 * c->nrt + (c->maxord + 5) * n + lenpd + (c->info[15] ? n : 0);
        c->liw = 40 + lenic + lenid + leniwp;
    }
#else
    c->lrw = 40 + (c->maxord + 4) * n + lenpd + extra;
    c->liw = 20 + n;
#endif
}

static int gen(Rng *r, void *vc, const char **why) {
    Case *c = vc;
    int kind = rng_int(r, 0, P_COUNT - 1);
    int n = rng_chance(r, 0.7) ? rng_int(r, 1, 12)
            : rng_chance(r, 0.7) ? rng_int(r, 13, 60)
                                 : rng_int(r, 61, 200);
    if ((kind == P_DAE || kind == P_BRUS) && n < 2) n = 2;
    prob_gen(&c->p, r, n, kind);
    c->neq = n;
    c->tend = prob_tend(&c->p);
    int *info = c->info;
    info[1] = rng_chance(r, 0.4);
    info[2] = rng_chance(r, 0.2);
    info[4] = rng_chance(r, 0.5);
    if (n > 1 && rng_chance(r, 0.35)) {
        int bw = prob_bw(&c->p);
        info[5] = 1;
        c->ml = rng_chance(r, 0.8) ? (bw < n ? bw : n - 1) : rng_int(r, 0, n - 1);
        c->mu = rng_chance(r, 0.8) ? (bw < n ? bw : n - 1) : rng_int(r, 0, n - 1);
        if (rng_chance(r, 0.03)) c->ml = n; /* refused by the original */
    }
    c->maxord = 5;
    if (rng_chance(r, 0.15)) {
        info[8] = 1;
        c->maxord = rng_int(r, 1, 5);
    }
    if (rng_chance(r, 0.15)) {
        info[6] = 1;
        c->hmax = c->tend * rng_log(r, 1e-3, 1.0);
    }
    if (rng_chance(r, 0.2)) {
        info[7] = 1;
        c->h0 = rng_log(r, 1e-9, 1e-1);
    }
    if (rng_chance(r, 0.1)) info[9] = 1;
    c->yp_consistent = rng_chance(r, 0.7);
    if (rng_chance(r, 0.25)) info[10] = 1;
    c->rtol = rng_log(r, 1e-10, 1e-2);
    c->atol = rng_chance(r, 0.5) ? c->rtol : c->rtol * rng_log(r, 1e-3, 1e3);
    c->alias = rng_chance(r, 0.15);
    if (rng_chance(r, 0.03)) c->rtol = -1e-6; /* refused */
    if (rng_chance(r, 0.03)) c->atol = 0.0;   /* both zero with rtol 0: refused */
    if (rng_chance(r, 0.03)) c->rtol = 0.0;
    if (rng_chance(r, 0.2)) {
        info[3] = 1;
        c->tstop = c->tend * rng_unif(r, 0.2, 1.2);
    }
    c->nseg = rng_chance(r, 0.6) ? 1 : rng_int(r, 2, 6);
    if (rng_chance(r, 0.02)) info[rng_int(r, 1, NINFO - 1)] = rng_chance(r, 0.5) ? 2 : -1;
#if FUZZ_DASKR
    c->nrt = rng_chance(r, 0.4) ? rng_int(r, 1, 3) : 0;
    c->rthr = rng_unif(r, 0.2, 1.5);
    if (info[9] == 1 && rng_chance(r, 0.5)) info[9] = rng_int(r, 2, 3);
    if (info[10] == 1 && rng_chance(r, 0.3)) info[10] = 2;
    if (info[10]) {
        info[13] = rng_chance(r, 0.3);
        if (rng_chance(r, 0.15)) {
            info[16] = 1;
            c->init_ctl = 1;
        }
    }
    if (rng_chance(r, 0.1)) info[15] = 1;
    if (rng_chance(r, 0.05)) info[17] = rng_int(r, 1, 2);
    if (rng_chance(r, 0.15)) {
        c->krylov = 1;
        info[11] = 1;
        if (rng_chance(r, 0.5)) {
            info[12] = 1;
            c->maxl = rng_int(r, 1, n < 8 ? n : 8);
            c->kmp = rng_int(r, 1, c->maxl);
            c->nrmax = rng_int(r, 0, 3);
            c->epli = rng_log(r, 0.005, 0.5);
            if (rng_chance(r, 0.05)) c->maxl = n + 1;      /* refused */
            if (rng_chance(r, 0.05)) c->kmp = c->maxl + 1; /* refused */
        }
        if (rng_chance(r, 0.6)) {
            info[14] = 1;
            if (rng_chance(r, 0.15)) {
                c->kjac_at = rng_int(r, 1, 20);
                c->kjac_ier = rng_chance(r, 0.5) ? 1 : -1;
            }
            if (rng_chance(r, 0.15)) {
                c->psol_at = rng_int(r, 1, 80);
                c->psol_ier = rng_chance(r, 0.5) ? 1 : -1;
            }
        }
    }
#endif
    if (rng_chance(r, 0.1)) {
        c->ires_at = rng_int(r, 1, 60);
        c->ires_len = rng_chance(r, 0.5) ? 1 : rng_int(r, 2, 30);
        c->ires_val = rng_chance(r, 0.7) ? -1 : -2;
    }
    lengths(c);
    if (rng_chance(r, 0.04)) c->lrw = rng_int(r, c->lrw / 2, c->lrw - 1);  /* refused */
    if (rng_chance(r, 0.04)) c->liw = rng_int(r, c->liw / 2, c->liw - 1);
    if (rng_chance(r, 0.1)) c->lrw += rng_int(r, 1, 40);
    if (rng_chance(r, 0.02)) c->neq = rng_chance(r, 0.5) ? 0 : -2; /* refused */

    int cls = C_IN;
    double u = rng_unif(r, 0, 1);
    if (u < 0.25) {
        cls = C_NAN;
        int what = rng_int(r, 0, 3);
        if (rng_chance(r, 0.45)) {
            c->dat = rng_int(r, D_Y, D_TOUT);
            c->dat_what = what;
            c->dat_idx = rng_int(r, 0, n - 1);
            if (c->dat == D_TSTOP) info[3] = 1;
            if (c->dat == D_HMAX) info[6] = 1;
            if (c->dat == D_H0) info[7] = 1;
            snprintf(c->why, sizeof c->why, "%s(%d)=%s", DNAMES[c->dat], c->dat_idx + 1,
                     inj_name(what));
        } else {
            int cb = CB_F;
            if ((info[4] || (c->krylov && info[14])) && rng_chance(r, 0.35)) cb = CB_JAC;
#if FUZZ_DASKR
            if (c->nrt && rng_chance(r, 0.3)) cb = CB_RT;
#endif
            c->inj.cb = cb;
            c->inj.at = rng_int(r, 1, 60);
            c->inj.len = rng_chance(r, 0.6) ? 1 : 1000000000L;
            c->inj.what = what;
            c->inj.comp = rng_int(r, 0, 1 << 20);
            snprintf(c->why, sizeof c->why, "%s call %ld%s=%s",
                     cb == CB_F ? "RES" : cb == CB_JAC ? "JAC" : "RT", c->inj.at,
                     c->inj.len > 1 ? "+" : "", inj_name(what));
        }
    } else if (u < 0.37) {
        cls = C_OUT;
        switch (rng_int(r, 0, FUZZ_DASKR ? 4 : 2)) {
        case 0: c->out = O_INFO1_FIRST; break;
        case 1: c->out = O_INFO1_NEG; break;
        case 2: c->out = O_AFTER_FAIL; break;
        case 3: c->out = O_KRYLOV; break;
        default: c->out = O_AFTER_IDID4; break;
        }
        static const char *const ON[] = {"",
                                         "INFO(1)=1 on a first call",
                                         "INFO(1)=-1 on a first call",
                                         FUZZ_DASKR ? "INFO(1)=1 after IDID=-11" : "a call after IDID=-33 without a fix",
                                         "INFO(12)=1 with no PSOL",
                                         "INFO(1)=1 right after IDID=4"};
        snprintf(c->why, sizeof c->why, "%s", ON[c->out]);
        if (c->neq <= 0) c->neq = n;
#if FUZZ_DASKR
        /* The out-of-contract calls use the direct method's arrays. */
        c->krylov = 0;
        info[11] = info[12] = info[14] = 0;
#endif
        lengths(c);
        for (int i = 1; i < NINFO; i++)
            if (info[i] < 0 || info[i] > 1) info[i] = 0;
        if (c->out == O_AFTER_FAIL) {
#if FUZZ_DASKR
            /* After IRES = -2 the original's text says "determine the cause before trying
             * again", and INFO(1) = 1 retries the step it restored: in contract once an
             * iteration matrix has been factored (retried only after an accepted step).
             * From the first RES call on, the retry would solve with pivots never set. */
            c->ires_at = rng_chance(r, 0.5) ? 1 : rng_int(r, 2, 200);
            c->ires_len = 1;
            c->ires_val = -2;
            if (c->ires_at > 1) {
                cls = C_IN;
            } else {
                snprintf(c->why, sizeof c->why, "%s",
                         "ub: INFO(1)=1 after IDID=-11 at the first RES call (the matrix may be unset)");
            }
#else
            c->rtol = -1.0;
#endif
        }
        if (c->out == O_AFTER_IDID4) {
            info[10] = 2;
            info[13] = 1;
            info[16] = 0;
            lengths(c);
        }
    } else {
        snprintf(c->why, sizeof c->why, "%s n=%d", prob_name(&c->p), n);
    }
    /* Work arrays shorter than their fixed part: the original writes the statistics
     * slots (IWORK(16), ...) before it refuses them. */
    if (cls != C_OUT && c->neq > 0 &&
        (c->liw < (FUZZ_DASKR ? 40 : 20) || c->lrw < (FUZZ_DASKR ? 60 : 40))) {
        cls = C_OUT;
        snprintf(c->why, sizeof c->why, "LIW=%d/LRW=%d below the fixed part", c->liw, c->lrw);
    }
#if !FUZZ_DASKR
    /* DDASSL's DDASTP tests IER after a RES call with IRES < 0, and IER is only set by
     * DDAJAC: before the first iteration matrix of a step it is an uninitialised local,
     * so the original's response to IRES < 0 is undefined. */
    if (c->ires_at && cls != C_OUT) {
        cls = C_OUT;
        snprintf(c->why, sizeof c->why, "ub: IRES=%d (the original reads DDASTP's unset IER)",
                 c->ires_val);
    }
#endif
    *why = c->why;
    return cls;
}

static void run(void *vc, Line *l) {
    Case *c = vc;
    G = c;
    inj = c->inj;
    memset(inj.calls, 0, sizeof inj.calls);
    int n = c->p.n;
    int32_t neq = c->neq;
    double *y = malloc(sizeof(double) * (size_t)n), *yp = malloc(sizeof(double) * (size_t)n);
    jbuf = malloc(sizeof(double) * (size_t)n * (size_t)n);
    fbuf = malloc(sizeof(double) * (size_t)n);
    prob_y0(&c->p, y);
    prob_f(&c->p, 0.0, y, yp);
    for (int i = 0; i < n; i++)
        if (!c->yp_consistent || is_alg(i)) yp[i] = 0.0;
    int ntol = c->info[1] ? n : 1;
    double *rtol = malloc(sizeof(double) * (size_t)ntol);
    double *atol = c->alias ? rtol : malloc(sizeof(double) * (size_t)ntol);
    for (int i = 0; i < ntol; i++) {
        rtol[i] = c->rtol * (1.0 + 0.25 * (i % 3));
        if (!c->alias) atol[i] = c->atol * (1.0 + 0.5 * (i % 2));
    }
    int32_t lrw = c->lrw, liw = c->liw, idid = 0;
    double *rwork = malloc(sizeof(double) * (size_t)(lrw > 0 ? lrw : 1));
    int32_t *iwork = malloc(sizeof(int32_t) * (size_t)(liw > 0 ? liw : 1));
    int32_t info[NINFO];
    for (int i = 0; i < NINFO; i++) info[i] = c->info[i];
    /* Garbage state for INFO(1) = 1 on a first call; zeros otherwise. */
    for (int i = 0; i < lrw; i++) rwork[i] = c->out == O_INFO1_FIRST ? 0.5 + i : 0.0;
    for (int i = 0; i < liw; i++) iwork[i] = c->out == O_INFO1_FIRST ? 3 : 0;
    if (c->out == O_INFO1_FIRST) info[0] = 1;
    if (c->out == O_INFO1_NEG) info[0] = -1;
    if (c->out == O_KRYLOV) info[11] = 1;
    if (lrw >= 7) {
        rwork[0] = c->tstop;
        rwork[1] = c->hmax;
        rwork[2] = c->h0;
    }
    if (liw >= 3) {
        iwork[0] = c->ml;
        iwork[1] = c->mu;
        iwork[2] = c->maxord;
    }
#if FUZZ_DASKR
    int lid = (c->info[9] == 1 || c->info[9] == 3) ? 40 + n : 40;
    if (c->info[9] == 1 || c->info[9] == 3)
        for (int i = 0; i < n && 40 + i < liw; i++)
            iwork[40 + i] = c->p.kind == P_ROB ? 1 : (i % 3 == 0 ? 0 : 1) * (c->p.kind == P_BRUS ? 2 : 0);
    if (c->info[10] == 1 || c->info[15] == 1)
        for (int i = 0; i < n && lid + i < liw; i++) iwork[lid + i] = is_alg(i) ? -1 : 1;
    if (c->init_ctl && liw >= 35 && lrw >= 15) {
        iwork[31] = 3;
        iwork[32] = 4;
        iwork[33] = 6;
        iwork[34] = 1;
        rwork[14] = 0.02;
    }
    if (c->krylov && liw >= 28 && lrw >= 10) {
        if (c->info[12]) {
            iwork[23] = c->maxl;
            iwork[24] = c->kmp;
            iwork[25] = c->nrmax;
            rwork[9] = c->epli;
        }
        iwork[26] = c->info[14] ? n : 0;
        iwork[27] = c->info[14] ? 1 : 0;
    }
    int32_t nrt = c->nrt;
    int32_t *jroot = malloc(sizeof(int32_t) * (size_t)(nrt > 0 ? nrt : 1));
    DaskrJac jacobian = c->info[4] ? jac : NULL;
    const void *precond = NULL;
    if (c->krylov) {
        jacobian = c->info[14] ? (DaskrJac)(void (*)(void))kjac : NULL;
        precond = (const void *)psol;
    }
#endif
    double t = 0.0, tout_last = c->tend;
    double v = c->dat ? inj_values[c->dat_what & 3] : 0.0;
    switch (c->dat) {
    case D_Y: y[c->dat_idx % n] = v; break;
    case D_YP: yp[c->dat_idx % n] = v; break;
    case D_RTOL: rtol[c->dat_idx % ntol] = v; break;
    case D_ATOL: atol[c->dat_idx % ntol] = v; break;
    case D_TSTOP: if (lrw > 0) rwork[0] = v; break;
    case D_HMAX: if (lrw > 1) rwork[1] = v; break;
    case D_H0: if (lrw > 2) rwork[2] = v; break;
    case D_T: t = v; break;
    case D_TOUT: tout_last = v; break;
    }
    double rpar[1] = {0.0};
    int32_t ipar[1] = {0};
    Seq s;
    seq_start(&s, l);
    int seg = 0, calls = 0, cont_m1 = 0;
    /* Whether the out-of-contract call was made (not when the run failed before it). */
    int oc = c->out == O_INFO1_FIRST || c->out == O_INFO1_NEG || c->out == O_KRYLOV;
#if FUZZ_DASKR
    int roots = 0;
    char rootbuf[128] = "";
    size_t rlen = 0;
#endif
    /* Large systems get fewer calls and no continuation after IDID = -1 (time). */
    int max_calls = n > 60 ? 1000 : 4000, max_cont = n > 60 ? 0 : 3;
    while (seg < c->nseg && calls < max_calls) {
        double tout = seg + 1 == c->nseg ? tout_last : c->tend * (seg + 1) / c->nseg;
        if (info[3] && lrw > 0 && rwork[0] < tout && rwork[0] > t) tout = rwork[0];
#if FUZZ_DASKR
        ddaskr_(res, &neq, &t, y, yp, &tout, info, rtol, atol, &idid, rwork, &lrw, iwork, &liw,
                rpar, ipar, jacobian, precond, nrt ? rt : NULL, &nrt, jroot);
#else
        ddassl_(res, &neq, &t, y, yp, &tout, info, rtol, atol, &idid, rwork, &lrw, iwork, &liw,
                rpar, ipar, c->info[4] ? jac : NULL);
#endif
        calls++;
        seq_add(&s, idid);
        if (c->out == O_AFTER_FAIL && idid < -1 && calls == 1 &&
            (!FUZZ_DASKR || c->ires_at == 1 || (liw > 10 && iwork[10] > 0))) {
            info[0] = 1; /* call again without reacting to the failure */
            oc = 1;
            continue;
        }
        if (idid == 1) {
            info[0] = 1;
            continue;
        }
        if (idid == 2 || idid == 3) {
            info[0] = 1;
            if (info[3] && lrw > 0 && t >= rwork[0] && rwork[0] < c->tend) {
                rwork[0] = c->tend; /* a new TSTOP */
                continue;
            }
            if (t >= tout) seg++;
            continue;
        }
        if (idid == -1 && cont_m1 < max_cont) {
            cont_m1++;
            info[0] = 1;
            continue;
        }
#if FUZZ_DASKR
        if (idid == 4) {
            if (c->out == O_AFTER_IDID4) {
                info[0] = 1;
                info[10] = 0;
                info[13] = 0;
                c->out = O_NONE;
                oc = 1;
                continue;
            }
            info[0] = 0;
            info[10] = 0;
            info[13] = 0;
            continue;
        }
        if (idid == 5) {
            info[0] = 1;
            /* JROOT of the first roots: one of "-0+" per root function. */
            if (roots++ < 8) {
                if (roots > 1) rootbuf[rlen++] = ',';
                for (int i = 0; i < nrt; i++)
                    rootbuf[rlen++] = jroot[i] < 0 ? '-' : jroot[i] > 0 ? '+' : '0';
            }
            continue;
        }
#endif
        break;
    }
    seq_end(&s);
    lnum(l, "t", t);
    /* After IDID = -12 the original stores an H it never set. */
    if (idid == -12)
        lput(l, " h=unset");
    else
        lnum(l, "h", lrw >= 3 ? rwork[2] : 0.0);
    lput(l, " k=%d st=", liw >= 8 ? iwork[6] : 0);
    for (int i = 10; i < 15; i++) lput(l, "%s%d", i > 10 ? "," : "", i < liw ? iwork[i] : 0);
#if FUZZ_DASKR
    lput(l, ",%d roots=%s", liw >= 36 ? iwork[35] : 0, rootbuf);
    if (c->krylov)
        lput(l, " kry=%d,%d,%d,%d", liw > 15 ? iwork[15] : 0, liw > 18 ? iwork[18] : 0,
             liw > 19 ? iwork[19] : 0, liw > 20 ? iwork[20] : 0);
#endif
    double ys = 0.0;
    for (int i = 0; i < n; i++) ys += y[i];
    lnum(l, "ysum", ys);
    if (c->out != O_NONE || oc) lput(l, " oc=%d", oc);
}

int main(int argc, char **argv) {
    const Entry e = {FUZZ_DASKR ? "ddaskr" : "ddassl", sizeof(Case), gen, run};
    return fuzz_main(argc, argv, &e);
}
