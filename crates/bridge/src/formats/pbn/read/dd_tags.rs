//! Double-dummy tags (`OptimumResultTable`, `DoubleDummyTricks`,
//! `OptimumScore`, `ParContract`) in the form the writer gives them, held
//! as what they say and made into tags only if they are kept; the
//! generated table's 20 rows read in one pass; and the tags dropped when
//! they are exactly what the writer generates from the board's table and
//! par.

use super::{Game, Reader, F};
use crate::formats::pbn::dd::{agrees, dd_fact, is_dd_tag, DdFact, TABLE_SEATS, TABLE_STRAINS};
use crate::model::board::{Anchor, Board, DdTable, Par, Tag};
use crate::model::card::Strain;
use crate::model::deal::Seat;
use boardfile_io::{Diagnostics, Error, Position};

/// A double-dummy tag in the writer's form, held as what it says; its text
/// is the writer's, made again if the tag is kept.
pub(super) struct Lazy {
    /// The tags read before it.
    pub(super) at: usize,
    /// Where it is in the file.
    pub(super) place: Position,
    pub(super) fact: LazyFact,
}

pub(super) enum LazyFact {
    /// `OptimumResultTable` with the writer's columns, and its rows once
    /// read in the writer's form.
    Table(Option<DdTable>),
    /// `DoubleDummyTricks`.
    Tricks(DdTable),
    /// `OptimumScore`.
    Score(i32),
    /// `ParContract`.
    Contracts(Vec<String>),
}

impl LazyFact {
    pub(super) fn name(&self) -> &'static str {
        match self {
            LazyFact::Table(_) => "OptimumResultTable",
            LazyFact::Tricks(_) => "DoubleDummyTricks",
            LazyFact::Score(_) => "OptimumScore",
            LazyFact::Contracts(_) => "ParContract",
        }
    }

    /// The tag, as the writer gives it.
    pub(super) fn tag(&self) -> Tag {
        use crate::formats::pbn::dd::score_tag_value;
        use crate::model::board::Par;
        let name = self.name();
        match self {
            LazyFact::Table(t) => Tag {
                name: name.into(),
                value: GENERATED_TABLE.into(),
                rows: t.as_ref().map(table_rows).unwrap_or_default(),
            },
            LazyFact::Tricks(t) => Tag::new(name, t.stored_hex().unwrap_or_default()),
            LazyFact::Score(s) => Tag::new(name, score_tag_value(*s)),
            LazyFact::Contracts(c) => Tag::new(name, Par::spell_pbn(c)),
        }
    }

    /// What it says, as a fact of the model (the contracts taken: they are
    /// the board's par contracts once it agrees, and given back if not).
    pub(super) fn fact(&mut self) -> Option<DdFact> {
        Some(match self {
            LazyFact::Table(t) => DdFact::Table((*t)?),
            LazyFact::Tricks(t) => DdFact::Table(*t),
            LazyFact::Score(s) => DdFact::Score(*s),
            LazyFact::Contracts(c) => DdFact::Contracts(std::mem::take(c)),
        })
    }

    /// The fact of a double-dummy tag's text when the text is the writer's
    /// own form of it.
    pub(super) fn read(name: &str, raw: &[u8]) -> Option<LazyFact> {
        use crate::formats::pbn::dd::{contracts_from_tag, contracts_written};
        let text = || std::str::from_utf8(raw).ok();
        Some(match name {
            "OptimumResultTable" => {
                (raw == GENERATED_TABLE.as_bytes()).then_some(LazyFact::Table(None))?
            }
            "DoubleDummyTricks" => LazyFact::Tricks(written_tricks(raw)?),
            "OptimumScore" => LazyFact::Score(written_score(raw)?),
            "ParContract" => {
                let text = text()?;
                let c = contracts_from_tag(text);
                contracts_written(&c, text).then_some(LazyFact::Contracts(c))?
            }
            _ => return None,
        })
    }
}

/// `DoubleDummyTricks` in the writer's digits: 20, lower case, nothing
/// around them.
fn written_tricks(raw: &[u8]) -> Option<DdTable> {
    /// Each digit's place in the table's raw entries: declarers N S E W,
    /// each strains NT S H D C.
    static PLACE: [(usize, usize); 20] = {
        let mut p = [(0, 0); 20];
        let mut i = 0;
        while i < 20 {
            p[i] = (
                DdTable::HEX_DECLARERS[i / 5] as usize,
                Strain::NT_FIRST[i % 5] as usize,
            );
            i += 1;
        }
        p
    };
    /// A digit's value, 0xFF for anything but `0`-`9` and `a`-`d`.
    static DIGIT: [u8; 256] = {
        let mut t = [0xFF; 256];
        let mut c = 0;
        while c < 14 {
            t[b"0123456789abcd"[c] as usize] = c as u8;
            c += 1;
        }
        t
    };
    let raw: &[u8; 20] = raw.try_into().ok()?;
    let mut table = [[DdTable::UNKNOWN; 5]; 4];
    let mut bad = 0;
    for (&c, &(seat, strain)) in raw.iter().zip(&PLACE) {
        let v = DIGIT[c as usize];
        bad |= v;
        table[seat][strain] = v;
    }
    // Only 0xFF has bit 4 set among the values.
    (bad & 0x10 == 0).then(|| DdTable::from_raw(table))
}

/// `OptimumScore` as the writer gives it: `NS` and the score for North-
/// South when it is 0 or more, else `EW` and East-West's, the digits with
/// no sign or leading zero (what [`crate::formats::pbn::dd::score_tag_value`] writes of
/// a score [`crate::formats::pbn::dd::score_from_tag`] reads).
fn written_score(raw: &[u8]) -> Option<i32> {
    let (ew, digits) = match raw {
        [b'N', b'S', b' ', d @ ..] => (false, d),
        [b'E', b'W', b' ', d @ ..] => (true, d),
        _ => return None,
    };
    if digits.is_empty()
        || digits.len() > 10
        || (digits[0] == b'0' && digits.len() > 1)
        || !digits.iter().all(u8::is_ascii_digit)
    {
        return None;
    }
    let n = digits
        .iter()
        .fold(0i64, |n, &d| n * 10 + i64::from(d - b'0'));
    match (ew, n) {
        (true, 0) => None,
        (true, n) => i32::try_from(-n).ok(),
        (false, n) => i32::try_from(n).ok(),
    }
}

impl Game {
    /// Makes held double-dummy tag `k` a tag of the board, at the end (it
    /// is the last read: section data follows it). Returns its index.
    pub(super) fn materialize(&mut self, k: usize) -> usize {
        let lazy = self.lazy.remove(k);
        debug_assert_eq!(lazy.at, self.board.tags.len());
        self.dd_places.push((self.board.tags.len(), lazy.place));
        self.board.tags.push(lazy.fact.tag());
        self.board.tags.len() - 1
    }

    /// An `OptimumResultTable` held without rows, when a tag or the game's
    /// end comes: a tag with no rows.
    pub(super) fn table_without_rows(&mut self) {
        if let Some(k) = self
            .lazy
            .iter()
            .position(|l| matches!(l.fact, LazyFact::Table(None)))
        {
            if self.lazy[k].at == self.board.tags.len() {
                self.materialize(k);
            }
        }
    }
}

impl Reader<'_, '_> {
    /// Reads the 20 rows of a generated `OptimumResultTable` at `self.i`
    /// (N S E W by NT S H D C, `N NT 13`, `?` where unknown), when they are
    /// exactly that and the game's next line is a tag or its end: the
    /// table, where the last row's text ends, the lines before it, and
    /// where its line starts. `None` for anything else, which is read as
    /// section data.
    pub(super) fn generated_rows(&self) -> Option<(DdTable, usize, u64, usize)> {
        const SEATS: [Seat; 4] = [Seat::North, Seat::South, Seat::East, Seat::West];
        const STRAINS: [(Strain, &[u8]); 5] = [
            (Strain::NoTrump, b"NT"),
            (Strain::Spades, b"S"),
            (Strain::Hearts, b"H"),
            (Strain::Diamonds, b"D"),
            (Strain::Clubs, b"C"),
        ];
        let b = self.b;
        if let Some(found) = self.written_rows() {
            return Some(found);
        }
        let blank = |c: u8| c == b' ' || c == b'\t';
        let skip = |mut p: usize| {
            while p < b.len() && blank(b[p]) {
                p += 1;
            }
            p
        };
        if !b[self.line_start..self.i].iter().all(|&c| blank(c)) {
            return None;
        }
        let mut raw = [[DdTable::UNKNOWN; 5]; 4];
        let (mut p, mut lines, mut line_start) = (self.i, 0u64, self.line_start);
        for k in 0..20 {
            if k > 0 {
                // The line end of the row before.
                match b.get(p) {
                    Some(b'\r') if b.get(p + 1) == Some(&b'\n') => p += 2,
                    Some(b'\r' | b'\n') => p += 1,
                    _ => return None,
                }
                lines += 1;
                line_start = p;
                p = skip(p);
            }
            let (seat, (strain, name)) = (SEATS[k / 5], STRAINS[k % 5]);
            if b.get(p) != Some(&seat.letter_byte()) {
                return None;
            }
            let q = skip(p + 1);
            if q == p + 1 || !b[q..].starts_with(name) {
                return None;
            }
            p = q + name.len();
            let q = skip(p);
            if q == p {
                return None;
            }
            let digits = b[q..].iter().take_while(|c| c.is_ascii_digit()).count();
            let tricks = match (&b[q..q + digits.max(1).min(b.len() - q)], digits) {
                (b"?", 0) => DdTable::UNKNOWN,
                (d, 1) => d[0] - b'0',
                ([b'1', d], 2) if *d <= b'3' => 10 + d - b'0',
                _ => return None,
            };
            raw[seat as usize][strain as usize] = tricks;
            p = skip(q + digits.max(1));
        }
        // The last row's line ends, and the next line starts a tag or is
        // the game's end (or the file's).
        let next = match b.get(p) {
            None if self.eof => None,
            Some(b'\r') if b.get(p + 1) == Some(&b'\n') => Some(p + 2),
            Some(b'\r' | b'\n') => Some(p + 1),
            _ => return None,
        };
        if let Some(n) = next {
            let q = skip(n);
            match b.get(q) {
                None if self.eof => {}
                Some(b'[' | b'\r' | b'\n') => {}
                _ => return None,
            }
        }
        Some((DdTable::from_raw(raw), p, lines, line_start))
    }

    /// [`Reader::generated_rows`] in the very form this writer (and
    /// BridgeComposer) gives them, at a line's start: see [`writer_rows`].
    fn written_rows(&self) -> Option<(DdTable, usize, u64, usize)> {
        if self.i != self.line_start {
            return None;
        }
        let b = &self.b[self.i..];
        let crlf = b.get(7) == Some(&b'\r');
        let (table, len) = writer_rows(b, crlf)?;
        // The next line too: a tag, an empty line, or the end of the file.
        match b.get(len) {
            None if self.eof => {}
            Some(b'[' | b'\r' | b'\n') => {}
            _ => return None,
        }
        let width = len / 20;
        let last = self.i + 19 * width;
        Some((table, last + 7, 19, last))
    }
}

/// The 20 rows of a generated `OptimumResultTable` in the very form this
/// writer (and BridgeComposer) gives them, at the start of `b`: rows of
/// nine bytes ending in CR LF (`crlf`), or of eight ending in LF, each
/// compared as one word with that text but for the tricks. The table and
/// the rows' length.
pub(super) fn writer_rows(b: &[u8], crlf: bool) -> Option<(DdTable, usize)> {
    use crate::formats::pbn::dd::{TABLE_SEATS as SEATS, TABLE_STRAINS as STRAINS};
    /// A row's first eight bytes, the tricks' two zero: `N NT ??` and the
    /// LF that ends the row ([0]) or the CR of its CR LF ([1]).
    static WORDS: [[u64; 20]; 2] = {
        let mut w = [[0u64; 20]; 2];
        let mut k = 0;
        while k < 20 {
            let (s, last) = (STRAINS[k % 5].1, [b'\n', b'\r']);
            let mut e = 0;
            while e < 2 {
                w[e][k] = u64::from_le_bytes([
                    SEATS[k / 5].letter_byte(),
                    b' ',
                    s[0],
                    s[1],
                    b' ',
                    0,
                    0,
                    last[e],
                ]);
                e += 1;
            }
            k += 1;
        }
        w
    };
    const TEXT: u64 = !(0xFFFF << 40);
    let width = if crlf { 9 } else { 8 };
    let len = 20 * width;
    if b.len() < len {
        return None;
    }
    let words = &WORDS[usize::from(crlf)];
    let mut raw = [[DdTable::UNKNOWN; 5]; 4];
    let mut bad = false;
    for k in 0..20 {
        let at = k * width;
        let word = u64::from_le_bytes(b[at..at + 8].try_into().ok()?);
        bad |= word & TEXT != words[k] || (crlf && b[at + 8] != b'\n');
        // ` 0` to ` 9`, `10` to `13`, or ` ?`; worked out without a
        // branch, as the digits come at random.
        let (tens, units) = (b[at + 5], b[at + 6].wrapping_sub(b'0'));
        let unknown = tens == b' ' && units == b'?'.wrapping_sub(b'0');
        let known = (tens == b' ' && units < 10) || (tens == b'1' && units < 4);
        bad |= !(known || unknown);
        let tricks = if unknown {
            DdTable::UNKNOWN
        } else {
            (u8::from(tens == b'1') * 10).wrapping_add(units)
        };
        raw[SEATS[k / 5] as usize][STRAINS[k % 5].0 as usize] = tricks;
    }
    (!bad).then(|| (DdTable::from_raw(raw), len))
}

/// Drops the double-dummy tags when they are exactly the ones, in exactly
/// the text, that the writer generates from the board's table and par (the
/// form of boardfile and BridgeComposer): they say nothing the model does
/// not, and a file of millions of solved deals then costs a table a board,
/// not sixty strings. Any other form is kept as written.
pub(super) fn drop_generated_dd_tags(board: &mut Board, lazy: &[Lazy]) -> bool {
    use crate::formats::pbn::dd::score_tag_value;
    use crate::model::board::Par;
    if lazy.is_empty() && !board.tags.iter().any(|t| is_dd_tag(&t.name)) {
        return true;
    }
    let mut want: [&str; 4] = [""; 4];
    let mut wanted = 0;
    if let Some(dd) = &board.dd {
        want[wanted] = "OptimumResultTable";
        wanted += 1;
        if dd.is_stored_whole() {
            want[wanted] = "DoubleDummyTricks";
            wanted += 1;
        }
    }
    if let Some(par) = &board.par {
        want[wanted] = "OptimumScore";
        wanted += 1;
        if !par.contracts.is_empty() {
            want[wanted] = "ParContract";
            wanted += 1;
        }
    }
    let want = &want[..wanted];
    let commented = |name: &str| {
        board
            .comments
            .iter()
            .any(|c| matches!(&c.after, Anchor::Tag(n) if n == name))
    };
    let mut present = 0;
    for l in lazy {
        present += 1;
        let name = l.fact.name();
        let canonical = want.contains(&name)
            && !commented(name)
            && match &l.fact {
                LazyFact::Table(t) => t.is_some() && *t == board.dd,
                LazyFact::Tricks(t) => Some(*t) == board.dd,
                LazyFact::Score(s) => board.par.as_ref().is_some_and(|p| p.score_ns == *s),
                // Left empty when its contracts went to the par.
                LazyFact::Contracts(c) => board
                    .par
                    .as_ref()
                    .is_some_and(|p| c.is_empty() || p.contracts == *c),
            };
        if !canonical {
            return false;
        }
    }
    for t in board.tags.iter().filter(|t| is_dd_tag(&t.name)) {
        present += 1;
        // One-value tags with section data after them are not the
        // writer's: kept, rows and all.
        let canonical = want.contains(&t.name.as_ref())
            && !commented(&t.name)
            && (t.name == "OptimumResultTable" || t.rows.is_empty())
            && match t.name.as_ref() {
                "OptimumResultTable" => board.dd.as_ref().is_some_and(|dd| generated_table(t, dd)),
                "DoubleDummyTricks" => board
                    .dd
                    .as_ref()
                    .and_then(DdTable::stored_hex)
                    .is_some_and(|v| v == t.value),
                "OptimumScore" => board
                    .par
                    .as_ref()
                    .is_some_and(|p| score_tag_value(p.score_ns) == t.value),
                _ => board
                    .par
                    .as_ref()
                    .is_some_and(|p| Par::spell_pbn(&p.contracts) == t.value),
            };
        if !canonical {
            return false;
        }
    }
    if present == want.len() {
        board.tags.retain(|t| !is_dd_tag(&t.name));
        return true;
    }
    false
}

/// The value of the `OptimumResultTable` the writer generates.
pub(super) const GENERATED_TABLE: &str = "Declarer;Denomination\\2R;Result\\2R";

/// The cells of a generated table's rows, in the writer's order (N S E W by
/// NT S H D C): each its seat, its strain's name and the tricks (`?` when
/// not known).
fn generated_cells(dd: &DdTable) -> impl Iterator<Item = (Seat, &'static str, String)> + '_ {
    TABLE_SEATS.into_iter().flat_map(move |seat| {
        TABLE_STRAINS.iter().map(move |(strain, name)| {
            // The writer's names are right-aligned in two bytes: `NT`, ` S`.
            let name = std::str::from_utf8(name).unwrap_or("").trim_start();
            let tricks = dd
                .stored(seat, *strain)
                .map_or("?".to_string(), |v| v.to_string());
            (seat, name, tricks)
        })
    })
}

/// The rows of a generated table as section data.
fn table_rows(dd: &DdTable) -> Vec<Vec<String>> {
    generated_cells(dd)
        .map(|(seat, name, tricks)| vec![seat.letter().to_string(), name.to_string(), tricks])
        .collect()
}

/// True when a table tag is the one the writer generates: its header and 20
/// rows N S E W by NT S H D C.
fn generated_table(t: &Tag, dd: &DdTable) -> bool {
    t.value == GENERATED_TABLE
        && t.rows.len() == 20
        && t.rows
            .iter()
            .zip(generated_cells(dd))
            .all(|(r, (seat, name, want))| {
                r.len() == 3
                    && r[0].len() == 1
                    && r[0].as_bytes()[0] == seat.letter() as u8
                    && r[1] == name
                    && r[2] == want
            })
}

/// A finished game's double-dummy tags, held and kept, in file order:
/// each read into the board's table and par unless it disagrees with one
/// before it (a contradiction, said); then the held ones dropped if all
/// are what the writer generates from the board, else put back among its
/// tags where they stood. `places` are where the board's own double-dummy
/// tags are (by their index among its tags); `at` and `number` name the
/// game.
pub(super) fn settle_dd_tags(
    board: &mut Board,
    lazy: &mut Vec<Lazy>,
    places: &[(usize, Position)],
    at: Position,
    number: u32,
    diag: &mut Diagnostics,
) {
    let (score, mut contracts) = read_dd_facts(board, lazy, places, at, number, diag);
    // Contracts taken from a held tag without a score to make par with
    // go back to it.
    let lone = score.is_none() && contracts.is_some();
    if let (true, Some(l)) = (
        lone,
        lazy.iter_mut()
            .find(|l| matches!(l.fact, LazyFact::Contracts(_))),
    ) {
        l.fact = LazyFact::Contracts(contracts.take().unwrap_or_default());
    }
    if let Some(score_ns) = score {
        board.par = Some(Par {
            score_ns,
            contracts: contracts.unwrap_or_default(),
        });
    }
    if !drop_generated_dd_tags(board, lazy) {
        // Kept after all: held ones go back where they stood (a held
        // ParContract left empty gave its contracts to the par).
        for (k, mut l) in lazy.drain(..).enumerate() {
            if let (LazyFact::Contracts(c), Some(p)) = (&mut l.fact, &board.par) {
                if c.is_empty() {
                    c.clone_from(&p.contracts);
                }
            }
            board.tags.insert(l.at + k, l.fact.tag());
        }
    }
}

/// What the double-dummy tags say, in file order (those held merged with
/// the board's by the number of tags before each): the table into the
/// board, and the par's score and contracts. A tag that disagrees is
/// named at its place (the game's `at` when not known).
fn read_dd_facts(
    board: &mut Board,
    lazy: &mut [Lazy],
    places: &[(usize, Position)],
    at: Position,
    number: u32,
    diag: &mut Diagnostics,
) -> (Option<i32>, Option<Vec<String>>) {
    let mut score = None;
    let mut contracts = None;
    let mut order = [(0usize, None::<usize>); 8];
    let mut n = 0;
    for (k, l) in lazy.iter().enumerate().take(4) {
        order[n] = (l.at, Some(k));
        n += 1;
    }
    for (j, t) in board.tags.iter().enumerate() {
        if n < order.len() && is_dd_tag(&t.name) {
            order[n] = (j, None);
            n += 1;
        }
    }
    // Held ones before the board's tag at the same place.
    let order = &mut order[..n];
    order.sort_by_key(|&(p, k)| (p, k.is_none()));
    for &(p, k) in order.iter() {
        let (name, fact) = match k {
            Some(k) => (lazy[k].fact.name(), lazy[k].fact.fact().map(Ok)),
            None => (board.tags[p].name.as_ref(), dd_fact(&board.tags[p])),
        };
        let Some(fact) = fact else { continue };
        let at = match k {
            Some(k) => lazy[k].place,
            None => places
                .iter()
                .find(|&&(i, _)| i == p)
                .map_or(at, |&(_, q)| q),
        };
        match fact {
            Err(m) => diag.contradiction(Error::invalid(F, at, m)),
            Ok(fact) => {
                if !agrees(&fact, board.dd.as_ref(), None) {
                    if let (Some(k), DdFact::Contracts(c)) = (k, &fact) {
                        lazy[k].fact = LazyFact::Contracts(c.clone());
                    }
                    diag.contradiction(Error::invalid(
                        F,
                        at,
                        format!(
                            "board {number}: {name} disagrees with the double-dummy tag before it",
                        ),
                    ));
                    continue;
                }
                match fact {
                    DdFact::Table(t) => board.dd = Some(t),
                    DdFact::Score(s) => score = Some(s),
                    DdFact::Contracts(c) => contracts = Some(c),
                }
            }
        }
    }
    (score, contracts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::Format;
    use crate::formats::pbn::dd::{score_from_tag, score_tag_value};
    use crate::model::deal::Deal;

    #[test]
    fn written_scores_are_what_the_writer_gives_of_what_reads() {
        let seeds = ["NS 420", "EW 100", "NS 0", "EW 2147483648", "NS 2147483647"];
        for text in crate::testing::near_strings(&seeds, "NSEWnsew 0123456789-+", 16, 50_000) {
            // The plain reading: the score read, and written back the same.
            let plainly = score_from_tag(&text)
                .ok()
                .filter(|&s| score_tag_value(s) == text);
            assert_eq!(written_score(text.as_bytes()), plainly, "{text:?}");
        }
    }

    #[test]
    fn written_tricks_are_the_writers_digits() {
        let seeds = ["0123456789abcd012345", "dddddddddddddddddddd"];
        for text in crate::testing::near_strings(&seeds, "0123456789abcdefABCD x", 22, 50_000) {
            let plainly = DdTable::from_hex(&text)
                .ok()
                .filter(|t| t.to_hex().as_deref() == Some(text.as_str()));
            assert_eq!(written_tricks(text.as_bytes()), plainly, "{text:?}");
        }
    }

    #[test]
    fn table_rows_read_are_the_rows_the_writer_gives() {
        use rand_chacha::rand_core::{RngCore, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for _ in 0..2_000 {
            let mut table = DdTable::default();
            for seat in Seat::ALL {
                for strain in Strain::NT_FIRST {
                    let t = rng.next_u32() % 16;
                    table
                        .set(seat, strain, (t < 14).then_some(t as u8))
                        .unwrap();
                }
            }
            let mut board = Board::new(1, Deal::default());
            board.dd = Some(table);
            let mut out = Vec::new();
            let tags = crate::codec::options::DdTags::parse("OptimumResultTable").unwrap();
            crate::records::write_with(
                Format::Pbn,
                &crate::model::set::BoardSet::from_boards(vec![board]),
                &mut out,
                &crate::codec::options::WriteOptions::with_dd_tags(tags),
            )
            .unwrap();
            let start = out.windows(3).position(|w| w == b"\r\nN").unwrap() + 2;
            let rows = &out[start..];
            assert_eq!(writer_rows(rows, true), Some((table, 180)));
            // Each byte changed: the rows the writer would give of what is
            // read, or nothing.
            let k = rng.next_u32() as usize % 180;
            for c in [b' ', b'1', b'4', b'?', b'x', b'\n', b'0'] {
                let mut changed = rows[..180].to_vec();
                changed[k] = c;
                if let Some((t, _)) = writer_rows(&changed, true) {
                    let mut again = Vec::new();
                    let mut b = Board::new(1, Deal::default());
                    b.dd = Some(t);
                    crate::records::write_with(
                        Format::Pbn,
                        &crate::model::set::BoardSet::from_boards(vec![b]),
                        &mut again,
                        &crate::codec::options::WriteOptions::with_dd_tags(tags),
                    )
                    .unwrap();
                    let at = again.windows(3).position(|w| w == b"\r\nN").unwrap() + 2;
                    assert_eq!(&again[at..at + 180], &changed[..], "byte {k} made {c}");
                }
            }
        }
    }

    #[test]
    fn a_tag_that_disagrees_is_named_at_its_own_line() {
        // Board 1 of a solved set (DoubleDummyTricks: North makes 3 in
        // hearts), then tables that say 4; the tag at fault is on line 6,
        // the game starts on line 1.
        let head = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
            [Deal \"N:AKT.QJ7.J53.KQ42 Q2.AK8654.AKT.97 874.3.Q9862.J863 J9653.T92.74.AT5\"]\n\
            [DoubleDummyTricks \"553884538877a5577a55\"]\n";
        for second in [
            // The writer's own form, held as what it says.
            "[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\n\
             N NT  5\nN  S  5\nN  H  4\nN  D  8\nN  C  8\nS NT  4\nS  S  5\nS  H  3\nS  D  8\nS  C  8\n\
             E NT  7\nE  S  7\nE  H 10\nE  D  5\nE  C  5\nW NT  7\nW  S  7\nW  H 10\nW  D  5\nW  C  5\n",
            // Another form, kept among the board's tags.
            "[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT 5\nN S 5\nN H 4\n",
        ] {
            let text = format!("{head}{second}");
            let mut diag = Diagnostics::collecting();
            let _ = crate::records::read_with(Format::Pbn, text.as_bytes(), &mut diag);
            // A warning when validating too: the board reads on.
            assert!(diag.errors.is_empty(), "{:?}", diag.errors);
            let w = diag.warnings.first().unwrap();
            assert!(w.message.contains("disagrees"), "{w}");
            let p = w.position.unwrap();
            assert_eq!((p.line, p.record), (Some(6), Some(0)), "{w}");
        }
    }
}
