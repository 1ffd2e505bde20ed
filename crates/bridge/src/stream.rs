//! Conversion record by record, for files of any size in flat memory.
//!
//! The fixed-record formats without set-level data (BRI, DGE, ZBD, ZDD, ZRD,
//! ZRJ) are read a block of records at a time, each block converted and
//! written before the next is read; memory does not grow with the file.
//! The output formats that can be written in parts are those whose records
//! stand alone (BRI, DGE, HRF, ZBS, ZBD, ZDD, ZRD, ZRJ, deal numbers, JSON
//! Lines, LIN) and PBN (its header with the first part). Other pairs are
//! converted whole ([`crate::read`] then [`crate::write_with`]).

use crate::board::{dealer_for_board, Vulnerability};
use crate::error::{Error, Warning};
use crate::format::{losses, write_with, Format, WriteOptions};
use crate::formats::pavlicek::PavlicekInfo;
use std::io::{Read, Write};

/// Records read at a time.
const BLOCK: usize = 16 * 1024;

fn record_len(f: Format) -> Option<usize> {
    Some(match f {
        Format::Bri | Format::Dge => 128,
        Format::Zbd => 13,
        Format::Zdd => 10,
        Format::Zrd => 23,
        Format::Zrj => 16,
        _ => return None,
    })
}

/// True when `from` to `to` can be converted record by record.
pub fn can_stream(from: Format, to: Format) -> bool {
    record_len(from).is_some()
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

/// Converts `input` in `from` to `out` in `to` block by block (see
/// [`can_stream`]); `progress` hears the bytes read so far after each block.
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
    let rec = record_len(from).expect("a fixed-record format");
    let mut buf = vec![0u8; rec * BLOCK];
    let mut done = Streamed::default();
    let mut byte = 0u64;
    let mut first = true;
    loop {
        let n = fill(input, &mut buf)?;
        if n == 0 && !first {
            break;
        }
        let mut set = crate::format::read(from, &buf[..n])
            .map_err(|e| e.shifted(byte, done.boards))
            .map(|o| {
                for mut w in o.warnings {
                    if done.warnings.len() < 100 {
                        if let Some(p) = &mut w.position {
                            p.byte += byte;
                        }
                        done.warnings.push(w);
                    }
                }
                o.set
            })?;
        let ended = set.pavlicek.is_some();
        if let Some(PavlicekInfo { tail }) = &mut set.pavlicek {
            input.read_to_end(tail)?;
        }
        // Only Pavlicek's formats write the terminator and what follows;
        // JSON Lines would want it on its first line, long written by now.
        let pavlicek_out = matches!(
            to,
            Format::Zbd | Format::Zdd | Format::Zrd | Format::Zrj | Format::Zbs
        );
        if ended && !pavlicek_out {
            set.pavlicek = None;
            let l = format!(
                "{} does not keep the terminator record and the bytes after it",
                to.name()
            );
            if !done.losses.contains(&l) {
                done.losses.push(l);
            }
        }
        for b in &mut set.boards {
            b.number += done.boards as u32;
            b.dealer = dealer_for_board(b.number);
            b.vulnerability = Vulnerability::for_board(b.number);
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
            Format::Pbn => crate::formats::pbn::write_part(&set, out, &options.pbn_dd_tags, first)?,
            _ => write_with(to, &set, out, options)?,
        }
        done.boards += set.boards.len() as u64;
        byte += n as u64;
        first = false;
        progress(byte);
        if ended || n < buf.len() {
            break;
        }
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
