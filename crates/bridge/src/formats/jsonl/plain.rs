//! A board line in the very form the writer gives a board that holds
//! nothing but its deal, its conditions and double-dummy data (a dealt or
//! solved set, the researchers' millions of boards): read in one pass, its
//! keys compared in the writer's order, not parsed as JSON in general.
//!
//! Anything else is left to serde: another key, another order, white space,
//! an escape, a value out of range, anything serde or the model would
//! refuse. A line read here is the very board serde and
//! [`super::board_from_json`] make of it; the tests compare the two on the
//! writer's output for boards of every shape, changed at every byte.

use super::DD_KEYS;
use crate::model::board::{Board, DdTable, Par, Vulnerability};
use crate::model::deal::{Deal, Seat};

struct Cursor<'a> {
    b: &'a [u8],
    i: usize,
}

impl<'a> Cursor<'a> {
    /// Steps over `text` if it comes next.
    #[inline(always)]
    fn lit(&mut self, text: &[u8]) -> Option<()> {
        if self.b[self.i..].starts_with(text) {
            self.i += text.len();
            Some(())
        } else {
            None
        }
    }

    /// A string's bytes after its opening quote, up to its closing quote
    /// (stepped over): no escape, no control character.
    fn string(&mut self) -> Option<&'a [u8]> {
        let rest = &self.b[self.i..];
        let n = rest
            .iter()
            .position(|&c| c == b'"' || c == b'\\' || c < 0x20)?;
        if rest[n] != b'"' {
            return None;
        }
        self.i += n + 1;
        Some(&rest[..n])
    }

    /// A JSON integer without a sign: `0`, or digits without a leading
    /// zero, up to `max`.
    fn unsigned(&mut self, max: u64) -> Option<u64> {
        let rest = &self.b[self.i..];
        let (mut v, mut n) = (0u64, 0);
        while n < rest.len() && rest[n].is_ascii_digit() {
            if n == 10 {
                return None;
            }
            v = v * 10 + u64::from(rest[n] - b'0');
            n += 1;
        }
        if n == 0 || (n > 1 && rest[0] == b'0') {
            return None;
        }
        self.i += n;
        (v <= max).then_some(v)
    }

    /// A trick count, `0` to `13`, or `null`; what follows is not a digit.
    #[inline(always)]
    fn tricks(&mut self) -> Option<u8> {
        let (t, n) = match self.b[self.i..] {
            [b'n', b'u', b'l', b'l', ..] => (DdTable::UNKNOWN, 4),
            [d @ b'0'..=b'9', next, ..] if !next.is_ascii_digit() => (d - b'0', 1),
            [b'1', d @ b'0'..=b'3', next, ..] if !next.is_ascii_digit() => (10 + d - b'0', 2),
            _ => return None,
        };
        self.i += n;
        Some(t)
    }

    /// Steps over a key of [`DD_KEYS`] (text padded to 16 bytes, and its
    /// length) if it comes next: one comparison of 16 bytes.
    #[inline(always)]
    fn key(&mut self, (key, len): &([u8; 16], u8)) -> Option<()> {
        let Some(rest) = self.b.get(self.i..self.i + 16) else {
            // Near the line's end.
            return self.lit(&key[..usize::from(*len)]);
        };
        let rest: &[u8; 16] = rest.try_into().ok()?;
        let mask = u128::MAX >> (8 * (16 - u32::from(*len)));
        if u128::from_le_bytes(*rest) & mask != u128::from_le_bytes(*key) {
            return None;
        }
        self.i += usize::from(*len);
        Some(())
    }

    /// A JSON integer that fits an `i32` (no `-0`).
    fn signed(&mut self) -> Option<i32> {
        let minus = self.lit(b"-").is_some();
        let v = self.unsigned(1 << 31)? as i64;
        match (minus, v) {
            (false, v) => i32::try_from(v).ok(),
            (true, 0) => None,
            (true, v) => i32::try_from(-v).ok(),
        }
    }

    /// The `dd` object as the writer gives it: seats N E S W, each strains
    /// C D H S NT, each 0 to 13 or `null`.
    fn dd(&mut self) -> Option<DdTable> {
        let mut raw = [[DdTable::UNKNOWN; 5]; 4];
        for (seat, keys) in raw.iter_mut().zip(&DD_KEYS) {
            for (entry, key) in seat.iter_mut().zip(keys) {
                self.key(key)?;
                *entry = self.tricks()?;
            }
        }
        self.lit(b"}}")?;
        Some(DdTable::from_raw(raw))
    }
}

/// Reads a board line (trimmed) when it is in the writer's plain form.
pub(super) fn read(line: &[u8]) -> Option<Board> {
    let mut c = Cursor { b: line, i: 0 };
    c.lit(b"{\"board\":")?;
    let number = c.unsigned(u64::from(u32::MAX))? as u32;
    c.lit(b",\"dealer\":\"")?;
    let dealer = match c.string()? {
        [l] => Seat::from_letter(*l)?,
        _ => return None,
    };
    c.lit(b",\"vulnerable\":\"")?;
    let vulnerability = Vulnerability::from_name(std::str::from_utf8(c.string()?).ok()?)?;
    c.lit(b",\"deal\":\"")?;
    let deal = Deal::parse_pbn_bytes(c.string()?).ok()?;
    let mut board = Board::new(number, deal);
    board.dealer = dealer;
    board.vulnerability = vulnerability;
    if c.lit(b",\"dd\":").is_some() {
        board.dd = Some(c.dd()?);
    }
    if c.lit(b",\"par\":{\"score_ns\":").is_some() {
        let score_ns = c.signed()?;
        c.lit(b",\"contracts\":[")?;
        let mut contracts = Vec::new();
        if c.lit(b"]").is_none() {
            loop {
                c.lit(b"\"")?;
                contracts.push(std::str::from_utf8(c.string()?).ok()?.to_owned());
                if c.lit(b"]").is_some() {
                    break;
                }
                c.lit(b",")?;
            }
        }
        c.lit(b"}")?;
        board.par = Some(Par {
            score_ns,
            contracts,
        });
    }
    c.lit(b"}")?;
    (c.i == line.len()).then_some(board)
}
