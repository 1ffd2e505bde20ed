//! HTML hand records: one self-contained page to read on a screen or a
//! phone, or to print.
//!
//! Written only. The same content as the PDF hand records
//! ([`super::pdf`]): each board framed with its number, dealer and
//! vulnerability, the four hands around a compass drawn in SVG (the
//! vulnerable sides' seats on red, the dealer's letter ringed, each hand's
//! high-card points in the middle), hearts and diamonds in red, and, when
//! known, the double-dummy table and par. The set's event, site and date
//! head every printed page. No script, no external file. A board and the
//! style are [`crate::diagram::html`]'s, which the local web page shares.
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
use crate::diagram::html::{board_html, escape, STYLE};
use crate::diagram::{record_heading, Paper, PerPage};
use crate::model::board::Board;
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
