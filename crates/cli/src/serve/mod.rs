//! `boardfile serve`: the tool as a local web page. The server holds no
//! format knowledge of its own: it opens files as the commands do
//! ([`crate::plan`]) and calls the same library functions; the page's
//! files are compiled in ([`page`]), so it works offline.
//!
//! Safe by default ([`guard`]): it listens on loopback unless told
//! otherwise; every request but the page's own files must carry the run's
//! random token in a header (the printed address holds it in its
//! fragment; never a cookie, which a browser would send to every port);
//! Host and Origin are checked, so neither a web site the user visits nor
//! a rebinding DNS name can drive it. Connections are bounded in time,
//! pace and number ([`conns`]), so a client without the token holds
//! nothing. Files are opened only beneath DIR and the run's private
//! folder, without following links and without races ([`files`],
//! [`beneath`]). Work is bounded by what it asks ([`mod@run`], [`jobs`]): a
//! place among a few a core, a deadline, killed when its client goes or
//! the server stops, and the private folder's quota (`--max-scratch`),
//! which the watcher keeps ([`watch_scratch`]).

mod api;
mod beneath;
mod conns;
mod error;
mod files;
mod guard;
mod jobs;
mod page;
mod run;

use crate::report::Failure;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tokio_util::sync::CancellationToken;

/// How the server is run.
pub struct Config {
    /// The folder whose files the page may open; none: uploads only.
    pub dir: Option<PathBuf>,
    /// Where it listens (port 0: a free one).
    pub listen: SocketAddr,
    /// The largest upload taken, in bytes.
    pub max_upload: u64,
    /// The most the private folder may hold, in bytes.
    pub max_scratch: u64,
    /// Make a page that leads to the address, for a browser ([`launcher`]).
    pub launcher: bool,
}

/// What every request's handler shares.
pub struct State {
    pub files: files::Files,
    pub guard: guard::Guard,
    pub jobs: jobs::Jobs,
    /// Places for the requests' commands (a core each).
    pub places: run::Places,
    /// Places for work done in the server (a page of boards): two a core.
    pub work: run::Places,
    /// Every child running, jobs' and requests'.
    pub children: Arc<run::Children>,
    /// Cancelled when the server stops.
    pub stop: CancellationToken,
    /// The last Othello query's games, for its next pages.
    pub games: tokio::sync::Mutex<Option<api::Converted>>,
}

/// How long the server takes at most to stop, whatever runs.
const STOPPING: Duration = Duration::from_secs(6);

/// Runs the server until Ctrl-C (or SIGTERM, SIGHUP): `ready` hears the address
/// to open (with the token) once it listens, and when asked a page in the
/// private folder that leads there ([`launcher`]). Uploads and unfinished
/// outputs are removed when it stops, within a few seconds whatever was
/// running.
pub fn run(
    config: Config,
    ready: impl FnOnce(&str, Option<&std::path::Path>),
) -> Result<(), Failure> {
    // The server stops on these itself, cleaning up as it goes; the
    // handler the commands use (remove the output being written, then
    // die) would be called after its own and end the process first.
    #[cfg(unix)]
    // SAFETY: setting the default action, before any thread is started.
    unsafe {
        libc::signal(libc::SIGINT, libc::SIG_DFL);
        libc::signal(libc::SIGTERM, libc::SIG_DFL);
        libc::signal(libc::SIGHUP, libc::SIG_DFL);
    }
    more_descriptors();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure::operational(format!("serve: cannot start: {e}")))?;
    let mut scratch = None;
    let served = runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(config.listen)
            .await
            .map_err(|e| Failure::operational(format!("serve: {}: {e}", config.listen)))?;
        let bound = listener
            .local_addr()
            .map_err(|e| Failure::operational(format!("serve: {e}")))?;
        let guard = guard::Guard::new(bound)?;
        let url = guard.url();
        let files = files::Files::new(config.dir, config.max_upload, config.max_scratch)?;
        scratch = Some(files.scratch().to_path_buf());
        let cores = cores();
        let state = Arc::new(State {
            files,
            guard,
            jobs: jobs::Jobs::new(cores),
            places: run::Places::new(cores, run::MOST_WAITING, "requests"),
            work: run::Places::new(2 * cores, run::MOST_WAITING, "requests"),
            children: Default::default(),
            stop: CancellationToken::new(),
            games: Default::default(),
        });
        let app = api::router(state.clone());
        let stop = stopped();
        let launcher = match config.launcher {
            true => Some(launcher(state.files.scratch(), &url)?),
            false => None,
        };
        ready(&url, launcher.as_deref());
        tokio::spawn(watch_scratch(state.clone()));
        let serving = tokio::spawn(conns::serve(listener, app, state.stop.clone()));
        stop.await;
        // The jobs first (as at Ctrl-C: a solve keeps its journal), then
        // every other child; the connections finish what they serve.
        state.stop.cancel();
        state.jobs.cancel_all();
        let children = state.children.clone();
        let ending = async {
            children.stop_all(Duration::from_secs(2)).await;
            let _ = serving.await;
        };
        let _ = tokio::time::timeout(STOPPING, ending).await;
        Ok(())
    });
    // Work still running on the pool's threads is not waited for.
    runtime.shutdown_timeout(Duration::from_millis(500));
    if let Some(scratch) = scratch {
        let _ = std::fs::remove_dir_all(scratch);
    }
    served
}

/// A page in the private folder (which only this user can read) that
/// leads to `url`: what `--open` gives the browser, so that the token is
/// never in a command line another user could read (as Jupyter does).
fn launcher(scratch: &std::path::Path, url: &str) -> Result<std::path::PathBuf, Failure> {
    let path = scratch.join(".open.html");
    let page = format!(
        "<!DOCTYPE html>\n<meta charset=\"utf-8\">\n\
         <meta http-equiv=\"refresh\" content=\"0;url={url}\">\n\
         <title>boardfile</title>\n<p><a href=\"{url}\">Open boardfile</a></p>\n"
    );
    let mut open = std::fs::OpenOptions::new();
    open.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut open, 0o600);
    let written = open
        .open(&path)
        .and_then(|mut f| std::io::Write::write_all(&mut f, page.as_bytes()));
    written.map_err(|e| Failure::operational(format!("serve: {}: {e}", path.display())))?;
    Ok(path)
}

/// Keeps the private folder within its quota: measures it twice a
/// second, and when it is over, stops every child (a job so stopped says
/// the folder is full; a request's command answers 507).
async fn watch_scratch(state: Arc<State>) {
    let mut tick = tokio::time::interval(Duration::from_millis(500));
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            _ = state.stop.cancelled() => return,
        }
        let measuring = state.clone();
        let Ok(used) = tokio::task::spawn_blocking(move || measuring.files.measure()).await else {
            continue;
        };
        let files = &state.files;
        if used > files.max_scratch {
            state.jobs.note_full(&files.full().to_string());
            state.children.stop_all(Duration::from_secs(1)).await;
        }
    }
}

/// Raises this process's limit of open descriptors to its hard limit (a
/// soft limit of 1,024 is common), so that the connections' cap, not the
/// descriptors, is what bounds them.
fn more_descriptors() {
    #[cfg(unix)]
    // SAFETY: getrlimit and setrlimit on a struct of our own.
    unsafe {
        let mut limit = std::mem::zeroed::<libc::rlimit>();
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) == 0 && limit.rlim_cur < limit.rlim_max
        {
            limit.rlim_cur = limit.rlim_max.min(65_536);
            libc::setrlimit(libc::RLIMIT_NOFILE, &limit);
        }
    }
}

/// Resolves at Ctrl-C, SIGTERM or SIGHUP (the terminal closed). The
/// signals are taken from the call on, before the future is first
/// awaited: a signal that comes while the address is being printed stops
/// the server as cleanly as a later one.
fn stopped() -> impl std::future::Future<Output = ()> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let taken = [
            SignalKind::interrupt(),
            SignalKind::terminate(),
            SignalKind::hangup(),
        ]
        .map(signal);
        async move {
            let mut streams: Vec<_> = taken.into_iter().filter_map(Result::ok).collect();
            if streams.is_empty() {
                return std::future::pending().await;
            }
            let any = streams.iter_mut().map(|s| Box::pin(s.recv()));
            futures_util::future::select_all(any).await;
        }
    }
    #[cfg(not(unix))]
    async {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// The cores: how many commands run at once.
fn cores() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get())
}
