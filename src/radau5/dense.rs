//! Continuous output: the collocation polynomial of the last accepted step (CONTR5).
//!
//! The original keeps N, XSOL and HSOL in COMMON /CONRA5/, so CONTR5 works for one
//! integration at a time. Here they travel with the coefficients in [`DenseOutput`]:
//! anything that has it can evaluate the polynomial, whichever thread or nesting level
//! it is on.

/// `c1 - 1` and `c2 - 1` of the Radau IIA nodes `c = (4 ∓ √6)/10, 1`.
pub(crate) fn node_shifts() -> (f64, f64) {
    let sq6 = 6.0_f64.sqrt();
    let c1 = (4.0 - sq6) / 10.0;
    let c2 = (4.0 + sq6) / 10.0;
    (c1 - 1.0, c2 - 1.0)
}

/// The dense output of the last accepted step `[xold, x]`, as SOLOUT sees it.
#[derive(Debug, Clone, Copy)]
pub struct DenseOutput<'a> {
    /// CONT: the `4n` coefficients (LRC = 4N, as the original).
    cont: &'a [f64],
    n: usize,
    xsol: f64,
    hsol: f64,
}

impl<'a> DenseOutput<'a> {
    /// The polynomial of the step of length `hsol` ending at `xsol`, with the `4n`
    /// coefficients `cont`.
    pub(crate) fn new(cont: &'a [f64], xsol: f64, hsol: f64) -> Self {
        debug_assert_eq!(cont.len() % 4, 0);
        Self {
            cont,
            n: cont.len() / 4,
            xsol,
            hsol,
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

    /// The end point and length of the step (XSOL, HSOL of the original).
    pub(crate) fn step(&self) -> (f64, f64) {
        (self.xsol, self.hsol)
    }

    /// Component `i` (0-based) of the collocation polynomial at `x` (CONTR5). Meant for
    /// `x` in `[xold, x]` of the step; outside it the polynomial is extrapolated.
    pub fn eval(&self, i: usize, x: f64) -> f64 {
        let n = self.n;
        let (c1m1, c2m1) = node_shifts();
        let s = (x - self.xsol) / self.hsol;
        let c = self.cont;
        c[i] + s * (c[i + n] + (s - c2m1) * (c[i + 2 * n] + (s - c1m1) * c[i + 3 * n]))
    }
}
