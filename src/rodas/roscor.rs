//! ROSCOR, the step loop of RODAS, split along the original's labels: 1 the step count
//! and checks, the Jacobian and `∂f/∂x` at the start of a step; 2 the decomposition
//! (DECOMR) and the six stages (SLVROD); the error estimate and the step-size
//! prediction; the accepted step with its dense output and SOLOUT; the rejected step;
//! 80 the singular matrix. Every floating-point operation is the original's, in the
//! original's order.
// Index loops mirror the original's DO loops over several arrays at once.
#![allow(clippy::needless_range_loop)]

use super::coefficients::Coefficients;
use super::core::Setup;
use super::dense::DenseOutput;
use super::linear::{decomr_dense, LinearSystem, Mass};
use super::{Finish, Outcome, Problem};
use crate::hairer::linear::{Pivots, PIVOTS_ORDER};
use crate::intrinsics::{fmax, fmin};
use crate::radau5::Counters;

/// The vectors of the step loop at the original's places in WORK(21..): YNEW, DY1, DY,
/// AK1..AK6, FX, CONT, then FJAC, FMAS and the rest of WORK.
struct Work<'w> {
    ynew: &'w mut [f64],
    dy1: &'w mut [f64],
    dy: &'w mut [f64],
    ak1: &'w mut [f64],
    ak2: &'w mut [f64],
    ak3: &'w mut [f64],
    ak4: &'w mut [f64],
    ak5: &'w mut [f64],
    ak6: &'w mut [f64],
    fx: &'w mut [f64],
    /// `4n` dense-output coefficients (the first `n` double as a right-hand side).
    cont: &'w mut [f64],
    /// FJAC (`jac_len` values), then FMAS.
    tail: &'w mut [f64],
}

impl<'w> Work<'w> {
    #[allow(unsafe_code)]
    #[link_section = hot_path!(rodas)]
    fn new(work: &'w mut [f64], n: usize) -> Self {
        let (ynew, rest) = work.split_at_mut(n);
        let (dy1, rest) = rest.split_at_mut(n);
        let (dy, rest) = rest.split_at_mut(n);
        let (ak1, rest) = rest.split_at_mut(n);
        let (ak2, rest) = rest.split_at_mut(n);
        let (ak3, rest) = rest.split_at_mut(n);
        let (ak4, rest) = rest.split_at_mut(n);
        let (ak5, rest) = rest.split_at_mut(n);
        let (ak6, rest) = rest.split_at_mut(n);
        let (fx, rest) = rest.split_at_mut(n);
        let (cont, tail) = rest.split_at_mut(4 * n);
        Self {
            ynew,
            dy1,
            dy,
            ak1,
            ak2,
            ak3,
            ak4,
            ak5,
            ak6,
            fx,
            cont,
            tail,
        }
    }
}

/// ROSCOR's variables that live from step to step.
struct State {
    x: f64,
    h: f64,
    xend: f64,
    /// The direction of integration and |HMAX| limited to |XEND - X|.
    posneg: f64,
    hmaxn: f64,
    /// The step size before it was cut to reach XEND (H on return).
    hopt: f64,
    reject: bool,
    last: bool,
    /// Singular decompositions so far (IDID = -4 at 5).
    nsing: usize,
    /// The last accepted step and its error, for Gustafsson's controller.
    hacc: f64,
    erracc: f64,
    /// Rejected steps in a row retried with the same H.
    repeats: usize,
    /// FCN, the Jacobian and ∂f/∂x at (X, Y) are in place for label 1 ([`Stepper::accept`]).
    evaluated: bool,
}

/// Rejected steps in a row with an unchanged H after which the run ends with IDID = -3:
/// each retry repeats the last one exactly, so with deterministic routines the original
/// never returns.
const MAX_REPEATS: usize = 100;

/// What a ROSCOR call works with: the coefficients, the linear system, the arrays in
/// WORK and the statistics.
struct Stepper<'s, 'w> {
    setup: &'s Setup<'s>,
    coef: &'static Coefficients,
    lin: LinearSystem<'w>,
    w: Work<'w>,
    /// The lengths of FJAC and FMAS.
    jac_len: usize,
    mas_len: usize,
    stats: Counters,
}

/// ROSCOR: the integration from `x` to `xend` with the first step guess `h`, the
/// vectors and matrices in `work` (WORK(21..) of the original, at least
/// [`Setup::work_len`] values: the vectors, FJAC, FMAS, then E).
#[allow(unsafe_code)]
#[link_section = hot_path!(rodas)]
pub(crate) fn run<P: Problem>(
    setup: &Setup<'_>,
    problem: &mut P,
    x: f64,
    y: &mut [f64],
    xend: f64,
    h: f64,
    work: &mut [f64],
) -> Finish {
    let mut pivots = Pivots::<PIVOTS_ORDER>::new();
    let mut stepper = Stepper::new(setup, problem, work, &mut pivots);
    let mut st = stepper.start(x, xend, h);
    let outcome = stepper.integrate(problem, &mut st, y);
    Finish {
        outcome,
        x: st.x,
        h: st.h,
        stats: stepper.stats,
    }
}

impl<'s, 'w> Stepper<'s, 'w> {
    /// Lays out `work` (E after FMAS, as the original's WORK) and `pivots`, and calls
    /// MAS once, as ROSCOR does on entry.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(rodas)]
    fn new<P: Problem>(
        setup: &'s Setup<'s>,
        problem: &mut P,
        work: &'w mut [f64],
        pivots: &'w mut Pivots<PIVOTS_ORDER>,
    ) -> Self {
        let (n, m1) = (setup.n, setup.m1);
        let nm1 = n - m1;
        let ldjac = setup.ldjac();
        let (mass, ldmas) = setup.mass();
        let (arrays, e) = work.split_at_mut(setup.arrays_len());
        let w = Work::new(arrays, n);
        let (e_len, ip_len) = setup.linear_storage();
        let storage = (&mut e[..e_len], pivots.get(ip_len));
        let jac_len = ldjac * n;
        if !matches!(mass, Mass::Identity) {
            problem.mas(nm1, &mut w.tail[jac_len..], ldmas);
        }
        Self {
            setup,
            coef: Coefficients::new(setup.meth),
            lin: LinearSystem::new(n, m1, setup.m2, ldjac, setup.jac_band, mass, storage),
            w,
            jac_len,
            mas_len: ldmas * nm1,
            stats: Counters::default(),
        }
    }

    /// The preparations of ROSCOR before its first step: direction, HMAXN and the first
    /// H (1e-6 for a tiny guess, at most HMAXN).
    #[allow(unsafe_code)]
    #[link_section = hot_path!(rodas)]
    fn start(&self, x: f64, xend: f64, h: f64) -> State {
        let s = self.setup;
        let posneg = 1.0_f64.copysign(xend - x);
        let hmaxn = fmin(s.hmax.abs(), (xend - x).abs());
        let mut h = h;
        if h.abs() <= 10.0 * s.uround {
            h = 1.0e-6;
        }
        h = fmin(h.abs(), hmaxn).copysign(posneg);
        State {
            x,
            h,
            xend,
            posneg,
            hmaxn,
            hopt: h,
            reject: false,
            last: false,
            nsing: 0,
            hacc: 0.0,
            erracc: 0.0,
            repeats: 0,
            evaluated: false,
        }
    }

    /// Calls SOLOUT for the step `[xold, x]` of length `hout` with the coefficients in
    /// CONT.
    #[allow(clippy::too_many_arguments)]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(rodas)]
    fn solout<P: Problem>(
        &mut self,
        problem: &mut P,
        nr: usize,
        xold: f64,
        x: f64,
        hout: f64,
        y: &mut [f64],
    ) -> bool {
        let dense = DenseOutput::new(&*self.w.cont, xold, hout);
        problem.solout(nr, xold, x, y, &dense)
    }

    /// The step loop: the first SOLOUT call, then steps until XEND, SOLOUT or a failure
    /// ends it.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(rodas)]
    fn integrate<P: Problem>(&mut self, problem: &mut P, st: &mut State, y: &mut [f64]) -> Outcome {
        let s = self.setup;
        if s.structure.dense_output && !self.solout(problem, 1, st.x, st.x, st.h, y) {
            return Outcome::Interrupted;
        }
        loop {
            // Label 1.
            if self.stats.nstep > s.nmax {
                return Outcome::TooManySteps;
            }
            if 0.1 * st.h.abs() <= st.x.abs() * s.uround {
                return Outcome::StepSizeTooSmall;
            }
            if st.last {
                st.h = st.hopt;
                return Outcome::Reached;
            }
            st.hopt = st.h;
            if (st.x + st.h * 1.0001 - st.xend) * st.posneg >= 0.0 {
                st.h = st.xend - st.x;
                st.last = true;
            }
            if !st.evaluated {
                self.jacobian(problem, st.x, y);
            }
            st.evaluated = false;
            st.repeats = 0;
            // Label 2, until a step is accepted.
            loop {
                let fac = 1.0 / (st.h * self.coef.gamma);
                if let Err(e) = self.step(problem, st, y, fac) {
                    // Label 80.
                    st.nsing += 1;
                    if st.nsing >= 5 {
                        return Outcome::RepeatedlySingular { stage: e };
                    }
                    st.h *= 0.5;
                    st.repeats = 0;
                    st.reject = true;
                    st.last = false;
                    continue;
                }
                self.stats.nsol += 6;
                self.stats.nfcn += 5;
                self.stats.nstep += 1;
                let err = self.error(y);
                if err <= 1.0 {
                    if let Some(outcome) = self.accept(problem, st, y, err) {
                        return outcome;
                    }
                    break;
                }
                let (_, hnew) = self.new_step(st.h, err);
                st.reject = true;
                st.last = false;
                st.repeats = if hnew == st.h { st.repeats + 1 } else { 0 };
                st.h = hnew;
                if self.stats.naccpt >= 1 {
                    self.stats.nrejct += 1;
                }
                // The original retries from label 2 without the checks of label 1, so once
                // H has shrunk to zero (an error estimate that stays NaN: FCN returned NaN
                // for DY1 or the Jacobian) it loops for ever, and so it does when H stops
                // changing: a subnormal H that FAC1 = 1/WORK(3) below 2 cannot shrink, or
                // any H with WORK(3) = 1. Only such runs end here.
                if st.h == 0.0 || st.h.is_nan() || st.repeats >= MAX_REPEATS {
                    return Outcome::StepSizeTooSmall;
                }
            }
        }
    }

    /// `f(x, y)` into DY1, then the Jacobian (analytic, or forward differences with the
    /// original's increments `sqrt(uround · max(1e-5, |y_j|))`, f-calls not counted) and,
    /// for a non-autonomous problem, `∂f/∂x` into FX.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(rodas)]
    fn jacobian<P: Problem>(&mut self, problem: &mut P, x: f64, y: &mut [f64]) {
        let s = self.setup;
        let (n, m1) = (s.n, s.m1);
        let ld = s.ldjac();
        let w = &mut self.w;
        problem.fcn(x, y, w.dy1);
        self.stats.nfcn += 1;
        self.stats.njac += 1;
        let fjac = &mut *w.tail;
        if s.structure.analytic_jacobian {
            problem.jac(x, y, fjac, ld);
        } else {
            match s.jac_band {
                None => {
                    for i in 0..n {
                        let ysafe = y[i];
                        let delt = (s.uround * fmax(ysafe.abs(), 1.0e-5)).sqrt();
                        y[i] = ysafe + delt;
                        problem.fcn(x, y, w.ak1);
                        let col = &mut fjac[i * ld..i * ld + (n - m1)];
                        let (ak1, dy1) = (&w.ak1[m1..n], &w.dy1[m1..n]);
                        each(n - m1, |k| col[k] = (ak1[k] - dy1[k]) / delt);
                        y[i] = ysafe;
                    }
                }
                Some(band) => banded_jacobian(problem, s, w, band, x, y),
            }
        }
        if !s.structure.autonomous {
            if s.structure.analytic_dfx {
                problem.dfx(x, y, w.fx);
            } else {
                let delt = (s.uround * fmax(x.abs(), 1.0e-5)).sqrt();
                let xdelt = x + delt;
                problem.fcn(xdelt, y, w.ak1);
                let (fx, ak1, dy1) = (&mut w.fx[..n], &w.ak1[..n], &w.dy1[..n]);
                each(n, |i| fx[i] = (ak1[i] - dy1[i]) / delt);
            }
        }
    }

    /// DECOMR for `fac = 1/(hγ)` and the six stages; `Err(IER)` for a singular matrix.
    /// IJOB = 1 of the orders 2 to 8 in registers ([`step_in_registers`],
    /// [`stages_after_dec`]).
    #[allow(unsafe_code)]
    #[link_section = hot_path!(rodas)]
    fn step<P: Problem>(
        &mut self,
        problem: &mut P,
        st: &State,
        y: &[f64],
        fac: f64,
    ) -> Result<(), usize> {
        let s = self.setup;
        let n = s.n;
        if let (Some((e, ip)), 2..=8) = (self.lin.dense_storage(), n) {
            let (c, w) = (self.coef, &mut self.w);
            match n {
                2 => step_2(problem, s, c, (e, ip), w, st, y, fac)?,
                3 => step_3(problem, s, c, (e, ip), w, st, y, fac)?,
                _ => {
                    decomr_dense(n, &w.tail[..n * n], fac, e, ip).map_err(|err| err.stage)?;
                    let lu = (&*e, &*ip);
                    match n {
                        4 => stages_4(problem, s, c, lu, w, st, y),
                        5 => stages_5(problem, s, c, lu, w, st, y),
                        6 => stages_6(problem, s, c, lu, w, st, y),
                        7 => stages_7(problem, s, c, lu, w, st, y),
                        _ => stages_8(problem, s, c, lu, w, st, y),
                    }
                }
            }
            self.stats.ndec += 1;
            return Ok(());
        }
        self.decompose(fac)?;
        self.stages(problem, st, y, fac);
        Ok(())
    }

    /// DECOMR for `fac = 1/(hγ)`; `Err(IER)` for a singular matrix.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(rodas)]
    fn decompose(&mut self, fac: f64) -> Result<(), usize> {
        let (fjac, rest) = self.w.tail.split_at(self.jac_len);
        self.lin
            .decompose(fjac, &rest[..self.mas_len], fac)
            .map_err(|e| e.stage)?;
        self.stats.ndec += 1;
        Ok(())
    }

    /// The six stages, the embedded solution in YNEW with the error vector AK6 added to
    /// it, and the dense output. Out of line: the step loop of the orders solved in
    /// registers never runs it, and inlined it parted their code across more pages.
    #[inline(never)]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(rodas)]
    fn stages<P: Problem>(&mut self, problem: &mut P, st: &State, y: &[f64], fac: f64) {
        let s = self.setup;
        let c = *self.coef;
        let n = s.n;
        let (x, h) = (st.x, st.h);
        let [hc21, hc31, hc32, hc41, hc42, hc43, hc51, hc52, hc53, hc54, hc61, hc62, hc63, hc64, hc65] =
            c.over_h(h);
        let [hd1, hd2, hd3, hd4] = c.hd(h, s.structure.autonomous);
        let (jac_len, mas_len) = (self.jac_len, self.mas_len);
        let lin = &mut self.lin;
        let w = &mut self.w;
        let (fjac, rest) = w.tail.split_at(jac_len);
        let fmas = &rest[..mas_len];
        // Exact-length vectors: the loops below need no bounds checks.
        let y = &y[..n];
        let (ynew, dy, fx, dy1) = (&mut w.ynew[..n], &mut w.dy[..n], &w.fx[..n], &w.dy1[..n]);
        let (ak1, ak2, ak3) = (&mut w.ak1[..n], &mut w.ak2[..n], &mut w.ak3[..n]);
        let (ak4, ak5, ak6) = (&mut w.ak4[..n], &mut w.ak5[..n], &mut w.ak6[..n]);
        let [rhs, _, cont2, cont3] = {
            let (a, b) = w.cont[..4 * n].split_at_mut(2 * n);
            let ((c0, c1), (c2, c3)) = (a.split_at_mut(n), b.split_at_mut(n));
            [c0, c1, c2, c3]
        };
        let identity = lin.identity_mass();
        // Stage `$ak` with the right-hand side `$rhs(i)` into `$v` (YNEW, AK6 or CONT) and
        // SLVROD's `hd`. With M = I the loop forming `$v` also forms SLVROD's
        // `(dy + hd·fx) + $v`, per element the same operations in the same order.
        macro_rules! stage {
            ($ak:ident, $v:ident, $hd:expr, |$i:ident| $rhs:expr) => {
                let hd = $hd;
                if !identity {
                    each(n, |$i| {
                        $v[$i] = $rhs;
                    });
                    lin.solve(fjac, fmas, fac, dy, $ak, fx, $v, hd);
                } else {
                    if hd == 0.0 {
                        each(n, |$i| {
                            let t = $rhs;
                            $v[$i] = t;
                            $ak[$i] = dy[$i] + t;
                        });
                    } else {
                        each(n, |$i| {
                            let t = $rhs;
                            $v[$i] = t;
                            $ak[$i] = dy[$i] + hd * fx[$i] + t;
                        });
                    }
                    lin.solve_formed(fjac, fac, $ak);
                }
            };
        }
        // The first stage, SLVROD without `M·ynew`.
        if hd1 == 0.0 {
            ak1.copy_from_slice(dy1);
        } else {
            for i in 0..n {
                ak1[i] = dy1[i] + hd1 * fx[i];
            }
        }
        lin.solve_formed(fjac, fac, ak1);
        each(n, |i| {
            ynew[i] = y[i] + c.a21 * ak1[i];
        });
        problem.fcn(x + c.c2 * h, ynew, dy);
        stage!(ak2, ynew, hd2, |i| hc21 * ak1[i]);
        each(n, |i| {
            ynew[i] = y[i] + c.a31 * ak1[i] + c.a32 * ak2[i];
        });
        problem.fcn(x + c.c3 * h, ynew, dy);
        stage!(ak3, ynew, hd3, |i| hc31 * ak1[i] + hc32 * ak2[i]);
        each(n, |i| {
            ynew[i] = y[i] + c.a41 * ak1[i] + c.a42 * ak2[i] + c.a43 * ak3[i];
        });
        problem.fcn(x + c.c4 * h, ynew, dy);
        stage!(ak4, ynew, hd4, |i| hc41 * ak1[i]
            + hc42 * ak2[i]
            + hc43 * ak3[i]);
        each(n, |i| {
            ynew[i] = y[i] + c.a51 * ak1[i] + c.a52 * ak2[i] + c.a53 * ak3[i] + c.a54 * ak4[i];
        });
        problem.fcn(x + h, ynew, dy);
        stage!(ak5, ak6, 0.0, |i| hc52 * ak2[i]
            + hc54 * ak4[i]
            + hc51 * ak1[i]
            + hc53 * ak3[i]);
        // The embedded solution.
        each(n, |i| {
            ynew[i] += ak5[i];
        });
        problem.fcn(x + h, ynew, dy);
        stage!(ak6, rhs, 0.0, |i| hc61 * ak1[i]
            + hc62 * ak2[i]
            + hc65 * ak5[i]
            + hc64 * ak4[i]
            + hc63 * ak3[i]);
        // The new solution.
        each(n, |i| {
            ynew[i] += ak6[i];
        });
        if s.structure.dense_output {
            for i in 0..n {
                rhs[i] = y[i];
                cont2[i] = c.d21 * ak1[i]
                    + c.d22 * ak2[i]
                    + c.d23 * ak3[i]
                    + c.d24 * ak4[i]
                    + c.d25 * ak5[i];
                cont3[i] = c.d31 * ak1[i]
                    + c.d32 * ak2[i]
                    + c.d33 * ak3[i]
                    + c.d34 * ak4[i]
                    + c.d35 * ak5[i];
            }
        }
    }

    /// `sqrt(Σ (ak6_i / sk_i)² / n)`, `sk_i = atol_i + rtol_i · max(|y_i|, |ynew_i|)`.
    /// Inlined into its one caller, as the original computes it in ROSCOR: out of line
    /// the chain of divisions and the square root ran alone before the return.
    #[inline(always)]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(rodas)]
    fn error(&self, y: &[f64]) -> f64 {
        let s = self.setup;
        let n = s.n;
        let (y, ynew, ak6) = (&y[..n], &self.w.ynew[..n], &self.w.ak6[..n]);
        let mut err = 0.0;
        let (rtol, atol) = s.tol.arrays();
        if let ([rtol], [atol]) = (rtol, atol) {
            for i in 0..n {
                let sk = atol + rtol * fmax(y[i].abs(), ynew[i].abs());
                let q = ak6[i] / sk;
                err += q * q;
            }
        } else {
            let (rtol, atol) = (&rtol[..n], &atol[..n]);
            for i in 0..n {
                let sk = atol[i] + rtol[i] * fmax(y[i].abs(), ynew[i].abs());
                let q = ak6[i] / sk;
                err += q * q;
            }
        }
        (err / n as f64).sqrt()
    }

    /// FAC = MAX(FAC2, MIN(FAC1, ERR**0.25 / SAFE)) and HNEW = H / FAC.
    #[inline(always)]
    fn new_step(&self, h: f64, err: f64) -> (f64, f64) {
        let s = self.setup;
        let fac = fmax(fmin(err.powf(0.25) / s.safe, s.fac1), s.fac2);
        (fac, h / fac)
    }

    /// The accepted step: `y ← ynew`, SOLOUT, the evaluations of the next step's label 1
    /// when it surely comes to them, then the new H with Gustafsson's correction. `Some`
    /// when SOLOUT stops the integration.
    ///
    /// Label 1 evaluates FCN, the Jacobian and ∂f/∂x at the new (X, Y) unless it ends
    /// the run: at NMAX steps, after the last step, or for 0.1·|HNEW| ≤ |X|·UROUND.
    /// Every HNEW here is at least min(|H/FAC1|, HMAXN) (FAC ≤ FAC1; the caps at HMAXN
    /// and, after a rejection, at |H| ≥ |H/FAC1|), so when that bound passes the test the
    /// evaluations are made here, before HNEW: the step-size chain (two powers and four
    /// divisions) then runs beside them instead of before them.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(rodas)]
    fn accept<P: Problem>(
        &mut self,
        problem: &mut P,
        st: &mut State,
        y: &mut [f64],
        err: f64,
    ) -> Option<Outcome> {
        let s = self.setup;
        self.stats.naccpt += 1;
        let h = st.h;
        y.copy_from_slice(&self.w.ynew[..s.n]);
        let xold = st.x;
        st.x += h;
        if s.structure.dense_output {
            let n = s.n;
            self.w.cont[n..2 * n].copy_from_slice(y);
            if !self.solout(problem, self.stats.naccpt + 1, xold, st.x, h, y) {
                return Some(Outcome::Interrupted);
            }
        }
        let lower = fmin((h / s.fac1).abs(), st.hmaxn);
        if !st.last && self.stats.nstep <= s.nmax && 0.1 * lower > st.x.abs() * s.uround {
            self.jacobian(problem, st.x, y);
            st.evaluated = true;
        }
        let (mut fac, mut hnew) = self.new_step(h, err);
        if s.pred {
            if self.stats.naccpt > 1 {
                let facgus = (st.hacc / h) * (err * err / st.erracc).powf(0.25) / s.safe;
                // FAC = MAX(FAC, MAX(FAC2, MIN(FAC1, FACGUS))) as gfortran orders it:
                // MAX(MIN(FACGUS, FAC1), MAX(FAC2, FAC)).
                fac = fmax(fmin(facgus, s.fac1), fmax(s.fac2, fac));
                hnew = h / fac;
            }
            st.hacc = h;
            st.erracc = fmax(err, 1.0e-2);
        }
        if hnew.abs() > st.hmaxn {
            hnew = st.posneg * st.hmaxn;
        }
        if st.reject {
            hnew = st.posneg * fmin(hnew.abs(), h.abs());
        }
        st.reject = false;
        st.h = hnew;
        None
    }
}

/// `f(i)` for `i` in `0..n`, in a loop that stays scalar: its step is opaque to the
/// compiler. The loops that read a vector just stored element by element (FCN's DY or
/// AK1, the stage the solve just wrote) would otherwise load it in 16-byte pairs, and a
/// pair of two 8-byte stores still in flight is not forwarded: the load waits until both
/// reach the cache, on the chain from one FCN call to the next.
#[inline(always)]
fn each(n: usize, mut f: impl FnMut(usize)) {
    let step = std::hint::black_box(1);
    let mut i = 0;
    while i < n {
        f(i);
        i += step;
    }
}

/// The banded difference Jacobian: columns that share no row are perturbed together, in
/// groups of stride MD = MIN(MBJAC, N) (RADAU5 takes MIN(MBJAC, M2)); each group is
/// perturbed at least once, as the original's backward GOTO; 1-based indices as the
/// original so the bookkeeping reads the same. Out of line, among the kernels: the
/// full Jacobian's path spans fewer pages without it.
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(kernels)]
fn banded_jacobian<P: Problem>(
    problem: &mut P,
    s: &Setup<'_>,
    w: &mut Work<'_>,
    (mljac, mujac): (usize, usize),
    x: f64,
    y: &mut [f64],
) {
    let (n, m1, m2) = (s.n, s.m1, s.m2);
    let ld = s.ldjac();
    let fjac = &mut *w.tail;
    let md = (mljac + mujac + 1).min(n);
    for mm in 1..=(m1 / m2 + 1) {
        for k in 1..=md {
            let mut j = k + (mm - 1) * m2;
            loop {
                w.ak2[j - 1] = y[j - 1];
                w.ak3[j - 1] = (s.uround * fmax(y[j - 1].abs(), 1.0e-5)).sqrt();
                y[j - 1] += w.ak3[j - 1];
                j += md;
                if j > mm * m2 {
                    break;
                }
            }
            problem.fcn(x, y, w.ak1);
            let mut j = k + (mm - 1) * m2;
            let mut j1 = k;
            let mut lbeg = j1.saturating_sub(mujac).max(1) + m1;
            loop {
                let lend = m2.min(j1 + mljac) + m1;
                y[j - 1] = w.ak2[j - 1];
                // Row of (l, j) in band storage: l + MUJAC + 1 - j1 - m1.
                for l in lbeg..=lend {
                    let row = l + mujac + 1 - j1 - m1;
                    fjac[(row - 1) + (j - 1) * ld] = (w.ak1[l - 1] - w.dy1[l - 1]) / w.ak3[j - 1];
                }
                j += md;
                j1 += md;
                lbeg = lend + 1;
                if j > mm * m2 {
                    break;
                }
            }
        }
    }
}

/// DECOMR and the six stages ([`Stepper::step`]) for IJOB = 1 (M = I, a full Jacobian,
/// `M1 = 0`) of the orders 2 and 3, in registers: E formed and factored
/// ([`dec_in_registers`]), then the stages on the factors in registers, without a store
/// and a load of E on the way from H to the first stage (vdpol 1e-7: 461 → 433 µs,
/// rober 1e-7 52.3 → 51.3 µs). Above order 3 the factors would not fit (hires, N = 8:
/// 167k → 190k instructions, 16.9 → 18.8 µs).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn step_in_registers<const N: usize, P: Problem>(
    problem: &mut P,
    s: &Setup<'_>,
    c: &Coefficients,
    (e, ip): (&mut [f64], &mut [usize]),
    w: &mut Work<'_>,
    st: &State,
    y: &[f64],
    fac: f64,
) -> Result<(), usize> {
    let lu = dec_in_registers::<N>(&w.tail[..N * N], fac, e, ip)?;
    stages_in_registers::<N, P>(problem, s, c, (|k, i| lu[k][i], ip), w, st, y);
    Ok(())
}

/// The six stages for IJOB = 1 of the orders 4 to 8 on the factors of DEC in E
/// ([`stages_in_registers`]).
#[inline(always)]
fn stages_after_dec<const N: usize, P: Problem>(
    problem: &mut P,
    s: &Setup<'_>,
    c: &Coefficients,
    (e, ip): (&[f64], &[usize]),
    w: &mut Work<'_>,
    st: &State,
    y: &[f64],
) {
    let e = &e[..N * N];
    stages_in_registers::<N, P>(problem, s, c, (|k, i| e[i + k * N], ip), w, st, y);
}

/// [`step_in_registers`] and [`stages_after_dec`] by order. The stages after DEC lie
/// each right after the section of its order's LU kernels (`hot_path!(kernels, "NNr")`
/// sorts after `"NN"`), next to DEC, which a solve of that order runs through anyway: in
/// RODAS's own section the seven orders' 88 kB parted its entry from its step loop (a
/// first solve of hires 1e-4 took 2.1 → 3.5 page faults there), and at the head of the
/// order's section, 74 kB of RADAU's kernels parted them from DEC (hires 1e-4: stages_8
/// no longer faults on its own). Orders 2 and 3 call no kernel, and their 11 kB lie in
/// RODAS's own section, which a solve runs through anyway: in the kernels' they took a
/// window of their own (rober 1e-4, first solve: 6.3 → 5.6 page faults, mean of 16
/// runs; the original 4.9).
macro_rules! by_order {
    ($($step:ident $n:literal;)* / $($stages:ident $m:literal $msection:literal;)*) => {
        $(
            #[allow(clippy::too_many_arguments)]
            #[inline(never)]
            #[allow(unsafe_code)]
            #[link_section = hot_path!(rodas)]
            fn $step<P: Problem>(
                problem: &mut P,
                s: &Setup<'_>,
                c: &Coefficients,
                lu: (&mut [f64], &mut [usize]),
                w: &mut Work<'_>,
                st: &State,
                y: &[f64],
                fac: f64,
            ) -> Result<(), usize> {
                step_in_registers::<$n, P>(problem, s, c, lu, w, st, y, fac)
            }
        )*
        $(
            #[inline(never)]
            #[allow(unsafe_code)]
            #[link_section = hot_path!(kernels, $msection)]
            fn $stages<P: Problem>(
                problem: &mut P,
                s: &Setup<'_>,
                c: &Coefficients,
                lu: (&[f64], &[usize]),
                w: &mut Work<'_>,
                st: &State,
                y: &[f64],
            ) {
                stages_after_dec::<$m, P>(problem, s, c, lu, w, st, y);
            }
        )*
    };
}

by_order!(
    step_2 2;
    step_3 3;
    /
    stages_4 4 "04r";
    stages_5 5 "05r";
    stages_6 6 "06r";
    stages_7 7 "07r";
    stages_8 8 "08r";
);

/// The six stages ([`Stepper::stages`]) for IJOB = 1 of a small order `N` with DEC's
/// factors `lu.0(k, i)` (row i of column k) and pivots `lu.1`: each stage's right-hand
/// side, its solve (SOL) and the next YNEW stay in registers; AK1..AK6 and the last
/// right-hand side (in CONT) are stored once at the end, as the original leaves them in
/// WORK. Through WORK every stage waited for a store and a load of its right-hand side
/// and of its solution on the chain from one FCN call to the next (vdpol 1e-7: 494 →
/// 457 µs). The other right-hand sides, which the original stores in YNEW and AK6, are
/// overwritten there before it returns.
#[inline(always)]
fn stages_in_registers<const N: usize, P: Problem>(
    problem: &mut P,
    s: &Setup<'_>,
    c: &Coefficients,
    (lu, ip): (impl Fn(usize, usize) -> f64 + Copy, &[usize]),
    w: &mut Work<'_>,
    st: &State,
    y: &[f64],
) {
    let (x, h) = (st.x, st.h);
    let [hc21, hc31, hc32, hc41, hc42, hc43, hc51, hc52, hc53, hc54, hc61, hc62, hc63, hc64, hc65] =
        c.over_h(h);
    let [hd1, hd2, hd3, hd4] = c.hd(h, s.structure.autonomous);
    let ld = |v: &[f64]| -> [f64; N] { v[..N].try_into().unwrap() };
    // From order 4 on, FCN's DY element by element, each value opaque: loaded in 16-byte
    // pairs, a pair of FCN's 8-byte stores still in flight is not forwarded (a
    // store-forwarding stall; hires 1e-7: stages_8 4 960 → 4 861 samples). At orders 2
    // and 3 the opaque loads cost more than the stall (vdpol, rober 1e-7: +4 %, +6 %).
    let fresh = |v: &[f64]| -> [f64; N] {
        let v = &v[..N];
        if N < 4 {
            return ld(v);
        }
        std::array::from_fn(|i| std::hint::black_box(v[i]))
    };
    let y: [f64; N] = ld(y);
    let fx: [f64; N] = ld(w.fx);
    let base = |hd: f64, dy: &[f64; N], i: usize| {
        if hd == 0.0 {
            dy[i]
        } else {
            dy[i] + hd * fx[i]
        }
    };
    let (ynew, dy) = (&mut w.ynew[..N], &mut w.dy[..N]);
    let d = ld(w.dy1);
    let mut b = [0.0; N];
    for i in 0..N {
        b[i] = base(hd1, &d, i);
    }
    let k1 = sol_regs::<N>(lu, ip, b);
    for i in 0..N {
        ynew[i] = y[i] + c.a21 * k1[i];
    }
    problem.fcn(x + c.c2 * h, ynew, dy);
    let d = fresh(dy);
    for i in 0..N {
        b[i] = base(hd2, &d, i) + hc21 * k1[i];
    }
    let k2 = sol_regs::<N>(lu, ip, b);
    for i in 0..N {
        ynew[i] = y[i] + c.a31 * k1[i] + c.a32 * k2[i];
    }
    problem.fcn(x + c.c3 * h, ynew, dy);
    let d = fresh(dy);
    for i in 0..N {
        b[i] = base(hd3, &d, i) + (hc31 * k1[i] + hc32 * k2[i]);
    }
    let k3 = sol_regs::<N>(lu, ip, b);
    for i in 0..N {
        ynew[i] = y[i] + c.a41 * k1[i] + c.a42 * k2[i] + c.a43 * k3[i];
    }
    problem.fcn(x + c.c4 * h, ynew, dy);
    let d = fresh(dy);
    for i in 0..N {
        b[i] = base(hd4, &d, i) + (hc41 * k1[i] + hc42 * k2[i] + hc43 * k3[i]);
    }
    let k4 = sol_regs::<N>(lu, ip, b);
    for i in 0..N {
        ynew[i] = y[i] + c.a51 * k1[i] + c.a52 * k2[i] + c.a53 * k3[i] + c.a54 * k4[i];
    }
    problem.fcn(x + h, ynew, dy);
    let d = fresh(dy);
    for i in 0..N {
        b[i] = d[i] + (hc52 * k2[i] + hc54 * k4[i] + hc51 * k1[i] + hc53 * k3[i]);
    }
    let k5 = sol_regs::<N>(lu, ip, b);
    for i in 0..N {
        ynew[i] += k5[i];
    }
    problem.fcn(x + h, ynew, dy);
    let d = fresh(dy);
    let mut v = [0.0; N];
    for i in 0..N {
        v[i] = hc61 * k1[i] + hc62 * k2[i] + hc65 * k5[i] + hc64 * k4[i] + hc63 * k3[i];
        b[i] = d[i] + v[i];
    }
    let k6 = sol_regs::<N>(lu, ip, b);
    for i in 0..N {
        ynew[i] += k6[i];
    }
    w.cont[..N].copy_from_slice(&v);
    w.ak1[..N].copy_from_slice(&k1);
    w.ak2[..N].copy_from_slice(&k2);
    w.ak3[..N].copy_from_slice(&k3);
    w.ak4[..N].copy_from_slice(&k4);
    w.ak5[..N].copy_from_slice(&k5);
    w.ak6[..N].copy_from_slice(&k6);
    if s.structure.dense_output {
        for i in 0..N {
            w.cont[i] = y[i];
            w.cont[2 * N + i] =
                c.d21 * k1[i] + c.d22 * k2[i] + c.d23 * k3[i] + c.d24 * k4[i] + c.d25 * k5[i];
            w.cont[3 * N + i] =
                c.d31 * k1[i] + c.d32 * k2[i] + c.d33 * k3[i] + c.d34 * k4[i] + c.d35 * k5[i];
        }
    }
}

/// DECOMR's IJOB = 1 and DEC of order `N` in registers: `E = fac·I - J` from `fjac`,
/// factored; E stored to `e` and the pivots to `ip` as DEC leaves them (on a zero
/// pivot, `Err(IER)`, E as far as DEC got). The columns of E are returned. Per element
/// the operations and their order are DECOMR's and DEC's; the exchanges are selects
/// over the rows, so that every index is a constant.
#[inline(always)]
fn dec_in_registers<const N: usize>(
    fjac: &[f64],
    fac: f64,
    e: &mut [f64],
    ip: &mut [usize],
) -> Result<[[f64; N]; N], usize> {
    let (fjac, e, ip) = (&fjac[..N * N], &mut e[..N * N], &mut ip[..N]);
    let mut a = [[0.0; N]; N];
    for j in 0..N {
        for i in 0..N {
            a[j][i] = -fjac[i + j * N];
        }
        a[j][j] += fac;
    }
    let factored = dec_columns(&mut a, ip);
    for (col, a) in e.chunks_exact_mut(N).zip(&a) {
        col.copy_from_slice(a);
    }
    factored.map(|()| a)
}

/// DEC on the columns `a`: loops 10 to 50 stage by stage, then label 70.
#[inline(always)]
fn dec_columns<const N: usize>(a: &mut [[f64; N]; N], ip: &mut [usize]) -> Result<(), usize> {
    for k in 0..N - 1 {
        // Loop 10: the first row of the largest |A(I,K)|, as |A(I,K)| > |A(M,K)|.
        let (mut m, mut big) = (k, a[k][k].abs());
        for i in k + 1..N {
            if a[k][i].abs() > big {
                (m, big) = (i, a[k][i].abs());
            }
        }
        ip[k] = m;
        let t = exchange(&mut a[k], k, m);
        if t == 0.0 {
            return Err(k + 1);
        }
        let t = 1.0 / t;
        for i in k + 1..N {
            a[k][i] = -(a[k][i] * t);
        }
        for j in k + 1..N {
            let t = exchange(&mut a[j], k, m);
            if t != 0.0 {
                for i in k + 1..N {
                    a[j][i] += a[k][i] * t;
                }
            }
        }
    }
    if a[N - 1][N - 1] == 0.0 {
        return Err(N);
    }
    Ok(())
}

/// `T = A(M); A(M) = A(K); A(K) = T` for `m >= k` as selects over the rows below k.
#[inline(always)]
fn exchange<const N: usize>(col: &mut [f64; N], k: usize, m: usize) -> f64 {
    let mut t = col[k];
    for i in k + 1..N {
        if i == m {
            (t, col[i]) = (col[i], col[k]);
        }
    }
    col[k] = t;
    t
}

/// SOL of order `N` on `x` in registers with DEC's factors `a(k, i)` (row i of column
/// k) and pivots `ip`: per element the operations and their order are SOL's (the
/// exchanges are selects over the rows, so that every index is a constant).
#[inline(always)]
fn sol_regs<const N: usize>(
    a: impl Fn(usize, usize) -> f64,
    ip: &[usize],
    mut x: [f64; N],
) -> [f64; N] {
    let ip = &ip[..N];
    for k in 0..N - 1 {
        let t = exchange(&mut x, k, ip[k]);
        for i in k + 1..N {
            x[i] += a(k, i) * t;
        }
    }
    for k in (1..N).rev() {
        x[k] /= a(k, k);
        let t = -x[k];
        for i in 0..k {
            x[i] += a(k, i) * t;
        }
    }
    x[0] /= a(0, 0);
    x
}

#[cfg(test)]
mod tests {
    use super::{dec_in_registers, sol_regs};
    use crate::linalg::decsol;

    /// DECOMR and DEC, and SOL, in registers against DEC and SOL of `linalg::decsol`
    /// bit for bit (any NaN as one: the compiler may swap the operands of an addition,
    /// and with them which NaN comes back): exchanges, columns skipped for a zero
    /// multiplier, zero pivots at every stage, infinities and NaNs.
    #[test]
    fn registers_match_dec_and_sol() {
        check::<2>();
        check::<3>();
    }

    fn check<const N: usize>() {
        let values = [
            0.0,
            -0.0,
            1.0,
            -2.5,
            3.0e-300,
            7.0,
            0.5,
            f64::INFINITY,
            f64::NAN,
        ];
        let mut seed = 0x2545_F491_4F6C_DD1D_u64;
        let mut pick = || {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            values[(seed >> 33) as usize % values.len()]
        };
        let bits = |v: &[f64]| {
            v.iter()
                .map(|x| if x.is_nan() { 0 } else { x.to_bits() })
                .collect::<Vec<_>>()
        };
        for _ in 0..20_000 {
            let fjac: Vec<f64> = (0..N * N).map(|_| pick()).collect();
            let fac = pick();
            let mut e_ref: Vec<f64> = fjac.iter().map(|&j| -j).collect();
            for j in 0..N {
                e_ref[j * N + j] += fac;
            }
            let mut ip_ref = [0; N];
            let r_ref = decsol::dec(N, &mut e_ref, N, &mut ip_ref).map_err(|s| s.stage);
            let (mut e, mut ip) = ([0.0; 9], [0; N]);
            let r = dec_in_registers::<N>(&fjac, fac, &mut e[..N * N], &mut ip);
            assert_eq!(bits(&e[..N * N]), bits(&e_ref));
            assert_eq!(ip, ip_ref);
            assert_eq!(r.as_ref().err(), r_ref.err().as_ref());
            if let Ok(lu) = r {
                let b: [f64; N] = std::array::from_fn(|_| pick());
                let mut b_ref = b;
                decsol::sol(N, &e_ref, N, &mut b_ref, &ip_ref);
                let x = sol_regs::<N>(|k, i| lu[k][i], &ip, b);
                assert_eq!(bits(&x), bits(&b_ref));
            }
        }
    }
}
