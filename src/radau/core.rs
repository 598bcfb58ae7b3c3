//! Input validation of RADAU (the subroutine RADAU before it calls RADCOV): the checks
//! RADAU shares with RADAU5 are RADAU5's own, then those of the stage numbers and of
//! the Newton iteration count.

use super::{layout, Options, Structure};
use crate::hairer::linear::LinearSystem;
use crate::hairer::messages::{Record, Refusal, Refusals};
use crate::hairer::{refuse, ToleranceRef};
use crate::radau5::core::{Setup as Radau5Setup, TransformedTolerances};

/// Validated input: everything RADAU derives before it calls RADCOV.
pub(crate) struct Setup<'t> {
    /// The parameters RADAU shares with RADAU5 (its transformed tolerances and FNEWT
    /// are not used: RADAU transforms per order).
    pub(super) common: Radau5Setup<'t>,
    /// RTOL and ATOL as given.
    pub(super) tol: ToleranceRef<'t>,
    pub(super) nsmin: usize,
    pub(super) nsmax: usize,
    /// NSUS: the stages of the first step.
    pub(super) nsus: usize,
    pub(super) vitu: f64,
    pub(super) vitd: f64,
    pub(super) hhou: f64,
    pub(super) hhod: f64,
}

impl<'t> Setup<'t> {
    /// Checks the input as RADAU does, collecting one message per problem; the
    /// tolerances are `tol`, not the options' (RADAU5's transformed ones, which RADAU
    /// does not use, in `scratch`).
    #[allow(clippy::too_many_arguments)]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau)]
    pub(crate) fn new(
        structure: &Structure,
        options: &Options,
        tol: ToleranceRef<'t>,
        scratch: &'t mut TransformedTolerances,
        len_y: usize,
        x: f64,
        xend: f64,
    ) -> Result<Self, Refusals> {
        let base = &options.base;
        let common = Radau5Setup::new(structure, base, None, len_y, tol, scratch, x, xend);
        let mut errors = common.as_ref().err().cloned().unwrap_or_default();
        let nit = options.base.max_newton;
        if nit > 50 {
            refuse(&mut errors, || {
                Refusal::with_record(
                    format!("curious input IWORK(3) = {nit}"),
                    Record::text(" CURIOUS INPUT IWORK(3)=").int(nit),
                )
            });
        }
        let (nsmin, nsmax) = (
            layout::ns_min(options.ns_min),
            layout::ns_max(options.ns_max),
        );
        if nsmin > nsmax {
            // The original lays WORK out for NSMAX stages and starts with NSMIN of them:
            // it writes past its arrays (and crashes, in the fuzz harness).
            refuse(&mut errors, || {
                format!(
                    "curious input IWORK(11,12) = {}, {} (NSMIN = {nsmin} above NSMAX = {nsmax})",
                    options.ns_min, options.ns_max
                )
            });
        }
        let nsus = match options.ns_first {
            0 => nsmin,
            v => {
                // The original checks NSMAX here instead of IWORK(13) and would run
                // an even or too large stage number off its tables and arrays.
                if !(1..=7).contains(&v) || v % 2 == 0 || v as usize > nsmax {
                    refuse(&mut errors, || {
                        Refusal::with_record(
                            format!(
                            "wrong input IWORK(13) = {v} (1, 3, 5 or 7, at most NSMAX = {nsmax})"
                        ),
                            Record::text(" WRONG INPUT IWORK(13)=").int(v),
                        )
                    });
                }
                v.clamp(1, 7) as usize
            }
        };
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(Self {
            common: common.map_err(|_| Refusals::default())?,
            tol,
            nsmin,
            nsmax,
            nsus,
            vitu: options.vitu,
            vitd: options.vitd,
            hhou: options.hhou,
            hhod: options.hhod,
        })
    }

    /// The original's WORK from WORK(21) on, up to the end of FMAS: ZZ (NSMAX·N), Y0,
    /// SCAL (N each), FF (NSMAX·N), CONT (NSMAX·N + N), FJAC (LDJAC × N), FMAS
    /// (LDMAS × NM1).
    pub(crate) fn arrays_len(&self) -> usize {
        let c = &self.common;
        layout::arrays_len(c.n, self.nsmax, c.ldjac(), c.mass().1, c.n - c.m1)
    }

    /// The complex pairs of the largest method, `(NSMAX - 1) / 2`.
    pub(crate) fn pairs(&self) -> usize {
        (self.nsmax - 1) / 2
    }

    /// The storage of E1 and EE2 (which follow FMAS in WORK) and of their pivots.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(radau)]
    pub(crate) fn linear_storage(&self) -> (usize, usize) {
        let c = &self.common;
        LinearSystem::storage(c.n, c.m1, c.jac_band, c.hessenberg, self.pairs())
    }

    /// The original's WORK from WORK(21) on: the arrays, then E1 and EE2.
    pub(crate) fn work_len(&self) -> usize {
        self.arrays_len() + self.linear_storage().0
    }
}
