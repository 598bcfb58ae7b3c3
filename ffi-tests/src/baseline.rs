//! The statistics of the original Fortran codes on the reference problems, as measured
//! in `shared/reference/fortran-baseline.md` (radau5.f of 2002 and netlib ddassl.f,
//! gfortran 12.2 -O2, Test Set drivers, rtol = atol = h0 = tol).

/// One row of the baseline table.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Row {
    pub solver: &'static str,
    pub problem: &'static str,
    pub tol: f64,
    pub mescd: f64,
    pub scd: f64,
    pub steps: u64,
    pub accept: u64,
    pub nf: u64,
    pub njac: u64,
    /// `None` where the table has no #LU (DDASSL).
    pub nlu: Option<u64>,
}

const fn r(
    solver: &'static str,
    problem: &'static str,
    tol: f64,
    (mescd, scd): (f64, f64),
    (steps, accept, nf, njac): (u64, u64, u64, u64),
    nlu: Option<u64>,
) -> Row {
    Row {
        solver,
        problem,
        tol,
        mescd,
        scd,
        steps,
        accept,
        nf,
        njac,
        nlu,
    }
}

/// Every successful row of the baseline table.
pub const ROWS: &[Row] = &[
    r(
        "RADAU5",
        "hires",
        1e-4,
        (2.96, 0.75),
        (38, 31, 295, 20),
        Some(36),
    ),
    r(
        "RADAU5",
        "hires",
        1e-7,
        (8.59, 6.37),
        (77, 71, 674, 32),
        Some(56),
    ),
    r(
        "RADAU5",
        "hires",
        1e-10,
        (9.36, 7.15),
        (199, 199, 1660, 61),
        Some(97),
    ),
    r(
        "RADAU5",
        "vdpol",
        1e-4,
        (5.28, 4.96),
        (283, 245, 2267, 162),
        Some(254),
    ),
    r(
        "RADAU5",
        "vdpol",
        1e-7,
        (8.14, 7.83),
        (720, 711, 5728, 433),
        Some(586),
    ),
    r(
        "RADAU5",
        "vdpol",
        1e-10,
        (10.50, 10.17),
        (2269, 2267, 17378, 615),
        Some(1717),
    ),
    r(
        "RADAU5",
        "pollu",
        1e-4,
        (3.05, 1.23),
        (22, 18, 156, 15),
        Some(21),
    ),
    r(
        "RADAU5",
        "pollu",
        1e-7,
        (5.59, 3.78),
        (32, 29, 227, 21),
        Some(32),
    ),
    r(
        "RADAU5",
        "pollu",
        1e-10,
        (9.27, 7.39),
        (65, 65, 458, 31),
        Some(46),
    ),
    r(
        "RADAU5",
        "transamp",
        1e-7,
        (6.88, 6.60),
        (1756, 1544, 17466, 1538),
        Some(1756),
    ),
    r(
        "RADAU5",
        "transamp",
        1e-10,
        (9.57, 9.29),
        (4900, 4731, 48605, 4662),
        Some(4861),
    ),
    r(
        "RADAU5",
        "andrews",
        1e-4,
        (-0.84, 1.36),
        (96, 56, 810, 54),
        Some(96),
    ),
    r(
        "RADAU5",
        "andrews",
        1e-7,
        (0.47, 4.45),
        (114, 95, 1292, 90),
        Some(114),
    ),
    r(
        "RADAU5",
        "andrews",
        1e-10,
        (2.33, 6.35),
        (257, 249, 3097, 241),
        Some(256),
    ),
    r(
        "RADAU5",
        "caraxis",
        1e-4,
        (1.34, 0.19),
        (98, 97, 850, 95),
        Some(98),
    ),
    r(
        "RADAU5",
        "caraxis",
        1e-7,
        (3.73, 2.51),
        (289, 288, 2559, 282),
        Some(288),
    ),
    r(
        "RADAU5",
        "caraxis",
        1e-10,
        (5.85, 3.15),
        (884, 883, 8101, 860),
        Some(883),
    ),
    r(
        "DDASSL",
        "hires",
        1e-4,
        (3.23, 1.03),
        (108, 99, 173, 31),
        None,
    ),
    r(
        "DDASSL",
        "hires",
        1e-7,
        (6.02, 3.81),
        (380, 369, 591, 32),
        None,
    ),
    r(
        "DDASSL",
        "hires",
        1e-10,
        (8.99, 6.78),
        (1160, 1148, 1557, 45),
        None,
    ),
    r(
        "DDASSL",
        "vdpol",
        1e-4,
        (2.89, 2.56),
        (796, 776, 1260, 127),
        None,
    ),
    r(
        "DDASSL",
        "vdpol",
        1e-7,
        (5.89, 5.57),
        (1943, 1912, 2796, 149),
        None,
    ),
    r(
        "DDASSL",
        "vdpol",
        1e-10,
        (8.96, 8.64),
        (6166, 6110, 7973, 223),
        None,
    ),
    r(
        "DDASSL",
        "pollu",
        1e-4,
        (3.90, 2.00),
        (36, 35, 56, 13),
        None,
    ),
    r(
        "DDASSL",
        "pollu",
        1e-7,
        (5.94, 4.13),
        (135, 135, 188, 23),
        None,
    ),
    r(
        "DDASSL",
        "pollu",
        1e-10,
        (9.04, 5.91),
        (536, 532, 669, 38),
        None,
    ),
    r(
        "DDASSL",
        "transamp",
        1e-4,
        (3.60, 3.07),
        (10518, 6416, 19954, 8105),
        None,
    ),
    r(
        "DDASSL",
        "transamp",
        1e-7,
        (7.21, 5.66),
        (35915, 21421, 67529, 28762),
        None,
    ),
];

/// The baseline row of a run, if the table has one.
pub fn find(solver: &str, problem: &str, tol: f64) -> Option<&'static Row> {
    ROWS.iter().find(|r| {
        r.solver.eq_ignore_ascii_case(solver)
            && r.problem == problem
            && (r.tol / tol - 1.0).abs() < 1e-9
    })
}

/// The original codes' RESULT lines for every row of the main job: the kit drivers
/// linked against radau5.f (2002), netlib ddassl.f and ddaskr.f, compiled locally with
/// gfortran -O2 (`testset --original DIR` prints the same table live).
const ORIGINAL: &str = include_str!("../expected/testset_original.txt");

/// The original's result for one row of the main job, if frozen.
pub fn original(solver: &str, problem: &str, tol: f64) -> Option<crate::RunResult> {
    ORIGINAL
        .lines()
        .filter(|l| l.starts_with("RESULT "))
        .filter_map(crate::parse_result)
        .find(|r| {
            r.solver.eq_ignore_ascii_case(solver)
                && r.problem == problem
                && (r.rtol / tol - 1.0).abs() < 1e-6
        })
}
