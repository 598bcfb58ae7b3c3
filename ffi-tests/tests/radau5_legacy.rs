//! RADAU5 from legacy Fortran (ffi-tests/fortran/radau5_legacy.f): band widths and IMAS
//! as PARAMETER constants, and `CALL RADAU5(..., TOL, TOL, 0, ...)` with one variable for
//! RTOL and ATOL. The expected lines were printed by the same program linked with the
//! original radau5.f (gfortran 12.2 -O2).

use ffi_tests::{fortran_program, quiet_stdout, root, run, Link};

const ORIGINAL: &str = "\
RUN ALIASED  IDID   1 3FF0000000000000 3FC5166952DD563B 3FBDFC25F6E95447 3FBCF26B44A8C1A3    121     12     19     19      0     16     34
TOL ALIASED  3EE4F8B588E368F5 3EE4F8B588E368F5
RUN SEPARATE IDID   1 3FF0000000000000 3FC5166952DD563B 3FBDFC25F6E95447 3FBCF26B44A8C1A3    121     12     19     19      0     16     34
TOL SEPARATE 3EE4F8B588E368F5 3EE4F8B588E368F5
";

/// The aliased call runs as the separate one and both as the original's (no write into
/// the PARAMETER constants, which would be a crash); TOL holds what the original leaves.
#[test]
fn aliased_tolerances_and_parameter_widths_from_fortran() {
    let exe = fortran_program(
        "radau5-legacy",
        &[root().join("ffi-tests/fortran/radau5_legacy.f")],
        Link::Static,
    );
    assert_eq!(quiet_stdout(&exe), ORIGINAL);
}

/// Hairer's 2-D Brusselator example passes the WORK a one-column replacement linear
/// algebra needs (LWORK = 16 N + 20) with a full Jacobian whose JAC writes N x N values:
/// the original refuses the call (IDID = -1, JAC never called), so does stiffdae; with a
/// WORK large enough both solve it alike (`fortran/radau5_bruss2d.f`, N = 72; the
/// expected lines are the original's).
#[test]
fn brusselator_2d_with_a_replacement_algebras_work_is_refused_as_by_the_original() {
    const ORIGINAL: &str = "\
CASE 1 IDID  -1 JAC    0     0     0     0     0     0     0     0
Y 0000000000000000 0000000000000000 3FF87EB1990B6977
CASE 2 IDID   1 JAC   15   134    15    20    20     0    19    38
Y 3FF0000000000000 3FFF51509008EF05 3FF7606C58693E78
";
    let exe = fortran_program(
        "radau5-bruss2d",
        &[root().join("ffi-tests/fortran/radau5_bruss2d.f")],
        Link::Static,
    );
    let out = run(&exe, "", &[]);
    assert!(out.status.success(), "{:?}", out.status);
    assert_eq!(String::from_utf8_lossy(&out.stdout), ORIGINAL);
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("min. LWORK = 21620"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
