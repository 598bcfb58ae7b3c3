//! Input validation of RODAS (the subroutine RODAS before it calls ROSCOR): the checks of
//! every argument, the defaults, and the storage derived from the structure.

use super::layout;
use super::linear::Mass;
use super::{Matrix, Options, Structure};
use crate::hairer::messages::{curious_m1_m2, Record, Refusal, Refusals};
use crate::hairer::{refuse, ToleranceRef};
use crate::radau5::core::storage;

/// Validated input: everything RODAS derives before it calls ROSCOR.
pub(crate) struct Setup<'t> {
    pub(super) n: usize,
    pub(super) structure: Structure,
    /// RTOL and ATOL.
    pub(super) tol: ToleranceRef<'t>,
    pub(super) nmax: usize,
    pub(super) meth: usize,
    pub(super) pred: bool,
    pub(super) m1: usize,
    pub(super) m2: usize,
    pub(super) uround: f64,
    pub(super) hmax: f64,
    /// FAC1 = 1/WORK(3) and FAC2 = 1/WORK(4): the bounds of h/hnew.
    pub(super) fac1: f64,
    pub(super) fac2: f64,
    pub(super) safe: f64,
    /// The Jacobian's band (`None`: full, the original's MLJAC >= NM1).
    pub(super) jac_band: Option<(usize, usize)>,
    pub(super) mass_kind: Option<Matrix>,
}

impl<'t> Setup<'t> {
    /// Checks the input as RODAS does, collecting one message per problem (the original
    /// prints each and returns IDID = -1); the tolerances are `tol`, not the options'.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(rodas)]
    pub(crate) fn new(
        structure: &Structure,
        options: &Options,
        tol: ToleranceRef<'t>,
        len_y: usize,
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
        if options.max_steps <= 0 {
            refuse(&mut errors, || {
                Refusal::with_record(
                    format!("wrong input IWORK(1) = {}", options.max_steps),
                    Record::text(" WRONG INPUT IWORK(1)=").int(options.max_steps),
                )
            });
        }
        if !(1..=3).contains(&options.method) {
            refuse(&mut errors, || {
                Refusal::with_record(
                    format!("curious input IWORK(2) = {}", options.method),
                    Record::text(" CURIOUS INPUT IWORK(2)=").int(options.method),
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
        let uround = options.uround;
        if !(1.0e-16..1.0).contains(&uround) {
            refuse(&mut errors, || {
                Refusal::with_record(
                    format!("coefficients have 16 digits, UROUND = {uround:e}"),
                    Record::text(" COEFFICIENTS HAVE 16 DIGITS, UROUND=").real(uround),
                )
            });
        }
        let fac1 = 1.0 / options.step_ratio_min;
        let fac2 = 1.0 / options.step_ratio_max;
        if fac1 < 1.0 || fac2 > 1.0 || fac1.is_nan() || fac2.is_nan() {
            // The values in effect: the original prints WORK(3), WORK(4) as given.
            refuse(&mut errors, || {
                Refusal::with_record(
                    format!(
                        "curious input WORK(3,4) = {:e}, {:e}",
                        options.step_ratio_min, options.step_ratio_max
                    ),
                    Record::text(" CURIOUS INPUT WORK(3,4)=")
                        .real(options.step_ratio_min)
                        .real(options.step_ratio_max),
                )
            });
        }
        if options.safety <= 0.001 || options.safety >= 1.0 || options.safety.is_nan() {
            refuse(&mut errors, || {
                Refusal::with_record(
                    format!("curious input for WORK(5) = {:e}", options.safety),
                    Record::text(" CURIOUS INPUT FOR WORK(5)=").real(options.safety),
                )
            });
        }
        tol.check(n, uround, &mut errors);
        let (jac_band, mass_kind) = storage(
            (structure.jacobian, structure.mass),
            nm1,
            "LARGER",
            &mut errors,
        );
        if let Some((ml, mu)) = jac_band {
            let md = (ml + mu + 1).min(n);
            let m2u = m2.max(1) as usize;
            let m1u = m1.max(0) as usize;
            if !structure.analytic_jacobian && m1u > 0 && md + (m1u / m2u) * m2u > n {
                // The original's difference Jacobian groups columns with a stride
                // MIN(MBJAC, N) instead of MIN(MBJAC, M2) and then perturbs Y(J), J > N.
                refuse(&mut errors, || {
                    format!(
                        "a banded difference Jacobian with M1 > 0 needs MLJAC + MUJAC + 1 <= M2, \
                     MLJAC = {ml}, MUJAC = {mu}, M2 = {m2}"
                    )
                });
            }
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
            meth: options.method as usize,
            pred: options.predictive,
            m1: m1 as usize,
            m2: m2 as usize,
            uround,
            hmax: options.hmax.unwrap_or(xend - x),
            fac1,
            fac2,
            safe: options.safety,
            jac_band,
            mass_kind,
        })
    }

    /// LDJAC: `nm1` rows for a full Jacobian, `ml + mu + 1` for a banded one.
    pub(super) fn ldjac(&self) -> usize {
        self.jac_band
            .map_or(self.n - self.m1, |(ml, mu)| ml + mu + 1)
    }

    /// The mass matrix's storage and LDMAS (0 for the identity).
    pub(super) fn mass(&self) -> (Mass, usize) {
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

    /// The original's WORK from WORK(21) on, up to the end of FMAS: YNEW, DY1, DY,
    /// AK1..AK6, FX (N each), CONT (4N), FJAC (LDJAC × N), FMAS (LDMAS × NM1).
    pub(crate) fn arrays_len(&self) -> usize {
        let n = self.n;
        layout::arrays_len(n, self.ldjac(), self.mass().1, n - self.m1)
    }

    /// The storage of E (which follows FMAS in WORK) and of its pivots.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(rodas)]
    pub(crate) fn linear_storage(&self) -> (usize, usize) {
        crate::hairer::linear::LinearSystem::storage(self.n, self.m1, self.jac_band, false, 0)
    }

    /// The original's WORK from WORK(21) on: the arrays, then E.
    pub(crate) fn work_len(&self) -> usize {
        self.arrays_len() + self.linear_storage().0
    }
}
