//! Solitaire files: SOLITAIRES##.PZZ, 8x8 end-game positions.
//!
//! After the 16-byte header (N1 solitaires, N2 empty squares, P2 = 1) comes
//! a table of 64 little-endian `i32`, all 0 but entry N2, which repeats N1.
//! The seed says 512 bytes; real files have 64 entries of 4 bytes, 256
//! bytes (DESIGN.md). Then 36-byte records:
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 2 | year |
//! | 2 | 2 | tournament index |
//! | 4 | 4 | black player index (`i32`) |
//! | 8 | 4 | white player index (`i32`) |
//! | 12 | 16 | position: 2 bytes a row from row 1; a1 in bits 7-6 of the first; `11` black, `10` white, `00` or `01` empty |
//! | 28 | 1 | empty squares |
//! | 29 | 1 | to move: 1 black, 2 white |
//! | 30 | 1 | solution score, disc difference for the player to move (signed) |
//! | 31 | 1 | first move of the solution, `col + 10 * row` |
//! | 32 | 1 | black's discs at the end of the game it comes from |
//! | 33 | 1 | move 25 of that game, 0 when unknown |
//! | 34 | 2 | reserved |
//!
//! Records are kept byte for byte (the position's empty-square code and the
//! reserved bytes too); [`Solitaire::position`] decodes the position.

use super::{check_size, error, Position};
use crate::codec::{info, Checked, Descriptor, Holds, Hooks, Layout, Records};
use crate::model::header::{count_warning, Header, Kind, HEADER};
use crate::model::position::{BoardSize, Color, Position as Board, Square};
use boardfile_io::{Error, Signature};

/// Length of the table after the header.
pub const TABLE: usize = 256;
/// Length of a record.
pub const RECORD: usize = 36;

/// The format.
pub static DESCRIPTOR: Descriptor = Descriptor {
    info: info(
        "PZZ",
        &["pzz"],
        "WTHOR solitaires: end-game positions and their solutions",
        Signature::Extension,
        true,
    ),
    holds: Holds::Solitaires,
    size: Some(BoardSize::Eight),
    read_games: None,
    write_games: None,
    legal_games_only: false,
    theoretical: false,
    read_names: None,
    write_names: None,
    layout: Some(Layout {
        header: HEADER + TABLE,
        record: RECORD,
    }),
    hooks: Hooks {
        check: Some(|bytes, _| {
            let (file, errors) = validate(bytes);
            let records = file.map_or(0, |f| f.solitaires.len());
            Checked {
                records,
                warnings: count_of(bytes, records),
                errors,
                ..Checked::default()
            }
        }),
        records: Some(Records {
            count: |bytes| Ok(read(bytes)?.solitaires.len()),
            rewrite: |bytes, out| {
                let file = read(bytes)?;
                write(&file, out);
                Ok(file.solitaires.len())
            },
        }),
        ..Hooks::NONE
    },
};

/// The warning of a header whose N1 does not count the `records`
/// solitaires.
fn count_of(bytes: &[u8], records: usize) -> Vec<String> {
    Header::read_from(bytes)
        .and_then(|h| count_warning(u64::from(h.n1), records, "solitaires"))
        .into_iter()
        .collect()
}

/// One solitaire record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Solitaire {
    /// The year of the game it comes from.
    pub year: u16,
    /// Tournament index.
    pub tournament: u16,
    /// Black player index.
    pub black: i32,
    /// White player index.
    pub white: i32,
    /// The position bytes as stored.
    pub cells: [u8; 16],
    /// Empty squares.
    pub empties: u8,
    /// 1 black to move, 2 white.
    pub to_move: u8,
    /// Disc difference for the player to move after perfect play.
    pub solution_score: i8,
    /// The first move of the solution (`col + 10 * row`).
    pub first_move: u8,
    /// Black's discs at the end of the game.
    pub game_score: u8,
    /// Move 25 of the game, 0 when unknown.
    pub move_25: u8,
    /// The reserved bytes.
    pub reserved: [u8; 2],
}

/// A PZZ file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SolitaireFile {
    /// The header; N1 is rewritten on write.
    pub header: Header,
    /// The 64-entry table as read.
    pub table: [i32; 64],
    /// The solitaires.
    pub solitaires: Vec<Solitaire>,
}

impl Solitaire {
    /// The position, or `None` when a cell code or the player to move is
    /// not one the format knows.
    pub fn position(&self) -> Option<Board> {
        let (mut black, mut white) = (0u128, 0u128);
        for row in 0..8u8 {
            for col in 0..8u8 {
                let byte = self.cells[row as usize * 2 + col as usize / 4];
                let code = (byte >> (6 - 2 * (col % 4))) & 3;
                let bit = 1u128 << (row * 8 + col);
                match code {
                    3 => black |= bit,
                    2 => white |= bit,
                    _ => {}
                }
            }
        }
        let color = match self.to_move {
            1 => Color::Black,
            2 => Color::White,
            _ => return None,
        };
        Board::from_discs(BoardSize::Eight, black, white, color)
    }

    /// Encodes a position into the 16 cell bytes (empty as `00`).
    pub fn encode_cells(p: &Board) -> [u8; 16] {
        let mut cells = [0u8; 16];
        for row in 0..8u8 {
            for col in 0..8u8 {
                let code = match p.at(Square { col, row }) {
                    Some(Color::Black) => 3,
                    Some(Color::White) => 2,
                    None => 0,
                };
                cells[row as usize * 2 + col as usize / 4] |= code << (6 - 2 * (col % 4));
            }
        }
        cells
    }
}

/// Reads a PZZ file.
pub fn read(bytes: &[u8]) -> Result<SolitaireFile, Error> {
    let k = Kind::Pzz;
    let header = Header::read_from(bytes).ok_or_else(|| {
        error(
            k,
            Position::default(),
            format!("{} bytes is shorter than the 16-byte header", bytes.len()),
        )
    })?;
    check_size(k, bytes, header.n1 as u64, TABLE, RECORD)?;
    let mut table = [0i32; 64];
    for (i, t) in table.iter_mut().enumerate() {
        let at = HEADER + 4 * i;
        *t = i32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
    }
    let solitaires = bytes[HEADER + TABLE..]
        .chunks_exact(RECORD)
        .map(|r| Solitaire {
            year: u16::from_le_bytes([r[0], r[1]]),
            tournament: u16::from_le_bytes([r[2], r[3]]),
            black: i32::from_le_bytes([r[4], r[5], r[6], r[7]]),
            white: i32::from_le_bytes([r[8], r[9], r[10], r[11]]),
            cells: r[12..28].try_into().expect("16 bytes"),
            empties: r[28],
            to_move: r[29],
            solution_score: r[30] as i8,
            first_move: r[31],
            game_score: r[32],
            move_25: r[33],
            reserved: [r[34], r[35]],
        })
        .collect();
    Ok(SolitaireFile {
        header,
        table,
        solitaires,
    })
}

/// Writes a PZZ file; N1 comes from the solitaires.
pub fn write(file: &SolitaireFile, out: &mut Vec<u8>) {
    let mut header = file.header;
    header.n1 = file.solitaires.len() as u32;
    header.write_to(out);
    for t in file.table {
        out.extend_from_slice(&t.to_le_bytes());
    }
    for s in &file.solitaires {
        out.extend_from_slice(&s.year.to_le_bytes());
        out.extend_from_slice(&s.tournament.to_le_bytes());
        out.extend_from_slice(&s.black.to_le_bytes());
        out.extend_from_slice(&s.white.to_le_bytes());
        out.extend_from_slice(&s.cells);
        out.extend_from_slice(&[
            s.empties,
            s.to_move,
            s.solution_score as u8,
            s.first_move,
            s.game_score,
            s.move_25,
        ]);
        out.extend_from_slice(&s.reserved);
    }
}

/// Every problem of a PZZ file: the table against the header, and for each
/// solitaire its position, empties, player to move and a legal first move.
pub fn validate(bytes: &[u8]) -> (Option<SolitaireFile>, Vec<Error>) {
    let k = Kind::Pzz;
    let file = match read(bytes) {
        Ok(f) => f,
        Err(e) => return (None, vec![e]),
    };
    let mut errors = Vec::new();
    let n2 = file.header.n2 as usize;
    for (i, &t) in file.table.iter().enumerate() {
        let want = if i == n2 { file.header.n1 as i32 } else { 0 };
        if t != want {
            errors.push(error(
                k,
                Position {
                    byte: (HEADER + 4 * i) as u64,
                    ..Position::default()
                },
                format!(
                    "table entry {i} is {t}, not {want} (N1 {} at entry N2 {n2})",
                    file.header.n1
                ),
            ));
        }
    }
    for (i, s) in file.solitaires.iter().enumerate() {
        let at = |offset: usize| Position {
            byte: (HEADER + TABLE + i * RECORD + offset) as u64,
            record: Some(i as u64),
            mv: None,
        };
        let Some(p) = s.position() else {
            errors.push(error(
                k,
                at(29),
                format!("to move is {}, not 1 (black) or 2 (white)", s.to_move),
            ));
            continue;
        };
        if p.empties() != s.empties as u32 || s.empties as usize != n2 {
            errors.push(error(
                k,
                at(28),
                format!(
                    "the position has {} empty squares, the record says {} and the header {n2}",
                    p.empties(),
                    s.empties
                ),
            ));
        }
        match Square::from_wthor(s.first_move, BoardSize::Eight) {
            Some(sq) if p.flips(sq, p.to_move()) != 0 => {}
            _ => errors.push(error(
                k,
                at(31),
                format!(
                    "the solution's first move (byte {}) is not legal in the position",
                    s.first_move
                ),
            )),
        }
    }
    (Some(file), errors)
}
