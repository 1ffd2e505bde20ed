//! The search: alpha-beta in its null-window form, trick by trick.
//!
//! Each search answers one question: can North-South take `target` of the
//! tricks left? For a strain and an opening leader (or a trick under way,
//! in a play's analysis) the driver asks it with one target after another,
//! stepping from a guess to the answer. Along the way:
//!
//! - **Rank equivalence.** Of a hand's cards in sequence among the cards
//!   still out (the ♠Q and ♠J when the ♠K has gone or is the hand's own),
//!   only the top one is tried.
//! - **Quick tricks.** At the start of a trick, the winners the leader's
//!   side can cash where no opponent can ruff them can answer the question
//!   without a search: the leader's, partner's when the leader can reach
//!   them (a lead partner wins, a suit partner ruffs with no opponent able
//!   to ruff first or over it, or the leader's top card and then a small
//!   one to partner's second: Ax opposite Kx), or both together, partner
//!   having cards to spare for the leader's winners. A hand's winners in
//!   a suit are counted by cashing it from the top while each other hand
//!   drops its lowest card (the opponents' best defence: a king that must
//!   fall under the ace lets the nine and eight win after it), and the
//!   rest of the suit once every other hand is out of it (length winners).
//!   The side's top trumps count whoever holds them; when it holds every
//!   trump still out, as many tricks as its longer hand has trumps.
//! - **Sure tricks for the other side.** Holding every trump still out,
//!   as many as its longer hand has trumps (each trick that hand plays one
//!   on is the side's); else its top trumps in one hand, the top two split
//!   with a trump to spare, the second trump over the top one with a trump
//!   to spare, or the second and third against the top each take a trick
//!   whatever is led; and the leader's side loses the trick when the other
//!   side holds the top card of every suit the leader can lead, or, with no
//!   trumps left, when it needs every trick and holds the top card of too
//!   few suits (DDS's later tricks). When the side that plays second needs
//!   only the trick under way, it has it if it holds the top card of the
//!   suit led and the leader's partner cannot ruff.
//! - **Partition search.** Every answer comes back with the cards it rests
//!   on: in each suit, the cards from the top down to the lowest that won a
//!   trick by its rank. At the start of a trick the answer is kept in the
//!   table for every position that agrees on those cards. A position with
//!   no trump left plays as in notrump: such positions share one table
//!   over the deal's five strains (notrump solved first).
//!   Rank equivalence asks one thing more: when every card a hand tried
//!   failed, and the lowest card that mattered lies in a run the hand tried
//!   only by its top, the whole run matters, down to its lowest card (the
//!   matching position may hold another card between them). And the
//!   answer's cards prune: when a card that failed did not matter, the
//!   hand's other cards of its suit below those that did would fail the
//!   same way, and are not tried (DDS's documentation credits this to
//!   Kuijf).
//! - **Move ordering.** A lead is scored by its suit and its card, with
//!   the weights DDS's documentation describes: a suit where the opponents
//!   have few cards to choose from (a void counts as a free choice), where
//!   they cannot ruff and the fourth hand holds neither of the two top
//!   cards; a card that takes the trick for the side, the more so when
//!   the side holds the top cards in one hand or between the two.
//!   The first choice in each suit comes before any suit's second, at a
//!   lead and out of the suit led (DDS's documentation again), and out of
//!   the suit led a card scores more the longer its suit.
//!   A second, third or fourth hand tries first the cheapest card that
//!   takes the trick and holds it against the opponent still to play; it
//!   plays low when partner's card already holds the trick so, and second
//!   hand tries a card third hand can beat only after its low cards.
//!   Before all that, the card that last cut at a position like this one
//!   is tried first, the others scored only if it fails (bridge-solver's
//!   cutoff cards): at a lead, one where the hand and partner's are the
//!   same; following suit, one where the suit's cards are the same and the
//!   same card holds the trick. It took 40% of the nodes off random deals
//!   and 90% off bridge-solver's symmetric deal in notrump.

use crate::bits::{self, Isa, Portable};
use crate::table::{self, Table as Memory};
use crate::{Choices, Deal, Illegal, PlayError, Table, NOTRUMP, SUIT};

/// Solves deals; its table is kept between the leaders of one strain (and
/// along a play in [`Solver::play`]), and for positions with no trump
/// left, over a deal's strains.
pub struct Solver {
    memory: Memory,
    /// Positions with no trump left, which play as in notrump: kept over
    /// the deal's five strains.
    plain: Memory,
    /// The card that last cut at a position like this one, in the slot
    /// [`Search::cutoff_slot`] gives: its index in bits 0-7 and the slot's
    /// check over them (0 for none). Kept over a strain's leaders, not over
    /// strains (the last strain's cards, kept, cost 60% more nodes).
    cutoff: Vec<u32>,
    nodes: u64,
    v3: bool,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// A solver using the fastest code this processor runs.
    pub fn new() -> Solver {
        Solver {
            memory: Memory::default(),
            plain: Memory::default(),
            cutoff: vec![0; 1 << CUTOFF_BITS],
            nodes: 0,
            v3: bits::has_v3(),
        }
    }

    /// A solver whose two tables keep at most `entries` entries each (to
    /// test the bound, which is [`table::CAPACITY`]).
    #[cfg(test)]
    fn with_capacity(entries: usize) -> Solver {
        Solver {
            memory: Memory::with_capacity(entries),
            plain: Memory::with_capacity(entries),
            ..Solver::new()
        }
    }

    /// The same solver on code for any processor (for tests: both forms
    /// must give the same answers and the same nodes).
    pub fn portable(mut self) -> Solver {
        self.v3 = false;
        self
    }

    /// Cards tried so far, all searches together: every card tried counts
    /// one.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The tricks each declarer takes in each strain.
    pub fn table(&mut self, deal: &Deal) -> Table {
        let mut table = Table::default();
        let n = deal.len() as u8;
        self.plain.clear();
        // Notrump first: its table is the one every strain's positions
        // with no trump left share.
        for strain in [4, 0, 1, 2, 3] {
            self.memory.clear();
            self.cutoff.fill(0);
            let mut guess = n / 2;
            for leader in [1, 2, 3, 0] {
                let ns = self.ns_tricks(deal, strain, leader, guess);
                guess = ns;
                let declarer = (leader + 3) % 4;
                table.set(
                    strain,
                    declarer,
                    if declarer % 2 == 0 { ns } else { n - ns },
                );
            }
        }
        table
    }

    /// The tricks North-South take in `strain` with `leader` on lead.
    ///
    /// # Panics
    ///
    /// When `strain` is over 4 or `leader` over 3.
    pub fn tricks(&mut self, deal: &Deal, strain: usize, leader: usize) -> u8 {
        assert!(strain <= NOTRUMP && leader < 4, "strain 0-4, seat 0-3");
        self.forget();
        self.ns_tricks(deal, strain, leader, deal.len() as u8 / 2)
    }

    /// Play analysis: North-South's tricks under best play (the tricks
    /// they have won counted) before the first of `cards` and after each,
    /// the play opened by `leader` in `strain` and each card a bit of a
    /// hand (the first [`PlayError`] if one cannot be played). Every
    /// position is searched with the table kept from the one before: after
    /// a card that costs nothing, its answer is mostly there.
    ///
    /// # Panics
    ///
    /// When `strain` is over 4 or `leader` over 3.
    ///
    /// ```
    /// use boardfile_dd::{Deal, Solver, NOTRUMP};
    /// // A suit a hand, North declaring notrump: East, on lead, takes
    /// // every trick with the hearts.
    /// let deal = Deal::from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432").unwrap();
    /// let ace = |suit: u32| 1u64 << (16 * suit + 12);
    /// // East leads the diamond ace (East has none: refused), then the
    /// // heart ace; the others discard their aces.
    /// assert!(Solver::new().play(&deal, NOTRUMP, 1, &[ace(2)]).is_err());
    /// let values = Solver::new().play(&deal, NOTRUMP, 1, &[ace(1), ace(2), ace(3), ace(0)]).unwrap();
    /// assert_eq!(values, [0, 0, 0, 0, 0]);
    /// ```
    pub fn play(
        &mut self,
        deal: &Deal,
        strain: usize,
        leader: usize,
        cards: &[u64],
    ) -> Result<Vec<u8>, PlayError> {
        assert!(strain <= NOTRUMP && leader < 4, "strain 0-4, seat 0-3");
        self.forget();
        let v3 = self.v3;
        self.with_search(deal, strain, |search| {
            #[cfg(target_arch = "x86_64")]
            if v3 {
                // SAFETY: the processor has the features (bits::has_v3).
                return unsafe { v3::analyse(search, leader, cards) };
            }
            let _ = v3;
            search.analyse::<Portable>(leader, cards)
        })
    }

    /// A position in the middle of play, valued card by card: after
    /// `cards` (the play opened by `leader` in `strain`, each card a bit
    /// of a hand), the seat to play, North-South's tricks won so far, and
    /// each card that seat may play with North-South's tricks in all
    /// under best play after it (in the order of their bits, from the
    /// highest). DDS's `SolveBoard`
    /// with every solution, as a count for North-South.
    ///
    /// # Panics
    ///
    /// When `strain` is over 4 or `leader` over 3.
    ///
    /// ```
    /// use boardfile_dd::{Deal, Solver, NOTRUMP};
    /// // North's spades and East's hearts: East, on lead, takes every
    /// // trick whatever the card (13 hearts), so North-South none.
    /// let deal = Deal::from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432").unwrap();
    /// let c = Solver::new().choices(&deal, NOTRUMP, 1, &[]).unwrap();
    /// assert_eq!((c.seat, c.won, c.cards.len()), (1, 0, 13));
    /// assert!(c.cards.iter().all(|&(_, ns)| ns == 0));
    /// ```
    pub fn choices(
        &mut self,
        deal: &Deal,
        strain: usize,
        leader: usize,
        cards: &[u64],
    ) -> Result<Choices, PlayError> {
        self.choices_kept(deal, strain, leader, cards, true)
    }

    /// [`Solver::choices`] with every card searched afresh, nothing kept
    /// from the card before: what the kept table saves, to measure.
    pub fn choices_cold(
        &mut self,
        deal: &Deal,
        strain: usize,
        leader: usize,
        cards: &[u64],
    ) -> Result<Choices, PlayError> {
        self.choices_kept(deal, strain, leader, cards, false)
    }

    fn choices_kept(
        &mut self,
        deal: &Deal,
        strain: usize,
        leader: usize,
        cards: &[u64],
        kept: bool,
    ) -> Result<Choices, PlayError> {
        assert!(strain <= NOTRUMP && leader < 4, "strain 0-4, seat 0-3");
        self.forget();
        let v3 = self.v3;
        self.with_search(deal, strain, |search| {
            #[cfg(target_arch = "x86_64")]
            if v3 {
                // SAFETY: the processor has the features (bits::has_v3).
                return unsafe { v3::choices(search, leader, cards, !kept) };
            }
            let _ = v3;
            search.choices::<Portable>(leader, cards, !kept)
        })
    }

    /// Empties the tables and the cutoff cards: a new deal or play.
    fn forget(&mut self) {
        self.memory.clear();
        self.plain.clear();
        self.cutoff.fill(0);
    }

    fn ns_tricks(&mut self, deal: &Deal, strain: usize, leader: usize, guess: u8) -> u8 {
        let v3 = self.v3;
        self.with_search(deal, strain, |search| {
            let lead = Trick::lead(leader, search.out());
            #[cfg(target_arch = "x86_64")]
            if v3 {
                // SAFETY: the processor has the features (bits::has_v3).
                return unsafe { v3::drive(search, &lead, guess) };
            }
            let _ = v3;
            search.drive::<Portable>(&lead, guess)
        })
    }

    /// Runs `f` on a search of `deal` in `strain` over this solver's
    /// tables, counting its nodes.
    fn with_search<T>(
        &mut self,
        deal: &Deal,
        strain: usize,
        f: impl FnOnce(&mut Search) -> T,
    ) -> T {
        let mut search = Search {
            hands: deal.hands,
            trump: strain,
            memory: &mut self.memory,
            plain: &mut self.plain,
            cutoff: &mut self.cutoff,
            nodes: 0,
        };
        let out = f(&mut search);
        self.nodes += search.nodes;
        out
    }
}

/// Lifts a card over every score a move gets otherwise (which stay within
/// ±400): the first choice in each suit, at a lead or out of the suit led
/// (where the cutoff card was tried first, it was its suit's first).
const FIRST_OF_ITS_SUIT: i32 = 1000;

/// Slots of the cutoff cards: 2^18.
const CUTOFF_BITS: u32 = 18;

/// The state of one search.
struct Search<'a> {
    hands: [u64; 4],
    /// The trump suit, or [`NOTRUMP`].
    trump: usize,
    memory: &'a mut Memory,
    plain: &'a mut Memory,
    cutoff: &'a mut [u32],
    nodes: u64,
}

/// A trick in progress.
#[derive(Clone, Copy)]
struct Trick {
    leader: usize,
    /// Cards played so far.
    count: usize,
    /// The cards played, together.
    played: u64,
    /// The suit led (its 13 bits in place).
    led: u64,
    /// Who holds the trick so far, and with what.
    winner: usize,
    best: u64,
    /// The cards out when the trick began (the hands' and the trick's).
    out: u64,
}

impl Trick {
    /// A trick `leader` is to lead, `out` the cards in the hands.
    fn lead(leader: usize, out: u64) -> Trick {
        Trick {
            leader,
            count: 0,
            played: 0,
            led: 0,
            winner: leader,
            best: 0,
            out,
        }
    }

    /// The seat to play.
    fn next(&self) -> usize {
        (self.leader + self.count) % 4
    }
}

/// The bits of `card`'s suit.
#[inline(always)]
fn suit_of(card: u64) -> u64 {
    SUIT << (card.trailing_zeros() / 16 * 16)
}

/// The cards of `card`'s suit from `card` up.
#[inline(always)]
fn from_up(card: u64) -> u64 {
    suit_of(card) & !(card - 1)
}

/// Each suit's cards from its lowest card in `m` up: the form in which a
/// search says which cards its answer rests on.
#[inline(always)]
fn close(m: u64) -> u64 {
    let mut out = 0;
    for s in 0..4 {
        let x = m >> (16 * s) & SUIT;
        if x != 0 {
            out |= (SUIT & !((x & x.wrapping_neg()) - 1)) << (16 * s);
        }
    }
    out
}

/// The cards of `hand` above every card of `others`.
#[inline(always)]
fn above(hand: u64, others: u64) -> u64 {
    if others == 0 {
        hand
    } else {
        hand & !((top(others) << 1) - 1)
    }
}

/// The highest card of `x` (not zero).
#[inline(always)]
fn top(x: u64) -> u64 {
    1 << (63 - x.leading_zeros())
}

/// Each hand's length in each suit, four bits each (seat `h`, suit `s` at
/// bits `16 h + 4 s`).
#[inline(always)]
fn lengths(hands: &[u64; 4]) -> u64 {
    let mut k = 0;
    for (h, &hand) in hands.iter().enumerate() {
        for s in 0..4 {
            k |= ((hand >> (16 * s) & SUIT).count_ones() as u64) << (16 * h + 4 * s);
        }
    }
    k
}

/// A hand's winners, cashed from the top: how many, the cards from the
/// top that make them (not the length winners under them, which win by
/// the suit's lengths), and how many in each suit.
struct Cash {
    tricks: u32,
    cards: u64,
    cash: [u32; 4],
}

impl Cash {
    /// The same winners without suit `s`'s.
    #[inline(always)]
    fn without(&self, s: usize) -> Cash {
        let mut rest = Cash {
            tricks: self.tricks - self.cash[s],
            cards: self.cards & !(SUIT << (16 * s)),
            cash: self.cash,
        };
        rest.cash[s] = 0;
        rest
    }

    /// The winners of the fewest suits that make `need` tricks (the
    /// fewer cards an answer rests on, the more positions it answers for).
    #[inline(always)]
    fn enough(&self, need: u32) -> u64 {
        let mut order = [0, 1, 2, 3];
        order.sort_unstable_by_key(|&s| std::cmp::Reverse(self.cash[s]));
        let (mut got, mut cards) = (0, 0);
        for s in order {
            if got >= need {
                break;
            }
            got += self.cash[s];
            cards |= self.cards & SUIT << (16 * s);
        }
        cards
    }
}

/// Whether the leader's side takes `need` tricks when the leader cashes
/// the winners of `rest` still needed beyond partner's `via`, then crosses
/// to partner, whose part rests on `theirs`; if so, the cards all that
/// rests on.
#[inline(always)]
fn then_partner(rest: &Cash, via: u32, theirs: u64, need: u32) -> Option<u64> {
    let mine_needed = need.saturating_sub(via);
    (rest.tricks >= mine_needed).then(|| close(rest.enough(mine_needed) | theirs))
}

/// The two sides at the start of a trick, as quick tricks see them: the
/// leader's and partner's hands and winners, and the opponents' hands.
struct Sides {
    mine: u64,
    partner: u64,
    opps: [u64; 2],
    own: Cash,
    theirs: Cash,
}

/// Moves to try at one card: each the top card of a run, the run's lowest
/// card, and the order's score.
struct Moves {
    card: [u64; 13],
    low: [u64; 13],
    score: [i32; 13],
    len: usize,
}

impl Moves {
    /// The runs of `hand` (one suit's cards or several) among `out`, suit
    /// by suit, the lowest first (the order most nodes want them, so the
    /// sort moves little).
    #[inline(always)]
    fn runs<I: Isa>(hand: u64, out: u64) -> Moves {
        let mut m = Moves {
            card: [0; 13],
            low: [0; 13],
            score: [0; 13],
            len: 0,
        };
        if I::NATIVE {
            // In the packed form of `out`, a run's top is a card of the
            // hand's whose next card up is not (or is another suit's), its
            // lowest one whose next card down is not.
            let lowest = out & !((out | 0x8000_8000_8000_8000) - 0x0001_0001_0001_0001);
            let bottoms = I::pext(lowest, out);
            let n = out.count_ones();
            let tops = (bottoms >> 1) | 1 << (n - 1);
            let r = I::pext(hand, out);
            let highs = I::pdep(r & (!(r >> 1) | tops), out);
            let lows = I::pdep(r & (!(r << 1) | bottoms), out);
            for s in 0..4 {
                let (mut high, mut low) = (highs & SUIT << (16 * s), lows & SUIT << (16 * s));
                while high != 0 {
                    let (c, l) = (high & high.wrapping_neg(), low & low.wrapping_neg());
                    m.card[m.len] = c;
                    m.low[m.len] = l;
                    m.len += 1;
                    high ^= c;
                    low ^= l;
                }
            }
            return m;
        }
        for s in 0..4 {
            let mine = hand & SUIT << (16 * s);
            if mine == 0 {
                continue;
            }
            let mut rest = out & SUIT << (16 * s);
            let mut open = false;
            while rest != 0 {
                let c = rest & rest.wrapping_neg();
                rest ^= c;
                if mine & c != 0 {
                    if open {
                        m.card[m.len - 1] = c;
                    } else {
                        m.card[m.len] = c;
                        m.low[m.len] = c;
                        m.len += 1;
                        open = true;
                    }
                } else {
                    open = false;
                }
            }
        }
        m
    }

    /// Brings move `i` to the front, the others keeping their order.
    #[inline(always)]
    fn bring_first(&mut self, i: usize) {
        self.card[..=i].rotate_right(1);
        self.low[..=i].rotate_right(1);
    }

    /// Sorts the moves from `from` on by score, highest first (stable).
    #[inline(always)]
    fn sort(&mut self, from: usize) {
        for i in from + 1..self.len {
            let (card, low, score) = (self.card[i], self.low[i], self.score[i]);
            let mut j = i;
            while j > from && self.score[j - 1] < score {
                self.card[j] = self.card[j - 1];
                self.low[j] = self.low[j - 1];
                self.score[j] = self.score[j - 1];
                j -= 1;
            }
            self.card[j] = card;
            self.low[j] = low;
            self.score[j] = score;
        }
    }
}

impl Search<'_> {
    /// North-South's tricks from trick `t` on (a trick to lead or one
    /// under way, its tricks left counted), found by null-window searches
    /// from `guess`.
    #[inline(always)]
    fn drive<I: Step>(&mut self, t: &Trick, guess: u8) -> u8 {
        let n = self.hands[t.next()].count_ones() as u8;
        let (mut lo, mut hi, mut guess) = (0, n, guess);
        while lo < hi {
            let target = guess.clamp(lo + 1, hi);
            let yes = if t.count == 0 {
                I::start(self, t.leader, target).0
            } else {
                I::play(self, t, target).0
            };
            if yes {
                lo = target;
                guess = target + 1;
            } else {
                hi = target - 1;
                guess = target - 1;
            }
        }
        lo
    }

    /// [`Solver::play`] on this search's deal.
    #[inline(always)]
    fn analyse<I: Step>(&mut self, leader: usize, cards: &[u64]) -> Result<Vec<u8>, PlayError> {
        let mut t = Trick::lead(leader, self.out());
        let mut won = 0;
        let mut values = Vec::with_capacity(cards.len() + 1);
        let mut value = self.drive::<I>(&t, self.hands[leader].count_ones() as u8 / 2);
        values.push(value);
        for (index, &card) in cards.iter().enumerate() {
            let seat = self.playable(&t, index, card)?;
            let ns;
            (t, ns) = self.advance(&t, seat, card);
            won += ns;
            // Most cards cost nothing: the last value is the first guess.
            value = won + self.drive::<I>(&t, value.saturating_sub(won));
            values.push(value);
        }
        Ok(values)
    }

    /// The position after `cards` (replayed, nothing searched) and, for
    /// each card the seat to play may play there, North-South's tricks in
    /// all (those won counted) after it under best play: each searched
    /// with the table kept from the one before.
    fn choices<I: Step>(
        &mut self,
        leader: usize,
        cards: &[u64],
        cold: bool,
    ) -> Result<Choices, PlayError> {
        let mut t = Trick::lead(leader, self.out());
        let mut won = 0;
        for (index, &card) in cards.iter().enumerate() {
            let seat = self.playable(&t, index, card)?;
            let ns;
            (t, ns) = self.advance(&t, seat, card);
            won += ns;
        }
        let seat = t.next();
        let hand = self.hands[seat];
        let mut rest = if t.count > 0 && hand & t.led != 0 {
            hand & t.led
        } else {
            hand
        };
        let mut values = Vec::with_capacity(rest.count_ones() as usize);
        let mut guess = hand.count_ones() as u8 / 2;
        while rest != 0 {
            let card = 1 << (63 - rest.leading_zeros());
            rest ^= card;
            let (next, ns) = self.advance(&t, seat, card);
            if cold {
                self.memory.clear();
                self.plain.clear();
                self.cutoff.fill(0);
            }
            let left = self.drive::<I>(&next, guess);
            self.hands[seat] ^= card;
            guess = left;
            values.push((card, won + ns + left));
        }
        Ok(Choices {
            seat,
            won,
            cards: values,
        })
    }

    /// The seat whose turn it is, when it may play `card` (the play's
    /// `index`th), else why not.
    fn playable(&self, t: &Trick, index: usize, card: u64) -> Result<usize, PlayError> {
        let seat = t.next();
        let hand = self.hands[seat];
        let kind = if card.count_ones() != 1 || card & crate::ALL == 0 {
            Illegal::NotACard
        } else if hand & card == 0 {
            Illegal::NotHeld
        } else if t.count > 0 && hand & t.led != 0 && card & t.led == 0 {
            Illegal::Revoke
        } else {
            return Ok(seat);
        };
        Err(PlayError { index, seat, kind })
    }

    /// `card` played by `seat` to `t`, taken from its hand: the trick as
    /// it stands (a new one when it completes one) and whether
    /// North-South won a trick with it (1) or not (0).
    fn advance(&mut self, t: &Trick, seat: usize, card: u64) -> (Trick, u8) {
        let next = self.add(t, seat, card);
        self.hands[seat] ^= card;
        if next.count < 4 {
            return (next, 0);
        }
        let ns = u8::from(next.winner.is_multiple_of(2));
        (Trick::lead(next.winner, self.out()), ns)
    }

    /// Whether North-South take `target` of the tricks left, `leader` on
    /// lead to a new trick; and the cards the answer rests on.
    #[inline(always)]
    fn start_body<I: Step>(&mut self, leader: usize, target: u8) -> (bool, u64) {
        let left = self.hands[leader].count_ones() as u8;
        if target == 0 {
            return (true, 0);
        }
        if target > left {
            return (false, 0);
        }
        let ns = leader.is_multiple_of(2);
        // The leader's side takes `target` (North-South), or enough that
        // North-South cannot.
        let need = if ns { target } else { left - target + 1 };
        if let Some(why) = self.quick_tricks(leader, need) {
            return (ns, why);
        }
        let (sure, why) = self.sure_trumps(leader);
        if ns && sure > left - target {
            return (false, why);
        }
        if !ns && sure >= target {
            return (true, why);
        }
        // The leader's side's own top trumps (partner's are not quick
        // tricks without an entry, but win a trick each all the same).
        let (own, why) = self.top_trumps(leader);
        if own >= need {
            return (ns, why);
        }
        if (ns && target == left) || (!ns && target == 1) {
            if let Some(why) = self.loses_trick(leader) {
                return (!ns, why);
            }
            if let Some(why) = self.short_of_tops(leader, left) {
                return (!ns, why);
            }
        }
        let out = self.out();
        let held = [
            I::pext(self.hands[0], out),
            I::pext(self.hands[1], out),
            I::pext(self.hands[2], out),
        ];
        let key = table::key(lengths(&self.hands), leader);
        if let Some(hit) = self.memory_for(out).probe(key, held, target) {
            return (hit.yes, close(I::pdep(hit.mask, out)));
        }
        let (yes, why) = I::play(self, &Trick::lead(leader, out), target);
        let why = close(why & out);
        self.memory_for(out)
            .store(key, held, I::pext(why, out), target, yes, left);
        (yes, why)
    }

    /// Whether `leader`'s side takes `need` tricks by cashing winners from
    /// the top where no opponent can ruff them: the leader's own, or
    /// partner's when the leader can reach them (a lead partner wins, or
    /// [`Search::ruff_entry`], or [`Search::cross_under`]), or both; if
    /// so, the cards that rests on.
    ///
    /// When the leader cashes first, partner discards at most once a
    /// winner cashed, and always has cards to spare for that: partner
    /// holds as many cards as the leader (the hands are of one length),
    /// at least `need`, and must keep only the cards of its own part of
    /// the plan, so the leader cashes only the `need` less that part.
    #[inline(always)]
    fn quick_tricks(&self, leader: usize, need: u8) -> Option<u64> {
        let need = need as u32;
        let mine = self.hands[leader];
        let partner = self.hands[(leader + 2) % 4];
        let opps = [self.hands[(leader + 1) % 4], self.hands[(leader + 3) % 4]];
        let out = mine | partner | opps[0] | opps[1];
        let own = self.cashable(mine, out, opps);
        if own.tricks >= need {
            return Some(close(own.enough(need)));
        }
        let theirs = self.cashable(partner, out, opps);
        // A suit partner wins where the leader has a card to lead: its
        // winners are part of the answer whichever suits make the tricks.
        if let Some(entry) = (0..4)
            .map(|s| SUIT << (16 * s))
            .find(|&suit| theirs.cards & suit != 0 && mine & suit != 0)
        {
            if theirs.tricks >= need {
                return Some(close(theirs.enough(need) | theirs.cards & entry));
            }
            if let Some(why) = then_partner(&own, theirs.tricks, theirs.cards, need) {
                return Some(why);
            }
        }
        let sides = Sides {
            mine,
            partner,
            opps,
            own,
            theirs,
        };
        self.ruff_entry(&sides, need)
            .or_else(|| self.cross_under(&sides, need))
    }

    /// Whether the leader's side takes `need` tricks when the leader cashes
    /// the top card of a suit where partner holds the second, both with a
    /// card to spare and neither opponent able to ruff the two rounds, and
    /// crosses to partner's second card (Ax opposite Kx), the leader first
    /// cashing its own winners outside that suit as needed and partner
    /// then cashing its own (DDS's quick tricks).
    #[inline(always)]
    fn cross_under(&self, sides: &Sides, need: u32) -> Option<u64> {
        let (mine, partner, opps) = (sides.mine, sides.partner, sides.opps);
        let (own, theirs) = (&sides.own, &sides.theirs);
        let trumps = self.trumps();
        let out = mine | partner | opps[0] | opps[1];
        let (s, high, second) = (0..4).find_map(|s| {
            let suit = SUIT << (16 * s);
            if mine & suit == 0 || partner & suit == 0 {
                return None;
            }
            let rest = out & suit;
            let high = top(rest);
            let second = top(rest ^ high);
            let two = |h: u64| (h & suit).count_ones() >= 2;
            (mine & high != 0
                && partner & second != 0
                && two(mine)
                && two(partner)
                && opps
                    .iter()
                    .all(|&o| two(o) || o & trumps == 0 || suit == trumps))
            .then_some((s, high, second))
        })?;
        let theirs = theirs.without(s);
        let via = theirs.tricks + 2;
        if via >= need {
            return Some(close(high | second | theirs.enough(need.saturating_sub(2))));
        }
        then_partner(&own.without(s), via, high | second | theirs.cards, need)
    }

    /// Whether the leader's side takes `need` tricks when partner ruffs a
    /// side suit the leader leads (partner void in it and holding a trump,
    /// each opponent following or holding no trump, so none can ruff
    /// before or over partner) and cashes its winners, the leader first
    /// cashing its own winners outside that suit and trumps as needed.
    /// The ruff rests on the suits' lengths alone.
    #[inline(always)]
    fn ruff_entry(&self, sides: &Sides, need: u32) -> Option<u64> {
        let (mine, partner, opps) = (sides.mine, sides.partner, sides.opps);
        let (own, theirs) = (&sides.own, &sides.theirs);
        let trumps = self.trumps();
        if trumps == 0 || partner & trumps == 0 {
            return None;
        }
        // Partner ruffs with its lowest trump, a winner only when all its
        // trumps are.
        let t = self.trump;
        let spent = (theirs.cash[t] == (partner & trumps).count_ones()) as u32;
        let via = theirs.tricks + 1 - spent;
        let suit = (0..4).filter(|&s| s != t).find(|&s| {
            let suit = SUIT << (16 * s);
            mine & suit != 0
                && partner & suit == 0
                && opps.iter().all(|&o| o & suit != 0 || o & trumps == 0)
        })?;
        then_partner(&own.without(suit).without(t), via, theirs.cards, need)
    }

    /// The winners `hand` cashes from the top of each suit, no opponent
    /// able to ruff them.
    #[inline(always)]
    fn cashable(&self, hand: u64, out: u64, opps: [u64; 2]) -> Cash {
        let trumps = self.trumps();
        let mut c = Cash {
            tricks: 0,
            cards: 0,
            cash: [0; 4],
        };
        let partner = out & !hand & !opps[0] & !opps[1];
        for s in 0..4 {
            let suit = SUIT << (16 * s);
            if hand & suit == 0 {
                continue;
            }
            // Cash from the top while the hand's top card beats every other
            // hand's; the others keep their highest cards (the opponents'
            // best defence), so each drops its lowest. Once they are all
            // out of the suit, the rest of the hand's cards win by length.
            let mut h = hand & suit;
            let mut others = [opps[0] & suit, opps[1] & suit, partner & suit];
            let (mut cash, mut lowest) = (0, 0);
            while h != 0 {
                let rest = others[0] | others[1] | others[2];
                if rest == 0 {
                    cash += h.count_ones();
                    break;
                }
                let c = top(h);
                if c < rest {
                    break;
                }
                cash += 1;
                lowest = c;
                h ^= c;
                for o in others.iter_mut() {
                    *o &= o.wrapping_sub(1);
                }
            }
            if suit & trumps == 0 {
                for opp in opps {
                    if opp & trumps != 0 {
                        cash = cash.min((opp & suit).count_ones());
                    }
                }
            }
            if cash > 0 {
                c.tricks += cash;
                c.cash[s] = cash;
                // The cards that won by rank, at most `cash` of them.
                let mut cards = if lowest == 0 {
                    0
                } else {
                    hand & suit & !(lowest - 1)
                };
                while cards.count_ones() > cash {
                    cards &= cards - 1;
                }
                c.cards |= cards;
            }
        }
        c
    }

    /// When the other side wins this trick whatever the leader leads (it
    /// holds the top card of each of the leader's suits, and the leader's
    /// partner cannot ruff), those top cards.
    #[inline(always)]
    fn loses_trick(&self, leader: usize) -> Option<u64> {
        let mine = self.hands[leader];
        let partner = self.hands[(leader + 2) % 4];
        let opps = self.hands[(leader + 1) % 4] | self.hands[(leader + 3) % 4];
        let out = mine | partner | opps;
        let trumps = self.trumps();
        let mut why = 0;
        for s in 0..4 {
            let suit = SUIT << (16 * s);
            if mine & suit == 0 {
                continue;
            }
            let high = top(out & suit);
            if opps & high == 0
                || suit & trumps == 0 && partner & suit == 0 && partner & trumps != 0
            {
                return None;
            }
            why |= high;
        }
        Some(close(why))
    }

    /// When no trumps are left and the leader's side cannot take every
    /// trick left, the cards that rests on (DDS's later-tricks bound). To
    /// take every trick the side must lead every trick, and never a suit
    /// whose top card the other side still holds: it leads the suits where
    /// it holds the top card, at most as often as its longer hand there
    /// has cards. A suit's top card could leave the other side only as a
    /// discard, which a hand is forced into only when every card it holds
    /// is the top of another suit, three tricks or fewer from the end;
    /// there too the side cannot take them all (a second reader checked
    /// every such ending by exhaustive play).
    #[inline(always)]
    fn short_of_tops(&self, leader: usize, left: u8) -> Option<u64> {
        let out = self.out();
        if out & self.trumps() != 0 {
            return None;
        }
        let mine = self.hands[leader];
        let partner = self.hands[(leader + 2) % 4];
        let (mut sum, mut why) = (0, 0);
        for s in 0..4 {
            let suit = SUIT << (16 * s);
            if out & suit == 0 {
                continue;
            }
            let high = top(out & suit);
            if (mine | partner) & high != 0 {
                sum += (mine & suit)
                    .count_ones()
                    .max((partner & suit).count_ones());
            } else {
                why |= high;
            }
        }
        (sum < left as u32).then(|| close(why))
    }

    /// Trump tricks `seat`'s side is sure of by its top trumps, and the
    /// trumps that rests on: as many as its longer hand's trumps when it
    /// holds every trump still out (resting on the lengths alone), else the
    /// top trumps of one hand from the top down, or the top two split
    /// between the partners when either has another trump (they cannot
    /// both fall on one trick).
    #[inline(always)]
    fn top_trumps(&self, seat: usize) -> (u8, u64) {
        let trumps = self.trumps();
        let out = self.out() & trumps;
        if out == 0 {
            return (0, 0);
        }
        let len = |seat: usize| (self.hands[seat] & trumps).count_ones();
        let side = self.hands[seat] | self.hands[(seat + 2) % 4];
        if out & !side == 0 {
            // Every trump out: each trick the longer hand plays one on,
            // the side wins. That rests on the lengths alone.
            return (len(seat).max(len((seat + 2) % 4)) as u8, 0);
        }
        let high = top(out);
        let Some(holder) = [seat, (seat + 2) % 4]
            .into_iter()
            .find(|&h| self.hands[h] & high != 0)
        else {
            return (0, 0);
        };
        let second = if out == high { 0 } else { top(out ^ high) };
        let hand = self.hands[holder] & trumps;
        let others = out & !hand;
        let run = above(hand, others);
        let partner = (holder + 2) % 4;
        if run == high && self.hands[partner] & second != 0 && (len(holder) > 1 || len(partner) > 1)
        {
            return (2, close(high | second));
        }
        (run.count_ones() as u8, close(run))
    }

    /// Trump tricks the side not on lead is sure of, and the trumps that
    /// rests on: when it holds every trump still out, as many as its longer
    /// hand's trumps (resting on the lengths); its top trumps held in one
    /// hand from the top down; the top two split between its hands when
    /// either has another trump (they cannot both fall on one trick); one
    /// when the leader's side holds the top trump and the second sits over
    /// it (plays after it) with another trump, or when the other side holds
    /// the second and the third and they cannot both fall.
    #[inline(always)]
    fn sure_trumps(&self, leader: usize) -> (u8, u64) {
        let other_side = self.top_trumps((leader + 1) % 4);
        if other_side.0 > 0 {
            return other_side;
        }
        // Else the leader's side holds the top trump, or there is none.
        let trumps = self.trumps();
        let out = self.out() & trumps;
        if out == 0 {
            return (0, 0);
        }
        let high = top(out);
        let second = if out == high { 0 } else { top(out ^ high) };
        let len = |seat: usize| (self.hands[seat] & trumps).count_ones();
        let holder = if self.hands[leader] & high != 0 {
            leader
        } else {
            (leader + 2) % 4
        };
        // The second trump takes a
        // trick when it sits over it with a trump to spare, or with the
        // third trump beside it.
        if second == 0 {
            return (0, 0);
        }
        let over = (holder + 1) % 4;
        if self.hands[over] & second != 0 && len(over) > 1 {
            return (1, close(high | second));
        }
        let third = if out == high | second {
            0
        } else {
            top(out ^ high ^ second)
        };
        let min = [(leader + 1) % 4, (leader + 3) % 4];
        let holds = |c: u64| min.iter().find(|&&h| self.hands[h] & c != 0).copied();
        if let (Some(a), Some(b)) = (holds(second), holds(third)) {
            if a == b || len(a) > 1 || len(b) > 1 {
                return (1, close(high | second | third));
            }
        }
        (0, 0)
    }

    /// Whether North-South take `target` of the tricks left (the current
    /// trick's among them), the trick under way; and the cards the answer
    /// rests on.
    #[inline(always)]
    fn play_body<I: Step>(&mut self, t: &Trick, target: u8) -> (bool, u64) {
        let seat = (t.leader + t.count) % 4;
        let ns = seat.is_multiple_of(2);
        let hand = self.hands[seat];
        if t.count == 1 {
            if let Some(why) = self.second_wins(t, seat, target) {
                return (ns, why);
            }
        }
        let legal = if hand & t.led != 0 {
            hand & t.led
        } else {
            hand
        };
        let mut moves = Moves::runs::<I>(legal, t.out);
        // The card that last cut here is tried before the others are
        // scored: mostly it cuts again.
        let slot = if moves.len > 1 {
            self.cutoff_slot(t, seat)
        } else {
            None
        };
        let mut sorted = moves.len < 2;
        if !sorted && !self.cutoff_first(slot, &mut moves) {
            self.order(t, seat, &mut moves, 0);
            sorted = true;
        }
        let (mut why, mut small) = (0, 0);
        for i in 0..moves.len {
            if i == 1 && !sorted {
                self.order(t, seat, &mut moves, 1);
            }
            let card = moves.card[i];
            if card & small != 0 {
                continue;
            }
            self.nodes += 1;
            let next = self.add(t, seat, card);
            self.hands[seat] ^= card;
            let (yes, w) = if next.count == 4 {
                let won = next.winner.is_multiple_of(2) as u8;
                let (yes, w) = I::start(self, next.winner, target - won);
                // The winner's rank mattered when it beat a card of its suit.
                let rank = if next.played & suit_of(next.best) != next.best {
                    from_up(next.best)
                } else {
                    0
                };
                (yes, w | rank)
            } else {
                I::play(self, &next, target)
            };
            self.hands[seat] ^= card;
            if yes == ns {
                if let Some((slot, check)) = slot {
                    self.cutoff[slot] = check | card.trailing_zeros();
                }
                return (yes, w);
            }
            why |= w;
            // A card whose rank did not matter stands for every card of its
            // suit under the cards that did: the position after any of them
            // matches the one searched.
            if card & w == 0 {
                small |= suit_of(card) & !w;
            }
        }
        // Every card failed: a run tried by its top that reaches into the
        // cards that mattered matters down to its lowest card.
        let mut extra = 0;
        for i in 0..moves.len {
            if why & moves.card[i] != 0 {
                extra |= from_up(moves.low[i]);
            }
        }
        (!ns, why | extra)
    }

    /// When the second hand's side needs only this trick and is sure of
    /// it, the cards that rests on: the side holds the top card of the
    /// suit led, and the leader's partner cannot ruff.
    #[inline(always)]
    fn second_wins(&self, t: &Trick, seat: usize, target: u8) -> Option<u64> {
        let left = self.hands[seat].count_ones() as u8;
        let one = if seat.is_multiple_of(2) {
            target == 1
        } else {
            target == left
        };
        if !one {
            return None;
        }
        let high = top(t.out & t.led);
        let side = self.hands[seat] | self.hands[(seat + 2) % 4];
        let third = self.hands[(seat + 1) % 4];
        let trumps = self.trumps();
        (side & high != 0 && (third & t.led != 0 || third & trumps == 0)).then(|| from_up(high))
    }

    /// The trick after `seat` plays `card`.
    #[inline(always)]
    fn add(&self, t: &Trick, seat: usize, card: u64) -> Trick {
        let mut next = *t;
        next.count += 1;
        next.played |= card;
        if t.count == 0 {
            next.led = suit_of(card);
            next.winner = seat;
            next.best = card;
        } else {
            let best_suit = suit_of(t.best);
            let beats = if card & best_suit != 0 {
                card > t.best
            } else {
                card & self.trumps() != 0
            };
            if beats {
                next.winner = seat;
                next.best = card;
            }
        }
        next
    }

    /// The table for positions whose cards still out are `out`: with no
    /// trump among them, the one shared with notrump.
    #[inline(always)]
    fn memory_for(&mut self, out: u64) -> &mut Memory {
        if out & self.trumps() == 0 {
            self.plain
        } else {
            self.memory
        }
    }

    /// The trump suit's cards (none in notrump).
    #[inline(always)]
    fn trumps(&self) -> u64 {
        if self.trump == NOTRUMP {
            0
        } else {
            SUIT << (16 * self.trump)
        }
    }

    /// The cards still in the hands.
    #[inline(always)]
    fn out(&self) -> u64 {
        self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
    }

    /// Whether `hand` can beat `best` in a trick whose led suit is `led`.
    #[inline(always)]
    fn beats(&self, hand: u64, best: u64, led: u64) -> bool {
        let trumps = self.trumps();
        let suit = suit_of(best);
        if hand & led != 0 {
            // It must follow: only a higher card of the led suit beats, and
            // only if the best is of the led suit.
            suit == led && hand & suit & !(best - 1) != 0
        } else if best & trumps != 0 {
            hand & trumps & !(best - 1) != 0
        } else {
            hand & trumps != 0
        }
    }

    /// A lead's score: the suit's (few cards for the opponents to choose
    /// from, no ruff for them, no high card over it in the fourth hand)
    /// and the card's (whether the side takes the trick, who holds the top
    /// cards of the suit).
    #[inline(always)]
    fn lead_score(&self, seat: usize, card: u64, out: u64) -> i32 {
        let trumps = self.trumps();
        let mine = self.hands[seat];
        let partner = self.hands[(seat + 2) % 4];
        let (lho, rho) = (self.hands[(seat + 1) % 4], self.hands[(seat + 3) % 4]);
        let suit = suit_of(card);
        let rank = (card.trailing_zeros() % 16) as i32;
        let left = mine.count_ones() as i32;
        let rest = out & suit;
        let highest = top(rest);
        let second = if rest == highest {
            0
        } else {
            top(rest ^ highest)
        };
        // Choices the opponents have: their cards in the suit, or any card
        // when void.
        let choice = |o: u64| {
            if o & suit == 0 {
                4 * left + 4
            } else {
                4 * (o & suit).count_ones() as i32
            }
        };
        let mut weight = -((choice(lho) + choice(rho)) * 32) / 15;
        let ruff = |o: u64| suit & trumps == 0 && o & suit == 0 && o & trumps != 0;
        if ruff(lho) || ruff(rho) {
            weight -= 10;
        }
        if rho & (highest | second) != 0 {
            weight -= 18;
        }
        if suit & trumps == 0
            && trumps != 0
            && (mine & suit).count_ones() == 1
            && mine & trumps != 0
            && partner & highest != 0
            && (partner & suit).count_ones() >= 2
        {
            weight += 16;
        }
        let side = mine | partner;
        let wins = side & highest != 0 && !ruff(lho) && !ruff(rho);
        let singleton_top = [lho, rho]
            .iter()
            .any(|&o| o & suit == highest && o & highest != 0);
        let equal_below = |c: u64| {
            // The hand holds the card under `c` among those out.
            let below = rest & (c - 1);
            below != 0 && mine & top(below) != 0
        };
        weight
            + if singleton_top {
                (if wins { 40 } else { 29 }) - rank
            } else if mine & highest != 0 {
                if partner & second != 0 {
                    (if wins { 50 } else { 44 }) - rank
                } else if card == highest {
                    if wins {
                        31
                    } else {
                        25
                    }
                } else {
                    (if wins { 19 } else { 13 }) - rank
                }
            } else if partner & highest != 0 {
                if mine & second != 0 {
                    (if wins { 50 } else { 44 }) - rank
                } else {
                    (if wins { 35 } else { 29 }) - rank
                }
            } else if mine & second != 0 && card == second && equal_below(second) {
                if wins {
                    40
                } else {
                    29
                }
            } else {
                (if wins { 30 } else { 13 }) - rank
            }
    }

    /// Where the card that last cut for `seat` at a position like this
    /// one is kept, and the check that tells it from other positions' cards
    /// in the same slot (bridge-solver's cutoff cards): at a lead, by the
    /// hand and partner's; following suit, by the suit's cards at the
    /// trick's start and the card holding the trick. None out of the suit
    /// led, where a remembered card cost nodes: 4% more over the 90 deals
    /// with it.
    #[inline(always)]
    fn cutoff_slot(&self, t: &Trick, seat: usize) -> Option<(usize, u32)> {
        let hand = self.hands[seat];
        let (cards, other) = if t.count == 0 {
            (hand, self.hands[(seat + 2) % 4])
        } else if hand & t.led != 0 {
            (t.out & t.led, t.best)
        } else {
            return None;
        };
        let x = (cards ^ other.rotate_left(13) ^ (t.count * 4 + seat) as u64)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let x = x ^ x >> 29;
        Some(((x >> (64 - CUTOFF_BITS)) as usize, (x as u32) << 8 | 0x100))
    }

    /// Scores `moves` for `seat` from `from` on, best first.
    #[inline(always)]
    fn order(&self, t: &Trick, seat: usize, moves: &mut Moves, from: usize) {
        let trumps = self.trumps();
        let out = t.out & !t.played;
        // A lead, or a hand out of the suit led: the hand picks the suit.
        let any_suit = t.count == 0 || self.hands[seat] & t.led == 0;
        for i in from..moves.len {
            let card = moves.card[i];
            let rank = (card.trailing_zeros() % 16) as i32;
            let score = if t.count == 0 {
                self.lead_score(seat, card, out)
            } else {
                // The opponent still to play after this seat, if any.
                let later = if t.count < 3 {
                    self.hands[(seat + 1) % 4]
                } else {
                    0
                };
                let partner_holds = t.winner % 2 == seat % 2;
                let low = -rank - if card & trumps != 0 { 20 } else { 0 };
                if partner_holds && !self.beats(later, t.best, t.led) {
                    low
                } else {
                    let next = self.add(t, seat, card);
                    if next.winner != seat {
                        low
                    } else if !self.beats(later, card, t.led) {
                        // The cheapest card that holds the trick.
                        100 - rank
                    } else if partner_holds || t.count == 1 {
                        low
                    } else {
                        50 - rank
                    }
                }
            };
            // Out of the suit led, the longer the suit the better to
            // discard from (or ruff with): DDS's weight, length × 64 / 36.
            let length = if t.count > 0 && any_suit {
                (self.hands[seat] & suit_of(card)).count_ones() as i32 * 64 / 36
            } else {
                0
            };
            moves.score[i] = score + length;
        }
        if any_suit {
            // The first choice in each suit before any suit's second: with
            // the cards of one suit first, a wrong guess of suit is paid
            // for with each of them (on bridge-solver's symmetric deal,
            // more than 5 times the time in notrump).
            let mut best = [usize::MAX; 4];
            // The first move, tried already, was its suit's first choice.
            let tried = if from == 1 {
                (moves.card[0].trailing_zeros() / 16) as usize
            } else {
                4
            };
            for i in from..moves.len {
                let s = (moves.card[i].trailing_zeros() / 16) as usize;
                if s == tried {
                    continue;
                }
                if best[s] == usize::MAX || moves.score[i] > moves.score[best[s]] {
                    best[s] = i;
                }
            }
            for i in best {
                if i != usize::MAX {
                    moves.score[i] += FIRST_OF_ITS_SUIT;
                }
            }
        }
        moves.sort(from);
    }

    /// Puts first the run holding the card kept in `slot` (from
    /// [`Search::cutoff_slot`]), if the hand has it; whether it did.
    #[inline(always)]
    fn cutoff_first(&self, slot: Option<(usize, u32)>, moves: &mut Moves) -> bool {
        let Some((slot, check)) = slot else {
            return false;
        };
        let c = self.cutoff[slot];
        if c & !0xff != check {
            return false;
        }
        let c = 1u64 << (c & 0xff);
        match (0..moves.len).find(|&i| moves.low[i] <= c && c <= moves.card[i]) {
            Some(i) => {
                moves.bring_first(i);
                true
            }
            None => false,
        }
    }
}

/// The search's recursive steps, through which a search started in one
/// compilation stays in it.
trait Step: Isa {
    fn start(s: &mut Search, leader: usize, target: u8) -> (bool, u64);
    fn play(s: &mut Search, t: &Trick, target: u8) -> (bool, u64);
}

impl Step for Portable {
    fn start(s: &mut Search, leader: usize, target: u8) -> (bool, u64) {
        s.start_body::<Portable>(leader, target)
    }
    fn play(s: &mut Search, t: &Trick, target: u8) -> (bool, u64) {
        s.play_body::<Portable>(t, target)
    }
}

/// Code for x86-64-v3: every step compiled with its features.
#[cfg(target_arch = "x86_64")]
mod v3 {
    use super::{Search, Step, Trick};
    use crate::bits::V3;
    use crate::{Choices, PlayError};

    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    pub(super) fn drive(s: &mut Search, t: &Trick, guess: u8) -> u8 {
        s.drive::<V3>(t, guess)
    }

    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    pub(super) fn analyse(
        s: &mut Search,
        leader: usize,
        cards: &[u64],
    ) -> Result<Vec<u8>, PlayError> {
        s.analyse::<V3>(leader, cards)
    }

    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    pub(super) fn choices(
        s: &mut Search,
        leader: usize,
        cards: &[u64],
        cold: bool,
    ) -> Result<Choices, PlayError> {
        s.choices::<V3>(leader, cards, cold)
    }

    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    fn start(s: &mut Search, leader: usize, target: u8) -> (bool, u64) {
        s.start_body::<V3>(leader, target)
    }

    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    fn play(s: &mut Search, t: &Trick, target: u8) -> (bool, u64) {
        s.play_body::<V3>(t, target)
    }

    // SAFETY: V3 steps are reached only through `drive` and `analyse`,
    // called only where the processor has the features.
    impl Step for V3 {
        #[inline(always)]
        fn start(s: &mut Search, leader: usize, target: u8) -> (bool, u64) {
            unsafe { start(s, leader, target) }
        }
        #[inline(always)]
        fn play(s: &mut Search, t: &Trick, target: u8) -> (bool, u64) {
            unsafe { play(s, t, target) }
        }
    }
}

/// The tests' random hands, shared with tests/agreement.rs.
#[cfg(test)]
#[path = "../tests/common/shuffle.rs"]
mod test_hands;

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::rand_core::SeedableRng;

    /// A table too small for a deal makes room and finds the same answers,
    /// with more nodes, within its bound.
    #[test]
    fn a_full_table_forgets_but_answers_the_same() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(45);
        for _ in 0..4 {
            let deal = Deal::new(test_hands::random_hands(&mut rng, 13)).unwrap();
            let mut free = Solver::new();
            let mut small = Solver::with_capacity(2000);
            assert_eq!(small.table(&deal), free.table(&deal), "{}", deal.to_pbn());
            assert!(
                small.nodes() > free.nodes(),
                "{}: the bound was never reached",
                deal.to_pbn()
            );
            assert!(small.memory.len() <= 2000 && small.plain.len() <= 2000);
        }
    }
}
