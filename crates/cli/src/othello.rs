//! The Othello side of the commands, over `boardfile_othello::convert`.

use crate::formats::Opened;
use crate::report::{say_all, Failure, Outcome, Progress};
use boardfile_io::{files::write_atomically, Output};
use boardfile_othello::convert::{self, NameFiles};
use boardfile_othello::text::NameBook;
use boardfile_othello::OthelloFormat;
use std::io::Write;

fn book(names: &NameFiles) -> Result<NameBook, Failure> {
    names.load().map_err(|e| match e.error.is_data_error() {
        true => Failure::data(&e.path.display(), &e.error),
        false => Failure::operational(format!("{}: cannot read: {}", e.path.display(), e.error)),
    })
}

/// A progress bar over games solved, made when the solving starts.
struct SolveBar(std::sync::OnceLock<Progress>);

impl SolveBar {
    fn new() -> SolveBar {
        SolveBar(std::sync::OnceLock::new())
    }

    fn set(&self, done: usize, total: usize) {
        self.0
            .get_or_init(|| {
                Progress::new(
                    Some(total as u64),
                    1,
                    "solving {bar:40} {pos}/{len} games, {elapsed} ({eta} left)",
                )
            })
            .set(done as u64);
    }

    fn done(self) {
        if let Some(b) = self.0.into_inner() {
            b.done();
        }
    }
}

pub fn convert(
    opened: Opened,
    from: OthelloFormat,
    output: &Output,
    to: OthelloFormat,
    names: &NameFiles,
    skip_bad: bool,
) -> Result<Outcome, Failure> {
    let input = opened.input.clone();
    let bytes = opened.read_all(from.name(), boardfile_othello::MAX_FILE)?;
    let mut book = book(names)?;
    let bar = SolveBar::new();
    let progress = |done: usize, total: usize| bar.set(done, total);
    let options = convert::Options {
        skip_bad,
        jobs: 0,
        progress: Some(&progress),
    };
    let converted = convert::convert_with(from, to, &bytes, &mut book, &options);
    bar.done();
    let out = converted.map_err(|e| {
        let at_output = matches!(e.kind(), boardfile_io::ErrorKind::Unsupported(_));
        if at_output {
            Failure::data(output, &e)
        } else {
            Failure::data(&input, &e)
        }
    })?;
    if book.added != (0, 0) {
        let Some(path) = output.path() else {
            return Err(Failure::operational(
                "--add-names writes the names files beside OUT; give a file, not -".into(),
            ));
        };
        for f in convert::added_names(&book, path).map_err(|e| Failure::data(output, &e))? {
            write_atomically(&f.path, &f.bytes)
                .map_err(|e| Failure::output(&f.path.display(), e))?;
            let s = if f.added == 1 { "" } else { "s" };
            eprintln!("boardfile: {}: {} name{s} added", f.path.display(), f.added);
        }
    }
    for w in &out.warnings {
        if !crate::report::quiet() {
            eprintln!("boardfile: {input}: warning: {w}");
        }
    }
    if out.unnamed > 0 && !crate::report::quiet() {
        eprintln!(
            "boardfile: {input}: warning: {} games have no name for their tournament or a player, in the input or in names files (WTHOR.JOU, WTHOR.TRN beside it or --players/--tournaments): written as unknown",
            out.unnamed
        );
    }
    let mut sink = crate::report::create(output)?;
    sink.write_all(&out.bytes)
        .map_err(|e| Failure::output(output, boardfile_io::OutputError::write(e)))?;
    sink.commit().map_err(|e| Failure::output(output, e))?;
    Ok(Outcome::Ok)
}

/// `validate --solve` on WTB: every stored theoretical score proven or
/// refuted; the wrong ones as lines (year, game, players, stored, solved).
fn check_theoretical(
    format: OthelloFormat,
    bytes: &[u8],
    book: &NameBook,
) -> Result<(boardfile_othello::theoretical::Checked, Vec<String>), boardfile_othello::Error> {
    let file = convert::read_games(format, bytes, &mut NameBook::default())?;
    let bar = SolveBar::new();
    let checked = boardfile_othello::theoretical::check(&file, 0, false, &|d, t| bar.set(d, t));
    bar.done();
    let name = |i: u16| {
        book.players
            .as_ref()
            .and_then(|n| n.get(i))
            .map_or(format!("#{i}"), str::to_string)
    };
    let mut lines = Vec::new();
    for w in &checked.wrong {
        let g = &file.games[w.index];
        lines.push(format!(
            "{} game {} ({} - {}): theoretical score stored {}, solved {}",
            g.year.unwrap_or(file.header.year),
            w.index + 1,
            name(g.black),
            name(g.white),
            w.stored,
            w.solved
        ));
    }
    for u in &checked.unsolved {
        lines.push(format!("game {}: {}", u.index + 1, u.why));
    }
    Ok((checked, lines))
}

pub fn validate(
    opened: Opened,
    format: OthelloFormat,
    names: &NameFiles,
    solve: bool,
    json: bool,
    out: &mut dyn Write,
) -> Result<Outcome, Failure> {
    let input = opened.input.clone();
    let bytes = opened.read_all(format.name(), boardfile_othello::MAX_FILE)?;
    let mut book = book(names)?;
    let mut report = convert::validate(format, &bytes, &mut book);
    let solving =
        solve && format.holds() == boardfile_othello::Holds::Games && convert::is_wthor(format);
    let mut wrong_lines = Vec::new();
    let mut confirmed = None;
    if solving && report.errors.is_empty() {
        let (checked, lines) =
            check_theoretical(format, &bytes, &book).map_err(|e| Failure::data(&input, &e))?;
        confirmed = Some(checked.confirmed);
        wrong_lines = lines;
        let note = format!(
            "{} theoretical scores confirmed, {} wrong{}",
            checked.confirmed,
            checked.wrong.len(),
            if checked.unsolved.is_empty() {
                String::new()
            } else {
                format!(", {} not solvable", checked.unsolved.len())
            }
        );
        report.note = Some(match report.note.take() {
            Some(n) => format!("{n}; {note}"),
            None => note,
        });
    }
    if json {
        let o = serde_json::json!({
            "file": input.to_string(),
            "format": format.name(),
            "valid": report.errors.is_empty(),
            "records": report.records,
            "errors": report.errors.iter().map(crate::json::error).collect::<Vec<_>>(),
            "more_errors": 0,
            "warnings": report.warnings.iter().map(|w| serde_json::json!({"message": w.to_string()})).collect::<Vec<_>>(),
            "note": report.note,
            "theoretical_confirmed": confirmed,
            "theoretical_wrong": wrong_lines,
        });
        writeln!(out, "{o}")?;
        return Ok(if report.errors.is_empty() && wrong_lines.is_empty() {
            Outcome::Ok
        } else {
            Outcome::Invalid
        });
    }
    say_all(&input, &report.errors);
    say_all(&input, &wrong_lines);
    for w in &report.warnings {
        if !crate::report::quiet() {
            eprintln!("boardfile: {input}: warning: {w}");
        }
    }
    write!(
        out,
        "{input}: {} ({}, {} records",
        crate::verdict((report.errors.len() + wrong_lines.len()) as u64),
        format.name(),
        report.records
    )?;
    if let Some(n) = &report.note {
        write!(out, "; {n}")?;
    }
    writeln!(out, ")")?;
    Ok(if report.errors.is_empty() && wrong_lines.is_empty() {
        Outcome::Ok
    } else {
        Outcome::Invalid
    })
}

pub fn info(
    opened: Opened,
    format: OthelloFormat,
    json: bool,
    out: &mut dyn Write,
) -> Result<Outcome, Failure> {
    let input = opened.input.clone();
    let bytes = opened.read_all(format.name(), boardfile_othello::MAX_FILE)?;
    if json {
        let lines = convert::info(format, &bytes).map_err(|e| Failure::data(&input, &e))?;
        let o = serde_json::json!({
            "file": input.to_string(),
            "format": format.name(),
            "description": format.description(),
            "size": bytes.len(),
            "details": lines,
        });
        writeln!(out, "{o}")?;
        return Ok(Outcome::Ok);
    }
    crate::info_head(
        out,
        &input,
        format.name(),
        format.description(),
        bytes.len() as u64,
    )?;
    for line in convert::info(format, &bytes).map_err(|e| Failure::data(&input, &e))? {
        writeln!(out, "  {line}")?;
    }
    Ok(Outcome::Ok)
}

pub fn show(
    opened: Opened,
    format: OthelloFormat,
    game: Option<u32>,
    names: &NameFiles,
    out: &mut dyn Write,
) -> Result<Outcome, Failure> {
    let input = opened.input.clone();
    let bytes = opened.read_all(format.name(), boardfile_othello::MAX_FILE)?;
    let mut book = book(names)?;
    let file =
        convert::read_games(format, &bytes, &mut book).map_err(|e| Failure::data(&input, &e))?;
    let (shown, games) = convert::show(&file, &book, game, out)?;
    match game {
        Some(n) if shown == 0 => Err(Failure::operational(format!(
            "{input}: there is no game {n} ({games} games)"
        ))),
        _ => Ok(Outcome::Ok),
    }
}
