//! Theoretical scores, computed: Black's discs after perfect play from the
//! position of a game with P3 empty squares (the header's depth: 24 in
//! every real WTHOR file, 0 meaning 22), empties to the winner, as WTHOR
//! stores them. They are solved by the endgame solver ([`crate::endgame`]),
//! never copied from the actual score.
//!
//! The rules:
//! - a game over before it reaches P3 empties (no move for either player):
//!   its actual final score;
//! - the position with P3 empties is solved whoever is to move; a player
//!   who must pass there passes (the solver plays passes);
//! - a game whose moves stop before P3 empties while a player can still
//!   move (truncated): no theoretical score; a writer refuses it, or
//!   leaves it out when told to skip bad games;
//! - a move that is not legal before P3 empties: none either;
//! - 10x10 games (WTD): none; the solver is for 8x8;
//! - a depth past [`MAX_DEPTH`] empties (a broken header's P3): none; a
//!   solve from there would not end in any time a user would wait.

use crate::endgame::Solver;
use crate::model::board::Board;
use crate::model::game::Game;
use crate::model::game_file::GameFile;
use crate::model::names::NameBook;
use crate::model::position::{BoardSize, Color, Position};
use std::fmt;

/// The most empties a theoretical score is solved from: the deepest FFO
/// problems (#55-#59, 27 to 34 empties) take minutes each, and each empty
/// more about three times as long. Real WTHOR files solve from 24.
pub const MAX_DEPTH: u32 = 34;

/// Why a game has no theoretical score.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoScore {
    /// The moves stop with more empties than the depth, the game not over.
    Truncated {
        /// Empty squares where the moves stop.
        empties: u32,
        /// The depth asked.
        depth: u32,
    },
    /// A move before the depth is not legal.
    Illegal(String),
    /// A 10x10 game.
    TenByTen,
    /// The position at the depth has more than [`MAX_DEPTH`] empties.
    TooDeep {
        /// Empty squares at the depth.
        empties: u32,
    },
}

impl fmt::Display for NoScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoScore::Truncated { empties, depth } => write!(
                f,
                "no theoretical score: the moves stop with {empties} empty squares, before the {depth} of the theoretical score, and the game is not over"
            ),
            NoScore::Illegal(m) => write!(f, "no theoretical score: {m}"),
            NoScore::TenByTen => write!(
                f,
                "no theoretical score: 10x10 games cannot be solved here (the solver is for 8x8)"
            ),
            NoScore::TooDeep { empties } => write!(
                f,
                "no theoretical score: the header's depth (P3) puts it at {empties} empty squares, and boardfile solves from {MAX_DEPTH} at most (real files use 24)"
            ),
        }
    }
}

/// The position of a game with `depth` empties, or how the game ended
/// before it.
enum AtDepth {
    Position(Position),
    Over(u8),
}

fn at_depth(game: &Game, depth: u32) -> Result<AtDepth, NoScore> {
    if game.size != BoardSize::Eight {
        return Err(NoScore::TenByTen);
    }
    let mut p = Position::start(BoardSize::Eight);
    for (i, &m) in game.moves.iter().enumerate() {
        if p.empties() <= depth {
            break;
        }
        p.play(m)
            .map_err(|e| NoScore::Illegal(format!("move {} {m} is not legal ({e:?})", i + 1)))?;
    }
    if p.empties() <= depth {
        if p.empties() > MAX_DEPTH {
            // Over there, it needs no solve.
            if p.is_over() {
                return Ok(AtDepth::Over(p.final_black_score()));
            }
            return Err(NoScore::TooDeep {
                empties: p.empties(),
            });
        }
        return Ok(AtDepth::Position(p));
    }
    if p.is_over() {
        return Ok(AtDepth::Over(p.final_black_score()));
    }
    Err(NoScore::Truncated {
        empties: p.empties(),
        depth,
    })
}

/// What a game's theoretical score takes: nothing more than its moves (a
/// game over before the depth), or a position solved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plan {
    /// Over before the depth: Black's discs at the end.
    Over(u8),
    /// The position at the depth, to solve.
    Solve(Solve),
    /// No stored score to check (a JSON Lines game without one, a WTHOR
    /// byte of 255): nothing to solve.
    Unstored,
}

/// A game's position at the depth, to solve for its theoretical score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Solve {
    /// The position, for the player to move.
    pub board: Board,
    /// Who is to move.
    pub to_move: Color,
    /// A score for the player to move to prove with the narrowest window
    /// around it (cheaper than solving), solving only when it is refuted;
    /// `None`: solve with a full window.
    pub prove: Option<i32>,
}

impl Solve {
    /// The exact score for the player to move: `prove` when proven, else
    /// as a full-window solve finds it.
    pub fn run(&self, solver: &mut Solver) -> i32 {
        if let Some(v) = self.prove {
            if solver.verify(self.board, v).is_ok() {
                return v;
            }
        }
        solver.score(self.board)
    }

    /// Black's discs, empties to the winner, when the player to move
    /// scores `score` (their discs less the other's): they sum to 64.
    pub fn black_discs(&self, score: i32) -> u8 {
        let black = match self.to_move {
            Color::Black => score,
            Color::White => -score,
        };
        ((64 + black.clamp(-64, 64)) / 2) as u8
    }
}

/// What `game`'s theoretical score at `depth` empties takes; `prove`: its
/// stored score, to be proven rather than solved (when it is one a game
/// can have).
pub fn plan(game: &Game, depth: u32, prove: bool) -> Result<Plan, NoScore> {
    match at_depth(game, depth)? {
        AtDepth::Over(s) => Ok(Plan::Over(s)),
        AtDepth::Position(p) => {
            let board = Board::from_position(&p).ok_or(NoScore::TenByTen)?;
            let to_move = p.to_move();
            // The stored black discs as a difference for the player to move.
            let diff = 2 * i32::from(game.theoretical) - 64;
            let v = match to_move {
                Color::Black => diff,
                Color::White => -diff,
            };
            Ok(Plan::Solve(Solve {
                board,
                to_move,
                prove: (prove && (-64..=64).contains(&v)).then_some(v),
            }))
        }
    }
}

/// Whether a game can get a theoretical score at `depth` empties (its
/// moves replayed, nothing solved), or why not.
pub fn solvable(game: &Game, depth: u32) -> Result<(), NoScore> {
    at_depth(game, depth).map(|_| ())
}

/// A game the solver could not give a theoretical score.
#[derive(Debug, Clone)]
pub struct Unsolved {
    /// Its index in the file, from 0.
    pub index: usize,
    /// Why.
    pub why: NoScore,
}

/// Solves the theoretical score of every game of `file` that has none, at
/// the header's depth, on `jobs` threads (0: one a core); `done` is told
/// how many of the positions to solve are finished (see [`solve_all`]).
/// Returns the games left without.
pub fn fill(
    file: &mut GameFile,
    jobs: usize,
    done: &(dyn Fn(usize, usize) + Sync),
) -> Vec<Unsolved> {
    let depth = u32::from(file.header.depth());
    let mut unsolved = Vec::new();
    let mut over = Vec::new();
    let (mut at, mut solves) = (Vec::new(), Vec::new());
    for (i, g) in file.games.iter().enumerate() {
        if g.theoretical_known() {
            continue;
        }
        match plan(g, depth, false) {
            Ok(Plan::Over(s)) => over.push((i, s)),
            Ok(Plan::Solve(x)) => {
                at.push(i);
                solves.push(x);
            }
            // `plans` gives it (for a game without a stored score), never
            // `plan`.
            Ok(Plan::Unstored) => unreachable!("plan() never gives Plan::Unstored"),
            Err(why) => unsolved.push(Unsolved { index: i, why }),
        }
    }
    for (i, s) in over {
        file.games[i].theoretical = s;
    }
    let scores = solve_all(&solves, jobs, done);
    for ((i, x), score) in at.into_iter().zip(&solves).zip(scores) {
        file.games[i].theoretical = x.black_discs(score);
    }
    unsolved
}

/// A stored theoretical score found wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wrong {
    /// The game's index in the file, from 0.
    pub index: usize,
    /// What the file stores.
    pub stored: u8,
    /// What a full-window solve gives.
    pub solved: u8,
}

/// What checking a file's theoretical scores found.
#[derive(Debug, Default)]
pub struct Checked {
    /// Stored scores proven right.
    pub confirmed: usize,
    /// Stored scores proven wrong, with the solved ones.
    pub wrong: Vec<Wrong>,
    /// Games that cannot be solved, and why.
    pub unsolved: Vec<Unsolved>,
    /// Games with no stored score, not checked.
    pub unstored: usize,
}

impl Checked {
    /// `N theoretical scores confirmed, M wrong[, K not solvable][, J
    /// games without one]`.
    pub fn note(&self) -> String {
        note(
            self.confirmed,
            self.wrong.len(),
            self.unsolved.len(),
            self.unstored,
        )
    }

    /// A line for each wrong score: year, game (from 1), players (the
    /// game's own names, else `book`'s, else their numbers), stored and
    /// solved.
    pub fn wrong_lines(&self, file: &GameFile, book: &NameBook) -> Vec<String> {
        self.wrong
            .iter()
            .map(|w| {
                let g = &file.games[w.index];
                let [_, black, white] = crate::model::names::known_names(g, book);
                let name = |n: Option<&str>, i: u16| n.map_or(format!("#{i}"), str::to_string);
                format!(
                    "{} game {} ({} - {}): theoretical score stored {}, solved {}",
                    crate::model::game_file::year_of(g, file),
                    w.index + 1,
                    name(black, g.black),
                    name(white, g.white),
                    w.stored,
                    w.solved
                )
            })
            .collect()
    }

    /// A line for each game that cannot be solved: the game (from 1) and why.
    pub fn unsolved_lines(&self) -> Vec<String> {
        self.unsolved
            .iter()
            .map(|u| format!("game {}: {}", u.index + 1, u.why))
            .collect()
    }
}

/// [`Checked::note`] from the counts (totals of several files).
pub fn note(confirmed: usize, wrong: usize, unsolved: usize, unstored: usize) -> String {
    let mut note = format!("{confirmed} theoretical scores confirmed, {wrong} wrong");
    if unsolved > 0 {
        note += &format!(", {unsolved} not solvable");
    }
    if unstored > 0 {
        let s = if unstored == 1 { "" } else { "s" };
        note += &format!(", {unstored} game{s} without one");
    }
    note
}

/// What checking each game of `file` takes, at the header's depth: its
/// stored score proven (`full`: solved with a full window instead), a
/// game with none left alone ([`Plan::Unstored`]). [`check`] runs them
/// here; a cluster can run the solves elsewhere and bring their scores
/// back to [`checked`].
pub fn plans(file: &GameFile, full: bool) -> Vec<Result<Plan, NoScore>> {
    let depth = u32::from(file.header.depth());
    file.games
        .iter()
        .map(|g| {
            if g.theoretical_known() {
                plan(g, depth, !full)
            } else {
                Ok(Plan::Unstored)
            }
        })
        .collect()
}

/// The scores of `solves`, for the player to move, in order, on `jobs`
/// threads (0: one a core); `done` is told how many are finished.
/// A position that comes more than once with the same score to prove (a
/// game entered twice, or two that transpose) is solved once: `done`
/// counts the distinct ones.
pub fn solve_all(solves: &[Solve], jobs: usize, done: &(dyn Fn(usize, usize) + Sync)) -> Vec<i32> {
    let mut first = std::collections::HashMap::new();
    let mut distinct = Vec::new();
    let at: Vec<usize> = solves
        .iter()
        .map(|x| {
            *first.entry((x.board, x.prove)).or_insert_with(|| {
                distinct.push(*x);
                distinct.len() - 1
            })
        })
        .collect();
    let scores = par_solve(&distinct, jobs, done, |solver, x| x.run(solver));
    at.into_iter().map(|i| scores[i]).collect()
}

/// What the checks of `file`'s games found, from their [`plans`] and, for
/// each game to solve, its score for the player to move (`scores`, by
/// game). `None` when a game to solve has no score.
pub fn checked(
    file: &GameFile,
    plans: &[Result<Plan, NoScore>],
    scores: &[Option<i32>],
) -> Option<Checked> {
    let mut out = Checked::default();
    for (i, p) in plans.iter().enumerate() {
        let s = match p {
            Ok(Plan::Over(s)) => *s,
            Ok(Plan::Solve(x)) => x.black_discs((*scores.get(i)?)?),
            Ok(Plan::Unstored) => {
                out.unstored += 1;
                continue;
            }
            Err(why) => {
                out.unsolved.push(Unsolved {
                    index: i,
                    why: why.clone(),
                });
                continue;
            }
        };
        let stored = file.games[i].theoretical;
        if s == stored {
            out.confirmed += 1;
        } else {
            out.wrong.push(Wrong {
                index: i,
                stored,
                solved: s,
            });
        }
    }
    Some(out)
}

/// Checks every game's stored theoretical score at the header's depth:
/// the narrowest window around the stored value proves or refutes it (`full`: a
/// full-window solve of every game instead); a wrong one is solved with a
/// full window; a game with no stored score is counted, not solved. On
/// `jobs` threads (0: one a core); `done` is told how many of the
/// positions to solve are finished (see [`solve_all`]).
pub fn check(
    file: &GameFile,
    jobs: usize,
    full: bool,
    done: &(dyn Fn(usize, usize) + Sync),
) -> Checked {
    let plans = plans(file, full);
    let (at, solves): (Vec<usize>, Vec<Solve>) = plans
        .iter()
        .enumerate()
        .filter_map(|(i, p)| match p {
            Ok(Plan::Solve(x)) => Some((i, *x)),
            _ => None,
        })
        .unzip();
    let mut scores = vec![None; plans.len()];
    for (i, s) in at.into_iter().zip(solve_all(&solves, jobs, done)) {
        scores[i] = Some(s);
    }
    checked(file, &plans, &scores).unwrap_or_default()
}

/// Runs `f` on every item on `jobs` threads (0: one a core), in item
/// order; `done` is told how many are finished. Each thread makes one
/// solver, the first time it needs one, and clears its table between
/// items: a solver's table is 128 MiB, too much to make for each game.
fn par_solve<T: Sync, R: Send>(
    items: &[T],
    jobs: usize,
    done: &(dyn Fn(usize, usize) + Sync),
    f: impl Fn(&mut Solver, &T) -> R + Sync,
) -> Vec<R> {
    use rayon::prelude::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;
    if items.is_empty() {
        return Vec::new();
    }
    let total = items.len();
    let count = AtomicUsize::new(0);
    on_threads(jobs, || {
        // A solver a thread of the pool, by its index: never contended.
        let solvers: Vec<Mutex<Option<Solver>>> = (0..rayon::current_num_threads())
            .map(|_| Mutex::new(None))
            .collect();
        items
            .par_iter()
            .with_max_len(1)
            .map(|item| {
                let slot = rayon::current_thread_index().unwrap_or(0) % solvers.len();
                let mut guard = solvers[slot].lock().unwrap_or_else(|e| e.into_inner());
                let solver = match guard.as_mut() {
                    Some(s) => {
                        s.clear();
                        s
                    }
                    None => guard.insert(Solver::new()),
                };
                let r = f(solver, item);
                done(count.fetch_add(1, Ordering::Relaxed) + 1, total);
                r
            })
            .collect()
    })
}

/// Runs `work` on a pool of `jobs` threads (0: one a core), or on the
/// global pool when one cannot be made.
fn on_threads<T: Send>(jobs: usize, work: impl FnOnce() -> T + Send) -> T {
    match rayon::ThreadPoolBuilder::new().num_threads(jobs).build() {
        Ok(pool) => pool.install(work),
        Err(_) => work(),
    }
}
