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

use super::error::ApiError;
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
    running: Mutex<HashMap<u64, Signaller>>,
}

impl Children {
    /// The child `pid` tracked until the returned value is dropped; made
    /// before the child can have been reaped.
    pub fn track(self: &Arc<Self>, pid: Option<u32>) -> Tracked {
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        if let (Some(pid), Ok(mut running)) = (pid, self.running.lock()) {
            running.insert(id, Signaller::of(pid));
        }
        Tracked(self.clone(), id)
    }

    /// Stops every child as Ctrl-C does (each removes what it was
    /// writing), and kills those still there `grace` later.
    pub async fn stop_all(&self, grace: Duration) {
        let ids: Vec<u64> = match self.running.lock() {
            Ok(running) => {
                for s in running.values() {
                    s.signal(INTERRUPT);
                }
                running.keys().copied().collect()
            }
            Err(_) => return,
        };
        tokio::time::sleep(grace).await;
        if let Ok(running) = self.running.lock() {
            for (_, s) in running.iter().filter(|(id, _)| ids.contains(id)) {
                s.signal(KILL);
            }
        }
    }
}

/// A child tracked while it runs.
pub struct Tracked(Arc<Children>, u64);

impl Drop for Tracked {
    fn drop(&mut self) {
        if let Ok(mut running) = self.0.running.lock() {
            running.remove(&self.1);
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

/// A child to send signals to. On Linux by a pidfd, taken while the child
/// cannot have been reaped, which names no other process once it has
/// been (a signal then goes nowhere); elsewhere, or on kernels before
/// 5.3, by its pid, which the system could give another process in the
/// instant between the child's reaping and its tracker's end.
pub struct Signaller {
    pid: u32,
    #[cfg(target_os = "linux")]
    fd: Option<std::os::fd::OwnedFd>,
}

impl Signaller {
    pub fn of(pid: u32) -> Signaller {
        #[cfg(target_os = "linux")]
        {
            use std::os::fd::FromRawFd;
            // SAFETY: pidfd_open(2) on a child of ours; the descriptor is
            // owned by the OwnedFd made from it, only when it is one.
            let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid as libc::pid_t, 0) };
            let fd = (fd >= 0).then(|| unsafe { std::os::fd::OwnedFd::from_raw_fd(fd as i32) });
            Signaller { pid, fd }
        }
        #[cfg(not(target_os = "linux"))]
        Signaller { pid }
    }

    pub fn signal(&self, signal: i32) {
        #[cfg(target_os = "linux")]
        if let Some(fd) = &self.fd {
            use std::os::fd::AsRawFd;
            // SAFETY: pidfd_send_signal(2) with a pidfd we own, no info.
            unsafe {
                libc::syscall(
                    libc::SYS_pidfd_send_signal,
                    fd.as_raw_fd(),
                    signal,
                    std::ptr::null::<libc::siginfo_t>(),
                    0,
                );
            }
            return;
        }
        #[cfg(unix)]
        // SAFETY: a signal to a child of ours by its pid (see above).
        unsafe {
            libc::kill(self.pid as libc::pid_t, signal);
        }
        #[cfg(not(unix))]
        let _ = (self.pid, signal);
    }
}

/// The `boardfile` command with `args` (after `boardfile`), set up as the
/// page's children are: no input, progress as JSON lines, notes and
/// warnings only when not `quiet` (a job's, which the page shows), killed
/// when dropped, and no file it writes larger than `room` bytes.
pub fn child(args: &[String], room: u64, quiet: bool) -> Result<tokio::process::Command, ApiError> {
    let exe = std::env::current_exe().map_err(ApiError::internal)?;
    let mut command = tokio::process::Command::new(exe);
    command.arg("--progress-json");
    if quiet {
        command.arg("--quiet");
    }
    command
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
    let child = child(args, room, true)?
        .spawn()
        .map_err(ApiError::internal)?;
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
