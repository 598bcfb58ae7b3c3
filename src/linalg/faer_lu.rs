//! Dense LU through faer for orders where it beats the `decsol` kernels. The scratch
//! memory is allocated once per matrix; factor and solve do not allocate.

use faer::dyn_stack::{MemBuffer, MemStack, StackReq};
use faer::linalg::lu::partial_pivoting::{factor, solve};
use faer::perm::PermRef;
use faer::traits::ComplexField;
use faer::{c64, Mat, MatMut, MatRef, Par};

use super::Singular;

/// Permutation and scratch of one factorisation.
struct Pivots {
    n: usize,
    fwd: Vec<usize>,
    inv: Vec<usize>,
    mem: MemBuffer,
}

impl Pivots {
    fn new<T: ComplexField>(n: usize) -> Self {
        let req = StackReq::any_of(&[
            factor::lu_in_place_scratch::<usize, T>(n, n, Par::Seq, Default::default()),
            solve::solve_in_place_scratch::<usize, T>(n, 1, Par::Seq),
        ]);
        Self {
            n,
            fwd: vec![0; n],
            inv: vec![0; n],
            mem: MemBuffer::new(req),
        }
    }

    fn factor<T: ComplexField>(&mut self, lu: MatMut<'_, T>) {
        factor::lu_in_place(
            lu,
            &mut self.fwd,
            &mut self.inv,
            Par::Seq,
            MemStack::new(&mut self.mem),
            Default::default(),
        );
    }

    fn solve<T: ComplexField>(&mut self, lu: MatRef<'_, T>, rhs: MatMut<'_, T>) {
        let perm = PermRef::new_checked(&self.fwd, &self.inv, self.n);
        solve::solve_in_place(lu, lu, perm, rhs, Par::Seq, MemStack::new(&mut self.mem));
    }
}

/// The first zero or non-finite pivot of the diagonal of U (faer does not report them).
fn check_pivots(pivots: impl Iterator<Item = f64>) -> Result<(), Singular> {
    match pivots
        .enumerate()
        .find(|(_, p)| *p == 0.0 || !p.is_finite())
    {
        Some((k, _)) => Err(Singular { stage: k + 1 }),
        None => Ok(()),
    }
}

/// Real dense LU; the matrix is factored in the caller's column-major storage.
pub(super) struct FaerRealLu {
    piv: Pivots,
    rhs: Mat<f64>,
}

impl FaerRealLu {
    pub fn new(n: usize) -> Self {
        Self {
            piv: Pivots::new::<f64>(n),
            rhs: Mat::zeros(n, 1),
        }
    }

    pub fn factor(&mut self, a: &mut [f64]) -> Result<(), Singular> {
        let n = self.piv.n;
        let mut lu = MatMut::from_column_major_slice_mut(a, n, n);
        self.piv.factor(lu.as_mut());
        check_pivots((0..n).map(|k| lu[(k, k)]))
    }

    pub fn solve(&mut self, a: &[f64], b: &mut [f64]) {
        let n = self.piv.n;
        assert_eq!(b.len(), n, "right-hand side of order n");
        let lu = MatRef::from_column_major_slice(a, n, n);
        for (i, v) in b.iter().enumerate() {
            self.rhs[(i, 0)] = *v;
        }
        self.piv.solve(lu, self.rhs.as_mut());
        for (i, v) in b.iter_mut().enumerate() {
            *v = self.rhs[(i, 0)];
        }
    }
}

/// Complex dense LU; the split storage is copied into an owned `c64` matrix.
pub(super) struct FaerComplexLu {
    piv: Pivots,
    lu: Mat<c64>,
    rhs: Mat<c64>,
}

impl FaerComplexLu {
    pub fn new(n: usize) -> Self {
        Self {
            piv: Pivots::new::<c64>(n),
            lu: Mat::zeros(n, n),
            rhs: Mat::zeros(n, 1),
        }
    }

    pub fn factor(&mut self, ar: &[f64], ai: &[f64]) -> Result<(), Singular> {
        let n = self.piv.n;
        for j in 0..n {
            for i in 0..n {
                self.lu[(i, j)] = c64::new(ar[i + j * n], ai[i + j * n]);
            }
        }
        self.piv.factor(self.lu.as_mut());
        check_pivots((0..n).map(|k| {
            let p = self.lu[(k, k)];
            p.re.abs() + p.im.abs()
        }))
    }

    pub fn solve(&mut self, br: &mut [f64], bi: &mut [f64]) {
        let n = self.piv.n;
        for i in 0..n {
            self.rhs[(i, 0)] = c64::new(br[i], bi[i]);
        }
        self.piv.solve(self.lu.as_ref(), self.rhs.as_mut());
        for i in 0..n {
            br[i] = self.rhs[(i, 0)].re;
            bi[i] = self.rhs[(i, 0)].im;
        }
    }
}
