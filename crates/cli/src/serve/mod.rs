//! `boardfile serve`: the tool as a local web page. The server holds no
//! format knowledge of its own: it opens files as the commands do
//! ([`crate::plan`]) and calls the same library functions; the page's
//! files are compiled in ([`page`]), so it works offline.
//!
//! Safe by default ([`guard`]): it listens on loopback unless told
//! otherwise; every request must carry the run's random token (the
//! printed address holds it; the page keeps it in a same-site cookie);
//! Host and Origin are checked, so neither a web site the user visits nor
//! a rebinding DNS name can drive it. Files are read only inside DIR and
//! the run's private upload folder ([`files`]); uploads are streamed to
//! disk under a size limit, and the folder goes when the server stops.

mod api;
mod files;
mod guard;
mod jobs;
mod page;

use crate::report::Failure;
use std::future::IntoFuture;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

/// How the server is run.
pub struct Config {
    /// The folder whose files the page may open; none: uploads only.
    pub dir: Option<PathBuf>,
    /// Where it listens (port 0: a free one).
    pub listen: SocketAddr,
    /// The largest upload taken, in bytes.
    pub max_upload: u64,
}

/// What every request's handler shares.
pub struct State {
    pub files: files::Files,
    pub guard: guard::Guard,
    pub jobs: jobs::Jobs,
    /// Places for work on the blocking pool (reading, converting).
    pub work: tokio::sync::Semaphore,
    /// The last Othello query's games, for its next pages.
    pub games: std::sync::Mutex<Option<api::Converted>>,
}

/// Runs the server until Ctrl-C (or SIGTERM, SIGHUP): `ready` hears the address
/// to open (with the token) once it listens. Uploads and unfinished
/// outputs are removed when it stops.
pub fn run(config: Config, ready: impl FnOnce(&str)) -> Result<(), Failure> {
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
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure::operational(format!("serve: cannot start: {e}")))?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(config.listen)
            .await
            .map_err(|e| Failure::operational(format!("serve: {}: {e}", config.listen)))?;
        let bound = listener
            .local_addr()
            .map_err(|e| Failure::operational(format!("serve: {e}")))?;
        let guard = guard::Guard::new(bound)?;
        let url = guard.url();
        let files = files::Files::new(config.dir, config.max_upload)?;
        let state = Arc::new(State {
            files,
            guard,
            jobs: jobs::Jobs::default(),
            work: tokio::sync::Semaphore::new(places_for_work()),
            games: Default::default(),
        });
        let app = api::router(state.clone());
        ready(&url);
        let signalled = Arc::new(tokio::sync::Notify::new());
        let shutdown = {
            let (state, signalled) = (state.clone(), signalled.clone());
            async move {
                stopped().await;
                // The jobs first: a job's event stream ends with it, so
                // the requests still open can finish.
                state.jobs.cancel_all();
                signalled.notify_one();
            }
        };
        let serving = axum::serve(listener, app).with_graceful_shutdown(shutdown);
        // A client that holds a request open does not hold the server.
        let given_up = async {
            signalled.notified().await;
            tokio::time::sleep(std::time::Duration::from_secs(10)).await;
        };
        tokio::select! {
            served = serving.into_future() => {
                served.map_err(|e| Failure::operational(format!("serve: {e}")))?;
            }
            _ = given_up => {}
        }
        Ok(())
    })
}

/// Resolves at Ctrl-C, SIGTERM or SIGHUP (the terminal closed).
async fn stopped() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        use tokio::signal::unix::{signal, SignalKind};
        let (term, hangup) = (
            signal(SignalKind::terminate()),
            signal(SignalKind::hangup()),
        );
        match (term, hangup) {
            (Ok(mut t), Ok(mut h)) => {
                tokio::select! {
                    _ = t.recv() => {}
                    _ = h.recv() => {}
                }
            }
            _ => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = interrupt => {}
        _ = terminate => {}
    }
}

/// How many requests' work runs at once: two a core.
fn places_for_work() -> usize {
    std::thread::available_parallelism().map_or(2, |n| 2 * n.get())
}
