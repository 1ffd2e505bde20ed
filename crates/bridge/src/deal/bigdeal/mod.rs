//! Tournament dealing as Hans van Staveren's Big Deal deals: the same deals
//! as Big Deal 2.0 for the same owner, entropy and boards.
//!
//! Spec: Big Deal 2.0 (`main.c`, `collect.c`, `binomial.c`, `mp.c`). The
//! algorithm:
//!
//! 1. **Entropy.** Everything collected (the `-e` strings in order, or 40
//!    bytes of the operating system's randomness) is hashed with RIPEMD-160:
//!    160 random bits, `R`.
//! 2. **Owner.** The owner string (`-W`, or the owner of the init file) is
//!    hashed with RIPEMD-160: `O`. Nobody with another owner can make the
//!    same deals.
//! 3. **Numbers.** For a counter `s` = 1, 2, 3... the 44 bytes
//!    `s` (32 bits, little-endian) ‖ `R` ‖ `O` are hashed with RIPEMD-160,
//!    and the first 12 bytes of the hash, read big-endian, are a 96-bit
//!    candidate. A candidate below the number of deals
//!    (53,644,737,765,488,792,839,237,440,000, about 68% of 2^96) is the
//!    next board's deal number; others are skipped (the counter goes on).
//! 4. **Deals.** A number becomes a deal by Big Deal's numbering
//!    ([`Deal::from_goedel`]).
//!
//! The boards are numbered from the range's first (`-n 15-28` deals boards
//! 15 to 28, the first deal to board 15); dealer and vulnerability follow
//! the board number.
//!
//! [`squaredeal`] holds SquareDeal's tournament files and how a session
//! key, the delayed value and "original"/"reserve" become an owner and an
//! entropy.

pub mod squaredeal;

use crate::codec::stream::BoardReader;
use crate::model::board::Board;
use crate::model::deal::{Deal, DEALS};
use crate::model::set::SetInfo;
use boardfile_io::{Diagnostics, Error};
use ripemd::{Digest, Ripemd160};
use std::fmt;

/// The boards of a run: `first` to `last`, both included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Boards {
    /// The first board's number (1 or more).
    pub first: u32,
    /// The last board's number (`first` or more).
    pub last: u32,
}

impl Boards {
    /// Boards `first` to `last`; `None` unless 1 ≤ first ≤ last.
    pub fn new(first: u32, last: u32) -> Option<Boards> {
        (first >= 1 && first <= last).then_some(Boards { first, last })
    }

    /// A count (`32`: boards 1 to 32) or a range (`15-28`), as Big Deal's
    /// `-n` takes them.
    pub fn parse(text: &str) -> Result<Boards, String> {
        let number = |t: &str| {
            t.trim()
                .parse::<u32>()
                .map_err(|_| format!("{text:?} is not a count of boards (32) or a range (15-28)"))
        };
        let (first, last) = match text.split_once('-') {
            Some((a, b)) => (number(a)?, number(b)?),
            None => (1, number(text)?),
        };
        Boards::new(first, last).ok_or_else(|| {
            if last == 0 {
                format!("{text:?}: no boards")
            } else {
                format!("{text:?}: boards run from 1 up, the first no higher than the last")
            }
        })
    }

    /// How many boards.
    pub fn count(self) -> u32 {
        self.last - self.first + 1
    }
}

impl fmt::Display for Boards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.first, self.last)
    }
}

/// RIPEMD-160 of some bytes.
fn ripemd160(bytes: &[u8]) -> [u8; 20] {
    Ripemd160::digest(bytes).into()
}

/// A Big Deal run's key: the 160 random bits and the owner's hash.
#[derive(Clone)]
pub struct BigDeal {
    /// The hashed block: counter (4 bytes), random bits (20), owner (20).
    block: [u8; 44],
}

/// An owner's name as a run takes it: Big Deal keys a set's deals by it,
/// so it may not be empty, nor only spaces (whatever [`BigDeal::new`]
/// would hash). Every way to deal a tournament set asks this.
///
/// ```
/// use boardfile_bridge::deal::bigdeal::owner_name;
/// assert_eq!(owner_name("Hilltop BC"), Ok("Hilltop BC"));
/// assert!(owner_name("  ").is_err());
/// ```
pub fn owner_name(text: &str) -> Result<&str, String> {
    if text.trim().is_empty() {
        return Err(
            "an owner's name is needed (a club, a tournament): Big Deal keys the deals by it"
                .into(),
        );
    }
    Ok(text)
}

impl BigDeal {
    /// The run of `bigdealx -W OWNER -e ENTROPY`: `entropy` is everything
    /// the `-e` options give, joined in order (SquareDeal gives three).
    ///
    /// ```
    /// use boardfile_bridge::deal::bigdeal::{BigDeal, BigDealReader, Boards};
    /// use boardfile_bridge::{collect, Diagnostics};
    /// let run = BigDeal::new(b"Club", b"dice rolled at the table");
    /// let mut reader = BigDealReader::new(&run, Boards::parse("1-4").unwrap());
    /// let set = collect(&mut reader, &mut Diagnostics::strict()).unwrap();
    /// assert_eq!(set.boards.len(), 4);
    /// // The same owner and entropy deal the same boards; another owner, others.
    /// let again = collect(&mut BigDealReader::new(&run, Boards::parse("1-4").unwrap()), &mut Diagnostics::strict()).unwrap();
    /// assert_eq!(again.boards[0].deal, set.boards[0].deal);
    /// let other = BigDeal::new(b"Another club", b"dice rolled at the table");
    /// let theirs = collect(&mut BigDealReader::new(&other, Boards::parse("1-4").unwrap()), &mut Diagnostics::strict()).unwrap();
    /// assert_ne!(theirs.boards[0].deal, set.boards[0].deal);
    /// ```
    pub fn new(owner: &[u8], entropy: &[u8]) -> BigDeal {
        BigDeal::keyed(ripemd160(entropy), owner)
    }

    /// A run with 320 bits of the operating system's randomness hashed to
    /// 160, as Big Deal takes them from `/dev/urandom`. Not reproducible,
    /// by design.
    pub fn from_os(owner: &[u8]) -> Result<BigDeal, String> {
        let mut bytes = [0u8; 40];
        getrandom::fill(&mut bytes).map_err(|e| format!("no randomness from the system: {e}"))?;
        Ok(BigDeal::keyed(ripemd160(&bytes), owner))
    }

    fn keyed(random: [u8; 20], owner: &[u8]) -> BigDeal {
        let mut block = [0u8; 44];
        block[4..24].copy_from_slice(&random);
        block[24..].copy_from_slice(&ripemd160(owner));
        BigDeal { block }
    }

    /// The deal numbers of the run, board after board (see
    /// [`Deal::from_goedel`]).
    pub fn numbers(&self) -> Numbers {
        Numbers {
            block: self.block,
            counter: 0,
        }
    }
}

impl fmt::Debug for BigDeal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The random bits are the secret of the run: never printed.
        f.write_str("BigDeal { .. }")
    }
}

/// A run's deal numbers, one a board (an endless iterator).
pub struct Numbers {
    block: [u8; 44],
    counter: u32,
}

impl Iterator for Numbers {
    type Item = u128;

    fn next(&mut self) -> Option<u128> {
        loop {
            self.counter = self.counter.wrapping_add(1);
            self.block[..4].copy_from_slice(&self.counter.to_le_bytes());
            let hash = ripemd160(&self.block);
            let mut candidate = [0u8; 16];
            candidate[4..].copy_from_slice(&hash[..12]);
            let g = u128::from_be_bytes(candidate);
            if g < DEALS {
                return Some(g);
            }
        }
    }
}

/// A Big Deal run as a stream of boards.
pub struct BigDealReader {
    numbers: Numbers,
    boards: Boards,
    next: u64,
    info: SetInfo,
}

impl BigDealReader {
    /// Deals `boards` as `run` does.
    pub fn new(run: &BigDeal, boards: Boards) -> BigDealReader {
        BigDealReader {
            numbers: run.numbers(),
            boards,
            next: u64::from(boards.first),
            info: SetInfo::default(),
        }
    }
}

impl BoardReader for BigDealReader {
    fn head(&self) -> &SetInfo {
        &self.info
    }

    fn next_board(&mut self, _: &mut Diagnostics) -> Result<Option<Board>, Error> {
        if self.next > u64::from(self.boards.last) {
            return Ok(None);
        }
        let number = self.next as u32;
        self.next += 1;
        let g = self.numbers.next().unwrap_or(0);
        let deal = Deal::from_goedel(g).unwrap_or_else(Deal::sorted);
        Ok(Some(Board::new(number, deal)))
    }

    fn position(&self) -> u64 {
        self.next - u64::from(self.boards.first)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_read_as_big_deal_reads_them() {
        assert_eq!(Boards::parse("32"), Ok(Boards { first: 1, last: 32 }));
        assert_eq!(
            Boards::parse("15-28"),
            Ok(Boards {
                first: 15,
                last: 28
            })
        );
        assert_eq!(Boards::parse("15-28").unwrap().count(), 14);
        for bad in ["0", "", "x", "28-15", "0-3", "-3", "1-", "1-2-3"] {
            assert!(Boards::parse(bad).is_err(), "{bad:?}");
        }
    }

    /// RIPEMD-160's published test vectors (Dobbertin, Bosselaers,
    /// Preneel), so that the hash under the generator is the right one.
    #[test]
    fn the_hash_is_ripemd_160() {
        let hex = |h: [u8; 20]| h.iter().map(|b| format!("{b:02x}")).collect::<String>();
        assert_eq!(
            hex(ripemd160(b"")),
            "9c1185a5c5e9fc54612808977ee8f548b2258d31"
        );
        assert_eq!(
            hex(ripemd160(b"abc")),
            "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc"
        );
    }

    #[test]
    fn owners_bind_the_deals_and_os_runs_differ() {
        let a: Vec<u128> = BigDeal::new(b"a", b"b").numbers().take(4).collect();
        let b: Vec<u128> = BigDeal::new(b"A", b"b").numbers().take(4).collect();
        assert_ne!(a, b);
        assert!(a.iter().all(|&g| g < DEALS));
        let x: Vec<u128> = BigDeal::from_os(b"a").unwrap().numbers().take(2).collect();
        let y: Vec<u128> = BigDeal::from_os(b"a").unwrap().numbers().take(2).collect();
        assert_ne!(x, y);
    }
}
