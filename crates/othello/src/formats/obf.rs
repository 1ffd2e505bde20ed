//! OBF, Othello Board File: endgame positions, one a line, with the exact
//! scores of their moves (the form Edax keeps the FFO problems in,
//! abulmo/edax-reversi `problem/*.obf`, read and written by its
//! `src/obftest.c`).
//!
//! Grammar of a line:
//!
//! ```text
//! line     = board " " side ";" { " " move ":" score ";" } [ " " score ";" ] [ " % " comment ]
//! board    = 64 * ( "X" | "O" | "-" )      a1 b1 ... h1 a2 ... h8
//! side     = "X" | "O"                     the player to move
//! move     = "A1" ... "H8" | "PS"          upper case; PS: the player must pass
//! score    = ( "+" | "-" ) digits          final disc difference for the side
//!                                          to move, empties to the winner
//! ```
//!
//! Moves are listed best first. A line whose first non-blank character is
//! `%` is a comment, kept; blank lines are kept too. A position whose
//! player must pass has the one move `PS` with the score for the player who
//! passes (what Edax's obf writer gives: its search returns the pass and
//! its score); a finished game has no move, its score alone after the
//! board (Edax: ` +N;`). Reading accepts lower-case moves and `.` for
//! empty, and any number of moves, scored or not (`G8;`).
//!
//! What it cannot carry: game records, names, anything but one position
//! and its move scores. The scores are filled in by the endgame solver
//! ([`crate::positions`]).

use crate::codec::{info, Checked, Descriptor, Holds, Hooks, Records};
use crate::model::board::Board;
use crate::model::position::{BoardSize, Color, Square};
use boardfile_io::{Error, Position as At, Signature};

const FORMAT: boardfile_io::FormatName = boardfile_io::FormatName("OBF");

/// The format.
pub static DESCRIPTOR: Descriptor = Descriptor {
    info: info(
        "OBF",
        &["obf"],
        "Othello board file: an endgame position a line with its moves' exact scores (the FFO problems); solve fills them in",
        // 64 squares and a side to move: nothing else starts so.
        Signature::Content {
            rank: 12,
            test: sniff,
        },
        true,
    ),
    holds: Holds::Positions,
    size: Some(BoardSize::Eight),
    read_games: None,
    write_games: None,
    legal_games_only: false,
    theoretical: false,
    read_names: None,
    write_names: None,
    layout: None,
    hooks: Hooks {
        check: Some(|bytes, _| {
            let (records, errors) = validate(bytes);
            Checked {
                records,
                errors,
                ..Checked::default()
            }
        }),
        records: Some(Records {
            count: |bytes| Ok(positions(&read(bytes)?)),
            rewrite: |bytes, out| {
                let lines = read(bytes)?;
                write(&lines, out);
                Ok(positions(&lines))
            },
        }),
        ..Hooks::NONE
    },
};

/// How many of the lines are positions.
fn positions(lines: &[ObfLine]) -> usize {
    lines
        .iter()
        .filter(|l| matches!(l, ObfLine::Position(_)))
        .count()
}

/// A move of an OBF line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ObfMove {
    /// A square.
    Square(Square),
    /// `PS`: the player to move must pass.
    Pass,
}

/// One line of a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ObfLine {
    /// A position.
    Position(ObfPosition),
    /// A comment (`% ...`) or blank line, as it was (without the newline).
    Other(String),
}

/// A position and its scored moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ObfPosition {
    /// The discs, player to move first.
    pub board: Board,
    /// Who is to move.
    pub to_move: Color,
    /// Moves with their score when given, in the file's order (best
    /// first).
    pub moves: Vec<(ObfMove, Option<i32>)>,
    /// The score given alone (a finished game).
    pub score: Option<i32>,
    /// A comment after the fields (`% ...`), without the `%`.
    pub comment: Option<String>,
}

impl ObfPosition {
    /// A position with nothing scored.
    pub fn new(board: Board, to_move: Color) -> ObfPosition {
        ObfPosition {
            board,
            to_move,
            moves: Vec::new(),
            score: None,
            comment: None,
        }
    }

    /// The best score the line states: the first move's, or the score
    /// alone.
    pub fn best_score(&self) -> Option<i32> {
        self.moves.iter().filter_map(|m| m.1).max().or(self.score)
    }
}

/// Tells OBF by its first line that is not blank or a comment: 64 squares
/// of `X`, `O`, `-`, a blank and the side to move.
pub fn sniff(bytes: &[u8]) -> bool {
    let Some(line) = bytes
        .split(|&b| b == b'\n')
        .map(|l| l.trim_ascii())
        .find(|l| !l.is_empty() && !l.starts_with(b"%"))
    else {
        return false;
    };
    line.len() >= 66
        && line[..64].iter().all(|c| matches!(c, b'X' | b'O' | b'-'))
        && line[64] == b' '
        && matches!(line[65], b'X' | b'O')
        && line[66..].first().is_none_or(|&c| c == b';' || c == b' ')
}

/// Reads a file: its lines in order.
pub fn read(bytes: &[u8]) -> Result<Vec<ObfLine>, Error> {
    let mut out = Vec::new();
    let mut byte = 0u64;
    for (i, raw) in bytes.split_inclusive(|&b| b == b'\n').enumerate() {
        let line_no = i as u64 + 1;
        let at = |col: usize| {
            At::record(out.len() as u64, byte + col as u64)
                .with_line(line_no)
                .with_column(col as u64 + 1)
        };
        // The line ending, and every carriage return before it (the writer
        // ends lines with "\n" alone).
        let mut body = raw.strip_suffix(b"\n").unwrap_or(raw);
        while let Some(b) = body.strip_suffix(b"\r") {
            body = b;
        }
        let text = std::str::from_utf8(body)
            .map_err(|e| Error::syntax(FORMAT, at(e.valid_up_to()), "not UTF-8"))?;
        let trimmed = text.trim();
        if trimmed.is_empty() || trimmed.starts_with('%') {
            out.push(ObfLine::Other(text.to_string()));
        } else {
            let lead = text.len() - text.trim_start().len();
            out.push(ObfLine::Position(
                parse_line(text.trim_start())
                    .map_err(|(col, m)| Error::syntax(FORMAT, at(lead + col), m))?,
            ));
        }
        byte += raw.len() as u64;
    }
    Ok(out)
}

/// Parses one position line; an error gives the column (from 0) and why.
fn parse_line(line: &str) -> Result<ObfPosition, (usize, String)> {
    let (fields, comment) = match line.find('%') {
        Some(i) => (&line[..i], Some(line[i + 1..].trim().to_string())),
        None => (line, None),
    };
    let mut parts = fields.split(';');
    let board_text = parts.next().unwrap_or("");
    let (board, to_move) = Board::parse_with_color(board_text).map_err(|m| (0, m))?;
    let mut pos = ObfPosition {
        board,
        to_move,
        moves: Vec::new(),
        score: None,
        comment,
    };
    let mut col = board_text.len() + 1;
    for field in parts {
        let f = field.trim();
        let here = col + (field.len() - field.trim_start().len());
        col += field.len() + 1;
        if f.is_empty() {
            continue;
        }
        let (m, score) = match f.split_once(':') {
            Some((m, s)) => (Some(m.trim()), Some(s.trim())),
            None if f.starts_with(['+', '-']) || f.starts_with(|c: char| c.is_ascii_digit()) => {
                (None, Some(f))
            }
            None => (Some(f), None),
        };
        let score = match score {
            Some(s) => Some(
                s.parse::<i32>()
                    .ok()
                    .filter(|v| (-64..=64).contains(v))
                    .ok_or_else(|| (here, format!("score {s:?} is not a number from -64 to 64")))?,
            ),
            None => None,
        };
        match m {
            None => pos.score = score,
            Some(m) => {
                let mv = if m.eq_ignore_ascii_case("PS") || m.eq_ignore_ascii_case("pa") {
                    ObfMove::Pass
                } else {
                    ObfMove::Square(
                        Square::parse(m, BoardSize::Eight)
                            .filter(|_| m.len() == 2)
                            .ok_or_else(|| {
                                (here, format!("move {m:?} is not a square a1-h8 or PS"))
                            })?,
                    )
                };
                pos.moves.push((mv, score));
            }
        }
    }
    Ok(pos)
}

/// Every problem of a file: a line that does not read, a move that is not
/// legal (`PS` where the player can move, or a square where it cannot),
/// a score given for a finished game that is not its final score. Returns
/// the positions read and the problems.
pub fn validate(bytes: &[u8]) -> (usize, Vec<Error>) {
    let lines = match read(bytes) {
        Ok(l) => l,
        Err(e) => return (0, vec![e]),
    };
    let mut errors = Vec::new();
    let mut byte = 0u64;
    let mut record = 0u64;
    // A line read for each line of the file: its bytes as they stand
    // (carriage returns, spaces, case), not as written back.
    let raw = bytes.split_inclusive(|&b| b == b'\n');
    for (i, (line, raw)) in lines.iter().zip(raw).enumerate() {
        let at = At::record(record, byte).with_line(i as u64 + 1);
        byte += raw.len() as u64;
        match line {
            ObfLine::Other(_) => {}
            ObfLine::Position(p) => {
                record += 1;
                let b = p.board;
                for (m, _) in &p.moves {
                    let ok = match m {
                        ObfMove::Pass => b.moves() == 0 && b.pass().moves() != 0,
                        ObfMove::Square(sq) => b.play(*sq).is_some(),
                    };
                    if !ok {
                        let what = match m {
                            ObfMove::Pass => "PS (a pass)".to_string(),
                            ObfMove::Square(sq) => sq.to_string().to_ascii_uppercase(),
                        };
                        errors.push(Error::invalid(
                            FORMAT,
                            at,
                            format!("{what} is not a legal move here"),
                        ));
                    }
                }
                if let (Some(v), true) = (p.score, b.is_over()) {
                    if v != b.final_score() {
                        errors.push(Error::invalid(
                            FORMAT,
                            at,
                            format!(
                                "the game is over with score {:+}, not {v:+}",
                                b.final_score()
                            ),
                        ));
                    }
                }
            }
        }
    }
    (record as usize, errors)
}

/// Writes the lines: a position as Edax's writer does (moves upper case,
/// scores signed, `+0`).
pub fn write(lines: &[ObfLine], out: &mut Vec<u8>) {
    for line in lines {
        match line {
            ObfLine::Other(s) => out.extend_from_slice(s.as_bytes()),
            ObfLine::Position(p) => out.extend_from_slice(format_position(p).as_bytes()),
        }
        out.push(b'\n');
    }
}

/// One position's line, without the newline.
pub fn format_position(p: &ObfPosition) -> String {
    use std::fmt::Write;
    let mut s = p.board.to_obf(p.to_move);
    s.push(';');
    for (m, v) in &p.moves {
        s.push(' ');
        match m {
            ObfMove::Pass => s.push_str("PS"),
            ObfMove::Square(sq) => s.push_str(&sq.to_string().to_ascii_uppercase()),
        }
        if let Some(v) = v {
            let _ = write!(s, ":{v:+}");
        }
        s.push(';');
    }
    if let Some(v) = p.score {
        let _ = write!(s, " {v:+};");
    }
    if let Some(c) = &p.comment {
        let _ = write!(s, " % {c}");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    const FFO1: &str = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; H7:+6; A2:+6; A3:+4; B1:-4; A4:-22; G2:-24;";

    #[test]
    fn reads_and_writes_an_ffo_line_byte_for_byte() {
        let text = format!("% a comment\n{FFO1}\n\n");
        let lines = read(text.as_bytes()).unwrap();
        assert_eq!(lines.len(), 3);
        let ObfLine::Position(p) = &lines[1] else {
            panic!("not a position")
        };
        assert_eq!(p.to_move, Color::Black);
        assert_eq!(p.moves.len(), 8);
        assert_eq!(p.best_score(), Some(18));
        assert_eq!(p.board.empties(), 14);
        let mut out = Vec::new();
        write(&lines, &mut out);
        assert_eq!(String::from_utf8(out).unwrap(), text);
        assert!(sniff(text.as_bytes()));
        assert!(!sniff(b"f5d6c3d3\n"));
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = read(format!("{FFO1}\n{}\n", &FFO1[..60]).as_bytes()).unwrap_err();
        let at = e.position().unwrap();
        assert_eq!(at.line, Some(2));
        assert_eq!(at.record, Some(1));
        let e = read(FFO1.replace("G8:+18", "G9:+18").as_bytes()).unwrap_err();
        assert!(e.to_string().contains("G9"), "{e}");
        assert_eq!(e.position().unwrap().column, Some(69));
        let e = read(FFO1.replace("G8:+18", "G8:+99").as_bytes()).unwrap_err();
        assert!(e.to_string().contains("+99"), "{e}");
    }

    #[test]
    fn validation_names_the_byte_of_the_file_not_of_the_line_written_back() {
        // CRLF line ends and a comment first: the third line, whose C1 is
        // taken (the board's third square is `X`), starts after 5 bytes
        // and the second line's bytes and its CRLF.
        let bad = FFO1.replace("G8:+18", "C1:+18");
        let text = format!("% c\r\n{FFO1}\r\n{bad}\r\n");
        let (positions, errors) = validate(text.as_bytes());
        assert_eq!(positions, 2);
        assert_eq!(errors.len(), 1, "{errors:?}");
        let at = errors[0].position().unwrap();
        assert_eq!(at.line, Some(3));
        assert_eq!(at.record, Some(1));
        assert_eq!(at.byte, (5 + FFO1.len() + 2) as u64);
        assert!(
            errors[0].to_string().contains("C1 is not a legal move"),
            "{}",
            errors[0]
        );
    }
}
