//! HTML hand records: one self-contained page to read on a screen or a
//! phone, or to print.
//!
//! Written only. The same content as the PDF hand records
//! ([`super::pdf`]): each board framed with its number, dealer and
//! vulnerability, the four hands around a compass drawn in SVG (the
//! vulnerable sides' seats on red, the dealer's letter ringed, each hand's
//! high-card points in the middle), hearts and diamonds in red, and, when
//! known, the double-dummy table and par. The set's event, site and date
//! head every printed page. No script, no external file.
//!
//! Layout: boards are grouped in printed pages of 1, 2 or 4
//! ([`WriteOptions::per_page`](crate::codec::options::WriteOptions::per_page)) for the
//! paper chosen (`@page size`); on a screen the pages follow each other
//! with gaps between all boards, two columns of boards for four a page,
//! and one column below 600 CSS pixels (the page has a viewport tag, so a
//! phone lays it out at its own width), where the text is larger (no text
//! under 12 CSS pixels, the compass's too) and the diagram spans the
//! board's width. In print each page is one sheet,
//! its boards sharing it evenly, and no board is split across sheets
//! (`break-inside: avoid`). Each board is a `<section class="board"
//! id="board-N">`, so a checker can find them (`scripts/check-html.sh`,
//! `scripts/check-records.sh`).
//!
//! Cannot carry back: anything (it is not read).

use crate::codec::keeps::Keeps;
use crate::codec::options::WriteOptions;
use crate::codec::stream::BoardWriter;
use crate::codec::{Descriptor, Hooks};
use crate::diagram::{
    contract_parts, holding, is_vulnerable, par_score, record_heading, vulnerability_words, Paper,
    PerPage,
};
use crate::model::board::Board;
use crate::model::card::Strain;
use crate::model::card::Suit;
use crate::model::deal::Seat;
use crate::model::set::SetInfo;
use boardfile_io::{Error, FormatInfo, Signature};
use std::fmt::Write as _;

/// The format.
pub static DESCRIPTOR: Descriptor = Descriptor {
    info: FormatInfo {
        name: "HTML",
        extensions: &["html", "htm"],
        description: "printable hand records, 1, 2 or 4 boards a printed page (written only)",
        signature: Signature::None,
        reads: false,
        writes: true,
        text: true,
    },
    keeps: Keeps::HAND_RECORDS,
    reader: None,
    writer: Some(|options| Box::new(HtmlWriter::new(options))),
    hooks: Hooks::NONE,
};

/// The style: screen first, then narrow screens, then print.
const STYLE: &str = r#"
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", Verdana, Arial, Helvetica, sans-serif; font-size: 15px; margin: 0 auto; padding: 12px; max-width: 860px; color: #000; }
.page { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 12px; margin: 0 0 12px; }
.per-1 .page, .per-2 .page { grid-template-columns: minmax(0, 1fr); }
.page > header { grid-column: 1 / -1; text-align: center; border-bottom: 1px solid #aaa; padding-bottom: 4px; }
.page + .page > header { display: none; }
header h1 { font-size: 1.35em; margin: 0; }
header p { margin: 2px 0 0; color: #555; font-size: 0.9em; }
.board { border: 1px solid #aaa; border-radius: 6px; padding: 10px 12px; break-inside: avoid; page-break-inside: avoid; display: flex; flex-direction: column; justify-content: space-evenly; gap: 10px; min-width: 0; }
.per-2 .board { flex-direction: row; align-items: center; justify-content: space-around; flex-wrap: wrap; }
.diagram { display: grid; grid-template-columns: minmax(0, 9em) 4.6em minmax(0, 9em); justify-content: center; grid-template-areas: "info north north" "west compass east" ". south south"; gap: 6px 0.6em; align-items: center; }
.info { grid-area: info; align-self: start; }
.info h2 { font-size: 1.35em; margin: 0 0 2px; white-space: nowrap; }
.info p { margin: 0; font-size: 0.8em; color: #555; }
.north { grid-area: north; } .west { grid-area: west; } .east { grid-area: east; } .south { grid-area: south; }
.compass { grid-area: compass; width: 4.6em; height: 4.6em; display: block; }
.hand { line-height: 1.25; overflow-wrap: anywhere; min-width: 0; }
.hand span { display: inline-block; width: 1.15em; }
.s, .c { color: #000; }
.h, .d { color: #c00; }
.results { display: flex; flex-wrap: wrap; gap: 8px 18px; align-items: flex-start; justify-content: center; }
table.dd { border-collapse: collapse; font-size: 0.82em; }
table.dd th, table.dd td { border: 1px solid #bbb; padding: 1px 0; width: 2.1em; text-align: center; }
table.dd tr:first-child th { background: #e4e4e4; }
.par { font-size: 0.82em; line-height: 1.35; }
.par b { display: block; }
.par .score { font-weight: bold; font-size: 1.1em; }
@media (max-width: 600px) {
  body { padding: 8px; font-size: 16px; }
  .page { grid-template-columns: minmax(0, 1fr); gap: 8px; margin-bottom: 8px; }
  .board { padding: 10px; }
  .per-2 .board { flex-direction: column; align-items: stretch; }
  .diagram { grid-template-columns: minmax(0, 1fr) 5.4em minmax(0, 1fr); justify-content: stretch; gap: 6px 0.5em; }
  .compass { width: 5.4em; height: 5.4em; }
}
@media print {
  body { max-width: none; padding: 0; font-size: 12.5pt; }
  .page, .page:last-child { gap: 4mm; margin: 0; break-after: page; page-break-after: always; height: var(--sheet); grid-template-rows: auto repeat(var(--rows), minmax(0, 1fr)); }
  .page:last-child { break-after: auto; page-break-after: auto; }
  .page + .page > header { display: block; }
  .board { padding: 3mm 4mm; overflow: hidden; }
  body.per-2 { font-size: 14pt; }
  .per-2 .board { flex-direction: column; align-items: stretch; justify-content: space-evenly; }
  body.per-1 { font-size: 24pt; }
}
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
    for (i, suit) in Suit::ALL.into_iter().enumerate() {
        let (class, symbol) = suit_mark(suit);
        let br = if i < 3 { "<br>" } else { "" };
        let _ = write!(
            out,
            "<span class=\"{class}\">{symbol}</span>&#8288;{}{br}",
            holding(h, suit)
        );
    }
    out.push_str("</div>");
}

/// The compass in SVG: the seats' bands (red for a vulnerable side), the
/// dealer's letter ringed, the hands' high-card points in the middle.
fn compass(board: &Board, out: &mut String) {
    let _ = write!(
        out,
        "<svg class=\"compass\" viewBox=\"0 0 64 64\" role=\"img\" aria-label=\"Dealer {}, vulnerable {}; high-card points N {} E {} S {} W {}\">",
        board.dealer.name(),
        vulnerability_words(board.vulnerability),
        board.deal.hand(Seat::North).hcp(),
        board.deal.hand(Seat::East).hcp(),
        board.deal.hand(Seat::South).hcp(),
        board.deal.hand(Seat::West).hcp(),
    );
    for (seat, band, (x, y)) in [
        (Seat::North, "0,0 64,0 48,16 16,16", (32.0, 8.0)),
        (Seat::East, "64,0 64,64 48,48 48,16", (56.0, 32.0)),
        (Seat::South, "64,64 0,64 16,48 48,48", (32.0, 56.0)),
        (Seat::West, "0,64 0,0 16,16 16,48", (8.0, 32.0)),
    ] {
        let vul = is_vulnerable(board.vulnerability, seat);
        let (fill, ink) = if vul {
            ("#c00", "#fff")
        } else {
            ("#e1e1e1", "#000")
        };
        let class = if vul { " class=\"vul\"" } else { "" };
        let _ = write!(
            out,
            "<polygon{class} points=\"{band}\" fill=\"{fill}\" stroke=\"#fff\" stroke-width=\"0.8\"/><text x=\"{x}\" y=\"{}\" text-anchor=\"middle\" font-size=\"10\" font-weight=\"bold\" fill=\"{ink}\">{}</text>",
            y + 3.6,
            seat.letter()
        );
        if seat == board.dealer {
            let _ = write!(
                out,
                "<circle class=\"dealer\" cx=\"{x}\" cy=\"{y}\" r=\"6.6\" fill=\"none\" stroke=\"{ink}\"/>"
            );
        }
    }
    out.push_str(
        "<rect width=\"64\" height=\"64\" fill=\"none\" stroke=\"#555\" stroke-width=\"0.6\"/>",
    );
    for (seat, x, y, anchor) in [
        (Seat::North, 32.0, 25.2, "middle"),
        (Seat::South, 32.0, 45.3, "middle"),
        (Seat::West, 17.6, 35.6, "start"),
        (Seat::East, 46.4, 35.6, "end"),
    ] {
        let _ = write!(
            out,
            "<text class=\"hcp\" x=\"{x}\" y=\"{y}\" text-anchor=\"{anchor}\" font-size=\"10\" fill=\"#555\">{}</text>",
            board.deal.hand(seat).hcp()
        );
    }
    out.push_str("</svg>");
}

fn board_html(board: &Board, out: &mut String) {
    let _ = write!(
        out,
        "<section class=\"board\" id=\"board-{n}\"><div class=\"diagram\"><div class=\"info\"><h2>Board {n}</h2><p>Dealer {dealer}</p><p>Vul {vul}</p></div>",
        n = board.number,
        dealer = board.dealer.name(),
        vul = vulnerability_words(board.vulnerability),
    );
    for seat in [Seat::North, Seat::West] {
        hand(board, seat, out);
    }
    compass(board, out);
    for seat in [Seat::East, Seat::South] {
        hand(board, seat, out);
    }
    out.push_str("</div>");
    if board.dd.is_some() || board.par.is_some() {
        out.push_str("<div class=\"results\">");
    }
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
        for seat in crate::model::board::DdTable::HEX_DECLARERS {
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
        let _ = write!(
            out,
            "<div class=\"par\"><b>Par</b><span class=\"score\">{}</span>",
            par_score(par)
        );
        for c in &par.contracts {
            out.push_str("<br>");
            match contract_parts(c) {
                Some((level, suit, doubled, by)) => {
                    let strain = match suit {
                        None => "NT".to_string(),
                        Some(suit) => {
                            let (class, symbol) = suit_mark(suit);
                            format!("<span class=\"{class}\">{symbol}</span>")
                        }
                    };
                    let _ = write!(out, "{level}{strain}{doubled} {by}");
                }
                None => escape(c, out),
            }
        }
        out.push_str("</div>");
    }
    if board.dd.is_some() || board.par.is_some() {
        out.push_str("</div>");
    }
    out.push_str("</section>\n");
}

/// The height of a printed page's content (the sheet less 12 mm margins,
/// less a little so that rounding never spills onto another sheet).
fn sheet_height(paper: Paper) -> &'static str {
    match paper {
        Paper::A4 => "271mm",
        Paper::Letter => "253mm",
    }
}

/// Writes the hand records: the document's head with the first board
/// (whose tags may name the event), then the boards, `per_page` to a
/// printed page, each page headed by the event.
pub struct HtmlWriter {
    per_page: PerPage,
    paper: Paper,
    title: Option<String>,
    head: Option<SetInfo>,
    /// The page heading, settled at the first board.
    heading: String,
    in_page: usize,
    /// True once a page is begun.
    paged: bool,
    html: String,
}

impl HtmlWriter {
    /// A writer laid out as `options` say.
    pub fn new(options: &WriteOptions) -> HtmlWriter {
        HtmlWriter {
            per_page: options.per_page,
            paper: options.paper,
            title: options.title.clone(),
            head: None,
            heading: String::new(),
            in_page: 0,
            paged: false,
            html: String::new(),
        }
    }

    fn begin(&mut self, first: Option<&Board>, out: &mut Vec<u8>) {
        let Some(info) = self.head.take() else {
            return;
        };
        let (title, place) = record_heading(&info, first, self.title.as_deref());
        let mut heading = String::from("<header><h1>");
        escape(&title, &mut heading);
        heading.push_str("</h1>");
        if let Some(place) = place {
            heading.push_str("<p>");
            escape(&place, &mut heading);
            heading.push_str("</p>");
        }
        heading.push_str("</header>\n");
        self.heading = heading;
        let html = &mut self.html;
        html.clear();
        html.push_str("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>");
        escape(&title, html);
        let per_page = self.per_page.get();
        let rows = if per_page == 4 { 2 } else { per_page };
        let _ = write!(
            html,
            "</title><style>@page {{ size: {} portrait; margin: 12mm; }}\n:root {{ --sheet: {}; --rows: {rows}; }}{STYLE}</style></head><body class=\"per-{per_page}\">\n",
            self.paper.css_name(),
            sheet_height(self.paper),
        );
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
            self.html.push_str(&self.heading);
            self.paged = true;
        }
        board_html(b, &mut self.html);
        self.in_page += 1;
        if self.in_page == self.per_page.get() {
            self.html.push_str("</div>\n");
            self.in_page = 0;
        }
        out.extend_from_slice(self.html.as_bytes());
        Ok(())
    }

    fn finish(&mut self, _: &SetInfo, out: &mut Vec<u8>) -> Result<(), Error> {
        self.begin(None, out);
        if !self.paged {
            out.extend_from_slice(b"<div class=\"page\">\n");
            out.extend_from_slice(self.heading.as_bytes());
            out.extend_from_slice(b"</div>\n");
        }
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
    use crate::codec::Format;
    use crate::model::board::Board;
    use crate::model::deal::Deal;
    use crate::model::set::BoardSet;

    fn write(set: &BoardSet, options: &WriteOptions) -> String {
        let mut out = Vec::new();
        crate::records::write_with(Format::Html, set, &mut out, options).unwrap();
        String::from_utf8(out).unwrap()
    }

    fn set(boards: u32) -> BoardSet {
        let deal = Deal::parse_pbn(
            "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
        )
        .unwrap();
        let mut set = BoardSet::from_boards((1..=boards).map(|n| Board::new(n, deal)).collect());
        set.info.event = Some("Club <night> & co".into());
        set.info.site = Some("Leiden".into());
        set
    }

    #[test]
    fn hands_symbols_points_and_tables() {
        let mut set = set(5);
        set.boards[0].dd =
            Some(crate::model::board::DdTable::from_hex("9876543210ABCD012345").unwrap());
        set.boards[0].par = Some(crate::model::board::Par {
            score_ns: -420,
            contracts: vec!["4S-W".into(), "odd text".into()],
        });
        let html = write(&set, &WriteOptions::default());
        assert!(html
            .contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"));
        assert!(html.contains("<title>Club &lt;night&gt; &amp; co</title>"));
        assert!(html.contains("@page { size: A4 portrait; margin: 12mm; }"));
        assert!(html.contains("<body class=\"per-4\">"));
        assert_eq!(html.matches("<section class=\"board\"").count(), 5);
        assert_eq!(
            html.matches("<div class=\"page\">").count(),
            2,
            "four a page"
        );
        assert_eq!(
            html.matches("<header><h1>Club &lt;night&gt; &amp; co</h1><p>Leiden</p></header>")
                .count(),
            2,
            "a heading a printed page"
        );
        // North: AKQJ of spades, T98 of hearts.
        assert!(html.contains(
            "<div class=\"hand north\"><span class=\"s\">&spades;</span>&#8288;AKQJ<br><span class=\"h\">&hearts;</span>&#8288;1098<br>"
        ));
        assert!(
            html.contains(".h, .d { color: #c00; }"),
            "red hearts and diamonds"
        );
        assert!(html.contains("break-inside: avoid"));
        assert!(
            html.contains("@media (max-width: 600px)"),
            "one column on a phone"
        );
        // On a phone (16 px), the compass 5.4em wide: its 10 units of 64
        // are 13.5 px (scripts/check-html.sh measures them).
        assert!(html.contains("body { padding: 8px; font-size: 16px; }"));
        assert!(html.contains(".compass { width: 5.4em; height: 5.4em; }"));
        assert!(!html.contains("font-size=\"8\""));
        assert_eq!(html.matches("<table class=\"dd\">").count(), 1);
        assert_eq!(html.matches("<td>").count(), 20);
        assert!(html.contains(
            "<div class=\"par\"><b>Par</b><span class=\"score\">EW 420</span><br>4<span class=\"s\">&spades;</span> W<br>odd text</div>"
        ));
        assert_eq!(html.matches("<svg class=\"compass\"").count(), 5);
        assert_eq!(
            html.matches("class=\"dealer\"").count(),
            5,
            "a dealer a board"
        );
        // Each hand has 10 points, shown in the compass.
        assert_eq!(html.matches(">10</text>").count(), 20);
        assert!(!html.contains("<script"));
    }

    /// The compass's red bands are the vulnerable seats, the ring the
    /// dealer's, by the Laws' board numbers.
    #[test]
    fn compass_marks_vulnerability_and_dealer() {
        let html = write(&set(16), &WriteOptions::default());
        for (i, section) in html.split("<section").skip(1).enumerate() {
            let n = i as u32 + 1;
            let vul = crate::model::board::Vulnerability::for_board(n);
            let red: Vec<char> = ["N", "E", "S", "W"]
                .iter()
                .zip(section.split("<polygon").skip(1))
                .filter(|(_, p)| p.starts_with(" class=\"vul\""))
                .map(|(s, _)| s.chars().next().unwrap())
                .collect();
            let want: Vec<char> = match vul.name() {
                "None" => vec![],
                "NS" => vec!['N', 'S'],
                "EW" => vec!['E', 'W'],
                _ => vec!['N', 'E', 'S', 'W'],
            };
            assert_eq!(red, want, "board {n}");
            let dealer = crate::model::board::dealer_for_board(n).letter();
            let ring = section.find("class=\"dealer\"").unwrap();
            let letter = section[..ring].rfind("</text>").unwrap();
            assert_eq!(section[..letter].chars().last(), Some(dealer), "board {n}");
        }
    }

    #[test]
    fn pages_follow_the_layout() {
        let set = set(5);
        for (per_page, paper, pages) in [
            (PerPage::ONE, Paper::Letter, 5),
            (PerPage::TWO, Paper::A4, 3),
            (PerPage::FOUR, Paper::Letter, 2),
        ] {
            let html = write(&set, &WriteOptions::default().laid_out(per_page, paper));
            assert_eq!(html.matches("<div class=\"page\">").count(), pages);
            assert_eq!(html.matches("</div>\n").count(), pages, "pages closed");
            assert!(html.contains(&format!("<body class=\"per-{}\">", per_page.get())));
            assert!(html.contains(&format!("size: {} portrait", paper.css_name())));
        }
        let empty = write(&BoardSet::default(), &WriteOptions::default());
        assert!(
            empty.contains("<div class=\"page\">\n<header><h1>Hand records</h1></header>\n</div>")
        );
    }

    /// A title given heads the pages and names the document; the event
    /// goes below it with the site and the date, read out.
    #[test]
    fn a_title_given_heads_the_pages() {
        let mut set = set(2);
        set.info.date = Some("2026.11.??".into());
        let options = WriteOptions::default().titled(Some("Club <Pairs>".into()));
        let html = write(&set, &options);
        assert!(html.contains("<title>Club &lt;Pairs&gt;</title>"));
        assert!(html.contains(
            "<header><h1>Club &lt;Pairs&gt;</h1><p>Club &lt;night&gt; &amp; co \u{b7} Leiden \u{b7} November 2026</p></header>"
        ));
    }
}
