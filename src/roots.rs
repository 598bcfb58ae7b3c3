//! Root finding for event location: the leftmost zero crossing of a set of functions
//! `g_i(t)` in an interval `(t0, t1]`, by the Illinois algorithm as DROOTS of LSODAR and
//! DDASKR does it (Hiebert & Shampine, *Implicitly defined output points for solutions
//! of ODEs*, SAND80-0180, 1980).
//!
//! Only sign changes are found (roots of odd multiplicity). The functions are evaluated
//! through a closure, typically on the dense output of an integrator's last step, e.g.
//! RADAU5's [`DenseOutput`](crate::radau5::DenseOutput) from inside `solout`.

use std::cmp::Ordering;

/// A located root.
#[derive(Debug, Clone, PartialEq)]
pub struct Root {
    /// The point returned: within `tol` to the right of the exact crossing.
    pub t: f64,
    /// Per function: `1` if it changes sign from negative to positive at `t`, `-1` if
    /// from positive to negative, `0` if it has no root there (DDASKR's JROOT).
    pub direction: Vec<i32>,
}

/// How a search of DROOTS ended (its JFLAG on return).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Outcome {
    /// JFLAG = 2: a sign change was located at `x` (within `hmin` of the crossing).
    Found(f64),
    /// JFLAG = 3: no sign change, but some function is exactly zero at the right end.
    ZeroAtEnd(f64),
    /// JFLAG = 4: nothing in the interval.
    None(f64),
}

/// `SIGN(1.0D0, v)`: ±1 with the sign bit of `v`.
fn sign1(v: f64) -> f64 {
    1.0_f64.copysign(v)
}

/// Evaluations after which the iteration is cut short. The Illinois iteration needs a
/// few dozen; the original has no bound, and loops for ever only when a secant point is
/// NaN (an infinite function value) while a function keeps changing sign there.
const MAX_ITERATIONS: usize = 500;

/// Among the functions not zero at the new end, the one whose secant step towards `r0`
/// is largest, if any changes sign; and whether any is zero there (DROOTS 110-140).
/// The comparisons take the original's side on NaN: a NaN value counts as zero
/// (`ABS(R) .GT. ZERO` is false) and a NaN secant ratio is taken (`T2 .LE. TMAX` is
/// false), as is every ratio after it.
fn strongest_change(r0: &[f64], r: &[f64]) -> (Option<usize>, bool) {
    let (mut imax, mut tmax, mut zroot) = (None, 0.0, false);
    for (i, (&a, &b)) in r0.iter().zip(r).enumerate() {
        if b.abs() > 0.0 {
            if sign1(a) != sign1(b) {
                let t2 = (b / (b - a)).abs();
                if !matches!(
                    t2.partial_cmp(&tmax),
                    Some(Ordering::Less | Ordering::Equal)
                ) {
                    tmax = t2;
                    imax = Some(i);
                }
            }
        } else {
            zroot = true;
        }
    }
    (imax, zroot)
}

/// Finds the leftmost root in `(x0, x1]` of functions with values `r0` at `x0` (none
/// of them zero) and `r1` at `x1`, to within `hmin`, by the Illinois algorithm exactly as
/// DDASKR's DROOTS does it (Hiebert & Shampine 1980). `eval(x, rx)` evaluates all
/// functions at `x`. On return `x0`, `x1`, `r0`, `r1` hold the final bracket (as the
/// original leaves them), `rx` the values at the returned point and `jroot` the JROOT
/// directions (set for [`Outcome::Found`] and [`Outcome::ZeroAtEnd`]).
#[allow(clippy::too_many_arguments)]
pub fn search(
    hmin: f64,
    x0: &mut f64,
    x1: &mut f64,
    r0: &mut [f64],
    r1: &mut [f64],
    rx: &mut [f64],
    jroot: &mut [i32],
    mut eval: impl FnMut(f64, &mut [f64]),
) -> Outcome {
    let (first, zroot) = strongest_change(r0, r1);
    let Some(mut imax) = first else {
        rx.copy_from_slice(r1);
        if !zroot {
            return Outcome::None(*x1);
        }
        for (j, (&a, &b)) in jroot.iter_mut().zip(r0.iter().zip(r1.iter())) {
            *j = if b.abs() == 0.0 { -sign1(a) as i32 } else { 0 };
        }
        return Outcome::ZeroAtEnd(*x1);
    };
    let mut xroot = false;
    let mut nxlast = 0;
    let mut last = 1;
    let mut alpha = 1.0;
    let mut iterations = 0;
    while !xroot && iterations < MAX_ITERATIONS {
        iterations += 1;
        // Statements 150-180: the secant point, with the end point that stayed twice
        // weighted down (Illinois), kept hmin/2 inside the interval.
        if nxlast == last {
            alpha = if last != 0 { 0.5 * alpha } else { 2.0 * alpha };
        } else {
            alpha = 1.0;
        }
        let mut x2 = *x1 - (*x1 - *x0) * r1[imax] / (r1[imax] - alpha * r0[imax]);
        let fracsub = |x0: f64, x1: f64| {
            let fracint = (x1 - x0).abs() / hmin;
            if fracint > 5.0 {
                0.1
            } else {
                0.5 / fracint
            }
        };
        if (x2 - *x0).abs() < 0.5 * hmin {
            x2 = *x0 + fracsub(*x0, *x1) * (*x1 - *x0);
        }
        if (*x1 - x2).abs() < 0.5 * hmin {
            x2 = *x1 - fracsub(*x0, *x1) * (*x1 - *x0);
        }
        eval(x2, rx);
        // Statements 200-270: which side of x2 the sign change is on.
        let (change, zero) = strongest_change(r0, rx);
        nxlast = last;
        if let Some(i) = change {
            imax = i;
            *x1 = x2;
            r1.copy_from_slice(rx);
            last = 1;
            xroot = false;
        } else if zero {
            *x1 = x2;
            r1.copy_from_slice(rx);
            xroot = true;
        } else {
            r0.copy_from_slice(rx);
            *x0 = x2;
            last = 0;
            xroot = false;
        }
        if (*x1 - *x0).abs() <= hmin {
            xroot = true;
        }
    }
    // Statement 300: x1 is the root.
    rx.copy_from_slice(r1);
    for (j, (&a, &b)) in jroot.iter_mut().zip(r0.iter().zip(r1.iter())) {
        *j = if b.abs() == 0.0 {
            -sign1(a) as i32
        } else if sign1(a) != sign1(b) {
            sign1(b - a) as i32
        } else {
            0
        };
    }
    Outcome::Found(*x1)
}

/// Finds the leftmost sign change of `g` in `(t0, t1]` given `g0 = g(t0)` and
/// `g1 = g(t1)`, to within `tol` (DROOTS's HMIN; a few units of roundoff in t is
/// typical), by [`search`]. `g(t, out)` evaluates all functions at `t`. Functions that
/// are zero at `t0` do not count there (a root at the initial point is reported by its
/// caller). Returns `None` when no function changes sign or vanishes in `(t0, t1]`, or a
/// value is not finite.
pub fn locate(
    t0: f64,
    t1: f64,
    g0: &[f64],
    g1: &[f64],
    tol: f64,
    mut g: impl FnMut(f64, &mut [f64]),
) -> Option<Root> {
    let finite = |v: &[f64]| v.iter().all(|x| x.is_finite());
    if !finite(g0) || !finite(g1) {
        return None;
    }
    let n = g0.len();
    let (mut x0, mut x1) = (t0, t1);
    // A function zero at t0 takes the sign it has just after t0, so that it is not
    // reported again at t0 and a later sign change still counts.
    let r0_values: Vec<f64> = g0
        .iter()
        .zip(g1)
        .map(|(&a, &b)| {
            if a == 0.0 {
                b.abs().max(f64::MIN_POSITIVE).copysign(b)
            } else {
                a
            }
        })
        .collect();
    let (mut r0, mut r1, mut rx) = (r0_values, g1.to_vec(), vec![0.0; n]);
    let mut jroot = vec![0; n];
    let mut all_finite = true;
    let outcome = search(
        tol,
        &mut x0,
        &mut x1,
        &mut r0,
        &mut r1,
        &mut rx,
        &mut jroot,
        |t, out| {
            g(t, out);
            all_finite &= finite(out);
        },
    );
    match outcome {
        Outcome::Found(t) | Outcome::ZeroAtEnd(t) if all_finite => Some(Root {
            t,
            direction: jroot,
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leftmost_root_and_its_direction() {
        // g1 = t - 0.3 (rising at 0.3), g2 = 0.7 - t (falling at 0.7): the leftmost is 0.3.
        let g = |t: f64, out: &mut [f64]| {
            out[0] = t - 0.3;
            out[1] = 0.7 - t;
        };
        let (mut g0, mut g1) = ([0.0; 2], [0.0; 2]);
        g(0.0, &mut g0);
        g(1.0, &mut g1);
        let r = locate(0.0, 1.0, &g0, &g1, 1e-12, g).unwrap();
        assert!((r.t - 0.3).abs() <= 1e-12, "{}", r.t);
        assert!(r.t >= 0.3 - 1e-15);
        assert_eq!(r.direction, vec![1, 0]);
    }

    #[test]
    fn nonlinear_root_is_found_to_the_tolerance() {
        let g = |t: f64, out: &mut [f64]| out[0] = (3.0 * t).cos();
        let (mut g0, mut g1) = ([0.0], [0.0]);
        g(0.0, &mut g0);
        g(1.0, &mut g1);
        let r = locate(0.0, 1.0, &g0, &g1, 1e-13, g).unwrap();
        assert!((r.t - std::f64::consts::FRAC_PI_6).abs() < 1e-12, "{}", r.t);
        assert_eq!(r.direction, vec![-1]);
    }

    #[test]
    fn no_change_no_root_and_exact_zero_at_the_end() {
        let g = |t: f64, out: &mut [f64]| out[0] = t * t + 1.0;
        assert_eq!(locate(0.0, 1.0, &[1.0], &[2.0], 1e-12, g), None);
        let r = locate(0.0, 1.0, &[-1.0], &[0.0], 1e-12, |_, _| unreachable!()).unwrap();
        assert_eq!((r.t, r.direction), (1.0, vec![1]));
    }

    #[test]
    fn works_backwards_in_time() {
        let g = |t: f64, out: &mut [f64]| out[0] = t + 0.25;
        let r = locate(0.0, -1.0, &[0.25], &[-0.75], 1e-12, g).unwrap();
        assert!((r.t + 0.25).abs() <= 1e-12, "{}", r.t);
    }

    /// DROOTS takes NaN as "not greater than zero": a NaN at the right end is a root
    /// there with no direction, and `locate` (the safe helper) reports nothing.
    #[test]
    fn nan_counts_as_zero_as_in_droots() {
        let (mut x0, mut x1) = (0.0, 1.0);
        let (mut r0, mut r1, mut rx) = (vec![1.0, -2.0], vec![f64::NAN, -1.0], vec![0.0; 2]);
        let mut jroot = vec![9; 2];
        let out = search(
            1e-12,
            &mut x0,
            &mut x1,
            &mut r0,
            &mut r1,
            &mut rx,
            &mut jroot,
            |_, _| unreachable!("no iteration without a sign change"),
        );
        assert_eq!(out, Outcome::ZeroAtEnd(1.0));
        assert_eq!(jroot, [0, 0]);
        assert_eq!(
            locate(0.0, 1.0, &[1.0], &[f64::NAN], 1e-12, |_, _| {}),
            None
        );
    }
}
