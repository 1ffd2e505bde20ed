//! Measures how well a shallow search with the evaluation predicts the
//! exact score, by empties and depth: the numbers behind the solver's
//! selective searches (`PROBCUT_*` in `crates/othello/src/endgame/search.rs`).
//! Run by scripts/fit-probcut.sh, which gives the positions.
//!
//! `cargo run --release -p boardfile-othello --example probcut_fit -- FILE.obf...`
//!
//! For each position: its exact score S and the evaluation searched d
//! plies deep, v_d, for d = 0..=MAX_DEPTH. Printed per empties and depth:
//! the positions, the mean of S - v_d and its standard deviation (in
//! discs), and the least-squares line S = a v_d + b with the deviation
//! around it.

use boardfile_othello::endgame::{eval::UNITS_PER_DISC, Board, Search, Solver};
use std::collections::BTreeMap;

const MAX_DEPTH: i32 = 8;

fn main() {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    if paths.is_empty() {
        eprintln!("usage: probcut_fit FILE.obf...");
        std::process::exit(2);
    }
    let mut solver = Solver::new();
    let search = Search::new(4);
    // (empties, depth) -> (v, S) pairs, in discs.
    let mut pairs: BTreeMap<(u32, i32), Vec<(f64, f64)>> = BTreeMap::new();
    for path in &paths {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
            eprintln!("{path}: {e}");
            std::process::exit(2)
        });
        for line in text.lines() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('%') {
                continue;
            }
            let board_text = line.split_once(';').map_or(line, |(b, _)| b);
            let Ok(b) = Board::parse(board_text) else {
                eprintln!("{path}: not a position: {line}");
                std::process::exit(2)
            };
            let s = f64::from(solver.score(b));
            for d in 0..=MAX_DEPTH {
                let v = f64::from(search.shallow_eval(b.player, b.opponent, d))
                    / f64::from(UNITS_PER_DISC);
                pairs.entry((b.empties(), d)).or_default().push((v, s));
            }
        }
    }
    println!("empties\tdepth\tn\tmean\tsigma\ta\tb\tsigma_line");
    for ((e, d), xs) in &pairs {
        let n = xs.len() as f64;
        let mean = xs.iter().map(|(v, s)| s - v).sum::<f64>() / n;
        let sigma = (xs.iter().map(|(v, s)| (s - v - mean).powi(2)).sum::<f64>() / n).sqrt();
        let (mv, ms) = (
            xs.iter().map(|x| x.0).sum::<f64>() / n,
            xs.iter().map(|x| x.1).sum::<f64>() / n,
        );
        let cov = xs.iter().map(|(v, s)| (v - mv) * (s - ms)).sum::<f64>();
        let var = xs.iter().map(|(v, _)| (v - mv).powi(2)).sum::<f64>();
        let a = if var > 0.0 { cov / var } else { 0.0 };
        let b = ms - a * mv;
        let line = (xs.iter().map(|(v, s)| (s - a * v - b).powi(2)).sum::<f64>() / n).sqrt();
        println!(
            "{e}\t{d}\t{}\t{mean:.2}\t{sigma:.2}\t{a:.3}\t{b:.2}\t{line:.2}",
            xs.len()
        );
    }
}
