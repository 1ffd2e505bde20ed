//! BRE: Dealer4's DGE-coded records after three text lines.
//!
//! Spec: the Dealer4 appendix (`seeds/000_a3f04a5dbc60993e.txt`, A3).
//!
//! | part | bytes | meaning |
//! |---|---|---|
//! | line 1 | text + CR LF | event |
//! | line 2 | text + CR LF | site |
//! | line 3 | text + CR LF | date, as written (`01.01.2013`) |
//! | record | 68 + CR LF | the four hands, coded as in DGE |
//!
//! The text lines are read as ISO-8859-1. Lines ending in a bare LF and a
//! last record without its CR LF are read with a warning; the writer always
//! uses CR LF.
//!
//! Cannot carry: board numbers (record `i` is board `i + 1`), dealer and
//! vulnerability, partial deals, anything but event, site and date.

use crate::codec::keeps::{Keeps, Tags};
use crate::codec::stream::{BoardReader, BoardWriter};
use crate::codec::Format;
use crate::codec::{Descriptor, Hooks};
use crate::formats::{dge, latin1_decode, latin1_encode, require_complete, window_error};
use crate::model::board::Board;
use crate::model::set::{Heading, SetInfo};
use boardfile_io::{Diagnostics, Error, FormatInfo, Position, Signature, Source};

/// Bytes in a board record, CR LF included.
pub const RECORD: usize = dge::HANDS + 2;

/// The format.
pub static DESCRIPTOR: Descriptor = Descriptor {
    info: FormatInfo {
        name: "BRE",
        extensions: &["bre"],
        description: "Dealer4 BRE, event/site/date then 70-byte records",
        signature: Signature::Content {
            rank: 3,
            test: sniff,
        },
        reads: true,
        writes: true,
        text: true,
    },
    keeps: Keeps {
        headings: crate::model::set::Heading::ALL,
        tags: Tags::Only {
            names: &["Event", "Site", "Date"],
            described: "the event, site and date",
            from_play: &[],
            from_header: &[],
        },
        ..Keeps::DEALS_ONLY
    },
    reader: Some(|src, diag| Ok(Box::new(BreReader::open(src, diag)?))),
    writer: Some(|_| Box::new(BreWriter::default())),
    hooks: Hooks::NONE,
};

/// This format's handle.
pub(crate) const FORMAT: Format = Format::of(&DESCRIPTOR);

/// True when the byte after the third line is the spade symbol.
pub fn sniff(bytes: &[u8]) -> bool {
    let mut at = 0;
    for _ in 0..3 {
        match bytes[at..bytes.len().min(at + 512)]
            .iter()
            .position(|&b| b == b'\n')
        {
            Some(n) => at += n + 1,
            None => return false,
        }
    }
    bytes.get(at) == Some(&dge::SYMBOLS[0])
}

/// Reads a BRE file: the three lines, then a record at a time.
pub struct BreReader<'a> {
    src: Source<'a>,
    info: SetInfo,
    index: u64,
}

impl<'a> BreReader<'a> {
    fn open(mut src: Source<'a>, diag: &mut Diagnostics) -> Result<BreReader<'a>, Error> {
        let mut lines = Vec::with_capacity(3);
        let mut bare_lf = false;
        for line in 1..=3u64 {
            let at = src.offset();
            let pos = Position::byte(at).with_line(line);
            let Some(text) = src
                .next_line()
                .map_err(|e| window_error(FORMAT, pos, e))?
                .map(<[u8]>::to_vec)
            else {
                return Err(eof_in_header(at, line));
            };
            // A last line without its line feed: the file ends inside the header.
            if src.offset() != at + text.len() as u64 + 1 {
                return Err(eof_in_header(at, line));
            }
            let text = match text.strip_suffix(b"\r") {
                Some(t) => t,
                None => {
                    bare_lf = true;
                    &text[..]
                }
            };
            if let Some(cr) = text.iter().position(|&b| b == b'\r') {
                // A line break inside a line: the writer could not give it back.
                diag.error(Error::syntax(
                    FORMAT,
                    Position::byte(at + cr as u64).with_line(line),
                    format!("header line {line} holds a carriage return inside it"),
                ))?;
            }
            lines.push(latin1_decode(text));
        }
        if bare_lf {
            diag.warn(
                FORMAT,
                Some(Position::byte(0).with_line(1)),
                "header lines end in LF alone; they are written with CR LF",
            );
        }
        let mut lines = lines.into_iter();
        Ok(BreReader {
            src,
            info: SetInfo {
                event: lines.next(),
                site: lines.next(),
                date: lines.next(),
                ..SetInfo::default()
            },
            index: 0,
        })
    }
}

fn eof_in_header(at: u64, line: u64) -> Error {
    Error::syntax(
        FORMAT,
        Position::byte(at).with_line(line),
        format!("the file ends inside header line {line} (event, site and date come first)"),
    )
}

impl BoardReader for BreReader<'_> {
    fn head(&self) -> &SetInfo {
        &self.info
    }

    fn next_board(&mut self, diag: &mut Diagnostics) -> Result<Option<Board>, Error> {
        loop {
            let base = self.src.offset();
            let rec = self.src.fill(RECORD)?;
            if rec.is_empty() {
                return Ok(None);
            }
            let record = self.index;
            let n = rec.len().min(RECORD);
            if n < dge::HANDS {
                self.src.consume(n);
                diag.error(Error::syntax(
                    FORMAT,
                    Position::record(record, base),
                    format!("truncated record: {n} of {RECORD} bytes"),
                ))?;
                return Ok(None);
            }
            let rec = self.src.take(n);
            self.index += 1;
            let board = match dge::decode_hands(&rec[..dge::HANDS], FORMAT, record, base) {
                Ok(deal) => Some(Board::new(super::board_number(record), deal)),
                Err(e) => {
                    diag.error(e)?;
                    None
                }
            };
            match &rec[dge::HANDS..] {
                b"\r\n" => {}
                [] => diag.warn(
                    FORMAT,
                    Some(Position::record(record, base)),
                    "the last record has no CR LF; it is written with one",
                ),
                other => diag.error(Error::syntax(
                    FORMAT,
                    Position::record(record, base + dge::HANDS as u64),
                    format!("expected CR LF after the hands, found {:02X?}", other),
                ))?,
            }
            if board.is_some() {
                return Ok(board);
            }
        }
    }

    fn read_boards(
        &mut self,
        boards: &mut Vec<Board>,
        until: usize,
        diag: &mut Diagnostics,
    ) -> Result<bool, Error> {
        // Whole records that decode and end in CR LF, straight onto the list.
        crate::codec::stream::read_boards_quickly(self, boards, until, diag, |r| {
            let (record, base) = (r.index, r.src.offset());
            let data = r.src.data();
            if data.len() < RECORD || data[dge::HANDS..RECORD] != *b"\r\n" {
                return None;
            }
            let deal = dge::decode_hands(&data[..dge::HANDS], FORMAT, record, base).ok()?;
            r.src.consume(RECORD);
            r.index += 1;
            Some(Board::new(super::board_number(record), deal))
        })
    }

    fn position(&self) -> u64 {
        self.src.offset()
    }

    fn size_hint(&self) -> usize {
        super::records_left(&self.src, RECORD)
    }
}

/// Writes a BRE file; missing event, site or date lines are written empty.
/// The lines are written with the first board, whose tags may give them.
#[derive(Default)]
pub struct BreWriter {
    head: Option<SetInfo>,
    rec: Option<[u8; RECORD]>,
}

impl BreWriter {
    fn lines(&mut self, first: Option<&Board>, out: &mut Vec<u8>) -> Result<(), Error> {
        let Some(info) = self.head.take() else {
            return Ok(());
        };
        for (name, which) in [
            ("event", Heading::Event),
            ("site", Heading::Site),
            ("date", Heading::Date),
        ] {
            let text = info.heading(which, first).unwrap_or("");
            if text.contains(['\r', '\n']) {
                return Err(Error::unsupported(
                    FORMAT,
                    format!("the {name} holds a line break"),
                ));
            }
            let bytes = latin1_encode(text).map_err(|c| {
                Error::unsupported(
                    FORMAT,
                    format!("the {name} holds {c:?}, which ISO-8859-1 cannot write"),
                )
            })?;
            out.extend_from_slice(&bytes);
            out.extend_from_slice(b"\r\n");
        }
        Ok(())
    }
}

impl BoardWriter for BreWriter {
    fn head(&mut self, head: &SetInfo, _: &mut Vec<u8>) -> Result<(), Error> {
        self.head = Some(head.clone());
        Ok(())
    }

    fn board(&mut self, board: &Board, out: &mut Vec<u8>) -> Result<(), Error> {
        require_complete(board, FORMAT)?;
        self.lines(Some(board), out)?;
        let rec = self.rec.get_or_insert_with(|| {
            let mut r = [0u8; RECORD];
            r[dge::HANDS..].copy_from_slice(b"\r\n");
            r
        });
        dge::encode_hands(&board.deal, &mut rec[..dge::HANDS]);
        out.extend_from_slice(rec);
        Ok(())
    }

    fn finish(&mut self, _: &SetInfo, out: &mut Vec<u8>) -> Result<(), Error> {
        self.lines(None, out)
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

    /// The Dealer4 appendix's BRE hex dump.
    fn dealer4_sample() -> Vec<u8> {
        let mut v = b"File Format Samples\r\nMelbourne\r\n01.01.2013\r\n".to_vec();
        for h in crate::formats::dge::tests::dealer4_hands() {
            v.extend_from_slice(&h);
            v.extend_from_slice(b"\r\n");
        }
        v
    }

    #[test]
    fn dealer4_appendix_sample() {
        let bytes = dealer4_sample();
        assert_eq!(bytes.len(), 0xb8, "the dump ends at offset 0xb7");
        assert_eq!(&bytes[0x70..0x73], b"\r\n\x06");
        let set = read_file(FORMAT, &bytes).unwrap().set;
        assert_eq!(set.info.event.as_deref(), Some("File Format Samples"));
        assert_eq!(set.info.site.as_deref(), Some("Melbourne"));
        assert_eq!(set.info.date.as_deref(), Some("01.01.2013"));
        let bri = read_file(Format::Bri, &crate::formats::bri::tests::dealer4_sample())
            .unwrap()
            .set;
        assert_eq!(set.boards, bri.boards);
        let mut out = Vec::new();
        write(&set, &mut out).unwrap();
        assert_eq!(out, bytes);
    }

    #[test]
    fn truncation_and_latin1() {
        let bytes = dealer4_sample();
        let e = read_file(FORMAT, &bytes[..100]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "BRE error at record 0 (byte 44): truncated record: 56 of 70 bytes"
        );
        let e = read_file(FORMAT, b"Event\r\nSite").unwrap_err();
        assert!(e.to_string().contains("line 2"), "{e}");
        let mut latin = b"Z\xfcrich\r\n\r\n\r\n".to_vec();
        latin.extend_from_slice(&bytes[44..]);
        let set = read_file(FORMAT, &latin).unwrap().set;
        assert_eq!(set.info.event.as_deref(), Some("Zürich"));
        let mut out = Vec::new();
        write(&set, &mut out).unwrap();
        assert_eq!(out, latin);
    }
}
