//! Evaluating a script on a deal. Each suit holding is 13 bits (ace
//! lowest); the counts that add a value a card (`hcp`, `control`,
//! `pt0`..`pt9`) are two table look-ups a suit (ace to ten: 32 entries;
//! nine to two: 256), lengths are a population count, shapes one bit of a
//! 2,744-bit table, so a condition costs a few nanoseconds and nothing is
//! allocated a deal.

use super::{BinOp, CountKind, Node, NodeId, Place, Script, Vul, NT};
use crate::model::auction::imps;
use crate::model::card::Strain as DdStrain;
use crate::model::deal::{Deal, Seat};
use crate::model::evaluation::{cccc, quality, suit_losers};
use std::sync::Arc;

/// Per-card counts as look-up tables: index 0 `hcp`, 1 `control`, 2..12
/// `pt0`..`pt9`.
#[derive(Clone)]
struct Tables {
    high: Vec<[i32; 32]>,
    low: Vec<[i32; 256]>,
}

impl Tables {
    fn new(script: &Script) -> Tables {
        let mut values = vec![script.pointcount, {
            let mut c = [0; 13];
            c[0] = 2;
            c[1] = 1;
            c
        }];
        values.extend(script.altcounts.iter().copied());
        let high = values
            .iter()
            .map(|v| {
                std::array::from_fn(|bits| {
                    (0..5).filter(|k| bits >> k & 1 == 1).map(|k| v[k]).sum()
                })
            })
            .collect();
        let low = values
            .iter()
            .map(|v| {
                std::array::from_fn(|bits| {
                    (0..8)
                        .filter(|k| bits >> k & 1 == 1)
                        .map(|k| v[5 + k])
                        .sum()
                })
            })
            .collect();
        Tables { high, low }
    }

    #[inline]
    fn count(&self, kind: usize, holding: u16) -> i32 {
        self.high[kind][usize::from(holding & 0x1f)] + self.low[kind][usize::from(holding >> 5)]
    }
}

fn kind_index(kind: CountKind) -> usize {
    match kind {
        CountKind::Hcp => 0,
        CountKind::Controls => 1,
        CountKind::Alt(n) => 2 + usize::from(n),
    }
}

/// Declarer's score, undoubled, for `tricks` in a contract of `level`
/// (1..7) in `strain` (0 spades .. 3 clubs, 4 notrump).
pub(crate) fn score(vul: bool, level: u8, strain: u8, tricks: i32) -> i32 {
    use crate::model::card::Strain as S;
    let strain = [S::Spades, S::Hearts, S::Diamonds, S::Clubs, S::NoTrump][strain.min(NT) as usize];
    let contract = crate::model::auction::Contract::Bid {
        level,
        strain,
        risk: 0,
        declarer: crate::model::deal::Seat::North,
    };
    contract.score(tricks, vul)
}

/// What a deal's evaluation keeps: the holdings, the variables computed
/// so far (by epoch, so nothing is cleared between deals), the `rnd` stream.
#[derive(Clone)]
struct State {
    hands: [u64; 4],
    hold: [[u16; 4]; 4],
    epoch: u32,
    cache: Vec<(u32, i32)>,
    rnd: u64,
    tricks: Option<crate::model::board::DdTable>,
    div_zero: Option<Place>,
}

/// Evaluates a script's expressions on one deal at a time.
#[derive(Clone)]
pub struct Evaluator {
    script: Arc<Script>,
    core: Core,
}

/// The tables and the deal's state, apart from the script so that both can
/// be borrowed at once.
#[derive(Clone)]
struct Core {
    tables: Tables,
    state: State,
}

impl Evaluator {
    /// An evaluator of `script`, with no deal yet (all hands empty).
    pub fn new(script: Arc<Script>) -> Evaluator {
        let tables = Tables::new(&script);
        let vars = script.variables.len();
        Evaluator {
            script,
            core: Core {
                tables,
                state: State {
                    hands: [0; 4],
                    hold: [[0; 4]; 4],
                    epoch: 1,
                    cache: vec![(0, 0); vars],
                    rnd: 0,
                    tricks: None,
                    div_zero: None,
                },
            },
        }
    }

    /// Sets the deal (hands N, E, S, W as card bits); `key` seeds `rnd`.
    #[inline]
    pub(crate) fn set_hands(&mut self, hands: [u64; 4], key: u64) {
        let st = &mut self.core.state;
        st.hands = hands;
        for (seat, &h) in hands.iter().enumerate() {
            for suit in 0..4 {
                st.hold[seat][suit] = (h >> (13 * suit)) as u16 & 0x1fff;
            }
        }
        st.epoch = st.epoch.wrapping_add(1);
        if st.epoch == 0 {
            st.cache.iter_mut().for_each(|c| c.0 = 0);
            st.epoch = 1;
        }
        st.rnd = key;
        st.tricks = None;
    }

    /// Sets the deal.
    pub fn set_deal(&mut self, deal: &Deal) {
        self.set_hands(deal.hands().map(|h| h.bits()), 0);
    }

    /// Whether the condition holds (a script without one holds always).
    #[inline]
    pub fn accepts(&mut self) -> bool {
        match self.script.condition {
            Some(c) => self.core.eval(&self.script, c) != 0,
            None => true,
        }
    }

    /// The value of the variable `name` on the current deal.
    pub fn variable(&mut self, name: &str) -> Option<i32> {
        let i = self.script.variables.iter().position(|(n, _)| n == name)?;
        Some(self.core.var(&self.script, i as u32))
    }

    /// Where a division or remainder by zero happened (counted as 0), if
    /// one did since the evaluator was made.
    pub fn division_by_zero(&self) -> Option<(u32, u32)> {
        self.core.state.div_zero.map(|p| (p.line, p.column))
    }

    #[inline]
    pub(crate) fn value(&mut self, id: NodeId) -> i32 {
        self.core.eval(&self.script, id)
    }
}

impl Core {
    #[inline]
    fn var(&mut self, s: &Script, v: u32) -> i32 {
        let (epoch, value) = self.state.cache[v as usize];
        if epoch == self.state.epoch {
            return value;
        }
        let node = s.variables[v as usize].1;
        let value = self.eval(s, node);
        self.state.cache[v as usize] = (self.state.epoch, value);
        value
    }

    fn eval(&mut self, s: &Script, id: NodeId) -> i32 {
        let st = &self.state;
        match s.nodes[id as usize] {
            Node::Num(n) => n,
            Node::Var(v) => self.var(s, v),
            Node::Length { seat, suit } => {
                st.hold[seat as usize][suit as usize].count_ones() as i32
            }
            Node::Count { kind, seat, suit } => {
                let k = kind_index(kind);
                let h = &st.hold[seat as usize];
                match suit {
                    Some(x) => self.tables.count(k, h[x as usize]),
                    None => {
                        self.tables.count(k, h[0])
                            + self.tables.count(k, h[1])
                            + self.tables.count(k, h[2])
                            + self.tables.count(k, h[3])
                    }
                }
            }
            Node::Losers { seat, suit } => {
                let h = &st.hold[seat as usize];
                match suit {
                    Some(x) => suit_losers(h[x as usize]),
                    None => h.iter().map(|&x| suit_losers(x)).sum(),
                }
            }
            Node::Shape { seat, shape } => {
                let h = &st.hold[seat as usize];
                i32::from(s.shapes[shape as usize].contains(
                    h[0].count_ones(),
                    h[1].count_ones(),
                    h[2].count_ones(),
                ))
            }
            Node::HasCard { seat, card } => (st.hands[seat as usize] >> card & 1) as i32,
            Node::Cccc { seat } => cccc(st.hold[seat as usize]),
            Node::Quality { seat, suit } => quality(st.hold[seat as usize][suit as usize]),
            Node::Tricks { seat, strain } => self.tricks(seat, strain),
            Node::Score {
                vul: Vul(vul),
                level,
                strain,
                tricks,
            } => {
                let t = self.eval(s, tricks);
                score(vul, level, strain, t)
            }
            Node::Imps(e) => imps(self.eval(s, e)),
            Node::Rnd(e) => {
                let n = self.eval(s, e);
                if n <= 0 {
                    return 0;
                }
                // splitmix64 on the deal's key.
                let st = &mut self.state;
                st.rnd = st.rnd.wrapping_add(0x9e37_79b9_7f4a_7c15);
                let mut z = st.rnd;
                z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                z ^= z >> 31;
                ((u128::from(z) * n as u128) >> 64) as i32
            }
            Node::Neg(e) => self.eval(s, e).wrapping_neg(),
            Node::Not(e) => i32::from(self.eval(s, e) == 0),
            Node::And(a, b) => i32::from(self.eval(s, a) != 0 && self.eval(s, b) != 0),
            Node::Or(a, b) => i32::from(self.eval(s, a) != 0 || self.eval(s, b) != 0),
            Node::Cond(c, a, b) => {
                if self.eval(s, c) != 0 {
                    self.eval(s, a)
                } else {
                    self.eval(s, b)
                }
            }
            Node::Bin(op, a, b) => {
                let (x, y) = (self.eval(s, a), self.eval(s, b));
                match op {
                    BinOp::Eq => i32::from(x == y),
                    BinOp::Ne => i32::from(x != y),
                    BinOp::Lt => i32::from(x < y),
                    BinOp::Le => i32::from(x <= y),
                    BinOp::Gt => i32::from(x > y),
                    BinOp::Ge => i32::from(x >= y),
                    BinOp::Add => x.wrapping_add(y),
                    BinOp::Sub => x.wrapping_sub(y),
                    BinOp::Mul => x.wrapping_mul(y),
                    BinOp::Div | BinOp::Rem if y == 0 => {
                        self.state.div_zero.get_or_insert(s.places[id as usize]);
                        0
                    }
                    BinOp::Div => x.wrapping_div(y),
                    BinOp::Rem => x.wrapping_rem(y),
                }
            }
        }
    }

    fn tricks(&mut self, seat: u8, strain: u8) -> i32 {
        // Without the solver, Script::parse refuses a script that asks for
        // tricks.
        #[cfg(feature = "dd")]
        if self.state.tricks.is_none() {
            let hands = self.state.hands.map(|b| {
                crate::model::hand::Hand::from_bits(b).unwrap_or(crate::model::hand::Hand::EMPTY)
            });
            self.state.tricks = Deal::new(hands).ok().and_then(|d| crate::dd::solve(&d));
        }
        let strain = match strain {
            0 => DdStrain::Spades,
            1 => DdStrain::Hearts,
            2 => DdStrain::Diamonds,
            3 => DdStrain::Clubs,
            _ => DdStrain::NoTrump,
        };
        let seat = Seat::ALL[usize::from(seat)];
        self.state
            .tricks
            .as_ref()
            .and_then(|t| t.get(seat, strain))
            .map_or(0, i32::from)
    }
}
