//! The MIN/MAX sites of DDASSL and DDASKR where a NaN (or -0) operand makes gfortran's
//! `maxsd`/`minsd` (the second operand comes back) differ from `f64::max/min` or from the
//! other operand order (`crate::intrinsics::{fmax, fmin}` in the library), each reached by
//! one input of ffi-tests/c/bdf_nan_dassl.c and bdf_nan_daskr.c (the case comments there
//! say how). Every line below was printed by the same program linked with the original
//! ddassl.f (with its LINPACK, BLAS and SLATEC files and daux.f's D1MACH) or ddaskr.f
//! (daux.f, dlinpk.f), gfortran 12.2 -O2 (`cc -std=c11 -O2 -Iinclude bdf_nan_dassl.c
//! <the original's objects> -lgfortran -lm`); each case fails when its site takes its
//! operands in the other order or as `f64::max/min`.
//!
//! Sites without a case, because no input carries a NaN or -0 to them with an observable
//! effect: CK = MAX(CK,ALPHA(K+1)) (DDASTP, DDSTP: CK is NaN only with ALPHA(K+1), both
//! from H and PSI); the order selection MAX(TERKM1,TERKM2) and MIN(TERK,TERKP1) and the
//! error-test factor MAX(0.25,MIN(0.9,R)) (every estimate norm includes the corrector's E,
//! whose norm must be finite for the step to reach them); MAX(0.5,MIN(0.9,R)) after a step
//! (a NaN R takes neither branch that clamps); MIN(Y,0) in DDASTP, DNSD and DNSK (it only
//! corrects E, which starts at +0 and cannot become -0; a NaN Y passes the corrector test
//! only with a zero correction norm, and no input was found where the clipped norm then
//! decides differently);
//! DDASKR's first HMIN (only compared with |TOUT - T|, NaN whenever T or TOUT is; a NaN
//! TOUT is refused with -33); DRCHEK's MAX(HMINR/|H|,0.1) (NaN only for a NaN or infinite
//! H, when T0 + TEMP2·H is NaN either way); DORTH's MAX(0,SNORMW² - SUMDSQ) (a NaN from
//! PSOL makes SNORMW NaN and DORTH returns before it; only an overflow of both squares
//! gives NaN there).

use ffi_tests::{c_program, quiet_stdout, root, Link};

/// bdf_nan_dassl.c linked with the original DDASSL.
const ORIGINAL_DDASSL: &str = r#"
CASE plain IDID 3 T 0x1p+0 H 0x1.1308761f667cbp-4 HOLD 0x1.1308761f667cbp-4 K 5 5 STATS 41 50 15 0 0 Y 0x1.78b56aeced45ep-2 0x1.152c0c3a9400ep-3 YP -0x1.78b56496f2ec3p-2 -0x1.152b09c38d267p-2 RES 80 65e2b165ba510fa0
CASE hmin_first_tout_nan IDID -12 T 0x0p+0 H - HOLD 0x0p+0 K 0 0 STATS 0 1 0 0 0 Y 0x1p+0 0x1p+0 YP 0x0p+0 0x0p+0 RES 1 6b6846c61144f78f
CASE hmin_step_t_nan IDID -10 T nan H 0x1.0624dd2f1a9fcp-12 HOLD 0x0p+0 K 1 0 STATS 0 1 1 0 1 Y nan nan YP nan nan RES 2 db84687febb63bf1
CASE hmin_step_tout_nan IDID -10 T 0x0p+0 H 0x1.0624dd2f1a9fcp-30 HOLD 0x0p+0 K 1 0 STATS 0 10 1 0 10 Y 0x1p+0 0x1p+0 YP -0x1p+0 -0x1p+1 RES 11 6bec876da29c8e6a
CASE ini_r_nan IDID -12 T 0x0p+0 H - HOLD 0x0p+0 K 0 0 STATS 0 36 11 0 0 Y 0x1p+0 inf YP 0x0p+0 0x0p+0 RES 36 2e920a557b12f63a
CASE ajac_wt_nan IDID -12 T 0x0p+0 H - HOLD 0x0p+0 K 0 0 STATS 0 100 20 0 0 Y 0x1p+0 0x1p+0 YP 0x0p+0 0x0p+0 RES 140 df18b18f3a5a91cd
CASE ajac_band_wt_nan IDID -12 T 0x0p+0 H - HOLD 0x0p+0 K 0 0 STATS 0 100 20 0 0 Y 0x1p+0 0x1p+0 0x1p+0 YP 0x0p+0 0x0p+0 0x0p+0 RES 160 04214d62bc9124de
CASE ajac_hyp_nan IDID -3 T 0x0.0000000000001p-1022 H 0x0.0000000000002p-1022 HOLD 0x0.0000000000001p-1022 K 2 1 STATS 1 1 1 0 0 Y nan nan YP nan nan RES 3 5e81085f97bab724
CASE ajac_band_hyp_nan IDID -3 T 0x0.0000000000001p-1022 H 0x0.0000000000002p-1022 HOLD 0x0.0000000000001p-1022 K 2 1 STATS 1 1 1 0 0 Y nan nan nan YP nan nan nan RES 4 bf7e1cc97f9694bd
CASE ini_nonneg_negzero IDID 3 T 0x1p+0 H 0x1.582c7dcde09bcp-4 HOLD 0x1.582c7dcde09bcp-4 K 4 4 STATS 40 71 20 1 0 Y 0x1.78b67021e0e64p-2 0x0p+0 YP -0x1.78b87e7dcba6bp-2 0x0p+0 RES 111 a810441e4057a29e
"#;

/// bdf_nan_daskr.c linked with the original DDASKR.
const ORIGINAL_DDASKR: &str = r#"
CASE plain IDID 3 T 0x1p+0 H 0x1.1308761f667cbp-4 HOLD 0x1.1308761f667cbp-4 K 5 5 STATS 41 80 15 0 0 0 42 82 50 0 0 4 Y 0x1.78b56aeced45dp-2 0x1.152c0c3a93fep-3 YP -0x1.78b56496f2ec3p-2 -0x1.152b09c38d25p-2 RES 80 65794da431e13ab5
CASE hmin_step_t_nan IDID -10 T nan H 0x1.0624dd2f1a9fcp-30 HOLD 0x0p+0 K 1 0 STATS 0 11 1 0 10 0 42 82 0 0 0 4 Y nan nan YP nan nan RES 11 287ebf2f15f01f9f
CASE dmatd_wt_nan IDID 3 T 0x1p+0 H 0x1.0624dd2f1a9fcp+0 HOLD 0x1.0624dd2f1a9fcp-1 K 1 1 STATS 10 28 9 0 0 0 42 82 10 0 0 4 Y nan nan YP nan nan RES 28 594c5560ac5d9c18
CASE dmatd_band_wt_nan IDID 3 T 0x1p+0 H 0x1.0624dd2f1a9fcp+0 HOLD 0x1.0624dd2f1a9fcp-1 K 1 1 STATS 10 37 9 0 0 0 43 103 10 0 0 12 Y nan nan nan YP nan nan nan RES 37 ad339eb706fb637c
CASE dmatd_hyp_nan IDID 3 T 0x1p+0 H 0x1.0624dd2f1a9fcp+0 HOLD 0x1.0624dd2f1a9fcp-1 K 1 1 STATS 10 34 11 0 0 0 44 82 10 0 0 4 Y nan nan YP nan nan RES 34 e2b6243f91e001fe
CASE dmatd_band_hyp_nan IDID 3 T 0x1p+0 H 0x1.0624dd2f1a9fcp+0 HOLD 0x1.0624dd2f1a9fcp-1 K 1 1 STATS 10 45 11 0 0 0 46 103 10 0 0 12 Y nan nan nan YP nan nan nan RES 45 673ff806fb8ddc13
"#;

/// The case lines of `source` built against libstiffdae, our messages silenced.
fn output(name: &str, source: &str) -> String {
    let exe = c_program(
        name,
        &[root().join("ffi-tests/c").join(source)],
        Link::Static,
    );
    quiet_stdout(&exe)
}

/// Each case's line equals the original's, bit for bit in T, H, Y, Y' and the hash of
/// every residual call's arguments.
fn assert_original(ours: &str, original: &str) {
    let got: Vec<&str> = ours.lines().filter(|l| l.starts_with("CASE ")).collect();
    let want: Vec<&str> = original.trim().lines().collect();
    assert_eq!(got.len(), want.len(), "{ours}");
    let differing: Vec<String> = got
        .iter()
        .zip(&want)
        .filter(|(g, w)| g != w)
        .map(|(g, w)| format!("original: {w}\nstiffdae: {g}"))
        .collect();
    assert!(differing.is_empty(), "{}", differing.join("\n"));
}

#[test]
fn ddassl_nan_sites_as_the_original() {
    let ours = output("c-bdf-nan-dassl", "bdf_nan_dassl.c");
    assert_original(&ours, ORIGINAL_DDASSL);
}

#[test]
fn ddaskr_nan_sites_as_the_original() {
    let ours = output("c-bdf-nan-daskr", "bdf_nan_daskr.c");
    assert_original(&ours, ORIGINAL_DDASKR);
}
