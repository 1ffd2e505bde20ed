//! Data that only one format carries, held in the model so that JSON Lines
//! keeps it and the format's own writer gets it back: DLM's header and
//! per-board fields, DUP's trailer, a LIN board's text, a PBN file's `%`
//! lines, a Pavlicek file's terminator.
//!
//! These are plain data; what the bytes mean to their format is the format
//! module's business.

use crate::model::deal::Deal;

/// Everything of a DLM file besides the boards From..To.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DlmInfo {
    /// The first line as written: `[DOCUMENT]` or `[Document]`.
    pub section: String,
    /// Header lines before the first board line, as (key, value), in order.
    /// `From board`, `To board` and `Checksum` are recomputed on write.
    pub header: Vec<(String, String)>,
    /// Lines after the last board line (the `[STARTUP]` section), as written.
    pub trailer: Vec<String>,
    /// Lines end in CR LF (else LF).
    pub crlf: bool,
    /// The last line ends with a line ending.
    pub final_newline: bool,
    /// Boards outside From..To, in number order, except undealt ones
    /// (`aaaaaabffffffkkkkkklpppppp`, duplicates 0, no property), which the
    /// writer puts in every slot it has no board for.
    pub other_boards: Vec<DlmOtherBoard>,
}

/// DLM's per-board fields.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DlmBoard {
    /// `Duplicates NN=`: how many times the board has been dealt.
    pub duplicates: u32,
    /// `Property NN=`, when present.
    pub property: Option<String>,
}

/// A board of a DLM file outside its From..To range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DlmOtherBoard {
    /// Board number, 1 to 99.
    pub number: u32,
    /// The cards.
    pub deal: Deal,
    /// Its duplicates count and property.
    pub fields: DlmBoard,
}

/// A DUP record's last 10 bytes, exactly as they stand in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DupTrailer(pub [u8; 10]);

/// The parsed fields of a filled-in DUP trailer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DupFields {
    /// Random hands.
    pub random: bool,
    /// Backwards dealing.
    pub backwards: bool,
    /// Lowest board number of the set.
    pub first: u32,
    /// Copies of each board.
    pub copies: u32,
    /// Highest board number of the set.
    pub last: u32,
}

impl DupTrailer {
    /// Duplimate's documented form: flags, then three left-aligned
    /// space-padded numbers (first board, copies, last board).
    pub fn new(
        random: bool,
        backwards: bool,
        first: u32,
        copies: u32,
        last: u32,
    ) -> Option<DupTrailer> {
        if first > 999 || copies > 99 || last > 999 {
            return None;
        }
        let text = format!(
            "{}{}{first:<3}{copies:<2}{last:<3}",
            if random { 'Y' } else { 'N' },
            if backwards { 'Y' } else { 'N' }
        );
        let mut raw = [0u8; 10];
        raw.copy_from_slice(text.as_bytes());
        Some(DupTrailer(raw))
    }

    /// True when the trailer is only NULs and spaces (not filled in).
    pub fn is_blank(&self) -> bool {
        self.0.iter().all(|&b| b == 0 || b == b' ')
    }

    /// The numbers (first, copies, last) and flags, when the trailer is filled
    /// in and well-formed: flags `Y`/`N`, numbers of digits left-aligned and
    /// padded with spaces or NULs (zero-padding is read too).
    pub fn fields(&self) -> Option<DupFields> {
        let flag = |b: u8| match b {
            b'Y' | b'y' => Some(true),
            b'N' | b'n' => Some(false),
            _ => None,
        };
        let number = |field: &[u8]| {
            let end = field
                .iter()
                .position(|&b| b == b' ' || b == 0)
                .unwrap_or(field.len());
            if field[end..].iter().any(|&b| b != b' ' && b != 0) {
                return None;
            }
            boardfile_io::text::parse_u32(&field[..end])
        };
        Some(DupFields {
            random: flag(self.0[0])?,
            backwards: flag(self.0[1])?,
            first: number(&self.0[2..5])?,
            copies: number(&self.0[5..7])?,
            last: number(&self.0[7..10])?,
        })
    }
}

/// One board's LIN text as it stood in the file, from its first command up
/// to the next board's, line ends included.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LinBoard(pub String);

/// One PBN game's text as it stood in the file: from the end of the game
/// before (the empty line that parts them, and any comment or `%` line
/// between) to the end of the game's last line; the first game's from its
/// first line, the last game's to the end of the file. The writer gives it
/// back as it is while the board says the same, and edits only the lines
/// of what changed otherwise.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PbnGame(pub String);

/// A LIN file's text before its first board.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LinInfo {
    /// The header as written (`vg|...|rs|...|pn|...|`), line ends included.
    pub header: String,
    /// The file was read as ISO-8859-1 (its text is not UTF-8): the writer
    /// writes it so again.
    pub latin1: bool,
}

/// What a PBN file holds besides its games.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PbnInfo {
    /// The `%` lines and empty lines before the first game, as written
    /// (`% PBN 2.1`, `% EXPORT`, `%Creator: ...`), without line ends.
    pub preamble: Vec<String>,
    /// The file was read as UTF-8 rather than ISO-8859-1.
    pub utf8: bool,
    /// The file started with a UTF-8 byte-order mark.
    pub bom: bool,
    /// The text before the first game as it stood (the `%` lines and empty
    /// lines of [`PbnInfo::preamble`], line ends and all), when it was read
    /// from a PBN file: the writer gives it back in place of its own
    /// `% PBN 2.1` header.
    pub head: Option<String>,
}

impl PbnInfo {
    /// The preamble's lines that say something of this file: not the
    /// `% PBN 2.1` and `% EXPORT` lines every writer makes, nor a `%` with
    /// nothing after it, nor boardfile's own notes (the seed that dealt the
    /// set, that its tables are solved), which no other format needs.
    pub fn own_lines(&self) -> impl Iterator<Item = &String> {
        self.preamble.iter().filter(|l| {
            let text = l.trim_start_matches('%').trim();
            !text.is_empty()
                && !l.contains("PBN")
                && !l.contains("EXPORT")
                && !text.starts_with("Dealt by boardfile deal")
                && !text.starts_with("boardfile solve:")
        })
    }
}

/// What a Pavlicek binary file holds besides its records.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PavlicekInfo {
    /// The terminator record and everything after it, as written.
    pub tail: Vec<u8>,
}
