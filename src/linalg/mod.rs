//! Linear algebra shared by the integrators.
//!
//! [`decsol`] holds Gaussian elimination with partial pivoting for dense and banded,
//! real and complex matrices, performing the floating-point operations of Hairer's
//! `decsol.f` (DEC, SOL, DECC, SOLC, DECB, SOLB, DECBC, SOLBC) in the same order, so
//! RADAU5 reproduces the original's step sequences at every order. [`RealLu`] and
//! [`ComplexLu`] hold the matrix and its pivots, owned or lent by the caller. [`linpack`]
//! holds DGEFA/DGESL and DGBFA/DGBSL as DASSL uses them. [`hessenberg`] holds ELMHES and
//! the Hessenberg eliminations DECH, SOLH, DECHC, SOLHC of `decsol.f`, RADAU5's IWORK(1)
//! option.

#[cfg(test)]
mod bitwise_tests;
pub(crate) use decsol::GroupKernels;
pub mod decsol;
pub mod hessenberg;
pub mod linpack;

/// The order, leading dimension, 0-based row of the diagonal (`ml + mu`) and `mu` of a
/// band matrix in LINPACK's band storage, which DECB/DECBC and DGBFA/DGBSL share: element
/// (i, j) at row `i - j + ml + mu` of column j, the first `ml` rows fill-in space.
#[derive(Clone, Copy)]
struct Band {
    n: usize,
    lda: usize,
    md: usize,
    mu: usize,
}

impl Band {
    fn new(n: usize, lda: usize, ml: usize, mu: usize) -> Self {
        Band {
            n,
            lda,
            md: ml + mu,
            mu,
        }
    }
}

/// The elimination met a zero pivot at stage `stage` (1-based, IER of DEC).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Singular {
    /// The elimination stage (1-based) whose pivot was zero.
    pub stage: usize,
}

/// The storage of a [`RealLu`]; the pivots are the struct's own, so that
/// telling the kinds apart is one compare, not a decoded niche.
enum RealKind {
    /// Dense of a specialised order: its kernels, called directly (one call per
    /// factorisation or solve; RODAS vdpol, N = 2, six solves a step: each call between
    /// cost as much as a quarter of SOL).
    Fixed(decsol::RealKernels),
    /// Dense of another order.
    Dense,
    Banded {
        ml: usize,
        mu: usize,
    },
}

/// LU with partial pivoting of a real n×n matrix, dense or banded, in storage it owns
/// (`A = Vec<f64>`, `P = Vec<usize>`, the constructors without `_in`) or that a caller
/// lends ([`RealLuIn`]: RADAU5, RADAU and RODAS factor in the caller's WORK, as the
/// originals, so that a legacy call allocates nothing).
pub struct RealLu<A = Vec<f64>, P = Vec<usize>> {
    n: usize,
    ld: usize,
    a: A,
    ip: P,
    kind: RealKind,
}

/// A [`RealLu`] in lent storage.
pub type RealLuIn<'w> = RealLu<&'w mut [f64], &'w mut [usize]>;

impl RealLu {
    /// A dense matrix, column-major with leading dimension n.
    pub fn dense(n: usize) -> Self {
        Self::dense_in(n, vec![0.0; n * n], vec![0; n])
    }

    /// A band matrix with `ml` sub- and `mu` super-diagonals in DECB's storage: leading
    /// dimension `2 ml + mu + 1`, element (i, j) at row `ml + mu + i - j` of column j; the
    /// first `ml` rows take the fill-in (cleared by `factor`).
    pub fn banded(n: usize, ml: usize, mu: usize) -> Self {
        Self::banded_in(n, ml, mu, vec![0.0; (2 * ml + mu + 1) * n], vec![0; n])
    }
}

impl<A: AsRef<[f64]> + AsMut<[f64]>, P: AsRef<[usize]> + AsMut<[usize]>> RealLu<A, P> {
    /// A dense matrix in `a` (exactly n² values) with the pivots in `ip` (n values).
    #[allow(unsafe_code)]
    #[link_section = hot_path!(real)]
    pub fn dense_in(n: usize, a: A, ip: P) -> Self {
        assert!(a.as_ref().len() == n * n && ip.as_ref().len() == n);
        Self {
            n,
            ld: n,
            a,
            ip,
            kind: decsol::real_kernels(n).map_or(RealKind::Dense, RealKind::Fixed),
        }
    }

    /// A band matrix as [`RealLu::banded`] in `a` (exactly `(2 ml + mu + 1) n` values)
    /// with the pivots in `ip` (n values).
    #[allow(unsafe_code)]
    #[link_section = hot_path!(real)]
    pub fn banded_in(n: usize, ml: usize, mu: usize, a: A, ip: P) -> Self {
        let ld = 2 * ml + mu + 1;
        assert!(a.as_ref().len() == ld * n && ip.as_ref().len() == n);
        Self {
            n,
            ld,
            a,
            ip,
            kind: RealKind::Banded { ml, mu },
        }
    }

    /// The order of the matrix.
    pub fn n(&self) -> usize {
        self.n
    }

    /// Leading dimension of [`matrix_mut`](Self::matrix_mut).
    pub fn ld(&self) -> usize {
        self.ld
    }

    /// The matrix to fill before [`factor`](Self::factor).
    #[inline]
    pub fn matrix_mut(&mut self) -> &mut [f64] {
        self.a.as_mut()
    }

    /// Factors the matrix in place.
    ///
    /// Each kind goes straight to its kernel (the dense one inlined, the others out of
    /// line), so that a factorisation of the smallest orders costs no more than the
    /// original's call of DEC.
    #[inline(always)]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(real)]
    pub fn factor(&mut self) -> Result<(), Singular> {
        match self.kind {
            RealKind::Fixed(k) => (k.dec)(self.a.as_mut(), self.ip.as_mut()),
            RealKind::Dense => decsol::dec(self.n, self.a.as_mut(), self.ld, self.ip.as_mut()),
            // DECB's own shortcut for N = 1 (label 70), which is DEC's.
            RealKind::Banded { ml: 0, mu: 0 } if self.n == 1 => {
                decsol::dec(1, self.a.as_mut(), 1, self.ip.as_mut())
            }
            RealKind::Banded { ml, mu } => self.factor_banded(ml, mu),
        }
    }

    #[inline(never)]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(real)]
    fn factor_banded(&mut self, ml: usize, mu: usize) -> Result<(), Singular> {
        let (a, ip) = (self.a.as_mut(), self.ip.as_mut());
        decsol::decb(self.n, a, self.ld, ml, mu, ip)
    }

    /// Solves `A x = b` in place with the last successful factorisation.
    #[inline(always)]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(real)]
    pub fn solve(&mut self, b: &mut [f64]) {
        match self.kind {
            RealKind::Fixed(k) => {
                decsol::lengths(b.len() == self.n);
                (k.sol)(self.a.as_ref(), b, self.ip.as_ref())
            }
            RealKind::Dense => decsol::sol(self.n, self.a.as_ref(), self.ld, b, self.ip.as_ref()),
            // SOLB's label 50 for N = 1, which is SOL's.
            RealKind::Banded { ml: 0, mu: 0 } if self.n == 1 => {
                decsol::sol(1, self.a.as_ref(), 1, b, self.ip.as_ref())
            }
            RealKind::Banded { ml, mu } => self.solve_banded(ml, mu, b),
        }
    }

    #[inline(never)]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(real)]
    fn solve_banded(&self, ml: usize, mu: usize, b: &mut [f64]) {
        let (a, ip) = (self.a.as_ref(), self.ip.as_ref());
        decsol::solb(self.n, a, self.ld, ml, mu, b, ip);
    }
}

/// The storage of a [`ComplexLu`], as [`RealKind`].
enum ComplexKind {
    /// Dense of a specialised order: its kernels, called directly (RADAU5 vdpol, N = 2:
    /// the two calls between cost 73 instructions a solve against SOLC's 89).
    Fixed(decsol::ComplexKernels),
    /// Dense of another order.
    Dense,
    Banded {
        ml: usize,
        mu: usize,
    },
}

/// LU with partial pivoting of a complex matrix stored as separate real and imaginary
/// parts (as DECC/DECBC), dense or banded, in owned or lent storage as [`RealLu`].
pub struct ComplexLu<A = Vec<f64>, P = Vec<usize>> {
    n: usize,
    ld: usize,
    ar: A,
    ai: A,
    ip: P,
    /// Order 1: SOLC's denominator of the pivot, from the last factorisation.
    den1: f64,
    kind: ComplexKind,
}

/// A [`ComplexLu`] in lent storage.
pub type ComplexLuIn<'w> = ComplexLu<&'w mut [f64], &'w mut [usize]>;

impl ComplexLu {
    /// A dense matrix, column-major with leading dimension n.
    pub fn dense(n: usize) -> Self {
        let len = n * n;
        Self::dense_in(n, vec![0.0; len], vec![0.0; len], vec![0; n])
    }

    /// A band matrix in the storage of [`RealLu::banded`].
    pub fn banded(n: usize, ml: usize, mu: usize) -> Self {
        let len = (2 * ml + mu + 1) * n;
        Self::banded_in(n, ml, mu, vec![0.0; len], vec![0.0; len], vec![0; n])
    }
}

impl<A: AsRef<[f64]> + AsMut<[f64]>, P: AsRef<[usize]> + AsMut<[usize]>> ComplexLu<A, P> {
    /// A dense matrix in `ar`, `ai` (exactly n² values each) with the pivots in `ip`.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(complex)]
    pub fn dense_in(n: usize, ar: A, ai: A, ip: P) -> Self {
        let len = n * n;
        assert!(ar.as_ref().len() == len && ai.as_ref().len() == len && ip.as_ref().len() == n);
        Self {
            n,
            ld: n,
            ar,
            ai,
            ip,
            den1: 0.0,
            kind: decsol::complex_kernels(n).map_or(ComplexKind::Dense, ComplexKind::Fixed),
        }
    }

    /// A band matrix as [`ComplexLu::banded`] in `ar`, `ai` (exactly `(2 ml + mu + 1) n`
    /// values each) with the pivots in `ip`.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(complex)]
    pub fn banded_in(n: usize, ml: usize, mu: usize, ar: A, ai: A, ip: P) -> Self {
        let ld = 2 * ml + mu + 1;
        let len = ld * n;
        assert!(ar.as_ref().len() == len && ai.as_ref().len() == len && ip.as_ref().len() == n);
        Self {
            n,
            ld,
            ar,
            ai,
            ip,
            den1: 0.0,
            kind: ComplexKind::Banded { ml, mu },
        }
    }

    /// The order of the matrix.
    pub fn n(&self) -> usize {
        self.n
    }

    /// Leading dimension of both parts of [`matrix_mut`](Self::matrix_mut).
    pub fn ld(&self) -> usize {
        self.ld
    }

    /// The real and imaginary parts to fill before [`factor`](Self::factor).
    #[inline]
    pub fn matrix_mut(&mut self) -> (&mut [f64], &mut [f64]) {
        (self.ar.as_mut(), self.ai.as_mut())
    }

    /// Factors the matrix in place, each kind straight to its kernel as
    /// [`RealLu::factor`]; order 1 inline (DECC's and DECBC's label 70), the other
    /// unspecialised orders out of line with few arguments.
    #[inline(always)]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(complex)]
    pub fn factor(&mut self) -> Result<(), Singular> {
        match self.kind {
            ComplexKind::Dense | ComplexKind::Banded { ml: 0, mu: 0 } if self.n == 1 => {
                let (ar, ai) = (self.ar.as_ref()[0], self.ai.as_ref()[0]);
                self.den1 = decsol::cden(ar, ai);
                decsol::decc_order1(ar, ai)
            }
            ComplexKind::Fixed(k) => (k.decc)(self.ar.as_mut(), self.ai.as_mut(), self.ip.as_mut()),
            ComplexKind::Dense => self.factor_dense(),
            ComplexKind::Banded { ml, mu } => self.factor_banded(ml, mu),
        }
    }

    #[inline(never)]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(complex)]
    fn factor_dense(&mut self) -> Result<(), Singular> {
        let (ar, ai, ip) = (self.ar.as_mut(), self.ai.as_mut(), self.ip.as_mut());
        decsol::decc(self.n, ar, ai, self.ld, ip)
    }

    #[inline(never)]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(complex)]
    fn factor_banded(&mut self, ml: usize, mu: usize) -> Result<(), Singular> {
        let (ar, ai, ip) = (self.ar.as_mut(), self.ai.as_mut(), self.ip.as_mut());
        decsol::decbc(self.n, ar, ai, self.ld, ml, mu, ip)
    }

    /// Solves `A x = b` in place, `b = br + i bi`; order 1 inline as in
    /// [`factor`](Self::factor).
    #[inline(always)]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(complex)]
    pub fn solve(&mut self, br: &mut [f64], bi: &mut [f64]) {
        match (&self.kind, &mut *br, &mut *bi) {
            (ComplexKind::Dense | ComplexKind::Banded { ml: 0, mu: 0 }, [xr], [xi])
                if self.n == 1 =>
            {
                let (ar, ai) = (self.ar.as_ref()[0], self.ai.as_ref()[0]);
                decsol::solc_order1(ar, ai, self.den1, xr, xi);
            }
            (ComplexKind::Fixed(k), ..) => {
                decsol::lengths((br.len() == self.n) & (bi.len() == self.n));
                (k.solc)(self.ar.as_ref(), self.ai.as_ref(), br, bi, self.ip.as_ref())
            }
            (ComplexKind::Dense, ..) => self.solve_dense(br, bi),
            (ComplexKind::Banded { ml, mu }, ..) => self.solve_banded(*ml, *mu, br, bi),
        }
    }

    #[inline(never)]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(complex)]
    fn solve_dense(&self, br: &mut [f64], bi: &mut [f64]) {
        let (ar, ai, ip) = (self.ar.as_ref(), self.ai.as_ref(), self.ip.as_ref());
        decsol::solc(self.n, ar, ai, self.ld, br, bi, ip);
    }

    #[inline(never)]
    #[allow(unsafe_code)]
    #[link_section = hot_path!(complex)]
    fn solve_banded(&self, ml: usize, mu: usize, br: &mut [f64], bi: &mut [f64]) {
        let (ar, ai, ip) = (self.ar.as_ref(), self.ai.as_ref(), self.ip.as_ref());
        decsol::solbc(self.n, ar, ai, self.ld, ml, mu, br, bi, ip);
    }
}

/// Solves `E1 x = b` ([`RealLu::solve`]) and `E2 y = br + i bi` ([`ComplexLu::solve`]),
/// as the two calls one after the other give: two band matrices of one band go
/// through [`decsol::solb_group`], which interleaves the two substitutions.
#[inline(always)]
#[allow(unsafe_code)]
#[link_section = hot_path!(complex)]
pub fn solve_pair<A, P>(
    e1: &mut RealLu<A, P>,
    e2: &mut ComplexLu<A, P>,
    b: &mut [f64],
    br: &mut [f64],
    bi: &mut [f64],
) where
    A: AsRef<[f64]> + AsMut<[f64]>,
    P: AsRef<[usize]> + AsMut<[usize]>,
{
    match (&e1.kind, &e2.kind) {
        (RealKind::Fixed(_), ComplexKind::Fixed(k)) if e1.n == e2.n && k.pair.is_some() => {
            let n = e1.n;
            decsol::lengths((b.len() == n) & (br.len() == n) & (bi.len() == n));
            let real = (e1.a.as_ref(), b, e1.ip.as_ref());
            let complex = (e2.ar.as_ref(), e2.ai.as_ref(), br, bi, e2.ip.as_ref());
            if let Some(pair) = k.pair {
                pair(real, [complex]);
            }
        }
        (RealKind::Banded { ml, mu }, ComplexKind::Banded { ml: ml2, mu: mu2 })
            if (ml, mu, e1.n) == (ml2, mu2, e2.n) =>
        {
            solve_banded_pair(e1, e2, (*ml, *mu), b, br, bi);
        }
        _ => {
            e1.solve(b);
            e2.solve(br, bi);
        }
    }
}

/// How [`solve_group`] solves a real system beside two or three complex ones.
#[derive(Clone, Copy)]
pub(crate) enum Grouping {
    /// Dense matrices of an order with kernels for the group.
    Dense(GroupKernels),
    /// Band matrices of one band.
    Banded { ml: usize, mu: usize },
}

/// How `e1`'s system can be solved beside those of two or three `e2` ([`solve_group`]), if
/// it can: matrices of one order, dense ones of an order the kernels specialise or band
/// matrices of one band.
pub(crate) fn grouping<A, P>(e1: &RealLu<A, P>, e2: &[ComplexLu<A, P>]) -> Option<Grouping> {
    let n = e1.n;
    if !(2..=3).contains(&e2.len()) || e2.iter().any(|c| c.n != n) {
        return None;
    }
    match (&e1.kind, &e2[0].kind) {
        (RealKind::Fixed(_), ComplexKind::Fixed(k)) => k.groups.map(Grouping::Dense),
        (&RealKind::Banded { ml, mu }, _) => e2
            .iter()
            .all(|c| matches!(c.kind, ComplexKind::Banded { ml: l, mu: u } if (l, u) == (ml, mu)))
            .then_some(Grouping::Banded { ml, mu }),
        _ => None,
    }
}

/// Solves `E1 x = b` and `E2[k] y = br + i bi` for the two or three right-hand sides
/// `(br, bi)` that follow one another in `pairs` (`2 n` values each) as [`grouping`]
/// gives for these matrices, all the substitutions interleaved: the values are those of
/// the calls of [`RealLu::solve`] and [`ComplexLu::solve`] one after the other.
#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(complex)]
pub(crate) fn solve_group<A, P>(
    grouping: Grouping,
    e1: &RealLu<A, P>,
    e2: &[ComplexLu<A, P>],
    b: &mut [f64],
    pairs: &mut [f64],
) where
    A: AsRef<[f64]>,
    P: AsRef<[usize]>,
{
    let n = e1.n;
    decsol::lengths((b.len() == n) & (pairs.len() == 2 * n * e2.len()));
    let real = (e1.a.as_ref(), b, e1.ip.as_ref());
    let (br0, rest) = pairs.split_at_mut(n);
    let (bi0, rest) = rest.split_at_mut(n);
    let (br1, rest) = rest.split_at_mut(n);
    let (bi1, rest) = rest.split_at_mut(n);
    match (grouping, e2) {
        (Grouping::Dense(kernels), [c0, c1]) => {
            let s = [complex_system(c0, br0, bi0), complex_system(c1, br1, bi1)];
            (kernels.two)(real, s);
        }
        (Grouping::Dense(kernels), [c0, c1, c2]) => {
            let (br2, bi2) = rest.split_at_mut(n);
            let s = [
                complex_system(c0, br0, bi0),
                complex_system(c1, br1, bi1),
                complex_system(c2, br2, bi2),
            ];
            (kernels.three)(real, s);
        }
        (Grouping::Banded { ml, mu }, [c0, c1]) => {
            let s = [complex_system(c0, br0, bi0), complex_system(c1, br1, bi1)];
            decsol::solb_group(n, e1.ld, (ml, mu), real, s);
        }
        (Grouping::Banded { ml, mu }, [c0, c1, c2]) => {
            let (br2, bi2) = rest.split_at_mut(n);
            let s = [
                complex_system(c0, br0, bi0),
                complex_system(c1, br1, bi1),
                complex_system(c2, br2, bi2),
            ];
            decsol::solb_group(n, e1.ld, (ml, mu), real, s);
        }
        _ => unreachable!("grouping groups two or three systems"),
    }
}

/// The factors, right-hand side and pivots of `c`'s system, for the kernels.
#[inline(always)]
fn complex_system<'a, A: AsRef<[f64]>, P: AsRef<[usize]>>(
    c: &'a ComplexLu<A, P>,
    br: &'a mut [f64],
    bi: &'a mut [f64],
) -> decsol::ComplexSystem<'a> {
    (c.ar.as_ref(), c.ai.as_ref(), br, bi, c.ip.as_ref())
}

#[inline(never)]
#[allow(unsafe_code)]
#[link_section = hot_path!(complex)]
fn solve_banded_pair<A, P>(
    e1: &RealLu<A, P>,
    e2: &ComplexLu<A, P>,
    band: (usize, usize),
    b: &mut [f64],
    br: &mut [f64],
    bi: &mut [f64],
) where
    A: AsRef<[f64]>,
    P: AsRef<[usize]>,
{
    let real = (e1.a.as_ref(), b, e1.ip.as_ref());
    decsol::solb_group(e1.n, e1.ld, band, real, [complex_system(e2, br, bi)]);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A diagonally dominant test matrix with entries on a band of half-width `w`.
    fn entry(i: usize, j: usize, w: usize, seed: f64) -> f64 {
        if i.abs_diff(j) > w {
            0.0
        } else if i == j {
            4.0 + (i as f64 * seed).sin()
        } else {
            ((i * 7 + j * 3) as f64 * seed).cos()
        }
    }

    fn check_real(n: usize, w: usize, mut lu: RealLu, band: Option<(usize, usize)>) {
        let ld = lu.ld();
        let a = lu.matrix_mut();
        for j in 0..n {
            for i in 0..n {
                let v = entry(i, j, w, 0.37);
                match band {
                    None => a[i + j * ld] = v,
                    Some((ml, mu)) if i + mu >= j && i <= j + ml => a[ml + mu + i - j + j * ld] = v,
                    Some(_) => {}
                }
            }
        }
        lu.factor().unwrap();
        let x: Vec<f64> = (0..n).map(|i| 1.0 + i as f64 / 3.0).collect();
        let mut b: Vec<f64> = (0..n)
            .map(|i| (0..n).map(|j| entry(i, j, w, 0.37) * x[j]).sum())
            .collect();
        lu.solve(&mut b);
        for (bi, xi) in b.iter().zip(&x) {
            assert!((bi - xi).abs() < 1e-12, "n {n}: {bi} vs {xi}");
        }
    }

    fn check_complex(n: usize, w: usize, mut lu: ComplexLu, band: Option<(usize, usize)>) {
        let ld = lu.ld();
        let (ar, ai) = lu.matrix_mut();
        let re = |i: usize, j: usize| entry(i, j, w, 0.37);
        let im = |i: usize, j: usize| {
            if i.abs_diff(j) > w {
                0.0
            } else {
                0.5 * entry(i, j, w, 0.11)
            }
        };
        for j in 0..n {
            for i in 0..n {
                let k = match band {
                    None => i + j * ld,
                    Some((ml, mu)) if i + mu >= j && i <= j + ml => ml + mu + i - j + j * ld,
                    Some(_) => continue,
                };
                ar[k] = re(i, j);
                ai[k] = im(i, j);
            }
        }
        lu.factor().unwrap();
        let (xr, xi): (Vec<f64>, Vec<f64>) = (0..n)
            .map(|i| (1.0 + i as f64 / 3.0, 0.5 - i as f64 / 7.0))
            .unzip();
        let mut br = vec![0.0; n];
        let mut bi = vec![0.0; n];
        for i in 0..n {
            for j in 0..n {
                br[i] += re(i, j) * xr[j] - im(i, j) * xi[j];
                bi[i] += re(i, j) * xi[j] + im(i, j) * xr[j];
            }
        }
        lu.solve(&mut br, &mut bi);
        for i in 0..n {
            assert!(
                (br[i] - xr[i]).abs() < 1e-12 && (bi[i] - xi[i]).abs() < 1e-12,
                "n {n} i {i}"
            );
        }
    }

    #[test]
    fn dense_solves_real_and_complex_systems() {
        for n in [1, 2, 3, 8, 16, 17, 27, 40, 100] {
            check_real(n, n, RealLu::dense(n), None);
            check_complex(n, n, ComplexLu::dense(n), None);
        }
    }

    #[test]
    fn banded_solves_real_and_complex_systems() {
        for (n, ml, mu) in [
            (1, 0, 0),
            (5, 0, 0),
            (8, 2, 1),
            (8, 1, 2),
            (12, 0, 3),
            (12, 3, 0),
            (9, 4, 4),
        ] {
            let w = ml.min(mu);
            check_real(n, w, RealLu::banded(n, ml, mu), Some((ml, mu)));
            check_complex(n, w, ComplexLu::banded(n, ml, mu), Some((ml, mu)));
        }
    }

    #[test]
    fn singular_matrices_are_reported_with_their_stage() {
        // Rank 1: the second stage meets a zero pivot.
        let mut lu = RealLu::dense(3);
        let a = lu.matrix_mut();
        for j in 0..3 {
            for i in 0..3 {
                a[i + j * 3] = ((i + 1) * (j + 1)) as f64;
            }
        }
        assert_eq!(lu.factor(), Err(Singular { stage: 2 }));

        let mut lu = ComplexLu::dense(2);
        let (ar, _) = lu.matrix_mut();
        ar.copy_from_slice(&[1.0, 2.0, 2.0, 4.0]);
        assert_eq!(lu.factor(), Err(Singular { stage: 2 }));

        let mut lu = RealLu::banded(3, 1, 1);
        let ld = lu.ld();
        // Tridiagonal with a zero first column: the first stage fails.
        let a = lu.matrix_mut();
        for j in 0..3 {
            a[2 + j * ld] = if j == 0 { 0.0 } else { 1.0 };
            a[1 + j * ld] = 1.0;
        }
        assert_eq!(lu.factor(), Err(Singular { stage: 1 }));

        let n = 35;
        let mut lu = RealLu::dense(n);
        lu.matrix_mut().fill(1.0);
        assert!(lu.factor().is_err());
        let mut lu = ComplexLu::dense(n);
        lu.matrix_mut().0.fill(1.0);
        assert!(lu.factor().is_err());
    }

    /// DEC on a 3×3 matrix whose factors are computed by hand: pivots rows 2 then 3,
    /// multipliers stored negated below the diagonal, U on and above it.
    #[test]
    fn dec_gives_the_hand_computed_factors() {
        let mut a = [2.0, 4.0, -2.0, 1.0, 3.0, 1.0, 1.0, 1.0, 5.0];
        let mut ip = [0; 3];
        decsol::dec(3, &mut a, 3, &mut ip).unwrap();
        assert_eq!(&ip[..2], &[1, 2]);
        let expected = [4.0, -0.5, 0.5, 3.0, 2.5, 0.2, 1.0, 5.5, 1.6];
        for (x, e) in a.iter().zip(expected) {
            assert!((x - e).abs() < 1e-15, "{a:?}");
        }
        let mut b = [4.0, 8.0, 4.0];
        decsol::sol(3, &a, 3, &mut b, &ip);
        for x in b {
            assert!((x - 1.0).abs() < 1e-15);
        }
    }
}
