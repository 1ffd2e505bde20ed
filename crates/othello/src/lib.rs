//! Othello: the rules on 8x8 and 10x10 boards, and the WTHOR database of the
//! Fédération Française d'Othello (game files WTB and WTD, solitaires PZZ,
//! player and tournament names JOU and TRN), with the text forms games are
//! exchanged in.
//!
//! Reading games, writing them as a WTHOR file, and replaying them:
//!
//! ```
//! use boardfile_othello::{text, wthor, BoardSize, Diagnostics, End};
//! let mut diag = Diagnostics::strict();
//! let file = text::read_transcripts(b"f5d6c3d3c4\n", BoardSize::Eight, &mut diag).unwrap();
//! let mut wtb = Vec::new();
//! wthor::games::write(&file, &mut wtb);
//! let back = wthor::games::read(&wtb, BoardSize::Eight).unwrap();
//! let (position, end) = back.games[0].replay().unwrap();
//! assert!(matches!(end, End::Unfinished));
//! assert_eq!(position.empties(), 55);
//! ```
//!
//! | format | read | write |
//! |---|---|---|
//! | WTB, WTD | yes | yes |
//! | PZZ | yes | yes |
//! | JOU, TRN | yes | yes |
//! | JSON Lines | yes | yes |
//! | transcript | yes | yes |
//! | GGF, PGN | yes | yes |
//! | CSV | names only | yes |
//! | OBF (endgame positions) | yes | yes |
//!
//! The formats are listed once, in a registry of descriptors
//! ([`OthelloFormat`]); [`convert`] holds what the commands do with them,
//! and [`database`] the WTHOR database as one input (a folder, or WTB files
//! with the names files) with its queries.

#![deny(missing_docs)]

pub mod codec;
pub mod convert;
pub mod database;
pub mod endgame;
pub mod ggf;
pub mod model;
pub mod obf;
pub mod pgn;

mod reading;
pub mod registry;
pub mod text;
pub mod text_names;
pub mod theoretical;
pub mod wthor;

pub use boardfile_io::{Diagnostics, Error, FormatName};

pub use codec::{Descriptor, Holds, OthelloFormat, ReadGames, MAX_FILE};
pub use model::game::{End, Game, GameNames, IllegalMove};
pub use model::game_file::{year_of, GameFile};
pub use model::header::{Header, Kind};
pub use model::names::{known_names, NameBook, Names};
pub use model::position::{BoardSize, Color, MoveError, Played, Position, Square};

/// The README's examples, run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
