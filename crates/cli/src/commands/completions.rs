//! `boardfile completions`: a shell's completion script.

use crate::args::examples;
use crate::report::{Failure, Outcome};
use std::io::Write;

/// The examples help and the man page show.
const EXAMPLES: &str = r#"
  # bash, for this user (the folder made first: mkdir -p it)
  boardfile completions bash \
    > ~/.local/share/bash-completion/completions/boardfile
  # zsh: a folder in fpath
  boardfile completions zsh > ~/.zfunc/_boardfile
  # fish
  boardfile completions fish > ~/.config/fish/completions/boardfile.fish
"#;

/// Print a shell's completion script for boardfile.
#[derive(clap::Args)]
#[command(verbatim_doc_comment, after_help = examples(&[EXAMPLES]))]
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
    // clap_complete stops the program on a failed write (a closed pipe):
    // written here instead, where a closed pipe is a normal end.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, whole, "boardfile", &mut script);
    out.write_all(&script)?;
    Ok(Outcome::Ok)
}
