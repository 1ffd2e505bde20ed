//! Double-dummy tables, par and play analysis. The tables and the play
//! analysis of [`play`] are our own solver's (`boardfile-dd`, in this
//! workspace); par is `pons-dds`'s (a pure-Rust port of the DDS 2.9 solver
//! by Bo Haglund and Soren Hein), which the tests and `scripts/bench-dds.sh`
//! also hold our tables against, with the C++ DDS (which alone checks the
//! play analysis: tests/play_analysis.rs).
//!
//! [`solve_deals`] solves complete deals on worker threads, handing each
//! table back as it is found so a caller can keep finished work (a journal)
//! and report progress; [`par`] gives the par score and contracts from a
//! table, the board's vulnerability and its dealer (DDS's `DealerPar`: on a
//! deal where both sides can make something, the side that can bid first).
//!
//! Par contracts are written `4S-N`, `3NT-NS` (both partners reach it),
//! `5DX-EW` (a doubled sacrifice): level, strain, `X`/`XX`, then `-` and the
//! declarers. Over- and undertricks are not written; the score says them.
//!
//! [`journal`] keeps a solve's finished tables beside its output, for an
//! interrupted run to go on from.

pub mod journal;
pub mod leads;
pub mod play;
pub mod position;

use crate::codec::stream::BoardReader;
use crate::model::board::{Board, DdTable, Par, Vulnerability};
use crate::model::card::{Strain, Suit};
use crate::model::deal::{Deal, Seat};
use crate::model::set::SetInfo;
use boardfile_io::{Diagnostics, Error, FormatName, Position};
use contract_bridge::contract::Penalty;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// The solver of the tables and its version, as Cargo.lock gives it: a
/// journal of solved boards names it, so that tables from another solver
/// (until 0.1.0's own, pons-dds 0.2.0) are not taken.
pub const SOLVER: &str = boardfile_dd::NAME;

/// Stack for a solving thread: the search recurses 52 plies deep, with
/// room to spare for unoptimised builds.
const STACK: usize = 64 << 20;

fn seat_to_pons(s: Seat) -> contract_bridge::Seat {
    match s {
        Seat::North => contract_bridge::Seat::North,
        Seat::East => contract_bridge::Seat::East,
        Seat::South => contract_bridge::Seat::South,
        Seat::West => contract_bridge::Seat::West,
    }
}

fn seat_from_pons(s: contract_bridge::Seat) -> Seat {
    match s {
        contract_bridge::Seat::North => Seat::North,
        contract_bridge::Seat::East => Seat::East,
        contract_bridge::Seat::South => Seat::South,
        contract_bridge::Seat::West => Seat::West,
    }
}

fn strain_to_pons(s: Strain) -> contract_bridge::Strain {
    match s {
        Strain::Clubs => contract_bridge::Strain::Clubs,
        Strain::Diamonds => contract_bridge::Strain::Diamonds,
        Strain::Hearts => contract_bridge::Strain::Hearts,
        Strain::Spades => contract_bridge::Strain::Spades,
        Strain::NoTrump => contract_bridge::Strain::Notrump,
    }
}

fn strain_from_pons(s: contract_bridge::Strain) -> Strain {
    match s {
        contract_bridge::Strain::Clubs => Strain::Clubs,
        contract_bridge::Strain::Diamonds => Strain::Diamonds,
        contract_bridge::Strain::Hearts => Strain::Hearts,
        contract_bridge::Strain::Spades => Strain::Spades,
        contract_bridge::Strain::Notrump => Strain::NoTrump,
    }
}

/// The deal in our solver's form (a suit's thirteen bits from the two up,
/// at bit 16 × suit), if complete.
fn to_own_deal(deal: &Deal) -> Option<boardfile_dd::Deal> {
    if !deal.is_complete() {
        return None;
    }
    let hands = deal.hands().map(|h| {
        Suit::ALL.iter().fold(0u64, |bits, &suit| {
            // The model's suit runs from the ace at bit 0.
            let ranks = (h.suit_bits(suit).reverse_bits() >> 3) as u64;
            bits | ranks << (16 * suit.index())
        })
    });
    boardfile_dd::Deal::new(hands).ok()
}

/// The strain in our solver's form.
fn strain_to_own(strain: Strain) -> usize {
    match strain {
        Strain::Spades => boardfile_dd::SPADES,
        Strain::Hearts => boardfile_dd::HEARTS,
        Strain::Diamonds => boardfile_dd::DIAMONDS,
        Strain::Clubs => boardfile_dd::CLUBS,
        Strain::NoTrump => boardfile_dd::NOTRUMP,
    }
}

/// Our solver's table in the model's form.
impl From<&boardfile_dd::Table> for DdTable {
    fn from(t: &boardfile_dd::Table) -> DdTable {
        let mut table = DdTable::default();
        for strain in Strain::NT_FIRST {
            let own = strain_to_own(strain);
            for seat in Seat::ALL {
                table
                    .set(seat, strain, Some(t.tricks(own, seat.index())))
                    .expect("the solver gives 0 to 13 tricks");
            }
        }
        table
    }
}

fn table_to_pons(t: &DdTable) -> Option<pons_dds::TrickCountTable> {
    let mut rows = [pons_dds::TrickCountRow::default(); 5];
    for strain in Strain::NT_FIRST {
        let n = |s| t.get(s, strain);
        rows[strain_to_pons(strain) as usize] = pons_dds::TrickCountRow::try_new(
            n(Seat::North)?,
            n(Seat::East)?,
            n(Seat::South)?,
            n(Seat::West)?,
        )
        .ok()?;
    }
    Some(pons_dds::TrickCountTable(rows))
}

/// Solves one complete deal on the calling thread's own solver thread.
/// `None` for a partial deal.
///
/// ```
/// use boardfile_bridge::{dd, Deal, Seat, Strain};
/// // Each hand a whole suit: North makes all 13 tricks with spades as
/// // trumps, and none in notrump, where East runs the hearts.
/// let deal = Deal::parse_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432").unwrap();
/// let table = dd::solve(&deal).unwrap();
/// assert_eq!(table.get(Seat::North, Strain::Spades), Some(13));
/// assert_eq!(table.get(Seat::North, Strain::NoTrump), Some(0));
/// ```
pub fn solve(deal: &Deal) -> Option<DdTable> {
    let mut found = None;
    solve_deals(&[*deal], 1, &mut |_, t| {
        found = Some(t);
        true
    });
    found
}

/// The tricks of a complete deal in the strains `strains` only, each
/// declarer; the other strains unknown. Faster than [`solve`] when few
/// strains are wanted.
///
/// ```
/// use boardfile_bridge::{dd, Deal, Seat, Strain};
/// let deal = Deal::parse_pbn("N:QJ8.AJ965.K82.AQ 43.QT87.QT64.754 AKT9..A97.J98632 7652.K432.J53.KT").unwrap();
/// let t = dd::solve_strains(&deal, &[Strain::Clubs]).unwrap();
/// assert_eq!(t.get(Seat::South, Strain::Clubs), Some(13));
/// assert_eq!(t.get(Seat::South, Strain::NoTrump), None);
/// ```
pub fn solve_strains(deal: &Deal, strains: &[Strain]) -> Option<DdTable> {
    let own = to_own_deal(deal)?;
    let mut solver = boardfile_dd::Solver::new();
    let mut table = DdTable::default();
    for &strain in strains {
        for declarer in Seat::ALL {
            let ns = solver.tricks(&own, strain_to_own(strain), declarer.next(1).index());
            let t = if declarer.index() % 2 == 0 {
                ns
            } else {
                13 - ns
            };
            table.set(declarer, strain, Some(t)).ok()?;
        }
    }
    Some(table)
}

/// Where a board's stored double-dummy data and the solver's disagree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Disagreement {
    /// A table entry: tricks for `declarer` in `strain`.
    Tricks {
        /// The declarer.
        declarer: Seat,
        /// The strain.
        strain: Strain,
        /// The tricks the file gives.
        stored: u8,
        /// What the stored count means at most, where the table is
        /// floored and stores its floor there ([`crate::model::board::Trust`]).
        at_most: Option<u8>,
        /// The tricks the solver gives.
        solved: u8,
    },
    /// The par score for North-South.
    Par {
        /// The score the file gives.
        stored: i32,
        /// The score of the solved table.
        solved: i32,
    },
}

impl std::fmt::Display for Disagreement {
    /// `North in NT: stored 1 trick, solved 4`, `North in H: stored 1
    /// (at most 6, floored), solved 8`, `par: stored NS 420, solved NS 450`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Disagreement::Tricks {
                declarer,
                strain,
                stored,
                at_most,
                solved,
            } => {
                write!(
                    f,
                    "{} in {}: stored {stored} tricks",
                    declarer.name(),
                    strain.name()
                )?;
                if let Some(m) = at_most {
                    write!(f, " (at most {m}, floored)")?;
                }
                write!(f, ", solved {solved}")
            }
            Disagreement::Par { stored, solved } => {
                write!(f, "par: stored NS {stored}, solved NS {solved}")
            }
        }
    }
}

/// Solves every complete deal of `boards` that stores a table or a par,
/// on `jobs` threads, and gives each disagreement with the stored values:
/// the board's index in `boards` and what differs, in board order.
pub fn check_stored(boards: &[Board], jobs: usize) -> Vec<(usize, Disagreement)> {
    check_stored_telling(boards, jobs, &mut || {})
}

/// [`check_stored`], calling `solved` (on the calling thread) after each
/// deal solved, to show progress.
pub fn check_stored_telling(
    boards: &[Board],
    jobs: usize,
    solved: &mut dyn FnMut(),
) -> Vec<(usize, Disagreement)> {
    let stored: Vec<usize> = (0..boards.len())
        .filter(|&i| {
            (boards[i].dd.is_some() || boards[i].par.is_some()) && boards[i].deal.is_complete()
        })
        .collect();
    let deals: Vec<Deal> = stored.iter().map(|&i| boards[i].deal).collect();
    let mut found = Vec::new();
    solve_deals(&deals, jobs, &mut |k, table| {
        solved();
        let i = stored[k];
        let b = &boards[i];
        if let Some(dd) = &b.dd {
            for declarer in Seat::ALL {
                for strain in Strain::ALL {
                    let (Some(stored), Some(solved)) =
                        (dd.stored(declarer, strain), table.get(declarer, strain))
                    else {
                        continue;
                    };
                    // A floored table's floor is right when the count is
                    // at most its bound; a table the deal forbids is
                    // checked count by count as stored.
                    let at_most = dd
                        .get(declarer, strain)
                        .is_none()
                        .then(|| dd.at_most(declarer, strain))
                        .flatten();
                    let right = match at_most {
                        Some(m) => solved <= m,
                        None => stored == solved,
                    };
                    if !right {
                        found.push((
                            i,
                            Disagreement::Tricks {
                                declarer,
                                strain,
                                stored,
                                at_most,
                                solved,
                            },
                        ));
                    }
                }
            }
        }
        if let (Some(p), Some(solved)) = (&b.par, par(&table, b.vulnerability, b.dealer)) {
            if p.score_ns != solved.score_ns {
                found.push((
                    i,
                    Disagreement::Par {
                        stored: p.score_ns,
                        solved: solved.score_ns,
                    },
                ));
            }
        }
        true
    });
    // Tables come back as found: in board order, seats and strains in theirs.
    found.sort_by_key(|(i, d)| {
        let at = match d {
            Disagreement::Tricks {
                declarer, strain, ..
            } => declarer.index() * 5 + *strain as usize,
            Disagreement::Par { .. } => 20,
        };
        (*i, at)
    });
    found
}

/// Solves `deals` on `jobs` threads (at least one), calling `solved` on the
/// calling thread with each deal's index and table as it is found (not in
/// order). Partial deals are skipped. When `solved` returns `false` the
/// workers stop after the deals they are on, whose tables are dropped.
pub fn solve_deals(deals: &[Deal], jobs: usize, solved: &mut dyn FnMut(usize, DdTable) -> bool) {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<(usize, DdTable)>();
    std::thread::scope(|scope| {
        for i in 0..jobs.clamp(1, deals.len().max(1)) {
            let tx = tx.clone();
            let (next, stop) = (&next, &stop);
            std::thread::Builder::new()
                .name(format!("solve-{i}"))
                .stack_size(STACK)
                .spawn_scoped(scope, move || {
                    // One solver a thread, its tables' memory kept from deal
                    // to deal.
                    let mut solver = boardfile_dd::Solver::new();
                    while !stop.load(Ordering::Relaxed) {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(deal) = deals.get(i) else { break };
                        let Some(d) = to_own_deal(deal) else {
                            continue;
                        };
                        let t = solver.table(&d);
                        if tx.send((i, DdTable::from(&t))).is_err() {
                            break;
                        }
                    }
                })
                .expect("a solving thread");
        }
        drop(tx);
        for (i, table) in rx {
            if !solved(i, table) {
                stop.store(true, Ordering::Relaxed);
                break;
            }
        }
    });
}

/// Boards a [`SolvingReader`] reads and solves at a time.
const BATCH: usize = 1024;

/// What a [`SolvingReader`] asks of its caller for each board: a table
/// found before (an interrupted run's journal), and the table of each board
/// it solves (to keep), by the board's index in the input from 0.
pub trait SolveJournal {
    /// A table known for the board at `index`, holding `deal`.
    fn known(&mut self, index: u64, deal: &Deal) -> Option<DdTable>;
    /// A table just solved; an error stops the solving.
    fn solved(&mut self, index: u64, deal: &Deal, table: &DdTable) -> std::io::Result<()>;
}

/// A journal that knows nothing and keeps nothing.
pub struct NoJournal;

impl SolveJournal for NoJournal {
    fn known(&mut self, _: u64, _: &Deal) -> Option<DdTable> {
        None
    }

    fn solved(&mut self, _: u64, _: &Deal, _: &DdTable) -> std::io::Result<()> {
        Ok(())
    }
}

/// A journal when there is one (`None`: a solve to standard output, which
/// cannot be resumed, knows nothing and keeps nothing).
impl<J: SolveJournal> SolveJournal for Option<J> {
    fn known(&mut self, index: u64, deal: &Deal) -> Option<DdTable> {
        self.as_mut()?.known(index, deal)
    }

    fn solved(&mut self, index: u64, deal: &Deal, table: &DdTable) -> std::io::Result<()> {
        match self {
            Some(j) => j.solved(index, deal, table),
            None => Ok(()),
        }
    }
}

/// How many boards that kept their stored table [`SolvingReader`] names.
pub const KEPT_LISTED: usize = 20;

/// The boards of a reader, solved: each complete deal gets its table
/// (unless it carries a whole one, or `force`) and par by its vulnerability
/// and dealer, and each played board its play valued card by card
/// ([`play`]). Boards are read and solved in batches on `jobs` threads and
/// handed on in order, so memory is a batch's, not the file's. A board
/// whose deal is not complete is handed on as it is, with a warning.
pub struct SolvingReader<'a, J: SolveJournal> {
    inner: Box<dyn BoardReader + 'a>,
    /// The inner reader's head, a flooring writer's mark in it said to
    /// no longer hold ([`crate::trust::mark_solved`]).
    head: SetInfo,
    format: FormatName,
    jobs: usize,
    force: bool,
    journal: J,
    ready: VecDeque<Board>,
    index: u64,
    /// Boards solved here, and boards whose tables came from the journal.
    pub solved: u64,
    /// Boards whose tables came from the journal.
    pub resumed: u64,
    /// Boards whose play was valued card by card ([`play`]).
    pub plays: u64,
    /// Whether to value the plays (see [`SolvingReader::valuing_plays`]).
    value_plays: bool,
    /// Boards that kept the whole table they stored (not `force`), and the
    /// numbers of the first [`KEPT_LISTED`] of them.
    pub kept: u64,
    /// See [`SolvingReader::kept`].
    pub kept_boards: Vec<u32>,
    /// Boards whose stored table could not be believed (floored, or a
    /// count its deal forbids: [`crate::trust`]), solved again even
    /// without `force`, and the numbers of the first [`KEPT_LISTED`].
    pub distrusted: u64,
    /// See [`SolvingReader::distrusted`].
    pub distrusted_boards: Vec<u32>,
    ended: bool,
    /// Told how far the solve has come, after each board.
    progress: Option<Box<dyn FnMut(SolveProgress) + 'a>>,
}

/// How far a [`SolvingReader`] has come.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolveProgress {
    /// Boards done: solved, taken from the journal, or needing no solving.
    pub done: u64,
    /// Boards read.
    pub read: u64,
    /// The input's position after the boards read (bytes).
    pub byte: u64,
}

impl<'a, J: SolveJournal> SolvingReader<'a, J> {
    /// Solves what `inner` (reading `format`) reads.
    pub fn new(
        inner: Box<dyn BoardReader + 'a>,
        format: impl Into<FormatName>,
        jobs: usize,
        force: bool,
        journal: J,
    ) -> SolvingReader<'a, J> {
        let mut head = inner.head().clone();
        crate::trust::mark_solved(&mut head, false);
        SolvingReader {
            head,
            inner,
            format: format.into(),
            jobs: jobs.max(1),
            force,
            journal,
            ready: VecDeque::new(),
            index: 0,
            solved: 0,
            resumed: 0,
            plays: 0,
            value_plays: true,
            kept: 0,
            kept_boards: Vec::new(),
            distrusted: 0,
            distrusted_boards: Vec::new(),
            ended: false,
            progress: None,
        }
    }

    /// Hears how far the solve has come, after each board solved (from
    /// the solving threads' results, on the calling thread).
    pub fn with_progress(mut self, progress: impl FnMut(SolveProgress) + 'a) -> Self {
        self.progress = Some(Box::new(progress));
        self
    }

    /// Whether each played board's play is valued card by card too (on
    /// by default): off for an output that would drop the values.
    pub fn valuing_plays(mut self, on: bool) -> Self {
        self.value_plays = on;
        self
    }

    /// Gives the set a PBN head that says its tables are solved even when
    /// its input had none (a PBN file is written): see
    /// [`crate::trust::mark_solved`]. Inputs with a PBN head get the line
    /// anyway.
    pub fn with_pbn_head(mut self) -> Self {
        crate::trust::mark_solved(&mut self.head, true);
        self
    }

    /// The journal, once done.
    pub fn into_journal(self) -> J {
        self.journal
    }

    fn batch(&mut self, diag: &mut Diagnostics) -> Result<(), Error> {
        let mut boards = Vec::with_capacity(BATCH);
        while boards.len() < BATCH {
            match self.inner.next_board(diag)? {
                Some(b) => boards.push(b),
                None => {
                    self.ended = true;
                    break;
                }
            }
        }
        let first = self.index;
        self.index += boards.len() as u64;
        let mut todo = Vec::new();
        for (k, b) in boards.iter_mut().enumerate() {
            let index = first + k as u64;
            if b.deal.is_complete()
                && b.dd
                    .is_some_and(|t| t.trust() != crate::model::board::Trust::Exact)
            {
                // Not complete as believed: solved below.
                self.distrusted += 1;
                if self.distrusted_boards.len() < KEPT_LISTED {
                    self.distrusted_boards.push(b.number);
                }
            }
            if !b.deal.is_complete() {
                diag.warn(
                    self.format,
                    Some(Position::record(index, self.inner.position())),
                    format!("board {}: the deal is not complete; not solved", b.number),
                );
            } else if !self.force && b.dd.is_some_and(|t| t.is_complete()) {
                self.kept += 1;
                if self.kept_boards.len() < KEPT_LISTED {
                    self.kept_boards.push(b.number);
                }
            } else {
                match self.journal.known(index, &b.deal) {
                    Some(t) => {
                        b.dd = Some(t);
                        b.par = None;
                        self.resumed += 1;
                    }
                    None => todo.push(k),
                }
            }
        }
        let deals: Vec<Deal> = todo.iter().map(|&k| boards[k].deal).collect();
        let mut failed = None;
        let journal = &mut self.journal;
        let mut tell = |done: usize| {
            if let Some(p) = &mut self.progress {
                p(SolveProgress {
                    done: first + done as u64,
                    read: self.index,
                    byte: self.inner.position(),
                });
            }
        };
        let mut done = boards.len() - todo.len();
        tell(done);
        if !deals.is_empty() {
            solve_deals(&deals, self.jobs, &mut |j, table| {
                let k = todo[j];
                if let Err(e) = journal.solved(first + k as u64, &boards[k].deal, &table) {
                    failed = Some(e);
                    return false;
                }
                boards[k].dd = Some(table);
                boards[k].par = None;
                done += 1;
                tell(done);
                true
            });
        }
        if let Some(e) = failed {
            return Err(e.into());
        }
        self.solved += todo.len() as u64;
        for b in &mut boards {
            if b.par.is_none() || self.force {
                if let Some(t) = b.dd.filter(|t| t.is_complete()) {
                    b.par = par(&t, b.vulnerability, b.dealer);
                }
            }
        }
        if self.value_plays {
            self.play_values(&mut boards, first, diag);
        }
        self.ready.extend(boards);
        Ok(())
    }

    /// Values the play of each played board of a whole deal (unless it
    /// carries values, or `force`); a play that cannot be replayed is
    /// warned of and left unvalued.
    fn play_values(&mut self, boards: &mut [Board], first: u64, diag: &mut Diagnostics) {
        let todo: Vec<usize> = (0..boards.len())
            .filter(|&k| {
                let b = &boards[k];
                b.play.is_some() && b.deal.is_complete() && (b.play_values.is_none() || self.force)
            })
            .collect();
        if todo.is_empty() {
            return;
        }
        let played: Vec<&Board> = todo.iter().map(|&k| &boards[k]).collect();
        let values = play::analyse_plays(&played, self.jobs);
        for (&k, v) in todo.iter().zip(values) {
            match v {
                Ok(v) => {
                    self.plays += u64::from(v.is_some());
                    boards[k].play_values = v.map(Box::new);
                }
                Err(e) => diag.warn(
                    self.format,
                    Some(Position::record(first + k as u64, self.inner.position())),
                    format!("board {}: the play is not valued: {e}", boards[k].number),
                ),
            }
        }
    }
}

impl<J: SolveJournal> BoardReader for SolvingReader<'_, J> {
    fn head(&self) -> &SetInfo {
        &self.head
    }

    fn next_board(&mut self, diag: &mut Diagnostics) -> Result<Option<Board>, Error> {
        if self.ready.is_empty() && !self.ended {
            self.batch(diag)?;
        }
        Ok(self.ready.pop_front())
    }

    fn tail(&mut self) -> SetInfo {
        self.inner.tail()
    }

    fn position(&self) -> u64 {
        self.inner.position()
    }
}

/// The par score (North-South's side) and contracts of a complete table;
/// `None` when an entry is unknown.
///
/// ```
/// use boardfile_bridge::{dd, DdTable, Seat, Vulnerability};
/// // North-South make 7 of everything, East-West nothing.
/// let table = DdTable::from_hex("DDDDDDDDDD0000000000").unwrap();
/// let par = dd::par(&table, Vulnerability::None, Seat::North).unwrap();
/// assert_eq!(par.score_ns, 1520);
/// assert!(par.contracts.iter().any(|c| c.contains("7N")), "{:?}", par.contracts);
/// ```
pub fn par(table: &DdTable, vulnerability: Vulnerability, dealer: Seat) -> Option<Par> {
    let tricks = table_to_pons(table)?;
    let vul = match vulnerability {
        Vulnerability::None => pons_dds::Vulnerability::NONE,
        Vulnerability::NS => pons_dds::Vulnerability::NS,
        Vulnerability::EW => pons_dds::Vulnerability::EW,
        Vulnerability::All => pons_dds::Vulnerability::ALL,
    };
    let p = pons_dds::calculate_par(tricks, vul, seat_to_pons(dealer));
    let mut contracts: Vec<(String, Vec<Seat>)> = Vec::new();
    for c in &p.contracts {
        let text = format!(
            "{}{}{}",
            c.contract.bid.level.get(),
            strain_from_pons(c.contract.bid.strain).name(),
            match c.contract.penalty {
                Penalty::Undoubled => "",
                Penalty::Doubled => "X",
                Penalty::Redoubled => "XX",
            }
        );
        let seat = seat_from_pons(c.declarer);
        match contracts.iter_mut().find(|(t, _)| *t == text) {
            Some((_, seats)) if !seats.contains(&seat) => seats.push(seat),
            Some(_) => {}
            None => contracts.push((text, vec![seat])),
        }
    }
    let contracts = contracts
        .into_iter()
        .flat_map(|(text, seats)| {
            // Partners with the same contract are one side: `NS`, `EW`.
            let mut out = Vec::new();
            for pair in [[Seat::North, Seat::South], [Seat::East, Seat::West]] {
                let mine: Vec<Seat> = pair.into_iter().filter(|s| seats.contains(s)).collect();
                if !mine.is_empty() {
                    let who: String = mine.iter().map(|s| s.letter()).collect();
                    out.push(format!("{text}-{who}"));
                }
            }
            out
        })
        .collect();
    Some(Par {
        score_ns: p.score,
        contracts,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SOLVER names our solver at the version Cargo.lock gives it: a new
    /// solver version must change it, so that journals of the old one are
    /// not resumed.
    #[test]
    fn solver_names_the_locked_solver() {
        let lock = concat!(env!("CARGO_MANIFEST_DIR"), "/../../Cargo.lock");
        let lock = std::fs::read_to_string(lock).unwrap();
        let version = lock
            .split("[[package]]")
            .find(|p| p.contains("name = \"boardfile-dd\"\n"))
            .and_then(|p| p.lines().find_map(|l| l.strip_prefix("version = \"")))
            .and_then(|v| v.strip_suffix('"'))
            .unwrap();
        assert_eq!(SOLVER, format!("boardfile-dd {version}"));
    }

    /// Deal number 1: North all spades, East all hearts, South all
    /// diamonds, West all clubs. By hand: the holder of the trump suit ruffs
    /// every trick, so its side takes 13 in that strain and the other side
    /// none; in notrump the opening leader (declarer's left) runs its suit,
    /// so every declarer takes 0.
    fn suits() -> Deal {
        Deal::from_number(1).unwrap()
    }

    #[test]
    fn a_hand_checked_table() {
        let t = solve(&suits()).unwrap();
        for seat in Seat::ALL {
            let ns = matches!(seat, Seat::North | Seat::South);
            for (strain, ns_trumps) in [
                (Strain::Spades, true),
                (Strain::Diamonds, true),
                (Strain::Hearts, false),
                (Strain::Clubs, false),
            ] {
                let want = if ns == ns_trumps { 13 } else { 0 };
                assert_eq!(t.get(seat, strain), Some(want), "{seat:?} {strain:?}");
            }
            assert_eq!(t.get(seat, Strain::NoTrump), Some(0), "{seat:?} NT");
        }
        // Both sides make a grand slam; spades outrank hearts, and 7NT goes
        // down 13 for either side: NS bid 7S whoever deals (7D scores less).
        for dealer in Seat::ALL {
            let p = par(&t, Vulnerability::None, dealer).unwrap();
            assert_eq!(p.score_ns, 1510, "{dealer:?}");
            assert_eq!(p.contracts, ["7S-NS"], "{dealer:?}");
        }
        assert_eq!(
            par(&t, Vulnerability::NS, Seat::North).unwrap().score_ns,
            2210
        );
        assert_eq!(
            par(&t, Vulnerability::EW, Seat::North).unwrap().score_ns,
            1510
        );
    }

    #[test]
    fn partial_deals_and_tables_are_skipped() {
        let partial = Deal::parse_pbn("N:AKQJT98765432... - - -").unwrap();
        assert_eq!(solve(&partial), None);
        let mut t = solve(&suits()).unwrap();
        t.set(Seat::West, Strain::Clubs, None).unwrap();
        assert_eq!(par(&t, Vulnerability::None, Seat::North), None);
    }

    /// Our solver's form of a deal, built from the bits, is the one its
    /// own PBN reader gives (the ranks turned: the model counts from the
    /// ace, the solver from the two).
    #[test]
    fn deals_reach_our_solver_as_dealt() {
        for n in [1u128, 2, 12345, 53_644_737_765_488_792_839_237_440_000 / 3] {
            let deal = Deal::from_number(n).unwrap();
            let own = boardfile_dd::Deal::from_pbn(&deal.to_pbn()).unwrap();
            assert_eq!(to_own_deal(&deal), Some(own), "deal number {n}");
        }
    }

    #[test]
    fn many_deals_on_two_threads_come_back_by_index() {
        // The same deal turned: each seat's table moves with its hand.
        let d = suits();
        let turned = Deal::new([
            d.hand(Seat::West),
            d.hand(Seat::North),
            d.hand(Seat::East),
            d.hand(Seat::South),
        ])
        .unwrap();
        let deals = [d, turned, d, turned];
        let mut got = [None; 4];
        solve_deals(&deals, 2, &mut |i, t| {
            got[i] = Some(t);
            true
        });
        for (i, t) in got.iter().enumerate() {
            let t = t.unwrap();
            let spades_holder = if i % 2 == 0 { Seat::North } else { Seat::East };
            assert_eq!(t.get(spades_holder, Strain::Spades), Some(13), "deal {i}");
        }
    }
}
