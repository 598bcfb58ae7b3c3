//! Where DDASKR keeps its state between calls: the slots of IWORK and RWORK, as 0-based
//! indices (the original's 1-based PARAMETER names in the docs), and the offsets of the
//! arrays that follow them, which depend on NEQ, NRT and INFO.
//!
//! The original keeps LID, LENID, NONNEG and NCPHI in SAVE variables between calls; here
//! they are derived again from INFO and IWORK on every call ([`Layout::new`]), so two
//! problems can be integrated alternately, or on two threads.

use crate::bdf::matrix::Shape;

/// The slots DDASKR keeps where DDASSL does: IWORK(1..15) (ML, MU, MXORD, MTYPE, JCALC,
/// IPHASE, K, KOLD, NS, NSTL, NST, NRE, NJE, NETF, NCFN) and RWORK(1..9) (TSTOP, HMAX,
/// H, TN, CJ, CJOLD, HOLD, S, UROUND).
pub use crate::bdf::layout::{
    MatrixType, IW_ETF, IW_JCALC, IW_K, IW_KOLD, IW_ML, IW_MTYPE, IW_MU, IW_MXORD, IW_NCFN, IW_NJE,
    IW_NRE, IW_NS, IW_NST, IW_NSTL, IW_PHASE, RW_CJ, RW_CJOLD, RW_H, RW_HMAX, RW_HOLD, RW_ROUND,
    RW_S, RW_TN, RW_TSTOP,
};

/// IWORK(16) LNCFL: linear convergence failures (Krylov).
pub const IW_NCFL: usize = 15;
/// IWORK(17) LNIW: IWORK length needed.
pub const IW_LENIW: usize = 16;
/// IWORK(18) LNRW: RWORK length needed.
pub const IW_LENRW: usize = 17;
/// IWORK(19) LNNI: nonlinear iterations.
pub const IW_NNI: usize = 18;
/// IWORK(20) LNLI: linear iterations (Krylov).
pub const IW_NLI: usize = 19;
/// IWORK(21) LNPS: preconditioner solves (Krylov).
pub const IW_NPS: usize = 20;
/// IWORK(22) LNPD: length of the iteration-matrix storage.
pub const IW_NPD: usize = 21;
/// IWORK(23) LMITER: INFO(12) (Krylov).
pub const IW_MITER: usize = 22;
/// IWORK(24) LMAXL: MAXL, the Krylov subspace dimension.
pub const IW_MAXL: usize = 23;
/// IWORK(25) LKMP: KMP, the vectors orthogonalised against (incomplete GMRES when < MAXL).
pub const IW_KMP: usize = 24;
/// IWORK(26) LNRMAX: NRMAX, the GMRES restarts per linear solve.
pub const IW_NRMAX: usize = 25;
/// IWORK(27) LLNWP: LENWP, the length of the user's real work space WP.
pub const IW_LENWP: usize = 26;
/// IWORK(28) LLNIWP: LENIWP, the length of the user's integer work space IWP.
pub const IW_LENIWP: usize = 27;
/// IWORK(29) LLOCWP: start of the preconditioner work space in WM.
pub const IW_LOCWP: usize = 28;
/// IWORK(30) LLCIWP: 1-based start of the pivots in IWORK.
pub const IW_LCIWP: usize = 29;
/// IWORK(31) LKPRIN: INFO(18), the initialisation print level.
pub const IW_KPRIN: usize = 30;
/// IWORK(32) LMXNIT: Newton iterations per Jacobian in the initialisation.
pub const IW_MXNIT: usize = 31;
/// IWORK(33) LMXNJ: Jacobian evaluations per initialisation attempt.
pub const IW_MXNJ: usize = 32;
/// IWORK(34) LMXNH: step-size trials in the initialisation (INFO(11) = 1).
pub const IW_MXNH: usize = 33;
/// IWORK(35) LLSOFF: 1 turns the line search of the initialisation off.
pub const IW_LSOFF: usize = 34;
/// IWORK(36) LNRTE: root-function evaluations.
pub const IW_NRTE: usize = 35;
/// IWORK(37) LIRFND: 1 when the last return was a root (IDID = 5).
pub const IW_IRFND: usize = 36;
/// IWORK(41) LICNS: the constraint codes (INFO(10) = 1, 3), then the ID array.
pub const IW_ICNS: usize = 40;

/// RWORK(10) LEPLI: EPLI, the factor of EPCON bounding the linear residual (Krylov).
pub const RW_EPLI: usize = 9;
/// RWORK(11) LSQRN: sqrt(NEQ).
pub const RW_SQRN: usize = 10;
/// RWORK(12) LRSQRN: 1/sqrt(NEQ).
pub const RW_RSQRN: usize = 11;
/// RWORK(13) LEPCON: Newton convergence constant (0.33).
pub const RW_EPCON: usize = 12;
/// RWORK(14) LSTOL: step tolerance of the initialisation (uround^(2/3)).
pub const RW_STOL: usize = 13;
/// RWORK(15) LEPIN: factor of EPCON in the initialisation (0.01).
pub const RW_EPIN: usize = 14;
/// RWORK(21..26) LALPHA.
pub const RW_ALPHA: usize = 20;
/// RWORK(27..32) LBETA.
pub const RW_BETA: usize = 26;
/// RWORK(33..38) LGAMMA.
pub const RW_GAMMA: usize = 32;
/// RWORK(39..44) LPSI.
pub const RW_PSI: usize = 38;
/// RWORK(45..50) LSIGMA.
pub const RW_SIGMA: usize = 44;
/// RWORK(51) LT0: left end of the root search.
pub const RW_T0: usize = 50;
/// RWORK(52) LTLAST: T of the last return.
pub const RW_TLAST: usize = 51;
/// RWORK(61) LDELTA: start of the arrays.
pub const RW_DELTA: usize = 60;

/// Length of IWORK's fixed part.
pub const IW_HEADER: usize = IW_ICNS;

/// The dimensions of the Krylov option (INFO(12) = 1): IWORK(24), (25), (27), (28).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KrylovDims {
    /// MAXL: the largest Krylov subspace.
    pub maxl: usize,
    /// KMP: how many earlier vectors each new one is orthogonalised against.
    pub kmp: usize,
    /// LENWP: the user's real work space WP, at the end of WM.
    pub lenwp: usize,
    /// LENIWP: the user's integer work space IWP, where the pivots would be.
    pub leniwp: usize,
}

impl KrylovDims {
    /// MIN(1, MAXL - KMP): whether WK is its own vector (incomplete GMRES).
    fn separate_wk(&self) -> usize {
        usize::from(self.kmp < self.maxl)
    }
}

/// Where the arrays of one problem live, and how long RWORK/IWORK must be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    /// NEQ.
    pub neq: usize,
    /// NRT.
    pub nrt: usize,
    /// Columns of PHI: max(MXORD + 1, 4), the initialisation uses columns 3 and 4.
    pub ncphi: usize,
    /// Constraint codes in IWORK (INFO(10) = 1 or 3): NEQ, else 0.
    pub lenic: usize,
    /// ID array in IWORK (INFO(11) = 1 or INFO(16) = 1): NEQ, else 0.
    pub lenid: usize,
    /// Whether VT (weights with algebraic components zeroed) is its own array (INFO(16)).
    pub separate_vt: bool,
    /// Iteration-matrix type (direct methods; the Krylov option keeps none).
    pub mtype: MatrixType,
    /// Lower and upper bandwidths (banded types).
    pub ml: usize,
    /// Upper bandwidth.
    pub mu: usize,
    /// Iteration-matrix storage (IWORK(22) LENPD).
    pub lenpd: usize,
    /// The Krylov dimensions (INFO(12) = 1), else `None` (a direct method).
    pub krylov: Option<KrylovDims>,
}

/// Whether the INFO(10) code asks for the constraint array.
pub fn has_constraints(info10: i32) -> bool {
    info10 == 1 || info10 == 3
}

impl Layout {
    /// The layout for `neq` equations, `nrt` root functions, maximum order `mxord`,
    /// matrix type `mtype` with bandwidths `ml`, `mu`, and INFO(10), (11), (16), as the
    /// original computes LENRW and LENIW for the direct methods (i64: NEQ² overflows i32).
    /// Inline: each continuation call lays the arrays out again.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(daskr)]
    pub fn new(
        neq: usize,
        nrt: usize,
        mxord: usize,
        mtype: MatrixType,
        ml: usize,
        mu: usize,
        info10: i32,
        info11: i32,
        info16: i32,
    ) -> Self {
        let lenic = if has_constraints(info10) { neq } else { 0 };
        let lenid = if info11 == 1 || info16 == 1 { neq } else { 0 };
        let ncphi = (mxord + 1).max(4);
        let n = neq as i64;
        let lenpd = if mtype.is_band() {
            (2 * ml as i64 + mu as i64 + 1) * n
        } else {
            n * n
        };
        Layout {
            neq,
            nrt,
            ncphi,
            lenic,
            lenid,
            separate_vt: info16 != 0,
            mtype,
            ml,
            mu,
            lenpd: usize::try_from(lenpd).unwrap_or(usize::MAX),
            krylov: None,
        }
    }

    /// The layout of the Krylov option (INFO(12) = 1), as the original computes LENPD,
    /// LENRW and LENIW for it: PHI has MXORD + 1 columns, SAVR follows DELTA, WM holds
    /// the GMRES vectors and then WP, and IWP takes the pivots' place in IWORK.
    #[allow(clippy::too_many_arguments)]
    pub fn krylov(
        neq: usize,
        nrt: usize,
        mxord: usize,
        dims: KrylovDims,
        info10: i32,
        info11: i32,
        info16: i32,
    ) -> Self {
        let lenic = if has_constraints(info10) { neq } else { 0 };
        let lenid = if info11 == 1 || info16 == 1 { neq } else { 0 };
        let (n, maxl) = (neq as i64, dims.maxl as i64);
        let lenpd =
            (maxl + 3 + dims.separate_wk() as i64) * n + (maxl + 3) * maxl + 1 + dims.lenwp as i64;
        Layout {
            neq,
            nrt,
            ncphi: mxord + 1,
            lenic,
            lenid,
            separate_vt: info16 != 0,
            mtype: MatrixType::DenseNumerical,
            ml: 0,
            mu: 0,
            lenpd: usize::try_from(lenpd).unwrap_or(usize::MAX),
            krylov: Some(dims),
        }
    }

    /// LENRW and LENIW, the lengths RWORK and IWORK need (i64: NEQ² overflows i32): the
    /// pieces [`Work::split`] cuts, which add up to the original's sums (direct methods:
    /// 60 + 3 NRT + (NCPHI + 3) NEQ + LENPD, the band save area, NEQ for VT; the Krylov
    /// option: 60 + 3 NRT + (MXORD + 5) NEQ + LENPD and VT; IWORK: 40, the codes, then
    /// the pivots or IWP). Computed when needed, not kept: a continuation call checks
    /// them once and the layout it copies stays small.
    #[inline(always)]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(daskr)]
    pub fn lengths(&self) -> (i64, i64) {
        let (n, r) = (self.neq as i64, self.nrt as i64);
        let vectors =
            3 + i64::from(self.krylov.is_some()) + i64::from(self.separate_vt) + self.ncphi as i64;
        let lenrw = RW_DELTA as i64 + vectors * n + 3 * r + self.wm_len() as i64;
        let pivots = self.krylov.map_or(n, |k| k.leniwp as i64);
        let leniw = IW_HEADER as i64 + self.lenic as i64 + self.lenid as i64 + pivots;
        (lenrw, leniw)
    }

    /// 1-based start of WP in WM (IWORK(29) LOCWP = LENPD - LENWP + 1).
    #[allow(unsafe_code)]
    #[link_section = hot_path!(daskr)]
    pub fn locwp(&self) -> usize {
        self.lenpd - self.krylov.map_or(0, |k| k.lenwp) + 1
    }

    /// 0-based start of ID in IWORK (the original's LID - 1).
    #[allow(unsafe_code)]
    #[link_section = hot_path!(daskr)]
    pub fn id_offset(&self) -> usize {
        IW_ICNS + self.lenic
    }

    /// 0-based start of the pivots in IWORK (IWORK(30) - 1).
    #[allow(unsafe_code)]
    #[link_section = hot_path!(daskr)]
    pub fn pivot_offset(&self) -> usize {
        self.id_offset() + self.lenid
    }

    /// How the iteration matrix is formed and stored.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(daskr)]
    pub fn shape(&self) -> Shape {
        Shape {
            mtype: self.mtype,
            ml: self.ml,
            mu: self.mu,
            lenpd: self.lenpd,
        }
    }

    /// Storage after the matrix proper: the band difference save area.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(daskr)]
    fn wm_len(&self) -> usize {
        if self.krylov.is_some() {
            return self.lenpd;
        }
        let save = if self.mtype == MatrixType::BandNumerical {
            2 * (self.neq / (self.ml + self.mu + 1) + 1)
        } else {
            0
        };
        self.lenpd + save
    }
}

/// Why [`Work::split`]'s heads exist: its arrays were checked against LENRW and LENIW.
const LONG_ENOUGH: &str = "RWORK and IWORK checked against LENRW and LENIW";

/// RWORK and IWORK cut into the pieces the original addresses by offset, with the few
/// facts of the layout the steps read (not the whole [`Layout`]: copied into every
/// call's state, its wide moves read fields just stored one by one, a store-forwarding
/// stall). Built only over arrays at least LENRW/LENIW long.
pub struct Work<'a> {
    /// RWORK(1..60): scalars and the ALPHA, BETA, GAMMA, PSI, SIGMA arrays, T0, TLAST.
    /// Fixed-length, so that indexing it by the slot constants needs no bounds check.
    pub head: &'a mut [f64; RW_DELTA],
    /// DELTA: residual, then Newton correction.
    pub delta: &'a mut [f64],
    /// SAVR: the residual kept for the Krylov solver (INFO(12) = 1), else empty.
    pub savr: &'a mut [f64],
    /// E: accumulated corrector change (error estimate); R in the initialisation.
    pub e: &'a mut [f64],
    /// WT: reciprocal error weights (DINVWT inverts them).
    pub wt: &'a mut [f64],
    /// VT: WT with the algebraic components zeroed (INFO(16) = 1), else empty (= WT).
    pub vt: &'a mut [f64],
    /// PHI: modified divided differences, NEQ per column, NCPHI columns.
    pub phi: &'a mut [f64],
    /// R0, R1, RX, NRT values each: root-function values at T0, at the right end, at
    /// the iterate (one slice: fewer pieces cut and kept on every call).
    pub roots: &'a mut [f64],
    /// WM: the iteration matrix and its LU factors, then the band difference save area;
    /// with the Krylov option the GMRES work space, then WP.
    pub wm: &'a mut [f64],
    /// IWORK(1..40), fixed-length as `head`.
    pub iw: &'a mut [i32; IW_HEADER],
    /// Constraint codes (INFO(10) = 1, 3), else empty.
    pub icnstr: &'a [i32],
    /// ID: +1 differential, -1 algebraic (INFO(11) = 1 or INFO(16) = 1), else empty.
    pub id: &'a [i32],
    /// LINPACK pivots; with the Krylov option the user's IWP (LENIWP values).
    pub ipvt: &'a mut [i32],
    /// NEQ.
    pub neq: usize,
    /// NRT.
    pub nrt: usize,
    /// Whether VT is its own array (INFO(16) = 1).
    pub separate_vt: bool,
    /// Whether the Krylov option is on (INFO(12) = 1).
    pub krylov: bool,
    /// How the iteration matrix is formed and stored (direct methods).
    pub shape: Shape,
}

impl<'a> Work<'a> {
    /// Cuts RWORK and IWORK (at least as long as [`Layout::lengths`]). Inline:
    /// once per call, into the call's own state.
    #[inline]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(daskr)]
    pub fn split(rwork: &'a mut [f64], iwork: &'a mut [i32], layout: Layout) -> Self {
        let n = layout.neq;
        let (head, rest) = rwork
            .split_first_chunk_mut::<RW_DELTA>()
            .expect(LONG_ENOUGH);
        let (delta, rest) = rest.split_at_mut(n);
        let (savr, rest) = rest.split_at_mut(if layout.krylov.is_some() { n } else { 0 });
        let (e, rest) = rest.split_at_mut(n);
        let (wt, rest) = rest.split_at_mut(n);
        let (vt, rest) = rest.split_at_mut(if layout.separate_vt { n } else { 0 });
        let (phi, rest) = rest.split_at_mut(layout.ncphi * n);
        let (roots, rest) = rest.split_at_mut(3 * layout.nrt);
        let wm = &mut rest[..layout.wm_len()];
        let (iw, rest) = iwork
            .split_first_chunk_mut::<IW_HEADER>()
            .expect(LONG_ENOUGH);
        let (icnstr, rest) = rest.split_at_mut(layout.lenic);
        let (id, rest) = rest.split_at_mut(layout.lenid);
        let ipvt = &mut rest[..layout.krylov.map_or(n, |k| k.leniwp)];
        Work {
            head,
            delta,
            savr,
            e,
            wt,
            vt,
            phi,
            roots,
            wm,
            iw,
            icnstr,
            id,
            ipvt,
            neq: n,
            nrt: layout.nrt,
            separate_vt: layout.separate_vt,
            krylov: layout.krylov.is_some(),
            shape: layout.shape(),
        }
    }
}
