//! The exact search: negamax alpha-beta, fail-soft, scores the final disc
//! difference for the player to move (empties to the winner).
//!
//! - Principal variation search: the first move with the full window, the
//!   others with a null window and a re-search when they beat it.
//! - Null-window search below, with a transposition table (bounds and the
//!   best move by position), fastest-first ordering (the opponent's
//!   mobility, corners twice) after the hash move, stability cutoffs
//!   (the opponent's stable discs bound the score from above), and
//!   enhanced transposition cutoffs (a reply the table already refutes).
//! - Moves far from the end are ordered by a shallow search of each reply
//!   with a small evaluation made here (mobility, corners, potential
//!   mobility); nothing learned or downloaded.
//! - At [`SHALLOW`] empties and fewer: no table, moves in odd quadrants
//!   first (parity), stability cutoffs; hand-written solvers for the last
//!   4, 3, 2 and 1 empty squares (the last one counts flips without
//!   generating moves).
//!
//! A node is a call of a search function, the last empty square included.

use super::bitboard::{final_score, flips, moves, odd_quadrants, stable, weighted_mobility};

/// At this many empties and fewer, the search keeps no table and orders by
/// parity only.
pub const SHALLOW: u32 = 6;

/// At this many empties and more, the null-window search looks its
/// replies up in the table before searching any (enhanced transposition
/// cutoff).
const ETC: u32 = 9;

/// Scores are within [-64, 64]; this is below all.
const NONE: i32 = -100;

/// Stability cutoffs are tried when alpha reaches this, by empties: below,
/// the opponent would need too many stable discs for a cutoff to be likely.
const STABILITY: [i32; 61] = [
    99, 99, 99, 99, 6, 8, 10, 12, 14, 16, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46,
    48, 48, 50, 50, 52, 52, 54, 54, 56, 56, 58, 58, 60, 60, 62, 62, 64, 64, 64, 64, 64, 64, 64, 64,
    64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64,
];

/// A transposition table entry: the position, bounds on its score, its
/// best move (64: none known).
#[derive(Clone, Copy)]
struct Entry {
    p: u64,
    o: u64,
    lower: i8,
    upper: i8,
    best: u8,
    empties: u8,
}

const EMPTY_ENTRY: Entry = Entry {
    p: 0,
    o: 0,
    lower: -64,
    upper: 64,
    best: 64,
    empties: 0,
};

/// The transposition table: buckets of two, the deeper entry kept in the
/// first. Keys are the whole position, so a hit is never another position.
struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

impl Table {
    fn new(bits: u32) -> Table {
        let n = 1usize << bits;
        Table {
            entries: vec![EMPTY_ENTRY; n + 1],
            mask: n - 1,
        }
    }

    #[inline]
    fn index(&self, p: u64, o: u64) -> usize {
        let h = p.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ o.wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
        ((h ^ (h >> 31)) as usize) & self.mask
    }

    #[inline]
    fn probe(&self, p: u64, o: u64) -> Option<Entry> {
        let i = self.index(p, o);
        let b = &self.entries[i..i + 2];
        b.iter().find(|e| e.p == p && e.o == o).copied()
    }

    /// Records that the score is within [lower, upper], merged with what
    /// is known.
    fn store(&mut self, p: u64, o: u64, empties: u32, lower: i32, upper: i32, best: u8) {
        let i = self.index(p, o);
        let b = &mut self.entries[i..i + 2];
        for e in b.iter_mut() {
            if e.p == p && e.o == o {
                e.lower = e.lower.max(lower as i8);
                e.upper = e.upper.min(upper as i8);
                if best < 64 {
                    e.best = best;
                }
                return;
            }
        }
        let new = Entry {
            p,
            o,
            lower: lower.max(-64) as i8,
            upper: upper.min(64) as i8,
            best,
            empties: empties as u8,
        };
        if empties as u8 >= b[0].empties {
            b[1] = b[0];
            b[0] = new;
        } else {
            b[1] = new;
        }
    }

    fn clear(&mut self) {
        self.entries.fill(EMPTY_ENTRY);
    }
}

/// A search: its table and its node count. One a thread.
pub struct Search {
    table: Table,
    /// Nodes searched since the search was made (or the count reset).
    pub nodes: u64,
}

/// The default table: 2^20 buckets of 24-byte entries (24 MiB).
pub const TABLE_BITS: u32 = 22;

impl Default for Search {
    fn default() -> Search {
        Search::new(TABLE_BITS)
    }
}

#[inline(always)]
fn play(p: u64, o: u64, sq: u32, f: u64) -> (u64, u64) {
    // The opponent moves next.
    (o ^ f, p ^ (f | (1u64 << sq)))
}

impl Search {
    /// A search with a table of 2^`bits` entries.
    pub fn new(bits: u32) -> Search {
        Search {
            table: Table::new(bits.clamp(4, 30)),
            nodes: 0,
        }
    }

    /// Forgets what the table holds (between unrelated positions it only
    /// takes room).
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// The score of `(p, o)` within the window: exact when it falls in
    /// (alpha, beta); otherwise a bound on the side it fell (fail-soft).
    pub fn window(&mut self, p: u64, o: u64, alpha: i32, beta: i32) -> i32 {
        let empties = 64 - (p | o).count_ones();
        self.pvs(p, o, alpha, beta, empties)
    }

    /// The best move and exact score: PVS at the root. `None` as move when
    /// the player must pass or the game is over.
    pub fn root(&mut self, p: u64, o: u64, alpha: i32, beta: i32) -> (i32, Option<u32>) {
        let empties = 64 - (p | o).count_ones();
        let m = moves(p, o);
        if m == 0 {
            return (self.pvs(p, o, alpha, beta, empties), None);
        }
        let list = self.order(p, o, m, empties);
        let mut alpha = alpha;
        let mut best = NONE;
        let mut best_move = list.squares[0] as u32;
        for (i, &x) in list.squares[..list.len].iter().enumerate() {
            let x = x as u32;
            let (np, no) = play(p, o, x, flips(p, o, x));
            let s = if i == 0 {
                -self.pvs(np, no, -beta, -alpha, empties - 1)
            } else {
                let mut s = -self.nws(np, no, -alpha - 1, empties - 1);
                if s > alpha && s < beta {
                    s = -self.pvs(np, no, -beta, -s, empties - 1);
                }
                s
            };
            if s > best {
                best = s;
                best_move = x;
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        (best, Some(best_move))
    }

    fn pvs(&mut self, p: u64, o: u64, mut alpha: i32, mut beta: i32, empties: u32) -> i32 {
        if empties <= SHALLOW {
            return self.shallow(p, o, alpha, beta, empties);
        }
        self.nodes += 1;
        let mut hash_move = 64u8;
        if let Some(e) = self.table.probe(p, o) {
            let (lo, up) = (e.lower as i32, e.upper as i32);
            if lo >= beta {
                return lo;
            }
            if up <= alpha {
                return up;
            }
            if lo == up {
                return lo;
            }
            alpha = alpha.max(lo);
            beta = beta.min(up);
            hash_move = e.best;
        }
        let m = moves(p, o);
        if m == 0 {
            if moves(o, p) == 0 {
                return final_score(p, o);
            }
            return -self.pvs(o, p, -beta, -alpha, empties);
        }
        let (alpha0, beta0) = (alpha, beta);
        let mut list = self.order(p, o, m, empties);
        list.first(hash_move);
        let mut best = NONE;
        let mut best_move = 64u8;
        for (i, &x) in list.squares[..list.len].iter().enumerate() {
            let (np, no) = play(p, o, x as u32, flips(p, o, x as u32));
            let s = if i == 0 {
                -self.pvs(np, no, -beta, -alpha, empties - 1)
            } else {
                let mut s = -self.nws(np, no, -alpha - 1, empties - 1);
                if s > alpha && s < beta {
                    s = -self.pvs(np, no, -beta, -s, empties - 1);
                }
                s
            };
            if s > best {
                best = s;
                best_move = x;
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        let (lo, up) = if best >= beta0 {
            (best, 64)
        } else if best <= alpha0 {
            (-64, best)
        } else {
            (best, best)
        };
        self.table.store(p, o, empties, lo, up, best_move);
        best
    }

    /// Null-window search: is the score above `alpha`? Fail-soft.
    fn nws(&mut self, p: u64, o: u64, alpha: i32, empties: u32) -> i32 {
        if empties <= SHALLOW {
            return self.shallow(p, o, alpha, alpha + 1, empties);
        }
        self.nodes += 1;
        if alpha >= STABILITY[empties as usize] {
            let max = 64 - 2 * stable(o, p).count_ones() as i32;
            if max <= alpha {
                return max;
            }
        }
        let mut hash_move = 64u8;
        if let Some(e) = self.table.probe(p, o) {
            if e.lower as i32 > alpha {
                return e.lower as i32;
            }
            if e.upper as i32 <= alpha {
                return e.upper as i32;
            }
            hash_move = e.best;
        }
        let m = moves(p, o);
        if m == 0 {
            if moves(o, p) == 0 {
                return final_score(p, o);
            }
            return -self.nws(o, p, -alpha - 1, empties);
        }
        if empties >= ETC {
            // Enhanced transposition cutoff: a reply the table already
            // shows to be bad enough for the opponent.
            let mut rest = m;
            while rest != 0 {
                let x = rest.trailing_zeros();
                rest &= rest - 1;
                let (np, no) = play(p, o, x, flips(p, o, x));
                if let Some(e) = self.table.probe(np, no) {
                    if -(e.upper as i32) > alpha {
                        return -(e.upper as i32);
                    }
                }
            }
        }
        let mut list = self.order(p, o, m, empties);
        list.first(hash_move);
        let mut best = NONE;
        let mut best_move = 64u8;
        for &x in &list.squares[..list.len] {
            let (np, no) = play(p, o, x as u32, flips(p, o, x as u32));
            let s = -self.nws(np, no, -alpha - 1, empties - 1);
            if s > best {
                best = s;
                best_move = x;
                if s > alpha {
                    break;
                }
            }
        }
        if best > alpha {
            self.table.store(p, o, empties, best, 64, best_move);
        } else {
            self.table.store(p, o, empties, -64, best, 64);
        }
        best
    }

    /// Moves sorted fastest first: fewest replies for the opponent
    /// (corners twice), then the player's discs made stable at the corners,
    /// then fewest squares the opponent may later reach (potential
    /// mobility), then moves in odd quadrants (parity).
    fn order(&mut self, p: u64, o: u64, m: u64, empties: u32) -> MoveList {
        let depth = if empties >= SORT_3 {
            3
        } else if empties >= SORT_2 {
            2
        } else if empties >= SORT_1 {
            1
        } else if empties >= SORT_0 {
            0
        } else {
            -1
        };
        let odd = odd_quadrants(!(p | o));
        let mut list = MoveList::default();
        let mut keys = [0i32; 64];
        let mut rest = m;
        while rest != 0 {
            let x = rest.trailing_zeros();
            rest &= rest - 1;
            let f = flips(p, o, x);
            let (np, no) = play(p, o, x, f);
            let reply = moves(np, no);
            // Lower is searched first.
            let mut key = (weighted_mobility(reply) as i32) << 15;
            key -= (corner_stability(no) as i32) << 11;
            key += (potential(no, np) as i32) << 5;
            if odd & (1u64 << x) == 0 {
                key += 1 << 2;
            }
            if depth >= 0 {
                // A shallow search of the reply with the evaluation.
                key += shallow_eval(np, no, depth, -1000, 1000) << 14;
            }
            // Insertion sort by key.
            let mut i = list.len;
            while i > 0 && keys[i - 1] > key {
                keys[i] = keys[i - 1];
                list.squares[i] = list.squares[i - 1];
                i -= 1;
            }
            keys[i] = key;
            list.squares[i] = x as u8;
            list.len += 1;
        }
        list
    }

    /// Search near the end: no table, parity order, stability cutoffs.
    fn shallow(&mut self, p: u64, o: u64, alpha: i32, beta: i32, empties: u32) -> i32 {
        if empties <= 4 {
            return self.small(p, o, alpha, beta, empties);
        }
        self.nodes += 1;
        if alpha >= STABILITY[empties as usize] {
            let max = 64 - 2 * stable(o, p).count_ones() as i32;
            if max <= alpha {
                return max;
            }
        }
        let m = moves(p, o);
        if m == 0 {
            if moves(o, p) == 0 {
                return final_score(p, o);
            }
            return -self.shallow(o, p, -beta, -alpha, empties);
        }
        let odd = odd_quadrants(!(p | o));
        let mut best = NONE;
        let mut alpha = alpha;
        for part in [m & odd, m & !odd] {
            let mut rest = part;
            while rest != 0 {
                let x = rest.trailing_zeros();
                rest &= rest - 1;
                let (np, no) = play(p, o, x, flips(p, o, x));
                let s = -self.shallow(np, no, -beta, -alpha, empties - 1);
                if s > best {
                    best = s;
                    if s > alpha {
                        if s >= beta {
                            return s;
                        }
                        alpha = s;
                    }
                }
            }
        }
        best
    }

    /// The last 4 empties and fewer: the empty squares listed once, odd
    /// quadrants first, then the hand-written solvers.
    fn small(&mut self, p: u64, o: u64, alpha: i32, beta: i32, empties: u32) -> i32 {
        let e = !(p | o);
        let mut sq = [0u32; 4];
        let mut n = 0;
        let odd = odd_quadrants(e);
        for part in [e & odd, e & !odd] {
            let mut rest = part;
            while rest != 0 {
                sq[n] = rest.trailing_zeros();
                rest &= rest - 1;
                n += 1;
            }
        }
        debug_assert_eq!(n as u32, empties);
        match n {
            0 => {
                self.nodes += 1;
                final_score(p, o)
            }
            1 => self.last1(p, o, sq[0]),
            2 => self.last2(p, o, alpha, beta, sq[0], sq[1]),
            3 => self.last3(p, o, alpha, beta, sq[0], sq[1], sq[2]),
            _ => self.last4(p, o, alpha, beta, sq),
        }
    }

    /// One empty square `x`: the score from the count of flips alone.
    #[inline]
    fn last1(&mut self, p: u64, o: u64, x: u32) -> i32 {
        self.nodes += 1;
        let np = p.count_ones() as i32;
        // The player's discs after the game, over 64: diff = 2 * discs - 64.
        let f = flips(p, o, x).count_ones() as i32;
        if f > 0 {
            return 2 * (np + f + 1) - 64;
        }
        let g = flips(o, p, x).count_ones() as i32;
        if g > 0 {
            return 2 * (np - g) - 64;
        }
        // Neither can play: the empty square to the winner (63 discs, no
        // draw).
        if 2 * np > 63 {
            2 * np - 62
        } else {
            2 * np - 64
        }
    }

    #[inline]
    fn last2(&mut self, p: u64, o: u64, alpha: i32, beta: i32, x1: u32, x2: u32) -> i32 {
        self.nodes += 1;
        let mut best = NONE;
        let f = flips(p, o, x1);
        if f != 0 {
            let (np, no) = play(p, o, x1, f);
            best = -self.last1(np, no, x2);
            if best >= beta {
                return best;
            }
        }
        let f = flips(p, o, x2);
        if f != 0 {
            let (np, no) = play(p, o, x2, f);
            best = best.max(-self.last1(np, no, x1));
        }
        if best != NONE {
            return best;
        }
        // Pass: the opponent plays.
        let mut best = NONE;
        let f = flips(o, p, x1);
        if f != 0 {
            let (np, no) = play(o, p, x1, f);
            best = self.last1(np, no, x2);
            if best <= alpha {
                return best;
            }
        }
        let f = flips(o, p, x2);
        if f != 0 {
            let (np, no) = play(o, p, x2, f);
            let s = self.last1(np, no, x1);
            best = if best == NONE { s } else { best.min(s) };
        }
        if best != NONE {
            best
        } else {
            final_score(p, o)
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn last3(&mut self, p: u64, o: u64, alpha: i32, beta: i32, x1: u32, x2: u32, x3: u32) -> i32 {
        self.nodes += 1;
        let order = [(x1, x2, x3), (x2, x1, x3), (x3, x1, x2)];
        let mut best = NONE;
        let mut a = alpha;
        for &(x, y, z) in &order {
            let f = flips(p, o, x);
            if f != 0 {
                let (np, no) = play(p, o, x, f);
                let s = -self.last2(np, no, -beta, -a, y, z);
                if s > best {
                    best = s;
                    if s >= beta {
                        return s;
                    }
                    a = a.max(s);
                }
            }
        }
        if best != NONE {
            return best;
        }
        let mut best = NONE;
        let mut b = beta;
        for &(x, y, z) in &order {
            let f = flips(o, p, x);
            if f != 0 {
                let (np, no) = play(o, p, x, f);
                let s = self.last2(np, no, alpha, b, y, z);
                if best == NONE || s < best {
                    best = s;
                    if s <= alpha {
                        return s;
                    }
                    b = b.min(s);
                }
            }
        }
        if best != NONE {
            best
        } else {
            final_score(p, o)
        }
    }

    fn last4(&mut self, p: u64, o: u64, alpha: i32, beta: i32, x: [u32; 4]) -> i32 {
        self.nodes += 1;
        if alpha >= STABILITY[4] {
            let max = 64 - 2 * stable(o, p).count_ones() as i32;
            if max <= alpha {
                return max;
            }
        }
        let order = [
            (x[0], x[1], x[2], x[3]),
            (x[1], x[0], x[2], x[3]),
            (x[2], x[0], x[1], x[3]),
            (x[3], x[0], x[1], x[2]),
        ];
        let mut best = NONE;
        let mut a = alpha;
        for &(w, y, z, v) in &order {
            let f = flips(p, o, w);
            if f != 0 {
                let (np, no) = play(p, o, w, f);
                let s = -self.last3(np, no, -beta, -a, y, z, v);
                if s > best {
                    best = s;
                    if s >= beta {
                        return s;
                    }
                    a = a.max(s);
                }
            }
        }
        if best != NONE {
            return best;
        }
        if moves(o, p) == 0 {
            return final_score(p, o);
        }
        -self.last4(o, p, -beta, -alpha, x)
    }
}

/// At this many empties and more, moves are ordered with the evaluation
/// of the reply (0), of the best reply to it (1), or two or three plies on
/// (tuned on FFO #36-#42: 288 M nodes at 14/17/21/-, 216 M here).
const SORT_0: u32 = 9;
const SORT_1: u32 = 12;
const SORT_2: u32 = 16;
const SORT_3: u32 = 20;

/// A quick evaluation for move ordering, for the player to move, in
/// roughly discs: mobility (corners twice), corners and the edge squares
/// next to held corners, potential mobility. Made here, not learned.
#[inline]
fn evaluate(p: u64, o: u64) -> i32 {
    let mp = weighted_mobility(moves(p, o)) as i32;
    let mo = weighted_mobility(moves(o, p)) as i32;
    let c = corner_stability(p) as i32 - corner_stability(o) as i32;
    // Empties next to the other side's discs: where one may later play.
    let pot = potential(o, p) as i32 - potential(p, o) as i32;
    3 * (mp - mo) + 4 * c + pot
}

/// Negamax with the evaluation to `depth` plies (alpha-beta, no table).
fn shallow_eval(p: u64, o: u64, depth: i32, mut alpha: i32, beta: i32) -> i32 {
    if depth <= 0 {
        return evaluate(p, o);
    }
    let m = moves(p, o);
    if m == 0 {
        if moves(o, p) == 0 {
            return final_score(p, o) * 8;
        }
        return -shallow_eval(o, p, depth - 1, -beta, -alpha);
    }
    let mut best = -100_000;
    let mut rest = m;
    while rest != 0 {
        let x = rest.trailing_zeros();
        rest &= rest - 1;
        let (np, no) = play(p, o, x, flips(p, o, x));
        let s = -shallow_eval(np, no, depth - 1, -beta, -alpha);
        if s > best {
            best = s;
            if s > alpha {
                alpha = s;
                if s >= beta {
                    break;
                }
            }
        }
    }
    best
}

/// The player's discs at the corners and on the edge squares next to a
/// corner they hold: stable, counted.
#[inline]
fn corner_stability(p: u64) -> u32 {
    let s = (((0x0100_0000_0000_0001 & p) << 1)
        | ((0x8000_0000_0000_0080 & p) >> 1)
        | ((0x0000_0000_0000_0081 & p) << 8)
        | ((0x8100_0000_0000_0000 & p) >> 8)
        | 0x8100_0000_0000_0081)
        & p;
    s.count_ones()
}

/// The opponent's discs next to an empty square: where the player may
/// later play (potential mobility), counted.
#[inline]
fn potential(o: u64, p: u64) -> u32 {
    let e = !(p | o);
    let inner = o & 0x7e7e_7e7e_7e7e_7e7e;
    let near = (inner << 1 | inner >> 1)
        | (o << 8 | o >> 8)
        | (inner << 7 | inner >> 7)
        | (inner << 9 | inner >> 9);
    (near & e).count_ones()
}

/// The moves of a position, at most 60 (any position read, not only those
/// reached in play).
struct MoveList {
    squares: [u8; 64],
    len: usize,
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList {
            squares: [0; 64],
            len: 0,
        }
    }
}

impl MoveList {
    /// Moves `x` to the front when it is in the list.
    fn first(&mut self, x: u8) {
        if x >= 64 {
            return;
        }
        if let Some(i) = self.squares[..self.len].iter().position(|&s| s == x) {
            self.squares[..=i].rotate_right(1);
        }
    }
}
