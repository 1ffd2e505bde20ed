//! The files the page may open: those under DIR, and those uploaded this
//! run (a private temporary folder, removed when the server stops).
//!
//! A file is named to the page by an id: `dir/` or `upload/` and a
//! relative path. An id resolves only to a regular file (or, under DIR, a
//! folder) inside its root once links are followed: `..`, absolute paths
//! and links that lead out are refused. Uploads are streamed to disk,
//! never held whole, under `max_upload` bytes; one that fails (too long,
//! the client gone) leaves nothing behind.

use super::api::ApiError;
use crate::report::Failure;
use futures_util::{Stream, StreamExt};
use std::path::{Component, Path, PathBuf};
use tokio::io::AsyncWriteExt;

/// The most files listed from DIR, and how deep.
const MOST_LISTED: usize = 5000;
const DEEPEST: usize = 4;

/// The two roots.
pub struct Files {
    dir: Option<PathBuf>,
    uploads: tempfile::TempDir,
    pub max_upload: u64,
    /// The name each input's solve writes among the uploads, by the
    /// input's id ([`Files::solved_name`]).
    solved: std::sync::Mutex<std::collections::HashMap<String, String>>,
}

/// A file (or folder) the page may open.
#[derive(serde::Serialize, Clone, Debug)]
pub struct Entry {
    pub id: String,
    /// Its path under its root, as shown.
    pub name: String,
    pub size: u64,
    pub folder: bool,
}

impl Files {
    pub fn new(dir: Option<PathBuf>, max_upload: u64) -> Result<Files, Failure> {
        let dir = dir
            .map(|d| {
                d.canonicalize()
                    .map_err(|e| Failure::operational(format!("{}: {e}", d.display())))
            })
            .transpose()?;
        if let Some(d) = &dir {
            if !d.is_dir() {
                return Err(Failure::operational(format!(
                    "{}: not a folder",
                    d.display()
                )));
            }
        }
        let uploads = tempfile::Builder::new()
            .prefix("boardfile-serve-")
            .tempdir()
            .map_err(|e| Failure::operational(format!("serve: no temporary folder: {e}")))?;
        Ok(Files {
            dir,
            uploads,
            max_upload,
            solved: Default::default(),
        })
    }

    /// DIR's name, when there is one.
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// The private folder of uploads (and outputs being made).
    pub fn scratch(&self) -> &Path {
        self.uploads.path()
    }

    /// Every file under DIR (its folders too: a WTHOR folder opens as one
    /// database), then every upload; hidden ones left out.
    pub fn list(&self) -> Vec<Entry> {
        let mut found = Vec::new();
        if let Some(dir) = &self.dir {
            found.push(Entry {
                id: "dir".into(),
                name: "./ (the whole folder)".into(),
                size: 0,
                folder: true,
            });
            walk(dir, dir, "dir", 0, &mut found);
        }
        walk(
            self.uploads.path(),
            self.uploads.path(),
            "upload",
            0,
            &mut found,
        );
        found
    }

    /// The path of the file (or folder) `id` names, inside its root.
    pub fn resolve(&self, id: &str) -> Result<PathBuf, ApiError> {
        if id == "dir" {
            // DIR itself: a WTHOR folder opens as one database.
            let dir = self
                .dir
                .clone()
                .ok_or_else(|| ApiError::not_found("no folder was given to serve"))?;
            inside(&dir, &dir, ".")?;
            return Ok(dir);
        }
        let (root, rest) = match id.split_once('/') {
            Some(("dir", rest)) => match &self.dir {
                Some(d) => (d.as_path(), rest),
                None => return Err(ApiError::not_found("no folder was given to serve")),
            },
            Some(("upload", rest)) => (self.uploads.path(), rest),
            _ => return Err(ApiError::bad(format!("{id:?}: not a file of this page"))),
        };
        let relative = Path::new(rest);
        let plain = relative
            .components()
            .all(|c| matches!(c, Component::Normal(_)));
        if rest.is_empty() || !plain {
            return Err(ApiError::forbidden(format!(
                "{id:?}: only names inside the served folders"
            )));
        }
        let path = root.join(relative);
        let real = path
            .canonicalize()
            .map_err(|_| ApiError::not_found(format!("{rest}: no such file")))?;
        // A link inside that leads out is refused.
        let root = root.canonicalize().map_err(ApiError::internal)?;
        if !real.starts_with(&root) {
            return Err(ApiError::forbidden(format!(
                "{rest}: leads outside the served folder"
            )));
        }
        if real.is_dir() {
            inside(&real, &root, rest)?;
        }
        Ok(real)
    }

    /// The name a solve of the input `id` (whose stem is `stem`) writes
    /// among the uploads: `STEM-solved.pbn`, numbered when another input
    /// of the same stem (`dir/a/set.pbn`, `dir/b/set.pbn`) or an upload has
    /// it; the same name for `id` every time, so that a cancelled solve's
    /// journal goes on.
    pub fn solved_name(&self, id: &str, stem: &str) -> String {
        let mut names = self.solved.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(name) = names.get(id) {
            return name.clone();
        }
        let mut name = format!("{stem}-solved.pbn");
        let mut n = 2;
        while names.values().any(|v| *v == name) || self.uploads.path().join(&name).exists() {
            name = format!("{stem}-solved ({n}).pbn");
            n += 1;
        }
        names.insert(id.to_string(), name.clone());
        name
    }

    /// A name for an upload called `wanted`: its last component, with
    /// only plain characters, not hidden, not taken.
    pub fn upload_name(&self, wanted: &str) -> String {
        let base = wanted.rsplit(['/', '\\']).next().unwrap_or("");
        let mut clean: String = base
            .chars()
            .map(|c| {
                if c.is_alphanumeric() || matches!(c, '.' | '-' | '_' | ' ' | '(' | ')') {
                    c
                } else {
                    '_'
                }
            })
            .take(120)
            .collect();
        let trimmed = clean.trim_start_matches(['.', ' ']).to_string();
        clean = if trimmed.is_empty() {
            "upload".into()
        } else {
            trimmed
        };
        let (stem, ext) = match clean.rsplit_once('.') {
            Some((s, e)) if !s.is_empty() => (s.to_string(), format!(".{e}")),
            _ => (clean.clone(), String::new()),
        };
        let mut name = clean;
        let mut n = 2;
        while self.uploads.path().join(&name).exists() {
            name = format!("{stem} ({n}){ext}");
            n += 1;
        }
        name
    }

    /// Streams `body` into the upload folder as `wanted` (cleaned): the
    /// new file's entry. Over `max_upload` bytes, or a broken stream, and
    /// the part written is removed.
    pub async fn upload<S, E>(&self, wanted: &str, mut body: S) -> Result<Entry, ApiError>
    where
        S: Stream<Item = Result<axum::body::Bytes, E>> + Unpin,
        E: std::fmt::Display,
    {
        let name = self.upload_name(wanted);
        let path = self.uploads.path().join(&name);
        // Made here, not on the blocking pool: were the client to go while
        // a pool thread made it, the request (and `partial`) could be
        // dropped first and the file made after, left behind.
        let made = std::fs::File::create_new(&path).map_err(ApiError::internal)?;
        let mut partial = Partial(Some(path.clone()));
        let mut file = tokio::fs::File::from_std(made);
        let mut size = 0u64;
        while let Some(chunk) = body.next().await {
            let chunk = chunk.map_err(|e| ApiError::bad(format!("{name}: upload broken: {e}")))?;
            size += chunk.len() as u64;
            if size > self.max_upload {
                return Err(ApiError::too_large(format!(
                    "{name}: larger than the {} MiB the server takes (--max-upload)",
                    self.max_upload >> 20
                )));
            }
            file.write_all(&chunk).await.map_err(ApiError::internal)?;
        }
        file.flush().await.map_err(ApiError::internal)?;
        partial.keep();
        Ok(Entry {
            id: format!("upload/{name}"),
            name,
            size,
            folder: false,
        })
    }
}

/// Refuses a folder (read whole, as a WTHOR database) that holds a link
/// leading outside `root`.
fn inside(folder: &Path, root: &Path, shown: &str) -> Result<(), ApiError> {
    let entries = std::fs::read_dir(folder).map_err(ApiError::internal)?;
    for e in entries.flatten() {
        let out = e
            .path()
            .canonicalize()
            .map_or(true, |real| !real.starts_with(root));
        if out {
            return Err(ApiError::forbidden(format!(
                "{shown}: holds {}, which leads outside the served folder",
                e.file_name().to_string_lossy()
            )));
        }
    }
    Ok(())
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

/// Lists `at` (under `root`, ids prefixed `kind/`) into `found`: folders
/// that hold files, then files, by name; not through links to folders.
fn walk(root: &Path, at: &Path, kind: &str, depth: usize, found: &mut Vec<Entry>) {
    let Ok(read) = std::fs::read_dir(at) else {
        return;
    };
    let mut entries: Vec<_> = read
        .filter_map(Result::ok)
        .filter(|e| {
            // Hidden files, and a solve's journal (OUT.solving).
            let name = e.file_name().to_string_lossy().into_owned();
            !name.starts_with('.') && !name.ends_with(".solving")
        })
        .collect();
    entries.sort_by_key(|e| e.file_name());
    for e in entries {
        if found.len() >= MOST_LISTED {
            return;
        }
        let Ok(kind_of) = e.file_type() else {
            continue;
        };
        let path = e.path();
        let Ok(relative) = path.strip_prefix(root) else {
            continue;
        };
        let name = relative.to_string_lossy().replace('\\', "/");
        if kind_of.is_dir() {
            found.push(Entry {
                id: format!("{kind}/{name}"),
                name: format!("{name}/"),
                size: 0,
                folder: true,
            });
            if depth + 1 < DEEPEST {
                walk(root, &path, kind, depth + 1, found);
            }
        } else if let Ok(meta) = std::fs::metadata(&path) {
            if meta.is_file() {
                found.push(Entry {
                    id: format!("{kind}/{name}"),
                    name,
                    size: meta.len(),
                    folder: false,
                });
            }
        }
    }
}
