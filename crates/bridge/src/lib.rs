//! Bridge deals and the files they are kept in.
//!
//! One model ([`Card`], [`Hand`], [`Deal`], [`Board`], [`BoardSet`]) that every
//! format reads into and writes from, and one registry ([`Format`]) that
//! detects and dispatches formats.
//!
//! Reading:
//!
//! ```
//! use boardfile_bridge::{read, Format, Seat};
//! let bytes = std::fs::read("../../tests/data/bridge/bigdeal-2boards.dup").unwrap();
//! let outcome = read(Format::Dup, &bytes).unwrap();
//! let board = &outcome.set.boards[0];
//! assert_eq!(board.deal.hand(Seat::North).to_string(), "AJ9.K9542.Q.AK93");
//! ```
//!
//! Writing:
//!
//! ```
//! use boardfile_bridge::{write, Board, BoardSet, Deal, Format};
//! let deal = Deal::parse_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765").unwrap();
//! let set = BoardSet::from_boards(vec![Board::new(1, deal)]);
//! let mut bytes = Vec::new();
//! write(Format::Bri, &set, &mut bytes).unwrap();
//! assert_eq!(&bytes[..8], b"01020304");
//! ```
//!
//! | format | read | write | keeps |
//! |---|---|---|---|
//! | BRI | yes | yes | deals; boards numbered by position |
//! | DGE | yes | yes | deals; boards numbered by position |
//! | BRE | yes | yes | deals, event, site, date |
//! | DUP | yes | yes | deals, trailer (checked halves) |
//! | HRF | yes | yes | deals, board numbers |
//! | DLM | yes | yes | deals of boards 1-99, header, checksums |
//! | PBN | yes | yes | deals, every tag, auction, play, commentary, DD tables and par |
//! | LIN | yes | yes | deals, players, auction with alerts, play, each board's text |
//! | ZBS | yes | yes | suit layouts and diagrams (partial deals) |
//! | ZBD | yes | yes | deals |
//! | ZDD | yes | yes | double-dummy tables (deals joined from another file) |
//! | ZRD | yes | yes | deals and double-dummy tables |
//! | ZRJ | yes | yes | deals and one hand's double-dummy tricks |
//! | DEALNUM | yes | yes | deals as Pavlicek deal numbers, one a line |
//! | JSONL | yes | yes | everything |

#![deny(missing_docs)]

mod auction;
mod board;
mod card;
pub mod dd;
mod deal;
pub mod dealing;
pub mod diagram;
mod error;
mod format;
pub mod formats;
mod hand;
pub mod stream;

pub use auction::{
    strain_suit, trick_winner, Annotated, Auction, Call, CallToken, CardToken, Contract, Play,
};
pub use board::{
    dealer_for_board, Anchor, Board, BoardSet, Comment, Commentary, DdTable, Heading, Par, Strain,
    Tag, Vulnerability,
};
pub use card::{Card, Rank, Suit};
pub use deal::{Deal, DealError, Seat, DEALS};
pub use error::{Diagnostics, Error, ErrorKind, Position, Warning};
pub use format::{
    detect, losses, read, read_with, validate, write, write_with, Format, ReadOutcome, Validation,
    WriteOptions,
};
pub use hand::Hand;
