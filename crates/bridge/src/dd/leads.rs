//! Opening-lead studies: which lead from a known hand beats a contract
//! most often, over deals of the unseen hands that fit what the auction
//! said. Every card of the leader's hand is valued double dummy on each
//! deal ([`boardfile_dd::Solver::choices`]: the deal's leads searched one
//! after another with the table kept, as DDS 3's warm tables), and the
//! leads are summed: the defence's average tricks, the share of deals on
//! which the lead beats the contract (with a 95% interval), and how often
//! it is the best lead (or one of the best).
//!
//! Cards next in rank in a suit of the leader's hand (touching honours,
//! the small cards of a run: ♠KQ, ♥T98) are one lead: double dummy they
//! are worth the same on every deal.

use super::position::card_to_own;
use super::{strain_to_own, to_own_deal, STACK};
use crate::deal::dealer::Script;
use crate::model::auction::Contract;
use crate::model::card::{Card, Strain, Suit};
use crate::model::deal::{Deal, Seat};
use crate::model::hand::Hand;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// A lead: the cards it stands for, and what it did over the deals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lead {
    /// Its cards, the highest first (one card, or a run: ♠KQ).
    pub cards: Vec<Card>,
    /// The defence's tricks, summed over the deals.
    pub tricks: u64,
    /// The deals on which it beats the contract.
    pub beats: u64,
    /// The deals on which no lead takes more tricks.
    pub best: u64,
}

impl Lead {
    /// The defence's average tricks after it.
    pub fn mean(&self, deals: u64) -> f64 {
        self.tricks as f64 / deals.max(1) as f64
    }

    /// The share of deals on which it beats the contract, and its 95%
    /// interval (Wilson's, sound near 0 and 1 and for few deals).
    pub fn beats_share(&self, deals: u64) -> (f64, f64, f64) {
        wilson(self.beats, deals)
    }

    /// The share of deals on which it is the best lead (or one of them).
    pub fn best_share(&self, deals: u64) -> f64 {
        self.best as f64 / deals.max(1) as f64
    }

    /// Its name: the suit's letter and its ranks (`SKQ`, `H2`).
    pub fn name(&self) -> String {
        let suit = self.cards.first().map_or('?', |c| c.suit().letter());
        let ranks: String = self.cards.iter().map(|c| c.rank().char()).collect();
        format!("{suit}{ranks}")
    }
}

/// `k` of `n` as a share, with Wilson's 95% interval.
fn wilson(k: u64, n: u64) -> (f64, f64, f64) {
    if n == 0 {
        return (0.0, 0.0, 1.0);
    }
    let (k, n) = (k as f64, n as f64);
    let z = 1.959_963_984_540_054_f64;
    let p = k / n;
    let d = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / d;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / d;
    (p, (centre - half).max(0.0), (centre + half).min(1.0))
}

/// A study: the leader's hand, the contract, and the leads over the
/// deals so far.
#[derive(Debug, Clone, PartialEq)]
pub struct Study {
    /// The contract (declarer's left-hand opponent leads).
    pub contract: Contract,
    /// The leader's hand.
    pub hand: Hand,
    /// The deals valued.
    pub deals: u64,
    /// Each lead, spades first, the highest first.
    pub leads: Vec<Lead>,
}

impl Study {
    /// A study of the leads from `hand` against `contract` (a contract
    /// bid, 13 cards in the hand), no deal valued yet.
    pub fn new(hand: Hand, contract: Contract) -> Result<Study, String> {
        if !matches!(contract, Contract::Bid { .. }) {
            return Err("a passed-out board has no lead".into());
        }
        if hand.len() != 13 {
            return Err(format!(
                "the leader's hand holds {} cards, not 13",
                hand.len()
            ));
        }
        Ok(Study {
            contract,
            hand,
            deals: 0,
            leads: runs(hand)
                .into_iter()
                .map(|cards| Lead {
                    cards,
                    tricks: 0,
                    beats: 0,
                    best: 0,
                })
                .collect(),
        })
    }

    /// The seat on lead.
    pub fn leader(&self) -> Seat {
        match self.contract {
            Contract::Bid { declarer, .. } => declarer.next(1),
            Contract::PassedOut => Seat::West,
        }
    }

    /// The tricks the defence needs to beat the contract.
    pub fn needed(&self) -> u8 {
        match self.contract {
            Contract::Bid { level, .. } => 8 - level,
            Contract::PassedOut => 0,
        }
    }

    /// The leads, the best first: the most often beating the contract,
    /// then the most tricks, then as in the hand.
    pub fn ranked(&self) -> Vec<&Lead> {
        let mut leads: Vec<&Lead> = self.leads.iter().collect();
        leads.sort_by_key(|l| std::cmp::Reverse((l.beats, l.tricks)));
        leads
    }

    fn strain(&self) -> Strain {
        match self.contract {
            Contract::Bid { strain, .. } => strain,
            Contract::PassedOut => Strain::NoTrump,
        }
    }

    /// Values every lead on `deal` (the leader holding the study's hand)
    /// with `solver`, its table kept across the leads unless `cold`.
    fn value(
        &self,
        solver: &mut boardfile_dd::Solver,
        deal: &Deal,
        cold: bool,
    ) -> Result<Vec<u8>, String> {
        let leader = self.leader();
        if deal.hand(leader) != self.hand {
            return Err(format!(
                "{}: {} does not hold the leader's hand",
                deal.to_pbn(),
                leader.name()
            ));
        }
        let own =
            to_own_deal(deal).ok_or_else(|| format!("{}: not a whole deal", deal.to_pbn()))?;
        let (strain, at) = (strain_to_own(self.strain()), leader.index());
        let choices = if cold {
            solver.choices_cold(&own, strain, at, &[])
        } else {
            solver.choices(&own, strain, at, &[])
        }
        .map_err(|e| e.to_string())?;
        let n = deal.hand(leader).len() as u8;
        let defence = |ns: u8| if at % 2 == 0 { ns } else { n - ns };
        Ok(self
            .leads
            .iter()
            .map(|lead| {
                let first = card_to_own(lead.cards[0]);
                choices
                    .cards
                    .iter()
                    .find(|&&(c, _)| c == first)
                    .map_or(0, |&(_, ns)| defence(ns))
            })
            .collect())
    }

    /// Counts one deal's values (a lead's defence tricks each).
    fn add(&mut self, values: &[u8]) {
        let top = values.iter().copied().max().unwrap_or(0);
        let needed = self.needed();
        for (lead, &v) in self.leads.iter_mut().zip(values) {
            lead.tricks += u64::from(v);
            lead.beats += u64::from(v >= needed);
            lead.best += u64::from(v == top);
        }
        self.deals += 1;
    }
}

/// The dealer-language script that deals a study's unseen hands: `script`
/// (what the auction said of them; empty: any deal) with the leader's
/// hand predealt, put after it so that the script's errors keep their
/// lines. A script that predeals the leader's seat itself is refused.
pub fn script_for(hand: Hand, leader: Seat, script: &str) -> Result<Script, String> {
    Script::parse(&script_text(hand, leader, script)?).map_err(|e| e.to_string())
}

/// The text of [`script_for`]'s script.
pub fn script_text(hand: Hand, leader: Seat, script: &str) -> Result<String, String> {
    let own = Script::parse(script).map_err(|e| e.to_string())?;
    if !own.predealt(leader).is_empty() {
        return Err(format!(
            "the script predeals {}, the leader: the leader's hand is the one given",
            leader.name()
        ));
    }
    let holdings: Vec<String> = Suit::ALL
        .iter()
        .map(|&s| {
            let ranks: String = hand.ranks(s).map(|r| r.char()).collect();
            format!("{}{ranks}", s.letter())
        })
        .collect();
    Ok(format!(
        "{script}\npredeal {} {}\n",
        leader.name().to_lowercase(),
        holdings.join(", ")
    ))
}

/// The leader's cards in runs: cards next in rank in a suit together,
/// spades first, the highest first.
fn runs(hand: Hand) -> Vec<Vec<Card>> {
    let mut out: Vec<Vec<Card>> = Vec::new();
    let mut last: Option<Card> = None;
    for card in hand.cards() {
        let touching = last
            .is_some_and(|l| l.suit() == card.suit() && l.rank() as u8 == card.rank() as u8 + 1);
        match out.last_mut() {
            Some(run) if touching => run.push(card),
            _ => out.push(vec![card]),
        }
        last = Some(card);
    }
    out
}

/// A deal's values (a lead's defence tricks each), once a thread has
/// found them.
type Slot = std::sync::Mutex<Option<Result<Vec<u8>, String>>>;

/// Values the leads of `study` over `deals` on `jobs` threads (each with
/// a solver of its own), the tables kept across a deal's leads unless
/// `cold`; `done` is told the deals valued so far as the work goes on.
/// The sums do not depend on the threads.
pub fn study(
    mut study: Study,
    deals: &[Deal],
    jobs: usize,
    cold: bool,
    done: &(dyn Fn(u64) + Sync),
) -> Result<Study, String> {
    let next = AtomicUsize::new(0);
    let valued = AtomicU64::new(0);
    let slots: Vec<Slot> = deals.iter().map(|_| Slot::default()).collect();
    let shared = &study;
    std::thread::scope(|scope| {
        for i in 0..jobs.clamp(1, deals.len().max(1)) {
            let (next, valued, slots) = (&next, &valued, &slots);
            std::thread::Builder::new()
                .name(format!("leads-{i}"))
                .stack_size(STACK)
                .spawn_scoped(scope, move || {
                    let mut solver = boardfile_dd::Solver::new();
                    loop {
                        let k = next.fetch_add(1, Ordering::Relaxed);
                        let Some(deal) = deals.get(k) else { break };
                        let v = shared.value(&mut solver, deal, cold);
                        *slots[k].lock().unwrap_or_else(|e| e.into_inner()) = Some(v);
                        done(valued.fetch_add(1, Ordering::Relaxed) + 1);
                    }
                })
                .expect("a solving thread");
        }
    });
    for slot in slots {
        let values = slot
            .into_inner()
            .unwrap_or_else(|e| e.into_inner())
            .unwrap_or_else(|| Err("a deal not valued".into()))?;
        study.add(&values);
    }
    Ok(study)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_are_cards_next_in_rank() {
        let hand = Hand::parse_dotted("KQ2.T98.A765.432").unwrap();
        let names: Vec<String> = runs(hand)
            .into_iter()
            .map(|cards| {
                Lead {
                    cards,
                    tricks: 0,
                    beats: 0,
                    best: 0,
                }
                .name()
            })
            .collect();
        assert_eq!(names, ["SKQ", "S2", "HT98", "DA", "D765", "C432"]);
    }

    #[test]
    fn the_leaders_hand_is_predealt_after_the_script() {
        let hand = Hand::parse_dotted("KQ2.T98.A765.432").unwrap();
        let script = script_for(hand, Seat::West, "hcp(south) >= 15").unwrap();
        assert_eq!(script.predealt(Seat::West), hand);
        let theirs = script_for(hand, Seat::West, "predeal west SA\nhcp(south) > 1");
        assert!(theirs.unwrap_err().contains("predeals West"));
        let bad = script_for(hand, Seat::West, "hcp(south >= 15").unwrap_err();
        assert!(bad.contains("1:"), "{bad}");
    }

    #[test]
    fn wilson_is_sound_at_the_ends() {
        let (p, lo, hi) = wilson(0, 100);
        assert_eq!(p, 0.0);
        assert!(lo.abs() < 1e-12, "{lo}");
        assert!((hi - 0.037).abs() < 0.001, "{hi}");
        let (p, lo, hi) = wilson(50, 100);
        assert_eq!(p, 0.5);
        assert!(
            (lo - 0.404).abs() < 0.001 && (hi - 0.596).abs() < 0.001,
            "{lo} {hi}"
        );
    }
}
