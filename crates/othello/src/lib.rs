//! Othello: the rules on 8x8 and 10x10 boards, and the WTHOR database of the
//! Fédération Française d'Othello (game files WTB and WTD, solitaires PZZ,
//! player and tournament names JOU and TRN), with the text forms games are
//! exchanged in, OBF endgame positions, and an exact endgame solver.
//!
//! One model ([`model`]: [`Position`], [`Game`], [`GameFile`], [`Names`])
//! that every format reads into and writes from; one registry
//! ([`OthelloFormat`], one descriptor a format, each in its module of
//! [`formats`]); the commands' work over them ([`convert`], and
//! [`database`] for the WTHOR database as one input); and the endgame
//! solver ([`endgame`]), with what is solved by it: the [`theoretical`]
//! scores of games and the move scores of OBF [`positions`].
//!
//! Reading, by the registry, and replaying:
//!
//! ```
//! use boardfile_othello::{convert, Diagnostics, End, NameBook, OthelloFormat};
//! let (mut book, mut diag) = (NameBook::default(), Diagnostics::strict());
//! let t = OthelloFormat::Transcript;
//! let file = convert::read_games(t, b"f5d6c3d3c4\n", &mut book, &mut diag).unwrap();
//! let (position, end) = file.games[0].replay().unwrap();
//! assert!(matches!(end, End::Unfinished));
//! assert_eq!(position.empties(), 55);
//! ```
//!
//! Writing, by the registry, and converting:
//!
//! ```
//! use boardfile_othello::{convert, Diagnostics, NameBook, OthelloFormat};
//! let (mut book, mut diag) = (NameBook::default(), Diagnostics::strict());
//! let t = OthelloFormat::Transcript;
//! let file = convert::read_games(t, b"f5d6c3\n", &mut book, &mut diag).unwrap();
//! let mut out = Vec::new();
//! convert::write_games(OthelloFormat::Pgn, &file, &book, &mut out).unwrap();
//! assert!(String::from_utf8(out).unwrap().contains("1. f5 d6 2. c3 "));
//! let jsonl = convert::convert(t, OthelloFormat::Jsonl, b"f5d6c3\n", &mut book).unwrap();
//! assert!(String::from_utf8(jsonl.bytes).unwrap().contains("\"moves\":\"f5d6c3\""));
//! ```
//!
//! A WTHOR games file, by its format's module:
//!
//! ```
//! use boardfile_othello::formats::{transcript, wthor::games};
//! use boardfile_othello::{BoardSize, Diagnostics};
//! let file = transcript::read(b"f5d6c3d3c4\n", BoardSize::Eight, &mut Diagnostics::strict()).unwrap();
//! let mut wtb = Vec::new();
//! games::write(&file, &mut wtb);
//! assert_eq!(wtb.len(), 16 + 68);
//! assert_eq!(games::read(&wtb, BoardSize::Eight).unwrap().games, file.games);
//! ```
//!
//! | format | module | holds | read | write |
//! |---|---|---|---|---|
//! | WTB, WTD | [`formats::wthor::games`] | games | yes | yes |
//! | PZZ | [`formats::wthor::pzz`] | solitaires | yes | yes |
//! | JOU, TRN | [`formats::wthor::names`] | names | yes | yes |
//! | JSON Lines | [`formats::jsonl`] | games, or names | yes | yes |
//! | transcript | [`formats::transcript`] | games | yes | yes |
//! | GGF | [`formats::ggf`] | games | yes | yes |
//! | PGN | [`formats::pgn`] | games | yes | yes |
//! | CSV | [`formats::csv`] | games, or names | names only | yes |
//! | OBF | [`formats::obf`] | endgame positions | yes | yes |
//!
//! The formats' modules are also at the crate root by the paths they had
//! before they moved to [`formats`]: [`wthor`], [`ggf`], [`pgn`], [`obf`]
//! (with [`positions::solve_all`]), and [`text`] for the text forms'
//! functions.

#![deny(missing_docs)]

pub mod analysis;
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
