//! `boardfile deal`: a new board set. Three dealers, all the library's:
//! a seeded practice set, Big Deal's tournament dealing (`--owner`), and
//! deals that satisfy a dealer-language script (`--where`), with the
//! script's statistics printed as dealer prints them, or as JSON.

use crate::args::{examples, heading, write_options, LayoutArgs, TitleArgs};
use crate::bridge::{bytes_bar, headed, write, Destination};
use crate::plan::{bridge_output, parse_format, refuse_replacing, Named};
use crate::report::{quiet, Failure, Outcome, Progress};
use boardfile_bridge::deal::bigdeal::{BigDeal, BigDealReader, Boards};
use boardfile_bridge::deal::dealer::{Generator, PrintoutTags, Script};
use boardfile_bridge::deal::seeded::{DealReader, Seed};
use boardfile_bridge::keeps::Numbers;
use boardfile_bridge::stages::Headings;
use boardfile_bridge::{Board, BoardReader, Diagnostics, Dialect, Format, SetInfo};
use boardfile_io::{Error, ErrorKind, Output, OutputError, Sink};
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
  # print the deals as the script says (printall...)
  boardfile deal --where lesson.dlr --seed 7
"#;

const MORE_EXAMPLES: &str = r#"
  # a session's set with its event and date (its hand records say them)
  boardfile deal club.pbn --event "Club Pairs" --date 2026-11-24
  # boards 15 to 28
  boardfile deal s2.pbn --owner "EBU" --boards 15-28
  # what the script prints, into hands.txt
  boardfile deal hands.txt --where lesson.dlr
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
/// million); its `dealer` and `vulnerable` apply to every board. The same
/// seed gives the same boards whatever --jobs.
///
/// What the script prints, it prints as dealer does: each deal in its
/// print actions' layouts (printall, printew, printpbn, printcompact,
/// printoneline, printes), then the pages of print(seats) and the
/// statistics of average and frequency. That text goes:
///   - with no OUT: to standard output; a script without an action then
///     prints each deal as printall, as dealer does;
///   - when OUT names no board format (hands.txt, or - without --to for
///     standard output): into OUT, as with no OUT;
///   - when OUT is a board file (its extension or --to names the format):
///     the boards go into OUT, and what the script prints to standard
///     output (standard error when OUT is -).
///
/// dealer's closing lines (Generated ... hands, Produced ..., Initial
/// random seed, Time needed) are not printed; the count of boards and
/// deals goes to standard error. Deals are numbered from --first (1).
/// printpbn's Event reads "Hand simulated by boardfile with file SCRIPT,
/// seed S" and its Date is today's (UTC). With --json, the statistics,
/// counts and seed print as JSON instead of what the script prints.
#[derive(clap::Args)]
#[command(
    verbatim_doc_comment,
    after_help = examples(&[EXAMPLES]),
    after_long_help = examples(&[EXAMPLES, MORE_EXAMPLES]),
)]
pub struct Args {
    /// Output file (any writable format: DLM for a dealing machine, PBN
    /// for the web...), or - for standard output with --to.
    ///
    /// With --where it may be left out, or name no format (hands.txt):
    /// what the script prints goes there.
    #[arg(required_unless_present = "where_")]
    output: Option<PathBuf>,
    /// How many boards (default 32), or their range as Big Deal takes it: 15-28.
    ///
    /// With --where the default is the script's produce, else 40.
    #[arg(long, value_name = "N|A-B")]
    boards: Option<String>,
    /// The first board's number (default 1; or give --boards A-B).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    first: Option<u32>,
    /// The seed of a practice set: any words ("club night 24"), hashed,
    /// or 1 to 64 hex digits, a number. A PBN file says it at its head.
    #[arg(long, value_parser = GivenSeed::parse, conflicts_with = "owner")]
    seed: Option<GivenSeed>,
    /// Deal as Big Deal does, for this owner (a club, a tournament).
    #[arg(long, value_name = "NAME", conflicts_with = "where_", value_parser = owner_name)]
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
    let output = args.output.as_deref().map(Output::new);
    if let Some(o) = &output {
        refuse_replacing(o, args.force)?;
    }
    let (first, boards) = numbers(args.boards.as_deref(), args.first)?;
    let asked = args.where_.clone().map(|script| WhereArgs {
        script,
        boards,
        first,
        seed: args.seed.as_ref().map(|g| g.seed),
        jobs: args.jobs,
        generate: args.generate,
        json: args.json,
    });
    let (output, asked) = match (output, asked) {
        // --where, and no board format named: the deals are only printed,
        // as dealer prints them, to standard output or into OUT.
        (o, Some(asked)) if !o.as_ref().is_some_and(|o| names_a_format(o, &args.to)) => {
            let print_to = match o {
                Some(o @ Output::File(_)) => PrintTo::File(o),
                Some(Output::Stdout) => PrintTo::Out,
                None if args.to.is_some() => {
                    return Err(Failure::operational(
                        "--to names OUT's format: give OUT (- for standard output)".into(),
                    ))
                }
                None => PrintTo::Out,
            };
            return constrained(None, print_to, asked, out);
        }
        (Some(o), asked) => (o, asked),
        (None, _) => return Err(Failure::operational("give OUT, or --where".into())),
    };
    let to = bridge_output(&output, args.to.as_ref())?;
    // A tournament set is written as Big Deal writes it, unless asked
    // otherwise.
    let mut layout = args.layout;
    if args.owner.is_some() && layout.dialect.is_none() {
        layout.dialect = Some(Dialect::BigDeal);
    }
    let options = write_options(None, false, layout, &args.titles);
    args.titles.note_untitled(&[(output.clone(), to)]);
    let headings = args.titles.headings();
    // Before dealing (and printing a seed): the numbers must fit.
    let count = boards.or(asked.is_none().then_some(32));
    fits(&output, to, first, count)?;
    let dest = Destination {
        output: &output,
        to,
        options: &options,
    };
    match (asked, args.owner) {
        (Some(asked), _) => {
            // What the script prints goes beside the boards.
            let print_to = match output {
                Output::Stdout => PrintTo::Stderr,
                Output::File(_) => PrintTo::Out,
            };
            constrained(Some((&dest, &headings)), print_to, asked, out)
        }
        (None, Some(owner)) => {
            let count = boards.unwrap_or(32);
            let range = Boards::new(first, first.saturating_add(count - 1)).ok_or_else(|| {
                Failure::operational(format!(
                    "--boards {count} from --first {first}: no such board numbers"
                ))
            })?;
            big_deal(&dest, &headings, &owner, args.entropy.as_deref(), range)
        }
        (None, None) => seeded(&dest, &headings, boards.unwrap_or(32), first, args.seed),
    }
}

/// Whether OUT names a board format: --to, or OUT's extension is one a
/// format of either game takes (the other game's is refused later, by
/// name).
fn names_a_format(output: &Output, to: &Option<Named>) -> bool {
    to.is_some()
        || output.path().is_some_and(|p| {
            crate::plan::AnyFormat::all()
                .into_iter()
                .any(|f| f.info().has_extension_of(p))
        })
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

/// A seed as given: what it is, and the text that gives it again.
#[derive(Clone)]
pub struct GivenSeed {
    pub(super) seed: Seed,
    text: String,
}

impl GivenSeed {
    pub(super) fn parse(text: &str) -> Result<GivenSeed, String> {
        Ok(GivenSeed {
            seed: Seed::parse(text)?,
            text: text.trim().to_string(),
        })
    }
}

/// The seed given, or one drawn from the system and printed, so that the
/// set can be dealt again.
pub(super) fn seed_or_drawn(seed: Option<Seed>) -> Result<Seed, Failure> {
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
fn seeded(
    dest: &Destination,
    headings: &Headings,
    boards: u32,
    first: u32,
    seed: Option<GivenSeed>,
) -> Result<Outcome, Failure> {
    if boards == 0 || u64::from(first) + u64::from(boards) - 1 > u64::from(u32::MAX) {
        return Err(Failure::operational(format!(
            "--boards {boards} from --first {first}: no such board numbers"
        )));
    }
    let text = seed.as_ref().map(|g| g.text.clone());
    let seed = seed_or_drawn(seed.map(|g| g.seed))?;
    let text = text.unwrap_or_else(|| seed.to_string());
    // A PBN head says its seed (in a PBN file, and JSON Lines' set line);
    // other formats have no place for it (the seed drawn is printed).
    let reader = DealReader::new(boards, first, &seed);
    let reader = match dest.to.keeps().owns(boardfile_bridge::keeps::Own::Pbn) {
        true => reader.noting(&text),
        false => reader,
    };
    let mut reader = headed(Box::new(reader), headings);
    let mut diag = Diagnostics::strict();
    write(&mut reader, None, &mut diag, &"deal", bytes_bar(None), dest)?;
    Ok(Outcome::Ok)
}

/// `--owner`: Big Deal's deals for the owner, from `entropy` when given
/// (repeating `bigdealx -W OWNER -e ENTROPY`), else from 160 bits of the
/// system's randomness.
fn big_deal(
    dest: &Destination,
    headings: &Headings,
    owner: &str,
    entropy: Option<&str>,
    boards: Boards,
) -> Result<Outcome, Failure> {
    let run = match entropy {
        Some(e) => BigDeal::new(owner.as_bytes(), e.as_bytes()),
        None => BigDeal::from_os(owner.as_bytes()).map_err(Failure::operational)?,
    };
    let mut reader = headed(Box::new(BigDealReader::new(&run, boards)), headings);
    let mut diag = Diagnostics::strict();
    write(&mut reader, None, &mut diag, &"deal", bytes_bar(None), dest)
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
/// inline condition such as `hcp(north) >= 20`): the name to give it, the
/// text, and whether it is a file's.
pub(super) fn load(script: &str) -> Result<(String, String, bool), Failure> {
    let path = Path::new(script);
    // A file, or a pipe (`--where <(...)`, `/dev/stdin`): anything there
    // but a folder.
    if path.exists() && !path.is_dir() {
        let text = std::fs::read(path).map_err(|e| Failure::read(&path.display(), e))?;
        return Ok((
            path.display().to_string(),
            String::from_utf8_lossy(&text).into_owned(),
            true,
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
    Ok(("--where".to_string(), script.to_string(), false))
}

/// Where what a script prints goes.
enum PrintTo {
    /// The command's standard output.
    Out,
    /// Standard error (the boards go to standard output).
    Stderr,
    /// OUT, a file that names no board format.
    File(Output),
}

/// The open destination of what a script prints (standard output
/// buffered, and flushed after each board on a terminal).
enum Printout<'a> {
    Out(std::io::BufWriter<&'a mut dyn Write>, bool),
    Stderr(std::io::Stderr),
    File(Output, Sink),
}

impl<'a> Printout<'a> {
    fn open(to: PrintTo, out: &'a mut dyn Write) -> Result<Printout<'a>, Failure> {
        Ok(match to {
            PrintTo::Out => Printout::Out(
                std::io::BufWriter::with_capacity(64 << 10, out),
                std::io::stdout().is_terminal(),
            ),
            PrintTo::Stderr => Printout::Stderr(std::io::stderr()),
            PrintTo::File(o) => {
                let sink = crate::report::create(&o)?;
                Printout::File(o, sink)
            }
        })
    }

    /// Whether it is a terminal (where a progress bar would get in the
    /// way).
    fn is_terminal(&self) -> bool {
        match self {
            Printout::Out(_, terminal) => *terminal,
            Printout::Stderr(_) => true,
            Printout::File(..) => false,
        }
    }

    /// A board's text, shown at once on a terminal.
    fn board(&mut self, text: &[u8]) -> std::io::Result<()> {
        self.write_all(text)?;
        if self.is_terminal() && !text.is_empty() {
            self.flush()?;
        }
        Ok(())
    }

    /// A failed write, named by where it went.
    fn failure(&self, e: std::io::Error) -> Failure {
        let output = match self {
            Printout::File(o, _) => o.clone(),
            _ => Output::Stdout,
        };
        Failure::output(&output, OutputError::write(e))
    }

    /// Puts a file in place.
    fn commit(self) -> Result<(), Failure> {
        match self {
            Printout::File(o, sink) => sink.commit().map_err(|e| Failure::output(&o, e)),
            Printout::Out(mut w, _) => w.flush().map_err(Failure::from),
            Printout::Stderr(_) => Ok(()),
        }
    }
}

impl Write for Printout<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self {
            Printout::Out(w, _) => w.write(buf),
            Printout::Stderr(w) => w.write(buf),
            Printout::File(_, w) => w.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> std::io::Result<()> {
        match self {
            Printout::Out(w, _) => w.write_all(buf),
            Printout::Stderr(w) => w.write_all(buf),
            Printout::File(_, w) => w.write_all(buf),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            Printout::Out(w, _) => w.flush(),
            Printout::Stderr(w) => w.flush(),
            Printout::File(_, w) => w.flush(),
        }
    }
}

/// The generator as a stream of boards that writes what the script prints
/// for each board as it goes; a failed write ends the stream with an
/// error, kept to be reported by where it went.
struct Printing<'g, 'p, 'o> {
    generator: &'g mut Generator,
    printout: &'p mut Printout<'o>,
    failed: Option<std::io::Error>,
}

impl BoardReader for Printing<'_, '_, '_> {
    fn head(&self) -> &SetInfo {
        self.generator.head()
    }

    fn next_board(&mut self, diag: &mut Diagnostics) -> Result<Option<Board>, Error> {
        let board = self.generator.next_board(diag)?;
        let text = self.generator.take_printout();
        if let Err(e) = self.printout.board(&text) {
            let again = std::io::Error::new(e.kind(), e.to_string());
            self.failed = Some(e);
            return Err(Error::new(ErrorKind::Io(again)));
        }
        Ok(board)
    }

    fn position(&self) -> u64 {
        self.generator.position()
    }
}

/// `--where`: the deals that satisfy the script, into `dest` when given;
/// what the script prints (with `--json`, the statistics as JSON) into
/// `print_to`.
fn constrained(
    dest: Option<(&Destination, &Headings)>,
    print_to: PrintTo,
    args: WhereArgs,
    out: &mut dyn Write,
) -> Result<Outcome, Failure> {
    let (name, text, from_file) = load(&args.script)?;
    let mut script = Script::parse(&text)
        .map_err(|e| Failure::data(&name, &Error::new(ErrorKind::Syntax(e.to_string()))))?;
    for note in &script.notes {
        if !quiet() {
            eprintln!("boardfile: {name}: warning: {note}");
        }
    }
    if dest.is_none() {
        // The deals go nowhere else: printed, as dealer prints them.
        script = script.or_printall();
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
    if !args.json {
        let event = match from_file {
            true => format!("Hand simulated by boardfile with file {name}, seed {seed}"),
            false => format!("Hand simulated by boardfile, seed {seed}"),
        };
        generator.enable_printout(PrintoutTags::today(event));
    }
    let mut printout = Printout::open(print_to, out)?;
    let printing = !args.json && script.prints();
    generate(&mut generator, produce, dest, &mut printout, printing)?;
    let (produced, generated) = (generator.produced(), generator.generated());
    if let Some((line, column)) = generator.divisions_by_zero() {
        eprintln!("{name}:{line}:{column}: warning: a division by zero, counted as 0");
    }
    if produced < produce {
        eprintln!(
            "boardfile: {name}: only {produced} of {produce} boards: {generated} deals generated (the limit: raise it with --generate)"
        );
    }
    let report = generator.report();
    let written = if args.json {
        let json = serde_json::json!({
            "seed": seed.to_string(),
            "generated": generated,
            "produced": produced,
            "limit": generator.limit(),
            "statistics": report.to_json(),
        });
        writeln!(printout, "{json}")
    } else {
        report.write_text(&mut printout)
    };
    written.map_err(|e| printout.failure(e))?;
    printout.commit()?;
    if !args.json {
        crate::report::finished(&format!(
            "{produced} boards from {generated} deals generated"
        ));
    }
    Ok(Outcome::Ok)
}

/// Runs the generator into `dest` (or only into what the script prints),
/// with a bar of boards produced and deals generated on a terminal (not
/// when the script is `printing` its deals to one).
fn generate(
    generator: &mut Generator,
    produce: u64,
    dest: Option<(&Destination, &Headings)>,
    printout: &mut Printout,
    printing: bool,
) -> Result<(), Failure> {
    // Not over the deals the script prints to the same terminal.
    let bar = if printing && printout.is_terminal() {
        Progress::none()
    } else {
        Progress::new(
            Some(produce),
            0,
            "dealing {bar:30} {pos}/{len} boards, {msg} deals, {eta} left",
        )
    };
    let shown = bar.clone();
    generator.on_progress(move |produced, generated| {
        shown.set(produced);
        shown.say(generated.to_string());
    });
    let mut reader = Printing {
        generator,
        printout,
        failed: None,
    };
    let mut diag = Diagnostics::strict();
    let result = match dest {
        Some((dest, headings)) => write(
            &mut headed(Box::new(&mut reader), headings),
            None,
            &mut diag,
            &"deal",
            Progress::none(),
            dest,
        )
        .map(|_| ()),
        None => loop {
            match reader.next_board(&mut diag) {
                Ok(Some(_)) => {}
                Ok(None) => break Ok(()),
                Err(e) => break Err(Failure::data(&"deal", &e)),
            }
        },
    };
    bar.done();
    match reader.failed.take() {
        Some(e) => Err(reader.printout.failure(e)),
        None => result,
    }
}

/// An owner's name ([`boardfile_bridge::deal::bigdeal::owner_name`]).
fn owner_name(text: &str) -> Result<String, String> {
    boardfile_bridge::deal::bigdeal::owner_name(text).map(String::from)
}
