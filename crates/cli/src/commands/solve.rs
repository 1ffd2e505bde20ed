//! `boardfile solve`: a bridge set's double-dummy tables and par, or every
//! move of Othello endgame positions (OBF) scored exactly.

use crate::args::{examples, heading, write_options, LayoutArgs, TitleArgs};
use crate::plan::{bridge_output, parse_format, refuse_overwrite, AnyFormat, Named, Opened};
use crate::report::{Failure, Outcome};
use crate::{bridge, othello};
use boardfile_bridge::dd::journal::Journal;
use boardfile_bridge::DdTags;
use boardfile_io::{Input, Output};
use boardfile_othello::{Holds, OthelloFormat};
use std::io::Write;
use std::path::PathBuf;

/// The examples `-h` shows; `--help` and the man page add [`MORE_EXAMPLES`].
const EXAMPLES: &str = r#"
  # tables and par added, nothing else changed
  boardfile solve set.pbn solved.pbn
  # hand records with tables
  boardfile solve set.pbn records.html
  # on two threads
  boardfile solve deals.zrd solved.zrd -j 2
"#;

const MORE_EXAMPLES: &str = r#"
  # Othello endgames: every move's exact score
  boardfile solve fforum-1-19.obf solved.obf
  # Othello endgames: the best move and its score only (faster)
  boardfile solve fforum-20-39.obf best.obf --best
  # standard input to standard output
  boardfile solve - - < positions.obf
"#;

/// Solve every board double dummy: all 20 trick counts and par.
///
/// Tables and par (with each board's vulnerability and dealer) are
/// written into OUT: PBN tags, ZRD/ZDD/ZRJ nibbles, JSON Lines dd/par.
/// Boards that already carry a whole table keep it unless --force;
/// a table not to be believed is solved again all the same: one
/// floored by the program that stored it (Dealmaster Pro stores 1 for
/// any count of 6 or fewer, BridgeNZ's txt2pbn 6, edr2pbn 4), or with
/// a count its deal forbids. Both are said at the end. A PBN OUT says at
/// its head that its tables are solved (`% boardfile solve: ...`), so
/// that a real table shaped like a floor is read as real.
/// A board with a play record also gets each card played valued
/// double dummy where OUT keeps it: JSON Lines play_values; HTML hand
/// records mark the cards that cost a trick (PBN has no tag for it).
/// Finished boards are kept in OUT.solving as they are done: an
/// interrupted run (Ctrl-C, kill, crash) is continued by running the
/// same command again. OUT appears only when every board is solved.
///
/// Othello: each position of an OBF file (a line: 64 squares a1..h8,
/// X, O or -, then the side to move) gets every legal move with its
/// exact score, the final disc difference for the side to move with
/// the empties to the winner, best first: `; G8:+18; H1:+12;`. A
/// player who must pass gets `PS:score`, a finished game its score
/// alone, as Edax writes them. With --best, each position's best move
/// and exact score only (`; G8:+18;`), one search a position: what the
/// FFO tests time. Positions are solved side by side on --jobs
/// threads, and a thread that has no position left helps another's
/// search: one position alone uses every thread, with the scores and
/// best moves of one.
#[derive(clap::Args)]
#[command(
    verbatim_doc_comment,
    after_help = examples(&[EXAMPLES]),
    after_long_help = examples(&[EXAMPLES, MORE_EXAMPLES]),
)]
pub struct Args {
    /// Input file, or - for standard input.
    input: PathBuf,
    /// Output file, or - for standard output (then no resuming).
    output: PathBuf,
    /// Input format; default: detected.
    #[arg(long, value_parser = parse_format, help_heading = heading::INPUT)]
    from: Option<Named>,
    /// Output format; default: OUT's extension.
    #[arg(long, value_parser = parse_format, help_heading = heading::OUTPUT)]
    to: Option<Named>,
    /// Solving threads; default: one a core.
    #[arg(long, short = 'j', value_name = "N")]
    jobs: Option<usize>,
    /// Solve boards that already carry a whole table too (tables
    /// floored or impossible are solved again without it).
    #[arg(long)]
    force: bool,
    /// Othello: each position's best move and exact score only (as the
    /// FFO tests are timed), not every move's: one search a position.
    #[arg(long, help_heading = heading::OTHELLO)]
    best: bool,
    /// PBN output: the double-dummy tags to write (see convert).
    #[arg(long, value_name = "TAGS", value_parser = DdTags::parse, help_heading = heading::OUTPUT)]
    dd_tags: Option<DdTags>,
    /// Write PBN 2.1 export format rather than the input's own layout
    /// with the new tags added (see convert).
    #[arg(long, help_heading = heading::OUTPUT)]
    normalize: bool,
    #[command(flatten)]
    layout: LayoutArgs,
    #[command(flatten)]
    titles: TitleArgs,
}

/// Solves IN into OUT.
pub fn exec(args: Args, _: &mut dyn Write) -> Result<Outcome, Failure> {
    let (input, output) = (Input::new(&args.input), Output::new(&args.output));
    refuse_overwrite(std::slice::from_ref(&input), std::slice::from_ref(&output))?;
    // Othello endgame positions (OBF) are told by their content.
    let opened = Opened::open(&input)?;
    if othello_positions(&opened, args.from.as_ref(), args.to.as_ref(), &output)? {
        if !args.titles.is_empty() {
            return Err(TitleArgs::not_for_othello());
        }
        let scoring = match args.best {
            true => boardfile_othello::positions::Scoring::Best,
            false => boardfile_othello::positions::Scoring::Every,
        };
        return othello::solve_positions(opened, &output, args.jobs, scoring);
    }
    if args.best {
        return Err(Failure::operational(
            "--best is for Othello endgame positions (OBF); a bridge solve gives every table entry"
                .into(),
        ));
    }
    if let Some(out) = output.path() {
        Journal::refuse_input(&input, out).map_err(|e| Failure::operational(e.to_string()))?;
    }
    let to = bridge_output(&output, args.to.as_ref())?;
    let AnyFormat::Bridge(from) = opened.format(args.from.as_ref())? else {
        return Err(Failure::operational(format!(
            "{input}: solving is for bridge deals and Othello positions (OBF)"
        )));
    };
    let options = write_options(args.dd_tags, args.normalize, args.layout, &args.titles);
    args.titles.note_untitled(&[(output.clone(), to)]);
    let solve = bridge::SolveArgs {
        output: &output,
        to,
        jobs: args.jobs,
        force: args.force,
        options: &options,
        headings: args.titles.headings(),
    };
    bridge::solve(opened, from, &solve)
}

/// True when the input holds Othello positions (OBF, by content or
/// --from); the output must then be OBF too (by --to, its extension, or -).
fn othello_positions(
    opened: &Opened,
    from: Option<&Named>,
    to: Option<&Named>,
    output: &Output,
) -> Result<bool, Failure> {
    let positions =
        |f: &AnyFormat| matches!(f, AnyFormat::Othello(o) if o.holds() == Holds::Positions);
    match opened.format(from) {
        Ok(f) if positions(&f) => {}
        _ => return Ok(false),
    }
    let obf_out = match to {
        Some(n) => n.0.iter().any(positions),
        None => output.path().is_none_or(|p| {
            OthelloFormat::from_path(p).is_some_and(|f| f.holds() == Holds::Positions)
        }),
    };
    if !obf_out {
        return Err(Failure::operational(format!(
            "{output}: solved Othello positions are written as OBF (.obf, or --to obf)"
        )));
    }
    Ok(true)
}
