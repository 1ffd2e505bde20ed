//! The constrained generator: deals at random, keeps those the condition
//! accepts, and hands them out as boards.
//!
//! Deal number `i` (from 0) is the `i % 16384`-th deal of chunk
//! `i / 16384`, and chunk `k` is dealt from ChaCha20 keyed by the seed on
//! stream `k`. Chunks are dealt by any number of threads and taken in
//! order, so a seed gives the same deals whatever the number of threads.
//!
//! A deal shuffles only what it must: the cards not predealt are put in
//! random order by a Fisher-Yates shuffle stopped when the cards left are
//! North's (whose order does not matter; they are the cards no one else
//! got), each card going straight into its hand's bits; the random numbers
//! of several steps come from one 64-bit word (Brackett-Rozinsky and
//! Lemire's batched bounded draws, exactly uniform), about four words a
//! deal.

use super::print::PrintoutTags;
use super::report::Report;
use super::{Action, EsItem, Evaluator, Script};
use crate::codec::stream::BoardReader;
use crate::deal::seeded::Seed;
use crate::model::board::Board;
use crate::model::deal::Deal;
use crate::model::hand::Hand;
use crate::model::set::SetInfo;
use boardfile_io::{Diagnostics, Error};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, SyncSender};
use std::sync::Arc;
use std::thread::JoinHandle;

/// Deals a chunk.
const CHUNK: u64 = 1 << 14;

/// Counts a generator has reached, readable from another thread.
#[derive(Debug, Default)]
pub struct Counters {
    /// Deals generated (tested against the condition).
    pub generated: AtomicU64,
    /// Deals produced (accepted and handed out).
    pub produced: AtomicU64,
}

/// How the cards not predealt are shuffled and shared.
#[derive(Clone)]
struct Shuffle {
    /// The free cards, in their starting order (a deal starts from it).
    start: [u8; 64],
    /// How many cards are free.
    n: usize,
    /// The seat of each position of the shuffled free cards: North's first.
    seat_of: [u8; 64],
    /// The free cards' bits.
    free_mask: u64,
    predeal: [u64; 4],
    /// Batches of bounds (i + 1 for i from the top down), each with the
    /// product of its bounds (below 2^64).
    batches: Vec<(Vec<u64>, u64)>,
    /// Draws a deal.
    draws: usize,
}

impl Shuffle {
    fn new(predeal: [u64; 4]) -> Shuffle {
        let all = predeal.iter().fold(0, |a, b| a | b);
        let free: Vec<u8> = (0..52u8).filter(|c| all >> c & 1 == 0).collect();
        let quota = predeal.map(|h| 13 - h.count_ones() as usize);
        let n = free.len();
        let mut start = [0u8; 64];
        start[..n].copy_from_slice(&free);
        let mut seat_of = [0u8; 64];
        let mut at = 0;
        for (seat, &q) in quota.iter().enumerate() {
            seat_of[at..at + q].fill(seat as u8);
            at += q;
        }
        let mut batches = Vec::new();
        let (mut bounds, mut product) = (Vec::new(), 1u128);
        let low = quota[0].max(1);
        for i in (low..n).rev() {
            let b = (i + 1) as u128;
            if product * b > u128::from(u64::MAX) {
                batches.push((std::mem::take(&mut bounds), product as u64));
                product = 1;
            }
            bounds.push(b as u64);
            product *= b;
        }
        if !bounds.is_empty() {
            batches.push((bounds, product as u64));
        }
        Shuffle {
            start,
            n,
            seat_of,
            free_mask: !all & ((1 << 52) - 1),
            predeal,
            batches,
            draws: n.saturating_sub(low),
        }
    }

    /// One deal: hands N, E, S, W as card bits.
    #[inline]
    fn deal(&self, rng: &mut ChaCha20Rng) -> [u64; 4] {
        let mut draws = [0u8; 64];
        let mut k = 0;
        for (bounds, product) in &self.batches {
            loop {
                let mut l = rng.next_u64();
                for (d, &b) in bounds.iter().enumerate() {
                    let m = u128::from(l) * u128::from(b);
                    draws[(k + d) & 63] = (m >> 64) as u8;
                    l = m as u64;
                }
                if l < *product && l < product.wrapping_neg() % product {
                    continue;
                }
                break;
            }
            k += bounds.len();
        }
        let mut cards = self.start;
        let mut hands = [0u64; 4];
        let mut i = self.n;
        for &j in &draws[..self.draws] {
            i -= 1;
            let j = usize::from(j) & 63;
            let c = cards[j];
            cards[j] = cards[i & 63];
            hands[usize::from(self.seat_of[i & 63]) & 3] |= 1u64 << (c & 63);
        }
        let dealt = hands[0] | hands[1] | hands[2] | hands[3];
        hands[usize::from(self.seat_of[0]) & 3] |= self.free_mask ^ dealt;
        for (h, p) in hands.iter_mut().zip(self.predeal) {
            *h |= p;
        }
        hands
    }
}

/// What a chunk gave: the accepted deals with their numbers, and the first
/// division by zero met.
struct Chunk {
    accepted: Vec<(u64, [u64; 4])>,
    end: u64,
    div_zero: Option<(u32, u32)>,
}

/// Deals chunk `k` (deal numbers `start..end`).
fn deal_chunk(
    k: u64,
    end: u64,
    seed: &Seed,
    shuffle: &Shuffle,
    eval: &mut Evaluator,
    stop: &AtomicBool,
) -> Chunk {
    let mut rng = ChaCha20Rng::from_seed(seed.0);
    rng.set_stream(k);
    let start = k * CHUNK;
    let key = seed_key(seed);
    let mut accepted = Vec::new();
    let mut index = start;
    while index < end {
        let hands = shuffle.deal(&mut rng);
        eval.set_hands(hands, key ^ index.wrapping_mul(0x2545_f491_4f6c_dd1d));
        if eval.accepts() {
            accepted.push((index, hands));
        }
        index += 1;
        if index & 1023 == 0 && stop.load(Ordering::Relaxed) {
            break;
        }
    }
    Chunk {
        accepted,
        end: index,
        div_zero: eval.division_by_zero(),
    }
}

fn seed_key(seed: &Seed) -> u64 {
    seed.0.chunks(8).fold(0u64, |a, c| {
        a.rotate_left(17) ^ u64::from_le_bytes(c.try_into().expect("8 bytes"))
    })
}

struct Pool {
    stop: Arc<AtomicBool>,
    consumed: Arc<AtomicU64>,
    rx: Receiver<(u64, Chunk)>,
    workers: Vec<JoinHandle<()>>,
}

/// A stream of boards whose deals satisfy a script: a [`BoardReader`].
pub struct Generator {
    script: Arc<Script>,
    seed: Seed,
    shuffle: Shuffle,
    generate: u64,
    produce: u64,
    first: u32,
    jobs: usize,
    eval: Evaluator,
    pool: Option<Pool>,
    pending: BTreeMap<u64, Chunk>,
    next_chunk: u64,
    current: Option<(Chunk, usize)>,
    produced: u64,
    generated: u64,
    report: Report,
    counters: Arc<Counters>,
    progress: Option<Box<dyn FnMut(u64, u64)>>,
    div_zero: Option<(u32, u32)>,
    never_stop: AtomicBool,
    info: SetInfo,
    /// With the printout on: the PBN layout's tags, and the text printed
    /// since the caller last took it.
    printout: Option<(PrintoutTags, Vec<u8>)>,
}

impl Generator {
    /// Deals with `seed` until `produce` deals are accepted or `generate`
    /// are dealt (each `None`: the script's, else dealer's defaults
    /// 10,000,000 and 40), on `jobs` threads; boards are numbered from
    /// `first`.
    pub fn new(
        script: &Script,
        seed: &Seed,
        first: u32,
        produce: impl Into<Option<u64>>,
        jobs: usize,
        generate: impl Into<Option<u64>>,
    ) -> Generator {
        let script = Arc::new(script.clone());
        let produce = produce.into().or(script.produce).unwrap_or(40);
        let generate = generate.into().or(script.generate).unwrap_or(10_000_000);
        Generator {
            shuffle: Shuffle::new(script.predeal),
            eval: Evaluator::new(Arc::clone(&script)),
            report: Report::new(&script),
            script,
            seed: *seed,
            generate,
            produce,
            first,
            jobs: jobs.max(1),
            pool: None,
            pending: BTreeMap::new(),
            next_chunk: 0,
            current: None,
            produced: 0,
            generated: 0,
            counters: Arc::default(),
            progress: None,
            div_zero: None,
            never_stop: AtomicBool::new(false),
            info: SetInfo::default(),
            printout: None,
        }
    }

    /// Prints each deal produced as the script's print actions print it
    /// (dealer's layouts, `printpbn` with `tags`), for the caller to take
    /// with [`Generator::take_printout`], and keeps the deals of
    /// `print(seats)` for the report's pages at the end
    /// ([`Report::write_text`]). Off by default: the boards are what a
    /// generator gives.
    ///
    /// ```
    /// use boardfile_bridge::deal::dealer::{Generator, PrintoutTags, Script};
    /// use boardfile_bridge::deal::seeded::Seed;
    /// use boardfile_bridge::{BoardReader, Diagnostics};
    /// let script = Script::parse("produce 2\naction printoneline").unwrap();
    /// let mut gen = Generator::new(&script, &Seed::parse("1").unwrap(), 1, None, 1, None);
    /// gen.enable_printout(PrintoutTags::today("practice"));
    /// let board = gen.next_board(&mut Diagnostics::strict()).unwrap().unwrap();
    /// let line = String::from_utf8(gen.take_printout()).unwrap();
    /// assert!(line.starts_with("n ") && line.ends_with(" \n"));
    /// assert!(line.contains(&board.deal.hand(boardfile_bridge::Seat::West).to_string()));
    /// ```
    pub fn enable_printout(&mut self, tags: PrintoutTags) {
        self.printout = Some((tags, Vec::new()));
        self.report.keep_hands();
    }

    /// The text the print actions printed since the last call (empty
    /// unless [`Generator::enable_printout`] was called).
    pub fn take_printout(&mut self) -> Vec<u8> {
        self.printout
            .as_mut()
            .map(|(_, text)| std::mem::take(text))
            .unwrap_or_default()
    }

    /// Calls `f(produced, generated)` as the work goes on (after each
    /// chunk of 16,384 deals).
    pub fn on_progress(&mut self, f: impl FnMut(u64, u64) + 'static) {
        self.progress = Some(Box::new(f));
    }

    /// The counts, shared.
    pub fn counters(&self) -> Arc<Counters> {
        Arc::clone(&self.counters)
    }

    /// Deals produced so far.
    pub fn produced(&self) -> u64 {
        self.produced
    }

    /// Deals generated so far: when the last deal wanted was produced, the
    /// number of deals it took.
    pub fn generated(&self) -> u64 {
        self.generated
    }

    /// The number of deals asked for.
    pub fn wanted(&self) -> u64 {
        self.produce
    }

    /// The most deals that will be generated.
    pub fn limit(&self) -> u64 {
        self.generate
    }

    /// The actions' statistics over the deals produced so far.
    pub fn report(&self) -> &Report {
        &self.report
    }

    /// Where (line, column) a division or remainder by zero was met, if
    /// one was (it counted as 0).
    pub fn divisions_by_zero(&self) -> Option<(u32, u32)> {
        self.div_zero.or(self.eval.division_by_zero())
    }

    fn chunks(&self) -> u64 {
        self.generate.div_ceil(CHUNK)
    }

    fn chunk_end(&self, k: u64) -> u64 {
        ((k + 1) * CHUNK).min(self.generate)
    }

    fn start_pool(&mut self) {
        let (tx, rx) = std::sync::mpsc::sync_channel::<(u64, Chunk)>(self.jobs * 4);
        let stop = Arc::new(AtomicBool::new(false));
        let consumed = Arc::new(AtomicU64::new(0));
        let next = Arc::new(AtomicU64::new(0));
        let window = (self.jobs * 4) as u64;
        let workers = (0..self.jobs)
            .map(|_| {
                let (tx, stop, consumed, next): (SyncSender<_>, _, _, _) =
                    (tx.clone(), stop.clone(), consumed.clone(), next.clone());
                let (seed, shuffle, generate) = (self.seed, self.shuffle.clone(), self.generate);
                let mut eval = Evaluator::new(Arc::clone(&self.script));
                std::thread::spawn(move || {
                    let chunks = generate.div_ceil(CHUNK);
                    loop {
                        let k = next.fetch_add(1, Ordering::Relaxed);
                        if k >= chunks {
                            return;
                        }
                        while k >= consumed.load(Ordering::Acquire) + window {
                            if stop.load(Ordering::Relaxed) {
                                return;
                            }
                            std::thread::sleep(std::time::Duration::from_micros(200));
                        }
                        if stop.load(Ordering::Relaxed) {
                            return;
                        }
                        let end = ((k + 1) * CHUNK).min(generate);
                        let chunk = deal_chunk(k, end, &seed, &shuffle, &mut eval, &stop);
                        if tx.send((k, chunk)).is_err() {
                            return;
                        }
                    }
                })
            })
            .collect();
        self.pool = Some(Pool {
            stop,
            consumed,
            rx,
            workers,
        });
    }

    /// The next chunk in order, or None when all are dealt.
    fn next_chunk(&mut self) -> Option<Chunk> {
        let k = self.next_chunk;
        if k >= self.chunks() {
            return None;
        }
        self.next_chunk += 1;
        if self.jobs == 1 {
            let end = self.chunk_end(k);
            let mut eval =
                std::mem::replace(&mut self.eval, Evaluator::new(Arc::clone(&self.script)));
            let chunk = deal_chunk(
                k,
                end,
                &self.seed,
                &self.shuffle,
                &mut eval,
                &self.never_stop,
            );
            self.eval = eval;
            return Some(chunk);
        }
        if self.pool.is_none() {
            self.start_pool();
        }
        let pool = self.pool.as_ref().expect("started");
        let chunk = loop {
            if let Some(c) = self.pending.remove(&k) {
                break c;
            }
            match pool.rx.recv() {
                Ok((j, c)) => {
                    self.pending.insert(j, c);
                }
                Err(_) => return None,
            }
        };
        pool.consumed.store(k + 1, Ordering::Release);
        Some(chunk)
    }

    fn stop_pool(&mut self) {
        if let Some(pool) = self.pool.take() {
            pool.stop.store(true, Ordering::Relaxed);
            drop(pool.rx);
            for w in pool.workers {
                let _ = w.join();
            }
        }
    }

    /// The next accepted deal and its number, or None at the end.
    fn next_deal(&mut self) -> Option<(u64, [u64; 4])> {
        if self.produced >= self.produce {
            self.stop_pool();
            return None;
        }
        loop {
            if let Some((chunk, at)) = &mut self.current {
                if let Some(&(index, hands)) = chunk.accepted.get(*at) {
                    *at += 1;
                    return Some((index, hands));
                }
                self.generated = chunk.end;
                self.div_zero = self.div_zero.or(chunk.div_zero);
                self.current = None;
            }
            match self.next_chunk() {
                Some(c) => {
                    self.counters.generated.store(c.end, Ordering::Relaxed);
                    // The deals before this chunk: every one examined, and
                    // never more than the count at the end (the last
                    // accepted deal's), so the count told only rises.
                    if let Some(f) = &mut self.progress {
                        f(self.produced, self.generated);
                    }
                    self.current = Some((c, 0));
                }
                None => {
                    self.stop_pool();
                    return None;
                }
            }
        }
    }
}

impl Drop for Generator {
    fn drop(&mut self) {
        self.stop_pool();
    }
}

impl BoardReader for Generator {
    fn head(&self) -> &SetInfo {
        &self.info
    }

    fn next_board(&mut self, _: &mut Diagnostics) -> Result<Option<Board>, Error> {
        let Some((index, hands)) = self.next_deal() else {
            return Ok(None);
        };
        self.generated = index + 1;
        let number = self.first.saturating_add(self.produced as u32);
        self.produced += 1;
        self.counters
            .produced
            .store(self.produced, Ordering::Relaxed);
        if self.produced == self.produce {
            if let Some(f) = &mut self.progress {
                f(self.produced, self.generated);
            }
        }
        let deal = Deal::new(hands.map(|b| Hand::from_bits(b).expect("52 bits")))
            .expect("a shuffle gives 13 different cards a hand");
        let mut board = Board::new(number, deal);
        if let Some(d) = self.script.dealer {
            board.dealer = d;
        }
        if let Some(v) = self.script.vulnerable {
            board.vulnerability = v;
        }
        if self.report.is_active() || self.printout.is_some() {
            self.eval.set_hands(
                hands,
                seed_key(&self.seed) ^ index.wrapping_mul(0x2545_f491_4f6c_dd1d),
            );
            self.report.add(&mut self.eval, &board);
            if let Some((tags, text)) = &mut self.printout {
                print_actions(&self.script, &mut self.eval, &board, tags, text)?;
            }
        }
        Ok(Some(board))
    }

    fn position(&self) -> u64 {
        self.produced
    }
}

/// The script's per-deal print actions on `board` (whose hands the
/// evaluator holds), in the script's order.
fn print_actions(
    script: &Script,
    eval: &mut Evaluator,
    board: &Board,
    tags: &PrintoutTags,
    out: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    for action in &script.actions {
        match action {
            Action::Layout { layout, value } => {
                let value = value.map(|e| eval.value(e));
                layout.write(out, board, value, tags)?;
            }
            Action::PrintEs(items) => {
                for item in items {
                    match item {
                        EsItem::Text(t) => out.write_all(t.as_bytes())?,
                        EsItem::Value(e) => write!(out, "{}", eval.value(*e))?,
                    }
                }
            }
            Action::Hands(_) | Action::Average { .. } | Action::Frequency { .. } => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shuffle_deals_every_card_once_and_keeps_the_predeal() {
        let predeal = [0b111, 0, 1 << 51, 0];
        let s = Shuffle::new(predeal);
        let mut rng = ChaCha20Rng::from_seed([7; 32]);
        for _ in 0..1000 {
            let h = s.deal(&mut rng);
            assert_eq!(h.iter().fold(0, |a, b| a | b), (1 << 52) - 1);
            assert!(h.iter().all(|x| x.count_ones() == 13));
            assert_eq!(h[0] & 0b111, 0b111);
            assert_ne!(h[2] & 1 << 51, 0);
        }
    }

    /// Each card lands in each seat about equally often: 52,000 deals, so
    /// each of the 208 cells expects 13,000 (deviation about 99); a
    /// chi-square over 156 degrees of freedom stays far below 260 for a
    /// fair shuffle.
    #[test]
    fn the_shuffle_is_fair() {
        let s = Shuffle::new([0; 4]);
        let mut rng = ChaCha20Rng::from_seed([9; 32]);
        let mut counts = [[0u32; 4]; 52];
        for _ in 0..52_000 {
            let h = s.deal(&mut rng);
            for (seat, bits) in h.iter().enumerate() {
                for (c, row) in counts.iter_mut().enumerate() {
                    row[seat] += (bits >> c & 1) as u32;
                }
            }
        }
        let chi2: f64 = counts
            .iter()
            .flatten()
            .map(|&c| (f64::from(c) - 13_000.0).powi(2) / 13_000.0)
            .sum();
        assert!(chi2 < 260.0, "chi-square {chi2}");
    }
}
