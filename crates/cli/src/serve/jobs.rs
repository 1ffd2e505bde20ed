//! Long work the page starts (solving, dealing): each a `boardfile`
//! command run as a child process, so that a cancel is the command's own
//! Ctrl-C (the output being written removed, a solve's journal kept for
//! the next run to go on from) and the server's memory stays its own. The
//! child tells its progress in lines of JSON (`--progress-json`); the page
//! follows a job's status as server-sent events.
//!
//! As many jobs run at once as there are cores; up to [`MOST_WAITING`]
//! more wait their turn, each told its place in the queue, and past that
//! a new one is refused (429). A job may have a deadline (a deal), past
//! which it is stopped.

use super::beneath::Held;
use super::error::ApiError;
use super::files::Names;
use super::run::{self, Places};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::AsyncBufReadExt;
use tokio::sync::watch;
use tokio_util::sync::CancellationToken;

/// The most jobs waiting for a place.
pub const MOST_WAITING: usize = 16;

/// The jobs of the run, by id: every one running or waiting, and the last
/// [`KEPT`] finished.
pub struct Jobs {
    next: AtomicU64,
    map: Mutex<HashMap<u64, Arc<Job>>>,
    places: Places,
    /// The jobs waiting for a place, first first.
    queue: Mutex<Vec<u64>>,
}

/// A job: what it does, its status, and its process while it runs.
pub struct Job {
    status: watch::Sender<Status>,
    /// Its process, while it runs.
    process: Mutex<Option<run::Signaller>>,
    cancelled: CancellationToken,
    /// Why the server stopped it, if it did (the private folder full).
    stopped: Mutex<Option<String>>,
}

/// Where a job stands, as the page hears it.
#[derive(Clone, Serialize, Debug, Default)]
pub struct Status {
    pub id: u64,
    /// What it does: "solve", "deal".
    pub kind: String,
    /// The file it reads, as the page names it; none for a deal.
    pub file: Option<String>,
    /// The file it makes, as the page names it.
    pub output: String,
    /// Units done of the total (boards; for a solve, bytes of the input).
    pub done: u64,
    pub total: u64,
    /// The command's progress message ("12 boards done, 40/s").
    pub message: String,
    /// Running, or waiting to.
    pub running: bool,
    /// While it waits for a place: how many jobs are ahead of it.
    pub queued: Option<usize>,
    pub cancelled: bool,
    /// The command's closing line, when it finished well.
    pub summary: Option<String>,
    /// What else it said (warnings, boards not solved again), when it
    /// finished well: at most [`MOST_NOTES`] lines.
    pub notes: Vec<String>,
    /// Boards of a solve that kept the table they stored, not solved
    /// again: a solve with `force` solves them.
    pub kept: u64,
    /// Its error, when it failed.
    pub error: Option<String>,
}

/// The most lines of what a command says that a job keeps (its warnings
/// come folded, a few a kind).
pub const MOST_NOTES: usize = 40;

/// A job to start: the command's arguments (after `boardfile`), and the
/// paths in its messages to name as the page does.
pub struct Spec {
    pub kind: &'static str,
    pub file: Option<String>,
    pub output: String,
    pub args: Vec<String>,
    pub names: Names,
    /// The longest it may run; none: until it ends or is cancelled.
    pub deadline: Option<Duration>,
    /// What it reads, held open while it runs.
    pub held: Vec<Held>,
    /// Files of its own (a deal's script), removed when it ends.
    pub own: Vec<tempfile::TempPath>,
}

/// How many finished jobs a run keeps (the newest): a page reloaded later
/// lists them; older ones are forgotten, so that a server left running
/// does not grow.
const KEPT: usize = 100;

/// Forgets the oldest finished jobs of `map` past `kept` finished ones.
/// Running jobs are all kept.
fn forget_finished(map: &mut HashMap<u64, Arc<Job>>, kept: usize) {
    let mut finished: Vec<u64> = map
        .iter()
        .filter(|(_, j)| !j.status.borrow().running)
        .map(|(&id, _)| id)
        .collect();
    if finished.len() > kept {
        finished.sort_unstable();
        for id in &finished[..finished.len() - kept] {
            map.remove(id);
        }
    }
}

impl Jobs {
    /// The jobs of a server with `cores` cores.
    pub fn new(cores: usize) -> Jobs {
        Jobs {
            next: AtomicU64::new(0),
            map: Mutex::default(),
            // One more than the queue holds: the queue refuses first.
            places: Places::new(cores, MOST_WAITING + 1, "jobs"),
            queue: Mutex::default(),
        }
    }

    /// Starts `spec`, as a child process once a place is free: its job.
    /// A job making the same output still running or waiting is that job
    /// instead (one file solved once at a time); before a new one starts,
    /// `before` runs (both under the jobs' lock, so that two requests at
    /// once start one job).
    pub fn start(
        &self,
        state: &Arc<super::State>,
        spec: Spec,
        before: impl FnOnce() -> Result<(), ApiError>,
    ) -> Result<Arc<Job>, ApiError> {
        let mut map = self.map.lock().map_err(ApiError::internal)?;
        let running = map
            .values()
            .find(|j| j.status.borrow().running && j.status.borrow().output == spec.output);
        if let Some(job) = running {
            return Ok(job.clone());
        }
        let mut queue = self.queue.lock().map_err(ApiError::internal)?;
        if queue.len() >= MOST_WAITING {
            return Err(ApiError::busy(format!(
                "{MOST_WAITING} jobs wait already: cancel one, or try again when one has ended"
            )));
        }
        before()?;
        let id = self.next.fetch_add(1, Ordering::Relaxed) + 1;
        let status = Status {
            id,
            kind: spec.kind.into(),
            file: spec.file.clone(),
            output: spec.output.clone(),
            running: true,
            queued: Some(queue.len()),
            ..Status::default()
        };
        let job = Arc::new(Job {
            status: watch::Sender::new(status),
            process: Mutex::new(None),
            cancelled: CancellationToken::new(),
            stopped: Mutex::new(None),
        });
        map.insert(id, job.clone());
        forget_finished(&mut map, KEPT);
        queue.push(id);
        drop((queue, map));
        tokio::spawn(run_job(state.clone(), job.clone(), id, spec));
        Ok(job)
    }

    /// Tells each waiting job its place in the queue.
    fn tell_queue(&self) {
        let queue = self.queue.lock().map(|q| q.clone()).unwrap_or_default();
        for (ahead, id) in queue.iter().enumerate() {
            if let Some(job) = self.get(*id) {
                job.status.send_modify(|s| s.queued = Some(ahead));
            }
        }
    }

    /// `id` waits no longer.
    fn leave_queue(&self, id: u64) {
        if let Ok(mut queue) = self.queue.lock() {
            queue.retain(|&q| q != id);
        }
        self.tell_queue();
    }

    pub fn get(&self, id: u64) -> Option<Arc<Job>> {
        self.map.lock().ok()?.get(&id).cloned()
    }

    /// Every job's status, newest first.
    pub fn all(&self) -> Vec<Status> {
        let Ok(map) = self.map.lock() else {
            return Vec::new();
        };
        let mut all: Vec<Status> = map.values().map(|j| j.status()).collect();
        all.sort_by_key(|s| std::cmp::Reverse(s.id));
        all
    }

    /// Cancels every job still running (the server is stopping).
    pub fn cancel_all(&self) {
        if let Ok(map) = self.map.lock() {
            for job in map.values() {
                job.cancel();
            }
        }
    }

    /// Every job running is about to be stopped for `why`: their error.
    pub fn note_full(&self, why: &str) {
        if let Ok(map) = self.map.lock() {
            for job in map.values() {
                if job.process.lock().is_ok_and(|p| p.is_some()) {
                    if let Ok(mut stopped) = job.stopped.lock() {
                        *stopped = Some(why.to_string());
                    }
                }
            }
        }
    }
}

/// A job's life: its place, its child followed to its end.
async fn run_job(state: Arc<super::State>, job: Arc<Job>, id: u64, spec: Spec) {
    let jobs = &state.jobs;
    let place = tokio::select! {
        p = jobs.places.take() => Some(p),
        _ = job.cancelled.cancelled() => None,
        _ = state.stop.cancelled() => None,
    };
    jobs.leave_queue(id);
    job.status.send_modify(|s| s.queued = None);
    let _place = match place {
        Some(Ok(place)) => place,
        Some(Err(e)) => {
            job.status.send_modify(|s| {
                s.running = false;
                s.error = Some(e.to_string());
            });
            return;
        }
        None => {
            job.status.send_modify(|s| {
                s.running = false;
                s.cancelled = true;
            });
            return;
        }
    };
    let started = run::child(&spec.args, state.files.room(), false).and_then(|mut c| {
        c.stdout(std::process::Stdio::null());
        c.spawn().map_err(ApiError::internal)
    });
    let mut child = match started {
        Ok(child) => child,
        Err(e) => {
            job.status.send_modify(|s| {
                s.running = false;
                s.error = Some(e.to_string());
            });
            return;
        }
    };
    let tracked = state.children.track(child.id());
    if let Ok(mut process) = job.process.lock() {
        *process = child.id().map(run::Signaller::of);
    }
    if job.cancelled.is_cancelled() {
        job.cancel();
    }
    let stderr = child.stderr.take();
    let names = spec.names;
    let mut errors = Vec::new();
    let following = async {
        if let Some(stderr) = stderr {
            let mut lines = tokio::io::BufReader::new(stderr).lines();
            while let Ok(Some(line)) = lines.next_line().await {
                job.hear(&line, &mut errors, &names);
            }
        }
    };
    let late = match spec.deadline {
        Some(d) => tokio::time::timeout(d, following).await.is_err(),
        None => {
            following.await;
            false
        }
    };
    if late {
        // Stopped as at Ctrl-C; the error says why.
        if let Ok(mut stopped) = job.stopped.lock() {
            *stopped = Some(format!(
                "stopped after {} s, the page's limit for this work \
                 (the command line has none)",
                spec.deadline.unwrap_or_default().as_secs()
            ));
        }
        if let Some(process) = job.process.lock().ok().as_deref().and_then(Option::as_ref) {
            process.signal(run::INTERRUPT);
        }
    }
    let exit = match tokio::time::timeout(Duration::from_secs(5), child.wait()).await {
        Ok(exit) => exit,
        Err(_) => {
            let _ = child.start_kill();
            child.wait().await
        }
    };
    if let Ok(mut process) = job.process.lock() {
        *process = None;
    }
    drop(tracked);
    drop((spec.held, spec.own));
    let mut stopped = job.stopped.lock().ok().and_then(|s| s.clone());
    #[cfg(unix)]
    {
        // A file grown past the private folder's room (RLIMIT_FSIZE).
        use std::os::unix::process::ExitStatusExt;
        let too_big = exit
            .as_ref()
            .is_ok_and(|e| e.signal() == Some(libc::SIGXFSZ))
            || errors.iter().any(|e| run::too_large(e));
        if too_big && stopped.is_none() {
            stopped = Some(state.files.full().to_string());
        }
    }
    job.status.send_modify(|s| {
        s.running = false;
        let ok = exit.as_ref().is_ok_and(|e| e.success());
        if !ok {
            s.notes.clear();
        }
        if !ok && (!s.cancelled || stopped.is_some()) {
            let said = errors.join("\n");
            s.error = Some(match stopped {
                Some(why) => why,
                None if said.is_empty() => "stopped without a word".into(),
                None => said,
            });
        }
    });
}

impl Job {
    pub fn status(&self) -> Status {
        self.status.borrow().clone()
    }

    /// The status, told at each change.
    pub fn watch(&self) -> watch::Receiver<Status> {
        self.status.subscribe()
    }

    /// Stops the command as Ctrl-C does: it removes what it was writing
    /// (a solve keeps its journal, so starting again goes on from it).
    pub fn cancel(&self) {
        if !self.status.borrow().running {
            return;
        }
        self.status.send_modify(|s| s.cancelled = true);
        self.cancelled.cancel();
        if let Some(process) = self.process.lock().ok().as_deref().and_then(Option::as_ref) {
            process.signal(run::INTERRUPT);
        }
    }

    /// A line of the command's standard error: progress, its closing
    /// line, or a message (kept for the error, the server's paths named
    /// as the page names them).
    fn hear(&self, line: &str, errors: &mut Vec<String>, names: &Names) {
        let named = |text: &str| names.say(text);
        match serde_json::from_str::<serde_json::Value>(line) {
            Ok(v) if v.get("progress").is_some() => {
                let p = &v["progress"];
                self.status.send_modify(|s| {
                    s.done = p["done"].as_u64().unwrap_or(s.done);
                    s.total = p["total"].as_u64().unwrap_or(s.total);
                    s.message = p["message"].as_str().unwrap_or_default().to_string();
                });
            }
            Ok(v) if v.get("finished").is_some() => {
                let said = named(v["finished"].as_str().unwrap_or_default());
                self.status.send_modify(|s| {
                    s.done = s.total;
                    s.summary = Some(said);
                });
            }
            _ => {
                let said = named(line.trim_start_matches("boardfile: "));
                // `FILE: N boards kept the table they stored, ...`: the
                // word before the phrase (a file's name may hold anything).
                let kept = said
                    .split_once(" boards kept the table they stored")
                    .and_then(|(before, _)| before.rsplit(' ').next())
                    .and_then(|n| n.parse::<u64>().ok());
                self.status.send_modify(|s| {
                    s.kept = kept.unwrap_or(s.kept);
                    if s.notes.len() < MOST_NOTES {
                        s.notes.push(said.clone());
                    }
                });
                // A failure's own words, not the warnings before it: the
                // first lines and the last.
                if !said.contains(": warning: ") {
                    if errors.len() >= MOST_NOTES {
                        errors.pop();
                    }
                    errors.push(said);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(id: u64, running: bool) -> (u64, Arc<Job>) {
        let status = Status {
            id,
            running,
            ..Status::default()
        };
        let job = Job {
            status: watch::Sender::new(status),
            process: Mutex::new(None),
            cancelled: CancellationToken::new(),
            stopped: Mutex::new(None),
        };
        (id, Arc::new(job))
    }

    #[test]
    fn a_commands_words_are_kept_within_bounds_and_its_error_apart_from_its_warnings() {
        let (_, job) = job(1, true);
        let names = Names::default();
        let mut errors = Vec::new();
        for k in 0..50 {
            job.hear(
                &format!("a.pbn:{k}:1: warning: board {k}: odd"),
                &mut errors,
                &names,
            );
        }
        job.hear(
            "boardfile: upload/x: y.pbn: 3 boards kept the table they stored, not solved again (boards 1, 2, 3); --force solves them",
            &mut errors,
            &names,
        );
        for k in 0..45 {
            job.hear(
                &format!("boardfile: a.pbn: trouble {k}"),
                &mut errors,
                &names,
            );
        }
        job.hear("boardfile: a.pbn: the last word", &mut errors, &names);
        let status = job.status();
        assert_eq!(status.notes.len(), MOST_NOTES);
        assert_eq!(status.kept, 3, "a name with ': ' in it");
        assert!(errors.iter().all(|e| !e.contains("warning")), "{errors:?}");
        assert_eq!(errors.len(), MOST_NOTES);
        assert_eq!(
            errors.last().map(String::as_str),
            Some("a.pbn: the last word")
        );
        assert!(errors[0].contains("kept the table"), "{errors:?}");
    }

    #[test]
    fn the_oldest_finished_jobs_are_forgotten_and_running_ones_kept() {
        // Jobs 1 to 10; 2 and 5 running. Three finished kept: 8, 9, 10.
        let mut map: HashMap<u64, Arc<Job>> =
            (1..=10).map(|id| job(id, id == 2 || id == 5)).collect();
        forget_finished(&mut map, 3);
        let mut ids: Vec<u64> = map.keys().copied().collect();
        ids.sort_unstable();
        assert_eq!(ids, [2, 5, 8, 9, 10]);
        // Fewer finished than kept: nothing goes.
        forget_finished(&mut map, 3);
        assert_eq!(map.len(), 5);
    }
}
