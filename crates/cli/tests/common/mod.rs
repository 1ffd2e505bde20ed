//! What the CLI's test files share: the binary, a run that must end with a
//! given exit code, and its standard error as text.

#![allow(dead_code)]

use std::path::Path;
use std::process::{Command, Output};

pub fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_boardfile")
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
