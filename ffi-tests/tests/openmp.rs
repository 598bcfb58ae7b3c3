//! A Fortran program with an OpenMP parallel loop over 10 000 independent RADAU5 (with
//! CONTR5 from SOLOUT) and DDASSL solves (`fortran/openmp_ensemble.f`), which the
//! original codes cannot run in parallel (COMMON /CONRA5/, SAVE): on two threads the
//! parallel loop gives the serial loop's results to the last bit, and both give what
//! the original prints for the serial loop (the sums below, from the program compiled
//! without OpenMP against radau5.f and netlib ddassl.f).

use ffi_tests::{fortran_program_with, root, run, Link};

const ORIGINAL: &str = "\
RADAU5 SOLVES 10000 FAILED     0 DIFFERENCES     0 SUM -1.0224726649115348E+03
DDASSL SOLVES 10000 FAILED     0 DIFFERENCES     0 SUM  1.8973921434986394E+04
";

#[test]
fn openmp_ensemble_is_bit_identical_to_the_serial_loop_and_the_original() {
    let exe = fortran_program_with(
        "openmp-ensemble",
        &[
            root().join("ffi-tests/fortran/openmp_ensemble.f"),
            root().join("examples/mpi/vdp_solves.f"),
        ],
        Link::Static,
        &["-fopenmp"],
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let out = run(
        &exe,
        "",
        &[("STIFFDAE_QUIET", "1"), ("OMP_NUM_THREADS", "2")],
    );
    assert!(out.status.success(), "{:?}", out.status);
    assert_eq!(String::from_utf8_lossy(&out.stdout), ORIGINAL);
}
