/* The differential fuzz harness (issue 10): deterministic random argument sets for
 * one entry point, each run in a forked child with a time limit, one result line per
 * case. The same sources link against libstiffdae or the original Fortran; the lines
 * of in-contract cases must be identical. */
#ifndef STIFFDAE_FUZZ_H
#define STIFFDAE_FUZZ_H

#include <stddef.h>
#include <stdint.h>

/* xorshift64* seeded through splitmix64: case `id` of seed `s` is reproducible alone. */
typedef struct {
    uint64_t s;
} Rng;

void rng_seed(Rng *r, uint64_t seed, uint64_t id);
uint64_t rng_next(Rng *r);
int rng_int(Rng *r, int lo, int hi); /* lo..hi inclusive */
double rng_unif(Rng *r, double lo, double hi);
double rng_log(Rng *r, double lo, double hi); /* log-uniform */
int rng_chance(Rng *r, double p);

/* Case classes. */
enum { C_IN, C_NAN, C_OUT };

/* A result line under construction. */
typedef struct {
    char buf[8192];
    size_t len;
} Line;
void lput(Line *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* An IDID sequence, run-length encoded ("1*12,3,-1,3"). */
typedef struct {
    int last, reps, count;
    Line *l;
} Seq;
void seq_start(Seq *s, Line *l);
void seq_add(Seq *s, int idid);
void seq_end(Seq *s);
/* A double printed so that identical bits give identical text. */
void lnum(Line *l, const char *key, double v);

/* The test problems (C versions of small stiff systems). */
enum { P_LIN, P_BRUS, P_ROB, P_DAE, P_COUNT };
typedef struct {
    int kind, n;
    double e, c, w; /* stiffness exponent, coupling, forcing frequency */
} Prob;
void prob_gen(Prob *p, Rng *r, int n, int kind);
const char *prob_name(const Prob *p);
int prob_bw(const Prob *p); /* lower = upper bandwidth of the Jacobian */
/* M y' = f(t, y); the DAE problem has M = diag(1, ..., 1, 0). */
void prob_f(const Prob *p, double t, const double *y, double *f);
/* The full Jacobian df/dy, column-major n x n. */
void prob_jac(const Prob *p, double t, const double *y, double *J);
/* df/dt (RODAS's DFX). */
void prob_dfx(const Prob *p, double t, const double *y, double *fx);
/* Consistent initial values (y' = f for the ODE rows, 0 for the algebraic one). */
void prob_y0(const Prob *p, double *y);
double prob_tend(const Prob *p);

/* Non-finite values injected into callback results. */
enum { CB_NONE, CB_F, CB_JAC, CB_MAS, CB_OUT, CB_RT, CB_DFX, CB_COUNT };
typedef struct {
    int cb;       /* which callback */
    long at;      /* at its at-th call (1-based) */
    long len;     /* for this many calls */
    int what;     /* index into inj_values (or a flag for IRES/IRTRN) */
    int comp;     /* component index (taken modulo the length) */
    long calls[CB_COUNT];
} Inject;
extern Inject inj;
extern const double inj_values[4]; /* NaN, +Inf, -Inf, 1e308 */
const char *inj_name(int what);
/* Counts a call of `cb`; true when this call is to be spoiled. */
int inj_hit(int cb);
/* Injects the value into v[len] when this call is to be spoiled. */
void inj_apply(int cb, double *v, long len);

/* One entry point's fuzzer. */
typedef struct {
    const char *name;
    size_t case_size;
    /* Fills the case from the generator; returns its class, sets *why. */
    int (*gen)(Rng *r, void *c, const char **why);
    /* Runs the case (in the child) and writes the result fields. */
    void (*run)(void *c, Line *l);
} Entry;
int fuzz_main(int argc, char **argv, const Entry *e);

#endif
