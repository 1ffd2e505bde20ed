//! PBN in Big Deal's dialect: the file `bigdealx` 2.0 writes, byte for byte.
//!
//! Spec: Big Deal's `output.c` (`init_pbn`, `print_pbn`), checked against
//! the `deal.pbn` files of `../shared/data/bigdeal/cases/`. LF line ends:
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
//! [`GENERATOR`](crate::formats::bigdeal::GENERATOR); the other tags are the board's own values where it has
//! them (ISO-8859-1, `\` and `"` escaped), else `?`. The deal is given
//! from North whoever deals. Nothing else of a board is written: the
//! dialect is for the deals a dealing program makes, which have nothing
//! else.

use crate::board::Board;
use crate::formats::bigdeal::generator;
use crate::formats::latin1_encode;
use crate::set::SetInfo;
use crate::{BoardWriter, Format};
use boardfile_io::Error;

/// The tags before `Board`, between it and `Dealer`, and after `Deal`.
const BEFORE: [&str; 3] = ["Event", "Site", "Date"];
const PLAYERS: [&str; 4] = ["West", "North", "East", "South"];
const AFTER: [&str; 4] = ["Scoring", "Declarer", "Contract", "Result"];

/// Writes PBN as Big Deal does.
#[derive(Default)]
pub struct BigDealPbnWriter {
    started: bool,
}

impl BigDealPbnWriter {
    /// The header, naming the first board's generator (when there is one).
    fn start(&mut self, first: Option<&Board>, out: &mut Vec<u8>) -> Result<(), Error> {
        if self.started {
            return Ok(());
        }
        self.started = true;
        out.extend_from_slice(b"% PBN 2.1\n% EXPORT\n%\n");
        tag(out, "Generator", generator(first))
    }
}

/// One tag line; the value in ISO-8859-1 with `\` and `"` escaped.
fn tag(out: &mut Vec<u8>, name: &str, value: &str) -> Result<(), Error> {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    if escaped.contains(['\r', '\n']) {
        return Err(Error::unsupported(
            Format::Pbn,
            format!("tag {name} holds a line break"),
        ));
    }
    let bytes = latin1_encode(&escaped).map_err(|c| {
        Error::unsupported(
            Format::Pbn,
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

/// A board's value of a tag: its own, else `?`.
fn value<'a>(b: &'a Board, name: &str) -> &'a str {
    b.tag(name).filter(|v| !v.is_empty()).unwrap_or("?")
}

impl BoardWriter for BigDealPbnWriter {
    fn head(&mut self, _: &SetInfo, _: &mut Vec<u8>) -> Result<(), Error> {
        Ok(())
    }

    fn board(&mut self, b: &Board, out: &mut Vec<u8>) -> Result<(), Error> {
        crate::formats::require_complete(b, Format::Pbn)?;
        self.start(Some(b), out)?;
        for name in BEFORE {
            tag(out, name, value(b, name))?;
        }
        tag(out, "Board", &b.number.to_string())?;
        for name in PLAYERS {
            tag(out, name, value(b, name))?;
        }
        tag(out, "Dealer", &b.dealer.letter().to_string())?;
        tag(out, "Vulnerable", b.vulnerability.name())?;
        out.extend_from_slice(b"[Deal \"");
        b.deal.push_pbn(out);
        out.extend_from_slice(b"\"]\n");
        for name in AFTER {
            tag(out, name, value(b, name))?;
        }
        out.push(b'\n');
        Ok(())
    }

    fn finish(&mut self, _: &SetInfo, out: &mut Vec<u8>) -> Result<(), Error> {
        self.start(None, out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::bigdeal::GENERATOR;
    use crate::{write_with, BoardSet, Deal, Dialect, WriteOptions};

    #[test]
    fn an_empty_set_is_the_header() {
        let mut out = Vec::new();
        let options = WriteOptions::default().in_dialect(Dialect::BigDeal);
        write_with(Format::Pbn, &BoardSet::default(), &mut out, &options).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!("% PBN 2.1\n% EXPORT\n%\n[Generator \"{GENERATOR}\"]\n")
        );
    }

    #[test]
    fn the_deal_is_from_north_and_tags_are_the_boards() {
        let deal = Deal::parse_pbn(
            "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
        )
        .unwrap();
        let mut b = Board::new(2, deal);
        b.tags.push(crate::Tag::new("Event", "Club \"night\""));
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
}
