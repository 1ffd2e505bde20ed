//! `boardfile convert`: a board set or a file of games into other formats;
//! Othello also a WTHOR database, and the games a query keeps.

use crate::args::{examples, heading, write_options, LayoutArgs, NameArgs, QueryArgs};
use crate::args::{StageArgs, TitleArgs};
use crate::bridge;
use crate::othello::{self, GamesOut};
use crate::plan::{bridge_outputs, output_format, parse_format, refuse_overwrite};
use crate::plan::{AnyFormat, Game, Named, Opened};
use crate::report::{Failure, Outcome};
use boardfile_bridge::DdTags;
use boardfile_io::{Input, Output};
use boardfile_othello::database::Filter;
use std::io::Write;
use std::path::PathBuf;

/// The examples `-h` shows; `--help` and the man page add [`MORE_EXAMPLES`].
const EXAMPLES: &str = "
  # a dealing machine's DLM
  boardfile convert set.pbn set.dlm
  # one read, three outputs
  boardfile convert set.pbn set.dlm set.dup set.html
  # JSON Lines on standard output
  boardfile convert set.dup - --to jsonl
  # Othello games, names from the WTHOR.JOU and WTHOR.TRN beside them
  boardfile convert WTH_2004.wtb 2004.pgn
";

const MORE_EXAMPLES: &str = "
  # hand records titled and dated, the PBN with the event and date
  boardfile convert set.pbn club.pdf club.pbn --title \"Club Pairs\" \\
    --event \"Monday Pairs\" --date 2026-11-24
  # boards 1 to 16
  boardfile convert big.pbn first.pbn --boards 1-16
  # numbered 17 on
  boardfile convert set.pbn next.pbn --renumber 17
  # all but the boards that do not read, each named
  boardfile convert old.pbn new.pbn --skip-bad
  # GGF to a WTB file a year (WTH_YYYY.wtb), WTHOR.JOU and WTHOR.TRN
  boardfile convert games.ggf new/ --add-names
  # a player's games, either colour, any case, part of the name
  boardfile convert wthor/ inoue.pgn --player inoue
  # a WTB file a year, headers kept
  boardfile convert wthor/ out/ --year 2000-2004
  # the games of some tournaments that open with these moves
  boardfile convert wthor/ p.jsonl --opening f5d6c3d3 --tournament world
  # WTB files and their names files as one database
  boardfile convert WTH_2003.wtb WTH_2004.wtb WTHOR.JOU WTHOR.TRN both.ggf
";

/// Convert a board set from one format to another.
///
/// OUT is written atomically: a failed run leaves no partial file and an
/// existing OUT untouched; a run that ends well replaces an existing OUT,
/// as cp does (deal and join ask for --force). Data the output format
/// cannot keep is named on standard error. A bad board stops the
/// conversion unless --skip-bad is given: then it is left out and named.
/// Several OUT are written from one read, each taking its format from its
/// extension.
///
/// The WTHOR database is one input: a folder (WTH_*.wtb, WTHOR.JOU,
/// WTHOR.TRN), or WTB files and the names files given together (OUT
/// last). --player, --tournament, --year and --opening keep some games,
/// of it or of any file of games. OUT a folder (existing, or ending in
/// /) gets a WTB file a year, WTH_YYYY.wtb, and the names files.
#[derive(clap::Args)]
#[command(
    verbatim_doc_comment,
    after_help = examples(&[EXAMPLES]),
    after_long_help = examples(&[EXAMPLES, MORE_EXAMPLES]),
)]
pub struct Args {
    /// Input file, or - for standard input; Othello: also a folder of
    /// the WTHOR database, or several WTHOR files (then OUT comes last).
    input: PathBuf,
    /// Output files (each written atomically, its format from its
    /// extension), or - for standard output; Othello: a folder for a
    /// WTB file a year.
    #[arg(required = true, num_args = 1.., value_name = "OUT")]
    outputs: Vec<PathBuf>,
    /// Input format (name or extension); default: detected.
    #[arg(long, value_parser = parse_format, help_heading = heading::INPUT)]
    from: Option<Named>,
    /// Output format (name or extension); default: OUT's extension.
    #[arg(long, value_parser = parse_format, help_heading = heading::OUTPUT)]
    to: Option<Named>,
    /// PBN output: the double-dummy tags to write, or all, or none.
    ///
    /// Exactly these tags, a comma-separated list of OptimumResultTable,
    /// DoubleDummyTricks, OptimumScore, ParContract, or all, or none.
    /// Default: keep the input's tags that still agree with the data, and
    /// give boards without any all four.
    #[arg(long, value_name = "TAGS", value_parser = DdTags::parse, help_heading = heading::OUTPUT)]
    dd_tags: Option<DdTags>,
    /// ZDD input: the file whose deals the tables belong to (any deal
    /// format), joined by position.
    #[arg(long, value_name = "FILE", help_heading = heading::INPUT)]
    deals: Option<PathBuf>,
    /// Leave out the boards that do not read, each named; write the rest.
    ///
    /// Every board (Othello: every game of GGF and PGN) that reads is
    /// written and those that do not are left out, each named on standard
    /// error (exit 0). Without it, a bad board stops the conversion and
    /// nothing is written. Othello, to WTB or WTD: also leave out the
    /// games that get no theoretical score (moves that stop before its
    /// depth, 10x10 games), each named; from a database, only these.
    #[arg(long, help_heading = heading::INPUT)]
    skip_bad: bool,
    /// PBN, LIN and JSON Lines output: the format's standard form.
    ///
    /// Every board is written in the format's standard form (PBN 2.1
    /// export: the mandatory tags in order, CR LF, deals from the dealer)
    /// instead of as its file had it. Without it,
    /// a board read from PBN or LIN is written back byte for byte, and a
    /// changed one has only the lines of what changed rewritten.
    #[arg(long, help_heading = heading::OUTPUT)]
    normalize: bool,
    #[command(flatten)]
    stage: StageArgs,
    #[command(flatten)]
    names: NameArgs,
    /// Add the names the names files lack to copies of them, beside OUT.
    ///
    /// The copies are OUT-stem.jou and OUT-stem.trn; without --add-names,
    /// a name the names files lack fails the conversion.
    #[arg(long, help_heading = heading::OTHELLO)]
    add_names: bool,
    #[command(flatten)]
    query: QueryArgs,
    #[command(flatten)]
    layout: LayoutArgs,
    #[command(flatten)]
    titles: TitleArgs,
}

/// Converts: a database, a bridge set, or a file of Othello games.
pub fn exec(args: Args, _: &mut dyn Write) -> Result<Outcome, Failure> {
    let filter = args.query.filter()?;
    // A database: a folder, or several WTHOR files (OUT last).
    if let Some((paths, out)) = othello::database_inputs(&args.input, &args.outputs) {
        return database(&args, &filter, &paths, &Output::new(&out));
    }
    let input = Input::new(&args.input);
    let outputs: Vec<Output> = args.outputs.iter().map(|p| Output::new(p)).collect();
    refuse_overwrite(std::slice::from_ref(&input), &outputs)?;
    let opened = Opened::open(&input)?;
    match opened.format(args.from.as_ref())? {
        AnyFormat::Bridge(f) => bridge_set(args, &filter, opened, f, &outputs),
        AnyFormat::Othello(f) => othello_games(&args, &filter, opened, f, &outputs),
    }
}

/// The WTHOR database in `paths` (a folder, or WTHOR files) into `output`.
fn database(
    args: &Args,
    filter: &Filter,
    paths: &[PathBuf],
    output: &Output,
) -> Result<Outcome, Failure> {
    if !args.titles.is_empty() {
        return Err(TitleArgs::not_for_othello());
    }
    if !args.stage.clone().stage(false).is_empty() {
        return Err(Failure::operational(
            "--boards and --renumber are not for a WTHOR database; choose games with --player, --tournament, --year and --opening".into(),
        ));
    }
    let inputs: Vec<Input> = paths.iter().map(|p| Input::new(p)).collect();
    refuse_overwrite(&inputs, std::slice::from_ref(output))?;
    let games_out = othello_out(output, args.to.as_ref())?;
    othello::convert_database(
        paths,
        games_out,
        filter,
        &args.names.database(args.add_names),
        args.skip_bad,
    )
}

/// A bridge set into every output, in one read.
fn bridge_set(
    args: Args,
    filter: &Filter,
    opened: Opened,
    from: boardfile_bridge::Format,
    outputs: &[Output],
) -> Result<Outcome, Failure> {
    if !filter.is_empty() {
        return Err(Failure::operational(
            "--player, --tournament, --year and --opening are for Othello games".into(),
        ));
    }
    let outputs = bridge_outputs(outputs, args.to.as_ref())?;
    let deals = args.deals.as_deref().map(Input::new);
    let options = write_options(args.dd_tags, args.normalize, args.layout, &args.titles);
    args.titles.note_untitled(&outputs);
    let mut stage = args.stage.stage(false);
    stage.headings = args.titles.headings();
    let convert = bridge::ConvertArgs {
        options: &options,
        deals: deals.as_ref(),
        skip_bad: args.skip_bad,
        stage,
    };
    bridge::convert(opened, from, &outputs, &convert)
}

/// A file of Othello games into one output: games chosen by a query, or
/// left out when bad, go through the games; else the file as a whole.
fn othello_games(
    args: &Args,
    filter: &Filter,
    opened: Opened,
    from: boardfile_othello::OthelloFormat,
    outputs: &[Output],
) -> Result<Outcome, Failure> {
    if !args.stage.clone().stage(false).is_empty() {
        return Err(Failure::operational(
            "--boards and --renumber are for bridge files; Othello games are chosen with --player, --tournament, --year and --opening".into(),
        ));
    }
    if !args.titles.is_empty() {
        return Err(TitleArgs::not_for_othello());
    }
    let [output] = outputs else {
        return Err(Failure::operational(
            "one output for Othello files; several outputs are for bridge sets".into(),
        ));
    };
    let names = args.names.files(&opened.input, args.add_names);
    if !filter.is_empty() || args.skip_bad || othello::is_folder(output) {
        let games_out = othello_out(output, args.to.as_ref())?;
        return othello::convert_games(opened, from, games_out, filter, &names, args.skip_bad);
    }
    match output_format(Game::Othello, output, args.to.as_ref())? {
        AnyFormat::Othello(t) => othello::convert(opened, from, output, t, &names, args.skip_bad),
        // output_format gives a format of the input's game; named rather
        // than assumed.
        t => Err(Failure::operational(format!(
            "{output}: {} and {} are formats of different games",
            from.name(),
            t.name()
        ))),
    }
}

/// Where Othello games go: a folder (a WTHOR file a year), or a file of
/// `--to` or OUT's extension.
fn othello_out<'a>(output: &'a Output, to: Option<&Named>) -> Result<GamesOut<'a>, Failure> {
    if othello::is_folder(output) {
        let wthor = to.is_none_or(|n| {
            n.0.iter().any(
                |f| matches!(f, AnyFormat::Othello(o) if boardfile_othello::convert::is_wthor(*o)),
            )
        });
        if !wthor {
            return Err(Failure::operational(format!(
                "{output}: a folder takes a WTHOR file a year (WTB); give a file for other formats"
            )));
        }
        return Ok(GamesOut::Folder(output));
    }
    match output_format(Game::Othello, output, to)? {
        AnyFormat::Othello(t) => Ok(GamesOut::File(output, t)),
        t => Err(Failure::operational(format!(
            "{output}: {} is not an Othello format",
            t.name()
        ))),
    }
}
