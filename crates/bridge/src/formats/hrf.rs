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
//! as one record a line instead. (The reader looks at the first 64 KiB: a
//! file that ends there is judged by its size; a longer one by its first
//! record, read as lines when a line ends before its 128th byte.)
//!
//! Cannot carry: dealer and vulnerability, partial deals, anything else.

use crate::codec::keeps::{Keeps, Numbers};
use crate::codec::stream::{BoardReader, BoardWriter};
use crate::codec::Format;
use crate::codec::{Descriptor, Hooks};
use crate::formats::{decode_marked_hands, require_complete, window_error, Records};
use crate::model::board::Board;
use crate::model::card::Suit;
use crate::model::deal::Seat;
use crate::model::set::SetInfo;
use boardfile_io::{Diagnostics, Error, FormatInfo, Position, Signature, Source};

/// Bytes in an HRF record.
pub const RECORD: usize = 128;

/// How far the reader looks to tell records from lines.
const LOOK: usize = 64 << 10;

/// The format.
pub static DESCRIPTOR: Descriptor = Descriptor {
    info: FormatInfo {
        name: "HRF",
        extensions: &["hrf"],
        description: "Duplimate HRF, 128-byte text records with board numbers",
        signature: Signature::Content {
            rank: 2,
            test: sniff,
        },
        reads: true,
        writes: true,
        text: true,
    },
    keeps: Keeps {
        numbers: Numbers::Any,
        ..Keeps::DEALS_ONLY
    },
    reader: Some(|src, diag| Ok(Box::new(HrfReader::open(src, diag)?))),
    writer: Some(|_| Box::new(HrfWriter::default())),
    hooks: Hooks::NONE,
};

/// This format's handle.
pub(crate) const FORMAT: Format = Format::of(&DESCRIPTOR);

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
            FORMAT,
            at(0),
            "the record does not start with a board number",
        )
    })?;
    let (deal, end) = decode_marked_hands(
        &rec[digits..],
        *b"SHDC",
        FORMAT,
        record,
        base + digits as u64,
        Some(number),
    )?;
    Ok((Board::new(number, deal), digits + end))
}

/// Reads one record (or line): the board, and an error for what follows
/// its hands that is not padding.
fn read_one(
    rec: &[u8],
    record: u64,
    base: u64,
    diag: &mut Diagnostics,
) -> Result<Option<Board>, Error> {
    match decode(rec, record, base) {
        Ok((board, end)) => {
            if let Some(off) = rec[end..].iter().position(|&b| !is_padding(b)) {
                diag.error(Error::syntax(
                    FORMAT,
                    Position::record(record, base + (end + off) as u64),
                    format!(
                        "board {}: unexpected byte 0x{:02X} after the four hands",
                        board.number,
                        rec[end + off]
                    ),
                ))?;
            }
            Ok(Some(board))
        }
        Err(e) => diag.error(e).map(|()| None),
    }
}

/// Reads an HRF file, a record or a line at a time.
pub struct HrfReader<'a> {
    records: Records<'a>,
    lines: bool,
    info: SetInfo,
}

impl<'a> HrfReader<'a> {
    fn open(mut src: Source<'a>, diag: &mut Diagnostics) -> Result<HrfReader<'a>, Error> {
        let data = src.fill(LOOK + 1)?;
        let lines = if data.len() <= LOOK {
            !data.len().is_multiple_of(RECORD)
        } else {
            data[..RECORD - 1].contains(&b'\n')
        };
        if lines {
            let size = if data.len() <= LOOK {
                format!("{} bytes", data.len())
            } else {
                "of lines shorter than 128 bytes".to_string()
            };
            diag.warn(
                FORMAT,
                None,
                format!(
                    "the file is {size}, not whole 128-byte records; read as one record a line"
                ),
            );
        }
        Ok(HrfReader {
            records: Records::new(src, RECORD),
            lines,
            info: SetInfo::default(),
        })
    }
}

impl BoardReader for HrfReader<'_> {
    fn head(&self) -> &SetInfo {
        &self.info
    }

    fn next_board(&mut self, diag: &mut Diagnostics) -> Result<Option<Board>, Error> {
        loop {
            if !self.lines {
                let Some((i, base, rec)) = self.records.next(FORMAT, diag)? else {
                    return Ok(None);
                };
                match read_one(rec, i, base, diag)? {
                    Some(b) => return Ok(Some(b)),
                    None => continue,
                }
            }
            let src = &mut self.records.src;
            let base = src.offset();
            let line = src
                .next_line()
                .map_err(|e| window_error(FORMAT, Position::byte(base), e))?;
            let Some(line) = line else {
                return Ok(None);
            };
            if line.iter().all(|&b| is_padding(b)) {
                continue;
            }
            let record = self.records.index;
            self.records.index += 1;
            if let Some(b) = read_one(line, record, base, diag)? {
                return Ok(Some(b));
            }
        }
    }

    fn position(&self) -> u64 {
        self.records.src.offset()
    }

    fn size_hint(&self) -> usize {
        match self.lines {
            false => self.records.left(),
            true if self.records.src.is_eof() => {
                1 + crate::formats::boards_hint(&[self.records.src.data()], b"\n", 64)
            }
            true => 0,
        }
    }
}

/// Writes an HRF file in the form the module header documents.
#[derive(Default)]
pub struct HrfWriter {
    rec: Vec<u8>,
}

impl BoardWriter for HrfWriter {
    fn head(&mut self, _: &SetInfo, _: &mut Vec<u8>) -> Result<(), Error> {
        Ok(())
    }

    fn board(&mut self, board: &Board, out: &mut Vec<u8>) -> Result<(), Error> {
        require_complete(board, FORMAT)?;
        let rec = &mut self.rec;
        rec.clear();
        crate::formats::push_number(rec, board.number);
        for seat in Seat::ALL {
            let hand = board.deal.hand(seat);
            for suit in Suit::ALL {
                rec.push(suit.letter() as u8);
                hand.push_ranks(suit, rec);
            }
        }
        rec.resize(RECORD - 2, b' ');
        rec.extend_from_slice(b"\r\n");
        out.extend_from_slice(rec);
        Ok(())
    }

    fn finish(&mut self, _: &SetInfo, _: &mut Vec<u8>) -> Result<(), Error> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::set::BoardSet;
    use crate::records::{read as read_file, write as write_file};

    fn write(set: &BoardSet, out: &mut Vec<u8>) -> Result<(), Error> {
        write_file(FORMAT, set, out)
    }

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
        let set = read_file(FORMAT, &bytes).unwrap().set;
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
        let canonical = read_file(FORMAT, &records(b"\r\n")).unwrap().set;
        let nul = records(&[0; 20]);
        assert_eq!(read_file(FORMAT, &nul).unwrap().set, canonical);
        let lines = format!("{}\r\n{}\r\n", CONVERT_EXAMPLES[0], CONVERT_EXAMPLES[1]);
        let outcome = read_file(FORMAT, lines.as_bytes()).unwrap();
        assert_eq!(outcome.set, canonical);
        assert_eq!(outcome.warnings.len(), 1);
    }

    #[test]
    fn errors() {
        let mut bytes = records(b"\r\n");
        bytes[128 + 1] = b'X';
        let e = read_file(FORMAT, &bytes).unwrap_err();
        assert_eq!(
            e.to_string(),
            "HRF error at record 1 (byte 129): board 2: North: expected S, found byte 0x58"
        );
        let mut bytes = records(b"\r\n");
        bytes[100] = b'Q';
        let e = read_file(FORMAT, &bytes).unwrap_err();
        assert_eq!(
            e.to_string(),
            "HRF error at record 0 (byte 100): board 1: unexpected byte 0x51 after the four hands"
        );
    }
}
