//! What Hairer's codes of the RADAU family share: the linear algebra of `dc_decsol.f`
//! ([`linear`]), the finite-difference Jacobian of their step loops ([`jacobian`]), and
//! their messages in our words and in the original's ([`messages`]).

pub(crate) mod jacobian;
pub(crate) mod linear;
pub(crate) mod messages;

use crate::hairer::messages::{tolerances_too_small, Refusal, Refusals};
use crate::integrator::Tolerance;

/// Adds the refusal `make` builds to `errors`: out of line and cold, so that the checks of
/// a valid call run through compact code with the messages' formatting elsewhere.
#[cold]
#[inline(never)]
pub(crate) fn refuse<R: Into<Refusal>>(errors: &mut Refusals, make: impl FnOnce() -> R) {
    errors.push(make());
}

/// The one refusal `make` builds, out of line and cold as [`refuse`].
#[cold]
#[inline(never)]
pub(crate) fn refused<R: Into<Refusal>>(make: impl FnOnce() -> R) -> Refusals {
    Refusals::one(make())
}

/// Storage of one call: up to `N` values on the stack, more on the heap (so that a
/// legacy call of the usual orders allocates nothing).
pub(crate) struct OnStack<T, const N: usize> {
    stack: [T; N],
    heap: Vec<T>,
}

impl<T: Copy + Default, const N: usize> OnStack<T, N> {
    #[allow(unsafe_code)]
    #[link_section = hot_path!(real)]
    pub fn new() -> Self {
        Self {
            stack: [T::default(); N],
            heap: Vec::new(),
        }
    }

    /// `len` values, `T::default()` on first use.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(real)]
    pub fn get(&mut self, len: usize) -> &mut [T] {
        if len <= N {
            &mut self.stack[..len]
        } else {
            self.heap.resize(len, T::default());
            &mut self.heap
        }
    }
}

/// RTOL and ATOL as a call reads them: ITOL = 0's one pair, or one per component
/// borrowed from the caller, so that a legacy call copies nothing.
#[derive(Debug, Clone, Copy)]
pub(crate) enum ToleranceRef<'t> {
    Scalar { rtol: f64, atol: f64 },
    Vector { rtol: &'t [f64], atol: &'t [f64] },
}

impl<'t> ToleranceRef<'t> {
    /// The tolerances of the safe API's [`Tolerance`].
    pub(crate) fn of(tol: &'t Tolerance) -> Self {
        match tol {
            Tolerance::Scalar { rtol, atol } => Self::Scalar {
                rtol: *rtol,
                atol: *atol,
            },
            Tolerance::Vector { rtol, atol } => Self::Vector { rtol, atol },
        }
    }

    /// The originals' RTOL/ATOL arrays: their first values for ITOL = 0, else the arrays.
    pub(crate) fn of_itol(itol: i32, rtol: &'t [f64], atol: &'t [f64]) -> Self {
        if itol == 0 {
            Self::Scalar {
                rtol: rtol[0],
                atol: atol[0],
            }
        } else {
            Self::Vector { rtol, atol }
        }
    }

    /// Whether there is one pair per component (ITOL = 1).
    pub(crate) fn is_vector(&self) -> bool {
        matches!(self, Self::Vector { .. })
    }

    /// RTOL and ATOL as the originals' arrays: one value each, or one per component.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(real)]
    pub(crate) fn arrays(&self) -> (&[f64], &[f64]) {
        match self {
            Self::Scalar { rtol, atol } => (std::slice::from_ref(rtol), std::slice::from_ref(atol)),
            Self::Vector { rtol, atol } => (rtol, atol),
        }
    }

    /// The checks RADAU5, RADAU and RODAS make ("CHECK AND CHANGE THE TOLERANCES", "CHECK
    /// IF TOLERANCES ARE O.K."): ATOL > 0 and RTOL > 10 UROUND, and here not NaN; a
    /// vector pair of the safe API has N components.
    #[allow(unsafe_code)]
    #[link_section = hot_path!(real)]
    pub(crate) fn check(&self, n: usize, uround: f64, errors: &mut Refusals) {
        let (rtol, atol) = self.arrays();
        if self.is_vector() && (rtol.len() != n || atol.len() != n) {
            refuse(errors, || {
                format!(
                    "RTOL and ATOL must have N = {n} components, have {} and {}",
                    rtol.len(),
                    atol.len()
                )
            });
        }
        for (i, (&r, &a)) in rtol.iter().zip(atol).enumerate() {
            if a <= 0.0 || r <= 10.0 * uround || a.is_nan() || r.is_nan() {
                refuse(errors, || tolerances_too_small(self.is_vector(), i, r, a));
            }
        }
    }
}

/// `x**n` for an INTEGER `n` as gfortran computes it (libgcc's `__powidf2`, whose
/// products compiler-builtins' `powi` repeats in the same order): the square-and-multiply
/// loop over the bits of `|n|`, then one division for `n < 0`. Here rather than through
/// `f64::powi`, so that RADAU5's and RADAU's Newton loop does not call into a far corner
/// of the library (a page fault on a program's first solve).
#[allow(unsafe_code)]
#[link_section = hot_path!(complex)]
pub(crate) fn powi(x: f64, n: i32) -> f64 {
    let mut base = x;
    let mut bits = n.unsigned_abs();
    let mut product = 1.0;
    loop {
        if bits & 1 != 0 {
            product *= base;
        }
        bits >>= 1;
        if bits == 0 {
            break;
        }
        base *= base;
    }
    if n < 0 {
        1.0 / product
    } else {
        product
    }
}

/// The 3-stage Radau IIA nodes `c1`, `c2` (`c3 = 1`) and the differences RADAU5 and
/// RADAU's 3-stage branch use: `c1 - 1`, `c2 - 1`, `c1 - c2`.
#[derive(Clone, Copy)]
pub(crate) struct Nodes3 {
    pub c1: f64,
    pub c2: f64,
    pub c1m1: f64,
    pub c2m1: f64,
    pub c1mc2: f64,
}

/// After an accepted 3-stage step: `y += z3` and the coefficients of the collocation
/// polynomial, CONT(N+1..4N) (RADAU5's and RADAU's NS = 3 loop after label 40, the same
/// operations in the same order). Separate vector parameters: the compiler then knows
/// they do not overlap.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(crate) fn collocation3(
    c: Nodes3,
    y: &mut [f64],
    [z1, z2, z3]: [&[f64]; 3],
    cont1: &mut [f64],
    cont2: &mut [f64],
    cont3: &mut [f64],
) {
    let n = y.len();
    let (z1, z2, z3) = (&z1[..n], &z2[..n], &z3[..n]);
    let (cont1, cont2, cont3) = (&mut cont1[..n], &mut cont2[..n], &mut cont3[..n]);
    for i in 0..n {
        y[i] += z3[i];
        let z2i = z2[i];
        let z1i = z1[i];
        cont1[i] = (z2i - z3[i]) / c.c2m1;
        let ak = (z1i - z2i) / c.c1mc2;
        let mut acont3 = z1i / c.c1;
        acont3 = (ak - acont3) / c.c2;
        cont2[i] = (ak - cont1[i]) / c.c1m1;
        cont3[i] = cont2[i] - acont3;
    }
}

/// Before a 3-stage step: the starting values `z` from the last step's collocation
/// polynomial `ak1..ak3` at the nodes scaled by `c3q = h/hold`, and `f = T⁻¹ z` with the
/// caller's `ti` (RADAU5's and RADAU's NS = 3 loop at label 20, the same operations in the
/// same order). Separate vector parameters: the compiler then knows they do not overlap.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(crate) fn extrapolate3(
    c: Nodes3,
    c3q: f64,
    ti: &[[f64; 3]; 3],
    [ak1, ak2, ak3]: [&[f64]; 3],
    z1: &mut [f64],
    z2: &mut [f64],
    z3: &mut [f64],
    f1: &mut [f64],
    f2: &mut [f64],
    f3: &mut [f64],
) {
    let n = ak1.len();
    let (ak2, ak3) = (&ak2[..n], &ak3[..n]);
    let (z1, z2, z3) = (&mut z1[..n], &mut z2[..n], &mut z3[..n]);
    let (f1, f2, f3) = (&mut f1[..n], &mut f2[..n], &mut f3[..n]);
    let c1q = c.c1 * c3q;
    let c2q = c.c2 * c3q;
    let (c1m1, c2m1) = (c.c1m1, c.c2m1);
    for i in 0..n {
        let (ak1, ak2, ak3) = (ak1[i], ak2[i], ak3[i]);
        let z1i = c1q * (ak1 + (c1q - c2m1) * (ak2 + (c1q - c1m1) * ak3));
        let z2i = c2q * (ak1 + (c2q - c2m1) * (ak2 + (c2q - c1m1) * ak3));
        let z3i = c3q * (ak1 + (c3q - c2m1) * (ak2 + (c3q - c1m1) * ak3));
        z1[i] = z1i;
        z2[i] = z2i;
        z3[i] = z3i;
        f1[i] = ti[0][0] * z1i + ti[0][1] * z2i + ti[0][2] * z3i;
        f2[i] = ti[1][0] * z1i + ti[1][1] * z2i + ti[1][2] * z3i;
        f3[i] = ti[2][0] * z1i + ti[2][1] * z2i + ti[2][2] * z3i;
    }
}

#[cfg(test)]
mod tests {
    use super::powi;
    use std::hint::black_box;

    #[test]
    fn powi_matches_the_builtin_to_the_bit() {
        for x in [0.37_f64, 0.99, 1.5, -2.25, 1e-3, 7.0e5, 0.0, -0.0] {
            for n in -12..=12 {
                let builtin = black_box(x).powi(black_box(n));
                assert_eq!(powi(x, n).to_bits(), builtin.to_bits(), "{x} ** {n}");
            }
        }
    }
}
