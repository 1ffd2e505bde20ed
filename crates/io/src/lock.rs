//! A file held by one process at a time: opened (made when missing),
//! checked to be a regular file, and locked exclusively with `flock`, so
//! that a second run that would write the same thing is refused rather
//! than working beside the first.
//!
//! ```
//! use boardfile_io::lock::{LockError, LockedFile};
//! let dir = tempfile::tempdir().unwrap();
//! let path = dir.path().join("work.journal");
//! let first = LockedFile::open(&path).unwrap();
//! # #[cfg(unix)]
//! assert!(matches!(LockedFile::open(&path), Err(LockError::Held)));
//! first.remove();
//! assert!(!path.exists());
//! ```

use std::fmt;
use std::fs::{File, FileType, Metadata};
use std::io;
use std::path::{Path, PathBuf};

/// How many times a path that keeps naming new files is tried.
const TRIES: usize = 8;

/// An open file this process holds the exclusive lock of, until dropped.
#[derive(Debug)]
pub struct LockedFile {
    path: PathBuf,
    file: File,
    held: Metadata,
}

/// Why a file could not be held.
#[derive(Debug)]
pub enum LockError {
    /// The path names something else than a regular file: `kind` says
    /// what ("a directory", "a FIFO", "a symbolic link", ...).
    NotRegular {
        /// What the path names.
        kind: &'static str,
    },
    /// Another process holds the lock.
    Held,
    /// The path named a new file on every try (other holders starting and
    /// ending).
    KeepsChanging,
    /// A system call failed: `what` the file could not be ("open", "lock",
    /// "read").
    Io {
        /// What could not be done.
        what: &'static str,
        /// Why.
        source: io::Error,
    },
}

impl fmt::Display for LockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LockError::NotRegular { kind } => write!(f, "is {kind}, not a regular file"),
            LockError::Held => f.write_str("another process holds it"),
            LockError::KeepsChanging => f.write_str("it keeps changing"),
            LockError::Io { what, source } => write!(f, "cannot {what} it: {source}"),
        }
    }
}

impl std::error::Error for LockError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LockError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

impl LockedFile {
    /// Opens `path` for reading and appending (made when missing) and takes
    /// its exclusive lock without waiting. Refused when the path names
    /// anything but a regular file (it is neither followed nor waited on),
    /// or another process holds the lock.
    pub fn open(path: &Path) -> Result<LockedFile, LockError> {
        let io = |what| move |source| LockError::Io { what, source };
        // A holder that ends may remove the file: once the lock is ours,
        // the path must still name the file locked.
        for _ in 0..TRIES {
            match std::fs::symlink_metadata(path) {
                Ok(m) => refuse_irregular(m.file_type())?,
                Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                Err(e) => return Err(io("read")(e)),
            }
            let file = match open_plain(path) {
                Ok(f) => f,
                #[cfg(unix)]
                Err(e) if e.raw_os_error() == Some(libc::ELOOP) => {
                    return Err(LockError::NotRegular {
                        kind: "a symbolic link",
                    })
                }
                Err(e) => return Err(io("open")(e)),
            };
            let held = file.metadata().map_err(io("read"))?;
            refuse_irregular(held.file_type())?;
            if !try_lock(&file).map_err(io("lock"))? {
                return Err(LockError::Held);
            }
            match std::fs::symlink_metadata(path) {
                Ok(now) if same_inode(&now, &held) => {
                    return Ok(LockedFile {
                        path: path.to_path_buf(),
                        file,
                        held,
                    })
                }
                _ => continue,
            }
        }
        Err(LockError::KeepsChanging)
    }

    /// The path it was opened by.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The open file.
    pub fn file(&self) -> &File {
        &self.file
    }

    /// Its length when it was locked.
    pub fn len_when_locked(&self) -> u64 {
        self.held.len()
    }

    /// True when `other` is this file (device and inode).
    pub fn is(&self, other: &Path) -> bool {
        std::fs::metadata(other).is_ok_and(|m| same_inode(&m, &self.held))
    }

    /// Removes the file, when its path still names the file locked, and
    /// lets the lock go.
    pub fn remove(self) {
        if let (Ok(now), Ok(held)) = (std::fs::symlink_metadata(&self.path), self.file.metadata()) {
            if same_inode(&now, &held) {
                let _ = std::fs::remove_file(&self.path);
            }
        }
    }
}

fn open_plain(path: &Path) -> io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true).append(true).create(true);
    // Neither wait on a FIFO nor follow a link put there since.
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(
        &mut options,
        libc::O_NONBLOCK | libc::O_NOFOLLOW,
    );
    options.open(path)
}

/// Refuses what is not a regular file.
fn refuse_irregular(kind: FileType) -> Result<(), LockError> {
    #[cfg(unix)]
    use std::os::unix::fs::FileTypeExt;
    if kind.is_file() {
        return Ok(());
    }
    let kind = if kind.is_dir() {
        "a directory"
    } else if kind.is_symlink() {
        "a symbolic link"
    } else {
        #[cfg(unix)]
        if kind.is_fifo() {
            return Err(LockError::NotRegular { kind: "a FIFO" });
        } else if kind.is_socket() {
            return Err(LockError::NotRegular { kind: "a socket" });
        } else if kind.is_block_device() || kind.is_char_device() {
            return Err(LockError::NotRegular { kind: "a device" });
        }
        "not a regular file"
    };
    Err(LockError::NotRegular { kind })
}

/// True when both are the same file (device and inode).
#[cfg(unix)]
fn same_inode(a: &Metadata, b: &Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    a.dev() == b.dev() && a.ino() == b.ino()
}

#[cfg(not(unix))]
fn same_inode(_: &Metadata, _: &Metadata) -> bool {
    true
}

/// Takes an exclusive lock on `file` without waiting: false when another
/// process holds one.
#[cfg(unix)]
fn try_lock(file: &File) -> io::Result<bool> {
    use std::os::fd::AsRawFd;
    // SAFETY: flock on a descriptor this function borrows open.
    if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } == 0 {
        return Ok(true);
    }
    let e = io::Error::last_os_error();
    match e.kind() {
        io::ErrorKind::WouldBlock => Ok(false),
        _ => Err(e),
    }
}

#[cfg(not(unix))]
fn try_lock(_: &File) -> io::Result<bool> {
    Ok(true)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn a_fifo_a_directory_and_a_link_are_refused_untouched() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        let c = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let kind = |p: &Path| match LockedFile::open(p) {
            Err(LockError::NotRegular { kind }) => kind,
            other => panic!("{p:?}: {other:?}"),
        };
        assert_eq!(kind(&fifo), "a FIFO");
        assert_eq!(kind(dir.path()), "a directory");
        let target = dir.path().join("target");
        std::fs::write(&target, b"kept").unwrap();
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        assert_eq!(kind(&link), "a symbolic link");
        assert_eq!(std::fs::read(&target).unwrap(), b"kept");
    }

    #[test]
    fn the_lock_goes_with_the_holder() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("j");
        let first = LockedFile::open(&path).unwrap();
        assert!(matches!(LockedFile::open(&path), Err(LockError::Held)));
        assert!(first.is(&path));
        drop(first);
        let again = LockedFile::open(&path).unwrap();
        assert_eq!(again.len_when_locked(), 0);
    }
}
