//! The bridge side of the commands: every one a stream of boards through
//! the library, so that memory does not grow with the file.

use crate::plan::Opened;
use crate::report::{count, info_head, problems, verdict, Failure, Outcome, Progress};
use boardfile_bridge::dd::journal::{Journal, JournalErrorKind};
use boardfile_bridge::dd::{SolveProgress, SolvingReader};
use boardfile_bridge::stages::{Chained, Headings, JoinedReader, Stage, Staged};
use boardfile_bridge::{
    diagram, summary, BoardReader, ConvertError, Diagnostics, Format, Target, WriteOptions,
};
use boardfile_io::{Input, Output, OutputError};
use std::io::Write;

/// Opens a reader of `format`; an error names the input.
pub fn open(
    opened: Opened,
    format: Format,
    diag: &mut Diagnostics,
) -> Result<Box<dyn BoardReader>, Failure> {
    let input = opened.input.clone();
    format
        .open(opened.source(), diag)
        .map_err(|e| Failure::data(&input, &e))
}

/// A progress bar over an input's bytes, for inputs of 8 MiB or more.
pub fn bytes_bar(size: Option<u64>) -> Progress {
    Progress::new(
        size,
        8 << 20,
        "{bar:40} {bytes}/{total_bytes} {bytes_per_sec} {eta}",
    )
}

/// `reader` with the set's event, site and date given anew (`--event`,
/// `--site`, `--date`); as it is when none is.
pub fn headed<'r>(reader: Box<dyn BoardReader + 'r>, headings: &Headings) -> Staged<'r> {
    let stage = Stage {
        headings: headings.clone(),
        ..Stage::default()
    };
    Staged::new(reader, stage)
}

/// Where a conversion writes: the output, its format and the choices.
pub struct Destination<'a> {
    pub output: &'a Output,
    pub to: Format,
    pub options: &'a WriteOptions,
}

/// Pipes `reader` (a file of `from`, when it is one as read) into `dest`:
/// written atomically, with `bar` hearing the input bytes read, then the
/// reader's warnings and what the format drops on standard error.
pub fn write(
    reader: &mut dyn BoardReader,
    from: Option<Format>,
    diag: &mut Diagnostics,
    input: &dyn std::fmt::Display,
    bar: Progress,
    dest: &Destination,
) -> Result<Outcome, Failure> {
    write_all(reader, from, diag, input, bar, std::slice::from_ref(dest))
}

/// [`write()`] into every one of `dests` from one read, each atomically.
pub fn write_all(
    reader: &mut dyn BoardReader,
    from: Option<Format>,
    diag: &mut Diagnostics,
    input: &dyn std::fmt::Display,
    bar: Progress,
    dests: &[Destination],
) -> Result<Outcome, Failure> {
    let mut sinks = Vec::with_capacity(dests.len());
    for d in dests {
        sinks.push(crate::report::create(d.output)?);
    }
    let result = {
        let mut targets: Vec<Target> = dests
            .iter()
            .zip(sinks.iter_mut())
            .map(|(d, sink)| Target {
                format: d.to,
                options: d.options,
                out: sink,
            })
            .collect();
        boardfile_bridge::records::convert_all(reader, from, &mut targets, diag, &mut |n| {
            bar.set(n)
        })
    };
    bar.done();
    finish(result, input, dests, sinks, diag)
}

/// Ends a conversion: the error, or the reader's warnings and what each
/// output's format drops on standard error and the outputs put in place.
fn finish(
    result: Result<Vec<boardfile_bridge::Converted>, (usize, ConvertError)>,
    input: &dyn std::fmt::Display,
    dests: &[Destination],
    sinks: Vec<boardfile_io::Sink>,
    diag: &Diagnostics,
) -> Result<Outcome, Failure> {
    let done = result.map_err(|(i, e)| {
        let output = dests[i].output;
        match e {
            ConvertError::Read(e) => Failure::data(input, &e),
            ConvertError::Write(e) => Failure::data(output, &e),
            ConvertError::Output(e) => Failure::output(output, OutputError::write(e)),
        }
    })?;
    crate::report::warnings(input, &diag.warnings);
    // With --skip-bad: the boards left out, each with its error.
    crate::report::errors(input, &diag.errors);
    if diag.error_count() > 0 {
        let more = match diag.more_errors {
            0 => String::new(),
            n => format!(" ({n} not listed)"),
        };
        eprintln!(
            "boardfile: {input}: {} written, {} left out for errors{more}",
            count(done.first().map_or(0, |d| d.boards), "board"),
            count(diag.error_count(), "board")
        );
    }
    for (d, converted) in dests.iter().zip(&done) {
        for loss in &converted.losses {
            crate::report::note(d.output, loss);
        }
    }
    for (d, sink) in dests.iter().zip(sinks) {
        sink.commit().map_err(|e| Failure::output(d.output, e))?;
    }
    Ok(Outcome::Ok)
}

/// What `convert` and `join` were asked besides their files.
pub struct ConvertArgs<'a> {
    pub options: &'a WriteOptions,
    /// With `--deals`: the file of deals the input's ZDD tables join.
    pub deals: Option<&'a Input>,
    pub skip_bad: bool,
    pub stage: Stage,
}

impl ConvertArgs<'_> {
    /// Strict, or collecting the boards left out with --skip-bad.
    fn diagnostics(&self) -> Diagnostics {
        if self.skip_bad {
            Diagnostics::collecting()
        } else {
            Diagnostics::strict()
        }
    }

    /// Each output with its format and these options.
    fn destinations<'o>(&'o self, outputs: &'o [(Output, Format)]) -> Vec<Destination<'o>> {
        outputs
            .iter()
            .map(|(output, to)| Destination {
                output,
                to: *to,
                options: self.options,
            })
            .collect()
    }
}

/// `convert`: one read into every output; with `deals`, `opened` holds ZDD
/// tables for its deals.
pub fn convert(
    opened: Opened,
    from: Format,
    outputs: &[(Output, Format)],
    args: &ConvertArgs,
) -> Result<Outcome, Failure> {
    let input = opened.input.clone();
    let size = input.size();
    let mut diag = args.diagnostics();
    let dests = args.destinations(outputs);
    if let ([dest], None, true) = (&dests[..], args.deals, args.stage.is_empty()) {
        // One output: the file's own quickest way (Pavlicek's records copied).
        let mut sink = crate::report::create(dest.output)?;
        let bar = bytes_bar(size);
        let result = boardfile_bridge::convert_file(
            opened.source(),
            from,
            dest.to,
            dest.options,
            &mut sink,
            &mut diag,
            &mut |n| bar.set(n),
        );
        bar.done();
        let result = result.map(|c| vec![c]).map_err(|e| (0, e));
        return finish(result, &input, &dests, vec![sink], &diag);
    }
    let Some(deals) = args.deals else {
        let reader = open(opened, from, &mut diag)?;
        let mut staged = Staged::new(reader, args.stage.clone());
        return write_all(
            &mut staged,
            Some(from),
            &mut diag,
            &input,
            bytes_bar(size),
            &dests,
        );
    };
    let tables = open(opened, from, &mut diag)?;
    let d = Opened::open(deals)?;
    let format = match d.format(None)? {
        crate::plan::AnyFormat::Bridge(f) => f,
        other => {
            return Err(Failure::operational(format!(
                "{deals}: {} holds no deals",
                other.name()
            )))
        }
    };
    let joined = JoinedReader::new(open(d, format, &mut diag)?, tables, from);
    let mut staged = Staged::new(Box::new(joined), args.stage.clone());
    let inputs = format!("{deals} and {input}");
    write_all(
        &mut staged,
        None,
        &mut diag,
        &inputs,
        bytes_bar(size),
        &dests,
    )
}

/// `join`: the inputs' boards in order into every output, each number once
/// (unless numbered anew).
pub fn join(
    inputs: Vec<(Opened, Format)>,
    outputs: &[(Output, Format)],
    args: &ConvertArgs,
) -> Result<Outcome, Failure> {
    let mut diag = args.diagnostics();
    let names: Vec<Input> = inputs.iter().map(|(o, _)| o.input.clone()).collect();
    let size = names.iter().map(Input::size).sum::<Option<u64>>();
    let mut readers = Vec::with_capacity(inputs.len());
    for (opened, format) in inputs {
        readers.push(open(opened, format, &mut diag)?);
    }
    let chained = Chained::new(readers);
    let current = chained.tracker();
    let mut staged = Staged::new(Box::new(chained), args.stage.clone());
    let dests = args.destinations(outputs);
    // Messages name the input being read.
    struct Current<'a>(&'a [Input], std::rc::Rc<std::cell::Cell<usize>>);
    impl std::fmt::Display for Current<'_> {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "{}", self.0[self.1.get()])
        }
    }
    write_all(
        &mut staged,
        None,
        &mut diag,
        &Current(&names, current),
        bytes_bar(size),
        &dests,
    )
}

/// `validate --solve`: boards with stored double-dummy data, solved in
/// batches (memory stays that of a batch), each disagreement on stderr.
struct StoredCheck {
    boards: Vec<boardfile_bridge::Board>,
    records: Vec<u64>,
    solved: u64,
    disagreements: u64,
    /// Boards queued, the input's position after the last, and a bar of
    /// them solved (on a terminal).
    queued: u64,
    byte: u64,
    bar: Progress,
    started: std::time::Instant,
}

impl StoredCheck {
    const BATCH: usize = 1024;

    /// A check of `size` bytes of input (a bar on a terminal when known).
    fn new(size: Option<u64>) -> StoredCheck {
        StoredCheck {
            boards: Vec::new(),
            records: Vec::new(),
            solved: 0,
            disagreements: 0,
            queued: 0,
            byte: 0,
            bar: Progress::new(size, 0, "checking {bar:30} {msg}, {eta} left"),
            started: std::time::Instant::now(),
        }
    }

    /// Queues `board` (record `record`; the input read to `byte`).
    fn add(
        &mut self,
        board: boardfile_bridge::Board,
        record: u64,
        byte: u64,
        input: &dyn std::fmt::Display,
    ) {
        self.boards.push(board);
        self.records.push(record);
        self.queued += 1;
        self.byte = byte;
        if self.boards.len() >= Self::BATCH {
            self.check(input);
        }
    }

    fn check(&mut self, input: &dyn std::fmt::Display) {
        let jobs = std::thread::available_parallelism().map_or(1, usize::from);
        let (bar, started, byte, queued) = (&self.bar, self.started, self.byte, self.queued);
        let mut done = self.solved;
        let mut tell = || {
            done += 1;
            if let Some(at) = byte.saturating_mul(done).checked_div(queued) {
                bar.set(at);
            }
            let rate = done as f64 / started.elapsed().as_secs_f64().max(1e-3);
            bar.say(format!("{} solved, {rate:.0}/s", count(done, "board")));
        };
        for (i, d) in boardfile_bridge::dd::check_stored_telling(&self.boards, jobs, &mut tell) {
            eprintln!(
                "{input}:record {}: error: board {}: {d}",
                self.records[i], self.boards[i].number
            );
            self.disagreements += 1;
        }
        self.solved += self.boards.iter().filter(|b| b.deal.is_complete()).count() as u64;
        self.boards.clear();
        self.records.clear();
    }
}

/// `info`: format, size, boards, set-level fields and warnings.
pub fn info(
    opened: Opened,
    format: Format,
    json: bool,
    out: &mut dyn Write,
) -> Result<Outcome, Failure> {
    let input = opened.input.clone();
    let mut diag = Diagnostics::strict();
    let mut reader = open(opened, format, &mut diag)?;
    let s =
        summary::summarize(reader.as_mut(), &mut diag).map_err(|e| Failure::data(&input, &e))?;
    let size = input.size().unwrap_or(reader.position());
    if json {
        let headings: serde_json::Map<String, serde_json::Value> = s
            .headings
            .iter()
            .map(|(k, v)| (k.to_string(), serde_json::json!(v)))
            .collect();
        let o = serde_json::json!({
            "file": input.to_string(),
            "format": format.name(),
            "description": format.description(),
            "size": size,
            "boards": s.boards,
            "numbers": s.numbers.map(|(a, b)| [a, b]),
            "partial": s.partial,
            "first_deal_number": s.first_deal_number.map(|n| n.to_string()),
            "headings": headings,
            "played": s.played,
            "details": crate::json::details(&s.details),
            "warnings": diag.warnings.iter().map(crate::json::warning).collect::<Vec<_>>(),
        });
        writeln!(out, "{o}")?;
        return Ok(Outcome::Ok);
    }
    info_head(out, &input, format.name(), format.description(), size)?;
    writeln!(out, "  boards:   {}", s.boards)?;
    if let Some((first, last)) = s.numbers {
        writeln!(out, "  numbers:  {first} to {last}")?;
    }
    if s.partial > 0 {
        writeln!(out, "  partial:  {}", count(s.partial, "board"))?;
    }
    if let Some(n) = s.first_deal_number {
        writeln!(out, "  deal number of the first board: {n}")?;
    }
    for (name, value) in &s.headings {
        writeln!(out, "  {:<9} {value}", format!("{name}:"))?;
    }
    if s.played > 0 {
        writeln!(
            out,
            "  played:   {} boards with an auction or play",
            s.played
        )?;
    }
    crate::report::details(out, &s.details, 2)?;
    writeln!(out, "  warnings: {}", diag.warning_count())?;
    for t in crate::report::told(&diag.warnings, diag.more_warnings) {
        writeln!(out, "    {t}")?;
    }
    Ok(Outcome::Ok)
}

/// `validate`: every problem, then one line of verdict.
pub fn validate(
    opened: Opened,
    format: Format,
    solve: bool,
    strict: bool,
    json: bool,
    out: &mut dyn Write,
) -> Result<Outcome, Failure> {
    let input = opened.input.clone();
    let mut diag = Diagnostics::collecting();
    let mut boards = 0u64;
    // With --solve: boards that store tables, solved a batch at a time.
    let mut stored = StoredCheck::new(input.size().filter(|_| solve));
    match format.open(opened.source(), &mut diag) {
        Ok(mut reader) => loop {
            match reader.next_board(&mut diag) {
                Ok(Some(b)) => {
                    boards += 1;
                    if solve && (b.dd.is_some() || b.par.is_some()) {
                        stored.add(b, boards - 1, reader.position(), &input);
                    }
                }
                Ok(None) => break,
                Err(e) if e.is_data_error() => {
                    diag.error(e).ok();
                    break;
                }
                Err(e) => return Err(Failure::data(&input, &e)),
            }
        },
        Err(e) if e.is_data_error() => diag.error(e).unwrap_or(()),
        Err(e) => return Err(Failure::data(&input, &e)),
    }
    stored.check(&input);
    stored.bar.finish_saying(&format!(
        "{input}: {} solved in {:.1} s",
        count(stored.solved, "board"),
        stored.started.elapsed().as_secs_f64()
    ));
    let errors = diag.error_count() + stored.disagreements;
    let problems = problems(errors, diag.warning_count(), strict);
    if json {
        let mut o = serde_json::json!({
            "file": input.to_string(),
            "format": format.name(),
            "valid": problems == 0,
            "records": boards,
            "errors": diag.errors.iter().map(crate::json::error).collect::<Vec<_>>(),
            "more_errors": diag.more_errors,
            "warnings": diag.warnings.iter().map(crate::json::warning).collect::<Vec<_>>(),
        });
        if solve {
            o["solved"] = stored.solved.into();
            o["disagreements"] = stored.disagreements.into();
        }
        writeln!(out, "{o}")?;
        return Ok(if problems == 0 {
            Outcome::Ok
        } else {
            Outcome::Invalid
        });
    }
    crate::report::errors(&input, &diag.errors);
    if diag.more_errors > 0 {
        eprintln!(
            "boardfile: {input}: and {}",
            count(diag.more_errors, "more error")
        );
    }
    crate::report::warnings(&input, &diag.warnings);
    let solved = match solve {
        true => format!(
            ", {} solved, {} the solver disagrees with",
            count(stored.solved, "board"),
            count(stored.disagreements, "stored value")
        ),
        false => String::new(),
    };
    writeln!(
        out,
        "{input}: {} ({}, {} read{solved}, {})",
        verdict(errors, diag.warning_count(), strict),
        format.name(),
        count(boards, "board"),
        count(diag.warning_count(), "warning")
    )?;
    Ok(if problems == 0 {
        Outcome::Ok
    } else {
        Outcome::Invalid
    })
}

/// `show`: hand diagrams of every board, or of board `number`.
pub fn show(
    opened: Opened,
    format: Format,
    number: Option<u32>,
    ascii: bool,
    solve: bool,
    out: &mut dyn Write,
) -> Result<Outcome, Failure> {
    let input = opened.input.clone();
    let mut diag = Diagnostics::strict();
    let mut reader = open(opened, format, &mut diag)?;
    let symbols = if ascii {
        diagram::Symbols::Ascii
    } else {
        diagram::Symbols::Unicode
    };
    let mut shown = 0;
    while let Some(mut b) = reader
        .next_board(&mut diag)
        .map_err(|e| Failure::data(&input, &e))?
    {
        if number.is_none_or(|n| b.number == n) {
            if shown > 0 {
                writeln!(out)?;
            }
            // The play valued here, or as the file gave it: the diagram
            // shows it in place of the plain play.
            let valued = if solve {
                boardfile_bridge::dd::play::analyse_play(&b).map(|v| {
                    b.play_values = v.map(Box::new);
                    b.play_values.is_some()
                })
            } else {
                Ok(b.play_values.is_some())
            };
            diagram::write_board(&b, symbols, out)?;
            match valued {
                Ok(true) => {}
                Ok(false) if solve => writeln!(
                    out,
                    "No play to value (a play, a contract and the whole deal are needed)"
                )?,
                Ok(false) => {}
                Err(m) => writeln!(out, "Play not valued: {m}")?,
            }
            shown += 1;
        }
    }
    crate::report::warnings(&input, &diag.warnings);
    match number {
        Some(n) if shown == 0 => Err(Failure::operational(format!(
            "{input}: there is no board {n}"
        ))),
        _ => Ok(Outcome::Ok),
    }
}

/// What `solve` was asked.
pub struct SolveArgs<'a> {
    pub output: &'a Output,
    pub to: Format,
    pub jobs: Option<usize>,
    pub force: bool,
    pub options: &'a WriteOptions,
    /// The set's event, site and date given anew.
    pub headings: Headings,
}

/// `solve`: every board's table and par, written to the output; the work
/// kept in a journal beside it (when it is a file) as it is done.
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
        Some(out) => Some(open_journal(out, &input)?),
        None => None,
    };
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
    let mut diag = Diagnostics::strict();
    let reader = Box::new(headed(open(opened, from, &mut diag)?, &args.headings));
    let size = input.size();
    let dest = Destination {
        output,
        to,
        options: args.options,
    };
    let bar = Progress::new(size, 0, "solving {bar:30} {msg}, {eta} left");
    let started = std::time::Instant::now();
    // Plays valued only for an output that keeps the values.
    let mut solving = SolvingReader::new(reader, from, jobs, args.force, journal)
        .valuing_plays(to.keeps().play_values)
        .with_progress(solve_bar(&bar, started));
    // An output that keeps a PBN head says in it that its tables are
    // solved, whatever the input's head.
    if to.keeps().owns(boardfile_bridge::keeps::Own::Pbn) {
        solving = solving.with_pbn_head();
    }
    let done = write(
        &mut solving,
        None,
        &mut diag,
        &input,
        Progress::none(),
        &dest,
    );
    let (resumed, solved, plays) = (solving.resumed, solving.solved, solving.plays);
    let kept = (solving.kept, std::mem::take(&mut solving.kept_boards));
    let distrusted = (
        solving.distrusted,
        std::mem::take(&mut solving.distrusted_boards),
    );
    // Held (and locked) until OUT is in place and it is removed.
    let journal = solving.into_journal();
    done?;
    let earlier = match resumed {
        0 => String::new(),
        n => format!(", {n} more from an earlier run"),
    };
    let valued = match plays {
        0 => String::new(),
        n => format!(" ({} valued card by card)", count(n, "play")),
    };
    bar.finish_saying(&format!(
        "{output}: {} solved{valued} in {:.1} s{earlier}",
        count(solved, "board"),
        started.elapsed().as_secs_f64()
    ));
    if distrusted.0 > 0 && !crate::report::quiet() {
        eprintln!(
            "boardfile: {input}: {} stored a table not to be believed (floored, or a count its deal forbids), solved again (boards {})",
            count(distrusted.0, "board"),
            listed(distrusted.0, &distrusted.1)
        );
    }
    if kept.0 > 0 && !crate::report::quiet() {
        eprintln!(
            "boardfile: {input}: {} boards kept the table they stored, not solved again (boards {}); --force solves them",
            kept.0,
            listed(kept.0, &kept.1)
        );
    }
    if let Some(mut j) = journal {
        if resumed > 0 && !crate::report::quiet() {
            eprintln!(
                "boardfile: {output}: {resumed} boards already solved (from {})",
                j.path().display()
            );
        }
        j.remove();
    }
    Ok(Outcome::Ok)
}

/// The first boards of `of` listed, `, ...` after them when there are more.
fn listed(of: u64, first: &[u32]) -> String {
    let numbers: Vec<String> = first.iter().map(u32::to_string).collect();
    let more = if of > first.len() as u64 { ", ..." } else { "" };
    format!("{}{more}", numbers.join(", "))
}

/// What moves `bar` as a solve goes: the input's bytes read so far shared
/// out among the boards read (where the boards done end, about), and the
/// count and rate of boards done.
fn solve_bar(bar: &Progress, started: std::time::Instant) -> impl FnMut(SolveProgress) {
    let bar = bar.clone();
    move |p| {
        if let Some(at) = p.byte.saturating_mul(p.done).checked_div(p.read) {
            bar.set(at);
        }
        let rate = p.done as f64 / started.elapsed().as_secs_f64().max(1e-3);
        bar.say(format!("{} done, {rate:.0}/s", count(p.done, "board")));
    }
}

/// Opens and locks the journal of `out`, saying what it left out.
fn open_journal(out: &std::path::Path, input: &Input) -> Result<Journal, Failure> {
    let mut journal = Journal::open(out, input).map_err(|e| match e.kind() {
        JournalErrorKind::Input(io) => Failure::operational(format!("{input}: cannot read: {io}")),
        _ => Failure::operational(e.to_string()),
    })?;
    for note in journal.take_notes() {
        eprintln!("boardfile: {}: {note}", journal.path().display());
    }
    Ok(journal)
}
