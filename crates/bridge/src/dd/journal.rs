//! A solve's finished work, kept beside its output (`OUT.solving`) so that
//! an interrupted run (Ctrl-C, kill, crash) is continued by the same
//! command. It is text: a header, then a line a solved board, written whole
//! with one `write` as each board is done:
//!
//! ```text
//! boardfile solve journal 3 input 9b2e5f0c1d7a8e43 solver boardfile-dd 0.1.0
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
//! board another table than an earlier line) is noted and its board solved
//! again, and the journal is written anew without it. A journal of another
//! input or solver is started anew, with a note.
//!
//! A run holds the journal's exclusive lock ([`LockedFile`]) from its start
//! to its end, so a second solve of the same output is refused rather than
//! solving every board again beside it. A journal path that is not a
//! regular file, a file that is not a journal, and an input that is the
//! journal are refused before anything is written.
//!
//! ```
//! use boardfile_bridge::dd::journal::Journal;
//! use boardfile_bridge::dd::SolveJournal;
//! use boardfile_bridge::Deal;
//! use boardfile_io::Input;
//! let dir = tempfile::tempdir().unwrap();
//! let (input, out) = (dir.path().join("set.pbn"), dir.path().join("solved.pbn"));
//! std::fs::write(&input, "[Board \"1\"]\n").unwrap();
//! let deal = Deal::from_number(42).unwrap();
//! let table = boardfile_bridge::dd::solve(&deal).unwrap();
//!
//! let mut journal = Journal::open(&out, &Input::new(&input)).unwrap();
//! journal.solved(0, &deal, &table).unwrap();
//! drop(journal); // interrupted: the journal stays
//! assert!(Journal::path_of(&out).exists());
//!
//! let mut again = Journal::open(&out, &Input::new(&input)).unwrap();
//! assert_eq!(again.known(0, &deal), Some(table));
//! again.remove(); // OUT written: the journal goes
//! assert!(!Journal::path_of(&out).exists());
//! ```

use super::{SolveJournal, SOLVER};
use crate::model::board::DdTable;
use crate::model::deal::Deal;
use boardfile_io::lock::{LockError, LockedFile};
use boardfile_io::Input;
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::io::{self, BufRead, Read, Write};
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

/// Lines that do not check noted one by one; the rest are counted.
const BAD_LISTED: usize = 20;

/// A journal line longer than this is not one of ours.
const LINE_MAX: u64 = 256;

/// Unsynced lines are flushed to the disk at least this often.
const SYNC_EVERY: Duration = Duration::from_secs(10);

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
fn fnv1a(path: &Path) -> io::Result<u64> {
    let mut h = Fnv::new();
    let mut file = std::fs::File::open(path)?;
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

/// Why a journal could not be used; its message names the journal and the
/// output it is of.
#[derive(Debug)]
pub struct JournalError {
    journal: PathBuf,
    output: PathBuf,
    kind: JournalErrorKind,
}

/// What went wrong with a journal.
#[derive(Debug)]
#[non_exhaustive]
pub enum JournalErrorKind {
    /// The input is the journal: the solve would write over what it reads.
    IsInput,
    /// The journal's path is taken by something else than a journal of
    /// ours: a file that is not one, a directory, a FIFO...
    NotAJournal(Option<&'static str>),
    /// Another solve of the same output holds the journal.
    Held,
    /// The path named a new file on every try.
    KeepsChanging,
    /// The input could not be read (to name it in the header).
    Input(io::Error),
    /// The journal could not be opened, locked, read or written.
    Io(&'static str, io::Error),
}

impl JournalError {
    /// What went wrong.
    pub fn kind(&self) -> &JournalErrorKind {
        &self.kind
    }
}

impl fmt::Display for JournalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (journal, output) = (self.journal.display(), self.output.display());
        write!(f, "{journal}: ")?;
        match &self.kind {
            JournalErrorKind::IsInput => write!(
                f,
                "the input is {output}'s solve journal; refusing to write over it; choose another output"
            ),
            JournalErrorKind::NotAJournal(Some(kind)) => write!(
                f,
                "{output}'s solve journal is {kind}, not a regular file; remove it or choose another output"
            ),
            JournalErrorKind::NotAJournal(None) => write!(
                f,
                "is not a boardfile solve journal; refusing to write over it as {output}'s journal; remove it or choose another output"
            ),
            JournalErrorKind::Held => write!(
                f,
                "another boardfile solve is writing {output}; wait for it to end, or stop it (its work is kept here)"
            ),
            JournalErrorKind::KeepsChanging => write!(
                f,
                "the journal keeps changing (other solves of {output} starting and ending); try again"
            ),
            JournalErrorKind::Input(e) => write!(f, "cannot read the input: {e}"),
            JournalErrorKind::Io(what, e) => write!(f, "cannot {what} the journal: {e}"),
        }
    }
}

impl std::error::Error for JournalError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            JournalErrorKind::Input(e) | JournalErrorKind::Io(_, e) => Some(e),
            _ => None,
        }
    }
}

/// A journal line that does not check, and why.
struct Bad {
    line: u64,
    why: String,
}

/// The journal of a solve, locked: earlier work by board index, and the
/// file new work is appended to. Notes on what it left out (lines that do
/// not check, a journal of another input started anew) wait in
/// [`Journal::take_notes`].
pub struct Journal {
    /// `None` once removed.
    file: Option<LockedFile>,
    path: PathBuf,
    output: PathBuf,
    /// The header's input id, which each line's check is keyed with.
    id: String,
    known: HashMap<u64, (u128, DdTable)>,
    /// Solved-board lines in the file.
    lines: u64,
    synced: Instant,
    /// Removed when dropped with no line: an empty file (perhaps made by
    /// this run), or the journal once read; never a file refused.
    tidy: bool,
    notes: Vec<String>,
}

impl Journal {
    /// The journal of the output `out`: `OUT.solving`.
    pub fn path_of(out: &Path) -> PathBuf {
        let mut name = out.as_os_str().to_owned();
        name.push(".solving");
        name.into()
    }

    /// Refuses an input that is the journal of `out` (by path, or the same
    /// file): the solve would write over it. Called before anything is
    /// read or written.
    pub fn refuse_input(input: &Input, out: &Path) -> Result<(), JournalError> {
        let journal = Journal::path_of(out);
        match input.path() {
            Some(p) if p == journal || boardfile_io::files::same_file(p, &journal) => {
                Err(JournalError {
                    journal,
                    output: out.to_path_buf(),
                    kind: JournalErrorKind::IsInput,
                })
            }
            _ => Ok(()),
        }
    }

    /// Opens and locks the journal of the output `out` for solving `input`,
    /// and reads what it holds: lines that do not check, and a journal of
    /// another input or solver, are noted and left out.
    pub fn open(out: &Path, input: &Input) -> Result<Journal, JournalError> {
        let path = Journal::path_of(out);
        let file = LockedFile::open(&path).map_err(|e| JournalError {
            journal: path.clone(),
            output: out.to_path_buf(),
            kind: match e {
                LockError::NotRegular { kind } => JournalErrorKind::NotAJournal(Some(kind)),
                LockError::Held => JournalErrorKind::Held,
                LockError::KeepsChanging => JournalErrorKind::KeepsChanging,
                LockError::Io { what, source } => JournalErrorKind::Io(what, source),
            },
        })?;
        let mut journal = Journal {
            tidy: file.len_when_locked() == 0,
            file: Some(file),
            path,
            output: out.to_path_buf(),
            id: String::new(),
            known: HashMap::new(),
            lines: 0,
            synced: Instant::now(),
            notes: Vec::new(),
        };
        // An input refused by [`Journal::refuse_input`] may have become the
        // journal since.
        if input.path().is_some_and(|p| journal.holds(p)) {
            journal.tidy = false;
            return Err(journal.error(JournalErrorKind::IsInput));
        }
        journal.id = match input {
            Input::File(p) if std::fs::metadata(p).is_ok_and(|m| m.is_file()) => {
                let sum = fnv1a(p).map_err(|e| journal.error(JournalErrorKind::Input(e)))?;
                format!("{sum:016x}")
            }
            Input::File(_) => STREAM.into(),
            Input::Stdin => STDIN.into(),
        };
        journal.load()?;
        journal.tidy = true;
        Ok(journal)
    }

    /// Where it is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// What was noted since the last call: lines left out and why, or why
    /// the journal was started anew.
    pub fn take_notes(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notes)
    }

    /// Removes the journal (the output is in place), when its path still
    /// names the file locked.
    pub fn remove(&mut self) {
        self.tidy = false;
        if let Some(file) = self.file.take() {
            file.remove();
        }
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

    fn line(&self, index: u64, number: u128, hex: &str) -> String {
        let body = format!("{index} {number} {hex}");
        let check = line_check(&self.id, &body);
        format!("{body} {check:016x}\n")
    }

    fn error(&self, kind: JournalErrorKind) -> JournalError {
        JournalError {
            journal: self.path.clone(),
            output: self.output.clone(),
            kind,
        }
    }

    /// The journal's I/O errors, doing `what`.
    fn io_error(&self, what: &'static str) -> impl Fn(io::Error) -> JournalError {
        let (journal, output) = (self.path.clone(), self.output.clone());
        move |e| JournalError {
            journal: journal.clone(),
            output: output.clone(),
            kind: JournalErrorKind::Io(what, e),
        }
    }

    /// True when `path` is the journal's file.
    fn holds(&self, path: &Path) -> bool {
        self.file.as_ref().is_some_and(|f| f.is(path))
    }

    fn file(&self) -> &std::fs::File {
        self.file
            .as_ref()
            .expect("a journal is used before it is removed")
            .file()
    }

    /// Reads the journal: the lines that check when its header is this
    /// run's; else it is started anew. Written anew without the lines that
    /// do not check.
    fn load(&mut self) -> Result<(), JournalError> {
        let fail = self.io_error("read");
        let mut reader = io::BufReader::new(self.file().try_clone().map_err(&fail)?);
        let mut first = Vec::new();
        (&mut reader)
            .take(LINE_MAX)
            .read_until(b'\n', &mut first)
            .map_err(&fail)?;
        if first.is_empty() {
            return self.start_anew(None);
        }
        let ended = first.last() == Some(&b'\n');
        let head =
            String::from_utf8_lossy(first.strip_suffix(b"\n").unwrap_or(&first)).into_owned();
        let journal_like =
            head.starts_with(JOURNAL_HEAD) || (!ended && JOURNAL_HEAD.starts_with(head.as_str()));
        if !journal_like {
            return Err(self.error(JournalErrorKind::NotAJournal(None)));
        }
        let mut more = [0u8; 1];
        let has_lines = reader.read(&mut more).map_err(&fail)? > 0;
        if let Some(why) = self.not_ours(&head, ended) {
            return self.start_anew(Some(why).filter(|_| has_lines));
        }
        if !has_lines {
            return Ok(());
        }
        // The byte read to see whether there were lines: put it back.
        let bad = self
            .read_lines(io::Cursor::new(more).chain(reader))
            .map_err(&fail)?;
        self.lines = self.known.len() as u64;
        if bad.is_empty() {
            return Ok(());
        }
        for b in bad.iter().take(BAD_LISTED) {
            self.notes.push(format!(
                "line {} {} (its board is solved again)",
                b.line, b.why
            ));
        }
        if bad.len() > BAD_LISTED {
            self.notes.push(format!(
                "{} more lines do not check (their boards are solved again)",
                bad.len() - BAD_LISTED
            ));
        }
        self.rewrite()
    }

    /// Why a journal whose first line is `head` is not this run's, when it
    /// is not.
    fn not_ours(&self, head: &str, ended: bool) -> Option<String> {
        if !ended {
            return Some("the journal's header is cut short".into());
        }
        if head == self.header() {
            return (!self.resumable()).then(|| {
                "the journal of standard input or a pipe is not resumed (the input cannot be told to be the same)".into()
            });
        }
        let rest = &head[JOURNAL_HEAD.len()..];
        let (format, rest) = rest.split_once(' ').unwrap_or((rest, ""));
        let (id, solver) = rest
            .strip_prefix("input ")
            .and_then(|r| r.split_once(" solver "))
            .unwrap_or(("", ""));
        Some(if format != JOURNAL_FORMAT.to_string() {
            format!("the journal is of another boardfile (journal format {format}, this one reads {JOURNAL_FORMAT})")
        } else if id != self.id {
            "the journal is of another input (or of this one before it changed)".into()
        } else if solver != SOLVER {
            format!("the journal's tables are {solver}'s, and this solve uses {SOLVER}")
        } else {
            "the journal's header is not one boardfile writes".into()
        })
    }

    /// Starts the journal anew, noting why when there was work in it.
    fn start_anew(&mut self, why: Option<String>) -> Result<(), JournalError> {
        if let Some(why) = why {
            self.notes.push(format!("{why}; starting it anew"));
        }
        self.known.clear();
        self.rewrite()
    }

    /// Reads the lines after the header into `known`; the lines that do not
    /// check, and those that give a board another table than an earlier
    /// line (and that earlier line), are returned.
    fn read_lines(&mut self, mut reader: impl BufRead) -> io::Result<Vec<Bad>> {
        let mut bad: Vec<Bad> = Vec::new();
        let mut first_line: HashMap<u64, u64> = HashMap::new();
        let mut clashing: HashSet<u64> = HashSet::new();
        let mut number = 1u64;
        let mut buf = Vec::new();
        loop {
            buf.clear();
            let n = (&mut reader).take(LINE_MAX).read_until(b'\n', &mut buf)?;
            if n == 0 {
                return Ok(bad);
            }
            number += 1;
            let mut refuse = |why: String| bad.push(Bad { line: number, why });
            let Some(text) = buf.strip_suffix(b"\n") else {
                if n as u64 == LINE_MAX {
                    // Too long: skip the rest of it.
                    reader.skip_until(b'\n')?;
                    refuse("does not check".into());
                } else {
                    refuse("is cut short".into());
                }
                continue;
            };
            let Some((index, deal, table)) = self.parse(text) else {
                refuse("does not check".into());
                continue;
            };
            if clashing.contains(&index) {
                refuse(format!(
                    "gives record {index} another table than an earlier line"
                ));
                continue;
            }
            match self.known.get(&index) {
                Some(&(d, t)) if (d, t) != (deal, table) => {
                    refuse(format!(
                        "gives record {index} another table than line {}",
                        first_line[&index]
                    ));
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
    fn rewrite(&mut self) -> Result<(), JournalError> {
        let fail = self.io_error("write");
        self.file().set_len(0).map_err(&fail)?;
        let mut known: Vec<_> = self.known.iter().collect();
        known.sort_unstable_by_key(|(i, _)| **i);
        let mut out = io::BufWriter::new(self.file());
        writeln!(out, "{}", self.header()).map_err(&fail)?;
        for (&index, (deal, table)) in known {
            if let Some(hex) = table.to_hex() {
                out.write_all(self.line(index, *deal, &hex).as_bytes())
                    .map_err(&fail)?;
            }
        }
        out.flush().map_err(&fail)?;
        drop(out);
        self.lines = self.known.len() as u64;
        Ok(())
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

    fn solved(&mut self, index: u64, deal: &Deal, table: &DdTable) -> io::Result<()> {
        // Never resumed: nothing to keep.
        if !self.resumable() {
            return Ok(());
        }
        let (Some(n), Some(hex)) = (deal.number(), table.to_hex()) else {
            return Ok(());
        };
        // Whole, in one write: a line is never mixed with another.
        let line = self.line(index, n, &hex);
        self.file().write_all(line.as_bytes())?;
        self.lines += 1;
        if self.synced.elapsed() > SYNC_EVERY {
            self.file().sync_data()?;
            self.synced = Instant::now();
        }
        Ok(())
    }
}
