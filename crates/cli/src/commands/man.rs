//! `boardfile man`: the manual pages, in roff: boardfile's own, which
//! lists the commands, and one a command (boardfile-convert(1),
//! boardfile-squaredeal-make(1)) with its options, under the help's
//! headings, and its examples.

use crate::args::{examples, heading};
use crate::report::{quiet, Failure, Outcome};
use boardfile_io::files::write_atomically;
use clap::Command;
use clap_mangen::roff::{roman, Roff};
use clap_mangen::Man;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The examples help and the man page show.
const EXAMPLES: &str = r#"
  # boardfile's page, read at once
  boardfile man | man -l -
  # convert's page, with its options
  boardfile man convert | man -l -
  # the page of one of squaredeal's commands
  boardfile man squaredeal make | man -l -
  # every page, where man finds them (~/.local/bin on the PATH)
  boardfile man --dir ~/.local/share/man/man1
"#;

/// Print a manual page (roff): boardfile's, or a command's.
///
/// boardfile's page lists the commands, each a page of its own named
/// boardfile-COMMAND(1); COMMAND prints that page, with the command's
/// options and examples (squaredeal make: a page of a squaredeal
/// command, boardfile-squaredeal-make(1)). --dir writes the pages as
/// files for man instead, each named as its page is (boardfile.1,
/// boardfile-convert.1...).
#[derive(clap::Args)]
#[command(verbatim_doc_comment, after_help = examples(&[EXAMPLES]))]
pub struct Args {
    /// The command whose page to print; default: boardfile's own page.
    #[arg(value_name = "COMMAND")]
    command: Vec<String>,
    /// Write the pages into DIR, made if missing: every page, or COMMAND's
    /// and its commands'.
    ///
    /// Each page is a file named as the page (boardfile-convert.1), and
    /// replaces one of that name (an older version's); its path is
    /// printed.
    #[arg(long, value_name = "DIR", help_heading = heading::OUTPUT)]
    dir: Option<PathBuf>,
}

/// Prints the manual page of `whole`, the program's command line, or of
/// one of its commands; or writes them.
pub fn exec(args: Args, whole: Command, out: &mut dyn Write) -> Result<Outcome, Failure> {
    // clap's `help` command is no page of its own: each page has -h.
    let mut whole = whole.disable_help_subcommand(true);
    // Built, every command carries the global options and its page's name
    // (boardfile-squaredeal-make).
    whole.build();
    let version = whole.get_version().unwrap_or_default().to_owned();
    let cmd = find(&whole, &args.command)?;
    match &args.dir {
        None => out.write_all(&page(cmd, &version)?)?,
        Some(dir) => write_pages(cmd, &version, dir, out)?,
    }
    Ok(Outcome::Ok)
}

/// The command `path` names under `whole` (none: `whole`).
fn find<'a>(whole: &'a Command, path: &[String]) -> Result<&'a Command, Failure> {
    let mut cmd = whole;
    for (i, name) in path.iter().enumerate() {
        cmd = cmd.find_subcommand(name).ok_or_else(|| {
            let above = match i {
                0 => "boardfile".to_owned(),
                _ => path[..i].join(" "),
            };
            let names: Vec<&str> = cmd.get_subcommands().map(Command::get_name).collect();
            Failure::operational(match names.is_empty() {
                true => format!("man: {name}: {above} has no commands"),
                false => format!(
                    "man: {name}: {above} has no such command; its commands: {}",
                    names.join(", ")
                ),
            })
        })?;
    }
    Ok(cmd)
}

/// The page's name: boardfile, boardfile-convert, boardfile-squaredeal-make.
fn name(cmd: &Command) -> &str {
    cmd.get_display_name().unwrap_or_else(|| cmd.get_name())
}

/// Writes the page of `cmd` and those of its commands into `dir`, each
/// in its own file, printing each path.
fn write_pages(
    cmd: &Command,
    version: &str,
    dir: &Path,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    std::fs::create_dir_all(dir).map_err(|e| {
        Failure::operational(format!("{}: cannot make the folder: {e}", dir.display()))
    })?;
    let path = dir.join(format!("{}.1", name(cmd)));
    write_atomically(&path, &page(cmd, version)?)
        .map_err(|e| Failure::output(&path.display(), e))?;
    if !quiet() {
        writeln!(out, "{}", path.display())?;
    }
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        write_pages(sub, version, dir, out)?;
    }
    Ok(())
}

/// The page of `cmd` in roff: clap_mangen's sections (NAME, SYNOPSIS,
/// DESCRIPTION, the options under the help's headings, SUBCOMMANDS),
/// then EXAMPLES with the lines kept as help prints them, SEE ALSO the
/// page of the command above, and VERSION.
fn page(cmd: &Command, version: &str) -> io::Result<Vec<u8>> {
    let man = Man::new(cmd.clone()).source(format!("boardfile {version}"));
    let mut text = Vec::new();
    man.render_title(&mut text)?;
    man.render_name_section(&mut text)?;
    man.render_synopsis_section(&mut text)?;
    man.render_description_section(&mut text)?;
    if cmd.get_arguments().any(|a| !a.is_hide_set()) {
        man.render_options_section(&mut text)?;
    }
    if cmd.has_subcommands() {
        man.render_subcommands_section(&mut text)?;
    }
    let mut roff = Roff::new();
    examples_section(cmd, &mut roff);
    see_also_section(cmd, &mut roff);
    roff.to_writer(&mut text)?;
    if cmd.get_version().is_some() {
        man.render_version_section(&mut text)?;
    }
    // Each section comes with roff's definition of the apostrophe: once
    // at the top is enough.
    let preamble = Roff::new().render();
    let body = String::from_utf8_lossy(&text).replace(&preamble, "");
    Ok([preamble, body].concat().into_bytes())
}

/// EXAMPLES: the command's examples (its help's after the options),
/// not filled, each line as help prints it.
fn examples_section(cmd: &Command, roff: &mut Roff) {
    let Some(help) = cmd.get_after_long_help().or(cmd.get_after_help()) else {
        return;
    };
    roff.control("SH", ["EXAMPLES"]);
    roff.control("nf", []);
    // Past the "Examples:" header, less the help's indentation.
    for line in help.to_string().lines().skip(1) {
        roff.text([roman(line.strip_prefix("  ").unwrap_or(line))]);
    }
    roff.control("fi", []);
}

/// SEE ALSO: the page of the command above (boardfile(1) for
/// boardfile-convert(1)).
fn see_also_section(cmd: &Command, roff: &mut Roff) {
    let above = name(cmd)
        .strip_suffix(cmd.get_name())
        .and_then(|s| s.strip_suffix('-'));
    if let Some(above) = above {
        roff.control("SH", ["SEE ALSO"]);
        roff.text([roman(format!("{above}(1)"))]);
    }
}
