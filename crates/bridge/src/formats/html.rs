//! HTML hand records: one self-contained page to print or post.
//!
//! Written only. Four boards to an A4 page (two by two), each with its
//! number, dealer and vulnerability, the four hands around a table with
//! suit symbols (hearts and diamonds red) and high-card points, and, when
//! known, the double-dummy table and par. The set's event, site and date
//! head the page. No script, no external file: the page prints the same
//! anywhere. Each board is a `<section class="board" id="board-N">`, so a
//! checker can find them (`scripts/check-html.sh`).
//!
//! Cannot carry back: anything (it is not read).

use crate::board::{Board, Strain};
use crate::card::Suit;
use crate::deal::Seat;
use crate::keeps::{DoubleDummy, Keeps, Numbers, Tags};
use crate::registry::Descriptor;
use crate::set::{Heading, SetInfo};
use crate::BoardWriter;
use boardfile_io::{Error, FormatInfo, Signature};
use std::fmt::Write as _;

/// The format.
pub static DESCRIPTOR: Descriptor = Descriptor {
    info: FormatInfo {
        name: "HTML",
        extensions: &["html", "htm"],
        description: "printable hand records, four boards an A4 page (written only)",
        signature: Signature::None,
        reads: false,
        writes: true,
    },
    keeps: Keeps {
        deals: crate::keeps::Deals::Partial,
        numbers: Numbers::Any,
        conditions: true,
        dd: DoubleDummy::Table,
        par: true,
        headings: true,
        tags: Tags::Only {
            names: &["Event", "Site", "Date"],
            described: "the event, site and date",
        },
        remark: Some("for people: not read back"),
        ..Keeps::DEALS_ONLY
    },
    reader: None,
    writer: Some(|_| Box::new(HtmlWriter::default())),
};

const STYLE: &str = r#"
@page { size: A4; margin: 12mm; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", Arial, Helvetica, sans-serif; font-size: 10.5pt; margin: 0; color: #000; }
header { text-align: center; margin: 0 0 4mm; }
header h1 { font-size: 15pt; margin: 0; }
header p { margin: 1mm 0 0; }
.page { display: grid; grid-template-columns: 1fr 1fr; gap: 5mm; break-after: page; }
.page:last-child { break-after: auto; }
.board { border: 1px solid #888; padding: 3mm; break-inside: avoid; min-height: 118mm; }
.board h2 { font-size: 12pt; margin: 0 0 1mm; }
.conditions { font-size: 9pt; margin-bottom: 2mm; }
.table { display: grid; grid-template-columns: 1fr 24mm 1fr; grid-template-rows: auto auto auto; align-items: center; }
.north { grid-column: 2 / 4; grid-row: 1; }
.west { grid-column: 1; grid-row: 2; }
.compass { grid-column: 2; grid-row: 2; width: 22mm; height: 22mm; border: 1px solid #444; position: relative; margin: 2mm auto; background: #f4f4f4; }
.compass span { position: absolute; font-weight: bold; font-size: 9pt; }
.compass .n { top: 1mm; left: 50%; transform: translateX(-50%); }
.compass .s { bottom: 1mm; left: 50%; transform: translateX(-50%); }
.compass .w { left: 1.5mm; top: 50%; transform: translateY(-50%); }
.compass .e { right: 1.5mm; top: 50%; transform: translateY(-50%); }
.compass .dealer { text-decoration: underline; }
.east { grid-column: 3; grid-row: 2; padding-left: 2mm; }
.south { grid-column: 2 / 4; grid-row: 3; }
.hand { line-height: 1.3; white-space: nowrap; }
.hand .hcp { font-size: 8.5pt; color: #444; }
.s, .c { color: #000; }
.h, .d { color: #c00; }
.hand .h, .hand .d, .hand .s, .hand .c { display: inline-block; width: 1.2em; }
table.dd { border-collapse: collapse; margin-top: 2mm; font-size: 9pt; }
table.dd th, table.dd td { border: 1px solid #999; padding: 0.3mm 1.6mm; text-align: center; }
.par { font-size: 9pt; margin-top: 1mm; }
"#;

fn escape(text: &str, out: &mut String) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
}

/// The HTML class and symbol of a suit.
fn suit_mark(suit: Suit) -> (&'static str, &'static str) {
    match suit {
        Suit::Spades => ("s", "&spades;"),
        Suit::Hearts => ("h", "&hearts;"),
        Suit::Diamonds => ("d", "&diams;"),
        Suit::Clubs => ("c", "&clubs;"),
    }
}

fn hand(board: &Board, seat: Seat, out: &mut String) {
    let h = board.deal.hand(seat);
    let _ = write!(
        out,
        "<div class=\"hand {}\">",
        seat.name().to_ascii_lowercase()
    );
    for suit in Suit::ALL {
        let (class, symbol) = suit_mark(suit);
        let ranks: String = h.ranks(suit).map(|r| r.char()).collect();
        let ranks = if ranks.is_empty() {
            "&mdash;".to_string()
        } else {
            ranks.replace('T', "10")
        };
        let _ = write!(out, "<span class=\"{class}\">{symbol}</span>{ranks}<br>");
    }
    let _ = write!(out, "<span class=\"hcp\">{} HCP</span></div>", h.hcp());
}

fn board_html(board: &Board, out: &mut String) {
    let _ = write!(
        out,
        "<section class=\"board\" id=\"board-{n}\"><h2>Board {n}</h2><div class=\"conditions\">Dealer {dealer} &middot; Vulnerable {vul}</div><div class=\"table\">",
        n = board.number,
        dealer = board.dealer.name(),
        vul = board.vulnerability.name(),
    );
    for seat in [Seat::North, Seat::West] {
        hand(board, seat, out);
    }
    out.push_str("<div class=\"compass\">");
    for (seat, class) in [
        (Seat::North, "n"),
        (Seat::West, "w"),
        (Seat::East, "e"),
        (Seat::South, "s"),
    ] {
        let dealer = if seat == board.dealer { " dealer" } else { "" };
        let _ = write!(
            out,
            "<span class=\"{class}{dealer}\">{}</span>",
            seat.letter()
        );
    }
    out.push_str("</div>");
    for seat in [Seat::East, Seat::South] {
        hand(board, seat, out);
    }
    out.push_str("</div>");
    if let Some(dd) = &board.dd {
        out.push_str("<table class=\"dd\"><tr><th></th>");
        for strain in Strain::NT_FIRST {
            let text = match strain {
                Strain::NoTrump => "NT",
                Strain::Spades => "<span class=\"s\">&spades;</span>",
                Strain::Hearts => "<span class=\"h\">&hearts;</span>",
                Strain::Diamonds => "<span class=\"d\">&diams;</span>",
                Strain::Clubs => "<span class=\"c\">&clubs;</span>",
            };
            let _ = write!(out, "<th>{text}</th>");
        }
        out.push_str("</tr>");
        for seat in Seat::ALL {
            let _ = write!(out, "<tr><th>{}</th>", seat.letter());
            for strain in Strain::NT_FIRST {
                match dd.get(seat, strain) {
                    Some(t) => {
                        let _ = write!(out, "<td>{t}</td>");
                    }
                    None => out.push_str("<td>?</td>"),
                }
            }
            out.push_str("</tr>");
        }
        out.push_str("</table>");
    }
    if let Some(par) = &board.par {
        out.push_str("<div class=\"par\">Par ");
        let side = if par.score_ns >= 0 { "NS" } else { "EW" };
        let _ = write!(out, "{side} {}", par.score_ns.abs());
        if !par.contracts.is_empty() {
            out.push_str(": ");
            escape(&par.contracts.join(", "), out);
        }
        out.push_str("</div>");
    }
    out.push_str("</section>\n");
}

/// Boards on one printed page.
const PER_PAGE: usize = 4;

/// Writes the hand records: the page's head with the first board (whose
/// tags may name the event), then four boards a page.
#[derive(Default)]
pub struct HtmlWriter {
    head: Option<SetInfo>,
    in_page: usize,
    html: String,
}

impl HtmlWriter {
    fn begin(&mut self, first: Option<&Board>, out: &mut Vec<u8>) {
        let Some(info) = self.head.take() else {
            return;
        };
        let html = &mut self.html;
        html.clear();
        let title = info
            .heading(Heading::Event, first)
            .unwrap_or("Hand records");
        html.push_str("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>");
        escape(title, html);
        html.push_str("</title><style>");
        html.push_str(STYLE);
        html.push_str("</style></head><body>\n<header><h1>");
        escape(title, html);
        html.push_str("</h1>");
        let place: Vec<&str> = [Heading::Site, Heading::Date]
            .into_iter()
            .filter_map(|h| info.heading(h, first))
            .filter(|v| !v.is_empty() && *v != "?")
            .collect();
        if !place.is_empty() {
            html.push_str("<p>");
            escape(&place.join(" \u{b7} "), html);
            html.push_str("</p>");
        }
        html.push_str("</header>\n");
        out.extend_from_slice(html.as_bytes());
    }
}

impl BoardWriter for HtmlWriter {
    fn head(&mut self, head: &SetInfo, _: &mut Vec<u8>) -> Result<(), Error> {
        self.head = Some(head.clone());
        Ok(())
    }

    fn board(&mut self, b: &Board, out: &mut Vec<u8>) -> Result<(), Error> {
        self.begin(Some(b), out);
        self.html.clear();
        if self.in_page == 0 {
            self.html.push_str("<div class=\"page\">\n");
        }
        board_html(b, &mut self.html);
        self.in_page += 1;
        if self.in_page == PER_PAGE {
            self.html.push_str("</div>\n");
            self.in_page = 0;
        }
        out.extend_from_slice(self.html.as_bytes());
        Ok(())
    }

    fn finish(&mut self, _: &SetInfo, out: &mut Vec<u8>) -> Result<(), Error> {
        self.begin(None, out);
        if self.in_page > 0 {
            out.extend_from_slice(b"</div>\n");
            self.in_page = 0;
        }
        out.extend_from_slice(b"</body></html>\n");
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, BoardSet, Deal, Format};

    fn write(set: &BoardSet, out: &mut Vec<u8>) -> Result<(), Error> {
        crate::write(Format::Html, set, out)
    }

    #[test]
    fn hands_symbols_points_and_tables() {
        let deal = Deal::parse_pbn(
            "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
        )
        .unwrap();
        let mut set = BoardSet::from_boards((1..=5).map(|n| Board::new(n, deal)).collect());
        set.info.event = Some("Club <night> & co".into());
        set.boards[0].dd = crate::dd::solve(&deal);
        set.boards[0].par = Some(crate::Par {
            score_ns: -420,
            contracts: vec!["4S-W".into()],
        });
        let mut out = Vec::new();
        write(&set, &mut out).unwrap();
        let html = String::from_utf8(out).unwrap();
        assert!(html.contains("<title>Club &lt;night&gt; &amp; co</title>"));
        assert_eq!(html.matches("<section class=\"board\"").count(), 5);
        assert_eq!(
            html.matches("<div class=\"page\">").count(),
            2,
            "four a page"
        );
        // North: AKQJ of spades, T98 of hearts; 10 points.
        assert!(html.contains(
            "<div class=\"hand north\"><span class=\"s\">&spades;</span>AKQJ<br><span class=\"h\">&hearts;</span>1098<br>"
        ));
        assert!(html.contains("<span class=\"hcp\">10 HCP</span>"));
        assert!(
            html.contains(".h, .d { color: #c00; }"),
            "red hearts and diamonds"
        );
        assert_eq!(html.matches("<table class=\"dd\">").count(), 1);
        assert!(html.contains("<div class=\"par\">Par EW 420: 4S-W</div>"));
        assert!(html.contains("<span class=\"n dealer\">N</span>"));
        assert!(!html.contains("<script"));
    }
}
