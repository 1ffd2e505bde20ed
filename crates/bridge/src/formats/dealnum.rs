//! Deal numbers: a text file of Pavlicek deal numbers, one a line.
//!
//! Spec: rpbridge.net 7z68 "Mapping bridge deals"; see
//! [`Deal::number`](crate::Deal::number). A line holds a number from 1 to
//! 53,644,737,765,488,792,839,237,440,000 in decimal; blank lines are
//! skipped. Written with LF line ends. Boards are numbered 1, 2, 3... by
//! position; the format carries nothing but the complete deals.

use crate::board::Board;
use crate::deal::{Deal, DEALS};
use crate::formats::{board_number, require_complete, window_error};
use crate::keeps::Keeps;
use crate::registry::Descriptor;
use crate::set::SetInfo;
use crate::{BoardReader, BoardWriter, Format};
use boardfile_io::{Diagnostics, Error, FormatInfo, Position, Signature, Source};

/// The format.
pub static DESCRIPTOR: Descriptor = Descriptor {
    info: FormatInfo {
        name: "DEALNUM",
        extensions: &["dnum"],
        description: "Pavlicek deal numbers, one a line",
        // A line of digits is the least telling signature: a BRE file
        // whose event is "2024" is a BRE file.
        signature: Signature::Content {
            rank: 1,
            test: sniff,
        },
        reads: true,
        writes: true,
    },
    keeps: Keeps::DEALS_ONLY,
    reader: Some(|src, _| {
        Ok(Box::new(DealNumberReader {
            src,
            line: 0,
            boards: 0,
            info: SetInfo::default(),
        }))
    }),
    writer: Some(|_| Box::new(DealNumberWriter)),
};

/// True when the first line is a number of up to 29 digits.
pub fn sniff(bytes: &[u8]) -> bool {
    let line = bytes.split(|&b| b == b'\n').next().unwrap_or(&[]);
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    !line.is_empty()
        && line.len() <= 29
        && line.iter().all(u8::is_ascii_digit)
        && bytes.contains(&b'\n')
}

/// Reads deal numbers, a line at a time; blank lines are skipped.
pub struct DealNumberReader<'a> {
    src: Source<'a>,
    line: u64,
    boards: u64,
    info: SetInfo,
}

impl BoardReader for DealNumberReader<'_> {
    fn head(&self) -> &SetInfo {
        &self.info
    }

    fn next_board(&mut self, diag: &mut Diagnostics) -> Result<Option<Board>, Error> {
        loop {
            let byte = self.src.offset();
            let at = Position::record(self.boards, byte).with_line(self.line + 1);
            let Some(raw) = self
                .src
                .next_line()
                .map_err(|e| window_error(Format::DealNumber, at, e))?
            else {
                return Ok(None);
            };
            self.line += 1;
            let text = raw.trim_ascii();
            if text.is_empty() {
                continue;
            }
            match deal_of(text) {
                Some(deal) => {
                    self.boards += 1;
                    return Ok(Some(Board::new(board_number(self.boards - 1), deal)));
                }
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
    }

    fn read_boards(
        &mut self,
        boards: &mut Vec<Board>,
        until: usize,
        diag: &mut Diagnostics,
    ) -> Result<bool, Error> {
        // Whole lines that hold a deal number straight onto the list (a
        // blank or bad line as next_board reads it).
        crate::records::read_boards_quickly(self, boards, until, diag, |r| {
            let data = r.src.data();
            let end = memchr::memchr(b'\n', data)?;
            let deal = deal_of(data[..end].trim_ascii())?;
            let board = Board::new(board_number(r.boards), deal);
            r.boards += 1;
            r.line += 1;
            r.src.consume(end + 1);
            Some(board)
        })
    }

    fn position(&self) -> u64 {
        self.src.offset()
    }

    fn size_hint(&self) -> usize {
        if !self.src.is_eof() {
            return 0;
        }
        1 + crate::formats::boards_hint(&[self.src.data()], b"\n", 16)
    }
}

/// The deal of a line's text: decimal digits, a number from 1 to [`DEALS`].
fn deal_of(text: &[u8]) -> Option<Deal> {
    std::str::from_utf8(text)
        .ok()
        .filter(|t| t.bytes().all(|c| c.is_ascii_digit()))
        .and_then(|t| t.parse::<u128>().ok())
        .and_then(Deal::from_number)
}

/// Writes the deal numbers, one a line.
pub struct DealNumberWriter;

impl BoardWriter for DealNumberWriter {
    fn head(&mut self, _: &SetInfo, _: &mut Vec<u8>) -> Result<(), Error> {
        Ok(())
    }

    fn board(&mut self, b: &Board, out: &mut Vec<u8>) -> Result<(), Error> {
        require_complete(b, Format::DealNumber)?;
        let Some(n) = b.deal.number() else {
            return Err(Error::unsupported(
                Format::DealNumber,
                format!("board {}: the deal is not complete", b.number),
            ));
        };
        // The standard library's u128 formatting divides by 10^19 first, not
        // 10 a digit, which is most of the cost in 128 bits.
        use std::io::Write as _;
        writeln!(out, "{n}").map_err(|e| Error::unsupported(Format::DealNumber, e.to_string()))
    }

    fn finish(&mut self, _: &SetInfo, _: &mut Vec<u8>) -> Result<(), Error> {
        Ok(())
    }
}
