//! `boardfile serve`: the tool as a local web page.

use crate::args::examples;
use crate::report::{Failure, Outcome};
use crate::serve::{self, Config};
use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;

const EXAMPLES: &str = r#"
  # the page, in the browser, for the files of this folder
  boardfile serve . --open
  # uploads only, at a port of your choice
  boardfile serve --listen 127.0.0.1:8080
"#;

/// Run the whole tool as a web page on this computer, for a browser.
///
/// Open files by dropping them on the page (or those of DIR), see the
/// boards, convert and download them in any format, and make hand records
/// in PDF or HTML with a title and date. The page is served by boardfile
/// itself: nothing to install, no internet, nothing leaves the computer.
///
/// It listens on 127.0.0.1 at a free port and prints the address to open,
/// which holds a token made anew each run: every request must carry it,
/// so neither another program of the computer nor a web site can drive
/// it. Only files inside DIR (links not followed) and the files dropped
/// on the page are read; dropped files are kept in a private temporary
/// folder that goes when the server stops. Work is bounded: as many
/// commands at once as there are cores (more wait their turn), a deadline
/// on each, and --max-scratch on the private folder. Ctrl-C stops it.
#[derive(clap::Args)]
#[command(verbatim_doc_comment, after_help = examples(&[EXAMPLES]))]
pub struct Args {
    /// The folder whose files the page may open; none: dropped files only.
    dir: Option<PathBuf>,
    /// The address to listen at (port 0: a free one).
    ///
    /// Another address than loopback lets other computers reach the page;
    /// they still need the printed address, token and all. The page is
    /// plain HTTP: on a network, whoever can see its traffic can see the
    /// token.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:0")]
    listen: SocketAddr,
    /// Open the page in the browser.
    #[arg(long)]
    open: bool,
    /// The largest file that may be dropped on the page, in MiB.
    #[arg(long, value_name = "MIB", default_value = "1024")]
    max_upload: u64,
    /// The most the server's private folder may hold, in MiB: uploads,
    /// and the sets the page deals, joins and solves.
    ///
    /// Past it an upload is refused and running work is stopped, each
    /// with a message on the page (download what you need and start the
    /// server again).
    #[arg(long, value_name = "MIB", default_value = "2048")]
    max_scratch: u64,
}

/// Serves until stopped.
pub fn exec(args: Args, out: &mut dyn Write) -> Result<Outcome, Failure> {
    let config = Config {
        dir: args.dir,
        listen: args.listen,
        max_upload: args.max_upload.saturating_mul(1 << 20),
        max_scratch: args.max_scratch.saturating_mul(1 << 20),
    };
    // The commands the page runs print no notes to this terminal.
    crate::report::set_quiet(true);
    let mut said = Ok(());
    serve::run(config, |url| {
        said = writeln!(out, "boardfile serve: open {url}\n(Ctrl-C stops it)")
            .and_then(|_| out.flush());
        if args.open {
            open_browser(url);
        }
    })?;
    said?;
    Ok(Outcome::Ok)
}

/// Opens `url` in the user's browser, if one can be found; the address
/// printed is the way in either way.
fn open_browser(url: &str) {
    let tries: &[&str] = if cfg!(target_os = "macos") {
        &["open"]
    } else if cfg!(windows) {
        &["explorer"]
    } else {
        &["xdg-open", "sensible-browser", "x-www-browser"]
    };
    for program in tries {
        let started = std::process::Command::new(program)
            .arg(url)
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn();
        if started.is_ok() {
            return;
        }
    }
}
