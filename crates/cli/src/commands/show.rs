//! `boardfile show`: hand diagrams, or Othello games' final boards.

use crate::args::{heading, NameArgs};
use crate::plan::{parse_format, AnyFormat, Named, Opened};
use crate::report::{Failure, Outcome};
use crate::{bridge, othello};
use boardfile_io::Input;
use std::io::Write;
use std::path::PathBuf;

/// Print hand diagrams with high-card points, or Othello games' final
/// boards and scores.
///
/// Examples:
///   boardfile show set.pbn --board 3
///   boardfile show set.dlm --ascii | less
#[derive(clap::Args)]
#[command(verbatim_doc_comment)]
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
