//! LIN in Big Deal's dialect: the file `bigdealx` 2.0 writes, byte for byte.
//!
//! Spec: Big Deal's `output.c` (`print_lin`), checked against the
//! `deal.lin` files of Big Deal's own output (the test data's `bigdeal/cases/`). A line a board, LF:
//!
//! ```text
//! qx|o15|md|1SJH76432DQT8CQT92,SAT432HJDK62CAKJ8,SQ87HAKQ95D953C64|rh||ah|Board 15|sv|n|pg||
//! ```
//!
//! `qx|o<n>|` (open room, board n); `md|` the dealer digit (1 S, 2 W, 3 N,
//! 4 E) and three hands, South, West, North (East has the rest); `rh||`;
//! `ah|Board <n>|`; `sv|` `0` none, `n` NS, `e` EW, `b` both; `pg||`.
//! Nothing else of a board is written: the dialect is for the deals a
//! dealing program makes.

use crate::codec::keeps::{Keeps, LossKind, LossKinds, Numbers};
use crate::codec::stream::BoardWriter;
use crate::codec::DialectLosses;
use crate::model::board::{Board, Vulnerability};
use crate::model::card::Suit;
use crate::model::deal::Seat;
use crate::model::set::SetInfo;
use boardfile_io::{Diagnostics, Error, Source};

/// What the dialect keeps: the deals, their numbers, dealers and
/// vulnerabilities.
pub const KEEPS: Keeps = Keeps {
    numbers: Numbers::Any,
    conditions: true,
    ..Keeps::DEALS_ONLY
};

/// Big Deal's dialect writes its own line for each board: a board read
/// from Big Deal's own LIN has that line's text and tags, and loses
/// neither.
#[derive(Debug)]
pub(super) struct BigDealLines;

impl DialectLosses for BigDealLines {
    fn board(&mut self, _: u64, b: &Board, lost: &mut LossKinds) {
        let unsure = lost.contains(LossKind::LinText) || lost.contains(LossKind::Tags);
        if !unsure || (b.lin.is_none() && b.tags.is_empty()) {
            return;
        }
        if let Some(back) = given_back(b) {
            if back.lin == b.lin {
                lost.remove(LossKind::LinText);
            }
            if back.tags == b.tags {
                lost.remove(LossKind::Tags);
            }
        }
    }
}

/// The board as Big Deal's line for it reads back: what a board read from
/// a LIN file Big Deal wrote has (its text, its tags). `None` for a board
/// the dialect cannot write.
fn given_back(b: &Board) -> Option<Board> {
    let mut line = Vec::new();
    BigDealLinWriter.board(b, &mut line).ok()?;
    let mut diag = Diagnostics::strict();
    let mut reader = super::FORMAT
        .open(Source::from_bytes(&line), &mut diag)
        .ok()?;
    reader.next_board(&mut diag).ok()?
}

/// Writes LIN as Big Deal does.
pub struct BigDealLinWriter;

impl BoardWriter for BigDealLinWriter {
    fn head(&mut self, _: &SetInfo, _: &mut Vec<u8>) -> Result<(), Error> {
        Ok(())
    }

    fn board(&mut self, b: &Board, out: &mut Vec<u8>) -> Result<(), Error> {
        crate::formats::require_complete(b, super::FORMAT)?;
        let n = b.number.to_string();
        out.extend_from_slice(b"qx|o");
        out.extend_from_slice(n.as_bytes());
        out.extend_from_slice(b"|md|");
        out.push(match b.dealer {
            Seat::South => b'1',
            Seat::West => b'2',
            Seat::North => b'3',
            Seat::East => b'4',
        });
        for (i, seat) in [Seat::South, Seat::West, Seat::North]
            .into_iter()
            .enumerate()
        {
            if i > 0 {
                out.push(b',');
            }
            let hand = b.deal.hand(seat);
            for suit in Suit::ALL {
                out.push(suit.letter() as u8);
                hand.push_ranks(suit, out);
            }
        }
        out.extend_from_slice(b"|rh||ah|Board ");
        out.extend_from_slice(n.as_bytes());
        out.extend_from_slice(b"|sv|");
        out.push(match b.vulnerability {
            Vulnerability::None => b'0',
            Vulnerability::NS => b'n',
            Vulnerability::EW => b'e',
            Vulnerability::All => b'b',
        });
        out.extend_from_slice(b"|pg||\n");
        Ok(())
    }

    fn finish(&mut self, _: &SetInfo, _: &mut Vec<u8>) -> Result<(), Error> {
        Ok(())
    }
}
