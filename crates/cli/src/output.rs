//! Exit statuses, error reporting and atomic output.

use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;

/// How a successful run ended: everything fine, or invalid input found
/// (validate's verdict).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    Ok,
    Invalid,
    Operational,
}

/// A run that could not finish: the message (already naming the path) and
/// the exit status it stands for.
#[derive(Debug)]
pub struct Failure {
    message: String,
    status: Outcome,
    broken_pipe: bool,
}

impl Failure {
    /// Usage or I/O: exit 2.
    pub fn operational(message: String) -> Failure {
        Failure {
            message,
            status: Outcome::Operational,
            broken_pipe: false,
        }
    }

    /// Invalid input: exit 1.
    pub fn invalid(message: String) -> Failure {
        Failure {
            message,
            status: Outcome::Invalid,
            broken_pipe: false,
        }
    }

    /// From a library error: exit 1 for bad data, 2 for I/O.
    pub fn data(message: String, e: &boardfile_bridge::Error) -> Failure {
        let status = if e.is_data_error() {
            Outcome::Invalid
        } else {
            Outcome::Operational
        };
        Failure {
            message,
            status,
            broken_pipe: false,
        }
    }

    pub fn is_broken_pipe(&self) -> bool {
        self.broken_pipe
    }

    /// Prints the message and returns the status it stands for.
    pub fn report(self) -> Outcome {
        if !self.broken_pipe {
            eprintln!("boardfile: {}", self.message);
        }
        self.status
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure {
            broken_pipe: e.kind() == io::ErrorKind::BrokenPipe,
            message: format!("cannot write: {e}"),
            status: Outcome::Operational,
        }
    }
}

/// The process exit status; a closed stdout pipe is a normal end (exit 0).
pub fn finish(outcome: Result<Outcome, Failure>) -> ExitCode {
    let status = match outcome {
        Ok(o) => o,
        Err(f) if f.is_broken_pipe() => Outcome::Ok,
        Err(f) => f.report(),
    };
    ExitCode::from(match status {
        Outcome::Ok => 0,
        Outcome::Invalid => 1,
        Outcome::Operational => 2,
    })
}

/// True when `out` names the same file as `input` (an existing file, or the
/// same canonical path).
pub fn same_file(input: &Path, out: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(a), Ok(b)) = (std::fs::metadata(input), std::fs::metadata(out)) {
            return a.dev() == b.dev() && a.ino() == b.ino();
        }
    }
    match (std::fs::canonicalize(input), std::fs::canonicalize(out)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Writes `bytes` to a temporary file beside `path`, then renames it over
/// `path`: readers never see a partial file, and on failure `path` is left as
/// it was.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    let mut f = AtomicFile::create(path)?;
    f.write_all(bytes)
        .map_err(|e| f.failure("cannot write", e))?;
    f.commit()
}

/// An output file written to a temporary file beside it and renamed into
/// place on [`AtomicFile::commit`]; dropped uncommitted, it leaves nothing.
pub struct AtomicFile {
    path: std::path::PathBuf,
    tmp: io::BufWriter<tempfile::NamedTempFile>,
}

impl AtomicFile {
    /// Creates the temporary file in `path`'s directory.
    pub fn create(path: &Path) -> Result<AtomicFile, Failure> {
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let tmp = tempfile::Builder::new()
            .prefix(".boardfile-")
            .tempfile_in(dir)
            .map_err(|e| {
                Failure::operational(format!(
                    "{}: cannot create a temporary file in its directory: {e}",
                    path.display()
                ))
            })?;
        Ok(AtomicFile {
            path: path.to_path_buf(),
            tmp: io::BufWriter::with_capacity(1 << 20, tmp),
        })
    }

    /// A failure writing this file.
    pub fn failure(&self, what: &str, e: io::Error) -> Failure {
        Failure::operational(format!("{}: {what}: {e}", self.path.display()))
    }

    /// Flushes, syncs, keeps an existing file's mode and renames into place.
    pub fn commit(self) -> Result<(), Failure> {
        let path = self.path.clone();
        let fail = |what: &str, e: io::Error| {
            Failure::operational(format!("{}: {what}: {e}", path.display()))
        };
        let tmp = self
            .tmp
            .into_inner()
            .map_err(|e| fail("cannot write", e.into_error()))?;
        tmp.as_file()
            .sync_all()
            .map_err(|e| fail("cannot write", e))?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path)
                .map(|m| m.permissions().mode())
                .unwrap_or(0o644);
            let _ = tmp
                .as_file()
                .set_permissions(std::fs::Permissions::from_mode(mode));
        }
        tmp.persist(&path)
            .map_err(|e| fail("cannot rename the temporary file into place", e.error))?;
        Ok(())
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.tmp.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.tmp.flush()
    }
}
