//! `boardfile validate`: every problem of every file, with its place; or
//! of a WTHOR database.

use crate::args::{examples, heading, NameArgs, QueryArgs};
use crate::plan::{parse_format, AnyFormat, Named, Opened};
use crate::report::{each_file, Failure, Outcome};
use crate::{bridge, othello};
use std::io::Write;
use std::path::PathBuf;

/// The examples `-h` shows; `--help` and the man page add [`MORE_EXAMPLES`].
const EXAMPLES: &str = r#"
  # every problem of every file
  boardfile validate *.pbn *.dlm
  # stored tables checked by solving
  boardfile validate --solve solved.pbn
  # problems as JSON, with their places
  boardfile validate --json set.pbn
  # a warning fails the file too
  boardfile validate --strict set.pbn
"#;

const MORE_EXAMPLES: &str = r#"
  # every Othello game replayed
  boardfile validate WTH_2004.wtb
  # a WTHOR database, names indices checked
  boardfile validate wthor/
  # the problems of the games a query keeps
  boardfile validate wthor/ --year 2004
  # and every theoretical score proven
  boardfile validate --solve WTH_2004.wtb
  # the scores of one player's games
  boardfile validate --solve wthor/ --player "Tastet Marc"
"#;

/// Report every problem in each file, with its position.
///
/// Exit status 0 when all files are valid, 1 when any problem was found,
/// 2 when a file could not be read.
#[derive(clap::Args)]
#[command(
    verbatim_doc_comment,
    after_help = examples(&[EXAMPLES]),
    after_long_help = examples(&[EXAMPLES, MORE_EXAMPLES]),
)]
pub struct Args {
    /// Files to check (- for standard input).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Input format; default: detected for each file.
    #[arg(long, value_parser = parse_format, help_heading = heading::INPUT)]
    from: Option<Named>,
    /// Check stored double-dummy tables, par and Othello scores by solving.
    ///
    /// Bridge: solve every board that stores double-dummy tricks or a
    /// par, and report each stored value the solver disagrees with
    /// (board, declarer, strain, stored, solved). Othello (WTB, JSON
    /// Lines, or a database: the games a query keeps): prove or refute
    /// every game's stored theoretical score at the header's depth (the
    /// narrowest window around it, on every core), and report each
    /// wrong one (year, game, players, stored, solved by a full solve);
    /// games with no stored score are counted, not solved.
    #[arg(long)]
    solve: bool,
    /// One JSON object a file, a line each, with every problem and its place.
    ///
    /// See the README; nothing is printed on standard error.
    #[arg(long, help_heading = heading::OUTPUT)]
    json: bool,
    /// Warnings make a file invalid too (exit status 1, `"valid": false`).
    ///
    /// The warnings: what is read leniently or inferred, and boards that
    /// contradict themselves (an auction against the rules, a card its
    /// player does not hold, a lead by the wrong hand, a Result the play
    /// cannot give, a Score the contract and result do not). Without
    /// --strict they are printed beside a valid verdict.
    #[arg(long)]
    strict: bool,
    #[command(flatten)]
    names: NameArgs,
    #[command(flatten)]
    query: QueryArgs,
}

/// Checks every file, or the database they make.
pub fn exec(args: Args, out: &mut dyn Write) -> Result<Outcome, Failure> {
    let Args {
        files,
        from,
        solve,
        json,
        strict,
        names,
        query,
    } = args;
    let filter = query.filter()?;
    if othello::is_database(&files, &filter) {
        let names = names.database(false);
        return othello::database_validate(&files, &filter, &names, solve, strict, json, out);
    }
    each_file(&files, json, out, |input, out| {
        let opened = Opened::open(input)?;
        match opened.format(from.as_ref())? {
            AnyFormat::Bridge(f) => bridge::validate(opened, f, solve, strict, json, out),
            AnyFormat::Othello(f) => {
                let names = names.files(input, false);
                othello::validate(opened, f, &names, solve, strict, json, out)
            }
        }
    })
}
