//! `boardfile show`: hand diagrams, or Othello games' final boards.

use crate::args::{examples, heading, NameArgs};
use crate::plan::{parse_format, AnyFormat, Named, Opened};
use crate::report::{Failure, Outcome};
use crate::{bridge, othello};
use boardfile_io::Input;
use boardfile_othello::convert::Solve;
use std::io::Write;
use std::path::PathBuf;

/// The empty squares `show --solve` starts from by default: a game's
/// positions from there take about a second on one core (20 games of
/// WTH_2004, release build: 4.9 s from 20 empties, 17.7 s from 22, 75.6 s
/// from 24).
const DEFAULT_EMPTIES: u32 = 22;

/// The examples help and the man page show.
const EXAMPLES: &str = r#"
  # board 3's hand diagram, HCP and double-dummy table
  boardfile show set.pbn --board 3
  # suit letters, page by page
  boardfile show set.dlm --ascii | less
  # an Othello game's final board and score
  boardfile show WTH_2004.wtb --board 10
  # which cards cost a trick? the play valued double dummy
  boardfile show played.pbn --board 3 --solve
  # where was it lost? its last 20 moves valued exactly
  boardfile show WTH_2004.wtb --board 10 --solve --empties 20
"#;

/// Print hand diagrams, or Othello games' final boards and scores.
///
/// Bridge: each board's hand diagram, with high-card points; with
/// --solve, each card of its play with declarer's double-dummy tricks
/// after it, `(-1)` where a card cost its side a trick. Othello:
/// each game's final board and score; with --solve, each move from
/// --empties on with its exact value (the final disc difference for the
/// player, best play after), the best move beside a worse one, and the
/// moves that changed the result marked ("lost a won game").
#[derive(clap::Args)]
#[command(verbatim_doc_comment, after_help = examples(&[EXAMPLES]))]
pub struct Args {
    /// The file (- for standard input).
    file: PathBuf,
    /// Only this board number (Othello: this game, from 1).
    #[arg(long)]
    board: Option<u32>,
    /// Input format; default: detected.
    #[arg(long, value_parser = parse_format, help_heading = heading::INPUT)]
    from: Option<Named>,
    /// Suit letters S H D C instead of symbols.
    #[arg(long, help_heading = heading::BRIDGE)]
    ascii: bool,
    /// Bridge: each card of the play valued double dummy (declarer's
    /// tricks after it), the cards that cost a trick marked. Othello: each
    /// move from --empties on valued exactly by the endgame solver, the
    /// best move beside a worse one, and the moves that changed the result
    /// (the one that lost the game) marked.
    #[arg(long)]
    solve: bool,
    /// With --solve: the most empty squares of the first position valued
    /// (default 22: a game in about a second; two more cost about four
    /// times the time).
    #[arg(long, value_name = "N", requires = "solve", value_parser = clap::value_parser!(u32).range(1..=60), help_heading = heading::OTHELLO)]
    empties: Option<u32>,
    /// With --solve: a JSON object a game (its moves' values) instead of
    /// the text.
    #[arg(long, requires = "solve", help_heading = heading::OTHELLO)]
    json: bool,
    #[command(flatten)]
    names: NameArgs,
}

/// Prints the file's boards, or one.
pub fn exec(args: Args, out: &mut dyn Write) -> Result<Outcome, Failure> {
    let input = Input::new(&args.file);
    let opened = Opened::open(&input)?;
    match opened.format(args.from.as_ref())? {
        AnyFormat::Bridge(_) if args.json || args.empties.is_some() => Err(Failure::operational(
            "--json and --empties are for Othello games; a bridge board's play is valued whole"
                .into(),
        )),
        AnyFormat::Bridge(f) => bridge::show(opened, f, args.board, args.ascii, args.solve, out),
        AnyFormat::Othello(f) => {
            let names = args.names.files(&input, false);
            let solve = args.solve.then(|| Solve {
                empties: args.empties.unwrap_or(DEFAULT_EMPTIES),
                json: args.json,
            });
            othello::show(opened, f, args.board, &names, solve, out)
        }
    }
}
