//! Where RADAU5 keeps things in the caller's WORK and IWORK, as 0-based indices (the
//! original's 1-based names in the docs), and the storage it derives from N, M1 and the
//! band widths ("computation of array entries" in the subroutine RADAU5).
//!
//! WORK(1..9) and IWORK(1..10) hold the tuning parameters ([`Options::from_legacy`]),
//! IWORK(14..20) the statistics; from WORK(21) on lie Z1, Z2, Z3, Y0, SCAL, F1, F2, F3
//! (N each), CONT (4N), FJAC (LDJAC × N), FMAS (LDMAS × NM1), then E1, E2R, E2I
//! (LDE1 × NM1 each), where stiffdae factors them too; from IWORK(21) on the pivots IP1,
//! IP2, IPHES (NM1 each), which stiffdae keeps in storage of its own (`usize`, as its
//! kernels take them).
//!
//! [`Options::from_legacy`]: super::Options::from_legacy

use super::Matrix;
use crate::hairer::messages::Refusals;
use crate::hairer::refuse;

/// WORK(21) (IEZ1): the first of the arrays, after the parameters.
pub const W_ARRAYS: usize = 20;
/// IWORK(14..20): NFCN, NJAC, NSTEP, NACCPT, NREJCT, NDEC, NSOL.
pub const IW_STATS: usize = 13;
/// IWORK(21) (IEIP1): the first pivot, after the parameters and statistics.
pub const IW_PIVOTS: usize = 20;

/// The vectors before FJAC in WORK(21..): eight of N values and CONT of 4N.
pub const VECTORS_PER_N: usize = 12;

/// The storage RADAU5 derives from its integer arguments.
#[derive(Debug, Clone, PartialEq)]
pub struct Layout {
    /// `Some(NM1)` when the original sets MLJAC = MUJAC = NM1 (a full Jacobian).
    pub jac_written: Option<i32>,
    /// `Some(NM1)` when the original sets MUMAS = NM1 (a full mass matrix).
    pub mumas_written: Option<i32>,
    /// The Jacobian's storage (JBAND = MLJAC < NM1).
    pub jacobian: Matrix,
    /// The mass matrix's storage (`None` for IMAS = 0; full for MLMAS = NM1).
    pub mass: Option<Matrix>,
    /// The minimal LWORK: 20 + 12N + LDJAC·N + LDMAS·NM1 + 3·LDE1·NM1.
    pub min_lwork: i64,
    /// The minimal LIWORK: 20 + 3·NM1.
    pub min_liwork: i64,
}

impl Layout {
    /// The layout as RADAU5 computes it from N, M1 = IWORK(9) (taken as given: an
    /// invalid M1 is refused by the checks of the integration), MLJAC, MUJAC and, for
    /// IMAS = 1, `mass = Some((MLMAS, MUMAS))`. Negative widths where they are used are
    /// reported in `errors` (the original would index outside its arrays with them).
    #[allow(unsafe_code)]
    #[link_section = hot_path!(complex)]
    pub(crate) fn legacy(
        n: i64,
        m1: i64,
        (mljac, mujac): (i64, i64),
        mass: Option<(i64, i64)>,
        errors: &mut Refusals,
    ) -> Self {
        let nm1 = n - m1;
        let (ldjac, lde1, jacobian, jac_written) = if mljac < nm1 {
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
        let (ldmas, mass, mumas_written) = match mass {
            None => (0, None, None),
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
                (mlmas + mumas + 1, Some(m), None)
            }
            Some(_) => (nm1, Some(Matrix::Full), Some(nm1 as i32)),
        };
        Self {
            jac_written,
            mumas_written,
            jacobian,
            mass,
            min_lwork: 20 + 12 * n + n * ldjac + nm1 * ldmas + 3 * nm1 * lde1,
            min_liwork: 20 + 3 * nm1,
        }
    }
}

/// The values of WORK(21..) the integration uses, up to the end of FMAS: the vectors,
/// FJAC (`ldjac` × `n`) and FMAS (`ldmas` × `nm1`).
pub fn arrays_len(n: usize, ldjac: usize, ldmas: usize, nm1: usize) -> usize {
    VECTORS_PER_N * n + ldjac * n + ldmas * nm1
}
