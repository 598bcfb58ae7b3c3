//! The charge pump's reference diagram (issue 16): digits against work for stiffdae's
//! event-driven DDASKR driver (`fortran/pumpev.f`), the diagram solvers' pump runs of
//! `wpd.csv`, and the published Test Set 2.4 results as reference markers.
//!
//! Work is counted in steps, not seconds: the published results were timed on other
//! machines, while their step counts compare directly. Failed runs go into a strip
//! below, one row per solver, at -log10(tol).
//!
//! `cargo run --release -p stiffdae-bench -- pump [--out DIR]` redraws
//! `DIR/pump_events.{svg,png}` from `DIR/wpd.csv` (docs/wpd); `wpd` draws it too.

use crate::plot::{register_font, COLORS};
use plotters::coord::Shift;
use plotters::prelude::*;
use std::path::Path;

/// A published run of the IVP Test Set 2.4 (charge pump, Table II.15.1; scd over y1,
/// atol = Tol·1e-6 for y1..y5 and Tol for y6..y8, as `docs/baseline.md` quotes it).
struct Published {
    solver: &'static str,
    tol: f64,
    scd: f64,
    steps: f64,
}

const PUBLISHED: &[Published] = &[
    Published {
        solver: "DDASSL",
        tol: 1e-1,
        scd: 0.14,
        steps: 447.0,
    },
    Published {
        solver: "DDASSL",
        tol: 1e-3,
        scd: 16.00,
        steps: 983.0,
    },
    Published {
        solver: "DDASSL",
        tol: 1e-5,
        scd: 3.43,
        steps: 1737.0,
    },
    Published {
        solver: "DDASSL",
        tol: 1e-7,
        scd: 3.32,
        steps: 3059.0,
    },
    Published {
        solver: "GAMD",
        tol: 1e-7,
        scd: 4.75,
        steps: 870.0,
    },
    Published {
        solver: "PSIDE-1",
        tol: 1e-7,
        scd: 16.00,
        steps: 2425.0,
    },
    Published {
        solver: "BIMD",
        tol: 1e-7,
        scd: 16.00,
        steps: 1125.0,
    },
];

/// The published failures (Table II.15.2): DDASSL at these tolerances; RADAU5, RADAU,
/// MEBDFDAE and MEBDFI at every one.
const PUBLISHED_DDASSL_FAILS: [f64; 4] = [1e-2, 1e-3, 3.162e-5, 1e-8];

/// One run of a series: its tolerance, and scd and steps when it succeeded.
#[derive(Debug, Clone, PartialEq)]
pub struct Run {
    pub tol: f64,
    pub result: Option<(f64, f64)>,
}

/// The rows of `pumpev`'s table (`ffi-tests/expected/pumpev.txt`: what the driver
/// prints, with the original DDASKR and with libstiffdae alike, asserted by
/// `ffi-tests/tests/pump_events.rs`).
pub fn pumpev_runs(table: &str) -> Vec<Run> {
    table
        .lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let tol: f64 = f.first()?.parse().ok()?;
            let idid: i32 = f.get(1)?.parse().ok()?;
            let steps: f64 = f.get(3)?.parse().ok()?;
            let scd: f64 = f.get(10)?.parse().ok()?;
            Some(Run {
                tol,
                result: (idid > 0).then_some((scd, steps)),
            })
        })
        .collect()
}

/// The pump rows of the original codes' kit runs (`RESULT` lines of
/// `ffi-tests/expected/testset_original.txt`: the kit's drivers linked with the original
/// Fortran), one series per solver.
pub fn original_runs(results: &str) -> Vec<(String, Vec<Run>)> {
    let mut series: Vec<(String, Vec<Run>)> = Vec::new();
    for line in results.lines().filter(|l| l.starts_with("RESULT ")) {
        let field = |key: &str| {
            line.split_whitespace()
                .find_map(|f| f.strip_prefix(key)?.strip_prefix('='))
        };
        if field("problem") != Some("pump") {
            continue;
        }
        let (Some(solver), Some(Ok(tol)), Some(Ok(idid))) = (
            field("solver"),
            field("rtol").map(str::parse::<f64>),
            field("idid").map(str::parse::<i32>),
        ) else {
            continue;
        };
        let scd = field("scd").and_then(|v| v.parse::<f64>().ok());
        let steps = field("steps").and_then(|v| v.parse::<f64>().ok());
        let result = match (idid > 0, scd, steps) {
            (true, Some(scd), Some(steps)) if scd.is_finite() => Some((scd, steps)),
            _ => None,
        };
        let name = format!("original {solver} (kit driver)");
        let run = Run { tol, result };
        match series.iter_mut().find(|(s, _)| *s == name) {
            Some((_, runs)) => runs.push(run),
            None => series.push((name, vec![run])),
        }
    }
    series
}

/// The pump rows of `wpd.csv` per solver, in the file's order of solvers.
pub fn wpd_runs(csv: &str) -> Vec<(String, Vec<Run>)> {
    let mut series: Vec<(String, Vec<Run>)> = Vec::new();
    for line in csv.lines().skip(1) {
        let f: Vec<&str> = line.splitn(10, ',').collect();
        if f.len() < 10 || f[0] != "pump" {
            continue;
        }
        let Ok(tol) = f[2].parse::<f64>() else {
            continue;
        };
        let result = match (f[9], f[3].parse::<f64>(), f[5].parse::<f64>()) {
            ("ok", Ok(scd), Ok(steps)) => Some((scd, steps)),
            _ => None,
        };
        let run = Run { tol, result };
        match series.iter_mut().find(|(s, _)| s == f[1]) {
            Some((_, runs)) => runs.push(run),
            None => series.push((f[1].to_string(), vec![run])),
        }
    }
    series
}

/// Reads `dir/wpd.csv` and the pumpev table and writes `dir/pump_events.{svg,png}`.
pub fn diagram(dir: &Path) -> Result<(), String> {
    let read = |p: &Path| std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()));
    let csv = read(&dir.join("wpd.csv"))?;
    let pumpev =
        read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../ffi-tests/expected/pumpev.txt"))?;
    let originals = read(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../ffi-tests/expected/testset_original.txt"),
    )?;
    let mut series = vec![(
        "stiffdae DDASKR, events (pumpev.f)".to_string(),
        pumpev_runs(&pumpev),
    )];
    series.extend(wpd_runs(&csv));
    series.extend(original_runs(&originals));
    register_font()?;
    let svg = dir.join("pump_events.svg");
    draw(
        SVGBackend::new(&svg, (900, 700)).into_drawing_area(),
        &series,
    )?;
    let png = dir.join("pump_events.png");
    draw(
        BitMapBackend::new(&png, (900, 700)).into_drawing_area(),
        &series,
    )
}

fn draw<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    series: &[(String, Vec<Run>)],
) -> Result<(), String>
where
    DB::ErrorType: 'static,
{
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    root.fill(&WHITE).map_err(err)?;
    let (upper, lower) = root.split_vertically(500);
    let mut chart = ChartBuilder::on(&upper)
        .caption(
            "pump: steps against digits of y1 at t = 1.2e-6 (lower right is better)",
            ("sans-serif", 20),
        )
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(70)
        .build_cartesian_2d(-1.0..19.5, (100.0..10_000.0).log_scale())
        .map_err(err)?;
    chart
        .configure_mesh()
        .light_line_style(TRANSPARENT)
        .bold_line_style(RGBColor(225, 225, 225))
        .x_labels(21)
        .y_labels(20)
        .x_desc("scd of y1 (16: exact to the last bit)")
        .y_desc("steps (the published runs were timed elsewhere)")
        .x_label_formatter(&|v| format!("{v:.0}"))
        .y_label_formatter(&|v| format!("{v:.0}"))
        .draw()
        .map_err(err)?;
    for (k, (name, runs)) in series.iter().enumerate() {
        let color = COLORS[k % COLORS.len()];
        let points: Vec<(f64, f64)> = runs.iter().filter_map(|r| r.result).collect();
        let failed = runs.len() - points.len();
        let label = match failed {
            0 => name.clone(),
            _ => format!("{name} ({failed} of {} runs failed, below)", runs.len()),
        };
        let fill = color.filled();
        chart
            .draw_series(
                points
                    .into_iter()
                    .map(|xy| EmptyElement::at(xy) + Circle::new((0, 0), 5, fill)),
            )
            .map_err(err)?
            .label(label)
            .legend(move |(x, y)| Circle::new((x + 8, y), 5, fill));
    }
    let black = BLACK.stroke_width(2);
    chart
        .draw_series(PUBLISHED.iter().map(|p| {
            EmptyElement::at((p.scd, p.steps))
                + Rectangle::new([(-6, -6), (6, 6)], black)
                + Text::new(
                    format!("{} {:.0e}", p.solver, p.tol),
                    (9, -6),
                    ("sans-serif", 13),
                )
        }))
        .map_err(err)?
        .label("published, Test Set 2.4 (DDASSL, GAMD, PSIDE-1, BIMD)")
        .legend(move |(x, y)| Rectangle::new([(x + 2, y - 6), (x + 14, y + 6)], black));
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .position(SeriesLabelPosition::LowerMiddle)
        .draw()
        .map_err(err)?;
    failure_strip(lower, series)
}

/// One row per series with failures, and one for the published DDASSL's; crosses at
/// -log10(tol).
fn failure_strip<DB: DrawingBackend>(
    area: DrawingArea<DB, Shift>,
    series: &[(String, Vec<Run>)],
) -> Result<(), String>
where
    DB::ErrorType: 'static,
{
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    let mut rows: Vec<(String, RGBColor, Vec<f64>)> = series
        .iter()
        .enumerate()
        .map(|(k, (name, runs))| {
            let fails = runs
                .iter()
                .filter(|r| r.result.is_none())
                .map(|r| -r.tol.log10());
            (name.clone(), COLORS[k % COLORS.len()], fails.collect())
        })
        .collect();
    rows.push((
        "published DDASSL".into(),
        BLACK,
        PUBLISHED_DDASSL_FAILS.iter().map(|t| -t.log10()).collect(),
    ));
    let mut strip = ChartBuilder::on(&area)
        .margin_left(12)
        .margin_right(12)
        .x_label_area_size(30)
        .y_label_area_size(200)
        .build_cartesian_2d(-1.0..19.5, -0.5..(rows.len() as f64 - 0.5))
        .map_err(err)?;
    let names: Vec<String> = rows.iter().rev().map(|r| r.0.clone()).collect();
    let row_name = |y: &f64| {
        let i = y.round();
        if (y - i).abs() < 1e-6 && i >= 0.0 {
            names.get(i as usize).cloned().unwrap_or_default()
        } else {
            String::new()
        }
    };
    strip
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(rows.len() * 2 + 1)
        .y_label_formatter(&row_name)
        .light_line_style(TRANSPARENT)
        .bold_line_style(RGBColor(225, 225, 225))
        .x_labels(21)
        .x_label_formatter(&|v| format!("{v:.0}"))
        .x_desc("failed runs, at -log10(tol); RADAU5, RADAU, MEBDFDAE, MEBDFI fail at every published tol")
        .draw()
        .map_err(err)?;
    for (row, (_, color, fails)) in rows.iter().enumerate() {
        let y = rows.len() as f64 - 1.0 - row as f64;
        strip
            .draw_series(
                fails
                    .iter()
                    .map(|&x| Cross::new((x, y), 6, color.stroke_width(2))),
            )
            .map_err(err)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pumpev_table_gives_four_successful_runs() {
        let table = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../ffi-tests/expected/pumpev.txt"),
        )
        .expect("pumpev.txt");
        let runs = pumpev_runs(&table);
        let tols: Vec<f64> = runs.iter().map(|r| r.tol).collect();
        assert_eq!(tols, [1e-3, 1e-5, 1e-7, 1e-9]);
        assert!(runs
            .iter()
            .all(|r| r.result.is_some_and(|(scd, _)| scd > 15.0)));
    }

    #[test]
    fn the_original_kit_runs_fail_on_the_pump_where_the_report_says() {
        let results = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../ffi-tests/expected/testset_original.txt"),
        )
        .expect("testset_original.txt");
        let series = original_runs(&results);
        let ddassl = &series
            .iter()
            .find(|(s, _)| s == "original DDASSL (kit driver)")
            .expect("DDASSL's pump rows")
            .1;
        assert!(!ddassl.is_empty() && ddassl.iter().all(|r| r.result.is_none()));
    }

    #[test]
    fn wpd_rows_split_into_series_with_failures() {
        let csv = "problem,solver,tol,scd,mescd,steps,nf,njac,time_s,status\n\
                   pump,A,1.000e-4,2.294,2.299,180,1316,60,8.6e-4,ok\n\
                   hires,A,1.000e-4,0.7,2.9,38,295,20,8.3e-5,ok\n\
                   pump,A,1.000e-5,,,76,802,4,2.9e-4,IDID = -3: step size too small, h = 1e-23\n\
                   pump,B,1.000e-4,,,46,77,44,1e-4,IDID = -7\n";
        let s = wpd_runs(csv);
        assert_eq!(s.len(), 2);
        assert_eq!(s[0].1[0].result, Some((2.294, 180.0)));
        assert_eq!(s[0].1[1].result, None);
        assert_eq!(s[1].1.len(), 1);
    }
}
