//! Input validation of RADAU5 (the subroutine RADAU5 before it calls RADCOR): the
//! checks of every argument, the defaults, and the storage derived from the structure.
// Index loops mirror the original's DO loops over several arrays at once.
#![allow(clippy::needless_range_loop)]

use super::layout;
use super::{transform_tolerance, Matrix, Options, Structure};
use crate::hairer::linear::{LinearSystem, Mass};
use crate::hairer::messages::{curious_m1_m2, mass_band, Record, Refusal, Refusals};
use crate::hairer::{refuse, OnStack, ToleranceRef};

/// RTOL and ATOL as RADAU5 transforms them: one pair (ITOL = 0) or one per component, in
/// the caller's [`TransformedTolerances`].
pub(crate) enum Scaled<'t> {
    Scalar { rtol: f64, atol: f64 },
    Vector { rtol: &'t [f64], atol: &'t [f64] },
}

/// Where a call keeps its transformed vector tolerances (the original transforms the
/// caller's arrays in place): on the stack up to N = 32.
pub(crate) type TransformedTolerances = OnStack<f64, 64>;

/// Validated input: everything RADAU5 derives before it calls RADCOR.
pub(crate) struct Setup<'t> {
    pub(crate) n: usize,
    pub(crate) structure: Structure,
    /// Transformed tolerances.
    pub(crate) tol: Scaled<'t>,
    pub(crate) nmax: usize,
    pub(crate) nit: usize,
    pub(crate) startn: bool,
    pub(crate) nind: [usize; 3],
    pub(crate) pred: bool,
    pub(crate) m1: usize,
    pub(crate) m2: usize,
    pub(crate) uround: f64,
    pub(crate) safe: f64,
    pub(crate) thet: f64,
    pub(crate) fnewt: f64,
    pub(crate) quot1: f64,
    pub(crate) quot2: f64,
    pub(crate) hmax: f64,
    pub(crate) facl: f64,
    pub(crate) facr: f64,
    /// Band widths with the original's substitutions for full storage.
    pub(crate) jac_band: Option<(usize, usize)>,
    pub(crate) mass_kind: Option<Matrix>,
    /// IJOB = 7: IWORK(1) ≠ 0 with a full Jacobian, M = I and N > 2 (the original
    /// ignores IWORK(1) for a banded Jacobian, a mass matrix or N ≤ 2).
    pub(crate) hessenberg: bool,
}

impl<'t> Setup<'t> {
    /// Checks the input as RADAU5 does, collecting one message per problem (the
    /// original prints each and returns IDID = -1). FNEWT is `fnewt`, not the options'
    /// (RADAU takes the formula's); vector tolerances are transformed into `scratch`.
    #[allow(clippy::too_many_arguments)]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(complex)]
    pub(crate) fn new(
        structure: &Structure,
        options: &Options,
        fnewt: Option<f64>,
        len_y: usize,
        tol: ToleranceRef<'_>,
        scratch: &'t mut TransformedTolerances,
        x: f64,
        xend: f64,
    ) -> Result<Self, Refusals> {
        let mut errors = Refusals::default();
        let n = structure.n;
        if n == 0 {
            refuse(&mut errors, || "N must be positive, N = 0".to_string());
        }
        if len_y != n {
            refuse(&mut errors, || format!("Y has {len_y} components, N = {n}"));
        }
        let uround = options.uround;
        if uround <= 1.0e-19 || uround >= 1.0 {
            refuse(&mut errors, || {
                Refusal::with_record(
                    format!("coefficients have 20 digits, UROUND = {uround:e}"),
                    Record::text(" COEFFICIENTS HAVE 20 DIGITS, UROUND=").real(uround),
                )
            });
        }
        let tol = transformed_tolerances(tol, n, uround, scratch, &mut errors);
        if options.max_steps <= 0 {
            refuse(&mut errors, || {
                Refusal::with_record(
                    format!("wrong input IWORK(2) = {}", options.max_steps),
                    Record::text(" WRONG INPUT IWORK(2)=").int(options.max_steps),
                )
            });
        }
        if options.max_newton <= 0 {
            refuse(&mut errors, || {
                Refusal::with_record(
                    format!("curious input IWORK(3) = {}", options.max_newton),
                    Record::text(" CURIOUS INPUT IWORK(3)=").int(options.max_newton),
                )
            });
        }
        let [mut nind1, nind2, nind3] = options.index_dims;
        if nind1 == 0 {
            nind1 = n as i64;
        }
        if nind1 < 0 || nind2 < 0 || nind3 < 0 || nind1 + nind2 + nind3 != n as i64 {
            refuse(&mut errors, || {
                Refusal::with_record(
                format!(
                    "curious input for IWORK(5,6,7) = {nind1}, {nind2}, {nind3} (their sum must be N = {n})"
                ),
                Record::text(" CURIOUS INPUT FOR IWORK(5,6,7)=")
                    .int(nind1)
                    .int(nind2)
                    .int(nind3),
            )
            });
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
            refuse(&mut errors, || curious_m1_m2(m1, m2));
        }
        let nm1 = (n as i64 - m1.max(0)).max(0) as usize;
        if options.safety <= 0.001 || options.safety >= 1.0 {
            refuse(&mut errors, || {
                Refusal::with_record(
                    format!("curious input for WORK(2) = {:e}", options.safety),
                    Record::text(" CURIOUS INPUT FOR WORK(2)=").real(options.safety),
                )
            });
        }
        if options.thet >= 1.0 {
            refuse(&mut errors, || {
                Refusal::with_record(
                    format!("curious input for WORK(3) = {:e}", options.thet),
                    Record::text(" CURIOUS INPUT FOR WORK(3)=").real(options.thet),
                )
            });
        }
        let tolst = match &tol {
            Scaled::Scalar { rtol, .. } => *rtol,
            Scaled::Vector { rtol, .. } => rtol.first().copied().unwrap_or(1.0),
        };
        let fnewt = match fnewt {
            // TOLST**0.5D0 is a call of `pow` in the original; the opaque exponent keeps
            // LLVM from folding it into `sqrt`, which rounds differently (fuzz case 2552).
            None => {
                (10.0 * uround / tolst).max(0.03_f64.min(tolst.powf(std::hint::black_box(0.5))))
            }
            Some(f) => {
                if f <= uround / tolst {
                    refuse(&mut errors, || {
                        Refusal::with_record(
                            format!("curious input for WORK(4) = {f:e}"),
                            Record::text(" CURIOUS INPUT FOR WORK(4)=").real(f),
                        )
                    });
                }
                f
            }
        };
        if options.quot1 > 1.0 || options.quot2 < 1.0 {
            refuse(&mut errors, || {
                Refusal::with_record(
                    format!(
                        "curious input for WORK(5,6) = {:e}, {:e}",
                        options.quot1, options.quot2
                    ),
                    Record::text(" CURIOUS INPUT FOR WORK(5,6)=")
                        .real(options.quot1)
                        .real(options.quot2),
                )
            });
        }
        let facl = 1.0 / options.step_ratio_min;
        let facr = 1.0 / options.step_ratio_max;
        if facl < 1.0 || facr > 1.0 || facl.is_nan() || facr.is_nan() {
            // The values in effect: the original prints WORK(8), WORK(9) as given.
            refuse(&mut errors, || {
                Refusal::with_record(
                    format!(
                        "curious input WORK(8,9) = {:e}, {:e}",
                        options.step_ratio_min, options.step_ratio_max
                    ),
                    Record::text(" CURIOUS INPUT WORK(8,9)=")
                        .real(options.step_ratio_min)
                        .real(options.step_ratio_max),
                )
            });
        }
        let (jac_band, mass_kind) = storage(
            (structure.jacobian, structure.mass),
            nm1,
            "SMALLER",
            &mut errors,
        );
        let hessenberg = options.hessenberg && n > 2 && jac_band.is_none() && mass_kind.is_none();
        if hessenberg && m1 != 0 {
            // The original's IJOB = 17 has no branch: DECOMR, DECOMC, SLVRAD and ESTRAD
            // fall through to IJOB = 1, which works on N × N matrices in arrays of
            // N - M1 rows and writes past E2I.
            refuse(&mut errors, || {
                format!("IWORK(1) != 0 (Hessenberg form) needs M1 = 0, IWORK(9) = {m1}")
            });
        }
        if !x.is_finite() || !xend.is_finite() {
            refuse(&mut errors, || {
                format!("X = {x:e} and XEND = {xend:e} must be finite")
            });
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(Self {
            n,
            structure: structure.clone(),
            tol,
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
    #[allow(unsafe_code)]
    #[link_section = hot_path!(complex)]
    pub(crate) fn scale(&self, y: &[f64], scal: &mut [f64]) {
        match &self.tol {
            &Scaled::Scalar { rtol: r, atol: a } => {
                for (s, yi) in scal.iter_mut().zip(y) {
                    *s = a + r * yi.abs();
                }
            }
            Scaled::Vector { rtol, atol } => {
                for i in 0..self.n {
                    scal[i] = atol[i] + rtol[i] * y[i].abs();
                }
            }
        }
    }

    /// LDJAC: `nm1` rows for a full Jacobian, `ml + mu + 1` for a banded one.
    pub(crate) fn ldjac(&self) -> usize {
        self.jac_band
            .map_or(self.n - self.m1, |(ml, mu)| ml + mu + 1)
    }

    /// The mass matrix's storage and LDMAS (0 for the identity).
    pub(crate) fn mass(&self) -> (Mass, usize) {
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
    /// SCAL, F1, F2, F3 (N each), CONT (4N), FJAC (LDJAC × N), FMAS (LDMAS × NM1).
    pub(crate) fn arrays_len(&self) -> usize {
        let n = self.n;
        layout::arrays_len(n, self.ldjac(), self.mass().1, n - self.m1)
    }

    /// The storage of E1, E2R, E2I (which follow FMAS in WORK) and of their pivots.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(complex)]
    pub(crate) fn linear_storage(&self) -> (usize, usize) {
        LinearSystem::storage(self.n, self.m1, self.jac_band, self.hessenberg, 1)
    }

    /// The original's WORK from WORK(21) on: the arrays, then E1, E2R and E2I.
    pub(crate) fn work_len(&self) -> usize {
        self.arrays_len() + self.linear_storage().0
    }
}

/// RTOL and ATOL checked as RADAU5 does ("CHECK AND CHANGE THE TOLERANCES": ATOL > 0 and
/// RTOL > 10 UROUND, and here not NaN) and transformed.
#[allow(unsafe_code)]
#[link_section = hot_path!(complex)]
fn transformed_tolerances<'t>(
    tol: ToleranceRef<'_>,
    n: usize,
    uround: f64,
    scratch: &'t mut TransformedTolerances,
    errors: &mut Refusals,
) -> Scaled<'t> {
    tol.check(n, uround, errors);
    if let ToleranceRef::Scalar { rtol, atol } = tol {
        let (rtol, atol) = transform_tolerance(rtol, atol);
        return Scaled::Scalar { rtol, atol };
    }
    let (rtol, atol) = tol.arrays();
    let len = rtol.len().min(atol.len());
    let (rtol_t, atol_t) = scratch.get(2 * len).split_at_mut(len);
    for (((rt, at), &r), &a) in rtol_t.iter_mut().zip(&mut *atol_t).zip(rtol).zip(atol) {
        (*rt, *at) = transform_tolerance(r, a);
    }
    Scaled::Vector {
        rtol: rtol_t,
        atol: atol_t,
    }
}

/// The Jacobian's band (`None`: full, the original's MLJAC >= NM1) and the mass matrix's
/// storage (full for MLMAS = NM1), with the original's check that the mass matrix's
/// band lies within the Jacobian's (its message says `relation`: RODAS's differs).
#[allow(unsafe_code)]
#[link_section = hot_path!(real)]
pub(crate) fn storage(
    (jacobian, mass): (Matrix, Option<Matrix>),
    nm1: usize,
    relation: &str,
    errors: &mut Refusals,
) -> (Option<(usize, usize)>, Option<Matrix>) {
    let jac_band = match jacobian {
        Matrix::Banded { lower, upper } if lower < nm1 => Some((lower, upper)),
        _ => None,
    };
    let (mljac, mujac) = jac_band.unwrap_or((nm1, nm1));
    let mass_kind = mass.map(|m| match m {
        Matrix::Banded { lower, upper } if lower != nm1 => Matrix::Banded { lower, upper },
        _ => Matrix::Full,
    });
    match mass_kind {
        Some(Matrix::Banded { lower, upper }) if lower > mljac || upper > mujac => {
            refuse(errors, || mass_band(relation));
        }
        Some(Matrix::Full) if jac_band.is_some() => {
            refuse(errors, || mass_band(relation));
        }
        _ => {}
    }
    (jac_band, mass_kind)
}
