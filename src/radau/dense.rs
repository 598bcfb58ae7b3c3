//! Continuous output: the collocation polynomial of the last accepted step (CONTRA).
//!
//! The original keeps N, NS, XSOL, HSOL and the nodes in COMMON /WEIGHT/, so CONTRA
//! works for one integration at a time. Here they travel with the coefficients in
//! [`DenseOutput`].

/// The dense output of the last accepted step `[xold, x]`, as SOLOUT sees it.
#[derive(Debug, Clone, Copy)]
pub struct DenseOutput<'a> {
    /// CONT: the `(ns + 1)·n` coefficients (LRC of the original).
    cont: &'a [f64],
    n: usize,
    ns: usize,
    xsol: f64,
    hsol: f64,
    /// The nodes `c_0 = 0, c_1, …, c_ns = 1` of the step's method.
    c: [f64; 8],
}

impl<'a> DenseOutput<'a> {
    /// The polynomial of the `ns`-stage step of length `hsol` ending at `xsol`, with
    /// the `(ns + 1)·n` coefficients `cont` and the nodes `c`.
    pub(crate) fn new(cont: &'a [f64], ns: usize, xsol: f64, hsol: f64, c: [f64; 8]) -> Self {
        Self {
            cont,
            n: cont.len() / (ns + 1),
            ns,
            xsol,
            hsol,
            c,
        }
    }

    /// The number of components.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The number of stages of the step (the degree of the polynomial).
    pub fn stages(&self) -> usize {
        self.ns
    }

    /// CONT as handed to a Fortran SOLOUT, and LRC.
    pub(crate) fn coefficients(&self) -> &'a [f64] {
        self.cont
    }

    /// What CONTRA needs besides CONT: NS, XSOL, HSOL and the nodes.
    pub(crate) fn step(&self) -> (usize, f64, f64, [f64; 8]) {
        (self.ns, self.xsol, self.hsol, self.c)
    }

    /// Component `i` (0-based) of the collocation polynomial at `x` (CONTRA). Meant
    /// for `x` in `[xold, x]` of the step; outside it the polynomial is extrapolated.
    pub fn eval(&self, i: usize, x: f64) -> f64 {
        let (n, ns, c) = (self.n, self.ns, &self.c);
        let s = (x - self.xsol) / self.hsol + 1.0;
        let mut v = self.cont[i + ns * n];
        for k in (0..ns).rev() {
            v = self.cont[i + k * n] + (s - c[ns - k]) * v;
        }
        v
    }
}
