//! Deal numbers, one a line: Pavlicek's (DEALNUM) and Big Deal's (GOE).
//!
//! **DEALNUM.** Spec: rpbridge.net 7z68 "Mapping bridge deals"; see
//! [`Deal::number`](crate::model::deal::Deal::number). A line holds a number from 1 to
//! 53,644,737,765,488,792,839,237,440,000 in decimal. Written with LF line
//! ends.
//!
//! **GOE.** Big Deal's "goedel" output (`bigdealx -f goedel`, `.goe`): its
//! own numbering, from 0 ([`Deal::goedel`](crate::model::deal::Deal::goedel)), the
//! number its generator drew. A line is 38 characters and LF: 29 digit
//! places grouped by three with commas, leading zeros and their commas
//! written as spaces (`18,160,518,203,850,268,284,275,094,430`,
//! `                            7,344,066`). Read with or without the
//! padding and commas.
//!
//! In both, blank lines are skipped, and boards are numbered 1, 2, 3... by
//! position: the formats carry nothing but the complete deals.

use crate::codec::keeps::Keeps;
use crate::codec::stream::{BoardReader, BoardWriter};
use crate::codec::Format;
use crate::codec::{BigDealName, Descriptor, Hooks};
use crate::formats::{board_number, require_complete, window_error};
use crate::model::board::Board;
use crate::model::deal::{Deal, DEALS};
use crate::model::set::SetInfo;
use boardfile_io::{Diagnostics, Error, FormatInfo, Position, Signature, Source};

/// A numbering of the deals.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Numbering {
    /// Pavlicek's, from 1.
    Pavlicek,
    /// Big Deal's, from 0.
    Goedel,
}

impl Numbering {
    fn format(self) -> Format {
        match self {
            Numbering::Pavlicek => Format::of(&DESCRIPTOR),
            Numbering::Goedel => Format::of(&GOE),
        }
    }

    /// The deal of a line's text.
    fn deal(self, text: &[u8]) -> Option<Deal> {
        match self {
            Numbering::Pavlicek => digits(text).and_then(Deal::from_number),
            Numbering::Goedel => {
                let mut n: u128 = 0;
                let mut any = false;
                let text = text.trim_ascii();
                for (i, &c) in text.iter().enumerate() {
                    match c {
                        b'0'..=b'9' => {
                            n = n.checked_mul(10)?.checked_add(u128::from(c - b'0'))?;
                            any = true;
                        }
                        // Commas between digits; spaces only before them.
                        b',' if any && text.get(i + 1).is_some_and(u8::is_ascii_digit) => {}
                        b' ' | b',' if !any => {}
                        _ => return None,
                    }
                }
                if any {
                    Deal::from_goedel(n)
                } else {
                    None
                }
            }
        }
    }

    /// What a line may hold, for the error message.
    fn range(self) -> String {
        match self {
            Numbering::Pavlicek => format!("a deal number (1 to {DEALS})"),
            Numbering::Goedel => format!("a Big Deal number (0 to {})", DEALS - 1),
        }
    }
}

/// The number of decimal digits a line of digits holds, parsed.
fn digits(text: &[u8]) -> Option<u128> {
    std::str::from_utf8(text)
        .ok()
        .filter(|t| t.bytes().all(|c| c.is_ascii_digit()))
        .and_then(|t| t.parse::<u128>().ok())
}

/// Pavlicek's deal numbers.
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
        text: true,
    },
    keeps: Keeps::DEALS_ONLY,
    reader: Some(|src, _| Ok(Box::new(DealNumberReader::new(src, Numbering::Pavlicek)))),
    writer: Some(|_| Box::new(DealNumberWriter(Numbering::Pavlicek))),
    hooks: Hooks::NONE,
};

/// Big Deal's deal numbers.
pub static GOE: Descriptor = Descriptor {
    info: FormatInfo {
        name: "GOE",
        extensions: &["goe"],
        description: "Big Deal's deal numbers (goedel), one a line",
        signature: Signature::Content {
            rank: 2,
            test: sniff_goe,
        },
        reads: true,
        writes: true,
        text: true,
    },
    keeps: Keeps::DEALS_ONLY,
    reader: Some(|src, _| Ok(Box::new(DealNumberReader::new(src, Numbering::Goedel)))),
    writer: Some(|_| Box::new(DealNumberWriter(Numbering::Goedel))),
    hooks: Hooks {
        big_deal: Some(BigDealName {
            name: "goedel",
            extension: "goe",
        }),
        ..Hooks::NONE
    },
};

/// True when the first line is Big Deal's: 38 characters of digits,
/// commas and leading spaces, ending in a digit.
pub fn sniff_goe(bytes: &[u8]) -> bool {
    let line = bytes.split(|&b| b == b'\n').next().unwrap_or(&[]);
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    line.len() == 38
        && line.last().is_some_and(u8::is_ascii_digit)
        && bytes.contains(&b'\n')
        && Numbering::Goedel.deal(line).is_some()
}

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
    numbering: Numbering,
    line: u64,
    boards: u64,
    info: SetInfo,
}

impl<'a> DealNumberReader<'a> {
    fn new(src: Source<'a>, numbering: Numbering) -> DealNumberReader<'a> {
        DealNumberReader {
            src,
            numbering,
            line: 0,
            boards: 0,
            info: SetInfo::default(),
        }
    }
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
                .map_err(|e| window_error(self.numbering.format(), at, e))?
            else {
                return Ok(None);
            };
            self.line += 1;
            let text = raw.trim_ascii();
            if text.is_empty() {
                continue;
            }
            match self.numbering.deal(text) {
                Some(deal) => {
                    self.boards += 1;
                    return Ok(Some(Board::new(board_number(self.boards - 1), deal)));
                }
                None => diag.error(Error::invalid(
                    self.numbering.format(),
                    at,
                    format!(
                        "{} is not {}",
                        crate::formats::excerpt(&String::from_utf8_lossy(text)),
                        self.numbering.range()
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
        crate::codec::stream::read_boards_quickly(self, boards, until, diag, |r| {
            let data = r.src.data();
            let end = memchr::memchr(b'\n', data)?;
            let deal = r.numbering.deal(data[..end].trim_ascii())?;
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

/// Writes the deal numbers, one a line.
pub struct DealNumberWriter(Numbering);

impl BoardWriter for DealNumberWriter {
    fn head(&mut self, _: &SetInfo, _: &mut Vec<u8>) -> Result<(), Error> {
        Ok(())
    }

    fn board(&mut self, b: &Board, out: &mut Vec<u8>) -> Result<(), Error> {
        let format = self.0.format();
        require_complete(b, format)?;
        let n = match self.0 {
            Numbering::Pavlicek => b.deal.number(),
            Numbering::Goedel => b.deal.goedel(),
        };
        let Some(n) = n else {
            return Err(Error::unsupported(
                format,
                format!("board {}: the deal is not complete", b.number),
            ));
        };
        match self.0 {
            // The standard library's u128 formatting divides by 10^19
            // first, not 10 a digit, which is most of the cost in 128 bits.
            Numbering::Pavlicek => {
                use std::io::Write as _;
                writeln!(out, "{n}").map_err(|e| Error::unsupported(format, e.to_string()))
            }
            Numbering::Goedel => {
                push_goedel(n, out);
                Ok(())
            }
        }
    }

    fn finish(&mut self, _: &SetInfo, _: &mut Vec<u8>) -> Result<(), Error> {
        Ok(())
    }
}

/// Big Deal's line for `n`: 29 digit places, a comma after every third
/// from the right, leading zeros and their commas as spaces.
fn push_goedel(n: u128, out: &mut Vec<u8>) {
    let text = n.to_string();
    let lead = 29 - text.len();
    for (i, place) in (0..29).rev().enumerate() {
        let zero = i < lead && place != 0;
        out.push(if zero {
            b' '
        } else {
            text.as_bytes()[i.saturating_sub(lead)]
        });
        if place % 3 == 0 {
            out.push(match place {
                0 => b'\n',
                _ if zero => b' ',
                _ => b',',
            });
        }
    }
}
