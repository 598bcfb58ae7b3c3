//! The charge pump solved by events (`fortran/pumpev.f`, issue 16): DDASKR through
//! `ddaskr_` with root functions on the MOS region borders, the input's kinks as TSTOP and
//! a consistent restart after each, at Tol = 1e-3, 1e-5, 1e-7, 1e-9.
//!
//! No original solves the pump this way on its own (the original DDASSL in the kit's
//! driver stops with IDID = -7 at t = 5.01e-8), so two independent checks stand behind
//! the expected values:
//! - `expected/pumpev.txt` is what the same driver printed linked with the original
//!   DDASKR (gfortran -O2 -std=legacy -w), not our own output: the run through
//!   libstiffdae must print it exactly;
//! - the accuracy is judged against the IVP Test Set's reference solution at
//!   t = 1.2e-6 (pump.f's `solut`: y1 = 0.12628e-12, y2..y8 = 0): every tolerance reaches the end
//!   with scd (y1) and mescd (y1..y8) of at least the tolerance's digits, and the exact
//!   state at the 39 kinks (the algebraic solution for the invariants y2 + y3, y4 + y5)
//!   is met as well.
//!
//! The digit counts do not grow with the tolerance: between events the index-1
//! components are algebraic in t and the two invariants, which BDF keeps exactly, so
//! they are right to the Newton iteration's accuracy at every tolerance (often to the
//! last bit; 15.65 = -log10(2^-52) marks an exact value). What grows with the tolerance
//! is the work.

use ffi_tests::{fortran_program, root, run, Link};

/// One row of the table `pumpev` prints.
#[derive(Debug, PartialEq)]
struct Row {
    tol: f64,
    idid: i32,
    t: f64,
    /// steps, residuals, Jacobians, error and convergence test failures, roots, TSTOP
    /// restarts.
    stats: [u64; 7],
    /// scd (y1), mescd (y1..y8), scd of y9 at t = 1.2e-6; worst scd (y1) and mescd at
    /// the kinks.
    acc: [f64; 5],
}

fn rows(stdout: &str) -> Vec<Row> {
    stdout
        .lines()
        .filter_map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            let tol = w.first()?.parse::<f64>().ok()?;
            assert_eq!(w.len(), 15, "{l}");
            let int = |i: usize| w[i].parse::<u64>().unwrap();
            let num = |i: usize| w[i].parse::<f64>().unwrap();
            Some(Row {
                tol,
                idid: w[1].parse().unwrap(),
                t: num(2),
                stats: [int(3), int(4), int(5), int(6), int(7), int(8), int(9)],
                acc: [num(10), num(11), num(12), num(13), num(14)],
            })
        })
        .collect()
}

fn output() -> String {
    let dir = root().join("fortran");
    let exe = fortran_program(
        "pumpev",
        &[dir.join("pumpev.f"), dir.join("problems/pump.f")],
        Link::Static,
    );
    let out = run(&exe, "", &[("STIFFDAE_QUIET", "1")]);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

#[test]
fn pump_by_events_prints_what_the_original_ddaskr_prints() {
    let expected = std::fs::read_to_string(root().join("ffi-tests/expected/pumpev.txt"))
        .expect("expected/pumpev.txt");
    assert_eq!(output(), expected);
}

#[test]
fn pump_by_events_tol_1e7_frozen() {
    let rows = rows(&output());
    let row = rows.iter().find(|r| r.tol == 1e-7).expect("the 1e-7 run");
    assert_eq!(
        *row,
        Row {
            tol: 1e-7,
            idid: 2,
            t: 1.2e-6,
            stats: [1700, 13131, 1170, 70, 0, 20, 39],
            acc: [15.65, 14.39, 2.48, 15.35, 14.09],
        }
    );
}

#[test]
fn pump_by_events_reaches_the_end_at_every_tolerance_within_it() {
    let rows = rows(&output());
    let tols: Vec<f64> = rows.iter().map(|r| r.tol).collect();
    assert_eq!(tols, [1e-3, 1e-5, 1e-7, 1e-9]);
    for r in &rows {
        let digits = -r.tol.log10();
        assert!(r.idid == 2 || r.idid == 3, "{r:?}");
        assert_eq!(r.t, 1.2e-6, "{r:?}");
        // Each of the ten periods has a turn-on and a turn-off; each kink a restart.
        assert!(r.stats[5] >= 20, "{r:?}");
        assert_eq!(r.stats[6], 39, "{r:?}");
        // scd and mescd against the Test Set's reference, and at the kinks.
        for (what, acc) in ["scd", "mescd", "", "kink scd", "kink mescd"]
            .iter()
            .zip(r.acc)
        {
            if !what.is_empty() {
                assert!(acc >= digits, "{what} {acc} below Tol {}: {r:?}", r.tol);
            }
        }
    }
    // The work grows as the tolerance tightens.
    for pair in rows.windows(2) {
        assert!(pair[1].stats[0] > pair[0].stats[0], "{pair:?}");
    }
}
