//! The charge-pump runs both BDF kit tests make (`problems/pump.f`, restart at each t(i),
//! rtol(9) = atol(9) = 1000), checked against the original's figures.

use ffi_tests::{kit_program, parse_result, run, Solver};

/// One run: the tolerance; the original's IDID; its steps (tried), accepted steps, #f and
/// #Jac; the values its failure message prints (empty when it succeeds), after the
/// `prefix` of the check; its scd and scd of component 9 (`None` when it fails).
pub type Row = (f64, i32, [u64; 4], &'static str, Option<(f64, f64)>);

/// Runs the pump with `solver` at each row's tolerance and checks the row.
pub fn check_pump(solver: Solver, prefix: &str, rows: &[Row]) {
    let exe = kit_program(solver, "pump").unwrap_or_else(|e| panic!("{e}"));
    for &(tol, idid, want, at, scd) in rows {
        let out = run(&exe, &format!("{tol:e}\n{tol:e}\n{tol:e}\n"), &[]);
        assert!(out.status.success(), "{tol:e}");
        let res = parse_result(&String::from_utf8_lossy(&out.stdout)).expect("RESULT");
        assert_eq!(res.idid, idid, "{tol:e}: {res:?}");
        assert_eq!([res.steps, res.accept, res.nf, res.njac], want, "{tol:e}");
        assert_eq!(res.scd.zip(res.scd9), scd, "{tol:e}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        if !at.is_empty() {
            assert!(
                stderr.contains(&format!("{prefix}{at}")),
                "{tol:e}: {stderr}"
            );
        }
    }
}
