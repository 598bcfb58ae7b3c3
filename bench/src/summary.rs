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

/// Geometric mean of time(ours)/time(peer) at equal scd over the shared scd range
/// (sampled at 20 points), or `None` when the ranges do not overlap.
pub fn ratio(ours: &[(f64, f64)], peer: &[(f64, f64)]) -> Option<f64> {
    let lo = ours.first()?.0.max(peer.first()?.0);
    let hi = ours.last()?.0.min(peer.last()?.0);
    if hi <= lo {
        return None;
    }
    let samples: Vec<f64> = (0..=20)
        .filter_map(|k| {
            let x = lo + (hi - lo) * k as f64 / 20.0;
            Some(interpolate(ours, x)? - interpolate(peer, x)?)
        })
        .collect();
    (!samples.is_empty()).then(|| (samples.iter().sum::<f64>() / samples.len() as f64).exp())
}

pub fn table(problems: &[TestProblem], points: &[Point], solvers_all: &[Solver]) -> String {
    let mut out = String::from("| problem | solver | points ok/run | scd range | time ratio stiffdae/peer at equal scd (per stiffdae solver) | failures (tol) |\n|---|---|---|---|---|---|\n");
    for p in problems {
        let pts: Vec<&Point> = points.iter().filter(|q| q.problem == p.name).collect();
        let mut solvers: Vec<&str> = pts.iter().map(|q| q.solver).collect();
        solvers.dedup();
        // One curve per stiffdae solver; a peer is compared with each that overlaps it.
        let ours: Vec<(&str, Vec<(f64, f64)>)> =
            [("RADAU5", "stiffdae RADAU5"), ("DASSL", "stiffdae DASSL")]
                .into_iter()
                .map(|(short, name)| {
                    let own: Vec<&Point> =
                        pts.iter().copied().filter(|q| q.solver == name).collect();
                    (short, curve(&own))
                })
                .collect();
        for s in solvers {
            let mine: Vec<&Point> = pts.iter().copied().filter(|q| q.solver == s).collect();
            let c = curve(&mine);
            let range = match (c.first(), c.last()) {
                (Some(a), Some(b)) => format!("{:.1} – {:.1}", a.0, b.0),
                _ => "–".into(),
            };
            let r = if s.starts_with("stiffdae") {
                "–".into()
            } else {
                let ratios: Vec<String> = ours
                    .iter()
                    .filter_map(|(short, oc)| {
                        let r = ratio(oc, &c)?;
                        Some(if r < 0.1 {
                            format!("{short} {r:.1e}")
                        } else {
                            format!("{short} {r:.2}")
                        })
                    })
                    .collect();
                if ratios.is_empty() {
                    "no common scd range".into()
                } else {
                    ratios.join(", ")
                }
            };
            let failures: Vec<String> = mine
                .iter()
                .filter(|q| q.accuracy.is_none())
                .map(|q| format!("{:.0e}", q.tol))
                .collect();
            let ok = mine.iter().filter(|q| q.accuracy.is_some()).count();
            out.push_str(&format!(
                "| {} | {s} | {ok}/{} | {range} | {r} | {} |\n",
                p.name,
                mine.len(),
                if failures.is_empty() {
                    "none".into()
                } else {
                    failures.join(" ")
                }
            ));
        }
        for s in solvers_all.iter().filter(|s| !s.takes(p)) {
            out.push_str(&format!(
                "| {} | {} | n/a: {} | | | |\n",
                p.name,
                s.name(),
                s.refusal()
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
        assert!((r - 4.0 * 2f64.sqrt() / 3.0).abs() < 1e-9, "{r}");
        assert_eq!(ratio(&ours, &[(7.0, 0.0), (8.0, 1.0)]), None);
        assert_eq!(
            interpolate(&ours, 3.0),
            Some((4.0f64.ln() + 8.0f64.ln()) / 2.0)
        );
    }
}
