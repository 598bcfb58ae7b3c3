//! DDASKR's events through `ddaskr_` from C and Fortran: the ModiaMath clutch
//! (`examples/c/clutch_ddaskr.c`, `examples/fortran77/clutch_ddaskr.f`), a bouncing ball (`examples/c/bouncing_ball_ddaskr.c`) and a
//! pendulum whose rope goes slack (`c/slack_pendulum.c`); consistent initial values with
//! INFO(11) = 1 and INFO(14) = 1 (`c/daskr_init.c`).

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
        &[root().join("examples/c/clutch_ddaskr.c")],
        Link::Static,
    );
    check_clutch(&output(&exe));
}

#[test]
fn clutch_from_fortran_equals_c() {
    let f = fortran_program(
        "f-clutch",
        &[root().join("examples/fortran77/clutch_ddaskr.f")],
        Link::Shared,
    );
    let c = c_program(
        "c-clutch",
        &[root().join("examples/c/clutch_ddaskr.c")],
        Link::Static,
    );
    let (fo, co) = (output(&f), output(&c));
    check_clutch(&fo);
    for tag in ["INIT", "EVENT", "FINAL", "STATS"] {
        assert_eq!(lines(&fo, tag), lines(&co, tag), "{tag}");
    }
}

/// Ten impacts of a ball dropped from 10 m with restitution 0.8 at the closed-form
/// times t1 = sqrt(2h/g), t(k+1) = t(k) + 2·0.8^k·v1/g, v1 = sqrt(2gh), to 1e-9.
#[test]
fn bouncing_ball_from_c() {
    let exe = c_program(
        "c-bouncing-ball",
        &[root().join("examples/c/bouncing_ball_ddaskr.c")],
        Link::Static,
    );
    let stdout = output(&exe);
    let impacts = lines(&stdout, "IMPACT");
    assert_eq!(impacts.len(), 10, "{stdout}");
    let (g, h, e) = (9.81_f64, 10.0_f64, 0.8_f64);
    let v1 = (2.0 * g * h).sqrt();
    let mut expected = (2.0 * h / g).sqrt();
    for (k, impact) in impacts.iter().enumerate() {
        assert!(
            (impact[0] - expected).abs() < 1e-9,
            "impact {}: {} vs {expected}",
            k + 1,
            impact[0]
        );
        assert_eq!(impact[1], -1.0, "falling through y = 0");
        expected += 2.0 * e.powi(k as i32 + 1) * v1 / g;
    }
    // The original DDASKR's counters for each flight (every restart zeroes them): steps,
    // residuals, Jacobians, root-function evaluations. The restart at y = 0 itself is no
    // root: DDASKR looks a little ahead when a root function is zero at the start.
    let stats: Vec<[f64; 4]> = vec![
        [45.0, 133.0, 44.0, 59.0],
        [46.0, 136.0, 45.0, 59.0],
        [45.0, 133.0, 44.0, 63.0],
        [44.0, 130.0, 43.0, 56.0],
        [44.0, 130.0, 43.0, 59.0],
        [43.0, 127.0, 42.0, 55.0],
        [43.0, 127.0, 42.0, 54.0],
        [42.0, 124.0, 41.0, 60.0],
        [42.0, 124.0, 41.0, 57.0],
        [41.0, 121.0, 40.0, 54.0],
    ];
    assert_eq!(lines(&stdout, "STATS"), stats);
}

/// The slack rope (L = 1, g = 9.81, started at the bottom with w0² = 3.5 g): the rope
/// force vanishes at 120°, at t_s = ∫₀^{2π/3} dθ / sqrt(g (1.5 + 2 cos θ)) (Simpson's
/// rule below); the free flight from there, p(τ) = p_s + v_s τ - (0, g τ²/2) with
/// |v_s| = sqrt(g/2) tangential, meets the circle again at the bottom (bisection
/// below); the jerk leaves no radial velocity and the restart is taut (lam > 0).
#[test]
fn slack_rope_pendulum_from_c() {
    let exe = c_program(
        "c-slack-pendulum",
        &[root().join("ffi-tests/c/slack_pendulum.c")],
        Link::Static,
    );
    let stdout = output(&exe);
    let g = 9.81_f64;
    let f = |th: f64| 1.0 / (g * (1.5 + 2.0 * th.cos())).sqrt();
    let (n, b) = (200_000, 2.0 * std::f64::consts::PI / 3.0);
    let h = b / n as f64;
    let mut sum = f(0.0) + f(b);
    for i in 1..n {
        sum += if i % 2 == 1 { 4.0 } else { 2.0 } * f(i as f64 * h);
    }
    let ts = sum * h / 3.0;
    let (px, py) = (3.0_f64.sqrt() / 2.0, 0.5);
    let v = (g / 2.0).sqrt();
    let (vx, vy) = (-0.5 * v, 3.0_f64.sqrt() / 2.0 * v);
    let dist = |t: f64| (px + vx * t).powi(2) + (py + vy * t - g * t * t / 2.0).powi(2) - 1.0;
    let (mut lo, mut hi) = (0.1, 2.0);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if dist(mid) < 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let taut_t = ts + lo;

    let slack = &lines(&stdout, "SLACK")[0];
    assert!(
        (slack[0] - ts).abs() < 1e-7,
        "slack at {} vs {ts}",
        slack[0]
    );
    assert!(
        (slack[1] - px).abs() < 1e-7 && (slack[2] - py).abs() < 1e-7,
        "{slack:?}"
    );
    assert!(
        (slack[3] - vx).abs() < 1e-6 && (slack[4] - vy).abs() < 1e-6,
        "{slack:?}"
    );
    assert_eq!(lines(&stdout, "INSIDE")[0][1], -1.0);
    let taut = &lines(&stdout, "TAUT")[0];
    assert!(
        (taut[0] - taut_t).abs() < 1e-7,
        "taut at {} vs {taut_t}",
        taut[0]
    );
    assert!(
        taut[1].abs() < 1e-6 && (taut[2] + 1.0).abs() < 1e-9,
        "{taut:?}"
    );
    let radial = &lines(&stdout, "RADIAL")[0];
    assert!(radial[1].abs() < 1e-12, "{radial:?}");
    // Each restart computes a consistent rope force: 4.5 g at the start, zero while
    // slack, positive again when taut at the bottom.
    let init = lines(&stdout, "INIT");
    assert_eq!(init.len(), 3, "{stdout}");
    assert!((init[0][1] - 4.5 * g).abs() < 1e-9, "{:?}", init[0]);
    assert!(init[1][1].abs() < 1e-12, "{:?}", init[1]);
    assert!(init[2][1] > 0.0, "{:?}", init[2]);
    assert_eq!(lines(&stdout, "FINAL")[0][0], 3.0);
    // The original DDASKR's counters per segment (taut, slack, taut again): steps,
    // residuals, Jacobians, error-test and convergence failures, Newton iterations,
    // root-function evaluations.
    assert_eq!(
        lines(&stdout, "STATS"),
        [
            [295.0, 544.0, 40.0, 7.0, 0.0, 344.0, 309.0],
            [44.0, 245.0, 37.0, 0.0, 0.0, 60.0, 74.0],
            [469.0, 604.0, 24.0, 0.0, 0.0, 484.0, 470.0],
        ]
    );
}

fn daskr_init() -> std::path::PathBuf {
    c_program(
        "c-daskr-init",
        &[root().join("ffi-tests/c/daskr_init.c")],
        Link::Static,
    )
}

/// Robertson's DAE from y = (1, 0, 0.2), y' = 0 with INFO(11) = 1 (y1, y2 differential,
/// y3 algebraic) and INFO(14) = 1: IDID = 4, y1 and y2 kept, y3 = 1 - y1 - y2 = 0 and
/// y1' = -0.04, y2' = 0.04, with a residual far below the tolerances (rtol 1e-8, atol
/// 1e-10); then a new start from those values to t = 0.4.
#[test]
fn consistent_initial_values_from_c() {
    let stdout = output(&daskr_init());
    let idids = lines(&stdout, "IDID");
    assert_eq!(idids, [[4.0], [3.0]], "{stdout}");
    let init = &lines(&stdout, "INIT")[0];
    assert_eq!(init[0], 0.0);
    assert_eq!(&init[1..3], &[1.0, 0.0], "differential components kept");
    assert!(init[3].abs() < 1e-10, "y3 {init:?}");
    assert!((init[4] + 0.04).abs() < 1e-10 && (init[5] - 0.04).abs() < 1e-10);
    assert!(init[6] < 1e-10, "residual {}", init[6]);
    // y(0.4), from the original DDASKR at rtol 1e-12, atol 1e-15.
    let fin = &lines(&stdout, "FINAL")[0];
    assert_eq!(fin[0], 0.4);
    assert!((fin[1] - 0.985172113860978).abs() < 1e-8, "{fin:?}");
    assert!((fin[2] - 3.38639537897470e-5).abs() < 1e-12, "{fin:?}");
    assert!((fin[3] - 1.47940221852341e-2).abs() < 1e-8, "{fin:?}");
    // The original DDASKR's counters (steps, residuals, Jacobians, error-test and
    // convergence failures, Newton iterations): after the initialisation (its residuals,
    // Jacobians and Newton iterations only) and at t = 0.4 (the new start zeroed them).
    assert_eq!(
        lines(&stdout, "STATS"),
        [
            [0.0, 19.0, 3.0, 0.0, 0.0, 7.0],
            [127.0, 267.0, 28.0, 5.0, 0.0, 183.0],
        ]
    );
}

/// Continuing with INFO(1) = 1 after IDID = 4 is a misuse (the original's prologue: the
/// solution is not started yet): the original DDASKR then steps from a history it never
/// set up and ends with NaN and IDID = -1 after 500 steps. Ours must end with a negative
/// IDID too, and not through an internal error.
#[test]
fn continuing_after_idid_4_is_no_internal_error() {
    let out = run(&daskr_init(), "", &[]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let misuse = &lines(&stdout, "MISUSE")[0];
    assert!(misuse[0] < 0.0, "{stdout}");
    assert!(
        !stderr.contains("INTERNAL ERROR") && !stderr.contains("panicked"),
        "{stderr}"
    );
}
