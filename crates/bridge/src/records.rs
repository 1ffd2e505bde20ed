//! The one conversion path: every reader is a stream of boards between
//! set-level data before them (the head) and after them (the tail); every
//! writer takes the head, the boards, then finishes with the tail.
//!
//! Reading a whole file ([`read`]) is collecting that stream, and writing
//! a whole set ([`write`]) is handing it over; [`convert`] pipes a reader
//! into a writer a board at a time, so memory is the largest board's, not
//! the file's. A format that needs to look ahead or behind (DUP's first
//! trailer, PBN's trailing comments, DLM's 99 lines, JSON Lines' set line)
//! keeps that bounded state inside its own reader or writer.

use crate::board::Board;
use crate::diagram::{Paper, PerPage};
use crate::formats::pbn::PbnDdTags;
use crate::keeps::{Loss, LossCount};
use crate::set::{BoardSet, SetInfo};
use crate::Format;
use boardfile_io::{Diagnostics, Error, Source, Warning};
use std::io::Write;

/// A format's reader: the set-level data, then the boards one at a time.
pub trait BoardReader {
    /// The set-level data that comes before the boards.
    fn head(&self) -> &SetInfo;

    /// The next board; `None` after the last. A problem in one record goes
    /// to `diag`: collecting, the record is skipped and reading goes on;
    /// strict, it is returned. A problem that leaves nothing to read on
    /// from is returned either way.
    fn next_board(&mut self, diag: &mut Diagnostics) -> Result<Option<Board>, Error>;

    /// The set-level data once every board is read: the head's, and what
    /// came after the boards (a Pavlicek file's terminator). Asked once,
    /// at the end: a reader may give its head up then.
    fn tail(&mut self) -> SetInfo {
        self.head().clone()
    }

    /// Bytes of the input read so far, for progress.
    fn position(&self) -> u64;

    /// Reads boards onto the end of `boards` until it holds `until` of them
    /// or none is left (then false): the boards, errors and warnings of
    /// [`BoardReader::next_board`] called in turn, which is what this does
    /// unless a reader has a faster way (the fixed-record formats, whose
    /// records are read in a tight loop).
    fn read_boards(
        &mut self,
        boards: &mut Vec<Board>,
        until: usize,
        diag: &mut Diagnostics,
    ) -> Result<bool, Error> {
        while boards.len() < until {
            if !push_next(self, boards, diag)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Boards still to come, as far as known without reading on (0 when
    /// not known): the records left in a fixed-record file whose bytes are
    /// all at hand. Room for them is made at once when a whole set is
    /// collected.
    fn size_hint(&self) -> usize {
        0
    }
}

/// [`BoardReader::read_boards`] for a reader with a quick way to its common
/// case: `quick` takes the next board straight from the bytes at hand
/// (consuming them) when it can, and anything else (a bad or short record,
/// the window's end) is read as [`BoardReader::next_board`] reads and
/// reports it.
pub(crate) fn read_boards_quickly<R: BoardReader + ?Sized>(
    reader: &mut R,
    boards: &mut Vec<Board>,
    until: usize,
    diag: &mut Diagnostics,
    mut quick: impl FnMut(&mut R) -> Option<Board>,
) -> Result<bool, Error> {
    while boards.len() < until {
        match quick(reader) {
            Some(b) => boards.push(b),
            None if !push_next(reader, boards, diag)? => return Ok(false),
            None => {}
        }
    }
    Ok(true)
}

/// One board of [`BoardReader::next_board`] onto `boards`; false when none
/// is left. What a reader's [`BoardReader::read_boards`] falls back on.
pub(crate) fn push_next<R: BoardReader + ?Sized>(
    reader: &mut R,
    boards: &mut Vec<Board>,
    diag: &mut Diagnostics,
) -> Result<bool, Error> {
    Ok(match reader.next_board(diag)? {
        Some(b) => {
            boards.push(b);
            true
        }
        None => false,
    })
}

/// A format's writer: the head, the boards, then the end. Output goes to
/// `out`, which the caller empties when it likes; a writer that must see
/// later boards before writing earlier ones (DUP's trailers, DLM's fixed
/// 99 slots) holds them itself, within a bound.
pub trait BoardWriter {
    /// Begins the file with the set-level data known before the boards.
    fn head(&mut self, head: &SetInfo, out: &mut Vec<u8>) -> Result<(), Error>;

    /// Writes one board; data the format must carry but cannot (a partial
    /// deal in BRI) is an error.
    fn board(&mut self, board: &Board, out: &mut Vec<u8>) -> Result<(), Error>;

    /// Ends the file, with the set-level data known once the boards are
    /// read (the head's and more).
    fn finish(&mut self, tail: &SetInfo, out: &mut Vec<u8>) -> Result<(), Error>;
}

/// Choices a writer can be given.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct WriteOptions {
    /// The double-dummy tags PBN writes.
    pub pbn_dd_tags: PbnDdTags,
    /// Writes each board in the format's own standard form, not as the file
    /// it was read from had it: PBN's export format (the mandatory tags, in
    /// order, CR LF, deals from the dealer), without the boards' PBN and
    /// LIN texts in JSON Lines.
    pub normalize: bool,
    /// Hand records (HTML, PDF): boards a printed page.
    pub per_page: PerPage,
    /// Hand records (HTML, PDF): the paper the pages are laid out for.
    pub paper: Paper,
    /// Dealing machines (DUP, DLM): the deals are not to be shown on the
    /// machine's screen (Big Deal's "dupblind" and "dlmblind": DUP's board 1
    /// without its DGE half, DLM's `Status=Sealed`).
    pub blind: bool,
    /// Whose layout the writers follow where a format leaves a choice.
    pub dialect: Dialect,
}

/// Whose layout a writer follows where a format leaves a choice (header
/// lines, tag order, line ends, trailers).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Dialect {
    /// boardfile's own: each format's standard form, and a file read
    /// written back as it was.
    #[default]
    Boardfile,
    /// Big Deal 2.0's, byte for byte: PBN, LIN, DUP and DLM as `bigdealx`
    /// writes them (see [`crate::formats::bigdeal`]). The formats Big Deal
    /// writes one way only (BRI, DGE, BER, BHG, RZD, CDS, its CSV) are
    /// written so in either dialect.
    BigDeal,
}

impl Dialect {
    /// The dialect named `boardfile` or `bigdeal` (any case).
    pub fn parse(name: &str) -> Result<Dialect, String> {
        match name.to_ascii_lowercase().as_str() {
            "boardfile" => Ok(Dialect::Boardfile),
            "bigdeal" | "big-deal" => Ok(Dialect::BigDeal),
            _ => Err(format!("{name:?}: expected boardfile or bigdeal")),
        }
    }
}

impl WriteOptions {
    /// Options with PBN's double-dummy tags chosen.
    pub fn with_pbn_dd_tags(tags: PbnDdTags) -> WriteOptions {
        WriteOptions {
            pbn_dd_tags: tags,
            ..WriteOptions::default()
        }
    }

    /// These options, normalizing or not (see [`WriteOptions::normalize`]).
    pub fn normalized(self, normalize: bool) -> WriteOptions {
        WriteOptions { normalize, ..self }
    }

    /// These options for a dealing machine that must not show the deals
    /// (see [`WriteOptions::blind`]).
    pub fn blinded(self, blind: bool) -> WriteOptions {
        WriteOptions { blind, ..self }
    }

    /// These options in `dialect` (see [`WriteOptions::dialect`]).
    pub fn in_dialect(self, dialect: Dialect) -> WriteOptions {
        WriteOptions { dialect, ..self }
    }

    /// These options with hand records laid out `per_page` boards a page
    /// of `paper`.
    pub fn laid_out(self, per_page: PerPage, paper: Paper) -> WriteOptions {
        WriteOptions {
            per_page,
            paper,
            ..self
        }
    }
}

/// A board set read from a file, with what was odd about it.
#[derive(Debug)]
pub struct ReadOutcome {
    /// The boards and set-level data.
    pub set: BoardSet,
    /// Things noticed that did not stop reading.
    pub warnings: Vec<Warning>,
}

/// Reads every board of a reader.
pub fn collect(reader: &mut dyn BoardReader, diag: &mut Diagnostics) -> Result<BoardSet, Error> {
    let mut boards = Vec::with_capacity(reader.size_hint());
    reader.read_boards(&mut boards, usize::MAX, diag)?;
    Ok(BoardSet {
        boards,
        info: reader.tail(),
    })
}

/// Reads a whole file in `format`; the first error stops it.
pub fn read(format: Format, bytes: &[u8]) -> Result<ReadOutcome, Error> {
    let mut diag = Diagnostics::strict();
    let set = read_with(format, bytes, &mut diag)?;
    Ok(ReadOutcome {
        set,
        warnings: diag.warnings,
    })
}

/// Reads with a caller's [`Diagnostics`]: strict or collecting.
pub fn read_with(format: Format, bytes: &[u8], diag: &mut Diagnostics) -> Result<BoardSet, Error> {
    let mut reader = format.open(Source::from_bytes(bytes), diag)?;
    collect(reader.as_mut(), diag)
}

/// Everything wrong with a file.
#[derive(Debug)]
pub struct Validation {
    /// The boards that could be read (absent when the file's structure is broken).
    pub set: Option<BoardSet>,
    /// Every error found, in file order (the first [`Diagnostics::MAX`]).
    pub errors: Vec<Error>,
    /// Every warning (the first [`Diagnostics::MAX`]).
    pub warnings: Vec<Warning>,
}

impl Validation {
    /// True when no error was found.
    pub fn is_valid(&self) -> bool {
        self.errors.is_empty()
    }
}

/// Reads a file collecting every problem instead of stopping at the first.
pub fn validate(format: Format, bytes: &[u8]) -> Validation {
    let mut diag = Diagnostics::collecting();
    match read_with(format, bytes, &mut diag) {
        Ok(set) => Validation {
            set: Some(set),
            errors: diag.errors,
            warnings: diag.warnings,
        },
        Err(fatal) => {
            let mut errors = diag.errors;
            errors.push(fatal);
            Validation {
                set: None,
                errors,
                warnings: diag.warnings,
            }
        }
    }
}

/// Writes a board set in `format`. Data the format cannot carry is dropped
/// (see [`LossCount`]); data it must carry but cannot (a partial deal in
/// BRI) is an error.
pub fn write(format: Format, set: &BoardSet, out: &mut dyn Write) -> Result<(), Error> {
    write_with(format, set, out, &WriteOptions::default())
}

/// Writes a board set in `format` with `options`.
pub fn write_with(
    format: Format,
    set: &BoardSet,
    out: &mut dyn Write,
    options: &WriteOptions,
) -> Result<(), Error> {
    let mut w = format.writer(options)?;
    let mut buf = Vec::with_capacity(64 * 1024);
    w.head(&set.info, &mut buf)?;
    for b in &set.boards {
        w.board(b, &mut buf)?;
        if buf.len() >= FLUSH {
            out.write_all(&buf)?;
            buf.clear();
        }
    }
    w.finish(&set.info, &mut buf)?;
    out.write_all(&buf)?;
    Ok(())
}

/// What writing `set` in `format` drops, one note per kind of data, each
/// naming how many boards it concerns. Empty when nothing is lost.
pub fn losses(set: &BoardSet, format: Format) -> Vec<Loss> {
    let mut count = LossCount::new(format);
    count.set(&set.info);
    for b in &set.boards {
        count.board(b);
    }
    count.losses()
}

/// Output is handed on once it reaches this many bytes.
const FLUSH: usize = 256 * 1024;

/// What a conversion did.
#[derive(Debug)]
pub struct Converted {
    /// Boards written.
    pub boards: u64,
    /// What the output format dropped.
    pub losses: Vec<Loss>,
}

/// Why a conversion stopped: the input, the output's format, or writing.
#[derive(Debug)]
pub enum ConvertError {
    /// The input is bad (or could not be read).
    Read(Error),
    /// The output format cannot carry the data.
    Write(Error),
    /// Writing the output failed.
    Output(std::io::Error),
}

impl std::fmt::Display for ConvertError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ConvertError::Read(e) | ConvertError::Write(e) => write!(f, "{e}"),
            ConvertError::Output(e) => write!(f, "cannot write: {e}"),
        }
    }
}

/// Converts what `reader` reads into `to`, a board at a time, writing to
/// `out`; `progress` hears the input bytes read so far now and then. When
/// the boards are a file's of format `from` as read, only what `from` can
/// carry is looked for among the losses. The first error stops it (what
/// was written so far is the caller's to discard).
pub fn convert(
    reader: &mut dyn BoardReader,
    from: Option<Format>,
    to: Format,
    options: &WriteOptions,
    out: &mut dyn Write,
    diag: &mut Diagnostics,
    progress: &mut dyn FnMut(u64),
) -> Result<Converted, ConvertError> {
    let mut targets = [Target {
        format: to,
        options,
        out,
    }];
    match convert_all(reader, from, &mut targets, diag, progress) {
        Ok(mut done) => Ok(done.remove(0)),
        Err((_, e)) => Err(e),
    }
}

/// One output of [`convert_all`]: its format, the writer's options, where
/// its bytes go.
pub struct Target<'a> {
    /// The output's format.
    pub format: Format,
    /// Its writer's options.
    pub options: &'a WriteOptions,
    /// Where its bytes go.
    pub out: &'a mut dyn Write,
}

/// [`convert`] into several outputs from one read: each board is handed to
/// every target's writer in turn. An error gives the index of the target
/// it belongs to (0 for the input's).
pub fn convert_all(
    reader: &mut dyn BoardReader,
    from: Option<Format>,
    targets: &mut [Target<'_>],
    diag: &mut Diagnostics,
    progress: &mut dyn FnMut(u64),
) -> Result<Vec<Converted>, (usize, ConvertError)> {
    struct Open {
        writer: Box<dyn BoardWriter>,
        losses: LossCount,
        buf: Vec<u8>,
    }
    let mut open = Vec::with_capacity(targets.len());
    for (i, t) in targets.iter().enumerate() {
        let writer = t
            .format
            .writer(t.options)
            .map_err(|e| (i, ConvertError::Write(e)))?;
        let mut losses = LossCount::between(from, t.format, t.options.dialect);
        losses.set(reader.head());
        open.push(Open {
            writer,
            losses,
            buf: Vec::with_capacity(FLUSH + 64 * 1024),
        });
    }
    for (i, o) in open.iter_mut().enumerate() {
        o.writer
            .head(reader.head(), &mut o.buf)
            .map_err(|e| (i, ConvertError::Write(e)))?;
    }
    let mut boards = 0u64;
    while let Some(b) = reader
        .next_board(diag)
        .map_err(|e| (0, ConvertError::Read(e)))?
    {
        boards += 1;
        let mut flushed = false;
        for (i, (o, t)) in open.iter_mut().zip(targets.iter_mut()).enumerate() {
            o.losses.board(&b);
            o.writer
                .board(&b, &mut o.buf)
                .map_err(|e| (i, ConvertError::Write(e)))?;
            if o.buf.len() >= FLUSH {
                t.out
                    .write_all(&o.buf)
                    .map_err(|e| (i, ConvertError::Output(e)))?;
                o.buf.clear();
                flushed = true;
            }
        }
        if flushed {
            progress(reader.position());
        }
    }
    let tail = reader.tail();
    let mut done = Vec::with_capacity(open.len());
    for (i, (mut o, t)) in open.into_iter().zip(targets.iter_mut()).enumerate() {
        o.losses.set(&tail);
        o.writer
            .finish(&tail, &mut o.buf)
            .map_err(|e| (i, ConvertError::Write(e)))?;
        t.out
            .write_all(&o.buf)
            .map_err(|e| (i, ConvertError::Output(e)))?;
        done.push(Converted {
            boards,
            losses: o.losses.losses(),
        });
    }
    progress(reader.position());
    Ok(done)
}

/// Converts a file of `from`, read from `source`, into `to`: its reader
/// piped into `to`'s writer ([`convert`]); for Pavlicek's formats to one
/// another, each record checked as the reader checks it and copied without
/// the model, which gives the same bytes and losses at the speed of memory
/// ([`crate::formats::pavlicek::transcode`]).
pub fn convert_file(
    source: Source<'_>,
    from: Format,
    to: Format,
    options: &WriteOptions,
    out: &mut dyn Write,
    diag: &mut Diagnostics,
    progress: &mut dyn FnMut(u64),
) -> Result<Converted, ConvertError> {
    // Records copied without the model stop at the first bad one: when bad
    // boards are to be left out, the model's way.
    if crate::formats::pavlicek::transcodes(from, to) && !diag.is_collecting() {
        return crate::formats::pavlicek::transcode(source, from, to, out, progress);
    }
    let mut reader = from.open(source, diag).map_err(ConvertError::Read)?;
    let done = convert(
        reader.as_mut(),
        Some(from),
        to,
        options,
        out,
        diag,
        progress,
    )?;
    Ok(done)
}

/// A reader over boards already in memory: a set as a stream, for code
/// that makes boards rather than reads them.
pub struct SetReader {
    info: SetInfo,
    boards: std::vec::IntoIter<Board>,
}

impl SetReader {
    /// Streams `set`.
    pub fn new(set: BoardSet) -> SetReader {
        SetReader {
            info: set.info,
            boards: set.boards.into_iter(),
        }
    }
}

impl BoardReader for SetReader {
    fn head(&self) -> &SetInfo {
        &self.info
    }

    fn next_board(&mut self, _: &mut Diagnostics) -> Result<Option<Board>, Error> {
        Ok(self.boards.next())
    }

    fn position(&self) -> u64 {
        0
    }
}
