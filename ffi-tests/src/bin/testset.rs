//! The main job: every Test Set problem of the kit through libstiffdae, as the original
//! codes are run in `docs/baseline.md`, printed as a run table with the original's
//! results beside ours and a legend. Run `testset --help` for the options.

use ffi_tests::{baseline, kit_program, kit_program_original, run_kit_timed, RunResult, Solver};
use std::path::PathBuf;
use std::time::Instant;

const PROBLEMS: &[&str] = &[
    "hires", "vdpol", "pollu", "rober", "transamp", "andrews", "caraxis", "wheel", "wheelmm",
    "pump",
];

const SOLVERS: [Solver; 5] = [
    Solver::Radau5,
    Solver::Ddassl,
    Solver::Ddaskr,
    Solver::Rodas,
    Solver::Radau,
];

const USAGE: &str = "\
usage: cargo run --release -p ffi-tests --bin testset -- [options]

Runs the Test Set problems of the kit (fortran/) through libstiffdae with RADAU5, RADAU,
RODAS, DDASSL and DDASKR and prints a table with the original codes' results beside ours.

options:
  --solver NAME      radau5, ddassl, ddaskr, rodas or radau (default: all)
  --problem NAME     one of: hires vdpol pollu rober transamp andrews caraxis wheel
                     wheelmm pump
  --tol X            one tolerance (rtol = atol = h0) instead of the table's three
  --repeat N         run every row N times (new processes) and print the median solver
                     time; with --original both codes' times, interleaved, and their ratio
  --in-process M     repeat the solve M times inside each process (KIT_REPEAT) and
                     take the mean: times of warm, repeated solves
  --original DIR     also build the kit against the original Fortran sources found in DIR
                     (radau5.f, decsol.f, dc_decsol.f; ddassl.f with its LINPACK/SLATEC
                     files; ddaskr.f, daux.f, dlinpk.f; radau.f, decsol.f, dc_decsol.f;
                     in DIR or its subdirectories) and
                     compare with them live instead of with the frozen results
  --help             this text";

struct Args {
    solvers: Vec<Solver>,
    problems: Vec<String>,
    tols: Option<Vec<f64>>,
    repeat: usize,
    in_process: usize,
    original: Option<PathBuf>,
}

fn names_of_solvers() -> String {
    SOLVERS
        .iter()
        .map(|s| s.name().to_lowercase())
        .collect::<Vec<_>>()
        .join(", ")
}

fn parse_args() -> Result<Option<Args>, String> {
    let mut args = Args {
        solvers: SOLVERS.to_vec(),
        problems: PROBLEMS.iter().map(|s| s.to_string()).collect(),
        tols: None,
        repeat: 1,
        in_process: 1,
        original: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let mut value = || it.next().ok_or(format!("{a} needs a value"));
        match a.as_str() {
            "--help" | "-h" => return Ok(None),
            "--solver" => {
                let name = value()?.to_lowercase();
                let solver = SOLVERS
                    .iter()
                    .find(|s| s.name().to_lowercase() == name)
                    .ok_or(format!(
                        "unknown solver {name}: one of {}",
                        names_of_solvers()
                    ))?;
                args.solvers = vec![*solver];
            }
            "--problem" => {
                let name = value()?.to_lowercase();
                if !PROBLEMS.contains(&name.as_str()) {
                    return Err(format!(
                        "unknown problem {name}: one of {}",
                        PROBLEMS.join(", ")
                    ));
                }
                args.problems = vec![name];
            }
            "--tol" => {
                let tol: f64 = value()?.parse().map_err(|e| format!("--tol: {e}"))?;
                if !(tol > 0.0 && tol < 1.0) {
                    return Err(format!("--tol: {tol} is not in (0, 1)"));
                }
                args.tols = Some(vec![tol]);
            }
            "--repeat" => args.repeat = value()?.parse().map_err(|e| format!("--repeat: {e}"))?,
            "--in-process" => {
                args.in_process = value()?.parse().map_err(|e| format!("--in-process: {e}"))?
            }
            "--original" => args.original = Some(PathBuf::from(value()?)),
            _ => return Err(format!("unknown argument {a}")),
        }
    }
    Ok(Some(args))
}

/// The tolerances of the table: pump also at the tolerances its DASSL settings target.
fn tolerances(problem: &str) -> Vec<f64> {
    if problem == "pump" {
        vec![1e-5, 1e-6, 1e-7]
    } else {
        vec![1e-4, 1e-7, 1e-10]
    }
}

/// The median of `v` (NaN when empty).
fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(f64::NAN)
}

fn fmt_opt(v: Option<f64>) -> String {
    v.map_or("–".into(), |x| format!("{x:.2}"))
}

/// What a row is judged by: IDID, the feval error, steps, accepted steps, function and
/// Jacobian evaluations, (RADAU5, RADAU) decompositions, and mescd and scd as printed.
fn stats(r: &RunResult, solver: Solver) -> ([i64; 7], [String; 3]) {
    let nlu = if counts_lu(solver) { r.nlu } else { 0 };
    (
        [
            r.idid.into(),
            r.ierr.into(),
            r.steps as i64,
            r.accept as i64,
            r.nf as i64,
            r.njac as i64,
            nlu as i64,
        ],
        [fmt_opt(r.mescd), fmt_opt(r.scd), fmt_opt(r.scd9)],
    )
}

/// Whether the solver's statistics count LU decompositions.
fn counts_lu(solver: Solver) -> bool {
    matches!(solver, Solver::Radau5 | Solver::Radau | Solver::Rodas)
}

fn short(r: &RunResult, solver: Solver) -> String {
    let lu = if counts_lu(solver) {
        format!("/{}", r.nlu)
    } else {
        String::new()
    };
    format!("{}/{}/{}/{}{lu}", r.steps, r.accept, r.nf, r.njac)
}

/// Why a failed row failed, and whether the original fails alike.
fn reason(r: &RunResult, original: Option<&RunResult>) -> String {
    let what = if r.ierr != 0 {
        format!("the problem's feval reported ierr = {}", r.ierr)
    } else {
        format!(
            "IDID = {} ({})",
            r.idid,
            idid_meaning(r.solver.as_str(), r.idid)
        )
    };
    match original {
        Some(o) if o.idid == r.idid && o.ierr == r.ierr => {
            format!("; the original fails here too: {what}")
        }
        Some(o) => format!("; {what}, the original ends with IDID = {}", o.idid),
        None => format!("; {what}"),
    }
}

fn idid_meaning(solver: &str, idid: i32) -> &'static str {
    match (solver, idid) {
        ("RADAU5" | "RADAU" | "RODAS", -1) => "input not consistent",
        ("RADAU5" | "RADAU" | "RODAS", -2) => "larger NMAX needed",
        ("RADAU5" | "RADAU" | "RODAS", -3) => "step size too small",
        ("RADAU5" | "RADAU" | "RODAS", -4) => "matrix repeatedly singular",
        (_, -1) => "500 steps on this call",
        (_, -2) => "too much accuracy requested",
        (_, -3) => "a weight became zero",
        (_, -6) => "repeated error test failures",
        (_, -7) => "repeated corrector convergence failures",
        (_, -8) => "singular iteration matrix",
        (_, -9) => "convergence failures after error test failures",
        (_, -10) => "IRES = -1 repeatedly",
        (_, -11) => "IRES = -2",
        (_, -12) => "initial values failed",
        (_, -33) => "illegal input",
        _ => "see the legend",
    }
}

const LEGEND: &str = "\
legend:
  idid   RADAU5, RADAU: 1 success, -1 input not consistent, -2 larger NMAX needed, -3
         step size too small, -4 matrix repeatedly singular. DDASSL/DDASKR: 3 TOUT
         reached, -1 500 steps on one call, -2 too much accuracy, -3 zero weight, -6
         repeated error test failures, -7 repeated convergence failures, -8 singular
         matrix, -9 convergence after error test failures, -10/-11 IRES = -1/-2, -12
         initial values failed, -33 illegal input (the kit driver continues over
         segments, as the Test Set's).
  mescd  -log10 of the largest mixed error over all components at the end point,
         |y - yref| / (atol/rtol + |yref|) (the Test Set's report).
  scd    -log10 of the largest relative error over the components the problem
         compares (absolute where the reference is zero); pump: y9, the charge, also
         on its own.
  steps/accept/#f/#Jac/#LU   steps, accepted steps, function (DAE: residual)
         evaluations, Jacobians and LU decompositions (RADAU5, RADAU) as the solver
         counts them.
  original   the same kit driver linked against the original Fortran code (frozen in
         ffi-tests/expected/testset_original.txt, or live with --original DIR, then
         also its median solver time and the ratio ours/original);
         published   the row of the reference baseline (docs/baseline.md), where it has one.";

/// The legend's entry for the pairs without a row: the problems each kit driver refuses.
fn not_run() -> String {
    let refused = |solver: Solver| {
        PROBLEMS
            .iter()
            .copied()
            .filter(|p| solver.refuses(p))
            .collect::<Vec<_>>()
            .join(", ")
    };
    format!(
        "  not run   the pairs the kit's drivers refuse: RADAU5 and RADAU implicit problems\n         \
         ({}); DDASSL and DDASKR index-3 ones ({});\n         \
         RODAS implicit ones and those of index > 1 ({}).",
        refused(Solver::Radau5),
        refused(Solver::Ddassl),
        refused(Solver::Rodas)
    )
}

fn main() {
    let args = match parse_args() {
        Ok(Some(a)) => a,
        Ok(None) => {
            println!("{USAGE}");
            return;
        }
        Err(e) => {
            eprintln!("testset: {e}\n\n{USAGE}");
            std::process::exit(2);
        }
    };
    eprintln!("testset: building libstiffdae (cargo build --release) …");
    let started = Instant::now();
    ffi_tests::library();
    eprintln!(
        "testset: library ready after {:.0} s",
        started.elapsed().as_secs_f64()
    );
    let rows: usize = args
        .solvers
        .iter()
        .map(|s| {
            args.problems
                .iter()
                .filter(|p| !s.refuses(p))
                .map(|p| args.tols.as_ref().map_or(tolerances(p).len(), Vec::len))
                .sum::<usize>()
        })
        .sum();
    let timed = args.original.is_some();
    if timed {
        println!("| solver | problem | tol | idid | mescd | scd | steps/accept/#f/#Jac/#LU | CPU s | original | CPU s original | ratio | published | verdict |");
        println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    } else {
        println!("| solver | problem | tol | idid | mescd | scd | steps/accept/#f/#Jac/#LU | CPU s | original | published | verdict |");
        println!("|---|---|---|---|---|---|---|---|---|---|---|");
    }
    let mut ratios: Vec<(Solver, f64)> = Vec::new();
    let (mut identical, mut differ, mut done) = (0, 0, 0);
    for &solver in &args.solvers {
        for problem in &args.problems {
            if solver.refuses(problem) {
                continue;
            }
            eprintln!(
                "testset: building the {} kit driver for {problem} …",
                solver.name()
            );
            let exe = match kit_program(solver, problem) {
                Ok(exe) => exe,
                Err(e) => {
                    eprintln!("testset: {e}");
                    println!(
                        "| {} | {problem} | | | | | | | | | does not build |",
                        solver.name()
                    );
                    continue;
                }
            };
            let original_exe = args.original.as_ref().map(|dir| {
                kit_program_original(solver, problem, dir).unwrap_or_else(|e| {
                    eprintln!("testset: the original does not build: {e}");
                    std::process::exit(2);
                })
            });
            for tol in args.tols.clone().unwrap_or_else(|| tolerances(problem)) {
                done += 1;
                eprintln!(
                    "testset: [{done}/{rows}] {} {problem} {tol:.0e}",
                    solver.name()
                );
                // Interleaved, so that a change of machine load hits both codes alike.
                let (mut times, mut original_times) = (Vec::new(), Vec::new());
                let (mut res, mut live) = (None, None);
                for _ in 0..args.repeat.max(1) {
                    let (r, _) = run_kit_timed(&exe, tol, args.in_process);
                    times.push(r.cpu);
                    res = Some(r);
                    if let Some(exe) = &original_exe {
                        let (o, _) = run_kit_timed(exe, tol, args.in_process);
                        original_times.push(o.cpu);
                        live = Some(o);
                    }
                }
                let r = res.expect("at least one run");
                let cpu = median(&mut times);
                let original = live.or_else(|| baseline::original(solver.name(), problem, tol));
                let (orig_col, verdict) = match &original {
                    Some(o) if stats(o, solver) == stats(&r, solver) => {
                        identical += 1;
                        (format!("{} {}", o.idid, short(o, solver)), "identical")
                    }
                    Some(o) => {
                        differ += 1;
                        (format!("{} {}", o.idid, short(o, solver)), "DIFFERS")
                    }
                    None => ("–".into(), "no original run"),
                };
                let published =
                    baseline::find(solver.name(), problem, tol).map_or("–".into(), |b| {
                        let lu = b.nlu.map_or(String::new(), |v| format!("/{v}"));
                        format!("{}/{}/{}/{}{lu}", b.steps, b.accept, b.nf, b.njac)
                    });
                let failed = r.ierr != 0 || r.idid < 0;
                let verdict = if failed {
                    format!("{verdict}{}", reason(&r, original.as_ref()))
                } else {
                    verdict.to_string()
                };
                let scd = match (r.scd, r.scd9) {
                    (Some(_), Some(s9)) => format!("{} (y9: {s9:.2})", fmt_opt(r.scd)),
                    _ => fmt_opt(r.scd),
                };
                let timing = if timed {
                    let original_cpu = median(&mut original_times);
                    let ratio = cpu / original_cpu;
                    if ratio.is_finite() && ratio > 0.0 {
                        ratios.push((solver, ratio));
                    }
                    format!(" {original_cpu:.2e} | {ratio:.2} |")
                } else {
                    String::new()
                };
                println!(
                    "| {} | {problem} | {tol:.0e} | {} | {} | {scd} | {} | {cpu:.2e} | {orig_col} |{timing} {published} | {verdict} |",
                    solver.name(),
                    r.idid,
                    fmt_opt(r.mescd),
                    short(&r, solver),
                );
            }
        }
    }
    println!("\n{identical} rows identical to the original, {differ} differing");
    if timed {
        for solver in SOLVERS {
            let logs: Vec<f64> = ratios
                .iter()
                .filter(|(s, _)| *s == solver)
                .map(|(_, r)| r.ln())
                .collect();
            if !logs.is_empty() {
                let mean = (logs.iter().sum::<f64>() / logs.len() as f64).exp();
                println!(
                    "{}: time ratio stiffdae/original, geometric mean over {} rows: {mean:.2}",
                    solver.name(),
                    logs.len()
                );
            }
        }
    }
    println!("\n{LEGEND}\n{}", not_run());
    if differ > 0 {
        std::process::exit(1);
    }
}
