//! RADCOR, the step loop of RADAU5, split along the original's labels: 10 the Jacobian,
//! 20 the decompositions (DECOMR, DECOMC), 30 the step count and checks, 40 the
//! simplified Newton iteration (SLVRAD), the error estimate (ESTRAD), the step-size
//! prediction, the accepted step with its dense output and SOLOUT, the rejected step,
//! and 78 the unexpected rejection. Every floating-point operation is the original's,
//! in the original's order.
// Index loops mirror the original's DO loops over several arrays at once.
#![allow(clippy::needless_range_loop)]

use std::ops::ControlFlow;

use super::core::Setup;
use super::dense::{node_shifts, DenseOutput};
use super::{Counters, Problem};
use crate::hairer::jacobian::{differences, Scratch, Shape};
use crate::hairer::linear::{LinearSystem, Mass, Matrices, Pivots, PIVOTS_ORDER};
use crate::hairer::{collocation3, extrapolate3, powi, Nodes3};
use crate::intrinsics::{fmax, fmin};

// The transformation matrix T of the Radau IIA coefficient matrix to block-diagonal
// form and its inverse (T11 … TI33 of the original), with the original's 20 digits.
#[allow(clippy::excessive_precision)]
const T11: f64 = 9.1232394870892942792e-02;
#[allow(clippy::excessive_precision)]
const T12: f64 = -0.14125529502095420843;
#[allow(clippy::excessive_precision)]
const T13: f64 = -3.0029194105147424492e-02;
#[allow(clippy::excessive_precision)]
const T21: f64 = 0.24171793270710701896;
#[allow(clippy::excessive_precision)]
const T22: f64 = 0.20412935229379993199;
#[allow(clippy::excessive_precision)]
const T23: f64 = 0.38294211275726193779;
#[allow(clippy::excessive_precision)]
const T31: f64 = 0.96604818261509293619;
#[allow(clippy::excessive_precision)]
const TI11: f64 = 4.3255798900631553510;
#[allow(clippy::excessive_precision)]
const TI12: f64 = 0.33919925181580986954;
#[allow(clippy::excessive_precision)]
const TI13: f64 = 0.54177053993587487119;
#[allow(clippy::excessive_precision)]
const TI21: f64 = -4.1787185915519047273;
#[allow(clippy::excessive_precision)]
const TI22: f64 = -0.32768282076106238708;
#[allow(clippy::excessive_precision)]
const TI23: f64 = 0.47662355450055045196;
#[allow(clippy::excessive_precision)]
const TI31: f64 = -0.50287263494578687595;
#[allow(clippy::excessive_precision)]
const TI32: f64 = 2.5719269498556054292;
#[allow(clippy::excessive_precision)]
const TI33: f64 = -0.59603920482822492497;
/// T⁻¹ by rows, for [`extrapolate3`].
const TI: [[f64; 3]; 3] = [[TI11, TI12, TI13], [TI21, TI22, TI23], [TI31, TI32, TI33]];

/// The method's constants, computed at run time exactly as the original computes them.
struct Coefficients {
    /// The nodes and their differences, as [`collocation3`] and [`extrapolate3`] take them.
    nodes: Nodes3,
    dd: [f64; 3],
    /// `1/γ` of the real eigenvalue and `α + iβ` of the complex pair of A⁻¹.
    u1: f64,
    alph: f64,
    beta: f64,
}

impl Coefficients {
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau5)]
    fn new() -> Self {
        let sq6 = 6.0_f64.sqrt();
        let c1 = (4.0 - sq6) / 10.0;
        let c2 = (4.0 + sq6) / 10.0;
        let cbrt81 = 81.0_f64.powf(1.0 / 3.0);
        let cbrt9 = 9.0_f64.powf(1.0 / 3.0);
        let u1 = (6.0 + cbrt81 - cbrt9) / 30.0;
        let alph = (12.0 - cbrt81 + cbrt9) / 60.0;
        let beta = (cbrt81 + cbrt9) * 3.0_f64.sqrt() / 60.0;
        let cno = alph * alph + beta * beta;
        let (c1m1, c2m1) = node_shifts();
        Self {
            nodes: Nodes3 {
                c1,
                c2,
                c1m1,
                c2m1,
                c1mc2: c1 - c2,
            },
            dd: [
                -(13.0 + 7.0 * sq6) / 3.0,
                (-13.0 + 7.0 * sq6) / 3.0,
                -1.0 / 3.0,
            ],
            u1: 1.0 / u1,
            alph: alph / cno,
            beta: beta / cno,
        }
    }
}

/// How a call of the step loop ended: the typed form of the original's IDID (only the
/// FFI turns it into the code and the message).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// XEND reached (IDID = 1).
    Reached,
    /// SOLOUT returned IRTRN < 0 (IDID = 2).
    Interrupted,
    /// More than NMAX steps would be needed (IDID = -2, label 178).
    TooManySteps,
    /// `0.1 |H| <= |X| UROUND` (IDID = -3, label 177).
    StepSizeTooSmall,
    /// The fifth singular matrix of the call, with IER of the last (IDID = -4, label 176).
    RepeatedlySingular {
        /// The elimination stage of the zero pivot.
        stage: usize,
    },
}

/// The end of a call: how it ended, the point reached (X), the step size for a next
/// call (H) and the statistics.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Finish {
    pub outcome: Outcome,
    pub x: f64,
    pub h: f64,
    pub stats: Counters,
}

impl Setup<'_> {
    /// The Jacobian at `(x, y)`: analytic, or forward differences with the original's
    /// increments `sqrt(uround · max(1e-5, |y_j|))` (f-calls not counted).
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau5)]
    fn fill_jacobian<P: Problem>(&self, problem: &mut P, x: f64, y: &mut [f64], w: &mut Work<'_>) {
        let ld = self.ldjac();
        if self.structure.analytic_jacobian {
            problem.jac(x, y, w.tail, ld);
            return;
        }
        let shape = Shape {
            n: self.n,
            m1: self.m1,
            m2: self.m2,
            uround: self.uround,
            band: self.jac_band,
            ld,
        };
        let scratch = Scratch {
            cont: w.cont,
            ysave: w.f1,
            delta: w.f2,
        };
        let mut fcn = |x: f64, y: &[f64], f: &mut [f64]| problem.fcn(x, y, f);
        differences(&shape, &mut fcn, x, y, w.y0, w.tail, scratch);
    }
}

/// The vectors of the step loop (Z1..Z3, Y0, SCAL, F1..F3, CONT) and the matrices,
/// at the original's places in WORK.
struct Work<'w> {
    z1: &'w mut [f64],
    z2: &'w mut [f64],
    z3: &'w mut [f64],
    y0: &'w mut [f64],
    scal: &'w mut [f64],
    f1: &'w mut [f64],
    f2: &'w mut [f64],
    f3: &'w mut [f64],
    /// `4n` dense-output coefficients (the first `n` double as scratch).
    cont: &'w mut [f64],
    /// FJAC and FMAS.
    tail: &'w mut [f64],
}

impl<'w> Work<'w> {
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau5)]
    fn new(work: &'w mut [f64], n: usize, matrices: usize) -> Self {
        let (z1, rest) = work.split_at_mut(n);
        let (z2, rest) = rest.split_at_mut(n);
        let (z3, rest) = rest.split_at_mut(n);
        let (y0, rest) = rest.split_at_mut(n);
        let (scal, rest) = rest.split_at_mut(n);
        let (f1, rest) = rest.split_at_mut(n);
        let (f2, rest) = rest.split_at_mut(n);
        let (f3, rest) = rest.split_at_mut(n);
        let (cont, rest) = rest.split_at_mut(4 * n);
        Self {
            tail: &mut rest[..matrices],
            z1,
            z2,
            z3,
            y0,
            scal,
            f1,
            f2,
            f3,
            cont,
        }
    }
}

/// FJAC and FMAS in the tail of WORK, `jac_len` and `mas_len` values.
#[allow(unsafe_code)]
#[link_section = hot_path!(radau5)]
fn matrices(tail: &[f64], jac_len: usize, mas_len: usize) -> Matrices<'_> {
    let (fjac, rest) = tail.split_at(jac_len);
    Matrices {
        fjac,
        fmas: &rest[..mas_len],
    }
}

/// IP1, IP2 and IPHES.
const RADAU5_PIVOTS: usize = 3 * PIVOTS_ORDER;

/// Where the step loop continues (the labels 10, 20 and 30 of RADCOR).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Next {
    /// 10: evaluate the Jacobian, then decompose.
    Jacobian,
    /// 20: form and decompose E1, E2 for the current h.
    Decompose,
    /// 30: attempt a step with the current matrices.
    Step,
}

/// What a RADCOR call works with: the method's constants, the linear systems, the
/// arrays in WORK and the statistics.
struct Stepper<'s, 'w> {
    setup: &'s Setup<'s>,
    coef: Coefficients,
    lin: LinearSystem<'w>,
    w: Work<'w>,
    /// The lengths of FJAC and FMAS.
    jac_len: usize,
    mas_len: usize,
    stats: Counters,
}

impl<'s, 'w> Stepper<'s, 'w> {
    /// Lays out `work` (E1, E2R and E2I after FMAS, as the original's WORK) and
    /// `pivots`, and calls MAS once, as RADCOR does on entry.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau5)]
    fn new<P: Problem>(
        setup: &'s Setup<'s>,
        problem: &mut P,
        work: &'w mut [f64],
        pivots: &'w mut Pivots<RADAU5_PIVOTS>,
    ) -> Self {
        let (n, m1) = (setup.n, setup.m1);
        let nm1 = n - m1;
        let ldjac = setup.ldjac();
        let (mass, ldmas) = setup.mass();
        let jac_len = ldjac * n;
        let mas_len = ldmas * nm1;
        let (arrays, e) = work.split_at_mut(setup.arrays_len());
        let w = Work::new(arrays, n, jac_len + mas_len);
        if !matches!(mass, Mass::Identity) {
            problem.mas(nm1, &mut w.tail[jac_len..], ldmas);
        }
        let (e_len, ip_len) = setup.linear_storage();
        Self {
            setup,
            coef: Coefficients::new(),
            lin: LinearSystem::new(
                n,
                m1,
                setup.m2,
                ldjac,
                setup.jac_band,
                mass,
                (setup.hessenberg, 1),
                (&mut e[..e_len], pivots.get(ip_len)),
            ),
            w,
            jac_len,
            mas_len,
            stats: Counters::default(),
        }
    }

    /// Calls SOLOUT with CONT(1..N) = y and the step `[xold, x]` of length `hold`.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau5)]
    fn solout<P: Problem>(
        &mut self,
        problem: &mut P,
        nr: usize,
        xold: f64,
        x: f64,
        hold: f64,
        y: &mut [f64],
    ) -> bool {
        let n = self.setup.n;
        let cont = &mut *self.w.cont;
        cont[..n].copy_from_slice(y);
        problem.solout(nr, xold, x, y, &DenseOutput::new(cont, x, hold))
    }

    /// `y0 = f(x, y)`, the derivative at the start of the next step.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau5)]
    fn fcn_y0<P: Problem>(&mut self, problem: &mut P, x: f64, y: &[f64]) {
        problem.fcn(x, y, self.w.y0);
        self.stats.nfcn += 1;
    }
}

/// RADCOR's variables that live from step to step (uninitialised in the original until
/// first set; zero here).
struct State {
    /// X and H: the current point and step size.
    x: f64,
    h: f64,
    xend: f64,
    /// The direction of integration and |HMAX| limited to |XEND - X|.
    posneg: f64,
    hmaxn: f64,
    /// The last accepted step, the optimal step reported at the end, and the factor by
    /// which H changed (for the index-2/3 scaling of SCAL).
    hold: f64,
    hopt: f64,
    hhfac: f64,
    reject: bool,
    first: bool,
    last: bool,
    /// A Jacobian at the current point is in FJAC.
    caljac: bool,
    faccon: f64,
    cfac: f64,
    /// Singular decompositions so far (IDID = -4 at 5).
    nsing: usize,
    xold: f64,
    /// X + H, the end of the step being attempted.
    xph: f64,
    /// The Newton contraction estimates and the last increment norm.
    theta: f64,
    thqold: f64,
    dynold: f64,
    /// The last accepted step and error, for Gustafsson's controller.
    hacc: f64,
    erracc: f64,
    /// `u1/h`, `(α + iβ)/h` of the current decompositions.
    fac1: f64,
    alphn: f64,
    betan: f64,
    /// Newton iterations of the current step.
    newt: usize,
}

/// How the simplified Newton iteration of a step ended.
enum Newton {
    Converged,
    /// Slow convergence: retry with the reduced step (back to 20 or 10).
    Retry,
    /// Divergence, too many iterations, or (`Some(IER)`) a singular matrix: label 78.
    Failed(Option<usize>),
}

/// RADCOR: the integration from `x` to `xend` with the first step guess `h`, the
/// vectors and matrices in `work` (WORK(21..) of the original, at least
/// [`Setup::work_len`] values: the vectors, FJAC, FMAS, then E1, E2R, E2I).
#[allow(unsafe_code)]
#[link_section = hot_path!(radau5)]
pub(crate) fn run<P: Problem>(
    setup: &Setup<'_>,
    problem: &mut P,
    x: f64,
    y: &mut [f64],
    xend: f64,
    h: f64,
    work: &mut [f64],
) -> Finish {
    let mut pivots = Pivots::<RADAU5_PIVOTS>::new();
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

impl Stepper<'_, '_> {
    /// The preparations of RADCOR before its first step: direction, HMAXN, the first H
    /// (1e-6 for a tiny guess, at most HMAXN, XEND - X when that is within 0.01 %).
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau5)]
    fn start(&self, x: f64, xend: f64, h: f64) -> State {
        let s = self.setup;
        let posneg = 1.0_f64.copysign(xend - x);
        let hmaxn = s.hmax.abs().min((xend - x).abs());
        let mut h = h;
        if h.abs() <= 10.0 * s.uround {
            h = 1.0e-6;
        }
        h = h.abs().min(hmaxn).copysign(posneg);
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
            cfac: s.safe * (1 + 2 * s.nit) as f64,
            nsing: 0,
            xold: x,
            xph: x,
            theta: 0.0,
            thqold: 0.0,
            dynold: 0.0,
            hacc: 0.0,
            erracc: 0.0,
            fac1: 0.0,
            alphn: 0.0,
            betan: 0.0,
            newt: 0,
        }
    }

    /// The step loop: the first SOLOUT call, SCAL and `f(x0, y0)`, then steps until XEND,
    /// SOLOUT or a failure ends it.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau5)]
    fn integrate<P: Problem>(&mut self, problem: &mut P, st: &mut State, y: &mut [f64]) -> Outcome {
        let dense = self.setup.structure.dense_output;
        if dense && !self.solout(problem, 1, st.xold, st.x, st.hold, y) {
            return Outcome::Interrupted;
        }
        self.setup.scale(y, self.w.scal);
        st.hhfac = st.h;
        self.fcn_y0(problem, st.x, y);
        let mut next = Next::Jacobian;
        loop {
            if next == Next::Jacobian {
                self.jacobian(problem, st, y);
            }
            let mut singular = None;
            if next != Next::Step {
                singular = self.decompose(st).err();
            }
            let newton = match singular {
                Some(stage) => Newton::Failed(Some(stage)),
                None => {
                    if let Some(outcome) = self.begin_step(st) {
                        return outcome;
                    }
                    self.predict(st);
                    self.newton(problem, st, y)
                }
            };
            let flow = match newton {
                Newton::Retry => ControlFlow::Continue(st.redo()),
                Newton::Failed(singular) => self.unexpected_rejection(st, singular),
                Newton::Converged => {
                    let err = self.error_estimate(problem, st, y);
                    if err < 1.0 {
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
    #[link_section = hot_path!(radau5)]
    fn jacobian<P: Problem>(&mut self, problem: &mut P, st: &mut State, y: &mut [f64]) {
        self.stats.njac += 1;
        self.setup.fill_jacobian(problem, st.x, y, &mut self.w);
        st.caljac = true;
        self.lin.new_jacobian();
    }

    /// Label 20: E1 and E2 for the current H, formed and decomposed (DECOMR, DECOMC);
    /// `Err(IER)` for a singular one.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau5)]
    fn decompose(&mut self, st: &mut State) -> Result<(), usize> {
        let c = &self.coef;
        st.fac1 = c.u1 / st.h;
        st.alphn = c.alph / st.h;
        st.betan = c.beta / st.h;
        self.lin.reduce(&mut self.w.tail[..self.jac_len]);
        let m = matrices(self.w.tail, self.jac_len, self.mas_len);
        self.lin
            .decompose_real(m, st.fac1)
            .and_then(|()| self.lin.decompose_complex(0, m, st.alphn, st.betan))
            .map_err(|e| e.stage)?;
        self.stats.ndec += 1;
        Ok(())
    }

    /// Label 30: count the step, stop after NMAX steps (label 178) or for a step too
    /// small for X (label 177), and scale SCAL of the index-2 and -3 components.
    #[inline(always)]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau5)]
    fn begin_step(&mut self, st: &mut State) -> Option<Outcome> {
        let s = self.setup;
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

    /// The starting values of the Newton iteration: zero on the first step or with
    /// STARTN, else the collocation polynomial of the last step extrapolated.
    #[inline(always)]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau5)]
    fn predict(&mut self, st: &State) {
        let w = &mut self.w;
        if st.first || self.setup.startn {
            for v in [
                &mut w.z1, &mut w.z2, &mut w.z3, &mut w.f1, &mut w.f2, &mut w.f3,
            ] {
                v.fill(0.0);
            }
            return;
        }
        let c3q = st.h / st.hold;
        let n = self.setup.n;
        let (ak1, rest) = w.cont[n..].split_at(n);
        let (ak2, ak3) = rest.split_at(n);
        extrapolate3(
            self.coef.nodes,
            c3q,
            &TI,
            [ak1, ak2, &ak3[..n]],
            w.z1,
            w.z2,
            w.z3,
            w.f1,
            w.f2,
            w.f3,
        );
    }

    /// Label 40: the simplified Newton iteration (§IV.8, (8.12)–(8.17)).
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau5)]
    fn newton<P: Problem>(&mut self, problem: &mut P, st: &mut State, y: &[f64]) -> Newton {
        let s = self.setup;
        let (n, nit) = (s.n, s.nit);
        st.newt = 0;
        st.faccon = fmax(st.faccon, s.uround).powf(0.8);
        st.theta = s.thet.abs();
        loop {
            if st.newt >= nit {
                return Newton::Failed(None);
            }
            self.stage_values(problem, st, y);
            let w = &mut self.w;
            let m = matrices(w.tail, self.jac_len, self.mas_len);
            let (fac1, alphn, betan) = (st.fac1, st.alphn, st.betan);
            self.lin
                .solve(m, fac1, alphn, betan, w.z1, w.z2, w.z3, w.f1, w.f2, w.f3);
            self.stats.nsol += 1;
            st.newt += 1;
            let newt = st.newt;
            let mut dyno = increment_norm(w.scal, w.z1, w.z2, w.z3);
            dyno = (dyno / (3 * n) as f64).sqrt();
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
                    let dyth = st.faccon * dyno * powi(st.theta, (nit - 1 - newt) as i32) / s.fnewt;
                    if dyth >= 1.0 {
                        let qnewt = fmax(fmin(dyth, 20.0), 1.0e-4);
                        st.hhfac = 0.8 * qnewt.powf(-1.0 / (4.0 + nit as f64 - 1.0 - newt as f64));
                        st.h *= st.hhfac;
                        st.reject = true;
                        st.last = false;
                        return Newton::Retry;
                    }
                } else {
                    return Newton::Failed(None);
                }
            }
            st.dynold = fmax(dyno, s.uround);
            newton_update(w.f1, w.f2, w.f3, w.z1, w.z2, w.z3);
            // IF (FACCON*DYNO.GT.FNEWT) GOTO 40: a NaN ends the iteration as
            // converged, as in the original.
            #[allow(clippy::neg_cmp_op_on_partial_ord)]
            if !(st.faccon * dyno > s.fnewt) {
                return Newton::Converged;
            }
        }
    }

    /// The right-hand sides of one Newton iteration: `f` at the three stages
    /// `x + c_i h`, `y + z_i`, transformed by T⁻¹.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau5)]
    fn stage_values<P: Problem>(&mut self, problem: &mut P, st: &State, y: &[f64]) {
        let n = self.setup.n;
        let c = &self.coef;
        let w = &mut self.w;
        let (y, cont) = (&y[..n], &mut w.cont[..n]);
        for (xs, z) in [
            (st.x + c.nodes.c1 * st.h, &mut *w.z1),
            (st.x + c.nodes.c2 * st.h, &mut *w.z2),
            (st.xph, &mut *w.z3),
        ] {
            add(cont, y, z);
            problem.fcn(xs, cont, z);
        }
        self.stats.nfcn += 3;
        to_transformed(w.z1, w.z2, w.z3);
    }

    /// Label 78, an unexpected step rejection: after a singular matrix (the fifth ends
    /// the call, label 176), divergence or too many iterations, halve H and go back.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau5)]
    fn unexpected_rejection(
        &mut self,
        st: &mut State,
        singular: Option<usize>,
    ) -> ControlFlow<Outcome, Next> {
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
        ControlFlow::Continue(st.redo())
    }

    /// ESTRAD: the scaled error estimate of the step, refined by one more f-call and
    /// solve when it fails on the first step or after a rejection.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau5)]
    fn error_estimate<P: Problem>(&mut self, problem: &mut P, st: &State, y: &[f64]) -> f64 {
        let dd = self.coef.dd;
        let hee = [dd[0] / st.h, dd[1] / st.h, dd[2] / st.h];
        let w = &mut self.w;
        let m = matrices(w.tail, self.jac_len, self.mas_len);
        let n = self.setup.n;
        let (z1, z2, z3) = (&w.z1[..n], &w.z2[..n], &w.z3[..n]);
        let combine = |i: usize| hee[0] * z1[i] + hee[1] * z2[i] + hee[2] * z3[i];
        let mut err = self
            .lin
            .estimate(m, st.fac1, combine, w.y0, w.scal, w.cont, w.f1, w.f2);
        if err >= 1.0 && (st.first || st.reject) {
            for i in 0..self.setup.n {
                w.cont[i] += y[i];
            }
            problem.fcn(st.x, &w.cont[..self.setup.n], w.f1);
            self.stats.nfcn += 1;
            err = self.lin.refine(m.fjac, st.fac1, w.f1, w.f2, w.scal, w.cont);
        }
        err
    }

    /// The step-size prediction (§IV.8, (8.19)–(8.21)): QUOT = H/HNEW within the bounds
    /// FACR ≤ QUOT ≤ FACL, and HNEW.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau5)]
    fn step_size(&self, st: &State, err: f64) -> (f64, f64) {
        let s = self.setup;
        let fac = fmin(st.cfac / (st.newt + 2 * s.nit) as f64, s.safe);
        let quot = fmax(fmin(err.powf(0.25) / fac, s.facl), s.facr);
        (quot, st.h / quot)
    }

    /// An accepted step: the new point and the collocation polynomial (CONT), SOLOUT,
    /// `f` at the new point and, when THETA > THET sends the original to label 10, the
    /// Jacobian there; then HNEW with Gustafsson's predictive controller and the choice
    /// of the next step: the end at XEND, the same H and matrices (label 30) or new
    /// decompositions (20).
    ///
    /// The original computes HNEW before SOLOUT and evaluates FCN and the Jacobian
    /// after it. Neither evaluation depends on HNEW (label 10 has no test) and HNEW
    /// depends on neither, so the evaluations come first here: the step-size chain
    /// (two powers and their divisions) then runs beside them instead of before them.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau5)]
    fn accept<P: Problem>(
        &mut self,
        problem: &mut P,
        st: &mut State,
        y: &mut [f64],
        err: f64,
    ) -> ControlFlow<Outcome, Next> {
        let s = self.setup;
        st.first = false;
        self.stats.naccpt += 1;
        let h = st.h;
        st.xold = st.x;
        st.hold = h;
        st.x = st.xph;
        self.update_dense_output(y);
        s.scale(y, self.w.scal);
        if s.structure.dense_output
            && !self.solout(problem, self.stats.naccpt + 1, st.xold, st.x, h, y)
        {
            return ControlFlow::Break(Outcome::Interrupted);
        }
        st.caljac = false;
        if st.last {
            st.h = st.hopt;
            return ControlFlow::Break(Outcome::Reached);
        }
        self.fcn_y0(problem, st.x, y);
        // IF (THETA.LE.THET) GOTO 20, else label 10 (a NaN THETA goes to 10).
        let keep_jacobian = st.theta <= s.thet;
        if !keep_jacobian {
            self.jacobian(problem, st, y);
        }
        let (mut quot, mut hnew) = self.step_size(st, err);
        if s.pred {
            if self.stats.naccpt > 1 {
                let mut facgus = (st.hacc / h) * (err * err / st.erracc).powf(0.25) / s.safe;
                facgus = fmax(fmin(facgus, s.facl), s.facr);
                quot = fmax(quot, facgus);
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
                return ControlFlow::Continue(Next::Step);
            }
            st.h = hnew;
        }
        st.hhfac = st.h;
        ControlFlow::Continue(Next::Decompose)
    }

    /// `y += z3` and the coefficients of the collocation polynomial in CONT(N+1..4N).
    #[inline(always)]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau5)]
    fn update_dense_output(&mut self, y: &mut [f64]) {
        let n = self.setup.n;
        let c = &self.coef;
        let w = &mut self.w;
        let (_, cont) = w.cont.split_at_mut(n);
        let (cont1, rest) = cont.split_at_mut(n);
        let (cont2, cont3) = rest.split_at_mut(n);
        collocation3(c.nodes, y, [w.z1, w.z2, w.z3], cont1, cont2, cont3);
    }

    /// A step rejected by the error test: H/10 on the first step, else HNEW.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau5)]
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
        st.redo()
    }
}

/// `out = a + b` element by element (CONT = Y + Z of the stage values).
#[inline]
#[allow(unsafe_code)]
#[link_section = hot_path!(radau5)]
fn add(out: &mut [f64], a: &[f64], b: &[f64]) {
    let n = out.len();
    let (a, b) = (&a[..n], &b[..n]);
    for i in 0..n {
        out[i] = a[i] + b[i];
    }
}

/// `z ← T⁻¹ z` over the three stages, row by row (after the f-calls of label 40).
#[inline]
#[allow(unsafe_code)]
#[link_section = hot_path!(radau5)]
fn to_transformed(z1: &mut [f64], z2: &mut [f64], z3: &mut [f64]) {
    let n = z1.len();
    let (z2, z3) = (&mut z2[..n], &mut z3[..n]);
    for i in 0..n {
        let (a1, a2, a3) = (z1[i], z2[i], z3[i]);
        z1[i] = TI11 * a1 + TI12 * a2 + TI13 * a3;
        z2[i] = TI21 * a1 + TI22 * a2 + TI23 * a3;
        z3[i] = TI31 * a1 + TI32 * a2 + TI33 * a3;
    }
}

/// `Σ (z1/scal)² + (z2/scal)² + (z3/scal)²` accumulated in the original's order (DYNO).
#[inline]
#[allow(unsafe_code)]
#[link_section = hot_path!(radau5)]
fn increment_norm(scal: &[f64], z1: &[f64], z2: &[f64], z3: &[f64]) -> f64 {
    let n = scal.len();
    let (z1, z2, z3) = (&z1[..n], &z2[..n], &z3[..n]);
    let mut dyno = 0.0;
    for i in 0..n {
        let denom = scal[i];
        let (q1, q2, q3) = (z1[i] / denom, z2[i] / denom, z3[i] / denom);
        dyno = dyno + q1 * q1 + q2 * q2 + q3 * q3;
    }
    dyno
}

/// `f += z`, `z = T f` (the end of a Newton iteration).
///
/// The vectors are separate parameters (not arrays of references) so that the compiler
/// knows they do not overlap: no run-time overlap checks before the loop.
#[inline]
#[allow(unsafe_code)]
#[link_section = hot_path!(radau5)]
fn newton_update(
    f1: &mut [f64],
    f2: &mut [f64],
    f3: &mut [f64],
    z1: &mut [f64],
    z2: &mut [f64],
    z3: &mut [f64],
) {
    let n = f1.len();
    let (f2, f3, z1, z2, z3) = (
        &mut f2[..n],
        &mut f3[..n],
        &mut z1[..n],
        &mut z2[..n],
        &mut z3[..n],
    );
    for i in 0..n {
        let f1i = f1[i] + z1[i];
        let f2i = f2[i] + z2[i];
        let f3i = f3[i] + z3[i];
        f1[i] = f1i;
        f2[i] = f2i;
        f3[i] = f3i;
        z1[i] = T11 * f1i + T12 * f2i + T13 * f3i;
        z2[i] = T21 * f1i + T22 * f2i + T23 * f3i;
        z3[i] = T31 * f1i + f2i;
    }
}

impl State {
    /// Where a retried step starts: new decompositions if the Jacobian is current
    /// (label 20), else a new Jacobian (label 10).
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau5)]
    fn redo(&self) -> Next {
        if self.caljac {
            Next::Decompose
        } else {
            Next::Jacobian
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Coefficients;

    /// The constants as gfortran folds them in radau5.f (bit patterns printed with Z16.16):
    /// a different last bit changes step sequences.
    #[test]
    fn coefficients_match_the_fortran_bits() {
        let c = Coefficients::new();
        let bits = [
            c.nodes.c1, c.nodes.c2, c.dd[0], c.dd[1], c.u1, c.alph, c.beta,
        ]
        .map(f64::to_bits);
        assert_eq!(
            bits,
            [
                0x3FC3_D8B6_4657_CAEA,
                0x3FE4_A36C_0803_A6DF,
                0xC024_18FD_8BAF_FE05,
                0x3FF6_1D41_B2D5_4580,
                0x400D_1A48_D83E_731E,
                0x4005_72DB_93E0_C672,
                0x4008_6747_F2C3_FCB5,
            ]
        );
    }
}
