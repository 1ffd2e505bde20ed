//! `solve` and `deal`: double-dummy tables and par for a board set, and new
//! random board sets.
//!
//! A solve keeps its finished work in a journal beside OUT (`OUT.solving`):
//! a header naming the input (a hash of its bytes and its board count),
//! then one line a solved board, `index deal-number tricks` (the tricks as
//! PBN's `DoubleDummyTricks`), flushed as each board is done. An
//! interrupted run (Ctrl-C, kill, crash) leaves the journal; the same
//! command run again takes every line whose board still holds that deal and
//! solves only the rest. OUT is written atomically when every board is
//! done, and the journal then removed.

use crate::output::{self, Failure, Outcome};
use crate::{display, display_out, emit, input_format, output_format, read_input, warn_all};
use boardfile_bridge::{dd, read, write_with, Deal, Format, WriteOptions};
use std::collections::HashMap;
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// What `solve` was asked.
pub struct SolveArgs<'a> {
    pub input: &'a Path,
    pub out: &'a Path,
    pub from: Option<Format>,
    pub to: Option<Format>,
    pub jobs: Option<usize>,
    pub force: bool,
    pub options: &'a WriteOptions,
}

/// FNV-1a, 64 bits: names the input in the journal (not a security hash).
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

fn journal_path(out: &Path) -> PathBuf {
    let mut name = out.as_os_str().to_owned();
    name.push(".solving");
    PathBuf::from(name)
}

/// The tables of an earlier run's journal that still fit the input, by
/// board index. A line cut short by a crash, or of another deal, is skipped.
fn load_journal(
    path: &Path,
    header: &str,
    deals: &[Deal],
) -> Option<HashMap<usize, boardfile_bridge::DdTable>> {
    let file = std::fs::File::open(path).ok()?;
    let mut lines = std::io::BufReader::new(file).split(b'\n');
    let first = lines.next()?.ok()?;
    if first != header.as_bytes() {
        return None;
    }
    let mut found = HashMap::new();
    for line in lines {
        let Ok(line) = line else { break };
        let Ok(text) = std::str::from_utf8(&line) else {
            continue;
        };
        let mut words = text.split(' ');
        let (Some(i), Some(n), Some(hex), None) =
            (words.next(), words.next(), words.next(), words.next())
        else {
            continue;
        };
        let (Ok(i), Ok(n)) = (i.parse::<usize>(), n.parse::<u128>()) else {
            continue;
        };
        let Ok(table) = boardfile_bridge::DdTable::from_hex(hex) else {
            continue;
        };
        if deals.get(i).and_then(Deal::number) == Some(n) {
            found.insert(i, table);
        }
    }
    Some(found)
}

pub fn solve(args: &SolveArgs) -> Result<Outcome, Failure> {
    let (input, out) = (args.input, args.out);
    let to_stdout = out == Path::new("-");
    if !to_stdout && input != Path::new("-") && output::same_file(input, out) {
        return Err(Failure::operational(format!(
            "{}: refusing to write over the input; choose another output",
            display(out)
        )));
    }
    let to = output_format(out, args.to)?;
    if !to.keeps_dd() {
        let keep: Vec<&str> = Format::all()
            .iter()
            .filter(|f| f.keeps_dd())
            .map(|f| f.name())
            .collect();
        return Err(Failure::operational(format!(
            "{}: {} does not keep double-dummy tables; write one of {}",
            display_out(out),
            to.name(),
            keep.join(", ")
        )));
    }
    let bytes = read_input(input)?;
    let from = input_format(&bytes, input, args.from)?;
    let outcome =
        read(from, &bytes).map_err(|e| Failure::data(format!("{}: {e}", display(input)), &e))?;
    warn_all(input, &outcome.warnings);
    let mut set = outcome.set;
    let deals: Vec<Deal> = set.boards.iter().map(|b| b.deal).collect();
    let mut todo: Vec<usize> = Vec::new();
    for (i, b) in set.boards.iter().enumerate() {
        if !b.deal.is_complete() {
            eprintln!(
                "boardfile: {}: board {}: the deal is not complete; not solved",
                display(input),
                b.number
            );
        } else if args.force || !b.dd.is_some_and(|t| t.is_complete()) {
            todo.push(i);
        }
    }
    // The journal: earlier work first.
    let journal = (!to_stdout).then(|| journal_path(out));
    let header = format!(
        "boardfile solve journal 1 {:016x} {}",
        fnv1a(&bytes),
        set.boards.len()
    );
    let mut solved = journal
        .as_deref()
        .and_then(|j| load_journal(j, &header, &deals))
        .unwrap_or_default();
    let resumed = todo.iter().filter(|i| solved.contains_key(i)).count();
    let left: Vec<usize> = todo
        .iter()
        .copied()
        .filter(|i| !solved.contains_key(i))
        .collect();
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
        .max(1);
    if resumed > 0 {
        eprintln!(
            "boardfile: {}: {resumed} boards already solved (from {})",
            display_out(out),
            journal.as_deref().map(display).unwrap_or_default()
        );
    }
    let mut file = match &journal {
        Some(j) if !left.is_empty() => {
            let keep = resumed > 0;
            let mut f = std::fs::OpenOptions::new()
                .create(true)
                .append(keep)
                .write(true)
                .truncate(!keep)
                .open(j)
                .map_err(|e| Failure::operational(format!("{}: cannot write: {e}", display(j))))?;
            if !keep {
                writeln!(f, "{header}").map_err(|e| {
                    Failure::operational(format!("{}: cannot write: {e}", display(j)))
                })?;
            }
            Some(f)
        }
        _ => None,
    };
    let bar = (!left.is_empty() && std::io::stderr().is_terminal()).then(|| {
        let bar = indicatif::ProgressBar::new(todo.len() as u64);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "solving {bar:40} {pos}/{len} boards, {per_sec}, {eta} left",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        bar.set_position(resumed as u64);
        bar.reset_eta();
        bar
    });
    let deals_left: Vec<Deal> = left.iter().map(|&i| deals[i]).collect();
    let mut failed = None;
    let mut synced = Instant::now();
    dd::solve_deals(&deals_left, jobs, &mut |k, table| {
        let i = left[k];
        if let (Some(f), Some(n), Some(hex)) = (&mut file, deals[i].number(), table.to_hex()) {
            let mut write = || -> std::io::Result<()> {
                writeln!(f, "{i} {n} {hex}")?;
                if synced.elapsed() > Duration::from_secs(10) {
                    f.sync_data()?;
                    synced = Instant::now();
                }
                Ok(())
            };
            if let Err(e) = write() {
                failed = Some(e);
                return false;
            }
        }
        solved.insert(i, table);
        if let Some(b) = &bar {
            b.inc(1);
        }
        true
    });
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    if let (Some(e), Some(j)) = (failed, &journal) {
        return Err(Failure::operational(format!(
            "{}: cannot write: {e}",
            display(j)
        )));
    }
    for &i in &todo {
        let b = &mut set.boards[i];
        b.dd = solved.get(&i).copied();
        b.par = None;
    }
    for b in &mut set.boards {
        if b.par.is_none() || args.force {
            if let Some(t) = b.dd.filter(|t| t.is_complete()) {
                b.par = dd::par(&t, b.vulnerability, b.dealer);
            }
        }
    }
    for loss in boardfile_bridge::losses(&set, to) {
        eprintln!("boardfile: {}: note: {loss}", display_out(out));
    }
    let mut buf = Vec::new();
    write_with(to, &set, &mut buf, args.options)
        .map_err(|e| Failure::data(format!("{}: {e}", display_out(out)), &e))?;
    emit(out, &buf, &mut std::io::stdout().lock())?;
    if let Some(j) = &journal {
        let _ = std::fs::remove_file(j);
    }
    Ok(Outcome::Ok)
}

/// `deal`: a new random set written to `out`.
pub fn deal(
    out: &Path,
    boards: u32,
    first: u32,
    seed: Option<boardfile_bridge::dealing::Seed>,
    to: Option<Format>,
    stdout: &mut dyn Write,
) -> Result<Outcome, Failure> {
    use boardfile_bridge::dealing::{deal_set, Seed};
    let to = output_format(out, to)?;
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
    let set = deal_set(boards, first, &seed);
    let mut buf = Vec::new();
    write_with(to, &set, &mut buf, &WriteOptions::default())
        .map_err(|e| Failure::data(format!("{}: {e}", display_out(out)), &e))?;
    emit(out, &buf, stdout)?;
    Ok(Outcome::Ok)
}
