//! RADAU from modern Fortran through `fortran/stiffdae.f90` (`radau`, `contra` as
//! bind(C) interfaces): `fortran/radau_module.f90` solves van der Pol with module
//! procedures as callbacks and CONTRA inside SOLOUT. The expected lines were printed by
//! the same program linked against the original radau.f (gfortran 12 -O2): IDID, the
//! statistics IWORK(14..20), the end point and the dense values to the bit.

use ffi_tests::{fortran_program, root, run, Link};

const ORIGINAL: &str = "\
IDID 1 5717 194 263 240 5 249 1050
END 4000000000000000 3FFB4C7639F43C2A BFEC91E64FDE80EC
DENSE 1 3FF98C5D4B4A42E1 BFF07C7C559CE103
DENSE 2 BFFDD17E794E90EA 3FE81D06C6386815
DENSE 3 BFF5AD097E2F3DF5 3FF9F2DAE0F769DB
DENSE 4 3FFB4C7639F43C2A BFEC91E64FDE80EC
";

#[test]
fn modern_fortran_calls_radau_and_contra_through_the_module() {
    let sources = [
        root().join("fortran/stiffdae.f90"),
        root().join("ffi-tests/fortran/radau_module.f90"),
    ];
    let exe = fortran_program("radau-module", &sources, Link::Static);
    let out = run(&exe, "", &[]);
    assert!(
        out.status.success(),
        "{:?}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), ORIGINAL);
}
