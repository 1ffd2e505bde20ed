//! Conversion record by record, for files of any size in flat memory.
//!
//! The inputs whose records stand alone are read a part at a time, each
//! part converted and written before the next is read; memory does not grow
//! with the file. Fixed-record formats (BRI, DGE, DUP, ZBD, ZDD, ZRD, ZRJ)
//! are cut every 16,384 records, line formats (JSON Lines, deal numbers)
//! at the last line end in each MiB. Boards numbered by position (all
//! but JSON Lines, which gives each board's number) are numbered on from
//! the file's first board across parts. The output formats that can be
//! written in parts are those whose records stand alone (BRI, DGE, HRF,
//! ZBS, ZBD, ZDD, ZRD, ZRJ, deal numbers, JSON Lines, LIN) and PBN (its
//! header with the first part; not from JSON Lines, see [`can_stream`]).
//! Other pairs are converted whole
//! ([`crate::read`] then [`crate::write_with`]).

use crate::board::{dealer_for_board, BoardSet, Vulnerability};
use crate::error::{Diagnostics, Error, Warning};
use crate::format::{losses, write_with, Format, WriteOptions};
use crate::formats::pavlicek::PavlicekInfo;
use std::io::{Read, Write};

/// Records read at a time.
const BLOCK: usize = 16 * 1024;

/// Bytes read at a time from a line format (less in tests, to cut small
/// files into several parts).
#[cfg(not(test))]
const LINE_BLOCK: usize = 1 << 20;
#[cfg(test)]
const LINE_BLOCK: usize = 64 << 10;

/// The longest line a line format may have when read in parts: memory
/// stays flat even when a file is one line of noise.
#[cfg(not(test))]
const MAX_LINE: usize = 64 << 20;
#[cfg(test)]
const MAX_LINE: usize = 1 << 20;

/// How an input is cut into parts that read on their own.
#[derive(Clone, Copy)]
enum Cut {
    /// Every [`BLOCK`] records of this many bytes.
    Records(usize),
    /// After the last line end in each [`LINE_BLOCK`] bytes.
    Lines,
}

fn cut(f: Format) -> Option<Cut> {
    Some(match f {
        Format::Bri | Format::Dge => Cut::Records(128),
        Format::Dup => Cut::Records(crate::formats::dup::RECORD),
        Format::Zbd => Cut::Records(13),
        Format::Zdd => Cut::Records(10),
        Format::Zrd => Cut::Records(23),
        Format::Zrj => Cut::Records(16),
        Format::Jsonl | Format::DealNumber => Cut::Lines,
        _ => return None,
    })
}

fn record_len(f: Format) -> Option<usize> {
    match cut(f)? {
        Cut::Records(n) => Some(n),
        Cut::Lines => None,
    }
}

/// True when `from` to `to` can be converted record by record. JSON Lines
/// boards may carry PBN tags whose inheritance (`#`, `##`) and character
/// set span the whole file, so JSON Lines goes to PBN and LIN whole.
pub fn can_stream(from: Format, to: Format) -> bool {
    cut(from).is_some()
        && !(from == Format::Jsonl && matches!(to, Format::Pbn | Format::Lin))
        && matches!(
            to,
            Format::Bri
                | Format::Dge
                | Format::Hrf
                | Format::Zbs
                | Format::Zbd
                | Format::Zdd
                | Format::Zrd
                | Format::Zrj
                | Format::DealNumber
                | Format::Jsonl
                | Format::Lin
                | Format::Pbn
        )
}

/// What a streamed conversion did.
#[derive(Debug, Default)]
pub struct Streamed {
    /// Boards converted.
    pub boards: u64,
    /// Warnings of the reader (at most 100).
    pub warnings: Vec<Warning>,
    /// What the output format dropped, once each, without counts.
    pub losses: Vec<String>,
}

/// Reads up to `buf.len()` bytes, fewer only at the end of the input.
fn fill(input: &mut dyn Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match input.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
}

/// An input handed out in parts that read on their own.
struct Parts<'a> {
    input: &'a mut dyn Read,
    cut: Cut,
    /// The current part, then bytes read past it (a line's start).
    buf: Vec<u8>,
    part: usize,
    end: bool,
}

impl Parts<'_> {
    /// Moves to the next part and returns it; empty at the end.
    fn next(&mut self) -> std::io::Result<&[u8]> {
        self.buf.drain(..self.part);
        match self.cut {
            Cut::Records(rec) => {
                self.buf.resize(rec * BLOCK, 0);
                let n = fill(self.input, &mut self.buf)?;
                self.buf.truncate(n);
                self.end = n < rec * BLOCK;
                self.part = n;
            }
            Cut::Lines => loop {
                let have = self.buf.len();
                self.buf.resize(have + LINE_BLOCK, 0);
                let n = fill(self.input, &mut self.buf[have..])?;
                self.buf.truncate(have + n);
                if n < LINE_BLOCK {
                    self.end = true;
                    self.part = self.buf.len();
                    break;
                }
                if let Some(i) = self.buf[have..].iter().rposition(|&b| b == b'\n') {
                    self.part = have + i + 1;
                    break;
                }
                if self.buf.len() > MAX_LINE {
                    return Err(std::io::Error::new(
                        std::io::ErrorKind::InvalidData,
                        format!("a line longer than {} MiB", MAX_LINE >> 20),
                    ));
                }
            },
        }
        Ok(&self.buf[..self.part])
    }

    /// Everything after the current part.
    fn rest(&mut self, into: &mut Vec<u8>) -> std::io::Result<()> {
        into.extend_from_slice(&self.buf[self.part..]);
        self.input.read_to_end(into)?;
        self.end = true;
        Ok(())
    }
}

/// Reads one part; `later` for every part but the first.
fn read_part(from: Format, bytes: &[u8], later: bool) -> Result<(BoardSet, Vec<Warning>), Error> {
    if from == Format::Jsonl && later {
        let mut diag = Diagnostics::strict();
        let set = crate::formats::jsonl::read_part(bytes, &mut diag, true)?;
        return Ok((set, diag.warnings));
    }
    crate::format::read(from, bytes).map(|o| (o.set, o.warnings))
}

/// Converts `input` in `from` to `out` in `to` part by part (see
/// [`can_stream`]); `progress` hears the bytes read so far after each part.
/// The first error stops the conversion (what was written so far is the
/// caller's to discard).
pub fn convert(
    from: Format,
    to: Format,
    input: &mut dyn Read,
    out: &mut dyn Write,
    options: &WriteOptions,
    progress: &mut dyn FnMut(u64),
) -> Result<Streamed, Error> {
    if crate::formats::pavlicek::transcodes(from, to) {
        return transcode(from, to, input, out, progress);
    }
    let mut parts = Parts {
        input,
        cut: cut(from).expect("a format read in parts"),
        buf: Vec::new(),
        part: 0,
        end: false,
    };
    let mut done = Streamed::default();
    let (mut byte, mut lines) = (0u64, 0u64);
    let mut first_number = None;
    let by_lines = matches!(parts.cut, Cut::Lines);
    // Only Pavlicek's formats write the terminator and what follows; JSON
    // Lines would want it on its first line, long written by now.
    let pavlicek_out = matches!(
        to,
        Format::Zbd | Format::Zdd | Format::Zrd | Format::Zrj | Format::Zbs
    );
    let mut held = None;
    let mut tail_seen = false;
    loop {
        let part = parts.next().map_err(|e| match e.kind() {
            std::io::ErrorKind::InvalidData => Error::syntax(
                from,
                crate::error::Position::byte(byte).with_line(lines + 1),
                e.to_string(),
            ),
            _ => e.into(),
        })?;
        let n = part.len();
        if n == 0 && byte > 0 {
            break;
        }
        let new_lines = match by_lines {
            true => part.iter().filter(|&&b| b == b'\n').count() as u64,
            false => 0,
        };
        let (mut set, warnings) =
            read_part(from, part, byte > 0).map_err(|e| e.shifted(byte, lines, done.boards))?;
        for mut w in warnings {
            if done.warnings.len() < 100 {
                if let Some(p) = &mut w.position {
                    p.byte += byte;
                    if let Some(l) = &mut p.line {
                        *l += lines;
                    }
                }
                done.warnings.push(w);
            }
        }
        // A Pavlicek file's terminator ends the input; JSON Lines gives it
        // on a set line (after the boards, or before them in older files),
        // and it is written after the last board. No board may follow it.
        if from == Format::Jsonl {
            if tail_seen && !set.boards.is_empty() {
                return Err(Error::syntax(
                    Format::Jsonl,
                    crate::error::Position::byte(byte).with_line(lines + 1),
                    "a board after the pavlicek tail, which ends the file",
                ));
            }
            tail_seen |= set.pavlicek.is_some();
            if pavlicek_out && set.pavlicek.is_some() {
                held = set.pavlicek.take();
            }
        }
        let ended = from != Format::Jsonl && set.pavlicek.is_some();
        if let Some(PavlicekInfo { tail }) = set.pavlicek.as_mut().filter(|_| ended) {
            parts.rest(tail)?;
        }
        if ended && !pavlicek_out && to != Format::Jsonl {
            set.pavlicek = None;
            let l = format!(
                "{} does not keep the terminator record and the bytes after it",
                to.name()
            );
            if !done.losses.contains(&l) {
                done.losses.push(l);
            }
        }
        if from != Format::Jsonl {
            // Numbered by position: on from the file's first board.
            let first = *first_number.get_or_insert(set.boards.first().map_or(1, |b| b.number));
            for (i, b) in set.boards.iter_mut().enumerate() {
                b.number = (u64::from(first) + done.boards + i as u64).min(u32::MAX.into()) as u32;
                b.dealer = dealer_for_board(b.number);
                b.vulnerability = Vulnerability::for_board(b.number);
            }
        }
        for l in losses(&set, to) {
            let l = match l.rfind(" (") {
                Some(i) if l.ends_with(" boards)") || l.ends_with(" board)") => l[..i].to_string(),
                _ => l,
            };
            if !done.losses.contains(&l) {
                done.losses.push(l);
            }
        }
        match to {
            Format::Pbn => {
                crate::formats::pbn::write_part(&set, out, &options.pbn_dd_tags, byte == 0)?
            }
            _ => write_with(to, &set, out, options)?,
        }
        done.boards += set.boards.len() as u64;
        byte += n as u64;
        lines += new_lines;
        progress(byte);
        if ended || parts.end {
            break;
        }
    }
    if held.is_some() {
        let set = BoardSet {
            pavlicek: held,
            ..BoardSet::default()
        };
        write_with(to, &set, out, options)?;
    }
    Ok(done)
}

/// Pavlicek format to Pavlicek format without the model: each record is
/// checked as the reader checks it, then its bytes are copied or cut
/// (ZRD to ZBD keeps the first 13 bytes). The output is the bytes the
/// reader and writer would give, at the speed of memory.
fn transcode(
    from: Format,
    to: Format,
    input: &mut dyn Read,
    out: &mut dyn Write,
    progress: &mut dyn FnMut(u64),
) -> Result<Streamed, Error> {
    use crate::formats::pavlicek::{check_record, output_record, terminator_len};
    let rec = record_len(from).expect("a fixed-record format");
    let mut buf = vec![0u8; rec * BLOCK * 4];
    let mut obuf = Vec::with_capacity(buf.len() * 2);
    let mut done = Streamed::default();
    if matches!((from, to), (Format::Zrd | Format::Zrj, Format::Zbd)) {
        done.losses
            .push(format!("{} does not keep double-dummy tables", to.name()));
    }
    if from != Format::Zdd && to == Format::Zdd {
        done.losses
            .push("ZDD does not keep deals (only double-dummy tables)".into());
    }
    let mut byte = 0u64;
    loop {
        let n = fill(input, &mut buf)?;
        let mut at = 0;
        let mut ended = false;
        while at < n {
            let r = &buf[at..n];
            let t = terminator_len(from);
            if r.len() >= t && r[..t].iter().all(|&b| b == 0) {
                obuf.extend_from_slice(r);
                input.read_to_end(&mut obuf)?;
                ended = true;
                break;
            }
            let record = done.boards;
            let position = crate::error::Position::record(record, byte + at as u64);
            if r.len() < rec {
                return Err(Error::syntax(
                    from,
                    position,
                    format!(
                        "truncated record: {} of {rec} bytes at the end of the file",
                        r.len()
                    ),
                ));
            }
            let r = &r[..rec];
            check_record(from, r)
                .map_err(|m| Error::invalid(from, position, format!("deal {}: {m}", record + 1)))?;
            output_record(from, to, r, &mut obuf)
                .map_err(|m| Error::unsupported(to, format!("board {}: {m}", record + 1)))?;
            done.boards += 1;
            at += rec;
        }
        out.write_all(&obuf)?;
        obuf.clear();
        byte += n as u64;
        progress(byte);
        if ended || n < buf.len() {
            break;
        }
    }
    Ok(done)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::BoardSet;

    fn whole(from: Format, to: Format, bytes: &[u8]) -> Vec<u8> {
        let set = crate::format::read(from, bytes).unwrap().set;
        let mut out = Vec::new();
        crate::format::write(to, &set, &mut out).unwrap();
        out
    }

    #[test]
    fn streamed_equals_whole_across_block_boundaries() {
        // 40,000 boards: three blocks, the last partial.
        let mut set = BoardSet::default();
        let deal = crate::Deal::parse_pbn(
            "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
        )
        .unwrap();
        for n in 1..=40_000 {
            set.boards.push(crate::Board::new(n, deal));
        }
        let mut zrd = Vec::new();
        crate::format::write(Format::Zrd, &set, &mut zrd).unwrap();
        let mut with_tail = zrd.clone();
        with_tail.extend_from_slice(&[0, 0, 0, 0, 9]);
        for (to, input) in [
            (Format::Zbd, &with_tail),
            (Format::Zrd, &with_tail),
            (Format::Zdd, &with_tail),
            (Format::Jsonl, &with_tail),
            (Format::Pbn, &zrd),
            (Format::Jsonl, &zrd),
            (Format::Bri, &zrd),
        ] {
            let mut out = Vec::new();
            let mut calls = 0;
            let s = convert(
                Format::Zrd,
                to,
                &mut &input[..],
                &mut out,
                &WriteOptions::default(),
                &mut |_| calls += 1,
            )
            .unwrap();
            assert_eq!(s.boards, 40_000, "{to}");
            assert!(
                out == whole(Format::Zrd, to, input),
                "{to}: streamed and whole differ"
            );
            let blocks = if crate::formats::pavlicek::transcodes(Format::Zrd, to) {
                1
            } else {
                3
            };
            assert_eq!(calls, blocks, "{to}");
        }
    }

    fn streamed(from: Format, to: Format, input: &[u8]) -> Result<(Vec<u8>, u32), Error> {
        let mut out = Vec::new();
        let mut calls = 0;
        convert(
            from,
            to,
            &mut &input[..],
            &mut out,
            &WriteOptions::default(),
            &mut |_| calls += 1,
        )?;
        Ok((out, calls))
    }

    fn random_set(n: u32) -> BoardSet {
        let mut set = BoardSet::default();
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for number in 1..=n {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let deal =
                crate::Deal::from_number(u128::from(x) * 1_000_003 % crate::DEALS + 1).unwrap();
            set.boards.push(crate::Board::new(number, deal));
        }
        set
    }

    #[test]
    fn line_formats_stream_in_parts_equal_to_whole() {
        // 3,000 boards: several 64 KiB parts in tests.
        let set = random_set(3_000);
        let mut jsonl = Vec::new();
        crate::format::write(Format::Jsonl, &set, &mut jsonl).unwrap();
        let mut numbers = Vec::new();
        crate::format::write(Format::DealNumber, &set, &mut numbers).unwrap();
        for (from, input) in [(Format::Jsonl, &jsonl), (Format::DealNumber, &numbers)] {
            for to in [Format::Zrd, Format::Bri, Format::Jsonl, Format::DealNumber] {
                let (out, calls) = streamed(from, to, input).unwrap();
                assert!(out == whole(from, to, input), "{from} to {to}");
                assert!(calls >= 2, "{from} to {to}: {calls} parts");
            }
        }
        // Deal numbers to PBN: the header once, boards numbered on.
        let (pbn, _) = streamed(Format::DealNumber, Format::Pbn, &numbers).unwrap();
        assert!(pbn == whole(Format::DealNumber, Format::Pbn, &numbers));
        assert!(!can_stream(Format::Jsonl, Format::Pbn));
    }

    #[test]
    fn a_json_lines_terminator_is_written_after_the_last_board() {
        let mut set = random_set(3_000);
        set.pavlicek = Some(PavlicekInfo {
            tail: vec![0, 0, 0, 0, 7, 7],
        });
        let mut jsonl = Vec::new();
        crate::format::write(Format::Jsonl, &set, &mut jsonl).unwrap();
        let (zrd, _) = streamed(Format::Jsonl, Format::Zrd, &jsonl).unwrap();
        assert_eq!(zrd.len(), 3_000 * 23 + 6);
        assert!(zrd.ends_with(&[0, 0, 0, 0, 7, 7]));
        assert!(zrd == whole(Format::Jsonl, Format::Zrd, &jsonl));
        let (back, _) = streamed(Format::Jsonl, Format::Jsonl, &jsonl).unwrap();
        assert!(back == jsonl);
        // The tail is the last line, as the terminator ends the binary file,
        // so that a streamed ZRD to JSON Lines can keep it.
        let last = b"{\"set\":{\"pavlicek\":{\"tail\":\"000000000707\"}}}\n";
        assert!(jsonl.ends_with(last));
        let (from_zrd, _) = streamed(Format::Zrd, Format::Jsonl, &zrd).unwrap();
        assert!(from_zrd == jsonl, "ZRD to JSON Lines keeps the tail");
        // Files that give it on the first line still read.
        let moved = [&last[..], &jsonl[..jsonl.len() - last.len()]].concat();
        assert!(whole(Format::Jsonl, Format::Zrd, &moved) == zrd);
        // No board after the tail, in the same part or a later one.
        let at = 1
            + (0..jsonl.len())
                .filter(|&i| jsonl[i] == b'\n')
                .nth(99)
                .unwrap();
        let early = [&jsonl[..at], last, &jsonl[at..]].concat();
        let cut = early.len() - last.len();
        for bad in [
            &early[..cut],
            &[&jsonl[..], &jsonl[..jsonl.len() - last.len()]].concat(),
        ] {
            let e = crate::format::read(Format::Jsonl, bad).unwrap_err();
            assert!(e.to_string().contains("after the pavlicek tail"), "{e}");
            let e = streamed(Format::Jsonl, Format::Zrd, bad).unwrap_err();
            assert!(e.to_string().contains("after the pavlicek tail"), "{e}");
        }
    }

    #[test]
    fn a_line_longer_than_the_limit_is_an_error_not_a_part() {
        let mut jsonl = Vec::new();
        crate::format::write(Format::Jsonl, &random_set(10), &mut jsonl).unwrap();
        let mut long = jsonl.clone();
        long.extend(std::iter::repeat_n(b'x', 2 * MAX_LINE));
        long.push(b'\n');
        let e = streamed(Format::Jsonl, Format::Zrd, &long).unwrap_err();
        let message = e.to_string();
        assert!(
            message.contains("line 11") && message.contains("longer than 1 MiB"),
            "{message}"
        );
        assert_eq!(e.position().map(|p| p.byte), Some(jsonl.len() as u64));
    }

    #[test]
    fn line_errors_are_placed_in_the_whole_file() {
        let set = random_set(3_000);
        let mut jsonl = Vec::new();
        crate::format::write(Format::Jsonl, &set, &mut jsonl).unwrap();
        let text = String::from_utf8(jsonl).unwrap();
        let mut lines: Vec<&str> = text.lines().collect();
        let byte: usize = lines[..2_500].iter().map(|l| l.len() + 1).sum();
        lines[2_500] = "{\"board\":2501,\"deal\":\"N:AKQ\"";
        let bad = lines.join("\n") + "\n";
        let e = streamed(Format::Jsonl, Format::Zrd, bad.as_bytes()).unwrap_err();
        let p = e.position().unwrap();
        assert_eq!((p.line, p.record), (Some(2_501), Some(2_500)), "{e}");
        assert_eq!(p.byte, byte as u64 + p.column.unwrap() - 1, "{e}");
        // A set line after the boards is refused in a later part too.
        lines[2_500] = "{\"set\":{\"event\":\"late\"}}";
        let bad = lines.join("\n") + "\n";
        let e = streamed(Format::Jsonl, Format::Zrd, bad.as_bytes()).unwrap_err();
        assert!(e.to_string().contains("must come before"), "{e}");
        assert_eq!(e.position().unwrap().line, Some(2_501), "{e}");
    }

    #[test]
    fn dup_streams_numbered_from_its_first_trailer() {
        // Past board 999 the trailers are blank: fill in the first one.
        let set = random_set(20_000);
        let mut dup = Vec::new();
        crate::format::write(Format::Dup, &set, &mut dup).unwrap();
        dup[146..156].copy_from_slice(b"YN5  1 999");
        let read = crate::format::read(Format::Dup, &dup).unwrap().set;
        assert_eq!(read.boards[0].number, 5);
        let (jsonl, calls) = streamed(Format::Dup, Format::Jsonl, &dup).unwrap();
        assert_eq!(calls, 2);
        assert!(jsonl == whole(Format::Dup, Format::Jsonl, &dup));
    }

    #[test]
    fn errors_are_placed_in_the_whole_file() {
        let mut bytes = vec![0x1bu8; 13 * 20_000];
        bytes[13 * 17_000] = 0xff; // a hand of 14 in deal 17,001
        bytes[13 * 17_000 + 1] = 0xff;
        let e = convert(
            Format::Zbd,
            Format::Zbd,
            &mut &bytes[..],
            &mut Vec::new(),
            &WriteOptions::default(),
            &mut |_| {},
        )
        .unwrap_err();
        let p = e.position().unwrap();
        assert_eq!((p.record, p.byte), (Some(17_000), 13 * 17_000), "{e}");
    }
}

#[cfg(test)]
mod transcode_tests {
    use super::*;

    fn run(from: Format, to: Format, bytes: &[u8]) -> Result<Vec<u8>, Error> {
        let mut out = Vec::new();
        convert(
            from,
            to,
            &mut &bytes[..],
            &mut out,
            &WriteOptions::default(),
            &mut |_| {},
        )
        .map(|_| out)
    }

    #[test]
    fn transcoding_checks_what_the_reader_checks() {
        let deal = crate::Deal::from_number(12345).unwrap();
        let set = crate::BoardSet::from_boards(vec![crate::Board::new(1, deal)]);
        let mut zrj = Vec::new();
        crate::format::write(Format::Zrj, &set, &mut zrj).unwrap();
        assert_eq!(run(Format::Zrj, Format::Zbd, &zrj).unwrap(), zrj[..13]);
        let mut bad = zrj.clone();
        bad[13] |= 0b0100;
        for path in [Format::Zbd, Format::Jsonl] {
            let e = run(Format::Zrj, path, &bad).unwrap_err();
            assert!(e.to_string().contains("bits 106-107 are 1"), "{path}: {e}");
        }
        let mut zrd = Vec::new();
        crate::format::write(Format::Zrd, &set, &mut zrd).unwrap();
        zrd[20] = 0xfe; // a nibble of 14
        assert!(run(Format::Zrd, Format::Zbd, &zrd).is_err());
        assert!(run(Format::Zrd, Format::Jsonl, &zrd).is_err());
        zrd[20] = 0xff;
        zrd[0] ^= 3; // the ace of spades to another hand: 14 cards there
        let e = run(Format::Zrd, Format::Zbd, &zrd).unwrap_err();
        assert!(e.to_string().contains("deal 1:"), "{e}");
    }
}
