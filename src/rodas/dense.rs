//! Continuous output: the interpolant of the last accepted step (CONTRO).
//!
//! The original keeps XOLD, H and N in COMMON /CONROS/, so CONTRO works for one
//! integration at a time. Here they travel with the coefficients in [`DenseOutput`]:
//! anything that has it can evaluate the interpolant, whichever thread or nesting level
//! it is on.

/// The dense output of the last accepted step `[xold, xold + h]`, as SOLOUT sees it.
#[derive(Debug, Clone, Copy)]
pub struct DenseOutput<'a> {
    /// CONT: the `4n` coefficients (LRC = 4N, as the original).
    cont: &'a [f64],
    n: usize,
    xold: f64,
    h: f64,
}

impl<'a> DenseOutput<'a> {
    /// The interpolant of the step of length `h` starting at `xold`, with the `4n`
    /// coefficients `cont`.
    pub(crate) fn new(cont: &'a [f64], xold: f64, h: f64) -> Self {
        debug_assert_eq!(cont.len() % 4, 0);
        Self {
            cont,
            n: cont.len() / 4,
            xold,
            h,
        }
    }

    /// The number of components.
    pub fn n(&self) -> usize {
        self.n
    }

    /// CONT as handed to a Fortran SOLOUT.
    pub(crate) fn as_ptr(&self) -> *const f64 {
        self.cont.as_ptr()
    }

    /// The start point and length of the step (XOLD, H of /CONROS/).
    pub(crate) fn step(&self) -> (f64, f64) {
        (self.xold, self.h)
    }

    /// Component `i` (0-based) of the interpolant at `x` (CONTRO). Meant for `x` in
    /// `[xold, xold + h]`; outside it the polynomial is extrapolated.
    pub fn eval(&self, i: usize, x: f64) -> f64 {
        let n = self.n;
        let c = self.cont;
        let s = (x - self.xold) / self.h;
        c[i] * (1.0 - s) + s * (c[i + n] + (1.0 - s) * (c[i + 2 * n] + s * c[i + 3 * n]))
    }
}
