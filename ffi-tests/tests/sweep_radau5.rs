//! RADAU5's size and storage sweep against the original (issue 9):
//! `fortran/sweep_radau5.f` runs a Brusselator chain, a densely coupled variant, a
//! second-order chain and index-2/3 pendulum chains over N = 1 … 200 with every
//! storage combination (full/banded Jacobian, analytic/numerical; identity/banded/full
//! mass; M1 > 0; IWORK(1); IOUT = 1 with CONTR5; vector tolerances; a failing first
//! step), then the issue's acceptance runs (N = 40, 100 full, dense coupling, N = 1000
//! banded). `expected/sweep_radau5.txt` is what the same program prints linked against
//! the original RADAU5. Every line must be equal: tag, IDID and statistics exactly, and
//! every value to the last bit (17 digits). The tests split the lines by what they
//! exercise, so a failure names the part of the port that differs.

use std::process::Output;
use std::sync::OnceLock;

use ffi_tests::{fortran_program, root, run, Link};

/// The fields of a `RUN` line after the tag: IDID, X, IWORK(14..20), H, Y(1),
/// Y((N+1)/2), Y(N), RTOL(1), ATOL(1), SOLOUT calls, sum of the CONTR5 values.
const FIELDS: [&str; 17] = [
    "IDID",
    "X",
    "NFCN",
    "NJAC",
    "NSTEP",
    "NACCPT",
    "NREJCT",
    "NDEC",
    "NSOL",
    "H",
    "Y(1)",
    "Y(N/2)",
    "Y(N)",
    "RTOL(1)",
    "ATOL(1)",
    "NSOLOUT",
    "sum CONTR5",
];

/// Fields compared as integers; the others are E25.17 values.
fn is_integer(field: usize) -> bool {
    matches!(field, 0 | 2..=8 | 15)
}

/// Output of the program linked against libstiffdae, run once per test process.
fn program_output() -> &'static Output {
    static OUT: OnceLock<Output> = OnceLock::new();
    OUT.get_or_init(|| {
        let exe = fortran_program(
            "sweep-radau5",
            &[root().join("ffi-tests/fortran/sweep_radau5.f")],
            Link::Static,
        );
        run(&exe, "", &[])
    })
}

fn run_lines(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .filter_map(|l| l.strip_prefix("RUN "))
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect()
}

fn expected() -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(root().join("ffi-tests/expected/sweep_radau5.txt"))
        .expect("expected output");
    run_lines(&text)
}

fn mine() -> Vec<Vec<String>> {
    run_lines(&String::from_utf8_lossy(&program_output().stdout))
}

/// N and the order of the dense matrices (N - M1) from a tag such as
/// `SEC/N=64/JFA/MB/M1`.
fn order(tag: &str) -> (usize, usize) {
    let n: usize = tag
        .split('/')
        .find_map(|p| p.strip_prefix("N="))
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("no N in {tag}"));
    let nm1 = if tag.split('/').any(|p| p == "M1") {
        n - n / 2
    } else {
        n
    };
    (n, nm1)
}

/// Whether a run factors a full matrix of order >= 32 (where RADAU5 once panicked).
fn dense_32(tag: &str) -> bool {
    let full = tag.split('/').any(|p| p.starts_with("JF") || p == "MF");
    full && order(tag).1 >= 32
}

/// The one input the original refuses: a full mass with a banded Jacobian.
fn refused(tag: &str) -> bool {
    tag.ends_with("JBA/MF")
}

fn hessenberg(tag: &str) -> bool {
    tag.split('/').any(|p| p == "HESS")
}

/// The differences of one line, one string per field; empty when equal.
fn differences(orig: &[String], ours: &[String], fields: &[usize]) -> Vec<String> {
    let mut out = Vec::new();
    for &k in fields {
        let (a, b) = (&orig[k + 1], ours.get(k + 1).map_or("(missing)", |s| s));
        if a == b {
            continue;
        }
        if is_integer(k) {
            out.push(format!("{} {a} vs {b}", FIELDS[k]));
        } else {
            let (x, y): (f64, f64) = (a.parse().unwrap_or(f64::NAN), b.parse().unwrap_or(f64::NAN));
            let rel = (x - y).abs() / x.abs().max(f64::MIN_POSITIVE);
            out.push(format!("{} {a} vs {b} (rel {rel:.1e})", FIELDS[k]));
        }
    }
    out
}

/// Compares the lines whose tag `select` accepts on the given fields and panics with
/// a report of every differing line.
fn compare(select: impl Fn(&str) -> bool, fields: &[usize], what: &str) {
    let (orig, ours) = (expected(), mine());
    assert_eq!(
        ours.len(),
        orig.len(),
        "number of runs\n{}",
        String::from_utf8_lossy(&program_output().stderr)
    );
    let mut report = Vec::new();
    let mut count = 0;
    for (a, b) in orig.iter().zip(&ours) {
        assert_eq!(a[0], b[0], "runs out of order");
        if !select(&a[0]) {
            continue;
        }
        count += 1;
        let diff = differences(a, b, fields);
        if !diff.is_empty() {
            report.push(format!("{}: {}", a[0], diff.join("; ")));
        }
    }
    assert!(count > 0, "no run selected for {what}");
    let shown = report.len().min(REPORT_LINES);
    assert!(
        report.is_empty(),
        "{} of {count} {what} differ from the original (original vs stiffdae):\n{}{}",
        report.len(),
        report[..shown].join("\n"),
        if report.len() > shown {
            format!("\n… and {} more", report.len() - shown)
        } else {
            String::new()
        }
    );
}

/// Differing lines shown in a failure message.
const REPORT_LINES: usize = 60;

const ALL: [usize; 17] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16];

#[test]
fn the_sweep_runs_every_case_without_a_panic() {
    let out = program_output();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "the sweep program failed:\n{stderr}");
    for bad in ["panic", "internal error"] {
        assert!(!stderr.contains(bad), "{bad} reported:\n{stderr}");
    }
    let tags = |v: Vec<Vec<String>>| v.into_iter().map(|l| l[0].clone()).collect::<Vec<_>>();
    assert_eq!(tags(mine()), tags(expected()));
}

/// Sizes below 32 with any storage, and banded storage at every size (the decsol and
/// LINPACK-band kernels), with identity, banded and full mass, M1 > 0 and the DAEs.
#[test]
fn runs_without_a_dense_matrix_of_order_32_equal_the_original() {
    compare(
        |t| !dense_32(t) && !hessenberg(t) && !refused(t),
        &ALL,
        "runs without a dense matrix of order >= 32",
    );
}

/// Full Jacobians or mass matrices of order 32 … 200 (and the acceptance runs'
/// values): the dense LU must perform decsol's operations at every order.
#[test]
fn dense_runs_of_order_32_and_more_equal_the_original() {
    compare(
        |t| dense_32(t) && !hessenberg(t) && !refused(t),
        &ALL,
        "dense runs of order >= 32",
    );
}

/// IWORK(1) = 1: with a full Jacobian, M = I and N > 2 the Jacobian is reduced to
/// Hessenberg form (ELMHES) and E1, E2 factored by DECH/DECHC, as in the original (N ≤ 2
/// and the banded run take the usual path, as there). Every value to the last bit.
#[test]
fn hessenberg_runs_equal_the_original() {
    compare(hessenberg, &ALL, "IWORK(1) = 1 runs");
}

/// A full mass with a banded Jacobian is refused (IDID = -1) after the tolerances
/// were transformed: the original returns RTOL/ATOL transformed and writes no
/// statistics.
#[test]
fn a_refused_input_returns_what_the_original_returns() {
    compare(refused, &ALL, "refused inputs");
}

/// Issue 9's acceptance: Brusselator chains of N = 40 and 100 stored full, with the
/// dense coupling, and N = 1000 banded give the original's IDID and statistics.
#[test]
fn issue_9_acceptance_runs_give_the_original_idid_and_statistics() {
    compare(
        |t| t.ends_with("X=10"),
        &[0, 2, 3, 4, 5, 6, 7, 8],
        "acceptance runs",
    );
}
