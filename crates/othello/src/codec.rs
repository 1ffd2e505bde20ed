//! What an Othello format is, and what its module fills in: below every
//! format, naming none.
//!
//! A format's module exports a [`Descriptor`]: its names, extensions and
//! signature, what a file of it holds ([`Holds`]), its readers and writers
//! of games and names, the [`Layout`] of a file of fixed records, and the
//! [`Hooks`] for what only some formats do (their own check of a file,
//! names given as text, records that are neither games nor names). An
//! [`OthelloFormat`] is a handle on a descriptor; the registry
//! ([`crate::registry`]) lists the descriptors, and the commands
//! ([`crate::convert`], [`crate::database`]) reach a format only through
//! them.

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

impl Holds {
    /// What a file holds, as messages name it: `games`, `solitaires`,
    /// `names`, `positions`.
    pub fn noun(self) -> &'static str {
        match self {
            Holds::Games => "games",
            Holds::Solitaires => "solitaires",
            Holds::Names(_) => "names",
            Holds::Positions => "positions",
        }
    }
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
/// Checks a whole file, the names indices of its games against the
/// book's names files.
pub type Check = fn(&[u8], &NameBook) -> Checked;

/// How a file of fixed records is laid out (the WTHOR files): a header of
/// `header` bytes (WTHOR's 16, and PZZ's table after them), then records
/// of `record` bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    /// Bytes before the first record.
    pub header: usize,
    /// Bytes in a record.
    pub record: usize,
}

impl Layout {
    /// The byte where record `index` (from 0) starts.
    pub fn offset(self, index: usize) -> u64 {
        (self.header + index * self.record) as u64
    }
}

/// What a format's own check of a whole file found.
#[derive(Debug, Default)]
pub struct Checked {
    /// Records in the file: games, names, solitaires or positions.
    pub records: usize,
    /// The games that could be read, for a file of games whose header
    /// reads.
    pub games: Option<GameFile>,
    /// The record each game of `games` was read from (a record that does
    /// not decode is not among them).
    pub read: Vec<u64>,
    /// Every problem, in file order.
    pub errors: Vec<Error>,
    /// Games that stop while a player can still move, by record: reported,
    /// not errors.
    pub unfinished: Vec<u64>,
    /// What was read leniently (a header count off by whole records).
    pub warnings: Vec<String>,
}

/// What the commands do with a file of records that are neither games nor
/// names (solitaires, positions).
#[derive(Clone, Copy)]
pub struct Records {
    /// Reads the file: how many records it holds, or its first problem.
    pub count: fn(&[u8]) -> Result<usize, Error>,
    /// Reads the file and writes it again in its format, as a conversion
    /// to it does; returns how many records it holds.
    pub rewrite: fn(&[u8], &mut Vec<u8>) -> Result<usize, Error>,
}

/// What a format does that others cannot, for the commands to ask of any
/// format alike.
#[derive(Clone, Copy)]
pub struct Hooks {
    /// Its own check of a whole file (the WTHOR files, OBF); without one,
    /// validation reads the games and replays each.
    pub check: Option<Check>,
    /// Tells text that holds names rather than games (JSON Lines, CSV) by
    /// its first line.
    pub names_text: Option<fn(&[u8]) -> bool>,
    /// For a file of records that are neither games nor names.
    pub records: Option<Records>,
}

impl Hooks {
    /// None: the format does only what every format does.
    pub const NONE: Hooks = Hooks {
        check: None,
        names_text: None,
        records: None,
    };
}

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
    /// How its files lay out fixed records (the WTHOR files, which open
    /// with the 16-byte header).
    pub layout: Option<Layout>,
    /// What only it does.
    pub hooks: Hooks,
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
        // WTHOR's files, told by their extension, are binary records.
        text: !matches!(signature, Signature::Extension),
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
