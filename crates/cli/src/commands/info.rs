//! `boardfile info`: what a file is, holds and says; or a WTHOR database's
//! files, years and games.

use crate::args::{examples, heading, NameArgs, QueryArgs};
use crate::plan::{parse_format, AnyFormat, Named, Opened};
use crate::report::{each_file, Failure, Outcome};
use crate::{bridge, othello};
use std::io::Write;
use std::path::PathBuf;

/// The examples help and the man page show.
const EXAMPLES: &str = r#"
  # format, boards, set-level fields, warnings
  boardfile info set.dlm
  # each file's board count
  boardfile info --json *.pbn | jq .boards
  # a WTHOR database: files, years, games
  boardfile info wthor/
  # and the games a query keeps
  boardfile info wthor/ --player inoue
"#;

/// Show a file's format, board count, set-level fields and warnings.
///
/// A folder, a query (--player, --tournament, --year, --opening), or WTB
/// files given with WTHOR.JOU/WTHOR.TRN make the files one database.
#[derive(clap::Args)]
#[command(verbatim_doc_comment, after_help = examples(&[EXAMPLES]))]
pub struct Args {
    /// Files to describe (- for standard input).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Input format; default: detected.
    #[arg(long, value_parser = parse_format, help_heading = heading::INPUT)]
    from: Option<Named>,
    /// One JSON object a file, a line each (see the README).
    #[arg(long, help_heading = heading::OUTPUT)]
    json: bool,
    #[command(flatten)]
    names: NameArgs,
    #[command(flatten)]
    query: QueryArgs,
}

/// Describes every file, or the database they make.
pub fn exec(args: Args, out: &mut dyn Write) -> Result<Outcome, Failure> {
    let filter = args.query.filter()?;
    if othello::is_database(&args.files, &filter) {
        let names = args.names.database(false);
        return othello::database_info(&args.files, &filter, &names, args.json, out);
    }
    each_file(&args.files, args.json, out, |input, out| {
        let opened = Opened::open(input)?;
        match opened.format(args.from.as_ref())? {
            AnyFormat::Bridge(f) => bridge::info(opened, f, args.json, out),
            AnyFormat::Othello(f) => othello::info(opened, f, args.json, out),
        }
    })
}
