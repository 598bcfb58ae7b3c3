//! RADCOV, the step loop of RADAU, split along the original's labels: 10 the Jacobian,
//! 20 the order selection and the decompositions (DECOMR, DECOMC per complex pair), 30
//! the step count and checks, the simplified Newton iteration of the current order
//! (SLVRAD for 3 stages, SLVRAR and SLVRAI otherwise), the error estimate (ESTRAD for
//! 3 stages, ESTRAV otherwise), the step-size prediction, the accepted step with its
//! dense output and SOLOUT, the rejected step, and 78 the unexpected rejection. Every
//! floating-point operation is the original's, in the original's order; the 3-stage
//! method keeps the original's own formulas where they differ from the general ones.
// Index loops mirror the original's DO loops over several arrays at once.
#![allow(clippy::needless_range_loop)]

use std::ops::ControlFlow;

use super::core::Setup;
use super::dense::DenseOutput;
use super::tables::*;
use super::Problem;
use crate::hairer::jacobian::{differences, Scratch, Shape};
use crate::hairer::linear::{LinearSystem, Mass, Matrices, Pivots, PIVOTS_ORDER};
use crate::hairer::{collocation3, extrapolate3, powi, Nodes3};
use crate::intrinsics::{fmax, fmin};
use crate::radau5::{Counters, Outcome};

/// The end of a call: how it ended, the point reached (X), the step size for a next
/// call (H), the stages of the last step (written to IWORK(13)) and the statistics.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Finish {
    pub outcome: Outcome,
    pub x: f64,
    pub h: f64,
    pub ns: usize,
    pub stats: Counters,
}

/// The coefficients of the current order (COERCV): the nodes `c_0..c_ns`, the weights
/// of the error estimate, `1/γ` and the complex eigenvalue pairs `α_k + iβ_k`. Entries
/// beyond the current order keep the values of an earlier one, as in the original.
#[derive(Clone, Copy)]
struct Method {
    c: [f64; 8],
    dd: [f64; 7],
    u1: f64,
    alph: [f64; 3],
    beta: [f64; 3],
    /// `fact[j][k] = 1/(c_{ns-k} - c_{ns-k+j})`, the divided differences' factors of 5
    /// and 7 stages, formed once per order as the original forms them at every step.
    fact: [[f64; 8]; 8],
}

impl Method {
    /// COERCV for `ns` stages, over the values of the previous order.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau)]
    fn set(&mut self, ns: usize) {
        self.c[0] = 0.0;
        self.c[ns] = 1.0;
        match ns {
            1 => {
                self.c[1] = 1.0;
                self.u1 = 1.0;
                self.dd[0] = -1.0;
            }
            3 => {
                let sq6 = 6.0_f64.sqrt();
                self.c[1] = (4.0 - sq6) / 10.0;
                self.c[2] = (4.0 + sq6) / 10.0;
                let st9 = 9.0_f64.powf(1.0 / 3.0);
                let u1 = (6.0 + st9 * (st9 - 1.0)) / 30.0;
                let alp = (12.0 - st9 * (st9 - 1.0)) / 60.0;
                let bet = st9 * (st9 + 1.0) * 3.0_f64.sqrt() / 60.0;
                let cno = alp * alp + bet * bet;
                self.u1 = 1.0 / u1;
                self.alph[0] = alp / cno;
                self.beta[0] = bet / cno;
            }
            5 => {
                self.c[1..5].copy_from_slice(&C5);
                self.dd[..5].copy_from_slice(&DD5);
                self.u1 = U5;
                self.alph[..2].copy_from_slice(&ALPH5);
                self.beta[..2].copy_from_slice(&BETA5);
            }
            _ => {
                self.c[1..7].copy_from_slice(&C7);
                self.dd.copy_from_slice(&DD7);
                self.u1 = U7;
                self.alph.copy_from_slice(&ALPH7);
                self.beta.copy_from_slice(&BETA7);
            }
        }
        if ns >= 5 {
            for j in 1..=ns {
                for k in j..=ns {
                    if j > 1 || k < ns {
                        self.fact[j][k] = 1.0 / (self.c[ns - k] - self.c[ns - k + j]);
                    }
                }
            }
        }
    }
}

/// The constants RADCOV computes for its 3-stage branch (C31, C32, C31M1, C32M1,
/// C31MC2, DD1..DD3).
struct Three {
    nodes: Nodes3,
    dd: [f64; 3],
}

impl Three {
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau)]
    fn new() -> Self {
        let sq6 = 6.0_f64.sqrt();
        let c1 = (4.0 - sq6) / 10.0;
        let c2 = (4.0 + sq6) / 10.0;
        Self {
            nodes: Nodes3 {
                c1,
                c2,
                c1m1: c1 - 1.0,
                c2m1: c2 - 1.0,
                c1mc2: c1 - c2,
            },
            dd: [
                -(13.0 + 7.0 * sq6) / 3.0,
                (-13.0 + 7.0 * sq6) / 3.0,
                -1.0 / 3.0,
            ],
        }
    }

    /// The starting values: the collocation polynomial of the last step (CONT(N+1..4N))
    /// at the new nodes, into ZZ and, transformed, FF.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau)]
    fn predict(&self, hquot: f64, cont: &[f64], zz: &mut [f64], ff: &mut [f64], n: usize) {
        let [_, ak1, ak2, ak3] = stages::<4>(cont, n);
        let [z1, z2, z3] = stages_mut::<3>(zz, n);
        let [f1, f2, f3] = stages_mut::<3>(ff, n);
        extrapolate3(
            self.nodes,
            hquot,
            &TI3,
            [ak1, ak2, ak3],
            z1,
            z2,
            z3,
            f1,
            f2,
            f3,
        );
    }

    /// `y += z_3` and the coefficients of the collocation polynomial in CONT(N+1..4N).
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau)]
    fn dense_output(&self, zz: &[f64], cont: &mut [f64], y: &mut [f64]) {
        let n = y.len();
        let [_, c1, c2, c3] = stages_mut::<4>(cont, n);
        collocation3(self.nodes, y, stages::<3>(zz, n), c1, c2, c3);
    }
}

/// The `NS` stage vectors of length `n` at the start of `v`.
#[inline(always)]
#[allow(unsafe_code)]
#[link_section = hot_path!(radau)]
fn stages<const NS: usize>(v: &[f64], n: usize) -> [&[f64]; NS] {
    std::array::from_fn(|k| &v[k * n..(k + 1) * n])
}

/// The `NS` stage vectors of length `n` at the start of `v`, mutable.
#[inline(always)]
#[allow(unsafe_code)]
#[link_section = hot_path!(radau)]
fn stages_mut<const NS: usize>(v: &mut [f64], n: usize) -> [&mut [f64]; NS] {
    let mut rest = &mut v[..NS * n];
    std::array::from_fn(|_| {
        let (head, tail) = std::mem::take(&mut rest).split_at_mut(n);
        rest = tail;
        head
    })
}

/// `T v` (the last row is `t_last·v1 + v2 + v4 + …`, as the original writes it; `v`
/// itself for one stage).
#[inline(always)]
#[allow(unsafe_code)]
#[link_section = hot_path!(radau)]
fn mul_t<const NS: usize>(v: [f64; NS]) -> [f64; NS] {
    let (rows, last): (&[[f64; 7]], f64) = match NS {
        1 => return v,
        3 => (&T3X, T3_LAST),
        5 => (&T5X, T5_LAST),
        _ => (&T7X, T7_LAST),
    };
    let mut out = [0.0; NS];
    for k in 0..NS - 1 {
        let row = &rows[k];
        let mut acc = row[0] * v[0];
        for j in 1..NS {
            acc += row[j] * v[j];
        }
        out[k] = acc;
    }
    let mut acc = last * v[0];
    for j in (1..NS).step_by(2) {
        acc += v[j];
    }
    out[NS - 1] = acc;
    out
}

/// `TI v` (`v` itself for one stage, whose T and TI are 1).
#[inline(always)]
#[allow(unsafe_code)]
#[link_section = hot_path!(radau)]
fn mul_ti<const NS: usize>(v: [f64; NS]) -> [f64; NS] {
    let rows: &[[f64; 7]] = match NS {
        1 => return v,
        3 => &TI3X,
        5 => &TI5X,
        _ => &TI7X,
    };
    let mut out = [0.0; NS];
    for k in 0..NS {
        let row = &rows[k];
        let mut acc = row[0] * v[0];
        for j in 1..NS {
            acc += row[j] * v[j];
        }
        out[k] = acc;
    }
    out
}

/// Component `i` of the `NS` stage vectors, gathered by a loop the compiler unrolls into
/// registers (`array::from_fn` left an out-of-line call reading back the values it had
/// just stored one by one).
#[inline(always)]
#[allow(unsafe_code)]
#[link_section = hot_path!(radau)]
fn component<const NS: usize, S: AsRef<[f64]>>(z: &[S; NS], i: usize) -> [f64; NS] {
    let mut v = [0.0; NS];
    for k in 0..NS {
        v[k] = z[k].as_ref()[i];
    }
    v
}

/// `ZZ ← TI ZZ` component by component (the transformed right-hand sides).
#[allow(unsafe_code)]
#[link_section = hot_path!(radau)]
fn transform_ti<const NS: usize>(zz: &mut [f64], n: usize) {
    if NS == 3 {
        let [z1, z2, z3] = stages_mut::<3>(zz, n);
        transform_ti_three(z1, z2, z3);
        return;
    }
    let z = stages_mut::<NS>(zz, n);
    for i in 0..n {
        let v = mul_ti::<NS>(component(&z, i));
        for k in 0..NS {
            z[k][i] = v[k];
        }
    }
}

/// [`transform_ti`] for 3 stages, each vector its own argument: the compiler then knows
/// they do not overlap and checks no overlap at run time.
#[allow(unsafe_code)]
#[link_section = hot_path!(radau)]
fn transform_ti_three(z1: &mut [f64], z2: &mut [f64], z3: &mut [f64]) {
    for i in 0..z1.len() {
        [z1[i], z2[i], z3[i]] = mul_ti([z1[i], z2[i], z3[i]]);
    }
}

/// `FF ← TI ZZ` component by component (the starting values of the iteration).
#[allow(unsafe_code)]
#[link_section = hot_path!(radau)]
fn start_ff<const NS: usize>(zz: &[f64], ff: &mut [f64], n: usize) {
    let (z, f) = (stages::<NS>(zz, n), stages_mut::<NS>(ff, n));
    for i in 0..n {
        let v = mul_ti::<NS>(component(&z, i));
        for k in 0..NS {
            f[k][i] = v[k];
        }
    }
}

/// `Σ_i Σ_k (z_k,i / scal_i)²`, component by component as the original sums.
#[allow(unsafe_code)]
#[link_section = hot_path!(radau)]
fn newton_norm<const NS: usize>(zz: &[f64], scal: &[f64], n: usize) -> f64 {
    let z = stages::<NS>(zz, n);
    let mut dyno = 0.0;
    for (i, &denom) in scal[..n].iter().enumerate() {
        for k in 0..NS {
            let q = z[k][i] / denom;
            dyno += q * q;
        }
    }
    dyno
}

/// The end of a Newton iteration: `FF ← FF + ZZ`, then `ZZ ← T FF`.
#[allow(unsafe_code)]
#[link_section = hot_path!(radau)]
fn accumulate<const NS: usize>(ff: &mut [f64], zz: &mut [f64], n: usize) {
    let (f, z) = (stages_mut::<NS>(ff, n), stages_mut::<NS>(zz, n));
    for i in 0..n {
        let mut v = [0.0; NS];
        for k in 0..NS {
            v[k] = f[k][i] + z[k][i];
        }
        for k in 0..NS {
            f[k][i] = v[k];
        }
        let t = mul_t(v);
        for k in 0..NS {
            z[k][i] = t[k];
        }
    }
}

/// The starting values of 5 and 7 stages: the collocation polynomial of the last step
/// (CONT(N+1..)) at the new nodes, into ZZ and, transformed, FF.
#[allow(unsafe_code)]
#[link_section = hot_path!(radau)]
fn extrapolate<const NS: usize>(
    c: &[f64; 8],
    hquot: f64,
    cont: &[f64],
    zz: &mut [f64],
    ff: &mut [f64],
    n: usize,
) {
    let top = &cont[NS * n..(NS + 1) * n];
    let ak = stages::<NS>(cont, n);
    {
        let z = stages_mut::<NS>(zz, n);
        for (k, zk) in z.into_iter().enumerate() {
            let ccq = c[k + 1] * hquot;
            for (i, (zi, &t)) in zk.iter_mut().zip(top).enumerate() {
                let mut val = t;
                for l in (1..NS).rev() {
                    val = ak[l][i] + (ccq - c[NS - l] + 1.0) * val;
                }
                *zi = ccq * val;
            }
        }
    }
    start_ff::<NS>(zz, ff, n);
}

/// `y += z_NS` and the coefficients of the collocation polynomial through the stage
/// values of 5 and 7 stages, by divided differences, into CONT(N+1..).
#[allow(unsafe_code)]
#[link_section = hot_path!(radau)]
fn divided_differences<const NS: usize>(m: &Method, zz: &[f64], cont: &mut [f64], y: &mut [f64]) {
    let (c, fact) = (&m.c, &m.fact);
    let n = y.len();
    let z = stages::<NS>(zz, n);
    let (cont, top) = cont[..(NS + 1) * n].split_at_mut(NS * n);
    for ((yi, ti), (&zl, &z1)) in y.iter_mut().zip(&mut *top).zip(z[NS - 1].iter().zip(z[0])) {
        *yi += zl;
        *ti = z1 / c[1];
    }
    let mut cs = stages_mut::<NS>(cont, n);
    for k in 1..NS {
        let fact = fact[1][k];
        let (za, zb) = (z[NS - k - 1], z[NS - k]);
        for ((ci, &a), &b) in cs[k].iter_mut().zip(za).zip(zb) {
            *ci = (a - b) * fact;
        }
    }
    for j in 2..=NS {
        for k in (j..=NS).rev() {
            let fact = fact[j][k];
            if k == NS {
                for (t, &b) in top.iter_mut().zip(&*cs[NS - 1]) {
                    *t = (*t - b) * fact;
                }
            } else {
                let (lo, hi) = cs.split_at_mut(k);
                for (ci, &b) in hi[0].iter_mut().zip(&*lo[k - 1]) {
                    *ci = (*ci - b) * fact;
                }
            }
        }
    }
}

/// Component `i` of ESTRAV's `Σ_k dd_k z_k / h` over `NS` stages.
#[allow(unsafe_code)]
#[link_section = hot_path!(radau)]
fn error_sum<'a, const NS: usize>(
    dd: &'a [f64; 7],
    h: f64,
    zz: &'a [f64],
    n: usize,
) -> impl Fn(usize) -> f64 + 'a {
    let z = stages::<NS>(zz, n);
    move |i| {
        let mut sum = 0.0;
        for k in 0..NS {
            sum += dd[k] * z[k][i];
        }
        sum / h
    }
}

/// `z_k ← f(x + c_k h, y + z_k)` for the `NS` stages, through CONT(1..N) (`cont`); the
/// last node of 3 stages and that of one stage are XPH, as in the original. With `NS`
/// constant the stage loop becomes the original's straight sequence of FCN calls (no
/// division for the stage count, no choice of the node per call).
#[allow(unsafe_code)]
#[link_section = hot_path!(radau)]
fn stage_values<const NS: usize, P: Problem>(
    problem: &mut P,
    st: &State,
    y: &[f64],
    cont: &mut [f64],
    zz: &mut [f64],
) {
    let n = y.len();
    for (k, z) in stages_mut::<NS>(zz, n).into_iter().enumerate() {
        for ((ci, &yi), &zi) in cont.iter_mut().zip(y).zip(&*z) {
            *ci = yi + zi;
        }
        let xs = if NS == 3 && k == 2 || NS == 1 {
            st.xph
        } else {
            st.x + st.method.c[k + 1] * st.h
        };
        problem.fcn(xs, cont, z);
    }
}

/// The vectors of the step loop at the original's places in WORK.
struct Work<'w> {
    /// ZZ: the stage increments, NSMAX·N.
    zz: &'w mut [f64],
    y0: &'w mut [f64],
    scal: &'w mut [f64],
    /// FF: the transformed stage values, NSMAX·N.
    ff: &'w mut [f64],
    /// CONT: NSMAX·N + N dense-output coefficients (the first N double as scratch).
    cont: &'w mut [f64],
    /// FJAC and FMAS.
    tail: &'w mut [f64],
}

impl<'w> Work<'w> {
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau)]
    fn new(work: &'w mut [f64], n: usize, nsmax: usize) -> Self {
        let (zz, rest) = work.split_at_mut(nsmax * n);
        let (y0, rest) = rest.split_at_mut(n);
        let (scal, rest) = rest.split_at_mut(n);
        let (ff, rest) = rest.split_at_mut(nsmax * n);
        let (cont, tail) = rest.split_at_mut(nsmax * n + n);
        Self {
            zz,
            y0,
            scal,
            ff,
            cont,
            tail,
        }
    }
}

/// FJAC and FMAS in the tail of WORK.
#[allow(unsafe_code)]
#[link_section = hot_path!(radau)]
fn matrices(tail: &[f64], jac_len: usize, mas_len: usize) -> Matrices<'_> {
    let (fjac, rest) = tail.split_at(jac_len);
    Matrices {
        fjac,
        fmas: &rest[..mas_len],
    }
}

/// Where the step loop continues (the labels of RADCOV).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Next {
    /// 10: evaluate the Jacobian, then 20.
    Jacobian,
    /// 20: choose the order, form and decompose the matrices for the current h.
    Decompose,
    /// 30: attempt a step with the current matrices.
    Step,
    /// 30 with IKEEP = 1: the accepted step kept h and the matrices.
    Keep,
}

/// How the simplified Newton iteration of a step ended.
enum Newton {
    Converged,
    /// Slow convergence: retry with the reduced step (back to 20 or 10).
    Retry,
    /// Divergence or too many iterations: label 78.
    Failed,
}

/// RADCOV's variables that live from step to step.
struct State {
    x: f64,
    h: f64,
    xend: f64,
    posneg: f64,
    hmaxn: f64,
    hold: f64,
    hopt: f64,
    hhfac: f64,
    reject: bool,
    first: bool,
    last: bool,
    caljac: bool,
    faccon: f64,
    nsing: usize,
    xold: f64,
    xph: f64,
    theta: f64,
    thetat: f64,
    thqold: f64,
    dynold: f64,
    hacc: f64,
    erracc: f64,
    fac1: f64,
    alphn: [f64; 3],
    betan: [f64; 3],
    newt: i64,
    /// NIT of the current order.
    nit: i64,
    /// The current number of stages and the method's coefficients.
    ns: usize,
    method: Method,
    expo: f64,
    expmns: f64,
    /// RTOL1, ATOL1, QUOTT: the tolerances of the current order as last computed.
    rtol1: f64,
    atol1: f64,
    quott: f64,
    /// FNEWT and the stage number, EXPMNS and RTOL1 (bits) it was formed from: the
    /// original forms it (a power) at every Newton start, from values that change only
    /// with the order; formed again only when one of them changes, it is the same value.
    fnewt: f64,
    fnewt_of: Option<[u64; 3]>,
    change: bool,
    unexp: bool,
    unexn: bool,
    ichan: i64,
}

/// What a RADCOV call works with.
struct Stepper<'s, 'w> {
    setup: &'s Setup<'s>,
    three: Three,
    lin: LinearSystem<'w>,
    w: Work<'w>,
    jac_len: usize,
    mas_len: usize,
    stats: Counters,
}

/// RADCOV: the integration from `x` to `xend` with the first step guess `h`, the vectors
/// and matrices in `work` (WORK(21..) of the original, at least [`Setup::work_len`]).
#[allow(unsafe_code)]
#[link_section = hot_path!(radau)]
pub(crate) fn run<P: Problem>(
    setup: &Setup<'_>,
    problem: &mut P,
    x: f64,
    y: &mut [f64],
    xend: f64,
    h: f64,
    work: &mut [f64],
) -> Finish {
    let c = &setup.common;
    let (n, m1) = (c.n, c.m1);
    let nm1 = n - m1;
    let ldjac = c.ldjac();
    let (mass, ldmas) = c.mass();
    let (arrays, e) = work.split_at_mut(setup.arrays_len());
    let w = Work::new(arrays, n, setup.nsmax);
    let jac_len = ldjac * n;
    if !matches!(mass, Mass::Identity) {
        problem.mas(nm1, &mut w.tail[jac_len..], ldmas);
    }
    let (e_len, ip_len) = setup.linear_storage();
    // IP1, the three IP2 of seven stages, and IPHES.
    let mut pivots = Pivots::<{ 5 * PIVOTS_ORDER }>::new();
    let mut stepper = Stepper {
        setup,
        three: Three::new(),
        lin: LinearSystem::new(
            n,
            m1,
            c.m2,
            ldjac,
            c.jac_band,
            mass,
            (c.hessenberg, setup.pairs()),
            (&mut e[..e_len], pivots.get(ip_len)),
        ),
        w,
        jac_len,
        mas_len: ldmas * nm1,
        stats: Counters::default(),
    };
    let mut st = stepper.start(x, xend, h);
    let outcome = stepper.integrate(problem, &mut st, y);
    Finish {
        outcome,
        x: st.x,
        h: st.h,
        ns: st.ns,
        stats: stepper.stats,
    }
}

impl Stepper<'_, '_> {
    /// The preparations of RADCOV before its first step.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau)]
    fn start(&self, x: f64, xend: f64, h: f64) -> State {
        let s = &self.setup.common;
        let ns = self.setup.nsus;
        let mut method = Method {
            c: [0.0; 8],
            dd: [0.0; 7],
            u1: 0.0,
            alph: [0.0; 3],
            beta: [0.0; 3],
            fact: [[0.0; 8]; 8],
        };
        method.set(ns);
        let posneg = 1.0_f64.copysign(xend - x);
        let hmaxn = fmin(s.hmax.abs(), (xend - x).abs());
        let mut h = h;
        if h.abs() <= 10.0 * s.uround {
            h = 1.0e-6;
        }
        h = fmin(h.abs(), hmaxn).copysign(posneg);
        let hold = h;
        let mut last = false;
        if (x + h * 1.0001 - xend) * posneg >= 0.0 {
            h = xend - x;
            last = true;
        }
        State {
            x,
            h,
            xend,
            posneg,
            hmaxn,
            hold,
            hopt: h,
            hhfac: h,
            reject: false,
            first: true,
            last,
            caljac: false,
            faccon: 1.0,
            nsing: 0,
            xold: x,
            xph: x,
            theta: 0.0,
            thetat: 0.0,
            thqold: 0.0,
            dynold: 0.0,
            hacc: 0.0,
            erracc: 0.0,
            fac1: 0.0,
            alphn: [0.0; 3],
            betan: [0.0; 3],
            newt: 0,
            nit: 0,
            ns,
            method,
            expo: 1.0 / (ns as f64 + 1.0),
            expmns: 0.0,
            rtol1: 0.0,
            atol1: 0.0,
            fnewt: 0.0,
            fnewt_of: None,
            quott: 0.0,
            change: false,
            unexp: false,
            unexn: false,
            ichan: 0,
        }
    }

    /// SCAL from the tolerances of the current order: for scalar tolerances with RTOL1
    /// and ATOL1 as they are (`fresh`: recomputed from RTOL(1) and QUOTT first), for
    /// vectors component by component, leaving those of component N.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau)]
    fn rescale(&mut self, st: &mut State, y: &[f64], fresh: bool) {
        let (rtol, atol) = self.setup.tol.arrays();
        if fresh {
            st.rtol1 = 0.1 * rtol[0].powf(st.expmns);
            st.atol1 = st.rtol1 * st.quott;
        }
        if rtol.len() == 1 {
            for (s, yi) in self.w.scal.iter_mut().zip(y) {
                *s = st.atol1 + st.rtol1 * yi.abs();
            }
        } else {
            for i in 0..y.len() {
                st.quott = atol[i] / rtol[i];
                st.rtol1 = 0.1 * rtol[i].powf(st.expmns);
                st.atol1 = st.rtol1 * st.quott;
                self.w.scal[i] = st.atol1 + st.rtol1 * y[i].abs();
            }
        }
    }

    /// Calls SOLOUT with CONT(1..N) = y and the polynomial of the step `[xold, x]`.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau)]
    fn solout<P: Problem>(
        &mut self,
        problem: &mut P,
        nr: usize,
        st: &State,
        y: &mut [f64],
    ) -> bool {
        let n = y.len();
        let lrc = st.ns * n + n;
        let cont = &mut self.w.cont[..lrc];
        cont[..n].copy_from_slice(y);
        let dense = DenseOutput::new(cont, st.ns, st.x, st.hold, st.method.c);
        problem.solout(nr, st.xold, st.x, y, &dense)
    }

    /// The step loop: the first SOLOUT call, SCAL and `f(x0, y0)`, then steps until
    /// XEND, SOLOUT or a failure ends it.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau)]
    fn integrate<P: Problem>(&mut self, problem: &mut P, st: &mut State, y: &mut [f64]) -> Outcome {
        let dense = self.setup.common.structure.dense_output;
        if dense && !self.solout(problem, 1, st, y) {
            return Outcome::Interrupted;
        }
        st.expmns = (st.ns as f64 + 1.0) / (2.0 * st.ns as f64);
        let (rtol, atol) = self.setup.tol.arrays();
        st.quott = atol[0] / rtol[0];
        self.rescale(st, y, true);
        st.hhfac = st.h;
        problem.fcn(st.x, y, self.w.y0);
        self.stats.nfcn += 1;
        let mut next = Next::Jacobian;
        loop {
            if next == Next::Jacobian {
                self.jacobian(problem, st, y);
                next = Next::Decompose;
            }
            if next == Next::Keep {
                next = Next::Step;
                if self.setup.nsmin < self.setup.nsmax {
                    st.ichan += 1;
                    if st.ichan >= 10 && st.ns < self.setup.nsmax {
                        next = Next::Decompose;
                    }
                }
            }
            let mut singular = None;
            if next == Next::Decompose {
                self.select_order(st, y);
                singular = self.decompose(st).err();
            }
            let newton = match singular {
                Some(stage) => Err(Some(stage)),
                None => {
                    if let Some(outcome) = self.begin_step(st) {
                        return outcome;
                    }
                    self.predict(st);
                    match self.newton(problem, st, y) {
                        Newton::Converged => Ok(true),
                        Newton::Retry => Ok(false),
                        Newton::Failed => Err(None),
                    }
                }
            };
            let flow = match newton {
                Ok(false) => ControlFlow::Continue(redo(st)),
                Err(singular) => self.unexpected_rejection(st, singular),
                Ok(true) => {
                    let err = self.error_estimate(problem, st, y);
                    if err < 1.0 {
                        self.update_dense_output(st, y);
                        self.accept(problem, st, y, err)
                    } else {
                        let (_, hnew) = self.step_size(st, err);
                        ControlFlow::Continue(self.reject(st, hnew))
                    }
                }
            };
            match flow {
                ControlFlow::Continue(n) => next = n,
                ControlFlow::Break(outcome) => return outcome,
            }
        }
    }

    /// Label 10: a new Jacobian at `(x, y)`.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau)]
    fn jacobian<P: Problem>(&mut self, problem: &mut P, st: &mut State, y: &mut [f64]) {
        self.stats.njac += 1;
        let s = &self.setup.common;
        if s.structure.analytic_jacobian {
            problem.jac(st.x, y, self.w.tail, s.ldjac());
        } else {
            let shape = Shape {
                n: s.n,
                m1: s.m1,
                m2: s.m2,
                uround: s.uround,
                band: s.jac_band,
                ld: s.ldjac(),
            };
            let (ysave, delta) = self.w.ff.split_at_mut(s.n);
            let scratch = Scratch {
                cont: self.w.cont,
                ysave,
                delta,
            };
            let mut fcn = |x: f64, y: &[f64], f: &mut [f64]| problem.fcn(x, y, f);
            differences(&shape, &mut fcn, st.x, y, self.w.y0, self.w.tail, scratch);
        }
        st.caljac = true;
        self.lin.new_jacobian();
    }

    /// The beginning of label 20: a new order from the Newton contraction THETAT, the
    /// step ratio and unexpected rejections, with its coefficients and tolerances.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau)]
    fn select_order(&mut self, st: &mut State, y: &[f64]) {
        let s = self.setup;
        if s.nsmin >= s.nsmax {
            return;
        }
        let ns = st.ns;
        let mut nsnew = ns;
        st.ichan += 1;
        let hquot = st.h / st.hold;
        st.thetat = fmin(10.0, fmax(st.thetat * 0.5, st.theta));
        if st.newt > 1 && st.thetat <= s.vitu && hquot < s.hhou && hquot > s.hhod {
            nsnew = s.nsmax.min(ns + 2);
        }
        if st.thetat >= s.vitd || st.unexp {
            nsnew = s.nsmin.max(ns.saturating_sub(2));
        }
        if st.ichan >= 1 && st.unexn {
            nsnew = s.nsmin.max(ns.saturating_sub(2));
        }
        if st.ichan <= 10 {
            nsnew = ns.min(nsnew);
        }
        st.change = ns != nsnew;
        st.unexn = false;
        st.unexp = false;
        if st.change {
            st.ns = nsnew;
            st.ichan = 1;
            st.method.set(nsnew);
            st.expo = 1.0 / (nsnew as f64 + 1.0);
            st.expmns = (nsnew as f64 + 1.0) / (2.0 * nsnew as f64);
            self.rescale(st, y, true);
        }
    }

    /// Label 20 after the order: E1 and the E2 of each complex pair for the current H,
    /// formed and decomposed; `Err(IER)` for a singular one.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau)]
    fn decompose(&mut self, st: &mut State) -> Result<(), usize> {
        let m = &st.method;
        st.fac1 = m.u1 / st.h;
        self.lin.reduce(&mut self.w.tail[..self.jac_len]);
        let mats = matrices(self.w.tail, self.jac_len, self.mas_len);
        self.lin
            .decompose_real(mats, st.fac1)
            .map_err(|e| e.stage)?;
        for k in 0..(st.ns - 1) / 2 {
            st.alphn[k] = m.alph[k] / st.h;
            st.betan[k] = m.beta[k] / st.h;
            self.lin
                .decompose_complex(k, mats, st.alphn[k], st.betan[k])
                .map_err(|e| e.stage)?;
        }
        self.stats.ndec += 1;
        Ok(())
    }

    /// Label 30: count the step, stop after NMAX steps or for a step too small for X,
    /// and scale SCAL of the index-2 and -3 components.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau)]
    fn begin_step(&mut self, st: &mut State) -> Option<Outcome> {
        let s = &self.setup.common;
        self.stats.nstep += 1;
        if self.stats.nstep > s.nmax {
            return Some(Outcome::TooManySteps);
        }
        if 0.1 * st.h.abs() <= st.x.abs() * s.uround {
            return Some(Outcome::StepSizeTooSmall);
        }
        let [nind1, nind2, nind3] = s.nind;
        let scal = &mut self.w.scal;
        if nind2 != 0 {
            for v in &mut scal[nind1..nind1 + nind2] {
                *v /= st.hhfac;
            }
        }
        if nind3 != 0 {
            for v in &mut scal[nind1 + nind2..nind1 + nind2 + nind3] {
                *v /= st.hhfac * st.hhfac;
            }
        }
        st.xph = st.x + st.h;
        None
    }

    /// The starting values of the Newton iteration: zero on the first step, with STARTN
    /// or after an order change (for one stage the original clears only the first
    /// entries), else the collocation polynomial of the last step extrapolated.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau)]
    fn predict(&mut self, st: &State) {
        let n = self.setup.common.n;
        let ns = st.ns;
        let w = &mut self.w;
        if st.first || self.setup.common.startn || st.change {
            let len = if ns == 1 { 1 } else { ns * n };
            w.zz[..len].fill(0.0);
            w.ff[..len].fill(0.0);
            return;
        }
        let hquot = st.h / st.hold;
        if ns == 3 {
            self.three.predict(hquot, w.cont, w.zz, w.ff, n);
        } else {
            predict_more(&st.method.c, ns, hquot, w, n);
        }
    }

    /// The simplified Newton iteration of the current order (labels 40, 140, 240, 440).
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau)]
    fn newton<P: Problem>(&mut self, problem: &mut P, st: &mut State, y: &[f64]) -> Newton {
        let s = &self.setup.common;
        let ns = st.ns;
        st.newt = 0;
        st.nit = s.nit as i64
            + match ns {
                1 => -3,
                3 => 0,
                5 => 5,
                _ => 10,
            };
        let key = [ns as u64, st.expmns.to_bits(), st.rtol1.to_bits()];
        if st.fnewt_of != Some(key) {
            let expmi = 1.0 / st.expmns;
            st.fnewt = if ns == 1 {
                fmax(10.0 * s.uround / st.rtol1, 0.03)
            } else {
                fmax(
                    10.0 * s.uround / st.rtol1,
                    fmin(st.rtol1.powf(expmi - 1.0), 0.03),
                )
            };
            st.fnewt_of = Some(key);
        }
        let fnewt = st.fnewt;
        // MAX(FACCON, UROUND) compiled with the operands swapped: FACCON on NaN.
        st.faccon = fmax(s.uround, st.faccon).powf(0.8);
        st.theta = s.thet.abs();
        if ns == 3 {
            self.iterate::<3, P>(problem, st, y, fnewt)
        } else {
            self.iterate_more(problem, st, y, fnewt)
        }
    }

    /// [`Stepper::iterate`] of 1, 5 and 7 stages, out of the 3-stage path: a solve that
    /// keeps to 3 stages (the default first order) runs through less code. One function
    /// per order, each with its own loop as the 3-stage one.
    #[inline(always)]
    fn iterate_more<P: Problem>(
        &mut self,
        problem: &mut P,
        st: &mut State,
        y: &[f64],
        fnewt: f64,
    ) -> Newton {
        match st.ns {
            1 => self.iterate_apart::<1, P>(problem, st, y, fnewt),
            5 => self.iterate_apart::<5, P>(problem, st, y, fnewt),
            _ => self.iterate_apart::<7, P>(problem, st, y, fnewt),
        }
    }

    /// [`Stepper::iterate`] of `NS` stages out of line, in the section after the 3-stage
    /// path's.
    #[inline(never)]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau_more)]
    fn iterate_apart<const NS: usize, P: Problem>(
        &mut self,
        problem: &mut P,
        st: &mut State,
        y: &[f64],
        fnewt: f64,
    ) -> Newton {
        self.iterate::<NS, P>(problem, st, y, fnewt)
    }

    /// The iterations of [`Stepper::newton`] with `NS` stages. The stage helpers it calls
    /// are left to the inliner: forced into it (`inline(always)`), the 5- and 7-stage
    /// loops took 4 % more instructions on HIRES 1e-7.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau)]
    fn iterate<const NS: usize, P: Problem>(
        &mut self,
        problem: &mut P,
        st: &mut State,
        y: &[f64],
        fnewt: f64,
    ) -> Newton {
        let s = &self.setup.common;
        let n = s.n;
        let nns = NS * n;
        let nit = st.nit;
        loop {
            if st.newt >= nit {
                return Newton::Failed;
            }
            let w = &mut self.w;
            let (y, cont) = (&y[..n], &mut w.cont[..n]);
            stage_values::<NS, P>(problem, st, y, cont, w.zz);
            self.stats.nfcn += NS;
            if NS > 1 {
                transform_ti::<NS>(w.zz, n);
            }
            let m = matrices(w.tail, self.jac_len, self.mas_len);
            let (z1, zrest) = w.zz.split_at_mut(n);
            let (f1, frest) = w.ff.split_at_mut(n);
            if NS == 3 {
                // SLVRAD: both systems of the 3-stage method in one call.
                let (z2, z3) = zrest[..2 * n].split_at_mut(n);
                let (f2, f3) = frest[..2 * n].split_at(n);
                let (alphn, betan) = (st.alphn[0], st.betan[0]);
                self.lin
                    .solve(m, st.fac1, alphn, betan, z1, z2, z3, f1, f2, f3);
            } else {
                let pairs = (NS - 1) / 2;
                let shifts = (&st.alphn[..pairs], &st.betan[..pairs]);
                self.lin
                    .solve_stages(m, st.fac1, shifts, z1, zrest, f1, frest);
            }
            self.stats.nsol += 1;
            st.newt += 1;
            let newt = st.newt;
            let mut dyno = newton_norm::<NS>(w.zz, w.scal, n);
            dyno = (dyno / nns as f64).sqrt();
            if newt > 1 && newt < nit {
                let thq = dyno / st.dynold;
                st.theta = if newt == 2 {
                    thq
                } else {
                    (thq * st.thqold).sqrt()
                };
                st.thqold = thq;
                if st.theta < 0.99 {
                    st.faccon = st.theta / (1.0 - st.theta);
                    let dyth = st.faccon * dyno * powi(st.theta, (nit - 1 - newt) as i32) / fnewt;
                    if dyth >= 1.0 {
                        let qnewt = fmax(fmin(dyth, 20.0), 1.0e-4);
                        st.hhfac = 0.8 * qnewt.powf(-1.0 / (4.0 + nit as f64 - 1.0 - newt as f64));
                        st.h *= st.hhfac;
                        st.reject = true;
                        st.last = false;
                        if st.hhfac <= 0.5 {
                            st.unexn = true;
                        }
                        return Newton::Retry;
                    }
                } else {
                    return Newton::Failed;
                }
            }
            st.dynold = fmax(dyno, s.uround);
            accumulate::<NS>(w.ff, w.zz, n);
            // IF (FACCON*DYNO.GT.FNEWT) GOTO 40: a NaN ends the iteration as
            // converged, as in the original.
            #[allow(clippy::neg_cmp_op_on_partial_ord)]
            if !(st.faccon * dyno > fnewt) {
                return Newton::Converged;
            }
        }
    }

    /// Label 78, an unexpected step rejection: after a singular matrix (the fifth ends
    /// the call), divergence or too many iterations, halve H and go back.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau)]
    fn unexpected_rejection(
        &mut self,
        st: &mut State,
        singular: Option<usize>,
    ) -> ControlFlow<Outcome, Next> {
        st.unexp = true;
        if let Some(stage) = singular {
            st.nsing += 1;
            if st.nsing >= 5 {
                return ControlFlow::Break(Outcome::RepeatedlySingular { stage });
            }
        }
        st.h *= 0.5;
        st.hhfac = 0.5;
        st.reject = true;
        st.last = false;
        ControlFlow::Continue(redo(st))
    }

    /// ESTRAD (3 stages) or ESTRAV: the scaled error estimate of the step, refined by
    /// one more f-call and solve when it fails on the first step or after a rejection.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau)]
    fn error_estimate<P: Problem>(&mut self, problem: &mut P, st: &State, y: &[f64]) -> f64 {
        let n = self.setup.common.n;
        let ns = st.ns;
        let h = st.h;
        let w = &mut self.w;
        let m = matrices(w.tail, self.jac_len, self.mas_len);
        let (f1, rest) = w.ff.split_at_mut(n);
        // With NSMAX = 1 the original's FF(N+1..2N) is CONT(1..N).
        let mut spill = Vec::new();
        let spilled = rest.len() < n;
        let f2: &mut [f64] = if !spilled {
            &mut rest[..n]
        } else {
            spill.resize(n, 0.0);
            &mut spill
        };
        let zz = &*w.zz;
        let (fac1, y0, scal, cont) = (st.fac1, &*w.y0, &*w.scal, &mut *w.cont);
        let lin = &mut self.lin;
        let mut err = match ns {
            3 => {
                let dd = self.three.dd;
                let hee = [dd[0] / h, dd[1] / h, dd[2] / h];
                let [z1, z2, z3] = stages::<3>(zz, n);
                let combine = |i: usize| hee[0] * z1[i] + hee[1] * z2[i] + hee[2] * z3[i];
                lin.estimate(m, fac1, combine, y0, scal, cont, f1, f2)
            }
            _ => {
                let e = Estimate {
                    fac1,
                    y0,
                    scal,
                    cont,
                    f1,
                    f2,
                };
                estimate_more(lin, m, &st.method.dd, ns, h, zz, n, e)
            }
        };
        if err >= 1.0 && (st.first || st.reject) {
            for i in 0..n {
                w.cont[i] += y[i];
            }
            if spilled {
                f2.copy_from_slice(&w.cont[..n]);
            }
            problem.fcn(st.x, &w.cont[..n], f1);
            self.stats.nfcn += 1;
            err = self.lin.refine(m.fjac, st.fac1, f1, f2, w.scal, w.cont);
        }
        err
    }

    /// `y += z_ns` and the coefficients of the collocation polynomial in CONT(N+1..).
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau)]
    fn update_dense_output(&mut self, st: &State, y: &mut [f64]) {
        let n = self.setup.common.n;
        let ns = st.ns;
        let w = &mut self.w;
        let y = &mut y[..n];
        if ns == 3 {
            self.three.dense_output(w.zz, w.cont, y);
        } else {
            dense_output_more(&st.method, ns, w, y);
        }
    }

    /// The step-size prediction: QUOT = H/HNEW within FACR ≤ QUOT ≤ FACL, and HNEW.
    #[inline(always)]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau)]
    fn step_size(&self, st: &State, err: f64) -> (f64, f64) {
        let s = &self.setup.common;
        let nit = st.nit as f64;
        let fac = fmin(
            (1.0 + 2.0 * nit) * s.safe / (st.newt as f64 + 2.0 * nit),
            s.safe,
        );
        let quot = fmax(fmin(err.powf(st.expo) / fac, s.facl), s.facr);
        (quot, st.h / quot)
    }

    /// An accepted step: the new point, SCAL, SOLOUT, `f` at the new point and, when
    /// THETA > THET sends the original to label 10, the Jacobian there; then HNEW with
    /// Gustafsson's predictive controller (not right after an order change) and the
    /// choice of the next step.
    ///
    /// The original computes HNEW before SOLOUT and evaluates FCN and the Jacobian
    /// after it. Neither evaluation depends on HNEW (label 10 has no test; the order
    /// choice of label 20 stays after this) and HNEW depends on neither, so the
    /// evaluations come first here: the step-size chain (two powers and their
    /// divisions) then runs beside them instead of before them.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau)]
    fn accept<P: Problem>(
        &mut self,
        problem: &mut P,
        st: &mut State,
        y: &mut [f64],
        err: f64,
    ) -> ControlFlow<Outcome, Next> {
        let s = &self.setup.common;
        st.first = false;
        self.stats.naccpt += 1;
        let h = st.h;
        st.xold = st.x;
        st.hold = h;
        st.x = st.xph;
        self.rescale(st, y, false);
        if s.structure.dense_output && !self.solout(problem, self.stats.naccpt + 1, st, y) {
            return ControlFlow::Break(Outcome::Interrupted);
        }
        st.caljac = false;
        if st.last {
            st.h = st.hopt;
            return ControlFlow::Break(Outcome::Reached);
        }
        problem.fcn(st.x, y, self.w.y0);
        self.stats.nfcn += 1;
        // IF (THETA.LE.THET) GOTO 20, else label 10 (a NaN THETA goes to 10).
        let keep_jacobian = st.theta <= s.thet;
        if !keep_jacobian {
            self.jacobian(problem, st, y);
        }
        let (mut quot, mut hnew) = self.step_size(st, err);
        if s.pred && !st.change {
            if self.stats.naccpt > 1 {
                let facgus = (st.hacc / h) * (err * err / st.erracc).powf(st.expo) / s.safe;
                // QUOT = MAX(QUOT, MAX(FACR, MIN(FACL, FACGUS))) as gfortran orders it:
                // MAX(MIN(FACGUS, FACL), MAX(FACR, QUOT)).
                quot = fmax(fmin(facgus, s.facl), fmax(s.facr, quot));
                hnew = h / quot;
            }
            st.hacc = h;
            st.erracc = fmax(err, 1.0e-2);
        }
        hnew = st.posneg * fmin(hnew.abs(), st.hmaxn);
        st.hopt = fmin(hnew, h);
        if st.reject {
            hnew = st.posneg * fmin(hnew.abs(), h.abs());
        }
        st.reject = false;
        if (st.x + hnew / s.quot1 - st.xend) * st.posneg >= 0.0 {
            st.h = st.xend - st.x;
            st.last = true;
        } else {
            let qt = hnew / h;
            st.hhfac = h;
            if keep_jacobian && qt >= s.quot1 && qt <= s.quot2 {
                return ControlFlow::Continue(Next::Keep);
            }
            st.h = hnew;
        }
        st.hhfac = st.h;
        ControlFlow::Continue(Next::Decompose)
    }

    /// A step rejected by the error test: H/10 on the first step, else HNEW.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau)]
    fn reject(&mut self, st: &mut State, hnew: f64) -> Next {
        st.reject = true;
        st.last = false;
        if st.first {
            st.h *= 0.1;
            st.hhfac = 0.1;
        } else {
            st.hhfac = hnew / st.h;
            st.h = hnew;
        }
        if self.stats.naccpt >= 1 {
            self.stats.nrejct += 1;
        }
        redo(st)
    }
}

/// The starting values of 1, 5 and 7 stages (see [`Stepper::predict`]), out of the
/// 3-stage path as [`Stepper::iterate_more`].
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(radau_more)]
fn predict_more(c: &[f64; 8], ns: usize, hquot: f64, w: &mut Work<'_>, n: usize) {
    match ns {
        1 => {
            let ak = &w.cont[n..2 * n];
            for ((z, f), &a) in w.zz[..n].iter_mut().zip(&mut w.ff[..n]).zip(ak) {
                let z1i = hquot * a;
                *z = z1i;
                *f = z1i;
            }
        }
        5 => extrapolate::<5>(c, hquot, w.cont, w.zz, w.ff, n),
        _ => extrapolate::<7>(c, hquot, w.cont, w.zz, w.ff, n),
    }
}

/// `y += z_ns` and the dense output of 1, 5 and 7 stages (see
/// [`Stepper::update_dense_output`]), out of the 3-stage path.
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(radau_more)]
fn dense_output_more(m: &Method, ns: usize, w: &mut Work<'_>, y: &mut [f64]) {
    let n = y.len();
    match ns {
        1 => {
            let (z, cont) = (&w.zz[..n], &mut w.cont[n..2 * n]);
            for ((yi, ci), &zi) in y.iter_mut().zip(cont).zip(z) {
                *yi += zi;
                *ci = zi;
            }
        }
        5 => divided_differences::<5>(m, w.zz, w.cont, y),
        _ => divided_differences::<7>(m, w.zz, w.cont, y),
    }
}

/// The vectors ESTRAV works on besides the stages.
struct Estimate<'a> {
    fac1: f64,
    y0: &'a [f64],
    scal: &'a [f64],
    cont: &'a mut [f64],
    f1: &'a mut [f64],
    f2: &'a mut [f64],
}

/// ESTRAV of 1, 5 and 7 stages (see [`Stepper::error_estimate`]), out of the 3-stage
/// path.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(radau_more)]
fn estimate_more(
    lin: &mut LinearSystem<'_>,
    m: Matrices<'_>,
    dd: &[f64; 7],
    ns: usize,
    h: f64,
    zz: &[f64],
    n: usize,
    e: Estimate<'_>,
) -> f64 {
    let Estimate {
        fac1,
        y0,
        scal,
        cont,
        f1,
        f2,
    } = e;
    match ns {
        1 => {
            let combine = error_sum::<1>(dd, h, zz, n);
            lin.estimate(m, fac1, combine, y0, scal, cont, f1, f2)
        }
        5 => {
            let combine = error_sum::<5>(dd, h, zz, n);
            lin.estimate(m, fac1, combine, y0, scal, cont, f1, f2)
        }
        _ => {
            let combine = error_sum::<7>(dd, h, zz, n);
            lin.estimate(m, fac1, combine, y0, scal, cont, f1, f2)
        }
    }
}

/// Where a retried step starts: label 20 if the Jacobian is current, else 10.
#[allow(unsafe_code)]
#[link_section = hot_path!(radau)]
fn redo(st: &State) -> Next {
    if st.caljac {
        Next::Decompose
    } else {
        Next::Jacobian
    }
}
