//! radau5_ as legacy callers use it (ffi-tests/c/radau5_abi.c): band widths in read-only
//! memory, a JAC writing past LDFY×N and a MAS past LMAS×N inside WORK, RTOL and ATOL in one variable, NaN and
//! Inf from FCN at each of the first 40 calls, UROUND = NaN (WORK(1), which the original
//! accepts). Every line below was printed by the same
//! program linked with the original radau5.f (July 1996, corrected 2002; gfortran 12.2
//! -O2); NaN results are printed as `nan` whatever their sign bit.

use ffi_tests::{c_program, quiet_stdout, root, Link};
use std::process::Command;

/// The output of radau5_abi.c built with -DORIGINAL against the original Fortran.
const ORIGINAL: &str = r#"
CASE band_rodata IDID 1 X 0x1p+0 H 0x1.11126d5b42ea5p-3 STATS 170 13 26 26 0 18 48 Y 0x1.dfc234ccf3564p-4 0x1.cf26d4543d9bdp-4
CASE band_rodata_numjac IDID 1 X 0x1p+0 H 0x1.11126d74502c2p-3 STATS 170 13 26 26 0 18 48 Y 0x1.dfc234ccf2de2p-4 0x1.cf26d45439241p-4
CASE full_mass_writable IDID 1 X 0x1p+0 H 0x1.f242c6f1cabe5p-4 STATS 79 3 13 13 0 8 22 Y 0x1.92bac9b994ee3p+0 0x1.a9aaf739eb9c3p-4
WIDTHS full_mass_writable 4 4 4 4
CASE second_order_numjac IDID 1 X 0x1.8p+1 H 0x1.2cf0a7ab09869p-4 STATS 298 9 46 46 0 23 84 Y 0x1.9be5af7dd59bep+0 -0x1.ef7219a277e6fp+0
WIDTHS second_order_numjac 2 2
CASE jac_overrun IDID 1 X 0x1p+0 H 0x1.06e9a08395cefp-3 STATS 83 4 14 14 0 9 23 Y 0x1.5a539ac49bc51p+0 0x1.cc832ae1e5997p-5
CASE jac_plain IDID 1 X 0x1p+0 H 0x1.06e9a08395cefp-3 STATS 83 4 14 14 0 9 23 Y 0x1.5a539ac49bc51p+0 0x1.cc832ae1e5997p-5
CASE mas_overrun IDID 1 X 0x1p+0 H 0x1.f242c6f1cabe5p-4 STATS 79 3 13 13 0 8 22 Y 0x1.92bac9b994ee3p+0 0x1.a9aaf739eb9c3p-4
CASE tol_alias IDID 1 X 0x1p+0 H 0x1.708a0645aeb3fp-3 STATS 59 3 11 11 0 8 16 Y 0x1.5a53a8d681a38p+0 0x1.cc83638a474f5p-5
TOL tol_alias 0x1.4f8b588e368f5p-17
CASE tol_separate IDID 1 X 0x1p+0 H 0x1.708a0645aeb3fp-3 STATS 59 3 11 11 0 8 16 Y 0x1.5a53a8d681a38p+0 0x1.cc83638a474f5p-5
TOL tol_separate 0x1.4f8b588e368f5p-17 0x1.4f8b588e368f5p-17
CASE tol_alias_vector IDID 1 X 0x1p+0 H 0x1.1515695a9da37p-3 STATS 74 3 14 14 0 9 20 Y 0x1.5a53a2630d352p+0 0x1.cc832adce5a77p-5
TOL tol_alias_vector 0x1.4f8b588e368f5p-17 0x1.92a737110e45bp-19 0x1.a36e2eb1c4332p-14 0x1.ad7f29abcaf4ep-23
CASE tol_separate_vector IDID 1 X 0x1p+0 H 0x1.1515695a9da37p-3 STATS 74 3 14 14 0 9 20 Y 0x1.5a53a2630d352p+0 0x1.cc832adce5a77p-5
TOL tol_separate_vector 0x1.4f8b588e368f5p-17 0x1.92a737110e45bp-19 0x1.a36e2eb1c4332p-14 0x1.ad7f29abcaf4ep-23 / 0x1.4f8b588e368f5p-17 0x1.92a737110e45bp-19 0x1.a36e2eb1c4332p-14 0x1.ad7f29abcaf4ep-23
CASE nan_once_1 IDID 1 X 0x1p+1 H 0x1.b1210c8f8ea77p-3 STATS 125 5 20 20 0 12 35 Y 0x1.216f6d7b07688p+0 0x1.1b3e563bc545bp-5
CASE nan_once_2 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 24 1 6 6 0 6 6 Y nan nan
CASE nan_once_3 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 24 1 6 6 0 6 6 Y nan nan
CASE nan_once_4 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 24 1 6 6 0 6 6 Y nan nan
CASE nan_once_5 IDID 1 X 0x1p+1 H 0x1.77438bb7febfp-3 STATS 138 4 22 21 0 12 39 Y 0x1.216f6d64ba528p+0 0x1.1b3e559059ddep-5
CASE nan_once_6 IDID 1 X 0x1p+1 H 0x1.77438bb7febfp-3 STATS 138 4 22 21 0 12 39 Y 0x1.216f6d64ba528p+0 0x1.1b3e559059ddep-5
CASE nan_once_7 IDID 1 X 0x1p+1 H 0x1.77438bb7febfp-3 STATS 138 4 22 21 0 12 39 Y 0x1.216f6d64ba528p+0 0x1.1b3e559059ddep-5
CASE nan_once_8 IDID 1 X 0x1p+1 H 0x1.b1210c8f8ea77p-3 STATS 125 5 20 20 0 12 35 Y 0x1.216f6d7b07688p+0 0x1.1b3e563bc545bp-5
CASE nan_once_9 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE nan_once_10 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE nan_once_11 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE nan_once_12 IDID 1 X 0x1p+1 H 0x1.b1210c8f8ea77p-3 STATS 125 5 20 20 0 12 35 Y 0x1.216f6d7b07688p+0 0x1.1b3e563bc545bp-5
CASE nan_once_13 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE nan_once_14 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE nan_once_15 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE nan_once_16 IDID 1 X 0x1p+1 H 0x1.a52a172f12b64p-3 STATS 140 5 21 20 1 14 40 Y 0x1.216f6dc811fffp+0 0x1.1b3e587a270bcp-5
CASE nan_once_17 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE nan_once_18 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE nan_once_19 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE nan_once_20 IDID 1 X 0x1p+1 H 0x1.9a321c2b4a615p-3 STATS 144 5 22 20 2 15 41 Y 0x1.216f6e35a1af9p+0 0x1.1b3e5b11c73dcp-5
CASE nan_once_21 IDID 1 X 0x1p+1 H 0x1.6bb2f912ea4cfp-1 STATS 31 1 7 7 0 7 8 Y nan nan
CASE nan_once_22 IDID 1 X 0x1p+1 H 0x1.6bb2f912ea4cfp-1 STATS 31 1 7 7 0 7 8 Y nan nan
CASE nan_once_23 IDID 1 X 0x1p+1 H 0x1.6bb2f912ea4cfp-1 STATS 31 1 7 7 0 7 8 Y nan nan
CASE nan_once_24 IDID 1 X 0x1p+1 H 0x1.7b99397215712p-3 STATS 144 4 22 20 2 15 41 Y 0x1.216f6d7f50416p+0 0x1.1b3e55aa0715p-5
CASE nan_once_25 IDID 1 X 0x1p+1 H 0x1.6bb2f912ea4cfp-1 STATS 35 1 8 8 0 7 9 Y nan nan
CASE nan_once_26 IDID 1 X 0x1p+1 H 0x1.6bb2f912ea4cfp-1 STATS 35 1 8 8 0 7 9 Y nan nan
CASE nan_once_27 IDID 1 X 0x1p+1 H 0x1.6bb2f912ea4cfp-1 STATS 35 1 8 8 0 7 9 Y nan nan
CASE nan_once_28 IDID 1 X 0x1p+1 H 0x1.b228fa3e08f12p-3 STATS 135 5 22 21 0 13 38 Y 0x1.216f6d857fe08p+0 0x1.1b3e56e91a2d1p-5
CASE nan_once_29 IDID 1 X 0x1p+1 H 0x1.b228fa3e08f12p-3 STATS 135 5 22 21 0 13 38 Y 0x1.216f6d857fe08p+0 0x1.1b3e56e91a2d1p-5
CASE nan_once_30 IDID 1 X 0x1p+1 H 0x1.b228fa3e08f12p-3 STATS 135 5 22 21 0 13 38 Y 0x1.216f6d857fe08p+0 0x1.1b3e56e91a2d1p-5
CASE nan_once_31 IDID 1 X 0x1p+1 H 0x1.815b055751a5ep-3 STATS 141 5 22 20 2 16 40 Y 0x1.216f6e25fff93p+0 0x1.1b3e59278fa67p-5
CASE nan_once_32 IDID 1 X 0x1p+1 H 0x1.79744b88ae101p-1 STATS 42 2 9 9 0 8 11 Y nan nan
CASE nan_once_33 IDID 1 X 0x1p+1 H 0x1.79744b88ae101p-1 STATS 42 2 9 9 0 8 11 Y nan nan
CASE nan_once_34 IDID 1 X 0x1p+1 H 0x1.79744b88ae101p-1 STATS 42 2 9 9 0 8 11 Y nan nan
CASE nan_once_35 IDID 1 X 0x1p+1 H 0x1.ba1a75a286493p-3 STATS 135 5 22 21 0 15 38 Y 0x1.216f6d7e39d69p+0 0x1.1b3e56a90d215p-5
CASE nan_once_36 IDID 1 X 0x1p+1 H 0x1.ba1a75a286493p-3 STATS 135 5 22 21 0 15 38 Y 0x1.216f6d7e39d69p+0 0x1.1b3e56a90d215p-5
CASE nan_once_37 IDID 1 X 0x1p+1 H 0x1.ba1a75a286493p-3 STATS 135 5 22 21 0 15 38 Y 0x1.216f6d7e39d69p+0 0x1.1b3e56a90d215p-5
CASE nan_once_38 IDID 1 X 0x1p+1 H 0x1.a7500b0b9771fp-3 STATS 141 5 22 20 2 15 40 Y 0x1.216f6d9d55dd5p+0 0x1.1b3e56db56b0dp-5
CASE nan_once_39 IDID 1 X 0x1p+1 H 0x1.79744b88ae101p-1 STATS 49 2 10 10 0 8 13 Y nan nan
CASE nan_once_40 IDID 1 X 0x1p+1 H 0x1.79744b88ae101p-1 STATS 49 2 10 10 0 8 13 Y nan nan
CASE nan_from_1 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 24 1 6 6 0 6 6 Y nan nan
CASE nan_from_2 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 24 1 6 6 0 6 6 Y nan nan
CASE nan_from_3 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 24 1 6 6 0 6 6 Y nan nan
CASE nan_from_4 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 24 1 6 6 0 6 6 Y nan nan
CASE nan_from_5 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp+0 STATS 38 1 9 8 0 8 10 Y nan nan
CASE nan_from_6 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp+0 STATS 38 1 9 8 0 8 10 Y nan nan
CASE nan_from_7 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp+0 STATS 38 1 9 8 0 8 10 Y nan nan
CASE nan_from_8 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE nan_from_9 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE nan_from_10 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE nan_from_11 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE nan_from_12 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE nan_from_13 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE nan_from_14 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE nan_from_15 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE nan_from_16 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE nan_from_17 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE nan_from_18 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE nan_from_19 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE nan_from_20 IDID 1 X 0x1p+1 H 0x1.6bb2f912ea4cfp-1 STATS 31 1 7 7 0 7 8 Y nan nan
CASE nan_from_21 IDID 1 X 0x1p+1 H 0x1.6bb2f912ea4cfp-1 STATS 31 1 7 7 0 7 8 Y nan nan
CASE nan_from_22 IDID 1 X 0x1p+1 H 0x1.6bb2f912ea4cfp-1 STATS 31 1 7 7 0 7 8 Y nan nan
CASE nan_from_23 IDID 1 X 0x1p+1 H 0x1.6bb2f912ea4cfp-1 STATS 31 1 7 7 0 7 8 Y nan nan
CASE nan_from_24 IDID 1 X 0x1p+1 H 0x1.6bb2f912ea4cfp-1 STATS 35 1 8 8 0 7 9 Y nan nan
CASE nan_from_25 IDID 1 X 0x1p+1 H 0x1.6bb2f912ea4cfp-1 STATS 35 1 8 8 0 7 9 Y nan nan
CASE nan_from_26 IDID 1 X 0x1p+1 H 0x1.6bb2f912ea4cfp-1 STATS 35 1 8 8 0 7 9 Y nan nan
CASE nan_from_27 IDID 1 X 0x1p+1 H 0x1.6bb2f912ea4cfp-1 STATS 35 1 8 8 0 7 9 Y nan nan
CASE nan_from_28 IDID 1 X 0x1p+1 H 0x1.6bb2f912ea4cfp-2 STATS 45 2 10 9 0 8 12 Y nan nan
CASE nan_from_29 IDID 1 X 0x1p+1 H 0x1.6bb2f912ea4cfp-2 STATS 45 2 10 9 0 8 12 Y nan nan
CASE nan_from_30 IDID 1 X 0x1p+1 H 0x1.6bb2f912ea4cfp-2 STATS 45 2 10 9 0 8 12 Y nan nan
CASE nan_from_31 IDID 1 X 0x1p+1 H 0x1.79744b88ae101p-1 STATS 42 2 9 9 0 8 11 Y nan nan
CASE nan_from_32 IDID 1 X 0x1p+1 H 0x1.79744b88ae101p-1 STATS 42 2 9 9 0 8 11 Y nan nan
CASE nan_from_33 IDID 1 X 0x1p+1 H 0x1.79744b88ae101p-1 STATS 42 2 9 9 0 8 11 Y nan nan
CASE nan_from_34 IDID 1 X 0x1p+1 H 0x1.79744b88ae101p-1 STATS 42 2 9 9 0 8 11 Y nan nan
CASE nan_from_35 IDID 1 X 0x1p+1 H 0x1.79744b88ae101p-2 STATS 52 2 11 10 0 9 14 Y nan nan
CASE nan_from_36 IDID 1 X 0x1p+1 H 0x1.79744b88ae101p-2 STATS 52 2 11 10 0 9 14 Y nan nan
CASE nan_from_37 IDID 1 X 0x1p+1 H 0x1.79744b88ae101p-2 STATS 52 2 11 10 0 9 14 Y nan nan
CASE nan_from_38 IDID 1 X 0x1p+1 H 0x1.79744b88ae101p-1 STATS 49 2 10 10 0 8 13 Y nan nan
CASE nan_from_39 IDID 1 X 0x1p+1 H 0x1.79744b88ae101p-1 STATS 49 2 10 10 0 8 13 Y nan nan
CASE nan_from_40 IDID 1 X 0x1p+1 H 0x1.79744b88ae101p-1 STATS 49 2 10 10 0 8 13 Y nan nan
CASE inf_once_1 IDID 1 X 0x1p+1 H 0x1.b1210c8f8ea77p-3 STATS 125 5 20 20 0 12 35 Y 0x1.216f6d7b07688p+0 0x1.1b3e563bc545bp-5
CASE inf_once_2 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 24 1 6 6 0 6 6 Y nan nan
CASE inf_once_3 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 24 1 6 6 0 6 6 Y nan nan
CASE inf_once_4 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 24 1 6 6 0 6 6 Y nan nan
CASE inf_once_5 IDID 1 X 0x1p+1 H 0x1.77438bb7febfp-3 STATS 138 4 22 21 0 12 39 Y 0x1.216f6d64ba528p+0 0x1.1b3e559059ddep-5
CASE inf_once_6 IDID 1 X 0x1p+1 H 0x1.77438bb7febfp-3 STATS 138 4 22 21 0 12 39 Y 0x1.216f6d64ba528p+0 0x1.1b3e559059ddep-5
CASE inf_once_7 IDID 1 X 0x1p+1 H 0x1.77438bb7febfp-3 STATS 138 4 22 21 0 12 39 Y 0x1.216f6d64ba528p+0 0x1.1b3e559059ddep-5
CASE inf_once_8 IDID 1 X 0x1p+1 H 0x1.b1210c8f8ea77p-3 STATS 125 5 20 20 0 12 35 Y 0x1.216f6d7b07688p+0 0x1.1b3e563bc545bp-5
CASE inf_once_9 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE inf_once_10 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE inf_once_11 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE inf_once_12 IDID 1 X 0x1p+1 H 0x1.b1210c8f8ea77p-3 STATS 125 5 20 20 0 12 35 Y 0x1.216f6d7b07688p+0 0x1.1b3e563bc545bp-5
CASE inf_once_13 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE inf_once_14 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE inf_once_15 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE inf_once_16 IDID 1 X 0x1p+1 H 0x1.a52a172f12b64p-3 STATS 140 5 21 20 1 14 40 Y 0x1.216f6dc811fffp+0 0x1.1b3e587a270bcp-5
CASE inf_once_17 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE inf_once_18 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE inf_once_19 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE inf_once_20 IDID 1 X 0x1p+1 H 0x1.9a321c2b4a615p-3 STATS 144 5 22 20 2 15 41 Y 0x1.216f6e35a1af9p+0 0x1.1b3e5b11c73dcp-5
CASE inf_once_21 IDID 1 X 0x1p+1 H 0x1.6bb2f912ea4cfp-1 STATS 31 1 7 7 0 7 8 Y nan nan
CASE inf_once_22 IDID 1 X 0x1p+1 H 0x1.6bb2f912ea4cfp-1 STATS 31 1 7 7 0 7 8 Y nan nan
CASE inf_once_23 IDID 1 X 0x1p+1 H 0x1.6bb2f912ea4cfp-1 STATS 31 1 7 7 0 7 8 Y nan nan
CASE inf_once_24 IDID 1 X 0x1p+1 H 0x1.7b99397215712p-3 STATS 144 4 22 20 2 15 41 Y 0x1.216f6d7f50416p+0 0x1.1b3e55aa0715p-5
CASE inf_once_25 IDID 1 X 0x1p+1 H 0x1.6bb2f912ea4cfp-1 STATS 35 1 8 8 0 7 9 Y nan nan
CASE inf_once_26 IDID 1 X 0x1p+1 H 0x1.6bb2f912ea4cfp-1 STATS 35 1 8 8 0 7 9 Y nan nan
CASE inf_once_27 IDID 1 X 0x1p+1 H 0x1.6bb2f912ea4cfp-1 STATS 35 1 8 8 0 7 9 Y nan nan
CASE inf_once_28 IDID 1 X 0x1p+1 H 0x1.b228fa3e08f12p-3 STATS 135 5 22 21 0 13 38 Y 0x1.216f6d857fe08p+0 0x1.1b3e56e91a2d1p-5
CASE inf_once_29 IDID 1 X 0x1p+1 H 0x1.b228fa3e08f12p-3 STATS 135 5 22 21 0 13 38 Y 0x1.216f6d857fe08p+0 0x1.1b3e56e91a2d1p-5
CASE inf_once_30 IDID 1 X 0x1p+1 H 0x1.b228fa3e08f12p-3 STATS 135 5 22 21 0 13 38 Y 0x1.216f6d857fe08p+0 0x1.1b3e56e91a2d1p-5
CASE inf_once_31 IDID 1 X 0x1p+1 H 0x1.815b055751a5ep-3 STATS 141 5 22 20 2 16 40 Y 0x1.216f6e25fff93p+0 0x1.1b3e59278fa67p-5
CASE inf_once_32 IDID 1 X 0x1p+1 H 0x1.79744b88ae101p-1 STATS 42 2 9 9 0 8 11 Y nan nan
CASE inf_once_33 IDID 1 X 0x1p+1 H 0x1.79744b88ae101p-1 STATS 42 2 9 9 0 8 11 Y nan nan
CASE inf_once_34 IDID 1 X 0x1p+1 H 0x1.79744b88ae101p-1 STATS 42 2 9 9 0 8 11 Y nan nan
CASE inf_once_35 IDID 1 X 0x1p+1 H 0x1.ba1a75a286493p-3 STATS 135 5 22 21 0 15 38 Y 0x1.216f6d7e39d69p+0 0x1.1b3e56a90d215p-5
CASE inf_once_36 IDID 1 X 0x1p+1 H 0x1.ba1a75a286493p-3 STATS 135 5 22 21 0 15 38 Y 0x1.216f6d7e39d69p+0 0x1.1b3e56a90d215p-5
CASE inf_once_37 IDID 1 X 0x1p+1 H 0x1.ba1a75a286493p-3 STATS 135 5 22 21 0 15 38 Y 0x1.216f6d7e39d69p+0 0x1.1b3e56a90d215p-5
CASE inf_once_38 IDID 1 X 0x1p+1 H 0x1.a7500b0b9771fp-3 STATS 141 5 22 20 2 15 40 Y 0x1.216f6d9d55dd5p+0 0x1.1b3e56db56b0dp-5
CASE inf_once_39 IDID 1 X 0x1p+1 H 0x1.79744b88ae101p-1 STATS 49 2 10 10 0 8 13 Y nan nan
CASE inf_once_40 IDID 1 X 0x1p+1 H 0x1.79744b88ae101p-1 STATS 49 2 10 10 0 8 13 Y nan nan
CASE inf_from_1 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 24 1 6 6 0 6 6 Y nan nan
CASE inf_from_2 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 24 1 6 6 0 6 6 Y nan nan
CASE inf_from_3 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 24 1 6 6 0 6 6 Y nan nan
CASE inf_from_4 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 24 1 6 6 0 6 6 Y nan nan
CASE inf_from_5 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp+0 STATS 38 1 9 8 0 8 10 Y nan nan
CASE inf_from_6 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp+0 STATS 38 1 9 8 0 8 10 Y nan nan
CASE inf_from_7 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp+0 STATS 38 1 9 8 0 8 10 Y nan nan
CASE inf_from_8 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE inf_from_9 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE inf_from_10 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE inf_from_11 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE inf_from_12 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE inf_from_13 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE inf_from_14 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE inf_from_15 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE inf_from_16 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE inf_from_17 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE inf_from_18 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE inf_from_19 IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 27 1 6 6 0 6 7 Y nan nan
CASE inf_from_20 IDID 1 X 0x1p+1 H 0x1.6bb2f912ea4cfp-1 STATS 31 1 7 7 0 7 8 Y nan nan
CASE inf_from_21 IDID 1 X 0x1p+1 H 0x1.6bb2f912ea4cfp-1 STATS 31 1 7 7 0 7 8 Y nan nan
CASE inf_from_22 IDID 1 X 0x1p+1 H 0x1.6bb2f912ea4cfp-1 STATS 31 1 7 7 0 7 8 Y nan nan
CASE inf_from_23 IDID 1 X 0x1p+1 H 0x1.6bb2f912ea4cfp-1 STATS 31 1 7 7 0 7 8 Y nan nan
CASE inf_from_24 IDID 1 X 0x1p+1 H 0x1.6bb2f912ea4cfp-1 STATS 35 1 8 8 0 7 9 Y nan nan
CASE inf_from_25 IDID 1 X 0x1p+1 H 0x1.6bb2f912ea4cfp-1 STATS 35 1 8 8 0 7 9 Y nan nan
CASE inf_from_26 IDID 1 X 0x1p+1 H 0x1.6bb2f912ea4cfp-1 STATS 35 1 8 8 0 7 9 Y nan nan
CASE inf_from_27 IDID 1 X 0x1p+1 H 0x1.6bb2f912ea4cfp-1 STATS 35 1 8 8 0 7 9 Y nan nan
CASE inf_from_28 IDID 1 X 0x1p+1 H 0x1.6bb2f912ea4cfp-2 STATS 45 2 10 9 0 8 12 Y nan nan
CASE inf_from_29 IDID 1 X 0x1p+1 H 0x1.6bb2f912ea4cfp-2 STATS 45 2 10 9 0 8 12 Y nan nan
CASE inf_from_30 IDID 1 X 0x1p+1 H 0x1.6bb2f912ea4cfp-2 STATS 45 2 10 9 0 8 12 Y nan nan
CASE inf_from_31 IDID 1 X 0x1p+1 H 0x1.79744b88ae101p-1 STATS 42 2 9 9 0 8 11 Y nan nan
CASE inf_from_32 IDID 1 X 0x1p+1 H 0x1.79744b88ae101p-1 STATS 42 2 9 9 0 8 11 Y nan nan
CASE inf_from_33 IDID 1 X 0x1p+1 H 0x1.79744b88ae101p-1 STATS 42 2 9 9 0 8 11 Y nan nan
CASE inf_from_34 IDID 1 X 0x1p+1 H 0x1.79744b88ae101p-1 STATS 42 2 9 9 0 8 11 Y nan nan
CASE inf_from_35 IDID 1 X 0x1p+1 H 0x1.79744b88ae101p-2 STATS 52 2 11 10 0 9 14 Y nan nan
CASE inf_from_36 IDID 1 X 0x1p+1 H 0x1.79744b88ae101p-2 STATS 52 2 11 10 0 9 14 Y nan nan
CASE inf_from_37 IDID 1 X 0x1p+1 H 0x1.79744b88ae101p-2 STATS 52 2 11 10 0 9 14 Y nan nan
CASE inf_from_38 IDID 1 X 0x1p+1 H 0x1.79744b88ae101p-1 STATS 49 2 10 10 0 8 13 Y nan nan
CASE inf_from_39 IDID 1 X 0x1p+1 H 0x1.79744b88ae101p-1 STATS 49 2 10 10 0 8 13 Y nan nan
CASE inf_from_40 IDID 1 X 0x1p+1 H 0x1.79744b88ae101p-1 STATS 49 2 10 10 0 8 13 Y nan nan
CASE uround_nan IDID 1 X 0x1p+1 H 0x1.ae78c43954adcp-3 STATS 76 1 19 19 0 10 19 Y 0x1.217050b055013p+0 0x1.1b3ec82750daep-5
CASE uround_nan_numjac IDID 1 X 0x1p+1 H 0x1.a36e2eb1c432dp-2 STATS 24 1 6 6 0 6 6 Y nan nan
"#;

fn program() -> std::path::PathBuf {
    c_program(
        "c-radau5-abi",
        &[root().join("ffi-tests/c/radau5_abi.c")],
        Link::Static,
    )
}

fn output() -> String {
    quiet_stdout(&program())
}

/// The line of case `name` (the `CASE`, `WIDTHS` or `TOL` line).
fn line<'a>(text: &'a str, kind: &str, name: &str) -> &'a str {
    text.lines()
        .find(|l| l.starts_with(&format!("{kind} {name} ")))
        .unwrap_or_else(|| panic!("no {kind} line for {name} in:\n{text}"))
}

/// Every case the original can run gives the original's IDID, X, H, statistics, end
/// values and written-back arguments, bit for bit; no guard around Y, WORK or IWORK is
/// touched (a JAC writing N×N values past its matrix stays inside WORK).
#[test]
fn legacy_calls_match_the_original() {
    let ours = output();
    let without_rodata_full: Vec<&str> = ours
        .lines()
        .filter(|l| !l.starts_with("CASE full_mass_rodata ") && !l.starts_with("CASE e_area_junk "))
        .collect();
    let expected: Vec<&str> = ORIGINAL.trim().lines().collect();
    assert_eq!(without_rodata_full.len(), expected.len(), "{ours}");
    for (got, want) in without_rodata_full.iter().zip(&expected) {
        assert_eq!(got, want);
    }
    assert!(!ours.contains("GUARDS-BROKEN"), "{ours}");
}

/// MLJAC = MUJAC = MLMAS = MUMAS = N as constants in read-only memory (the original
/// writes N - M1 over them and dies there), and a WORK whose part after FJAC and FMAS
/// (E1, E2R, E2I, as in the original) holds NaN on entry, with an IWORK(21..) (the
/// original's pivots) checked to stay untouched: the same run as with writable variables.
#[test]
fn full_widths_in_read_only_memory_and_the_unused_part_of_work() {
    let ours = output();
    let writable = line(ORIGINAL, "CASE", "full_mass_writable");
    for case in ["full_mass_rodata", "e_area_junk"] {
        let got = line(&ours, "CASE", case);
        assert_eq!(
            got.strip_prefix(&format!("CASE {case}")),
            writable.strip_prefix("CASE full_mass_writable")
        );
    }
}

/// One variable for RTOL and ATOL: the run and the value written back equal those of
/// two variables with the same value (scalar and vector tolerances).
#[test]
fn aliased_tolerances_equal_separate_ones() {
    let ours = output();
    for (alias, separate) in [
        ("tol_alias", "tol_separate"),
        ("tol_alias_vector", "tol_separate_vector"),
    ] {
        let a = line(&ours, "CASE", alias);
        let s = line(&ours, "CASE", separate);
        assert_eq!(
            a.strip_prefix(&format!("CASE {alias}")),
            s.strip_prefix(&format!("CASE {separate}"))
        );
        assert_eq!(line(&ours, "TOL", alias), line(ORIGINAL, "TOL", alias));
    }
}

/// The overrunning JAC and MAS, the aliased tolerances and the NaN runs make no invalid
/// read or write (valgrind memcheck, when installed).
#[test]
fn legacy_calls_are_clean_under_valgrind() {
    if Command::new("valgrind").arg("--version").output().is_err() {
        eprintln!("valgrind is not installed: skipping the memcheck run");
        return;
    }
    let out = Command::new("valgrind")
        .args(["--error-exitcode=99", "--leak-check=no", "--quiet"])
        .arg(program())
        .env("STIFFDAE_QUIET", "1")
        .output()
        .expect("run valgrind");
    assert!(
        out.status.success(),
        "valgrind: {}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}
