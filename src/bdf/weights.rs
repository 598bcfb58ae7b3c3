//! Error weights from the tolerances (DDAWTS), the checks of the tolerances (statement
//! 200 of both drivers) and their increase when they are too small (label 520, IDID =
//! -2). The norms over the weights are each method's own (DDANRM, DDWNRM).

/// Sets `wt[i] = rtol_i·|y_i| + atol_i` (DDAWTS). The tolerances are scalars (element 0)
/// unless `vector` is set. Inline: the drivers call it after every step.
#[inline]
pub fn set_weights(vector: bool, rtol: &[f64], atol: &[f64], y: &[f64], wt: &mut [f64]) {
    let mut rtoli = rtol[0];
    let mut atoli = atol[0];
    for (i, (w, yi)) in wt.iter_mut().zip(y).enumerate() {
        if vector {
            rtoli = rtol[i];
            atoli = atol[i];
        }
        *w = rtoli * yi.abs() + atoli;
    }
}

/// What is wrong with RTOL and ATOL (statement 200).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ToleranceProblem {
    /// Some RTOL < 0.
    NegativeRtol,
    /// Some ATOL < 0.
    NegativeAtol,
    /// All RTOL and ATOL are zero.
    AllZero,
}

/// Checks `neq` tolerances (one of each unless `vector`) as statement 200 does, in its
/// order: the first negative value is reported, then whether all are zero. The caller
/// has checked that the arrays are long enough.
pub fn check_tolerances(
    vector: bool,
    rtol: &[f64],
    atol: &[f64],
    neq: usize,
) -> Result<(), ToleranceProblem> {
    let mut nonzero = false;
    let (mut rtoli, mut atoli) = (rtol[0], atol[0]);
    for i in 0..neq {
        if vector {
            rtoli = rtol[i];
            atoli = atol[i];
        }
        if rtoli > 0.0 || atoli > 0.0 {
            nonzero = true;
        }
        if rtoli < 0.0 {
            return Err(ToleranceProblem::NegativeRtol);
        }
        if atoli < 0.0 {
            return Err(ToleranceProblem::NegativeAtol);
        }
    }
    if !nonzero {
        return Err(ToleranceProblem::AllZero);
    }
    Ok(())
}

/// Multiplies the `neq` tolerances (one of each unless `vector`) by `r` (label 520: the
/// tolerances were too small for the machine precision, IDID = -2).
pub fn scale_tolerances(vector: bool, rtol: &mut [f64], atol: &mut [f64], neq: usize, r: f64) {
    let n = if vector { neq } else { 1 };
    for v in rtol[..n].iter_mut().chain(atol[..n].iter_mut()) {
        *v *= r;
    }
}
