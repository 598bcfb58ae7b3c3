//! Fortran's MIN and MAX as gfortran -O2 compiles them for REAL*8, one `minsd`/`maxsd`
//! each: which operand comes back on NaN is the compiled original's, so a step-size chain
//! that meets NaN goes where the original's goes.

/// `MAX` as gfortran compiles it (`maxsd`): `a > b ? a : b`, so `b` when either is NaN.
/// The sites pass as `b` the operand the original's `maxsd` returns on NaN (read off
/// its code); where `b` is never NaN this is `a.max(b)`, in one instruction instead of
/// the five of NaN-aware `f64::max` on the step-size chain.
#[inline(always)]
pub(crate) fn fmax(a: f64, b: f64) -> f64 {
    if a > b {
        a
    } else {
        b
    }
}

/// `MIN` as gfortran compiles it (`minsd`): `a < b ? a : b`, so `b` when either is NaN
/// (see [`fmax`]).
#[inline(always)]
pub(crate) fn fmin(a: f64, b: f64) -> f64 {
    if a < b {
        a
    } else {
        b
    }
}
