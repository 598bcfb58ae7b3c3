//! The long differential fuzz run (issue 10): the fuzzers of `c/fuzz*.c` linked against
//! libstiffdae, on many more cases than the short run of `tests/fuzz.rs`.
//!
//! `cargo run --release -p ffi-tests --bin fuzz -- [--cases N] [--seed S]
//! [--entry radau5|radau|rodas|ddassl|ddaskr] [--first K] [--original DIR]`. Without `--original`
//! every case is checked for a clean end (no crash, hang or program stop, documented
//! IDIDs, out-of-contract input refused); with `--original DIR` the original Fortran
//! sources found in DIR (or its subdirectories) are compiled and linked with the same
//! fuzzer and run side by side (out-of-contract cases excepted), and every in-contract
//! case must give the original's line. Exit status 1 when anything is reported.

use ffi_tests::{
    fuzz_judge, fuzz_program, fuzz_program_original, original_sources, run_fuzz, FuzzVerdict,
    FUZZ_ENTRIES,
};
use std::path::{Path, PathBuf};

/// Cases per fuzzer invocation: progress is printed after each chunk.
const CHUNK: u64 = 2000;
/// Lines printed per kind of finding and entry point.
const SHOW: usize = 20;

struct Args {
    cases: u64,
    seed: u64,
    first: u64,
    entries: Vec<&'static str>,
    original: Option<PathBuf>,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        cases: 100_000,
        seed: 1,
        first: 0,
        entries: FUZZ_ENTRIES.to_vec(),
        original: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let mut value = || it.next().ok_or(format!("{a} needs a value"));
        match a.as_str() {
            "--cases" => args.cases = value()?.parse().map_err(|e| format!("--cases: {e}"))?,
            "--seed" => args.seed = value()?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--first" => args.first = value()?.parse().map_err(|e| format!("--first: {e}"))?,
            "--entry" => {
                let e = value()?.to_lowercase();
                let entry = FUZZ_ENTRIES
                    .iter()
                    .find(|x| **x == e)
                    .ok_or(format!("unknown entry point {e}"))?;
                args.entries = vec![entry];
            }
            "--original" => args.original = Some(PathBuf::from(value()?)),
            _ => return Err(format!("unknown argument {a}")),
        }
    }
    Ok(args)
}

/// The environment of an original's run: out-of-contract cases are not run; RODAS's NAN
/// cases get 5 s, since the original loops for ever once a NaN reaches a step's first
/// evaluation, its Jacobian, ∂f/∂x or the mass matrix (README; stiffdae ends with
/// IDID = -3), and those cases are not compared anyway.
fn original_env(entry: &str) -> &'static [(&'static str, &'static str)] {
    if entry == "rodas" {
        &[("FUZZ_SKIP_OUT", "1"), ("FUZZ_NAN_TIMEOUT", "5")]
    } else {
        &[("FUZZ_SKIP_OUT", "1")]
    }
}

fn original_program(entry: &str, dir: &Path) -> Result<PathBuf, String> {
    let files = original_sources(entry, dir)?;
    fuzz_program_original(&format!("fuzz-{entry}-original"), entry, &files)
}

/// Adds a chunk's verdict to the total, printing the first findings of each kind.
fn add(total: &mut FuzzVerdict, v: FuzzVerdict) {
    for (t, c) in total.cases.iter_mut().zip(v.cases) {
        *t += c;
    }
    total.compared += v.compared;
    total.nan_compared += v.nan_compared;
    total.unfrozen_in += v.unfrozen_in;
    total.nonfinite_in += v.nonfinite_in;
    for l in v.abnormal {
        if total.abnormal.len() < SHOW {
            println!("  abnormal: {l}");
        }
        total.abnormal.push(l);
    }
    for l in v.unclean {
        if total.unclean.len() < SHOW {
            println!("  unclean:  {l}");
        }
        total.unclean.push(l);
    }
    for (o, s) in v.differences {
        if total.differences.len() < SHOW {
            println!("  original: {o}\n  stiffdae: {s}");
        }
        total.differences.push((o, s));
    }
}

fn run_entry(entry: &str, args: &Args) -> Result<FuzzVerdict, String> {
    let ours = fuzz_program(entry);
    let original = match &args.original {
        Some(dir) => Some(original_program(entry, dir)?),
        None => None,
    };
    let mut total = FuzzVerdict::default();
    let end = args.first + args.cases;
    let mut first = args.first;
    while first < end {
        let count = CHUNK.min(end - first);
        let (out, orig) = std::thread::scope(|s| {
            let o = original.as_ref().map(|exe| {
                s.spawn(move || run_fuzz(exe, args.seed, count, first, original_env(entry)))
            });
            let ours = run_fuzz(&ours, args.seed, count, first, &[]);
            let orig = o.map(|h| h.join().expect("the original's run").0);
            (ours.0, orig)
        });
        add(
            &mut total,
            fuzz_judge(entry, &out, orig.as_deref().unwrap_or("")),
        );
        first += count;
        println!(
            "{entry}: cases {}..{first} — {}",
            args.first,
            total.summary(entry)
        );
    }
    Ok(total)
}

fn main() {
    let args = parse_args().unwrap_or_else(|e| {
        eprintln!("fuzz: {e}");
        std::process::exit(2);
    });
    let mut clean = true;
    let mut table = Vec::new();
    for entry in &args.entries {
        match run_entry(entry, &args) {
            Ok(v) => {
                clean &= v.clean();
                table.push(v.summary(entry));
            }
            Err(e) => {
                eprintln!("fuzz: {e}");
                std::process::exit(2);
            }
        }
    }
    println!(
        "\nseed {}, cases {}..{}{}",
        args.seed,
        args.first,
        args.first + args.cases,
        if args.original.is_some() {
            ", compared with the original"
        } else {
            ""
        }
    );
    for row in table {
        println!("{row}");
    }
    if !clean {
        std::process::exit(1);
    }
}
