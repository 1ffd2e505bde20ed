//! `deal --where SCRIPT`: constrained dealing in the dealer language,
//! through the library's generator and the usual writers; the actions'
//! statistics printed as dealer prints them, or as JSON.

use crate::bridge::{write, Destination};
use crate::report::{Failure, Outcome, Progress};
use boardfile_bridge::deal::dealer::{Generator, Script};
use boardfile_bridge::deal::seeded::Seed;
use boardfile_bridge::{Diagnostics, Format, WriteOptions};
use boardfile_io::{Error, ErrorKind, Output};
use std::io::{IsTerminal, Write};
use std::path::Path;

/// What `deal --where` was asked.
pub struct WhereArgs {
    /// A script file, or the text of a script.
    pub script: String,
    pub boards: Option<u32>,
    pub first: u32,
    pub seed: Option<Seed>,
    pub jobs: Option<usize>,
    pub generate: Option<u64>,
    pub json: bool,
    /// How the boards are written.
    pub options: WriteOptions,
}

/// Reads SCRIPT: a file when one is there, else the text itself (an
/// inline condition such as `hcp(north) >= 20`).
fn load(script: &str) -> Result<(String, String), Failure> {
    let path = Path::new(script);
    if path.is_file() {
        let text = std::fs::read(path).map_err(|e| Failure::read(&path.display(), e))?;
        return Ok((
            path.display().to_string(),
            String::from_utf8_lossy(&text).into_owned(),
        ));
    }
    let looks_like_a_path = !script.contains(char::is_whitespace)
        && !script.contains(['(', '=', '<', '>'])
        && (script.contains('/') || script.contains('.'));
    if looks_like_a_path {
        return Err(Failure::operational(format!(
            "{script}: no such script file (give a file, or a condition such as 'hcp(north) >= 20')"
        )));
    }
    Ok(("--where".to_string(), script.to_string()))
}

pub fn deal(
    output: &Output,
    to: Format,
    args: WhereArgs,
    out: &mut dyn Write,
) -> Result<Outcome, Failure> {
    let (name, text) = load(&args.script)?;
    let script = Script::parse(&text)
        .map_err(|e| Failure::data(&name, &Error::new(ErrorKind::Syntax(e.to_string()))))?;
    for note in &script.notes {
        if !crate::report::quiet() {
            eprintln!("boardfile: {name}: warning: {note}");
        }
    }
    let produce = args.boards.map(u64::from).or(script.produce).unwrap_or(40);
    if produce == 0 || args.first as u64 + produce - 1 > u64::from(u32::MAX) {
        return Err(Failure::operational(format!(
            "{produce} boards from --first {}: no such board numbers",
            args.first
        )));
    }
    let seed = match args.seed {
        Some(s) => s,
        None => {
            let s = Seed::from_os().map_err(Failure::operational)?;
            if !crate::report::quiet() {
                eprintln!("boardfile: seed {s} (give --seed {s} to deal this set again)");
            }
            s
        }
    };
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
    let mut generator = Generator::new(&script, &seed, args.first, produce, jobs, args.generate);
    let limit = generator.limit();
    if std::io::stderr().is_terminal() {
        let bar = indicatif::ProgressBar::new(produce);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:40} {pos}/{len} produced, {msg} generated, {elapsed}",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        let shown = bar.clone();
        generator.on_progress(move |produced, generated| {
            shown.set_position(produced);
            shown.set_message(generated.to_string());
        });
        let result = run(&mut generator, output, to, &args.options);
        bar.finish_and_clear();
        result?;
    } else {
        run(&mut generator, output, to, &args.options)?;
    }
    let (produced, generated) = (generator.produced(), generator.generated());
    if let Some((line, column)) = generator.divisions_by_zero() {
        eprintln!(
            "boardfile: {name}: warning: line {line}, column {column}: a division by zero, counted as 0"
        );
    }
    if produced < produce {
        eprintln!(
            "boardfile: {name}: only {produced} of {produce} boards: {generated} deals generated (the limit: raise it with --generate)"
        );
    }
    let report = generator.report();
    // The report goes to standard output, unless the boards went there.
    let mut stderr = std::io::stderr().lock();
    let sink: &mut dyn Write = if output.path().is_none() {
        &mut stderr
    } else {
        out
    };
    if args.json {
        let json = serde_json::json!({
            "seed": seed.to_string(),
            "generated": generated,
            "produced": produced,
            "limit": limit,
            "statistics": report.to_json(),
        });
        writeln!(sink, "{json}")?;
    } else {
        report.write_text(sink)?;
        if !crate::report::quiet() {
            eprintln!("boardfile: {produced} boards from {generated} deals generated");
        }
    }
    Ok(Outcome::Ok)
}

fn run(
    generator: &mut Generator,
    output: &Output,
    to: Format,
    options: &WriteOptions,
) -> Result<Outcome, Failure> {
    let mut diag = Diagnostics::strict();
    write(
        generator,
        None,
        &mut diag,
        &"deal",
        Progress::new(None, 0, ""),
        &Destination {
            output,
            to,
            options,
        },
    )
}
