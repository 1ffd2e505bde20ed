//! What a format keeps of a board set, as data, and the kinds of data a
//! conversion can lose.
//!
//! Each format states what it keeps ([`Keeps`], on its descriptor). The
//! loss notes of a conversion are not written per pair of formats: a
//! [`LossCount`](crate::losses::LossCount) looks at each board (and the
//! set-level data) for what the output format does not keep, and counts
//! it. The `formats` table's "keeps" column is written from the same
//! statement ([`Keeps::describe`]).

use crate::codec::options::Dialect;
use crate::model::set::Heading;

/// Which deals a format holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deals {
    /// None (double-dummy tables only).
    None,
    /// Complete deals only: a partial one is refused on write.
    Complete,
    /// Complete and partial deals.
    Partial,
    /// Partial deals, but an unknown East beside three whole hands reads
    /// back as the 13 cards the others lack (LIN's `md|`).
    PartialButLoneEast,
    /// Complete deals, each written from its dealer and read from the
    /// dealer its position gives (BHG): a board dealt by another seat
    /// reads back turned.
    FromPositionsDealer,
}

/// How a format gives board numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Numbers {
    /// Each board's own number.
    Any,
    /// By position: 1, 2, 3...
    ByPosition,
    /// By position from the first board's number (kept in the file).
    OnFromFirst,
    /// Each board's number modulo 256, read as the first number above the
    /// board before's with that remainder (the first board's: 1 to 256):
    /// numbers that rise by 1 to 255 from board to board (CDS).
    Rising,
    /// Each board's own number, 1 to this many, From..To without gaps.
    Range(u32),
}

/// Which double-dummy results a format holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DoubleDummy {
    /// None.
    None,
    /// One hand's five results.
    OneHand,
    /// The whole table: the counts believed ([`crate::DdTable::get`]).
    Table,
    /// The whole table as stored, with how far it is believed
    /// ([`crate::model::board::Trust`]): a floored table's floors too.
    Stored,
}

/// Which tags (named values: players, contract, result...) a format holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tags {
    /// None.
    None,
    /// These names only, described in the loss note as "tags other than
    /// `described`".
    Only {
        /// The tag names kept.
        names: &'static [&'static str],
        /// How the loss note names them.
        described: &'static str,
        /// Those of `names` kept only as the auction and play give them
        /// back (LIN's `Declarer`, `Contract` and `Result`): see
        /// [`given_by_play`](crate::losses::given_by_play).
        from_play: &'static [&'static str],
        /// Those of `names` kept only as the file's header gives them, or
        /// the board's text as read (LIN's `Event`, from `vg|`).
        from_header: &'static [&'static str],
    },
    /// Every tag but those with section data (the rows of a table such
    /// as `ScoreTable`).
    Rowless,
    /// Every tag but those with section data or an empty value (CSV, where
    /// an empty cell is no value).
    RowlessFilled,
    /// Every tag.
    All,
}

/// How much of an auction and play a format holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Play {
    /// Neither.
    None,
    /// The calls and cards, alerts and their explanations, a claim; not
    /// PBN's other annotations, irregularity marks or auction markers
    /// (`+`, `-`, `^S`, `^R`, `*`), nor an auction another than the dealer
    /// starts, nor a play its cards in the order played do not give back
    /// (see [`Play::from_played`](crate::model::auction::Play::from_played)).
    Plain,
    /// Everything PBN can say.
    All,
}

/// Data that only one format carries, kept by that format (and JSON Lines).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Own {
    /// DLM's header and the boards outside From..To.
    DlmHeader,
    /// DLM's per-board duplicates and property.
    DlmBoards,
    /// DUP's trailer.
    DupTrailer,
    /// A LIN board's text and the file's header.
    Lin,
    /// A PBN file's text: each game's as read, and the `%` lines before
    /// the first game.
    Pbn,
    /// A Pavlicek binary file's terminator and what follows it.
    PavlicekTail,
    /// That the set is blind ([`SetInfo::blind`](crate::model::set::SetInfo::blind)).
    Blind,
    /// That the set is blind, when board 1 is among its boards (DUP says
    /// so by board 1's blank half).
    BlindWithBoard1,
}

/// What a format keeps of a board set; anything else is dropped on write,
/// and named as a loss.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Keeps {
    /// Deals.
    pub deals: Deals,
    /// Board numbers.
    pub numbers: Numbers,
    /// Dealer and vulnerability other than the board number's.
    pub conditions: bool,
    /// Double-dummy results.
    pub dd: DoubleDummy,
    /// Par.
    pub par: bool,
    /// Which of the set's event, site and date.
    pub headings: &'static [Heading],
    /// Tags.
    pub tags: Tags,
    /// Auction and play.
    pub play: Play,
    /// The play valued double dummy card by card (`solve` makes them).
    pub play_values: bool,
    /// Commentary (`{}`, `;`, `%` comments).
    pub comments: bool,
    /// Data only one format carries.
    pub own: &'static [Own],
    /// A word for people on what else it is (`for people: not read back`).
    pub remark: Option<&'static str>,
    /// A title of the pages' own, besides the event
    /// ([`WriteOptions::title`](crate::codec::options::WriteOptions::title)): hand records.
    pub title: bool,
    /// What it keeps written in Big Deal's dialect, when that is less
    /// (see [`Dialect::BigDeal`]).
    pub big_deal: Option<&'static Keeps>,
}

impl Numbers {
    /// Where numbers rise ([`Numbers::Rising`]): the number of a board
    /// whose byte is `byte`, after board `before` (0 for the first): the
    /// first number above it that has that byte.
    ///
    /// ```
    /// use boardfile_bridge::keeps::Numbers;
    /// // CDS keeps a board number's low byte: board 300 after board 255.
    /// assert_eq!(Numbers::rising_after(255, 44), 300);
    /// assert_eq!(Numbers::rising_after(0, 1), 1);
    /// ```
    pub fn rising_after(before: u32, byte: u8) -> u32 {
        let base = before & !0xFF;
        let n = base + u32::from(byte);
        if n > before {
            n
        } else {
            n.saturating_add(256)
        }
    }
}

impl Keeps {
    /// Hand records for people (HTML, PDF): deals, numbers, conditions,
    /// the double-dummy table and par, the event, site and date.
    pub const HAND_RECORDS: Keeps = Keeps {
        deals: Deals::Partial,
        numbers: Numbers::Any,
        conditions: true,
        dd: DoubleDummy::Stored,
        par: true,
        headings: Heading::ALL,
        tags: Tags::Only {
            names: &["Event", "Site", "Date"],
            described: "the event, site and date",
            from_play: &[],
            from_header: &[],
        },
        play_values: true,
        remark: Some("for people: not read back"),
        title: true,
        ..Keeps::DEALS_ONLY
    };

    /// Keeps everything (JSON Lines).
    pub const EVERYTHING: Keeps = Keeps {
        deals: Deals::Partial,
        numbers: Numbers::Any,
        conditions: true,
        dd: DoubleDummy::Stored,
        par: true,
        headings: Heading::ALL,
        tags: Tags::All,
        play: Play::All,
        play_values: true,
        comments: true,
        own: &[
            Own::DlmHeader,
            Own::DlmBoards,
            Own::DupTrailer,
            Own::Lin,
            Own::Pbn,
            Own::PavlicekTail,
            Own::Blind,
        ],
        remark: None,
        title: false,
        big_deal: None,
    };

    /// Complete deals numbered by position, nothing else (BRI, ZBD...).
    pub const DEALS_ONLY: Keeps = Keeps {
        deals: Deals::Complete,
        numbers: Numbers::ByPosition,
        conditions: false,
        dd: DoubleDummy::None,
        par: false,
        headings: &[],
        tags: Tags::None,
        play: Play::None,
        play_values: false,
        comments: false,
        own: &[],
        remark: None,
        title: false,
        big_deal: None,
    };

    /// What is kept written in `dialect`.
    pub fn in_dialect(&'static self, dialect: Dialect) -> &'static Keeps {
        match (dialect, self.big_deal) {
            (Dialect::BigDeal, Some(k)) => k,
            _ => self,
        }
    }

    /// True when the format keeps this format-only data.
    pub fn owns(&self, own: Own) -> bool {
        self.own.contains(&own)
    }

    /// True when this is everything (JSON Lines).
    pub fn is_everything(&self) -> bool {
        *self == Keeps::EVERYTHING
    }

    /// The `formats` table's words for what is kept.
    pub fn describe(&self) -> String {
        if self.is_everything() {
            return "everything".into();
        }
        let mut parts: Vec<String> = Vec::new();
        parts.push(
            match self.deals {
                Deals::None => "double-dummy tables only",
                Deals::Complete => "deals (complete)",
                Deals::FromPositionsDealer => "deals (complete, from the dealer)",
                Deals::Partial | Deals::PartialButLoneEast => "deals (also partial)",
            }
            .into(),
        );
        match self.numbers {
            Numbers::Any => parts.push("board numbers".into()),
            Numbers::Range(n) => parts.push(format!("board numbers 1-{n}")),
            Numbers::OnFromFirst => parts.push("consecutive board numbers".into()),
            Numbers::Rising => parts.push("board numbers rising by 1 to 255".into()),
            Numbers::ByPosition => {}
        }
        if self.conditions {
            parts.push("dealer, vulnerability".into());
        }
        match self.dd {
            DoubleDummy::Table | DoubleDummy::Stored if self.deals != Deals::None => {
                parts.push("double-dummy tables".into())
            }
            DoubleDummy::OneHand => parts.push("one hand's double-dummy tricks".into()),
            _ => {}
        }
        if self.par {
            parts.push("par".into());
        }
        if self.headings == Heading::ALL {
            parts.push("event, site, date".into());
        }
        match self.tags {
            Tags::All => parts.push("every tag".into()),
            Tags::Rowless => parts.push("every tag but tables' rows".into()),
            Tags::RowlessFilled => parts.push("every tag but tables' rows and empty values".into()),
            Tags::Only { described, .. } if self.headings != Heading::ALL => {
                parts.push(described.into())
            }
            _ => {}
        }
        match self.play {
            Play::All => parts.push("auction, play, notes".into()),
            Play::Plain => parts.push("auction with alerts, play, claims".into()),
            Play::None => {}
        }
        if self.play_values {
            parts.push("the play valued double dummy".into());
        }
        if self.comments {
            parts.push("commentary".into());
        }
        for own in self.own {
            parts.push(
                match own {
                    Own::DlmHeader => "DLM header fields",
                    Own::DlmBoards => "per-board duplicates and properties",
                    Own::DupTrailer => "the dealing trailer",
                    Own::Lin => "each board's text as read",
                    Own::Pbn => "each game's text as read, % lines",
                    Own::PavlicekTail => "what follows the terminator",
                    Own::Blind => "blindness (sealed sets)",
                    Own::BlindWithBoard1 => "blindness (sealed sets) with board 1",
                }
                .into(),
            );
        }
        let mut text = parts.join(", ");
        if self.numbers == Numbers::ByPosition {
            text.push_str("; boards numbered 1, 2, 3... by position");
        }
        if let Some(r) = self.remark {
            text.push_str(&format!(" ({r})"));
        }
        text
    }
}

/// What a conversion drops.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum LossKind {
    /// A dealer or vulnerability other than the board number's.
    Conditions,
    /// Double-dummy tables.
    DdTables,
    /// Double-dummy tricks of more than one hand.
    DdOtherHands,
    /// The stored counts of tables not believed (floored, or a count the
    /// deal forbids), which go as unknown.
    DdStored,
    /// Deals (the format holds tables only).
    Deals,
    /// Par results.
    Par,
    /// Commentary.
    Comments,
    /// DLM's per-board fields.
    DlmBoard,
    /// DUP's trailer.
    DupTrailer,
    /// Tags.
    Tags,
    /// The auction or play, or what of them the format cannot say.
    Play,
    /// The play valued double dummy.
    PlayValues,
    /// An unknown East beside three whole hands.
    LoneEast,
    /// Deals dealt by another seat than their position's dealer.
    TurnedDeals,
    /// A LIN board's commands outside what the model reads.
    LinText,
    /// Board numbers that the format cannot give back.
    Numbers,
    /// Boards missing inside a DLM's From..To.
    DlmGaps,
    /// The set's event.
    Event,
    /// The set's site.
    Site,
    /// The set's date.
    Date,
    /// The DLM header and boards outside From..To.
    DlmHeader,
    /// A PBN file's `%` lines.
    PbnPreamble,
    /// A LIN file's header.
    LinHeader,
    /// A Pavlicek file's terminator and what follows.
    PavlicekTail,
    /// That the set is blind (for a dealing machine that must not show
    /// the deals).
    Blind,
}

impl LossKind {
    /// Every kind, in order.
    pub const ALL: [LossKind; 25] = [
        LossKind::Conditions,
        LossKind::DdTables,
        LossKind::DdOtherHands,
        LossKind::DdStored,
        LossKind::Deals,
        LossKind::Par,
        LossKind::Comments,
        LossKind::DlmBoard,
        LossKind::DupTrailer,
        LossKind::Tags,
        LossKind::Play,
        LossKind::PlayValues,
        LossKind::LoneEast,
        LossKind::TurnedDeals,
        LossKind::LinText,
        LossKind::Numbers,
        LossKind::DlmGaps,
        LossKind::Event,
        LossKind::Site,
        LossKind::Date,
        LossKind::DlmHeader,
        LossKind::PbnPreamble,
        LossKind::LinHeader,
        LossKind::PavlicekTail,
        LossKind::Blind,
    ];
}

/// A set of [`LossKind`]s, without allocating: what one board or the
/// set-level data loses.
///
/// ```
/// use boardfile_bridge::keeps::{LossKind, LossKinds};
/// let mut lost = LossKinds::default();
/// lost.insert(LossKind::Tags);
/// lost.insert(LossKind::Conditions);
/// assert!(lost.remove(LossKind::Tags));
/// lost.insert(LossKind::Blind);
/// assert_eq!(lost.iter().collect::<Vec<_>>(), [LossKind::Conditions, LossKind::Blind]);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LossKinds(u32);

impl LossKinds {
    /// Adds a kind.
    pub fn insert(&mut self, kind: LossKind) {
        self.0 |= 1 << kind as u32;
    }

    /// Takes a kind out; true when it was in.
    pub fn remove(&mut self, kind: LossKind) -> bool {
        let was = self.contains(kind);
        self.0 &= !(1 << kind as u32);
        was
    }

    /// True when the kind is in.
    pub fn contains(self, kind: LossKind) -> bool {
        self.0 & (1 << kind as u32) != 0
    }

    /// The kinds in, in order.
    pub fn iter(self) -> impl Iterator<Item = LossKind> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            let i = bits.trailing_zeros();
            bits &= bits.wrapping_sub(1);
            LossKind::ALL.get(i as usize).copied()
        })
    }
}
