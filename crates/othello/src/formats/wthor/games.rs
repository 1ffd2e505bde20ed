//! Game files: WTB (8x8) and WTD (10x10).
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 2 | tournament index (WTHOR.TRN) |
//! | 2 | 2 | black player index (WTHOR.JOU) |
//! | 4 | 2 | white player index |
//! | 6 | 1 | black's discs at the end, empties to the winner |
//! | 7 | 1 | theoretical score: black's discs after perfect play from P3 empties |
//! | 8 | 60 / 96 | moves, `col + 10 * row` (8x8) or `col + 12 * row` (10x10) from 1; 0 after the last |
//!
//! Passes are not stored. The file is `16 + N1 * 68` (or `* 104`) bytes.
//! Reading checks the header count against the size, P1 against the board
//! size, and that every move byte is a square with only zeros after the
//! first zero; [`validate`] also replays every game.

use super::{check_size, error, Position};
use crate::codec::{info, Checked, Descriptor, Holds, Hooks, Layout};
use crate::model::game::{End, Game};
use crate::model::header::{count_warning, Header, Kind, HEADER};
use crate::model::names::{NameBook, Names};
use crate::model::position::{BoardSize, Square};
use boardfile_io::{Error, FormatName, Signature};

/// A WTB or WTD file is the model's [`GameFile`]: here too, where WTHOR's
/// users look for it.
pub use crate::model::game_file::GameFile;

/// WTB: the games of 8x8.
pub static WTB: Descriptor = Descriptor {
    info: info(
        "WTB",
        &["wtb"],
        "WTHOR 8x8 games: ids, actual and theoretical scores, moves",
        Signature::Extension,
        true,
    ),
    holds: Holds::Games,
    size: Some(BoardSize::Eight),
    read_games: Some(|b, _, d| read_warning(b, BoardSize::Eight, d)),
    write_games: Some(write_solved),
    legal_games_only: false,
    theoretical: true,
    read_names: None,
    write_names: None,
    layout: Some(Layout {
        header: HEADER,
        record: record_len(BoardSize::Eight),
    }),
    hooks: Hooks {
        check: Some(|bytes, book| check(bytes, BoardSize::Eight, book)),
        ..Hooks::NONE
    },
};

/// WTD: the games of 10x10.
pub static WTD: Descriptor = Descriptor {
    info: info(
        "WTD",
        &["wtd"],
        "WTHOR 10x10 games: ids, actual and theoretical scores, moves",
        Signature::Extension,
        true,
    ),
    holds: Holds::Games,
    size: Some(BoardSize::Ten),
    read_games: Some(|b, _, d| read_warning(b, BoardSize::Ten, d)),
    write_games: Some(write_solved),
    legal_games_only: false,
    theoretical: true,
    read_names: None,
    write_names: None,
    layout: Some(Layout {
        header: HEADER,
        record: record_len(BoardSize::Ten),
    }),
    hooks: Hooks {
        check: Some(|bytes, book| check(bytes, BoardSize::Ten, book)),
        ..Hooks::NONE
    },
};

/// Writes a game file, refusing a game without a theoretical score.
fn write_solved(file: &GameFile, _: &NameBook, out: &mut Vec<u8>) -> Result<(), Error> {
    // Never a made-up theoretical score: convert solves them first.
    if let Some(i) = file.games.iter().position(|g| !g.theoretical_known()) {
        return Err(Error::unsupported(
            FormatName(if file.size == BoardSize::Ten {
                "WTD"
            } else {
                "WTB"
            }),
            format!("game {} has no theoretical score (solve it first)", i + 1),
        ));
    }
    write(file, out);
    Ok(())
}

/// Record length of a game file.
pub const fn record_len(size: BoardSize) -> usize {
    8 + size.max_moves()
}

fn kind(size: BoardSize) -> Kind {
    match size {
        BoardSize::Eight => Kind::Wtb,
        BoardSize::Ten => Kind::Wtd,
    }
}

/// Reads a game file; the first problem stops it.
pub fn read(bytes: &[u8], size: BoardSize) -> Result<GameFile, Error> {
    let v = read_collecting(bytes, size, false);
    match v.errors.into_iter().next() {
        Some(e) => Err(e),
        None => Ok(v.file.expect("no error, so a file")),
    }
}

/// Reads a game file as conversion does: [`read`], and each theoretical
/// score past the board (a broken byte, an error to [`validate`]) said in
/// `diag`'s warnings. 255, which stands for none, is
/// read as none: writing WTB solves it as for any game without one, JSON
/// Lines leaves it out. Another value is kept.
pub fn read_warning(
    bytes: &[u8],
    size: BoardSize,
    diag: &mut boardfile_io::Diagnostics,
) -> Result<GameFile, Error> {
    let file = read(bytes, size)?;
    let (max, rec) = (size.squares(), record_len(size) as u64);
    for (i, g) in file.games.iter().enumerate() {
        if g.theoretical <= max {
            continue;
        }
        let mut at = boardfile_io::Position::byte(HEADER as u64 + i as u64 * rec + 7);
        at.record = Some(i as u64);
        diag.warn(
            boardfile_io::FormatName(kind(size).name()),
            Some(at),
            format!("game {}: {}", i + 1, past_the_board(g.theoretical, max)),
        );
    }
    Ok(file)
}

/// What is said of a theoretical score `t` past a board of `squares`:
/// 255, which stands for none, is read as none; another value is kept.
pub(crate) fn past_the_board(t: u8, squares: u8) -> String {
    let what = if t == Game::THEORETICAL_UNKNOWN {
        "read as none"
    } else {
        "kept as it is"
    };
    format!("the theoretical score {t} is more than {squares}: {what}")
}

/// What [`validate`] found.
#[derive(Debug, Default)]
pub struct Validation {
    /// The games that could be read (absent when the header is broken).
    pub file: Option<GameFile>,
    /// Every problem, in file order.
    pub errors: Vec<Error>,
    /// Games that stop while a player can still move, by record: reported,
    /// not errors.
    pub unfinished: Vec<u64>,
    /// The record each game of `file` was read from (a record that does
    /// not decode is not among the games).
    pub records: Vec<u64>,
}

fn read_collecting(bytes: &[u8], size: BoardSize, all: bool) -> Validation {
    let k = kind(size);
    let mut v = Validation::default();
    let Some(header) = Header::read_from(bytes) else {
        v.errors.push(error(
            k,
            Position::default(),
            format!("{} bytes is shorter than the 16-byte header", bytes.len()),
        ));
        return v;
    };
    let p1_ok = match size {
        BoardSize::Eight => header.p1 == 0 || header.p1 == 8,
        BoardSize::Ten => header.p1 == 10,
    };
    if !p1_ok {
        v.errors.push(error(
            k,
            Position {
                byte: 12,
                ..Position::default()
            },
            format!(
                "P1 is {}, not a {}x{} board",
                header.p1,
                size.side(),
                size.side()
            ),
        ));
        if !all {
            return v;
        }
    }
    let rec = record_len(size);
    if let Err(e) = check_size(k, bytes, header.n1 as u64, 0, rec) {
        v.errors.push(e);
        if !all {
            return v;
        }
    }
    // Never trust N1 for the allocation: the whole records present.
    let body = &bytes[HEADER..];
    let mut games = Vec::with_capacity(body.len() / rec);
    for (i, r) in body.chunks_exact(rec).enumerate() {
        let base = (HEADER + i * rec) as u64;
        match decode(r, size) {
            Ok(g) => {
                games.push(g);
                v.records.push(i as u64);
            }
            Err((at, m)) => {
                v.errors.push(error(
                    k,
                    Position {
                        byte: base + at as u64,
                        record: Some(i as u64),
                        mv: Some(at as u32 - 7),
                    },
                    m,
                ));
                if !all {
                    return v;
                }
            }
        }
    }
    v.file = Some(GameFile {
        header,
        size,
        games,
    });
    v
}

/// Decodes one record; an error gives the byte offset in the record.
fn decode(r: &[u8], size: BoardSize) -> Result<Game, (usize, String)> {
    let word = |i: usize| u16::from_le_bytes([r[i], r[i + 1]]);
    let mut moves = Vec::with_capacity(size.max_moves());
    let mut ended = false;
    for (k, &b) in r[8..].iter().enumerate() {
        if b == 0 {
            ended = true;
            continue;
        }
        if ended {
            return Err((
                8 + k,
                format!("move byte {b} after the end of the moves (a 0 before it)"),
            ));
        }
        match Square::from_wthor(b, size) {
            Some(sq) => moves.push(sq),
            None => return Err((8 + k, format!("move byte {b} is not a square"))),
        }
    }
    Ok(Game {
        size,
        tournament: word(0),
        black: word(2),
        white: word(4),
        black_score: r[6],
        theoretical: r[7],
        moves,
        year: None,
        names: None,
    })
}

/// Writes a game file; N1 and P1 come from the games.
pub fn write(file: &GameFile, out: &mut Vec<u8>) {
    let mut header = file.header;
    header.n1 = file.games.len() as u32;
    if file.size == BoardSize::Ten {
        header.p1 = 10;
    } else if header.p1 != 0 {
        header.p1 = 8;
    }
    out.reserve(HEADER + file.games.len() * record_len(file.size));
    header.write_to(out);
    for g in &file.games {
        push_record(g, file.size, out);
    }
}

fn push_record(g: &Game, size: BoardSize, out: &mut Vec<u8>) {
    out.extend_from_slice(&g.tournament.to_le_bytes());
    out.extend_from_slice(&g.black.to_le_bytes());
    out.extend_from_slice(&g.white.to_le_bytes());
    out.push(g.black_score);
    out.push(g.theoretical);
    let start = out.len();
    out.extend(g.moves.iter().map(|m| m.to_wthor(size)));
    out.resize(start + size.max_moves(), 0);
}

/// Reads a game file collecting every problem: the header count against the
/// size, square bytes, and for every game its replay (each move legal), the
/// stored black score against the replay, the theoretical score in range
/// and equal to the actual one when the game ended with P3 or more empties,
/// and the player and tournament indices inside the names files when given.
pub fn validate(
    bytes: &[u8],
    size: BoardSize,
    players: Option<&Names>,
    tournaments: Option<&Names>,
) -> Validation {
    let mut v = read_collecting(bytes, size, true);
    let Some(file) = &v.file else { return v };
    let k = kind(size);
    let rec = record_len(size) as u64;
    let depth = file.header.depth() as u32;
    let max = size.squares();
    for (&i, g) in v.records.iter().zip(&file.games) {
        let at = |offset: u64, mv: Option<u32>| Position {
            byte: HEADER as u64 + i * rec + offset,
            record: Some(i),
            mv,
        };
        let mut err = |p: Position, m: String| v.errors.push(error(k, p, m));
        match g.replay() {
            Err(e) => err(
                at(8 + e.index as u64, Some(e.index as u32 + 1)),
                e.to_string(),
            ),
            Ok((_, End::Unfinished)) => v.unfinished.push(i),
            Ok((
                _,
                End::Finished {
                    black_score,
                    empties,
                },
            )) => {
                if black_score != g.black_score {
                    err(
                        at(6, None),
                        format!(
                            "the black score is {}, the replay gives {black_score}",
                            g.black_score
                        ),
                    );
                }
                if empties >= depth && g.theoretical != g.black_score {
                    err(
                        at(7, None),
                        format!(
                            "the game ended with {empties} empties (depth {depth}), so the theoretical score {} should equal the actual {}",
                            g.theoretical, g.black_score
                        ),
                    );
                }
            }
        }
        if g.theoretical > max {
            err(
                at(7, None),
                format!("the theoretical score {} is more than {max}", g.theoretical),
            );
        }
        for (what, index, names, offset) in [
            ("tournament", g.tournament, tournaments, 0),
            ("black player", g.black, players, 2),
            ("white player", g.white, players, 4),
        ] {
            if let Some(n) = names {
                if index as usize >= n.names.len() {
                    err(
                        at(offset, None),
                        format!(
                            "{what} {index} is not in the names file ({} names)",
                            n.names.len()
                        ),
                    );
                }
            }
        }
    }
    v
}

/// [`validate`] as the commands take it: every whole record counted,
/// the names indices checked against the book's names files, and a header
/// that miscounts the games said in the warnings.
fn check(bytes: &[u8], size: BoardSize, book: &NameBook) -> Checked {
    let v = validate(
        bytes,
        size,
        book.players.as_ref(),
        book.tournaments.as_ref(),
    );
    // Every whole record, read or not (one that does not decode is among
    // the errors).
    let records = bytes.len().saturating_sub(HEADER) / record_len(size);
    let warnings = Header::read_from(bytes)
        .and_then(|h| count_warning(u64::from(h.n1), records, "games"))
        .into_iter()
        .collect();
    Checked {
        records,
        games: v.file,
        read: v.records,
        errors: v.errors,
        unfinished: v.unfinished,
        warnings,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game_bytes(moves: &[u8], black_score: u8, theoretical: u8) -> Vec<u8> {
        let mut r = vec![1, 0, 2, 0, 3, 0, black_score, theoretical];
        r.extend_from_slice(moves);
        r.resize(68, 0);
        r
    }

    fn file(records: &[Vec<u8>]) -> Vec<u8> {
        let mut out = vec![20, 26, 11, 22];
        out.extend_from_slice(&(records.len() as u32).to_le_bytes());
        out.extend_from_slice(&[0, 0, 0xea, 0x07, 8, 0, 24, 0]);
        for r in records {
            out.extend_from_slice(r);
        }
        out
    }

    #[test]
    fn unfinished_games_are_not_errors() {
        // f5 d6 c3: three moves, both players can still move.
        let bytes = file(&[game_bytes(&[56, 64, 33], 0, 0)]);
        let v = validate(&bytes, BoardSize::Eight, None, None);
        assert!(v.errors.is_empty(), "{:?}", v.errors);
        assert_eq!(v.unfinished, [0]);
        let f = read(&bytes, BoardSize::Eight).unwrap();
        assert_eq!(f.games[0].transcript(), "f5d6c3");
        let mut out = Vec::new();
        write(&f, &mut out);
        assert_eq!(out, bytes);
    }

    #[test]
    fn bad_bytes_are_named() {
        let bytes = file(&[game_bytes(&[56, 0, 33], 0, 0)]);
        let e = read(&bytes, BoardSize::Eight).unwrap_err();
        assert_eq!(
            e.to_string(),
            "WTB error at record 0, move 3 (byte 26): move byte 33 after the end of the moves (a 0 before it)"
        );
        let bytes = file(&[game_bytes(&[56, 19], 0, 0)]);
        let e = read(&bytes, BoardSize::Eight).unwrap_err();
        assert_eq!(
            e.to_string(),
            "WTB error at record 0, move 2 (byte 25): move byte 19 is not a square"
        );
        let mut short = file(&[game_bytes(&[56], 0, 0)]);
        short.truncate(60);
        let e = read(&short, BoardSize::Eight).unwrap_err();
        assert_eq!(
            e.to_string(),
            "WTB error at byte 16: the header counts 1 records (84 bytes), the file has 60 bytes (0 whole records and a short one)"
        );
    }

    #[test]
    fn a_record_that_does_not_decode_leaves_the_others_their_places() {
        // Record 0: move byte 19 is not a square. Record 1: a theoretical
        // score of 70, at byte 16 + 68 + 7 = 91. Record 2: unfinished.
        let bytes = file(&[
            game_bytes(&[56, 19], 0, 0),
            game_bytes(&[56, 64, 33], 0, 70),
            game_bytes(&[56, 64, 33], 0, 0),
        ]);
        let v = validate(&bytes, BoardSize::Eight, None, None);
        let said: Vec<String> = v.errors.iter().map(|e| e.to_string()).collect();
        assert_eq!(said.len(), 2, "{said:?}");
        assert!(said[0].contains("record 0, move 2 (byte 25)"), "{said:?}");
        assert_eq!(
            said[1],
            "WTB error at record 1 (byte 91): the theoretical score 70 is more than 64"
        );
        assert_eq!(v.unfinished, [1, 2]);
        assert_eq!(v.records, [1, 2]);
    }
}
