//! Builds C and Fortran programs against libstiffdae and runs them: the plumbing shared
//! by the tests in `tests/` and the Test Set report (`src/bin/testset.rs`).
//!
//! The library is built once per process with `cargo build --release -p stiffdae-capi --lib`
//! (a no-op when it is fresh), so the programs always link the current code, the same
//! way whether they run from `cargo test` or from `cargo run`; static programs link the
//! archive as `make install` installs it ([`c_archive`]).

pub mod baseline;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::{Mutex, OnceLock};

/// The repository root (the workspace).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("ffi-tests lives in the workspace")
        .to_path_buf()
}

fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root().join("target"), PathBuf::from)
}

/// Where the built programs go.
pub fn work_dir() -> PathBuf {
    let dir = target_dir().join("ffi-tests");
    std::fs::create_dir_all(&dir).expect("create target/ffi-tests");
    dir
}

/// The static and shared library of the current source tree.
#[derive(Debug, Clone)]
pub struct Library {
    pub staticlib: PathBuf,
    pub cdylib: PathBuf,
}

/// Builds (once per process) and returns libstiffdae in release mode.
pub fn library() -> &'static Library {
    static LIB: OnceLock<Library> = OnceLock::new();
    LIB.get_or_init(|| {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let status = Command::new(cargo)
            .args(["build", "--release", "--quiet"])
            .args(["-p", "stiffdae-capi", "--lib"])
            .current_dir(root())
            .status()
            .expect("run cargo build");
        assert!(status.success(), "cargo build of libstiffdae failed");
        let release = target_dir().join("release");
        // Programs record the SONAME, libstiffdae.so.0, as the installed tree names it.
        match std::os::unix::fs::symlink("libstiffdae.so", release.join("libstiffdae.so.0")) {
            Err(e) if e.kind() != std::io::ErrorKind::AlreadyExists => {
                panic!("link libstiffdae.so.0: {e}")
            }
            _ => {}
        }
        Library {
            staticlib: c_archive(&release),
            cdylib: release.join("libstiffdae.so"),
        }
    })
}

/// Builds (once per process) and returns libstiffdae64, the library for programs
/// compiled with 64-bit default INTEGER (`--features int64`, in `target/int64` as
/// `make install` builds it), with the links `libstiffdae64.so.0` (its SONAME) and
/// `libstiffdae64.so` beside it.
pub fn library64() -> &'static Library {
    static LIB: OnceLock<Library> = OnceLock::new();
    LIB.get_or_init(|| {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let dir = target_dir().join("int64");
        let status = Command::new(cargo)
            .args(["build", "--release", "--quiet"])
            .args(["-p", "stiffdae-capi", "--lib"])
            .args(["--features", "int64", "--target-dir"])
            .arg(&dir)
            .current_dir(root())
            .status()
            .expect("run cargo build");
        assert!(status.success(), "cargo build of libstiffdae64 failed");
        let release = dir.join("release");
        for link in ["libstiffdae64.so.0", "libstiffdae64.so"] {
            match std::os::unix::fs::symlink("libstiffdae.so", release.join(link)) {
                Err(e) if e.kind() != std::io::ErrorKind::AlreadyExists => {
                    panic!("link {link}: {e}")
                }
                _ => {}
            }
        }
        Library {
            staticlib: c_archive(&release),
            cdylib: release.join("libstiffdae64.so"),
        }
    })
}

/// The static library as `make install` installs it: cargo's `release/libstiffdae.a`
/// with the C library names of `capi/libm-symbols.txt` made local
/// (`objcopy --localize-symbols`), written to `release/c/libstiffdae.a`. Rust's
/// compiler_builtins defines those names in every static library; left global, a
/// program's own calls of cbrt, fmod, round… would bind to them instead of the C
/// library's.
pub fn c_archive(release: &Path) -> PathBuf {
    let dir = release.join("c");
    std::fs::create_dir_all(&dir).expect("create release/c");
    let out = dir.join("libstiffdae.a");
    // Written beside and renamed, so that a program never links a half-written archive.
    let partial = dir.join(format!("libstiffdae.a.{}", std::process::id()));
    let status = Command::new("objcopy")
        .arg(format!(
            "--localize-symbols={}",
            root().join("capi/libm-symbols.txt").display()
        ))
        .arg(release.join("libstiffdae.a"))
        .arg(&partial)
        .status()
        .expect("run objcopy");
    assert!(status.success(), "objcopy of libstiffdae.a failed");
    std::fs::rename(&partial, &out).expect("rename the localised archive");
    out
}

/// The system libraries a program linking the Rust static library needs
/// (`rustc --print native-static-libs` on Linux).
pub const NATIVE_LIBS: &[&str] = &["-lgcc_s", "-lutil", "-lrt", "-lpthread", "-lm", "-ldl"];

/// How a program is linked against the library.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Link {
    Static,
    Shared,
    /// libstiffdae64 (64-bit INTEGER), static.
    Static64,
    /// libstiffdae64 (64-bit INTEGER), shared.
    Shared64,
    /// Neither library: the original code is among the program's own sources.
    Original,
}

fn link_args(link: Link) -> Vec<String> {
    let (lib, name, shared) = match link {
        Link::Static => (library(), "stiffdae", false),
        Link::Shared => (library(), "stiffdae", true),
        Link::Static64 => (library64(), "stiffdae64", false),
        Link::Shared64 => (library64(), "stiffdae64", true),
        Link::Original => return Vec::new(),
    };
    if !shared {
        let mut v = vec![lib.staticlib.display().to_string()];
        v.extend(NATIVE_LIBS.iter().map(|s| s.to_string()));
        return v;
    }
    let dir = lib
        .cdylib
        .parent()
        .expect("library dir")
        .display()
        .to_string();
    vec![
        format!("-L{dir}"),
        format!("-l{name}"),
        format!("-Wl,-rpath,{dir}"),
    ]
}

fn run_compiler(mut cmd: Command, what: &str) -> Result<(), String> {
    let out = cmd
        .output()
        .map_err(|e| format!("{what}: cannot run the compiler: {e}"))?;
    if out.status.success() {
        return Ok(());
    }
    Err(format!(
        "{what} failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    ))
}

/// Builds program `name` once per process: tests running in parallel share it instead
/// of overwriting an executable another test is running.
fn build_once(
    name: &str,
    build: impl FnOnce(&Path) -> Result<(), String>,
) -> Result<PathBuf, String> {
    type Built = Mutex<HashMap<String, Result<PathBuf, String>>>;
    static BUILT: OnceLock<Built> = OnceLock::new();
    let mut built = BUILT
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if let Some(result) = built.get(name) {
        return result.clone();
    }
    let exe = work_dir().join(name);
    let result = build(&exe).map(|()| exe);
    built.insert(name.to_string(), result.clone());
    result
}

/// Compiles and links Fortran sources (gfortran -O2, no -march=native: fused
/// multiply-add would change the step sequences) into `target/ffi-tests/<name>`.
pub fn fortran_program(name: &str, sources: &[PathBuf], link: Link) -> PathBuf {
    try_fortran_program(name, sources, link).unwrap_or_else(|e| panic!("{e}"))
}

/// [`fortran_program`], reporting a failed compile or link instead of panicking.
pub fn try_fortran_program(name: &str, sources: &[PathBuf], link: Link) -> Result<PathBuf, String> {
    fortran_program_with(name, sources, link, &[])
}

/// [`try_fortran_program`] with extra compiler flags (e.g. `-fopenmp`).
pub fn fortran_program_with(
    name: &str,
    sources: &[PathBuf],
    link: Link,
    flags: &[&str],
) -> Result<PathBuf, String> {
    build_once(name, |exe| {
        let mut cmd = Command::new(std::env::var("FC").unwrap_or_else(|_| "gfortran".into()));
        cmd.arg("-O2")
            .args(flags)
            .arg("-o")
            .arg(exe)
            .args(sources)
            .args(link_args(link));
        cmd.arg(format!("-J{}", work_dir().display()));
        run_compiler(cmd, &format!("gfortran {name}"))
    })
}

/// Compiles and links C sources with the compiler the `cc` crate finds, against the
/// committed header `include/stiffdae.h` (with `STIFFDAE_INT64` defined for
/// libstiffdae64, as `pkg-config stiffdae64` defines it).
pub fn c_program(name: &str, sources: &[PathBuf], link: Link) -> PathBuf {
    c_program_with(name, sources, link, &[])
}

/// [`c_program`] with extra compiler flags, after the sources and libraries (`-DNAME`,
/// `-lm`).
pub fn c_program_with(name: &str, sources: &[PathBuf], link: Link, flags: &[&str]) -> PathBuf {
    compile(name, sources, link, Language::C, flags)
}

/// Compiles C sources as C++11 (`-x c++ -pedantic`) with the C++ compiler the `cc` crate
/// finds, against the committed header, and links them like [`c_program`]: the header
/// as a C++ program includes it.
pub fn cpp_program(name: &str, sources: &[PathBuf], link: Link) -> PathBuf {
    compile(name, sources, link, Language::Cpp, &[])
}

/// What [`compile`] compiles the sources as.
#[derive(Clone, Copy)]
enum Language {
    /// C11, with debug information.
    C,
    /// C++11, pedantic.
    Cpp,
}

/// The C compiler the `cc` crate finds for the tests' target (its C++ compiler with
/// `cpp`), at -O2.
fn c_compiler(cpp: bool) -> cc::Tool {
    let target = env!("FFI_TESTS_TARGET");
    cc::Build::new()
        .cpp(cpp)
        .target(target)
        .host(target)
        .opt_level(2)
        .cargo_metadata(false)
        .cargo_warnings(false)
        .get_compiler()
}

/// Compiles and links `sources` into `target/ffi-tests/<name>` with [`c_compiler`]
/// (every warning an error), against the committed header; `flags` after the sources
/// and libraries.
fn compile(
    name: &str,
    sources: &[PathBuf],
    link: Link,
    language: Language,
    flags: &[&str],
) -> PathBuf {
    build_once(name, |exe| {
        let mut cmd = c_compiler(matches!(language, Language::Cpp)).to_command();
        match language {
            Language::C => cmd.args(["-std=c11", "-g"]),
            Language::Cpp => cmd.args(["-x", "c++", "-std=c++11", "-pedantic"]),
        };
        cmd.args(["-Wall", "-Wextra", "-Werror"])
            .arg(format!("-I{}", root().join("include").display()));
        if matches!(link, Link::Static64 | Link::Shared64) {
            cmd.arg("-DSTIFFDAE_INT64");
        }
        // `-x none`: what follows the sources is taken by its file name again.
        cmd.arg("-o")
            .arg(exe)
            .args(sources)
            .args(["-x", "none"])
            .args(link_args(link))
            .arg("-lpthread")
            .args(flags);
        run_compiler(cmd, &format!("compile {name}"))
    })
    .unwrap_or_else(|e| panic!("{e}"))
}

/// Runs a program with `stdin` as its standard input and the given environment.
pub fn run(exe: &Path, stdin: &str, env: &[(&str, &str)]) -> Output {
    use std::io::Write;
    let mut child = Command::new(exe)
        .env("GFORTRAN_UNBUFFERED_PRECONNECTED", "y")
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("run {}: {e}", exe.display()));
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    child.wait_with_output().expect("wait for the program")
}

/// The standard output of `exe` run with no input and our messages silenced, after
/// asserting that it exited successfully (its status and standard error otherwise).
pub fn quiet_stdout(exe: &Path) -> String {
    let out = run(exe, "", &[("STIFFDAE_QUIET", "1")]);
    assert!(
        out.status.success(),
        "{:?}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// The fields of a kit driver's `RESULT` line.
#[derive(Debug, Clone, PartialEq)]
pub struct RunResult {
    pub solver: String,
    pub problem: String,
    pub rtol: f64,
    pub idid: i32,
    pub ierr: i32,
    pub mescd: Option<f64>,
    pub scd: Option<f64>,
    pub steps: u64,
    pub accept: u64,
    pub nf: u64,
    pub njac: u64,
    pub nlu: u64,
    pub cpu: f64,
    pub scd9: Option<f64>,
}

/// Parses the last `RESULT` line of a driver's output.
pub fn parse_result(stdout: &str) -> Option<RunResult> {
    let line = stdout.lines().rev().find(|l| l.starts_with("RESULT "))?;
    let field = |key: &str| {
        line.split_whitespace()
            .find_map(|kv| kv.strip_prefix(key).and_then(|v| v.strip_prefix('=')))
            .map(str::to_string)
    };
    // A failed run prints "nan" for its digit counts.
    let num = |key: &str| {
        field(key)
            .and_then(|v| v.parse::<f64>().ok())
            .filter(|v| !v.is_nan())
    };
    let int = |key: &str| field(key).and_then(|v| v.parse::<i64>().ok());
    Some(RunResult {
        solver: field("solver")?,
        problem: field("problem")?,
        rtol: num("rtol")?,
        idid: int("idid")? as i32,
        ierr: int("ierr")? as i32,
        mescd: num("mescd"),
        scd: num("scd"),
        steps: int("steps")? as u64,
        accept: int("accept")? as u64,
        nf: int("nf")? as u64,
        njac: int("njac")? as u64,
        nlu: int("nlu")? as u64,
        cpu: num("cpu")?,
        scd9: num("scd9"),
    })
}

/// The Test Set kit's solvers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Solver {
    Radau5,
    Ddassl,
    Ddaskr,
    Rodas,
    Radau,
}

impl Solver {
    pub fn name(self) -> &'static str {
        match self {
            Solver::Radau5 => "RADAU5",
            Solver::Ddassl => "DDASSL",
            Solver::Ddaskr => "DDASKR",
            Solver::Rodas => "RODAS",
            Solver::Radau => "RADAU",
        }
    }

    /// The kit files of its driver (`fortran/`): the DASSL-family driver with the
    /// segment routine of the solver and the residual-form wrappers.
    pub fn driver(self) -> &'static [&'static str] {
        match self {
            Solver::Radau5 => &["radau5d.f"],
            Solver::Ddassl => &["dassld.f", "dassls.f", "dasslres.f"],
            Solver::Ddaskr => &["dassld.f", "daskrs.f", "dasslres.f"],
            Solver::Rodas => &["rodasd.f"],
            Solver::Radau => &["radaud.f"],
        }
    }

    /// Problems the kit's driver refuses: RADAU5 and RADAU take no implicit (IDE)
    /// problem, the DASSL family no index-3 problem, RODAS none of index > 1 (nor an IDE
    /// problem; the wheelset's mass-matrix form `wheelmm` is of index 2).
    pub fn refuses(self, problem: &str) -> bool {
        match self {
            Solver::Radau5 | Solver::Radau => problem == "wheel",
            Solver::Ddassl | Solver::Ddaskr => problem == "andrews" || problem == "caraxis",
            Solver::Rodas => {
                matches!(
                    problem,
                    "andrews" | "caraxis" | "pump" | "wheel" | "wheelmm"
                )
            }
        }
    }
}

/// Builds the kit driver of `solver` with the problem file `problem` (once per process
/// and pair); an error when it does not link (a solver the library does not export yet).
pub fn kit_program(solver: Solver, problem: &str) -> Result<PathBuf, String> {
    try_fortran_program(
        &format!("{}-{problem}", solver.name().to_lowercase()),
        &kit_objects(solver, problem)?,
        Link::Static,
    )
}

/// gfortran's flag for the kit's own code (drivers, report, problems): every function
/// starts on a 64-byte boundary, so that its loops lie on the same boundaries in the
/// program linked with libstiffdae and in the one linked with the original. Left to the
/// linker, the kit's code follows the library's hot text in ours and the kit's other
/// objects in the original's, and the problem's routines run at a speed that depends on
/// where they land: DDASSL wheelmm 1e-7, the kit shifted by 32 bytes in our program,
/// 52.3 → 48.1 ms, the same solver calls.
pub const KIT_ALIGN: &str = "-falign-functions=64";

/// The kit's objects for `solver` and `problem`, compiled with [`KIT_ALIGN`] for both
/// links (ours and the original's), named after the program as its executable is.
fn kit_objects(solver: Solver, problem: &str) -> Result<Vec<PathBuf>, String> {
    let kit = root().join("fortran");
    let mut sources: Vec<PathBuf> = solver.driver().iter().map(|f| kit.join(f)).collect();
    sources.push(kit.join("report.f"));
    sources.push(kit.join("problems").join(format!("{problem}.f")));
    sources
        .iter()
        .map(|source| {
            let stem = source
                .file_stem()
                .map_or_else(Default::default, |s| s.to_string_lossy());
            let name = format!("{}-{problem}-{stem}.o", solver.name().to_lowercase());
            build_once(&name, |object| {
                let mut cmd =
                    Command::new(std::env::var("FC").unwrap_or_else(|_| "gfortran".into()));
                cmd.args(["-O2", KIT_ALIGN, "-c"])
                    .arg(source)
                    .arg("-o")
                    .arg(object)
                    .arg(format!("-J{}", work_dir().display()));
                run_compiler(cmd, &format!("gfortran {stem}.f"))
            })
        })
        .collect()
}

/// Runs one kit driver with rtol = atol = h0 = `tol` and returns its RESULT line.
pub fn run_kit(solver: Solver, problem: &str, tol: f64) -> (RunResult, Output) {
    let exe = kit_program(solver, problem).unwrap_or_else(|e| panic!("{e}"));
    run_kit_program(&exe, tol)
}

/// The original's Fortran files for `entry` (`radau5`, `radau`, `ddassl`, `ddaskr`) found in
/// `dir` or one of its subdirectories: the required ones, then the support files of the
/// netlib DDASSL bundle that are present (LINPACK, BLAS, SLATEC error handling). They
/// are compiled only on the user's machine, from a directory the user supplies.
pub fn original_sources(entry: &str, dir: &Path) -> Result<Vec<PathBuf>, String> {
    let (required, optional): (&[&str], &[&str]) = match entry {
        "radau5" => (&["radau5.f", "decsol.f", "dc_decsol.f"], &[]),
        "rodas" => (&["rodas.f", "decsol.f", "dc_decsol.f"], &[]),
        "radau" => (&["radau.f", "decsol.f", "dc_decsol.f"], &[]),
        "ddassl" => (
            &["ddassl.f"],
            &[
                "dgefa.f", "dgesl.f", "dgbfa.f", "dgbsl.f", "blas.f", "daux.f", "fdump.f",
                "i1mach.f", "j4save.f", "xercnt.f", "xersve.f", "stubs.f",
            ],
        ),
        _ => (&["ddaskr.f", "daux.f", "dlinpk.f"], &[]),
    };
    let mut files = Vec::new();
    for name in required {
        files.push(find_file(dir, name).ok_or(format!("{name} not found in {}", dir.display()))?);
    }
    files.extend(optional.iter().filter_map(|name| find_file(dir, name)));
    Ok(files)
}

/// `name` in `dir` or one of its subdirectories.
fn find_file(dir: &Path, name: &str) -> Option<PathBuf> {
    let direct = dir.join(name);
    if direct.is_file() {
        return Some(direct);
    }
    let mut subdirs: Vec<PathBuf> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    subdirs.sort();
    subdirs
        .into_iter()
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

/// The kit driver of `solver` with problem `problem` linked against the original code
/// whose sources are in `dir` instead of libstiffdae (`testset --original DIR`).
pub fn kit_program_original(solver: Solver, problem: &str, dir: &Path) -> Result<PathBuf, String> {
    let entry = solver.name().to_lowercase();
    let originals = original_sources(&entry, dir)?;
    let mut sources = kit_objects(solver, problem)?;
    sources.extend(originals);
    fortran_program_with(
        &format!("{entry}-{problem}-original"),
        &sources,
        Link::Original,
        LEGACY,
    )
}

/// gfortran's flags for the original codes and the authors' programs, which pass
/// scalars for arrays (legacy Fortran): allowed, silenced.
pub const LEGACY: &[&str] = &["-std=legacy", "-w", "-fallow-argument-mismatch"];

/// Runs a kit program with rtol = atol = h0 = `tol` and returns its RESULT line.
pub fn run_kit_program(exe: &Path, tol: f64) -> (RunResult, Output) {
    run_kit_repeated(exe, tol, 1)
}

/// [`run_kit_program`] with the whole run repeated `repeat` times inside the process
/// (the drivers' KIT_REPEAT): the RESULT line's cpu is the mean solver time.
/// Our messages are silenced (`STIFFDAE_QUIET`).
pub fn run_kit_repeated(exe: &Path, tol: f64, repeat: usize) -> (RunResult, Output) {
    run_kit_with(exe, tol, repeat, true)
}

/// [`run_kit_repeated`] with our messages at their default, as a program that links
/// the library unchanged runs: for timing against the original, which prints its own
/// messages inside the same calls and cannot be silenced.
pub fn run_kit_timed(exe: &Path, tol: f64, repeat: usize) -> (RunResult, Output) {
    run_kit_with(exe, tol, repeat, false)
}

fn run_kit_with(exe: &Path, tol: f64, repeat: usize, quiet: bool) -> (RunResult, Output) {
    let input = format!("{tol:e}\n{tol:e}\n{tol:e}\n");
    let repeat = repeat.to_string();
    let mut env = vec![("KIT_REPEAT", repeat.as_str())];
    if quiet {
        env.push(("STIFFDAE_QUIET", "1"));
    }
    let out = run(exe, &input, &env);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let res = parse_result(&stdout).unwrap_or_else(|| {
        panic!(
            "no RESULT line from {}:\n{stdout}\n{}",
            exe.display(),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (res, out)
}

/// Whether `value` agrees with `reference` exactly or within 1 %.
pub fn within_one_percent(value: u64, reference: u64) -> bool {
    value.abs_diff(reference) * 100 <= reference
}

/// The entry points of the differential fuzz harness (`c/fuzz*.c`, issue 10).
pub const FUZZ_ENTRIES: [&str; 5] = ["radau5", "radau", "rodas", "ddassl", "ddaskr"];

fn fuzz_sources(entry: &str) -> Vec<PathBuf> {
    let dir = root().join("ffi-tests/c");
    vec![
        dir.join("fuzz_common.c"),
        dir.join(format!("fuzz_{entry}.c")),
    ]
}

/// The fuzzer of `entry` linked against libstiffdae.
pub fn fuzz_program(entry: &str) -> PathBuf {
    c_program(&format!("fuzz-{entry}"), &fuzz_sources(entry), Link::Static)
}

/// The fuzzer of `entry` linked by gfortran with the original's Fortran sources or
/// static libraries (`objects`), built once per process under `name`.
pub fn fuzz_program_original(
    name: &str,
    entry: &str,
    objects: &[PathBuf],
) -> Result<PathBuf, String> {
    build_once(name, |exe| {
        let compiler = c_compiler(false);
        let mut objs = Vec::new();
        for src in fuzz_sources(entry) {
            let stem = src.file_stem().expect("a C file").to_string_lossy();
            let obj = work_dir().join(format!("{name}-{stem}.o"));
            let mut cmd = compiler.to_command();
            cmd.args(["-std=c11", "-g", "-c"])
                .arg(format!("-I{}", root().join("include").display()))
                .arg("-o")
                .arg(&obj)
                .arg(&src);
            run_compiler(cmd, &format!("cc {}", src.display()))?;
            objs.push(obj);
        }
        let mut cmd = Command::new(std::env::var("FC").unwrap_or_else(|_| "gfortran".into()));
        // The originals pass scalars for arrays (legacy Fortran): allowed, silenced.
        cmd.args(["-O2", "-w", "-fallow-argument-mismatch"])
            .arg("-o")
            .arg(exe)
            .args(&objs)
            .args(objects)
            .arg(format!("-J{}", work_dir().display()))
            .arg("-lm");
        run_compiler(cmd, &format!("gfortran {name}"))
    })
}

/// Runs a fuzzer on cases `first..first + count` of `seed`; its standard output (the
/// result lines and the SUMMARY line) and whether it reported no abnormal case.
pub fn run_fuzz(
    exe: &Path,
    seed: u64,
    count: u64,
    first: u64,
    env: &[(&str, &str)],
) -> (String, bool) {
    run_fuzz_with(Command::new(exe), seed, count, first, env)
}

/// [`run_fuzz`] through a wrapper command (valgrind).
pub fn run_fuzz_with(
    mut cmd: Command,
    seed: u64,
    count: u64,
    first: u64,
    env: &[(&str, &str)],
) -> (String, bool) {
    let out = cmd
        .args([seed.to_string(), count.to_string(), first.to_string()])
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .expect("run the fuzzer");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        out.status.success(),
    )
}

/// One result line of the fuzzer: `ENTRY ID CLASS fields... # why`.
#[derive(Debug, Clone)]
pub struct FuzzLine<'a> {
    pub id: u64,
    pub class: &'a str,
    pub fields: &'a str,
    pub why: &'a str,
    pub line: &'a str,
}

impl<'a> FuzzLine<'a> {
    pub fn parse(line: &'a str) -> Option<Self> {
        let (head, why) = line.split_once(" # ").unwrap_or((line, ""));
        let mut it = head.splitn(4, ' ');
        let _entry = it.next()?;
        let id = it.next()?.parse().ok()?;
        let class = it.next()?;
        Some(FuzzLine {
            id,
            class,
            fields: it.next().unwrap_or(""),
            why,
            line,
        })
    }

    /// CRASH, HANG, STOP or MEMERR (a child that did not return its line).
    pub fn abnormal(&self) -> bool {
        ["CRASH", "HANG", "STOP", "MEMERR"]
            .iter()
            .any(|w| self.fields.starts_with(w))
    }

    pub fn field(&self, key: &str) -> Option<&'a str> {
        self.fields
            .split(' ')
            .find_map(|kv| kv.strip_prefix(key)?.strip_prefix('='))
    }

    /// The IDID sequence (`1*3,-1` is 1, 1, 1, -1).
    pub fn idids(&self) -> Vec<i32> {
        let mut v = Vec::new();
        for part in self.field("idid").unwrap_or("").split(',') {
            let (val, reps) = part.split_once('*').unwrap_or((part, "1"));
            if let (Ok(val), Ok(reps)) = (val.parse::<i32>(), reps.parse::<usize>()) {
                v.extend(std::iter::repeat_n(val, reps));
            }
        }
        v
    }
}

/// The outcome of one short or long fuzz run of libstiffdae, judged against the
/// original's lines.
#[derive(Debug, Default)]
pub struct FuzzVerdict {
    /// Cases per class (IN, NAN, OUT).
    pub cases: [usize; 3],
    /// Cases compared with the original, and how many of those were NAN cases.
    pub compared: usize,
    pub nan_compared: usize,
    /// IN cases the original did not complete (its own crash, hang or stop).
    pub unfrozen_in: usize,
    /// Hairer-code cases refused on a later call because an earlier one ended with a
    /// non-finite solution, which the original carries on (not compared).
    pub nonfinite_in: usize,
    pub abnormal: Vec<String>,
    /// IDIDs outside the documented set, or an out-of-contract call not refused.
    pub unclean: Vec<String>,
    /// (original, stiffdae) lines that differ.
    pub differences: Vec<(String, String)>,
}

impl FuzzVerdict {
    pub fn clean(&self) -> bool {
        self.abnormal.is_empty() && self.unclean.is_empty() && self.differences.is_empty()
    }

    pub fn summary(&self, entry: &str) -> String {
        format!(
            "{entry}: IN {} NAN {} OUT {} | compared with the original {} (NAN {}), IN not \
             completed by the original {}, refused after a non-finite solution {} | abnormal {} \
             unclean {} differences {}",
            self.cases[0],
            self.cases[1],
            self.cases[2],
            self.compared,
            self.nan_compared,
            self.unfrozen_in,
            self.nonfinite_in,
            self.abnormal.len(),
            self.unclean.len(),
            self.differences.len()
        )
    }
}

/// The IDIDs the entry point documents, and its refusal code.
fn fuzz_idids(entry: &str) -> (&'static [i32], i32) {
    match entry {
        "radau5" | "radau" | "rodas" => (&[1, 2, -1, -2, -3, -4], -1),
        "ddassl" => (
            &[1, 2, 3, -1, -2, -3, -6, -7, -8, -9, -10, -11, -12, -33],
            -33,
        ),
        _ => (
            &[
                1, 2, 3, 4, 5, -1, -2, -3, -5, -6, -7, -8, -9, -10, -11, -12, -13, -14, -33,
            ],
            -33,
        ),
    }
}

/// Judges libstiffdae's fuzz output `ours` against the original's lines `original`
/// (the frozen file or a live run): no abnormal child; IDIDs in the documented set;
/// IN cases identical to the original; NAN cases identical where the original
/// completed them, unless stiffdae refused the input (RADAU5 refuses a non-finite Y or
/// tolerance on entry, README, so a RADAU5 run whose solution overflowed in an earlier
/// call and was then refused is not compared either; RADAU and RODAS likewise); OUT cases
/// refused with the family's code (CONTR5, CONTRA, CONTRO: NaN), once the out-of-contract call was
/// made. OUT cases tagged `ub:` are inputs on which the original is undefined, `doc:`
/// ones where the README documents a departure: only a clean run is asked for.
pub fn fuzz_judge(entry: &str, ours: &str, original: &str) -> FuzzVerdict {
    let frozen: HashMap<u64, FuzzLine> = original
        .lines()
        .filter_map(FuzzLine::parse)
        .filter(|l| !l.abnormal() && l.class != "OUT")
        .map(|l| (l.id, l))
        .collect();
    let (documented, refusal) = fuzz_idids(entry);
    let mut v = FuzzVerdict::default();
    for l in ours.lines().filter_map(FuzzLine::parse) {
        let class = ["IN", "NAN", "OUT"]
            .iter()
            .position(|c| *c == l.class)
            .unwrap_or(2);
        v.cases[class] += 1;
        if l.abnormal() {
            v.abnormal.push(l.line.to_string());
            continue;
        }
        let idids = l.idids();
        if idids.is_empty() || idids.iter().any(|i| !documented.contains(i)) {
            v.unclean.push(l.line.to_string());
            continue;
        }
        let refused = idids.last() == Some(&refusal);
        match l.class {
            "OUT" => {
                if l.why.starts_with("ub:")
                    || l.why.starts_with("doc:")
                    || l.field("oc") == Some("0")
                {
                    continue;
                }
                let ok = if ["contr5", "contra", "contro"]
                    .iter()
                    .any(|d| l.why.starts_with(d))
                {
                    l.field("c") == Some("nan")
                } else {
                    refused
                };
                if !ok {
                    v.unclean.push(l.line.to_string());
                }
            }
            _ => {
                let Some(orig) = frozen.get(&l.id) else {
                    if l.class == "IN" {
                        v.unfrozen_in += 1;
                    }
                    continue;
                };
                if l.class == "NAN" && refused {
                    continue;
                }
                // RADAU5, RADAU and RODAS refuse a non-finite Y on entry (README): a run
                // whose solution overflowed in an earlier call ends there with -1 where
                // the original goes on with NaN.
                let finite = |k: &str| {
                    orig.field(k)
                        .is_some_and(|v| v.parse::<f64>().is_ok_and(f64::is_finite))
                };
                if matches!(entry, "radau5" | "radau" | "rodas")
                    && refused
                    && !(finite("x") && finite("ysum"))
                {
                    v.nonfinite_in += 1;
                    continue;
                }
                v.compared += 1;
                if l.class == "NAN" {
                    v.nan_compared += 1;
                }
                if orig.line != l.line {
                    v.differences
                        .push((orig.line.to_string(), l.line.to_string()));
                }
            }
        }
    }
    v
}
