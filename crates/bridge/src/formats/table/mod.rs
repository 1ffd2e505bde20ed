//! Tables: a board a row, in flat columns, for pandas, Polars, DuckDB and
//! spreadsheets. CSV ([`csv`]) and Parquet ([`parquet`]) share the columns
//! defined here, written and read back alike.
//!
//! Spec: DESIGN.md ("CSV, Parquet: flat table"). The columns, in order:
//!
//! | column | type (Parquet) | meaning |
//! |---|---|---|
//! | `board` | uint32 | board number (required on read) |
//! | `dealer` | dictionary of string | `N` `E` `S` `W`; by the board number when empty on read |
//! | `vulnerable` | dictionary of string | `None` `NS` `EW` `All`; by the board number when empty on read |
//! | `hand_n` `hand_e` `hand_s` `hand_w` | string | the hand in PBN's form `AKQ.JT9..5432` (spades, hearts, diamonds, clubs); null for an unknown hand of a partial deal |
//! | `hcp_n` .. `hcp_w` | uint8 | high-card points (A 4, K 3, Q 2, J 1) |
//! | `spades_n` `hearts_n` `diamonds_n` `clubs_n`, then `_e`, `_s`, `_w` | uint8 | suit lengths, a seat's four together |
//! | `dd_n_c` `dd_n_d` `dd_n_h` `dd_n_s` `dd_n_nt`, then `_e`, `_s`, `_w` | uint8 | double-dummy tricks by declarer then strain (JSON Lines' order); null when unknown or not believed (a floored count: [`crate::trust`]) |
//! | `par_score_ns` | int32 | par score from North-South's side; null when not known |
//! | `par_contracts` | string | the par contracts as PBN's `ParContract` spells them: `W 4S; NS 5DX` (read also in the form of earlier versions, JSON Lines' contracts a space apart: `4S-W 5DX-NS`) |
//! | any other | string | a tag of that name (`Event`, `West`, `Contract`...) |
//!
//! HCP and suit lengths are written for the reader's convenience; on read
//! they are checked against the hands when present (a hand edited without
//! them is an error rather than a table that lies). Only `board` and the
//! four hands are required on read; the other columns may be left out.
//!
//! Tag columns are the tags the first [`FIRST_ROWS`] boards carry, in an
//! order each board's tags keep where the boards agree (a tag one board
//! lacks goes where the next has it): a file's columns are fixed before its
//! first row, and a board's tags read back in column order. A later
//! board with a tag outside them is an error naming it (not a silent
//! loss); a board without one of them has it null. Tags the model holds
//! itself (`Board`, `Dealer`, `Vulnerable`, `Deal`), the double-dummy tags
//! (the `dd_` and `par_` columns say them) and tags with section data
//! (the rows of a table such as `ScoreTable`, a loss named on write) are not
//! columns; read, a column of the model's or the double-dummy tags' names
//! is an error.
//!
//! What a table cannot carry: auctions, play, commentary, a board's PBN or
//! LIN text, the set's headings and format-only data (DLM, DUP, Pavlicek).
//! In CSV an empty cell is no value, so a tag whose value is empty is not
//! kept there (Parquet keeps it).

pub mod csv;
pub mod parquet;

use crate::codec::keeps::{Deals, DoubleDummy, Keeps, Numbers, Play, Tags};
use crate::model::board::{dealer_for_board, Board, DdTable, Par, Tag, Vulnerability};
use crate::model::card::Strain;
use crate::model::card::Suit;
use crate::model::deal::{Deal, Seat};
use crate::model::hand::Hand;
use std::borrow::Cow;

/// What a table keeps.
pub const KEEPS: Keeps = Keeps {
    deals: Deals::Partial,
    numbers: Numbers::Any,
    conditions: true,
    dd: DoubleDummy::Table,
    par: true,
    headings: &[],
    tags: Tags::Rowless,
    play: Play::None,
    play_values: false,
    comments: false,
    own: &[],
    remark: None,
    title: false,
    big_deal: None,
};

/// Boards whose tags make the tag columns.
pub const FIRST_ROWS: usize = 65_536;

/// Seats in column order, with their suffixes.
const SEATS: [(Seat, &str); 4] = [
    (Seat::North, "n"),
    (Seat::East, "e"),
    (Seat::South, "s"),
    (Seat::West, "w"),
];

/// Suits in column order (spades first).
const SUITS: [(Suit, &str); 4] = [
    (Suit::Spades, "spades"),
    (Suit::Hearts, "hearts"),
    (Suit::Diamonds, "diamonds"),
    (Suit::Clubs, "clubs"),
];

/// Strains in column order (JSON Lines': clubs up to notrump).
const STRAINS: [(Strain, &str); 5] = [
    (Strain::Clubs, "c"),
    (Strain::Diamonds, "d"),
    (Strain::Hearts, "h"),
    (Strain::Spades, "s"),
    (Strain::NoTrump, "nt"),
];

/// Where each kind of column starts among the fixed ones.
pub(crate) const HAND: usize = 3;
pub(crate) const HCP: usize = HAND + 4;
pub(crate) const LENGTH: usize = HCP + 4;
pub(crate) const DD: usize = LENGTH + 16;
pub(crate) const PAR_SCORE: usize = DD + 20;
pub(crate) const PAR_CONTRACTS: usize = PAR_SCORE + 1;
/// How many fixed columns there are.
pub const FIXED: usize = PAR_CONTRACTS + 1;

/// The fixed columns' names, in order (the tag columns follow them).
pub fn fixed_columns() -> &'static [String] {
    static NAMES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| {
        let mut n: Vec<String> = ["board", "dealer", "vulnerable"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        n.extend(SEATS.iter().map(|(_, s)| format!("hand_{s}")));
        n.extend(SEATS.iter().map(|(_, s)| format!("hcp_{s}")));
        for (_, s) in SEATS {
            n.extend(SUITS.iter().map(|(_, suit)| format!("{suit}_{s}")));
        }
        for (_, s) in SEATS {
            n.extend(STRAINS.iter().map(|(_, t)| format!("dd_{s}_{t}")));
        }
        n.push("par_score_ns".into());
        n.push("par_contracts".into());
        debug_assert_eq!(n.len(), FIXED);
        n
    })
}

/// The index of a fixed column.
pub(crate) fn fixed_index(name: &str) -> Option<usize> {
    fixed_columns().iter().position(|c| c == name)
}

/// True for a tag that is a column: not one the model holds itself, not a
/// double-dummy tag, without section data (a `ScoreTable` without rows is
/// a column), not named as a fixed column.
fn is_tag_column(t: &Tag) -> bool {
    t.rows.is_empty()
        && !t.is_double_dummy()
        && !matches!(&*t.name, "Board" | "Dealer" | "Vulnerable" | "Deal")
        && fixed_index(&t.name).is_none()
}

/// A `par_contracts` cell: PBN's spelling (`W 4S; NS 5DX`), or the
/// earlier JSON Lines contracts a space apart (`4S-W 5DX-NS`), taken as such
/// only when every one is a contract by its seats (any other text is read
/// as PBN's, so that what [`Par::spell_pbn`] writes reads back the same).
fn par_contracts(cell: &str) -> Vec<String> {
    let earlier = cell
        .split_ascii_whitespace()
        .all(|t| crate::diagram::contract_parts(t).is_some());
    if earlier {
        cell.split_ascii_whitespace().map(str::to_string).collect()
    } else {
        Par::contracts_from_pbn(cell)
    }
}

/// The tag columns of a table whose first boards are `boards`: every tag
/// they carry, each new name placed just before the next of its board's
/// tags already placed (at the end when none is), so that every board whose
/// tags agree in order with those before it reads back in its own order.
pub fn tag_columns<'b>(boards: impl IntoIterator<Item = &'b Board>) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for b in boards {
        let tags: Vec<&str> = b
            .tags
            .iter()
            .filter(|t| is_tag_column(t))
            .map(|t| &*t.name)
            .collect();
        for (i, &name) in tags.iter().enumerate() {
            if names.iter().any(|n| n == name) {
                continue;
            }
            let at = tags[i + 1..]
                .iter()
                .find_map(|later| names.iter().position(|n| n == later))
                .unwrap_or(names.len());
            names.insert(at, name.to_string());
        }
    }
    names
}

/// A board's tags by column: the value of each of `columns` (the first tag
/// of that name), or the name of a tag that has no column.
pub(crate) fn tag_values<'b>(
    board: &'b Board,
    columns: &[String],
    values: &mut Vec<Option<&'b str>>,
) -> Result<(), String> {
    values.clear();
    values.resize(columns.len(), None);
    for t in &board.tags {
        if !is_tag_column(t) {
            continue;
        }
        match columns.iter().position(|c| *c == *t.name) {
            Some(i) => {
                if values[i].is_none() {
                    values[i] = Some(&t.value);
                }
            }
            None => {
                return Err(format!(
                    "board {}: tag {} is not among the table's columns, which the first {FIRST_ROWS} boards' tags fixed; put a board that carries it among them, or convert to JSON Lines",
                    board.number, t.name
                ))
            }
        }
    }
    Ok(())
}

/// One board as the fixed columns give it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableRow {
    /// `board`.
    pub board: u32,
    /// `dealer`.
    pub dealer: Seat,
    /// `vulnerable`.
    pub vulnerable: Vulnerability,
    /// Each seat's hand, N E S W; `None` for an unknown hand of a partial deal.
    pub hands: [Option<Hand>; 4],
    /// Tricks by seat (N E S W) and strain (C D H S NT).
    pub dd: [[Option<u8>; 5]; 4],
    /// Par score for North-South and the contracts, as PBN spells them.
    pub par: Option<(i32, String)>,
}

impl TableRow {
    /// The row of a board.
    pub fn of(b: &Board) -> TableRow {
        let complete = b.deal.is_complete();
        let hands = SEATS.map(|(seat, _)| {
            let h = b.deal.hand(seat);
            (complete || !h.is_empty()).then_some(h)
        });
        let dd = SEATS.map(|(seat, _)| {
            STRAINS.map(|(strain, _)| b.dd.as_ref().and_then(|t| t.get(seat, strain)))
        });
        TableRow {
            board: b.number,
            dealer: b.dealer,
            vulnerable: b.vulnerability,
            hands,
            dd,
            par: b.par.as_ref().map(|p| (p.score_ns, p.pbn_contracts())),
        }
    }

    /// High-card points of each seat's hand.
    pub fn hcp(&self) -> [Option<u8>; 4] {
        self.hands.map(|h| h.map(|h| h.hcp() as u8))
    }

    /// Suit lengths of seat `s` (0 = North), spades first.
    pub fn lengths(&self, s: usize) -> [Option<u8>; 4] {
        SUITS.map(|(suit, _)| self.hands[s].map(|h| h.suit_len(suit) as u8))
    }
}

/// A row as read: each fixed column's cell when the table has the column
/// and the cell is not empty, and the tags.
#[derive(Default)]
pub(crate) struct RowIn<'r> {
    pub board: Option<i64>,
    pub dealer: Option<&'r str>,
    pub vulnerable: Option<&'r str>,
    pub hands: [Option<&'r str>; 4],
    pub hcp: [Option<i64>; 4],
    pub lengths: [[Option<i64>; 4]; 4],
    pub dd: [[Option<i64>; 5]; 4],
    pub par_score: Option<i64>,
    pub par_contracts: Option<&'r str>,
    pub tags: Vec<(&'r str, &'r str)>,
}

impl<'r> RowIn<'r> {
    /// Sets the fixed column `i` from text (CSV's cells).
    pub(crate) fn set_text(&mut self, i: usize, cell: &'r str) -> Result<(), String> {
        let number = |name: usize| -> Result<i64, String> {
            cell.trim()
                .parse::<i64>()
                .map_err(|_| format!("{}: {cell:?} is not a whole number", fixed_columns()[name]))
        };
        match i {
            0 => self.board = Some(number(i)?),
            1 => self.dealer = Some(cell),
            2 => self.vulnerable = Some(cell),
            _ if i < HCP => self.hands[i - HAND] = Some(cell),
            _ if i < LENGTH => self.hcp[i - HCP] = Some(number(i)?),
            _ if i < DD => self.lengths[(i - LENGTH) / 4][(i - LENGTH) % 4] = Some(number(i)?),
            _ if i < PAR_SCORE => self.dd[(i - DD) / 5][(i - DD) % 5] = Some(number(i)?),
            PAR_SCORE => self.par_score = Some(number(i)?),
            _ => self.par_contracts = Some(cell),
        }
        Ok(())
    }

    /// Sets the fixed column `i` from a number (Parquet's integer columns).
    #[cfg_attr(not(feature = "parquet"), allow(dead_code))]
    pub(crate) fn set_number(&mut self, i: usize, n: i64) {
        match i {
            0 => self.board = Some(n),
            _ if (HCP..LENGTH).contains(&i) => self.hcp[i - HCP] = Some(n),
            _ if (LENGTH..DD).contains(&i) => {
                self.lengths[(i - LENGTH) / 4][(i - LENGTH) % 4] = Some(n)
            }
            _ if (DD..PAR_SCORE).contains(&i) => self.dd[(i - DD) / 5][(i - DD) % 5] = Some(n),
            PAR_SCORE => self.par_score = Some(n),
            _ => {}
        }
    }

    /// True for the fixed columns that hold numbers.
    #[cfg_attr(not(feature = "parquet"), allow(dead_code))]
    pub(crate) fn is_number(i: usize) -> bool {
        i == 0 || (HCP..PAR_CONTRACTS).contains(&i)
    }

    /// The board the row says.
    pub(crate) fn board(&self) -> Result<Board, String> {
        let number = self.board.ok_or("board: no board number")?;
        let number =
            u32::try_from(number).map_err(|_| format!("board: {number} is not a board number"))?;
        let mut text = String::with_capacity(72);
        text.push_str("N:");
        for (k, h) in self.hands.iter().enumerate() {
            if k > 0 {
                text.push(' ');
            }
            match h.map(str::trim) {
                Some(h) if !h.is_empty() && h != "-" => text.push_str(h),
                _ => text.push('-'),
            }
        }
        let deal = Deal::parse_pbn(&text).map_err(|e| format!("hands: {e}"))?;
        let mut b = Board::new(number, deal);
        if let Some(d) = self.dealer.map(str::trim).filter(|d| !d.is_empty()) {
            b.dealer = match d.as_bytes() {
                [c] => Seat::from_letter(*c),
                _ => None,
            }
            .ok_or_else(|| format!("dealer: {d:?} is not N, E, S or W"))?;
        } else {
            b.dealer = dealer_for_board(number);
        }
        if let Some(v) = self.vulnerable.map(str::trim).filter(|v| !v.is_empty()) {
            b.vulnerability = Vulnerability::from_name(v)
                .ok_or_else(|| format!("vulnerable: {v:?} is not None, NS, EW or All"))?;
        }
        let row = TableRow::of(&b);
        let hcp = row.hcp();
        for (s, (_, suffix)) in SEATS.iter().enumerate() {
            if let Some(given) = self.hcp[s] {
                if Some(given) != hcp[s].map(i64::from) {
                    return Err(format!(
                        "hcp_{suffix}: {given}, but the hand holds {}",
                        hcp[s].map_or("no known cards".into(), |h| format!("{h} points"))
                    ));
                }
            }
            let lengths = row.lengths(s);
            for (k, (_, suit)) in SUITS.iter().enumerate() {
                if let Some(given) = self.lengths[s][k] {
                    if Some(given) != lengths[k].map(i64::from) {
                        return Err(format!(
                            "{suit}_{suffix}: {given}, but the hand holds {}",
                            lengths[k].map_or("no known cards".into(), |n| n.to_string())
                        ));
                    }
                }
            }
        }
        if self.dd.iter().flatten().any(Option::is_some) {
            let mut table = DdTable::default();
            for (s, (seat, suffix)) in SEATS.iter().enumerate() {
                for (k, (strain, name)) in STRAINS.iter().enumerate() {
                    if let Some(t) = self.dd[s][k] {
                        let t = u8::try_from(t).ok().filter(|&t| t <= 13).ok_or_else(|| {
                            format!("dd_{suffix}_{name}: {t} is not 0 to 13 tricks")
                        })?;
                        table
                            .set(*seat, *strain, Some(t))
                            .map_err(|e| format!("dd_{suffix}_{name}: {e}"))?;
                    }
                }
            }
            b.dd = Some(table);
        }
        match (self.par_score, self.par_contracts) {
            (Some(score), contracts) => {
                let score_ns = i32::try_from(score)
                    .map_err(|_| format!("par_score_ns: {score} is out of range"))?;
                b.par = Some(Par {
                    score_ns,
                    contracts: contracts.map(par_contracts).unwrap_or_default(),
                });
            }
            (None, Some(c)) if !c.trim().is_empty() => {
                return Err(format!("par_contracts: {c:?} without a par_score_ns"))
            }
            (None, _) => {}
        }
        for &(name, value) in &self.tags {
            b.tags
                .push(Tag::new(Cow::Owned(name.to_string()), value.to_string()));
        }
        Ok(b)
    }
}

/// What a table's reader makes of its header: for each column, the fixed
/// column it is, or the tag it names.
pub(crate) enum Column {
    Fixed(usize),
    Tag(String),
}

/// The columns of a header; an error when a name comes twice or a required
/// column (`board`, the hands) is missing.
pub(crate) fn columns_of<'n>(
    names: impl IntoIterator<Item = &'n str>,
) -> Result<Vec<Column>, String> {
    let mut columns = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for name in names {
        if seen.contains(&name) {
            return Err(format!("column {name:?} comes twice"));
        }
        seen.push(name);
        columns.push(match fixed_index(name) {
            Some(i) => Column::Fixed(i),
            // Never a tag column (see is_tag_column): read, it would be a
            // tag the table does not write back.
            None if matches!(name, "Board" | "Dealer" | "Vulnerable" | "Deal")
                || crate::model::board::is_double_dummy_tag(name) =>
            {
                return Err(format!(
                    "column {name:?}: a table gives that in its own columns (board, dealer, vulnerable, the hands, dd_, par_)"
                ))
            }
            None => Column::Tag(name.to_string()),
        });
    }
    let has = |i: usize| {
        columns
            .iter()
            .any(|c| matches!(c, Column::Fixed(k) if *k == i))
    };
    for required in [0, HAND, HAND + 1, HAND + 2, HAND + 3] {
        if !has(required) {
            return Err(format!(
                "no {} column (a table needs board, hand_n, hand_e, hand_s and hand_w)",
                fixed_columns()[required]
            ));
        }
    }
    Ok(columns)
}

/// A `Write` whose bytes a table writer hands on to its `out` as they
/// come (the `csv` and `parquet` writers own their sink).
#[derive(Clone, Default)]
pub(crate) struct Shared(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Shared {
    /// Moves the bytes written so far onto the end of `out`.
    pub(crate) fn drain(&self, out: &mut Vec<u8>) {
        out.append(&mut self.0.lock().unwrap_or_else(|p| p.into_inner()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_columns_are_the_documented_ones() {
        let c = fixed_columns();
        assert_eq!(c.len(), 49);
        assert_eq!(
            &c[..7],
            [
                "board",
                "dealer",
                "vulnerable",
                "hand_n",
                "hand_e",
                "hand_s",
                "hand_w"
            ]
        );
        assert_eq!(c[HCP + 3], "hcp_w");
        assert_eq!(
            &c[LENGTH..LENGTH + 5],
            ["spades_n", "hearts_n", "diamonds_n", "clubs_n", "spades_e"]
        );
        assert_eq!(c[DD], "dd_n_c");
        assert_eq!(c[DD + 4], "dd_n_nt");
        assert_eq!(c[DD + 19], "dd_w_nt");
        assert_eq!(&c[PAR_SCORE..], ["par_score_ns", "par_contracts"]);
    }

    #[test]
    fn a_row_reads_back_and_checks_its_counts() {
        // DESIGN.md's example board; points and lengths counted by hand:
        // N T53.AJ7.AT.AQ762 = A,J,A,A,Q = 4+1+4+4+2 = 15.
        let deal = Deal::parse_pbn(
            "N:T53.AJ7.AT.AQ762 AKJ9.Q.QJ65.KJT8 872.T9543.K9732. Q64.K862.84.9543",
        )
        .unwrap();
        let b = Board::new(1, deal);
        let row = TableRow::of(&b);
        assert_eq!(row.hcp(), [Some(15), Some(17), Some(3), Some(5)]);
        assert_eq!(row.lengths(2), [Some(3), Some(5), Some(5), Some(0)]);
        let mut r = RowIn::default();
        for (i, cell) in [(0, "1"), (3, "T53.AJ7.AT.AQ762"), (4, "AKJ9.Q.QJ65.KJT8")] {
            r.set_text(i, cell).unwrap();
        }
        r.hands[2] = Some("872.T9543.K9732.");
        r.hands[3] = Some("Q64.K862.84.9543");
        assert_eq!(r.board().unwrap().deal, deal);
        r.hcp[0] = Some(14);
        assert!(r.board().unwrap_err().contains("hcp_n: 14"));
    }

    #[test]
    fn par_contracts_read_in_pbns_spelling_and_the_earlier_one() {
        // PBN 2.1 section 3.10's ParContract form; the earlier column's
        // form (JSON Lines' contracts a space apart) still reads.
        let want = ["4S-W".to_string(), "5DX-NS".to_string()];
        assert_eq!(par_contracts("W 4S; NS 5DX"), want);
        assert_eq!(par_contracts("4S-W 5DX-NS"), want);
        assert_eq!(par_contracts("EW 3NT"), ["3NT-EW"]);
        let par = Par {
            score_ns: -420,
            contracts: want.to_vec(),
        };
        assert_eq!(par_contracts(&par.pbn_contracts()), want);
        // Cells of other shapes read back the same once spelled as PBN: a
        // contract ending in a vertical tab (Unicode's white space, not
        // ASCII's: found by fuzzing), then guards: one empty before its
        // seats, a comma, white space at a token's end among two, an item
        // that looks like the earlier form (a second reader's cases).
        for cell in [
            "7DX\u{b}-EW",
            "-EW",
            "4S-N x,5C-S",
            "NS 4S x",
            "W\u{b}4S",
            "4S-N\u{a0} 5C-S",
            "\u{b}4S-W 5C-N",
            "4S-N 5C-x;",
            "- -;",
        ] {
            let read = par_contracts(cell);
            assert_eq!(par_contracts(&Par::spell_pbn(&read)), read, "{cell:?}");
        }
    }

    #[test]
    fn tag_columns_keep_each_boards_order() {
        let board = |names: &[&'static str]| {
            let mut b = Board::new(1, Deal::parse_pbn("N:- - - -").unwrap());
            b.tags = names.iter().map(|&n| Tag::new(n, "x")).collect();
            b
        };
        // The first board has no contract (a passed-out room): the second's
        // goes before the result, where it has it, not after.
        let boards = [
            board(&["Event", "Declarer", "Result"]),
            board(&["Event", "Declarer", "Contract", "Result"]),
            board(&["Site", "Event", "Note"]),
        ];
        assert_eq!(
            tag_columns(&boards),
            ["Site", "Event", "Declarer", "Contract", "Result", "Note"]
        );
        // Orders that disagree: the first met wins.
        let boards = [board(&["West", "East"]), board(&["East", "West"])];
        assert_eq!(tag_columns(&boards), ["West", "East"]);
    }
}
