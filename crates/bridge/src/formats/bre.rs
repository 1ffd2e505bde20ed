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

use crate::board::{Board, BoardSet, Heading};
use crate::error::{Diagnostics, Error, Position};
use crate::format::Format;
use crate::formats::{dge, latin1_decode, latin1_encode, require_complete};
use std::io::Write;

/// Bytes in a board record, CR LF included.
pub const RECORD: usize = dge::HANDS + 2;

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

/// Reads a BRE file.
pub fn read(bytes: &[u8], diag: &mut Diagnostics) -> Result<BoardSet, Error> {
    let mut at = 0;
    let mut lines = Vec::with_capacity(3);
    let mut bare_lf = false;
    for line in 1..=3u64 {
        let Some(n) = bytes[at..].iter().position(|&b| b == b'\n') else {
            return Err(Error::syntax(
                Format::Bre,
                Position::byte(at as u64).with_line(line),
                format!(
                    "the file ends inside header line {line} (event, site and date come first)"
                ),
            ));
        };
        let mut text = &bytes[at..at + n];
        match text.last() {
            Some(b'\r') => text = &text[..text.len() - 1],
            _ => bare_lf = true,
        }
        if let Some(cr) = text.iter().position(|&b| b == b'\r') {
            // A line break inside a line: the writer could not give it back.
            diag.error(Error::syntax(
                Format::Bre,
                Position::byte((at + cr) as u64).with_line(line),
                format!("header line {line} holds a carriage return inside it"),
            ))?;
        }
        lines.push(latin1_decode(text));
        at += n + 1;
    }
    if bare_lf {
        diag.warn(
            Format::Bre,
            Some(Position::byte(0).with_line(1)),
            "header lines end in LF alone; they are written with CR LF",
        );
    }
    let mut boards = Vec::new();
    let body = &bytes[at..];
    let mut i = 0;
    while i * RECORD < body.len() {
        let start = i * RECORD;
        let base = (at + start) as u64;
        let rec = &body[start..body.len().min(start + RECORD)];
        let record = i as u64;
        if rec.len() < dge::HANDS {
            diag.error(Error::syntax(
                Format::Bre,
                Position::record(record, base),
                format!("truncated record: {} of {RECORD} bytes", rec.len()),
            ))?;
            break;
        }
        match dge::decode_hands(&rec[..dge::HANDS], Format::Bre, record, base) {
            Ok(deal) => boards.push(Board::new(i as u32 + 1, deal)),
            Err(e) => diag.error(e)?,
        }
        match &rec[dge::HANDS..] {
            b"\r\n" => {}
            [] => diag.warn(
                Format::Bre,
                Some(Position::record(record, base)),
                "the last record has no CR LF; it is written with one",
            ),
            other => {
                diag.error(Error::syntax(
                    Format::Bre,
                    Position::record(record, base + dge::HANDS as u64),
                    format!("expected CR LF after the hands, found {:02X?}", other),
                ))?;
            }
        }
        i += 1;
    }
    let mut lines = lines.into_iter();
    Ok(BoardSet {
        boards,
        event: lines.next(),
        site: lines.next(),
        date: lines.next(),
        ..BoardSet::default()
    })
}

/// Writes a BRE file; missing event, site or date lines are written empty.
pub fn write(set: &BoardSet, out: &mut dyn Write) -> Result<(), Error> {
    require_complete(set, Format::Bre)?;
    for (name, which) in [
        ("event", Heading::Event),
        ("site", Heading::Site),
        ("date", Heading::Date),
    ] {
        let text = set.heading(which).unwrap_or("");
        if text.contains(['\r', '\n']) {
            return Err(Error::unsupported(
                Format::Bre,
                format!("the {name} holds a line break"),
            ));
        }
        let bytes = latin1_encode(text).map_err(|c| {
            Error::unsupported(
                Format::Bre,
                format!("the {name} holds {c:?}, which ISO-8859-1 cannot write"),
            )
        })?;
        out.write_all(&bytes)?;
        out.write_all(b"\r\n")?;
    }
    let mut rec = [0u8; RECORD];
    rec[dge::HANDS..].copy_from_slice(b"\r\n");
    for board in &set.boards {
        dge::encode_hands(&board.deal, &mut rec[..dge::HANDS]);
        out.write_all(&rec)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::read as read_file;

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
        let set = read_file(Format::Bre, &bytes).unwrap().set;
        assert_eq!(set.event.as_deref(), Some("File Format Samples"));
        assert_eq!(set.site.as_deref(), Some("Melbourne"));
        assert_eq!(set.date.as_deref(), Some("01.01.2013"));
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
        let e = read_file(Format::Bre, &bytes[..100]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "BRE error at record 0 (byte 44): truncated record: 56 of 70 bytes"
        );
        let e = read_file(Format::Bre, b"Event\r\nSite").unwrap_err();
        assert!(e.to_string().contains("line 2"), "{e}");
        let mut latin = b"Z\xfcrich\r\n\r\n\r\n".to_vec();
        latin.extend_from_slice(&bytes[44..]);
        let set = read_file(Format::Bre, &latin).unwrap().set;
        assert_eq!(set.event.as_deref(), Some("Zürich"));
        let mut out = Vec::new();
        write(&set, &mut out).unwrap();
        assert_eq!(out, latin);
    }
}
