//! What Hairer's codes of the RADAU family share: the linear algebra of `dc_decsol.f`
//! ([`linear`]), the finite-difference Jacobian of their step loops ([`jacobian`]), and
//! their messages in our words and in the original's ([`messages`]).

pub(crate) mod jacobian;
pub(crate) mod linear;
pub(crate) mod messages;

use crate::integrator::Tolerance;

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
