//! Issue 13, large n: DDASKR's Krylov option on the authors' heat problem
//! (`bench/fortran/heat_large.f`, an M x M mesh, n = M^2) with their banded
//! preconditioner (ML = MU = 1) or, with `--pre mg`, our multigrid V-cycle
//! (`bench/fortran/heat_mgpre.f`), whose linear iterations per Newton iteration do not
//! grow with M.
//!
//! `cargo run --release -p stiffdae-bench --features ida -- heat --original DIR
//! [--pre band|mg] [--sizes 10,30,100,300] [--repeats R] [--nout K] [--wpd M] [--out DIR]`
//! builds the driver twice from the DDASKR sources in DIR (solver/ddaskr.f, daux.f,
//! dlinpk.f and, for the band preconditioner, preconds/dbanpre.f, never part of this
//! repository): against libstiffdae and against the original ddaskr.f. It runs every size with both (R interleaved repeats, at most 3
//! from n = 40000 on; medians of the CPU time the driver measures in DDASKR), checks
//! that the statistics and the error are identical, and prints a markdown table (output
//! times 0.01 · 2^k, k < K: K = 4, to 0.08, by default, as M = 300 takes minutes per run
//! on dheat.f's schedule to 10.24, K = 11, where its weak preconditioner keeps h near
//! 10 dx^2). Then,
//! on the M x M mesh of `--wpd` (100; 0 skips it), it sweeps atol = 1e-3 .. 1e-8
//! (rtol = 0, as in dheat.f) with both and, with the `ida` feature, with SUNDIALS IDA
//! (SPGMR and IDABBDPRE with the same band difference quotients, mudq = mldq = 1), and
//! writes `heat_krylov.{csv,png,svg}` into DIR (docs/wpd): CPU time against the error
//! of the solution against the exact one of the semi-discrete system. The diagram is
//! band only (IDA has the same band preconditioner, not ours): `--pre mg` skips it.

use crate::plot::{one_two_five, register_font, COLORS};
use ffi_tests::{fortran_program_with, Link, LEGACY};
use plotters::coord::Shift;
use plotters::prelude::*;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const USAGE: &str = "usage: stiffdae-bench heat --original DIR [--pre band|mg] \
     [--sizes 10,30,100,300] [--repeats R] [--nout K] [--wpd M] [--out DIR]\n\
     DIR holds the original DDASKR sources: solver/ddaskr.f, solver/daux.f, \
     solver/dlinpk.f and, for --pre band (the default), preconds/dbanpre.f (third-party, \
     not in this repository); --pre mg is our multigrid preconditioner and has no diagram";

/// The diagram's output times: 0.01, 0.02, ..., 10.24, as in dheat.f.
const NOUT: u32 = 11;

/// The table's default: 0.01, ..., 0.08.
const TABLE_NOUT: u32 = 4;

/// The statistics the driver prints, in its order; all must be equal between the builds.
const STATS: &[&str] = &[
    "M", "NEQ", "IDID", "STEPS", "NRE", "NPE", "NETF", "NCFN", "NCFL", "NNI", "NLI", "NPS", "H",
    "TN", "ERR",
];

/// One run of the driver.
#[derive(Debug, Clone)]
struct Run {
    /// The printed statistics (STATS), as printed.
    stats: Vec<String>,
    steps: u64,
    nre: u64,
    nli: u64,
    err: f64,
    cpu: f64,
}

/// One point of the diagram: solver, atol and the run (or why it failed).
struct WpdPoint {
    solver: &'static str,
    atol: f64,
    run: Result<Run, String>,
}

/// The preconditioner the driver is linked with.
#[derive(Clone, Copy, PartialEq)]
enum Pre {
    /// The authors' DBANJA/DBANPS (`heat_banpre.f` and their dbanpre.f).
    Band,
    /// Ours, `heat_mgpre.f`.
    Multigrid,
}

struct Args {
    original: PathBuf,
    pre: Pre,
    sizes: Vec<usize>,
    repeats: usize,
    /// The table's number of output times (tout doubling from 0.01).
    nout: u32,
    wpd: usize,
    out: PathBuf,
}

fn parse(mut it: impl Iterator<Item = String>) -> Result<Args, String> {
    let mut original = None;
    let mut wpd = None;
    let mut args = Args {
        original: PathBuf::new(),
        pre: Pre::Band,
        sizes: vec![10, 30, 100, 300],
        repeats: 5,
        nout: TABLE_NOUT,
        wpd: 100,
        out: PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/wpd"),
    };
    while let Some(a) = it.next() {
        let v = it.next().ok_or(format!("{a} needs a value"))?;
        match a.as_str() {
            "--original" => original = Some(PathBuf::from(v)),
            "--pre" => {
                args.pre = match v.as_str() {
                    "band" => Pre::Band,
                    "mg" => Pre::Multigrid,
                    _ => return Err(format!("--pre: {v} is neither band nor mg")),
                }
            }
            "--sizes" => {
                args.sizes = v
                    .split(',')
                    .map(|s| s.parse().map_err(|e| format!("--sizes: {e}")))
                    .collect::<Result<_, _>>()?
            }
            "--repeats" => args.repeats = v.parse().map_err(|e| format!("--repeats: {e}"))?,
            "--nout" => args.nout = v.parse().map_err(|e| format!("--nout: {e}"))?,
            "--wpd" => wpd = Some(v.parse().map_err(|e| format!("--wpd: {e}"))?),
            "--out" => args.out = PathBuf::from(v),
            _ => return Err(format!("unknown argument {a}")),
        }
    }
    args.original = original.ok_or("--original DIR is required")?;
    args.wpd = match (args.pre, wpd) {
        (Pre::Band, w) => w.unwrap_or(args.wpd),
        (Pre::Multigrid, None | Some(0)) => 0,
        (Pre::Multigrid, Some(_)) => return Err("--pre mg has no diagram: --wpd 0".into()),
    };
    if args
        .sizes
        .iter()
        .chain([&args.wpd])
        .any(|&m| m != 0 && !(3..=400).contains(&m))
    {
        return Err("mesh sizes must be in 3..400 (the driver's arrays)".into());
    }
    Ok(args)
}

/// Builds the driver against libstiffdae and against the original DDASKR: the same
/// Fortran with the same flags (`LEGACY`, those of the authors' examples).
fn programs(dir: &Path, pre: Pre) -> Result<[PathBuf; 2], String> {
    let bench = Path::new(env!("CARGO_MANIFEST_DIR")).join("fortran");
    let solver = ["ddaskr.f", "daux.f", "dlinpk.f"].map(|f| dir.join("solver").join(f));
    let (name, mut sources) = match pre {
        Pre::Band => (
            "heat-large",
            vec![bench.join("heat_banpre.f"), dir.join("preconds/dbanpre.f")],
        ),
        Pre::Multigrid => ("heat-large-mg", vec![bench.join("heat_mgpre.f")]),
    };
    sources.insert(0, bench.join("heat_large.f"));
    sources.extend([solver[1].clone(), solver[2].clone()]);
    if let Some(missing) = sources.iter().chain(&solver).find(|p| !p.is_file()) {
        return Err(format!("{}: not found\n{USAGE}", missing.display()));
    }
    let ours = fortran_program_with(&format!("{name}-stiffdae"), &sources, Link::Static, LEGACY)?;
    sources.push(solver[0].clone());
    let original = fortran_program_with(
        &format!("{name}-original"),
        &sources,
        Link::Original,
        LEGACY,
    )?;
    Ok([ours, original])
}

/// Runs a build of the driver. The original's warnings go to its (buffered) standard
/// output and are skipped; ours are switched off (`STIFFDAE_QUIET`).
fn run(exe: &Path, m: usize, atol: f64, nout: u32) -> Result<Run, String> {
    let mut child = Command::new(exe)
        .env("STIFFDAE_QUIET", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("{}: {e}", exe.display()))?;
    child
        .stdin
        .take()
        .ok_or("stdin")?
        .write_all(format!("{m} 0 {atol:e} {nout}\n").as_bytes())
        .map_err(|e| e.to_string())?;
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&out.stdout);
    let value = |name: &str| {
        text.lines()
            .filter_map(|l| l.split_once(' '))
            .find(|(k, _)| *k == name)
            .map(|(_, v)| v.trim().to_string())
            .ok_or(format!(
                "{}: no {name} in its output:\n{text}",
                exe.display()
            ))
    };
    let stats = STATS
        .iter()
        .map(|s| value(s))
        .collect::<Result<Vec<_>, _>>()?;
    let int = |k: usize| stats[k].parse::<u64>().map_err(|e| e.to_string());
    if stats[2] != "3" {
        return Err(format!("IDID = {}", stats[2]));
    }
    Ok(Run {
        steps: int(3)?,
        nre: int(4)?,
        nli: int(10)?,
        err: stats[14].parse().map_err(|e| format!("ERR: {e}"))?,
        cpu: value("CPU")?.parse().map_err(|e| format!("CPU: {e}"))?,
        stats,
    })
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Runs both builds `repeats` times, alternating which goes first, and returns the
/// runs with the median CPU times (ours, original). Different statistics are findings.
fn pair(
    exes: &[PathBuf; 2],
    m: usize,
    atol: f64,
    nout: u32,
    repeats: usize,
    findings: &mut Vec<String>,
) -> Result<(Run, Run), String> {
    let mut times = [Vec::new(), Vec::new()];
    let mut runs: [Option<Run>; 2] = [None, None];
    for r in 0..repeats {
        for k in [r % 2, 1 - r % 2] {
            let got = run(&exes[k], m, atol, nout)?;
            times[k].push(got.cpu);
            runs[k].get_or_insert(got);
        }
    }
    let [Some(mut ours), Some(mut original)] = runs else {
        return Err("no repeats".into());
    };
    for (name, (a, b)) in STATS.iter().zip(ours.stats.iter().zip(&original.stats)) {
        if a != b {
            findings.push(format!(
                "M = {m}, atol = {atol:e}: {name} is {a} with stiffdae, {b} with the original"
            ));
        }
    }
    let [t0, t1] = times;
    ours.cpu = median(t0);
    original.cpu = median(t1);
    Ok((ours, original))
}

/// Ok(false) when the statistics differ from the original's (printed as findings).
pub fn main(args: impl Iterator<Item = String>) -> Result<bool, String> {
    let args = parse(args).map_err(|e| format!("{e}\n{USAGE}"))?;
    let exes = programs(&args.original, args.pre)?;
    let mut findings = Vec::new();
    println!(
        "rtol = 0, atol = 1e-5, tout = 0.01 * 2^k up to {}; CPU seconds in DDASKR, median of \
         {} interleaved repeats (at most 3 from n = 40000 on)\n",
        0.01 * 2f64.powi(args.nout as i32 - 1),
        args.repeats
    );
    println!(
        "| M | n | steps | NRE | NNI | NLI | NLI/NNI | stiffdae [s] | original [s] | ratio | ns per step and unknown | ns per residual and unknown |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|");
    for &m in &args.sizes {
        let n = m * m;
        let repeats = if n >= 40_000 {
            args.repeats.min(3)
        } else {
            args.repeats
        };
        let (ours, original) = pair(&exes, m, 1e-5, args.nout, repeats.max(1), &mut findings)?;
        let per = |count: u64| ours.cpu / (count as f64 * n as f64) * 1e9;
        // From the printed statistics: IDA's runs (the diagram's) have none.
        let nni: u64 = ours.stats[9].parse().map_err(|e| format!("NNI: {e}"))?;
        println!(
            "| {m} | {n} | {} | {} | {} | {} | {:.2} | {:.4} | {:.4} | {:.2} | {:.1} | {:.2} |",
            ours.steps,
            ours.nre,
            nni,
            ours.nli,
            ours.nli as f64 / nni as f64,
            ours.cpu,
            original.cpu,
            ours.cpu / original.cpu,
            per(ours.steps),
            per(ours.nre),
        );
    }
    if args.wpd > 0 {
        let points = sweep(&exes, args.wpd, args.repeats.clamp(1, 3), &mut findings)?;
        std::fs::create_dir_all(&args.out).map_err(|e| e.to_string())?;
        write_csv(&args.out.join("heat_krylov.csv"), args.wpd, &points)?;
        diagram(&args.out, args.wpd, &points)?;
        eprintln!("wrote {}/heat_krylov.{{csv,png,svg}}", args.out.display());
    }
    if findings.is_empty() {
        println!("\nstatistics identical (stiffdae against the original) in every run");
    } else {
        println!("\nfindings, the statistics differ from the original's:");
        for f in &findings {
            println!("- {f}");
        }
    }
    Ok(findings.is_empty())
}

/// The diagram's tolerances: atol = 10^(-3 - k/2), k = 0..10.
fn tolerances() -> Vec<f64> {
    (0..=10)
        .map(|k| 10f64.powf(-3.0 - k as f64 / 2.0))
        .collect()
}

fn sweep(
    exes: &[PathBuf; 2],
    m: usize,
    repeats: usize,
    findings: &mut Vec<String>,
) -> Result<Vec<WpdPoint>, String> {
    let mut points = Vec::new();
    for atol in tolerances() {
        eprintln!("M = {m}, atol = {atol:.1e}");
        let (ours, original) = pair(exes, m, atol, NOUT, repeats, findings)?;
        points.push(WpdPoint {
            solver: "stiffdae DDASKR (Krylov, dbanpre)",
            atol,
            run: Ok(ours),
        });
        points.push(WpdPoint {
            solver: "original DDASKR (Krylov, dbanpre)",
            atol,
            run: Ok(original),
        });
        #[cfg(feature = "ida")]
        points.push(WpdPoint {
            solver: "SUNDIALS IDA (SPGMR, IDABBDPRE)",
            atol,
            run: ida::median_run(m, atol, repeats),
        });
    }
    Ok(points)
}

fn write_csv(path: &Path, m: usize, points: &[WpdPoint]) -> Result<(), String> {
    let mut csv = String::from("solver,m,n,rtol,atol,steps,nre,nli,err,cpu_s,status\n");
    for p in points {
        let row = match &p.run {
            Ok(r) => format!(
                "{},{},{},{:.6e},{:.6e},ok",
                r.steps, r.nre, r.nli, r.err, r.cpu
            ),
            Err(e) => format!(",,,,,{}", e.replace(',', ";")),
        };
        // The names hold commas: quoted.
        csv += &format!("\"{}\",{m},{},0,{:.3e},{row}\n", p.solver, m * m, p.atol);
    }
    std::fs::write(path, csv).map_err(|e| format!("{}: {e}", path.display()))
}

fn diagram(dir: &Path, m: usize, points: &[WpdPoint]) -> Result<(), String> {
    register_font()?;
    let svg = dir.join("heat_krylov.svg");
    draw(
        SVGBackend::new(&svg, (900, 620)).into_drawing_area(),
        m,
        points,
    )?;
    let png = dir.join("heat_krylov.png");
    draw(
        BitMapBackend::new(&png, (900, 620)).into_drawing_area(),
        m,
        points,
    )
}

fn draw<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    m: usize,
    points: &[WpdPoint],
) -> Result<(), String>
where
    DB::ErrorType: 'static,
{
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    root.fill(&WHITE).map_err(err)?;
    let ok: Vec<(&str, f64, f64)> = points
        .iter()
        .filter_map(|p| {
            p.run
                .as_ref()
                .ok()
                .map(|r| (p.solver, -r.err.log10(), r.cpu))
        })
        .collect();
    let fold = |f: fn(&(&str, f64, f64)) -> f64| {
        ok.iter()
            .map(f)
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), x| {
                (a.min(x), b.max(x))
            })
    };
    let (xlo, xhi) = fold(|p| p.1);
    let (tlo, thi) = fold(|p| p.2.max(1e-4));
    let decade = |t: f64, round: fn(f64) -> f64| 10f64.powf(round(t.log10()));
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!(
                "heat, {m} x {m} mesh (n = {}): CPU time against accuracy (lower right is better)",
                m * m
            ),
            ("sans-serif", 18),
        )
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(70)
        .build_cartesian_2d(
            (xlo.floor() - 0.5)..(xhi.ceil() + 0.5),
            (decade(tlo / 1.5, f64::floor)..decade(thi * 1.5, f64::ceil)).log_scale(),
        )
        .map_err(err)?;
    chart
        .configure_mesh()
        .light_line_style(TRANSPARENT)
        .bold_line_style(RGBColor(225, 225, 225))
        .x_desc("-log10 of the max-norm error over the output times")
        .y_desc("CPU time per solve [s]")
        .x_label_formatter(&|v| format!("{v:.0}"))
        .y_labels(40)
        .y_label_formatter(&one_two_five)
        .draw()
        .map_err(err)?;
    let mut solvers: Vec<&str> = Vec::new();
    for p in points {
        if !solvers.contains(&p.solver) {
            solvers.push(p.solver);
        }
    }
    for (k, name) in solvers.into_iter().enumerate() {
        let fill = COLORS[k % COLORS.len()].filled();
        let xy: Vec<(f64, f64)> = ok
            .iter()
            .filter(|p| p.0 == name)
            .map(|p| (p.1, p.2))
            .collect();
        let runs = points.iter().filter(|p| p.solver == name).count();
        let label = match runs - xy.len() {
            0 => name.to_string(),
            failed => format!("{name} ({failed} of {runs} runs failed)"),
        };
        // Markers only, as in the other diagrams (the error is not monotonic in atol);
        // shapes differ as well as colours, since ours and the original's coincide.
        let at = move |xy| EmptyElement::at(xy);
        let series = match k % 3 {
            0 => chart.draw_series(xy.into_iter().map(|p| at(p) + Circle::new((0, 0), 5, fill))),
            1 => chart.draw_series(
                xy.into_iter()
                    .map(|p| at(p) + Cross::new((0, 0), 5, fill.color.stroke_width(2))),
            ),
            _ => chart.draw_series(
                xy.into_iter()
                    .map(|p| at(p) + TriangleMarker::new((0, 0), 6, fill)),
            ),
        }
        .map_err(err)?;
        series.label(label).legend(move |(x, y)| match k % 3 {
            0 => Circle::new((x + 8, y), 5, fill).into_dyn(),
            1 => Cross::new((x + 8, y), 5, fill.color.stroke_width(2)).into_dyn(),
            _ => TriangleMarker::new((x + 8, y), 6, fill).into_dyn(),
        });
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .position(SeriesLabelPosition::UpperLeft)
        .draw()
        .map_err(err)?;
    root.present().map_err(err)
}

/// SUNDIALS IDA on the same semi-discrete problem: the same residual, consistent
/// initial values, output times and error measure as `heat_large.f`; SPGMR (maxl 5, as
/// DDASKR's MAXL) with IDABBDPRE's band difference quotients of half-bandwidth 1 kept
/// in full, DBANJA's preconditioner.
#[cfg(feature = "ida")]
mod ida {
    use super::{median, Run, NOUT};
    use std::ffi::{c_long, c_void};

    use crate::ida::{
        IDACreate, IDAFree, IDAGetNumResEvals, IDAGetNumSteps, IDAInit, IDASetErrFile,
        IDASetLinearSolver, IDASetMaxNumSteps, IDASetUserData, IDASolve, NVector, N_VDestroy,
        N_VGetArrayPointer_Serial, N_VNew_Serial, SUNContext_Create, SUNContext_Free,
        SUNLinSolFree,
    };

    type LocalFn = unsafe extern "C" fn(i64, f64, NVector, NVector, NVector, *mut c_void) -> i32;

    // What only this problem uses of IDA: SPGMR, IDABBDPRE, scalar tolerances, the
    // linear-iteration counters (the rest is declared in `crate::ida`).
    #[link(name = "sundials_ida")]
    unsafe extern "C" {
        fn SUNLinSol_SPGMR(y: NVector, pretype: i32, maxl: i32, ctx: *mut c_void) -> *mut c_void;
        fn IDASStolerances(mem: *mut c_void, rtol: f64, atol: f64) -> i32;
        #[allow(clippy::too_many_arguments)]
        fn IDABBDPrecInit(
            mem: *mut c_void,
            nlocal: i64,
            mudq: i64,
            mldq: i64,
            mukeep: i64,
            mlkeep: i64,
            dq_rel_yy: f64,
            gres: LocalFn,
            gcomm: *const c_void,
        ) -> i32;
        fn IDAGetNumLinIters(mem: *mut c_void, n: *mut i64) -> i32;
        fn IDAGetNumLinResEvals(mem: *mut c_void, n: *mut i64) -> i32;
    }

    // The C library's process CPU time, as gfortran's CPU_TIME measures the drivers.
    unsafe extern "C" {
        fn clock() -> c_long;
    }
    /// POSIX fixes CLOCKS_PER_SEC at one million.
    const CLOCKS_PER_SEC: f64 = 1e6;

    const PREC_LEFT: i32 = 1;
    const IDA_NORMAL: i32 = 1;

    /// The mesh side, edge included.
    struct Heat {
        m: usize,
    }

    impl Heat {
        /// `heat_large.f`'s RESH, in its order of operations.
        fn residual(&self, u: &[f64], up: &[f64], r: &mut [f64]) {
            let m = self.m;
            let dx = 1.0 / (m - 1) as f64;
            let coeff = 1.0 / (dx * dx);
            r.copy_from_slice(u);
            for k in 1..m - 1 {
                for j in 1..m - 1 {
                    let i = k * m + j;
                    let temx = u[i - 1] + u[i + 1];
                    let temy = u[i - m] + u[i + m];
                    r[i] = up[i] - (temx + temy - 4.0 * u[i]) * coeff;
                }
            }
        }
    }

    /// # Safety
    /// `user` is the `Heat` of `solve`; the vectors are serial of length m^2.
    unsafe fn call(user: *mut c_void, yy: NVector, yp: NVector, rr: NVector) -> i32 {
        // SAFETY: as the function's contract says.
        unsafe {
            let h = &*(user as *const Heat);
            let n = h.m * h.m;
            h.residual(
                std::slice::from_raw_parts(N_VGetArrayPointer_Serial(yy), n),
                std::slice::from_raw_parts(N_VGetArrayPointer_Serial(yp), n),
                std::slice::from_raw_parts_mut(N_VGetArrayPointer_Serial(rr), n),
            );
        }
        0
    }

    unsafe extern "C" fn residual(
        _t: f64,
        yy: NVector,
        yp: NVector,
        rr: NVector,
        user: *mut c_void,
    ) -> i32 {
        // SAFETY: IDA passes back the user data set in `solve`.
        unsafe { call(user, yy, yp, rr) }
    }

    unsafe extern "C" fn local(
        _n: i64,
        _t: f64,
        yy: NVector,
        yp: NVector,
        gg: NVector,
        user: *mut c_void,
    ) -> i32 {
        // SAFETY: IDABBDPRE passes back the user data set in `solve`.
        unsafe { call(user, yy, yp, gg) }
    }

    /// The exact solution of the semi-discrete system at the mesh points of one
    /// direction, as `heat_large.f`'s SINEC and EXACT compute it.
    struct Exact {
        c: Vec<f64>,
        eig: Vec<f64>,
    }

    impl Exact {
        fn new(m: usize) -> Self {
            let pi = std::f64::consts::PI;
            let n = m - 1;
            let dx = 1.0 / n as f64;
            let (mut c, mut eig) = (Vec::new(), Vec::new());
            for k in 1..n {
                let s: f64 = (1..n)
                    .map(|j| {
                        let x = j as f64 * dx;
                        4.0 * x * (1.0 - x) * (k as f64 * pi * x).sin()
                    })
                    .sum();
                c.push(2.0 * s / n as f64);
                eig.push(-4.0 * ((k as f64 * pi * dx / 2.0).sin() / dx).powi(2));
            }
            Exact { c, eig }
        }

        fn at(&self, t: f64) -> Vec<f64> {
            let n = self.c.len() + 1;
            let pi = std::f64::consts::PI;
            let mut g = vec![0.0; n + 1];
            for (j, gj) in g.iter_mut().enumerate().take(n).skip(1) {
                *gj = (1..n)
                    .map(|k| {
                        self.c[k - 1]
                            * (self.eig[k - 1] * t).exp()
                            * (k as f64 * pi * j as f64 / n as f64).sin()
                    })
                    .sum();
            }
            g
        }
    }

    fn solve(m: usize, atol: f64) -> Result<Run, String> {
        let n = m * m;
        let dx = 1.0 / (m - 1) as f64;
        let heat = Heat { m };
        let mut u = vec![0.0; n];
        for k in 0..m {
            let y = k as f64 * dx;
            for j in 0..m {
                let x = j as f64 * dx;
                u[k * m + j] = 16.0 * x * (1.0 - x) * y * (1.0 - y);
            }
        }
        let mut r = vec![0.0; n];
        heat.residual(&u, &vec![0.0; n], &mut r);
        let mut up = vec![0.0; n];
        for k in 1..m - 1 {
            for j in 1..m - 1 {
                up[k * m + j] = -r[k * m + j];
            }
        }
        let exact = Exact::new(m);
        let (mut err, mut cpu) = (0.0f64, 0.0);
        let mut failure = None;
        // SAFETY: the SUNDIALS objects are created, used and destroyed here in the order
        // the library documents; vectors have length n; `heat` outlives `mem`.
        let (steps, nre, nli) = unsafe {
            let mut ctx = std::ptr::null_mut();
            SUNContext_Create(std::ptr::null_mut(), &mut ctx);
            let (yy, yp) = (N_VNew_Serial(n as i64, ctx), N_VNew_Serial(n as i64, ctx));
            let y = std::slice::from_raw_parts_mut(N_VGetArrayPointer_Serial(yy), n);
            y.copy_from_slice(&u);
            std::slice::from_raw_parts_mut(N_VGetArrayPointer_Serial(yp), n).copy_from_slice(&up);
            let mem = IDACreate(ctx);
            IDAInit(mem, residual, 0.0, yy, yp);
            IDASStolerances(mem, 0.0, atol);
            IDASetUserData(mem, &heat as *const Heat as *mut c_void);
            IDASetErrFile(mem, std::ptr::null_mut());
            IDASetMaxNumSteps(mem, 1_000_000);
            let ls = SUNLinSol_SPGMR(yy, PREC_LEFT, 5, ctx);
            IDASetLinearSolver(mem, ls, std::ptr::null_mut());
            IDABBDPrecInit(mem, n as i64, 1, 1, 1, 1, 0.0, local, std::ptr::null());
            let mut t = 0.0;
            let mut tout = 0.01;
            for _ in 0..NOUT {
                let c0 = clock();
                let flag = IDASolve(mem, tout, &mut t, yy, yp, IDA_NORMAL);
                cpu += (clock() - c0) as f64 / CLOCKS_PER_SEC;
                if flag < 0 {
                    failure = Some(format!("IDASolve flag {flag} at t = {t:e}"));
                    break;
                }
                let g = exact.at(t);
                for k in 0..m {
                    for j in 0..m {
                        err = err.max((y[k * m + j] - g[j] * g[k]).abs());
                    }
                }
                tout *= 2.0;
            }
            // NRE as DDASKR counts it: with the residuals of the Krylov products.
            let (mut s, mut f, mut fl, mut l) = (0i64, 0i64, 0i64, 0i64);
            IDAGetNumSteps(mem, &mut s);
            IDAGetNumResEvals(mem, &mut f);
            IDAGetNumLinResEvals(mem, &mut fl);
            IDAGetNumLinIters(mem, &mut l);
            let mut mem = mem;
            IDAFree(&mut mem);
            SUNLinSolFree(ls);
            N_VDestroy(yy);
            N_VDestroy(yp);
            SUNContext_Free(&mut ctx);
            (s as u64, (f + fl) as u64, l as u64)
        };
        match failure {
            Some(f) => Err(f),
            None => Ok(Run {
                stats: Vec::new(),
                steps,
                nre,
                nli,
                err,
                cpu,
            }),
        }
    }

    /// The first run, with the median CPU time of `repeats`.
    pub fn median_run(m: usize, atol: f64, repeats: usize) -> Result<Run, String> {
        let mut first = solve(m, atol)?;
        let mut times = vec![first.cpu];
        for _ in 1..repeats {
            times.push(solve(m, atol)?.cpu);
        }
        first.cpu = median(times);
        Ok(first)
    }
}
