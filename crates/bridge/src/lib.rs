//! Bridge deals and the files they are kept in.
//!
//! One model ([`Card`], [`Hand`], [`Deal`], [`Board`], [`BoardSet`]) that
//! every format reads into and writes from; one registry ([`Format`], one
//! descriptor a format) that detects and dispatches formats; and one
//! conversion path ([`records`]): every reader is a stream of boards
//! between set-level data, every writer takes them in turn, so a file of
//! any size converts in the memory of one board.
//!
//! Reading:
//!
//! ```
//! use boardfile_bridge::{read, Format, Seat};
//! let pbn = "[Board \"1\"]\n[Deal \"N:AJ9.K9542.Q.AK93 KT4.QJ6.AT85.Q72 Q8752.A83.K63.T5 63.T7.J9742.J864\"]\n";
//! let outcome = read(Format::Pbn, pbn.as_bytes()).unwrap();
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
//! Streaming, a board at a time:
//!
//! ```
//! use boardfile_bridge::{convert, Format, WriteOptions};
//! use boardfile_io::{Diagnostics, Source};
//! let pbn = "[Board \"1\"]\n[Deal \"N:AJ9.K9542.Q.AK93 KT4.QJ6.AT85.Q72 Q8752.A83.K63.T5 63.T7.J9742.J864\"]\n\n\
//!            [Board \"2\"]\n[Deal \"E:AJ9.K9542.Q.AK93 KT4.QJ6.AT85.Q72 Q8752.A83.K63.T5 63.T7.J9742.J864\"]\n";
//! let mut diag = Diagnostics::strict();
//! let mut reader = Format::Pbn.open(Source::from_bytes(pbn.as_bytes()), &mut diag).unwrap();
//! let mut out = Vec::new();
//! let (from, to, options) = (Some(Format::Pbn), Format::Jsonl, WriteOptions::default());
//! let done = convert(reader.as_mut(), from, to, &options, &mut out, &mut diag, &mut |_| {}).unwrap();
//! assert_eq!(done.boards, 2);
//! ```
//!
//! `boardfile formats` lists every format with what it keeps ([`Keeps`]).
//!
//! The heavy parts are features: `dd` (double-dummy solving: our own
//! solver, boardfile-dd, for tables and play analysis, and pons-dds for
//! par),
//! `pdf` (PDF hand records, krilla and the DejaVu fonts) and `big-deal`
//! (Big Deal's and SquareDeal's dealing, its hashes), on by default, and
//! `parquet` (arrow-rs), off. The README has the table.

#![deny(missing_docs)]

pub mod codec;
pub mod consistency;
#[cfg(feature = "dd")]
pub mod dd;
pub mod deal;
pub mod diagram;
pub mod formats;
pub mod losses;
pub mod model;
pub mod records;
pub mod registry;
pub mod stages;
pub mod summary;
#[cfg(test)]
mod testing;
pub mod trust;

pub use boardfile_io::{Diagnostics, Error, ErrorKind, Position, Warning};
pub use codec::keeps::{self, Keeps, LossKind};
pub use codec::options::{DdTags, Dialect, WriteOptions};
pub use codec::stream::{BoardReader, BoardWriter, SetReader};
pub use codec::{
    BigDealName, ConvertError, Converted, Descriptor, Format, Hooks, Loss, NewWriter, OpenReader,
};
pub use model::auction::{
    strain_suit, trick_winner, Annotated, Auction, Call, CallToken, CardToken, Contract, Play, Word,
};
pub use model::board::{
    dealer_for_board, is_double_dummy_tag, Anchor, Board, CardValue, Comment, Commentary, DdTable,
    Inferred, Par, PlayValues, Tag, Trust, Vulnerability,
};
pub use model::card::{Card, Rank, Strain, Suit};
pub use model::deal::{Deal, DealError, Seat, DEALS};
pub use model::extras::{
    DlmBoard, DlmInfo, DlmOtherBoard, DupFields, DupTrailer, LinBoard, LinInfo, PavlicekInfo,
    PbnGame, PbnInfo,
};
pub use model::hand::Hand;
pub use model::set::{BoardSet, Heading, SetInfo};
pub use records::{
    collect, convert, convert_all, convert_file, losses, read, read_with, validate, write,
    write_with, ReadOutcome, Target, Validation,
};
pub use registry::detect;

/// The README's examples, run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
