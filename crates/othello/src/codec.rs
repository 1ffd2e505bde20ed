//! What an Othello format is, and what its module fills in: below every
//! format, naming none.
//!
//! A format's module exports a [`Descriptor`]: its names, extensions and
//! signature, what a file of it holds ([`Holds`]), and its readers and
//! writers of games and names. An [`OthelloFormat`] is a handle on a
//! descriptor; the registry ([`crate::registry`]) lists the descriptors,
//! and the commands ([`crate::convert`], [`crate::database`]) reach a
//! format only through them.

use crate::model::game_file::GameFile;
use crate::model::header::Kind;
use crate::model::names::{NameBook, Names};
use crate::model::position::BoardSize;
use boardfile_io::{Diagnostics, Error, FormatInfo, Signature};

/// The longest Othello file read (files are read whole): 32 MiB, about
/// half a million games. The federation's whole WTHOR database, every year, is
/// under 10 MiB; a longer file is an error rather than memory without end.
pub const MAX_FILE: usize = 32 << 20;

/// What a file of the format holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Holds {
    /// Games.
    Games,
    /// Solitaires (end-game positions).
    Solitaires,
    /// Player or tournament names.
    Names(Kind),
    /// Endgame positions with their moves' exact scores (OBF).
    Positions,
}

/// Reads games: what was inferred goes to the warnings. With a collecting
/// [`Diagnostics`], the formats whose games are read one by one (GGF, PGN)
/// leave a bad game out and keep its error (`--skip-bad`); the others stop
/// at the first, as with a strict one.
pub type ReadGames = fn(&[u8], &mut NameBook, &mut Diagnostics) -> Result<GameFile, Error>;
/// Writes games, names from the book.
pub type WriteGames = fn(&GameFile, &NameBook, &mut Vec<u8>) -> Result<(), Error>;
/// Reads player or tournament names (of the kind given, when the file does
/// not say).
pub type ReadNames = fn(&[u8], Kind) -> Result<Names, Error>;
/// Writes player or tournament names.
pub type WriteNames = fn(&Names, &mut Vec<u8>) -> Result<(), Error>;

/// What an Othello format is.
pub struct Descriptor {
    /// Names, extensions, signature, read/write.
    pub info: FormatInfo,
    /// What a file holds.
    pub holds: Holds,
    /// The board size every game must have, for formats of one size.
    pub size: Option<BoardSize>,
    /// Its games reader, for game formats that are read.
    pub read_games: Option<ReadGames>,
    /// Its games writer, for game formats that are written.
    pub write_games: Option<WriteGames>,
    /// Its names reader: the names files, and text that holds names.
    pub read_names: Option<ReadNames>,
    /// Its names writer.
    pub write_names: Option<WriteNames>,
    /// True when it holds moves only, so that a game that does not replay
    /// could not be read back (transcripts, GGF and PGN, which give passes).
    pub legal_games_only: bool,
    /// True when its games carry theoretical scores, read and written
    /// (WTHOR's games files and JSON Lines): the ones `validate --solve`
    /// checks.
    pub theoretical: bool,
}

boardfile_io::format_handle! {
    /// An Othello file format: a handle on its [`Descriptor`].
    pub struct OthelloFormat(Descriptor);
}

/// The [`FormatInfo`] of a format that is written, and read when `reads`.
pub(crate) const fn info(
    name: &'static str,
    extensions: &'static [&'static str],
    description: &'static str,
    signature: Signature,
    reads: bool,
) -> FormatInfo {
    FormatInfo {
        name,
        extensions,
        description,
        signature,
        reads,
        writes: true,
    }
}

impl OthelloFormat {
    /// What a file of the format holds.
    ///
    /// ```
    /// use boardfile_othello::{Holds, OthelloFormat};
    /// assert_eq!(OthelloFormat::from_name("wtb").map(OthelloFormat::holds), Some(Holds::Games));
    /// assert_eq!(OthelloFormat::from_name("PZZ").map(OthelloFormat::holds), Some(Holds::Solitaires));
    /// ```
    pub fn holds(self) -> Holds {
        self.0.holds
    }

    /// True when the crate reads the format.
    pub fn can_read(self) -> bool {
        self.0.info.reads
    }
}
