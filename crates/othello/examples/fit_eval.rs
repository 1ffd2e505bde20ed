//! Fits the weights of the solver's pattern evaluation
//! (`crates/othello/src/endgame/eval.rs`) and writes them as `eval.bin`.
//! Run by scripts/fit-eval.sh, which names the WTHOR files it learns from.
//!
//! `cargo run --release -p boardfile-othello --example fit_eval -- [--exact N [--labels CACHE] [--deviations]] OUT.bin FILE.wtb...`
//!
//! Every position of every finished 8x8 game, at 4 to 40 empties, is a
//! sample, labelled with the game's final disc difference (empties to the
//! winner) for the player to move. With `--exact N`, a position of N
//! empties or fewer is labelled with its exact score instead (the
//! solver's, on every core: what the position is worth, not what the
//! players made of it).
//!
//! - `--deviations` adds positions off the games' lines, a move the game
//!   did not play and one more after it (see [`deviate`]), labelled with
//!   their exact scores: the positions a search meets are mostly such.
//! - `--labels CACHE` keeps the exact scores in a file: positions found
//!   there are not solved again, and the file is rewritten with every
//!   position solved. A score is the position's, whatever the weights, so
//!   a refit with another model takes seconds, not the solving's minutes.
//!
//! Each sample is taken under the board's 8 symmetries. The weights
//! minimise the squared error by stochastic gradient descent, a phase at
//! a time, from zero, in a fixed order, so a run gives the same file. One
//! game in 20 is held out (its line only): its error is printed beside
//! the training error, and at the end by empties.

use boardfile_othello::endgame::eval::{
    features, phase, symmetries, CONSTANT, PATTERNS, PHASES, UNITS_PER_DISC, WEIGHTS_PER_PHASE,
};
use boardfile_othello::endgame::{Board, Solver};
use boardfile_othello::{wthor, BoardSize};

const USAGE: &str =
    "usage: fit_eval [--exact N [--labels CACHE] [--deviations]] OUT.bin FILE.wtb...";

struct Sample {
    p: u64,
    o: u64,
    label: f32,
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let (mut exact, mut cache, mut deviations) = (0, None, false);
    while args.first().is_some_and(|a| a.starts_with("--")) {
        let flag = args.remove(0);
        match flag.as_str() {
            "--exact" if !args.is_empty() => {
                exact = args
                    .remove(0)
                    .parse()
                    .unwrap_or_else(|_| fail("--exact takes a number of empties"));
            }
            "--labels" if !args.is_empty() => cache = Some(args.remove(0)),
            "--deviations" => deviations = true,
            _ => fail(&format!("{flag}: not an option ({USAGE})")),
        }
    }
    if exact == 0 && (cache.is_some() || deviations) {
        fail("--labels and --deviations need --exact");
    }
    let Some((out, inputs)) = args.split_first().filter(|(_, rest)| !rest.is_empty()) else {
        eprintln!("{USAGE}");
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
    // The positions of each game's own line (deviations come after, and
    // are not held out: the held-out error is on the games' lines).
    let lines: Vec<usize> = replayed.iter().map(Vec::len).collect();
    if deviations {
        for (g, positions) in replayed.iter_mut().enumerate() {
            let off = deviate(positions, exact, g as u64);
            positions.extend(off);
        }
    }
    if exact > 0 {
        let mut known = cache.as_deref().map(read_labels).unwrap_or_default();
        label_exactly(&mut replayed, exact, &known);
        if let Some(path) = &cache {
            for positions in &replayed {
                for &(b, label) in positions {
                    if b.empties() <= exact {
                        known.insert((b.player, b.opponent), label as i8);
                    }
                }
            }
            write_labels(path, &known);
        }
    }
    let mut games = 0usize;
    for (mut positions, line) in replayed.into_iter().zip(lines) {
        let held_out = games % 20 == 19;
        games += 1;
        if held_out {
            positions.truncate(line);
        }
        for (b, label) in positions {
            let empties = (!(b.player | b.opponent)).count_ones();
            if !(4..=40).contains(&empties) {
                continue;
            }
            let (ps, os) = (symmetries(b.player), symmetries(b.opponent));
            let out = if held_out { &mut held } else { &mut train };
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
    // The held-out squared errors and counts by empties.
    let mut by_empties = [(0f64, 0usize); 65];
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
        for s in &held[ph] {
            let e = (s.label - predict(&q, s)) as f64;
            let at = &mut by_empties[(!(s.p | s.o)).count_ones() as usize];
            at.0 += e * e;
            at.1 += 1;
        }
    }
    eprintln!("held-out error by empties (discs):");
    for (e, &(sum, n)) in by_empties.iter().enumerate().filter(|(_, &(_, n))| n > 0) {
        eprintln!("  {e:2} empties: {:.2}", (sum / n as f64).sqrt());
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

/// Positions off a game's line, for `--deviations`: from each of its
/// positions of `up_to + 1` to 5 empties, a move the game did not play
/// (chosen at random, a fixed seed a game), and from there one more
/// random move; those of `up_to` empties or fewer, to be labelled with
/// their exact scores. The search evaluates such positions, after a
/// mistake, far more often than the masters' lines.
fn deviate(line: &[(Board, i32)], up_to: u32, seed: u64) -> Vec<(Board, i32)> {
    let mut x = 0x2545_f491_4f6c_dd1du64 ^ seed.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    // One of `n` choices, at random.
    let mut random = |n: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % n as u64) as usize
    };
    let mut out = Vec::new();
    for w in line.windows(2) {
        let (b, next) = (w[0].0, w[1].0);
        if !(5..=up_to + 1).contains(&b.empties()) {
            continue;
        }
        // The positions after the moves other than the game's (whose
        // position is next, or next passed), a1 first.
        let others: Vec<Board> = b
            .legal_squares()
            .into_iter()
            .filter_map(|sq| b.play(sq))
            .filter(|&a| a != next && a.pass() != next)
            .collect();
        if others.is_empty() {
            continue;
        }
        let mut a = others[random(others.len())];
        for _ in 0..2 {
            if a.moves() == 0 {
                a = a.pass();
                if a.moves() == 0 {
                    break;
                }
            }
            if a.empties() <= up_to {
                out.push((a, 0));
            }
            let replies = a.legal_squares();
            a = a
                .play(replies[random(replies.len())])
                .expect("a legal move");
        }
    }
    out
}

/// Relabels the positions of `up_to` empties or fewer with their exact
/// scores, the games shared among the cores (one solver each, its table
/// kept through a game: a game's later positions are in its earlier
/// ones' trees).
fn label_exactly(
    games: &mut [Vec<(Board, i32)>],
    up_to: u32,
    known: &std::collections::HashMap<(u64, u64), i8>,
) {
    use rayon::prelude::*;
    use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
    let done = AtomicUsize::new(0);
    let total = games.len();
    games.par_iter_mut().for_each_init(
        || Solver::with_table_bits(20),
        |solver, positions| {
            for (b, label) in positions.iter_mut() {
                if b.empties() <= up_to {
                    *label = match known.get(&(b.player, b.opponent)) {
                        Some(&score) => i32::from(score),
                        None => solver.score(*b),
                    };
                }
            }
            let n = done.fetch_add(1, Relaxed) + 1;
            if n.is_multiple_of(2000) || n == total {
                eprintln!("exact labels: {n} of {total} games");
            }
        },
    );
}

/// The exact scores of a `--labels` file: 17-byte records, the player's
/// and the opponent's discs (little-endian) and the score. A missing file
/// is an empty cache.
fn read_labels(path: &str) -> std::collections::HashMap<(u64, u64), i8> {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Default::default(),
        Err(e) => fail(&format!("{path}: {e}")),
    };
    if bytes.len() % 17 != 0 {
        fail(&format!("{path}: not a file of 17-byte records"));
    }
    let known: std::collections::HashMap<_, _> = bytes
        .chunks_exact(17)
        .map(|r| {
            let word = |i: usize| u64::from_le_bytes(r[i..i + 8].try_into().unwrap());
            ((word(0), word(8)), r[16] as i8)
        })
        .collect();
    eprintln!("{path}: {} exact scores", known.len());
    known
}

/// Writes the exact scores, sorted (so a run gives the same file), through
/// a temporary file renamed over the old.
fn write_labels(path: &str, known: &std::collections::HashMap<(u64, u64), i8>) {
    let mut records: Vec<_> = known.iter().collect();
    records.sort_unstable();
    let mut bytes = Vec::with_capacity(records.len() * 17);
    for (&(p, o), &score) in records {
        bytes.extend(p.to_le_bytes());
        bytes.extend(o.to_le_bytes());
        bytes.push(score as u8);
    }
    let tmp = format!("{path}.tmp");
    std::fs::write(&tmp, &bytes)
        .and_then(|()| std::fs::rename(&tmp, path))
        .unwrap_or_else(|e| fail(&format!("{path}: {e}")));
    eprintln!("{path}: {} exact scores written", known.len());
}
