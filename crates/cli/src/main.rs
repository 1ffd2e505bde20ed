//! `boardfile`: the command line over the bridge and Othello libraries.
//! Each command is a module of [`commands`] that settles a plan (inputs
//! and outputs, formats: [`plan`]) and runs it through the libraries; the
//! bridge and Othello halves of the commands that take either game are in
//! [`bridge`] and [`othello`], and [`report`] prints.

mod args;
mod bridge;
mod commands;
mod json;
mod othello;
mod plan;
mod report;
mod serve;

use boardfile_io::Output;
use clap::{CommandFactory, FromArgMatches};
use commands::Cli;
use report::Failure;
use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    boardfile_io::files::handle_signals();
    let mut command = Cli::command();
    if let Some(width) = report::terminal_width() {
        command = command.term_width(width.min(100));
    }
    let cli = match command
        .try_get_matches()
        .and_then(|m| Cli::from_arg_matches(&m))
    {
        Ok(cli) => cli,
        Err(e) => return report::usage(e),
    };
    report::set_quiet(cli.quiet);
    report::set_verbose(cli.verbose);
    report::set_progress_lines(cli.progress_json);
    let mut stdout = std::io::stdout().lock();
    let outcome = commands::exec(cli.command, &mut stdout);
    let outcome = outcome.and_then(|o| {
        stdout
            .flush()
            .map(|_| o)
            .map_err(|e| Failure::output(&Output::Stdout, boardfile_io::OutputError::write(e)))
    });
    report::finish(outcome)
}
