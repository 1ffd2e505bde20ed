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
pub mod formats;
pub mod model;
pub mod positions;
pub mod registry;
pub mod theoretical;

pub use boardfile_io::{Diagnostics, Error, FormatName};

pub use codec::{Descriptor, Holds, OthelloFormat, ReadGames, MAX_FILE};
pub use model::game::{End, Game, GameNames, IllegalMove};
pub use model::game_file::{year_of, GameFile};
pub use model::header::{Header, Kind};
pub use model::names::{known_names, NameBook, Names};
pub use model::position::{BoardSize, Color, MoveError, Played, Position, Square};

// The formats by the paths they had before they moved to `formats/`.
pub use formats::{ggf, pgn, wthor};

/// OBF endgame positions ([`formats::obf`]), with their solving
/// ([`positions::solve_all`]): the paths they had before the format moved
/// to `formats/` and the solving to [`positions`].
pub mod obf {
    pub use crate::formats::obf::*;
    pub use crate::positions::solve_all;
}

/// The text forms' functions by the names they had before each form moved
/// to its module in `formats/` ([`formats::jsonl`],
/// [`formats::transcript`], [`formats::ggf`], [`formats::pgn`],
/// [`formats::csv`]), with the model's names book and name and year
/// lookups.
pub mod text {
    pub use crate::formats::csv::write_games as write_csv;
    pub use crate::formats::ggf::write as write_ggf;
    pub use crate::formats::jsonl::{
        read_games as read_jsonl, sniff as sniff_jsonl, write_games as write_jsonl,
    };
    pub use crate::formats::pgn::write as write_pgn;
    pub use crate::formats::transcript::{
        board_size as transcript_size, read as read_transcripts, write as write_transcripts,
    };
    pub use crate::model::game_file::year_of;
    pub use crate::model::header::today;
    pub use crate::model::names::{known_names, NameBook};
}

/// The README's examples, run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
