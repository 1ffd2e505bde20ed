//! A game: who played, the scores WTHOR stores, and the moves; and its
//! replay by the rules.

use crate::model::position::{BoardSize, Color, MoveError, Position, Square};
use std::cmp::Ordering;

/// One game as a WTHOR record holds it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Game {
    /// 8x8 or 10x10.
    pub size: BoardSize,
    /// Index into WTHOR.TRN.
    pub tournament: u16,
    /// Index into WTHOR.JOU of the black player.
    pub black: u16,
    /// Index into WTHOR.JOU of the white player.
    pub white: u16,
    /// Black's discs at the end, empties to the winner (the actual score).
    pub black_score: u8,
    /// Black's discs after perfect play from the position with P3 empties.
    pub theoretical: u8,
    /// The moves in order; passes are not stored.
    pub moves: Vec<Square>,
    /// The year the game was played, when its input gave one a game (JSON
    /// Lines); a WTHOR file's games take their header's.
    pub year: Option<u16>,
    /// The names its input gave as text (JSON Lines' `tournament`, `black`
    /// and `white`): written before those of the names files.
    pub names: Option<Box<GameNames>>,
}

/// A game's names as its input gave them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct GameNames {
    /// The tournament.
    pub tournament: Option<String>,
    /// The black player.
    pub black: Option<String>,
    /// The white player.
    pub white: Option<String>,
    /// Why a name has no index into a names file (none at hand, or not
    /// in it): a WTHOR file cannot hold the game.
    pub unresolved: Option<String>,
}

/// How a replay ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// Neither player can move: Black's score with empties to the winner,
    /// and the empties left.
    Finished {
        /// Black's discs, empties to the winner.
        black_score: u8,
        /// Empty squares left.
        empties: u32,
    },
    /// The moves stop while a player can still move.
    Unfinished,
}

/// A move that the rules refuse.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IllegalMove {
    /// Index of the move in [`Game::moves`], from 0.
    pub index: usize,
    /// The square.
    pub square: Square,
    /// Who was to move.
    pub to_move: Color,
    /// Why.
    pub error: MoveError,
}

impl std::fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let who = match self.to_move {
            Color::Black => "Black",
            Color::White => "White",
        };
        match self.error {
            MoveError::Illegal => write!(
                f,
                "move {} {} is not legal for {who}",
                self.index + 1,
                self.square
            ),
            MoveError::IllegalAfterPass => write!(
                f,
                "move {} {}: {who} has no move and it is not legal for the other player either",
                self.index + 1,
                self.square
            ),
        }
    }
}

impl Game {
    /// [`theoretical`](Game::theoretical) when the game's input gave none
    /// (text forms): the WTB and WTD writers solve it (see
    /// [`crate::theoretical`]) or refuse the game; text writers leave it
    /// out. Never written to a WTHOR file.
    pub const THEORETICAL_UNKNOWN: u8 = 0xff;

    /// True when the game has a theoretical score (stored, or solved).
    pub fn theoretical_known(&self) -> bool {
        self.theoretical != Game::THEORETICAL_UNKNOWN
    }

    /// Plays the moves from the start, passes inferred.
    pub fn replay(&self) -> Result<(Position, End), IllegalMove> {
        let mut p = Position::start(self.size);
        p.play_all(&self.moves)
            .map_err(|(index, to_move, error)| IllegalMove {
                index,
                square: self.moves[index],
                to_move,
                error,
            })?;
        let end = if p.is_over() {
            End::Finished {
                black_score: p.final_black_score(),
                empties: p.empties(),
            }
        } else {
            End::Unfinished
        };
        Ok((p, end))
    }

    /// The moves as a transcript: `f5d6c3...`, lower case, no passes.
    ///
    /// ```
    /// use boardfile_othello::formats::transcript;
    /// use boardfile_othello::{BoardSize, Diagnostics};
    /// let file = transcript::read(b"F5D6C3\n", BoardSize::Eight, &mut Diagnostics::strict()).unwrap();
    /// assert_eq!(file.games[0].transcript(), "f5d6c3");
    /// ```
    pub fn transcript(&self) -> String {
        let mut s = String::with_capacity(self.moves.len() * 2);
        for m in &self.moves {
            use std::fmt::Write;
            let _ = write!(s, "{m}");
        }
        s
    }

    /// Reads a transcript (`f5d6c3`, either case, `j10` on 10x10; spaces
    /// allowed between moves); at most as many moves as the board has empty
    /// squares.
    ///
    /// ```
    /// use boardfile_othello::{BoardSize, Game};
    /// let moves = Game::parse_transcript("f5d6c3", BoardSize::Eight).unwrap();
    /// assert_eq!(moves.len(), 3);
    /// assert!(Game::parse_transcript("f5z9", BoardSize::Eight).is_err());
    /// ```
    pub fn parse_transcript(text: &str, size: BoardSize) -> Result<Vec<Square>, String> {
        let b: Vec<u8> = text.bytes().filter(|c| !c.is_ascii_whitespace()).collect();
        let mut out = Vec::with_capacity(b.len() / 2);
        let mut i = 0;
        while i < b.len() {
            // A column letter, then one digit, or "10" on 10x10.
            let len = if size == BoardSize::Ten
                && b.get(i + 1) == Some(&b'1')
                && b.get(i + 2) == Some(&b'0')
            {
                3
            } else {
                2
            };
            let token = std::str::from_utf8(&b[i..(i + len).min(b.len())]).unwrap_or("");
            out.push(
                Square::parse(token, size)
                    .ok_or_else(|| format!("move {} {token:?} is not a square", out.len() + 1))?,
            );
            i += len;
        }
        if out.len() > size.max_moves() {
            // More than WTHOR's record holds, and than the board has room for.
            return Err(format!(
                "{} moves, more than the {} a game on {}x{} can have",
                out.len(),
                size.max_moves(),
                size.side(),
                size.side()
            ));
        }
        Ok(out)
    }
}

/// Black's discs, empties to the winner, from a final count of discs.
pub(crate) fn black_discs(black: u32, white: u32, size: BoardSize) -> Option<u8> {
    black_discs_to(black, white, size, black.cmp(&white))
}

/// Black's discs with the empties to `winner` (`Greater`: Black), from a
/// count of discs; a draw (`Equal`) is half the board each.
pub(crate) fn black_discs_to(
    black: u32,
    white: u32,
    size: BoardSize,
    winner: Ordering,
) -> Option<u8> {
    let squares = u32::from(size.squares());
    let empties = squares.checked_sub(black.checked_add(white)?)?;
    Some(match winner {
        Ordering::Greater => black + empties,
        Ordering::Less => black,
        Ordering::Equal => squares / 2,
    } as u8)
}
