//! The summary table: per problem and peer, stiffdae's time over the peer's at equal
//! scd (both curves interpolated in log time over the scd range they share), and where
//! each solver failed.

use crate::problems::TestProblem;
use crate::solvers::Solver;
use crate::Point;

/// `(scd, ln time)` of a solver's successful points, sorted by scd.
fn curve(pts: &[&Point]) -> Vec<(f64, f64)> {
    let mut c: Vec<(f64, f64)> = pts
        .iter()
        .filter_map(|p| p.accuracy.map(|a| (a.0, p.time.max(1e-9).ln())))
        .collect();
    c.sort_by(|a, b| a.0.total_cmp(&b.0));
    c.dedup_by(|a, b| a.0 == b.0);
    c
}

/// Linear interpolation of a sorted curve at `x` (inside its range).
pub fn interpolate(c: &[(f64, f64)], x: f64) -> Option<f64> {
    let i = c.windows(2).position(|w| w[0].0 <= x && x <= w[1].0)?;
    let ((x0, y0), (x1, y1)) = (c[i], c[i + 1]);
    Some(if x1 == x0 {
        y0
    } else {
        y0 + (y1 - y0) * (x - x0) / (x1 - x0)
    })
}

/// time(ours)/time(peer) at equal scd over the shared scd range.
#[derive(Debug, Clone, PartialEq)]
pub struct Ratio {
    /// Geometric mean over the shared range.
    pub mean: f64,
    pub min: f64,
    pub max: f64,
    /// The scd intervals (first and last sample) where ours is slower (ratio > 1).
    pub slower: Vec<(f64, f64)>,
}

/// The ratio sampled at 21 equidistant scd values of the shared range, or `None` when
/// the ranges do not overlap.
pub fn ratio(ours: &[(f64, f64)], peer: &[(f64, f64)]) -> Option<Ratio> {
    let lo = ours.first()?.0.max(peer.first()?.0);
    let hi = ours.last()?.0.min(peer.last()?.0);
    if hi <= lo {
        return None;
    }
    let samples: Vec<(f64, f64)> = (0..=20)
        .filter_map(|k| {
            let x = lo + (hi - lo) * k as f64 / 20.0;
            Some((x, (interpolate(ours, x)? - interpolate(peer, x)?).exp()))
        })
        .collect();
    if samples.is_empty() {
        return None;
    }
    let mean = (samples.iter().map(|s| s.1.ln()).sum::<f64>() / samples.len() as f64).exp();
    let mut slower: Vec<(f64, f64)> = Vec::new();
    let mut previous_slow = false;
    for &(x, r) in &samples {
        match (r > 1.0, previous_slow, slower.last_mut()) {
            (true, true, Some(last)) => last.1 = x,
            (true, _, _) => slower.push((x, x)),
            _ => {}
        }
        previous_slow = r > 1.0;
    }
    Some(Ratio {
        mean,
        min: samples.iter().map(|s| s.1).fold(f64::INFINITY, f64::min),
        max: samples.iter().map(|s| s.1).fold(0.0, f64::max),
        slower,
    })
}

fn fmt_ratio(r: f64) -> String {
    if r < 0.1 {
        format!("{r:.1e}")
    } else {
        format!("{r:.2}")
    }
}

/// One table cell: "mean (min–max)", and the scd intervals where ours is slower.
fn cell(r: Option<Ratio>) -> String {
    match r {
        None => "no common scd range".into(),
        Some(r) => {
            let mut c = format!(
                "{} ({}–{})",
                fmt_ratio(r.mean),
                fmt_ratio(r.min),
                fmt_ratio(r.max)
            );
            if !r.slower.is_empty() {
                let at: Vec<String> = r
                    .slower
                    .iter()
                    .map(|(a, b)| {
                        if a == b {
                            format!("{a:.1}")
                        } else {
                            format!("{a:.1}–{b:.1}")
                        }
                    })
                    .collect();
                c.push_str(&format!("; slower at scd {}", at.join(", ")));
            }
            c
        }
    }
}

/// The Markdown summary: one row per problem and solver. The ratio columns give, for
/// each of stiffdae's integrators, its time over the row's solver at equal scd (<1:
/// stiffdae faster).
pub fn table(problems: &[TestProblem], points: &[Point], solvers_all: &[Solver]) -> String {
    let ours: Vec<&Solver> = solvers_all.iter().filter(|s| s.is_ours()).collect();
    let mut out = String::from("| problem | solver | points ok/run | scd range |");
    for s in &ours {
        out.push_str(&format!(" {} / solver: mean (min–max) |", s.name()));
    }
    out.push_str(" failures (tol) |\n|---|---|---|---|");
    out.push_str(&"---|".repeat(ours.len() + 1));
    out.push('\n');
    for p in problems {
        let pts: Vec<&Point> = points.iter().filter(|q| q.problem == p.name).collect();
        let mut solvers: Vec<&str> = pts.iter().map(|q| q.solver).collect();
        solvers.dedup();
        let of = |name: &str| -> Vec<&Point> {
            pts.iter().copied().filter(|q| q.solver == name).collect()
        };
        for s in solvers {
            let mine = of(s);
            let c = curve(&mine);
            let range = match (c.first(), c.last()) {
                (Some(a), Some(b)) => format!("{:.1} – {:.1}", a.0, b.0),
                _ => "–".into(),
            };
            let ok = mine.iter().filter(|q| q.accuracy.is_some()).count();
            out.push_str(&format!(
                "| {} | {s} | {ok}/{} | {range} |",
                p.name,
                mine.len()
            ));
            for o in &ours {
                let theirs = of(o.name());
                let r = if o.name() == s || theirs.is_empty() {
                    "–".into()
                } else {
                    cell(ratio(&curve(&theirs), &c))
                };
                out.push_str(&format!(" {r} |"));
            }
            let failures: Vec<String> = mine
                .iter()
                .filter(|q| q.accuracy.is_none())
                .map(|q| format!("{:.0e}", q.tol))
                .collect();
            out.push_str(&format!(
                " {} |\n",
                if failures.is_empty() {
                    "none".into()
                } else {
                    failures.join(" ")
                }
            ));
        }
        for s in solvers_all.iter().filter(|s| !s.takes(p)) {
            out.push_str(&format!(
                "| {} | {} | n/a: {} | |{} |\n",
                p.name,
                s.name(),
                s.refusal(),
                " |".repeat(ours.len())
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratio_at_equal_scd_of_parallel_curves() {
        // Ours doubles its time every 2 digits (4√2 s at 3 digits), the peer takes 3 s at
        // 3 digits and 6 s at 5: the ratio is 4√2/3 everywhere in the common range.
        let ours = [(2.0, 4.0f64.ln()), (4.0, 8.0f64.ln()), (6.0, 16.0f64.ln())];
        let peer = [(3.0, 3.0f64.ln()), (5.0, 6.0f64.ln())];
        let r = ratio(&ours, &peer).unwrap();
        let expect = 4.0 * 2f64.sqrt() / 3.0;
        for v in [r.mean, r.min, r.max] {
            assert!((v - expect).abs() < 1e-9, "{r:?}");
        }
        assert_eq!(r.slower, [(3.0, 5.0)]);
        assert_eq!(ratio(&ours, &[(7.0, 0.0), (8.0, 1.0)]), None);
        assert_eq!(
            interpolate(&ours, 3.0),
            Some((4.0f64.ln() + 8.0f64.ln()) / 2.0)
        );
    }

    #[test]
    fn slower_range_where_the_curves_cross() {
        // Ours: 1 s at scd 0 to 4 s at scd 2 (2^scd); the peer: 2.1 s flat. They cross at
        // scd log2(2.1) = 1.07, so of the samples 0, 0.1, ..., 2 ours is slower from 1.1.
        let ours = [(0.0, 0.0), (2.0, 4.0f64.ln())];
        let peer = [(0.0, 2.1f64.ln()), (2.0, 2.1f64.ln())];
        let r = ratio(&ours, &peer).unwrap();
        assert!((r.min - 1.0 / 2.1).abs() < 1e-9 && (r.max - 4.0 / 2.1).abs() < 1e-9);
        assert!((r.mean - 2.0 / 2.1).abs() < 1e-9, "{r:?}");
        let [(a, b)] = r.slower[..] else {
            panic!("{r:?}")
        };
        assert!((a - 1.1).abs() < 1e-9 && (b - 2.0).abs() < 1e-9, "{a} {b}");
    }
}
