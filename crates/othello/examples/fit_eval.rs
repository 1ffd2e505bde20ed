//! Fits the weights of the solver's pattern evaluation
//! (`crates/othello/src/endgame/eval.rs`) and writes them as `eval.bin`.
//! Run by scripts/fit-eval.sh, which names the WTHOR files it learns from.
//!
//! `cargo run --release -p boardfile-othello --example fit_eval -- [--exact N] OUT.bin FILE.wtb...`
//!
//! Every position of every finished 8x8 game, at 4 to 40 empties, is a
//! sample, labelled with the game's final disc difference (empties to the
//! winner) for the player to move; with `--exact N`, a position of N
//! empties or fewer is labelled with its exact score instead (the solver's,
//! on every core: what the position is worth, not what the players made
//! of it). Each is taken under the board's 8 symmetries. The weights
//! minimise the squared error by stochastic gradient descent, a phase at a time, from zero, in a fixed order, so a
//! run gives the same file. One game in 20 is held out: its error is
//! printed beside the training error.

use boardfile_othello::endgame::eval::{
    features, phase, symmetries, CONSTANT, PATTERNS, PHASES, UNITS_PER_DISC, WEIGHTS_PER_PHASE,
};
use boardfile_othello::endgame::{Board, Solver};
use boardfile_othello::{wthor, BoardSize};

struct Sample {
    p: u64,
    o: u64,
    label: f32,
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut exact = 0;
    if args.first().is_some_and(|a| a == "--exact") {
        exact = args
            .get(1)
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| fail("--exact takes a number of empties"));
        args.drain(..2);
    }
    let Some((out, inputs)) = args.split_first().filter(|(_, rest)| !rest.is_empty()) else {
        eprintln!("usage: fit_eval [--exact N] OUT.bin FILE.wtb...");
        std::process::exit(2);
    };
    // Samples a phase, for training and held out.
    let mut train: Vec<Vec<Sample>> = (0..PHASES).map(|_| Vec::new()).collect();
    let mut held: Vec<Vec<Sample>> = (0..PHASES).map(|_| Vec::new()).collect();
    let mut unfinished = 0usize;
    let mut replayed = Vec::new();
    for path in inputs {
        let bytes = std::fs::read(path).unwrap_or_else(|e| fail(&format!("{path}: {e}")));
        let file = wthor::games::read(&bytes, BoardSize::Eight)
            .unwrap_or_else(|e| fail(&format!("{path}: {e}")));
        for game in &file.games {
            match replay(&game.moves) {
                Some(positions) => replayed.push(positions),
                None => unfinished += 1,
            }
        }
    }
    if exact > 0 {
        label_exactly(&mut replayed, exact);
    }
    let mut games = 0usize;
    for positions in replayed {
        let out = if games % 20 == 19 {
            &mut held
        } else {
            &mut train
        };
        games += 1;
        for (b, label) in positions {
            let empties = (!(b.player | b.opponent)).count_ones();
            if !(4..=40).contains(&empties) {
                continue;
            }
            let (ps, os) = (symmetries(b.player), symmetries(b.opponent));
            for s in 0..8 {
                out[phase(empties)].push(Sample {
                    p: ps[s],
                    o: os[s],
                    label: label as f32,
                });
            }
        }
    }
    eprintln!("{games} finished games ({unfinished} unfinished left out)");
    let mut bytes = Vec::with_capacity(PHASES * WEIGHTS_PER_PHASE);
    for ph in 0..PHASES {
        let w = fit(&mut train[ph], &held[ph], ph);
        let stored: Vec<i8> = w.iter().map(|&x| quantize(x)).collect();
        bytes.extend(stored.iter().map(|&x| x as u8));
        let q: Vec<f32> = stored
            .iter()
            .map(|&x| f32::from(x) / UNITS_PER_DISC as f32)
            .collect();
        eprintln!(
            "phase {ph}: rounded weights, held-out error {:.2} discs",
            rms(&q, &held[ph])
        );
    }
    std::fs::write(out, &bytes).unwrap_or_else(|e| fail(&format!("{out}: {e}")));
    eprintln!("{out}: {} bytes", bytes.len());
}

/// A weight in discs as stored: a byte of [`UNITS_PER_DISC`].
fn quantize(x: f32) -> i8 {
    (x * UNITS_PER_DISC as f32).round().clamp(-127.0, 127.0) as i8
}

fn fail(message: &str) -> ! {
    eprintln!("fit_eval: {message}");
    std::process::exit(1)
}

/// The positions of a game, each with the final disc difference for its
/// player to move; `None` when the moves are illegal or the game is not
/// over at their end.
fn replay(moves: &[boardfile_othello::Square]) -> Option<Vec<(Board, i32)>> {
    let mut b = Board {
        player: 0x0000_0008_1000_0000,
        opponent: 0x0000_0010_0800_0000,
    };
    // Whether the player to move is black; the positions with it.
    let mut black = true;
    let mut seen = Vec::with_capacity(61);
    for &sq in moves {
        if b.moves() == 0 {
            b = b.pass();
            black = !black;
        }
        seen.push((b, black));
        b = b.play(sq)?;
        black = !black;
    }
    if !b.is_over() {
        return None;
    }
    let black_final = if black {
        b.final_score()
    } else {
        -b.final_score()
    };
    Some(
        seen.into_iter()
            .map(|(b, black)| (b, if black { black_final } else { -black_final }))
            .collect(),
    )
}

fn predict(w: &[f32], s: &Sample) -> f32 {
    let mut v = w[CONSTANT];
    for f in features(s.p, s.o) {
        v += w[f as usize];
    }
    v
}

fn rms(w: &[f32], samples: &[Sample]) -> f32 {
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let e = (s.label - predict(w, s)) as f64;
            e * e
        })
        .sum();
    (sum / samples.len().max(1) as f64).sqrt() as f32
}

/// The weights of one phase.
fn fit(train: &mut [Sample], held: &[Sample], ph: usize) -> Vec<f32> {
    // A fixed shuffle (xorshift), so that the file is the same each run.
    let mut x = 0x9e37_79b9_7f4a_7c15u64 ^ ph as u64;
    for i in (1..train.len()).rev() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        train.swap(i, (x % (i as u64 + 1)) as usize);
    }
    let mut w = vec![0f32; WEIGHTS_PER_PHASE];
    let mut rate = 0.004f32;
    eprintln!(
        "phase {ph}: {} samples ({} held out), {} patterns",
        train.len(),
        held.len(),
        PATTERNS.len()
    );
    for epoch in 0..12 {
        for s in train.iter() {
            let fs = features(s.p, s.o);
            let mut v = w[CONSTANT];
            for &f in &fs {
                v += w[f as usize];
            }
            let step = rate * (s.label - v);
            w[CONSTANT] += step;
            for &f in &fs {
                w[f as usize] += step;
            }
        }
        eprintln!(
            "phase {ph} epoch {epoch}: training error {:.2}, held out {:.2} discs",
            rms(&w, train),
            rms(&w, held)
        );
        rate *= 0.8;
    }
    w
}

/// Relabels the positions of `up_to` empties or fewer with their exact
/// scores, the games shared among the cores (one solver each, its table
/// kept through a game: a game's later positions are in its earlier
/// ones' trees).
fn label_exactly(games: &mut [Vec<(Board, i32)>], up_to: u32) {
    use rayon::prelude::*;
    use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
    let done = AtomicUsize::new(0);
    let total = games.len();
    games.par_iter_mut().for_each_init(
        || Solver::with_table_bits(20),
        |solver, positions| {
            for (b, label) in positions.iter_mut() {
                if b.empties() <= up_to {
                    *label = solver.score(*b);
                }
            }
            let n = done.fetch_add(1, Relaxed) + 1;
            if n.is_multiple_of(2000) || n == total {
                eprintln!("exact labels: {n} of {total} games");
            }
        },
    );
}
