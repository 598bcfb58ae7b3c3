//! Work-precision diagrams of stiffdae (RADAU5, RADAU, RODAS, DASSL) against
//! SUNDIALS IDA (feature `ida`) and the Rust peers diffsol and differential-equations
//! (feature `peers`) on the Test Set problems.
//!
//! `cargo run --release -p stiffdae-bench --features ida,peers -- wpd [--problems a,b]
//! [--solvers a,b] [--step K] [--min-time S] [--out DIR]` runs every problem over the Test Set grid
//! rtol = atol = 10^-(4+m/4), m = 0..24 (every K-th m), times each point as the median
//! of repeats filling at least S seconds (0.2), and writes `wpd.csv`, one diagram per
//! problem (`<problem>.svg`, `<problem>.png`) and `summary.md` into DIR (docs/wpd).

mod dassl;
mod heat;
#[cfg(feature = "ida")]
mod ida;
#[cfg(feature = "peers")]
mod peers;
mod plot;
mod problems;
mod pump;
mod solvers;
mod summary;
mod throughput;

use problems::TestProblem;
use solvers::{Outcome, Solver};
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

/// One point of a diagram.
#[derive(Debug, Clone)]
pub struct Point {
    pub problem: &'static str,
    pub solver: &'static str,
    pub tol: f64,
    /// (scd, mescd) of a successful run.
    pub accuracy: Option<(f64, f64)>,
    pub outcome: Outcome,
    /// Median wall time of one solve, seconds.
    pub time: f64,
}

struct Args {
    problems: Vec<&'static str>,
    solvers: Vec<Solver>,
    step: usize,
    min_time: f64,
    out: PathBuf,
}

fn parse_args() -> Result<Args, String> {
    let mut it = std::env::args().skip(1);
    if it.next().as_deref() != Some("wpd") {
        return Err(
            "usage: stiffdae-bench wpd [--problems a,b] [--solvers a,b] [--step K] \
             [--min-time S] [--out DIR]"
                .into(),
        );
    }
    let mut args = Args {
        problems: problems::NAMES.to_vec(),
        solvers: Solver::all(),
        step: 1,
        min_time: 0.2,
        out: PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/wpd"),
    };
    while let Some(a) = it.next() {
        let v = it.next().ok_or(format!("{a} needs a value"))?;
        match a.as_str() {
            "--problems" => {
                args.problems = v
                    .split(',')
                    .map(|p| {
                        problems::NAMES
                            .iter()
                            .copied()
                            .find(|n| *n == p)
                            .ok_or(format!("unknown problem {p}"))
                    })
                    .collect::<Result<_, _>>()?
            }
            "--solvers" => {
                args.solvers = v
                    .split(',')
                    .map(|k| {
                        Solver::all()
                            .into_iter()
                            .find(|s| s.key() == k)
                            .ok_or(format!("unknown or disabled solver {k}"))
                    })
                    .collect::<Result<_, _>>()?
            }
            "--step" => args.step = v.parse().map_err(|e| format!("--step: {e}"))?,
            "--min-time" => args.min_time = v.parse().map_err(|e| format!("--min-time: {e}"))?,
            "--out" => args.out = PathBuf::from(v),
            _ => return Err(format!("unknown argument {a}")),
        }
    }
    Ok(args)
}

/// Runs one point: once for the result, then repeated for the timing.
fn measure(solver: Solver, p: &TestProblem, tol: f64, min_time: f64) -> Point {
    let start = Instant::now();
    let outcome = solver.run(p, tol);
    let first = start.elapsed().as_secs_f64();
    let mut times = vec![first];
    let budget = Instant::now();
    while budget.elapsed().as_secs_f64() + first < min_time && times.len() < 1_000_000 {
        let t = Instant::now();
        std::hint::black_box(solver.run(p, tol));
        times.push(t.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    let (rtol, atol, _) = p.tolerances(tol);
    let accuracy = outcome
        .y
        .as_ref()
        .map(|y| p.accuracy(y, &rtol, &atol))
        .filter(|(s, m)| s.is_finite() && m.is_finite());
    Point {
        problem: p.name,
        solver: solver.name(),
        tol,
        accuracy,
        outcome,
        time: times[times.len() / 2],
    }
}

fn main() {
    if std::env::args().nth(1).as_deref() == Some("pump") {
        let out = match std::env::args().skip(2).collect::<Vec<_>>().as_slice() {
            [] => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/wpd"),
            [flag, dir] if flag == "--out" => PathBuf::from(dir),
            _ => {
                eprintln!("usage: stiffdae-bench pump [--out DIR]");
                std::process::exit(2);
            }
        };
        if let Err(e) = pump::diagram(&out) {
            eprintln!("{e}");
            std::process::exit(1);
        }
        return;
    }
    if std::env::args().nth(1).as_deref() == Some("heat") {
        match heat::main(std::env::args().skip(2)) {
            Ok(true) => return,
            Ok(false) => std::process::exit(1),
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(2);
            }
        }
    }
    if std::env::args().nth(1).as_deref() == Some("throughput") {
        if let Err(e) = throughput::main(std::env::args().skip(2)) {
            eprintln!("{e}");
            std::process::exit(2);
        }
        return;
    }
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    std::fs::create_dir_all(&args.out).expect("create the output directory");
    let grid: Vec<f64> = (0..=24)
        .step_by(args.step.max(1))
        .map(|m| 10f64.powf(-(4.0 + m as f64 / 4.0)))
        .collect();
    let grid = &grid;
    let problems: Vec<TestProblem> = args.problems.iter().map(|n| TestProblem::load(n)).collect();
    let solvers = &args.solvers;
    let jobs: Vec<(usize, Solver, f64)> = problems
        .iter()
        .enumerate()
        .flat_map(|(i, p)| {
            solvers
                .iter()
                .copied()
                .filter(|s| s.takes(p))
                .flat_map(move |s| grid.iter().map(move |&t| (i, s, t)))
        })
        .collect();
    let mut points = Vec::with_capacity(jobs.len());
    for (k, &(i, solver, tol)) in jobs.iter().enumerate() {
        let done = (k + 1) * 40 / jobs.len();
        eprint!(
            "\r[{}{}] {}/{} {} {} {tol:.1e}      ",
            "#".repeat(done),
            " ".repeat(40 - done),
            k + 1,
            jobs.len(),
            problems[i].name,
            solver.name()
        );
        points.push(measure(solver, &problems[i], tol, args.min_time));
    }
    eprintln!();
    let mut csv = std::fs::File::create(args.out.join("wpd.csv")).expect("create wpd.csv");
    writeln!(
        csv,
        "problem,solver,tol,scd,mescd,steps,nf,njac,time_s,status"
    )
    .expect("write");
    for p in &points {
        let (scd, mescd) = p.accuracy.map_or((String::new(), String::new()), |(s, m)| {
            (format!("{s:.3}"), format!("{m:.3}"))
        });
        let status = match (&p.outcome.failure, p.accuracy) {
            (Some(why), _) => why.replace(',', ";"),
            (None, Some(_)) => "ok".into(),
            (None, None) => "success reported; non-finite solution".into(),
        };
        writeln!(
            csv,
            "{},{},{:.3e},{scd},{mescd},{},{},{},{:.6e},{status}",
            p.problem, p.solver, p.tol, p.outcome.steps, p.outcome.nf, p.outcome.njac, p.time
        )
        .expect("write");
    }
    for prob in &problems {
        let pts: Vec<&Point> = points.iter().filter(|p| p.problem == prob.name).collect();
        plot::diagram(prob, &pts, &args.solvers, &args.out)
            .unwrap_or_else(|e| eprintln!("{}: plot failed: {e}", prob.name));
    }
    if args.problems.contains(&"pump") {
        pump::diagram(&args.out).unwrap_or_else(|e| eprintln!("pump_events: {e}"));
    }
    let table = summary::table(&problems, &points, &args.solvers);
    std::fs::write(args.out.join("summary.md"), &table).expect("write summary.md");
    println!("{table}");
}
