//! `solve` and `deal`: double-dummy tables and par for a board set, and new
//! random board sets, both streamed through the library.
//!
//! A solve keeps its finished work in a journal beside OUT (`OUT.solving`):
//! a header naming the input (a hash of a file's bytes, or standard input),
//! then one line a solved board, `index deal-number tricks` (the tricks as
//! PBN's `DoubleDummyTricks`), flushed as each board is done. An
//! interrupted run (Ctrl-C, kill, crash) leaves the journal; the same
//! command run again takes every line whose board still holds that deal and
//! solves only the rest. OUT is written atomically when every board is
//! done, and the journal then removed.

use crate::bridge::{bytes_bar, open, write, Destination};
use crate::formats::Opened;
use crate::report::Progress;
use crate::report::{Failure, Outcome};
use boardfile_bridge::dd::{NoJournal, SolveJournal, SolvingReader};
use boardfile_bridge::dealing::{DealReader, Seed};
use boardfile_bridge::{DdTable, Deal, Diagnostics, Format, WriteOptions};
use boardfile_io::{Input, Output};
use std::collections::HashMap;
use std::io::{BufRead, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// FNV-1a, 64 bits, of a file: names the input in the journal (not a
/// security hash).
fn fnv1a(path: &Path) -> std::io::Result<u64> {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    let mut file = std::fs::File::open(path)?;
    let mut buf = vec![0u8; 1 << 20];
    loop {
        let n = file.read(&mut buf)?;
        if n == 0 {
            return Ok(h);
        }
        for &b in &buf[..n] {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

/// The journal of a solve: earlier work by board index, and the file new
/// work is appended to (made at the first board solved).
struct Journal {
    path: PathBuf,
    header: String,
    known: HashMap<u64, (u128, DdTable)>,
    file: Option<std::fs::File>,
    append: bool,
    synced: Instant,
}

impl Journal {
    /// Reads the journal at `path` when its header is `header`.
    fn load(path: PathBuf, header: String) -> Journal {
        let mut known = HashMap::new();
        let mut append = false;
        if let Ok(file) = std::fs::File::open(&path) {
            let mut lines = std::io::BufReader::new(file).split(b'\n');
            if lines.next().and_then(Result::ok).as_deref() == Some(header.as_bytes()) {
                append = true;
                for line in lines {
                    // A line cut short by a crash, or not one of ours, is skipped.
                    let Ok(line) = line else { break };
                    let text = String::from_utf8_lossy(&line);
                    let w: Vec<&str> = text.split(' ').collect();
                    if let [i, n, hex] = w[..] {
                        if let (Ok(i), Ok(n), Ok(t)) =
                            (i.parse(), n.parse(), DdTable::from_hex(hex))
                        {
                            known.insert(i, (n, t));
                        }
                    }
                }
            }
        }
        Journal {
            path,
            header,
            known,
            file: None,
            append,
            synced: Instant::now(),
        }
    }
}

impl SolveJournal for Journal {
    fn known(&mut self, index: u64, deal: &Deal) -> Option<DdTable> {
        let (n, t) = self.known.get(&index)?;
        (deal.number() == Some(*n)).then_some(*t)
    }

    fn solved(&mut self, index: u64, deal: &Deal, table: &DdTable) -> std::io::Result<()> {
        let (Some(n), Some(hex)) = (deal.number(), table.to_hex()) else {
            return Ok(());
        };
        if self.file.is_none() {
            let mut f = std::fs::OpenOptions::new()
                .create(true)
                .append(self.append)
                .write(true)
                .truncate(!self.append)
                .open(&self.path)?;
            if !self.append {
                writeln!(f, "{}", self.header)?;
            }
            self.file = Some(f);
        }
        let f = self.file.as_mut().expect("opened above");
        writeln!(f, "{index} {n} {hex}")?;
        if self.synced.elapsed() > Duration::from_secs(10) {
            f.sync_data()?;
            self.synced = Instant::now();
        }
        Ok(())
    }
}

/// What `solve` was asked.
pub struct SolveArgs<'a> {
    pub output: &'a Output,
    pub to: Format,
    pub jobs: Option<usize>,
    pub force: bool,
    pub options: &'a WriteOptions,
}

pub fn solve(opened: Opened, from: Format, args: &SolveArgs) -> Result<Outcome, Failure> {
    let (output, to) = (args.output, args.to);
    if !to.keeps_dd() {
        let keep: Vec<&str> = Format::ALL
            .iter()
            .filter(|f| f.keeps_dd() && f.can_write())
            .map(|f| f.name())
            .collect();
        return Err(Failure::operational(format!(
            "{output}: {} does not keep double-dummy tables; write one of {}",
            to.name(),
            keep.join(", ")
        )));
    }
    let input = opened.input.clone();
    let journal = match output.path() {
        Some(out) => {
            let mut name = out.as_os_str().to_owned();
            name.push(".solving");
            let id = match &input {
                Input::File(p) => {
                    format!("{:016x}", fnv1a(p).map_err(|e| Failure::read(&input, e))?)
                }
                Input::Stdin => "stdin".into(),
            };
            Some(Journal::load(
                name.into(),
                format!("boardfile solve journal 2 {id}"),
            ))
        }
        None => None,
    };
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
    let mut diag = Diagnostics::strict();
    let reader = open(opened, from, &mut diag)?;
    let size = input.size();
    let dest = Destination {
        output,
        to,
        options: args.options,
    };
    let bar = || {
        Progress::new(
            size,
            0,
            "solving {bar:40} {bytes}/{total_bytes}, {eta} left",
        )
    };
    let (resumed, journal_path, kept) = match journal {
        Some(j) => {
            let path = j.path.clone();
            let mut solving = SolvingReader::new(reader, from, jobs, args.force, j);
            let done = write(&mut solving, None, &mut diag, &input, bar(), &dest);
            let resumed = solving.resumed;
            done?;
            (resumed, Some(path), (solving.kept, solving.kept_boards))
        }
        None => {
            let mut solving = SolvingReader::new(reader, from, jobs, args.force, NoJournal);
            write(&mut solving, None, &mut diag, &input, bar(), &dest)?;
            (0, None, (solving.kept, solving.kept_boards))
        }
    };
    if kept.0 > 0 {
        let listed: Vec<String> = kept.1.iter().map(u32::to_string).collect();
        let more = if kept.0 > listed.len() as u64 {
            ", ..."
        } else {
            ""
        };
        eprintln!(
            "boardfile: {input}: {} boards kept the table they stored, not solved again (boards {}{more}); --force solves them",
            kept.0,
            listed.join(", ")
        );
    }
    if let Some(j) = journal_path {
        if resumed > 0 {
            eprintln!(
                "boardfile: {output}: {resumed} boards already solved (from {})",
                j.display()
            );
        }
        let _ = std::fs::remove_file(j);
    }
    Ok(Outcome::Ok)
}

/// `deal`: a new random set written to `output`.
pub fn deal(
    output: &Output,
    to: Format,
    boards: u32,
    first: u32,
    seed: Option<Seed>,
) -> Result<Outcome, Failure> {
    if boards == 0 || u64::from(first) + u64::from(boards) - 1 > u64::from(u32::MAX) {
        return Err(Failure::operational(format!(
            "--boards {boards} from --first {first}: no such board numbers"
        )));
    }
    let seed = match seed {
        Some(s) => s,
        None => {
            let s = Seed::from_os().map_err(Failure::operational)?;
            eprintln!("boardfile: seed {s} (give --seed {s} to deal this set again)");
            s
        }
    };
    let mut reader = DealReader::new(boards, first, &seed);
    let mut diag = Diagnostics::strict();
    let bar = bytes_bar(None);
    write(
        &mut reader,
        None,
        &mut diag,
        &"deal",
        bar,
        &Destination {
            output,
            to,
            options: &WriteOptions::default(),
        },
    )?;
    Ok(Outcome::Ok)
}
