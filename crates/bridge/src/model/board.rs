//! Boards: conditions, double-dummy data, tags, auction, play, commentary.

use super::extras::{DlmBoard, DupTrailer, LinBoard, PbnGame};
use crate::model::auction::{Auction, Contract, Play};
use crate::model::card::{Card, Strain};
use crate::model::deal::{Deal, Seat};
use std::borrow::Cow;
use std::fmt;

/// Who is vulnerable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Vulnerability {
    /// Neither side.
    None,
    /// North-South.
    NS,
    /// East-West.
    EW,
    /// Both sides.
    All,
}

impl Vulnerability {
    /// The name used in PBN and JSON Lines: `None`, `NS`, `EW`, `All`.
    pub fn name(self) -> &'static str {
        match self {
            Vulnerability::None => "None",
            Vulnerability::NS => "NS",
            Vulnerability::EW => "EW",
            Vulnerability::All => "All",
        }
    }

    /// Reads the PBN names (`None`/`Love`/`-`, `NS`, `EW`, `All`/`Both`).
    pub fn from_name(name: &str) -> Option<Vulnerability> {
        match name {
            "None" | "Love" | "-" => Some(Vulnerability::None),
            "NS" => Some(Vulnerability::NS),
            "EW" => Some(Vulnerability::EW),
            "All" | "Both" => Some(Vulnerability::All),
            _ => None,
        }
    }

    /// The vulnerability of a board number by the Laws: a cycle of 16,
    /// None NS EW All / NS EW All None / EW All None NS / All None NS EW.
    ///
    /// ```
    /// use boardfile_bridge::Vulnerability;
    /// assert_eq!(Vulnerability::for_board(1), Vulnerability::None);
    /// assert_eq!(Vulnerability::for_board(4), Vulnerability::All);
    /// assert_eq!(Vulnerability::for_board(17), Vulnerability::None);
    /// ```
    pub fn for_board(number: u32) -> Vulnerability {
        use Vulnerability::*;
        const CYCLE: [Vulnerability; 16] = [
            None, NS, EW, All, NS, EW, All, None, EW, All, None, NS, All, None, NS, EW,
        ];
        CYCLE[(number as usize + 15) % 16]
    }
}

/// The dealer of a board number by the Laws: North deals board 1, East board 2,
/// and so on clockwise.
///
/// ```
/// use boardfile_bridge::{dealer_for_board, Seat};
/// assert_eq!(dealer_for_board(1), Seat::North);
/// assert_eq!(dealer_for_board(6), Seat::East);
/// ```
pub fn dealer_for_board(number: u32) -> Seat {
    Seat::ALL[(number as usize + 3) % 4]
}

/// Double-dummy tricks for each declarer and strain; `None` where unknown
/// or not to be believed (see [`Trust`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DdTable {
    /// Tricks by declarer and strain, as stored; [`DdTable::UNKNOWN`]
    /// where not known.
    tricks: [[u8; 5]; 4],
    /// How far the stored counts can be believed.
    trust: Trust,
}

/// How far a stored double-dummy table can be believed: scoring programs
/// floor the tables they store (Dealmaster Pro writes 1 for any count of 6
/// or fewer, BridgeNZ's converters 6 or 4), and a count can break what the
/// deal allows. Found without solving by [`crate::trust`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Trust {
    /// Every count is what it says.
    #[default]
    Exact,
    /// Every count of `at_most` or fewer was stored as `stored`: a cell
    /// reading `stored` means "at most `at_most`", the others are exact.
    Floored {
        /// The count stored for any count up to `at_most`.
        stored: u8,
        /// What a stored `stored` means at most.
        at_most: u8,
    },
    /// A count breaks what the deal allows: no count is believed.
    Impossible,
}

impl Default for DdTable {
    /// A table with every entry unknown.
    fn default() -> DdTable {
        DdTable {
            tricks: [[DdTable::UNKNOWN; 5]; 4],
            trust: Trust::Exact,
        }
    }
}

impl DdTable {
    /// Tricks `declarer` takes in `strain`, if known: not for a count a
    /// floored table stores as its floor, nor any of a table whose counts
    /// cannot be right ([`Trust`]).
    ///
    /// ```
    /// use boardfile_bridge::{DdTable, Seat, Strain, Trust};
    /// let mut table = DdTable::from_hex("18111181118a9888a988").unwrap();
    /// table.set_trust(Trust::Floored { stored: 1, at_most: 6 });
    /// assert_eq!(table.get(Seat::North, Strain::NoTrump), None);
    /// assert_eq!(table.at_most(Seat::North, Strain::NoTrump), Some(6));
    /// assert_eq!(table.get(Seat::North, Strain::Spades), Some(8));
    /// assert_eq!(table.stored(Seat::North, Strain::NoTrump), Some(1));
    /// assert!(!table.is_complete());
    /// ```
    pub fn get(&self, declarer: Seat, strain: Strain) -> Option<u8> {
        let t = self.tricks[declarer.index()][strain as usize];
        match self.trust {
            _ if t == DdTable::UNKNOWN => None,
            Trust::Exact => Some(t),
            Trust::Floored { stored, .. } => (t != stored).then_some(t),
            Trust::Impossible => None,
        }
    }

    /// The count as the table stores it, believed or not.
    pub fn stored(&self, declarer: Seat, strain: Strain) -> Option<u8> {
        let t = self.tricks[declarer.index()][strain as usize];
        (t != DdTable::UNKNOWN).then_some(t)
    }

    /// The most tricks `declarer` can take in `strain` by what the table
    /// says: the count when it is exact, the floor's bound where a floored
    /// table stores its floor; `None` when not known or not believed.
    pub fn at_most(&self, declarer: Seat, strain: Strain) -> Option<u8> {
        match (self.trust, self.stored(declarer, strain)) {
            (Trust::Floored { stored, at_most }, Some(t)) if t == stored => Some(at_most),
            _ => self.get(declarer, strain),
        }
    }

    /// How far the stored counts can be believed.
    pub fn trust(&self) -> Trust {
        self.trust
    }

    /// Says how far the stored counts can be believed.
    pub fn set_trust(&mut self, trust: Trust) {
        self.trust = trust;
    }

    /// The table of only the counts believed ([`DdTable::get`]), the
    /// others unknown: what a file without the means to say a floor is
    /// given.
    pub fn believed(&self) -> DdTable {
        let mut t = DdTable::default();
        for seat in Seat::ALL {
            for strain in Strain::ALL {
                t.tricks[seat.index()][strain as usize] =
                    self.get(seat, strain).unwrap_or(DdTable::UNKNOWN);
            }
        }
        t
    }

    /// True when the two tables store the same counts, believed or not.
    pub fn same_stored(&self, other: &DdTable) -> bool {
        self.tricks == other.tricks
    }

    /// How an unknown entry is stored.
    pub(crate) const UNKNOWN: u8 = 0xFF;

    /// A table of raw entries, by seat index then strain: 0 to 13, or
    /// [`DdTable::UNKNOWN`] (the caller has checked them).
    pub(crate) fn from_raw(tricks: [[u8; 5]; 4]) -> DdTable {
        debug_assert!(tricks
            .iter()
            .flatten()
            .all(|&t| t <= 13 || t == DdTable::UNKNOWN));
        DdTable {
            tricks,
            trust: Trust::Exact,
        }
    }

    /// The raw entries, by seat index then strain.
    pub(crate) fn raw(&self) -> &[[u8; 5]; 4] {
        &self.tricks
    }

    /// Sets a trick count (0 to 13) or marks it unknown with `None`.
    /// Counts above 13 are refused.
    pub fn set(
        &mut self,
        declarer: Seat,
        strain: Strain,
        tricks: Option<u8>,
    ) -> Result<(), String> {
        if let Some(t) = tricks {
            if t > 13 {
                return Err(format!("{t} tricks is more than 13"));
            }
        }
        self.tricks[declarer.index()][strain as usize] = tricks.unwrap_or(DdTable::UNKNOWN);
        Ok(())
    }

    /// True when all 20 entries are known and believed ([`DdTable::get`]).
    pub fn is_complete(&self) -> bool {
        self.trust == Trust::Exact && self.is_stored_whole()
    }

    /// True when all 20 entries are stored, believed or not.
    pub fn is_stored_whole(&self) -> bool {
        self.tricks.iter().flatten().all(|&t| t != DdTable::UNKNOWN)
    }

    /// The declarer order of [`DdTable::to_hex`]: N S E W.
    pub const HEX_DECLARERS: [Seat; 4] = [Seat::North, Seat::South, Seat::East, Seat::West];

    /// The 20 hex digits of PBN's `DoubleDummyTricks` (declarers N S E W,
    /// each strains NT S H D C), when every entry is known.
    pub fn to_hex(&self) -> Option<String> {
        self.hex_of(DdTable::get)
    }

    /// [`DdTable::to_hex`] of the counts as stored, believed or not: what a
    /// file gives back when it keeps what it read.
    pub fn stored_hex(&self) -> Option<String> {
        self.hex_of(DdTable::stored)
    }

    fn hex_of(&self, count: fn(&DdTable, Seat, Strain) -> Option<u8>) -> Option<String> {
        let mut s = String::with_capacity(20);
        for seat in Self::HEX_DECLARERS {
            for strain in Strain::NT_FIRST {
                s.push(char::from_digit(count(self, seat, strain)? as u32, 16)?);
            }
        }
        Some(s)
    }

    /// A table from the 20 hex digits of [`DdTable::to_hex`] (either case,
    /// white space around them allowed).
    ///
    /// ```
    /// use boardfile_bridge::{DdTable, Seat, Strain};
    /// // Declarers N S E W, each strains NT S H D C.
    /// let table = DdTable::from_hex("99999888884444455555").unwrap();
    /// assert_eq!(table.get(Seat::North, Strain::NoTrump), Some(9));
    /// assert_eq!(table.get(Seat::West, Strain::Clubs), Some(5));
    /// assert_eq!(table.to_hex().as_deref(), Some("99999888884444455555"));
    /// ```
    pub fn from_hex(value: &str) -> Result<DdTable, String> {
        let digits = value.trim().as_bytes();
        if digits.len() != 20 {
            return Err(format!("DoubleDummyTricks {value:?} is not 20 hex digits"));
        }
        let mut table = DdTable::default();
        for (i, &c) in digits.iter().enumerate() {
            let t = (c as char).to_digit(16).ok_or_else(|| {
                format!(
                    "DoubleDummyTricks {value:?}: {:?} is not a hex digit",
                    c as char
                )
            })?;
            table
                .set(
                    Self::HEX_DECLARERS[i / 5],
                    Strain::NT_FIRST[i % 5],
                    Some(t as u8),
                )
                .map_err(|e| format!("DoubleDummyTricks {value:?}: {e}"))?;
        }
        Ok(table)
    }
}

/// One card of a play, valued double dummy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CardValue {
    /// Who played it.
    pub seat: Seat,
    /// The card.
    pub card: Card,
    /// Declarer's tricks under double-dummy play after it (the tricks
    /// already won counted).
    pub tricks: u8,
    /// The tricks it cost its side against the value before it (0 for a
    /// card as good as the best).
    pub cost: u8,
}

/// A board's play valued card by card, as BridgeComposer and the DDS-based
/// viewers show it: made by the solver (`dd::play::analyse_play`), kept in
/// JSON Lines and shown on hand records.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PlayValues {
    /// The declarer.
    pub declarer: Seat,
    /// The contract's strain.
    pub strain: Strain,
    /// Declarer's tricks under double-dummy play before the opening lead.
    pub start: u8,
    /// The cards in the order played.
    pub cards: Vec<CardValue>,
}

impl PlayValues {
    /// The cards that cost their side a trick or more.
    ///
    /// ```
    /// use boardfile_bridge::{Card, CardValue, PlayValues, Rank, Seat, Strain, Suit};
    /// let card = |seat, rank, tricks, cost| CardValue { seat, card: Card::new(Suit::Spades, rank), tricks, cost };
    /// let v = PlayValues {
    ///     declarer: Seat::South,
    ///     strain: Strain::NoTrump,
    ///     start: 9,
    ///     cards: vec![card(Seat::West, Rank::King, 10, 1), card(Seat::North, Rank::Ace, 10, 0)],
    /// };
    /// assert_eq!(v.costly().map(|c| c.card.to_string()).collect::<Vec<_>>(), ["SK"]);
    /// ```
    pub fn costly(&self) -> impl Iterator<Item = &CardValue> {
        self.cards.iter().filter(|c| c.cost > 0)
    }
}

/// The par result: the score from North-South's side and the contracts that
/// reach it (written like `4S-W`, `3NTx-N`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Par {
    /// Score for North-South (negative when East-West score).
    pub score_ns: i32,
    /// The par contracts.
    pub contracts: Vec<String>,
}

impl Par {
    /// The contracts as PBN's `ParContract` spells them (`NS 4S; EW 5CX`),
    /// the one spelling shown to people; a contract of another shape (a
    /// file's own text) as it is.
    ///
    /// ```
    /// use boardfile_bridge::Par;
    /// let par = Par { score_ns: -100, contracts: vec!["5CX-EW".into(), "5DX-EW".into()] };
    /// assert_eq!(par.pbn_contracts(), "EW 5CX; EW 5DX");
    /// ```
    pub fn pbn_contracts(&self) -> String {
        Par::spell_pbn(&self.contracts)
    }

    /// [`Par::pbn_contracts`] of these contracts.
    pub fn spell_pbn(contracts: &[String]) -> String {
        let mut out = String::new();
        for (i, c) in contracts.iter().enumerate() {
            if i > 0 {
                out.push_str("; ");
            }
            match Par::pbn_parts(c) {
                Some((seats, contract)) => {
                    out.push_str(seats);
                    out.push(' ');
                    out.push_str(contract);
                }
                None => out.push_str(c),
            }
        }
        out
    }

    /// A contract string's seats and contract when PBN's spelling gives it
    /// seats first and reads it back the same (`4S-NS`: `NS`, `4S`): seats
    /// of N, E, S and W after the last `-`, and before it a contract with
    /// no white space at either end (the reader trims it); `None` for text
    /// of another shape, written as it is.
    pub(crate) fn pbn_parts(c: &str) -> Option<(&str, &str)> {
        let (contract, seats) = c.rsplit_once('-')?;
        let seats_ok = !seats.is_empty() && seats.bytes().all(|b| b"NESW".contains(&b));
        let contract_ok = !contract.is_empty() && contract.trim() == contract;
        (seats_ok && contract_ok).then_some((seats, contract))
    }

    /// Reads PBN's spelling (`NS 4S`, `EW 5CX; EW 5DX`) into the model's
    /// contract strings (`4S-NS`, `5CX-EW`); an item of another shape is
    /// kept as it is.
    ///
    /// ```
    /// use boardfile_bridge::Par;
    /// assert_eq!(Par::contracts_from_pbn("EW 5CX; EW 5DX"), ["5CX-EW", "5DX-EW"]);
    /// ```
    pub fn contracts_from_pbn(value: &str) -> Vec<String> {
        let mut out = Vec::with_capacity(2);
        for item in value.split([';', ',']) {
            let item = item.trim();
            if item.is_empty() {
                continue;
            }
            out.push(match item.split_once(' ') {
                Some((seats, contract))
                    if !seats.is_empty()
                        && seats.bytes().all(|c| b"NESWnesw".contains(&c))
                        && !contract.trim().is_empty() =>
                {
                    let contract = contract.trim();
                    let mut c = String::with_capacity(contract.len() + 1 + seats.len());
                    c.push_str(contract);
                    c.push('-');
                    for s in seats.bytes() {
                        c.push(char::from(s.to_ascii_uppercase()));
                    }
                    c
                }
                _ => item.to_string(),
            });
        }
        out
    }
}

/// A named value a file gives a board: PBN's tags (`Event`, `West`,
/// `Contract`, `Result`, `Generator`...) and what LIN's commands map to them.
///
/// The value is kept as written, so PBN's `#` and `##` inheritance markers
/// stay; [`BoardSet::tag_value`](crate::model::set::BoardSet::tag_value) resolves them. A supplemental section (a
/// table such as `ScoreTable`, or any tag followed by data) keeps its rows.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Tag {
    /// The tag name, case as written (PBN tag names start upper case).
    /// Borrowed for the standard names, so reading them allocates nothing.
    pub name: Cow<'static, str>,
    /// The value as written, escapes undone.
    pub value: String,
    /// The section data after the tag: rows of elements, a string element
    /// with its quotes. Empty for a plain tag.
    pub rows: Vec<Vec<String>>,
}

impl Tag {
    /// A tag without section data.
    pub fn new(name: impl Into<Cow<'static, str>>, value: impl Into<String>) -> Tag {
        Tag {
            name: name.into(),
            value: value.into(),
            rows: Vec::new(),
        }
    }

    /// True for a supplemental section: a table (the name ends in `Table`) or
    /// a tag with section data.
    pub fn is_section(&self) -> bool {
        !self.rows.is_empty() || self.name.ends_with("Table")
    }

    /// False for a tag that says nothing: PBN's unknown value `?`, or an
    /// empty one ("does not apply"), without section data. An empty
    /// `Contract` or `Declarer` does say something: nobody bid.
    pub fn says(&self) -> bool {
        let nothing = match self.value.as_str() {
            "?" => true,
            "" => !matches!(self.name.as_ref(), "Contract" | "Declarer"),
            _ => false,
        };
        !nothing || !self.rows.is_empty()
    }

    /// True for the tags that carry double-dummy data, which the model also
    /// holds as [`Board::dd`] and [`Board::par`]: `OptimumResultTable`,
    /// `DoubleDummyTricks`, `OptimumScore` and `ParContract`.
    pub fn is_double_dummy(&self) -> bool {
        is_double_dummy_tag(&self.name)
    }
}

/// True for the names of the double-dummy tags (see [`Tag::is_double_dummy`]).
pub fn is_double_dummy_tag(name: &str) -> bool {
    matches!(
        name,
        "OptimumResultTable" | "DoubleDummyTricks" | "OptimumScore" | "ParContract"
    )
}

/// Commentary kept with a board.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Comment {
    /// `{text}`; the text may hold line breaks (kept as `\n`).
    Brace(String),
    /// `;text` to the end of the line.
    Line(String),
    /// A `%text` escape line.
    Escape(String),
}

/// What a comment follows, which is where it is written back.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Anchor {
    /// The start of the game, before any tag.
    Start,
    /// The tag of this name (`Auction` and `Play` for a comment before the
    /// first call or card).
    Tag(String),
    /// The call at this index of [`Auction::calls`].
    Call(usize),
    /// The card at this index of [`Play::cards`].
    Card(usize),
    /// The auction note at this index of [`Auction::notes`].
    AuctionNote(usize),
    /// The play note at this index of [`Play::notes`].
    PlayNote(usize),
}

/// A comment and what it follows.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Commentary {
    /// What the comment follows.
    pub after: Anchor,
    /// The comment.
    pub comment: Comment,
}

/// One board: its number, dealer, vulnerability, the deal, and whatever else
/// the file carried.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// Board number (from 1 in every format seen so far).
    pub number: u32,
    /// The dealer.
    pub dealer: Seat,
    /// The vulnerability.
    pub vulnerability: Vulnerability,
    /// The cards.
    pub deal: Deal,
    /// Double-dummy tricks, when known.
    pub dd: Option<DdTable>,
    /// Par, when known.
    pub par: Option<Par>,
    /// DLM's per-board fields (`Duplicates NN=`, `Property NN=`).
    pub dlm: Option<DlmBoard>,
    /// DUP's 10-byte trailer as it stood in the file.
    pub dup_trailer: Option<DupTrailer>,
    /// Named values: event, site, date, players, scoring, contract, result
    /// and any other PBN tag, in file order. `Board`, `Dealer`,
    /// `Vulnerable`, `Deal`, `Auction` and `Play` are not here: they are the
    /// fields above and below.
    pub tags: Vec<Tag>,
    /// The auction, when given (boxed: most boards have none, and a board
    /// stays small for the formats that stream millions of deals).
    pub auction: Option<Box<Auction>>,
    /// The card play, when given (boxed, as the auction).
    pub play: Option<Box<Play>>,
    /// The play valued double dummy card by card, when solved.
    pub play_values: Option<Box<PlayValues>>,
    /// Commentary, each with what it follows.
    pub comments: Vec<Commentary>,
    /// The board's LIN text as it stood in the file.
    pub lin: Option<LinBoard>,
    /// The board's PBN text as it stood in the file.
    pub pbn: Option<PbnGame>,
    /// Which of the number, dealer, vulnerability and opening leader its
    /// file could have given and did not: worked out (by position, by the
    /// Laws, by who holds the first card).
    pub inferred: Inferred,
}

/// A set of a board's fields that were worked out, not read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Inferred(u8);

impl Inferred {
    /// Nothing inferred.
    pub const NONE: Inferred = Inferred(0);
    /// The board number (by position, or after the board before).
    pub const NUMBER: Inferred = Inferred(1);
    /// The dealer (by the Laws, from the number).
    pub const DEALER: Inferred = Inferred(2);
    /// The vulnerability (by the Laws, from the number).
    pub const VULNERABILITY: Inferred = Inferred(4);
    /// The play's opening leader (no auction gives it: the holder of the
    /// first card, else the dealer's left-hand opponent).
    pub const LEADER: Inferred = Inferred(8);
    /// Each field, with its JSON Lines name.
    pub const NAMED: [(Inferred, &'static str); 4] = [
        (Inferred::NUMBER, "board"),
        (Inferred::DEALER, "dealer"),
        (Inferred::VULNERABILITY, "vulnerable"),
        (Inferred::LEADER, "leader"),
    ];

    /// True when nothing was inferred.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True when every field of `other` was inferred.
    pub fn contains(self, other: Inferred) -> bool {
        self.0 & other.0 == other.0 && other.0 != 0
    }

    /// Adds `other`'s fields.
    pub fn insert(&mut self, other: Inferred) {
        self.0 |= other.0;
    }

    /// The fields' JSON Lines names: `board`, `dealer`, `vulnerable`.
    pub fn names(self) -> impl Iterator<Item = &'static str> {
        Inferred::NAMED
            .into_iter()
            .filter(move |(f, _)| self.contains(*f))
            .map(|(_, n)| n)
    }

    /// The field of a JSON Lines name.
    pub fn from_name(name: &str) -> Option<Inferred> {
        Inferred::NAMED
            .into_iter()
            .find(|(_, n)| *n == name)
            .map(|(f, _)| f)
    }
}

impl Board {
    /// A board with the dealer and vulnerability the Laws give its number.
    ///
    /// ```
    /// use boardfile_bridge::{Board, Deal, Seat, Vulnerability};
    /// let board = Board::new(2, Deal::default());
    /// assert_eq!(board.dealer, Seat::East);
    /// assert_eq!(board.vulnerability, Vulnerability::NS);
    /// assert!(board.has_default_conditions());
    /// ```
    pub fn new(number: u32, deal: Deal) -> Board {
        Board {
            number,
            dealer: dealer_for_board(number),
            vulnerability: Vulnerability::for_board(number),
            deal,
            dd: None,
            par: None,
            dlm: None,
            dup_trailer: None,
            tags: Vec::new(),
            auction: None,
            play: None,
            play_values: None,
            comments: Vec::new(),
            lin: None,
            pbn: None,
            inferred: Inferred::NONE,
        }
    }

    /// The value of the first tag called `name`, as written.
    ///
    /// ```
    /// use boardfile_bridge::{Board, Deal};
    /// let mut board = Board::new(1, Deal::default());
    /// board.set_tag("Event", "Club pairs");
    /// assert_eq!(board.tag("Event"), Some("Club pairs"));
    /// assert_eq!(board.tag("Site"), None);
    /// ```
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|t| t.name == name)
            .map(|t| t.value.as_str())
    }

    /// The contract the `Contract` and `Declarer` tags give (PBN's; LIN's
    /// result maps to them), when they give one.
    pub fn tagged_contract(&self) -> Option<Contract> {
        let declarer = self
            .tag("Declarer")
            .and_then(|d| Seat::from_letter(*d.as_bytes().first()?));
        Contract::parse(self.tag("Contract")?, declarer)
    }

    /// The contract: the auction's, else [`Board::tagged_contract`].
    pub fn contract(&self) -> Option<Contract> {
        self.auction
            .as_ref()
            .and_then(|a| a.contract())
            .or_else(|| self.tagged_contract())
    }

    /// Sets a tag's value, adding the tag at the end when it is not there.
    pub fn set_tag(&mut self, name: &'static str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|t| t.name == name) {
            Some(t) => t.value = value,
            None => self.tags.push(Tag::new(name, value)),
        }
    }

    /// True when dealer and vulnerability are those the Laws give the number.
    pub fn has_default_conditions(&self) -> bool {
        self.dealer == dealer_for_board(self.number)
            && self.vulnerability == Vulnerability::for_board(self.number)
    }
}

impl fmt::Display for Vulnerability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conditions_by_the_laws() {
        // DLM paper Appendix C lists dealer and vulnerability of boards 1-32;
        // the first 16 and their repeat 17-32 read:
        let expected = [
            ("N", "None"),
            ("E", "NS"),
            ("S", "EW"),
            ("W", "All"),
            ("N", "NS"),
            ("E", "EW"),
            ("S", "All"),
            ("W", "None"),
            ("N", "EW"),
            ("E", "All"),
            ("S", "None"),
            ("W", "NS"),
            ("N", "All"),
            ("E", "None"),
            ("S", "NS"),
            ("W", "EW"),
        ];
        for number in 1..=48u32 {
            let (dealer, vul) = expected[((number - 1) % 16) as usize];
            assert_eq!(
                dealer_for_board(number).letter().to_string(),
                dealer,
                "board {number}"
            );
            assert_eq!(
                Vulnerability::for_board(number).name(),
                vul,
                "board {number}"
            );
        }
    }

    #[test]
    fn dd_table_refuses_impossible_counts() {
        let mut t = DdTable::default();
        assert!(t.set(Seat::North, Strain::NoTrump, Some(14)).is_err());
        t.set(Seat::West, Strain::Clubs, Some(13)).unwrap();
        assert_eq!(t.get(Seat::West, Strain::Clubs), Some(13));
        assert_eq!(t.get(Seat::North, Strain::Clubs), None);
    }
}
