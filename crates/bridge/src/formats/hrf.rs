//! HRF: Duplimate's hand-record records, board number and four hands as text.
//!
//! Spec: Duplimate's Convert notes (`seeds/001_e9122df412161a75.txt`), which
//! give the content and the 128-byte size but not the padding.
//!
//! | offset | width | meaning |
//! |---|---|---|
//! | 0 | 1-3 | board number, decimal |
//! | then | 4 × (4 + cards) | North, East, South, West, each `S..H..D..C..` with ranks from `AKQJT98765432` |
//! | then | to 126 | spaces (this crate's choice) |
//! | 126 | 2 | CR LF (this crate's choice) |
//!
//! Example from the notes: `1SJ987HJT7643DA4CQSHKQ2DQT9CAK98543SAQ42HA8DKJ762CJ2SKT653H95D853CT76`.
//!
//! The padding is undocumented, so the writer uses the one form above, which
//! keeps the 128-byte records and also shows one board a line in a text
//! editor. The reader accepts any mix of spaces, NULs, CR, LF, tabs and
//! Ctrl-Z after the hands; a file whose size is not a multiple of 128 is read
//! as one record a line instead.
//!
//! Cannot carry: dealer and vulnerability, partial deals, anything else.

use crate::board::{Board, BoardSet};
use crate::card::Suit;
use crate::deal::Seat;
use crate::error::{Diagnostics, Error, Position};
use crate::format::Format;
use crate::formats::{decode_marked_hands, require_complete};
use std::io::Write;

/// Bytes in an HRF record.
pub const RECORD: usize = 128;

fn is_padding(b: u8) -> bool {
    matches!(b, 0 | b' ' | b'\r' | b'\n' | b'\t' | 0x1a)
}

/// True when the file starts with a board number followed by `S`.
pub fn sniff(bytes: &[u8]) -> bool {
    let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
    (1..=4).contains(&digits) && bytes.get(digits) == Some(&b'S')
}

/// Parses one record's text; returns the board and where the hands end.
fn decode(rec: &[u8], record: u64, base: u64) -> Result<(Board, usize), Error> {
    let at = |i: usize| Position::record(record, base + i as u64);
    let digits = rec.iter().take_while(|b| b.is_ascii_digit()).count();
    let number = crate::formats::parse_u32(&rec[..digits]).ok_or_else(|| {
        Error::syntax(
            Format::Hrf,
            at(0),
            "the record does not start with a board number",
        )
    })?;
    let (deal, end) = decode_marked_hands(
        &rec[digits..],
        *b"SHDC",
        Format::Hrf,
        record,
        base + digits as u64,
        &format!("board {number}: "),
    )?;
    Ok((Board::new(number, deal), digits + end))
}

fn read_one(
    rec: &[u8],
    record: u64,
    base: u64,
    boards: &mut Vec<Board>,
    diag: &mut Diagnostics,
) -> Result<(), Error> {
    match decode(rec, record, base) {
        Ok((board, end)) => {
            if let Some(off) = rec[end..].iter().position(|&b| !is_padding(b)) {
                diag.error(Error::syntax(
                    Format::Hrf,
                    Position::record(record, base + (end + off) as u64),
                    format!(
                        "board {}: unexpected byte 0x{:02X} after the four hands",
                        board.number,
                        rec[end + off]
                    ),
                ))?;
            }
            boards.push(board);
            Ok(())
        }
        Err(e) => diag.error(e),
    }
}

/// Reads an HRF file.
pub fn read(bytes: &[u8], diag: &mut Diagnostics) -> Result<BoardSet, Error> {
    let mut boards = Vec::new();
    if bytes.len().is_multiple_of(RECORD) {
        for (i, rec) in bytes.chunks_exact(RECORD).enumerate() {
            read_one(rec, i as u64, (i * RECORD) as u64, &mut boards, diag)?;
        }
    } else {
        diag.warn(
            Format::Hrf,
            None,
            format!(
                "the file is {} bytes, not whole 128-byte records; read as one record a line",
                bytes.len()
            ),
        );
        let mut base = 0;
        let mut record = 0;
        for line in bytes.split_inclusive(|&b| b == b'\n') {
            if !line.iter().all(|&b| is_padding(b)) {
                read_one(line, record, base as u64, &mut boards, diag)?;
                record += 1;
            }
            base += line.len();
        }
    }
    Ok(BoardSet::from_boards(boards))
}

/// Writes an HRF file in the form the module header documents.
pub fn write(set: &BoardSet, out: &mut dyn Write) -> Result<(), Error> {
    require_complete(set, Format::Hrf)?;
    let mut rec = Vec::with_capacity(RECORD);
    for board in &set.boards {
        rec.clear();
        rec.extend_from_slice(board.number.to_string().as_bytes());
        for seat in Seat::ALL {
            let hand = board.deal.hand(seat);
            for suit in Suit::ALL {
                rec.push(suit.letter() as u8);
                hand.push_ranks(suit, &mut rec);
            }
        }
        rec.resize(RECORD - 2, b' ');
        rec.extend_from_slice(b"\r\n");
        out.write_all(&rec)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::read as read_file;

    const CONVERT_EXAMPLES: [&str; 2] = [
        "1SJ987HJT7643DA4CQSHKQ2DQT9CAK98543SAQ42HA8DKJ762CJ2SKT653H95D853CT76",
        "2SAQ93HT32DKQ7CT53S85HA96DAT84CA942SKTHKQ754DJ32CJ86SJ7642HJ8D965CKQ7",
    ];

    fn records(pad: &[u8]) -> Vec<u8> {
        let mut v = Vec::new();
        for text in CONVERT_EXAMPLES {
            let start = v.len();
            v.extend_from_slice(text.as_bytes());
            while v.len() - start < RECORD - pad.len() {
                v.push(b' ');
            }
            v.extend_from_slice(pad);
        }
        v
    }

    #[test]
    fn convert_notes_examples() {
        let bytes = records(b"\r\n");
        let set = read_file(Format::Hrf, &bytes).unwrap().set;
        assert_eq!(set.boards.len(), 2);
        // Hand-read from the notes: board 1, East void in spades.
        assert_eq!(
            set.boards[0].deal.to_pbn(),
            "N:J987.JT7643.A4.Q .KQ2.QT9.AK98543 AQ42.A8.KJ762.J2 KT653.95.853.T76"
        );
        assert_eq!(set.boards[1].number, 2);
        let mut out = Vec::new();
        write(&set, &mut out).unwrap();
        assert_eq!(out, bytes);
    }

    #[test]
    fn other_paddings_and_lines() {
        let canonical = read_file(Format::Hrf, &records(b"\r\n")).unwrap().set;
        let nul = records(&[0; 20]);
        assert_eq!(read_file(Format::Hrf, &nul).unwrap().set, canonical);
        let lines = format!("{}\r\n{}\r\n", CONVERT_EXAMPLES[0], CONVERT_EXAMPLES[1]);
        let outcome = read_file(Format::Hrf, lines.as_bytes()).unwrap();
        assert_eq!(outcome.set, canonical);
        assert_eq!(outcome.warnings.len(), 1);
    }

    #[test]
    fn errors() {
        let mut bytes = records(b"\r\n");
        bytes[128 + 1] = b'X';
        let e = read_file(Format::Hrf, &bytes).unwrap_err();
        assert_eq!(
            e.to_string(),
            "HRF error at record 1 (byte 129): board 2: North: expected S, found byte 0x58"
        );
        let mut bytes = records(b"\r\n");
        bytes[100] = b'Q';
        let e = read_file(Format::Hrf, &bytes).unwrap_err();
        assert_eq!(
            e.to_string(),
            "HRF error at record 0 (byte 100): board 1: unexpected byte 0x51 after the four hands"
        );
    }
}
