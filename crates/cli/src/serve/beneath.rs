//! Files opened beneath a root without races, and held while they are
//! read.
//!
//! On Linux a name is opened relative to the root's descriptor with
//! `openat2(RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS)` (on kernels before 5.6,
//! one component at a time with `O_NOFOLLOW`), as `O_PATH`: nothing is
//! read and nothing blocks (a FIFO or a device is not opened at all), and
//! `fstat` then refuses anything but a regular file or a folder. A link,
//! wherever it is on the way, is refused: swapping a folder for a link
//! while a request runs cannot lead out. What is opened is handed to the
//! commands as a link in the server's private folder to the descriptor
//! itself (`/proc/PID/fd/N`), so they read the very file that was checked,
//! under its own name (its extension tells its format). A folder (a WTHOR
//! database) is handed over as a private folder of such links, one for
//! each regular file in it.
//!
//! Listing walks folders by their descriptors too, and states sizes
//! without following links: nothing outside the root is named or sized.
//!
//! Elsewhere (not Linux) the path is resolved with its links, and refused
//! when it leads outside the root: safe against links, not against a
//! swap while a request runs.

use std::ffi::{OsStr, OsString};
use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};

/// The most files of a folder handed over as one database.
const MOST_IN_FOLDER: usize = 1000;

/// A file or folder opened beneath a root, held open while it is read.
pub struct Held {
    /// The path the commands read it by (a link to the descriptor held,
    /// under the file's own name; or a private folder of such links).
    pub path: PathBuf,
    /// It is a folder.
    pub folder: bool,
    /// What it is on its disk: device and inode, the same whatever the
    /// name it was opened by.
    pub key: (u64, u64),
    /// Its length and modification time, when it was opened.
    pub stamp: (u64, i64),
    /// The descriptors the links lead to, and the folder holding them.
    _open: Vec<File>,
    _links: Option<tempfile::TempDir>,
}

/// Why a name could not be opened.
pub enum Refused {
    /// No such file (or a link, which is never followed).
    Missing,
    /// Not a regular file or a folder (a FIFO, a socket, a device).
    NotFile,
    Io(io::Error),
}

impl From<io::Error> for Refused {
    fn from(e: io::Error) -> Refused {
        match e.raw_os_error() {
            Some(libc::ENOENT | libc::ELOOP | libc::ENOTDIR | libc::EXDEV) => Refused::Missing,
            _ => Refused::Io(e),
        }
    }
}

/// A root: a folder, held by its descriptor.
pub struct Root {
    pub path: PathBuf,
    #[cfg(target_os = "linux")]
    fd: File,
}

impl Root {
    pub fn open(path: &Path) -> io::Result<Root> {
        #[cfg(target_os = "linux")]
        {
            let fd = linux::open_path(None, path.as_os_str(), true)?;
            Ok(Root {
                path: path.to_path_buf(),
                fd,
            })
        }
        #[cfg(not(target_os = "linux"))]
        Ok(Root {
            path: path.to_path_buf(),
        })
    }

    /// Opens `relative` (plain components only, checked by the caller;
    /// empty: the root itself) beneath the root; links for the commands
    /// are made in a new folder of `scratch`.
    pub fn hold(&self, relative: &Path, scratch: &Path) -> Result<Held, Refused> {
        #[cfg(target_os = "linux")]
        {
            linux::hold(&self.fd, relative, scratch)
        }
        #[cfg(not(target_os = "linux"))]
        {
            other::hold(&self.path, relative, scratch)
        }
    }

    /// The root's entries: (name, is a folder, size), links and anything
    /// but files and folders left out; `relative` a folder beneath it.
    pub fn entries(&self, relative: &Path) -> Vec<(OsString, bool, u64)> {
        #[cfg(target_os = "linux")]
        {
            linux::entries(&self.fd, relative).unwrap_or_default()
        }
        #[cfg(not(target_os = "linux"))]
        {
            other::entries(&self.path.join(relative)).unwrap_or_default()
        }
    }
}

/// Why a file could not be saved.
pub enum Unsaved {
    /// A file (or a link) of that name is there.
    Exists,
    /// A folder of that name is there: never replaced.
    Folder,
    /// The folder may not be written.
    Denied,
    Io(io::Error),
}

impl Unsaved {
    /// The error of placing the saved file under its name (or of making
    /// its part file, when `placing` is false: a part file of that name
    /// is not the name taken).
    fn of(e: io::Error, placing: bool) -> Unsaved {
        match e.raw_os_error() {
            Some(libc::EEXIST) if placing => Unsaved::Exists,
            Some(libc::EISDIR | libc::ENOTEMPTY | libc::ENOTDIR) if placing => Unsaved::Folder,
            Some(libc::EACCES | libc::EPERM | libc::EROFS) => Unsaved::Denied,
            _ => Unsaved::Io(e),
        }
    }
}

impl Root {
    /// Writes `content` into the root as `name` (one plain component,
    /// checked by the caller), whole or not at all: into a hidden file of
    /// its own first, then renamed to `name` in one step. Over whatever
    /// is there only when `replace` (a link is replaced, never followed);
    /// otherwise [`Unsaved::Exists`], even when the name appears
    /// meanwhile.
    pub fn save(
        &self,
        name: &OsStr,
        content: &mut dyn io::Read,
        replace: bool,
    ) -> Result<(), Unsaved> {
        #[cfg(target_os = "linux")]
        {
            linux::save(&self.fd, name, content, replace)
        }
        #[cfg(not(target_os = "linux"))]
        {
            other::save(&self.path, name, content, replace)
        }
    }
}

/// The hidden name a save writes first, its own: a random part (one
/// left by a server killed while saving is never met again).
fn part_name(name: &OsStr) -> OsString {
    let mut random = [0u8; 8];
    // Without randomness, the clock's nanoseconds: still a name of its own.
    if getrandom::fill(&mut random).is_err() {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        random = now.to_le_bytes();
    }
    let mut part = OsString::from(".");
    part.push(name);
    part.push(format!(".part-{:016x}", u64::from_le_bytes(random)));
    part
}

#[cfg(target_os = "linux")]
mod linux {
    use super::{Held, Refused, MOST_IN_FOLDER};
    use std::ffi::{CString, OsStr, OsString};
    use std::fs::File;
    use std::io;
    use std::os::fd::{AsRawFd, FromRawFd};
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::fs::MetadataExt;
    use std::path::{Component, Path};

    /// `name` opened as `O_PATH` relative to `at` (or the working folder),
    /// not following a last link; a folder when `folder`.
    pub fn open_path(at: Option<&File>, name: &OsStr, folder: bool) -> io::Result<File> {
        let c = CString::new(name.as_bytes()).map_err(|_| io::ErrorKind::InvalidInput)?;
        let mut flags = libc::O_PATH | libc::O_CLOEXEC | libc::O_NOFOLLOW;
        if folder {
            flags |= libc::O_DIRECTORY;
        }
        let dir = at.map_or(libc::AT_FDCWD, |f| f.as_raw_fd());
        // SAFETY: a NUL-terminated name; the descriptor is owned by the
        // File made from it, and only when it is one.
        let fd = unsafe { libc::openat(dir, c.as_ptr(), flags) };
        if fd < 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: a descriptor just opened, owned by nothing else.
        Ok(unsafe { File::from_raw_fd(fd) })
    }

    /// `relative` opened beneath `root`, no link followed anywhere.
    fn beneath(root: &File, relative: &Path) -> io::Result<File> {
        if relative.as_os_str().is_empty() {
            return open_path(Some(root), OsStr::new("."), true);
        }
        let c = CString::new(relative.as_os_str().as_bytes())
            .map_err(|_| io::ErrorKind::InvalidInput)?;
        // SAFETY: open_how is plain data; zero is every field's default.
        let mut how: libc::open_how = unsafe { std::mem::zeroed() };
        how.flags = (libc::O_PATH | libc::O_CLOEXEC | libc::O_NOFOLLOW) as u64;
        how.resolve =
            libc::RESOLVE_BENEATH | libc::RESOLVE_NO_SYMLINKS | libc::RESOLVE_NO_MAGICLINKS;
        // SAFETY: the arguments openat2(2) takes, the size of the struct
        // given with it.
        let fd = unsafe {
            libc::syscall(
                libc::SYS_openat2,
                root.as_raw_fd(),
                c.as_ptr(),
                &how as *const libc::open_how,
                std::mem::size_of::<libc::open_how>(),
            )
        };
        if fd >= 0 {
            // SAFETY: a descriptor just opened, owned by nothing else.
            return Ok(unsafe { File::from_raw_fd(fd as i32) });
        }
        let e = io::Error::last_os_error();
        if !matches!(e.raw_os_error(), Some(libc::ENOSYS | libc::EPERM)) {
            return Err(e);
        }
        // No openat2: a component at a time, none followed.
        let parts: Vec<&OsStr> = relative
            .components()
            .map(|c| match c {
                Component::Normal(n) => Ok(n),
                _ => Err(io::Error::from(io::ErrorKind::InvalidInput)),
            })
            .collect::<io::Result<_>>()?;
        let mut at = open_path(Some(root), OsStr::new("."), true)?;
        for (i, part) in parts.iter().enumerate() {
            at = open_path(Some(&at), part, i + 1 < parts.len())?;
        }
        Ok(at)
    }

    /// The path by which a process reads what `fd` holds.
    fn link_of(fd: &File) -> String {
        format!("/proc/{}/fd/{}", std::process::id(), fd.as_raw_fd())
    }

    pub fn hold(root: &File, relative: &Path, scratch: &Path) -> Result<Held, Refused> {
        let fd = beneath(root, relative)?;
        let meta = fd.metadata()?;
        let kind = meta.file_type();
        if kind.is_symlink() {
            // Opened as itself (no openat2, the last component a link).
            return Err(Refused::Missing);
        }
        if !kind.is_file() && !kind.is_dir() {
            return Err(Refused::NotFile);
        }
        let links = tempfile::Builder::new()
            .prefix(".held-")
            .tempdir_in(scratch)?;
        let name = relative
            .file_name()
            .map_or_else(|| OsString::from("folder"), OsStr::to_os_string);
        let path = links.path().join(&name);
        let mut open = Vec::new();
        if kind.is_dir() {
            std::fs::create_dir(&path)?;
            let listing = std::fs::read_dir(link_of(&fd))?;
            for e in listing.flatten().take(MOST_IN_FOLDER) {
                let is_file = e.metadata().is_ok_and(|m| m.file_type().is_file());
                if !is_file {
                    continue;
                }
                let Ok(inner) = open_path(Some(&fd), &e.file_name(), false) else {
                    continue;
                };
                if inner.metadata().is_ok_and(|m| m.file_type().is_file()) {
                    std::os::unix::fs::symlink(link_of(&inner), path.join(e.file_name()))?;
                    open.push(inner);
                }
            }
        } else {
            std::os::unix::fs::symlink(link_of(&fd), &path)?;
        }
        open.push(fd);
        Ok(Held {
            path,
            folder: kind.is_dir(),
            key: (meta.dev(), meta.ino()),
            stamp: (meta.len(), meta.mtime()),
            _open: open,
            _links: Some(links),
        })
    }

    fn c_name(name: &OsStr) -> io::Result<CString> {
        CString::new(name.as_bytes()).map_err(|_| io::ErrorKind::InvalidInput.into())
    }

    /// Checks a call's result: below zero, the error it set.
    fn checked(r: libc::c_long) -> io::Result<()> {
        if r < 0 {
            Err(io::Error::last_os_error())
        } else {
            Ok(())
        }
    }

    pub fn save(
        root: &File,
        name: &OsStr,
        content: &mut dyn io::Read,
        replace: bool,
    ) -> Result<(), super::Unsaved> {
        let c = |n: &OsStr| c_name(n).map_err(super::Unsaved::Io);
        let (to, part) = (c(name)?, c(&super::part_name(name))?);
        let dir = root.as_raw_fd();
        let flags =
            libc::O_WRONLY | libc::O_CREAT | libc::O_EXCL | libc::O_NOFOLLOW | libc::O_CLOEXEC;
        // SAFETY: a NUL-terminated name, relative to a folder's descriptor;
        // the new descriptor is owned by the File made from it.
        let fd = unsafe { libc::openat(dir, part.as_ptr(), flags, 0o644 as libc::c_uint) };
        if fd < 0 {
            return Err(super::Unsaved::of(io::Error::last_os_error(), false));
        }
        // SAFETY: a descriptor just opened, owned by nothing else.
        let mut file = unsafe { File::from_raw_fd(fd) };
        let written = io::copy(content, &mut file).and_then(|_| file.sync_all());
        drop(file);
        let placed = written.and_then(|()| {
            // SAFETY (each call): NUL-terminated names relative to a
            // folder's descriptor.
            if replace {
                return checked(
                    unsafe { libc::renameat(dir, part.as_ptr(), dir, to.as_ptr()) }.into(),
                );
            }
            let r = unsafe {
                libc::syscall(
                    libc::SYS_renameat2,
                    dir,
                    part.as_ptr(),
                    dir,
                    to.as_ptr(),
                    libc::RENAME_NOREPLACE,
                )
            };
            match checked(r) {
                Err(e) if matches!(e.raw_os_error(), Some(libc::EINVAL | libc::ENOSYS)) => {
                    // A file system without it: a second name, which
                    // fails when taken, then the first removed.
                    checked(unsafe { libc::linkat(dir, part.as_ptr(), dir, to.as_ptr(), 0) }.into())
                        .map(|()| {
                            unsafe { libc::unlinkat(dir, part.as_ptr(), 0) };
                        })
                }
                other => other,
            }
        });
        if placed.is_err() {
            // SAFETY: as above; the part is ours alone.
            unsafe { libc::unlinkat(dir, part.as_ptr(), 0) };
        }
        placed.map_err(|e| super::Unsaved::of(e, true))
    }

    pub fn entries(root: &File, relative: &Path) -> io::Result<Vec<(OsString, bool, u64)>> {
        let dir = if relative.as_os_str().is_empty() {
            open_path(Some(root), OsStr::new("."), true)?
        } else {
            let fd = beneath(root, relative)?;
            if !fd.metadata()?.is_dir() {
                return Err(io::ErrorKind::NotADirectory.into());
            }
            fd
        };
        let mut found = Vec::new();
        for e in std::fs::read_dir(link_of(&dir))?.flatten() {
            // Not followed: a link's own type, which is neither.
            let Ok(meta) = e.metadata() else { continue };
            let kind = meta.file_type();
            if kind.is_dir() || kind.is_file() {
                let size = if kind.is_file() { meta.len() } else { 0 };
                found.push((e.file_name(), kind.is_dir(), size));
            }
        }
        Ok(found)
    }
}

#[cfg(not(target_os = "linux"))]
mod other {
    use super::{Held, Refused};
    use std::ffi::{OsStr, OsString};
    use std::io;
    use std::path::Path;

    pub fn hold(root: &Path, relative: &Path, _scratch: &Path) -> Result<Held, Refused> {
        let path = root.join(relative);
        let real = path.canonicalize()?;
        let root = root.canonicalize()?;
        if !real.starts_with(&root) || std::fs::symlink_metadata(&path)?.is_symlink() {
            return Err(Refused::Missing);
        }
        let meta = std::fs::metadata(&real)?;
        if !meta.is_file() && !meta.is_dir() {
            return Err(Refused::NotFile);
        }
        let mtime = meta
            .modified()
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_secs() as i64);
        let key = {
            use std::hash::{Hash, Hasher};
            let mut h = std::collections::hash_map::DefaultHasher::new();
            real.hash(&mut h);
            (0, h.finish())
        };
        Ok(Held {
            path: real,
            folder: meta.is_dir(),
            key,
            stamp: (meta.len(), mtime),
            _open: Vec::new(),
            _links: None,
        })
    }

    pub fn save(
        root: &Path,
        name: &OsStr,
        content: &mut dyn io::Read,
        replace: bool,
    ) -> Result<(), super::Unsaved> {
        let (to, part) = (root.join(name), root.join(super::part_name(name)));
        let mut file =
            std::fs::File::create_new(&part).map_err(|e| super::Unsaved::of(e, false))?;
        let placed = io::copy(content, &mut file)
            .and_then(|_| file.sync_all())
            .and_then(|()| {
                drop(file);
                if replace {
                    std::fs::rename(&part, &to)
                } else {
                    std::fs::hard_link(&part, &to).map(|()| {
                        let _ = std::fs::remove_file(&part);
                    })
                }
            });
        if placed.is_err() {
            let _ = std::fs::remove_file(&part);
        }
        placed.map_err(|e| super::Unsaved::of(e, true))
    }

    pub fn entries(dir: &Path) -> io::Result<Vec<(OsString, bool, u64)>> {
        let mut found = Vec::new();
        for e in std::fs::read_dir(dir)?.flatten() {
            let Ok(meta) = std::fs::symlink_metadata(e.path()) else {
                continue;
            };
            if meta.is_dir() || meta.is_file() {
                found.push((e.file_name(), meta.is_dir(), meta.len()));
            }
        }
        Ok(found)
    }
}
