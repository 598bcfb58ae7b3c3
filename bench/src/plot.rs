//! One work-precision diagram per problem: scd on x, solver time on a log y axis, one
//! marker series per solver (colour and shape fixed per solver across the diagrams),
//! failed runs as crosses at -log10(tol) in a strip below the diagram, solvers that
//! cannot take the problem as "n/a" legend entries.

use crate::problems::TestProblem;
use crate::solvers::Solver;
use crate::Point;
use plotters::coord::Shift;
use plotters::prelude::*;
use std::path::Path;
use std::sync::OnceLock;

/// One colour per solver of [`Solver::all`], in its order (and per series of the pump's
/// reference diagram).
pub const COLORS: [RGBColor; 10] = [
    RGBColor(200, 30, 30),
    RGBColor(30, 90, 200),
    RGBColor(20, 150, 60),
    RGBColor(150, 60, 170),
    RGBColor(220, 140, 0),
    RGBColor(0, 160, 170),
    RGBColor(130, 80, 30),
    RGBColor(90, 90, 90),
    RGBColor(230, 90, 160),
    RGBColor(120, 160, 40),
];

/// plotters draws text with ab_glyph: register Debian's DejaVu Sans once.
pub fn register_font() -> Result<(), String> {
    static DONE: OnceLock<Result<(), String>> = OnceLock::new();
    DONE.get_or_init(|| {
        let path = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
        let bytes = std::fs::read(path)
            .map_err(|e| format!("{path}: {e} (apt-get install fonts-dejavu-core)"))?;
        plotters::style::register_font(
            "sans-serif",
            FontStyle::Normal,
            Box::leak(bytes.into_boxed_slice()),
        )
        .map_err(|_| format!("{path}: not a usable font"))
    })
    .clone()
}

/// The x range: every scd reached and every failed run's -log10(tol), widened to
/// whole digits.
fn x_range(pts: &[&Point]) -> (f64, f64) {
    let xs = pts.iter().map(|p| match p.accuracy {
        Some((scd, _)) => scd,
        None => -p.tol.log10(),
    });
    let (lo, hi) = xs.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), x| {
        (a.min(x), b.max(x))
    });
    if lo.is_finite() {
        (lo.floor() - 0.5, hi.ceil() + 0.5)
    } else {
        (0.0, 10.0)
    }
}

/// The y range of the successful runs' times, widened by a factor two either way.
fn y_range(ok: &[&&Point]) -> (f64, f64) {
    let (lo, hi) = ok
        .iter()
        .map(|p| p.time.max(1e-7))
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), t| {
            (a.min(t), b.max(t))
        });
    if lo.is_finite() {
        // Whole decades, so that the log axis always has labelled ticks.
        let decade = |t: f64, round: fn(f64) -> f64| 10f64.powf(round(t.log10()));
        (decade(lo / 1.5, f64::floor), decade(hi * 1.5, f64::ceil))
    } else {
        (1e-6, 1.0)
    }
}

/// Labels for the log time axis at 1, 2 and 5 times a power of ten only.
pub fn one_two_five(v: &f64) -> String {
    let mantissa = v / 10f64.powf(v.log10().floor());
    if [1.0, 2.0, 5.0].iter().any(|m| (mantissa - m).abs() < 1e-6) {
        format!("{v:.0e}")
    } else {
        String::new()
    }
}

fn draw<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    problem: &TestProblem,
    pts: &[&Point],
    solvers: &[Solver],
) -> Result<(), String>
where
    DB::ErrorType: 'static,
{
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    root.fill(&WHITE).map_err(err)?;
    let (upper, lower) = root.split_vertically(510);
    let ok: Vec<&&Point> = pts.iter().filter(|p| p.accuracy.is_some()).collect();
    let (xmin, xmax) = x_range(pts);
    let (tmin, tmax) = y_range(&ok);
    let mut chart = ChartBuilder::on(&upper)
        .caption(
            format!(
                "{}: solver time against accuracy (lower right is better)",
                problem.name
            ),
            ("sans-serif", 20),
        )
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(70)
        .build_cartesian_2d(xmin..xmax, (tmin..tmax).log_scale())
        .map_err(err)?;
    chart
        .configure_mesh()
        .light_line_style(TRANSPARENT)
        .bold_line_style(RGBColor(225, 225, 225))
        .x_labels(((xmax - xmin).round() as usize + 1).max(6))
        .y_labels(40)
        .x_desc("scd: significant correct digits at the end point")
        .y_desc("time per solve [s]")
        .x_label_formatter(&|v| format!("{v:.0}"))
        .y_label_formatter(&one_two_five)
        .draw()
        .map_err(err)?;
    let shown: Vec<(usize, Solver)> = Solver::all()
        .into_iter()
        .enumerate()
        .filter(|(_, s)| solvers.contains(s))
        .collect();
    for &(k, solver) in &shown {
        let color = COLORS[k % COLORS.len()];
        if !solver.takes(problem) {
            chart
                .draw_series(LineSeries::new(Vec::new(), color.mix(0.4)))
                .map_err(err)?
                .label(format!("{}: n/a ({})", solver.name(), solver.refusal()))
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color.mix(0.4)));
            continue;
        }
        let name = solver.name();
        // Markers only: scd is not monotonic in the tolerance, so a line through the
        // points in tolerance order zig-zags and reads as noise.
        let points: Vec<(f64, f64)> = ok
            .iter()
            .filter(|p| p.solver == name)
            .map(|p| (p.accuracy.map_or(0.0, |a| a.0), p.time.max(1e-7)))
            .collect();
        let runs = pts.iter().filter(|p| p.solver == name).count();
        let label = match runs - points.len() {
            0 => name.to_string(),
            failed => format!("{name} ({failed} of {runs} runs failed, below)"),
        };
        // Shapes differ as well as colours (diagrams are printed).
        let fill = color.filled();
        let series = match k % 3 {
            0 => chart.draw_series(
                points
                    .into_iter()
                    .map(|xy| EmptyElement::at(xy) + Circle::new((0, 0), 4, fill)),
            ),
            1 => chart.draw_series(
                points
                    .into_iter()
                    .map(|xy| EmptyElement::at(xy) + TriangleMarker::new((0, 0), 6, fill)),
            ),
            _ => chart.draw_series(
                points
                    .into_iter()
                    .map(|xy| EmptyElement::at(xy) + Rectangle::new([(-4, -4), (4, 4)], fill)),
            ),
        }
        .map_err(err)?;
        let legend_mark = move |(x, y): (i32, i32)| match k % 3 {
            0 => Circle::new((x + 8, y), 4, fill).into_dyn(),
            1 => TriangleMarker::new((x + 8, y), 6, fill).into_dyn(),
            _ => Rectangle::new([(x + 4, y - 4), (x + 12, y + 4)], fill).into_dyn(),
        };
        series.label(label).legend(legend_mark);
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .position(SeriesLabelPosition::UpperLeft)
        .draw()
        .map_err(err)?;
    failure_strip(lower, problem, pts, &shown, (xmin, xmax))
}

/// The strip under the diagram: one row per solver, a cross at -log10(tol) for every
/// run that failed (no accuracy, so no place on the time axis).
fn failure_strip<DB: DrawingBackend>(
    area: DrawingArea<DB, Shift>,
    problem: &TestProblem,
    pts: &[&Point],
    shown: &[(usize, Solver)],
    (xmin, xmax): (f64, f64),
) -> Result<(), String>
where
    DB::ErrorType: 'static,
{
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    let rows: Vec<&(usize, Solver)> = shown.iter().filter(|(_, s)| s.takes(problem)).collect();
    let mut strip = ChartBuilder::on(&area)
        .margin_left(12)
        .margin_right(12)
        .x_label_area_size(30)
        .y_label_area_size(70)
        .build_cartesian_2d(xmin..xmax, -0.5..(rows.len() as f64 - 0.5))
        .map_err(err)?;
    let names: Vec<&'static str> = rows.iter().rev().map(|(_, s)| s.name()).collect();
    let row_name = |y: &f64| {
        let i = y.round();
        if (y - i).abs() < 1e-6 && i >= 0.0 {
            names.get(i as usize).map_or(String::new(), |n| {
                n.split_whitespace().last().unwrap_or(n).to_string()
            })
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
        .x_labels(((xmax - xmin).round() as usize + 1).max(6))
        .x_label_formatter(&|v| format!("{v:.0}"))
        .x_desc("failed runs, at -log10(tol)")
        .draw()
        .map_err(err)?;
    for (row, &&(k, solver)) in rows.iter().enumerate() {
        let color = COLORS[k % COLORS.len()];
        let y = rows.len() as f64 - 1.0 - row as f64;
        let failed = pts
            .iter()
            .filter(|p| p.solver == solver.name() && p.accuracy.is_none());
        strip
            .draw_series(failed.map(|p| Cross::new((-p.tol.log10(), y), 6, color.stroke_width(2))))
            .map_err(err)?;
    }
    Ok(())
}

/// Writes `<problem>.svg` and `<problem>.png` into `dir`.
pub fn diagram(
    problem: &TestProblem,
    pts: &[&Point],
    solvers: &[Solver],
    dir: &Path,
) -> Result<(), String> {
    register_font()?;
    let svg = dir.join(format!("{}.svg", problem.name));
    draw(
        SVGBackend::new(&svg, (900, 680)).into_drawing_area(),
        problem,
        pts,
        solvers,
    )?;
    let png = dir.join(format!("{}.png", problem.name));
    draw(
        BitMapBackend::new(&png, (900, 680)).into_drawing_area(),
        problem,
        pts,
        solvers,
    )
}
