//! The bridge side of the commands: every one a stream of boards through
//! the library, so that memory does not grow with the file.

use crate::formats::Opened;
use crate::report::{say_all, Failure, Outcome, Progress};
use boardfile_bridge::formats::pavlicek::JoinedReader;
use boardfile_bridge::{
    diagram, summary, BoardReader, ConvertError, Diagnostics, Format, WriteOptions,
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
    let (output, to, options) = (dest.output, dest.to, dest.options);
    let mut sink = crate::report::create(output)?;
    let result = boardfile_bridge::convert(reader, from, to, options, &mut sink, diag, &mut |n| {
        bar.set(n)
    });
    bar.done();
    finish(result, input, output, sink, diag)
}

/// Ends a conversion: the error, or the reader's warnings and what `to`
/// drops on standard error and the output put in place.
fn finish(
    result: Result<boardfile_bridge::Converted, ConvertError>,
    input: &dyn std::fmt::Display,
    output: &Output,
    sink: boardfile_io::Sink,
    diag: &Diagnostics,
) -> Result<Outcome, Failure> {
    let done = result.map_err(|e| match e {
        ConvertError::Read(e) => Failure::data(input, &e),
        ConvertError::Write(e) => Failure::data(output, &e),
        ConvertError::Output(e) => Failure::output(output, OutputError::write(e)),
    })?;
    say_all(input, &diag.warnings);
    // With --skip-bad: the boards left out, each with its error.
    for e in &diag.errors {
        eprintln!("boardfile: {input}: left out: {e}");
    }
    if diag.error_count() > 0 {
        let more = match diag.more_errors {
            0 => String::new(),
            n => format!(" ({n} not listed)"),
        };
        eprintln!(
            "boardfile: {input}: {} boards written, {} left out for errors{more}",
            done.boards,
            diag.error_count()
        );
    }
    for loss in &done.losses {
        eprintln!("boardfile: {output}: note: {loss}");
    }
    sink.commit().map_err(|e| Failure::output(output, e))?;
    Ok(Outcome::Ok)
}

/// `convert`; with `deals`, `opened` holds ZDD tables for its deals.
pub fn convert(
    opened: Opened,
    from: Format,
    output: &Output,
    to: Format,
    options: &WriteOptions,
    deals: Option<&Input>,
    skip_bad: bool,
) -> Result<Outcome, Failure> {
    let input = opened.input.clone();
    let size = input.size();
    let mut diag = if skip_bad {
        Diagnostics::collecting()
    } else {
        Diagnostics::strict()
    };
    let Some(deals) = deals else {
        let mut sink = crate::report::create(output)?;
        let bar = bytes_bar(size);
        let result = boardfile_bridge::convert_file(
            opened.source(),
            from,
            to,
            options,
            &mut sink,
            &mut diag,
            &mut |n| bar.set(n),
        );
        bar.done();
        return finish(result, &input, output, sink, &diag);
    };
    let tables = open(opened, from, &mut diag)?;
    let d = Opened::open(deals)?;
    let format = match d.format(None)? {
        crate::formats::AnyFormat::Bridge(f) => f,
        other => {
            return Err(Failure::operational(format!(
                "{deals}: {} holds no deals",
                other.name()
            )))
        }
    };
    let mut joined = JoinedReader::new(open(d, format, &mut diag)?, tables);
    let inputs = format!("{deals} and {input}");
    write(
        &mut joined,
        None,
        &mut diag,
        &inputs,
        bytes_bar(size),
        &Destination {
            output,
            to,
            options,
        },
    )
    .map(|_| Outcome::Ok)
}

/// `validate --solve`: boards with stored double-dummy data, solved in
/// batches (memory stays that of a batch), each disagreement on stderr.
#[derive(Default)]
struct StoredCheck {
    boards: Vec<boardfile_bridge::Board>,
    records: Vec<u64>,
    solved: u64,
    disagreements: u64,
}

impl StoredCheck {
    const BATCH: usize = 1024;

    fn add(&mut self, board: boardfile_bridge::Board, record: u64, input: &dyn std::fmt::Display) {
        self.boards.push(board);
        self.records.push(record);
        if self.boards.len() >= Self::BATCH {
            self.check(input);
        }
    }

    fn check(&mut self, input: &dyn std::fmt::Display) {
        let jobs = std::thread::available_parallelism().map_or(1, usize::from);
        for (i, d) in boardfile_bridge::dd::check_stored(&self.boards, jobs) {
            eprintln!(
                "boardfile: {input}: board {} (record {}): {d}",
                self.boards[i].number, self.records[i]
            );
            self.disagreements += 1;
        }
        self.solved += self.boards.iter().filter(|b| b.deal.is_complete()).count() as u64;
        self.boards.clear();
        self.records.clear();
    }
}

/// `info`: format, size, boards, set-level fields and warnings.
pub fn info(opened: Opened, format: Format, out: &mut dyn Write) -> Result<Outcome, Failure> {
    let input = opened.input.clone();
    let mut diag = Diagnostics::strict();
    let mut reader = open(opened, format, &mut diag)?;
    let s =
        summary::summarize(reader.as_mut(), &mut diag).map_err(|e| Failure::data(&input, &e))?;
    let size = input.size().unwrap_or(reader.position());
    crate::info_head(out, &input, format.name(), format.description(), size)?;
    writeln!(out, "  boards:   {}", s.boards)?;
    if let Some((first, last)) = s.numbers {
        writeln!(out, "  numbers:  {first} to {last}")?;
    }
    if s.partial > 0 {
        writeln!(out, "  partial:  {} boards", s.partial)?;
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
    for line in &s.details {
        writeln!(out, "  {line}")?;
    }
    writeln!(out, "  warnings: {}", diag.warning_count())?;
    for w in &diag.warnings {
        writeln!(out, "    {w}")?;
    }
    Ok(Outcome::Ok)
}

/// `validate`: every problem, then one line of verdict.
pub fn validate(
    opened: Opened,
    format: Format,
    solve: bool,
    out: &mut dyn Write,
) -> Result<Outcome, Failure> {
    let input = opened.input.clone();
    let mut diag = Diagnostics::collecting();
    let mut boards = 0u64;
    // With --solve: boards that store tables, solved a batch at a time.
    let mut stored = StoredCheck::default();
    match format.open(opened.source(), &mut diag) {
        Ok(mut reader) => loop {
            match reader.next_board(&mut diag) {
                Ok(Some(b)) => {
                    boards += 1;
                    if solve && (b.dd.is_some() || b.par.is_some()) {
                        stored.add(b, boards - 1, &input);
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
    say_all(&input, &diag.errors);
    if diag.more_errors > 0 {
        eprintln!("boardfile: {input}: and {} more errors", diag.more_errors);
    }
    say_all(&input, &diag.warnings);
    let errors = diag.error_count() + stored.disagreements;
    let solved = match solve {
        true => format!(
            ", {} boards solved, {} stored values the solver disagrees with",
            stored.solved, stored.disagreements
        ),
        false => String::new(),
    };
    writeln!(
        out,
        "{input}: {} ({}, {boards} boards read{solved}, {} warnings)",
        crate::verdict(errors),
        format.name(),
        diag.warning_count()
    )?;
    Ok(if errors == 0 {
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
    while let Some(b) = reader
        .next_board(&mut diag)
        .map_err(|e| Failure::data(&input, &e))?
    {
        if number.is_none_or(|n| b.number == n) {
            if shown > 0 {
                writeln!(out)?;
            }
            diagram::write_board(&b, symbols, out)?;
            shown += 1;
        }
    }
    say_all(&input, &diag.warnings);
    match number {
        Some(n) if shown == 0 => Err(Failure::operational(format!(
            "{input}: there is no board {n}"
        ))),
        _ => Ok(Outcome::Ok),
    }
}
