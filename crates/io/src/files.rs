//! Inputs and outputs as the command line names them: a file, or a
//! standard stream for `-`; and output written atomically.

use std::fmt;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

/// Where data is read from: a file, or standard input for `-`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// Standard input.
    Stdin,
    /// A file.
    File(PathBuf),
}

impl Input {
    /// `-` is standard input, anything else a file.
    pub fn new(path: &Path) -> Input {
        if path == Path::new("-") {
            Input::Stdin
        } else {
            Input::File(path.to_path_buf())
        }
    }

    /// The file's path; `None` for standard input.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Input::Stdin => None,
            Input::File(p) => Some(p),
        }
    }

    /// Opens the input for reading.
    pub fn open(&self) -> io::Result<Box<dyn Read>> {
        Ok(match self {
            Input::Stdin => Box::new(io::stdin().lock()),
            Input::File(p) => Box::new(std::fs::File::open(p)?),
        })
    }

    /// Reads the whole input.
    pub fn read_all(&self) -> io::Result<Vec<u8>> {
        match self {
            Input::Stdin => {
                let mut bytes = Vec::new();
                io::stdin().lock().read_to_end(&mut bytes)?;
                Ok(bytes)
            }
            Input::File(p) => std::fs::read(p),
        }
    }

    /// The size of a file input, when it is a regular file.
    pub fn size(&self) -> Option<u64> {
        let meta = std::fs::metadata(self.path()?).ok()?;
        meta.is_file().then_some(meta.len())
    }
}

impl fmt::Display for Input {
    /// The path, or `<stdin>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Input::Stdin => f.write_str("<stdin>"),
            Input::File(p) => write!(f, "{}", p.display()),
        }
    }
}

/// Where data is written: a file (atomically), or standard output for `-`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Output {
    /// Standard output.
    Stdout,
    /// A file.
    File(PathBuf),
}

impl Output {
    /// `-` is standard output, anything else a file.
    pub fn new(path: &Path) -> Output {
        if path == Path::new("-") {
            Output::Stdout
        } else {
            Output::File(path.to_path_buf())
        }
    }

    /// The file's path; `None` for standard output.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Output::Stdout => None,
            Output::File(p) => Some(p),
        }
    }

    /// True when this output is the file `input` reads (the same file by
    /// device and inode, or the same canonical path).
    pub fn overwrites(&self, input: &Input) -> bool {
        match (self.path(), input.path()) {
            (Some(out), Some(input)) => same_file(input, out),
            _ => false,
        }
    }

    /// Opens the output: a temporary file beside the path, or standard
    /// output. Nothing is in place until [`Sink::commit`].
    pub fn create(&self) -> Result<Sink, OutputError> {
        Ok(match self {
            Output::Stdout => {
                Sink::Stdout(io::BufWriter::with_capacity(BUFFER, io::stdout().lock()))
            }
            Output::File(p) => Sink::File(AtomicFile::create(p)?),
        })
    }
}

impl fmt::Display for Output {
    /// The path, or `<stdout>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Output::Stdout => f.write_str("<stdout>"),
            Output::File(p) => write!(f, "{}", p.display()),
        }
    }
}

/// Bytes an output buffers: writers that hand over larger parts (the
/// record pipeline does, 256 KiB at a time) are written straight through.
const BUFFER: usize = 64 << 10;

/// An output being written: standard output, or an [`AtomicFile`].
pub enum Sink {
    /// Standard output, buffered.
    Stdout(io::BufWriter<io::StdoutLock<'static>>),
    /// A file that appears on commit.
    File(AtomicFile),
}

impl Sink {
    /// Finishes the output: flushes standard output, or puts the file in
    /// place. Dropped without this, a file output leaves nothing.
    pub fn commit(self) -> Result<(), OutputError> {
        match self {
            Sink::Stdout(mut w) => w.flush().map_err(|e| OutputError::new("cannot write", e)),
            Sink::File(f) => f.commit(),
        }
    }
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Sink::Stdout(w) => w.write(buf),
            Sink::File(f) => f.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self {
            Sink::Stdout(w) => w.write_all(buf),
            Sink::File(f) => f.write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Sink::Stdout(w) => w.flush(),
            Sink::File(f) => f.flush(),
        }
    }
}

/// A failure to create, write or put in place an output file.
#[derive(Debug)]
pub struct OutputError {
    /// What could not be done: `cannot write`.
    pub what: &'static str,
    /// Why.
    pub source: io::Error,
}

impl OutputError {
    fn new(what: &'static str, source: io::Error) -> OutputError {
        OutputError { what, source }
    }

    /// True when the reader of standard output went away (a closed pipe).
    pub fn is_broken_pipe(&self) -> bool {
        self.source.kind() == io::ErrorKind::BrokenPipe
    }
}

impl fmt::Display for OutputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.what, self.source)
    }
}

impl std::error::Error for OutputError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.source)
    }
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
/// `path`: readers never see a partial file, and on failure `path` is left
/// as it was.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), OutputError> {
    let mut f = AtomicFile::create(path)?;
    f.write_all(bytes)
        .map_err(|e| OutputError::new("cannot write", e))?;
    f.commit()
}

/// An output file written to a temporary file beside it and renamed into
/// place on [`AtomicFile::commit`]; dropped uncommitted, it leaves nothing.
pub struct AtomicFile {
    path: PathBuf,
    tmp: io::BufWriter<tempfile::NamedTempFile>,
}

impl AtomicFile {
    /// Creates the temporary file in `path`'s directory.
    pub fn create(path: &Path) -> Result<AtomicFile, OutputError> {
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let tmp = tempfile::Builder::new()
            .prefix(".boardfile-")
            .tempfile_in(dir)
            .map_err(|e| OutputError::new("cannot create a temporary file in its directory", e))?;
        Ok(AtomicFile {
            path: path.to_path_buf(),
            tmp: io::BufWriter::with_capacity(BUFFER, tmp),
        })
    }

    /// Flushes, syncs, keeps an existing file's mode and renames into place.
    pub fn commit(self) -> Result<(), OutputError> {
        let path = self.path;
        let tmp = self
            .tmp
            .into_inner()
            .map_err(|e| OutputError::new("cannot write", e.into_error()))?;
        tmp.as_file()
            .sync_all()
            .map_err(|e| OutputError::new("cannot write", e))?;
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
        tmp.persist(&path).map_err(|e| {
            OutputError::new("cannot rename the temporary file into place", e.error)
        })?;
        Ok(())
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.tmp.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.tmp.write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.tmp.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_uncommitted_file_leaves_nothing_and_a_committed_one_replaces() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out.txt");
        std::fs::write(&out, b"precious").unwrap();
        {
            let mut f = AtomicFile::create(&out).unwrap();
            f.write_all(b"half").unwrap();
        }
        assert_eq!(std::fs::read(&out).unwrap(), b"precious");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        write_atomically(&out, b"new").unwrap();
        assert_eq!(std::fs::read(&out).unwrap(), b"new");
        assert!(Output::File(out.clone()).overwrites(&Input::File(out)));
        assert_eq!(Input::new(Path::new("-")).to_string(), "<stdin>");
        assert_eq!(Output::new(Path::new("-")).to_string(), "<stdout>");
    }
}
