//! The TOUT/TSTOP logic the two drivers share: the initial step size, its fit to HMAX and
//! TSTOP, the answers a continuation call finds without a step, and the last step cut to
//! end at TSTOP (DDASSL/DDASKR statements 300-490 and 527-560).

use super::compare::not_le;
use super::outcome::Success;

/// H reduced to at most HMAX in size (`RH = ABS(H)/HMAX; IF(RH .GT. 1.0D0) H = H/RH`).
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn limit_by_hmax(h: f64, hmax: f64) -> f64 {
    let rh = h.abs() / hmax;
    if rh > 1.0 {
        h / rh
    } else {
        h
    }
}

/// The initial step size when the user gives none (statement 310): a thousandth of the
/// distance to TOUT, at most half the inverse of the weighted norm of y', towards TOUT.
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn initial_step(tdist: f64, ypnorm: f64, direction: f64) -> f64 {
    let mut h0 = 0.001 * tdist;
    if ypnorm > 0.5 / h0 {
        h0 = 0.5 / ypnorm;
    }
    h0.copysign(direction)
}

/// TSTOP on the wrong side (INFO(4) = 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TstopProblem {
    /// TSTOP behind T (message 15).
    BehindT,
    /// TSTOP behind TOUT (message 9).
    BehindTout,
}

/// The first step `h0` from `t0` checked against TSTOP and cut so as not to pass it
/// (statement 330).
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn fit_first_step(t0: f64, tout: f64, tstop: f64, h0: f64) -> Result<f64, TstopProblem> {
    if (tstop - t0) * h0 < 0.0 {
        return Err(TstopProblem::BehindT);
    }
    let h0 = if (t0 + h0 - tstop) * h0 > 0.0 {
        tstop - t0
    } else {
        h0
    };
    if (tstop - tout) * h0 < 0.0 {
        return Err(TstopProblem::BehindTout);
    }
    Ok(h0)
}

/// TSTOP checked on a continuation call at TN with step size `h` (labels 430-440).
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn check_tstop(tn: f64, tstop: f64, tout: f64, h: f64) -> Result<(), TstopProblem> {
    if (tn - tstop) * h > 0.0 {
        return Err(TstopProblem::BehindT);
    }
    if (tstop - tout) * h < 0.0 {
        return Err(TstopProblem::BehindTout);
    }
    Ok(())
}

/// The answer a continuation call finds without a step (labels 410-425, 440-445): with
/// one step per call (`each_step`) the step past T already taken (IDID = 1, at TN) or TOUT
/// passed (IDID = 3); else TOUT passed. TN at or past TOUT (`.GE.`) interpolates to TOUT.
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn answer_without_step(
    each_step: bool,
    t: f64,
    tn: f64,
    tout: f64,
    h: f64,
) -> Option<(f64, Success)> {
    if each_step {
        if (tn - t) * h <= 0.0 {
            None
        } else if (tn - tout) * h >= 0.0 {
            Some((tout, Success::Tout))
        } else {
            Some((tn, Success::Step))
        }
    } else if (tn - tout) * h < 0.0 {
        None
    } else {
        Some((tout, Success::Tout))
    }
}

/// The step size that ends the next step from TN at TSTOP, when a step of `h` would
/// pass it (`IF((TNEXT-TSTOP)*H .LE. 0.0D0) GO TO`, so a NaN cuts, as the original).
#[allow(unsafe_code)]
#[link_section = hot_path!(bdf)]
pub fn clip_to_tstop(tn: f64, h: f64, tstop: f64) -> Option<f64> {
    let tnext = tn + h;
    not_le((tnext - tstop) * h, 0.0).then_some(tstop - tn)
}
