//! Hand diagrams for the terminal.

use crate::auction::CallToken;
use crate::board::{Board, Strain};
use crate::card::Suit;
use crate::deal::Seat;
use crate::hand::Hand;
use std::io::{self, Write};

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
    if let Some(dd) = &board.dd {
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
        writeln!(out, "Deal number {n}")?;
    }
    write_game(board, out)
}

/// The players, the auction in rows from West, and the contract and result,
/// when the board has them.
fn write_game(board: &Board, out: &mut dyn Write) -> io::Result<()> {
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
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::Deal;

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
        let set = crate::read(
            crate::Format::Pbn,
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
