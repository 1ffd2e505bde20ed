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

/// The oracle's first `n` boards: number, deal, and the 20 counts as PBN's
/// `DoubleDummyTricks` gives them (declarers N S E W, strains NT S H D C).
pub fn oracle(n: usize) -> Vec<(u32, String, [u8; 20])> {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/bridge/dds-oracle-100.pbn"),
    )
    .unwrap();
    let value = |line: &str, tag: &str| {
        line.strip_prefix(&format!("[{tag} \""))
            .and_then(|r| r.strip_suffix("\"]"))
            .map(String::from)
    };
    let mut boards = Vec::new();
    let (mut number, mut deal) = (0, String::new());
    for line in text.lines() {
        if let Some(v) = value(line, "Board") {
            number = v.parse().unwrap();
        } else if let Some(v) = value(line, "Deal") {
            deal = v;
        } else if let Some(v) = value(line, "DoubleDummyTricks") {
            let mut counts = [0u8; 20];
            for (c, d) in counts.iter_mut().zip(v.chars()) {
                *c = d.to_digit(16).unwrap() as u8;
            }
            boards.push((number, deal.clone(), counts));
        }
        if boards.len() == n {
            break;
        }
    }
    boards
}
