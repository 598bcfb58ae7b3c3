//! One work-precision diagram per problem: scd on x, solver time on a log y axis, one
//! line per solver (colours fixed per solver across the diagrams), failed runs as
//! crosses on the x axis at -log10(tol), solvers that cannot take the problem as "n/a"
//! legend entries.

use crate::problems::TestProblem;
use crate::solvers::Solver;
use crate::Point;
use plotters::coord::Shift;
use plotters::prelude::*;
use std::path::Path;
use std::sync::OnceLock;

const COLORS: [RGBColor; 6] = [
    RGBColor(200, 30, 30),
    RGBColor(30, 90, 200),
    RGBColor(20, 150, 60),
    RGBColor(150, 60, 170),
    RGBColor(220, 140, 0),
    RGBColor(0, 160, 170),
];

/// plotters draws text with ab_glyph: register Debian's DejaVu Sans once.
fn register_font() -> Result<(), String> {
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
    let ok: Vec<&&Point> = pts.iter().filter(|p| p.accuracy.is_some()).collect();
    let xs = ok.iter().map(|p| p.accuracy.map_or(0.0, |a| a.0)).chain(
        pts.iter()
            .filter(|p| p.accuracy.is_none())
            .map(|p| -p.tol.log10()),
    );
    let (xmin, xmax) = xs.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), x| {
        (a.min(x), b.max(x))
    });
    let times = ok.iter().map(|p| p.time.max(1e-7));
    let (tmin, tmax) = times.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), t| {
        (a.min(t), b.max(t))
    });
    let (tmin, tmax) = if tmin.is_finite() {
        (tmin / 2.0, tmax * 2.0)
    } else {
        (1e-6, 1.0)
    };
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!("{}: work-precision", problem.name),
            ("sans-serif", 24),
        )
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(70)
        .build_cartesian_2d(
            (xmin.floor() - 0.5)..(xmax.ceil() + 0.5),
            (tmin..tmax).log_scale(),
        )
        .map_err(err)?;
    chart
        .configure_mesh()
        .light_line_style(TRANSPARENT)
        .x_desc("scd (significant correct digits); x on the axis: failed run at -log10(tol)")
        .y_desc("time per solve [s]")
        .y_label_formatter(&|v| format!("{v:.0e}"))
        .draw()
        .map_err(err)?;
    let shown = Solver::all()
        .into_iter()
        .enumerate()
        .filter(|(_, s)| solvers.contains(s));
    for (k, solver) in shown {
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
        let line: Vec<(f64, f64)> = ok
            .iter()
            .filter(|p| p.solver == name)
            .map(|p| (p.accuracy.map_or(0.0, |a| a.0), p.time.max(1e-7)))
            .collect();
        let runs = pts.iter().filter(|p| p.solver == name).count();
        let label = match runs - line.len() {
            0 => name.to_string(),
            failed => format!("{name} ({failed} of {runs} runs failed)"),
        };
        // Segment by segment: a polyline's miter joins spike where the curve turns back
        // (scd is not monotonic in the tolerance).
        chart
            .draw_series(
                line.windows(2)
                    .map(|w| PathElement::new(w.to_vec(), color.stroke_width(2))),
            )
            .map_err(err)?
            .label(label)
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2))
            });
        chart
            .draw_series(
                line.into_iter()
                    .map(|xy| Circle::new(xy, 3, color.filled())),
            )
            .map_err(err)?;
        // One row of crosses per solver, so that simultaneous failures stay visible.
        let row = tmin * 1.25f64.powi(k as i32 + 1);
        let failed = pts
            .iter()
            .filter(|p| p.solver == name && p.accuracy.is_none());
        chart
            .draw_series(
                failed.map(|p| Cross::new((-p.tol.log10(), row), 6, color.stroke_width(2))),
            )
            .map_err(err)?;
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .position(SeriesLabelPosition::UpperLeft)
        .draw()
        .map_err(err)?;
    root.present().map_err(err)
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
        SVGBackend::new(&svg, (900, 600)).into_drawing_area(),
        problem,
        pts,
        solvers,
    )?;
    let png = dir.join(format!("{}.png", problem.name));
    draw(
        BitMapBackend::new(&png, (900, 600)).into_drawing_area(),
        problem,
        pts,
        solvers,
    )
}
