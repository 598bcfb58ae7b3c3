//! Continuous output: the collocation polynomial of the last accepted step (CONTR5).
//!
//! The original keeps N, XSOL and HSOL in COMMON /CONRA5/, so CONTR5 works for one
//! integration at a time. Here they travel with the coefficients: the buffer handed to
//! SOLOUT holds the `4n` coefficients (LRC = 4N, as the original) followed by
//! [`TRAILER`] values `xsol, hsol, tag`. Anything that has the buffer can evaluate the
//! polynomial, whichever thread or nesting level it is on.

/// Number of values stored after the `4n` coefficients.
pub(crate) const TRAILER: usize = 3;

/// Marks a buffer as written by this library, so a foreign array passed to `contr5_`
/// is detected instead of silently evaluated.
pub(crate) const TAG: f64 = 5.0e-309_f64;

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
    buffer: &'a [f64],
    n: usize,
}

impl<'a> DenseOutput<'a> {
    /// Wraps a coefficient buffer of length `4n + TRAILER`.
    pub(crate) fn new(buffer: &'a [f64], n: usize) -> Self {
        debug_assert_eq!(buffer.len(), 4 * n + TRAILER);
        Self { buffer, n }
    }

    /// Reads a buffer handed out by SOLOUT back, given its LRC; `None` when the
    /// buffer was not written by this library (wrong length or tag).
    pub(crate) fn from_buffer(buffer: &'a [f64], lrc: usize) -> Option<Self> {
        if lrc == 0 || lrc % 4 != 0 || buffer.len() != lrc + TRAILER {
            return None;
        }
        (buffer[lrc + 2].to_bits() == TAG.to_bits()).then_some(Self { buffer, n: lrc / 4 })
    }

    /// The number of components.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The buffer as handed to a Fortran SOLOUT (CONT; its first `4n` entries).
    pub(crate) fn as_ptr(&self) -> *const f64 {
        self.buffer.as_ptr()
    }

    /// Component `i` (0-based) of the collocation polynomial at `x` (CONTR5). Meant for
    /// `x` in `[xold, x]` of the step; outside it the polynomial is extrapolated.
    pub fn eval(&self, i: usize, x: f64) -> f64 {
        let n = self.n;
        let (c1m1, c2m1) = node_shifts();
        let xsol = self.buffer[4 * n];
        let hsol = self.buffer[4 * n + 1];
        let s = (x - xsol) / hsol;
        let c = self.buffer;
        c[i] + s * (c[i + n] + (s - c2m1) * (c[i + 2 * n] + (s - c1m1) * c[i + 3 * n]))
    }
}
