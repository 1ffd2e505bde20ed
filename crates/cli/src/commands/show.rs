//! `boardfile show`: hand diagrams, or Othello games' final boards.

use crate::args::{examples, heading, NameArgs};
use crate::plan::{parse_format, AnyFormat, Named, Opened};
use crate::report::{Failure, Outcome};
use crate::{bridge, othello};
use boardfile_io::Input;
use std::io::Write;
use std::path::PathBuf;

/// The examples help and the man page show.
const EXAMPLES: &str = r#"
  # board 3's hand diagram, HCP and double-dummy table
  boardfile show set.pbn --board 3
  # suit letters, page by page
  boardfile show set.dlm --ascii | less
  # an Othello game's final board and score
  boardfile show WTH_2004.wtb --board 10
"#;

/// Print hand diagrams, or Othello games' final boards and scores.
///
/// Bridge: each board's hand diagram, with high-card points. Othello:
/// each game's final board and score.
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
    #[command(flatten)]
    names: NameArgs,
}

/// Prints the file's boards, or one.
pub fn exec(args: Args, out: &mut dyn Write) -> Result<Outcome, Failure> {
    let input = Input::new(&args.file);
    let opened = Opened::open(&input)?;
    match opened.format(args.from.as_ref())? {
        AnyFormat::Bridge(f) => bridge::show(opened, f, args.board, args.ascii, out),
        AnyFormat::Othello(f) => {
            let names = args.names.files(&input, false);
            othello::show(opened, f, args.board, &names, out)
        }
    }
}
