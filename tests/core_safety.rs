//! The core has no `unsafe` code: only `src/ffi/` may hold unsafe blocks, functions,
//! impls or traits. `deny(unsafe_code)` checks most of it, but the lint also reports
//! `#[link_section]`, which `hot_path!` puts on a solve's functions with an
//! `#[allow(unsafe_code)]` beside it, and that allowance covers the function's body too.
//! This test keeps the claim whole: outside `src/ffi/` the word `unsafe` appears only in
//! comments, in `deny(unsafe_code)` and in that allowance.

use std::fs;
use std::path::{Path, PathBuf};

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("src/ is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n != "ffi") {
                sources(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The line without its `//` comment (the core's string literals hold no `//`).
fn code(line: &str) -> &str {
    line.find("//").map_or(line, |i| &line[..i])
}

#[test]
fn no_unsafe_code_outside_ffi() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &mut files);
    assert!(files.len() > 20, "the core's sources were not found");
    let mut found = Vec::new();
    for file in &files {
        let text = fs::read_to_string(file).expect("a readable source");
        for (k, line) in text.lines().enumerate() {
            let rest = code(line)
                .replace("allow(unsafe_code)", "")
                .replace("deny(unsafe_code)", "");
            if rest.contains("unsafe") {
                found.push(format!("{}:{}: {}", file.display(), k + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "unsafe code outside src/ffi:\n{}",
        found.join("\n")
    );
}
