//! `boardfile deal`: a new board set. Three dealers, all the library's:
//! a seeded practice set, Big Deal's tournament dealing (`--owner`), and
//! deals that satisfy a dealer-language script (`--where`), with the
//! script's statistics printed as dealer prints them, or as JSON.

use crate::args::{examples, heading, write_options, LayoutArgs, TitleArgs};
use crate::bridge::{bytes_bar, headed, write, Destination};
use crate::plan::{bridge_output, parse_format, refuse_replacing, Named};
use crate::report::{quiet, Failure, Outcome, Progress};
use boardfile_bridge::deal::bigdeal::{BigDeal, BigDealReader, Boards};
use boardfile_bridge::deal::dealer::{Generator, Script};
use boardfile_bridge::deal::seeded::{DealReader, Seed};
use boardfile_bridge::keeps::Numbers;
use boardfile_bridge::stages::Headings;
use boardfile_bridge::{Diagnostics, Dialect, Format};
use boardfile_io::{Error, ErrorKind, Output};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

/// The examples `-h` shows; `--help` and the man page add [`MORE_EXAMPLES`].
const EXAMPLES: &str = r#"
  # a club session, as Big Deal deals
  boardfile deal set.dlm --owner "Hilltop BC"
  # a practice set for a dealing machine
  boardfile deal practice.dlm --boards 32
  # the same set on any machine
  boardfile deal set.pbn --boards 24 --seed 1f
  # only deals a dealer script accepts
  boardfile deal practice.pbn --where 1N.dlr --seed 7
"#;

const MORE_EXAMPLES: &str = r#"
  # a session's set with its event and date (its hand records say them)
  boardfile deal club.pbn --event "Club Pairs" --date 2026-11-24
  # boards 15 to 28
  boardfile deal s2.pbn --owner "EBU" --boards 15-28
  # south with 22 points or more
  boardfile deal strong.pbn --where 'hcp(south) >= 22' --boards 16
  # JSON Lines on standard output
  boardfile deal - --to jsonl \
    --where 'shape(north, any 4333) and hcp(north) > 14'
  # a script's statistics only, as JSON
  boardfile deal /dev/null --to jsonl --where stats.dlr \
    --boards 10000 --json
"#;

/// Deal a new board set of uniformly random deals.
///
/// Dealer and vulnerability follow the board number. Two generators:
///
/// For tournaments, --owner deals exactly as Hans van Staveren's Big
/// Deal does (the WBF's, the ACBL's and most national bodies' dealer):
/// 160 bits from the system's randomness, hashed with RIPEMD-160 with
/// the owner's name and a counter. It cannot be repeated, by design,
/// and no other owner can make the same deals. --entropy TEXT instead
/// of the system's bits repeats `bigdealx -W OWNER -e TEXT`: for
/// checking, never for play. See also `boardfile squaredeal`.
///
/// For practice sets, --seed (or none): ChaCha20 keyed by a 256-bit
/// seed; without --seed one is drawn and printed, and the same seed
/// gives the same file on every machine.
///
/// With --where, only deals that satisfy a script in Hans van Staveren's
/// dealer language are kept (SCRIPT is a file, or the text of a
/// condition). The script's `produce` gives the number of boards unless
/// --boards does (else 40), `generate` the most deals tried (else 10
/// million); its `dealer` and `vulnerable` apply to every board. The
/// statistics of `average` and `frequency` print as dealer prints them
/// (standard error when OUT is -), or as JSON with --json. The same
/// seed gives the same boards whatever --jobs.
#[derive(clap::Args)]
#[command(
    verbatim_doc_comment,
    after_help = examples(&[EXAMPLES]),
    after_long_help = examples(&[EXAMPLES, MORE_EXAMPLES]),
)]
pub struct Args {
    /// Output file (any writable format: DLM for a dealing machine, PBN
    /// for the web...), or - for standard output with --to.
    output: PathBuf,
    /// How many boards (default 32), or their range as Big Deal takes it: 15-28.
    ///
    /// With --where the default is the script's produce, else 40.
    #[arg(long, value_name = "N|A-B")]
    boards: Option<String>,
    /// The first board's number (default 1; or give --boards A-B).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    first: Option<u32>,
    /// The seed of a practice set: 1 to 64 hex digits.
    #[arg(long, value_parser = Seed::parse, conflicts_with = "owner")]
    seed: Option<Seed>,
    /// Deal as Big Deal does, for this owner (a club, a tournament).
    #[arg(long, value_name = "NAME", conflicts_with = "where_")]
    owner: Option<String>,
    /// With --owner: Big Deal's -e entropy instead of the system's
    /// randomness (repeats a Big Deal run; not for play).
    #[arg(long, value_name = "TEXT", requires = "owner")]
    entropy: Option<String>,
    /// Output format; default: OUT's extension.
    #[arg(long, value_parser = parse_format, help_heading = heading::OUTPUT)]
    to: Option<Named>,
    /// Keep only deals satisfying a dealer-language script: a file, or
    /// the text of a condition.
    #[arg(long = "where", value_name = "SCRIPT")]
    where_: Option<String>,
    /// With --where: dealing threads; default one a core.
    #[arg(long, short = 'j', value_name = "N", requires = "where_")]
    jobs: Option<usize>,
    /// With --where: the most deals to try (default: the script's
    /// generate, else 10 million).
    #[arg(long, value_name = "N", requires = "where_")]
    generate: Option<u64>,
    /// With --where: print the statistics, counts and seed as JSON.
    #[arg(long, requires = "where_")]
    json: bool,
    /// Replace OUT when it exists.
    ///
    /// Without it, an existing file is refused: a set dealt is not
    /// replaced by a repeated command.
    #[arg(long, help_heading = heading::OUTPUT)]
    force: bool,
    #[command(flatten)]
    layout: LayoutArgs,
    #[command(flatten)]
    titles: TitleArgs,
}

/// Deals a set into OUT.
pub fn exec(args: Args, out: &mut dyn Write) -> Result<Outcome, Failure> {
    let output = Output::new(&args.output);
    refuse_replacing(&output, args.force)?;
    let to = bridge_output(&output, args.to.as_ref())?;
    // A tournament set is written as Big Deal writes it, unless asked
    // otherwise.
    let mut layout = args.layout;
    if args.owner.is_some() && layout.dialect.is_none() {
        layout.dialect = Some(Dialect::BigDeal);
    }
    let options = write_options(None, false, layout, &args.titles);
    args.titles.note_untitled(&[(output.clone(), to)]);
    let (first, boards) = numbers(args.boards.as_deref(), args.first)?;
    // Before dealing (and printing a seed): the numbers must fit.
    let count = boards.or(args.where_.is_none().then_some(32));
    fits(&output, to, first, count)?;
    let headings = args.titles.headings();
    let dest = Dealt {
        to: Destination {
            output: &output,
            to,
            options: &options,
        },
        headings: &headings,
    };
    match (args.where_, args.owner) {
        (Some(script), _) => {
            let asked = WhereArgs {
                script,
                boards,
                first,
                seed: args.seed,
                jobs: args.jobs,
                generate: args.generate,
                json: args.json,
            };
            constrained(&dest, asked, out)
        }
        (None, Some(owner)) => {
            let count = boards.unwrap_or(32);
            let range = Boards::new(first, first.saturating_add(count - 1)).ok_or_else(|| {
                Failure::operational(format!(
                    "--boards {count} from --first {first}: no such board numbers"
                ))
            })?;
            big_deal(&dest, &owner, args.entropy.as_deref(), range)
        }
        (None, None) => seeded(&dest, boards.unwrap_or(32), first, args.seed),
    }
}

/// Where the deals go, and the headings they take.
struct Dealt<'a> {
    to: Destination<'a>,
    headings: &'a Headings,
}

/// The first board's number and how many boards (when given): `--boards N`
/// from `--first`, or `--boards A-B`.
fn numbers(boards: Option<&str>, first: Option<u32>) -> Result<(u32, Option<u32>), Failure> {
    let range = match boards {
        Some(text) => {
            Some(Boards::parse(text).map_err(|e| Failure::operational(format!("--boards: {e}")))?)
        }
        None => None,
    };
    if let (Some(r), Some(_)) = (range, first) {
        if boards.is_some_and(|b| b.contains('-')) {
            return Err(Failure::operational(format!(
                "--boards {r} gives the first board; --first is for a count"
            )));
        }
    }
    let first = match (range, first) {
        (Some(r), None) => r.first,
        (_, Some(f)) => f,
        (None, None) => 1,
    };
    Ok((first, range.map(|r| r.count())))
}

/// Refuses board numbers the output format cannot hold.
fn fits(output: &Output, to: Format, first: u32, count: Option<u32>) -> Result<(), Failure> {
    if let (Numbers::Range(max), Some(count)) = (to.keeps().numbers, count) {
        let last = u64::from(first) + u64::from(count).max(1) - 1;
        if last > u64::from(max) {
            return Err(Failure::operational(format!(
                "{output}: {} holds boards 1 to {max}; --boards {count} from --first {first} runs to {last}",
                to.name()
            )));
        }
    }
    Ok(())
}

/// The seed given, or one drawn from the system and printed, so that the
/// set can be dealt again.
fn seed_or_drawn(seed: Option<Seed>) -> Result<Seed, Failure> {
    if let Some(s) = seed {
        return Ok(s);
    }
    let s = Seed::from_os().map_err(Failure::operational)?;
    if !quiet() {
        eprintln!("boardfile: seed {s} (give --seed {s} to deal this set again)");
    }
    Ok(s)
}

/// A practice set: `boards` uniformly random deals from `first` on, keyed
/// by the seed.
fn seeded(dest: &Dealt, boards: u32, first: u32, seed: Option<Seed>) -> Result<Outcome, Failure> {
    if boards == 0 || u64::from(first) + u64::from(boards) - 1 > u64::from(u32::MAX) {
        return Err(Failure::operational(format!(
            "--boards {boards} from --first {first}: no such board numbers"
        )));
    }
    let seed = seed_or_drawn(seed)?;
    let mut reader = headed(
        Box::new(DealReader::new(boards, first, &seed)),
        dest.headings,
    );
    let mut diag = Diagnostics::strict();
    write(
        &mut reader,
        None,
        &mut diag,
        &"deal",
        bytes_bar(None),
        &dest.to,
    )?;
    Ok(Outcome::Ok)
}

/// `--owner`: Big Deal's deals for the owner, from `entropy` when given
/// (repeating `bigdealx -W OWNER -e ENTROPY`), else from 160 bits of the
/// system's randomness.
fn big_deal(
    dest: &Dealt,
    owner: &str,
    entropy: Option<&str>,
    boards: Boards,
) -> Result<Outcome, Failure> {
    let run = match entropy {
        Some(e) => BigDeal::new(owner.as_bytes(), e.as_bytes()),
        None => BigDeal::from_os(owner.as_bytes()).map_err(Failure::operational)?,
    };
    let mut reader = headed(Box::new(BigDealReader::new(&run, boards)), dest.headings);
    let mut diag = Diagnostics::strict();
    write(
        &mut reader,
        None,
        &mut diag,
        &"deal",
        bytes_bar(None),
        &dest.to,
    )
}

/// What `deal --where` was asked.
struct WhereArgs {
    /// A script file, or the text of a script.
    script: String,
    boards: Option<u32>,
    first: u32,
    seed: Option<Seed>,
    jobs: Option<usize>,
    generate: Option<u64>,
    json: bool,
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

/// `--where`: the deals that satisfy the script, and its statistics.
fn constrained(dest: &Dealt, args: WhereArgs, out: &mut dyn Write) -> Result<Outcome, Failure> {
    let (name, text) = load(&args.script)?;
    let script = Script::parse(&text)
        .map_err(|e| Failure::data(&name, &Error::new(ErrorKind::Syntax(e.to_string()))))?;
    for note in &script.notes {
        if !quiet() {
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
    let seed = seed_or_drawn(args.seed)?;
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
    let mut generator = Generator::new(&script, &seed, args.first, produce, jobs, args.generate);
    generate(&mut generator, produce, dest)?;
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
    let sink: &mut dyn Write = if dest.to.output.path().is_none() {
        &mut stderr
    } else {
        out
    };
    if args.json {
        let json = serde_json::json!({
            "seed": seed.to_string(),
            "generated": generated,
            "produced": produced,
            "limit": generator.limit(),
            "statistics": report.to_json(),
        });
        writeln!(sink, "{json}")?;
    } else {
        report.write_text(sink)?;
        if !quiet() {
            eprintln!("boardfile: {produced} boards from {generated} deals generated");
        }
    }
    Ok(Outcome::Ok)
}

/// Runs the generator into the output, with a bar of boards produced and
/// deals generated on a terminal.
fn generate(generator: &mut Generator, produce: u64, dest: &Dealt) -> Result<(), Failure> {
    let mut diag = Diagnostics::strict();
    let mut run = |generator: &mut Generator| {
        write(
            &mut headed(Box::new(generator), dest.headings),
            None,
            &mut diag,
            &"deal",
            Progress::new(None, 0, ""),
            &dest.to,
        )
    };
    if !std::io::stderr().is_terminal() {
        return run(generator).map(|_| ());
    }
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
    let result = run(generator);
    bar.finish_and_clear();
    result.map(|_| ())
}
