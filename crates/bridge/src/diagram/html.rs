//! A board in HTML, as the hand records show it (the HTML format's pages
//! and the local web page's board view): the four hands around a compass
//! drawn in SVG (the vulnerable sides' seats on red, the dealer's letter
//! ringed, each hand's high-card points in the middle), hearts and
//! diamonds in red, and, when known, the double-dummy table and par and the
//! play valued double dummy (the cards that cost a trick marked). Each
//! board is a `<section class="board" id="board-N">`, laid out by
//! [`STYLE`].

use super::{contract_parts, holding, is_vulnerable, par_score, vulnerability_words};
use crate::model::auction::strain_suit;
use crate::model::board::{Board, DdTable, PlayValues};
use crate::model::card::{Card, Rank, Strain, Suit};
use crate::model::deal::Seat;
use std::fmt::Write as _;

/// The hand records' style: screen first, then narrow screens, then print.
pub const STYLE: &str = r#"
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
.play { font-size: 0.82em; line-height: 1.35; flex: 1 1 100%; min-width: 0; }
.play p { margin: 0 0 2px; }
.play ol { margin: 0; padding: 0; list-style: none; display: flex; flex-wrap: wrap; gap: 0 1.1em; }
.play li { white-space: nowrap; }
.play li > b { font-weight: normal; color: #555; }
.play mark { background: #fde2a8; color: inherit; border-radius: 3px; padding: 0 1px; }
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
  .play { font-size: 0.7em; line-height: 1.2; }
  .per-2 .play ol, .per-4 .play ol { display: none; }
}
"#;

/// [`STYLE`] for boards drawn inside a page that is not ours (a notebook's
/// output): every rule's selectors put inside `scope` (a selector such as
/// `.boardfile`), the page's own (`body`) made the scope's, and the print
/// rules left out.
///
/// ```
/// use boardfile_bridge::diagram::html::scoped_style;
/// let css = scoped_style(".bf");
/// assert!(css.contains(".bf .h, .bf .d { color: #c00; }"));
/// assert!(!css.contains("body") && !css.contains("@media print"));
/// ```
pub fn scoped_style(scope: &str) -> String {
    let mut out = String::with_capacity(STYLE.len() * 2);
    let mut skipping = false;
    for line in STYLE.lines() {
        let trimmed = line.trim_start();
        if skipping {
            skipping = line != "}";
            continue;
        }
        if trimmed.starts_with("@media print") {
            skipping = true;
            continue;
        }
        let Some((selectors, rule)) = line.split_once('{').filter(|_| !trimmed.starts_with('@'))
        else {
            out.push_str(line);
            out.push('\n');
            continue;
        };
        let indent = &line[..line.len() - trimmed.len()];
        let scoped: Vec<String> = selectors
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| match s.strip_prefix("body") {
                Some(rest) if !rest.starts_with('.') => format!("{scope}{rest}"),
                Some(_) => String::new(),
                None => format!("{scope} {s}"),
            })
            .filter(|s| !s.is_empty())
            .collect();
        if scoped.is_empty() {
            continue;
        }
        // A line of several rules (`.north { } .west { }`): each scoped.
        let rules = format!("{{{rule}");
        if rules.matches('{').count() > 1 {
            let mut first = true;
            for part in line.trim().split_inclusive('}') {
                if let Some((sel, body)) = part.split_once('{') {
                    if !first {
                        out.push(' ');
                    } else {
                        out.push_str(indent);
                    }
                    first = false;
                    let _ = write!(out, "{scope} {} {{{body}", sel.trim());
                }
            }
            out.push('\n');
            continue;
        }
        let _ = writeln!(out, "{indent}{} {rules}", scoped.join(", "));
    }
    out
}

/// `text` with HTML's special characters escaped, onto `out`.
pub fn escape(text: &str, out: &mut String) {
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

/// The board's section, onto `out`.
pub fn board_html(board: &Board, out: &mut String) {
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
    if let Some(note) = super::unshown_table(board) {
        out.push_str("<p class=\"dd-note\">");
        escape(&note, out);
        out.push_str("</p>");
    }
    if let Some(dd) = super::shown_table(board) {
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
        for seat in DdTable::HEX_DECLARERS {
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
    if let Some(v) = &board.play_values {
        play_html(v, out);
    }
    out.push_str("</section>\n");
}

/// A card as the hand records write it: the suit's symbol, then the rank
/// (`10` for the ten).
fn card_html(card: Card, out: &mut String) {
    let (class, symbol) = suit_mark(card.suit());
    let _ = write!(out, "<span class=\"{class}\">{symbol}</span>");
    match card.rank() {
        Rank::Ten => out.push_str("10"),
        r => out.push(r.char()),
    }
}

/// The play valued double dummy: declarer's tricks at the lead and the
/// cards that cost their side a trick, then the play a trick an item from
/// its leader, each of those cards marked with the cost (and, on hover,
/// declarer's tricks after it). Printed two or four boards a page, the
/// list is left out (it does not fit): the costly cards line says what it
/// marks.
fn play_html(v: &PlayValues, out: &mut String) {
    let strain = match strain_suit(v.strain) {
        Some(suit) => {
            let (class, symbol) = suit_mark(suit);
            format!("<span class=\"{class}\">{symbol}</span>")
        }
        None => "NT".into(),
    };
    let _ = write!(
        out,
        "<div class=\"play\"><p><b>Play</b> declarer {} in {strain}: {} tricks double dummy at the lead.</p><p class=\"costs\">",
        v.declarer.letter(),
        v.start,
    );
    let trick_of = |i: usize| i / 4 + 1;
    match v.costly().count() {
        0 => out.push_str("No card cost a trick."),
        n => {
            let _ = write!(
                out,
                "Cost a trick ({n} card{}):",
                if n == 1 { "" } else { "s" }
            );
            for (i, c) in v.cards.iter().enumerate().filter(|(_, c)| c.cost > 0) {
                let _ = write!(out, " {}. {} ", trick_of(i), c.seat.letter());
                card_html(c.card, out);
                let _ = write!(out, " &minus;{}", c.cost);
                out.push(',');
            }
            out.pop();
            out.push('.');
        }
    }
    out.push_str("</p><ol>");
    for (t, trick) in v.cards.chunks(4).enumerate() {
        let _ = write!(out, "<li><b>{}. {}</b>", t + 1, trick[0].seat.letter());
        for c in trick {
            out.push(' ');
            if c.cost > 0 {
                let _ = write!(
                    out,
                    "<mark title=\"{} cost {} trick{}: {} tricks for declarer after it\">",
                    c.seat.name(),
                    c.cost,
                    if c.cost == 1 { "" } else { "s" },
                    c.tricks
                );
                card_html(c.card, out);
                let _ = write!(out, "<sup>&minus;{}</sup></mark>", c.cost);
            } else {
                card_html(c.card, out);
            }
        }
        out.push_str("</li>");
    }
    out.push_str("</ol></div>");
}
