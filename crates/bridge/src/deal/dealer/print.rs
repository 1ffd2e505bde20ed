//! dealer's printed layouts: the text its print actions write for each deal
//! produced, and the pages `print(seats)` writes after the run, byte for
//! byte as Debian's dealer (20211121) prints them.
//!
//! | action | what it prints |
//! |---|---|
//! | `printall` | `%4d.` and the board's number; then a row a suit, spades first, of the N, E, S and W holdings; an empty line |
//! | `printew` | the rows of W and E only, without a number; an empty line |
//! | `printcompact [(e)]` | `n AKQ2.KJ5.Q84.A32`, a line a seat in N, E, S, W order; then the value of `e`, if given, on its own line |
//! | `printoneline [(e)]` | the four of `printcompact` on one line, each followed by a space; then the value of `e`, if given; the line's end |
//! | `printpbn` | a PBN game: `Event`, `Site "-"`, `Date`, `Board`, the four players `"-"`, `Dealer`, `Vulnerable`, `Deal` from North, `Declarer`, `Contract` and `Result` `"?"`; an empty line |
//! | `printes(...)` | its strings as written (no escapes) and its values, `\n` a line's end |
//! | `print(seats)` | after the run, for each seat (N, E, S, W order, whatever the list's): `\n\n{Seat} hands:\n\n\n\n`, then the boards four across (`%4d.` and 15 spaces over each column, then its rows and an empty line), then a form feed |
//!
//! A row lays holdings out in columns of 20 characters: a holding is its
//! ranks from the ace down, each followed by a space (`- ` for a void), and
//! the next starts after 10 of them, or right after a longer one (a suit of
//! 11 cards pushes the rest of the row along). The last holding of a row is
//! not padded.
//!
//! What dealer prints at the end of a run (`Generated ... hands`,
//! `Produced ...`, `Initial random seed ...`, `Time needed ...`) is not a
//! layout: the caller says what it ran as it likes.

use crate::model::board::Board;
use crate::model::card::Suit;
use crate::model::deal::{Deal, Seat};
use std::io::{self, Write};

/// The per-deal layouts of dealer's print actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Layout {
    /// `printall`: the four hands side by side, a row a suit.
    All,
    /// `printew`: West and East side by side.
    EastWest,
    /// `printpbn`: a PBN game.
    Pbn,
    /// `printcompact`: a line a hand.
    Compact,
    /// `printoneline`: the deal on one line.
    OneLine,
}

impl Layout {
    /// Every layout.
    pub const ALL: [Layout; 5] = [
        Layout::All,
        Layout::EastWest,
        Layout::Pbn,
        Layout::Compact,
        Layout::OneLine,
    ];

    /// The action's name: `printall`, `printew`, `printpbn`,
    /// `printcompact`, `printoneline`.
    pub fn name(self) -> &'static str {
        match self {
            Layout::All => "printall",
            Layout::EastWest => "printew",
            Layout::Pbn => "printpbn",
            Layout::Compact => "printcompact",
            Layout::OneLine => "printoneline",
        }
    }

    /// The layout of an action's name.
    pub fn from_name(name: &str) -> Option<Layout> {
        Layout::ALL.into_iter().find(|l| l.name() == name)
    }

    /// Whether the action takes a value to print after the deal
    /// (`printcompact (e)`, `printoneline (e)`).
    pub fn takes_value(self) -> bool {
        matches!(self, Layout::Compact | Layout::OneLine)
    }

    /// Writes `board` as this action prints it: its number heads
    /// `printall` and is PBN's `Board`, with its dealer and vulnerability;
    /// `value` follows `printcompact`'s and `printoneline`'s deal (the other
    /// layouts have none); `tags` are PBN's `Event` and `Date`.
    ///
    /// ```
    /// use boardfile_bridge::deal::dealer::{Layout, PrintoutTags};
    /// use boardfile_bridge::{Board, Deal};
    /// let deal = Deal::parse_pbn(
    ///     "N:AKQ2.KJ5.Q84.A32 JT9.AQ.AKJ97.QJ4 8765.T98.T6.KT98 43.76432.532.765",
    /// )
    /// .unwrap();
    /// let mut out = Vec::new();
    /// let tags = PrintoutTags::new("", "");
    /// Layout::OneLine.write(&mut out, &Board::new(1, deal), Some(19), &tags).unwrap();
    /// assert_eq!(
    ///     String::from_utf8(out).unwrap(),
    ///     "n AKQ2.KJ5.Q84.A32 e JT9.AQ.AKJ97.QJ4 s 8765.T98.T6.KT98 w 43.76432.532.765 19\n"
    /// );
    /// ```
    pub fn write(
        self,
        out: &mut dyn Write,
        board: &Board,
        value: Option<i32>,
        tags: &PrintoutTags,
    ) -> io::Result<()> {
        match self {
            Layout::All => write_all(out, board.number, &board.deal),
            Layout::EastWest => write_east_west(out, &board.deal),
            Layout::Pbn => write_pbn(out, board, tags),
            Layout::Compact => write_compact(out, &board.deal, false, value),
            Layout::OneLine => write_compact(out, &board.deal, true, value),
        }
    }
}

/// What `printpbn` writes besides the board: its `Event` and `Date` tags
/// (dealer's: `Hand simulated by dealer with file NAME, seed S` and the
/// day's date, `2022.08.23`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PrintoutTags {
    /// The `Event` tag's text.
    pub event: String,
    /// The `Date` tag's text.
    pub date: String,
}

impl PrintoutTags {
    /// Tags of the event and date given.
    pub fn new(event: impl Into<String>, date: impl Into<String>) -> PrintoutTags {
        PrintoutTags {
            event: event.into(),
            date: date.into(),
        }
    }

    /// Tags of the event given, dated today (UTC): `YYYY.MM.DD`.
    pub fn today(event: impl Into<String>) -> PrintoutTags {
        let (y, m, d) = boardfile_io::date::today();
        PrintoutTags::new(event, format!("{y:04}.{m:02}.{d:02}"))
    }
}

const RANKS: &[u8; 13] = b"AKQJT98765432";

/// One row: the holdings (13 bits, the ace lowest) in columns of 20
/// characters, as dealer lays them out.
fn write_row(out: &mut dyn Write, holdings: impl IntoIterator<Item = u16>) -> io::Result<()> {
    let mut line = Vec::with_capacity(96);
    let mut cards = 10;
    for bits in holdings {
        while cards < 10 {
            line.extend_from_slice(b"  ");
            cards += 1;
        }
        cards = 0;
        for (rank, &c) in RANKS.iter().enumerate() {
            if bits >> rank & 1 == 1 {
                line.extend_from_slice(&[c, b' ']);
                cards += 1;
            }
        }
        if cards == 0 {
            line.extend_from_slice(b"- ");
            cards = 1;
        }
    }
    line.push(b'\n');
    out.write_all(&line)
}

/// The rows of `seats`' holdings, a suit a row.
fn write_rows(out: &mut dyn Write, deal: &Deal, seats: &[Seat]) -> io::Result<()> {
    for suit in Suit::ALL {
        write_row(out, seats.iter().map(|&s| deal.hand(s).suit_bits(suit)))?;
    }
    Ok(())
}

/// `printall`: the number, the four hands side by side, an empty line.
fn write_all(out: &mut dyn Write, number: u32, deal: &Deal) -> io::Result<()> {
    writeln!(out, "{number:4}.")?;
    write_rows(out, deal, &Seat::ALL)?;
    writeln!(out)
}

/// `printew`: West then East, an empty line.
fn write_east_west(out: &mut dyn Write, deal: &Deal) -> io::Result<()> {
    write_rows(out, deal, &[Seat::West, Seat::East])?;
    writeln!(out)
}

/// `printcompact` (a line a hand) or `printoneline` (one line), and the
/// value.
fn write_compact(
    out: &mut dyn Write,
    deal: &Deal,
    one_line: bool,
    value: Option<i32>,
) -> io::Result<()> {
    let mut line = Vec::with_capacity(96);
    for seat in Seat::ALL {
        line.extend_from_slice(&[seat.letter().to_ascii_lowercase() as u8, b' ']);
        deal.hand(seat).push_dotted(&mut line);
        line.push(if one_line { b' ' } else { b'\n' });
    }
    if let Some(v) = value {
        line.extend_from_slice(format!("{v}\n").as_bytes());
    } else if one_line {
        line.push(b'\n');
    }
    out.write_all(&line)
}

/// `printpbn`: one game of dealer's tags.
fn write_pbn(out: &mut dyn Write, board: &Board, tags: &PrintoutTags) -> io::Result<()> {
    let quoted = |s: &str| s.replace('\\', "\\\\").replace('"', "\\\"");
    writeln!(out, "[Event \"{}\"]", quoted(&tags.event))?;
    writeln!(out, "[Site \"-\"]")?;
    writeln!(out, "[Date \"{}\"]", quoted(&tags.date))?;
    writeln!(out, "[Board \"{}\"]", board.number)?;
    for seat in ["West", "North", "East", "South"] {
        writeln!(out, "[{seat} \"-\"]")?;
    }
    writeln!(out, "[Dealer \"{}\"]", board.dealer.letter())?;
    writeln!(out, "[Vulnerable \"{}\"]", board.vulnerability.name())?;
    writeln!(out, "[Deal \"{}\"]", board.deal.to_pbn())?;
    for tag in ["Declarer", "Contract", "Result"] {
        writeln!(out, "[{tag} \"?\"]")?;
    }
    writeln!(out)
}

/// `print(seat)`'s page: `seat`'s hands of `boards` (each with its number),
/// four across, then a form feed.
///
/// ```
/// use boardfile_bridge::deal::dealer::write_hands;
/// use boardfile_bridge::{Deal, Seat};
/// let deal = Deal::parse_pbn(
///     "N:AKQ2.KJ5.Q84.A32 JT9.AQ.AKJ97.QJ4 8765.T98.T6.KT98 43.76432.532.765",
/// )
/// .unwrap();
/// let mut out = Vec::new();
/// write_hands(&mut out, Seat::West, &[(1, deal)]).unwrap();
/// let page = String::from_utf8(out).unwrap();
/// assert!(page.starts_with("\n\nWest hands:\n\n\n\n   1.               \n4 3 \n"));
/// assert!(page.ends_with("7 6 5 \n\n\x0c"));
/// ```
pub fn write_hands(out: &mut dyn Write, seat: Seat, boards: &[(u32, Deal)]) -> io::Result<()> {
    write!(out, "\n\n{} hands:\n\n\n\n", seat.name())?;
    for four in boards.chunks(4) {
        for (number, _) in four {
            write!(out, "{number:4}.{:15}", "")?;
        }
        writeln!(out)?;
        for suit in Suit::ALL {
            write_row(out, four.iter().map(|(_, d)| d.hand(seat).suit_bits(suit)))?;
        }
        writeln!(out)?;
    }
    write!(out, "\x0c")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deal(text: &str) -> Deal {
        Deal::parse_pbn(text).expect("a deal")
    }

    fn text(f: impl FnOnce(&mut Vec<u8>) -> io::Result<()>) -> String {
        let mut out = Vec::new();
        f(&mut out).expect("written");
        String::from_utf8(out).expect("text")
    }

    /// Debian's dealer 20211121, `dealer -s 5` on
    /// `produce 2 / predeal north SAKQJT98765, HA, DA / predeal east
    /// HKQJT98765432 / action printoneline, printall, printew, printcompact
    /// (hcp(north)), printoneline (spades(east)), printpbn` (file fx1.dlr):
    /// its first deal, each action's text. The long suits push the columns
    /// along.
    const FX1_DEAL: &str = "N:AKQJT98765.A.A.3 .KQJT98765432.T. 3..96543.QJT9752 42..KQJ872.AK864";
    const FX1_ONELINE: &str =
        "n AKQJT98765.A.A.3 e .KQJT98765432.T. s 3..96543.QJT9752 w 42..KQJ872.AK864 \n";
    const FX1_ALL: &str = "   1.
A K Q J T 9 8 7 6 5 -                   3                   4 2 
A                   K Q J T 9 8 7 6 5 4 3 2 -                   - 
A                   T                   9 6 5 4 3           K Q J 8 7 2 
3                   -                   Q J T 9 7 5 2       A K 8 6 4 

";
    const FX1_EW: &str = "4 2                 - 
-                   K Q J T 9 8 7 6 5 4 3 2 
K Q J 8 7 2         T 
A K 8 6 4           - 

";
    const FX1_COMPACT: &str = "n AKQJT98765.A.A.3
e .KQJT98765432.T.
s 3..96543.QJT9752
w 42..KQJ872.AK864
18
";
    const FX1_ONELINE_VALUE: &str =
        "n AKQJT98765.A.A.3 e .KQJT98765432.T. s 3..96543.QJT9752 w 42..KQJ872.AK864 0\n";
    /// Its second deal's `printpbn` (board 2: dealer East, NS vulnerable).
    const FX1_DEAL_2: &str =
        "N:AKQJT98765.A.A2. .KQJT98765432..9 4..KQT53.AQJ8754 32..J98764.KT632";
    const FX1_PBN_2: &str = r#"[Event "Hand simulated by dealer with file fx1.dlr, seed 5"]
[Site "-"]
[Date "2026.11.27"]
[Board "2"]
[West "-"]
[North "-"]
[East "-"]
[South "-"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "N:AKQJT98765.A.A2. .KQJT98765432..9 4..KQT53.AQJ8754 32..J98764.KT632"]
[Declarer "?"]
[Contract "?"]
[Result "?"]

"#;

    #[test]
    fn each_layout_as_dealer_prints_it() {
        let board = Board::new(1, deal(FX1_DEAL));
        let tags = PrintoutTags::new(
            "Hand simulated by dealer with file fx1.dlr, seed 5",
            "2026.11.27",
        );
        let print = |layout: Layout, value| text(|o| layout.write(o, &board, value, &tags));
        assert_eq!(print(Layout::OneLine, None), FX1_ONELINE);
        assert_eq!(print(Layout::All, None), FX1_ALL);
        assert_eq!(print(Layout::EastWest, None), FX1_EW);
        assert_eq!(print(Layout::Compact, Some(18)), FX1_COMPACT);
        assert_eq!(print(Layout::OneLine, Some(0)), FX1_ONELINE_VALUE);
        let second = Board::new(2, deal(FX1_DEAL_2));
        assert_eq!(
            text(|o| Layout::Pbn.write(o, &second, None, &tags)),
            FX1_PBN_2
        );
    }

    /// Debian's dealer 20211121, `dealer -s 2` on `produce 5 / action
    /// print(east, north), average "n" hcp(north)` (file fx2.dlr): North's
    /// page (North first, whatever the list's order), its five deals taken
    /// from `printoneline` with the same seed.
    const FX2_DEALS: [&str; 5] = [
        "N:JT.A9875.T9763.T 65432.3.A84.QJ97 AKQ87.QJ6.52.AK3 9.KT42.KQJ.86542",
        "N:K42.T5.AT9.AJ643 J875.Q8763.Q.KQ2 AQ3.KJ94.K53.T98 T96.A2.J87642.75",
        "N:AT74.9.AKJ73.KT9 J932.T752..AJ864 Q8.KJ3.Q9852.Q52 K65.AQ864.T64.73",
        "N:QT542.KQJT.82.87 73.A742.Q6.AQJ62 K86.6.KJ954.T543 AJ9.9853.AT73.K9",
        "N:T85.J85.J2.QT654 AJ742.74.84.9873 Q93.K93.AKQ763.A K6.AQT62.T95.KJ2",
    ];
    const FX2_NORTH: &str = "

North hands:



   1.                  2.                  3.                  4.               
J T                 K 4 2               A T 7 4             Q T 5 4 2 
A 9 8 7 5           T 5                 9                   K Q J T 
T 9 7 6 3           A T 9               A K J 7 3           8 2 
T                   A J 6 4 3           K T 9               8 7 

   5.               
T 8 5 
J 8 5 
J 2 
Q T 6 5 4 

\x0c";

    #[test]
    fn print_seats_pages_as_dealer_prints_them() {
        let boards: Vec<(u32, Deal)> = (1..).zip(FX2_DEALS.map(deal)).collect();
        assert_eq!(text(|o| write_hands(o, Seat::North, &boards)), FX2_NORTH);
        let empty = text(|o| write_hands(o, Seat::East, &[]));
        assert_eq!(empty, "\n\nEast hands:\n\n\n\n\x0c");
    }

    #[test]
    fn a_row_of_thirteen_and_a_void() {
        let bits = 0x1fff;
        let pad = " ".repeat(18);
        assert_eq!(
            text(|o| write_row(o, [bits, 0, 0, 1])),
            format!("A K Q J T 9 8 7 6 5 4 3 2 - {pad}- {pad}A \n")
        );
    }

    #[test]
    fn names_and_dates() {
        for l in Layout::ALL {
            assert_eq!(Layout::from_name(l.name()), Some(l));
        }
        assert_eq!(Layout::from_name("print"), None);
        let today = PrintoutTags::today("e").date;
        assert!(today.len() == 10 && today.as_bytes()[4] == b'.', "{today}");
    }
}
