//! The `rust-version` in Cargo.toml is not below what the library's dependencies declare.
//!
//! Only one toolchain can be installed where the tests run, so this checks the part of the
//! claim that drifts silently: a dependency update raising the minimum Rust version.

use std::path::PathBuf;
use std::process::Command;

/// `(major, minor)` of a version string such as `1.84` or `1.84.0`.
fn major_minor(v: &str) -> (u32, u32) {
    let mut parts = v.trim().split('.').map(|p| p.parse::<u32>().unwrap_or(0));
    (parts.next().unwrap_or(0), parts.next().unwrap_or(0))
}

/// The `rust-version` line of a manifest, if it has one.
fn declared_rust_version(manifest: &str) -> Option<String> {
    manifest.lines().find_map(|line| {
        let rest = line.trim().strip_prefix("rust-version")?;
        let value = rest.trim_start().strip_prefix('=')?;
        Some(value.trim().trim_matches('"').to_string())
    })
}

fn cargo_home() -> PathBuf {
    std::env::var_os("CARGO_HOME").map_or_else(
        || PathBuf::from(std::env::var_os("HOME").expect("HOME is set")).join(".cargo"),
        PathBuf::from,
    )
}

/// The manifest of a registry package `name` at `version`, from the local registry cache.
fn registry_manifest(name: &str, version: &str) -> Option<String> {
    let src = cargo_home().join("registry").join("src");
    std::fs::read_dir(src).ok()?.flatten().find_map(|index| {
        std::fs::read_to_string(
            index
                .path()
                .join(format!("{name}-{version}"))
                .join("Cargo.toml"),
        )
        .ok()
    })
}

#[test]
fn rust_version_covers_every_dependency() {
    let ours = major_minor(env!("CARGO_PKG_RUST_VERSION"));
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args(["tree", "-p", "stiffdae", "-e", "normal", "--prefix", "none"])
        .args(["-f", "{p}", "--offline"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run cargo tree");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut checked = 0;
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let mut words = line.split_whitespace();
        let (Some(name), Some(version)) = (words.next(), words.next()) else {
            continue;
        };
        if name == "stiffdae" {
            continue;
        }
        let version = version.trim_start_matches('v');
        let manifest = registry_manifest(name, version)
            .unwrap_or_else(|| panic!("no manifest for {name} {version} in the registry cache"));
        checked += 1;
        if let Some(theirs) = declared_rust_version(&manifest) {
            assert!(
                major_minor(&theirs) <= ours,
                "{name} {version} needs Rust {theirs}, Cargo.toml says {}",
                env!("CARGO_PKG_RUST_VERSION")
            );
        }
    }
    assert!(checked > 0, "cargo tree listed no dependency");
}
