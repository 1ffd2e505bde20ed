//! An exact endgame solver for 8x8 Othello: the final disc difference
//! under perfect play by both sides, and the moves that reach it.
//!
//! A score is for the player to move, the empty squares left at the end
//! going to the winner (the convention of the FFO problems and of WTHOR's
//! scores): +64 is a wipe-out, 0 a draw. [`Board`] holds a position as two
//! bit sets; [`Solver`] searches it (see [`search`] for how) and counts the
//! nodes it visits.
//!
//! ```
//! use boardfile_othello::endgame::{Board, Solver};
//! // FFO #1: black to move wins by 18 with g8.
//! let b = Board::parse("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X").unwrap();
//! let mut solver = Solver::new();
//! let solved = solver.solve(b);
//! assert_eq!(solved.score, 18);
//! assert_eq!(solved.best.unwrap().to_string(), "g8");
//! assert!(solver.at_least(b, 18) && !solver.at_least(b, 19));
//! ```

pub mod eval;
pub mod search;

/// The board the solver takes: the model's ([`crate::model::board`]).
pub use crate::model::board::Board;
use crate::model::board::{bit, square};
use crate::model::position::Square;
pub use search::{Instructions, Search};

/// [`Solver::solve`] searches selectively before the exact search from
/// this many empties on.
const SELECTIVE_EMPTIES: u32 = 16;

/// A selective search tries at most this many windows.
const SELECTIVE_WINDOWS: usize = 8;

/// What [`Solver::solve`] finds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Solved {
    /// The exact score for the player to move.
    pub score: i32,
    /// A move that reaches it; `None` when the player must pass (or the
    /// game is over).
    pub best: Option<Square>,
}

impl Solved {
    /// Win, draw or loss for the player to move.
    pub fn outcome(&self) -> std::cmp::Ordering {
        self.score.cmp(&0)
    }
}

/// The exact solver: a [`Search`] (its transposition table, its node
/// count). One a thread; a table kept between positions of one game
/// helps.
#[derive(Default)]
pub struct Solver {
    search: Search,
}

impl Solver {
    /// A solver with the default table (2^22 entries, 128 MiB).
    pub fn new() -> Solver {
        Solver::default()
    }

    /// A solver with a table of 2^`bits` entries (32 bytes each).
    pub fn with_table_bits(bits: u32) -> Solver {
        Solver {
            search: Search::new(bits),
        }
    }

    /// This solver, searching with the code compiled for `most` at most
    /// rather than the fastest for the processor's own instructions: the
    /// same scores, for tests and comparisons.
    pub fn instructions(self, most: Instructions) -> Solver {
        Solver {
            search: self.search.instructions(most),
        }
    }

    /// This solver, splitting each position's search over the threads of
    /// the rayon pool it runs in (young brothers wait: a node's first move
    /// alone, the rest in parallel). The scores and best moves are those
    /// of one thread; the node counts are not.
    pub fn splitting(self, on: bool) -> Solver {
        Solver {
            search: self.search.splitting(on),
        }
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.search.nodes
    }

    /// Forgets the table.
    pub fn clear(&mut self) {
        self.search.clear();
    }

    /// The exact score and a best move, by windows of one score around a
    /// guess (MTD(f)). Scores are even (empties go to the winner), so the
    /// window (g - 1, g + 1) asks whether the score is g; a score outside
    /// it comes back as a bound past g (fail-soft), the next guess, and the
    /// table keeps what each window proved for the next. The first guess
    /// is a shallow search with the evaluation. From `SELECTIVE_EMPTIES`
    /// on, selective searches ([`search`]) come first, each from the last
    /// one's score: they leave their best moves in the table, and the exact
    /// search, which trusts none of their bounds, starts from their guess.
    pub fn solve(&mut self, b: Board) -> Solved {
        // With the selective searches (at 1 and 2 standard deviations,
        // probcut from 10 empties), one thread, the same run: FFO
        // #40-#49 44.1 s -> 31.0 s (1,078 M -> 682 M nodes, the shallow
        // searches of probcut and of the sort not counted), #20-#39
        // 5.63 s -> 4.31 s, `games` 36.3 s -> 33.4 s. Levels 1, 1.5 and 2:
        // 30.7 s on #40-#49, 34.2 s on games; one level at 1.5: 32.9 s.
        // Sorting by shallow searches from 13 empties rather than 11 then
        // took 0.95x the time but 1.16x the nodes (within the runs'
        // spread of about 4 %), and is not done.
        //
        // Before them, one thread, the same run; FFO #40-#49, #20-#39 and
        // `scripts/bench-endgame.sh games`:
        // - so: 51.0 s, 6.03 s, 42.5 s;
        // - before, a null window at 0 (win or loss) and then a principal
        //   variation search over that side's whole window: 74.2 s,
        //   5.71 s, 44.7 s;
        // - the window at 0 first, then from the guess: 54.8 s, 5.67 s,
        //   43.9 s (draws, as #36, gain; the rest lose);
        // - the known score as the only window: 43.8 s on #40-#49.
        // Narrowing by halving with null windows searched more nodes than
        // the win-or-loss way (FFO #36-#42: 180 M against 161 M).
        let mut g = self.search.estimate(b.player, b.opponent);
        // The selective searches' windows are bounded: the cuts taken on
        // trust can make their bounds disagree.
        self.selectively(b, |s| g = s.windows(b, g, SELECTIVE_WINDOWS).score);
        self.solve_from(b, g)
    }

    /// Runs `search` once at each selectivity, least sure first, when `b`
    /// is far enough from the end; the solver is exact again after.
    fn selectively(&mut self, b: Board, mut search: impl FnMut(&mut Solver)) {
        if b.empties() >= SELECTIVE_EMPTIES {
            for sel in 0..search::EXACT {
                self.search.set_selectivity(sel);
                search(self);
            }
            self.search.set_selectivity(search::EXACT);
        }
    }

    /// [`Solver::solve`] from the guess `g` (even).
    fn solve_from(&mut self, b: Board, g: i32) -> Solved {
        self.windows(b, g, usize::MAX)
    }

    /// Windows of one score from the guess `g`, at most `rounds`: the
    /// score when one holds it (exact searches always reach one), else the
    /// last guess with no move.
    fn windows(&mut self, b: Board, mut g: i32, rounds: usize) -> Solved {
        for _ in 0..rounds {
            let (s, best) = self.search.root(b.player, b.opponent, g - 1, g + 1);
            if s == g {
                return Solved {
                    score: s,
                    best: best.map(square),
                };
            }
            // After a bound the score lies past it, so the guesses move one
            // way only; bounds are rounded to the even scores they allow.
            g = if s > g { s + (s & 1) } else { s - (s & 1) };
        }
        Solved {
            score: g.clamp(-64, 64),
            best: None,
        }
    }

    /// The exact score (as [`Solver::solve`] finds it).
    ///
    /// ```
    /// use boardfile_othello::endgame::{Board, Solver};
    /// // a1 empty, h8 Black, the rest White: a1 flips the long diagonal.
    /// let (b, _) = Board::parse_with_color(&format!("-{} X", "O".repeat(62) + "X")).unwrap();
    /// assert_eq!(Solver::new().score(b), 8 - 56);
    /// ```
    pub fn score(&mut self, b: Board) -> i32 {
        self.solve(b).score
    }

    /// True when the score is at least `v`: one null-window search.
    pub fn at_least(&mut self, b: Board, v: i32) -> bool {
        if v <= -64 {
            return true;
        }
        if v > 64 {
            return false;
        }
        self.search.window(b.player, b.opponent, v - 1, v) >= v
    }

    /// Proves or refutes `score == v` with the window (v - 1, v + 1), the
    /// narrowest that holds `v` (scores are whole numbers): cheaper than a
    /// full solve, about one null window. `Ok(())` when it holds;
    /// `Err(Less)` when the score is below `v`, `Err(Greater)` above.
    pub fn verify(&mut self, b: Board, v: i32) -> Result<(), std::cmp::Ordering> {
        if v < -64 {
            return Err(std::cmp::Ordering::Greater);
        }
        if v > 64 {
            return Err(std::cmp::Ordering::Less);
        }
        // The same window selectively first, for the moves it leaves.
        self.selectively(b, |s| {
            s.search.window(b.player, b.opponent, v - 1, v + 1);
        });
        let s = self.search.window(b.player, b.opponent, v - 1, v + 1);
        match s.cmp(&v) {
            std::cmp::Ordering::Equal => Ok(()),
            other => Err(other),
        }
    }

    /// Every legal move with its exact score, best first (ties in square
    /// order, a1 first). Empty when the player must pass or the game is
    /// over.
    ///
    /// ```
    /// use boardfile_othello::endgame::{Board, Solver};
    /// // a1 empty, h8 Black, the rest White; Black to move. a1 flips the
    /// // six White discs of the long diagonal: 8 Black to 56 White.
    /// let (b, _) = Board::parse_with_color(&format!("-{} X", "O".repeat(62) + "X")).unwrap();
    /// let scores = Solver::new().score_moves(b);
    /// assert_eq!(scores.len(), 1);
    /// assert_eq!(scores[0].1, 8 - 56);
    /// ```
    pub fn score_moves(&mut self, b: Board) -> Vec<(Square, i32)> {
        let mut out: Vec<(Square, i32)> = b
            .legal_squares()
            .into_iter()
            .filter_map(|sq| {
                let next = b.play(sq)?;
                Some((sq, -self.score(next)))
            })
            .collect();
        out.sort_by(|a, b| b.1.cmp(&a.1).then(bit(a.0).cmp(&bit(b.0))));
        out
    }
}

#[cfg(test)]
mod tests;
