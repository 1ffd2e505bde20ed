//! Board positions and the rules: legal moves, flips and passes, on 8x8 and
//! 10x10 boards.
//!
//! A position is two bit sets (black, white) in a `u128`: square (column c,
//! row r), both from 0, is bit `r * size + c`. The 10x10 board needs 100
//! bits; one representation serves both sizes.

use std::fmt;

/// The two board sizes WTHOR knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BoardSize {
    /// The standard 8x8 board (WTB files).
    Eight,
    /// The 10x10 board (WTD files).
    Ten,
}

impl BoardSize {
    /// Squares on a side: 8 or 10.
    pub const fn side(self) -> u8 {
        match self {
            BoardSize::Eight => 8,
            BoardSize::Ten => 10,
        }
    }

    /// Squares on the board.
    pub const fn squares(self) -> u8 {
        self.side() * self.side()
    }

    /// The number of moves a full game has: every square but the four
    /// centre ones.
    pub const fn max_moves(self) -> usize {
        self.squares() as usize - 4
    }
}

/// A player: the one to move, or the owner of a disc.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Color {
    /// Black, who moves first.
    Black,
    /// White.
    White,
}

impl Color {
    /// The other player.
    pub fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
}

/// A square: column and row from 0 (a1 is (0, 0)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// Column from 0 (`a`).
    pub col: u8,
    /// Row from 0 (row `1`).
    pub row: u8,
}

impl Square {
    /// The square of a WTHOR move byte: `col + 10 * row` from 1 on 8x8
    /// (a1 = 11, h8 = 88), `col + 12 * row` on 10x10 (a1 = 13, j10 = 130).
    pub fn from_wthor(byte: u8, size: BoardSize) -> Option<Square> {
        let (base, side) = match size {
            BoardSize::Eight => (10, 8),
            BoardSize::Ten => (12, 10),
        };
        let (row, col) = (byte / base, byte % base);
        ((1..=side).contains(&row) && (1..=side).contains(&col)).then(|| Square {
            col: col - 1,
            row: row - 1,
        })
    }

    /// The WTHOR move byte of the square.
    pub fn to_wthor(self, size: BoardSize) -> u8 {
        let base = match size {
            BoardSize::Eight => 10,
            BoardSize::Ten => 12,
        };
        (self.col + 1) + base * (self.row + 1)
    }

    /// Reads `f5` (either case; rows up to 10 for `j10`).
    ///
    /// ```
    /// use boardfile_othello::{BoardSize, Square};
    /// let d3 = Square::parse("d3", BoardSize::Eight).unwrap();
    /// assert_eq!(Square::parse("D3", BoardSize::Eight), Some(d3));
    /// assert_eq!(Square::parse("j10", BoardSize::Eight), None);
    /// assert!(Square::parse("j10", BoardSize::Ten).is_some());
    /// ```
    pub fn parse(text: &str, size: BoardSize) -> Option<Square> {
        let b = text.as_bytes();
        let col = b.first()?.to_ascii_lowercase().checked_sub(b'a')?;
        let row: u8 = text.get(1..)?.parse().ok()?;
        (col < size.side() && (1..=size.side()).contains(&row))
            .then(|| Square { col, row: row - 1 })
    }

    fn bit(self, side: u8) -> u128 {
        1u128 << (self.row as u32 * side as u32 + self.col as u32)
    }
}

impl fmt::Display for Square {
    /// `f5`, lower case, as WTHOR transcripts write it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col) as char, self.row + 1)
    }
}

/// A position: the discs and who is to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    size: BoardSize,
    black: u128,
    white: u128,
    to_move: Color,
}

const DIRECTIONS: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

impl Position {
    /// The starting position: white on d4 and e5, black on d5 and e4 (on
    /// 10x10: white e5 and f6, black e6 and f5); black to move.
    ///
    /// ```
    /// use boardfile_othello::{BoardSize, Position};
    /// let pos = Position::start(BoardSize::Eight);
    /// assert_eq!(pos.empties(), 60);
    /// assert_eq!(pos.legal_moves().len(), 4);
    /// ```
    pub fn start(size: BoardSize) -> Position {
        let m = size.side() / 2;
        let sq = |col: u8, row: u8| Square { col, row }.bit(size.side());
        Position {
            size,
            white: sq(m - 1, m - 1) | sq(m, m),
            black: sq(m - 1, m) | sq(m, m - 1),
            to_move: Color::Black,
        }
    }

    /// A position from its discs (used by PZZ solitaires).
    pub fn from_discs(
        size: BoardSize,
        black: u128,
        white: u128,
        to_move: Color,
    ) -> Option<Position> {
        let full = full_mask(size);
        (black & white == 0 && (black | white) & !full == 0).then_some(Position {
            size,
            black,
            white,
            to_move,
        })
    }

    /// The board size.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// Who moves next.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The discs of a color, bit `row * side + col`.
    pub fn discs(&self, color: Color) -> u128 {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// What stands on a square.
    pub fn at(&self, sq: Square) -> Option<Color> {
        let bit = sq.bit(self.size.side());
        if self.black & bit != 0 {
            Some(Color::Black)
        } else if self.white & bit != 0 {
            Some(Color::White)
        } else {
            None
        }
    }

    /// Empty squares.
    pub fn empties(&self) -> u32 {
        self.size.squares() as u32 - (self.black | self.white).count_ones()
    }

    /// The discs `color` would flip by playing `sq`; 0 when the move is not
    /// legal (the square taken, or nothing flipped).
    pub fn flips(&self, sq: Square, color: Color) -> u128 {
        let side = self.size.side() as i8;
        let (own, theirs) = match color {
            Color::Black => (self.black, self.white),
            Color::White => (self.white, self.black),
        };
        if self.size == BoardSize::Eight {
            return eight::flips(own as u64, theirs as u64, sq.row as u32 * 8 + sq.col as u32)
                as u128;
        }
        if (own | theirs) & sq.bit(side as u8) != 0 {
            return 0;
        }
        let mut all = 0u128;
        for (dc, dr) in DIRECTIONS {
            let (mut c, mut r) = (sq.col as i8 + dc, sq.row as i8 + dr);
            let mut line = 0u128;
            while c >= 0 && c < side && r >= 0 && r < side {
                let bit = 1u128 << (r as u32 * side as u32 + c as u32);
                if theirs & bit != 0 {
                    line |= bit;
                } else {
                    if own & bit != 0 {
                        all |= line;
                    }
                    break;
                }
                c += dc;
                r += dr;
            }
        }
        all
    }

    /// True when `color` has a legal move.
    pub fn can_move(&self, color: Color) -> bool {
        if self.size == BoardSize::Eight {
            let (own, theirs) = match color {
                Color::Black => (self.black, self.white),
                Color::White => (self.white, self.black),
            };
            return eight::moves(own as u64, theirs as u64) != 0;
        }
        let side = self.size.side();
        let occupied = self.black | self.white;
        (0..side).any(|row| {
            (0..side).any(|col| {
                let sq = Square { col, row };
                occupied & sq.bit(side) == 0 && self.flips(sq, color) != 0
            })
        })
    }

    /// The legal moves of the player to move.
    pub fn legal_moves(&self) -> Vec<Square> {
        let side = self.size.side();
        let mut out = Vec::new();
        for row in 0..side {
            for col in 0..side {
                let sq = Square { col, row };
                if self.flips(sq, self.to_move) != 0 {
                    out.push(sq);
                }
            }
        }
        out
    }

    /// Plays every move from this position, passes inferred, as [`play`]
    /// would one by one; on 8x8 in `u64` registers without the per-move size
    /// checks. `Err` gives the index of the refused move, who was to move,
    /// and why.
    ///
    /// [`play`]: Position::play
    pub fn play_all(&mut self, moves: &[Square]) -> Result<(), (usize, Color, MoveError)> {
        if self.size != BoardSize::Eight {
            for (i, &m) in moves.iter().enumerate() {
                let to_move = self.to_move;
                self.play(m).map_err(|e| (i, to_move, e))?;
            }
            return Ok(());
        }
        let (mut own, mut opp) = match self.to_move {
            Color::Black => (self.black as u64, self.white as u64),
            Color::White => (self.white as u64, self.black as u64),
        };
        let mut mover = self.to_move;
        let mut result = Ok(());
        for (i, &m) in moves.iter().enumerate() {
            let sq = m.row as u32 * 8 + m.col as u32;
            let mut f = eight::flips(own, opp, sq);
            if f == 0 {
                if eight::moves(own, opp) != 0 {
                    result = Err((i, mover, MoveError::Illegal));
                    break;
                }
                f = eight::flips(opp, own, sq);
                if f == 0 {
                    result = Err((i, mover, MoveError::IllegalAfterPass));
                    break;
                }
                std::mem::swap(&mut own, &mut opp);
                mover = mover.other();
            }
            own |= f | (1u64 << sq);
            opp &= !f;
            std::mem::swap(&mut own, &mut opp);
            mover = mover.other();
        }
        let (black, white) = match mover {
            Color::Black => (own, opp),
            Color::White => (opp, own),
        };
        self.black = black as u128;
        self.white = white as u128;
        self.to_move = mover;
        result
    }

    /// Plays `sq` for the player to move, passing first when that player has
    /// no legal move (WTHOR does not store passes). `Err` when the move is
    /// legal for neither.
    ///
    /// ```
    /// use boardfile_othello::{BoardSize, Color, Position, Square};
    /// let mut pos = Position::start(BoardSize::Eight);
    /// let f5 = Square::parse("f5", BoardSize::Eight).unwrap();
    /// pos.play(f5).unwrap();
    /// assert_eq!(pos.at(f5), Some(Color::Black));
    /// assert_eq!(pos.to_move(), Color::White);
    /// assert!(pos.play(f5).is_err(), "the square is taken");
    /// ```
    pub fn play(&mut self, sq: Square) -> Result<Played, MoveError> {
        let mover = self.to_move;
        let mut flips = self.flips(sq, mover);
        let mut passed = false;
        if flips == 0 {
            if self.can_move(mover) {
                return Err(MoveError::Illegal);
            }
            flips = self.flips(sq, mover.other());
            if flips == 0 {
                return Err(MoveError::IllegalAfterPass);
            }
            passed = true;
            self.to_move = mover.other();
        }
        let bit = sq.bit(self.size.side());
        match self.to_move {
            Color::Black => {
                self.black |= bit | flips;
                self.white &= !flips;
            }
            Color::White => {
                self.white |= bit | flips;
                self.black &= !flips;
            }
        }
        let by = self.to_move;
        self.to_move = by.other();
        Ok(Played { by, passed })
    }

    /// True when neither player can move.
    pub fn is_over(&self) -> bool {
        !self.can_move(Color::Black) && !self.can_move(Color::White)
    }

    /// Black's discs counted as WTHOR stores a finished game: empties go to
    /// the winner, half each on a draw.
    ///
    /// ```
    /// use boardfile_othello::{BoardSize, Position};
    /// // The start: two discs each, 60 empties, no winner yet: half the board.
    /// assert_eq!(Position::start(BoardSize::Eight).final_black_score(), 32);
    /// ```
    pub fn final_black_score(&self) -> u8 {
        let b = self.black.count_ones();
        let w = self.white.count_ones();
        let e = self.empties();
        (match b.cmp(&w) {
            std::cmp::Ordering::Greater => b + e,
            std::cmp::Ordering::Less => b,
            std::cmp::Ordering::Equal => b + e / 2,
        }) as u8
    }
}

/// What a move did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Played {
    /// Who played it.
    pub by: Color,
    /// The other player had to pass first.
    pub passed: bool,
}

/// Why a move could not be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveError {
    /// The player to move has legal moves, and this is not one.
    Illegal,
    /// The player to move had to pass, and the move is not legal for the
    /// other player either.
    IllegalAfterPass,
}

/// The 8x8 board in a `u64` with shifts by direction: the hot path of
/// replaying the database.
mod eight {
    const NOT_COL0: u64 = !0x0101_0101_0101_0101;
    const NOT_COL7: u64 = !0x8080_8080_8080_8080;

    /// The eight directions: a shift (left when positive) and the mask
    /// that drops what wraps around a board edge.
    const DIRS: [(i32, u64); 8] = [
        (1, NOT_COL0),  // east
        (-1, NOT_COL7), // west
        (8, !0),        // north (row + 1)
        (-8, !0),       // south
        (9, NOT_COL0),  // north-east
        (7, NOT_COL7),  // north-west
        (-7, NOT_COL0), // south-east
        (-9, NOT_COL7), // south-west
    ];

    #[inline(always)]
    fn shift(x: u64, s: i32, mask: u64) -> u64 {
        (if s > 0 { x << s } else { x >> -s }) & mask
    }

    /// Shifts every disc one step in direction `d` (0..8), dropping what
    /// leaves the board.
    #[inline(always)]
    fn step(x: u64, d: usize) -> u64 {
        let (s, mask) = DIRS[d];
        shift(x, s, mask)
    }

    /// Discs flipped by a disc on `sq` for the player owning `own`.
    pub(super) fn flips(own: u64, opp: u64, sq: u32) -> u64 {
        let m = 1u64 << sq;
        if (own | opp) & m != 0 {
            return 0;
        }
        // Per direction, the run of the opponent's discs from the square
        // (at most six), kept when one of the mover's discs ends it; no
        // branches to mispredict.
        let mut all = 0;
        for (s, mask) in DIRS {
            let mut run = shift(m, s, mask) & opp;
            for _ in 0..5 {
                run |= shift(run, s, mask) & opp;
            }
            let closed = shift(run, s, mask) & own;
            all |= run & 0u64.wrapping_sub((closed != 0) as u64);
        }
        all
    }

    /// Squares where the player owning `own` may play.
    pub(super) fn moves(own: u64, opp: u64) -> u64 {
        let empty = !(own | opp);
        let mut moves = 0;
        for d in 0..8 {
            let mut x = step(own, d) & opp;
            for _ in 0..5 {
                x |= step(x, d) & opp;
            }
            moves |= step(x, d) & empty;
        }
        moves
    }
}

fn full_mask(size: BoardSize) -> u128 {
    let n = size.squares() as u32;
    if n == 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

impl fmt::Display for Position {
    /// The board, row 1 on top, `X` black, `O` white, `.` empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = self.size.side();
        write!(f, "  ")?;
        for c in 0..side {
            write!(f, " {}", (b'a' + c) as char)?;
        }
        writeln!(f)?;
        for row in 0..side {
            write!(f, "{:>2}", row + 1)?;
            for col in 0..side {
                let ch = match self.at(Square { col, row }) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                };
                write!(f, " {ch}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wthor_square_codes() {
        let e = BoardSize::Eight;
        assert_eq!(Square::from_wthor(11, e).unwrap().to_string(), "a1");
        assert_eq!(Square::from_wthor(18, e).unwrap().to_string(), "h1");
        assert_eq!(Square::from_wthor(81, e).unwrap().to_string(), "a8");
        assert_eq!(Square::from_wthor(88, e).unwrap().to_string(), "h8");
        assert_eq!(Square::from_wthor(56, e).unwrap().to_string(), "f5");
        for bad in [0, 10, 19, 20, 89, 90, 255] {
            assert_eq!(Square::from_wthor(bad, e), None, "{bad}");
        }
        let t = BoardSize::Ten;
        assert_eq!(Square::from_wthor(13, t).unwrap().to_string(), "a1");
        assert_eq!(Square::from_wthor(22, t).unwrap().to_string(), "j1");
        assert_eq!(Square::from_wthor(121, t).unwrap().to_string(), "a10");
        assert_eq!(Square::from_wthor(130, t).unwrap().to_string(), "j10");
        assert_eq!(Square::parse("J10", t).unwrap().to_wthor(t), 130);
        assert_eq!(Square::parse("i9", e), None);
    }

    #[test]
    fn opening_moves_and_flips() {
        let mut p = Position::start(BoardSize::Eight);
        let moves: Vec<String> = p.legal_moves().iter().map(|s| s.to_string()).collect();
        assert_eq!(moves, ["d3", "c4", "f5", "e6"]);
        p.play(Square::parse("f5", BoardSize::Eight).unwrap())
            .unwrap();
        assert_eq!(
            p.at(Square::parse("e5", BoardSize::Eight).unwrap()),
            Some(Color::Black)
        );
        let moves: Vec<String> = p.legal_moves().iter().map(|s| s.to_string()).collect();
        assert_eq!(moves, ["f4", "d6", "f6"]);
        assert_eq!(
            p.play(Square::parse("a1", BoardSize::Eight).unwrap()),
            Err(MoveError::Illegal)
        );
        // 10x10: black opens g6 (the spec's first move).
        let mut t = Position::start(BoardSize::Ten);
        assert!(t.play(Square::parse("g6", BoardSize::Ten).unwrap()).is_ok());
    }

    #[test]
    fn passes_are_inferred_and_empties_go_to_the_winner() {
        let e = BoardSize::Eight;
        let bit = |t: &str| Square::parse(t, e).unwrap().bit(8);
        // Black a1, white b1, white to move: white cannot flank anything,
        // so black plays c1 after white's pass and takes b1.
        let mut p = Position::from_discs(e, bit("a1"), bit("b1"), Color::White).unwrap();
        assert!(!p.can_move(Color::White));
        let played = p.play(Square::parse("c1", e).unwrap()).unwrap();
        assert_eq!(
            played,
            Played {
                by: Color::Black,
                passed: true
            }
        );
        assert_eq!(p.discs(Color::Black), bit("a1") | bit("b1") | bit("c1"));
        assert!(p.is_over());
        assert_eq!(p.final_black_score(), 64, "3 discs and the 61 empties");
        // A draw splits the empties.
        let d = Position::from_discs(e, bit("a1"), bit("h8"), Color::Black).unwrap();
        assert_eq!(d.final_black_score(), 32);
        // Neither side can play d4 there.
        let mut q = Position::from_discs(e, bit("a1"), bit("b1"), Color::White).unwrap();
        assert_eq!(
            q.play(Square::parse("d4", e).unwrap()),
            Err(MoveError::IllegalAfterPass)
        );
    }
}
