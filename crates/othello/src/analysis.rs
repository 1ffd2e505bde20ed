//! A game analysed near its end, as a player asks "where was it lost?":
//! from the first position with at most a given number of empty squares,
//! each move played gets its exact value, the position's best value and a
//! move that reaches it, by the endgame solver ([`crate::endgame`]); the
//! moves that changed the result (a win let go, a draw lost) are marked.
//!
//! Values are final disc differences for the player who moved, the empty
//! squares going to the winner (the FFO and WTHOR convention). A move
//! played after the other side passed is valued for its player all the
//! same. One solver goes through the game, so the later (smaller)
//! positions come mostly from its table.
//!
//! ```
//! use boardfile_othello::analysis::analyse;
//! use boardfile_othello::endgame::{Board, Solver};
//! use boardfile_othello::{BoardSize, Position};
//! // A whole game: each side plays its first legal move, a1 onwards
//! // (after a pass, the other side's).
//! let mut p = Position::start(BoardSize::Eight);
//! let mut moves = Vec::new();
//! while !p.is_over() {
//!     let b = Board::from_position(&p).unwrap();
//!     let b = if b.moves() == 0 { b.pass() } else { b };
//!     let m = b.legal_squares()[0];
//!     p.play(m).unwrap();
//!     moves.push(m);
//! }
//! let values = analyse(BoardSize::Eight, &moves, 12, &mut Solver::new()).unwrap();
//! assert!(values.first().unwrap().empties <= 12);
//! for v in &values {
//!     assert!(v.value <= v.best_value);
//!     assert_eq!(v.change().is_some(), v.value.signum() < v.best_value.signum());
//! }
//! ```

use crate::endgame::{Board, Solver};
use crate::model::game::IllegalMove;
use crate::model::position::{BoardSize, Color, Position, Square};
use std::io::{self, Write};

/// One move of a game, with the exact values of its position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveValue {
    /// The move's index in the game's moves, from 0 (its number is one
    /// more).
    pub index: usize,
    /// Empty squares before it was played.
    pub empties: u32,
    /// Who played it.
    pub player: Color,
    /// The square played.
    pub played: Square,
    /// Its exact value for the player: the final disc difference after
    /// best play from there on by both sides.
    pub value: i32,
    /// A move of the position's best value.
    pub best: Square,
    /// The position's exact value for the player (at least `value`).
    pub best_value: i32,
}

/// How a move changed the result of best play, for its player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// A won position, lost by the move.
    LostTheWin,
    /// A won position, drawn by the move.
    DrewTheWin,
    /// A drawn position, lost by the move.
    LostTheDraw,
}

impl Change {
    /// The change in words.
    pub fn words(self) -> &'static str {
        match self {
            Change::LostTheWin => "lost a won game",
            Change::DrewTheWin => "let a win go to a draw",
            Change::LostTheDraw => "lost a drawn game",
        }
    }

    /// A short name for programs: `win-to-loss`, `win-to-draw`,
    /// `draw-to-loss`.
    pub fn name(self) -> &'static str {
        match self {
            Change::LostTheWin => "win-to-loss",
            Change::DrewTheWin => "win-to-draw",
            Change::LostTheDraw => "draw-to-loss",
        }
    }
}

impl MoveValue {
    /// Discs the move gave away against best play (0 for a best move).
    pub fn cost(&self) -> i32 {
        self.best_value - self.value
    }

    /// The result the move changed, if it changed one.
    pub fn change(&self) -> Option<Change> {
        match (self.best_value.signum(), self.value.signum()) {
            (1, -1) => Some(Change::LostTheWin),
            (1, 0) => Some(Change::DrewTheWin),
            (0, -1) => Some(Change::LostTheDraw),
            _ => None,
        }
    }
}

/// Why a game cannot be analysed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnalysisError {
    /// The solver is for 8x8 games.
    NotEightByEight,
    /// A move the rules refuse.
    Illegal(IllegalMove),
}

impl std::fmt::Display for AnalysisError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AnalysisError::NotEightByEight => write!(f, "the endgame solver is for 8x8 games"),
            AnalysisError::Illegal(e) => e.fmt(f),
        }
    }
}

/// The board before a move, from the side of the player who moves there
/// (the other one when the side to move must pass), and that player.
fn mover_board(p: &Position) -> (Board, Color) {
    let b = Board::from_position(p).expect("an 8x8 position");
    if b.moves() == 0 && !b.is_over() {
        (b.pass(), p.to_move().other())
    } else {
        (b, p.to_move())
    }
}

/// Each of a game's `moves` (passes not written, as a game keeps them)
/// from the first position with at most `empties` empty squares, valued
/// exactly (see the module's documentation); empty when the game never
/// gets that far.
pub fn analyse(
    size: BoardSize,
    moves: &[Square],
    empties: u32,
    solver: &mut Solver,
) -> Result<Vec<MoveValue>, AnalysisError> {
    if size != BoardSize::Eight {
        return Err(AnalysisError::NotEightByEight);
    }
    // The positions before each move and after the last, each with the
    // player to move there.
    let mut p = Position::start(size);
    let mut at = Vec::with_capacity(moves.len() + 1);
    for (index, &square) in moves.iter().enumerate() {
        at.push(mover_board(&p));
        p.play(square).map_err(|error| {
            AnalysisError::Illegal(IllegalMove {
                index,
                square,
                to_move: p.to_move(),
                error,
            })
        })?;
    }
    at.push(mover_board(&p));
    let n = moves.len();
    let Some(first) = (0..n).find(|&i| at[i].0.empties() <= empties) else {
        return Ok(Vec::new());
    };
    // Exact values from the first position on: the deepest first, so that
    // the table holds what the later ones need.
    let solved: Vec<_> = (first..=n)
        .map(|i| {
            let (b, _) = at[i];
            if b.is_over() {
                (b.final_score(), None)
            } else {
                let s = solver.solve(b);
                (s.score, s.best)
            }
        })
        .collect();
    let mut out = Vec::with_capacity(n - first);
    for i in first..n {
        let (b, player) = at[i];
        let (best_value, best) = solved[i - first];
        let (next, _) = solved[i + 1 - first];
        let value = if at[i + 1].1 == player { next } else { -next };
        out.push(MoveValue {
            index: i,
            empties: b.empties(),
            player,
            played: moves[i],
            value,
            best: best.unwrap_or(moves[i]),
            best_value,
        });
    }
    Ok(out)
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// The values as text, a move a line: number, player, square, value; the
/// best move and its value when the move played was worse; and a note on
/// the moves that changed the result.
pub fn write_text(values: &[MoveValue], out: &mut dyn Write) -> io::Result<()> {
    let Some(first) = values.first() else {
        return writeln!(
            out,
            "Not analysed: the game never reaches the empties asked for"
        );
    };
    writeln!(
        out,
        "Exact from {} empties (the final disc difference for the player, best play after):",
        first.empties
    )?;
    for v in values {
        write!(
            out,
            "{:>3}. {:<5} {} {:>+3}",
            v.index + 1,
            color_name(v.player),
            v.played,
            v.value
        )?;
        if v.cost() > 0 {
            write!(out, "   best {} {:+}", v.best, v.best_value)?;
        }
        if let Some(c) = v.change() {
            write!(out, "   <- {}", c.words())?;
        }
        writeln!(out)?;
    }
    Ok(())
}

/// The values as a JSON value: an object a move, with `move` (its number
/// from 1), `empties`, `player` (`black`/`white`), `played`, `value`,
/// `best`, `best_value`, `cost` and `change` (`win-to-loss`,
/// `win-to-draw`, `draw-to-loss`, or null).
pub fn to_json(values: &[MoveValue]) -> serde_json::Value {
    serde_json::Value::Array(
        values
            .iter()
            .map(|v| {
                serde_json::json!({
                    "move": v.index + 1,
                    "empties": v.empties,
                    "player": color_name(v.player).to_ascii_lowercase(),
                    "played": v.played.to_string(),
                    "value": v.value,
                    "best": v.best.to_string(),
                    "best_value": v.best_value,
                    "cost": v.cost(),
                    "change": v.change().map(Change::name),
                })
            })
            .collect(),
    )
}
