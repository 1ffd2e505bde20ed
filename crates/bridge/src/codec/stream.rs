//! How a format streams: a reader gives the set-level data, then the
//! boards one at a time; a writer takes the head, the boards, then the
//! end. Every format's reader and writer implement these, and the one
//! conversion path ([`crate::records`]) pipes one into the other.

use crate::model::board::Board;
use crate::model::set::{BoardSet, SetInfo};
use boardfile_io::{Diagnostics, Error};

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

/// A reader lent: what it reads, as it reads it (a stage can take a
/// reader the caller keeps).
impl<R: BoardReader + ?Sized> BoardReader for &mut R {
    fn head(&self) -> &SetInfo {
        (**self).head()
    }

    fn next_board(&mut self, diag: &mut Diagnostics) -> Result<Option<Board>, Error> {
        (**self).next_board(diag)
    }

    fn tail(&mut self) -> SetInfo {
        (**self).tail()
    }

    fn position(&self) -> u64 {
        (**self).position()
    }

    fn read_boards(
        &mut self,
        boards: &mut Vec<Board>,
        until: usize,
        diag: &mut Diagnostics,
    ) -> Result<bool, Error> {
        (**self).read_boards(boards, until, diag)
    }

    fn size_hint(&self) -> usize {
        (**self).size_hint()
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
