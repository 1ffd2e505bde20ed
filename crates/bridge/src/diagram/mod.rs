//! Hand diagrams: the terminal's, and what the printed hand records (the
//! HTML and PDF formats) share: the paper and boards a page they are laid
//! out for, and how a holding, the vulnerability, par and the page's
//! heading read.

pub mod html;

use crate::model::auction::CallToken;
use crate::model::board::{Board, Par, PlayValues, Vulnerability};
use crate::model::card::Strain;
use crate::model::card::Suit;
use crate::model::date::readable_date;
use crate::model::deal::Seat;
use crate::model::hand::Hand;
use crate::model::set::{Heading, SetInfo};
use std::io::{self, Write};

/// The paper hand records are laid out for.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Paper {
    /// ISO A4, 210 x 297 mm.
    #[default]
    A4,
    /// US Letter, 8.5 x 11 in.
    Letter,
}

impl Paper {
    /// Reads `a4` or `letter` (any case), as `--paper` takes them.
    pub fn parse(name: &str) -> Result<Paper, String> {
        match name.to_ascii_lowercase().as_str() {
            "a4" => Ok(Paper::A4),
            "letter" => Ok(Paper::Letter),
            _ => Err(format!("unknown paper {name:?}: a4 or letter")),
        }
    }

    /// The name CSS's `@page size` knows: `A4`, `letter`.
    pub fn css_name(self) -> &'static str {
        match self {
            Paper::A4 => "A4",
            Paper::Letter => "letter",
        }
    }

    /// Width and height in PostScript points (1/72 in), portrait.
    pub fn points(self) -> (f32, f32) {
        match self {
            Paper::A4 => (595.276, 841.89),
            Paper::Letter => (612.0, 792.0),
        }
    }
}

/// Boards on a printed page of hand records: 1, 2 or 4.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PerPage(u8);

impl PerPage {
    /// One board a page, large (to pin on a wall).
    pub const ONE: PerPage = PerPage(1);
    /// Two boards a page, one above the other.
    pub const TWO: PerPage = PerPage(2);
    /// Four boards a page, two by two: the default.
    pub const FOUR: PerPage = PerPage(4);

    /// Reads `1`, `2` or `4`, as `--per-page` takes them.
    pub fn parse(text: &str) -> Result<PerPage, String> {
        match text.trim() {
            "1" => Ok(PerPage::ONE),
            "2" => Ok(PerPage::TWO),
            "4" => Ok(PerPage::FOUR),
            _ => Err(format!("{text:?} boards a page: 1, 2 or 4")),
        }
    }

    /// The number of boards.
    pub fn get(self) -> usize {
        usize::from(self.0)
    }
}

impl Default for PerPage {
    fn default() -> PerPage {
        PerPage::FOUR
    }
}

/// A suit's cards as hand records print them: ranks from the ace down, `10`
/// for the ten, an em dash for a void.
pub fn holding(hand: Hand, suit: Suit) -> String {
    let mut text = String::with_capacity(16);
    for r in hand.ranks(suit) {
        match r.char() {
            'T' => text.push_str("10"),
            c => text.push(c),
        }
    }
    if text.is_empty() {
        text.push('\u{2014}');
    }
    text
}

/// True when `seat`'s side is vulnerable.
pub fn is_vulnerable(vulnerability: Vulnerability, seat: Seat) -> bool {
    let ns = matches!(seat, Seat::North | Seat::South);
    match vulnerability {
        Vulnerability::None => false,
        Vulnerability::All => true,
        Vulnerability::NS => ns,
        Vulnerability::EW => !ns,
    }
}

/// The vulnerability in words: `None`, `N-S`, `E-W`, `All`.
pub fn vulnerability_words(vulnerability: Vulnerability) -> &'static str {
    match vulnerability {
        Vulnerability::None => "None",
        Vulnerability::NS => "N-S",
        Vulnerability::EW => "E-W",
        Vulnerability::All => "All",
    }
}

/// The par score from the side that makes it: `NS 420`, `EW 100`, `0`.
pub fn par_score(par: &Par) -> String {
    match par.score_ns {
        0 => "0".into(),
        s if s > 0 => format!("NS {s}"),
        s => format!("EW {}", s.unsigned_abs()),
    }
}

/// A par contract in parts to print: level, strain (`None` for no trump),
/// doubling and declarers, from the solver's `4S-N`, `3NT-NS`, `5DX-EW`.
/// `None` for text of another shape (a file's own `ParContract`).
pub fn contract_parts(text: &str) -> Option<(u8, Option<Suit>, &str, &str)> {
    let (contract, by) = text.split_once('-')?;
    let level = contract.as_bytes().first()?.checked_sub(b'0')?;
    if !(1..=7).contains(&level) || by.is_empty() || !by.bytes().all(|b| b"NESW".contains(&b)) {
        return None;
    }
    let rest = &contract[1..];
    let (suit, doubled) = match rest.strip_prefix("NT") {
        Some(d) => (None, d),
        None => (
            Some(Suit::from_letter(*rest.as_bytes().first()?)?),
            &rest[1..],
        ),
    };
    matches!(doubled, "" | "X" | "XX").then_some((level, suit, doubled, by))
}

/// The heading of printed hand records: `title` (`--title`), else the
/// event, else `Hand records`; below it, the event when a title stands
/// above it, the site and the date (read out: `24 November 2026`), joined
/// by a middle dot when known. `first` is the first board, whose tags may
/// name them.
///
/// ```
/// use boardfile_bridge::diagram::record_heading;
/// use boardfile_bridge::SetInfo;
/// let info = SetInfo { event: Some("Pairs".into()), date: Some("2026.11.24".into()), ..SetInfo::default() };
/// let (title, below) = record_heading(&info, None, Some("Club"));
/// assert_eq!((title.as_str(), below.as_deref()), ("Club", Some("Pairs \u{b7} 24 November 2026")));
/// ```
pub fn record_heading(
    info: &SetInfo,
    first: Option<&Board>,
    title: Option<&str>,
) -> (String, Option<String>) {
    let known = |h: Heading| {
        info.heading(h, first)
            .map(str::trim)
            .filter(|v| !v.is_empty() && *v != "?")
    };
    let title = title.map(str::trim).filter(|t| !t.is_empty());
    let event = known(Heading::Event);
    let mut below: Vec<String> = Vec::with_capacity(3);
    if let (Some(t), Some(e)) = (title, event) {
        if t != e {
            below.push(e.to_string());
        }
    }
    below.extend(known(Heading::Site).map(str::to_string));
    below.extend(
        known(Heading::Date)
            .map(readable_date)
            .filter(|d| !d.is_empty()),
    );
    let title = title.or(event).unwrap_or("Hand records").to_string();
    (title, (!below.is_empty()).then(|| below.join(" \u{b7} ")))
}

/// How suits are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Symbols {
    /// ♠ ♥ ♦ ♣
    Unicode,
    /// S H D C
    Ascii,
}

fn suit_lines(hand: Hand, symbols: Symbols) -> [String; 4] {
    Suit::ALL.map(|suit| {
        let mark = match symbols {
            Symbols::Unicode => suit.symbol(),
            Symbols::Ascii => suit.letter(),
        };
        let ranks: String = hand.ranks(suit).map(|r| r.char()).collect();
        format!(
            "{mark} {}",
            if ranks.is_empty() {
                "-".to_string()
            } else {
                ranks
            }
        )
    })
}

/// Writes a diagram of one board: header, North on top, West and East either
/// side, South below, each hand with its high-card points, then the DD table
/// and par when known.
///
/// ```
/// use boardfile_bridge::diagram::{write_board, Symbols};
/// use boardfile_bridge::{Board, Deal};
/// let deal = Deal::parse_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765").unwrap();
/// let mut out = Vec::new();
/// write_board(&Board::new(1, deal), Symbols::Ascii, &mut out).unwrap();
/// let text = String::from_utf8(out).unwrap();
/// assert!(text.contains("AKQJ"), "{text}");
/// ```
pub fn write_board(board: &Board, symbols: Symbols, out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "Board {}   Dealer {}   Vulnerable {}",
        board.number,
        board.dealer.name(),
        board.vulnerability.name()
    )?;
    let hand = |seat: Seat| {
        let h = board.deal.hand(seat);
        let mut lines = suit_lines(h, symbols).to_vec();
        lines.push(format!("{} HCP", h.hcp()));
        lines
    };
    let pad = " ".repeat(20);
    for line in hand(Seat::North) {
        writeln!(out, "{pad}{line}")?;
    }
    let (west, east) = (hand(Seat::West), hand(Seat::East));
    for (i, (w, e)) in west.iter().zip(&east).enumerate() {
        let middle = match i {
            1 => "      N      ",
            2 => "    W   E    ",
            3 => "      S      ",
            _ => "             ",
        };
        writeln!(out, "{w:<20}{middle:<20}{e}")?;
    }
    for line in hand(Seat::South) {
        writeln!(out, "{pad}{line}")?;
    }
    if let Some(note) = unshown_table(board) {
        writeln!(out, "{note}")?;
    }
    if let Some(dd) = shown_table(board) {
        writeln!(out, "Double dummy   NT  S  H  D  C")?;
        for seat in Seat::ALL {
            write!(out, "  {:<12}", seat.name())?;
            for strain in [
                Strain::NoTrump,
                Strain::Spades,
                Strain::Hearts,
                Strain::Diamonds,
                Strain::Clubs,
            ] {
                match dd.get(seat, strain) {
                    Some(t) => write!(out, " {t:>2}")?,
                    None => write!(out, "  ?")?,
                }
            }
            writeln!(out)?;
        }
    }
    if let Some(par) = &board.par {
        writeln!(out, "Par {} ({})", par.score_ns, par.contracts.join(", "))?;
    }
    if let Some(n) = board.deal.number() {
        // Pavlicek's numbering of every deal, which `convert --to dealnum`
        // writes and reads.
        writeln!(
            out,
            "Deal number {n} (its place among all deals, Pavlicek's numbering)"
        )?;
    }
    write_game(board, out)
}

/// The players, the auction in rows from West, the contract and result,
/// and the play a trick a line from the leader, when the board has them.
pub fn write_game(board: &Board, out: &mut dyn Write) -> io::Result<()> {
    let names: Vec<String> = [Seat::North, Seat::East, Seat::South, Seat::West]
        .iter()
        .filter_map(|s| {
            board
                .tag(s.name())
                .filter(|v| !v.is_empty() && *v != "?")
                .map(|v| format!("{} {v}", s.letter()))
        })
        .collect();
    if !names.is_empty() {
        writeln!(out, "Players  {}", names.join("  "))?;
    }
    if let Some(a) = &board.auction {
        writeln!(out, "West    North   East    South")?;
        // A column a token, from the first caller's: PBN's markers and
        // words kept as written take their seat's place too.
        let mut cells: Vec<String> = Vec::with_capacity(a.calls.len());
        for c in &a.calls {
            cells.push(match c.token {
                CallToken::Call(call) => call.to_string(),
                CallToken::Other(word) => word.to_string(),
                CallToken::AllPass => "All pass".into(),
                CallToken::NotYet | CallToken::Skipped => "-".into(),
                CallToken::Next => break,
            });
        }
        let mut line = String::new();
        let skip = (a.first.index() + 1) % 4; // columns before the first call
        for _ in 0..skip {
            line.push_str(&format!("{:<8}", ""));
        }
        for (i, cell) in cells.iter().enumerate() {
            line.push_str(&format!("{cell:<8}"));
            if (skip + i) % 4 == 3 {
                writeln!(out, "{}", line.trim_end())?;
                line.clear();
            }
        }
        if !line.trim().is_empty() {
            writeln!(out, "{}", line.trim_end())?;
        }
    }
    let contract = board.tag("Contract").filter(|v| !v.is_empty() && *v != "?");
    if let Some(c) = contract {
        let by = board.tag("Declarer").filter(|v| !v.is_empty() && *v != "?");
        let result = board.tag("Result").filter(|v| !v.is_empty() && *v != "?");
        let mut text = format!("Contract {c}");
        if let Some(d) = by {
            text.push_str(&format!(" by {d}"));
        }
        if let Some(r) = result {
            text.push_str(&format!(", {r} tricks"));
        }
        writeln!(out, "{text}")?;
    }
    match (&board.play, &board.play_values) {
        (_, Some(values)) => write_play_values(values, out)?,
        (Some(play), None) => {
            writeln!(out, "Play, {} leading", play.first.name())?;
            for (trick, cards) in play.cards.chunks(4).enumerate() {
                let cards: Vec<String> = cards.iter().map(|c| c.token.to_string()).collect();
                writeln!(out, "{:>2}. {}", trick + 1, cards.join(" "))?;
            }
        }
        (None, None) => {}
    }
    Ok(())
}

/// The play valued double dummy, a trick a line: each card with its
/// player, declarer's tricks after it and `(-N)` where it cost its side N
/// tricks.
///
/// ```
/// use boardfile_bridge::{diagram, Card, CardValue, PlayValues, Rank, Seat, Strain, Suit};
/// let card = |seat, rank, tricks, cost| CardValue { seat, card: Card::new(Suit::Spades, rank), tricks, cost };
/// let v = PlayValues {
///     declarer: Seat::South,
///     strain: Strain::NoTrump,
///     start: 9,
///     cards: vec![card(Seat::West, Rank::King, 10, 1), card(Seat::North, Rank::Ace, 10, 0)],
/// };
/// let mut out = Vec::new();
/// diagram::write_play_values(&v, &mut out).unwrap();
/// let text = String::from_utf8(out).unwrap();
/// assert!(text.starts_with("Double dummy, declarer S in NT: 9 tricks at the opening lead\n"));
/// assert_eq!(text.lines().nth(1).unwrap().trim_end(), "  1.  W SK 10 (-1)  N SA 10");
/// ```
pub fn write_play_values(v: &PlayValues, out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "Double dummy, declarer {} in {}: {} tricks at the opening lead",
        v.declarer.letter(),
        v.strain.name(),
        v.start
    )?;
    for (t, trick) in v.cards.chunks(4).enumerate() {
        let mut line = format!("{:>3}.", t + 1);
        for c in trick {
            line.push_str(&format!("  {} {} {:>2}", c.seat.letter(), c.card, c.tricks));
            if c.cost > 0 {
                line.push_str(&format!(" (-{})", c.cost));
            } else {
                line.push_str("     ");
            }
        }
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(())
}

/// The board's double-dummy table when hand records show it: its counts
/// are believed ([`crate::model::board::Trust::Exact`]); a floored table or one its deal
/// forbids is never shown as counts.
pub(crate) fn shown_table(board: &Board) -> Option<&crate::model::board::DdTable> {
    board
        .dd
        .as_ref()
        .filter(|t| t.trust() == crate::model::board::Trust::Exact)
}

/// What hand records say in place of a stored table they do not show.
pub(crate) fn unshown_table(board: &Board) -> Option<String> {
    let why = match board.dd?.trust() {
        crate::model::board::Trust::Exact => return None,
        crate::model::board::Trust::Floored { stored, at_most } => {
            format!("floored by its writer (each {stored} means {at_most} or fewer)")
        }
        crate::model::board::Trust::Impossible => "not right for this deal".to_string(),
    };
    Some(format!(
        "Double dummy: the stored table is {why}, so not shown; `boardfile solve` gives it"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::deal::Deal;

    #[test]
    fn holdings_vulnerability_and_par_as_printed() {
        let h = Hand::parse_dotted("AKT2..QJ9876.54").unwrap();
        assert_eq!(holding(h, Suit::Spades), "AK102");
        assert_eq!(holding(h, Suit::Hearts), "\u{2014}");
        assert_eq!(holding(h, Suit::Diamonds), "QJ9876");
        use Vulnerability::*;
        let vul = |v| Seat::ALL.map(|s| is_vulnerable(v, s));
        assert_eq!(vul(None), [false; 4]);
        assert_eq!(vul(NS), [true, false, true, false]);
        assert_eq!(vul(EW), [false, true, false, true]);
        assert_eq!(vul(All), [true; 4]);
        let par = |s| {
            par_score(&Par {
                score_ns: s,
                contracts: vec![],
            })
        };
        assert_eq!(
            (par(420), par(-100), par(0)),
            ("NS 420".into(), "EW 100".into(), "0".into())
        );
        assert_eq!(
            contract_parts("4S-N"),
            Some((4, Some(Suit::Spades), "", "N"))
        );
        assert_eq!(contract_parts("3NT-NS"), Some((3, Option::None, "", "NS")));
        assert_eq!(
            contract_parts("5DXX-EW"),
            Some((5, Some(Suit::Diamonds), "XX", "EW"))
        );
        for odd in ["EW 4S", "8S-N", "4S-", "4Q-N", "4SXXX-N", "4S-X"] {
            assert_eq!(contract_parts(odd), Option::None, "{odd}");
        }
        assert_eq!(Paper::parse("Letter"), Ok(Paper::Letter));
        assert!(Paper::parse("a5").is_err());
        assert_eq!(PerPage::parse("2").map(PerPage::get), Ok(2));
        assert!(PerPage::parse("3").is_err());
    }

    #[test]
    fn diagram_shows_hands_and_points() {
        let deal = Deal::parse_pbn(
            "N:T2.J965.T7532.63 AKQ874.AQ2.J8.A5 J65.743.AK4.KQ82 93.KT8.Q96.JT974",
        )
        .unwrap();
        let mut out = Vec::new();
        write_board(&Board::new(2, deal), Symbols::Ascii, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "Board 2   Dealer East   Vulnerable NS");
        assert_eq!(lines[1].trim(), "S T2");
        assert_eq!(lines[5].trim(), "1 HCP");
        assert!(
            lines[6].starts_with("S 93") && lines[6].ends_with("S AKQ874"),
            "{}",
            lines[6]
        );
        assert!(
            lines[10].starts_with("6 HCP") && lines[10].ends_with("20 HCP"),
            "{}",
            lines[10]
        );
        assert_eq!(lines[15].trim(), "13 HCP");
    }

    #[test]
    fn auction_in_rows_from_west_with_the_contract() {
        // PBN 2.1 section 1.2's auction: North deals.
        let set = crate::records::read(
            crate::codec::Format::Pbn,
            b"[North \"Westra\"]\n[Dealer \"N\"]\n[Deal \"N:- - - -\"]\n[Declarer \"S\"]\n[Contract \"5HX\"]\n[Result \"9\"]\n[Auction \"N\"]\n1D 1S 3H 4S 4NT X Pass Pass 5C X 5H X Pass Pass Pass\n",
        )
        .unwrap()
        .set;
        let mut out = Vec::new();
        write_game(&set.boards[0], &mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "Players  N Westra\n\
West    North   East    South\n        1D      1S      3H\n\
4S      4NT     X       Pass\nPass    5C      X       5H\nX       Pass    Pass    Pass\n\
Contract 5HX by S, 9 tricks\n"
        );
    }
}
