//! The fuzz targets' checks (fuzz/src), run without the fuzzer: on every
//! input a fuzzer found a bug with (`tests/data/<format>/regression/`,
//! each named `TARGET-what`), and on every seed of every target
//! (`fuzz/seeds/<format>/`), so that `cargo test` keeps what fuzzing found.

#[path = "../../../fuzz/src/lib.rs"]
#[allow(dead_code)]
mod fuzz;

use boardfile_bridge::Format;
use fuzz::othello::Input;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The bridge format or Othello input a seed folder or target suffix names.
enum Kind {
    Bridge(Format),
    Othello(Input),
}

fn kind(name: &str) -> Kind {
    let othello = match name {
        "wtb" => Some(Input::Wtb),
        "wtd" => Some(Input::Wtd),
        "pzz" => Some(Input::Pzz),
        "jou" => Some(Input::Jou),
        "trn" => Some(Input::Trn),
        "othello_jsonl" => Some(Input::OthelloJsonl),
        "transcript" => Some(Input::Transcript),
        "ggf" => Some(Input::Ggf),
        "pgn" => Some(Input::Pgn),
        "obf" => Some(Input::Obf),
        _ => None,
    };
    match othello {
        Some(i) => Kind::Othello(i),
        None => Kind::Bridge(
            Format::from_name(name)
                .or_else(|| Format::from_name(&name.replace('_', "-")))
                .unwrap_or_else(|| panic!("{name} names no format of a fuzz target")),
        ),
    }
}

/// Runs the check of fuzz target `target` on `data`.
fn run(target: &str, data: &[u8]) {
    let (round_trip, name) = match target {
        "sniff" => return fuzz::sniff(data),
        // Dealer-language scripts: no writer, so the one check for both.
        "read_dlr" | "round_trip_dlr" => return fuzz::dealer_script(data),
        // SquareDeal descriptions and keys: read only.
        "read_squaredeal" | "round_trip_squaredeal" => return fuzz::squaredeal(data),
        "stream" => return fuzz::bridge::stream(data),
        t => match (t.strip_prefix("read_"), t.strip_prefix("round_trip_")) {
            (Some(n), _) => (false, n),
            (_, Some(n)) => (true, n),
            _ => panic!("{t} is not a fuzz target"),
        },
    };
    match (kind(name), round_trip) {
        (Kind::Bridge(f), false) => fuzz::bridge::read(f, data),
        (Kind::Bridge(f), true) => fuzz::bridge::round_trip(f, data),
        (Kind::Othello(i), false) => fuzz::othello::read(i, data),
        (Kind::Othello(i), true) => fuzz::othello::round_trip(i, data),
    }
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    out.sort();
    out
}

#[test]
fn every_regression_file_passes_the_check_of_the_target_that_found_it() {
    let mut n = 0;
    for dir in files(&root().join("tests/data")) {
        let format = dir.file_name().unwrap().to_string_lossy().into_owned();
        let dir = dir.join("regression");
        if !dir.is_dir() {
            continue;
        }
        for path in files(&dir) {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let target = name.split('-').next().unwrap();
            // `read_pbn-what` in pbn/, `stream-zdd-what` in zdd/.
            let of = match target {
                "stream" | "sniff" => name.split('-').nth(1).unwrap_or(""),
                t => t
                    .trim_start_matches("read_")
                    .trim_start_matches("round_trip_"),
            };
            assert_eq!(of, format, "{} is in the wrong folder", path.display());
            let data = std::fs::read(&path).unwrap();
            let result = std::panic::catch_unwind(|| run(target, &data));
            assert!(result.is_ok(), "{}", path.display());
            n += 1;
        }
    }
    assert!(n >= 30, "{n} regression files");
}

#[test]
fn every_seed_passes_its_targets_checks() {
    for dir in files(&root().join("fuzz/seeds")) {
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        for path in files(&dir) {
            let data = std::fs::read(&path).unwrap();
            let what = path.display().to_string();
            for target in [format!("read_{name}"), format!("round_trip_{name}")] {
                let result = std::panic::catch_unwind(|| run(&target, &data));
                assert!(result.is_ok(), "{target} on {what}");
            }
            fuzz::sniff(&data);
        }
    }
}

#[test]
fn every_bridge_seed_reads_the_same_through_small_windows() {
    // The stream check's first byte picks the format (among the readable
    // ones) and how many bytes each read gives: every step from 1 to 8.
    let readable: Vec<Format> = Format::all()
        .iter()
        .copied()
        .filter(|f| f.can_read())
        .collect();
    let mut runs = 0;
    for (name, data) in seeds() {
        let format =
            Format::from_name(&name).or_else(|| Format::from_name(&name.replace('_', "-")));
        let Some(k) = format.and_then(|f| readable.iter().position(|&r| r == f)) else {
            continue;
        };
        for step in 0..8 {
            let mut input = vec![(k + readable.len() * step) as u8];
            input.extend_from_slice(&data);
            fuzz::bridge::stream(&input);
            runs += 1;
        }
    }
    assert!(runs >= 300, "{runs} runs");
}

/// Every seed of every format, in the fuzz targets' order.
fn seeds() -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for dir in files(&root().join("fuzz/seeds")) {
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        for path in files(&dir) {
            out.push((name.clone(), std::fs::read(&path).unwrap()));
        }
    }
    assert!(out.len() >= 50, "{} seeds", out.len());
    out
}

#[test]
fn every_prefix_of_every_seed_gives_a_value_or_an_error() {
    // Prefixes of every length up to 2 KB, then 2,000 spread over the file;
    // the read check writes what reads in every format and reads it back.
    for (name, data) in seeds() {
        let step = (data.len() / 2000).max(1);
        for n in (0..data.len()).step_by(step) {
            run(&format!("read_{name}"), &data[..n]);
        }
    }
}

#[test]
fn seeded_byte_flips_of_every_seed_pass_the_read_and_round_trip_checks() {
    let mut state = 0x853c_49e6_748f_ea9bu64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut runs = 0;
    for (name, data) in seeds() {
        if data.is_empty() {
            continue;
        }
        for _ in 0..60 {
            let mut b = data.clone();
            for _ in 0..1 + next() % 4 {
                let i = (next() % b.len() as u64) as usize;
                b[i] = next() as u8;
            }
            run(&format!("read_{name}"), &b);
            run(&format!("round_trip_{name}"), &b);
            runs += 1;
        }
    }
    assert!(runs >= 3000, "{runs} flipped inputs");
}
