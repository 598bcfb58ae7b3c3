//! The MPI example (`examples/mpi/ensemble_mpi.f`): the 10 000-member Van der Pol
//! ensemble of RADAU5 and DDASSL solves over two MPI ranks, OpenMP threads inside each,
//! built with Debian's OpenMPI (`mpif90`) and run with `mpirun -np 2`. Its checksums are
//! the serial loop's, as the original codes print them (see `openmp.rs`).

use ffi_tests::{library, root, work_dir, NATIVE_LIBS};
use std::process::Command;

const ORIGINAL: &str = "\
RADAU5 SOLVES 10000 FAILED     0 SUM -1.0224726649115348E+03
DDASSL SOLVES 10000 FAILED     0 SUM  1.8973921434986394E+04
";

#[test]
fn mpi_ensemble_over_two_ranks_gives_the_serial_checksums() {
    let exe = work_dir().join("ensemble-mpi");
    let dir = root().join("examples/mpi");
    let build = Command::new("mpif90")
        .args(["-O2", "-fopenmp", "-o"])
        .arg(&exe)
        .arg(dir.join("ensemble_mpi.f"))
        .arg(dir.join("vdp_solves.f"))
        .arg(&library().staticlib)
        .args(NATIVE_LIBS)
        .arg(format!("-J{}", work_dir().display()))
        .output()
        .expect("mpif90 (apt-get install libopenmpi-dev openmpi-bin)");
    assert!(
        build.status.success(),
        "{}",
        String::from_utf8_lossy(&build.stderr)
    );
    let out = Command::new("mpirun")
        .args(["--oversubscribe", "-np", "2"])
        .arg(&exe)
        .env("OMP_NUM_THREADS", "1")
        .env("STIFFDAE_QUIET", "1")
        .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
        .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
        .output()
        .expect("mpirun");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), ORIGINAL);
}
