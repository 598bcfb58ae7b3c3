//! The main job: every Test Set problem of the kit through libstiffdae, as the original
//! codes are run in fortran-baseline.md, printed as a run table with the baseline's
//! statistics beside ours.
//!
//! `cargo run --release -p ffi-tests --bin testset [-- --solver radau5|ddassl]
//! [--problem NAME] [--tol X] [--repeat N]`. With `--repeat N` every run is repeated N
//! times and the median of the drivers' solver time is printed (the benchmark).

use ffi_tests::{baseline, run_kit, within_one_percent, Solver};

const PROBLEMS: &[&str] = &[
    "hires", "vdpol", "pollu", "rober", "transamp", "andrews", "caraxis", "wheel", "pump",
];

struct Args {
    solvers: Vec<Solver>,
    problems: Vec<String>,
    tols: Option<Vec<f64>>,
    repeat: usize,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        solvers: vec![Solver::Radau5, Solver::Ddassl, Solver::Ddaskr],
        problems: PROBLEMS.iter().map(|s| s.to_string()).collect(),
        tols: None,
        repeat: 1,
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let mut value = || it.next().ok_or(format!("{a} needs a value"));
        match a.as_str() {
            "--solver" => {
                args.solvers = match value()?.to_lowercase().as_str() {
                    "radau5" => vec![Solver::Radau5],
                    "ddassl" => vec![Solver::Ddassl],
                    "ddaskr" => vec![Solver::Ddaskr],
                    s => return Err(format!("unknown solver {s}")),
                }
            }
            "--problem" => args.problems = vec![value()?],
            "--tol" => {
                args.tols = Some(vec![value()?.parse().map_err(|e| format!("--tol: {e}"))?])
            }
            "--repeat" => args.repeat = value()?.parse().map_err(|e| format!("--repeat: {e}"))?,
            _ => return Err(format!("unknown argument {a}")),
        }
    }
    Ok(args)
}

/// The tolerances of the table: pump also at the tolerances its DASSL settings target.
fn tolerances(problem: &str) -> Vec<f64> {
    if problem == "pump" {
        vec![1e-5, 1e-6, 1e-7]
    } else {
        vec![1e-4, 1e-7, 1e-10]
    }
}

fn kit_exists(solver: Solver, problem: &str) -> bool {
    let dir = ffi_tests::root().join("fortran");
    solver.driver().iter().all(|f| dir.join(f).exists())
        && dir.join("problems").join(format!("{problem}.f")).exists()
}

fn fmt_opt(v: Option<f64>) -> String {
    v.map_or("–".into(), |x| format!("{x:.2}"))
}

fn main() {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("testset: {e}");
            std::process::exit(2);
        }
    };
    println!("| solver | problem | tol | idid | mescd | scd | steps | accept | #f | #Jac | #LU | CPU s | baseline steps/accept/#f/#Jac/#LU | match |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    let (mut identical, mut close, mut differ) = (0, 0, 0);
    for &solver in &args.solvers {
        for problem in &args.problems {
            if solver.refuses(problem) {
                continue;
            }
            if !kit_exists(solver, problem) {
                println!(
                    "| {} | {problem} | – | – | | | | | | | | | | kit file missing |",
                    solver.name()
                );
                continue;
            }
            if let Err(e) = ffi_tests::kit_program(solver, problem) {
                let reason = if e.contains("undefined reference") {
                    "not in the library yet"
                } else {
                    "does not build"
                };
                println!(
                    "| {} | {problem} | | | | | | | | | | | | {reason} |",
                    solver.name()
                );
                continue;
            }
            for tol in args.tols.clone().unwrap_or_else(|| tolerances(problem)) {
                let mut times = Vec::with_capacity(args.repeat);
                let mut res = None;
                for _ in 0..args.repeat.max(1) {
                    let (r, _) = run_kit(solver, problem, tol);
                    times.push(r.cpu);
                    res = Some(r);
                }
                let r = res.expect("at least one run");
                times.sort_by(f64::total_cmp);
                let cpu = times[times.len() / 2];
                let nlu = if solver == Solver::Radau5 {
                    r.nlu.to_string()
                } else {
                    "–".into()
                };
                let (base, verdict) = match baseline::find(solver.name(), problem, tol) {
                    Some(b) => {
                        let got = [r.steps, r.accept, r.nf, r.njac, b.nlu.map_or(0, |_| r.nlu)];
                        let want = [b.steps, b.accept, b.nf, b.njac, b.nlu.unwrap_or(0)];
                        let verdict = if got == want {
                            identical += 1;
                            "identical"
                        } else if got.iter().zip(want).all(|(g, w)| within_one_percent(*g, w)) {
                            close += 1;
                            "within 1 %"
                        } else {
                            differ += 1;
                            "differs"
                        };
                        let lu = b.nlu.map_or("–".into(), |v| v.to_string());
                        (
                            format!("{}/{}/{}/{}/{lu}", b.steps, b.accept, b.nf, b.njac),
                            verdict,
                        )
                    }
                    None => (
                        "–".into(),
                        if r.ierr != 0 {
                            "stopped: feval error"
                        } else {
                            "no baseline"
                        },
                    ),
                };
                let scd = match (r.scd, r.scd9) {
                    (Some(_), Some(s9)) => format!("{} (y9: {s9:.2})", fmt_opt(r.scd)),
                    _ => fmt_opt(r.scd),
                };
                println!(
                    "| {} | {problem} | {tol:.0e} | {} | {} | {scd} | {} | {} | {} | {} | {nlu} | {cpu:.4} | {base} | {verdict} |",
                    solver.name(),
                    r.idid,
                    fmt_opt(r.mescd),
                    r.steps,
                    r.accept,
                    r.nf,
                    r.njac
                );
            }
        }
    }
    println!("\nbaseline rows: {identical} identical, {close} within 1 %, {differ} differing");
}
