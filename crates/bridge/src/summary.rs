//! What `info` says of a board set, gathered a board at a time.

use crate::codec::stream::BoardReader;
use crate::model::extras::DupTrailer;
use crate::model::set::{Heading, SetInfo};
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
    /// What only one format carries, a line each (sub-lines indented by two
    /// spaces): a DLM header, a DUP trailer.
    pub details: Vec<String>,
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

fn yes_no(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

/// The lines of what only one format carries.
fn details(info: &SetInfo, trailer: Option<DupTrailer>) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(dlm) = &info.dlm {
        out.push(format!("DLM {}", dlm.section));
        for (k, v) in &dlm.header {
            out.push(format!("  {k}={v}"));
        }
        out.push(format!(
            "  line ending: {}",
            if dlm.crlf { "CR LF" } else { "LF" }
        ));
        out.push(format!(
            "  other boards (outside From..To): {}",
            dlm.other_boards.len()
        ));
        if !dlm.trailer.is_empty() {
            out.push(format!("  trailer: {}", dlm.trailer.join(" | ")));
        }
    }
    if let Some(t) = trailer {
        out.push(match t.fields() {
            Some(f) => format!(
                "DUP trailer: random {}, backwards {}, boards {} to {}, copies {}",
                yes_no(f.random),
                yes_no(f.backwards),
                f.first,
                f.last,
                f.copies
            ),
            None => format!("DUP trailer: {:?}", String::from_utf8_lossy(&t.0)),
        });
    }
    if info.blind {
        out.push("blind: the dealing machine is not to show the deals".into());
    }
    out
}
