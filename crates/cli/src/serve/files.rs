//! The files the page may open: those under DIR, and those of the run's
//! private folder (uploads, and what the page's work made).
//!
//! A file is named to the page by an id: `dir/` or `upload/` and a
//! relative path. An id resolves only to a regular file (or, under DIR, a
//! folder) beneath its root, opened there without following any link and
//! without races ([`beneath`](super::beneath)); `..`, absolute paths,
//! links, FIFOs, sockets and devices are refused at once.
//!
//! Names in the private folder are given out once a run ([`Files::reserve`]):
//! two jobs never share one, an upload never takes one a job was given,
//! and no work replaces a file it did not make. Uploads are streamed to
//! disk, never held whole, under `max_upload` bytes and the folder's
//! quota (`max_scratch`, counting everything in it); one that fails (too
//! long, too slow, the client gone) leaves nothing behind.
//!
//! The private folder holds a lock while its server runs; a server
//! starting removes the folders whose lock nobody holds (left by a server
//! that was killed).

use super::beneath::{Held, Refused, Root, Unsaved};
use super::error::ApiError;
use crate::report::Failure;
use futures_util::{Stream, StreamExt};
use sha2::Digest;
use std::collections::{HashMap, HashSet};
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use tokio::io::AsyncWriteExt;

/// The most files listed from DIR, and how deep.
const MOST_LISTED: usize = 5000;
const DEEPEST: usize = 4;
/// The most files uploaded in one run (the same file again not counted).
const MOST_UPLOADS: usize = 10_000;
/// The longest name given in the private folder, in bytes.
const LONGEST_NAME: usize = 100;
/// The prefix of a server's private folder.
const PREFIX: &str = "boardfile-serve-";
/// Its lock, held while the server runs.
const LOCK: &str = ".lock";

/// The two roots.
pub struct Files {
    dir: Option<Root>,
    uploads: tempfile::TempDir,
    scratch: Root,
    pub max_upload: u64,
    /// The most the private folder may hold, in bytes.
    pub max_scratch: u64,
    /// What the private folder held when last measured ([`Files::measure`]).
    used: AtomicU64,
    /// Bytes of uploads under way since then.
    arriving: AtomicU64,
    /// Every name of the private folder given out this run.
    taken: Mutex<HashSet<String>>,
    /// The name each input's solve writes, by what the input is on its
    /// disk ([`Held::key`]).
    solved: Mutex<HashMap<(u64, u64), String>>,
    /// Each upload by its content's SHA-256 and its extension (which
    /// tells its format): the same file uploaded again is the same entry.
    uploaded: Mutex<HashMap<([u8; 32], String), Entry>>,
    /// The uploads being written, by name: not yet whole, not saved.
    uploading: Mutex<HashSet<String>>,
    /// The lock of the private folder, held while this runs.
    _lock: Option<std::fs::File>,
}

/// A file (or folder) the page may open.
#[derive(serde::Serialize, Clone, Debug)]
pub struct Entry {
    pub id: String,
    /// Its path under its root, as shown.
    pub name: String,
    pub size: u64,
    pub folder: bool,
    /// An upload that was here already (the same bytes, under this name).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub again: bool,
}

impl Files {
    pub fn new(dir: Option<PathBuf>, max_upload: u64, max_scratch: u64) -> Result<Files, Failure> {
        let dir = dir
            .map(|d| {
                let real = d
                    .canonicalize()
                    .map_err(|e| Failure::operational(format!("{}: {e}", d.display())))?;
                if !real.is_dir() {
                    return Err(Failure::operational(format!(
                        "{}: not a folder",
                        d.display()
                    )));
                }
                Root::open(&real).map_err(|e| Failure::operational(format!("{}: {e}", d.display())))
            })
            .transpose()?;
        remove_abandoned(&std::env::temp_dir());
        let uploads = tempfile::Builder::new()
            .prefix(PREFIX)
            .tempdir()
            .map_err(|e| Failure::operational(format!("serve: no temporary folder: {e}")))?;
        let lock = hold_lock(uploads.path());
        let scratch = Root::open(uploads.path())
            .map_err(|e| Failure::operational(format!("serve: temporary folder: {e}")))?;
        Ok(Files {
            dir,
            uploads,
            scratch,
            max_upload,
            max_scratch,
            used: AtomicU64::new(0),
            arriving: AtomicU64::new(0),
            taken: Default::default(),
            solved: Default::default(),
            uploaded: Default::default(),
            uploading: Default::default(),
            _lock: lock,
        })
    }

    /// DIR's name, when there is one.
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_ref().map(|d| d.path.as_path())
    }

    /// The private folder of uploads (and outputs being made).
    pub fn scratch(&self) -> &Path {
        self.uploads.path()
    }

    /// Every file under DIR, and each folder of it that holds WTHOR game
    /// files (it opens as one database, with its names files), then every
    /// upload; hidden ones left out, links not followed.
    pub fn list(&self) -> Vec<Entry> {
        let mut found = Vec::new();
        if let Some(dir) = &self.dir {
            if holds_games(dir, Path::new("")) {
                found.push(Entry {
                    id: "dir".into(),
                    name: "./ (this folder's WTHOR database)".into(),
                    size: 0,
                    folder: true,
                    again: false,
                });
            }
            walk(dir, Path::new(""), "dir", 0, &mut found);
        }
        walk(&self.scratch, Path::new(""), "upload", 0, &mut found);
        found
    }

    /// The file (or folder) `id` names, opened beneath its root and held
    /// while it is read.
    pub fn resolve(&self, id: &str) -> Result<Held, ApiError> {
        let (root, rest) = match id.split_once('/') {
            None if id == "dir" => (self.dir.as_ref(), ""),
            Some(("dir", rest)) => (self.dir.as_ref(), rest),
            Some(("upload", rest)) => (Some(&self.scratch), rest),
            _ => return Err(ApiError::bad(format!("{id:?}: not a file of this page"))),
        };
        let root = root.ok_or_else(|| ApiError::not_found("no folder was given to serve"))?;
        let relative = Path::new(rest);
        let plain = relative
            .components()
            .all(|c| matches!(c, Component::Normal(_)));
        if (rest.is_empty() && id != "dir") || !plain {
            return Err(ApiError::forbidden(format!(
                "{id:?}: only names inside the served folders"
            )));
        }
        let hidden = relative
            .components()
            .any(|c| c.as_os_str().to_string_lossy().starts_with('.'));
        if hidden {
            return Err(ApiError::not_found(format!("{rest}: no such file")));
        }
        root.hold(relative, self.scratch()).map_err(|e| match e {
            Refused::Missing => {
                ApiError::not_found(format!("{rest}: no such file (links are not followed)"))
            }
            Refused::NotFile => ApiError::forbidden(format!(
                "{rest}: not a regular file or folder (a pipe, a socket or a device)"
            )),
            Refused::Io(e) => ApiError::internal(e),
        })
    }

    /// The file `id` names, held with the files beside it (its folder
    /// held whole), for the work that reads those too: a WTHOR file's
    /// names files, a SquareDeal tournament's sessions. The path of the
    /// file among them.
    pub fn resolve_beside(&self, id: &str) -> Result<(Held, PathBuf), ApiError> {
        let Some((parent, name)) = id.rsplit_once('/') else {
            return Err(ApiError::bad(format!("{id:?}: not a file of this page")));
        };
        let folder = match parent {
            "upload" => self
                .scratch
                .hold(Path::new(""), self.scratch())
                .map_err(|_| ApiError::internal("the private folder"))?,
            _ => self.resolve(parent)?,
        };
        let path = folder.path.join(name);
        if name.starts_with('.') || !path.is_file() {
            // Not held: not a regular file (or hidden).
            self.resolve(id)?;
            return Err(ApiError::not_found(format!("{name}: no such file")));
        }
        Ok((folder, path))
    }

    /// A name of the private folder for what `wanted` names (its last
    /// component, plain characters only, at most [`LONGEST_NAME`] bytes),
    /// numbered until it is neither given out this run nor there; given
    /// out now, to this caller alone. With `make`, the file is made too
    /// (empty, new): the caller writes it.
    pub fn reserve(
        &self,
        wanted: &str,
        make: bool,
    ) -> Result<(String, PathBuf, Option<std::fs::File>), ApiError> {
        let (stem, ext) = plain_name(wanted);
        let mut taken = self.taken.lock().unwrap_or_else(|e| e.into_inner());
        for n in 1u32.. {
            let name = if n == 1 {
                format!("{stem}{ext}")
            } else {
                format!("{stem} ({n}){ext}")
            };
            let path = self.scratch().join(&name);
            if taken.contains(&name) || path.symlink_metadata().is_ok() {
                continue;
            }
            let made = if make {
                match std::fs::File::create_new(&path) {
                    Ok(f) => Some(f),
                    Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                    Err(e) => return Err(ApiError::internal(e)),
                }
            } else {
                None
            };
            taken.insert(name.clone());
            return Ok((name, path, made));
        }
        Err(ApiError::internal("no name left"))
    }

    /// The name a solve of the input held as `input` (whose stem is
    /// `stem`) writes in the private folder: `STEM-solved.pbn`, numbered
    /// when taken; the same name for the same file whatever its name, so
    /// that a cancelled solve's journal goes on and one file under two
    /// names is solved once.
    pub fn solved_name(&self, input: &Held, stem: &str) -> Result<String, ApiError> {
        let mut names = self.solved.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(name) = names.get(&input.key) {
            return Ok(name.clone());
        }
        let (name, _, _) = self.reserve(&format!("{stem}-solved.pbn"), false)?;
        names.insert(input.key, name.clone());
        Ok(name)
    }

    /// What the private folder holds now, in bytes (links not followed);
    /// remembered for the uploads' checks.
    pub fn measure(&self) -> u64 {
        let used = size_of(self.scratch());
        self.used.store(used, Ordering::Relaxed);
        self.arriving.store(0, Ordering::Relaxed);
        used
    }

    /// The room left in the private folder, as last measured.
    pub fn room(&self) -> u64 {
        let used = self.used.load(Ordering::Relaxed) + self.arriving.load(Ordering::Relaxed);
        self.max_scratch.saturating_sub(used)
    }

    /// The answer when the private folder is full.
    pub fn full(&self) -> ApiError {
        ApiError::insufficient(format!(
            "the server's private folder is full ({} MiB, --max-scratch): \
             download what you need, then start it again",
            self.max_scratch >> 20
        ))
    }

    /// Streams `body` into the private folder as `wanted` (cleaned): the
    /// new file's entry. Over `max_upload` bytes or the folder's room, or
    /// a broken stream, and the part written is removed.
    pub async fn upload<S, E>(&self, wanted: &str, mut body: S) -> Result<Entry, ApiError>
    where
        S: Stream<Item = Result<axum::body::Bytes, E>> + Unpin,
        E: std::fmt::Display,
    {
        if self.room() == 0 {
            return Err(self.full());
        }
        // Made here, not on the blocking pool: were the client to go while
        // a pool thread made it, the request (and `partial`) could be
        // dropped first and the file made after, left behind.
        if self
            .uploaded
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .len()
            >= MOST_UPLOADS
        {
            return Err(ApiError::busy(format!(
                "{MOST_UPLOADS} files uploaded this run, the most: start the server again"
            )));
        }
        let (name, path, made) = self.reserve(wanted, true)?;
        let made = made.ok_or_else(|| ApiError::internal("no file made"))?;
        // Not whole until the end (and dropped after `partial`: a failed
        // upload's file is gone before its name is free to save).
        let _writing = Writing::new(&self.uploading, &name);
        let mut partial = Partial(Some(path.clone()));
        let mut file = tokio::fs::File::from_std(made);
        let mut size = 0u64;
        let mut digest = sha2::Sha256::new();
        while let Some(chunk) = body.next().await {
            let chunk = chunk.map_err(|e| ApiError::bad(format!("{name}: upload broken: {e}")))?;
            size += chunk.len() as u64;
            if size > self.max_upload {
                return Err(ApiError::too_large(format!(
                    "{name}: larger than the {} MiB the server takes (--max-upload)",
                    self.max_upload >> 20
                )));
            }
            if chunk.len() as u64 > self.room() {
                return Err(self.full());
            }
            self.arriving
                .fetch_add(chunk.len() as u64, Ordering::Relaxed);
            file.write_all(&chunk).await.map_err(ApiError::internal)?;
            digest.update(&chunk);
        }
        file.flush().await.map_err(ApiError::internal)?;
        let extension = Path::new(&name)
            .extension()
            .map_or(String::new(), |e| e.to_string_lossy().to_lowercase());
        let key = (digest.finalize().into(), extension);
        let mut uploaded = self.uploaded.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(first) = uploaded.get(&key) {
            let there = self.scratch().join(&first.name).symlink_metadata();
            if there.is_ok_and(|m| m.is_file() && m.len() == size) {
                // `partial` removes the copy; its name is free again.
                self.taken
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .remove(&name);
                return Ok(Entry {
                    again: true,
                    ..first.clone()
                });
            }
        }
        partial.keep();
        let entry = Entry {
            id: format!("upload/{name}"),
            name,
            size,
            folder: false,
            again: false,
        };
        uploaded.insert(key, entry.clone());
        Ok(entry)
    }

    /// Saves the private folder's file `id` (an upload, or what the
    /// page's work made) into DIR as `wanted` (cleaned as a name of the
    /// private folder is): its entry there. Whole or not at all, and over
    /// a file already there only when `replace` ([`Root::save`]).
    pub fn save(&self, id: &str, wanted: &str, replace: bool) -> Result<Entry, ApiError> {
        let Some(dir) = &self.dir else {
            return Err(ApiError::not_found(
                "no folder was given to serve: download the file instead",
            ));
        };
        if !id.starts_with("upload/") {
            return Err(ApiError::bad(format!("{id:?}: already in the folder")));
        }
        let own = id.trim_start_matches("upload/");
        let writing = self
            .uploading
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .contains(own);
        if writing || own.ends_with(".solving") {
            return Err(ApiError::conflict(format!(
                "{own}: not whole yet (still being written)"
            )));
        }
        let held = self.resolve(id)?;
        if held.folder {
            return Err(ApiError::bad(format!("{id:?}: a folder")));
        }
        let (stem, ext) = plain_name(wanted);
        let name = format!("{stem}{ext}");
        let mut from = std::fs::File::open(&held.path).map_err(ApiError::internal)?;
        let size = from.metadata().map_err(ApiError::internal)?.len();
        dir.save(std::ffi::OsStr::new(&name), &mut from, replace)
            .map_err(|e| match e {
                Unsaved::Exists => ApiError::conflict(format!("{name} is in the folder already")),
                Unsaved::Folder => ApiError::forbidden(format!(
                    "{name} is a folder's name there: save under another name"
                )),
                Unsaved::Denied => ApiError::forbidden(
                    "the folder may not be written (its permissions): download the file instead",
                ),
                Unsaved::Io(e) => ApiError::internal(format!("{name}: {e}")),
            })?;
        Ok(Entry {
            id: format!("dir/{name}"),
            name,
            size,
            folder: false,
            again: false,
        })
    }
}

/// A name being written into the private folder, in `set` while this
/// lives.
struct Writing<'a> {
    set: &'a Mutex<HashSet<String>>,
    name: String,
}

impl<'a> Writing<'a> {
    fn new(set: &'a Mutex<HashSet<String>>, name: &str) -> Writing<'a> {
        set.lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(name.to_string());
        Writing {
            set,
            name: name.to_string(),
        }
    }
}

impl Drop for Writing<'_> {
    fn drop(&mut self) {
        self.set
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&self.name);
    }
}

/// `wanted`'s last component as a stem and an extension, plain
/// characters only (others `_`), not hidden, at most [`LONGEST_NAME`]
/// bytes together (cut at a character, the extension kept when short).
fn plain_name(wanted: &str) -> (String, String) {
    let base = wanted.rsplit(['/', '\\']).next().unwrap_or("");
    let clean: String = base
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || matches!(c, '.' | '-' | '_' | ' ' | '(' | ')') {
                c
            } else {
                '_'
            }
        })
        .collect();
    let clean = clean.trim_start_matches(['.', ' ']);
    let clean = if clean.is_empty() { "upload" } else { clean };
    let (stem, ext) = match clean.rsplit_once('.') {
        Some((s, e)) if !s.is_empty() && e.len() <= 16 => (s, format!(".{e}")),
        _ => (clean, String::new()),
    };
    let mut stem = stem.to_string();
    while stem.len() + ext.len() > LONGEST_NAME {
        stem.pop();
    }
    (stem, ext)
}

/// The bytes of the files under `dir`, links not followed.
fn size_of(dir: &Path) -> u64 {
    let Ok(read) = std::fs::read_dir(dir) else {
        return 0;
    };
    read.flatten()
        .map(|e| match e.metadata() {
            Ok(m) if m.is_dir() => size_of(&e.path()),
            Ok(m) if m.is_file() => m.len(),
            _ => 0,
        })
        .sum()
}

/// Makes and locks `folder`'s lock file (`folder` is new and ours): made
/// under another name, locked, then renamed, so that no server starting
/// meanwhile finds it unlocked. Held while the returned file is open.
fn hold_lock(folder: &Path) -> Option<std::fs::File> {
    let making = folder.join(".lock-making");
    let file = std::fs::File::create_new(&making).ok()?;
    if !lock(&file) {
        return None;
    }
    std::fs::rename(&making, folder.join(LOCK)).ok()?;
    Some(file)
}

/// Takes `file`'s advisory lock, without waiting: false when another
/// holds it.
fn lock(file: &std::fs::File) -> bool {
    #[cfg(unix)]
    {
        use std::os::fd::AsRawFd;
        // SAFETY: an advisory lock on a descriptor we own.
        unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) == 0 }
    }
    #[cfg(not(unix))]
    {
        let _ = file;
        true
    }
}

/// Removes the private folders in `temp` whose server no longer runs:
/// folders (not links) of this user, whose lock file (a regular file, not
/// a link: opened without following one, never made nor emptied here) is
/// held by nobody. A folder without a lock file (an older boardfile's,
/// or one being made) is left alone.
fn remove_abandoned(temp: &Path) {
    let Ok(read) = std::fs::read_dir(temp) else {
        return;
    };
    for e in read.flatten() {
        if !e.file_name().to_string_lossy().starts_with(PREFIX) {
            continue;
        }
        // Not followed: a link's own metadata, which is no folder.
        let Ok(meta) = e.metadata() else { continue };
        if !meta.is_dir() || !mine(&meta) {
            continue;
        }
        let path = e.path().join(LOCK);
        let regular = path
            .symlink_metadata()
            .is_ok_and(|m| m.is_file() && mine(&m));
        if !regular {
            continue;
        }
        let mut open = std::fs::OpenOptions::new();
        open.read(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            open.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
        }
        let Ok(file) = open.open(&path) else { continue };
        if lock(&file) {
            let _ = std::fs::remove_dir_all(e.path());
        }
    }
}

/// Whether this user owns what `meta` describes.
fn mine(meta: &std::fs::Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        // SAFETY: geteuid has no preconditions.
        meta.uid() == unsafe { libc::geteuid() }
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        true
    }
}

/// How the page names the server's paths: each path (a file, a folder)
/// with the id or name the page knows it by, for the messages the page
/// shows (never a path of the server's).
#[derive(Default, Clone, Debug)]
pub struct Names(Vec<(PathBuf, String)>);

impl Names {
    /// `path` shown as `shown` too; a longer path is named before the
    /// folder it is in.
    pub fn with(mut self, path: &Path, shown: &str) -> Names {
        self.0.push((path.to_path_buf(), shown.to_string()));
        self.0
            .sort_by_key(|(p, _)| std::cmp::Reverse(p.as_os_str().len()));
        self
    }

    /// `text` with every path named as the page names it.
    pub fn say(&self, text: &str) -> String {
        self.0.iter().fold(text.to_string(), |t, (path, shown)| {
            t.replace(&path.display().to_string(), shown)
        })
    }
}

/// A file being written: removed when dropped unless kept.
pub struct Partial(pub Option<PathBuf>);

impl Partial {
    pub fn keep(&mut self) {
        self.0 = None;
    }
}

impl Drop for Partial {
    fn drop(&mut self) {
        if let Some(p) = self.0.take() {
            let _ = std::fs::remove_file(p);
        }
    }
}

/// Whether the folder `at` beneath `root` holds WTHOR game files (a
/// database the page opens whole).
fn holds_games(root: &Root, at: &Path) -> bool {
    root.entries(at).iter().any(|(name, folder, _)| {
        !folder
            && Path::new(name)
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("wtb"))
    })
}

/// Lists `at` (a folder beneath `root`, ids prefixed `kind/`) into
/// `found`: folders, then their files, by name; links and what is
/// neither a file nor a folder left out, hidden names too, and a solve's
/// journal (OUT.solving).
fn walk(root: &Root, at: &Path, kind: &str, depth: usize, found: &mut Vec<Entry>) {
    let mut entries = root.entries(at);
    entries.retain(|(name, _, _)| {
        let name = name.to_string_lossy();
        !name.starts_with('.') && !name.ends_with(".solving")
    });
    entries.sort();
    for (name, folder, size) in entries {
        if found.len() >= MOST_LISTED {
            return;
        }
        let path = at.join(&name);
        let shown = path.to_string_lossy().replace('\\', "/");
        if folder {
            if holds_games(root, &path) {
                found.push(Entry {
                    id: format!("{kind}/{shown}"),
                    name: format!("{shown}/ (its WTHOR database)"),
                    size: 0,
                    folder: true,
                    again: false,
                });
            }
            if depth + 1 < DEEPEST {
                walk(root, &path, kind, depth + 1, found);
            }
        } else {
            found.push(Entry {
                id: format!("{kind}/{shown}"),
                name: shown,
                size,
                folder: false,
                again: false,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::plain_name;

    #[test]
    fn a_long_name_is_cut_at_a_character_keeping_its_extension() {
        let wanted = format!("{}.pbn", "\u{1D400}".repeat(120));
        let (stem, ext) = plain_name(&wanted);
        assert_eq!(ext, ".pbn");
        assert!(stem.len() + ext.len() <= 100 && stem.len() > 90, "{stem}");
        assert!(stem.chars().all(|c| c == '\u{1D400}'));
        assert_eq!(
            plain_name("../../.hidden"),
            ("hidden".into(), String::new())
        );
        assert_eq!(plain_name("a/b\\set.PBN"), ("set".into(), ".PBN".into()));
    }
}
