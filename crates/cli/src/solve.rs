//! `solve` and `deal`: double-dummy tables and par for a board set, and new
//! random board sets, both streamed through the library.
//!
//! A solve keeps its finished work in a journal beside OUT (`OUT.solving`),
//! which an interrupted run (Ctrl-C, kill, crash) leaves for the same
//! command to continue from. It is text: a header, then a line a solved
//! board, written whole with one `write` as each board is done:
//!
//! ```text
//! boardfile solve journal 3 input 9b2e5f0c1d7a8e43 solver pons-dds 0.2.0
//! 4 36093212477405236394937520 8d8d5c5d4c8d8d5c5d4c 51a0c3c25f0e92d7
//! ```
//!
//! The header ties the journal to the input (FNV-1a of the file's bytes;
//! `stdin` for standard input and `stream` for a pipe, whose journals keep
//! no line and are never resumed: the input cannot be told to be the same,
//! and hashing a pipe would eat it) and to the solver ([`SOLVER`]). A line
//! is the board's index in the input from 0, its deal number, its tricks as
//! PBN's `DoubleDummyTricks` and an FNV-1a of the header's input id and
//! those three, so that a line edited, cut short or copied from another
//! input's journal does not check. The next run takes every line that checks
//! and whose board still holds that deal; a line that does not (or gives a
//! board another table than an earlier line) is named on standard error and
//! its board solved again, and the journal is written anew without it. A
//! journal of another input or solver is started anew, with a warning.
//!
//! A run holds an exclusive `flock` on the journal from its start to its end,
//! so a second solve of the same OUT is refused (exit 2) rather than solving
//! every board again beside it. A journal path that is not a regular file
//! (FIFO, directory, symbolic link, device), a file that is not a journal,
//! and an input that is the journal are refused before anything is written.
//! OUT is written atomically when every board is done, and the journal then
//! removed.

use crate::bridge::{bytes_bar, open, write, Destination};
use crate::formats::Opened;
use crate::report::Progress;
use crate::report::{Failure, Outcome};
use boardfile_bridge::dd::{NoJournal, SolveJournal, SolvingReader, SOLVER};
use boardfile_bridge::deal::seeded::{DealReader, Seed};
use boardfile_bridge::{DdTable, Deal, Diagnostics, Format, WriteOptions};
use boardfile_io::{Input, Output};
use std::collections::{HashMap, HashSet};
use std::fs::{File, Metadata};
use std::io::{BufRead, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The journal's format, in its header: a journal of another one is
/// started anew.
const JOURNAL_FORMAT: u32 = 3;

/// What every journal's header begins with.
const JOURNAL_HEAD: &str = "boardfile solve journal ";

/// The input id of standard input, and of a named input that is not a
/// regular file (a pipe, `<(...)`: hashing it would eat what the solve
/// reads): such a journal is never resumed.
const STDIN: &str = "stdin";
const STREAM: &str = "stream";

/// Lines that do not check named one by one; the rest are counted.
const BAD_LISTED: usize = 20;

/// A journal line longer than this is not one of ours.
const LINE_MAX: u64 = 256;

/// FNV-1a, 64 bits (not a security hash).
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    fn update(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

/// FNV-1a of a file: names the input in the journal.
fn fnv1a(path: &Path) -> std::io::Result<u64> {
    let mut h = Fnv::new();
    let mut file = File::open(path)?;
    let mut buf = vec![0u8; 1 << 20];
    loop {
        let n = file.read(&mut buf)?;
        if n == 0 {
            return Ok(h.0);
        }
        h.update(&buf[..n]);
    }
}

/// A journal line's check: FNV-1a of the input id, a space and the line's
/// first three fields.
fn line_check(id: &str, body: &str) -> u64 {
    let mut h = Fnv::new();
    h.update(id.as_bytes());
    h.update(b" ");
    h.update(body.as_bytes());
    h.0
}

/// The journal of OUT: `OUT.solving`.
pub fn journal_path(out: &Path) -> PathBuf {
    let mut name = out.as_os_str().to_owned();
    name.push(".solving");
    name.into()
}

/// Refuses an input that is OUT's journal (by path, or the same file): the
/// solve would write over it.
pub fn refuse_journal_input(input: &Input, output: &Output) -> Result<(), Failure> {
    let (Some(input), Some(out)) = (input.path(), output.path()) else {
        return Ok(());
    };
    let journal = journal_path(out);
    if input == journal || boardfile_io::files::same_file(input, &journal) {
        return Err(journal_is_input(&journal, output));
    }
    Ok(())
}

fn journal_is_input(journal: &Path, output: &Output) -> Failure {
    Failure::operational(format!(
        "{}: the input is {output}'s solve journal; refusing to write over it; choose another output",
        journal.display()
    ))
}

/// What a journal path holds that is not a regular file.
fn not_a_file(kind: std::fs::FileType) -> Option<&'static str> {
    #[cfg(unix)]
    use std::os::unix::fs::FileTypeExt;
    Some(if kind.is_file() {
        return None;
    } else if kind.is_dir() {
        "a directory"
    } else if kind.is_symlink() {
        "a symbolic link"
    } else {
        #[cfg(unix)]
        if kind.is_fifo() {
            return Some("a FIFO");
        } else if kind.is_socket() {
            return Some("a socket");
        } else if kind.is_block_device() || kind.is_char_device() {
            return Some("a device");
        }
        "not a regular file"
    })
}

fn refuse_kind(path: &Path, output: &Output, kind: &str) -> Failure {
    Failure::operational(format!(
        "{}: {output}'s solve journal is {kind}, not a regular file; remove it or choose another output",
        path.display()
    ))
}

/// True when both are the same file (device and inode).
#[cfg(unix)]
fn same_inode(a: &Metadata, b: &Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    a.dev() == b.dev() && a.ino() == b.ino()
}

#[cfg(not(unix))]
fn same_inode(_: &Metadata, _: &Metadata) -> bool {
    true
}

/// Takes an exclusive lock on `file` without waiting: false when another
/// process holds one.
#[cfg(unix)]
fn try_lock(file: &File) -> std::io::Result<bool> {
    use std::os::fd::AsRawFd;
    // SAFETY: flock on a descriptor this function borrows open.
    if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } == 0 {
        return Ok(true);
    }
    let e = std::io::Error::last_os_error();
    match e.kind() {
        std::io::ErrorKind::WouldBlock => Ok(false),
        _ => Err(e),
    }
}

#[cfg(not(unix))]
fn try_lock(_: &File) -> std::io::Result<bool> {
    Ok(true)
}

/// Opens the journal at `path` (made when missing) and locks it: refused
/// when it is not a regular file, or another solve holds it.
fn lock(path: &Path, output: &Output) -> Result<(File, Metadata), Failure> {
    let fail = |what: &str, e: std::io::Error| {
        Failure::operational(format!("{}: cannot {what}: {e}", path.display()))
    };
    // A solve that ends removes its journal: the path may name a new file
    // once the lock is ours. A few tries, then give up.
    for _ in 0..8 {
        match std::fs::symlink_metadata(path) {
            Ok(m) => {
                if let Some(kind) = not_a_file(m.file_type()) {
                    return Err(refuse_kind(path, output, kind));
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(fail("read the journal", e)),
        }
        let mut options = std::fs::OpenOptions::new();
        options.read(true).append(true).create(true);
        // Neither wait on a FIFO nor follow a link put there since.
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::custom_flags(
            &mut options,
            libc::O_NONBLOCK | libc::O_NOFOLLOW,
        );
        let file = match options.open(path) {
            Ok(f) => f,
            #[cfg(unix)]
            Err(e) if e.raw_os_error() == Some(libc::ELOOP) => {
                return Err(refuse_kind(path, output, "a symbolic link"))
            }
            Err(e) => return Err(fail("open the journal", e)),
        };
        let held = file.metadata().map_err(|e| fail("read the journal", e))?;
        if let Some(kind) = not_a_file(held.file_type()) {
            return Err(refuse_kind(path, output, kind));
        }
        if !try_lock(&file).map_err(|e| fail("lock the journal", e))? {
            return Err(Failure::operational(format!(
                "{}: another boardfile solve is writing {output}; wait for it to end, or stop it (its work is kept here)",
                path.display()
            )));
        }
        match std::fs::symlink_metadata(path) {
            Ok(now) if same_inode(&now, &held) => return Ok((file, held)),
            _ => continue,
        }
    }
    Err(Failure::operational(format!(
        "{}: the journal keeps changing (other solves of {output} starting and ending); try again",
        path.display()
    )))
}

/// A journal line that does not check, and why.
struct Bad {
    line: u64,
    why: String,
}

/// The journal of a solve, locked: earlier work by board index, and the
/// file new work is appended to.
struct Journal {
    path: PathBuf,
    file: File,
    /// The header's input id, which each line's check is keyed with.
    id: String,
    known: HashMap<u64, (u128, DdTable)>,
    /// Solved-board lines in the file.
    lines: u64,
    synced: Instant,
    /// Removed when dropped with no line: an empty file (perhaps made by
    /// this run), or the journal once read; never a file refused.
    tidy: bool,
}

impl Journal {
    /// Opens and locks the journal at `path` for solving `input`, and reads
    /// what it holds: lines that do not check, and a journal of another
    /// input or solver, are said on standard error and left out.
    fn open(path: PathBuf, input: &Input, output: &Output) -> Result<Journal, Failure> {
        let (file, held) = lock(&path, output)?;
        let mut journal = Journal {
            path,
            file,
            id: String::new(),
            known: HashMap::new(),
            lines: 0,
            synced: Instant::now(),
            tidy: held.len() == 0,
        };
        // The plan refused an input that is the journal; it may have become
        // one since.
        if let Some(Ok(m)) = input.path().map(std::fs::metadata) {
            if same_inode(&m, &held) {
                journal.tidy = false;
                return Err(journal_is_input(&journal.path, output));
            }
        }
        journal.id = match input {
            Input::File(p) if std::fs::metadata(p).is_ok_and(|m| m.is_file()) => {
                format!("{:016x}", fnv1a(p).map_err(|e| Failure::read(input, e))?)
            }
            Input::File(_) => STREAM.into(),
            Input::Stdin => STDIN.into(),
        };
        journal.load(output)?;
        journal.tidy = true;
        Ok(journal)
    }

    /// False for standard input and pipes: nothing kept, nothing resumed.
    fn resumable(&self) -> bool {
        self.id != STDIN && self.id != STREAM
    }

    fn header(&self) -> String {
        format!(
            "{JOURNAL_HEAD}{JOURNAL_FORMAT} input {} solver {SOLVER}",
            self.id
        )
    }

    fn say(&self, message: &str) {
        eprintln!("boardfile: {}: {message}", self.path.display());
    }

    fn line(&self, index: u64, number: u128, hex: &str) -> String {
        let body = format!("{index} {number} {hex}");
        let check = line_check(&self.id, &body);
        format!("{body} {check:016x}\n")
    }

    /// Reads the journal: the lines that check when its header is this
    /// run's; else it is started anew. Written anew without the lines that
    /// do not check.
    fn load(&mut self, output: &Output) -> Result<(), Failure> {
        let fail = |e: std::io::Error| {
            Failure::operational(format!(
                "{}: cannot read the journal: {e}",
                self.path.display()
            ))
        };
        let mut reader = std::io::BufReader::new(&self.file);
        let mut first = Vec::new();
        (&mut reader)
            .take(LINE_MAX)
            .read_until(b'\n', &mut first)
            .map_err(fail)?;
        let anew = |this: &mut Journal, why: Option<String>| -> Result<(), Failure> {
            if let Some(why) = why {
                this.say(&format!("{why}; starting it anew"));
            }
            this.known.clear();
            this.rewrite()
        };
        if first.is_empty() {
            return anew(self, None);
        }
        let ended = first.last() == Some(&b'\n');
        let head =
            String::from_utf8_lossy(first.strip_suffix(b"\n").unwrap_or(&first)).into_owned();
        let journal_like =
            head.starts_with(JOURNAL_HEAD) || (!ended && JOURNAL_HEAD.starts_with(head.as_str()));
        if !journal_like {
            return Err(Failure::operational(format!(
                "{}: is not a boardfile solve journal; refusing to write over it as {output}'s journal; remove it or choose another output",
                self.path.display()
            )));
        }
        let mut more = [0u8; 1];
        let has_lines = reader.read(&mut more).map_err(fail)? > 0;
        // Why the journal is not this run's, when it is not.
        let why = if !ended {
            Some("the journal's header is cut short".to_string())
        } else if head == self.header() {
            (!self.resumable())
                .then(|| "the journal of standard input or a pipe is not resumed (the input cannot be told to be the same)".to_string())
        } else {
            let rest = &head[JOURNAL_HEAD.len()..];
            let (format, rest) = rest.split_once(' ').unwrap_or((rest, ""));
            let (id, solver) = rest
                .strip_prefix("input ")
                .and_then(|r| r.split_once(" solver "))
                .unwrap_or(("", ""));
            Some(if format != JOURNAL_FORMAT.to_string() {
                format!("the journal is of another boardfile (journal format {format}, this one reads {JOURNAL_FORMAT})")
            } else if id != self.id {
                "the journal is of another input (or of this one before it changed)".to_string()
            } else if solver != SOLVER {
                format!("the journal's tables are {solver}'s, and this solve uses {SOLVER}")
            } else {
                "the journal's header is not one boardfile writes".to_string()
            })
        };
        if why.is_some() {
            return anew(self, why.filter(|_| has_lines));
        }
        if !has_lines {
            return Ok(());
        }
        // The byte read to see whether there were lines: put it back.
        let mut reader = std::io::Cursor::new(more).chain(reader);
        let mut bad: Vec<Bad> = Vec::new();
        let mut first_line: HashMap<u64, u64> = HashMap::new();
        let mut clashing: HashSet<u64> = HashSet::new();
        let mut number = 1u64;
        let mut buf = Vec::new();
        loop {
            buf.clear();
            let n = (&mut reader)
                .take(LINE_MAX)
                .read_until(b'\n', &mut buf)
                .map_err(fail)?;
            if n == 0 {
                break;
            }
            number += 1;
            let Some(text) = buf.strip_suffix(b"\n") else {
                if n as u64 == LINE_MAX {
                    // Too long: skip the rest of it.
                    reader.skip_until(b'\n').map_err(fail)?;
                    bad.push(Bad {
                        line: number,
                        why: "does not check".into(),
                    });
                } else {
                    bad.push(Bad {
                        line: number,
                        why: "is cut short".into(),
                    });
                }
                continue;
            };
            let Some((index, deal, table)) = self.parse(text) else {
                bad.push(Bad {
                    line: number,
                    why: "does not check".into(),
                });
                continue;
            };
            if clashing.contains(&index) {
                bad.push(Bad {
                    line: number,
                    why: format!("gives record {index} another table than an earlier line"),
                });
                continue;
            }
            match self.known.get(&index) {
                Some(&(d, t)) if (d, t) != (deal, table) => {
                    bad.push(Bad {
                        line: number,
                        why: format!(
                            "gives record {index} another table than line {}",
                            first_line[&index]
                        ),
                    });
                    self.known.remove(&index);
                    clashing.insert(index);
                }
                Some(_) => {}
                None => {
                    self.known.insert(index, (deal, table));
                    first_line.insert(index, number);
                }
            }
        }
        self.lines = self.known.len() as u64;
        if bad.is_empty() {
            return Ok(());
        }
        for b in bad.iter().take(BAD_LISTED) {
            self.say(&format!(
                "line {} {} (its board is solved again)",
                b.line, b.why
            ));
        }
        if bad.len() > BAD_LISTED {
            self.say(&format!(
                "{} more lines do not check (their boards are solved again)",
                bad.len() - BAD_LISTED
            ));
        }
        self.rewrite()
    }

    /// A line's index, deal number and table, when it checks.
    fn parse(&self, text: &[u8]) -> Option<(u64, u128, DdTable)> {
        let text = std::str::from_utf8(text).ok()?;
        let (body, check) = text.rsplit_once(' ')?;
        let [index, deal, hex] = body.split(' ').collect::<Vec<_>>()[..] else {
            return None;
        };
        if check != format!("{:016x}", line_check(&self.id, body)) {
            return None;
        }
        let (index, deal) = (index.parse().ok()?, deal.parse().ok()?);
        let table = DdTable::from_hex(hex).ok()?;
        // Only the form this program writes.
        (body == format!("{index} {deal} {}", table.to_hex()?)).then_some((index, deal, table))
    }

    /// Writes the journal anew: the header and the lines known.
    fn rewrite(&mut self) -> Result<(), Failure> {
        let fail = |e: std::io::Error| {
            Failure::operational(format!(
                "{}: cannot write the journal: {e}",
                self.path.display()
            ))
        };
        self.file.set_len(0).map_err(fail)?;
        let mut known: Vec<_> = self.known.iter().collect();
        known.sort_unstable_by_key(|(i, _)| **i);
        let mut out = std::io::BufWriter::new(&self.file);
        writeln!(out, "{}", self.header()).map_err(fail)?;
        for (&index, (deal, table)) in known {
            if let Some(hex) = table.to_hex() {
                out.write_all(self.line(index, *deal, &hex).as_bytes())
                    .map_err(fail)?;
            }
        }
        out.flush().map_err(fail)?;
        self.lines = self.known.len() as u64;
        Ok(())
    }

    /// Removes the journal, when its path still names the file locked.
    fn remove(&mut self) {
        self.tidy = false;
        if let (Ok(now), Ok(held)) = (std::fs::symlink_metadata(&self.path), self.file.metadata()) {
            if same_inode(&now, &held) {
                let _ = std::fs::remove_file(&self.path);
            }
        }
    }
}

impl Drop for Journal {
    /// A journal that kept nothing (a run that failed before solving a
    /// board) is not left behind.
    fn drop(&mut self) {
        if self.tidy && self.lines == 0 {
            self.remove();
        }
    }
}

impl SolveJournal for Journal {
    fn known(&mut self, index: u64, deal: &Deal) -> Option<DdTable> {
        let &(n, t) = self.known.get(&index)?;
        if deal.number() == Some(n) {
            return Some(t);
        }
        self.known.remove(&index);
        None
    }

    fn solved(&mut self, index: u64, deal: &Deal, table: &DdTable) -> std::io::Result<()> {
        // Never resumed: nothing to keep.
        if !self.resumable() {
            return Ok(());
        }
        let (Some(n), Some(hex)) = (deal.number(), table.to_hex()) else {
            return Ok(());
        };
        // Whole, in one write: a line is never mixed with another.
        let line = self.line(index, n, &hex);
        (&self.file).write_all(line.as_bytes())?;
        self.lines += 1;
        if self.synced.elapsed() > Duration::from_secs(10) {
            self.file.sync_data()?;
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
    // Locked before any work: a second solve of OUT stops here.
    let journal = match output.path() {
        Some(out) => Some(Journal::open(journal_path(out), &input, output)?),
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
    let (resumed, journal, kept) = match journal {
        Some(j) => {
            let mut solving = SolvingReader::new(reader, from, jobs, args.force, j);
            let done = write(&mut solving, None, &mut diag, &input, bar(), &dest);
            let resumed = solving.resumed;
            let kept = (solving.kept, std::mem::take(&mut solving.kept_boards));
            // Held (and locked) until OUT is in place and it is removed.
            let journal = solving.into_journal();
            done?;
            (resumed, Some(journal), kept)
        }
        None => {
            let mut solving = SolvingReader::new(reader, from, jobs, args.force, NoJournal);
            write(&mut solving, None, &mut diag, &input, bar(), &dest)?;
            (0, None, (solving.kept, solving.kept_boards))
        }
    };
    if kept.0 > 0 && !crate::report::quiet() {
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
    if let Some(mut j) = journal {
        if resumed > 0 && !crate::report::quiet() {
            eprintln!(
                "boardfile: {output}: {resumed} boards already solved (from {})",
                j.path.display()
            );
        }
        j.remove();
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
    options: &WriteOptions,
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
            if !crate::report::quiet() {
                eprintln!("boardfile: seed {s} (give --seed {s} to deal this set again)");
            }
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
            options,
        },
    )?;
    Ok(Outcome::Ok)
}
