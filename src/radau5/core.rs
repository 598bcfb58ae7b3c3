//! Input validation and the step loop of RADAU5 (the subroutines RADAU5 and RADCOR).
// Index loops mirror the original's DO loops over several arrays at once.
#![allow(clippy::needless_range_loop)]

use super::dense::{node_shifts, DenseOutput};
use super::layout;
use super::linear::{LinearSystem, Mass, Matrices};
use super::{
    transform_tolerance, Completion, Matrix, Options, Problem, Radau5Error, Statistics, Structure,
    Tolerance,
};

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

/// The method's constants, computed at run time exactly as the original computes them.
struct Coefficients {
    c1: f64,
    c2: f64,
    c1m1: f64,
    c2m1: f64,
    c1mc2: f64,
    dd: [f64; 3],
    /// `1/γ` of the real eigenvalue and `α + iβ` of the complex pair of A⁻¹.
    u1: f64,
    alph: f64,
    beta: f64,
}

impl Coefficients {
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
            c1,
            c2,
            c1m1,
            c2m1,
            c1mc2: c1 - c2,
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

/// Validated input: everything RADAU5 derives before it calls RADCOR.
pub(crate) struct Setup {
    n: usize,
    structure: Structure,
    /// Transformed tolerances (one entry each for ITOL = 0).
    rtol: Vec<f64>,
    atol: Vec<f64>,
    nmax: usize,
    nit: usize,
    startn: bool,
    nind: [usize; 3],
    pred: bool,
    m1: usize,
    m2: usize,
    uround: f64,
    safe: f64,
    thet: f64,
    fnewt: f64,
    quot1: f64,
    quot2: f64,
    hmax: f64,
    facl: f64,
    facr: f64,
    /// Band widths with the original's substitutions for full storage.
    jac_band: Option<(usize, usize)>,
    mass_kind: Option<Matrix>,
    /// IJOB = 7: IWORK(1) ≠ 0 with a full Jacobian, M = I and N > 2 (the original
    /// ignores IWORK(1) for a banded Jacobian, a mass matrix or N ≤ 2).
    hessenberg: bool,
}

impl Setup {
    /// Checks the input as RADAU5 does, collecting one message per problem (the
    /// original prints each and returns IDID = -1).
    pub(crate) fn new(
        structure: &Structure,
        options: &Options,
        len_y: usize,
        tol: &Tolerance,
        x: f64,
        xend: f64,
    ) -> Result<Self, Radau5Error> {
        let mut errors = Vec::new();
        let n = structure.n;
        if n == 0 {
            errors.push("N must be positive, N = 0".to_string());
        }
        if len_y != n {
            errors.push(format!("Y has {len_y} components, N = {n}"));
        }
        let uround = options.uround;
        if uround <= 1.0e-19 || uround >= 1.0 {
            errors.push(format!("coefficients have 20 digits, UROUND = {uround:e}"));
        }
        let (rtol, atol) = match tol {
            Tolerance::Scalar { rtol, atol } => (vec![*rtol], vec![*atol]),
            Tolerance::Vector { rtol, atol } => {
                if rtol.len() != n || atol.len() != n {
                    errors.push(format!(
                        "RTOL and ATOL must have N = {n} components, have {} and {}",
                        rtol.len(),
                        atol.len()
                    ));
                }
                (rtol.clone(), atol.clone())
            }
        };
        let mut rtol_t = Vec::with_capacity(rtol.len());
        let mut atol_t = Vec::with_capacity(atol.len());
        for (i, (&r, &a)) in rtol.iter().zip(&atol).enumerate() {
            if a <= 0.0 || r <= 10.0 * uround || a.is_nan() || r.is_nan() {
                if rtol.len() == 1 {
                    errors.push(format!(
                        "tolerances are too small: RTOL = {r:e}, ATOL = {a:e}"
                    ));
                } else {
                    errors.push(format!(
                        "tolerances({}) are too small: RTOL = {r:e}, ATOL = {a:e}",
                        i + 1
                    ));
                }
            }
            let (rt, at) = transform_tolerance(r, a);
            rtol_t.push(rt);
            atol_t.push(at);
        }
        if options.max_steps <= 0 {
            errors.push(format!("wrong input IWORK(2) = {}", options.max_steps));
        }
        if options.max_newton <= 0 {
            errors.push(format!("curious input IWORK(3) = {}", options.max_newton));
        }
        let [mut nind1, nind2, nind3] = options.index_dims;
        if nind1 == 0 {
            nind1 = n as i64;
        }
        if nind1 < 0 || nind2 < 0 || nind3 < 0 || nind1 + nind2 + nind3 != n as i64 {
            errors.push(format!(
                "curious input for IWORK(5,6,7) = {nind1}, {nind2}, {nind3} (their sum must be N = {n})"
            ));
        }
        let m1 = options.m1;
        let mut m2 = options.m2;
        if m1 == 0 {
            m2 = n as i64;
        }
        if m2 == 0 {
            m2 = m1;
        }
        if m1 < 0 || m2 < 0 || m1 + m2 > n as i64 {
            errors.push(format!("curious input for IWORK(9,10) = {m1}, {m2}"));
        }
        let nm1 = (n as i64 - m1.max(0)).max(0) as usize;
        if options.safety <= 0.001 || options.safety >= 1.0 {
            errors.push(format!("curious input for WORK(2) = {:e}", options.safety));
        }
        if options.thet >= 1.0 {
            errors.push(format!("curious input for WORK(3) = {:e}", options.thet));
        }
        let tolst = rtol_t.first().copied().unwrap_or(1.0);
        let fnewt = match options.fnewt {
            None => (10.0 * uround / tolst).max(0.03_f64.min(tolst.powf(0.5))),
            Some(f) => {
                if f <= uround / tolst {
                    errors.push(format!("curious input for WORK(4) = {f:e}"));
                }
                f
            }
        };
        if options.quot1 > 1.0 || options.quot2 < 1.0 {
            errors.push(format!(
                "curious input for WORK(5,6) = {:e}, {:e}",
                options.quot1, options.quot2
            ));
        }
        let facl = 1.0 / options.step_ratio_min;
        let facr = 1.0 / options.step_ratio_max;
        if facl < 1.0 || facr > 1.0 || facl.is_nan() || facr.is_nan() {
            errors.push(format!(
                "curious input WORK(8,9) = {:e}, {:e}",
                options.step_ratio_min, options.step_ratio_max
            ));
        }
        let jac_band = match structure.jacobian {
            Matrix::Banded { lower, upper } if lower < nm1 => Some((lower, upper)),
            _ => None,
        };
        let (mljac, mujac) = jac_band.unwrap_or((nm1, nm1));
        let mass_kind = structure.mass.map(|m| match m {
            Matrix::Banded { lower, upper } if lower != nm1 => Matrix::Banded { lower, upper },
            _ => Matrix::Full,
        });
        match mass_kind {
            Some(Matrix::Banded { lower, upper }) if lower > mljac || upper > mujac => {
                errors.push("bandwidth of \"MAS\" not smaller than bandwidth of \"JAC\"".into());
            }
            Some(Matrix::Full) if jac_band.is_some() => {
                errors.push("bandwidth of \"MAS\" not smaller than bandwidth of \"JAC\"".into());
            }
            _ => {}
        }
        let hessenberg = options.hessenberg && n > 2 && jac_band.is_none() && mass_kind.is_none();
        if hessenberg && m1 != 0 {
            // The original's IJOB = 17 has no branch: DECOMR, DECOMC, SLVRAD and ESTRAD
            // fall through to IJOB = 1, which works on N × N matrices in arrays of
            // N - M1 rows and writes past E2I.
            errors.push(format!(
                "IWORK(1) != 0 (Hessenberg form) needs M1 = 0, IWORK(9) = {m1}"
            ));
        }
        if !x.is_finite() || !xend.is_finite() {
            errors.push(format!("X = {x:e} and XEND = {xend:e} must be finite"));
        }
        if !errors.is_empty() {
            return Err(Radau5Error::InvalidInput(errors));
        }
        Ok(Self {
            n,
            structure: structure.clone(),
            rtol: rtol_t,
            atol: atol_t,
            nmax: options.max_steps as usize,
            nit: options.max_newton as usize,
            startn: options.zero_start,
            nind: [nind1 as usize, nind2 as usize, nind3 as usize],
            pred: options.predictive,
            m1: m1 as usize,
            m2: m2 as usize,
            uround,
            safe: options.safety,
            thet: options.thet,
            fnewt,
            quot1: options.quot1,
            quot2: options.quot2,
            hmax: options.hmax.unwrap_or(xend - x),
            facl,
            facr,
            jac_band,
            mass_kind,
            hessenberg,
        })
    }

    /// `scal_i = atol_i + rtol_i |y_i|`.
    fn scale(&self, y: &[f64], scal: &mut [f64]) {
        if self.rtol.len() == 1 {
            let (r, a) = (self.rtol[0], self.atol[0]);
            for (s, yi) in scal.iter_mut().zip(y) {
                *s = a + r * yi.abs();
            }
        } else {
            for i in 0..self.n {
                scal[i] = self.atol[i] + self.rtol[i] * y[i].abs();
            }
        }
    }

    /// LDJAC: `nm1` rows for a full Jacobian, `ml + mu + 1` for a banded one.
    fn ldjac(&self) -> usize {
        self.jac_band
            .map_or(self.n - self.m1, |(ml, mu)| ml + mu + 1)
    }

    /// The mass matrix's storage and LDMAS (0 for the identity).
    fn mass(&self) -> (Mass, usize) {
        let nm1 = self.n - self.m1;
        match self.mass_kind {
            None => (Mass::Identity, 0),
            Some(Matrix::Banded { lower, upper }) => {
                let ld = lower + upper + 1;
                (
                    Mass::Banded {
                        ld,
                        ml: lower,
                        mu: upper,
                    },
                    ld,
                )
            }
            Some(Matrix::Full) => (Mass::Full, nm1),
        }
    }

    /// The original's WORK from WORK(21) on, up to the end of FMAS: Z1, Z2, Z3, Y0,
    /// SCAL, F1, F2, F3 (N each), CONT (4N), FJAC (LDJAC × N), FMAS (LDMAS × NM1). The
    /// original keeps E1, E2R, E2I after them; here they live with the LU kernels.
    pub(crate) fn work_len(&self) -> usize {
        let n = self.n;
        layout::arrays_len(n, self.ldjac(), self.mass().1, n - self.m1)
    }

    /// The Jacobian at `(x, y)`: analytic, or forward differences with the original's
    /// increments `sqrt(uround · max(1e-5, |y_j|))` (f-calls not counted).
    fn jacobian<P: Problem>(&self, problem: &mut P, x: f64, y: &mut [f64], w: &mut Work) {
        let ld = self.ldjac();
        if self.structure.analytic_jacobian {
            problem.jac(x, y, w.tail, ld);
            return;
        }
        let (n, m1, m2) = (self.n, self.m1, self.m2);
        let y0 = &*w.y0;
        let cont = &mut w.cont[..n];
        let fjac = &mut *w.tail;
        match self.jac_band {
            None => {
                for i in 0..n {
                    let ysafe = y[i];
                    let delt = (self.uround * 1.0e-5_f64.max(ysafe.abs())).sqrt();
                    y[i] = ysafe + delt;
                    problem.fcn(x, y, cont);
                    for j in m1..n {
                        fjac[(j - m1) + i * ld] = (cont[j] - y0[j]) / delt;
                    }
                    y[i] = ysafe;
                }
            }
            Some((mljac, mujac)) => {
                // Columns that share no row are perturbed together (Curtis–Powell–Reid),
                // in groups of stride MD = min(ml + mu + 1, m2); 1-based indices as the
                // original so the bookkeeping reads the same.
                let md = (mljac + mujac + 1).min(m2);
                for mm in 1..=(m1 / m2 + 1) {
                    for k in 1..=md {
                        let mut j = k + (mm - 1) * m2;
                        while j <= mm * m2 {
                            w.f1[j - 1] = y[j - 1];
                            w.f2[j - 1] = (self.uround * 1.0e-5_f64.max(y[j - 1].abs())).sqrt();
                            y[j - 1] += w.f2[j - 1];
                            j += md;
                        }
                        problem.fcn(x, y, cont);
                        let mut j = k + (mm - 1) * m2;
                        let mut j1 = k;
                        let mut lbeg = j1.saturating_sub(mujac).max(1) + m1;
                        while j <= mm * m2 {
                            let lend = m2.min(j1 + mljac) + m1;
                            y[j - 1] = w.f1[j - 1];
                            // Row of (l, j) in band storage: l + MUJAC + 1 - j1 - m1.
                            for l in lbeg..=lend {
                                let row = l + mujac + 1 - j1 - m1;
                                fjac[(row - 1) + (j - 1) * ld] =
                                    (cont[l - 1] - y0[l - 1]) / w.f2[j - 1];
                            }
                            j += md;
                            j1 += md;
                            lbeg = lend + 1;
                        }
                    }
                }
            }
        }
    }

    /// RADCOR: the integration from `*x` to `xend`, with the vectors and matrices in
    /// `work` (WORK(21..) of the original, at least [`Setup::work_len`] values; JAC and
    /// MAS may write anywhere in it from FJAC and FMAS on, as with the original).
    pub(crate) fn run<P: Problem>(
        &self,
        problem: &mut P,
        x: &mut f64,
        y: &mut [f64],
        xend: f64,
        h: &mut f64,
        work: &mut [f64],
    ) -> Result<Completion, Radau5Error> {
        let mut stepper = Stepper::new(self, problem, work);
        let result = stepper.integrate(problem, x, y, xend, h);
        let stats = stepper.stats;
        match result {
            Ok(interrupted) => Ok(Completion { stats, interrupted }),
            Err(Failure::TooManySteps) => Err(Radau5Error::TooManySteps {
                x: *x,
                nmax: self.nmax,
                stats,
            }),
            Err(Failure::StepSizeTooSmall) => Err(Radau5Error::StepSizeTooSmall {
                x: *x,
                h: *h,
                stats,
            }),
            Err(Failure::Singular(stage)) => Err(Radau5Error::RepeatedlySingular {
                x: *x,
                stage,
                stats,
            }),
        }
    }
}

/// Why the step loop ended early (mapped to [`Radau5Error`] with the statistics).
enum Failure {
    TooManySteps,
    StepSizeTooSmall,
    Singular(usize),
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
    /// FJAC, FMAS, and the rest of WORK (where the original keeps E1, E2R, E2I).
    tail: &'w mut [f64],
}

impl<'w> Work<'w> {
    fn new(work: &'w mut [f64], n: usize) -> Self {
        let (z1, rest) = work.split_at_mut(n);
        let (z2, rest) = rest.split_at_mut(n);
        let (z3, rest) = rest.split_at_mut(n);
        let (y0, rest) = rest.split_at_mut(n);
        let (scal, rest) = rest.split_at_mut(n);
        let (f1, rest) = rest.split_at_mut(n);
        let (f2, rest) = rest.split_at_mut(n);
        let (f3, rest) = rest.split_at_mut(n);
        let (cont, tail) = rest.split_at_mut(4 * n);
        Self {
            z1,
            z2,
            z3,
            y0,
            scal,
            f1,
            f2,
            f3,
            cont,
            tail,
        }
    }
}

/// FJAC and FMAS in the tail of WORK, `jac_len` and `mas_len` values.
fn matrices(tail: &[f64], jac_len: usize, mas_len: usize) -> Matrices<'_> {
    let (fjac, rest) = tail.split_at(jac_len);
    Matrices {
        fjac,
        fmas: &rest[..mas_len],
    }
}

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

/// The state of RADCOR between steps.
struct Stepper<'s, 'w> {
    setup: &'s Setup,
    coef: Coefficients,
    lin: LinearSystem,
    w: Work<'w>,
    /// The lengths of FJAC and FMAS.
    jac_len: usize,
    mas_len: usize,
    stats: Statistics,
}

impl<'s, 'w> Stepper<'s, 'w> {
    /// Lays out `work` and calls MAS once, as RADCOR does on entry.
    fn new<P: Problem>(setup: &'s Setup, problem: &mut P, work: &'w mut [f64]) -> Self {
        let (n, m1) = (setup.n, setup.m1);
        let nm1 = n - m1;
        let ldjac = setup.ldjac();
        let (mass, ldmas) = setup.mass();
        let w = Work::new(work, n);
        let jac_len = ldjac * n;
        if !matches!(mass, Mass::Identity) {
            problem.mas(nm1, &mut w.tail[jac_len..], ldmas);
        }
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
                setup.hessenberg,
            ),
            w,
            jac_len,
            mas_len: ldmas * nm1,
            stats: Statistics::default(),
        }
    }

    /// Calls SOLOUT with CONT(1..N) = y and the step `[xold, x]` of length `hold`.
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
    fn fcn_y0<P: Problem>(&mut self, problem: &mut P, x: f64, y: &[f64]) {
        problem.fcn(x, y, self.w.y0);
        self.stats.nfcn += 1;
    }

    #[allow(clippy::too_many_lines)]
    fn integrate<P: Problem>(
        &mut self,
        problem: &mut P,
        x: &mut f64,
        y: &mut [f64],
        xend: f64,
        h: &mut f64,
    ) -> Result<bool, Failure> {
        let s = self.setup;
        let n = s.n;
        let c = &self.coef;
        let (c1, c2, c1m1, c2m1, c1mc2) = (c.c1, c.c2, c.c1m1, c.c2m1, c.c1mc2);
        let (u1, alph, beta, dd) = (c.u1, c.alph, c.beta, c.dd);
        let [nind1, nind2, nind3] = s.nind;
        let nit = s.nit;

        let posneg = 1.0_f64.copysign(xend - *x);
        let hmaxn = s.hmax.abs().min((xend - *x).abs());
        if h.abs() <= 10.0 * s.uround {
            *h = 1.0e-6;
        }
        *h = h.abs().min(hmaxn).copysign(posneg);
        let mut hold = *h;
        let mut reject = false;
        let mut first = true;
        let mut last = false;
        if (*x + *h * 1.0001 - xend) * posneg >= 0.0 {
            *h = xend - *x;
            last = true;
        }
        let mut hopt = *h;
        let mut faccon = 1.0_f64;
        let cfac = s.safe * (1 + 2 * nit) as f64;
        let mut nsing = 0;
        let mut xold = *x;
        let dense = s.structure.dense_output;
        if dense && !self.solout(problem, 1, xold, *x, hold, y) {
            return Ok(true);
        }
        s.scale(y, self.w.scal);
        let mut hhfac = *h;
        self.fcn_y0(problem, *x, y);

        // State carried between steps (uninitialised in the original until first set).
        let mut caljac = false;
        let mut theta = 0.0_f64;
        let mut thqold = 0.0_f64;
        let mut dynold = 0.0_f64;
        let mut hacc = 0.0_f64;
        let mut erracc = 0.0_f64;
        let (mut fac1, mut alphn, mut betan) = (0.0, 0.0, 0.0);
        let mut xph = *x;

        let mut next = Next::Jacobian;
        loop {
            if next == Next::Jacobian {
                self.stats.njac += 1;
                s.jacobian(problem, *x, y, &mut self.w);
                caljac = true;
                self.lin.new_jacobian();
                next = Next::Decompose;
            }
            // `singular` is IER of the original: which decomposition failed, at which stage.
            let mut singular = None;
            if next == Next::Decompose {
                fac1 = u1 / *h;
                alphn = alph / *h;
                betan = beta / *h;
                self.lin.reduce(&mut self.w.tail[..self.jac_len]);
                let m = matrices(self.w.tail, self.jac_len, self.mas_len);
                match self
                    .lin
                    .decompose_real(m, fac1)
                    .and_then(|()| self.lin.decompose_complex(m, alphn, betan))
                {
                    Ok(()) => self.stats.ndec += 1,
                    Err(e) => singular = Some(e.stage),
                }
            }
            // The Newton iteration ends in one of three ways.
            enum Newton {
                Converged,
                /// Slow convergence: retry with the reduced step (back to 20 or 10).
                Retry,
                /// Divergence, too many iterations or a singular matrix (label 78).
                Failed,
            }
            let mut newt = 0;
            let outcome = if singular.is_some() {
                Newton::Failed
            } else {
                self.stats.nstep += 1;
                if self.stats.nstep > s.nmax {
                    return Err(Failure::TooManySteps);
                }
                if 0.1 * h.abs() <= x.abs() * s.uround {
                    return Err(Failure::StepSizeTooSmall);
                }
                let scal = &mut self.w.scal;
                if nind2 != 0 {
                    for v in &mut scal[nind1..nind1 + nind2] {
                        *v /= hhfac;
                    }
                }
                if nind3 != 0 {
                    for v in &mut scal[nind1 + nind2..nind1 + nind2 + nind3] {
                        *v /= hhfac * hhfac;
                    }
                }
                xph = *x + *h;
                let w = &mut self.w;
                if first || s.startn {
                    for v in [
                        &mut w.z1, &mut w.z2, &mut w.z3, &mut w.f1, &mut w.f2, &mut w.f3,
                    ] {
                        v.fill(0.0);
                    }
                } else {
                    let c3q = *h / hold;
                    let c1q = c1 * c3q;
                    let c2q = c2 * c3q;
                    for i in 0..n {
                        let ak1 = w.cont[i + n];
                        let ak2 = w.cont[i + 2 * n];
                        let ak3 = w.cont[i + 3 * n];
                        let z1i = c1q * (ak1 + (c1q - c2m1) * (ak2 + (c1q - c1m1) * ak3));
                        let z2i = c2q * (ak1 + (c2q - c2m1) * (ak2 + (c2q - c1m1) * ak3));
                        let z3i = c3q * (ak1 + (c3q - c2m1) * (ak2 + (c3q - c1m1) * ak3));
                        w.z1[i] = z1i;
                        w.z2[i] = z2i;
                        w.z3[i] = z3i;
                        w.f1[i] = TI11 * z1i + TI12 * z2i + TI13 * z3i;
                        w.f2[i] = TI21 * z1i + TI22 * z2i + TI23 * z3i;
                        w.f3[i] = TI31 * z1i + TI32 * z2i + TI33 * z3i;
                    }
                }
                // Simplified Newton iteration (§IV.8, (8.12)–(8.17)).
                faccon = faccon.max(s.uround).powf(0.8);
                theta = s.thet.abs();
                loop {
                    if newt >= nit {
                        break Newton::Failed;
                    }
                    let w = &mut self.w;
                    for (i, stage) in [(c1, 0), (c2, 1), (1.0, 2)] {
                        let z = match stage {
                            0 => &mut w.z1,
                            1 => &mut w.z2,
                            _ => &mut w.z3,
                        };
                        for k in 0..n {
                            w.cont[k] = y[k] + z[k];
                        }
                        let xs = if stage == 2 { xph } else { *x + i * *h };
                        problem.fcn(xs, &w.cont[..n], z);
                    }
                    self.stats.nfcn += 3;
                    for i in 0..n {
                        let (a1, a2, a3) = (w.z1[i], w.z2[i], w.z3[i]);
                        w.z1[i] = TI11 * a1 + TI12 * a2 + TI13 * a3;
                        w.z2[i] = TI21 * a1 + TI22 * a2 + TI23 * a3;
                        w.z3[i] = TI31 * a1 + TI32 * a2 + TI33 * a3;
                    }
                    let m = matrices(w.tail, self.jac_len, self.mas_len);
                    self.lin
                        .solve(m, fac1, alphn, betan, w.z1, w.z2, w.z3, w.f1, w.f2, w.f3);
                    self.stats.nsol += 1;
                    newt += 1;
                    let mut dyno = 0.0;
                    for i in 0..n {
                        let denom = w.scal[i];
                        let (q1, q2, q3) = (w.z1[i] / denom, w.z2[i] / denom, w.z3[i] / denom);
                        dyno = dyno + q1 * q1 + q2 * q2 + q3 * q3;
                    }
                    dyno = (dyno / (3 * n) as f64).sqrt();
                    if newt > 1 && newt < nit {
                        let thq = dyno / dynold;
                        theta = if newt == 2 {
                            thq
                        } else {
                            (thq * thqold).sqrt()
                        };
                        thqold = thq;
                        if theta < 0.99 {
                            faccon = theta / (1.0 - theta);
                            let dyth =
                                faccon * dyno * theta.powi((nit - 1 - newt) as i32) / s.fnewt;
                            if dyth >= 1.0 {
                                let qnewt = 1.0e-4_f64.max(20.0_f64.min(dyth));
                                hhfac =
                                    0.8 * qnewt.powf(-1.0 / (4.0 + nit as f64 - 1.0 - newt as f64));
                                *h *= hhfac;
                                reject = true;
                                last = false;
                                break Newton::Retry;
                            }
                        } else {
                            break Newton::Failed;
                        }
                    }
                    dynold = dyno.max(s.uround);
                    for i in 0..n {
                        let f1i = w.f1[i] + w.z1[i];
                        let f2i = w.f2[i] + w.z2[i];
                        let f3i = w.f3[i] + w.z3[i];
                        w.f1[i] = f1i;
                        w.f2[i] = f2i;
                        w.f3[i] = f3i;
                        w.z1[i] = T11 * f1i + T12 * f2i + T13 * f3i;
                        w.z2[i] = T21 * f1i + T22 * f2i + T23 * f3i;
                        w.z3[i] = T31 * f1i + f2i;
                    }
                    // IF (FACCON*DYNO.GT.FNEWT) GOTO 40: a NaN ends the iteration as
                    // converged, as in the original.
                    #[allow(clippy::neg_cmp_op_on_partial_ord)]
                    if !(faccon * dyno > s.fnewt) {
                        break Newton::Converged;
                    }
                }
            };
            match outcome {
                Newton::Retry => {
                    next = if caljac {
                        Next::Decompose
                    } else {
                        Next::Jacobian
                    };
                    continue;
                }
                Newton::Failed => {
                    // Label 78: unexpected step rejection.
                    if let Some(stage) = singular {
                        nsing += 1;
                        if nsing >= 5 {
                            return Err(Failure::Singular(stage));
                        }
                    }
                    *h *= 0.5;
                    hhfac = 0.5;
                    reject = true;
                    last = false;
                    next = if caljac {
                        Next::Decompose
                    } else {
                        Next::Jacobian
                    };
                    continue;
                }
                Newton::Converged => {}
            }
            // Error estimation (ESTRAD).
            let hee = [dd[0] / *h, dd[1] / *h, dd[2] / *h];
            let w = &mut self.w;
            let m = matrices(w.tail, self.jac_len, self.mas_len);
            let mut err = self.lin.estimate(
                m,
                fac1,
                hee,
                [w.z1, w.z2, w.z3],
                w.y0,
                w.scal,
                w.cont,
                w.f1,
                w.f2,
            );
            if err >= 1.0 && (first || reject) {
                for i in 0..n {
                    w.cont[i] += y[i];
                }
                problem.fcn(*x, &w.cont[..n], w.f1);
                self.stats.nfcn += 1;
                err = self.lin.refine(m.fjac, fac1, w.f1, w.f2, w.scal, w.cont);
            }
            // Step-size selection (§IV.8, (8.19)–(8.21)).
            let fac = s.safe.min(cfac / (newt + 2 * nit) as f64);
            let mut quot = s.facr.max(s.facl.min(err.powf(0.25) / fac));
            let mut hnew = *h / quot;
            if err < 1.0 {
                // Accepted step.
                first = false;
                self.stats.naccpt += 1;
                if s.pred {
                    // Predictive controller of Gustafsson.
                    if self.stats.naccpt > 1 {
                        let mut facgus = (hacc / *h) * (err * err / erracc).powf(0.25) / s.safe;
                        facgus = s.facr.max(s.facl.min(facgus));
                        quot = quot.max(facgus);
                        hnew = *h / quot;
                    }
                    hacc = *h;
                    erracc = 1.0e-2_f64.max(err);
                }
                xold = *x;
                hold = *h;
                *x = xph;
                let w = &mut self.w;
                for i in 0..n {
                    y[i] += w.z3[i];
                    let z2i = w.z2[i];
                    let z1i = w.z1[i];
                    w.cont[i + n] = (z2i - w.z3[i]) / c2m1;
                    let ak = (z1i - z2i) / c1mc2;
                    let mut acont3 = z1i / c1;
                    acont3 = (ak - acont3) / c2;
                    w.cont[i + 2 * n] = (ak - w.cont[i + n]) / c1m1;
                    w.cont[i + 3 * n] = w.cont[i + 2 * n] - acont3;
                }
                s.scale(y, w.scal);
                if dense && !self.solout(problem, self.stats.naccpt + 1, xold, *x, hold, y) {
                    return Ok(true);
                }
                caljac = false;
                if last {
                    *h = hopt;
                    return Ok(false);
                }
                self.fcn_y0(problem, *x, y);
                hnew = posneg * hnew.abs().min(hmaxn);
                hopt = h.min(hnew);
                if reject {
                    hnew = posneg * hnew.abs().min(h.abs());
                }
                reject = false;
                if (*x + hnew / s.quot1 - xend) * posneg >= 0.0 {
                    *h = xend - *x;
                    last = true;
                } else {
                    let qt = hnew / *h;
                    hhfac = *h;
                    if theta <= s.thet && qt >= s.quot1 && qt <= s.quot2 {
                        next = Next::Step;
                        continue;
                    }
                    *h = hnew;
                }
                hhfac = *h;
                next = if theta <= s.thet {
                    Next::Decompose
                } else {
                    Next::Jacobian
                };
            } else {
                // Rejected step.
                reject = true;
                last = false;
                if first {
                    *h *= 0.1;
                    hhfac = 0.1;
                } else {
                    hhfac = hnew / *h;
                    *h = hnew;
                }
                if self.stats.naccpt >= 1 {
                    self.stats.nrejct += 1;
                }
                next = if caljac {
                    Next::Decompose
                } else {
                    Next::Jacobian
                };
            }
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
        let bits = [c.c1, c.c2, c.dd[0], c.dd[1], c.u1, c.alph, c.beta].map(f64::to_bits);
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
