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
/// on the page are read; dropped files, and the sets the page makes, are
/// kept in a private temporary folder that goes when the server stops,
/// unless saved (the page's Save to folder writes into DIR, never over a
/// file there without asking) or downloaded. Work is bounded: as many
/// commands at once as there are cores (more wait their turn), a deadline
/// on each but a solve (which the page cancels), and --max-scratch on the
/// private folder. Ctrl-C stops it.
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
        launcher: args.open,
    };
    // The commands the page runs print no notes to this terminal.
    crate::report::set_quiet(true);
    let mut said = Ok(());
    serve::run(config, |url, launcher| {
        said = writeln!(out, "boardfile serve: open {url}\n(Ctrl-C stops it)")
            .and_then(|_| out.flush());
        if launcher.is_some_and(|l| !open_browser(l)) {
            eprintln!(
                "boardfile serve: no browser could be started: open the address above in one"
            );
        }
    })?;
    said?;
    Ok(Outcome::Ok)
}

/// Opens the page `launcher` (a file of the private folder that leads to
/// the address: the token is never in a command line) in the user's
/// browser, if one can be started: whether one was. The program that
/// opens it is waited for on a thread of its own, so none is left behind.
fn open_browser(launcher: &std::path::Path) -> bool {
    let tries: &[&str] = if cfg!(target_os = "macos") {
        &["open"]
    } else if cfg!(windows) {
        &["explorer"]
    } else {
        &["xdg-open", "sensible-browser", "x-www-browser"]
    };
    for program in tries {
        let started = std::process::Command::new(program)
            .arg(launcher)
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn();
        if let Ok(mut child) = started {
            // xdg-open ends at once when it finds no browser: it failed.
            let waited = std::thread::spawn(move || child.wait());
            std::thread::sleep(std::time::Duration::from_millis(500));
            if waited.is_finished() {
                let ok = waited
                    .join()
                    .ok()
                    .and_then(Result::ok)
                    .is_some_and(|s| s.success());
                if ok {
                    return true;
                }
                continue;
            }
            return true;
        }
    }
    false
}
