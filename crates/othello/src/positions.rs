//! Endgame positions (OBF) solved by the endgame solver
//! ([`crate::endgame`]): every legal move of each position scored exactly,
//! or (as the FFO tests are run) its best move and exact score only;
//! positions in parallel.

use crate::endgame::Solver;
use crate::formats::obf::{self, ObfLine, ObfMove, ObfPosition};
use boardfile_io::Error;

/// What a position's solve finds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Scoring {
    /// Every legal move's exact score (what a player studying the
    /// position wants; one exact search a move).
    #[default]
    Every,
    /// A best move and the position's exact score: what the FFO tests
    /// time, and what "the best move here" asks. One search.
    Best,
}

impl ObfPosition {
    /// Solves the position: every legal move with its exact score, best
    /// first (or, with [`Scoring::Best`], one best move and its score);
    /// `PS` and the score when the player must pass; the score alone when
    /// the game is over.
    pub fn solve(&mut self, solver: &mut Solver, scoring: Scoring) {
        self.moves.clear();
        self.score = None;
        let b = self.board;
        if b.moves() != 0 {
            self.moves = match scoring {
                Scoring::Every => solver
                    .score_moves(b)
                    .into_iter()
                    .map(|(m, v)| (ObfMove::Square(m), Some(v)))
                    .collect(),
                Scoring::Best => {
                    let solved = solver.solve(b);
                    let best = solved.best.expect("a position with moves has a best one");
                    vec![(ObfMove::Square(best), Some(solved.score))]
                }
            };
        } else if b.pass().moves() != 0 {
            self.moves = vec![(ObfMove::Pass, Some(solver.score(b)))];
        } else {
            self.score = Some(b.final_score());
        }
    }
}

/// Solves every position of `lines` (see [`ObfPosition::solve`]) on
/// `jobs` threads (0: one a core), each thread taking the next position
/// with a solver of its own; with more than one, a thread with no position
/// left helps split another's search ([`Solver::splitting`]), and only
/// that: it never starts a position while it waits on a split. `done` is
/// called with the count of positions solved as each one ends.
pub fn solve_all(
    lines: &mut [ObfLine],
    jobs: usize,
    scoring: Scoring,
    done: &(dyn Fn(usize) + Sync),
) {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;
    let positions: Vec<Mutex<&mut ObfPosition>> = lines
        .iter_mut()
        .filter_map(|l| match l {
            ObfLine::Position(p) => Some(Mutex::new(p)),
            ObfLine::Other(_) => None,
        })
        .collect();
    if positions.is_empty() {
        return;
    }
    let (next, count) = (AtomicUsize::new(0), AtomicUsize::new(0));
    // One loop a thread, over positions taken in turn: a thread waiting on
    // a split finds only split work to help with.
    let work = |_: rayon::BroadcastContext<'_>| {
        let mut solver: Option<Solver> = None;
        while let Some(cell) = positions.get(next.fetch_add(1, Ordering::Relaxed)) {
            let solver = match solver.as_mut() {
                Some(s) => {
                    s.clear();
                    s
                }
                None => solver.insert(Solver::new().splitting(jobs != 1)),
            };
            let mut p = cell.lock().unwrap_or_else(|e| e.into_inner());
            p.solve(solver, scoring);
            done(count.fetch_add(1, Ordering::Relaxed) + 1);
        }
    };
    // A thread waiting on a split runs others' split work on top of its
    // own search: room for a few such searches on one stack.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .stack_size(16 << 20)
        .build();
    match pool {
        Ok(pool) => {
            pool.broadcast(work);
        }
        Err(_) => {
            rayon::broadcast(work);
        }
    }
}

/// Solves an OBF file: every position's moves scored, or its best move
/// (see [`solve_all`]), the file written back in OBF with its comments. `done`
/// hears the positions solved and how many there are: `(0, total)` before
/// the first is solved, then as each one ends.
///
/// ```
/// let file = b"XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOOOOOO-- X;\n";
/// use boardfile_othello::positions::{solve_file, Scoring};
/// let solved = solve_file(file, 1, Scoring::Every, &|_, _| {}).unwrap();
/// assert!(String::from_utf8(solved).unwrap().ends_with("X; +52;\n"));
/// // FFO #1: black's best move g8 wins by 18.
/// let ffo1 = b"--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X;\n";
/// let best = solve_file(ffo1, 1, Scoring::Best, &|_, _| {}).unwrap();
/// assert!(String::from_utf8(best).unwrap().ends_with("X; G8:+18;\n"));
/// ```
pub fn solve_file(
    bytes: &[u8],
    jobs: usize,
    scoring: Scoring,
    done: &(dyn Fn(usize, usize) + Sync),
) -> Result<Vec<u8>, Error> {
    let mut lines = obf::read(bytes)?;
    let total = lines
        .iter()
        .filter(|l| matches!(l, ObfLine::Position(_)))
        .count();
    done(0, total);
    solve_all(&mut lines, jobs, scoring, &|n| done(n, total));
    let mut out = Vec::new();
    obf::write(&lines, &mut out);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::obf::{format_position, read};

    #[test]
    fn pass_and_finished_lines() {
        // Edax's forms: `PS:score` for a pass, the score alone when over.
        let pass = format!("{}XXXXXXO- O; PS:-64;", "X".repeat(56));
        let over = format!("{}OOOOOO-- X; +52;", "X".repeat(56));
        let lines = read(format!("{pass}\n{over}\n").as_bytes()).unwrap();
        let mut solver = Solver::new();
        for (line, text) in lines.iter().zip([&pass, &over]) {
            let ObfLine::Position(p) = line else { panic!() };
            let mut solved = p.clone();
            solved.solve(&mut solver, Scoring::Every);
            assert_eq!(&solved, p);
            assert_eq!(&format_position(&solved), text);
        }
    }
}
