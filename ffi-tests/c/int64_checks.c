/* The C side of the 64-bit INTEGER build. Built with STIFFDAE_INT64 defined (by
 * `pkg-config stiffdae64`, the CMake target stiffdae::stiffdae64, or -D) against
 * libstiffdae64, or without against libstiffdae: it prints the size of stiffdae_int and
 * Van der Pol through RADAU5 with CONTR5 (the statistics of the original), and with
 * 64-bit INTEGER checks what becomes of values beyond 32 bits: inputs the core would read
 * are refused with the original's IDID, values in work space it never reads are left
 * alone. One line per check: "CHECK <name> OK" or "... FAILED". */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "stiffdae.h"

#define N 2

static int failures = 0;

static void check(const char *name, int ok) {
    printf("CHECK %s %s\n", name, ok ? "OK" : "FAILED");
    failures += !ok;
}

static void fvpol(const stiffdae_int *n, const double *x, const double *y, double *f,
                  double *rpar, stiffdae_int *ipar) {
    (void)n, (void)x, (void)ipar;
    f[0] = y[1];
    f[1] = ((1 - y[0] * y[0]) * y[1] - y[0]) / rpar[0];
}

static void jvpol(const stiffdae_int *n, const double *x, const double *y, double *dfy,
                  const stiffdae_int *ldfy, double *rpar, stiffdae_int *ipar) {
    (void)n, (void)x, (void)ipar;
    stiffdae_int ld = *ldfy;
    dfy[0] = 0.0;
    dfy[ld] = 1.0;
    dfy[1] = (-2.0 * y[0] * y[1] - 1.0) / rpar[0];
    dfy[ld + 1] = (1.0 - y[0] * y[0]) / rpar[0];
}

/* Dense output at x = 1 (the component I in ipar[0]; a NaN is recorded in ipar[1]). */
static void solout(const stiffdae_int *nr, const double *xold, const double *x,
                   const double *y, const double *cont, const stiffdae_int *lrc,
                   const stiffdae_int *n, double *rpar, stiffdae_int *ipar,
                   stiffdae_int *irtrn) {
    (void)y, (void)n, (void)rpar;
    if (*nr > 1 && *xold < 1.0 && *x >= 1.0) {
        double s = 1.0, v = contr5_(&ipar[0], &s, cont, lrc);
        if (isnan(v))
            ipar[1] = 1;
        else
            printf("CONTR5 %.16e\n", v);
    }
    *irtrn = 1;
}

/* RADAU5 from x = 0 to 2 at rtol = atol = 1e-6 with IWORK as given; returns IDID. */
static stiffdae_int vdpol(stiffdae_int n, stiffdae_int *iwork, stiffdae_int *ipar) {
    double y[N] = {2.0, 0.0}, work[4 * N * N + 12 * N + 20] = {0};
    double x = 0.0, xend = 2.0, h = 1e-6, rtol = 1e-6, atol = 1e-6, rpar[1] = {1e-6};
    stiffdae_int itol = 0, ijac = 1, mljac = N, mujac = N, imas = 0, mlmas = 0, mumas = 0,
                 iout = 1, lwork = (stiffdae_int)(sizeof work / sizeof work[0]),
                 liwork = 3 * N + 20 + 10, idid = 0;
    radau5_(&n, fvpol, &x, y, &xend, &h, &rtol, &atol, &itol, jvpol, &ijac, &mljac, &mujac,
            NULL, &imas, &mlmas, &mumas, solout, &iout, work, &lwork, iwork, &liwork, rpar,
            ipar, &idid);
    return idid;
}

/* y' = -y in residual form, for DDASSL and DDASKR. */
static void res_dassl(const double *t, const double *y, const double *yp, double *delta,
                      stiffdae_int *ires, double *rpar, stiffdae_int *ipar) {
    (void)t, (void)ires, (void)rpar, (void)ipar;
    delta[0] = yp[0] + y[0];
}

static void res_daskr(const double *t, const double *y, const double *yp, const double *cj,
                      double *delta, stiffdae_int *ires, double *rpar, stiffdae_int *ipar) {
    (void)cj;
    res_dassl(t, y, yp, delta, ires, rpar, ipar);
}

static void rt_daskr(const stiffdae_int *neq, const double *t, const double *y,
                     const double *yp, const stiffdae_int *nrt, double *rval, double *rpar,
                     stiffdae_int *ipar) {
    (void)neq, (void)t, (void)yp, (void)nrt, (void)rpar, (void)ipar;
    rval[0] = y[0] - 0.5;
}

enum { LRW = 200, LIW = 60 };

/* DDASSL or DDASKR on y' = -y from 0 to 1 with the INFO, IWORK, NEQ and NRT given;
 * returns IDID. */
static stiffdae_int bdf(int daskr, stiffdae_int neq, stiffdae_int *info, stiffdae_int *iwork,
                        stiffdae_int nrt, stiffdae_int *jroot) {
    double t = 0.0, tout = 1.0, y[1] = {1.0}, yp[1] = {-1.0}, rtol = 1e-6, atol = 1e-6;
    double rwork[LRW] = {0}, rpar[1] = {0};
    stiffdae_int idid = 0, lrw = LRW, liw = LIW, ipar[1] = {0};
    if (daskr)
        ddaskr_(res_daskr, &neq, &t, y, yp, &tout, info, &rtol, &atol, &idid, rwork, &lrw,
                iwork, &liw, rpar, ipar, NULL, NULL, rt_daskr, &nrt, jroot);
    else
        ddassl_(res_dassl, &neq, &t, y, yp, &tout, info, &rtol, &atol, &idid, rwork, &lrw,
                iwork, &liw, rpar, ipar, NULL);
    return idid;
}

int main(void) {
    printf("INTEGER BYTES %zu\n", sizeof(stiffdae_int));
    stiffdae_int iwork[3 * N + 20 + 10] = {0}, ipar[2] = {1, 0};
    stiffdae_int idid = vdpol(N, iwork, ipar);
    printf("IDID %d\n", (int)idid);
    printf("STATS");
    for (int i = 13; i < 20; i++) printf(" %d", (int)iwork[i]);
    printf("\n");
    stiffdae_int info[20] = {0}, iw[LIW] = {0}, jroot[1] = {0};
    check("ddassl_runs", bdf(0, 1, info, iw, 0, jroot) == 3 && iw[10] > 0);
    memset(info, 0, sizeof info);
    memset(iw, 0, sizeof iw);
    check("ddaskr_root", bdf(1, 1, info, iw, 1, jroot) == 5 && jroot[0] == -1);
#if defined(STIFFDAE_INT64)
    const stiffdae_int wide = (stiffdae_int)1 << 40;
    /* RADAU5: N and IWORK(2) beyond 32 bits are refused (IDID = -1); a wide value in
     * IWORK's work space is left as it was; CONTR5 refuses a wide I with NaN. */
    memset(iwork, 0, sizeof iwork);
    check("radau5_wide_n", vdpol(wide + N, iwork, ipar) == -1);
    iwork[1] = wide;
    check("radau5_wide_nmax", vdpol(N, iwork, ipar) == -1);
    memset(iwork, 0, sizeof iwork);
    iwork[3 * N + 20 + 5] = wide;
    check("radau5_wide_work_space",
          vdpol(N, iwork, ipar) == 1 && iwork[3 * N + 20 + 5] == wide && iwork[15] == 501);
    memset(iwork, 0, sizeof iwork);
    ipar[0] = wide + 1;
    check("contr5_wide_i", vdpol(N, iwork, ipar) == 1 && ipar[1] == 1);

    /* DDASSL and DDASKR: NEQ, INFO and IWORK inputs beyond 32 bits are refused
     * (IDID = -33); wide values in IWORK's work space are left as they were; JROOT
     * is written where the original writes it. */
    memset(info, 0, sizeof info);
    memset(iw, 0, sizeof iw);
    check("ddassl_wide_neq", bdf(0, wide + 1, info, iw, 0, jroot) == -33);
    info[2] = wide;
    check("ddassl_wide_info", bdf(0, 1, info, iw, 0, jroot) == -33);
    memset(info, 0, sizeof info);
    info[8] = 1;
    iw[2] = wide;
    check("ddassl_wide_maxord", bdf(0, 1, info, iw, 0, jroot) == -33);
    memset(info, 0, sizeof info);
    memset(iw, 0, sizeof iw);
    iw[LIW - 1] = wide;
    check("ddassl_wide_work_space",
          bdf(0, 1, info, iw, 0, jroot) == 3 && iw[LIW - 1] == wide && info[0] == 1);
    memset(info, 0, sizeof info);
    memset(iw, 0, sizeof iw);
    check("ddaskr_wide_nrt", bdf(1, 1, info, iw, wide, jroot) == -33);
    info[11] = 1;
    info[12] = 1;
    iw[23] = wide;
    check("ddaskr_wide_maxl", bdf(1, 1, info, iw, 0, jroot) == -33);
    memset(info, 0, sizeof info);
    memset(iw, 0, sizeof iw);
    iw[LIW - 1] = wide;
    jroot[0] = wide;
    check("ddaskr_root_and_work_space", bdf(1, 1, info, iw, 1, jroot) == 5 &&
                                            jroot[0] == -1 && iw[LIW - 1] == wide);
#endif
    return failures != 0;
}
