//! Root finding for event location: the leftmost zero crossing of a set of functions
//! `g_i(t)` in an interval `(t0, t1]`, by the Illinois algorithm as DROOTS of LSODAR and
//! DDASKR does it (Hiebert & Shampine, *Implicitly defined output points for solutions
//! of ODEs*, SAND80-0180, 1980).
//!
//! Only sign changes are found (roots of odd multiplicity). The functions are evaluated
//! through a closure, typically on the dense output of an integrator's last step, e.g.
//! RADAU5's [`DenseOutput`](crate::radau5::DenseOutput) from inside `solout`.

/// A located root.
#[derive(Debug, Clone, PartialEq)]
pub struct Root {
    /// The point returned: within `tol` to the right of the exact crossing.
    pub t: f64,
    /// Per function: `1` if it changes sign from negative to positive at `t`, `-1` if
    /// from positive to negative, `0` if it has no root there (DDASKR's JROOT).
    pub direction: Vec<i32>,
}

/// Sign changes between `a` and `b`: `(any change, a zero in b, index of the function
/// whose secant step is largest)`, as DROOTS chooses the function to iterate on.
fn changes(a: &[f64], b: &[f64]) -> (bool, bool, usize) {
    let (mut change, mut zero, mut imax, mut tmax) = (false, false, 0, 0.0);
    for (i, (&ga, &gb)) in a.iter().zip(b).enumerate() {
        if gb.abs() == 0.0 {
            zero = true;
        } else if ga.signum() != gb.signum() && ga != 0.0 {
            let t = (gb / (gb - ga)).abs();
            if !change || t > tmax {
                tmax = t;
                imax = i;
            }
            change = true;
        }
    }
    (change, zero, imax)
}

fn directions(a: &[f64], b: &[f64]) -> Vec<i32> {
    a.iter()
        .zip(b)
        .map(|(&ga, &gb)| {
            if ga.signum() != gb.signum() || (gb == 0.0 && ga != 0.0) {
                if ga < 0.0 || (ga == 0.0 && gb > 0.0) {
                    1
                } else {
                    -1
                }
            } else {
                0
            }
        })
        .collect()
}

/// Finds the leftmost sign change of `g` in `(t0, t1]` given `g0 = g(t0)` and
/// `g1 = g(t1)`, to within `tol` (DROOTS's HMIN; a few units of roundoff in t is
/// typical). `g(t, out)` evaluates all functions at `t`. Functions that are zero at
/// `t0` do not count there (a root at the initial point is reported by its caller).
/// Returns `None` when no function changes sign or vanishes in `(t0, t1]`.
pub fn locate(
    t0: f64,
    t1: f64,
    g0: &[f64],
    g1: &[f64],
    tol: f64,
    mut g: impl FnMut(f64, &mut [f64]),
) -> Option<Root> {
    let (change, zero, mut imax) = changes(g0, g1);
    if !change {
        return zero.then(|| Root {
            t: t1,
            direction: directions(g0, g1),
        });
    }
    let (mut x0, mut x1) = (t0, t1);
    let (mut lo, mut hi) = (g0.to_vec(), g1.to_vec());
    let mut gx = vec![0.0; g0.len()];
    // Illinois: halve the weight of the end point that stays fixed twice in a row.
    let (mut alpha, mut last_side) = (1.0, 0);
    while (x1 - x0).abs() > tol {
        let (a, b) = (lo[imax], hi[imax]);
        let mut x2 = x1 - (x1 - x0) * b / (b - alpha * a);
        // Keep the iterate at least tol/2 inside the interval, as DROOTS does.
        let margin = 0.5 * tol * (x1 - x0).signum();
        if ((x2 - x0) - margin) * (x1 - x0).signum() < 0.0 {
            x2 = x0 + margin;
        }
        if ((x1 - x2) - margin) * (x1 - x0).signum() < 0.0 {
            x2 = x1 - margin;
        }
        g(x2, &mut gx);
        let (change, zero, i) = changes(&lo, &gx);
        if change || zero {
            // The root lies in (x0, x2].
            if zero && !change {
                return Some(Root {
                    t: x2,
                    direction: directions(&lo, &gx),
                });
            }
            x1 = x2;
            hi.copy_from_slice(&gx);
            imax = i;
            alpha = if last_side == 1 { alpha * 0.5 } else { 1.0 };
            last_side = 1;
        } else {
            x0 = x2;
            lo.copy_from_slice(&gx);
            alpha = if last_side == -1 { alpha * 2.0 } else { 1.0 };
            last_side = -1;
        }
    }
    Some(Root {
        t: x1,
        direction: directions(&lo, &hi),
    })
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
}
