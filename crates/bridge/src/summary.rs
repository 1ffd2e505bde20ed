//! What `info` says of a board set, gathered a board at a time.

use crate::codec::stream::BoardReader;
use crate::model::extras::DupTrailer;
use crate::model::set::{Heading, SetInfo};
use boardfile_io::details::Detail;
use boardfile_io::{Diagnostics, Error};

/// A board set's vital statistics.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    /// Boards read.
    pub boards: u64,
    /// The first and last board's numbers.
    pub numbers: Option<(u32, u32)>,
    /// Boards whose deal is not complete.
    pub partial: u64,
    /// The Pavlicek deal number of the first board, when its deal is complete.
    pub first_deal_number: Option<u128>,
    /// The set's event, site and date, by name (`event`), when it has them.
    pub headings: Vec<(&'static str, String)>,
    /// Boards with an auction or play.
    pub played: u64,
    /// What only one format carries: a DLM header, a DUP trailer, a
    /// blind set.
    pub details: Vec<Detail>,
}

/// Reads every board of `reader` into a [`Summary`], in memory that does
/// not grow with the set.
pub fn summarize(reader: &mut dyn BoardReader, diag: &mut Diagnostics) -> Result<Summary, Error> {
    let mut s = Summary::default();
    let mut first = None;
    let mut trailer: Option<DupTrailer> = None;
    while let Some(b) = reader.next_board(diag)? {
        s.boards += 1;
        s.numbers = Some(match s.numbers {
            None => (b.number, b.number),
            Some((f, _)) => (f, b.number),
        });
        if !b.deal.is_complete() {
            s.partial += 1;
        }
        if b.auction.is_some() || b.play.is_some() {
            s.played += 1;
        }
        if trailer.is_none() {
            trailer = b.dup_trailer.filter(|t| !t.is_blank());
        }
        if first.is_none() {
            s.first_deal_number = b.deal.number();
            first = Some(b);
        }
    }
    let info = reader.tail();
    for (name, which) in [
        ("event", Heading::Event),
        ("site", Heading::Site),
        ("date", Heading::Date),
    ] {
        if let Some(v) = info.heading(which, first.as_ref()) {
            s.headings.push((name, v.to_string()));
        }
    }
    s.details = details(&info, trailer);
    Ok(s)
}

/// What only one format carries, as named facts.
fn details(info: &SetInfo, trailer: Option<DupTrailer>) -> Vec<Detail> {
    let mut out = Vec::new();
    if let Some(dlm) = &info.dlm {
        let mut facts = vec![Detail::text("section", dlm.section.clone())];
        facts.extend(
            dlm.header
                .iter()
                .map(|(k, v)| Detail::text(k.clone(), v.clone())),
        );
        facts.push(Detail::text(
            "line_ending",
            if dlm.crlf { "CR LF" } else { "LF" },
        ));
        // Boards outside From..To.
        facts.push(Detail::number(
            "other_boards",
            dlm.other_boards.len() as u64,
        ));
        if !dlm.trailer.is_empty() {
            facts.push(Detail::text("trailer", dlm.trailer.join(" | ")));
        }
        out.push(Detail::group("dlm", facts));
    }
    if let Some(t) = trailer {
        out.push(match t.fields() {
            Some(f) => Detail::group(
                "dup_trailer",
                vec![
                    Detail::flag("random", f.random),
                    Detail::flag("backwards", f.backwards),
                    Detail::number("first_board", f.first),
                    Detail::number("last_board", f.last),
                    Detail::number("copies", f.copies),
                ],
            ),
            None => Detail::text("dup_trailer", String::from_utf8_lossy(&t.0)),
        });
    }
    if info.blind {
        // The dealing machine is not to show the deals.
        out.push(Detail::flag("blind", true));
    }
    out
}
