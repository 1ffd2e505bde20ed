//! The one conversion path: every reader is a stream of boards between
//! set-level data before them (the head) and after them (the tail); every
//! writer takes the head, the boards, then finishes with the tail.
//!
//! Reading a whole file ([`read`]) is collecting that stream, and writing
//! a whole set ([`write()`]) is handing it over; [`convert`] pipes a reader
//! into a writer a board at a time, so memory is the largest board's, not
//! the file's. A format that needs to look ahead or behind (DUP's first
//! trailer, PBN's trailing comments, DLM's 99 lines, JSON Lines' set line)
//! keeps that bounded state inside its own reader or writer.

use crate::codec::options::WriteOptions;
use crate::codec::stream::{BoardReader, BoardWriter};
use crate::codec::{ConvertError, Converted, Format, Loss};
use crate::losses::LossCount;
use crate::model::set::BoardSet;
use boardfile_io::{Diagnostics, Error, Source, Warning};
use std::io::Write;

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
///
/// ```
/// use boardfile_bridge::{read, Format};
/// let outcome = read(Format::Pbn, b"[Board \"7\"]\n[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n").unwrap();
/// assert_eq!(outcome.set.boards[0].number, 7);
/// assert!(read(Format::Pbn, b"[Deal \"N:AKQ\"]\n").is_err());
/// ```
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
///
/// ```
/// use boardfile_bridge::{validate, Format};
/// let v = validate(Format::Pbn, b"[Board \"1\"]\n[Deal \"N:AKQ\"]\n");
/// assert!(!v.is_valid());
/// assert!(v.errors[0].to_string().starts_with("PBN error"), "{}", v.errors[0]);
/// ```
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
///
/// ```
/// use boardfile_bridge::{write, Board, BoardSet, Deal, Format};
/// let set = BoardSet::from_boards(vec![Board::new(1, Deal::default())]);
/// let mut out = Vec::new();
/// // BRI holds whole deals only: a board without one is refused, named.
/// assert!(write(Format::Bri, &set, &mut out).is_err());
/// assert!(write(Format::Jsonl, &set, &mut out).is_ok());
/// ```
pub fn write(format: Format, set: &BoardSet, out: &mut dyn Write) -> Result<(), Error> {
    write_with(format, set, out, &WriteOptions::default())
}

/// Writes a board set in `format` with `options`.
///
/// ```
/// use boardfile_bridge::{write_with, Board, BoardSet, Deal, Format, WriteOptions};
/// let deal = Deal::parse_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765").unwrap();
/// let set = BoardSet::from_boards(vec![Board::new(1, deal)]);
/// let mut out = Vec::new();
/// write_with(Format::Pbn, &set, &mut out, &WriteOptions::default().normalized(true)).unwrap();
/// assert!(String::from_utf8(out).unwrap().contains("[Dealer \"N\"]\r\n"));
/// ```
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
///
/// ```
/// use boardfile_bridge::{losses, Board, BoardSet, Deal, Format, LossKind};
/// let mut board = Board::new(1, Deal::default());
/// board.set_tag("Event", "Pairs");
/// let set = BoardSet::from_boards(vec![board]);
/// assert!(losses(&set, Format::Jsonl).is_empty());
/// let lost = losses(&set, Format::Dup);
/// assert!(lost.iter().any(|l| l.kind == LossKind::Tags), "{lost:?}");
/// ```
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
/// ([`Hooks::transcode`](crate::codec::Hooks::transcode)).
///
/// ```
/// use boardfile_bridge::{convert_file, Diagnostics, Format, WriteOptions};
/// use boardfile_io::Source;
/// let pbn = "[Board \"1\"]\n[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n";
/// let mut out = Vec::new();
/// let done = convert_file(
///     Source::from_bytes(pbn.as_bytes()),
///     Format::Pbn,
///     Format::Bri,
///     &WriteOptions::default(),
///     &mut out,
///     &mut Diagnostics::strict(),
///     &mut |_| {},
/// )
/// .unwrap();
/// assert_eq!((done.boards, out.len()), (1, 128));
/// ```
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
    if let Some(t) = from.hooks().transcode {
        if (t.can)(from, to) && !diag.is_collecting() {
            return (t.run)(source, from, to, out, progress);
        }
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
