//! What a conversion loses, counted board by board from what the output
//! format keeps ([`Keeps`]) and the boards at hand.
//!
//! Nothing here names a format: what one writes of its own accord (Big
//! Deal's dialect) it weighs through its descriptor's hooks
//! ([`crate::codec::Hooks`]).

use crate::codec::keeps::{
    Deals, DoubleDummy, Keeps, LossKind, LossKinds, Numbers, Own, Play, Tags,
};
use crate::codec::options::Dialect;
use crate::codec::{DialectLosses, Format, Loss};
use crate::consistency::final_tricks;
use crate::model::auction::{CallToken, CardToken, Contract, Play as PlayRecord};
use crate::model::board::{dealer_for_board, is_double_dummy_tag, Board, Tag};
use crate::model::card::Card;
use crate::model::card::Strain;
use crate::model::deal::{Deal, Seat};
use crate::model::set::{Heading, SetInfo};

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
    pub const PLAY_VALUES: u16 = 1 << 14;
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
            PLAY_VALUES => k.play_values,
            _ => true,
        }
    };
    let mut out = 0;
    for c in (0..15).map(|b| 1u16 << b) {
        let kept = match c {
            CONDITIONS => to.conditions,
            DD => to.dd == DoubleDummy::Stored,
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
            PLAY_VALUES => to.play_values,
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
/// claim from the `Result` tag, reads back alike ([`PlayRecord::from_played`]):
/// each known card at its seat, and stopped where a claim says so, and
/// only there.
fn play_given_back(b: &Board, contract: Option<Contract>, p: &PlayRecord) -> bool {
    let played: Vec<Card> = p
        .chronological(contract.and_then(Contract::trump))
        .into_iter()
        .map(|(_, c)| c)
        .collect();
    let (back, _) = PlayRecord::from_played(&played, contract, &b.deal, b.dealer);
    let known = |p: &PlayRecord| -> Vec<(Seat, usize, Card)> {
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
    /// The event each board reads back with from the header `to` writes
    /// (LIN's).
    header_event: Option<String>,
    /// DLM: the board numbers 1..=127 present.
    numbers: u128,
    range: Option<(u32, u32)>,
    /// A board numbered 1 was seen.
    board_1: bool,
    /// The set is blind, which the format says only with board 1, and
    /// board 1 was not seen (yet).
    blind_without_board_1: bool,
    /// What `to`'s writer in `dialect` writes of its own accord, weighed
    /// by the format itself.
    dialect_losses: Option<Box<dyn DialectLosses>>,
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
            header_event: None,
            numbers: 0,
            range: None,
            board_1: false,
            blind_without_board_1: false,
            dialect_losses: to.hooks().dialect_losses.and_then(|judge| judge(dialect)),
        }
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
            self.header_event = self.to.hooks().header_event.and_then(|event| event(info));
        }
        let mut lost = LossKinds::default();
        for (heading, kind, v) in [
            (Heading::Event, LossKind::Event, &info.event),
            (Heading::Site, LossKind::Site, &info.site),
            (Heading::Date, LossKind::Date, &info.date),
        ] {
            if v.is_some() && !keeps.headings.contains(&heading) {
                lost.insert(kind);
            }
        }
        if info.dlm.is_some() && !keeps.owns(Own::DlmHeader) {
            lost.insert(LossKind::DlmHeader);
        }
        // The `% PBN 2.1` and `% EXPORT` lines every writer makes, and
        // lines with nothing after the `%`, are no loss.
        let pbn_lines = info
            .pbn
            .as_ref()
            .is_some_and(|p| p.own_lines().next().is_some());
        if pbn_lines && !keeps.owns(Own::Pbn) {
            lost.insert(LossKind::PbnPreamble);
        }
        if info.lin.is_some() && !keeps.owns(Own::Lin) {
            lost.insert(LossKind::LinHeader);
        }
        if info.pavlicek.is_some() && !keeps.owns(Own::PavlicekTail) {
            lost.insert(LossKind::PavlicekTail);
        }
        if info.blind && !keeps.owns(Own::Blind) {
            if keeps.owns(Own::BlindWithBoard1) {
                // Weighed at the end: kept if board 1 is written.
                self.blind_without_board_1 |= !self.board_1;
            } else {
                lost.insert(LossKind::Blind);
            }
        }
        if let Some(judge) = &mut self.dialect_losses {
            judge.set(info, &mut lost);
        }
        for k in lost.iter() {
            if !self.set_losses.contains(&k) {
                self.set_losses.push(k);
            }
        }
    }

    /// Notes what of one board `to` does not keep.
    pub fn board(&mut self, b: &Board) {
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
        let mut lost = if self.checks == 0 {
            LossKinds::default()
        } else {
            self.board_losses(index, first, b)
        };
        if let Some(judge) = &mut self.dialect_losses {
            judge.board(index, b, &mut lost);
        }
        for kind in lost.iter() {
            self.add(kind);
        }
    }

    /// What of board `b`, the `index`th, `to` does not keep, by the plain
    /// count (numbers from `first`).
    fn board_losses(&mut self, index: u64, first: u32, b: &Board) -> LossKinds {
        use check::*;
        let c = self.checks;
        let keeps = self.keeps;
        let mut lost = LossKinds::default();
        // The auction's contract, worked out once, when a check needs it.
        let contract_once = std::cell::OnceCell::new();
        let contract =
            || *contract_once.get_or_init(|| b.auction.as_ref().and_then(|a| a.contract()));
        if c & CONDITIONS != 0 && !b.has_default_conditions() {
            lost.insert(LossKind::Conditions);
        }
        if c & DD != 0 {
            if let Some(t) = &b.dd {
                match keeps.dd {
                    DoubleDummy::Stored => {}
                    DoubleDummy::Table => {
                        if t.trust() != crate::model::board::Trust::Exact {
                            lost.insert(LossKind::DdStored);
                        }
                    }
                    DoubleDummy::None => lost.insert(LossKind::DdTables),
                    DoubleDummy::OneHand => {
                        let hands = Seat::ALL
                            .iter()
                            .filter(|&&s| Strain::ALL.iter().any(|&st| t.get(s, st).is_some()))
                            .count();
                        if hands > 1 {
                            lost.insert(LossKind::DdOtherHands);
                        }
                    }
                }
            }
        }
        if c & DEALS != 0 && b.deal != Deal::default() {
            lost.insert(LossKind::Deals);
        }
        if c & TURNED != 0 && b.dealer != dealer_for_board((index % 4) as u32 + 1) {
            lost.insert(LossKind::TurnedDeals);
        }
        if c & LONE_EAST != 0
            && b.deal.hand(Seat::East).is_empty()
            && [Seat::South, Seat::West, Seat::North]
                .iter()
                .all(|&s| b.deal.hand(s).len() == 13)
        {
            lost.insert(LossKind::LoneEast);
        }
        if c & PAR != 0 && b.par.is_some() {
            lost.insert(LossKind::Par);
        }
        if c & COMMENTS != 0 && !b.comments.is_empty() {
            lost.insert(LossKind::Comments);
        }
        if c & DLM != 0 && b.dlm.is_some() {
            lost.insert(LossKind::DlmBoard);
        }
        if c & DUP != 0 && b.dup_trailer.is_some() {
            lost.insert(LossKind::DupTrailer);
        }
        if c & LIN != 0 && b.lin.is_some() {
            lost.insert(LossKind::LinText);
        }
        if c & TAGS != 0 && self.tag_lost(b, contract) {
            lost.insert(LossKind::Tags);
        }
        if c & PLAY != 0 && play_lost(keeps.play, b, contract) {
            lost.insert(LossKind::Play);
        }
        if c & PLAY_VALUES != 0 && b.play_values.is_some() {
            lost.insert(LossKind::PlayValues);
        }
        if c & NUMBERS != 0 {
            let expected = match keeps.numbers {
                Numbers::ByPosition => Some(1 + index),
                Numbers::OnFromFirst => Some(u64::from(first) + index),
                Numbers::Rising => {
                    self.risen_to = Numbers::rising_after(self.risen_to, b.number as u8);
                    Some(u64::from(self.risen_to))
                }
                Numbers::Any | Numbers::Range(_) => None,
            };
            if expected.is_some_and(|n| n != u64::from(b.number)) {
                lost.insert(LossKind::Numbers);
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
        lost
    }

    /// True when a tag of `b` is not kept.
    fn tag_lost(&self, b: &Board, contract: impl Fn() -> Option<Contract>) -> bool {
        match self.keeps.tags {
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
                    || b.lin.is_some() || self.header_event.as_deref() == Some(t.value.as_str());
                let kept = names.contains(&name)
                    && (!from_play.contains(&name) || given_by_play(b, contract(), t))
                    && (!from_header.contains(&name) || from_file())
                    && self.one_heading_kept(t);
                !kept && !is_double_dummy_tag(name) && t.says()
            }),
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
        if let Some(judge) = &self.dialect_losses {
            judge.finish(self.seen, &mut counts, &mut set_losses);
        }
        counts.sort();
        let loss = |kind, boards, range| Loss {
            format: self.to,
            dialect: self.dialect,
            kind,
            boards,
            range,
        };
        let mut out: Vec<Loss> = counts
            .into_iter()
            .map(|(kind, boards)| loss(kind, boards, None))
            .collect();
        if let Some((lo, hi)) = self.range {
            let present = self.numbers.count_ones();
            let gaps = u64::from(hi - lo + 1) - u64::from(present);
            if gaps > 0 {
                out.push(loss(LossKind::DlmGaps, gaps, Some((lo, hi))));
            }
        }
        if self.blind_without_board_1 {
            set_losses.push(LossKind::Blind);
        }
        set_losses.sort();
        set_losses.dedup();
        out.extend(set_losses.into_iter().map(|kind| loss(kind, 0, None)));
        out
    }
}

/// True when an auction or play of `b` is more than `kept` holds.
fn play_lost(kept: Play, b: &Board, contract: impl Fn() -> Option<Contract>) -> bool {
    match kept {
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
    }
}
