//! The slots DDASSL and DDASKR keep in the same places: IWORK(1..15) and RWORK(1..9), as
//! 0-based indices (the originals' 1-based names in the docs), the iteration-matrix
//! types of IWORK(4), and the step state carried in them between steps.
//!
//! Each method's own `layout` adds the slots and array offsets that differ (DDASKR's
//! coefficient arrays start at RWORK(21), DDASSL's at RWORK(11)).

/// IWORK(1) ML: lower bandwidth (INFO(6) = 1).
pub const IW_ML: usize = 0;
/// IWORK(2) MU: upper bandwidth (INFO(6) = 1).
pub const IW_MU: usize = 1;
/// IWORK(3) MXORD: maximum order.
pub const IW_MXORD: usize = 2;
/// IWORK(4) MTYPE: iteration-matrix type (1 dense user, 2 dense numerical, 4 band user,
/// 5 band numerical).
pub const IW_MTYPE: usize = 3;
/// IWORK(5) JCALC: -1 when a new iteration matrix is due, 0 just formed, 1 otherwise.
pub const IW_JCALC: usize = 4;
/// IWORK(6) IPHASE: 0 while the start-up phase doubles the step and raises the order.
pub const IW_PHASE: usize = 5;
/// IWORK(7) K: order for the next step.
pub const IW_K: usize = 6;
/// IWORK(8) KOLD: order of the last successful step.
pub const IW_KOLD: usize = 7;
/// IWORK(9) NS: number of steps taken with the current step size and order.
pub const IW_NS: usize = 8;
/// IWORK(10) NSTL: step count at the start of this call (the 500-step limit).
pub const IW_NSTL: usize = 9;
/// IWORK(11) NST: successful steps.
pub const IW_NST: usize = 10;
/// IWORK(12) NRE: residual evaluations.
pub const IW_NRE: usize = 11;
/// IWORK(13) NJE: iteration-matrix evaluations.
pub const IW_NJE: usize = 12;
/// IWORK(14) NETF: error-test failures.
pub const IW_ETF: usize = 13;
/// IWORK(15) NCFN: convergence-test failures.
pub const IW_NCFN: usize = 14;

/// RWORK(1) TSTOP.
pub const RW_TSTOP: usize = 0;
/// RWORK(2) HMAX.
pub const RW_HMAX: usize = 1;
/// RWORK(3) H: step size for the next step (H0 on input with INFO(8) = 1).
pub const RW_H: usize = 2;
/// RWORK(4) TN: the point the integrator has reached.
pub const RW_TN: usize = 3;
/// RWORK(5) CJ: leading coefficient of the current step.
pub const RW_CJ: usize = 4;
/// RWORK(6) CJOLD: CJ of the current iteration matrix.
pub const RW_CJOLD: usize = 5;
/// RWORK(7) HOLD: the last step size used successfully.
pub const RW_HOLD: usize = 6;
/// RWORK(8) S: Newton convergence-rate factor.
pub const RW_S: usize = 7;
/// RWORK(9) UROUND.
pub const RW_ROUND: usize = 8;

/// Iteration-matrix storage (IWORK(4)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatrixType {
    /// 1: dense, from the user's JAC.
    DenseAnalytic,
    /// 2: dense, by finite differences.
    DenseNumerical,
    /// 4: banded, from the user's JAC.
    BandAnalytic,
    /// 5: banded, by finite differences.
    BandNumerical,
}

impl MatrixType {
    /// The type stored in IWORK(4), if it is one the originals can form.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(bdf)]
    pub fn from_code(code: i32) -> Option<Self> {
        match code {
            1 => Some(Self::DenseAnalytic),
            2 => Some(Self::DenseNumerical),
            4 => Some(Self::BandAnalytic),
            5 => Some(Self::BandNumerical),
            _ => None,
        }
    }

    /// The type for INFO(5) (`analytic`) and INFO(6) (`band`).
    #[allow(unsafe_code)]
    #[link_section = hot_path!(bdf)]
    pub fn of(analytic: bool, band: bool) -> Self {
        match (band, analytic) {
            (false, true) => Self::DenseAnalytic,
            (false, false) => Self::DenseNumerical,
            (true, true) => Self::BandAnalytic,
            (true, false) => Self::BandNumerical,
        }
    }

    /// The IWORK(4) code.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(bdf)]
    pub fn code(self) -> i32 {
        match self {
            Self::DenseAnalytic => 1,
            Self::DenseNumerical => 2,
            Self::BandAnalytic => 4,
            Self::BandNumerical => 5,
        }
    }

    /// Whether the matrix is kept in LINPACK band storage.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(bdf)]
    pub fn is_band(self) -> bool {
        matches!(self, Self::BandAnalytic | Self::BandNumerical)
    }

    /// Whether the user's JAC forms the matrix.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(bdf)]
    pub fn is_analytic(self) -> bool {
        matches!(self, Self::DenseAnalytic | Self::BandAnalytic)
    }
}

/// A non-negative count or order stored in IWORK, as an index (0 when negative).
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn as_index(v: i32) -> usize {
    usize::try_from(v).unwrap_or(0)
}

/// A count or order as IWORK stores it.
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn as_count(v: usize) -> i32 {
    i32::try_from(v).unwrap_or(i32::MAX)
}

/// The step's state kept in RWORK(5..8) and IWORK(5..9) between steps, loaded on entry to
/// a step and stored on exit.
pub struct Carried {
    /// CJ: leading coefficient of the step.
    pub cj: f64,
    /// CJOLD: CJ when the iteration matrix was formed.
    pub cjold: f64,
    /// HOLD: the last successful step size.
    pub hold: f64,
    /// S: Newton convergence-rate factor.
    pub s: f64,
    /// IPHASE.
    pub phase: i32,
    /// JCALC.
    pub jcalc: i32,
    /// K: order of this step.
    pub k: usize,
    /// KOLD: order of the last successful step.
    pub kold: usize,
    /// NS: steps with the same step size and order.
    pub ns: usize,
}

impl Carried {
    /// Reads the state from RWORK's and IWORK's heads (inline: on every call and step,
    /// and left out of line it costs more than the copying).
    #[inline]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(bdf)]
    pub fn load(head: &[f64], iw: &[i32]) -> Self {
        Carried {
            cj: head[RW_CJ],
            cjold: head[RW_CJOLD],
            hold: head[RW_HOLD],
            s: head[RW_S],
            phase: iw[IW_PHASE],
            jcalc: iw[IW_JCALC],
            k: as_index(iw[IW_K]),
            kold: as_index(iw[IW_KOLD]),
            ns: as_index(iw[IW_NS]),
        }
    }

    /// Writes the state back (inline, as [`Carried::load`]).
    #[inline]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(bdf)]
    pub fn store(&self, head: &mut [f64], iw: &mut [i32]) {
        head[RW_CJ] = self.cj;
        head[RW_CJOLD] = self.cjold;
        head[RW_HOLD] = self.hold;
        head[RW_S] = self.s;
        iw[IW_PHASE] = self.phase;
        iw[IW_JCALC] = self.jcalc;
        iw[IW_K] = as_count(self.k);
        iw[IW_KOLD] = as_count(self.kold);
        iw[IW_NS] = as_count(self.ns);
    }
}

/// IWORK(i + 1) of an array that may be too short, 0 when out of range (the
/// input checks read IWORK before its length is known to be enough).
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn iw_get(iwork: &[i32], i: usize) -> i32 {
    iwork.get(i).copied().unwrap_or(0)
}
