//! What Hairer's codes of the RADAU family share: the linear algebra of `dc_decsol.f`
//! ([`linear`]), the finite-difference Jacobian of their step loops ([`jacobian`]), and
//! their messages in our words and in the original's ([`messages`]).

pub(crate) mod jacobian;
pub(crate) mod linear;
pub(crate) mod messages;

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
