//! The page's work, bounded: each command the page asks for (convert,
//! join, the games of a query, positions, SquareDeal) runs as a child
//! process, the `boardfile` command with the arguments a user would type,
//! so that it can be stopped whatever it is doing.
//!
//! - A place first ([`Places`]): as many at once as there are cores; a
//!   few more wait their turn, and past [`MOST_WAITING`] a request is
//!   refused (429).
//! - A deadline: past it the command is killed and the page told (503).
//! - A client that goes away drops its request, and with it the child
//!   (killed); so does the server's shutdown.
//! - Its files may not grow past the private folder's room
//!   (`RLIMIT_FSIZE`), and the watcher ([`super::watch_scratch`]) kills
//!   every child when the folder is full (507).
//!
//! Work done in the server itself (a page of boards) checks a [`Cancel`]
//! between boards: the client gone, the deadline past or the server
//! stopping ends it.

use super::api::ApiError;
use super::files::Names;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio_util::sync::CancellationToken;

/// The most requests waiting for a place.
pub const MOST_WAITING: usize = 32;

/// Places for work: a semaphore with a bounded queue.
pub struct Places {
    free: tokio::sync::Semaphore,
    waiting: AtomicUsize,
    most_waiting: usize,
    what: &'static str,
}

/// A place taken; given back when dropped.
pub struct Place<'a>(#[allow(dead_code)] tokio::sync::SemaphorePermit<'a>);

impl Places {
    pub fn new(places: usize, most_waiting: usize, what: &'static str) -> Places {
        Places {
            free: tokio::sync::Semaphore::new(places.max(1)),
            waiting: AtomicUsize::new(0),
            most_waiting,
            what,
        }
    }

    /// A place, once one is free; refused at once when too many wait.
    pub async fn take(&self) -> Result<Place<'_>, ApiError> {
        if let Ok(p) = self.free.try_acquire() {
            return Ok(Place(p));
        }
        if self.waiting.fetch_add(1, Ordering::AcqRel) >= self.most_waiting {
            self.waiting.fetch_sub(1, Ordering::AcqRel);
            return Err(ApiError::busy(format!(
                "the server is busy: {} {} wait already; try again in a moment",
                self.most_waiting, self.what
            )));
        }
        struct Waiting<'a>(&'a AtomicUsize);
        impl Drop for Waiting<'_> {
            fn drop(&mut self) {
                self.0.fetch_sub(1, Ordering::AcqRel);
            }
        }
        let _waiting = Waiting(&self.waiting);
        let p = self.free.acquire().await.map_err(ApiError::internal)?;
        Ok(Place(p))
    }
}

/// The children running (jobs' and requests'), by a number of their own:
/// stopped when the private folder is full.
#[derive(Default)]
pub struct Children {
    next: AtomicU64,
    pids: Mutex<HashMap<u64, u32>>,
}

impl Children {
    /// `pid` tracked until the returned value is dropped (before the
    /// child is reaped).
    pub fn track(self: &Arc<Self>, pid: Option<u32>) -> Tracked {
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        if let (Some(pid), Ok(mut pids)) = (pid, self.pids.lock()) {
            pids.insert(id, pid);
        }
        Tracked(self.clone(), id)
    }

    /// Stops every child as Ctrl-C does (each removes what it was
    /// writing), and kills those still there `grace` later.
    pub async fn stop_all(&self, grace: Duration) {
        let pids: Vec<u32> = match self.pids.lock() {
            Ok(p) => p.values().copied().collect(),
            Err(_) => return,
        };
        for &pid in &pids {
            kill(pid, INTERRUPT);
        }
        tokio::time::sleep(grace).await;
        if let Ok(now) = self.pids.lock() {
            for pid in now.values().filter(|p| pids.contains(p)) {
                kill(*pid, KILL);
            }
        }
    }
}

/// A child tracked while it runs.
pub struct Tracked(Arc<Children>, u64);

impl Drop for Tracked {
    fn drop(&mut self) {
        if let Ok(mut pids) = self.0.pids.lock() {
            pids.remove(&self.1);
        }
    }
}

#[cfg(unix)]
const KILL: i32 = libc::SIGKILL;
#[cfg(not(unix))]
const KILL: i32 = 9;
#[cfg(unix)]
pub const INTERRUPT: i32 = libc::SIGINT;
#[cfg(not(unix))]
pub const INTERRUPT: i32 = 2;

/// Sends `signal` to process `pid` (a child of ours, not yet reaped).
pub fn kill(pid: u32, signal: i32) {
    #[cfg(unix)]
    // SAFETY: a signal to a child of ours by the id it was started with;
    // callers forget the id before the child is reaped.
    unsafe {
        libc::kill(pid as libc::pid_t, signal);
    }
    #[cfg(not(unix))]
    let _ = (pid, signal);
}

/// The `boardfile` command with `args` (after `boardfile`), set up as the
/// page's children are: no input, no terminal notes, progress as JSON
/// lines, killed when dropped, and no file it writes larger than `room`
/// bytes.
pub fn child(args: &[String], room: u64) -> Result<tokio::process::Command, ApiError> {
    let exe = std::env::current_exe().map_err(ApiError::internal)?;
    let mut command = tokio::process::Command::new(exe);
    command
        .arg("--progress-json")
        .arg("--quiet")
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .kill_on_drop(true);
    #[cfg(unix)]
    {
        let limit = libc::rlimit {
            rlim_cur: room.max(1) as libc::rlim_t,
            rlim_max: room.max(1) as libc::rlim_t,
        };
        // SAFETY: setrlimit is async-signal-safe and touches nothing of
        // the parent's; it runs in the child between fork and exec.
        unsafe {
            command.pre_exec(move || {
                libc::setrlimit(libc::RLIMIT_FSIZE, &limit);
                Ok(())
            });
        }
    }
    Ok(command)
}

/// How a child ended.
pub struct Ran {
    /// Its exit code (none: killed by a signal).
    pub code: Option<i32>,
    pub stdout: Vec<u8>,
    pub stderr: String,
}

impl Ran {
    pub fn ok(&self) -> bool {
        self.code == Some(0)
    }

    /// Its failure for the page: the command's messages, its paths named
    /// as the page names them: the file's fault (exit 1: 422) or the
    /// request's (400).
    pub fn failure(&self, names: &Names) -> ApiError {
        let said = said(&self.stderr, names);
        let said = if said.is_empty() {
            "stopped without a word".to_string()
        } else {
            said
        };
        match self.code {
            Some(1) => ApiError::invalid(said),
            _ => ApiError::bad(said),
        }
    }
}

/// A command's standard error as the page shows it: its messages without
/// the program's name, clap's usage lines left out, paths named as the
/// page names them.
pub fn said(stderr: &str, names: &Names) -> String {
    let mut lines = Vec::new();
    for line in stderr.lines() {
        if line.starts_with("{\"progress\"") || line.starts_with("{\"finished\"") {
            continue;
        }
        if let Some(rest) = line.strip_prefix("error: ") {
            // clap's message: its first line says it all.
            lines.push(rest.to_string());
            break;
        }
        let line = line.trim_start_matches("boardfile: ");
        if !line.trim().is_empty() {
            lines.push(names.say(line));
        }
    }
    lines.join("\n")
}

/// Runs the command `args` as a child, once one of the places for work is
/// free, until it ends or `deadline` passes (then it is killed): how it
/// ended. Whatever it writes should go to a folder of the request's own
/// ([`Workspace`]), which goes with the request, so that a child killed
/// leaves nothing.
pub async fn command(
    state: &super::State,
    args: &[String],
    deadline: Duration,
) -> Result<Ran, ApiError> {
    let _place = state.places.take().await?;
    let room = state.files.room();
    if room == 0 {
        return Err(state.files.full());
    }
    let child = child(args, room)?.spawn().map_err(ApiError::internal)?;
    let _tracked = state.children.track(child.id());
    let ended = tokio::select! {
        ended = tokio::time::timeout(deadline, child.wait_with_output()) => ended,
        _ = state.stop.cancelled() => {
            return Err(ApiError::unavailable("the server is stopping"));
        }
    };
    let Ok(output) = ended else {
        return Err(ApiError::unavailable(format!(
            "it took longer than {} s, the page's limit (the command line has none)",
            deadline.as_secs()
        )));
    };
    let output = output.map_err(ApiError::internal)?;
    if output.status.code().is_none() && state.files.room() == 0 {
        return Err(state.files.full());
    }
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if output.status.signal() == Some(libc::SIGXFSZ) || too_large(&stderr) {
            return Err(state.files.full());
        }
    }
    Ok(Ran {
        code: output.status.code(),
        stdout: output.stdout,
        stderr,
    })
}

/// Whether a command's message says a file could not grow past its limit
/// (`EFBIG`: the room [`child`] gave it), as Rust words an OS error.
pub fn too_large(said: &str) -> bool {
    #[cfg(unix)]
    {
        said.contains(&format!("(os error {})", libc::EFBIG))
    }
    #[cfg(not(unix))]
    {
        let _ = said;
        false
    }
}

/// What work done in the server checks between its steps.
#[derive(Clone)]
pub struct Cancel {
    gone: Arc<AtomicBool>,
    stop: CancellationToken,
    until: Instant,
}

/// Marks its [`Cancel`] gone when dropped: held by the request.
pub struct Dropped(Arc<AtomicBool>);

impl Drop for Dropped {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

impl Cancel {
    /// A cancel for work that may take `deadline`, ended too by `stop`;
    /// and what the request holds, which ends it when dropped.
    pub fn new(stop: &CancellationToken, deadline: Duration) -> (Cancel, Dropped) {
        let gone = Arc::new(AtomicBool::new(false));
        let cancel = Cancel {
            gone: gone.clone(),
            stop: stop.clone(),
            until: Instant::now() + deadline,
        };
        (cancel, Dropped(gone))
    }

    /// An error when the work is to stop.
    pub fn check(&self) -> Result<(), ApiError> {
        if self.gone.load(Ordering::Relaxed) || self.stop.is_cancelled() {
            return Err(ApiError::unavailable("cancelled"));
        }
        if Instant::now() > self.until {
            return Err(ApiError::unavailable(
                "it took longer than the page's limit; the command line has none",
            ));
        }
        Ok(())
    }
}

/// A folder of the private one for a request's work, removed with it
/// (whatever a killed child left there).
pub struct Workspace(tempfile::TempDir);

impl Workspace {
    pub fn new(files: &super::files::Files) -> Result<Workspace, ApiError> {
        tempfile::Builder::new()
            .prefix(".work-")
            .tempdir_in(files.scratch())
            .map(Workspace)
            .map_err(ApiError::internal)
    }

    pub fn path(&self) -> &std::path::Path {
        self.0.path()
    }
}
