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
    ///
    /// ```
    /// use boardfile_io::Input;
    /// use std::path::Path;
    /// assert!(matches!(Input::new(Path::new("-")), Input::Stdin));
    /// assert_eq!(Input::new(Path::new("-")).to_string(), "<stdin>");
    /// assert_eq!(Input::new(Path::new("set.pbn")).to_string(), "set.pbn");
    /// ```
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

    /// Opens the output. A regular file (or a new one) is written to an
    /// unnamed temporary file in its directory and put in place by
    /// [`Sink::commit`]; through a symbolic link, the file the link names
    /// is replaced and the link stays. Anything else (a FIFO, a device,
    /// `/dev/stdout`, `/proc/self/fd/N`) is written into directly: no
    /// temporary file, no rename. Standard output for `-`.
    pub fn create(&self) -> Result<Sink, OutputError> {
        Ok(match self {
            Output::Stdout => {
                Sink::Stdout(io::BufWriter::with_capacity(BUFFER, io::stdout().lock()))
            }
            Output::File(p) => match place(p)? {
                Place::Replace(target) => Sink::File(AtomicFile::create(&target)?),
                Place::Into => {
                    let f = std::fs::OpenOptions::new()
                        .append(true)
                        .open(p)
                        .map_err(|e| OutputError::new("cannot open", e))?;
                    Sink::Direct(io::BufWriter::with_capacity(BUFFER, f))
                }
            },
        })
    }

    /// The temporary files that an interrupted run of an older version
    /// (or one killed while putting its output in place) left in the
    /// directory this output is written to: reported, never removed.
    pub fn stale_temporaries(&self) -> Vec<PathBuf> {
        let Some(Ok(Place::Replace(target))) = self.path().map(place) else {
            return Vec::new();
        };
        let Ok(entries) = std::fs::read_dir(directory_of(&target)) else {
            return Vec::new();
        };
        let mut stale: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .filter(|e| {
                e.file_name()
                    .as_encoded_bytes()
                    .starts_with(TEMP_PREFIX.as_bytes())
            })
            .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
            .map(|e| e.path())
            .collect();
        stale.sort();
        stale
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

/// How a named output is written.
enum Place {
    /// A regular file, new or replaced atomically: this one (the file a
    /// symbolic link names, followed).
    Replace(PathBuf),
    /// Written into as it is: not a regular file.
    Into,
}

/// The most symbolic links followed to the file an output names.
const MAX_LINKS: usize = 40;

/// Where `path` is written: the regular file at the end of its symbolic
/// links (which need not exist yet), or into the path itself.
fn place(path: &Path) -> Result<Place, OutputError> {
    let mut p = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        // The process's own streams (/dev/stdout, /proc/self/fd/N) are
        // links only the kernel follows rightly: written into.
        if p.starts_with("/proc") || p.starts_with("/dev") {
            return Ok(Place::Into);
        }
        let meta = match std::fs::symlink_metadata(&p) {
            // A new file; or one under a missing directory or a file,
            // which creating it will name.
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
                ) =>
            {
                return Ok(Place::Replace(p))
            }
            Err(e) => return Err(OutputError::new("cannot look at the output", e)),
            Ok(m) => m,
        };
        if meta.file_type().is_symlink() {
            let target = std::fs::read_link(&p)
                .map_err(|e| OutputError::new("cannot read the symbolic link", e))?;
            p = match p.parent() {
                Some(dir) if target.is_relative() => dir.join(target),
                _ => target,
            };
            continue;
        }
        if meta.is_file() || meta.is_dir() {
            // A directory fails where it is put in place, naming it.
            return Ok(Place::Replace(p));
        }
        return Ok(Place::Into);
    }
    Err(OutputError::new(
        "cannot follow the symbolic link",
        io::Error::other(format!("more than {MAX_LINKS} links")),
    ))
}

/// Bytes an output buffers: writers that hand over larger parts (the
/// record pipeline does, 256 KiB at a time) are written straight through.
const BUFFER: usize = 64 << 10;

/// What a temporary file's name starts with.
const TEMP_PREFIX: &str = ".boardfile-";

/// An output being written: standard output, a file written into, or an
/// [`AtomicFile`].
pub enum Sink {
    /// Standard output, buffered.
    Stdout(io::BufWriter<io::StdoutLock<'static>>),
    /// A FIFO, a device or a stream, written into as it is.
    Direct(io::BufWriter<std::fs::File>),
    /// A file that appears on commit.
    File(AtomicFile),
}

impl Sink {
    /// Finishes the output: flushes standard output, or puts the file in
    /// place. Dropped without this, a file output leaves nothing.
    pub fn commit(self) -> Result<(), OutputError> {
        match self {
            Sink::Stdout(mut w) => w.flush().map_err(OutputError::write),
            Sink::Direct(mut w) => w.flush().map_err(OutputError::write),
            Sink::File(f) => f.commit(),
        }
    }
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Sink::Stdout(w) => w.write(buf),
            Sink::Direct(w) => w.write(buf),
            Sink::File(f) => f.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self {
            Sink::Stdout(w) => w.write_all(buf),
            Sink::Direct(w) => w.write_all(buf),
            Sink::File(f) => f.write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Sink::Stdout(w) => w.flush(),
            Sink::Direct(w) => w.flush(),
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

    /// A write that failed.
    pub fn write(source: io::Error) -> OutputError {
        OutputError::new("cannot write", source)
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
    f.write_all(bytes).map_err(OutputError::write)?;
    f.commit()
}

fn directory_of(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// An output file written to a temporary file in its directory and put in
/// place on [`AtomicFile::commit`]; dropped uncommitted, it leaves nothing.
///
/// On Linux the temporary file has no name (`O_TMPFILE`) until it is
/// complete: a run killed in any way, even by SIGKILL, leaves nothing
/// behind. It is then linked under a temporary name and renamed over the
/// path. Where the file system cannot make unnamed files, the temporary
/// file is named `.boardfile-XXXXXX` from the start; [`handle_signals`]
/// removes it on SIGINT, SIGTERM and SIGHUP.
pub struct AtomicFile {
    path: PathBuf,
    out: io::BufWriter<std::fs::File>,
    /// The temporary file's name, when it has one from the start.
    named: Option<pending::Registered>,
}

impl AtomicFile {
    /// Creates the temporary file in `path`'s directory.
    pub fn create(path: &Path) -> Result<AtomicFile, OutputError> {
        AtomicFile::create_in(path, true)
    }

    /// Creates the temporary file, unnamed when `unnamed` and the system
    /// can.
    fn create_in(path: &Path, unnamed: bool) -> Result<AtomicFile, OutputError> {
        let dir = directory_of(path);
        match std::fs::metadata(dir) {
            Ok(m) if m.is_dir() => {}
            Ok(_) => {
                return Err(OutputError::new(
                    "cannot write there",
                    io::Error::other(format!("{} is not a directory", dir.display())),
                ))
            }
            Err(e) => {
                return Err(OutputError::new(
                    "cannot write there",
                    io::Error::new(e.kind(), format!("no directory {}", dir.display())),
                ))
            }
        }
        let fail = |e| OutputError::new("cannot create a temporary file in its directory", e);
        let (file, named) = match unnamed.then(|| unnamed_in(dir)).flatten() {
            Some(f) => (f, None),
            None => {
                let (file, name) = tempfile::Builder::new()
                    .prefix(TEMP_PREFIX)
                    .tempfile_in(dir)
                    .map_err(fail)?
                    .keep()
                    .map_err(|e| fail(e.error))?;
                (file, Some(pending::Registered::new(name)))
            }
        };
        Ok(AtomicFile {
            path: path.to_path_buf(),
            out: io::BufWriter::with_capacity(BUFFER, file),
            named,
        })
    }

    /// Flushes, syncs, gives the file an existing file's mode (else that of
    /// a new file under the umask) and puts it in place.
    pub fn commit(mut self) -> Result<(), OutputError> {
        self.out.flush().map_err(OutputError::write)?;
        let file = self.out.get_ref();
        file.sync_all().map_err(OutputError::write)?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&self.path)
                .map(|m| m.permissions().mode() & 0o7777)
                .unwrap_or_else(|_| 0o666 & !umask());
            let _ = file.set_permissions(std::fs::Permissions::from_mode(mode));
        }
        let into_place = |e| OutputError::new("cannot put the file in place", e);
        let named = match self.named.take() {
            Some(n) => n,
            None => {
                let name = temporary_name(directory_of(&self.path));
                let registered = pending::Registered::new(name);
                if let Err(e) = link_unnamed(file, registered.path()) {
                    // Not to be linked here: copied to a named file.
                    let mut copy =
                        std::fs::File::create_new(registered.path()).map_err(|_| into_place(e))?;
                    let mut from = file;
                    io::Seek::seek(&mut from, io::SeekFrom::Start(0)).map_err(into_place)?;
                    io::copy(&mut from, &mut copy).map_err(OutputError::write)?;
                    copy.sync_all().map_err(OutputError::write)?;
                }
                registered
            }
        };
        std::fs::rename(named.path(), &self.path).map_err(into_place)?;
        named.forget();
        Ok(())
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.out.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.out.write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// A name for a temporary file in `dir` that no other has.
fn temporary_name(dir: &Path) -> PathBuf {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNT: AtomicU64 = AtomicU64::new(0);
    let n = COUNT.fetch_add(1, Ordering::Relaxed);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    dir.join(format!(
        "{TEMP_PREFIX}{}-{n}-{nanos:08x}",
        std::process::id()
    ))
}

/// The process's umask (Linux tells it in /proc/self/status), else 022.
fn umask() -> u32 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            let line = s.lines().find(|l| l.starts_with("Umask:"))?;
            u32::from_str_radix(line["Umask:".len()..].trim(), 8).ok()
        })
        .unwrap_or(0o022)
}

/// An unnamed file in `dir`, where the system makes them.
#[cfg(target_os = "linux")]
fn unnamed_in(dir: &Path) -> Option<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .custom_flags(libc::O_TMPFILE)
        .mode(0o600)
        .open(dir)
        .ok()
}

#[cfg(not(target_os = "linux"))]
fn unnamed_in(_: &Path) -> Option<std::fs::File> {
    None
}

/// Gives the unnamed `file` the name `to`.
#[cfg(target_os = "linux")]
fn link_unnamed(file: &std::fs::File, to: &Path) -> io::Result<()> {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::io::AsRawFd;
    let fd = file.as_raw_fd();
    let to = CString::new(to.as_os_str().as_bytes()).map_err(io::Error::other)?;
    let proc = CString::new(format!("/proc/self/fd/{fd}")).map_err(io::Error::other)?;
    // SAFETY: both paths are NUL-terminated and live across the calls.
    let linked = unsafe {
        libc::linkat(
            libc::AT_FDCWD,
            proc.as_ptr(),
            libc::AT_FDCWD,
            to.as_ptr(),
            libc::AT_SYMLINK_FOLLOW,
        ) == 0
            || libc::linkat(
                fd,
                c"".as_ptr(),
                libc::AT_FDCWD,
                to.as_ptr(),
                libc::AT_EMPTY_PATH,
            ) == 0
    };
    if linked {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

#[cfg(not(target_os = "linux"))]
fn link_unnamed(_: &std::fs::File, _: &Path) -> io::Result<()> {
    Err(io::Error::from(io::ErrorKind::Unsupported))
}

/// Makes the process's endings leave no temporary file: on SIGINT, SIGTERM
/// and SIGHUP the named temporary files of outputs being written are
/// removed and the process ends by the same signal, as it would have;
/// SIGXFSZ is ignored, so that a write past the file-size limit is a write
/// error (EFBIG) to report rather than a silent death. For programs: a
/// library using [`AtomicFile`] in a process that handles these signals
/// itself need not call it.
#[cfg(unix)]
pub fn handle_signals() {
    extern "C" fn on_signal(sig: libc::c_int) {
        pending::remove_all();
        // SAFETY: async-signal-safe calls only; SA_RESETHAND made the
        // action the default again, so the raise ends the process.
        unsafe {
            libc::raise(sig);
        }
    }
    // SAFETY: installs a handler that calls only async-signal-safe
    // functions (unlink, raise) on data it reads atomically.
    unsafe {
        for sig in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
            action.sa_flags = libc::SA_RESETHAND;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(sig, &action, std::ptr::null_mut());
        }
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

#[cfg(not(unix))]
pub fn handle_signals() {}

/// The named temporary files being written, for a signal handler to
/// remove: a fixed table of C strings, read and written atomically.
mod pending {
    use std::ffi::{c_char, CString};
    use std::path::{Path, PathBuf};
    use std::ptr::null_mut;
    use std::sync::atomic::{AtomicPtr, Ordering};

    const SLOTS: usize = 64;
    static NAMES: [AtomicPtr<c_char>; SLOTS] = [const { AtomicPtr::new(null_mut()) }; SLOTS];

    /// A temporary file's name, held in the table while it lives; dropped,
    /// the file is removed.
    pub struct Registered {
        path: PathBuf,
        slot: Option<usize>,
        /// The file is to be removed when this is dropped.
        armed: bool,
    }

    impl Registered {
        pub fn new(path: PathBuf) -> Registered {
            use std::os::unix::ffi::OsStrExt;
            let slot = CString::new(path.as_os_str().as_bytes())
                .ok()
                .and_then(|name| {
                    let raw = name.into_raw();
                    let slot = NAMES.iter().position(|s| {
                        s.compare_exchange(null_mut(), raw, Ordering::SeqCst, Ordering::SeqCst)
                            .is_ok()
                    });
                    if slot.is_none() {
                        // SAFETY: `raw` came from into_raw above and was not stored.
                        drop(unsafe { CString::from_raw(raw) });
                    }
                    slot
                });
            Registered {
                path,
                slot,
                armed: true,
            }
        }

        pub fn path(&self) -> &Path {
            &self.path
        }

        /// The file is in place under another name: nothing to remove.
        pub fn forget(mut self) {
            self.armed = false;
            self.release();
        }

        fn release(&mut self) {
            if let Some(slot) = self.slot.take() {
                let raw = NAMES[slot].swap(null_mut(), Ordering::SeqCst);
                if !raw.is_null() {
                    // SAFETY: stored by `new` from CString::into_raw.
                    drop(unsafe { CString::from_raw(raw) });
                }
            }
        }
    }

    impl Drop for Registered {
        fn drop(&mut self) {
            if self.armed {
                let _ = std::fs::remove_file(&self.path);
            }
            self.release();
        }
    }

    /// Removes every file in the table; async-signal-safe.
    pub fn remove_all() {
        for slot in &NAMES {
            let raw = slot.load(Ordering::SeqCst);
            if !raw.is_null() {
                // SAFETY: a NUL-terminated string that lives while stored.
                unsafe {
                    libc::unlink(raw);
                }
            }
        }
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

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn an_unnamed_temporary_file_has_no_name_until_it_is_in_place() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out.txt");
        let mut f = AtomicFile::create(&out).unwrap();
        f.write_all(b"whole").unwrap();
        f.flush().unwrap();
        // Linux and a file system with O_TMPFILE (tmpfs, ext4): nothing to
        // see while it is written.
        if f.named.is_none() {
            assert!(names(dir.path()).is_empty(), "{:?}", names(dir.path()));
        }
        f.commit().unwrap();
        assert_eq!(names(dir.path()), ["out.txt"]);
        assert_eq!(std::fs::read(&out).unwrap(), b"whole");
    }

    #[test]
    fn a_named_temporary_file_is_removed_when_dropped_or_signalled() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out.txt");
        {
            let mut f = AtomicFile::create_in(&out, false).unwrap();
            f.write_all(b"half").unwrap();
            assert_eq!(names(dir.path()).len(), 1);
            assert!(names(dir.path())[0].starts_with(TEMP_PREFIX));
        }
        assert!(names(dir.path()).is_empty());
        // What the signal handler does: every named temporary removed.
        let f = AtomicFile::create_in(&out, false).unwrap();
        assert_eq!(names(dir.path()).len(), 1);
        pending::remove_all();
        assert!(names(dir.path()).is_empty());
        drop(f);
        // Committed: in place, under the output's name only.
        let mut f = AtomicFile::create_in(&out, false).unwrap();
        f.write_all(b"whole").unwrap();
        f.commit().unwrap();
        assert_eq!(names(dir.path()), ["out.txt"]);
        assert_eq!(std::fs::read(&out).unwrap(), b"whole");
    }

    #[test]
    fn outputs_are_placed_through_links_and_into_special_files() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.txt");
        let link = dir.path().join("link.txt");
        std::os::unix::fs::symlink("real.txt", &link).unwrap();
        // The link's file, which need not exist yet.
        assert!(matches!(place(&link).unwrap(), Place::Replace(p) if p == real));
        std::fs::write(&real, b"x").unwrap();
        assert!(matches!(place(&link).unwrap(), Place::Replace(p) if p == real));
        assert!(matches!(
            place(Path::new("/dev/null")).unwrap(),
            Place::Into
        ));
        assert!(matches!(
            place(Path::new("/proc/self/fd/1")).unwrap(),
            Place::Into
        ));
        // A loop of links is an error, not a hang.
        let a = dir.path().join("a");
        let b = dir.path().join("b");
        std::os::unix::fs::symlink("b", &a).unwrap();
        std::os::unix::fs::symlink("a", &b).unwrap();
        assert!(place(&a).is_err());
    }
}
