//! What the modified Newton iterations of DDASTP and DNEDD/DNSD share: the limits a
//! driver hands a step, the iteration count and the convergence-rate estimate
//! (Brenan, Campbell & Petzold 1996, §5.2.2). The iterations themselves stay in each
//! method's folder: their operation orders differ.

/// Newton iterations per attempt (DDASTP's and DNEDD's MAXIT).
pub const MAX_NEWTON: i32 = 4;

/// Fixed inputs of a step.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StepLimits {
    /// Smallest step size allowed (HMIN).
    pub hmin: f64,
    /// Unit roundoff.
    pub uround: f64,
    /// Newton convergence constant: 0.33 (DDASTP's literal, DDASKR's RWORK(13) EPCON).
    pub epcon: f64,
    /// Whether to enforce a nonnegative solution (DDASSL's INFO(10) = 1, DDASKR's
    /// INFO(10) = 2 or 3).
    pub nonneg: bool,
}

/// The convergence rate after `m` iterations, from the first correction's norm `oldnrm`
/// and the latest `delnrm`: `(DELNRM/OLDNRM)**(1/M)`.
pub fn rate(delnrm: f64, oldnrm: f64, m: i32) -> f64 {
    (delnrm / oldnrm).powf(1.0 / f64::from(m))
}
