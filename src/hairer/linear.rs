//! The linear algebra of RADAU5 and RADAU (Hairer & Wanner's `dc_decsol.f`: DECOMR,
//! DECOMC, SLVRAD, ESTRAD for RADAU5, SLVRAR, SLVRAI, ESTRAV for RADAU): assembly of
//! `E1 = fac1·M - J` and of one `E2 = (α_k + iβ_k)·M - J` per complex eigenvalue pair
//! of the method (one for RADAU5, up to three for RADAU's seven stages), their
//! decompositions, the solves of the transformed Newton systems and the error estimate.
//! SLVRAD is SLVRAR followed by SLVRAI: the original interleaves the two, whose
//! operations never meet, so the bits are the same.
//!
//! The original dispatches on IJOB over fifteen variants (identity / banded / full mass,
//! full / banded Jacobian, with or without the second-order reduction `M1 > 0`). Here
//! the first-order case is the second-order one with `m1 = 0` and the reduction skipped;
//! every variant performs the original's floating-point operations in the original order.
//! IJOB = 7, the Hessenberg option (IWORK(1) ≠ 0, full Jacobian, M = I, M1 = 0, N > 2),
//! is [`Hessenberg`]: the Jacobian reduced by ELMHES once per evaluation, E1 and E2
//! factored by DECH/DECHC, and each right-hand side carried to and from the reduced basis.
// Index loops mirror the original's DO loops over several arrays at once.
#![allow(clippy::needless_range_loop)]

use std::mem::ManuallyDrop;

use super::OnStack;
use crate::intrinsics::fmax;
use crate::linalg::hessenberg::{dech, dechc, elmhes, solh, solhc};
use crate::linalg::{
    grouping, solve_group, solve_pair, ComplexLu, ComplexLuIn, Grouping, RealLu, RealLuIn, Singular,
};

/// Storage of the mass matrix of the last `nm1` equations (FMAS, whose values live in
/// the work array and are passed to each method).
#[derive(Debug, Clone, Copy)]
pub(crate) enum Mass {
    Identity,
    /// `fmas[(i - j + mu) + j*ld]` for the band, `ld = ml + mu + 1`.
    Banded {
        ld: usize,
        ml: usize,
        mu: usize,
    },
    /// `fmas[i + j*nm1]`.
    Full,
}

/// The Jacobian FJAC and mass matrix FMAS as they lie in the work array: FJAC full,
/// `nm1` rows (the last `nm1` equations) by `n` columns, or banded, `ml + mu + 1` rows
/// by `n` columns, `(i - j + mu, j)`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Matrices<'a> {
    pub fjac: &'a [f64],
    pub fmas: &'a [f64],
}

/// The most complex matrices E2 a method has: the three pairs of RADAU's seven stages.
pub(crate) const MAX_PAIRS: usize = 3;

/// The two iteration matrices and everything needed to form and solve them, the
/// matrices in the caller's storage (E1, E2R, E2I in the original's WORK) and the pivots
/// in storage the caller lends ([`Pivots`]).
pub(crate) struct LinearSystem<'w> {
    pub n: usize,
    /// M1 and M2 of the second-order structure; `nm1 = n - m1` equations are solved.
    pub m1: usize,
    pub m2: usize,
    pub nm1: usize,
    /// LDJAC, and `Some((ml, mu))` when the Jacobian is banded.
    pub jac_ld: usize,
    pub band: Option<(usize, usize)>,
    pub mass: Mass,
    /// Never dropped: the decsol kernels own nothing, and the drop glue of
    /// the kinds would be an out-of-line call far from the solve's text (a page fault on
    /// a program's first call).
    factors: ManuallyDrop<Factors<'w>>,
    /// How E1 is solved beside two or three E2 ([`grouping`]) with M1 = 0, if it can be:
    /// fixed by the matrices' kind and order, so found once.
    grouping: Option<Grouping>,
}

/// The decompositions of E1 and the E2 (one per integration, so the sizes need no box).
#[allow(clippy::large_enum_variant)]
enum Factors<'w> {
    /// DEC/DECC or DECB/DECBC on the matrices as formed (every IJOB but 7); the E2
    /// beyond the method's pairs are empty.
    General {
        e1: RealLuIn<'w>,
        e2: [ComplexLuIn<'w>; MAX_PAIRS],
    },
    /// IJOB = 7: DECH/DECHC on the Hessenberg form of the Jacobian.
    Hessenberg(Hessenberg<'w>),
}

/// IJOB = 7 of `dc_decsol.f`: FJAC is reduced in place to upper Hessenberg form
/// `H = L⁻¹ J L` (ELMHES, multipliers below the subdiagonal, exchanges in IPHES), so
/// `E1 = fac1·I - H` and `E2 = (alphn + i·betan)·I - H` have lower bandwidth 1.
struct Hessenberg<'w> {
    n: usize,
    e1: &'w mut [f64],
    ip1: &'w mut [usize],
    /// E2R, E2I and IP2 of each complex pair (empty beyond the method's pairs).
    e2: [ComplexHessenberg<'w>; MAX_PAIRS],
    /// IPHES: the row exchanged with row `m` at stage `m` of ELMHES.
    iphes: &'w mut [usize],
    /// CALHES: FJAC holds a Jacobian that ELMHES has not reduced yet.
    calhes: bool,
}

/// One complex matrix of DECHC: real and imaginary parts and the pivots.
struct ComplexHessenberg<'w> {
    er: &'w mut [f64],
    ei: &'w mut [f64],
    ip: &'w mut [usize],
}

/// The pivots of one call: up to `N` on the stack (so that a legacy call allocates
/// nothing), more on the heap. Each solver sizes `N` for its pivot vectors at order
/// [`PIVOTS_ORDER`], the largest the kernels specialise.
pub(crate) type Pivots<const N: usize> = OnStack<usize, N>;

/// The largest order at which a solver's pivots lie on the stack.
pub(crate) const PIVOTS_ORDER: usize = 32;

/// One E2 of order `nm1` (0 when `len` is 0, for the pairs a method does not have), its
/// parts of `len` values each taken off `e`, its pivots off `ip`.
#[allow(unsafe_code)]
#[link_section = hot_path!(real)]
fn complex_part<'w>(
    e: &mut &'w mut [f64],
    ip: &mut &'w mut [usize],
    len: usize,
    (nm1, band): (usize, Option<(usize, usize)>),
) -> ComplexLuIn<'w> {
    let nm1 = if len == 0 { 0 } else { nm1 };
    let (er, ei, ip) = (carve(e, len), carve(e, len), carve(ip, nm1));
    match band {
        Some((ml, mu)) => ComplexLu::banded_in(nm1, ml, mu, er, ei, ip),
        None => ComplexLu::dense_in(nm1, er, ei, ip),
    }
}

/// Takes the first `len` values off `rest`.
#[inline(always)]
fn carve<'w, T>(rest: &mut &'w mut [T], len: usize) -> &'w mut [T] {
    let (head, tail) = std::mem::take(rest).split_at_mut(len);
    *rest = tail;
    head
}

impl<'w> Hessenberg<'w> {
    /// The matrices of `pairs` complex pairs and E1 from `e`, the pivots from `ip`, in
    /// the order of [`LinearSystem::new`].
    #[allow(unsafe_code)]
    #[link_section = hot_path!(complex)]
    fn new(n: usize, pairs: usize, mut e: &'w mut [f64], mut ip: &'w mut [usize]) -> Self {
        let len = n * n;
        let e1 = carve(&mut e, len);
        let ip1 = carve(&mut ip, n);
        let mut pair = |k: usize| {
            let (len, n) = if k < pairs { (len, n) } else { (0, 0) };
            ComplexHessenberg {
                er: carve(&mut e, len),
                ei: carve(&mut e, len),
                ip: carve(&mut ip, n),
            }
        };
        let e2 = [pair(0), pair(1), pair(2)];
        Self {
            n,
            e1,
            ip1,
            e2,
            iphes: carve(&mut ip, n),
            calhes: true,
        }
    }

    /// DECOMR, IJOB = 7: the Hessenberg part of `fac1·I - H`, decomposed by DECH.
    fn decompose_real(&mut self, fjac: &[f64], fac1: f64) -> Result<(), Singular> {
        let n = self.n;
        let e1 = &mut self.e1;
        for j in 0..n - 1 {
            e1[j + 1 + j * n] = -fjac[j + 1 + j * n];
        }
        for j in 0..n {
            for i in 0..=j {
                e1[i + j * n] = -fjac[i + j * n];
            }
            e1[j + j * n] += fac1;
        }
        dech(n, e1, n, 1, self.ip1)
    }

    /// DECOMC, IJOB = 7: the Hessenberg part of `(alphn + i·betan)·I - H`, by DECHC.
    fn decompose_complex(
        &mut self,
        k: usize,
        fjac: &[f64],
        alphn: f64,
        betan: f64,
    ) -> Result<(), Singular> {
        let n = self.n;
        let e2 = &mut self.e2[k];
        let (er, ei) = (&mut *e2.er, &mut *e2.ei);
        for j in 0..n - 1 {
            er[j + 1 + j * n] = -fjac[j + 1 + j * n];
            ei[j + 1 + j * n] = 0.0;
        }
        for j in 0..n {
            for i in 0..=j {
                ei[i + j * n] = 0.0;
                er[i + j * n] = -fjac[i + j * n];
            }
            er[j + j * n] += alphn;
            ei[j + j * n] = betan;
        }
        dechc(n, er, ei, n, 1, e2.ip)
    }

    /// `v ← L⁻¹ P v`: the exchanges and multipliers of ELMHES applied stage by stage
    /// (SLVRAD's loop to 746, ESTRAD's to 310 and 510).
    fn to_reduced(&self, fjac: &[f64], v: &mut [f64]) {
        let n = self.n;
        for mp in 1..n - 1 {
            v.swap(mp, self.iphes[mp]);
            let col = &fjac[(mp - 1) * n..mp * n];
            let vmp = v[mp];
            for i in mp + 1..n {
                v[i] -= col[i] * vmp;
            }
        }
    }

    /// `v ← P L v`, the inverse of [`to_reduced`](Self::to_reduced) (SLVRAD's loop to
    /// 750, ESTRAD's to 440 and 640).
    fn back_from_reduced(&self, fjac: &[f64], v: &mut [f64]) {
        let n = self.n;
        for mp in (1..n - 1).rev() {
            let col = &fjac[(mp - 1) * n..mp * n];
            let vmp = v[mp];
            for i in mp + 1..n {
                v[i] += col[i] * vmp;
            }
            v.swap(mp, self.iphes[mp]);
        }
    }

    /// SLVRAI, IJOB = 7, after the right-hand sides are formed: both carried to the
    /// reduced basis, solved with E2 of pair `k` (SOLHC), and carried back. The vectors
    /// do not interact, so one at a time gives the original's interleaved bits.
    fn solve_complex(&self, k: usize, fjac: &[f64], z2: &mut [f64], z3: &mut [f64]) {
        let n = self.n;
        self.to_reduced(fjac, z2);
        self.to_reduced(fjac, z3);
        let e2 = &self.e2[k];
        solhc(n, e2.er, e2.ei, n, 1, z2, z3, e2.ip);
        self.back_from_reduced(fjac, z2);
        self.back_from_reduced(fjac, z3);
    }

    /// SLVRAR and ESTRAD, IJOB = 7: `E1 x = v` through the reduced basis.
    fn solve_real(&self, fjac: &[f64], v: &mut [f64]) {
        self.to_reduced(fjac, v);
        solh(self.n, self.e1, self.n, 1, v, self.ip1);
        self.back_from_reduced(fjac, v);
    }
}

impl<'w> LinearSystem<'w> {
    /// The storage of the systems of an `n`-equation problem with `pairs` complex
    /// matrices E2: values (E1 and the E2, LDE1 × NM1 each, as the original lays them
    /// out in WORK) and pivots (IP1, the IP2, and IPHES for the Hessenberg form).
    #[allow(unsafe_code)]
    #[link_section = hot_path!(real)]
    pub fn storage(
        n: usize,
        m1: usize,
        band: Option<(usize, usize)>,
        hessenberg: bool,
        pairs: usize,
    ) -> (usize, usize) {
        let nm1 = n - m1;
        let lde1 = band.map_or(nm1, |(ml, mu)| 2 * ml + mu + 1);
        let iphes = if hessenberg { n } else { 0 };
        ((1 + 2 * pairs) * lde1 * nm1, (1 + pairs) * nm1 + iphes)
    }

    /// The systems of an `n`-equation problem with `pairs` complex matrices E2, in `e`
    /// and `ip` of the lengths [`storage`](Self::storage) gives. For the band and
    /// Hessenberg forms `e` is cleared, as their forming leaves entries outside the
    /// matrix unwritten; full matrices are formed whole.
    #[allow(clippy::too_many_arguments)]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(real)]
    pub fn new(
        n: usize,
        m1: usize,
        m2: usize,
        jac_ld: usize,
        band: Option<(usize, usize)>,
        mass: Mass,
        (hessenberg, pairs): (bool, usize),
        (mut e, mut ip): (&'w mut [f64], &'w mut [usize]),
    ) -> Self {
        let nm1 = n - m1;
        if hessenberg || band.is_some() {
            e.fill(0.0);
        }
        let factors = if hessenberg {
            Factors::Hessenberg(Hessenberg::new(n, pairs, e, ip))
        } else {
            let len = band.map_or(nm1, |(ml, mu)| 2 * ml + mu + 1) * nm1;
            let e1 = carve(&mut e, len);
            let e1 = match band {
                Some((ml, mu)) => RealLu::banded_in(nm1, ml, mu, e1, carve(&mut ip, nm1)),
                None => RealLu::dense_in(nm1, e1, carve(&mut ip, nm1)),
            };
            let k = (nm1, band);
            let e2 = [
                complex_part(&mut e, &mut ip, if pairs > 0 { len } else { 0 }, k),
                complex_part(&mut e, &mut ip, if pairs > 1 { len } else { 0 }, k),
                complex_part(&mut e, &mut ip, if pairs > 2 { len } else { 0 }, k),
            ];
            Factors::General { e1, e2 }
        };
        let grouping = match &factors {
            Factors::General { e1, e2 } if m1 == 0 && pairs >= 2 => grouping(e1, &e2[..pairs]),
            _ => None,
        };
        Self {
            n,
            m1,
            m2,
            nm1,
            jac_ld,
            band,
            mass,
            factors: ManuallyDrop::new(factors),
            grouping,
        }
    }

    /// A new Jacobian is in FJAC (CALHES = .TRUE. after label 10 of RADCOR).
    #[allow(unsafe_code)]
    #[link_section = hot_path!(real)]
    pub fn new_jacobian(&mut self) {
        if let Factors::Hessenberg(h) = &mut *self.factors {
            h.calhes = true;
        }
    }

    /// The first statement of DECOMR for IJOB = 7: reduce FJAC (`n × n`, in place) to
    /// Hessenberg form if it holds a new Jacobian. Nothing for the other IJOB.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(real)]
    pub fn reduce(&mut self, fjac: &mut [f64]) {
        if let Factors::Hessenberg(h) = &mut *self.factors {
            if h.calhes {
                elmhes(h.n, fjac, h.n, h.iphes);
            }
            h.calhes = false;
        }
    }

    /// The decompositions of the IJOB other than 7 (the second-order reduction `m1 > 0`
    /// never has the Hessenberg form: it is refused with IWORK(1) ≠ 0).
    #[allow(unsafe_code)]
    #[link_section = hot_path!(real)]
    fn general(&mut self) -> (&mut RealLuIn<'w>, &mut [ComplexLuIn<'w>]) {
        match &mut *self.factors {
            Factors::General { e1, e2 } => (e1, e2),
            Factors::Hessenberg(_) => unreachable!("the Hessenberg form has M1 = 0"),
        }
    }

    /// Rows of the band storage of E1/E2 hold element (i, j) at `i - j + ml + mu`;
    /// the Jacobian's band row `r` of column j lands at `r + ml`.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(real)]
    fn band_offset(&self) -> usize {
        self.band.map_or(0, |(ml, _)| ml)
    }

    /// DECOMR: forms `E1 = fac1·M - J` (reduced when `m1 > 0`) and decomposes it.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(real)]
    pub fn decompose_real(&mut self, m: Matrices<'_>, fac1: f64) -> Result<(), Singular> {
        if let (0, None, Mass::Identity, Factors::General { e1, .. }) =
            (self.m1, self.band, self.mass, &mut *self.factors)
        {
            // IJOB = 1: `fac1·I - J`, both n × n and contiguous.
            shifted_negation(e1.matrix_mut(), m.fjac, self.n, fac1);
            return e1.factor();
        }
        self.decompose_real_general(m, fac1)
    }

    /// [`decompose_real`](Self::decompose_real) for a band, a mass matrix, `m1 > 0` or
    /// the Hessenberg form: out of line, among the kernels, so that the full IJOB = 1
    /// path of the small problems spans fewer code pages.
    #[inline(never)]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(kernels)]
    fn decompose_real_general(&mut self, m: Matrices<'_>, fac1: f64) -> Result<(), Singular> {
        let (m1, nm1) = (self.m1, self.nm1);
        let mle = self.band_offset();
        let (fjac, fmas, ldj, band) = (m.fjac, m.fmas, self.jac_ld, self.band);
        let e1lu = match &mut *self.factors {
            Factors::Hessenberg(h) => return h.decompose_real(fjac, fac1),
            Factors::General { e1, .. } => e1,
        };
        let ld = e1lu.ld();
        let e1 = e1lu.matrix_mut();
        match band {
            None => {
                negate_columns(e1, ld, &fjac[m1 * ldj..], ldj, nm1);
                match self.mass {
                    Mass::Identity => {
                        for d in e1.iter_mut().step_by(ld + 1).take(nm1) {
                            *d += fac1;
                        }
                    }
                    Mass::Banded { ld: lm, mu, .. } => {
                        let cols = e1
                            .chunks_exact_mut(ld)
                            .zip(fmas[..nm1 * lm].chunks_exact(lm));
                        for (j, (ecol, mcol)) in cols.take(nm1).enumerate() {
                            for_band_rows(j, mu, nm1, mcol, |i, bb| ecol[i] += fac1 * bb);
                        }
                    }
                    Mass::Full => {
                        for j in 0..nm1 {
                            let jcol = &fjac[(j + m1) * ldj..];
                            for i in 0..nm1 {
                                e1[i + j * ld] = fmas[i + j * nm1] * fac1 - jcol[i];
                            }
                        }
                    }
                }
            }
            Some((ml, mu)) => {
                let mbjac = ml + mu + 1;
                let jac = &fjac[m1 * ldj..];
                let negate = |ecol: &mut [f64], jcol: &[f64]| {
                    for (e, &f) in ecol[mle..mle + mbjac].iter_mut().zip(&jcol[..mbjac]) {
                        *e = -f;
                    }
                };
                match self.mass {
                    Mass::Identity => {
                        for (ecol, jcol) in e1
                            .chunks_exact_mut(ld)
                            .zip(jac[..nm1 * ldj].chunks_exact(ldj))
                            .take(nm1)
                        {
                            negate(ecol, jcol);
                        }
                        for d in e1[ml + mu..].iter_mut().step_by(ld).take(nm1) {
                            *d += fac1;
                        }
                    }
                    Mass::Banded {
                        ld: lm,
                        ml: mlm,
                        mu: mum,
                    } => {
                        let rows = BandRows::new(ml, mu, mlm, mum);
                        band_real(e1, ld, jac, ldj, fmas, lm, rows, fac1, nm1);
                    }
                    Mass::Full => unreachable!("full mass with banded Jacobian is rejected"),
                }
            }
        }
        if m1 > 0 {
            let mm = m1 / self.m2;
            let rows = match band {
                None => 0..nm1,
                Some((ml, mu)) => 0..(ml + mu + 1),
            };
            for j in 0..self.m2 {
                for i in rows.clone() {
                    let mut sum = 0.0;
                    for k in 0..mm {
                        sum = (sum + fjac[i + (j + k * self.m2) * ldj]) / fac1;
                    }
                    e1[i + mle + j * ld] -= sum;
                }
            }
        }
        e1lu.factor()
    }

    /// DECOMC: forms E2 of pair `k`, `(alphn + i·betan)·M - J` (reduced when `m1 > 0`),
    /// and decomposes it.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(complex)]
    pub fn decompose_complex(
        &mut self,
        k: usize,
        m: Matrices<'_>,
        alphn: f64,
        betan: f64,
    ) -> Result<(), Singular> {
        if let (0, None, Mass::Identity, Factors::General { e2, .. }) =
            (self.m1, self.band, self.mass, &mut *self.factors)
        {
            // IJOB = 1: `(alphn + i·betan)·I - J`, both n × n and contiguous.
            let e2 = &mut e2[k];
            let (er, ei) = e2.matrix_mut();
            shifted_negation_complex(er, ei, m.fjac, self.n, (alphn, betan));
            return e2.factor();
        }
        self.decompose_complex_general(k, m, alphn, betan)
    }

    /// [`decompose_complex`](Self::decompose_complex) for a band, a mass matrix,
    /// `m1 > 0` or the Hessenberg form: out of line, among the kernels, as
    /// [`decompose_real_general`](Self::decompose_real_general).
    #[inline(never)]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(kernels)]
    fn decompose_complex_general(
        &mut self,
        k: usize,
        m: Matrices<'_>,
        alphn: f64,
        betan: f64,
    ) -> Result<(), Singular> {
        let (m1, nm1) = (self.m1, self.nm1);
        let mle = self.band_offset();
        let (fjac, fmas, ldj, band) = (m.fjac, m.fmas, self.jac_ld, self.band);
        let e2lu = match &mut *self.factors {
            Factors::Hessenberg(h) => return h.decompose_complex(k, fjac, alphn, betan),
            Factors::General { e2, .. } => &mut e2[k],
        };
        let ld = e2lu.ld();
        let (er, ei) = e2lu.matrix_mut();
        match band {
            None => {
                let jac = &fjac[m1 * ldj..];
                if ld == nm1 && ldj == nm1 {
                    // Both column-major with leading dimension nm1: one contiguous block.
                    let len = nm1 * nm1;
                    let (er, ei) = (&mut er[..len], &mut ei[..len]);
                    for ((r, i), &j) in er.iter_mut().zip(ei).zip(&jac[..len]) {
                        *r = -j;
                        *i = 0.0;
                    }
                } else {
                    negate_columns(er, ld, jac, ldj, nm1);
                    for col in ei.chunks_exact_mut(ld).take(nm1) {
                        col[..nm1].fill(0.0);
                    }
                }
                match self.mass {
                    Mass::Identity => {
                        for d in er.iter_mut().step_by(ld + 1).take(nm1) {
                            *d += alphn;
                        }
                        for d in ei.iter_mut().step_by(ld + 1).take(nm1) {
                            *d = betan;
                        }
                    }
                    Mass::Banded { ld: lm, mu, .. } => {
                        let cols = er.chunks_exact_mut(ld).zip(ei.chunks_exact_mut(ld));
                        let cols = cols.zip(fmas[..nm1 * lm].chunks_exact(lm)).take(nm1);
                        for (j, ((rcol, icol), mcol)) in cols.enumerate() {
                            for_band_rows(j, mu, nm1, mcol, |i, bb| {
                                rcol[i] += alphn * bb;
                                icol[i] = betan * bb;
                            });
                        }
                    }
                    Mass::Full => {
                        for j in 0..nm1 {
                            let jcol = &fjac[(j + m1) * ldj..];
                            for i in 0..nm1 {
                                let bb = fmas[i + j * nm1];
                                er[i + j * ld] = bb * alphn - jcol[i];
                                ei[i + j * ld] = bb * betan;
                            }
                        }
                    }
                }
            }
            Some((ml, mu)) => match self.mass {
                Mass::Identity => {
                    let mbjac = ml + mu + 1;
                    let jac = &fjac[m1 * ldj..];
                    let cols = er.chunks_exact_mut(ld).zip(ei.chunks_exact_mut(ld));
                    let cols = cols.zip(jac[..nm1 * ldj].chunks_exact(ldj)).take(nm1);
                    for ((rcol, icol), jcol) in cols {
                        let rows = mle..mle + mbjac;
                        let (rcol, icol) = (&mut rcol[rows.clone()], &mut icol[rows]);
                        for ((r, i), &f) in rcol.iter_mut().zip(icol).zip(&jcol[..mbjac]) {
                            *r = -f;
                            *i = 0.0;
                        }
                    }
                    for j in 0..nm1 {
                        er[ml + mu + j * ld] += alphn;
                        ei[ml + mu + j * ld] = betan;
                    }
                }
                Mass::Banded {
                    ld: lm,
                    ml: mlm,
                    mu: mum,
                } => {
                    let rows = BandRows::new(ml, mu, mlm, mum);
                    let jac = &fjac[m1 * ldj..];
                    band_complex(er, ei, ld, jac, ldj, fmas, lm, rows, alphn, betan, nm1);
                }
                Mass::Full => unreachable!("full mass with banded Jacobian is rejected"),
            },
        }
        if m1 > 0 {
            let mm = m1 / self.m2;
            let abno = alphn * alphn + betan * betan;
            let alp = alphn / abno;
            let bet = betan / abno;
            let rows = match band {
                None => 0..nm1,
                Some((ml, mu)) => 0..(ml + mu + 1),
            };
            for j in 0..self.m2 {
                for i in rows.clone() {
                    let mut sumr = 0.0;
                    let mut sumi = 0.0;
                    for k in 0..mm {
                        let sums = sumr + fjac[i + (j + k * self.m2) * ldj];
                        sumr = sums * alp + sumi * bet;
                        sumi = sumi * alp - sums * bet;
                    }
                    er[i + mle + j * ld] -= sumr;
                    ei[i + mle + j * ld] -= sumi;
                }
            }
        }
        e2lu.factor()
    }

    /// For each row `i` of the mass matrix of the reduced system: `entry(acc, M(i, j),
    /// j + m1)` over its stored entries in column order, the order in which the original
    /// accumulates (also RODAS's SLVROD), starting from `acc = init`, then `finish(i,
    /// acc)`. The storage is matched once, not per row.
    #[inline]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(real)]
    pub fn mass_rows<S: Copy>(
        &self,
        fmas: &[f64],
        init: S,
        mut entry: impl FnMut(&mut S, f64, usize),
        mut finish: impl FnMut(usize, S),
    ) {
        let (m1, nm1) = (self.m1, self.nm1);
        match self.mass {
            Mass::Identity => {
                for i in 0..nm1 {
                    let mut acc = init;
                    entry(&mut acc, 1.0, i + m1);
                    finish(i, acc);
                }
            }
            // A diagonal mass matrix: M(i, i) = fmas[i].
            Mass::Banded { ld: 1, .. } => {
                for (i, &bb) in fmas[..nm1].iter().enumerate() {
                    let mut acc = init;
                    entry(&mut acc, bb, i + m1);
                    finish(i, acc);
                }
            }
            Mass::Banded { ld, ml, mu } => {
                // Along row i, M(i, j) = fmas[i + mu - j + j*ld] lies `ld - 1` apart.
                let step = ld - 1;
                for i in 0..nm1 {
                    let mut acc = init;
                    let lo = i.saturating_sub(ml);
                    let mut k = i + mu + lo * step;
                    for j in lo..nm1.min(i + mu + 1) {
                        entry(&mut acc, fmas[k], j + m1);
                        k += step;
                    }
                    finish(i, acc);
                }
            }
            Mass::Full => {
                for i in 0..nm1 {
                    let mut acc = init;
                    for j in 0..nm1 {
                        entry(&mut acc, fmas[i + j * nm1], j + m1);
                    }
                    finish(i, acc);
                }
            }
        }
    }

    /// SLVRAD: solves the transformed Newton systems of RADAU5 for the increments
    /// `z1, z2, z3` given the current transformed stage values `f1, f2, f3`.
    #[allow(clippy::too_many_arguments)]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(complex)]
    pub fn solve(
        &mut self,
        m: Matrices<'_>,
        fac1: f64,
        alphn: f64,
        betan: f64,
        z1: &mut [f64],
        z2: &mut [f64],
        z3: &mut [f64],
        f1: &[f64],
        f2: &[f64],
        f3: &[f64],
    ) {
        if let (0, Mass::Identity, Factors::General { e1, e2 }) =
            (self.m1, self.mass, &mut *self.factors)
        {
            // IJOB = 1 and 3 (M = I, M1 = 0), SLVRAD's single loop: the right-hand sides
            // of SLVRAR and SLVRAI, which never meet, then SOL and SOLC (SOLB and SOLBC
            // for a banded Jacobian).
            let n = self.n;
            let (z1, z2, z3) = (&mut z1[..n], &mut z2[..n], &mut z3[..n]);
            let (f1, f2, f3) = (&f1[..n], &f2[..n], &f3[..n]);
            for i in 0..n {
                let s2 = -f2[i];
                let s3 = -f3[i];
                z1[i] -= f1[i] * fac1;
                z2[i] = z2[i] + s2 * alphn - s3 * betan;
                z3[i] = z3[i] + s3 * alphn + s2 * betan;
            }
            solve_pair(e1, &mut e2[0], z1, z2, z3);
            return;
        }
        if self.m1 == 0 && !matches!(self.mass, Mass::Identity) {
            // IJOB = 5 and 4 (full or banded M, M1 = 0), SLVRAD's single loop over the
            // rows of M for the three right-hand sides, then SOL and SOLC (SOLB, SOLBC).
            // The rows of M index the `nm1` (= n) components.
            let n = self.nm1;
            let (z1, z2, z3) = (&mut z1[..n], &mut z2[..n], &mut z3[..n]);
            let (f1, f2, f3) = (&f1[..n], &f2[..n], &f3[..n]);
            self.mass_rows(
                m.fmas,
                (0.0, 0.0, 0.0),
                |(s1, s2, s3), bb, j| {
                    *s1 -= bb * f1[j];
                    *s2 -= bb * f2[j];
                    *s3 -= bb * f3[j];
                },
                |i, (s1, s2, s3)| {
                    z1[i] += s1 * fac1;
                    z2[i] = z2[i] + s2 * alphn - s3 * betan;
                    z3[i] = z3[i] + s3 * alphn + s2 * betan;
                },
            );
            let (e1, e2) = self.general();
            solve_pair(e1, &mut e2[0], z1, z2, z3);
            return;
        }
        self.solve_real(m, fac1, z1, f1);
        self.solve_complex(0, m, alphn, betan, z2, z3, f2, f3);
    }

    /// The rows of the right-hand side that the mass matrix leaves as the identity.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(real)]
    fn identity_rows(&self) -> usize {
        if matches!(self.mass, Mass::Identity) {
            self.n
        } else {
            self.m1
        }
    }

    /// SLVRAR: `z1 ← E1⁻¹ (z1 - fac1·M f1)`, with the second-order reduction for `m1 > 0`.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(complex)]
    pub fn solve_real(&mut self, m: Matrices<'_>, fac1: f64, z1: &mut [f64], f1: &[f64]) {
        let m1 = self.m1;
        self.rhs_real(m, fac1, z1, f1);
        if m1 == 0 {
            match &mut *self.factors {
                Factors::General { e1, .. } => e1.solve(z1),
                Factors::Hessenberg(h) => h.solve_real(m.fjac, z1),
            }
            return;
        }
        let mm = m1 / self.m2;
        for j in 0..self.m2 {
            let mut sum1 = 0.0;
            for k in (0..mm).rev() {
                let jkm = j + k * self.m2;
                sum1 = (z1[jkm] + sum1) / fac1;
                self.for_jacobian_column(m.fjac, j, jkm, |i, ffja| {
                    z1[i + m1] += ffja * sum1;
                });
            }
        }
        self.general().0.solve(&mut z1[m1..]);
        for i in (0..m1).rev() {
            z1[i] = (z1[i] + z1[self.m2 + i]) / fac1;
        }
    }

    /// SLVRAR's right-hand side: `z1 ← z1 - fac1·M f1` (the rows of M below M1).
    #[inline(always)]
    fn rhs_real(&mut self, m: Matrices<'_>, fac1: f64, z1: &mut [f64], f1: &[f64]) {
        let (n, m1) = (self.n, self.m1);
        let identity_rows = self.identity_rows();
        let (z, f) = (&mut z1[..identity_rows], &f1[..identity_rows]);
        for i in 0..identity_rows {
            z[i] -= f[i] * fac1;
        }
        if identity_rows < n {
            self.mass_rows(
                m.fmas,
                0.0,
                |s1, bb, j| *s1 -= bb * f1[j],
                |i, s1| z1[i + m1] += s1 * fac1,
            );
        }
    }

    /// SLVRAI for pair `k`: `z2 + i z3 ← E2⁻¹ (z2 + i z3 - (alphn + i·betan)·M (f2 + i f3))`,
    /// with the second-order reduction for `m1 > 0`.
    #[allow(clippy::too_many_arguments)]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(complex)]
    pub fn solve_complex(
        &mut self,
        k: usize,
        m: Matrices<'_>,
        alphn: f64,
        betan: f64,
        z2: &mut [f64],
        z3: &mut [f64],
        f2: &[f64],
        f3: &[f64],
    ) {
        let m1 = self.m1;
        self.rhs_complex(m, alphn, betan, z2, z3, f2, f3);
        if m1 == 0 {
            match &mut *self.factors {
                Factors::General { e2, .. } => e2[k].solve(z2, z3),
                Factors::Hessenberg(h) => h.solve_complex(k, m.fjac, z2, z3),
            }
            return;
        }
        let abno = alphn * alphn + betan * betan;
        let mm = m1 / self.m2;
        for j in 0..self.m2 {
            let (mut sum2, mut sum3) = (0.0, 0.0);
            for kk in (0..mm).rev() {
                let jkm = j + kk * self.m2;
                let sumh = (z2[jkm] + sum2) / abno;
                sum3 = (z3[jkm] + sum3) / abno;
                sum2 = sumh * alphn + sum3 * betan;
                sum3 = sum3 * alphn - sumh * betan;
                self.for_jacobian_column(m.fjac, j, jkm, |i, ffja| {
                    z2[i + m1] += ffja * sum2;
                    z3[i + m1] += ffja * sum3;
                });
            }
        }
        self.general().1[k].solve(&mut z2[m1..], &mut z3[m1..]);
        for i in (0..m1).rev() {
            let mpi = self.m2 + i;
            let z2i = z2[i] + z2[mpi];
            let z3i = z3[i] + z3[mpi];
            z3[i] = (z3i * alphn - z2i * betan) / abno;
            z2[i] = (z2i * alphn + z3i * betan) / abno;
        }
    }

    /// SLVRAI's right-hand side: `z2 + i z3 ← z2 + i z3 - (alphn + i·betan)·M (f2 + i f3)`
    /// (the rows of M below M1).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn rhs_complex(
        &mut self,
        m: Matrices<'_>,
        alphn: f64,
        betan: f64,
        z2: &mut [f64],
        z3: &mut [f64],
        f2: &[f64],
        f3: &[f64],
    ) {
        let (n, m1) = (self.n, self.m1);
        let identity_rows = self.identity_rows();
        {
            let r = identity_rows;
            let (z2, z3, f2, f3) = (&mut z2[..r], &mut z3[..r], &f2[..r], &f3[..r]);
            for i in 0..r {
                let s2 = -f2[i];
                let s3 = -f3[i];
                z2[i] = z2[i] + s2 * alphn - s3 * betan;
                z3[i] = z3[i] + s3 * alphn + s2 * betan;
            }
        }
        if identity_rows < n {
            self.mass_rows(
                m.fmas,
                (0.0, 0.0),
                |(s2, s3), bb, j| {
                    *s2 -= bb * f2[j];
                    *s3 -= bb * f3[j];
                },
                |i, (s2, s3)| {
                    let im1 = i + m1;
                    z2[im1] = z2[im1] + s2 * alphn - s3 * betan;
                    z3[im1] = z3[im1] + s3 * alphn + s2 * betan;
                },
            );
        }
    }

    /// SLVRAR and the SLVRAI of the `alphn.len()` pairs (RADAU's stages, the pairs'
    /// increments one after the other in `zrest`, their values in `frest`): with M1 = 0 and
    /// the general factors, the right-hand sides first and then the solves side by side
    /// ([`solve_group`]); otherwise each system in turn. Inlined into the step, so that the
    /// calls of the other structures cost no more than from the step itself.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub fn solve_stages(
        &mut self,
        m: Matrices<'_>,
        fac1: f64,
        (alphn, betan): (&[f64], &[f64]),
        z1: &mut [f64],
        zrest: &mut [f64],
        f1: &[f64],
        frest: &[f64],
    ) {
        let (n, pairs) = (self.n, alphn.len());
        let (zrest, frest) = (&mut zrest[..2 * pairs * n], &frest[..2 * pairs * n]);
        if let (Some(grouping), 2..) = (self.grouping, pairs) {
            self.rhs_real(m, fac1, z1, f1);
            for (k, ((z2, z3), (f2, f3))) in stage_pairs(n, zrest, frest).enumerate() {
                self.rhs_complex(m, alphn[k], betan[k], z2, z3, f2, f3);
            }
            let (e1, e2) = self.general();
            solve_group(grouping, e1, &e2[..pairs], z1, zrest);
            return;
        }
        if let (1.., 0, Mass::Identity, Factors::General { .. }) =
            (pairs, self.m1, self.mass, &*self.factors)
        {
            self.solve_stages_paired(fac1, (alphn, betan), z1, zrest, f1, frest);
            return;
        }
        self.solve_real(m, fac1, z1, f1);
        for (k, ((z2, z3), (f2, f3))) in stage_pairs(n, zrest, frest).enumerate() {
            self.solve_complex(k, m, alphn[k], betan[k], z2, z3, f2, f3);
        }
    }

    /// [`Self::solve_stages`] with M = I, M1 = 0 and the general factors of an order
    /// without group kernels: the right-hand sides first (SLVRAR's and SLVRAI's loops over
    /// exact-length slices), then E1 beside the first E2 ([`solve_pair`]) and the other
    /// E2 each alone; the same operations as SLVRAR and the SLVRAI one after the other,
    /// whose systems never meet.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(complex)]
    fn solve_stages_paired(
        &mut self,
        fac1: f64,
        (alphn, betan): (&[f64], &[f64]),
        z1: &mut [f64],
        zrest: &mut [f64],
        f1: &[f64],
        frest: &[f64],
    ) {
        let n = self.n;
        let (z1, f1) = (&mut z1[..n], &f1[..n]);
        for i in 0..n {
            z1[i] -= f1[i] * fac1;
        }
        let shifts = alphn.iter().zip(betan);
        for (((z2, z3), (f2, f3)), (&alphn, &betan)) in stage_pairs(n, zrest, frest).zip(shifts) {
            for i in 0..n {
                let s2 = -f2[i];
                let s3 = -f3[i];
                z2[i] = z2[i] + s2 * alphn - s3 * betan;
                z3[i] = z3[i] + s3 * alphn + s2 * betan;
            }
        }
        let (e1, e2) = self.general();
        let mut systems = zrest.chunks_exact_mut(2 * n).zip(e2.iter_mut());
        if let Some((z, e2)) = systems.next() {
            let (z2, z3) = z.split_at_mut(n);
            solve_pair(e1, e2, z1, z2, z3);
        }
        for (z, e2) in systems {
            let (z2, z3) = z.split_at_mut(n);
            e2.solve(z2, z3);
        }
    }

    /// Visits the stored Jacobian entries `(i, FJAC(i, col))` of the reduced rows that
    /// the second-order reduction uses for block column `j` (0-based).
    #[allow(unsafe_code)]
    #[link_section = hot_path!(real)]
    fn for_jacobian_column(
        &self,
        fjac: &[f64],
        j: usize,
        col: usize,
        mut visit: impl FnMut(usize, f64),
    ) {
        let c = &fjac[col * self.jac_ld..];
        match self.band {
            None => {
                for (i, &v) in c.iter().enumerate().take(self.nm1) {
                    visit(i, v);
                }
            }
            Some((ml, mu)) => {
                for i in j.saturating_sub(mu)..self.nm1.min(j + ml + 1) {
                    visit(i, c[i + mu - j]);
                }
            }
        }
    }

    /// Solves `E1 x = cont` with the second-order reduction when `m1 > 0` (the
    /// solve shared by ESTRAD's estimate and its refinement, and RODAS's SLVROD).
    /// The common case, `m1 = 0` without the Hessenberg form, is inlined into the
    /// callers (one solve per Rosenbrock stage).
    #[inline]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(real)]
    pub fn solve_e1(&mut self, fjac: &[f64], fac1: f64, cont: &mut [f64]) {
        if let (0, Factors::General { e1, .. }) = (self.m1, &mut *self.factors) {
            e1.solve(&mut cont[..self.n]);
            return;
        }
        self.solve_e1_reduced(fjac, fac1, cont);
    }

    /// [`solve_e1`](Self::solve_e1) for the Hessenberg form or the second-order
    /// reduction; among the kernels, off the pages of the IJOB = 1 path.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(kernels)]
    fn solve_e1_reduced(&mut self, fjac: &[f64], fac1: f64, cont: &mut [f64]) {
        let m1 = self.m1;
        if m1 == 0 {
            let cont = &mut cont[..self.n];
            match &mut *self.factors {
                Factors::General { e1, .. } => e1.solve(cont),
                Factors::Hessenberg(h) => h.solve_real(fjac, cont),
            }
            return;
        }
        let mm = m1 / self.m2;
        for j in 0..self.m2 {
            let mut sum1 = 0.0;
            for k in (0..mm).rev() {
                sum1 = (cont[j + k * self.m2] + sum1) / fac1;
                self.for_jacobian_column(fjac, j, j + k * self.m2, |i, ffja| {
                    cont[i + m1] += ffja * sum1;
                });
            }
        }
        let n = self.n;
        self.general().0.solve(&mut cont[m1..n]);
        for i in (0..m1).rev() {
            cont[i] = (cont[i] + cont[self.m2 + i]) / fac1;
        }
    }

    /// ESTRAD and ESTRAV, first part: the error estimate `E1⁻¹ (y0 + M·e)` in `cont`,
    /// where `combine(i)` is component `i` of `e = Σ_k dd_k z_k / h` as the caller's
    /// original forms it, with `f2 = M·e` kept for the refinement. Returns the scaled
    /// RMS norm.
    ///
    /// Inlined into the step loops: out of line, the norm's chain of divisions and the
    /// square root ran alone before the return, where inlined it overlaps the caller's
    /// next work as ESTRAD's does in RADCOR (RADAU5 vdpol 1e-4: 84.7 -> 78.6 µs a solve,
    /// the original 79.8).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(complex)]
    pub fn estimate(
        &mut self,
        m: Matrices<'_>,
        fac1: f64,
        combine: impl Fn(usize) -> f64,
        y0: &[f64],
        scal: &[f64],
        cont: &mut [f64],
        f1: &mut [f64],
        f2: &mut [f64],
    ) -> f64 {
        let (n, m1) = (self.n, self.m1);
        if let (0, Mass::Identity, Factors::General { e1, .. }) =
            (m1, self.mass, &mut *self.factors)
        {
            // IJOB = 1 and 3 (M = I, M1 = 0): ESTRAD's single loop, then SOL (SOLB).
            let (f2, cont, y0) = (&mut f2[..n], &mut cont[..n], &y0[..n]);
            for i in 0..n {
                f2[i] = combine(i);
                cont[i] = f2[i] + y0[i];
            }
            e1.solve(cont);
            return scaled_error(cont, scal);
        }
        let identity_rows = self.identity_rows();
        let rows = f2[..identity_rows]
            .iter_mut()
            .zip(&mut cont[..identity_rows]);
        for (i, ((f2i, ci), &y0i)) in rows.zip(y0).enumerate() {
            *f2i = combine(i);
            *ci = *f2i + y0i;
        }
        if identity_rows < n {
            for i in m1..n {
                f1[i] = combine(i);
            }
            let f1 = &*f1;
            self.mass_rows(
                m.fmas,
                0.0,
                |sum, bb, j| *sum += bb * f1[j],
                |i, sum| {
                    f2[i + m1] = sum;
                    cont[i + m1] = sum + y0[i + m1];
                },
            );
        }
        self.solve_e1(m.fjac, fac1, cont);
        scaled_error(&cont[..n], scal)
    }

    /// ESTRAD and ESTRAV, refinement after a first or rejected step: `cont` holds `f(x, y + err)`
    /// on entry is replaced by `E1⁻¹ (f + f2)`. Returns the new scaled norm.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(complex)]
    pub fn refine(
        &mut self,
        fjac: &[f64],
        fac1: f64,
        f1: &[f64],
        f2: &[f64],
        scal: &[f64],
        cont: &mut [f64],
    ) -> f64 {
        let n = self.n;
        for i in 0..n {
            cont[i] = f1[i] + f2[i];
        }
        self.solve_e1(fjac, fac1, cont);
        scaled_error(&cont[..n], scal)
    }
}

/// Where the bands of `-J` and of the mass matrix lie in a column of E1 or E2 (band
/// storage, element (i, j) at row `i - j + ml + mu`).
#[derive(Clone, Copy)]
struct BandRows {
    /// MLE: the Jacobian's band row `r` lands at row `r + mle`.
    mle: usize,
    /// MBJAC = ML + MU + 1 rows of the Jacobian's band.
    mbjac: usize,
    /// MDIFF = ML + MU - MUMAS: the mass band's row `r` lands at row `r + mdiff`.
    mdiff: usize,
    /// MBB = MLMAS + MUMAS + 1 rows of the mass band.
    mbb: usize,
    /// MUMAS.
    mum: usize,
}

impl BandRows {
    /// That both bands fit their columns (leading dimensions `ld` of E, `ldj` of the
    /// Jacobian, `lm` of the mass matrix): checked once, so that the compiler drops the
    /// checks of every column's rows.
    #[inline(always)]
    fn check(&self, ld: usize, ldj: usize, lm: usize) {
        assert!(
            self.mle + self.mbjac <= ld
                && self.mdiff + self.mbb <= ld
                && self.mbjac <= ldj
                && self.mbb <= lm,
            "band rows outside their columns"
        );
    }

    fn new(ml: usize, mu: usize, mlm: usize, mum: usize) -> Self {
        Self {
            mle: ml,
            mbjac: ml + mu + 1,
            mdiff: ml + mu - mum,
            mbb: mlm + mum + 1,
            mum,
        }
    }
}

/// DECOMR with banded Jacobian and mass matrix (IJOB = 4, 14): column by column as the
/// original, `-J`, then `fac1·M` added over the mass band's MBB rows. The matrices are
/// parameters so that the compiler knows they do not overlap (in the caller, it checked
/// at run time before the short loops of every column).
#[allow(clippy::too_many_arguments)]
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(real)]
fn band_real(
    e: &mut [f64],
    ld: usize,
    jac: &[f64],
    ldj: usize,
    fmas: &[f64],
    lm: usize,
    r: BandRows,
    fac1: f64,
    nm1: usize,
) {
    r.check(ld, ldj, lm);
    // Each column split off the front of the rest: one check per matrix and column.
    let (mut e, mut jac, mut fmas) = (e, jac, fmas);
    for _ in 0..nm1 {
        let (col, f, b);
        ((col, e), (f, jac), (b, fmas)) =
            (e.split_at_mut(ld), jac.split_at(ldj), fmas.split_at(lm));
        for (x, &v) in col[r.mle..r.mle + r.mbjac].iter_mut().zip(&f[..r.mbjac]) {
            *x = -v;
        }
        for (x, &v) in col[r.mdiff..r.mdiff + r.mbb].iter_mut().zip(&b[..r.mbb]) {
            *x += fac1 * v;
        }
    }
}

/// DECOMC with banded Jacobian and mass matrix (IJOB = 4, 14), as [`band_real`]: `-J`
/// and a zero imaginary part, then the mass band's rows inside the matrix (as IJOB = 4)
/// times `alphn + i·betan`.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(complex)]
fn band_complex(
    er: &mut [f64],
    ei: &mut [f64],
    ld: usize,
    jac: &[f64],
    ldj: usize,
    fmas: &[f64],
    lm: usize,
    r: BandRows,
    alphn: f64,
    betan: f64,
    nm1: usize,
) {
    // A zero the compiler cannot see, so that it does not split the zeroing out of the
    // loop into a call of `memset` per column.
    let zero = std::hint::black_box(0.0);
    r.check(ld, ldj, lm);
    // Each column split off the front of the rest, as in [`band_real`].
    let (mut er, mut ei, mut jac, mut fmas) = (er, ei, jac, fmas);
    for j in 0..nm1 {
        let (rc, ic, f, b);
        ((rc, er), (ic, ei)) = (er.split_at_mut(ld), ei.split_at_mut(ld));
        ((f, jac), (b, fmas)) = (jac.split_at(ldj), fmas.split_at(lm));
        let jrows = r.mle..r.mle + r.mbjac;
        for ((x, y), &v) in rc[jrows.clone()]
            .iter_mut()
            .zip(&mut ic[jrows])
            .zip(&f[..r.mbjac])
        {
            *x = -v;
            *y = zero;
        }
        let rows = r.mum.saturating_sub(j)..r.mbb.min(r.mum + nm1 - j);
        let b = &b[..r.mbb][rows.clone()];
        let (rc, ic) = (&mut rc[r.mdiff..], &mut ic[r.mdiff..]);
        for ((x, y), &v) in rc[rows.clone()].iter_mut().zip(&mut ic[rows]).zip(b) {
            *x += alphn * v;
            *y = betan * v;
        }
    }
}

/// `f(i, M(i, j))` for the rows `i < nm1` of column `j` of a band mass matrix (`mcol`,
/// `M(i, j)` at `i + mu - j`): the entries one by one, each row tested against the
/// matrix, which costs less than cutting the band's row range out of each column (the
/// entries are independent, so their order is free).
#[inline(always)]
fn for_band_rows(j: usize, mu: usize, nm1: usize, mcol: &[f64], mut f: impl FnMut(usize, f64)) {
    for (d, &bb) in mcol.iter().enumerate() {
        let i = (j + d).wrapping_sub(mu);
        if i < nm1 {
            f(i, bb);
        }
    }
}

/// `e[i + j*ld] = -fjac[i + j*ldj]` for the `nm1 × nm1` leading block, column by column
/// (the first loop of DECOMR and DECOMC for a full Jacobian).
#[inline]
#[allow(unsafe_code)]
#[link_section = hot_path!(real)]
fn negate_columns(e: &mut [f64], ld: usize, fjac: &[f64], ldj: usize, nm1: usize) {
    if ld == nm1 && ldj == nm1 {
        // Both column-major with leading dimension nm1: one contiguous block.
        let len = nm1 * nm1;
        for (ei, &ji) in e[..len].iter_mut().zip(&fjac[..len]) {
            *ei = -ji;
        }
        return;
    }
    for (ecol, jcol) in e
        .chunks_exact_mut(ld)
        .zip(fjac[..nm1 * ldj].chunks_exact(ldj))
        .take(nm1)
    {
        for (ei, &ji) in ecol[..nm1].iter_mut().zip(&jcol[..nm1]) {
            *ei = -ji;
        }
    }
}

/// `e = shift·I - fjac` for `n × n` matrices with leading dimension `n` (DECOMR's
/// IJOB = 1: `-FJAC`, then the shift added to the diagonal; each entry gets the same
/// operations as in the original's column order). Flat loops, out of line so that the
/// compiler knows the matrices do not overlap: for the small orders, where the matrices
/// are formed every step or two, the set-up of the column-wise forms cost more than the
/// loops.
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(real)]
pub(crate) fn shifted_negation(e: &mut [f64], fjac: &[f64], n: usize, shift: f64) {
    let len = n * n;
    let e = &mut e[..len];
    for (x, &v) in e.iter_mut().zip(&fjac[..len]) {
        *x = -v;
    }
    let mut k = 0;
    while k < len {
        e[k] += shift;
        k += n + 1;
    }
}

/// `er + i·ei = (alphn + i·betan)·I - fjac`, as [`shifted_negation`] (DECOMC's IJOB = 1).
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(complex)]
fn shifted_negation_complex(
    er: &mut [f64],
    ei: &mut [f64],
    fjac: &[f64],
    n: usize,
    (alphn, betan): (f64, f64),
) {
    // A zero the compiler cannot see, so that it does not split the zeroing out of the
    // loop into a call of `memset`.
    let zero = std::hint::black_box(0.0);
    let len = n * n;
    let (er, ei) = (&mut er[..len], &mut ei[..len]);
    for ((r, i), &v) in er.iter_mut().zip(&mut *ei).zip(&fjac[..len]) {
        *r = -v;
        *i = zero;
    }
    let mut k = 0;
    while k < len {
        er[k] += alphn;
        ei[k] = betan;
        k += n + 1;
    }
}

/// `max(sqrt(Σ (e_i/scal_i)² / n), 1e-10)`, as ESTRAD and ESTRAV.
#[allow(unsafe_code)]
#[link_section = hot_path!(complex)]
fn scaled_error(err: &[f64], scal: &[f64]) -> f64 {
    let mut sum = 0.0;
    for (e, s) in err.iter().zip(scal) {
        let q = e / s;
        sum += q * q;
    }
    fmax((sum / err.len() as f64).sqrt(), 1.0e-10)
}

/// Z2, Z3 and F2, F3 of one complex stage pair.
type StagePair<'a> = ((&'a mut [f64], &'a mut [f64]), (&'a [f64], &'a [f64]));

/// The complex stage pairs of `zrest` and `frest` (`n` values each), in order.
#[inline(always)]
fn stage_pairs<'a>(
    n: usize,
    zrest: &'a mut [f64],
    frest: &'a [f64],
) -> impl Iterator<Item = StagePair<'a>> {
    zrest
        .chunks_exact_mut(2 * n)
        .zip(frest.chunks_exact(2 * n))
        .map(move |(z, f)| (z.split_at_mut(n), f.split_at(n)))
}
