//! BIGDEAL-CSV: Big Deal's comma-separated values, a board a line.
//!
//! Spec: Big Deal's `output.c` ("csv", "Comma Separated Values"), checked
//! against the `deal.csv` files of Big Deal's own output (the test data's `bigdeal/cases/`).
//!
//! ```text
//! "A32","K5","T753","Q763","9876","984","92","KT82","KQJ4","QT732","AKJ4","","T5","AJ6","Q86","AJ954","1","N/-"
//! ```
//!
//! | field | meaning |
//! |---|---|
//! | 1–4 | North's spades, hearts, diamonds, clubs: ranks `AKQJT98765432`, high first; a void is empty |
//! | 5–8, 9–12, 13–16 | East's, South's, West's |
//! | 17 | the board number |
//! | 18 | dealer and vulnerability: `N`, `E`, `S` or `W`, `/`, then `-`, `NS`, `EW` or `All` |
//!
//! Every field is in double quotes; lines end in LF (a CR before it is
//! read too). There is no header line.
//!
//! This is not the flat table of `.csv` files ([`super::table::csv`]),
//! which has a header row naming its columns: BIGDEAL-CSV has no extension
//! of its own, so it is written when named (`--to bigdeal-csv`), and read
//! when named or when a file's first line is a whole Big Deal record (16
//! holdings that make a deal, a number, a dealer and vulnerability), which
//! a table's header row never is.
//!
//! Cannot carry: partial deals, board 0, anything but the deal, number,
//! dealer and vulnerability.

use crate::codec::keeps::{Keeps, Numbers};
use crate::codec::stream::{BoardReader, BoardWriter};
use crate::codec::Format;
use crate::codec::{BigDealName, Descriptor, Hooks};
use crate::formats::{excerpt, require_complete, LineRecords};
use crate::model::board::{Board, Vulnerability};
use crate::model::card::{Card, Rank, Suit};
use crate::model::deal::{Deal, Seat};
use crate::model::hand::Hand;
use crate::model::set::SetInfo;
use boardfile_io::{Diagnostics, Error, FormatInfo, Position, Signature};

/// Fields in a line.
pub const FIELDS: usize = 18;

/// The format.
pub static DESCRIPTOR: Descriptor = Descriptor {
    info: FormatInfo {
        name: "BIGDEAL-CSV",
        extensions: &[],
        description: "Big Deal's CSV: 16 suit holdings, board, dealer/vulnerability a line (--to bigdeal-csv)",
        signature: Signature::Content {
            rank: 9,
            test: sniff,
        },
        reads: true,
        writes: true,
        text: true,
    },
    keeps: Keeps {
        numbers: Numbers::Any,
        conditions: true,
        ..Keeps::DEALS_ONLY
    },
    reader: Some(|src, _| {
        Ok(Box::new(BigDealCsvReader {
            lines: LineRecords::new(src),
            info: SetInfo::default(),
        }))
    }),
    writer: Some(|_| Box::new(BigDealCsvWriter)),
    hooks: Hooks {
        big_deal: Some(BigDealName {
            name: "csv",
            extension: "csv",
        }),
        ..Hooks::NONE
    },
};

/// This format's handle.
pub(crate) const FORMAT: Format = Format::of(&DESCRIPTOR);

/// True when the first line is a whole Big Deal record.
pub fn sniff(bytes: &[u8]) -> bool {
    let Some(end) = memchr::memchr(b'\n', bytes) else {
        return false;
    };
    let line = &bytes[..end];
    decode(line.strip_suffix(b"\r").unwrap_or(line)).is_ok()
}

/// A field: its text without the quotes, and where it starts in the line.
fn fields(line: &[u8]) -> Vec<(usize, &[u8])> {
    let mut out = Vec::with_capacity(FIELDS);
    let mut start = 0;
    for part in line.split(|&b| b == b',') {
        let text = part
            .strip_prefix(b"\"")
            .and_then(|p| p.strip_suffix(b"\""))
            .unwrap_or(part);
        out.push((start, text));
        start += part.len() + 1;
    }
    out
}

/// The board of a line; an error gives the column (from 0) and what is wrong.
fn decode(line: &[u8]) -> Result<Board, (usize, String)> {
    let f = fields(line);
    if f.len() != FIELDS {
        return Err((0, format!("{} fields; a line has {FIELDS}", f.len())));
    }
    let mut hands = [Hand::EMPTY; 4];
    let mut seen = Hand::EMPTY;
    for (k, &(col, text)) in f[..16].iter().enumerate() {
        let (seat, suit) = (Seat::ALL[k / 4], Suit::ALL[k % 4]);
        for (j, &c) in text.iter().enumerate() {
            let Some(rank) = Rank::from_char(c) else {
                return Err((
                    col + j,
                    format!(
                        "{} {}: {} is not a rank",
                        seat.name(),
                        suit.letter(),
                        excerpt(&String::from_utf8_lossy(&[c]))
                    ),
                ));
            };
            let card = Card::new(suit, rank);
            if !seen.insert(card) {
                return Err((col + j, format!("{card} appears twice")));
            }
            hands[k / 4].insert(card);
        }
    }
    if let Some(seat) = Seat::ALL.into_iter().find(|s| hands[s.index()].len() != 13) {
        return Err((
            0,
            format!("{} holds {} cards", seat.name(), hands[seat.index()].len()),
        ));
    }
    let deal = Deal::new(hands).map_err(|e| (0, e.to_string()))?;
    let (col, text) = f[16];
    let number = boardfile_io::text::parse_u32(text)
        .filter(|&n| n > 0)
        .ok_or_else(|| {
            (
                col,
                format!(
                    "board number {} is not a number from 1",
                    excerpt(&String::from_utf8_lossy(text))
                ),
            )
        })?;
    let (col, text) = f[17];
    let conditions = text.split_first().and_then(|(&d, rest)| {
        let v = std::str::from_utf8(rest.strip_prefix(b"/")?).ok()?;
        Some((Seat::from_letter(d)?, Vulnerability::from_name(v)?))
    });
    let Some((dealer, vulnerability)) = conditions else {
        return Err((
            col,
            format!(
                "{} is not a dealer and vulnerability (N/-, E/NS, S/EW, W/All...)",
                excerpt(&String::from_utf8_lossy(text))
            ),
        ));
    };
    let mut board = Board::new(number, deal);
    board.dealer = dealer;
    board.vulnerability = vulnerability;
    Ok(board)
}

/// Reads Big Deal's CSV a line at a time; empty lines are skipped.
pub struct BigDealCsvReader<'a> {
    lines: LineRecords<'a>,
    info: SetInfo,
}

impl BoardReader for BigDealCsvReader<'_> {
    fn head(&self) -> &SetInfo {
        &self.info
    }

    fn next_board(&mut self, diag: &mut Diagnostics) -> Result<Option<Board>, Error> {
        while let Some((text, at)) = self.lines.next(FORMAT)? {
            match decode(text) {
                Ok(board) => return Ok(Some(board)),
                Err((col, message)) => diag.error(Error::syntax(
                    FORMAT,
                    Position {
                        byte: at.byte + col as u64,
                        ..at
                    },
                    message,
                ))?,
            }
        }
        Ok(None)
    }

    fn position(&self) -> u64 {
        self.lines.offset()
    }
}

/// Writes Big Deal's CSV.
pub struct BigDealCsvWriter;

impl BoardWriter for BigDealCsvWriter {
    fn head(&mut self, _: &SetInfo, _: &mut Vec<u8>) -> Result<(), Error> {
        Ok(())
    }

    fn board(&mut self, b: &Board, out: &mut Vec<u8>) -> Result<(), Error> {
        require_complete(b, FORMAT)?;
        if b.number == 0 {
            return Err(Error::unsupported(
                FORMAT,
                "board 0: Big Deal's CSV numbers boards from 1",
            ));
        }
        for seat in Seat::ALL {
            for suit in Suit::ALL {
                out.push(b'"');
                b.deal.hand(seat).push_ranks(suit, out);
                out.extend_from_slice(b"\",");
            }
        }
        out.push(b'"');
        crate::formats::push_number(out, b.number);
        out.extend_from_slice(b"\",\"");
        out.push(b.dealer.letter_byte());
        out.push(b'/');
        out.extend_from_slice(match b.vulnerability {
            Vulnerability::None => b"-",
            v => v.name().as_bytes(),
        });
        out.extend_from_slice(b"\"\n");
        Ok(())
    }

    fn finish(&mut self, _: &SetInfo, _: &mut Vec<u8>) -> Result<(), Error> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::{read, write};

    /// Big Deal's first line of case 01 (EBU Congress / session1), by hand
    /// from its `deal.csv`.
    const LINE: &[u8] = b"\"A32\",\"K5\",\"T753\",\"Q763\",\"9876\",\"984\",\"92\",\"KT82\",\"KQJ4\",\"QT732\",\"AKJ4\",\"\",\"T5\",\"AJ6\",\"Q86\",\"AJ954\",\"1\",\"N/-\"\n";

    #[test]
    fn a_line_reads_and_writes_back() {
        assert!(sniff(LINE));
        let set = read(FORMAT, LINE).unwrap().set;
        let b = &set.boards[0];
        assert_eq!(b.number, 1);
        assert_eq!(b.dealer, Seat::North);
        assert_eq!(b.vulnerability, Vulnerability::None);
        assert_eq!(
            b.deal.to_pbn(),
            "N:A32.K5.T753.Q763 9876.984.92.KT82 KQJ4.QT732.AKJ4. T5.AJ6.Q86.AJ954"
        );
        let mut out = Vec::new();
        write(FORMAT, &set, &mut out).unwrap();
        assert_eq!(out, LINE);
        // Conditions are the file's, not the number's.
        let mut odd = set.clone();
        odd.boards[0].dealer = Seat::West;
        odd.boards[0].vulnerability = Vulnerability::All;
        out.clear();
        write(FORMAT, &odd, &mut out).unwrap();
        assert!(out.ends_with(b"\"1\",\"W/All\"\n"));
        assert_eq!(read(FORMAT, &out).unwrap().set, odd);
    }

    #[test]
    fn a_table_header_is_not_big_deal_csv() {
        assert!(!sniff(b"board,dealer,vulnerable,hand_n,hand_e\n"));
        assert!(!sniff(b"\"A32\",\"K5\"\n"));
    }

    #[test]
    fn bad_lines_are_named() {
        let text = String::from_utf8(LINE.to_vec()).unwrap();
        for (bad, says) in [
            (text.replacen("A32", "A3X", 1), "is not a rank"),
            (text.replacen("A32", "A33", 1), "appears twice"),
            (text.replacen("\"A32\",", "", 1), "17 fields"),
            (text.replacen("N/-", "N/x", 1), "is not a dealer"),
            (text.replacen("\"1\"", "\"0\"", 1), "board number"),
            (text.replacen("A32", "32", 1), "North holds 12 cards"),
        ] {
            let e = read(FORMAT, bad.as_bytes()).unwrap_err().to_string();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }
}
