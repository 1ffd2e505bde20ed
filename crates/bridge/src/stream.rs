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
            assert_eq!(calls, 3, "{to}");
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
