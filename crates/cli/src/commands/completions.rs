//! `boardfile completions`: a shell's completion script.

use crate::report::{Failure, Outcome};
use std::io::Write;

/// Print a shell's completion script for boardfile.
///
/// Examples:
///   boardfile completions bash > ~/.local/share/bash-completion/completions/boardfile
///   boardfile completions zsh > ~/.zfunc/_boardfile
///   boardfile completions fish > ~/.config/fish/completions/boardfile.fish
#[derive(clap::Args)]
#[command(verbatim_doc_comment)]
pub struct Args {
    /// The shell: bash, zsh, fish, elvish or powershell.
    shell: clap_complete::Shell,
}

/// Prints the completion script of `whole`, the program's command line.
pub fn exec(
    args: Args,
    whole: &mut clap::Command,
    out: &mut dyn Write,
) -> Result<Outcome, Failure> {
    clap_complete::generate(args.shell, whole, "boardfile", out);
    Ok(Outcome::Ok)
}
