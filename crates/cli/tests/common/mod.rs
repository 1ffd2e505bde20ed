//! What the CLI's test files share: the binary, a run that must end with a
//! given exit code, its standard error as text, and the other programs'
//! files in `../shared/data`.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_boardfile")
}

/// A file or folder under `../shared/data` (beside the work tree), where
/// the files other programs wrote are kept.
pub fn shared(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data")
        .join(path)
}

pub fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Runs boardfile with `args`; the exit code must be `code`.
pub fn expect(code: i32, args: &[&str]) -> Output {
    let out = Command::new(bin()).args(args).output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(code),
        "boardfile {args:?}\nstderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}
