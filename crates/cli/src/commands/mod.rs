//! The commands: one module each, with its arguments (`Args`, clap's
//! definition and its help) and `exec`, which turns them into library
//! calls. A new command is its module and one line in [`Command`] and
//! [`exec`].

mod checksum;
mod completions;
mod convert;
mod deal;
mod formats;
mod info;
mod join;
mod leads;
mod man;
mod serve;
mod show;
mod solve;
mod squaredeal;
mod validate;

use crate::args::examples;
use crate::report::{Failure, Outcome};
use clap::{CommandFactory, Parser, Subcommand};
use std::io::Write;

/// The examples `-h` shows; `--help` and the man page add [`MORE_EXAMPLES`].
const EXAMPLES: &str = r#"
  # a dealing machine's DLM from PBN
  boardfile convert set.pbn set.dlm
  # double-dummy tables and par, added
  boardfile solve set.pbn solved.pbn
  # every problem of every file
  boardfile validate *.pbn
"#;

const MORE_EXAMPLES: &str = r#"
  # DUP to JSON Lines on standard output
  boardfile convert set.dup - --to jsonl
  # all but the boards that do not read
  boardfile convert old.pbn new.pbn --skip-bad
  # strict PBN 2.1 export format
  boardfile convert in.pbn out.pbn --normalize
  # a command's options, and its examples
  boardfile convert --help
"#;

/// Read, validate and convert bridge board sets and Othello game files.
///
/// Bridge: BRI, DGE, BRE, DUP, HRF (Duplimate/Dealer4), DLM, PBN 2.1, LIN
/// (Bridge Base Online), Pavlicek's ZBS, ZBD, ZDD, ZRD, ZRJ and deal numbers
/// (DEALNUM), Big Deal's GOE, BER, BHG, RZD, CDS and BIGDEAL-CSV, and JSON
/// Lines; HTML and PDF hand records. Othello: the WTHOR database (WTB, WTD,
/// PZZ, JOU, TRN; a folder of it as one input), JSON Lines, transcripts, GGF
/// and PGN, OBF endgame positions (solved exactly by `solve`), and CSV
/// output. A format is chosen by --from/--to, else by the file's content,
/// else by its extension (Pavlicek's binary formats and WTHOR files, which
/// have no signature, by the extension first). `-` reads standard input or
/// writes standard output. Bridge files of any size are converted a board
/// at a time, in the memory of one board.
///
/// PBN and LIN come back as they were: a board read from one is written to
/// the same format byte for byte (through JSON Lines too), and a board that
/// changed (a table solve adds, an edited tag) has only the lines of what
/// changed rewritten, in the file's own style. --normalize writes the
/// standard form instead (PBN 2.1 export format).
///
/// Exit status: 0 success, 1 invalid input, 2 could not run (usage, I/O).
#[derive(Parser)]
#[command(
    name = "boardfile",
    version,
    verbatim_doc_comment,
    after_help = examples(&[EXAMPLES]),
    after_long_help = examples(&[EXAMPLES, MORE_EXAMPLES]),
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// Print no notes or warnings; errors still print.
    ///
    /// Notes and warnings: what a format drops, leniencies, progress.
    #[arg(short, long, global = true)]
    pub quiet: bool,
    /// Print every warning: by default the first few of each kind are
    /// printed, and a line counts the rest.
    #[arg(short, long, global = true)]
    pub verbose: bool,
    /// Progress as lines of JSON on standard error (for programs).
    #[arg(long, global = true, hide = true)]
    pub progress_json: bool,
}

/// Every command, in the order `boardfile --help` lists them; each one's
/// help is its `Args`' documentation.
#[derive(Subcommand)]
pub enum Command {
    Convert(convert::Args),
    Join(join::Args),
    Info(info::Args),
    Validate(validate::Args),
    Show(show::Args),
    Solve(solve::Args),
    Deal(deal::Args),
    Leads(leads::Args),
    Squaredeal(squaredeal::Args),
    Serve(serve::Args),
    Formats(formats::Args),
    Completions(completions::Args),
    Man(man::Args),
    Checksum(checksum::Args),
}

/// Runs a command, its report on `out`.
pub fn exec(command: Command, out: &mut dyn Write) -> Result<Outcome, Failure> {
    match command {
        Command::Convert(args) => convert::exec(args, out),
        Command::Join(args) => join::exec(args, out),
        Command::Info(args) => info::exec(args, out),
        Command::Validate(args) => validate::exec(args, out),
        Command::Show(args) => show::exec(args, out),
        Command::Solve(args) => solve::exec(args, out),
        Command::Deal(args) => deal::exec(args, out),
        Command::Leads(args) => leads::exec(args, out),
        Command::Squaredeal(args) => squaredeal::exec(args, out),
        Command::Serve(args) => serve::exec(args, out),
        Command::Formats(args) => formats::exec(args, out),
        Command::Completions(args) => completions::exec(args, &mut Cli::command(), out),
        Command::Man(args) => man::exec(args, Cli::command(), out),
        Command::Checksum(args) => checksum::exec(args, out),
    }
}
