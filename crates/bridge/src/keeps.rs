//! What a format keeps of a board set, as data, and what a conversion
//! loses, counted from that data and the boards at hand.
//!
//! Each format states what it keeps ([`Keeps`], on its descriptor). The
//! loss notes of a conversion are not written per pair of formats: a
//! [`LossCount`] looks at each board (and the set-level data) for what the
//! output format does not keep, and counts it. The `formats` table's
//! "keeps" column is written from the same statement ([`Keeps::describe`]).

use crate::board::{dealer_for_board, is_double_dummy_tag, Board, Strain, Tag};
use crate::consistency::final_tricks;
use crate::deal::Seat;
use crate::set::{Heading, SetInfo};
use crate::{CallToken, CardToken, Contract, Dialect, Format};
use std::fmt;

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
    /// The whole table.
    Table,
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
        /// [`given_by_play`].
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
    /// (see [`Play::from_played`](crate::Play::from_played)).
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
    /// That the set is blind ([`SetInfo::blind`]).
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
    /// Commentary (`{}`, `;`, `%` comments).
    pub comments: bool,
    /// Data only one format carries.
    pub own: &'static [Own],
    /// A word for people on what else it is (`for people: not read back`).
    pub remark: Option<&'static str>,
    /// What it keeps written in Big Deal's dialect, when that is less
    /// (see [`Dialect::BigDeal`]).
    pub big_deal: Option<&'static Keeps>,
}

impl Keeps {
    /// Hand records for people (HTML, PDF): deals, numbers, conditions,
    /// the double-dummy table and par, the event, site and date.
    pub const HAND_RECORDS: Keeps = Keeps {
        deals: Deals::Partial,
        numbers: Numbers::Any,
        conditions: true,
        dd: DoubleDummy::Table,
        par: true,
        headings: Heading::ALL,
        tags: Tags::Only {
            names: &["Event", "Site", "Date"],
            described: "the event, site and date",
            from_play: &[],
            from_header: &[],
        },
        remark: Some("for people: not read back"),
        ..Keeps::DEALS_ONLY
    };

    /// Keeps everything (JSON Lines).
    pub const EVERYTHING: Keeps = Keeps {
        deals: Deals::Partial,
        numbers: Numbers::Any,
        conditions: true,
        dd: DoubleDummy::Table,
        par: true,
        headings: Heading::ALL,
        tags: Tags::All,
        play: Play::All,
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
        comments: false,
        own: &[],
        remark: None,
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
            DoubleDummy::Table if self.deals != Deals::None => {
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

/// One kind of data a conversion drops, with the boards it concerns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Loss {
    /// The format that does not keep it.
    pub format: Format,
    /// The dialect it is written in.
    pub dialect: Dialect,
    /// What is dropped.
    pub kind: LossKind,
    /// Boards concerned (0 for set-level data).
    pub boards: u64,
    /// For [`LossKind::DlmGaps`]: the lowest and highest board numbers.
    pub range: Option<(u32, u32)>,
}

impl fmt::Display for Loss {
    /// `BRI does not keep double-dummy tables (3 boards)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let keeps = self.format.keeps().in_dialect(self.dialect);
        let name = self.format.name();
        let to = match self.dialect == Dialect::BigDeal && self.format.keeps().big_deal.is_some() {
            true => format!("{name} as Big Deal writes it"),
            false => name.to_string(),
        };
        let what = match self.kind {
            LossKind::Conditions => "a dealer or vulnerability other than the board number's",
            LossKind::DdTables => "double-dummy tables",
            LossKind::DdOtherHands => "double-dummy tricks of more than one hand",
            LossKind::Deals => "deals (only double-dummy tables)",
            LossKind::Par => "par results",
            LossKind::Comments => "commentary",
            LossKind::DlmBoard => "DLM duplicates and property fields",
            LossKind::DupTrailer => "the DUP trailer",
            LossKind::Tags => match keeps.tags {
                Tags::Only { described, .. } => {
                    return write!(
                        f,
                        "{to} does not keep tags other than {described} ({})",
                        boards(self.boards)
                    )
                }
                Tags::Rowless => {
                    "tags with section data (the rows of a table such as ScoreTable)"
                }
                Tags::RowlessFilled => {
                    "tags with section data (the rows of a table such as ScoreTable), or an empty Contract or Declarer (a passed-out board)"
                }
                _ => "tags (players, contract, result and others)",
            },
            LossKind::Play => match keeps.play {
                Play::Plain => {
                    "PBN annotations other than alerts, irregularity marks, auction markers and words (the auction ends at a word), an auction not started by the dealer, or a play whose leader, seats or end (`*`) its cards in order and a claim from its Result do not give back"
                }
                _ => "the auction or the play",
            },
            LossKind::LoneEast => {
                "an unknown East hand beside three whole ones (it reads back as the other 13 cards)"
            }
            LossKind::TurnedDeals => {
                "deals whose dealer is not the one their position gives (board 1 North, 2 East...): they read back turned"
            }
            LossKind::LinText => {
                "LIN commands outside the deal, players, auction and play (chat, page breaks)"
            }
            LossKind::Numbers => match keeps.numbers {
                Numbers::OnFromFirst => "board numbers that do not run on by one from the first",
                Numbers::Rising => {
                    "board numbers that do not rise by 1 to 255 from the board before (or a first above 256)"
                }
                _ => "board numbers other than 1, 2, 3... by position",
            },
            LossKind::DlmGaps => {
                let (lo, hi) = self.range.unwrap_or((0, 0));
                let n = self.boards;
                return write!(
                    f,
                    "{to} holds boards From..To without gaps: {n} missing board number{} between {lo} and {hi} will be undealt boards",
                    if n == 1 { "" } else { "s" }
                );
            }
            LossKind::Event => "the event",
            LossKind::Site => "the site",
            LossKind::Date => "the date",
            LossKind::DlmHeader => "the DLM header or the DLM boards outside From..To",
            LossKind::PbnPreamble => "the PBN file's % lines",
            LossKind::LinHeader => "the LIN file's header (vugraph and results lines)",
            LossKind::PavlicekTail => "the terminator record and the bytes after it",
            LossKind::Blind if keeps.owns(Own::BlindWithBoard1) => {
                "that the deals are blind (for a dealing machine that must not show them) without a board 1, whose blank half says so"
            }
            LossKind::Blind => {
                "that the deals are blind (for a dealing machine that must not show them: DUP's blank board 1, DLM's Status=Sealed)"
            }
        };
        write!(f, "{to} does not keep {what}")?;
        if self.boards > 0 {
            write!(f, " ({})", boards(self.boards))?;
        }
        Ok(())
    }
}

fn boards(n: u64) -> String {
    boardfile_io::text::count(n, "board")
}

/// The kinds of board data a [`LossCount`] looks for.
mod check {
    pub const CONDITIONS: u16 = 1;
    pub const DD: u16 = 1 << 1;
    pub const DEALS: u16 = 1 << 2;
    pub const LONE_EAST: u16 = 1 << 3;
    pub const PAR: u16 = 1 << 4;
    pub const COMMENTS: u16 = 1 << 5;
    pub const DLM: u16 = 1 << 6;
    pub const DUP: u16 = 1 << 7;
    pub const LIN: u16 = 1 << 8;
    pub const TAGS: u16 = 1 << 9;
    pub const PLAY: u16 = 1 << 10;
    pub const NUMBERS: u16 = 1 << 11;
    pub const RANGE: u16 = 1 << 12;
    pub const TURNED: u16 = 1 << 13;
}

/// What of a board written in `to` may be lost: everything `to` does not
/// keep, and of that, when the boards come from `from`, only what `from`
/// can carry.
fn checks(from: Option<&Keeps>, to: &Keeps) -> u16 {
    use check::*;
    let carries = |k: &Keeps, c: u16| -> bool {
        match c {
            CONDITIONS => k.conditions,
            DD => k.dd != DoubleDummy::None,
            DEALS => k.deals != Deals::None,
            LONE_EAST => matches!(k.deals, Deals::Partial | Deals::PartialButLoneEast),
            PAR => k.par,
            COMMENTS => k.comments,
            DLM => k.owns(Own::DlmBoards),
            DUP => k.owns(Own::DupTrailer),
            LIN => k.owns(Own::Lin),
            TAGS => k.tags != Tags::None,
            PLAY => k.play != Play::None,
            _ => true,
        }
    };
    let mut out = 0;
    for c in (0..14).map(|b| 1u16 << b) {
        let kept = match c {
            CONDITIONS => to.conditions,
            DD => to.dd == DoubleDummy::Table,
            DEALS => to.deals != Deals::None,
            LONE_EAST => to.deals != Deals::PartialButLoneEast,
            TURNED => to.deals != Deals::FromPositionsDealer,
            PAR => to.par,
            COMMENTS => to.comments,
            DLM => to.owns(Own::DlmBoards),
            DUP => to.owns(Own::DupTrailer),
            LIN => to.owns(Own::Lin),
            TAGS => to.tags == Tags::All,
            PLAY => to.play == Play::All,
            NUMBERS => matches!(
                (from.map(|k| k.numbers), to.numbers),
                (_, Numbers::Any | Numbers::Range(_))
                    | (
                        Some(Numbers::ByPosition),
                        Numbers::ByPosition | Numbers::OnFromFirst | Numbers::Rising
                    )
                    | (Some(Numbers::OnFromFirst), Numbers::OnFromFirst)
            ),
            _ => !matches!(to.numbers, Numbers::Range(_)),
        };
        if !kept && from.is_none_or(|k| carries(k, c)) {
            out |= c;
        }
    }
    out
}

/// True when the board's auction (whose `contract` this is) and play give
/// back this tag: `Declarer` and `Contract` the contract, `Result` the
/// tricks claimed (when the play stops short) or taken (all 52 cards
/// played).
pub fn given_by_play(b: &Board, contract: Option<Contract>, t: &Tag) -> bool {
    match t.name.as_ref() {
        "Declarer" => contract.is_some_and(|c| match c {
            Contract::Bid { declarer, .. } => t.value == declarer.letter().to_string(),
            Contract::PassedOut => t.value.is_empty(),
        }),
        // An empty one is PBN's passed-out board, as `Pass` is.
        "Contract" => contract.is_some_and(|c| {
            t.value == c.pbn() || (t.value.is_empty() && c == Contract::PassedOut)
        }),
        "Result" => b.play.as_ref().is_some_and(|p| {
            let trump = contract.and_then(Contract::trump);
            match (p.chronological(trump).len(), contract) {
                (52, Some(Contract::Bid { declarer, .. })) => {
                    let (ns, ew) = p.tricks_won(trump);
                    let won = if declarer.index() % 2 == 0 { ns } else { ew };
                    t.value == won.to_string()
                }
                (52, _) => false,
                _ => final_tricks(b, contract).is_some_and(|n| n.to_string() == t.value),
            }
        }),
        _ => false,
    }
}

/// True when a play written as its cards in the order played, with a
/// claim from the `Result` tag, reads back alike ([`Play::from_played`]):
/// each known card at its seat, and stopped where a claim says so, and
/// only there.
fn play_given_back(b: &Board, contract: Option<Contract>, p: &crate::Play) -> bool {
    let played: Vec<crate::Card> = p
        .chronological(contract.and_then(Contract::trump))
        .into_iter()
        .map(|(_, c)| c)
        .collect();
    let (back, _) = crate::Play::from_played(&played, contract, &b.deal, b.dealer);
    let known = |p: &crate::Play| -> Vec<(Seat, usize, crate::Card)> {
        p.cards
            .iter()
            .enumerate()
            .filter_map(|(i, c)| match c.token {
                CardToken::Card(card) => Some((p.first.next(i % 4), i / 4, card)),
                _ => None,
            })
            .collect()
    };
    // The writer makes the Result a claim, which ends the play: a stop
    // comes back where there is a claim, and only there. A stop before any
    // card (BBA's `[Play "E"]` and `*` on a board not played), or after
    // the 52nd, says no more than no stop.
    let claimed = played.len() < 52 && final_tricks(b, contract).is_some();
    let stopped = p.stopped && played.len() < 52;
    known(&back) == known(p) && (stopped == claimed || known(p).is_empty())
}

/// Counts what writing boards in one format drops, board by board, in
/// memory that does not grow with the set.
#[derive(Debug)]
pub struct LossCount {
    to: Format,
    dialect: Dialect,
    keeps: &'static Keeps,
    checks: u16,
    counts: Vec<(LossKind, u64)>,
    set_losses: Vec<LossKind>,
    /// Boards seen.
    seen: u64,
    first_number: Option<u32>,
    /// The number the board before reads back as, where numbers rise
    /// ([`Numbers::Rising`]; 0 before the first).
    risen_to: u32,
    /// The set's event, site and date as read before the boards; then, from
    /// the first board on, as written (the set's, else the first board's).
    headings: [Option<String>; 3],
    /// The event a LIN file's header gives.
    lin_event: Option<String>,
    /// DLM: the board numbers 1..=127 present.
    numbers: u128,
    range: Option<(u32, u32)>,
    /// A board numbered 1 was seen.
    board_1: bool,
    /// The set is blind, which the format says only with board 1, and
    /// board 1 was not seen (yet).
    blind_without_board_1: bool,
    /// Own data that Big Deal's dialect writes the same for every set of
    /// its kind, weighed at the end (see [`BigDealOwn`]).
    big_deal: BigDealOwn,
}

/// Big Deal's dialect writes its own DLM header and DUP trailers whatever
/// the set's: a set read from Big Deal's own file has just those, and
/// loses nothing. Which it is can only be told at the end (the header
/// names the first board's generator; the trailer, the count of boards).
#[derive(Debug, Default)]
struct BigDealOwn {
    /// DLM: the set-level data, as last seen.
    set: Option<SetInfo>,
    /// DLM: the first board's generator.
    generator: Option<String>,
    /// DUP: boards with a trailer, and among them those with Big Deal's for
    /// a count of boards ending in each two digits.
    trailers: u64,
    big_deal_trailers: std::collections::BTreeMap<u32, u64>,
}

impl LossCount {
    /// A count for writing boards of any kind in `to`.
    pub fn new(to: Format) -> LossCount {
        LossCount::between(None, to, Dialect::default())
    }

    /// A count for writing in `to`, in `dialect`, boards read from `from`
    /// (when known: then only what `from` can carry is looked for).
    pub fn between(from: Option<Format>, to: Format, dialect: Dialect) -> LossCount {
        let keeps = to.keeps().in_dialect(dialect);
        let checks = if keeps.is_everything() {
            0
        } else {
            checks(from.map(|f| f.keeps()), keeps)
        };
        LossCount {
            to,
            dialect,
            keeps,
            checks,
            counts: Vec::new(),
            set_losses: Vec::new(),
            seen: 0,
            first_number: None,
            risen_to: 0,
            headings: Default::default(),
            lin_event: None,
            numbers: 0,
            range: None,
            board_1: false,
            blind_without_board_1: false,
            big_deal: BigDealOwn::default(),
        }
    }

    /// Writing Big Deal's dialect of `format`.
    fn big_deal(&self, format: Format) -> bool {
        self.dialect == Dialect::BigDeal && self.to == format
    }

    fn add(&mut self, kind: LossKind) {
        match self.counts.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, n)) => *n += 1,
            None => self.counts.push((kind, 1)),
        }
    }

    /// Notes what of the set-level data `to` does not keep.
    pub fn set(&mut self, info: &SetInfo) {
        let keeps = self.keeps;
        if self.seen == 0 {
            self.headings = [&info.event, &info.site, &info.date].map(Clone::clone);
            self.lin_event = info
                .lin
                .as_ref()
                .and_then(crate::formats::lin::header_event);
        }
        let mut lost = Vec::new();
        for (heading, kind, v) in [
            (Heading::Event, LossKind::Event, &info.event),
            (Heading::Site, LossKind::Site, &info.site),
            (Heading::Date, LossKind::Date, &info.date),
        ] {
            if v.is_some() && !keeps.headings.contains(&heading) {
                lost.push(kind);
            }
        }
        if info.dlm.is_some() && !keeps.owns(Own::DlmHeader) {
            lost.push(LossKind::DlmHeader);
        }
        // The `% PBN 2.1` and `% EXPORT` lines every writer makes, and
        // lines with nothing after the `%`, are no loss.
        let pbn_lines = info
            .pbn
            .as_ref()
            .is_some_and(|p| p.own_lines().next().is_some());
        if pbn_lines && !keeps.owns(Own::Pbn) {
            lost.push(LossKind::PbnPreamble);
        }
        if info.lin.is_some() && !keeps.owns(Own::Lin) {
            lost.push(LossKind::LinHeader);
        }
        if info.pavlicek.is_some() && !keeps.owns(Own::PavlicekTail) {
            lost.push(LossKind::PavlicekTail);
        }
        if info.blind && !keeps.owns(Own::Blind) {
            if keeps.owns(Own::BlindWithBoard1) {
                // Weighed at the end: kept if board 1 is written.
                self.blind_without_board_1 |= !self.board_1;
            } else {
                lost.push(LossKind::Blind);
            }
        }
        if self.big_deal(Format::Dlm) {
            // Weighed at the end, against Big Deal's header.
            lost.retain(|k| !matches!(k, LossKind::DlmHeader | LossKind::Event));
            self.big_deal.set = Some(info.clone());
        }
        for k in lost {
            if !self.set_losses.contains(&k) {
                self.set_losses.push(k);
            }
        }
    }

    /// Notes what of one board `to` does not keep.
    pub fn board(&mut self, b: &Board) {
        use check::*;
        let index = self.seen;
        self.seen += 1;
        let first = *self.first_number.get_or_insert(b.number);
        if index == 0 {
            let [event, site, date] = std::mem::take(&mut self.headings);
            let info = SetInfo {
                event,
                site,
                date,
                ..SetInfo::default()
            };
            self.headings =
                [0, 1, 2].map(|i| info.heading(Heading::ALL[i], Some(b)).map(str::to_string));
        }
        if b.number == 1 {
            self.board_1 = true;
            self.blind_without_board_1 = false;
        }
        if index == 0 && self.big_deal(Format::Dlm) {
            self.big_deal.generator = Some(crate::formats::bigdeal::generator(Some(b)).to_string());
        }
        let c = self.checks;
        if c == 0 {
            return;
        }
        let keeps = self.keeps;
        // The auction's contract, worked out once, when a check needs it.
        let contract_once = std::cell::OnceCell::new();
        let contract =
            || *contract_once.get_or_init(|| b.auction.as_ref().and_then(|a| a.contract()));
        if c & CONDITIONS != 0 && !b.has_default_conditions() {
            self.add(LossKind::Conditions);
        }
        if c & DD != 0 {
            if let Some(t) = &b.dd {
                match keeps.dd {
                    DoubleDummy::Table => {}
                    DoubleDummy::None => self.add(LossKind::DdTables),
                    DoubleDummy::OneHand => {
                        let hands = Seat::ALL
                            .iter()
                            .filter(|&&s| Strain::ALL.iter().any(|&st| t.get(s, st).is_some()))
                            .count();
                        if hands > 1 {
                            self.add(LossKind::DdOtherHands);
                        }
                    }
                }
            }
        }
        if c & DEALS != 0 && b.deal != crate::Deal::default() {
            self.add(LossKind::Deals);
        }
        if c & TURNED != 0 && b.dealer != dealer_for_board((index % 4) as u32 + 1) {
            self.add(LossKind::TurnedDeals);
        }
        if c & LONE_EAST != 0
            && b.deal.hand(Seat::East).is_empty()
            && [Seat::South, Seat::West, Seat::North]
                .iter()
                .all(|&s| b.deal.hand(s).len() == 13)
        {
            self.add(LossKind::LoneEast);
        }
        if c & PAR != 0 && b.par.is_some() {
            self.add(LossKind::Par);
        }
        if c & COMMENTS != 0 && !b.comments.is_empty() {
            self.add(LossKind::Comments);
        }
        if c & DLM != 0 && b.dlm.is_some() {
            self.add(LossKind::DlmBoard);
        }
        if let (true, Some(t)) = (c & DUP != 0, b.dup_trailer) {
            if !self.big_deal(Format::Dup) {
                self.add(LossKind::DupTrailer);
            } else {
                let own = &mut self.big_deal;
                own.trailers += 1;
                if let Some(n) = crate::formats::dup::big_deal_count(t) {
                    *own.big_deal_trailers.entry(n).or_default() += 1;
                }
            }
        }
        // Big Deal's LIN line for the board, read back: a board read from
        // Big Deal's own LIN has its text and tags.
        let lin_back = (self.big_deal(Format::Lin) && (b.lin.is_some() || !b.tags.is_empty()))
            .then(|| crate::formats::lin::bigdeal::given_back(b))
            .flatten();
        let lin_back = lin_back.as_ref();
        if c & LIN != 0 && b.lin.is_some() && lin_back.is_none_or(|x| x.lin != b.lin) {
            self.add(LossKind::LinText);
        }
        let tag_lost = c & TAGS != 0
            && match keeps.tags {
                Tags::All => false,
                Tags::Rowless => b
                    .tags
                    .iter()
                    .any(|t| !t.rows.is_empty() && !is_double_dummy_tag(&t.name)),
                Tags::RowlessFilled => b.tags.iter().any(|t| {
                    !is_double_dummy_tag(&t.name)
                        && (!t.rows.is_empty() || t.value.is_empty() && t.says())
                }),
                Tags::None => b
                    .tags
                    .iter()
                    .any(|t| !is_double_dummy_tag(&t.name) && t.says()),
                Tags::Only {
                    names,
                    from_play,
                    from_header,
                    ..
                } => b.tags.iter().any(|t| {
                    let name = t.name.as_ref();
                    let from_file =
                        || b.lin.is_some() || self.lin_event.as_deref() == Some(t.value.as_str());
                    let kept = names.contains(&name)
                        && (!from_play.contains(&name) || given_by_play(b, contract(), t))
                        && (!from_header.contains(&name) || from_file())
                        && self.one_heading_kept(t);
                    !kept && !is_double_dummy_tag(name) && t.says()
                }),
            };
        if tag_lost && lin_back.is_none_or(|x| x.tags != b.tags) {
            self.add(LossKind::Tags);
        }
        let play_lost = c & PLAY != 0
            && match keeps.play {
                Play::All => false,
                Play::None => b.auction.is_some() || b.play.is_some(),
                Play::Plain => {
                    b.auction.as_ref().is_some_and(|a| {
                        // LIN reads an auction from the dealer.
                        a.stopped
                            || a.first != b.dealer
                            || a.calls.iter().any(|c| {
                                !c.nags.is_empty()
                                    || c.irregularity.is_some()
                                    || matches!(
                                        c.token,
                                        CallToken::NotYet
                                            | CallToken::Next
                                            | CallToken::Skipped
                                            | CallToken::Other(_)
                                    )
                            })
                    }) || b.play.as_ref().is_some_and(|p| {
                        !p.notes.is_empty()
                            || p.cards.iter().any(|c| {
                                c.note.is_some()
                                    || !c.nags.is_empty()
                                    || c.irregularity.is_some()
                                    || c.token == CardToken::Next
                            })
                            || !play_given_back(b, contract(), p)
                    })
                }
            };
        if play_lost {
            self.add(LossKind::Play);
        }
        if c & NUMBERS != 0 {
            let expected = match keeps.numbers {
                Numbers::ByPosition => Some(1 + index),
                Numbers::OnFromFirst => Some(u64::from(first) + index),
                Numbers::Rising => {
                    self.risen_to =
                        crate::formats::cds::number_after(self.risen_to, b.number as u8);
                    Some(u64::from(self.risen_to))
                }
                Numbers::Any | Numbers::Range(_) => None,
            };
            if expected.is_some_and(|n| n != u64::from(b.number)) {
                self.add(LossKind::Numbers);
            }
        }
        if let (true, Numbers::Range(max)) = (c & RANGE != 0, keeps.numbers) {
            if (1..=max.min(127)).contains(&b.number) {
                self.numbers |= 1 << b.number;
                self.range = Some(match self.range {
                    None => (b.number, b.number),
                    Some((lo, hi)) => (lo.min(b.number), hi.max(b.number)),
                });
            }
        }
    }

    /// False for a board's `Event`, `Site` or `Date` that a format keeping
    /// one for the set (BRE's lines, DLM's Headline) drops: one other than
    /// the set's.
    fn one_heading_kept(&self, t: &Tag) -> bool {
        let i = match t.name.as_ref() {
            "Event" => 0,
            "Site" => 1,
            "Date" => 2,
            _ => return true,
        };
        // PBN's `##value`: this value, the same for the boards after.
        let value = t.value.strip_prefix("##").unwrap_or(&t.value);
        !self.keeps.headings.contains(&Heading::ALL[i])
            || !t.says()
            || value == "#"
            || self.headings[i].as_deref() == Some(value)
    }

    /// What was dropped, in a fixed order: the board losses with their
    /// counts, then the set-level ones.
    pub fn losses(&self) -> Vec<Loss> {
        let mut counts = self.counts.clone();
        let mut set_losses = self.set_losses.clone();
        let own = &self.big_deal;
        // Big Deal's trailer counts the boards written.
        let written = (self.seen % 100) as u32;
        let lost = own.trailers - own.big_deal_trailers.get(&written).copied().unwrap_or(0);
        if lost > 0 {
            counts.push((LossKind::DupTrailer, lost));
        }
        if let Some(info) = &own.set {
            let generator = own
                .generator
                .as_deref()
                .unwrap_or(crate::formats::bigdeal::GENERATOR);
            let (header, event) = crate::formats::dlm::big_deal_gives_back(info, generator);
            if info.dlm.is_some() && !header {
                set_losses.push(LossKind::DlmHeader);
            }
            if info.event.is_some() && !event {
                set_losses.push(LossKind::Event);
            }
        }
        counts.sort();
        let mut out: Vec<Loss> = counts
            .into_iter()
            .map(|(kind, boards)| Loss {
                format: self.to,
                dialect: self.dialect,
                kind,
                boards,
                range: None,
            })
            .collect();
        if let Some((lo, hi)) = self.range {
            let present = self.numbers.count_ones();
            let gaps = u64::from(hi - lo + 1) - u64::from(present);
            if gaps > 0 {
                out.push(Loss {
                    format: self.to,
                    dialect: self.dialect,
                    kind: LossKind::DlmGaps,
                    boards: gaps,
                    range: Some((lo, hi)),
                });
            }
        }
        if self.blind_without_board_1 {
            set_losses.push(LossKind::Blind);
        }
        let mut set = set_losses;
        set.sort();
        set.dedup();
        out.extend(set.into_iter().map(|kind| Loss {
            format: self.to,
            dialect: self.dialect,
            kind,
            boards: 0,
            range: None,
        }));
        out
    }
}
