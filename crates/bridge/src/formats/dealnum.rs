//! Deal numbers: a text file of Pavlicek deal numbers, one a line.
//!
//! Spec: rpbridge.net 7z68 "Mapping bridge deals"; see
//! [`Deal::number`](crate::Deal::number). A line holds a number from 1 to
//! 53,644,737,765,488,792,839,237,440,000 in decimal; blank lines are
//! skipped. Written with LF line ends. Boards are numbered 1, 2, 3... by
//! position; the format carries nothing but the complete deals.

use crate::board::{Board, BoardSet};
use crate::deal::{Deal, DEALS};
use crate::error::{Diagnostics, Error, Position};
use crate::format::Format;
use std::io::Write;

/// True when the first line is a number of up to 29 digits.
pub fn sniff(bytes: &[u8]) -> bool {
    let line = bytes.split(|&b| b == b'\n').next().unwrap_or(&[]);
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    !line.is_empty()
        && line.len() <= 29
        && line.iter().all(u8::is_ascii_digit)
        && bytes.contains(&b'\n')
}

/// Reads deal numbers.
pub fn read(bytes: &[u8], diag: &mut Diagnostics) -> Result<BoardSet, Error> {
    let mut set = BoardSet::default();
    let mut byte = 0u64;
    for (i, raw) in bytes.split_inclusive(|&b| b == b'\n').enumerate() {
        let at = Position::record(set.boards.len() as u64, byte).with_line(i as u64 + 1);
        byte += raw.len() as u64;
        let text = raw.trim_ascii();
        if text.is_empty() {
            continue;
        }
        let number = std::str::from_utf8(text)
            .ok()
            .filter(|t| t.bytes().all(|c| c.is_ascii_digit()))
            .and_then(|t| t.parse::<u128>().ok());
        match number.and_then(Deal::from_number) {
            Some(deal) => set
                .boards
                .push(Board::new(set.boards.len() as u32 + 1, deal)),
            None => diag.error(Error::invalid(
                Format::DealNumber,
                at,
                format!(
                    "{} is not a deal number (1 to {DEALS})",
                    crate::formats::excerpt(&String::from_utf8_lossy(text))
                ),
            ))?,
        }
    }
    Ok(set)
}

/// Writes the deal numbers, one a line.
pub fn write(set: &BoardSet, out: &mut dyn Write) -> Result<(), Error> {
    crate::formats::require_complete(set, Format::DealNumber)?;
    let mut buf = String::with_capacity(set.boards.len() * 30);
    for b in &set.boards {
        use std::fmt::Write as _;
        let _ = writeln!(buf, "{}", b.deal.number().expect("complete"));
    }
    out.write_all(buf.as_bytes())?;
    Ok(())
}
