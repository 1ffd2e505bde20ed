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

pub mod bitboard;
pub mod eval;
pub mod search;

use crate::position::{BoardSize, Color, Position, Square};
pub use search::Search;

/// A position for the solver: the discs of the player to move and of the
/// opponent, bit `row * 8 + col` (a1 = 0, h8 = 63).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    /// The player to move.
    pub player: u64,
    /// The other player.
    pub opponent: u64,
}

fn square(bit: u32) -> Square {
    Square {
        col: (bit % 8) as u8,
        row: (bit / 8) as u8,
    }
}

fn bit(sq: Square) -> u32 {
    sq.row as u32 * 8 + sq.col as u32
}

impl Board {
    /// The board of a position on 8x8; `None` on 10x10.
    pub fn from_position(pos: &Position) -> Option<Board> {
        (pos.size() == BoardSize::Eight).then(|| Board {
            player: pos.discs(pos.to_move()) as u64,
            opponent: pos.discs(pos.to_move().other()) as u64,
        })
    }

    /// The position, `to_move` being the player to move's color.
    pub fn to_position(self, to_move: Color) -> Position {
        let (black, white) = match to_move {
            Color::Black => (self.player, self.opponent),
            Color::White => (self.opponent, self.player),
        };
        // Disjoint 64-bit sets always make an 8x8 position.
        Position::from_discs(BoardSize::Eight, black as u128, white as u128, to_move)
            .unwrap_or_else(|| Position::start(BoardSize::Eight))
    }

    /// Reads the FFO/OBF board: 64 squares a1..h8 (`X` black, `O` white,
    /// `-` or `.` empty), blanks allowed, then the side to move (`X`/`B`
    /// black, `O`/`W` white). Returns the board and who is to move.
    pub fn parse_with_color(text: &str) -> Result<(Board, Color), String> {
        let mut black = 0u64;
        let mut white = 0u64;
        let mut n = 0u32;
        let mut chars = text.chars().filter(|c| !c.is_whitespace());
        for c in chars.by_ref() {
            match c {
                'X' | 'x' | '*' => black |= 1 << n,
                'O' | 'o' => white |= 1 << n,
                '-' | '.' => {}
                other => return Err(format!("square {} is {other:?}, not X, O or -", n + 1)),
            }
            n += 1;
            if n == 64 {
                break;
            }
        }
        if n < 64 {
            return Err(format!("{n} squares, not 64"));
        }
        let to_move = match chars.next() {
            Some('X' | 'x' | 'B' | 'b' | '*') => Color::Black,
            Some('O' | 'o' | 'W' | 'w') => Color::White,
            Some(c) => return Err(format!("side to move {c:?}, not X or O")),
            None => return Err("no side to move after the 64 squares".into()),
        };
        if let Some(c) = chars.next() {
            return Err(format!("{c:?} after the side to move"));
        }
        let (player, opponent) = match to_move {
            Color::Black => (black, white),
            Color::White => (white, black),
        };
        Ok((Board { player, opponent }, to_move))
    }

    /// [`parse_with_color`](Board::parse_with_color), the color dropped.
    pub fn parse(text: &str) -> Result<Board, String> {
        Board::parse_with_color(text).map(|(b, _)| b)
    }

    /// The board as OBF writes it: 64 squares and the side to move.
    ///
    /// ```
    /// use boardfile_othello::endgame::Board;
    /// let text = format!("{}X{}O{} X", "-".repeat(27), "O", "-".repeat(34));
    /// let (board, to_move) = Board::parse_with_color(&text).unwrap();
    /// let obf = board.to_obf(to_move);
    /// assert_eq!(Board::parse_with_color(&obf).unwrap(), (board, to_move), "{obf}");
    /// ```
    pub fn to_obf(self, to_move: Color) -> String {
        let (black, white) = match to_move {
            Color::Black => (self.player, self.opponent),
            Color::White => (self.opponent, self.player),
        };
        let mut s = String::with_capacity(66);
        for i in 0..64 {
            s.push(if black >> i & 1 == 1 {
                'X'
            } else if white >> i & 1 == 1 {
                'O'
            } else {
                '-'
            });
        }
        s.push(' ');
        s.push(match to_move {
            Color::Black => 'X',
            Color::White => 'O',
        });
        s
    }

    /// Empty squares.
    pub fn empties(self) -> u32 {
        64 - (self.player | self.opponent).count_ones()
    }

    /// The legal moves of the player to move, as a bit set.
    pub fn moves(self) -> u64 {
        bitboard::moves(self.player, self.opponent)
    }

    /// The legal moves, a1 first.
    pub fn legal_squares(self) -> Vec<Square> {
        let mut m = self.moves();
        let mut out = Vec::with_capacity(m.count_ones() as usize);
        while m != 0 {
            out.push(square(m.trailing_zeros()));
            m &= m - 1;
        }
        out
    }

    /// Plays a move of the player to move; `None` when it is not legal.
    /// The opponent is then to move (a pass is [`pass`](Board::pass)).
    pub fn play(self, sq: Square) -> Option<Board> {
        if sq.col >= 8 || sq.row >= 8 {
            return None;
        }
        let x = bit(sq);
        if (self.player | self.opponent) >> x & 1 == 1 {
            return None;
        }
        let f = bitboard::flips(self.player, self.opponent, x);
        (f != 0).then(|| Board {
            player: self.opponent ^ f,
            opponent: self.player | f | (1 << x),
        })
    }

    /// The same discs, the other player to move.
    pub fn pass(self) -> Board {
        Board {
            player: self.opponent,
            opponent: self.player,
        }
    }

    /// True when neither player can move.
    pub fn is_over(self) -> bool {
        self.moves() == 0 && self.pass().moves() == 0
    }

    /// The score of a finished game for the player to move: disc
    /// difference, empties to the winner.
    pub fn final_score(self) -> i32 {
        bitboard::final_score(self.player, self.opponent)
    }
}

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

    /// This solver, searching with the code compiled for any processor of
    /// the target rather than the faster code for the processor's own
    /// instructions (x86-64-v3) when it has them: the same scores, for
    /// tests and comparisons.
    pub fn portable(self) -> Solver {
        Solver {
            search: self.search.portable(),
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
    /// is a shallow search with the evaluation.
    pub fn solve(&mut self, b: Board) -> Solved {
        // One thread, the same run; FFO #40-#49, #20-#39 and
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
        let g = self.search.estimate(b.player, b.opponent);
        self.solve_from(b, g)
    }

    /// [`Solver::solve`] from the guess `g` (even).
    fn solve_from(&mut self, b: Board, mut g: i32) -> Solved {
        loop {
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
