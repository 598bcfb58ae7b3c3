//! Comparisons that take the original's side when an operand is NaN.
//!
//! A Fortran `IF (A .GT. B) GO TO` is false for a NaN operand, so the original falls
//! through; writing the test the other way round in Rust would send a NaN down the other
//! branch. These helpers name the fall-through side.

use std::cmp::Ordering;

/// Whether the original's `IF (A .GT. B) GO TO` falls through: `a <= b`, or either is
/// NaN.
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn not_gt(a: f64, b: f64) -> bool {
    a.partial_cmp(&b) != Some(Ordering::Greater)
}

/// Whether the original's `IF (A .LE. B) GO TO` falls through: `a > b`, or either is NaN.
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn not_le(a: f64, b: f64) -> bool {
    !matches!(a.partial_cmp(&b), Some(Ordering::Less | Ordering::Equal))
}

#[cfg(test)]
mod tests {
    use super::{not_gt, not_le};

    #[test]
    fn nan_takes_the_fall_through_side() {
        assert!(not_gt(1.0, 2.0) && !not_gt(2.0, 1.0) && not_gt(f64::NAN, 1.0));
        assert!(not_le(2.0, 1.0) && !not_le(1.0, 1.0) && not_le(1.0, f64::NAN));
    }
}
