//! Exit statuses, messages, and progress on long work; the words and
//! first lines every command's reports share.

use boardfile_io::details::{Detail, Value as Fact};
use boardfile_io::{Error, Input, Output, OutputError, Sink, Warning};
use std::fmt::Display;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// How a run ended that could finish: everything fine, or invalid input
/// found (validate's verdict).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    Ok,
    Invalid,
    Operational,
}

/// A run that could not finish: the message (naming the path) and the exit
/// status it stands for.
#[derive(Debug)]
pub struct Failure {
    message: String,
    status: Outcome,
    broken_pipe: bool,
    /// The message starts with its place (`FILE:LINE:COL: error:`), so it
    /// is printed without the program's name before it.
    located: bool,
}

impl Failure {
    /// Usage or I/O: exit 2.
    pub fn operational(message: String) -> Failure {
        Failure {
            message,
            status: Outcome::Operational,
            broken_pipe: false,
            located: false,
        }
    }

    /// Invalid input: exit 1.
    pub fn invalid(message: String) -> Failure {
        Failure {
            status: Outcome::Invalid,
            ..Failure::operational(message)
        }
    }

    /// A library error about `path`: exit 1 for bad data (placed in the
    /// file: `FILE:LINE:COL: error: ...`), 2 for I/O.
    pub fn data(path: &dyn Display, e: &Error) -> Failure {
        if e.is_data_error() {
            return Failure {
                located: true,
                ..Failure::invalid(e.located(path).to_string())
            };
        }
        Failure {
            broken_pipe: matches!(e.kind(), boardfile_io::ErrorKind::Io(io) if io.kind() == io::ErrorKind::BrokenPipe),
            ..Failure::operational(format!("{path}: {e}"))
        }
    }

    /// An output that could not be written.
    pub fn output(path: &dyn Display, e: OutputError) -> Failure {
        Failure {
            broken_pipe: e.is_broken_pipe(),
            ..Failure::operational(format!("{path}: {e}"))
        }
    }

    /// An input that could not be read.
    pub fn read(path: &dyn Display, e: io::Error) -> Failure {
        Failure::operational(format!("{path}: cannot read: {e}"))
    }

    /// The message, without the program's name.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The exit status it stands for.
    pub fn status(&self) -> Outcome {
        self.status
    }

    pub fn is_broken_pipe(&self) -> bool {
        self.broken_pipe
    }

    /// Prints the message and returns the status it stands for.
    pub fn report(self) -> Outcome {
        match (self.broken_pipe, self.located) {
            (true, _) => {}
            (false, true) => eprintln!("{}", self.message),
            (false, false) => eprintln!("boardfile: {}", self.message),
        }
        self.status
    }
}

impl From<io::Error> for Failure {
    /// A failed write to standard output, where commands print.
    fn from(e: io::Error) -> Failure {
        Failure::output(&Output::Stdout, OutputError::write(e))
    }
}

/// Prints clap's usage error, help or version: help and version on standard
/// output (exit 0, or 2 when it cannot be written), errors on standard error
/// (exit 2).
pub fn usage(e: clap::Error) -> ExitCode {
    use std::io::Write;
    if e.use_stderr() {
        let _ = e.print();
        return ExitCode::from(2);
    }
    let text = e.render().to_string();
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("boardfile: <stdout>: cannot write: {e}");
            ExitCode::from(2)
        }
    }
}

/// The process exit status; a closed stdout pipe is a normal end (exit 0).
pub fn finish(outcome: Result<Outcome, Failure>) -> ExitCode {
    let status = match outcome {
        Ok(o) => o,
        Err(f) if f.is_broken_pipe() => Outcome::Ok,
        Err(f) => f.report(),
    };
    ExitCode::from(match status {
        Outcome::Ok => 0,
        Outcome::Invalid => 1,
        Outcome::Operational => 2,
    })
}

/// Opens `output` for writing, first naming the temporary files that
/// interrupted runs left beside it (they are not removed: another run may
/// be writing them).
pub fn create(output: &Output) -> Result<Sink, Failure> {
    for stale in output.stale_temporaries() {
        eprintln!(
            "boardfile: {}: warning: a temporary file left by an interrupted run; remove it if no boardfile is running",
            stale.display()
        );
    }
    output.create().map_err(|e| Failure::output(output, e))
}

/// Notes (what a format drops, warnings) are not printed: `--quiet`.
static QUIET: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Silences notes and warnings (never errors).
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, std::sync::atomic::Ordering::Relaxed);
}

/// The width of the terminal that standard output (else standard error)
/// is, as the terminal says it, for help to wrap to: taken even when the
/// terminal gives no height (a pseudo-terminal often does not), where
/// clap's own reading gives up and wraps at 100.
pub fn terminal_width() -> Option<usize> {
    #[cfg(unix)]
    for fd in [libc::STDOUT_FILENO, libc::STDERR_FILENO] {
        // SAFETY: TIOCGWINSZ fills the winsize it is given, and fails on
        // a descriptor that is not a terminal.
        let mut size: libc::winsize = unsafe { std::mem::zeroed() };
        if unsafe { libc::ioctl(fd, libc::TIOCGWINSZ, &mut size) } == 0 && size.ws_col > 0 {
            return Some(usize::from(size.ws_col));
        }
    }
    None
}

/// True under `--quiet`.
pub fn quiet() -> bool {
    QUIET.load(std::sync::atomic::Ordering::Relaxed)
}

/// A note about `path` (what a format drops): not under `--quiet`.
pub fn note(path: &dyn Display, what: &dyn Display) {
    if !quiet() {
        eprintln!("boardfile: {path}: note: {what}");
    }
}

/// Prints the errors found in `path`, one a line, each placed in the file
/// (`FILE:LINE:COL: error: ...`).
pub fn errors(path: &dyn Display, errors: &[Error]) {
    for e in errors {
        eprintln!("{}", e.located(path));
    }
}

/// How many warnings of a kind are printed in full, and how many lines a
/// file's warnings take at most (`--verbose`: every one).
const EACH_KIND: usize = 3;
const WARNING_LINES: usize = 20;

static VERBOSE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Prints every warning, none folded: `--verbose`.
pub fn set_verbose(verbose: bool) {
    VERBOSE.store(verbose, std::sync::atomic::Ordering::Relaxed);
}

/// The warnings about a file as they are told: the first few of each kind
/// in full, then a line for the rest of the kind, in at most
/// [`WARNING_LINES`] lines; every one under `--verbose`. `unkept`: those a
/// reader counted without keeping.
pub fn told(warnings: &[Warning], unkept: u64) -> Vec<boardfile_io::Told<'_>> {
    if VERBOSE.load(std::sync::atomic::Ordering::Relaxed) {
        boardfile_io::fold_warnings(warnings, unkept, usize::MAX, usize::MAX)
    } else {
        boardfile_io::fold_warnings(warnings, unkept, EACH_KIND, WARNING_LINES)
    }
}

/// One told line about `path`: a warning placed as [`errors`] are, or a
/// line of the rest.
pub fn told_line(path: &dyn Display, told: &boardfile_io::Told) -> String {
    match told {
        boardfile_io::Told::One(w) => w.located(path).to_string(),
        other => format!("{path}: warning: {other}"),
    }
}

/// Prints the warnings about `path` as they are told ([`told`]); not
/// under `--quiet`.
pub fn warnings(path: &dyn Display, warnings: &[Warning]) {
    if !quiet() {
        for t in told(warnings, 0) {
            eprintln!("{}", told_line(path, &t));
        }
    }
}

/// Prints messages about `path` that have no place in it, one a line.
pub fn say_all(path: &dyn Display, items: &[impl Display]) {
    for w in items {
        eprintln!("boardfile: {path}: {w}");
    }
}

static PROGRESS_LINES: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Progress as lines of JSON on standard error, for a program that runs
/// boardfile and shows the progress itself (the web page's server):
/// `{"progress":{"done":N,"total":T,"message":"..."}}` at most ten times a
/// second, and `{"finished":"..."}` for the closing line. Shown whether
/// or not standard error is a terminal, and under `--quiet`.
pub fn set_progress_lines(on: bool) {
    PROGRESS_LINES.store(on, std::sync::atomic::Ordering::Relaxed);
}

/// A long run's closing line: a note on standard error (not under
/// `--quiet`), or the `finished` line of JSON progress.
pub fn finished(summary: &str) {
    if progress_lines() {
        eprintln!("{}", serde_json::json!({ "finished": summary }));
    } else if !quiet() {
        eprintln!("boardfile: {summary}");
    }
}

fn progress_lines() -> bool {
    PROGRESS_LINES.load(std::sync::atomic::Ordering::Relaxed)
}

/// A progress bar on a terminal, for work of `total` units (bytes), when
/// there is enough of it; nothing when piped or under `--quiet`; lines of
/// JSON when asked ([`set_progress_lines`]). A clone moves the same bar.
#[derive(Clone)]
pub struct Progress(Shown);

#[derive(Clone)]
enum Shown {
    None,
    Bar(indicatif::ProgressBar),
    Lines(std::sync::Arc<Lines>),
}

/// Progress told in lines: the counts, and when a line was last written.
struct Lines {
    state: std::sync::Mutex<(u64, u64, String, Option<std::time::Instant>)>,
}

impl Lines {
    fn update(&self, f: impl FnOnce(&mut (u64, u64, String, Option<std::time::Instant>))) {
        let Ok(mut s) = self.state.lock() else {
            return;
        };
        f(&mut s);
        let due =
            s.3.is_none_or(|t| t.elapsed() >= std::time::Duration::from_millis(100));
        if due {
            s.3 = Some(std::time::Instant::now());
            let line = serde_json::json!({"progress": {"done": s.0, "total": s.1, "message": s.2}});
            eprintln!("{line}");
        }
    }
}

impl Progress {
    pub fn new(total: Option<u64>, at_least: u64, template: &str) -> Progress {
        if progress_lines() {
            let lines = Lines {
                state: std::sync::Mutex::new((0, total.unwrap_or(0), String::new(), None)),
            };
            return Progress(Shown::Lines(std::sync::Arc::new(lines)));
        }
        let bar = total
            .filter(|&t| t >= at_least && !quiet() && io::stderr().is_terminal())
            .map(|t| {
                let bar = indicatif::ProgressBar::new(t);
                bar.set_style(
                    indicatif::ProgressStyle::with_template(template)
                        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
                );
                bar
            });
        Progress(bar.map_or(Shown::None, Shown::Bar))
    }

    /// No bar.
    pub fn none() -> Progress {
        Progress(Shown::None)
    }

    /// The bar's message (`{msg}` in its template).
    pub fn say(&self, message: String) {
        match &self.0 {
            Shown::None => {}
            Shown::Bar(b) => b.set_message(message),
            Shown::Lines(l) => l.update(|s| s.2 = message),
        }
    }

    /// Takes the bar away and leaves `summary` in its place, a line (only
    /// where a bar was shown).
    pub fn finish_saying(&self, summary: &str) {
        match &self.0 {
            Shown::None => {}
            Shown::Bar(b) => {
                b.finish_and_clear();
                eprintln!("boardfile: {summary}");
            }
            Shown::Lines(_) => eprintln!("{}", serde_json::json!({ "finished": summary })),
        }
    }

    pub fn set(&self, n: u64) {
        match &self.0 {
            Shown::None => {}
            Shown::Bar(b) => b.set_position(n),
            Shown::Lines(l) => l.update(|s| s.0 = n),
        }
    }

    pub fn inc(&self) {
        match &self.0 {
            Shown::None => {}
            Shown::Bar(b) => b.inc(1),
            Shown::Lines(l) => l.update(|s| s.0 += 1),
        }
    }

    pub fn set_len(&self, n: u64) {
        match &self.0 {
            Shown::None => {}
            Shown::Bar(b) => b.set_length(n),
            Shown::Lines(l) => l.update(|s| s.1 = n),
        }
    }

    pub fn done(self) {
        if let Shown::Bar(b) = self.0 {
            b.finish_and_clear();
        }
    }
}

/// Runs `f` on every file; an error in one is printed and the others go on
/// (with `json`, as the file's object `{"file":..,"error":..}` on `out`).
/// The exit status is the worst one.
pub fn each_file(
    files: &[PathBuf],
    json: bool,
    out: &mut dyn Write,
    mut f: impl FnMut(&Input, &mut dyn Write) -> Result<Outcome, Failure>,
) -> Result<Outcome, Failure> {
    let mut worst = Outcome::Ok;
    for path in files {
        let input = Input::new(path);
        match f(&input, out) {
            Ok(o) => worst = worst.max(o),
            Err(e) if e.is_broken_pipe() => return Err(e),
            Err(e) if json => {
                let o = serde_json::json!({"file": input.to_string(), "error": e.message()});
                writeln!(out, "{o}")?;
                worst = worst.max(e.status());
            }
            Err(e) => worst = worst.max(e.report()),
        }
    }
    Ok(worst)
}

/// A count and its noun: `1 board`, `2 boards`, `0 warnings`.
pub fn count(n: impl Into<u64>, noun: &str) -> String {
    match n.into() {
        1 => format!("1 {noun}"),
        n => format!("{n} {noun}s"),
    }
}

/// `validate`'s word for a file: `valid`, `1 error`, `3 errors`.
pub fn verdict(errors: u64, warnings: u64, strict: bool) -> String {
    match (errors, warnings) {
        (0, 0) => "valid".into(),
        (0, n) if strict => format!("invalid under --strict: {}", count(n, "warning")),
        (0, _) => "valid".into(),
        (n, _) => count(n, "error"),
    }
}

/// How many problems make a file invalid: its errors, and under `--strict`
/// its warnings too.
pub fn problems(errors: u64, warnings: u64, strict: bool) -> u64 {
    errors + if strict { warnings } else { 0 }
}

/// What only a format carries, a fact a line (`  line ending: LF`), a
/// group's facts indented under its name.
pub fn details(out: &mut dyn Write, facts: &[Detail], indent: usize) -> std::io::Result<()> {
    for d in facts {
        let name = d.name.replace('_', " ");
        let pad = "";
        match &d.value {
            Fact::Text(t) => writeln!(out, "{pad:indent$}{name}: {t}")?,
            Fact::Number(n) => writeln!(out, "{pad:indent$}{name}: {n}")?,
            Fact::Flag(b) => writeln!(
                out,
                "{pad:indent$}{name}: {}",
                if *b { "yes" } else { "no" }
            )?,
            Fact::Group(g) => {
                writeln!(out, "{pad:indent$}{name}:")?;
                details(out, g, indent + 2)?;
            }
        }
    }
    Ok(())
}

/// The first lines of `info`, for every kind of file.
pub fn info_head(
    out: &mut dyn Write,
    path: &dyn Display,
    name: &str,
    description: &str,
    size: u64,
) -> std::io::Result<()> {
    writeln!(out, "{path}")?;
    writeln!(out, "  format:   {name} ({description})")?;
    writeln!(out, "  size:     {size} bytes")
}
