/* Differential fuzz of radau5_ with contr5_ (FUZZ_RADAU 0), radau_ with contra_
 * (FUZZ_RADAU 1) and rodas_ with contro_ (FUZZ_RODAS 1), included by fuzz_radau5.c,
 * fuzz_radau.c and fuzz_rodas.c (the originals cannot share a program: they define the
 * same linear-algebra routines): random sizes, band widths, mass matrices, tolerances
 * (aliased too), every WORK/IWORK input slot (RADAU's stage numbers IWORK(11..13) and
 * order-change thresholds WORK(10..13) too; RODAS's IFCN, DFX/IDFX, NMAX, coefficient set
 * and step control), SOLOUT with dense output and interruption, non-finite data and
 * callback results, and multi-call runs. One result line per case: the IDID sequence, X
 * and H reached, IWORK(14..20), a checksum of Y and of the dense-output values. RADAU5's
 * cases do not depend on RADAU's or RODAS's draws (those sit behind FUZZ_RADAU and
 * FUZZ_RODAS). */
#define _DEFAULT_SOURCE
#include "fuzz.h"
#include "stiffdae.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

enum { D_NONE, D_Y, D_RTOL, D_ATOL, D_WORK, D_H, D_XEND, D_X };
static const char *const DNAMES[] = {"", "Y", "RTOL", "ATOL", "WORK", "H", "XEND", "X"};
enum { K_NONE, K_SUM, K_FOREIGN, K_BADI, K_NANS };

#ifndef FUZZ_RODAS
#define FUZZ_RODAS 0
#endif

#if FUZZ_RODAS
#define ENTRY "rodas"
#define SOLVER rodas_
#define CONTR contro_
#define DENSE "contro"
#define NWORK 10
/* WORK(1..5) are RODAS's parameters. */
#define NWPAR 5
#elif FUZZ_RADAU
#define ENTRY "radau"
#define SOLVER radau_
#define CONTR contra_
#define DENSE "contra"
#define NWORK 13
#define NWPAR 9
#else
#define ENTRY "radau5"
#define SOLVER radau5_
#define CONTR contr5_
#define DENSE "contr5"
#define NWORK 10
#define NWPAR 9
#endif

typedef struct {
    Prob p;
    int n; /* the N passed */
    int itol, alias, ijac, mljac, mujac, imas, mlmas, mumas, iout, ro;
    int lwork, liwork;
    double work[NWORK];
    int iwork[NWORK];
    double h0, rtol, atol;
    int nseg;
    int dat, dat_idx, dat_what;
    Inject inj;
    int contr, irtrn_at, oc;
    int ns_bad; /* RADAU's IWORK(13) out of contract */
    int ifcn, idfx; /* RODAS's */
    char why[96];
} Case;

static Case *G;

/* M1 (IWORK(9)) when it is a valid one, else 0. */
static int m1_of(const Case *c) {
    int m1 = c->iwork[8];
    return m1 > 0 && m1 < c->n ? m1 : 0;
}
static double *jbuf;
static long nout;
static double csum;

static void fcn(const int32_t *n, const double *x, const double *y, double *f, double *rpar,
                int32_t *ipar) {
    (void)rpar;
    (void)ipar;
    prob_f(&G->p, *x, y, f);
    inj_apply(CB_F, f, *n);
}

#if FUZZ_RODAS
static void dfx(const int32_t *n, const double *x, const double *y, double *fx, double *rpar,
                int32_t *ipar) {
    (void)rpar;
    (void)ipar;
    prob_dfx(&G->p, *x, y, fx);
    inj_apply(CB_DFX, fx, *n);
}
#endif

static void jac(const int32_t *n, const double *x, const double *y, double *dfy,
                const int32_t *ldfy, double *rpar, int32_t *ipar) {
    (void)rpar;
    (void)ipar;
    int nn = *n, ld = *ldfy, m1 = m1_of(G);
    prob_jac(&G->p, *x, y, jbuf);
    if (G->mljac < nn - m1) {
        int ml = G->mljac, mu = G->mujac;
        for (int j = 0; j < nn; j++)
            for (int i = j - mu; i <= j + ml; i++)
                if (i >= 0 && i < nn) dfy[i - j + mu + (size_t)j * ld] = jbuf[i + (size_t)j * nn];
    } else {
        /* Full: the last N - M1 rows (all of them without M1). */
        for (int j = 0; j < nn; j++)
            for (int i = m1; i < nn; i++)
                dfy[i - m1 + (size_t)j * ld] = jbuf[i + (size_t)j * nn];
    }
    inj_apply(CB_JAC, dfy, (long)ld * nn);
}

static void mas(const int32_t *n, double *am, const int32_t *lmas, double *rpar,
                int32_t *ipar) {
    (void)rpar;
    (void)ipar;
    /* With M1 > 0 the mass matrix is the trailing (N - M1) square block, and the codes
     * call MAS with N - M1 as N. */
    int m1 = m1_of(G), nm1 = *n, ld = *lmas, last = G->n - 1;
    int banded = G->mlmas < nm1;
    for (int j = 0; j < nm1; j++) {
        for (int i = 0; i < ld; i++) am[i + (size_t)j * ld] = 0.0;
        double d = (G->p.kind == P_DAE && j + m1 == last) ? 0.0 : 1.0;
        am[(banded ? G->mumas : j) + (size_t)j * ld] = d;
    }
    inj_apply(CB_MAS, am, (long)ld * nm1);
}

static void solout(const int32_t *nr, const double *xold, const double *x, const double *y,
                   const double *cont, const int32_t *lrc, const int32_t *n, double *rpar,
                   int32_t *ipar, int32_t *irtrn) {
    (void)y;
    (void)rpar;
    (void)ipar;
    nout++;
    if (*nr > 1 && G->contr != K_NONE) {
        double s = *xold + 0.3 * (*x - *xold);
        int32_t i = 1 + (int32_t)(nout % *n);
        switch (G->contr) {
        case K_SUM:
            csum += CONTR(&i, &s, cont, lrc);
            csum += CONTR(&i, x, cont, lrc);
            break;
        case K_FOREIGN: {
            double *fake = calloc((size_t)*lrc, sizeof(double));
            csum += CONTR(&i, &s, fake, lrc);
            free(fake);
            break;
        }
        case K_BADI: {
            int32_t bad = (nout % 2) ? 0 : *n + 1;
            csum += CONTR(&bad, &s, cont, lrc);
            break;
        }
        case K_NANS: {
            double ns = NAN;
            csum += CONTR(&i, &ns, cont, lrc);
            break;
        }
        }
    }
    if (nout == G->irtrn_at) *irtrn = -1;
}

/* The stages the work arrays are laid out for: 3, or RADAU's NSMAX from IWORK(12) as
 * the original rounds it (RODAS has no stages: unused). */
static int stages(const Case *c) {
#if FUZZ_RADAU
    int v = c->iwork[11];
    if (v == 0) return 7;
    int ns = v < 7 ? v : 7;
    if (v <= 6) ns = v < 5 ? v : 5;
    if (v <= 4) ns = v < 3 ? v : 3;
    if (v <= 2) ns = 1;
    return ns;
#else
    (void)c;
    return 3;
#endif
}

/* LWORK as the original computes it. */
static int min_lwork(const Case *c) {
    int n = c->n, nm1 = n - m1_of(c), ns = stages(c);
    int banded = c->mljac < nm1;
    int ljac = banded ? c->mljac + c->mujac + 1 : nm1;
    int le = banded ? 2 * c->mljac + c->mujac + 1 : nm1;
    int lmas = c->imas ? (c->mlmas == nm1 ? nm1 : c->mlmas + c->mumas + 1) : 0;
#if FUZZ_RODAS
    (void)ns;
    return 20 + 14 * n + n * ljac + nm1 * (lmas + le);
#else
    return n * (ljac + 3 * ns + 3) + nm1 * (lmas + ns * le) + 20;
#endif
}

/* LIWORK as the original computes it. */
static int min_liwork(const Case *c) {
    int nm1 = c->n - m1_of(c), ns = stages(c);
#if FUZZ_RODAS
    (void)ns;
    return 20 + nm1;
#elif FUZZ_RADAU
    return 20 + 2 * nm1 + nm1 * (ns - 1) / 2;
#else
    (void)nm1;
    (void)ns;
    return 3 * c->n + 20;
#endif
}

#if FUZZ_RODAS
/* RODAS's banded difference Jacobian with M1 > 0 groups columns with the stride
 * MIN(MBJAC, N) and, when that stride plus M1 exceeds N, perturbs Y past its end:
 * stiffdae refuses it (README). */
static int past_y(const Case *c) {
    int n = c->n, m1 = m1_of(c), nm1 = n - m1;
    int m2 = c->iwork[9] > 0 ? c->iwork[9] : m1;
    int md = c->mljac + c->mujac + 1 < n ? c->mljac + c->mujac + 1 : n;
    return !c->ijac && m1 > 0 && m2 > 0 && c->mljac < nm1 && md + (m1 / m2) * m2 > n;
}

/* RODAS's parameters: IFCN and IDFX, WORK(1..5) = UROUND, HMAX, the step-ratio bounds
 * and SAFE, IWORK(1..3) = NMAX, the coefficient set and the step control, IWORK(9..10) =
 * M1, M2 (banded and full Jacobians and masses both); defaults mostly, tuned, boundary
 * or refused values sometimes. */
static void gen_rodas(Rng *r, Case *c) {
    int n = c->n;
    double *w = c->work;
    int *iw = c->iwork;
    c->ifcn = rng_int(r, 0, 1);
    c->idfx = rng_int(r, 0, 1);
    if (rng_chance(r, 0.1)) w[0] = rng_chance(r, 0.7) ? rng_log(r, 1e-16, 1e-13) : 2.0;
    if (rng_chance(r, 0.05)) {
        /* A large UROUND: the step-size check 0.1|H| <= |X| UROUND ends runs with -3. */
        w[0] = rng_log(r, 1e-6, 1e-3);
        if (c->rtol <= 10.0 * w[0]) c->rtol = 20.0 * w[0];
    }
    if (rng_chance(r, 0.1)) {
        w[1] = prob_tend(&c->p) * rng_log(r, 1e-3, 2.0);
        if (rng_chance(r, 0.2)) w[1] = -w[1]; /* |HMAX| is taken */
    }
    if (rng_chance(r, 0.15))
        w[2] = rng_chance(r, 0.15) ? -1.0 : rng_chance(r, 0.15) ? 1.5 : rng_chance(r, 0.15) ? 1.0
                                                                   : rng_unif(r, 0.05, 0.95);
    if (rng_chance(r, 0.15)) w[3] = rng_chance(r, 0.15) ? 0.5 : rng_chance(r, 0.1) ? -4.0 : rng_unif(r, 1.5, 12.0);
    if (rng_chance(r, 0.1)) w[4] = rng_chance(r, 0.8) ? rng_unif(r, 0.5, 0.99) : rng_chance(r, 0.5) ? 1e-4 : 1.5;
    /* NMAX: at most 20 000 steps mostly, 2 000 from N = 61 on (the default 100 000,
     * and 20 000 steps of a full N = 179, take longer than the time limit on a loaded
     * machine), a few steps to exceed it, or refused. */
    iw[0] = rng_chance(r, 0.1) && n <= 12 ? 0 : n > 60 ? 2000 : 20000;
    if (rng_chance(r, 0.08)) iw[0] = rng_chance(r, 0.85) ? rng_int(r, 1, 30) : -rng_int(r, 1, 5);
    if (rng_chance(r, 0.6)) iw[1] = rng_chance(r, 0.95) ? rng_int(r, 1, 3) : rng_chance(r, 0.5) ? 4 : -1;
    if (rng_chance(r, 0.4)) iw[2] = rng_chance(r, 0.9) ? rng_int(r, 1, 2) : rng_int(r, -3, 5);
    if (n >= 2 && rng_chance(r, 0.1)) {
        /* M1 a multiple of M2 (IWORK(10) = 0: M2 = M1). */
        int m1 = rng_int(r, 1, n / 2), k = rng_int(r, 1, 3), nm1 = n - m1;
        iw[8] = m1;
        iw[9] = rng_chance(r, 0.3) ? 0 : m1 % k == 0 ? m1 / k : m1;
        if (rng_chance(r, 0.5)) {
            c->mljac = nm1;
        } else {
            c->mljac = rng_int(r, 0, nm1 - 1);
            c->mujac = rng_int(r, 0, nm1 - 1);
        }
        if (c->imas) {
            if (rng_chance(r, 0.5)) {
                c->mlmas = c->mumas = nm1;
            } else {
                c->mlmas = rng_int(r, 0, c->mljac < nm1 ? c->mljac : nm1 - 1);
                c->mumas = rng_int(r, 0, c->mljac < nm1 ? c->mujac : nm1 - 1);
            }
        }
    }
    if (rng_chance(r, 0.03)) iw[8] = rng_chance(r, 0.5) ? -1 : n + 1; /* refused */
    if (rng_chance(r, 0.02)) iw[9] = n; /* M1 + M2 > N: refused */
}
#endif

static int gen(Rng *r, void *vc, const char **why) {
    Case *c = vc;
    int kind = rng_int(r, 0, P_COUNT - 1);
    int n = rng_chance(r, 0.7) ? rng_int(r, 1, 12)
            : rng_chance(r, 0.7) ? rng_int(r, 13, 60)
                                 : rng_int(r, 61, 200);
    if ((kind == P_DAE || kind == P_BRUS) && n < 2) n = 2;
    prob_gen(&c->p, r, n, kind);
    c->n = n;
    int bw = prob_bw(&c->p);
    /* Jacobian structure. */
    c->ijac = rng_int(r, 0, 1);
    if (n > 1 && rng_chance(r, 0.4)) {
        c->mljac = rng_chance(r, 0.8) ? (bw < n ? bw : n - 1) : rng_int(r, 0, n - 1);
        c->mujac = rng_chance(r, 0.8) ? (bw < n ? bw : n - 1) : rng_int(r, 0, n - 1);
        c->ro = rng_chance(r, 0.3);
    } else {
        c->mljac = n;
        c->mujac = rng_int(r, 0, n);
    }
    c->imas = kind == P_DAE ? rng_chance(r, 0.8) : rng_chance(r, 0.2);
    if (c->imas) {
        if (rng_chance(r, 0.5)) {
            c->mlmas = n;
            c->mumas = rng_int(r, 0, n);
        } else {
            c->mlmas = rng_chance(r, 0.8) ? 0 : rng_int(r, 0, n - 1);
            c->mumas = rng_chance(r, 0.8) ? 0 : rng_int(r, 0, n - 1);
        }
    }
    c->iout = rng_chance(r, 0.5);
    if (c->iout) {
        c->contr = rng_chance(r, 0.6) ? K_SUM : K_NONE;
        if (rng_chance(r, 0.15)) c->irtrn_at = rng_int(r, 1, 30);
    }
    /* Tolerances. */
    c->itol = rng_int(r, 0, 1);
    c->rtol = rng_log(r, 1e-10, 1e-2);
    c->atol = rng_chance(r, 0.5) ? c->rtol : c->rtol * rng_log(r, 1e-3, 1e3);
    c->alias = rng_chance(r, 0.2);
    if (rng_chance(r, 0.05)) c->rtol = rng_chance(r, 0.5) ? 1e-16 : 0.0; /* refused */
    if (rng_chance(r, 0.03)) c->atol = -1e-6;                              /* refused */
    c->h0 = rng_chance(r, 0.3) ? 0.0 : rng_log(r, 1e-8, 1e-1);
    c->nseg = rng_chance(r, 0.7) ? 1 : rng_int(r, 2, 5);
    double *w = c->work;
    int *iw = c->iwork;
#if FUZZ_RODAS
    (void)w;
    (void)iw;
    gen_rodas(r, c);
#else
    /* WORK(1..9) and IWORK(1..10): defaults mostly, tuned or refused values sometimes. */
    if (rng_chance(r, 0.1)) w[0] = rng_chance(r, 0.7) ? rng_log(r, 1e-16, 1e-13) : 2.0;
    if (rng_chance(r, 0.1)) w[1] = rng_chance(r, 0.8) ? rng_unif(r, 0.5, 0.95) : 5e-4;
    if (rng_chance(r, 0.15))
        w[2] = rng_chance(r, 0.4) ? -1.0 : rng_chance(r, 0.8) ? rng_log(r, 1e-4, 0.5) : 1.5;
    if (rng_chance(r, 0.1)) w[3] = rng_chance(r, 0.8) ? rng_log(r, 1e-3, 0.5) : 1e-30;
    if (rng_chance(r, 0.1)) w[4] = rng_chance(r, 0.8) ? rng_unif(r, 0.5, 1.0) : 1.5;
    if (rng_chance(r, 0.1)) w[5] = rng_chance(r, 0.8) ? rng_unif(r, 1.0, 2.0) : 0.9;
    if (rng_chance(r, 0.1)) w[6] = prob_tend(&c->p) * rng_log(r, 1e-3, 2.0);
    if (rng_chance(r, 0.1)) w[7] = rng_chance(r, 0.8) ? rng_unif(r, 0.05, 0.8) : 2.0;
    if (rng_chance(r, 0.1)) w[8] = rng_chance(r, 0.8) ? rng_unif(r, 2.0, 12.0) : 0.5;
    if (rng_chance(r, 0.05)) iw[0] = 1;
    if (rng_chance(r, 0.15)) iw[1] = rng_chance(r, 0.8) ? rng_int(r, 1, 60) : -5;
    if (rng_chance(r, 0.1)) iw[2] = rng_chance(r, 0.8) ? rng_int(r, 1, 12) : -1;
    if (rng_chance(r, 0.1)) iw[3] = 1;
    if (kind == P_DAE && rng_chance(r, 0.3)) {
        iw[4] = n - 1;
        iw[5] = 1;
    } else if (rng_chance(r, 0.05)) {
        iw[4] = n > 1 ? n - 1 : 2; /* the sum is not N: refused */
    }
    if (rng_chance(r, 0.15)) iw[7] = rng_int(r, 1, 2);
    if (n >= 2 && rng_chance(r, 0.08)) {
        /* Second-order structure M1, M2 (full Jacobian and mass here). */
        iw[8] = rng_int(r, 1, n / 2);
        iw[9] = rng_chance(r, 0.5) ? 0 : rng_int(r, 1, n - iw[8]);
        c->mljac = n;
        if (c->imas) c->mlmas = c->mumas = n - iw[8];
    }
    if (rng_chance(r, 0.03)) iw[8] = rng_chance(r, 0.5) ? -1 : n + 1; /* refused */
#if FUZZ_RADAU
    /* NSMIN, NSMAX, NS of the first step: 1, 3, 5, 7 mostly, others rounded. */
    static const int NSV[] = {0, 1, 3, 5, 7, 2, 4, 6, 9};
    if (rng_chance(r, 0.4)) iw[10] = NSV[rng_int(r, 0, rng_chance(r, 0.8) ? 4 : 8)];
    if (rng_chance(r, 0.4)) iw[11] = NSV[rng_int(r, 0, rng_chance(r, 0.8) ? 4 : 8)];
    if (rng_chance(r, 0.2)) {
        /* NS of the first step: 1, 3, 5 or 7 up to NSMAX (0: NSMIN). Others are out of
         * contract: the original's check looks at NSMAX instead and runs on with
         * coefficients it never set; stiffdae refuses them. */
        iw[12] = NSV[rng_int(r, 0, 4)];
        if (iw[12] > stages(c)) iw[12] = 0;
        if (rng_chance(r, 0.1)) c->ns_bad = iw[12] = NSV[rng_int(r, 5, 8)];
    }
    if (rng_chance(r, 0.1)) w[9] = rng_log(r, 1e-4, 0.1);
    if (rng_chance(r, 0.1)) w[10] = rng_unif(r, 0.3, 0.95);
    if (rng_chance(r, 0.1)) w[11] = rng_unif(r, 1.0, 1.5);
    if (rng_chance(r, 0.1)) w[12] = rng_unif(r, 0.5, 1.0);
    /* At most 20 000 steps (IWORK(2)): RADAU's 100 000 default takes ten seconds on
     * some cases, too close to the harness's time limit on a loaded machine. */
    if (iw[1] == 0) iw[1] = 20000;
#endif
#endif
    c->lwork = min_lwork(c);
    c->liwork = min_liwork(c);
    if (rng_chance(r, 0.05)) c->lwork = 20 + rng_int(r, 0, c->lwork - 21); /* refused */
    if (rng_chance(r, 0.05)) c->liwork = 20 + rng_int(r, 0, c->liwork - 21);
    if (rng_chance(r, 0.1)) c->lwork += rng_int(r, 1, 50);

    int cls = C_IN;
    double u = rng_unif(r, 0, 1);
    if (u < 0.25) {
        cls = C_NAN;
        int what = rng_int(r, 0, 3);
        if (rng_chance(r, 0.5)) {
            c->dat = rng_int(r, D_Y, D_X);
            c->dat_what = what;
            c->dat_idx = rng_int(r, 0, c->dat == D_WORK ? NWPAR - 1 : n - 1);
            snprintf(c->why, sizeof c->why, "%s(%d)=%s", DNAMES[c->dat], c->dat_idx + 1,
                     inj_name(what));
        } else if (c->iout && rng_chance(r, 0.2)) {
            c->contr = K_NANS;
            snprintf(c->why, sizeof c->why, DENSE " S=nan");
        } else {
            int cb = rng_chance(r, 0.6) ? CB_F : rng_chance(r, 0.7) ? CB_JAC : CB_MAS;
            if (cb == CB_JAC && !c->ijac) cb = CB_F;
            if (cb == CB_MAS && !c->imas) cb = CB_F;
            c->inj.cb = cb;
            c->inj.at = rng_int(r, 1, 40);
            c->inj.len = rng_chance(r, 0.6) ? 1 : 1000000000L;
            c->inj.what = what;
            c->inj.comp = rng_int(r, 0, 1 << 20);
#if FUZZ_RODAS
            /* RODAS calls MAS once per call: spoil the first; DFX as often as JAC. */
            if (cb == CB_MAS) c->inj.at = 1;
            if (c->ifcn && c->idfx && rng_chance(r, 0.3)) c->inj.cb = cb = CB_DFX;
#endif
            snprintf(c->why, sizeof c->why, "%s call %ld%s=%s",
                     cb == CB_F ? "FCN" : cb == CB_JAC ? "JAC" : cb == CB_MAS ? "MAS" : "DFX",
                     c->inj.at,
                     c->inj.len > 1 ? "+" : "", inj_name(what));
        }
    } else if (u < 0.4) {
        cls = C_OUT;
        switch (rng_int(r, 0, 8)) {
        case 0: c->n = rng_chance(r, 0.5) ? 0 : -3; snprintf(c->why, sizeof c->why, "N<1"); break;
        case 1:
            c->mljac = -1 - rng_int(r, 0, 3);
            c->mujac = rng_chance(r, 0.5) ? -1 : 1;
            snprintf(c->why, sizeof c->why, "negative MLJAC");
            break;
        case 2:
            c->mljac = n > 1 ? 1 : 0;
            c->mujac = -2;
            snprintf(c->why, sizeof c->why, "negative MUJAC");
            break;
        case 3:
            c->imas = 1;
            c->mlmas = rng_chance(r, 0.5) ? -1 : 0;
            c->mumas = c->mlmas == 0 ? -1 : 0;
            snprintf(c->why, sizeof c->why, "negative MLMAS/MUMAS");
            break;
        case 4:
#if FUZZ_RODAS
            /* M1 = M2 = N/2, a band of N - M1 + 1 columns: the difference Jacobian's
             * stride plus M1 is N + 1 (past_y). */
            c->iwork[8] = n >= 4 ? n / 2 : -1;
            c->iwork[9] = 0;
            c->ijac = c->imas = 0;
            c->mljac = n - n / 2 - 1;
            c->mujac = 1;
            c->lwork = min_lwork(c);
            c->liwork = min_liwork(c);
            snprintf(c->why, sizeof c->why, "M1>0 banded difference Jacobian past Y");
#else
            c->iwork[4] = n + 1;
            c->iwork[5] = -1;
            c->iwork[6] = 0;
            snprintf(c->why, sizeof c->why, "negative IWORK(6)");
#endif
            break;
        case 5:
            c->work[4] = -rng_unif(r, 0.1, 2.0);
            snprintf(c->why, sizeof c->why, "WORK(5)<0");
            break;
        case 6:
            c->lwork = rng_int(r, 0, 8);
            snprintf(c->why, sizeof c->why, "LWORK<9");
            break;
        case 7:
            c->iout = 1;
            c->ro = 0;
            c->contr = K_FOREIGN;
            snprintf(c->why, sizeof c->why, DENSE " foreign CONT");
            break;
        case 8:
            c->iout = 1;
            c->ro = 0;
            c->contr = K_BADI;
            snprintf(c->why, sizeof c->why, DENSE " I out of 1..N");
            break;
        }
        c->oc = 1;
        if (c->n > 0 && strncmp(c->why, DENSE, 6) != 0 && c->lwork >= 9)
            c->lwork = c->lwork > 20 ? c->lwork : 20;
    } else {
        snprintf(c->why, sizeof c->why, "%s n=%d", prob_name(&c->p), n);
    }
#if FUZZ_RODAS
    if (cls != C_OUT && past_y(c)) {
        cls = C_OUT;
        snprintf(c->why, sizeof c->why, "M1>0 banded difference Jacobian past Y");
    }
    /* A documented departure, run but not compared (README): with WORK(3) = 1 a rejected
     * step is retried with the same H, and the original does so for ever; stiffdae ends
     * with IDID = -3 after 100 such retries. */
    if (cls != C_OUT && c->work[2] == 1.0) {
        cls = C_OUT;
        snprintf(c->why, sizeof c->why, "doc: WORK(3)=1");
    }
#else
    /* The Hessenberg option (IJOB = 7) with M1 > 0: the original's IJOB = 17 has no
     * branch and falls through to IJOB = 1 on arrays of N - M1 rows, writing past E2I;
     * stiffdae refuses it. */
    if (cls != C_OUT && c->iwork[0] != 0 && !c->imas && n > 2 && m1_of(c) > 0 &&
        c->mljac >= n - m1_of(c)) {
        cls = C_OUT;
        snprintf(c->why, sizeof c->why, "IWORK(1)=1 with M1>0");
    }
#endif
#if FUZZ_RADAU
    /* NSMIN above NSMAX: the original lays WORK out for NSMAX stages and starts with
     * NSMIN, past its arrays; stiffdae refuses it. */
    int nsmin = iw[10] <= 0 ? 3 : iw[10] >= 6 ? 7 : iw[10] >= 4 ? 5 : iw[10] >= 2 ? 3 : 1;
    if (cls != C_OUT && nsmin > stages(c)) {
        cls = C_OUT;
        c->oc = 1;
        snprintf(c->why, sizeof c->why, "NSMIN=%d above NSMAX=%d", nsmin, stages(c));
    }
#endif
    if (cls != C_OUT && c->ns_bad) {
        cls = C_OUT;
        c->oc = 1;
        snprintf(c->why, sizeof c->why, "IWORK(13)=%d", c->ns_bad);
    }
#if FUZZ_RADAU
    /* Documented departures, run but not compared (README): a first stage count other
     * than NSMIN lets the order change before the first accepted step, and the original
     * then reads its step-size controller's HACC and ERRACC before ever setting them;
     * with one stage only it starts from whatever WORK holds. */
    if (cls != C_OUT && ((iw[12] != 0 && iw[12] != nsmin) || (nsmin == 1 && stages(c) == 1))) {
        cls = C_OUT;
        snprintf(c->why, sizeof c->why, "doc: %s",
                 iw[12] != 0 && iw[12] != nsmin ? "IWORK(13) other than NSMIN" : "NSMIN=NSMAX=1");
    }
#endif
    *why = c->why;
    return cls;
}

/* Three INTEGERs in a read-only page (the PARAMETER constants of a Fortran caller). */
static int32_t *readonly_ints(int32_t a, int32_t b, int32_t d) {
    long pg = sysconf(_SC_PAGESIZE);
    int32_t *p = mmap(NULL, (size_t)pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) abort();
    p[0] = a;
    p[1] = b;
    p[2] = d;
    mprotect(p, (size_t)pg, PROT_READ);
    return p;
}

static void run(void *vc, Line *l) {
    Case *c = vc;
    G = c;
    inj = c->inj;
    memset(inj.calls, 0, sizeof inj.calls);
    int n = c->n, pn = c->p.n;
    double *y = malloc(sizeof(double) * (size_t)pn);
    jbuf = malloc(sizeof(double) * (size_t)pn * (size_t)pn);
    prob_y0(&c->p, y);
    int ntol = c->itol ? pn : 1;
    double *rtol = malloc(sizeof(double) * (size_t)ntol);
    double *atol = c->alias ? rtol : malloc(sizeof(double) * (size_t)ntol);
    for (int i = 0; i < ntol; i++) {
        rtol[i] = c->rtol * (1.0 + 0.25 * (i % 3));
        if (!c->alias) atol[i] = c->atol * (1.0 + 0.5 * (i % 2));
    }
    double *work = malloc(sizeof(double) * (size_t)(c->lwork > 0 ? c->lwork : 1));
    int32_t *iwork = malloc(sizeof(int32_t) * (size_t)(c->liwork > 0 ? c->liwork : 1));
    for (int i = 0; i < c->lwork; i++) work[i] = i < NWORK ? c->work[i] : 0.0;
    for (int i = 0; i < c->liwork; i++) iwork[i] = i < NWORK ? c->iwork[i] : 0;
    double x = 0.0, h = c->h0, tend = prob_tend(&c->p), xend_last = tend;
    int32_t itol = c->itol, ijac = c->ijac, imas = c->imas, iout = c->iout;
#if FUZZ_RODAS
    int32_t ifcn = c->ifcn, idfx = c->idfx;
#endif
    int32_t mljac = c->mljac, mujac = c->mujac, mlmas = c->mlmas, mumas = c->mumas;
    int32_t lwork = c->lwork, liwork = c->liwork, idid = 0;
    int32_t *pml = &mljac, *pmu = &mujac, *pmum = &mumas;
    /* Read-only widths only where the original does not write them (banded, M1 = 0). */
    if (c->ro && c->iwork[8] == 0 && mljac < n && (!imas || mlmas < n)) {
        int32_t *ro = readonly_ints(mljac, mujac, mumas);
        pml = ro;
        pmu = ro + 1;
        pmum = ro + 2;
    }
    double v = c->dat ? inj_values[c->dat_what & 3] : 0.0;
    switch (c->dat) {
    case D_Y: y[c->dat_idx % pn] = v; break;
    case D_RTOL: rtol[c->dat_idx % ntol] = v; break;
    case D_ATOL: atol[c->dat_idx % ntol] = v; break;
    case D_WORK:
        if (c->dat_idx < c->lwork) work[c->dat_idx] = v;
        break;
    case D_H: h = v; break;
    case D_XEND: xend_last = v; break;
    case D_X: x = v; break;
    }
    double rpar[1] = {0.0};
    int32_t ipar[1] = {0};
    Seq s;
    seq_start(&s, l);
    for (int k = 0; k < c->nseg; k++) {
        double xend = k + 1 == c->nseg ? xend_last : tend * (k + 1) / c->nseg;
#if FUZZ_RODAS
        SOLVER(&n, fcn, &ifcn, &x, y, &xend, &h, rtol, atol, &itol, jac, &ijac, pml, pmu, dfx,
               &idfx, mas, &imas, &mlmas, pmum, solout, &iout, work, &lwork, iwork, &liwork, rpar,
               ipar, &idid);
#else
        SOLVER(&n, fcn, &x, y, &xend, &h, rtol, atol, &itol, jac, &ijac, pml, pmu, mas, &imas,
                &mlmas, pmum, solout, &iout, work, &lwork, iwork, &liwork, rpar, ipar, &idid);
#endif
        seq_add(&s, idid);
        if (idid != 1) break;
    }
    seq_end(&s);
    lnum(l, "x", x);
    lnum(l, "h", h);
    lput(l, " st=");
    for (int i = 13; i < 20; i++)
        lput(l, "%s%d", i > 13 ? "," : "", i < c->liwork ? iwork[i] : 0);
    double ys = 0.0;
    for (int i = 0; i < pn; i++) ys += y[i];
    lnum(l, "ysum", ys);
    lput(l, " nout=%ld", nout);
    lnum(l, "c", csum);
    /* Whether the out-of-contract call was made (CONTR5 is only called after a step). */
    if (c->oc) lput(l, " oc=%d", c->contr == K_FOREIGN || c->contr == K_BADI ? nout > 1 : 1);
}

int main(int argc, char **argv) {
    const Entry e = {ENTRY, sizeof(Case), gen, run};
    return fuzz_main(argc, argv, &e);
}
