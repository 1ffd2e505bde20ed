//! PBN in Big Deal's dialect: the file `bigdealx` 2.0 writes, byte for byte.
//!
//! Spec: Big Deal's `output.c` (`init_pbn`, `print_pbn`), checked against
//! the `deal.pbn` files of Big Deal's own output (the test data's `bigdeal/cases/`). LF line ends:
//!
//! ```text
//! % PBN 2.1
//! % EXPORT
//! %
//! [Generator "Big Deal version 2.0"]
//! [Event "?"]
//! [Site "?"]
//! [Date "?"]
//! [Board "15"]
//! [West "?"]
//! [North "?"]
//! [East "?"]
//! [South "?"]
//! [Dealer "S"]
//! [Vulnerable "NS"]
//! [Deal "N:Q87.AKQ95.953.64 K965.T8.AJ74.753 J.76432.QT8.QT92 AT432.J.K62.AKJ8"]
//! [Scoring "?"]
//! [Declarer "?"]
//! [Contract "?"]
//! [Result "?"]
//!                                  an empty line after every game
//! ```
//!
//! The `Generator` is the first board's `Generator` tag, else
//! [`GENERATOR`](crate::formats::big_deal_dialect::GENERATOR); a later board with a
//! `Generator` of its own (Big Deal's never have one) gets its line first
//! too. The other tags are the board's own values where it has them
//! (ISO-8859-1, `\` and `"` escaped; an empty one too), else `?`. The deal
//! is given from North whoever deals. Nothing else of a board is written:
//! the dialect is for the deals a dealing program makes, which have nothing
//! else. A set without boards is the three `%` lines.

use crate::codec::keeps::{Keeps, Numbers, Tags};
use crate::codec::stream::BoardWriter;
use crate::formats::big_deal_dialect::generator;
use crate::formats::latin1_encode;
use crate::model::board::Board;
use crate::model::set::SetInfo;
use boardfile_io::Error;

/// The tags written: the first board's `Generator`, then each board's
/// before `Board` (1..4), between it and `Dealer` (4..8), after `Deal` (8..).
const TAGS: [&str; 12] = [
    "Generator",
    "Event",
    "Site",
    "Date",
    "West",
    "North",
    "East",
    "South",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
];

/// What the dialect keeps: the deals, their numbers, dealers and
/// vulnerabilities, and the tags it writes (with each board's own
/// `Generator`); not the set's event, site or date, as it writes the
/// boards' tags only.
pub const KEEPS: Keeps = Keeps {
    numbers: Numbers::Any,
    conditions: true,
    tags: Tags::Only {
        names: &TAGS,
        described:
            "the event, site, date, players, scoring, declarer, contract, result and generator",
        from_play: &[],
        from_header: &[],
    },
    ..Keeps::DEALS_ONLY
};

/// Writes PBN as Big Deal does.
#[derive(Default)]
pub struct BigDealPbnWriter {
    started: bool,
}

/// The `%` lines before the first game.
const HEADER: &[u8] = b"% PBN 2.1\n% EXPORT\n%\n";

/// One tag line; the value in ISO-8859-1 with `\` and `"` escaped.
fn tag(out: &mut Vec<u8>, name: &str, value: &str) -> Result<(), Error> {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    if escaped.contains(['\r', '\n']) {
        return Err(Error::unsupported(
            super::FORMAT,
            format!("tag {name} holds a line break"),
        ));
    }
    let bytes = latin1_encode(&escaped).map_err(|c| {
        Error::unsupported(
            super::FORMAT,
            format!("tag {name} holds {c:?}, which Big Deal's ISO-8859-1 PBN cannot write"),
        )
    })?;
    out.push(b'[');
    out.extend_from_slice(name.as_bytes());
    out.extend_from_slice(b" \"");
    out.extend_from_slice(&bytes);
    out.extend_from_slice(b"\"]\n");
    Ok(())
}

/// A board's value of a tag: its own (an empty one too: PBN's "does not
/// apply", as the `Contract` of a passed-out board), else `?`.
fn value<'a>(b: &'a Board, name: &str) -> &'a str {
    b.tag(name).unwrap_or("?")
}

impl BoardWriter for BigDealPbnWriter {
    fn head(&mut self, _: &SetInfo, _: &mut Vec<u8>) -> Result<(), Error> {
        Ok(())
    }

    fn board(&mut self, b: &Board, out: &mut Vec<u8>) -> Result<(), Error> {
        crate::formats::require_complete(b, super::FORMAT)?;
        if !self.started {
            self.started = true;
            out.extend_from_slice(HEADER);
            tag(out, TAGS[0], generator(Some(b)))?;
        } else if let Some(g) = b.tag(TAGS[0]) {
            tag(out, TAGS[0], g)?;
        }
        for &name in &TAGS[1..4] {
            tag(out, name, value(b, name))?;
        }
        tag(out, "Board", &b.number.to_string())?;
        for &name in &TAGS[4..8] {
            tag(out, name, value(b, name))?;
        }
        tag(out, "Dealer", &b.dealer.letter().to_string())?;
        tag(out, "Vulnerable", b.vulnerability.name())?;
        out.extend_from_slice(b"[Deal \"");
        b.deal.push_pbn(out);
        out.extend_from_slice(b"\"]\n");
        for &name in &TAGS[8..] {
            tag(out, name, value(b, name))?;
        }
        out.push(b'\n');
        Ok(())
    }

    fn finish(&mut self, _: &SetInfo, out: &mut Vec<u8>) -> Result<(), Error> {
        if !self.started {
            out.extend_from_slice(HEADER);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::options::{Dialect, WriteOptions};
    use crate::codec::Format;
    use crate::model::deal::Deal;
    use crate::model::set::BoardSet;
    use crate::records::write_with;

    #[test]
    fn an_empty_set_is_the_percent_lines_and_reads_back_empty() {
        let mut out = Vec::new();
        let options = WriteOptions::default().in_dialect(Dialect::BigDeal);
        write_with(Format::Pbn, &BoardSet::default(), &mut out, &options).unwrap();
        assert_eq!(out, b"% PBN 2.1\n% EXPORT\n%\n");
        assert!(crate::records::read(Format::Pbn, &out)
            .unwrap()
            .set
            .boards
            .is_empty());
    }

    #[test]
    fn the_deal_is_from_north_and_tags_are_the_boards() {
        let deal = Deal::parse_pbn(
            "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
        )
        .unwrap();
        let mut b = Board::new(2, deal);
        b.tags
            .push(crate::model::board::Tag::new("Event", "Club \"night\""));
        let mut out = Vec::new();
        let options = WriteOptions::default().in_dialect(Dialect::BigDeal);
        write_with(
            Format::Pbn,
            &BoardSet::from_boards(vec![b]),
            &mut out,
            &options,
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("[Event \"Club \\\"night\\\"\"]\n[Site \"?\"]\n"));
        assert!(text.contains("[Dealer \"E\"]\n[Vulnerable \"NS\"]\n[Deal \"N:AKQJ."));
        assert!(text.ends_with("[Result \"?\"]\n\n"));
    }

    #[test]
    fn a_later_boards_own_generator_and_an_empty_tag_are_written() {
        let deal = Deal::sorted();
        let mut one = Board::new(1, deal);
        one.tags
            .push(crate::model::board::Tag::new("Generator", "Dealer"));
        let mut two = Board::new(2, deal);
        two.tags
            .push(crate::model::board::Tag::new("Generator", "Dealer"));
        two.tags.push(crate::model::board::Tag::new("Contract", ""));
        let mut out = Vec::new();
        let options = WriteOptions::default().in_dialect(Dialect::BigDeal);
        let set = BoardSet::from_boards(vec![one, two]);
        write_with(Format::Pbn, &set, &mut out, &options).unwrap();
        let text = String::from_utf8(out).unwrap();
        // Board 1's is the header's line; board 2's heads its game.
        assert!(text.starts_with("% PBN 2.1\n% EXPORT\n%\n[Generator \"Dealer\"]\n[Event \"?\"]\n"));
        assert!(text.contains("\n\n[Generator \"Dealer\"]\n[Event \"?\"]\n"));
        assert!(text.contains("[Contract \"\"]\n"));
        let back = crate::records::read(Format::Pbn, text.as_bytes())
            .unwrap()
            .set;
        for b in &back.boards {
            assert_eq!(b.tag("Generator"), Some("Dealer"), "board {}", b.number);
        }
        assert_eq!(back.boards[1].tag("Contract"), Some(""));
    }
}
