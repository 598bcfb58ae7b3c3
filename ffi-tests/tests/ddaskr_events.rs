//! DDASKR's events through `ddaskr_` from C and Fortran: the ModiaMath clutch
//! (`c/clutch.c`, `fortran/clutch.f`), a bouncing ball (`c/bouncing_ball.c`) and a
//! pendulum whose rope goes slack (`c/slack_pendulum.c`).

use ffi_tests::{c_program, fortran_program, root, run, Link};

/// The numbers on the lines starting with `tag`.
fn lines(stdout: &str, tag: &str) -> Vec<Vec<f64>> {
    stdout
        .lines()
        .filter(|l| l.split_whitespace().next() == Some(tag))
        .map(|l| {
            l.split_whitespace()
                .skip(1)
                .map(|w| w.replace(['D', 'd'], "e").parse().unwrap())
                .collect()
        })
        .collect()
}

fn output(exe: &std::path::Path) -> String {
    let out = run(exe, "", &[]);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// The clutch, by hand (J1 = 0.1, J2 = 0.4, k = 0.25, C = 2, R = 100): engaged, the
/// speed w obeys (J1 + J2 + k²C) w' = -k² w/R, released, inertia 1 obeys
/// (J1 + k²C) w1' = -k² w1/R and inertia 2 keeps its speed. Through an engagement
/// J1 w1 + J2 w2 + k C v is conserved, with v = k w1:
///   w(0+)   = (0.1·0 + 0.4·10 + 0.5·0)/0.625 = 6.4
///   w(100)  = 6.4 exp(-100·0.001)                      = 5.790959475430...
///   w1(300-) = w(100) exp(-200·0.0625/22.5), w2(300-) = w(100)
///   w(300+) = (0.225 w1(300-) + 0.4 w2(300-))/0.625    = 4.902343875292...
///   w(400)  = w(300+) exp(-100·0.001)                  = 4.435824174443...
fn check_clutch(stdout: &str) {
    let (j1, j2, k, c, r) = (0.1_f64, 0.4, 0.25, 2.0, 100.0);
    let jeff = j1 + j2 + k * k * c;
    let (le, lr) = (k * k / (r * jeff), k * k / (r * (j1 + k * k * c)));
    let w100 = 6.4 * (-100.0 * le).exp();
    let w1_300 = w100 * (-200.0 * lr).exp();
    let w300 = ((j1 + k * k * c) * w1_300 + j2 * w100) / jeff;
    let w400 = w300 * (-100.0 * le).exp();
    assert!((w300 - 4.902343875292).abs() < 1e-11, "hand value {w300}");

    let init = lines(stdout, "INIT");
    let events = lines(stdout, "EVENT");
    assert_eq!(init.len(), 3, "{stdout}");
    assert_eq!(events.len(), 2, "{stdout}");
    // After the initial engagement both shafts turn at 6.4 rad/s.
    assert_eq!(init[0][0], 0.0);
    assert!((init[0][1] - 6.4).abs() < 1e-8 && (init[0][2] - 6.4).abs() < 1e-8);
    // The events, with JROOT = +1 for the function that crossed.
    assert!((events[0][0] - 100.0).abs() < 1e-10, "{:?}", events[0]);
    assert_eq!(&events[0][1..], &[1.0, 0.0]);
    assert!((events[1][0] - 300.0).abs() < 1e-10, "{:?}", events[1]);
    assert_eq!(&events[1][1..], &[0.0, 1.0]);
    // Released at 100 without an impulse; re-engaged at 300 at the momentum balance.
    assert!((init[1][1] - w100).abs() < 1e-8, "{:?} vs {w100}", init[1]);
    assert!((init[2][1] - w300).abs() < 1e-8, "{:?} vs {w300}", init[2]);
    assert_eq!(init[2][1], init[2][2], "both shafts at one speed");
    // Consistent re-initialisation: the residual of the computed values (INFO(11) = 1)
    // is below the tolerance (1e-10), and the clutch torque is zero while released.
    for v in &init {
        assert!(v[5] < 1e-10, "residual {v:?}");
    }
    assert!(
        init[1][4].abs() < 1e-12,
        "released: no clutch torque {:?}",
        init[1]
    );
    let fin = &lines(stdout, "FINAL")[0];
    assert_eq!(fin[0], 400.0);
    assert!((fin[1] - w400).abs() < 1e-8, "{fin:?} vs {w400}");
    // The original DDASKR's counters for this program: steps, residuals, Jacobians,
    // error-test and convergence failures, Newton iterations, root evaluations.
    assert_eq!(
        lines(stdout, "STATS")[0],
        [54.0, 176.0, 25.0, 1.0, 0.0, 76.0, 56.0]
    );
}

#[test]
fn clutch_from_c() {
    let exe = c_program(
        "c-clutch",
        &[root().join("ffi-tests/c/clutch.c")],
        Link::Static,
    );
    check_clutch(&output(&exe));
}

#[test]
fn clutch_from_fortran_equals_c() {
    let f = fortran_program(
        "f-clutch",
        &[root().join("ffi-tests/fortran/clutch.f")],
        Link::Shared,
    );
    let c = c_program(
        "c-clutch",
        &[root().join("ffi-tests/c/clutch.c")],
        Link::Static,
    );
    let (fo, co) = (output(&f), output(&c));
    check_clutch(&fo);
    for tag in ["INIT", "EVENT", "FINAL", "STATS"] {
        assert_eq!(lines(&fo, tag), lines(&co, tag), "{tag}");
    }
}
