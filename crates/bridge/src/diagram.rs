//! Hand diagrams for the terminal.

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
}
