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
//!   The hash move is searched before the others are sorted: it mostly
//!   refutes, and the sorting is saved.
//! - The table's buckets are one cache line each; the buckets of a node's
//!   replies are prefetched together before the enhanced transposition
//!   cutoff or the replies themselves probe them, so that their cache
//!   misses overlap. (Profiled on three WTHOR positions at 24 empties,
//!   about two thirds of the null-window search's samples fell on the
//!   instructions that wait for a bucket. Prefetching below the cutoff's
//!   depth too took 40 such positions from 147.2 s to 138.7 s; runs of
//!   the same build differ by about 3 %.) On Linux the
//!   table asks for 2 MiB pages, so that a probe seldom misses the
//!   processor's page cache as well. Each move's flips are computed once a
//!   node.
//! - Moves far from the end are ordered by a shallow search of each reply
//!   with a pattern evaluation fitted here on WTHOR games
//!   ([`super::eval`]), beside the reply's mobility, corners and
//!   potential mobility; nothing is downloaded.
//! - Selective searches (probcut): at a selectivity below [`EXACT`], a
//!   null-window node from `PROBCUT_MIN` empties is cut when a shallow
//!   search with the evaluation puts its score beyond the window by a
//!   margin of some standard deviations of the evaluation's error. Scores
//!   found so are guesses; the table marks each entry with the
//!   selectivity that found it, and a search trusts only bounds at least
//!   as sure as its own, but takes any entry's move.
//!   [`Solver::solve`](super::Solver::solve) runs them first, least sure
//!   first, so that the exact search finds its best moves in the table.
//! - At [`SHALLOW`] empties and fewer: no table, moves in odd quadrants
//!   first (parity), stability cutoffs; hand-written solvers for the last
//!   4, 3, 2 and 1 empty squares (the last one counts flips without
//!   generating moves).
//!
//! - One position on several threads (a splitting search): from `SPLIT`
//!   empties, a null-window node searches its first move alone and then
//!   the rest on every free thread of its rayon pool, in order, the first
//!   to refute stopping the others (young brothers wait). The threads
//!   share the table without locks. Scores, and the best move at the root
//!   (the first in its order to reach the score), are one thread's; node
//!   counts are not (FFO #49 on two threads: 0.55x the time, 1.09x the
//!   nodes; with the selective searches first, 0.59x the time).
//! - The search is compiled three times: for any processor of the
//!   target, for x86-64-v3 (one-instruction bit counts and scans) and for
//!   x86-64-v4 (AVX-512: moves, flips, the evaluation and the sort's
//!   first keys found in vector lanes), the best the processor has taken
//!   ([`Instructions`]; the `Isa` trait).
//!
//! A node is a call of a search function, the last empty square included.

use super::eval;
use crate::model::bitboard::{
    count_last_flips, final_score, flips, moves, odd_quadrants, stable, weighted_mobility,
};
use std::ops::ControlFlow;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize};
use std::sync::Arc;

/// At this many empties and fewer, the search keeps no table and orders by
/// parity only (7: 681 M nodes instead of 528 M on FFO #40-#49, 1.02x the
/// time in paired runs).
pub const SHALLOW: u32 = 6;

/// At this many empties and more, the null-window search looks its
/// replies up in the table before searching any (enhanced transposition
/// cutoff). Nearer the end the probes wait on memory longer than the
/// cutoffs save (one thread, the same run: 9: 142.6 s on 40 WTHOR
/// positions at 24 empties, 49.0 s on FFO #40-#49; 12: 134.2 s, 47.5 s;
/// 10, 14 and 16 within 3 % of 12 on the first ten positions).
const ETC: u32 = 12;

/// Scores are within [-64, 64]; this is below all.
const NONE: i32 = -100;

/// Stability cutoffs are tried when alpha reaches this, by empties: below,
/// the opponent would need too many stable discs for a cutoff to be likely.
const STABILITY: [i32; 61] = [
    99, 99, 99, 99, 6, 8, 10, 12, 14, 16, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46,
    48, 48, 50, 50, 52, 52, 54, 54, 56, 56, 58, 58, 60, 60, 62, 62, 64, 64, 64, 64, 64, 64, 64, 64,
    64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64,
];

/// What an entry knows of its position: bounds on its score, its best
/// move (64: none known) and its empties (for replacement).
#[derive(Clone, Copy)]
struct Entry {
    lower: i8,
    upper: i8,
    best: u8,
    empties: u8,
    /// How sure the bounds are: the selectivity of the search that found
    /// them ([`EXACT`] for an exact search).
    sel: u8,
}

impl Entry {
    fn pack(self) -> u64 {
        u64::from_le_bytes([
            self.lower as u8,
            self.upper as u8,
            self.best,
            self.empties,
            self.sel,
            0,
            0,
            0,
        ])
    }

    fn unpack(d: u64) -> Entry {
        let [lower, upper, best, empties, sel, ..] = d.to_le_bytes();
        Entry {
            lower: lower as i8,
            upper: upper as i8,
            best,
            empties,
            sel,
        }
    }
}

/// A slot of the table: the position (its two bit sets), the packed
/// [`Entry`], and a check word that binds the three. Threads searching one
/// position share the table without locks: a slot two threads write at
/// once may be read torn (words of two writes), and the check then fails
/// and the slot reads as empty. All zeros is an empty slot.
#[derive(Default)]
struct Slot {
    p: AtomicU64,
    o: AtomicU64,
    data: AtomicU64,
    check: AtomicU64,
}

/// The check word of a slot: a mix of all three words, so that words of
/// two different writes do not pass for one (for one position, it is one
/// to one in the data word; a torn slot passes only by a 64-bit
/// collision). An all-zero slot fails it.
#[inline(always)]
fn check(p: u64, o: u64, data: u64) -> u64 {
    let m = |x: u64| {
        let x = (x ^ (x >> 31)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        x ^ (x >> 29)
    };
    m(p ^ m(o ^ m(data))) ^ 0x5bd1_e995_c2b2_ae35
}

impl Slot {
    /// The slot's entry when it holds `(p, o)`, its words of one write.
    #[inline(always)]
    fn entry(&self, p: u64, o: u64) -> Option<Entry> {
        if self.p.load(Relaxed) != p || self.o.load(Relaxed) != o {
            return None;
        }
        let d = self.data.load(Relaxed);
        (self.check.load(Relaxed) == check(p, o, d)).then(|| Entry::unpack(d))
    }

    /// The empties of the slot's entry (0 when empty; a torn slot's only
    /// steers which slot is replaced).
    #[inline(always)]
    fn empties(&self) -> u8 {
        Entry::unpack(self.data.load(Relaxed)).empties
    }

    /// Copies `from`'s words (torn or not: a torn copy fails its check as
    /// the original would).
    #[inline(always)]
    fn copy(&self, from: &Slot) {
        for (to, from) in [
            (&self.p, &from.p),
            (&self.o, &from.o),
            (&self.data, &from.data),
            (&self.check, &from.check),
        ] {
            to.store(from.load(Relaxed), Relaxed);
        }
    }

    #[inline(always)]
    fn write(&self, p: u64, o: u64, e: Entry) {
        let d = e.pack();
        self.p.store(p, Relaxed);
        self.o.store(o, Relaxed);
        self.data.store(d, Relaxed);
        self.check.store(check(p, o, d), Relaxed);
    }
}

/// A bucket: two slots, the deeper kept in the first, on one cache line of
/// its own (a probe is one memory access, never two).
#[derive(Default)]
#[repr(align(64))]
struct Bucket([Slot; 2]);

/// The transposition table: buckets of two slots. Keys are the whole
/// position, so a hit is never another position. Shared by the threads
/// of one search ([`Search::splitting`]); what one thread stores, every
/// one finds. A store lost to another thread's at the same time, or an
/// older entry written back over a newer one, leaves true bounds: it
/// costs only a search again.
struct Table {
    buckets: Vec<Bucket>,
    mask: usize,
}

impl Table {
    /// A table of 2^`bits` entries.
    fn new(bits: u32) -> Table {
        let n = 1usize << (bits - 1);
        Table {
            buckets: huge_vec(n),
            mask: n - 1,
        }
    }

    #[inline]
    fn index(&self, p: u64, o: u64) -> usize {
        let h = p.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ o.wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
        ((h ^ (h >> 31)) as usize) & self.mask
    }

    /// Asks the processor to fetch the bucket of `(p, o)` ahead of a
    /// probe: misses of several probes then overlap.
    #[inline]
    fn prefetch(&self, p: u64, o: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let b: *const Bucket = &self.buckets[self.index(p, o)];
            // SAFETY: a prefetch is a hint; the address is a live bucket.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                    b.cast::<i8>(),
                )
            };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (p, o);
    }

    #[inline]
    fn probe(&self, p: u64, o: u64) -> Option<Entry> {
        let b = &self.buckets[self.index(p, o)].0;
        b.iter().find_map(|s| s.entry(p, o))
    }

    /// Records that the score is within [lower, upper], merged with what
    /// is known.
    /// `sel`: how sure they are; bounds less sure than those held only
    /// bring their move, bounds surer replace them.
    #[allow(clippy::too_many_arguments)]
    fn store(&self, p: u64, o: u64, empties: u32, lower: i32, upper: i32, best: u8, sel: u8) {
        let b = &self.buckets[self.index(p, o)].0;
        for slot in b {
            if let Some(mut e) = slot.entry(p, o) {
                if sel > e.sel {
                    (e.lower, e.upper, e.sel) = (-64, 64, sel);
                }
                if sel == e.sel {
                    e.lower = e.lower.max(lower as i8);
                    e.upper = e.upper.min(upper as i8);
                }
                if best < 64 {
                    e.best = best;
                }
                slot.write(p, o, e);
                return;
            }
        }
        let new = Entry {
            lower: lower.max(-64) as i8,
            upper: upper.min(64) as i8,
            best,
            empties: empties as u8,
            sel,
        };
        if empties as u8 >= b[0].empties() {
            b[1].copy(&b[0]);
            b[0].write(p, o, new);
        } else {
            b[1].write(p, o, new);
        }
    }

    fn clear(&self) {
        for b in &self.buckets {
            for s in &b.0 {
                for w in [&s.p, &s.o, &s.data, &s.check] {
                    w.store(0, Relaxed);
                }
            }
        }
    }
}

/// `n` empty buckets, in memory the system may back with 2 MiB pages
/// (Linux's transparent huge pages, asked for): the probes go all over
/// the table, and with 4 KiB pages most of them would also miss the
/// processor's page cache (TLB).
fn huge_vec(n: usize) -> Vec<Bucket> {
    let mut v: Vec<Bucket> = Vec::with_capacity(n);
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        extern "C" {
            fn madvise(addr: *mut std::ffi::c_void, len: usize, advice: i32) -> i32;
        }
        const MADV_HUGEPAGE: i32 = 14;
        // The whole huge pages inside the allocation, not yet touched.
        let start = v.as_mut_ptr() as usize;
        let end = start + n * std::mem::size_of::<Bucket>();
        let (a, b) = (start.next_multiple_of(HUGE), end / HUGE * HUGE);
        if a < b {
            // SAFETY: the range lies inside the vector's allocation, and
            // the advice changes how it is backed, not what it holds. A
            // refusal (no huge pages) leaves ordinary pages.
            unsafe { madvise(a as *mut std::ffi::c_void, b - a, MADV_HUGEPAGE) };
        }
    }
    v.resize_with(n, Bucket::default);
    v
}

/// A search: its table and its node count. One a thread; the threads
/// that split one position ([`Search::splitting`]) each search with one of
/// their own over the same table.
pub struct Search {
    /// The instructions the search runs compiled for.
    isa: Instructions,
    table: Arc<Table>,
    /// Nodes searched since the search was made (or the count reset).
    pub nodes: u64,
    /// Null-window nodes far enough from the end search their moves after
    /// the first on the threads of the rayon pool the search runs in.
    split: bool,
    /// The split points this search works under: when any of them is
    /// settled, its work is wasted and it stops.
    stop: Option<Arc<Stop>>,
    /// The selectivity: below [`EXACT`], null-window nodes far from the
    /// end are cut when a shallow search with the evaluation says, with
    /// confidence `PROBCUT_T[sel]`, which side of the window the score
    /// falls (probcut); the scores are then guesses.
    sel: u8,
}

/// The selectivity of an exact search.
pub const EXACT: u8 = PROBCUT_T.len() as u8;

/// A split point's flag, set when one of its moves refutes the node (the
/// others need not be searched), with the split point above it.
struct Stop {
    cut: AtomicBool,
    parent: Option<Arc<Stop>>,
}

/// At this many empties and more, a null-window node of a splitting search
/// searches its moves after the first in parallel (young brothers wait for
/// the eldest).
const SPLIT: u32 = 16;

/// At this many empties and more, a node under a split point looks whether
/// its work is still wanted, on entry and after each move. Below, subtrees
/// are small enough to finish. A node that stops returns no score and
/// stores nothing; its parent, at least this far from the end, sees the
/// same flag and stops too (a parent that passed hands the child's
/// nothing up as it is, to its own parent, which looks).
const STOP_CHECK: u32 = 10;

/// The default table: 2^22 entries, 2^21 buckets of 64 bytes (128 MiB).
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
            isa: Instructions::detect(),
            table: Arc::new(Table::new(bits.clamp(4, 30))),
            nodes: 0,
            split: false,
            stop: None,
            sel: EXACT,
        }
    }

    /// Sets the selectivity: [`EXACT`], or a level below it (the lower,
    /// the more is cut, on guesses).
    pub fn set_selectivity(&mut self, sel: u8) {
        self.sel = sel.min(EXACT);
    }

    /// This search, splitting one position over the threads of the rayon
    /// pool it runs in (`on`), or on its own thread. The scores are the
    /// same either way.
    pub fn splitting(mut self, on: bool) -> Search {
        self.split = on;
        self
    }

    /// Whether a split point this search works under is settled.
    #[inline]
    fn stopped(&self) -> bool {
        let mut at = self.stop.as_deref();
        while let Some(s) = at {
            if s.cut.load(Relaxed) {
                return true;
            }
            at = s.parent.as_deref();
        }
        false
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
        match self.isa {
            #[cfg(target_arch = "x86_64")]
            Instructions::V4 => V4::pvs(self, p, o, alpha, beta, empties),
            #[cfg(target_arch = "x86_64")]
            Instructions::V3 => V3::pvs(self, p, o, alpha, beta, empties),
            _ => Portable::pvs(self, p, o, alpha, beta, empties),
        }
    }

    /// The best move and exact score: PVS at the root. `None` as move when
    /// the player must pass or the game is over.
    pub fn root(&mut self, p: u64, o: u64, alpha: i32, beta: i32) -> (i32, Option<u32>) {
        match self.isa {
            #[cfg(target_arch = "x86_64")]
            Instructions::V4 => self.root_with::<V4>(p, o, alpha, beta),
            #[cfg(target_arch = "x86_64")]
            Instructions::V3 => self.root_with::<V3>(p, o, alpha, beta),
            _ => self.root_with::<Portable>(p, o, alpha, beta),
        }
    }

    /// A guess at the score, in discs and even (as every score is): the
    /// evaluation searched `ESTIMATE_DEPTH` plies deep, 0 near the end.
    pub fn estimate(&mut self, p: u64, o: u64) -> i32 {
        let empties = 64 - (p | o).count_ones() as i32;
        let depth = ESTIMATE_DEPTH.min(empties - ESTIMATE_EMPTIES);
        if depth <= 0 {
            return 0;
        }
        let e = self.shallow_eval(p, o, depth) / eval::UNITS_PER_DISC;
        let e = e.clamp(-64, 64);
        e - (e & 1)
    }

    /// The evaluation searched `depth` plies deep, full window, in
    /// [`eval::UNITS_PER_DISC`] units (a final position scores its disc
    /// difference).
    pub fn shallow_eval(&self, p: u64, o: u64, depth: i32) -> i32 {
        let (alpha, beta) = (-100_000, 100_000);
        match self.isa {
            #[cfg(target_arch = "x86_64")]
            Instructions::V4 => V4::shallow_eval(p, o, depth, alpha, beta),
            #[cfg(target_arch = "x86_64")]
            Instructions::V3 => V3::shallow_eval(p, o, depth, alpha, beta),
            _ => Portable::shallow_eval(p, o, depth, alpha, beta),
        }
    }

    /// Runs the search compiled for `most` at most, when the processor
    /// has better (tests compare each compilation with the others).
    pub fn instructions(mut self, most: Instructions) -> Search {
        self.isa = self.isa.min(most);
        self
    }

    fn root_with<I: Isa>(&mut self, p: u64, o: u64, alpha: i32, beta: i32) -> (i32, Option<u32>) {
        let empties = 64 - (p | o).count_ones();
        let m = I::moves(p, o);
        if m == 0 {
            return (I::pvs(self, p, o, alpha, beta, empties), None);
        }
        let list = self.order::<I>(p, o, m, empties, alpha);
        let (best, best_move) = self.pvs_moves::<I>(p, o, &list, alpha, beta, empties);
        (best, Some(u32::from(best_move)))
    }

    /// The moves of `list` in turn: the first with the full window, the
    /// others with a null window and a re-search when they beat it. The
    /// best score (fail-soft) and its move.
    #[inline(always)]
    fn pvs_moves<I: Isa>(
        &mut self,
        p: u64,
        o: u64,
        list: &MoveList,
        mut alpha: i32,
        beta: i32,
        empties: u32,
    ) -> (i32, u8) {
        let mut best = NONE;
        let mut best_move = 64u8;
        for i in 0..list.len {
            let (x, np, no) = list.after(p, o, i);
            let s = if i == 0 {
                -I::pvs(self, np, no, -beta, -alpha, empties - 1)
            } else {
                let mut s = -I::nws(self, np, no, -alpha - 1, empties - 1);
                if s > alpha && s < beta {
                    s = -I::pvs(self, np, no, -beta, -s, empties - 1);
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
        (best, best_move)
    }

    #[inline(always)]
    fn pvs_body<I: Isa>(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        mut beta: i32,
        empties: u32,
    ) -> i32 {
        if empties <= SHALLOW {
            return I::shallow(self, p, o, alpha, beta, empties);
        }
        self.nodes += 1;
        let mut hash_move = 64u8;
        if let Some(e) = self.table.probe(p, o) {
            hash_move = e.best;
            let (lo, up) = (e.lower as i32, e.upper as i32);
            if e.sel >= self.sel {
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
            }
        }
        let m = I::moves(p, o);
        if m == 0 {
            if I::moves(o, p) == 0 {
                return final_score(p, o);
            }
            return -I::pvs(self, o, p, -beta, -alpha, empties);
        }
        let (alpha0, beta0) = (alpha, beta);
        let mut list = self.order::<I>(p, o, m, empties, alpha);
        list.first(hash_move);
        let (best, best_move) = self.pvs_moves::<I>(p, o, &list, alpha, beta, empties);
        let (lo, up) = if best >= beta0 {
            (best, 64)
        } else if best <= alpha0 {
            (-64, best)
        } else {
            (best, best)
        };
        self.table
            .store(p, o, empties, lo, up, best_move, self.sel_at(empties));
        best
    }

    /// Null-window search: is the score above `alpha`? Fail-soft.
    #[inline(always)]
    fn nws_body<I: Isa>(&mut self, p: u64, o: u64, alpha: i32, empties: u32) -> i32 {
        if empties <= SHALLOW {
            return I::shallow(self, p, o, alpha, alpha + 1, empties);
        }
        self.nodes += 1;
        let hash_move = match self.nws_cutoffs::<I>(p, o, alpha, empties) {
            ControlFlow::Break(s) => return s,
            ControlFlow::Continue(x) => x,
        };
        let m = I::moves(p, o);
        if m == 0 {
            if I::moves(o, p) == 0 {
                return final_score(p, o);
            }
            return -I::nws(self, o, p, -alpha - 1, empties);
        }
        let mut list = MoveList::new::<I>(p, o, m);
        if let Some(s) = self.nws_reply_cutoff(p, o, &list, alpha, empties) {
            return s;
        }
        let Some((best, best_move)) =
            self.nws_moves::<I>(p, o, &mut list, hash_move, alpha, empties)
        else {
            return 0;
        };
        let sel = self.sel_at(empties);
        if best > alpha {
            self.table.store(p, o, empties, best, 64, best_move, sel);
        } else {
            self.table.store(p, o, empties, -64, best, 64, sel);
        }
        best
    }

    /// The cutoffs before the moves: a score that settles the node, else the table's move.
    #[inline(always)]
    fn nws_cutoffs<I: Isa>(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        empties: u32,
    ) -> ControlFlow<i32, u8> {
        if alpha >= STABILITY[empties as usize] {
            let max = 64 - 2 * stable(o, p).count_ones() as i32;
            if max <= alpha {
                return ControlFlow::Break(max);
            }
        }
        let mut hash_move = 64u8;
        if let Some(e) = self.table.probe(p, o) {
            if e.sel >= self.sel {
                if e.lower as i32 > alpha {
                    return ControlFlow::Break(e.lower as i32);
                }
                if e.upper as i32 <= alpha {
                    return ControlFlow::Break(e.upper as i32);
                }
            }
            hash_move = e.best;
        }
        if self.sel < EXACT && empties >= PROBCUT_MIN {
            if let Some(s) = self.probcut::<I>(p, o, alpha, empties) {
                return ControlFlow::Break(s);
            }
        }
        ControlFlow::Continue(hash_move)
    }

    /// Prefetches the replies, then a reply's entry that settles the node: its score (0: stopped).
    #[inline(always)]
    fn nws_reply_cutoff(
        &mut self,
        p: u64,
        o: u64,
        list: &MoveList,
        alpha: i32,
        empties: u32,
    ) -> Option<i32> {
        if empties > SHALLOW + 1 {
            // The replies' buckets, fetched together so that their misses
            // overlap, before the replies probe them one at a time.
            for i in 0..list.len {
                let (_, np, no) = list.after(p, o, i);
                self.table.prefetch(np, no);
            }
        }
        if empties >= STOP_CHECK && self.stopped() {
            return Some(0);
        }
        if empties >= ETC {
            // Enhanced transposition cutoff: a reply the table already
            // shows to be bad enough for the opponent.
            for i in 0..list.len {
                let (_, np, no) = list.after(p, o, i);
                if let Some(e) = self.table.probe(np, no).filter(|e| e.sel >= self.sel) {
                    if -(e.upper as i32) > alpha {
                        return Some(-(e.upper as i32));
                    }
                }
            }
        }
        None
    }

    /// The moves, the table's first, then sorted or split: the best, its move (none: stopped).
    #[inline(always)]
    fn nws_moves<I: Isa>(
        &mut self,
        p: u64,
        o: u64,
        list: &mut MoveList,
        hash_move: u8,
        alpha: i32,
        empties: u32,
    ) -> Option<(i32, u8)> {
        let mut best = NONE;
        let mut best_move = 64u8;
        // The table's move first, before the others are sorted: when it
        // refutes, as it mostly does, the sorting is saved.
        let mut from = 0;
        if list.first(hash_move) {
            let (x, np, no) = list.after(p, o, 0);
            best = -I::nws(self, np, no, -alpha - 1, empties - 1);
            best_move = x;
            from = 1;
            if empties >= STOP_CHECK && self.stopped() {
                return None;
            }
        }
        if best <= alpha {
            I::sort_keys(list, from, p, o, empties, alpha);
            // Splitting: once a move has been searched alone (the eldest
            // brother), the rest in parallel.
            let split = self.split && empties >= SPLIT && rayon::current_num_threads() > 1;
            for i in from..list.len {
                if split && i >= 1 && list.len - i >= 2 {
                    list.order_from(i);
                    let (s, x) = self.split_moves::<I>(p, o, list, i, alpha, empties);
                    if self.stopped() {
                        return None;
                    }
                    if s > best {
                        (best, best_move) = (s, x);
                    }
                    break;
                }
                list.select(i);
                let (x, np, no) = list.after(p, o, i);
                let s = -I::nws(self, np, no, -alpha - 1, empties - 1);
                if empties >= STOP_CHECK && self.stopped() {
                    return None;
                }
                if s > best {
                    best = s;
                    best_move = x;
                    if s > alpha {
                        break;
                    }
                }
            }
        }
        Some((best, best_move))
    }

    /// How sure the score of a node at `empties` is: exact below the
    /// selective searches' reach, else the search's selectivity.
    #[inline(always)]
    fn sel_at(&self, empties: u32) -> u8 {
        if empties < PROBCUT_MIN {
            EXACT
        } else {
            self.sel
        }
    }

    /// Probcut: when a shallow search with the evaluation puts the score
    /// far enough above `alpha` (or at or below it), the bound it would
    /// take a search to prove, taken on trust. The evaluation itself
    /// says which side to try: the shallow search is made once, on the
    /// side the evaluation leans to by at least half the margin (trying
    /// both sides, or either whatever the evaluation, took longer: FFO
    /// #40-#49, 31.8 s against 31.0 s; 60 WTHOR positions at 22 empties,
    /// 35.4 s against 33.4 s).
    #[inline(always)]
    fn probcut<I: Isa>(&mut self, p: u64, o: u64, alpha: i32, empties: u32) -> Option<i32> {
        let depth = probcut_depth(empties);
        let margin = (PROBCUT_T[self.sel as usize]
            * PROBCUT_SIGMA[depth as usize]
            * eval::UNITS_PER_DISC as f32) as i32;
        let guess = I::evaluate(p, o);
        let upper = (alpha + 1) * eval::UNITS_PER_DISC + margin;
        if guess >= upper - margin / 2 {
            return (I::shallow_eval(p, o, depth, upper - 1, upper) >= upper).then_some(alpha + 1);
        }
        let lower = alpha * eval::UNITS_PER_DISC - margin;
        if guess <= lower + margin / 2 {
            return (I::shallow_eval(p, o, depth, lower, lower + 1) <= lower).then_some(alpha);
        }
        None
    }

    /// The moves of `list` from `from` on, each a null-window search at
    /// `alpha`, on the threads of the pool: the best (fail-soft) and its
    /// move. The first to refute the node settles the split point, and
    /// the searches of the others stop. When a split point above settles
    /// meanwhile, what this returns means nothing ([`Search::stopped`]).
    #[cold]
    fn split_moves<I: Isa>(
        &mut self,
        p: u64,
        o: u64,
        list: &MoveList,
        from: usize,
        alpha: i32,
        empties: u32,
    ) -> (i32, u8) {
        use rayon::prelude::*;
        let stop = Arc::new(Stop {
            cut: AtomicBool::new(false),
            parent: self.stop.clone(),
        });
        // The best score (offset to be positive) above its place in the
        // list (the first of equal scores kept: 255 - i), as one word that
        // threads raise with fetch_max.
        let best = AtomicU64::new(0);
        let nodes = AtomicU64::new(0);
        let (isa, table, sel) = (self.isa, &self.table, self.sel);
        // The moves are taken in order, the next by whichever thread is
        // free: the likeliest to refute first, on every thread.
        let next = AtomicUsize::new(from);
        let workers = rayon::current_num_threads().min(list.len - from);
        (0..workers).into_par_iter().for_each(|_| {
            let mut search = Search {
                isa,
                table: Arc::clone(table),
                nodes: 0,
                split: true,
                stop: Some(Arc::clone(&stop)),
                sel,
            };
            loop {
                if search.stopped() {
                    break;
                }
                let i = next.fetch_add(1, Relaxed);
                if i >= list.len {
                    break;
                }
                let (_, np, no) = list.after(p, o, i);
                let s = -I::nws(&mut search, np, no, -alpha - 1, empties - 1);
                if search.stopped() {
                    break;
                }
                best.fetch_max(((s + 128) as u64) << 8 | (255 - i as u64), Relaxed);
                if s > alpha {
                    stop.cut.store(true, Relaxed);
                }
            }
            nodes.fetch_add(search.nodes, Relaxed);
        });
        self.nodes += nodes.into_inner();
        match best.into_inner() {
            // No move finished: a split point above settled (the caller
            // looks).
            0 => {
                debug_assert!(self.stopped());
                (NONE, 64)
            }
            b => (
                (b >> 8) as i32 - 128,
                list.squares[255 - (b & 255) as usize],
            ),
        }
    }

    /// Keys the moves from `from` on for sorting, fastest first: the sum
    /// of [`order_key`] and, far from the end, a shallow search of the
    /// reply with the evaluation (weighted by `SORT_EVAL_SHIFT`). The
    /// moves are not moved: [`MoveList::select`] brings the next one
    /// forward when it is wanted (on FFO #40-#49, 0.95x the time of an
    /// insertion sort of all, the same order).
    #[inline(always)]
    fn sort_keys_body<I: Isa>(
        list: &mut MoveList,
        from: usize,
        p: u64,
        o: u64,
        empties: u32,
        alpha: i32,
    ) {
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
        I::order_keys(list, from, p, o, odd);
        // Replies scored below this are all bad alike.
        let floor = (alpha - SORT_MARGIN).max(-64) * eval::UNITS_PER_DISC;
        for i in from..list.len {
            // Lower is searched first.
            let mut key = list.keys[i];
            if depth >= 0 {
                // A shallow search of the reply with the evaluation, in
                // eighths of a disc, bounded below alpha.
                let (_, np, no) = list.after(p, o, i);
                key += I::shallow_eval(np, no, depth, -10_000, -floor) << SORT_EVAL_SHIFT;
            }
            // Equal keys in the list's order: the key, then the place
            // (`_KEY_RANGE`).
            list.keys[i] = key * 64 + i as i32;
        }
    }

    /// The moves `m` of `(p, o)`, sorted.
    fn order<I: Isa>(&mut self, p: u64, o: u64, m: u64, empties: u32, alpha: i32) -> MoveList {
        let mut list = MoveList::new::<I>(p, o, m);
        I::sort_keys(&mut list, 0, p, o, empties, alpha);
        list.order_from(0);
        list
    }

    /// Search near the end: no table, parity order, stability cutoffs.
    #[inline(always)]
    fn shallow_body<I: Isa>(&mut self, p: u64, o: u64, alpha: i32, beta: i32, empties: u32) -> i32 {
        if empties <= 4 {
            return self.small::<I>(p, o, alpha, beta, empties);
        }
        self.nodes += 1;
        if alpha >= STABILITY[empties as usize] {
            let max = 64 - 2 * stable(o, p).count_ones() as i32;
            if max <= alpha {
                return max;
            }
        }
        let m = I::moves(p, o);
        if m == 0 {
            if I::moves(o, p) == 0 {
                return final_score(p, o);
            }
            return -I::shallow(self, o, p, -beta, -alpha, empties);
        }
        let odd = odd_quadrants(!(p | o));
        let mut best = NONE;
        let mut alpha = alpha;
        for part in [m & odd, m & !odd] {
            let mut rest = part;
            while rest != 0 {
                let x = rest.trailing_zeros();
                rest &= rest - 1;
                let (np, no) = play(p, o, x, I::flips(p, o, x));
                let s = -I::shallow(self, np, no, -beta, -alpha, empties - 1);
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
    #[inline(always)]
    fn small<I: Isa>(&mut self, p: u64, o: u64, alpha: i32, beta: i32, empties: u32) -> i32 {
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
            2 => I::last2(self, p, o, alpha, beta, sq[0], sq[1]),
            3 => I::last3(self, p, o, alpha, beta, [sq[0], sq[1], sq[2]]),
            _ => I::last4(self, p, o, alpha, beta, sq),
        }
    }

    /// One empty square `x`: the score from the count of flips alone,
    /// looked up by line ([`count_last_flips`]; on the first ten of the
    /// bench's 40 WTHOR positions at 24 empties, 31.3 s with the flips
    /// generated and counted, 29.9 s so).
    #[inline(always)]
    fn last1(&mut self, p: u64, o: u64, x: u32) -> i32 {
        self.nodes += 1;
        let np = p.count_ones() as i32;
        // The player's discs after the game, over 64: diff = 2 * discs - 64.
        let f = count_last_flips(p, x) as i32;
        if f > 0 {
            return 2 * (np + f + 1) - 64;
        }
        let g = count_last_flips(o, x) as i32;
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

    #[inline(always)]
    fn last2_body<I: Isa>(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        x1: u32,
        x2: u32,
    ) -> i32 {
        self.nodes += 1;
        let mut best = NONE;
        let f = I::flips(p, o, x1);
        if f != 0 {
            let (np, no) = play(p, o, x1, f);
            best = -self.last1(np, no, x2);
            if best >= beta {
                return best;
            }
        }
        let f = I::flips(p, o, x2);
        if f != 0 {
            let (np, no) = play(p, o, x2, f);
            best = best.max(-self.last1(np, no, x1));
        }
        if best != NONE {
            return best;
        }
        // Pass: the opponent plays.
        let mut best = NONE;
        let f = I::flips(o, p, x1);
        if f != 0 {
            let (np, no) = play(o, p, x1, f);
            best = self.last1(np, no, x2);
            if best <= alpha {
                return best;
            }
        }
        let f = I::flips(o, p, x2);
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

    #[inline(always)]
    fn last3_body<I: Isa>(&mut self, p: u64, o: u64, alpha: i32, beta: i32, x: [u32; 3]) -> i32 {
        self.nodes += 1;
        let [x1, x2, x3] = x;
        let order = [(x1, x2, x3), (x2, x1, x3), (x3, x1, x2)];
        let mut best = NONE;
        let mut a = alpha;
        for &(x, y, z) in &order {
            let f = I::flips(p, o, x);
            if f != 0 {
                let (np, no) = play(p, o, x, f);
                let s = -I::last2(self, np, no, -beta, -a, y, z);
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
            let f = I::flips(o, p, x);
            if f != 0 {
                let (np, no) = play(o, p, x, f);
                let s = I::last2(self, np, no, alpha, b, y, z);
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

    #[inline(always)]
    fn last4_body<I: Isa>(&mut self, p: u64, o: u64, alpha: i32, beta: i32, x: [u32; 4]) -> i32 {
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
            let f = I::flips(p, o, w);
            if f != 0 {
                let (np, no) = play(p, o, w, f);
                let s = -I::last3(self, np, no, -beta, -a, [y, z, v]);
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
        if I::moves(o, p) == 0 {
            return final_score(p, o);
        }
        -I::last4(self, o, p, -beta, -alpha, x)
    }
}

/// At this many empties and more, moves are ordered with the evaluation
/// of the reply (0), of the best reply to it (1), or two or three plies on.
///
/// Tuned with the constants below on 60 positions at 22 empties from the
/// games of the wild WTH_2011, which the evaluation was not fitted on
/// (`scripts/bench-endgame.sh games`; one thread, the same machine and
/// run):
/// - as here: 886 M nodes, 46.3 s;
/// - a margin of 8: 902 M nodes, 46.7 s; with it, depths 12/15/18/21:
///   974 M, 46.9 s; 10/13/16/19 with a shift of 11: 902 M, 54.0 s;
/// - a shift of 9: 51.1 s; of 11 (at 12/15/18/21): 49.8 s;
/// - the hand-made evaluation before, at 9/12/16/20: 1,045 M, 59.1 s.
///
/// Tried again with the evaluation in vector lanes (FFO #40-#49, one
/// thread, each against these in paired runs): 10/13/16/19, 489 M nodes
/// and 1.07x the time; 12/15/18/21, 559 M, 0.98x; 12/14/17/20, 539 M,
/// 0.99x. Within the runs' spread or worse: kept.
const SORT_0: u32 = 11;
const SORT_1: u32 = 14;
const SORT_2: u32 = 17;
const SORT_3: u32 = 20;

/// How far below alpha the shallow searches of the sort still tell moves
/// apart, in discs: replies worse than that are all bad, and their
/// searches stop early.
const SORT_MARGIN: i32 = 16;

/// The weight of the evaluation in the sort key: 1 << 10 an eighth of a
/// disc, so that 4 discs count as much as one reply fewer.
const SORT_EVAL_SHIFT: u32 = 10;

/// A sort key times 64 plus the move's place fits an `i32`: the shallow
/// search's values stay within 39 weights of a byte (38 instances and the
/// constant) or a final score, the replies are at most 60 (corners twice:
/// 64), the stable corner discs at most 12, the potential mobility at
/// most 60.
const _KEY_RANGE: () = assert!(
    (((39 * 128) << SORT_EVAL_SHIFT) + (64 << 15) + (12 << 11) + (60 << 5) + 4) * 64 + 63
        <= i32::MAX as i64
);

/// Null-window nodes with this many empties and more are probcut in a
/// selective search.
const PROBCUT_MIN: u32 = 10;

/// The depth of probcut's shallow search at `empties`.
#[inline(always)]
fn probcut_depth(empties: u32) -> i32 {
    match empties {
        ..16 => 2,
        16..20 => 4,
        _ => 6,
    }
}

/// How far the exact score falls from the evaluation searched d plies
/// deep, by d: one standard deviation, in discs (`scripts/fit-probcut.sh`
/// on 150 positions of WTH_2011 games at each of 10, 12, ..., 24 empties,
/// averaged over the empties: it changes little with them; only even
/// depths are searched). Measured again with the evaluation fitted off
/// the games' lines too: 8.6, 8.0, 7.3, 6.7, 6.0, 5.8, 5.2, 5.0, 4.5,
/// within 0.2 of these, which are kept. The same run shows the exact
/// score about 2 discs below the shallow searches at depths 2, 4 and 6,
/// but moving the margins by that bias (or by 1 disc either way) did not
/// take fewer nodes on FFO #40-#49: 538 M at -2 discs, 590 M at -1,
/// 531 M at +1, against 528 M.
const PROBCUT_SIGMA: [f32; 9] = [8.6, 7.9, 7.2, 6.8, 6.2, 5.9, 5.2, 5.0, 4.6];

/// The selectivities' confidences, in standard deviations, least sure
/// first.
const PROBCUT_T: [f32; 2] = [1.0, 2.0];

/// The depth of the first guess of [`Solver::solve`](super::Solver::solve)
/// (FFO #40-#49 on one thread, the same run: depth 6: 52.6 s, 8: 50.1 s,
/// 10: 52.9 s; 8 with the guess a quarter larger: 55.5 s).
const ESTIMATE_DEPTH: i32 = 8;

/// The guess stops this many empties before the end (with fewer empties
/// the guess's depth shrinks, to none at 12): there a solve costs about
/// what a deep guess would.
const ESTIMATE_EMPTIES: i32 = 12;

/// Negamax with the evaluation to `depth` plies (alpha-beta, no table).
#[inline(always)]
fn shallow_eval_body<I: Isa>(p: u64, o: u64, depth: i32, mut alpha: i32, beta: i32) -> i32 {
    if depth <= 0 {
        return I::evaluate(p, o);
    }
    let m = I::moves(p, o);
    if m == 0 {
        if I::moves(o, p) == 0 {
            return final_score(p, o) * eval::UNITS_PER_DISC;
        }
        return -I::shallow_eval(o, p, depth - 1, -beta, -alpha);
    }
    let mut best = -100_000;
    let mut rest = m;
    while rest != 0 {
        let x = rest.trailing_zeros();
        rest &= rest - 1;
        let (np, no) = play(p, o, x, I::flips(p, o, x));
        let s = -I::shallow_eval(np, no, depth - 1, -beta, -alpha);
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

/// The sort's key of each move of `list` from `from` on, as
/// [`order_key`], into `keys` at the move's place.
#[inline(always)]
fn order_keys(list: &mut MoveList, from: usize, p: u64, o: u64, odd: u64) {
    for i in from..list.len {
        let (x, np, no) = list.after(p, o, i);
        list.keys[i] = order_key(np, no, x, odd);
    }
}

/// The sort's key of a move to `x` that leads to `(np, no)` (the
/// opponent to move), lower first: the opponent's replies (corners
/// twice), less the mover's discs made stable at the corners, then the
/// squares the opponent may later reach (potential mobility), then a
/// move outside the odd quadrants `odd` after one inside.
#[inline(always)]
fn order_key(np: u64, no: u64, x: u8, odd: u64) -> i32 {
    let mut key = (weighted_mobility(moves(np, no)) as i32) << 15;
    key -= (corner_stability(no) as i32) << 11;
    key += (potential(no, np) as i32) << 5;
    if odd & (1u64 << x) == 0 {
        key += 1 << 2;
    }
    key
}

/// [`order_keys`] eight moves at a time, one a 64-bit vector lane (the
/// replies by [`moves_x8`](crate::model::bitboard::moves_x8)).
///
/// # Safety
/// The processor must have AVX-512 F, VL, BW and VPOPCNTDQ.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vpopcntdq")]
unsafe fn order_keys_avx512(list: &mut MoveList, from: usize, p: u64, o: u64, odd: u64) {
    use crate::model::bitboard::moves_x8;
    use std::arch::x86_64::*;
    let set = |x: u64| _mm512_set1_epi64(x as i64);
    let (and, or, not) = (_mm512_and_si512, _mm512_or_si512, |x| {
        _mm512_xor_si512(x, _mm512_set1_epi64(-1))
    });
    let mut i = from;
    while i < list.len {
        let n = (list.len - i).min(8);
        let k = (0xffu32 >> (8 - n)) as __mmask8;
        // SAFETY: the lanes past the list's end are masked off, and a
        // masked-off lane is not read.
        let x = _mm_maskz_loadu_epi8(k.into(), list.squares.as_ptr().add(i).cast());
        let f = _mm512_maskz_loadu_epi64(k, list.flips.as_ptr().add(i).cast());
        let bit = _mm512_sllv_epi64(set(1), _mm512_cvtepu8_epi64(x));
        // After the move: the opponent (np) to move.
        let np = _mm512_xor_si512(set(o), f);
        let no = _mm512_xor_si512(set(p), or(f, bit));
        let empty = not(or(np, no));
        let inner = and(no, set(0x7e7e_7e7e_7e7e_7e7e));
        let replies = moves_x8(np, no);
        let mobility = _mm512_add_epi64(
            _mm512_popcnt_epi64(replies),
            _mm512_popcnt_epi64(and(replies, set(0x8100_0000_0000_0081))),
        );
        // `corner_stability(no)`.
        let stable = and(
            or(
                or(
                    _mm512_slli_epi64::<1>(and(no, set(0x0100_0000_0000_0001))),
                    _mm512_srli_epi64::<1>(and(no, set(0x8000_0000_0000_0080))),
                ),
                or(
                    or(
                        _mm512_slli_epi64::<8>(and(no, set(0x0000_0000_0000_0081))),
                        _mm512_srli_epi64::<8>(and(no, set(0x8100_0000_0000_0000))),
                    ),
                    set(0x8100_0000_0000_0081),
                ),
            ),
            no,
        );
        // `potential(no, np)`: the empty squares next to the mover's discs.
        let near = or(
            or(
                or(_mm512_slli_epi64::<1>(inner), _mm512_srli_epi64::<1>(inner)),
                or(_mm512_slli_epi64::<8>(no), _mm512_srli_epi64::<8>(no)),
            ),
            or(
                or(_mm512_slli_epi64::<7>(inner), _mm512_srli_epi64::<7>(inner)),
                or(_mm512_slli_epi64::<9>(inner), _mm512_srli_epi64::<9>(inner)),
            ),
        );
        let mut key = _mm512_sub_epi64(
            _mm512_slli_epi64::<15>(mobility),
            _mm512_slli_epi64::<11>(_mm512_popcnt_epi64(stable)),
        );
        key = _mm512_add_epi64(
            key,
            _mm512_slli_epi64::<5>(_mm512_popcnt_epi64(and(near, empty))),
        );
        let outside = !_mm512_test_epi64_mask(bit, set(odd));
        key = _mm512_mask_add_epi64(key, outside, key, set(4));
        // SAFETY: as the load.
        let keys = list.keys.as_mut_ptr().add(i);
        _mm256_mask_storeu_epi32(keys, k, _mm512_cvtepi64_epi32(key));
        i += 8;
    }
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

/// The empty squares next to the opponent's discs: where the player may
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

/// The instruction sets the search is compiled for, better last.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Instructions {
    /// Any processor of the target.
    Portable,
    /// x86-64-v3 (Haswell, Zen and later): POPCNT, LZCNT, BMI1/2, AVX2.
    V3,
    /// x86-64-v4: v3 and AVX-512 (F, VL, CD, BW, DQ), with AVX-512 VBMI
    /// and VPOPCNTDQ (Ice Lake, Zen 4 and later; Skylake-X, with
    /// x86-64-v4 alone, takes v3).
    V4,
}

impl Instructions {
    /// The best the processor has.
    pub fn detect() -> Instructions {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::is_x86_feature_detected as has;
            let v3 =
                has!("avx2") && has!("bmi1") && has!("bmi2") && has!("lzcnt") && has!("popcnt");
            let v4 = has!("avx512f")
                && has!("avx512vl")
                && has!("avx512cd")
                && has!("avx512bw")
                && has!("avx512dq")
                && has!("avx512vbmi")
                && has!("avx512vpopcntdq");
            match (v3, v4) {
                (true, true) => Instructions::V4,
                (true, false) => Instructions::V3,
                _ => Instructions::Portable,
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        Instructions::Portable
    }
}

/// The instructions a search is compiled for. The search's recursive steps
/// call each other through these, so that one started compiled for an
/// instruction set stays in it: the build's own (any processor of the
/// target), x86-64-v3 or x86-64-v4, the best the processor has
/// ([`Instructions::detect`]).
/// The code is the same but for the evaluation (by bit-extract in v3, in
/// vector lanes in v4), and the moves, the flips and the sort's first
/// keys in vector lanes (v4); otherwise only the compiler's
/// choice of instructions differs (a bit count is one instruction instead
/// of a dozen).
trait Isa {
    fn pvs(s: &mut Search, p: u64, o: u64, alpha: i32, beta: i32, empties: u32) -> i32;
    fn nws(s: &mut Search, p: u64, o: u64, alpha: i32, empties: u32) -> i32;
    fn shallow(s: &mut Search, p: u64, o: u64, alpha: i32, beta: i32, empties: u32) -> i32;
    fn last2(s: &mut Search, p: u64, o: u64, alpha: i32, beta: i32, x1: u32, x2: u32) -> i32;
    fn last3(s: &mut Search, p: u64, o: u64, alpha: i32, beta: i32, x: [u32; 3]) -> i32;
    fn last4(s: &mut Search, p: u64, o: u64, alpha: i32, beta: i32, x: [u32; 4]) -> i32;
    /// Keys the moves for sorting ([`Search::sort_keys_body`]).
    fn sort_keys(list: &mut MoveList, from: usize, p: u64, o: u64, empties: u32, alpha: i32);
    fn shallow_eval(p: u64, o: u64, depth: i32, alpha: i32, beta: i32) -> i32;
    /// The pattern evaluation ([`eval`]).
    fn evaluate(p: u64, o: u64) -> i32;
    /// The discs a move flips ([`flips`](crate::model::bitboard::flips)).
    fn flips(p: u64, o: u64, sq: u32) -> u64;
    /// The legal moves ([`moves`](crate::model::bitboard::moves)).
    fn moves(p: u64, o: u64) -> u64;
    /// The sort's first keys ([`order_keys`]).
    fn order_keys(list: &mut MoveList, from: usize, p: u64, o: u64, odd: u64);
}

/// Declares an instruction set: its steps, each compiled with `$features`
/// (none: the build's own), calling the shared code.
macro_rules! instruction_set {
    ($(#[$doc:meta])* $isa:ident, $module:ident, $evaluate:path, $flips:path, $moves:path, $keys:path $(, $features:literal)?) => {
        $(#[$doc])*
        struct $isa;

        mod $module {
            use super::{$isa, MoveList, Search};

            $(#[target_feature(enable = $features)])?
            pub(super) fn pvs(s: &mut Search, p: u64, o: u64, a: i32, b: i32, e: u32) -> i32 {
                s.pvs_body::<$isa>(p, o, a, b, e)
            }
            $(#[target_feature(enable = $features)])?
            pub(super) fn nws(s: &mut Search, p: u64, o: u64, a: i32, e: u32) -> i32 {
                s.nws_body::<$isa>(p, o, a, e)
            }
            $(#[target_feature(enable = $features)])?
            pub(super) fn shallow(s: &mut Search, p: u64, o: u64, a: i32, b: i32, e: u32) -> i32 {
                s.shallow_body::<$isa>(p, o, a, b, e)
            }
            $(#[target_feature(enable = $features)])?
            pub(super) fn last2(s: &mut Search, p: u64, o: u64, a: i32, b: i32, x1: u32, x2: u32) -> i32 {
                s.last2_body::<$isa>(p, o, a, b, x1, x2)
            }
            $(#[target_feature(enable = $features)])?
            pub(super) fn last3(s: &mut Search, p: u64, o: u64, a: i32, b: i32, x: [u32; 3]) -> i32 {
                s.last3_body::<$isa>(p, o, a, b, x)
            }
            $(#[target_feature(enable = $features)])?
            pub(super) fn last4(s: &mut Search, p: u64, o: u64, a: i32, b: i32, x: [u32; 4]) -> i32 {
                s.last4_body::<$isa>(p, o, a, b, x)
            }
            $(#[target_feature(enable = $features)])?
            pub(super) fn sort_keys(list: &mut MoveList, from: usize, p: u64, o: u64, e: u32, a: i32) {
                Search::sort_keys_body::<$isa>(list, from, p, o, e, a)
            }
            $(#[target_feature(enable = $features)])?
            pub(super) fn shallow_eval(p: u64, o: u64, d: i32, a: i32, b: i32) -> i32 {
                super::shallow_eval_body::<$isa>(p, o, d, a, b)
            }
        }

        // SAFETY (each `unsafe`): a search calls these only when the
        // processor has `$features` (`Search::isa`, from
        // `Instructions::detect`); without
        // features the block is not needed.
        #[allow(unused_unsafe)]
        impl Isa for $isa {
            #[inline(always)]
            fn evaluate(p: u64, o: u64) -> i32 {
                unsafe { $evaluate(p, o) }
            }
            #[inline(always)]
            fn flips(p: u64, o: u64, sq: u32) -> u64 {
                unsafe { $flips(p, o, sq) }
            }
            #[inline(always)]
            fn moves(p: u64, o: u64) -> u64 {
                unsafe { $moves(p, o) }
            }
            #[inline(always)]
            fn order_keys(list: &mut MoveList, from: usize, p: u64, o: u64, odd: u64) {
                unsafe { $keys(list, from, p, o, odd) }
            }
            #[inline(always)]
            fn pvs(s: &mut Search, p: u64, o: u64, a: i32, b: i32, e: u32) -> i32 {
                unsafe { $module::pvs(s, p, o, a, b, e) }
            }
            #[inline(always)]
            fn nws(s: &mut Search, p: u64, o: u64, a: i32, e: u32) -> i32 {
                unsafe { $module::nws(s, p, o, a, e) }
            }
            #[inline(always)]
            fn shallow(s: &mut Search, p: u64, o: u64, a: i32, b: i32, e: u32) -> i32 {
                unsafe { $module::shallow(s, p, o, a, b, e) }
            }
            #[inline(always)]
            fn last2(s: &mut Search, p: u64, o: u64, a: i32, b: i32, x1: u32, x2: u32) -> i32 {
                unsafe { $module::last2(s, p, o, a, b, x1, x2) }
            }
            #[inline(always)]
            fn last3(s: &mut Search, p: u64, o: u64, a: i32, b: i32, x: [u32; 3]) -> i32 {
                unsafe { $module::last3(s, p, o, a, b, x) }
            }
            #[inline(always)]
            fn last4(s: &mut Search, p: u64, o: u64, a: i32, b: i32, x: [u32; 4]) -> i32 {
                unsafe { $module::last4(s, p, o, a, b, x) }
            }
            #[inline(always)]
            fn sort_keys(list: &mut MoveList, from: usize, p: u64, o: u64, e: u32, a: i32) {
                unsafe { $module::sort_keys(list, from, p, o, e, a) }
            }
            #[inline(always)]
            fn shallow_eval(p: u64, o: u64, d: i32, a: i32, b: i32) -> i32 {
                unsafe { $module::shallow_eval(p, o, d, a, b) }
            }
        }
    };
}

instruction_set!(
    /// The build's own instructions: any processor of the target.
    Portable,
    portable,
    eval::evaluate,
    flips,
    moves,
    order_keys
);

#[cfg(target_arch = "x86_64")]
instruction_set!(
    /// x86-64-v3 (Haswell, Zen and later): POPCNT, LZCNT, BMI1/2, AVX2.
    V3,
    v3,
    eval::evaluate_bmi2,
    flips,
    moves,
    order_keys,
    "avx2,bmi1,bmi2,lzcnt,popcnt"
);

#[cfg(target_arch = "x86_64")]
instruction_set!(
    /// x86-64-v4: v3 and AVX-512, with VBMI and VPOPCNTDQ (at first
    /// without them, as measured here). On one thread, against v3, the same
    /// nodes (a 2-core Xeon, Sapphire Rapids, whose times vary by 15 %
    /// from run to run; medians of 3 paired runs of `endgame_bench`): on
    /// FFO #40-#49, 0.92x the time with the compiler's choice of AVX-512
    /// instructions alone, and 0.96x that again with
    /// [`flips_avx512`](crate::model::bitboard::flips_avx512), in two runs;
    /// both against v3 in a third run, 0.74x (0.62-0.91 over the pairs),
    /// and 0.84x (0.84-0.97) on the 60 WTHOR positions of `games`. Then,
    /// on FFO #40-#49, the same nodes, medians of 3 pairs: the evaluation
    /// in vector lanes ([`eval::evaluate_avx512`]), 0.91x; the sort's
    /// first keys so too ([`order_keys_avx512`]), 0.98x that; the moves
    /// ([`moves_avx2`](crate::model::bitboard::moves_avx2)), 0.97x.
    V4,
    v4,
    eval::evaluate_avx512,
    crate::model::bitboard::flips_avx512,
    crate::model::bitboard::moves_avx2,
    order_keys_avx512,
    "avx2,bmi1,bmi2,lzcnt,popcnt,avx512f,avx512vl,avx512cd,avx512bw,avx512dq,avx512vbmi,avx512vpopcntdq"
);

/// The moves of a position with the discs each flips, at most 60 (any
/// position read, not only those reached in play).
#[cfg_attr(test, derive(Clone))]
struct MoveList {
    squares: [u8; 64],
    flips: [u64; 64],
    /// The sort's keys (`Isa::sort_keys`), lower first, each different,
    /// of the moves it was given.
    keys: [i32; 64],
    len: usize,
}

impl MoveList {
    /// The moves `m` of `(p, o)`, in square order.
    #[inline(always)]
    fn new<I: Isa>(p: u64, o: u64, m: u64) -> MoveList {
        let mut list = MoveList {
            squares: [0; 64],
            flips: [0; 64],
            keys: [0; 64],
            len: 0,
        };
        let mut rest = m;
        while rest != 0 {
            let x = rest.trailing_zeros();
            rest &= rest - 1;
            list.squares[list.len] = x as u8;
            list.flips[list.len] = I::flips(p, o, x);
            list.len += 1;
        }
        list
    }

    /// Move `i`: its square and the position after it.
    #[inline]
    fn after(&self, p: u64, o: u64, i: usize) -> (u8, u64, u64) {
        let x = self.squares[i];
        let (np, no) = play(p, o, x as u32, self.flips[i]);
        (x, np, no)
    }

    /// Brings the move of lowest key from `i` on to `i` (a step of a
    /// selection sort: a node that a move refutes sorts no further).
    #[inline(always)]
    fn select(&mut self, i: usize) {
        let mut best = i;
        for j in i + 1..self.len {
            if self.keys[j] < self.keys[best] {
                best = j;
            }
        }
        self.squares.swap(i, best);
        self.flips.swap(i, best);
        self.keys.swap(i, best);
    }

    /// Sorts the moves from `i` on by key.
    fn order_from(&mut self, i: usize) {
        for j in i..self.len {
            self.select(j);
        }
    }

    /// Moves `x` to the front when it is in the list; whether it was.
    fn first(&mut self, x: u8) -> bool {
        if x >= 64 {
            return false;
        }
        match self.squares[..self.len].iter().position(|&s| s == x) {
            Some(i) => {
                self.squares[..=i].rotate_right(1);
                self.flips[..=i].rotate_right(1);
                self.keys[..=i].rotate_right(1);
                true
            }
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The next of a fixed pseudo-random sequence (xorshift64).
    fn xorshift(x: &mut u64) -> u64 {
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
        *x
    }

    #[test]
    fn selection_gives_the_stable_order_of_the_keys() {
        // Keys with many ties, as the sort makes them (key, then place),
        // brought forward one at a time: the order of a stable sort by key,
        // the moves before `from` left where they are.
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for round in 0..2000 {
            xorshift(&mut x);
            let len = 1 + (x % 30) as usize;
            let from = (round % 3).min(len - 1);
            let mut list = MoveList {
                squares: [0; 64],
                flips: [0; 64],
                keys: [0; 64],
                len,
            };
            let mut pairs = Vec::new();
            for i in 0..len {
                let key = ((x >> (i % 60)) & 3) as i32 - 1;
                list.squares[i] = i as u8;
                list.flips[i] = 1 << i;
                if i >= from {
                    list.keys[i] = key * 64 + i as i32;
                    pairs.push((key, i as u8));
                }
            }
            pairs.sort_by_key(|&(key, _)| key);
            let mut want: Vec<u8> = (0..from as u8).collect();
            want.extend(pairs.iter().map(|&(_, sq)| sq));
            list.order_from(from);
            assert_eq!(&list.squares[..len], &want[..], "round {round}");
            for i in 0..len {
                assert_eq!(
                    list.flips[i],
                    1 << list.squares[i],
                    "a move's flips stay with it"
                );
            }
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_vector_sort_keys_are_the_scalar_ones() {
        if Instructions::detect() < Instructions::V4 {
            return;
        }
        // Random boards (xorshift), from nearly empty to nearly full, with
        // lists of up to about 25 moves (several vectors' worth), each
        // from every start the sort is given.
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || xorshift(&mut x);
        let (mut lists, mut long) = (0, 0);
        for round in 0..20_000 {
            let (a, b) = (next(), next());
            let fill = match round % 3 {
                0 => a | b,
                1 => a,
                _ => a & b,
            };
            let p = fill & next();
            let o = fill & !p;
            let m = moves(p, o);
            if m == 0 {
                continue;
            }
            let list = MoveList::new::<Portable>(p, o, m);
            let odd = odd_quadrants(!(p | o));
            for from in 0..list.len.min(3) {
                let (mut want, mut got) = (list.clone(), list.clone());
                want.keys = [7; 64];
                got.keys = [7; 64];
                order_keys(&mut want, from, p, o, odd);
                // SAFETY: the processor has v4 (AVX-512 F, VL, BW and
                // VPOPCNTDQ among it), checked above.
                unsafe { order_keys_avx512(&mut got, from, p, o, odd) };
                assert_eq!(want.keys, got.keys, "{p:#x} {o:#x} from {from}");
            }
            lists += 1;
            long += usize::from(list.len > 16);
        }
        assert!(
            lists > 10_000 && long > 50,
            "{lists} lists, {long} of over 16 moves"
        );
    }
}
