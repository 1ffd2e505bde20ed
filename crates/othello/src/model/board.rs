//! The 8x8 board as the endgame solver and OBF take it: the discs of the
//! player to move and of the opponent as two bit sets, bit
//! `row * 8 + col` (a1 = 0, h8 = 63), with the moves by the rules
//! ([`bitboard`]'s primitives).

use crate::model::bitboard;
use crate::model::position::{BoardSize, Color, Position, Square};

/// A position for the solver: the discs of the player to move and of the
/// opponent, bit `row * 8 + col` (a1 = 0, h8 = 63).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    /// The player to move.
    pub player: u64,
    /// The other player.
    pub opponent: u64,
}

/// The square of bit `bit`.
pub(crate) fn square(bit: u32) -> Square {
    Square {
        col: (bit % 8) as u8,
        row: (bit / 8) as u8,
    }
}

/// The bit of a square of the 8x8 board.
pub(crate) fn bit(sq: Square) -> u32 {
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
