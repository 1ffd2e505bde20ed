//! Input read a part at a time: the buffer under every streamed reader.
//!
//! A [`Source`] holds a window of the input: [`Source::data`] is what has
//! been read and not yet consumed, starting at file offset
//! [`Source::offset`]. A reader asks for more ([`Source::fill`],
//! [`Source::more`]) when a record does not end inside the window, and
//! consumes what it has read. Memory is the largest record's size (at most
//! [`MAX_WINDOW`]), not the file's. Over bytes already in memory it reads
//! in place, without copying.

use std::io::{self, Read};

/// The largest window a reader may ask for: one record (a PBN game, a JSON
/// line) longer than this is an error rather than memory without bound.
#[cfg(not(test))]
pub const MAX_WINDOW: usize = 32 << 20;
/// The largest window a reader may ask for (small in tests, so that a test
/// can reach it).
#[cfg(test)]
pub const MAX_WINDOW: usize = 1 << 20;

/// Reads the rest of `input` onto `bytes` while they stay within `limit`
/// bytes: true when all of it fitted, false when the input is longer
/// (then `bytes` holds `limit + 1` bytes and no more is read).
pub fn read_within(input: &mut dyn Read, bytes: &mut Vec<u8>, limit: usize) -> io::Result<bool> {
    let room = (limit + 1).saturating_sub(bytes.len()) as u64;
    input.take(room).read_to_end(bytes)?;
    Ok(bytes.len() <= limit)
}

/// Bytes read from the input at a time.
const BLOCK: usize = 256 << 10;

enum Backing<'a> {
    /// The whole input in memory.
    Bytes(&'a [u8]),
    /// A stream and the window read from it.
    Stream {
        input: Box<dyn Read + 'a>,
        buf: Vec<u8>,
        /// Bytes of `buf` that hold data.
        end: usize,
        /// File offset of `buf[0]`.
        base: u64,
        eof: bool,
    },
}

/// An input read a window at a time.
pub struct Source<'a> {
    backing: Backing<'a>,
    /// Start of the unconsumed data in the backing bytes or buffer.
    pos: usize,
    /// The most [`Source::fill`] reads ahead.
    read_ahead: usize,
}

impl<'a> Source<'a> {
    /// Reads bytes already in memory.
    ///
    /// ```
    /// use boardfile_io::Source;
    /// let mut src = Source::from_bytes(b"hello");
    /// assert_eq!(src.fill(2).unwrap(), b"hello");
    /// src.consume(2);
    /// assert_eq!(src.offset(), 2);
    /// assert_eq!(src.data(), b"llo");
    /// ```
    pub fn from_bytes(bytes: &'a [u8]) -> Source<'a> {
        Source {
            backing: Backing::Bytes(bytes),
            pos: 0,
            read_ahead: usize::MAX,
        }
    }

    /// Reads a stream (a file, standard input).
    pub fn from_reader(input: impl Read + 'a) -> Source<'a> {
        Source {
            backing: Backing::Stream {
                input: Box::new(input),
                buf: Vec::new(),
                end: 0,
                base: 0,
                eof: false,
            },
            pos: 0,
            read_ahead: usize::MAX,
        }
    }

    /// A source whose [`Source::peek`] reads at most `bytes` ahead
    /// ([`Source::fill`] and [`Source::more`] still read what they must):
    /// windows that small test a reader's handling of records that cross
    /// them.
    pub fn with_read_ahead(mut self, bytes: usize) -> Source<'a> {
        self.read_ahead = bytes.max(1);
        self
    }

    /// The bytes read and not yet consumed.
    #[inline]
    pub fn data(&self) -> &[u8] {
        match &self.backing {
            Backing::Bytes(b) => &b[self.pos..],
            Backing::Stream { buf, end, .. } => &buf[self.pos..*end],
        }
    }

    /// The rest of the input, when it is all in memory
    /// ([`Source::from_bytes`]): borrowed for as long as the input is, so
    /// that a reader can keep text of it without a copy.
    pub fn in_memory(&self) -> Option<&'a [u8]> {
        match &self.backing {
            Backing::Bytes(b) => Some(&b[self.pos..]),
            Backing::Stream { .. } => None,
        }
    }

    /// The file offset of the first byte of [`Source::data`].
    #[inline]
    pub fn offset(&self) -> u64 {
        match &self.backing {
            Backing::Bytes(_) => self.pos as u64,
            Backing::Stream { base, .. } => base + self.pos as u64,
        }
    }

    /// True when no byte follows [`Source::data`].
    #[inline]
    pub fn is_eof(&self) -> bool {
        match &self.backing {
            Backing::Bytes(_) => true,
            Backing::Stream { eof, .. } => *eof,
        }
    }

    /// Marks `n` bytes of [`Source::data`] read.
    #[inline]
    pub fn consume(&mut self, n: usize) {
        debug_assert!(n <= self.data().len());
        self.pos += n;
    }

    /// Consumes `n` bytes of [`Source::data`] and returns them (valid until
    /// the next read).
    #[inline]
    pub fn take(&mut self, n: usize) -> &[u8] {
        debug_assert!(n <= self.data().len());
        let start = self.pos;
        self.pos += n;
        self.slice(start, start + n)
    }

    /// Reads until [`Source::data`] holds at least `want` bytes or the
    /// input ends; returns the data.
    #[inline]
    pub fn fill(&mut self, want: usize) -> io::Result<&[u8]> {
        while self.data().len() < want && !self.is_eof() {
            self.read_more(want)?;
        }
        Ok(self.data())
    }

    /// Reads ahead for a reader that takes what comes (a window of text):
    /// until [`Source::data`] holds `hint` bytes, at most the source's
    /// read-ahead ([`Source::with_read_ahead`]), or the input ends.
    pub fn peek(&mut self, hint: usize) -> io::Result<&[u8]> {
        self.fill(hint.min(self.read_ahead))
    }

    /// Reads at least one more block (more when the window is large, so
    /// that growing a window is linear); false when the input has ended and
    /// nothing was added. Asking for a window past [`MAX_WINDOW`] is an
    /// error of kind `InvalidData`.
    pub fn more(&mut self) -> io::Result<bool> {
        if self.is_eof() {
            return Ok(false);
        }
        let have = self.data().len();
        if have >= MAX_WINDOW {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "a record longer than {} MiB (the most read at once)",
                    MAX_WINDOW >> 20
                ),
            ));
        }
        let want = (have + BLOCK.min(self.read_ahead))
            .max(2 * have)
            .min(MAX_WINDOW);
        while self.data().len() <= have && !self.is_eof() {
            self.read_more(want)?;
        }
        Ok(self.data().len() > have)
    }

    /// Reads everything left, up to `limit` bytes: the data, or an error of
    /// kind `InvalidData` when the input is longer.
    pub fn fill_all(&mut self, limit: usize) -> io::Result<&[u8]> {
        while !self.is_eof() {
            if self.data().len() > limit {
                break;
            }
            self.read_more(self.data().len() + BLOCK)?;
        }
        if self.data().len() > limit {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "longer than {} MiB, the most this format is read",
                    limit >> 20
                ),
            ));
        }
        Ok(self.data())
    }

    /// The next line without its `\n` (a `\r` before it stays), consumed;
    /// `None` at the end of the input. A line longer than [`MAX_WINDOW`] is
    /// an error of kind `InvalidData`.
    pub fn next_line(&mut self) -> io::Result<Option<&[u8]>> {
        let mut from = 0;
        loop {
            let data = self.data();
            if let Some(n) = memchr::memchr(b'\n', &data[from..]) {
                let end = from + n;
                let start = self.pos;
                self.pos += end + 1;
                return Ok(Some(self.slice(start, start + end)));
            }
            from = data.len();
            if !self.more()? {
                let data = self.data();
                if data.is_empty() {
                    return Ok(None);
                }
                let (start, n) = (self.pos, data.len());
                self.pos += n;
                return Ok(Some(self.slice(start, start + n)));
            }
        }
    }

    fn slice(&self, from: usize, to: usize) -> &[u8] {
        match &self.backing {
            Backing::Bytes(b) => &b[from..to],
            Backing::Stream { buf, .. } => &buf[from..to],
        }
    }

    /// Reads until the buffer holds `want` unconsumed bytes or a read adds
    /// some, moving the unconsumed bytes to the front first.
    fn read_more(&mut self, want: usize) -> io::Result<()> {
        let Backing::Stream {
            input,
            buf,
            end,
            base,
            eof,
        } = &mut self.backing
        else {
            return Ok(());
        };
        let have = *end - self.pos;
        if self.pos > 0 && (self.pos + want > buf.len() || self.pos >= buf.len() / 2) {
            buf.copy_within(self.pos..*end, 0);
            *base += self.pos as u64;
            *end = have;
            self.pos = 0;
        }
        let size = (self.pos + want).max(self.pos + have + BLOCK.min(want.max(4096)));
        if buf.len() < size {
            buf.resize(size, 0);
        }
        loop {
            match input.read(&mut buf[*end..]) {
                Ok(0) => {
                    *eof = true;
                    return Ok(());
                }
                Ok(n) => {
                    *end += n;
                    if *end - self.pos >= want || *end == buf.len() {
                        return Ok(());
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that gives at most 7 bytes a call, as a pipe may.
    struct Trickle<'a>(&'a [u8]);

    impl Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let n = self.0.len().min(out.len()).min(7);
            out[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    fn lines(mut s: Source) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        while let Some(l) = s.next_line().unwrap() {
            out.push(l.to_vec());
        }
        out
    }

    #[test]
    fn records_and_lines_read_the_same_from_memory_and_a_trickle() {
        let text: Vec<u8> = (0..50_000u32)
            .flat_map(|i| format!("{i}\n").into_bytes())
            .chain(*b"last")
            .collect();
        let whole = lines(Source::from_bytes(&text));
        assert_eq!(whole.len(), 50_001);
        assert_eq!(whole[12_345], b"12345");
        assert_eq!(whole[50_000], b"last");
        assert_eq!(lines(Source::from_reader(Trickle(&text))), whole);
        let mut s = Source::from_reader(Trickle(&text));
        let mut offset = 0;
        loop {
            let rec = s.fill(23).unwrap();
            if rec.is_empty() {
                break;
            }
            let n = rec.len().min(23);
            assert_eq!(rec[..n], text[offset..offset + n]);
            assert_eq!(s.offset(), offset as u64);
            s.consume(n);
            offset += n;
        }
        assert_eq!(offset, text.len());
        assert!(s.is_eof());
    }

    #[test]
    fn a_window_past_the_limit_is_an_error_not_memory() {
        let long = vec![b'x'; MAX_WINDOW + 10];
        let mut s = Source::from_reader(&long[..]);
        let e = s.next_line().unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::InvalidData);
        let mut s = Source::from_reader(&long[..]);
        assert!(s.fill_all(1000).is_err());
        let mut s = Source::from_reader(&long[..100]);
        assert_eq!(s.fill_all(1000).unwrap().len(), 100);
    }
}
