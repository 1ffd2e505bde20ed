//! Solves OBF positions one after another on one thread and prints, per
//! position, its empties, the score found and the one expected (the file's
//! first), the time, the nodes and nodes a second. Used by
//! scripts/bench-endgame.sh.
//!
//! `cargo run --release -p boardfile-othello --example endgame_bench -- FILE.obf [FIRST_NUMBER]`
//! (`TABLE_BITS=20`: a transposition table of 2^20 entries, not the default
//! 2^22; `SPLIT=1`: each position split over the threads of rayon's pool;
//! `VERIFY=1`: the file's score proven with one window, as `validate
//! --solve` proves WTHOR's stored scores, instead of solved; `ISA=v3` or
//! `ISA=portable`: that compilation of the search, not the best the
//! processor has).

use boardfile_othello::endgame::{Board, Instructions, Solver};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: endgame_bench FILE.obf [FIRST_NUMBER]");
        std::process::exit(2);
    };
    let first: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2)
    });
    // TABLE_BITS=20: a table of 2^20 entries instead of the default.
    let solver = match std::env::var("TABLE_BITS") {
        Err(_) => Solver::new(),
        Ok(b) => match b.parse::<u32>() {
            Ok(bits @ 4..=30) => Solver::with_table_bits(bits),
            _ => {
                eprintln!("TABLE_BITS={b}: not a number from 4 to 30");
                std::process::exit(2)
            }
        },
    };
    // SPLIT=1: each position split over the threads of rayon's pool
    // (RAYON_NUM_THREADS, else one a core).
    let mut solver = solver.splitting(std::env::var("SPLIT").is_ok_and(|v| v == "1"));
    // ISA=v3 or ISA=portable: that compilation of the search at most.
    match std::env::var("ISA").as_deref() {
        Err(_) => {}
        Ok("v3") => solver = solver.instructions(Instructions::V3),
        Ok("portable") => solver = solver.instructions(Instructions::Portable),
        Ok(isa) => {
            eprintln!("ISA={isa}: v3 or portable");
            std::process::exit(2)
        }
    }
    let verify = std::env::var("VERIFY").is_ok_and(|v| v == "1");
    let (mut total_nodes, mut total_secs, mut wrong) = (0u64, 0f64, 0);
    println!("  #  empties  score  expected  move       time(s)          nodes     nodes/s");
    let mut n = first;
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('%') || line.starts_with('#') {
            continue;
        }
        let (board_text, rest) = line.split_once(';').unwrap_or((line, ""));
        let b = Board::parse(board_text).expect("board");
        // The first `MOVE:SCORE` after the board.
        let expected: Option<i32> = rest
            .split(';')
            .find_map(|f| f.split_once(':').map(|(_, v)| v.trim().parse().ok()))
            .flatten();
        solver.clear();
        let before = solver.nodes();
        let t = Instant::now();
        let solved = match expected {
            Some(e) if verify => match solver.verify(b, e) {
                Ok(()) => boardfile_othello::endgame::Solved {
                    score: e,
                    best: None,
                },
                Err(_) => solver.solve(b),
            },
            _ => solver.solve(b),
        };
        let secs = t.elapsed().as_secs_f64();
        let nodes = solver.nodes() - before;
        total_nodes += nodes;
        total_secs += secs;
        let ok = expected.is_none_or(|e| e == solved.score);
        if !ok {
            wrong += 1;
        }
        println!(
            "{n:>3}  {:>7}  {:>+5}  {:>8}  {:<4} {:>12.3} {:>14} {:>11.0}{}",
            b.empties(),
            solved.score,
            expected.map_or("?".into(), |e| format!("{e:+}")),
            solved.best.map_or("--".into(), |m| m.to_string()),
            secs,
            nodes,
            nodes as f64 / secs.max(1e-9),
            if ok { "" } else { "  WRONG" }
        );
        n += 1;
    }
    println!(
        "total: {total_secs:.3} s, {total_nodes} nodes, {:.0} nodes/s, {wrong} wrong",
        total_nodes as f64 / total_secs.max(1e-9)
    );
    if wrong > 0 {
        std::process::exit(1);
    }
}
