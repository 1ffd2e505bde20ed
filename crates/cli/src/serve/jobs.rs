//! Long work the page starts (solving, dealing): each a `boardfile`
//! command run as a child process, so that a cancel is the command's own
//! Ctrl-C (the output being written removed, a solve's journal kept for
//! the next run to go on from) and the server's memory stays its own. The
//! child tells its progress in lines of JSON (`--progress-json`); the page
//! follows a job's status as server-sent events.

use super::api::ApiError;
use super::files::Names;
use serde::Serialize;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tokio::io::AsyncBufReadExt;
use tokio::sync::watch;

/// The jobs of the run, by id: every one running, and the last
/// [`KEPT`] finished.
#[derive(Default)]
pub struct Jobs {
    next: AtomicU64,
    map: Mutex<HashMap<u64, Arc<Job>>>,
}

/// A job: what it does, its status, and its process while it runs.
pub struct Job {
    status: watch::Sender<Status>,
    pid: Mutex<Option<u32>>,
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
    pub running: bool,
    pub cancelled: bool,
    /// The command's closing line, when it finished well.
    pub summary: Option<String>,
    /// Its error, when it failed.
    pub error: Option<String>,
}

/// A job to start: the command's arguments (after `boardfile`), and the
/// paths in its messages to name as the page does.
pub struct Spec {
    pub kind: &'static str,
    pub file: Option<String>,
    pub output: String,
    pub args: Vec<String>,
    pub names: Names,
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
    /// Starts `spec` as a child process: its job.
    pub fn start(&self, spec: Spec) -> Result<Arc<Job>, ApiError> {
        let id = self.next.fetch_add(1, Ordering::Relaxed) + 1;
        let exe = std::env::current_exe().map_err(ApiError::internal)?;
        let mut child = tokio::process::Command::new(exe)
            .arg("--progress-json")
            .arg("--quiet")
            .args(&spec.args)
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .map_err(ApiError::internal)?;
        let status = Status {
            id,
            kind: spec.kind.into(),
            file: spec.file,
            output: spec.output,
            running: true,
            ..Status::default()
        };
        let job = Arc::new(Job {
            status: watch::Sender::new(status),
            pid: Mutex::new(child.id()),
        });
        if let Ok(mut map) = self.map.lock() {
            map.insert(id, job.clone());
            forget_finished(&mut map, KEPT);
        }
        let stderr = child.stderr.take();
        let follower = job.clone();
        let names = spec.names;
        tokio::spawn(async move {
            let mut errors = Vec::new();
            if let Some(stderr) = stderr {
                let mut lines = tokio::io::BufReader::new(stderr).lines();
                while let Ok(Some(line)) = lines.next_line().await {
                    follower.hear(&line, &mut errors, &names);
                }
            }
            let exit = child.wait().await;
            if let Ok(mut pid) = follower.pid.lock() {
                *pid = None;
            }
            follower.status.send_modify(|s| {
                s.running = false;
                let ok = exit.as_ref().is_ok_and(|e| e.success());
                if !ok && !s.cancelled {
                    let said = errors.join("\n");
                    s.error = Some(if said.is_empty() {
                        "stopped without a word".into()
                    } else {
                        said
                    });
                }
            });
        });
        Ok(job)
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
        let pid = self.pid.lock().ok().and_then(|p| *p);
        if let Some(pid) = pid {
            self.status.send_modify(|s| s.cancelled = true);
            #[cfg(unix)]
            // SAFETY: a signal to our own child, by the id it was started
            // with; it is reaped only by this job's task, which clears the
            // id first.
            unsafe {
                libc::kill(pid as libc::pid_t, libc::SIGINT);
            }
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
            _ => errors.push(named(line.trim_start_matches("boardfile: "))),
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
            pid: Mutex::new(None),
        };
        (id, Arc::new(job))
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
