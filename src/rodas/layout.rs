//! Where RODAS keeps things in the caller's WORK and IWORK, as 0-based indices (the
//! original's 1-based names in the docs), and the storage it derives from N, M1 and the
//! band widths ("computation of array entries" in the subroutine RODAS).
//!
//! WORK(1..5) and IWORK(1..3), IWORK(9..10) hold the tuning parameters
//! ([`Options::from_legacy`]), IWORK(14..20) the statistics; from WORK(21) on lie YNEW,
//! DY1, DY, AK1..AK6, FX (N each), CONT (4N), FJAC (LDJAC × N), FMAS (LDMAS × NM1),
//! then E (LDE × NM1), where stiffdae factors it too; from IWORK(21) on the pivots IP
//! (NM1), which stiffdae keeps in storage of its own (`usize`, as its kernels take them).
//!
//! [`Options::from_legacy`]: super::Options::from_legacy

use super::Matrix;
use crate::hairer::messages::{mass_band, Refusals};
use crate::hairer::refuse;

/// WORK(21) (IEYNEW): the first of the arrays, after the parameters.
pub const W_ARRAYS: usize = 20;
/// IWORK(14..20): NFCN, NJAC, NSTEP, NACCPT, NREJCT, NDEC, NSOL.
pub const IW_STATS: usize = 13;

/// The vectors before FJAC in WORK(21..): ten of N values and CONT of 4N.
pub const VECTORS_PER_N: usize = 14;

/// The storage RODAS derives from its integer arguments.
#[derive(Debug, Clone, PartialEq)]
pub struct Layout {
    /// `Some(NM1)` when the original sets MLJAC = MUJAC = NM1 (a full Jacobian).
    pub jac_written: Option<i32>,
    /// The Jacobian's storage (JBAND = MLJAC < NM1).
    pub jacobian: Matrix,
    /// The mass matrix's storage (`None` for IMAS = 0; full for MLMAS = NM1).
    pub mass: Option<Matrix>,
    /// The minimal LWORK: 20 + 14N + LDJAC·N + LDMAS·NM1 + LDE·NM1.
    pub min_lwork: i64,
    /// The minimal LIWORK: 20 + NM1.
    pub min_liwork: i64,
}

impl Layout {
    /// The layout as RODAS computes it from N, M1 = IWORK(9) (taken as given: an
    /// invalid M1 is refused by the checks of the integration), MLJAC, MUJAC and, for
    /// IMAS ≠ 0, `mass = Some((MLMAS, MUMAS))`. Negative widths where they are used are
    /// reported in `errors` (the original would index outside its arrays with them), and
    /// so is the original's band check for a full mass matrix, which compares the
    /// caller's MUMAS (RODAS, unlike RADAU5, does not overwrite it) with MUJAC = NM1.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(rodas)]
    pub(crate) fn legacy(
        n: i64,
        m1: i64,
        (mljac, mujac): (i64, i64),
        mass: Option<(i64, i64)>,
        errors: &mut Refusals,
    ) -> Self {
        let nm1 = n - m1;
        let (ldjac, lde, jacobian, jac_written) = if mljac < nm1 {
            if mljac < 0 || mujac < 0 {
                refuse(errors, || {
                    format!(
                        "bandwidths of the Jacobian must be >= 0, MLJAC = {mljac}, MUJAC = {mujac}"
                    )
                });
            }
            let jac = Matrix::Banded {
                lower: mljac.max(0) as usize,
                upper: mujac.max(0) as usize,
            };
            (mljac + mujac + 1, 2 * mljac + mujac + 1, jac, None)
        } else {
            (nm1, nm1, Matrix::Full, Some(nm1 as i32))
        };
        let (ldmas, mass) = match mass {
            None => (0, None),
            Some((mlmas, mumas)) if mlmas != nm1 => {
                if mlmas < 0 || mumas < 0 {
                    refuse(errors, || {
                        format!(
                        "bandwidths of the mass matrix must be >= 0, MLMAS = {mlmas}, MUMAS = {mumas}"
                    )
                    });
                }
                let m = Matrix::Banded {
                    lower: mlmas.max(0) as usize,
                    upper: mumas.max(0) as usize,
                };
                (mlmas + mumas + 1, Some(m))
            }
            Some((_, mumas)) => {
                if jac_written.is_some() && mumas > nm1 {
                    refuse(errors, || mass_band("LARGER"));
                }
                (nm1, Some(Matrix::Full))
            }
        };
        Self {
            jac_written,
            jacobian,
            mass,
            min_lwork: 20 + 14 * n + n * ldjac + nm1 * ldmas + nm1 * lde,
            min_liwork: 20 + nm1,
        }
    }
}

/// The values of WORK(21..) the integration uses, up to the end of FMAS: the vectors,
/// FJAC (`ldjac` × `n`) and FMAS (`ldmas` × `nm1`).
pub fn arrays_len(n: usize, ldjac: usize, ldmas: usize, nm1: usize) -> usize {
    VECTORS_PER_N * n + ldjac * n + ldmas * nm1
}
