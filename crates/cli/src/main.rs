//! `boardfile`: the command line over `boardfile-bridge`. It parses
//! arguments, settles a plan (paths and formats), runs it, and prints; all
//! format work is in the library.

mod othello;
mod output;
mod solve;

use boardfile_bridge::formats::pavlicek;
use boardfile_bridge::formats::pbn::PbnDdTags;
use boardfile_bridge::stream;
use boardfile_bridge::{
    detect, diagram, losses, read, validate, write_with, Format, Heading, WriteOptions,
};
use boardfile_othello::OthelloFormat;
use clap::{Parser, Subcommand};
use output::{Failure, Outcome};
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Read, validate and convert bridge board sets and Othello game files.
///
/// Bridge: BRI, DGE, BRE, DUP, HRF (Duplimate/Dealer4), DLM (DupSoft), PBN
/// 2.1, LIN (Bridge Base Online), Pavlicek's ZBS, ZBD, ZDD, ZRD, ZRJ and deal
/// numbers (DEALNUM), and JSON Lines. Othello: the WTHOR database (WTB, WTD,
/// PZZ, JOU, TRN), JSON Lines, transcripts, and GGF, PGN and CSV output. A
/// format is chosen by --from/--to, else by the file's content, else by its
/// extension (Pavlicek's binary formats, which have no signature, by the
/// extension first). `-` reads standard input or writes standard output.
///
/// Exit status: 0 success, 1 invalid input, 2 could not run (usage, I/O).
#[derive(Parser)]
#[command(name = "boardfile", version, about, long_about)]
struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Convert a board set from one format to another.
    ///
    /// OUT is written atomically: a failed run leaves no partial file and an
    /// existing OUT untouched. Data the output format cannot keep is named on
    /// standard error.
    Convert {
        /// Input file, or - for standard input.
        input: PathBuf,
        /// Output file, or - for standard output.
        output: PathBuf,
        /// Input format (name or extension); default: detected.
        #[arg(long, value_parser = parse_format)]
        from: Option<FormatArg>,
        /// Output format (name or extension); default: OUT's extension.
        #[arg(long, value_parser = parse_format)]
        to: Option<FormatArg>,
        /// PBN output: write exactly these double-dummy tags, a comma-separated
        /// list of OptimumResultTable, DoubleDummyTricks, OptimumScore,
        /// ParContract, or all, or none. Default: keep the input's tags that
        /// still agree with the data, and give boards without any all four.
        #[arg(long, value_name = "TAGS", value_parser = PbnDdTags::parse)]
        dd_tags: Option<PbnDdTags>,
        /// ZDD input: the file whose deals the tables belong to (any deal
        /// format), joined by position.
        #[arg(long, value_name = "FILE")]
        deals: Option<PathBuf>,
        #[command(flatten)]
        names: NameArgs,
        /// Othello: append names not in the names files to copies of them
        /// written beside OUT (OUT-stem.jou, OUT-stem.trn) instead of failing.
        #[arg(long)]
        add_names: bool,
    },
    /// Show a file's format, board count, set-level fields and warnings.
    Info {
        /// Files to describe (- for standard input).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Input format; default: detected.
        #[arg(long, value_parser = parse_format)]
        from: Option<FormatArg>,
    },
    /// Report every problem in each file, with its position.
    ///
    /// Exit status 0 when all files are valid, 1 when any problem was found,
    /// 2 when a file could not be read.
    Validate {
        /// Files to check (- for standard input).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Input format; default: detected for each file.
        #[arg(long, value_parser = parse_format)]
        from: Option<FormatArg>,
        #[command(flatten)]
        names: NameArgs,
    },
    /// Print hand diagrams with high-card points, or Othello games' final
    /// boards and scores.
    Show {
        /// The file (- for standard input).
        file: PathBuf,
        /// Only this board number (Othello: this game, from 1).
        #[arg(long)]
        board: Option<u32>,
        /// Suit letters S H D C instead of symbols.
        #[arg(long)]
        ascii: bool,
        /// Input format; default: detected.
        #[arg(long, value_parser = parse_format)]
        from: Option<FormatArg>,
        #[command(flatten)]
        names: NameArgs,
    },
    /// Solve every board double dummy: all 20 trick counts and par.
    ///
    /// Tables and par (with each board's vulnerability and dealer) are
    /// written into OUT: PBN tags, ZRD/ZDD/ZRJ nibbles, JSON Lines dd/par.
    /// Boards that already carry a whole table keep it unless --force.
    /// Finished boards are kept in OUT.solving as they are done: an
    /// interrupted run (Ctrl-C, kill, crash) is continued by running the
    /// same command again. OUT appears only when every board is solved.
    Solve {
        /// Input file, or - for standard input.
        input: PathBuf,
        /// Output file, or - for standard output (then no resuming).
        output: PathBuf,
        /// Input format; default: detected.
        #[arg(long, value_parser = parse_format)]
        from: Option<FormatArg>,
        /// Output format; default: OUT's extension.
        #[arg(long, value_parser = parse_format)]
        to: Option<FormatArg>,
        /// Solving threads; default: one a core.
        #[arg(long, short = 'j', value_name = "N")]
        jobs: Option<usize>,
        /// Solve boards that already carry a table too.
        #[arg(long)]
        force: bool,
        /// PBN output: the double-dummy tags to write (see convert).
        #[arg(long, value_name = "TAGS", value_parser = PbnDdTags::parse)]
        dd_tags: Option<PbnDdTags>,
    },
    /// Deal a new board set of uniformly random deals.
    ///
    /// Dealer and vulnerability follow the board number. The generator is
    /// ChaCha20 keyed by a 256-bit seed: without --seed one is drawn from
    /// the system and printed, and the same seed gives the same file on
    /// every machine.
    Deal {
        /// Output file (any writable format: DLM for a dealing machine, PBN
        /// for the web...), or - for standard output with --to.
        output: PathBuf,
        /// How many boards.
        #[arg(long, default_value_t = 32)]
        boards: u32,
        /// The first board's number.
        #[arg(long, default_value_t = 1)]
        first: u32,
        /// The seed: 1 to 64 hex digits.
        #[arg(long, value_parser = boardfile_bridge::dealing::Seed::parse)]
        seed: Option<boardfile_bridge::dealing::Seed>,
        /// Output format; default: OUT's extension.
        #[arg(long, value_parser = parse_format)]
        to: Option<FormatArg>,
    },
    /// List every format: name, extensions, read/write, what it keeps.
    Formats,
    /// Print Pavlicek's checksum of each file: the 64-bit sum of its 32-bit
    /// little-endian words (a trailing partial word zero-padded), in hex.
    Checksum {
        /// Files to sum (- for standard input).
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
}

/// Othello: the WTHOR names files.
#[derive(clap::Args, Clone, Default)]
struct NameArgs {
    /// Othello: the player names file; default: WTHOR.JOU beside the input.
    #[arg(long, value_name = "WTHOR.JOU")]
    players: Option<PathBuf>,
    /// Othello: the tournament names file; default: WTHOR.TRN beside the input.
    #[arg(long, value_name = "WTHOR.TRN")]
    tournaments: Option<PathBuf>,
}

impl NameArgs {
    fn files(&self) -> othello::NameFiles<'_> {
        othello::NameFiles {
            players: self.players.as_deref(),
            tournaments: self.tournaments.as_deref(),
        }
    }
}

/// A format named on the command line: a bridge format, an Othello one, or
/// both (JSONL, told apart by the content).
#[derive(Clone, Copy, Debug)]
struct FormatArg {
    bridge: Option<Format>,
    othello: Option<OthelloFormat>,
}

fn parse_format(name: &str) -> Result<FormatArg, String> {
    let arg = FormatArg {
        bridge: Format::from_name(name),
        othello: OthelloFormat::from_name(name),
    };
    if arg.bridge.is_none() && arg.othello.is_none() {
        let mut names: Vec<&str> = Format::all().iter().map(|f| f.name()).collect();
        names.extend(
            OthelloFormat::all()
                .iter()
                .map(|f| f.name())
                .filter(|n| *n != "JSONL"),
        );
        return Err(format!(
            "unknown format {name:?}; known: {}",
            names.join(", ")
        ));
    }
    Ok(arg)
}

/// The Othello format of an input, if it is one.
fn othello_input(path: &Path, from: Option<FormatArg>, bytes: &[u8]) -> Option<OthelloFormat> {
    othello::input_format(
        path,
        from.and_then(|f| f.othello),
        from.is_some_and(|f| f.bridge.is_some()),
        bytes,
    )
}

fn bridge(f: Option<FormatArg>) -> Option<Format> {
    f.and_then(|f| f.bridge)
}

fn main() -> ExitCode {
    let args = Args::parse();
    let mut stdout = std::io::stdout().lock();
    let outcome = match args.command {
        Command::Convert {
            input,
            output,
            from,
            to,
            dd_tags,
            deals,
            names,
            add_names,
        } => {
            let mut options = WriteOptions::default();
            if let Some(t) = dd_tags {
                options.pbn_dd_tags = t;
            }
            let plan = Plan {
                input: &input,
                out: &output,
                from,
                to,
                options: &options,
                names: &names,
                add_names,
                deals: deals.as_deref(),
            };
            convert(&plan, &mut stdout)
        }
        Command::Info { files, from } => each_file(&files, |p| info(p, from, &mut stdout)),
        Command::Validate { files, from, names } => {
            each_file(&files, |p| validate_file(p, from, &names, &mut stdout))
        }
        Command::Show {
            file,
            board,
            ascii,
            from,
            names,
        } => show(&file, board, ascii, from, &names, &mut stdout),
        Command::Solve {
            input,
            output,
            from,
            to,
            jobs,
            force,
            dd_tags,
        } => {
            let mut options = WriteOptions::default();
            if let Some(t) = dd_tags {
                options.pbn_dd_tags = t;
            }
            solve::solve(&solve::SolveArgs {
                input: &input,
                out: &output,
                from: bridge(from),
                to: bridge(to),
                jobs,
                force,
                options: &options,
            })
        }
        Command::Deal {
            output,
            boards,
            first,
            seed,
            to,
        } => solve::deal(&output, boards, first, seed, bridge(to), &mut stdout),
        Command::Formats => formats(&mut stdout),
        Command::Checksum { files } => each_file(&files, |p| {
            let bytes = read_input(p)?;
            writeln!(
                stdout,
                "{:016X}  {}",
                pavlicek::checksum(&bytes),
                display(p)
            )?;
            Ok(Outcome::Ok)
        }),
    };
    let outcome = outcome.and_then(|o| stdout.flush().map(|_| o).map_err(Failure::from));
    output::finish(outcome)
}

/// Runs `f` on every file; an error in one is printed and the others go on.
/// The exit status is the worst one.
fn each_file(
    files: &[PathBuf],
    mut f: impl FnMut(&Path) -> Result<Outcome, Failure>,
) -> Result<Outcome, Failure> {
    let mut worst = Outcome::Ok;
    for path in files {
        match f(path) {
            Ok(o) => worst = worst.max(o),
            Err(e) if e.is_broken_pipe() => return Err(e),
            Err(e) => worst = worst.max(e.report()),
        }
    }
    Ok(worst)
}

fn display(path: &Path) -> String {
    if path == Path::new("-") {
        "<stdin>".into()
    } else {
        path.display().to_string()
    }
}

/// An output path as messages name it.
fn display_out(path: &Path) -> String {
    if path == Path::new("-") {
        "<stdout>".into()
    } else {
        path.display().to_string()
    }
}

fn read_input(path: &Path) -> Result<Vec<u8>, Failure> {
    let mut bytes = Vec::new();
    let result = if path == Path::new("-") {
        std::io::stdin().lock().read_to_end(&mut bytes).map(|_| ())
    } else {
        std::fs::read(path).map(|b| bytes = b)
    };
    result.map_err(|e| Failure::operational(format!("{}: cannot read: {e}", display(path))))?;
    Ok(bytes)
}

fn input_format(bytes: &[u8], path: &Path, from: Option<Format>) -> Result<Format, Failure> {
    match from {
        Some(f) => Ok(f),
        None => detect(bytes, Some(path).filter(|p| *p != Path::new("-")))
            .map_err(|e| Failure::operational(format!("{}: {e}", display(path)))),
    }
}

fn warn_all(path: &Path, warnings: &[boardfile_bridge::Warning]) {
    for w in warnings {
        eprintln!("boardfile: {}: {w}", display(path));
    }
}

/// A conversion, settled from the arguments.
struct Plan<'a> {
    input: &'a Path,
    out: &'a Path,
    from: Option<FormatArg>,
    to: Option<FormatArg>,
    options: &'a WriteOptions,
    names: &'a NameArgs,
    add_names: bool,
    deals: Option<&'a Path>,
}

fn convert(plan: &Plan, stdout: &mut dyn Write) -> Result<Outcome, Failure> {
    let (input, out) = (plan.input, plan.out);
    let to_stdout = out == Path::new("-");
    if !to_stdout && input != Path::new("-") && output::same_file(input, out) {
        return Err(Failure::operational(format!(
            "{}: refusing to write over the input; choose another output",
            display(out)
        )));
    }
    // The first 64 KiB tell the format; a fixed-record bridge file then
    // streams, anything else is read whole.
    let mut reader: Box<dyn Read> =
        if input == Path::new("-") {
            Box::new(std::io::stdin().lock())
        } else {
            Box::new(std::fs::File::open(input).map_err(|e| {
                Failure::operational(format!("{}: cannot read: {e}", display(input)))
            })?)
        };
    let read_fail =
        |e: std::io::Error| Failure::operational(format!("{}: cannot read: {e}", display(input)));
    let mut head = Vec::with_capacity(64 * 1024);
    (&mut reader)
        .take(64 * 1024)
        .read_to_end(&mut head)
        .map_err(read_fail)?;
    if othello_input(input, plan.from, &head).is_none() {
        if let Some(result) = try_stream(plan, &head, &mut reader, stdout) {
            return result;
        }
    }
    let mut bytes = head;
    reader.read_to_end(&mut bytes).map_err(read_fail)?;
    match othello_input(input, plan.from, &bytes) {
        Some(from) => othello::convert(plan, &bytes, from, stdout),
        None => convert_bridge(plan, &bytes, stdout),
    }
}

/// Converts record by record when both formats allow it (see
/// `boardfile_bridge::stream`): memory stays flat whatever the input's size,
/// with a progress bar on a terminal for inputs of 8 MiB or more. `None`
/// when the conversion is not one that streams.
fn try_stream(
    plan: &Plan,
    head: &[u8],
    rest: &mut dyn Read,
    stdout: &mut dyn Write,
) -> Option<Result<Outcome, Failure>> {
    let (input, out) = (plan.input, plan.out);
    let from = bridge(plan.from)
        .or_else(|| detect(head, Some(input).filter(|p| *p != Path::new("-"))).ok())?;
    let to = bridge(plan.to).or_else(|| {
        (out != Path::new("-"))
            .then(|| Format::from_path(out))
            .flatten()
    })?;
    if plan.deals.is_some() || !stream::can_stream(from, to) {
        return None;
    }
    Some((|| {
        let size = std::fs::metadata(input).map(|m| m.len()).unwrap_or(0);
        let bar = (size >= 8 << 20 && std::io::stderr().is_terminal()).then(|| {
            let bar = indicatif::ProgressBar::new(size);
            bar.set_style(
                indicatif::ProgressStyle::with_template(
                    "{bar:40} {bytes}/{total_bytes} {bytes_per_sec} {eta}",
                )
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
            );
            bar
        });
        let mut progress = |n: u64| {
            if let Some(b) = &bar {
                b.set_position(n);
            }
        };
        let mut chained = head.chain(rest);
        let mut file = if out == Path::new("-") {
            None
        } else {
            Some(output::AtomicFile::create(out)?)
        };
        let result = match &mut file {
            Some(f) => stream::convert(from, to, &mut chained, f, plan.options, &mut progress),
            None => stream::convert(from, to, &mut chained, stdout, plan.options, &mut progress),
        };
        if let Some(b) = bar {
            b.finish_and_clear();
        }
        let done = result.map_err(|e| {
            let path = if e.is_data_error() { input } else { out };
            Failure::data(format!("{}: {e}", display(path)), &e)
        })?;
        warn_all(input, &done.warnings);
        for loss in &done.losses {
            eprintln!("boardfile: {}: note: {loss}", display_out(out));
        }
        if let Some(f) = file {
            f.commit()?;
        }
        Ok(Outcome::Ok)
    })())
}

fn convert_bridge(plan: &Plan, bytes: &[u8], stdout: &mut dyn Write) -> Result<Outcome, Failure> {
    let (input, out, options) = (plan.input, plan.out, plan.options);
    let (from, to) = (bridge(plan.from), bridge(plan.to));
    let to_stdout = out == Path::new("-");
    let to = match to.or_else(|| {
        if to_stdout {
            None
        } else {
            Format::from_path(out)
        }
    }) {
        Some(f) => f,
        None => {
            return Err(Failure::operational(format!(
                "{}: cannot tell the output format from the name; give --to",
                display(out)
            )))
        }
    };
    let from = input_format(bytes, input, from)?;
    let mut outcome =
        read(from, bytes).map_err(|e| Failure::data(format!("{}: {e}", display(input)), &e))?;
    warn_all(input, &outcome.warnings);
    if let Some(deals) = plan.deals {
        let deal_bytes = read_input(deals)?;
        let deal_format = input_format(&deal_bytes, deals, None)?;
        let mut with_deals = read(deal_format, &deal_bytes)
            .map_err(|e| Failure::data(format!("{}: {e}", display(deals)), &e))?
            .set;
        pavlicek::join_tables(&mut with_deals, &outcome.set).map_err(|m| {
            Failure::invalid(format!("{} and {}: {m}", display(deals), display(input)))
        })?;
        outcome.set = with_deals;
    }
    for loss in losses(&outcome.set, to) {
        eprintln!("boardfile: {}: note: {loss}", display_out(out));
    }
    let mut buf = Vec::with_capacity(bytes.len() * 2);
    write_with(to, &outcome.set, &mut buf, options)
        .map_err(|e| Failure::data(format!("{}: {e}", display_out(out)), &e))?;
    emit(out, &buf, stdout)?;
    Ok(Outcome::Ok)
}

/// The output format: `--to`, else OUT's extension.
fn output_format(out: &Path, to: Option<Format>) -> Result<Format, Failure> {
    to.or_else(|| {
        (out != Path::new("-"))
            .then(|| Format::from_path(out))
            .flatten()
    })
    .ok_or_else(|| {
        Failure::operational(format!(
            "{}: cannot tell the output format from the name; give --to",
            display_out(out)
        ))
    })
}

/// Writes a whole output: to standard output, or atomically to OUT.
fn emit(out: &Path, bytes: &[u8], stdout: &mut dyn Write) -> Result<(), Failure> {
    if out == Path::new("-") {
        stdout.write_all(bytes)?;
        Ok(())
    } else {
        output::write_atomically(out, bytes)
    }
}

fn info(path: &Path, from: Option<FormatArg>, out: &mut dyn Write) -> Result<Outcome, Failure> {
    let bytes = read_input(path)?;
    if let Some(f) = othello_input(path, from, &bytes) {
        return othello::info(path, &bytes, f, out);
    }
    let format = input_format(&bytes, path, bridge(from))?;
    let outcome =
        read(format, &bytes).map_err(|e| Failure::data(format!("{}: {e}", display(path)), &e))?;
    let set = &outcome.set;
    info_head(out, path, format.name(), format.description(), bytes.len())?;
    writeln!(out, "  boards:   {}", set.boards.len())?;
    if let (Some(first), Some(last)) = (set.boards.first(), set.boards.last()) {
        writeln!(out, "  numbers:  {} to {}", first.number, last.number)?;
    }
    let complete = set.boards.iter().filter(|b| b.deal.is_complete()).count();
    if complete != set.boards.len() {
        writeln!(out, "  partial:  {} boards", set.boards.len() - complete)?;
    }
    if let Some(n) = set.boards.first().and_then(|b| b.deal.number()) {
        writeln!(out, "  deal number of the first board: {n}")?;
    }
    for (name, which) in [
        ("event:", Heading::Event),
        ("site:", Heading::Site),
        ("date:", Heading::Date),
    ] {
        if let Some(v) = set.heading(which) {
            writeln!(out, "  {name:<9} {v}")?;
        }
    }
    let played = set
        .boards
        .iter()
        .filter(|b| b.auction.is_some() || b.play.is_some())
        .count();
    if played > 0 {
        writeln!(out, "  played:   {played} boards with an auction or play")?;
    }
    if let Some(dlm) = &set.dlm {
        writeln!(out, "  DLM {}", dlm.section)?;
        for (k, v) in &dlm.header {
            writeln!(out, "    {k}={v}")?;
        }
        writeln!(
            out,
            "    line ending: {}",
            if dlm.crlf { "CR LF" } else { "LF" }
        )?;
        writeln!(
            out,
            "    other boards (outside From..To): {}",
            dlm.other_boards.len()
        )?;
        if !dlm.trailer.is_empty() {
            writeln!(out, "    trailer: {}", dlm.trailer.join(" | "))?;
        }
    }
    if let Some(t) = set
        .boards
        .iter()
        .find_map(|b| b.dup_trailer.filter(|t| !t.is_blank()))
    {
        match t.fields() {
            Some(f) => writeln!(
                out,
                "  DUP trailer: random {}, backwards {}, boards {} to {}, copies {}",
                yes_no(f.random),
                yes_no(f.backwards),
                f.first,
                f.last,
                f.copies
            )?,
            None => writeln!(out, "  DUP trailer: {:?}", String::from_utf8_lossy(&t.0))?,
        }
    }
    writeln!(out, "  warnings: {}", outcome.warnings.len())?;
    for w in &outcome.warnings {
        writeln!(out, "    {w}")?;
    }
    Ok(Outcome::Ok)
}

fn yes_no(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

/// The first lines of `info`, for every kind of file.
fn info_head(
    out: &mut dyn Write,
    path: &Path,
    name: &str,
    description: &str,
    size: usize,
) -> std::io::Result<()> {
    writeln!(out, "{}", display(path))?;
    writeln!(out, "  format:   {name} ({description})")?;
    writeln!(out, "  size:     {size} bytes")
}

/// `validate`'s word for a file: `valid`, `1 error`, `3 errors`.
fn verdict(errors: usize) -> String {
    match errors {
        0 => "valid".into(),
        1 => "1 error".into(),
        n => format!("{n} errors"),
    }
}

fn validate_file(
    path: &Path,
    from: Option<FormatArg>,
    names: &NameArgs,
    out: &mut dyn Write,
) -> Result<Outcome, Failure> {
    let bytes = read_input(path)?;
    if let Some(f) = othello_input(path, from, &bytes) {
        return othello::validate(path, &bytes, f, &names.files(), out);
    }
    let format = input_format(&bytes, path, bridge(from))?;
    let report = validate(format, &bytes);
    for e in &report.errors {
        eprintln!("boardfile: {}: {e}", display(path));
    }
    warn_all(path, &report.warnings);
    let boards = report.set.as_ref().map_or(0, |s| s.boards.len());
    let status = verdict(report.errors.len());
    writeln!(
        out,
        "{}: {status} ({}, {boards} boards read, {} warnings)",
        display(path),
        format.name(),
        report.warnings.len()
    )?;
    Ok(if report.is_valid() {
        Outcome::Ok
    } else {
        Outcome::Invalid
    })
}

fn show(
    path: &Path,
    board: Option<u32>,
    ascii: bool,
    from: Option<FormatArg>,
    names: &NameArgs,
    out: &mut dyn Write,
) -> Result<Outcome, Failure> {
    let bytes = read_input(path)?;
    if let Some(f) = othello_input(path, from, &bytes) {
        return othello::show(path, &bytes, f, board, &names.files(), out);
    }
    let format = input_format(&bytes, path, bridge(from))?;
    let outcome =
        read(format, &bytes).map_err(|e| Failure::data(format!("{}: {e}", display(path)), &e))?;
    warn_all(path, &outcome.warnings);
    let symbols = if ascii {
        diagram::Symbols::Ascii
    } else {
        diagram::Symbols::Unicode
    };
    let mut shown = 0;
    for b in outcome
        .set
        .boards
        .iter()
        .filter(|b| board.is_none_or(|n| b.number == n))
    {
        if shown > 0 {
            writeln!(out)?;
        }
        diagram::write_board(b, symbols, out)?;
        shown += 1;
    }
    if shown == 0 {
        if let Some(n) = board {
            return Err(Failure::operational(format!(
                "{}: there is no board {n}",
                display(path)
            )));
        }
    }
    Ok(Outcome::Ok)
}

fn formats(out: &mut dyn Write) -> Result<Outcome, Failure> {
    writeln!(
        out,
        "{:<6} {:<13} {:<5} {:<5} keeps",
        "format", "extensions", "read", "write"
    )?;
    for &f in Format::all() {
        writeln!(
            out,
            "{:<6} {:<13} {:<5} {:<5} {}",
            f.name(),
            f.extensions().join(","),
            yes_no(f.can_read()),
            yes_no(f.can_write()),
            f.keeps()
        )?;
    }
    writeln!(out, "\nOthello")?;
    for &f in OthelloFormat::all() {
        let ext = match f.extensions() {
            [] => "-".to_string(),
            e => e.join(","),
        };
        writeln!(
            out,
            "{:<6} {:<13} {:<5} {:<5} {}",
            f.name(),
            ext,
            yes_no(f.can_read()),
            "yes",
            f.description()
        )?;
    }
    Ok(Outcome::Ok)
}
