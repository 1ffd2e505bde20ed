//! `boardfile._native`: the Rust half of the Python package `boardfile`
//! (PyO3, abi3 for Python 3.9 and later, built by maturin from
//! `crates/python/pyproject.toml`).
//!
//! Everything here is the libraries' own record streams: boards go to
//! Python as the JSON Lines writer's lines (so a board's dict has exactly
//! the keys of `boardfile convert x.pbn x.jsonl`), come from Python as JSON
//! Lines read by the JSON Lines reader, and go to pyarrow as the table
//! formats' record batches over the Arrow C stream interface. The public,
//! documented API is the Python one (`python/boardfile/__init__.py`).
//!
//! Errors: the library's errors become `boardfile.BoardfileError` (a
//! `ValueError`) carrying `format`, `record`, `line` and `byte`; I/O
//! failures become `OSError`.

use boardfile_bridge::dd::{solve_deals, SolveJournal, SolvingReader};
use boardfile_bridge::deal::bigdeal::{BigDeal, BigDealReader, Boards};
use boardfile_bridge::deal::seeded::{DealReader, Seed};
use boardfile_bridge::formats::table::parquet::{ArrowBoards, BatchBuilder, BATCH, CREATED_BY};
use boardfile_bridge::formats::table::{tag_columns, FIRST_ROWS};
use boardfile_bridge::{
    BoardReader, BoardWriter, DdTable, Deal, Diagnostics, Format, WriteOptions,
};
use boardfile_io::{Error, ErrorKind, FormatName, Output, Source, SNIFF_LEN};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyList, PyTuple};
use std::collections::HashMap;
use std::io::{Cursor, Read};
use std::path::PathBuf;
use std::sync::{mpsc, Arc, Mutex};

mod analysis;
mod objects;
mod othello;

/// What a Python caller named as input: a path, or the bytes themselves.
enum Src {
    Path(PathBuf),
    Bytes(Vec<u8>),
}

impl Src {
    fn of(obj: &Bound<'_, PyAny>) -> PyResult<Src> {
        if let Ok(b) = obj.cast::<PyBytes>() {
            return Ok(Src::Bytes(b.as_bytes().to_vec()));
        }
        if let Ok(b) = obj.cast::<PyByteArray>() {
            return Ok(Src::Bytes(b.to_vec()));
        }
        Ok(Src::Path(obj.extract::<PathBuf>().map_err(|_| {
            PyValueError::new_err("expected a path (str or os.PathLike) or bytes")
        })?))
    }

    fn name(&self) -> String {
        match self {
            Src::Path(p) => p.display().to_string(),
            Src::Bytes(_) => "<bytes>".into(),
        }
    }

    fn path(&self) -> Option<&std::path::Path> {
        match self {
            Src::Path(p) => Some(p),
            Src::Bytes(_) => None,
        }
    }

    /// The input's first bytes (for detection) and the whole of it as a
    /// stream.
    fn open(self) -> PyResult<(Vec<u8>, Box<dyn Read + Send>)> {
        let name = self.name();
        let mut rest: Box<dyn Read + Send> = match self {
            Src::Path(p) => Box::new(std::fs::File::open(&p).map_err(|e| os_error(&name, e))?),
            Src::Bytes(b) => Box::new(Cursor::new(b)),
        };
        let mut prefix = Vec::with_capacity(SNIFF_LEN);
        (&mut rest)
            .take(SNIFF_LEN as u64)
            .read_to_end(&mut prefix)
            .map_err(|e| os_error(&name, e))?;
        Ok((prefix.clone(), Box::new(Cursor::new(prefix).chain(rest))))
    }
}

fn os_error(name: &str, e: std::io::Error) -> PyErr {
    match e.raw_os_error() {
        Some(code) => PyOSError::new_err((code, format!("{name}: {e}"))),
        None => PyOSError::new_err(format!("{name}: {e}")),
    }
}

/// The library's error as a Python exception: `OSError` for I/O, else
/// `boardfile.BoardfileError` with the format and position as attributes.
fn py_error(py: Python<'_>, name: &str, e: &Error) -> PyErr {
    if let ErrorKind::Io(io) = e.kind() {
        return os_error(name, std::io::Error::new(io.kind(), io.to_string()));
    }
    let position = e.position();
    let made = (|| -> PyResult<PyErr> {
        let class = py.import("boardfile._errors")?.getattr("BoardfileError")?;
        let kwargs = PyDict::new(py);
        kwargs.set_item("format", e.format().map(|f| f.0))?;
        kwargs.set_item("record", position.and_then(|p| p.record))?;
        kwargs.set_item("line", position.and_then(|p| p.line))?;
        kwargs.set_item("column", position.and_then(|p| p.column))?;
        kwargs.set_item("byte", position.map(|p| p.byte))?;
        kwargs.set_item("source", name)?;
        kwargs.set_item("reason", e.message())?;
        let value = class.call((format!("{name}: {e}"),), Some(&kwargs))?;
        Ok(PyErr::from_value(value))
    })();
    made.unwrap_or_else(|err| err)
}

/// How a reader's warnings reach Python: each as a
/// `boardfile.BoardfileWarning` (a `UserWarning`), placed as the command
/// line places it (`set.pbn:12:1: warning: ...`), attributed to the
/// caller's line; the first [`EACH_KIND`] of a kind
/// ([`boardfile_io::error::warning_kind`]) in full, and at the end one
/// for the rest of each kind, as the command line folds them.
#[derive(Default)]
struct Teller {
    /// Warnings of the reader's `Diagnostics` looked at so far.
    seen: usize,
    /// Each kind met.
    kinds: Vec<Kind>,
}

/// A kind of warning a [`Teller`] met.
struct Kind {
    /// Its [`boardfile_io::error::warning_kind`].
    kind: String,
    /// Its first message.
    first: String,
    /// How many were told in full.
    told: usize,
    /// How many more, and the first and last records of those.
    more: u64,
    records: Option<(u64, u64)>,
}

/// How many warnings of a kind are told in full.
const EACH_KIND: usize = 3;

impl Teller {
    /// Tells the warnings of `diag` not yet looked at; at the `last` call,
    /// the rest of each kind and those past the ones kept.
    fn tell(&mut self, py: Python<'_>, name: &str, diag: &Diagnostics, last: bool) -> PyResult<()> {
        for w in diag.warnings.iter().skip(self.seen) {
            let kind = boardfile_io::error::warning_kind(&w.message);
            let at = match self.kinds.iter().position(|k| k.kind == kind) {
                Some(i) => i,
                None => {
                    self.kinds.push(Kind {
                        kind,
                        first: w.message.clone(),
                        told: 0,
                        more: 0,
                        records: None,
                    });
                    self.kinds.len() - 1
                }
            };
            let k = &mut self.kinds[at];
            if k.told < EACH_KIND {
                k.told += 1;
                warning(py, w.located(&name).to_string())?;
            } else {
                k.more += 1;
                if let Some(r) = w.position.and_then(|p| p.record) {
                    k.records = Some(k.records.map_or((r, r), |(a, b)| (a.min(r), b.max(r))));
                }
            }
        }
        self.seen = diag.warnings.len();
        if last {
            for k in std::mem::take(&mut self.kinds) {
                if k.more > 0 {
                    let told = boardfile_io::Told::Like {
                        count: k.more,
                        records: k.records,
                    };
                    warning(py, format!("{name}: warning: {told} ({})", k.first))?;
                }
            }
            if diag.more_warnings > 0 {
                warning(
                    py,
                    format!("{name}: {} more warnings like these", diag.more_warnings),
                )?;
            }
        }
        Ok(())
    }
}

/// One `boardfile.BoardfileWarning`, attributed to the first line of the
/// caller's code outside the boardfile package (not to the package's
/// own line that called the library).
pub(crate) fn warning(py: Python<'_>, text: String) -> PyResult<()> {
    let class = py
        .import("boardfile._errors")?
        .getattr("BoardfileWarning")?;
    let class = class.cast_into::<pyo3::types::PyType>()?;
    let text = std::ffi::CString::new(text.replace('\0', " ")).unwrap_or_default();
    PyErr::warn(py, &class, &text, caller_level(py))
}

/// The `stacklevel` of the first frame outside the boardfile package: 1
/// is the Python frame that called the library.
fn caller_level(py: Python<'_>) -> i32 {
    let level = || -> PyResult<i32> {
        let package: String = py.import("boardfile")?.getattr("__file__")?.extract()?;
        let folder = std::path::Path::new(&package)
            .parent()
            .map(|p| p.to_string_lossy().into_owned())
            .unwrap_or_default();
        let mut frame = py.import("sys")?.call_method1("_getframe", (0,))?;
        let mut level = 1;
        while !frame.is_none() && level < 50 {
            let file: String = frame.getattr("f_code")?.getattr("co_filename")?.extract()?;
            if !file.starts_with(&folder) {
                break;
            }
            level += 1;
            frame = frame.getattr("f_back")?;
        }
        Ok(level)
    };
    level().unwrap_or(1)
}

fn value_error(m: impl Into<String>) -> PyErr {
    PyValueError::new_err(m.into())
}

/// A bridge format by name or extension.
fn named_format(name: &str) -> PyResult<Format> {
    Format::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
        value_error(format!(
            "unknown format {name:?}; known: {}",
            names.join(", ")
        ))
    })
}

/// The input's format: named, else detected as the CLI detects it.
fn input_format(
    py: Python<'_>,
    name: &str,
    path: Option<&std::path::Path>,
    prefix: &[u8],
    format: Option<&str>,
) -> PyResult<Format> {
    match format {
        Some(f) => named_format(f),
        None if prefix.is_empty() => Err(py_error(
            py,
            name,
            &Error::new(ErrorKind::Syntax("empty: no boards to read".into())),
        )),
        None => boardfile_bridge::detect(prefix, path).map_err(|e| py_error(py, name, &e)),
    }
}

/// The output's format: named, else by the path's extension.
fn output_format(path: &std::path::Path, format: Option<&str>) -> PyResult<Format> {
    let f = match format {
        Some(f) => named_format(f)?,
        None => Format::from_path(path).ok_or_else(|| {
            value_error(format!(
                "{}: cannot tell the output format from the name; give format=",
                path.display()
            ))
        })?,
    };
    if !f.can_write() {
        return Err(value_error(format!("{} is read, not written", f.name())));
    }
    Ok(f)
}

/// Opens a bridge reader over what Python named.
fn open_reader(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    format: Option<&str>,
    diag: &mut Diagnostics,
) -> PyResult<(Box<dyn BoardReader + Send>, Format, String)> {
    let src = Src::of(source)?;
    let name = src.name();
    let path = src.path().map(|p| p.to_path_buf());
    let (prefix, stream) = src.open()?;
    let f = input_format(py, &name, path.as_deref(), &prefix, format)?;
    let reader = f
        .open(Source::from_reader(stream), diag)
        .map_err(|e| py_error(py, &name, &e))?;
    Ok((SendReader::wrap(reader), f, name))
}

/// A reader whose input is `Send` (a file or bytes), so that it may be
/// used from the thread that feeds pyarrow.
struct SendReader(Box<dyn BoardReader>);

// SAFETY: every reader here is opened over a `Box<dyn Read + Send>` (a
// file or owned bytes) by `open_reader`; the readers own their state and
// hold no thread-bound handles (no `Rc` is shared outside a reader).
unsafe impl Send for SendReader {}

impl SendReader {
    fn wrap(r: Box<dyn BoardReader>) -> Box<dyn BoardReader + Send> {
        Box::new(SendReader(r))
    }
}

impl BoardReader for SendReader {
    fn head(&self) -> &boardfile_bridge::SetInfo {
        self.0.head()
    }
    fn next_board(
        &mut self,
        diag: &mut Diagnostics,
    ) -> Result<Option<boardfile_bridge::Board>, Error> {
        self.0.next_board(diag)
    }
    fn tail(&mut self) -> boardfile_bridge::SetInfo {
        self.0.tail()
    }
    fn position(&self) -> u64 {
        self.0.position()
    }
}

/// Boards as JSON Lines text, a chunk at a time: what `boardfile.read`
/// parses into dicts.
#[pyclass(unsendable)]
struct BoardLines {
    reader: Box<dyn BoardReader + Send>,
    writer: Box<dyn BoardWriter>,
    diag: Diagnostics,
    name: String,
    #[pyo3(get)]
    format: &'static str,
    /// The set line, when the set carries anything.
    #[pyo3(get)]
    set_line: Option<Py<PyBytes>>,
    done: bool,
    /// How its warnings are told to Python.
    warned: Teller,
}

#[pymethods]
impl BoardLines {
    #[new]
    #[pyo3(signature = (source, format=None))]
    fn new(py: Python<'_>, source: &Bound<'_, PyAny>, format: Option<&str>) -> PyResult<Self> {
        let mut diag = Diagnostics::strict();
        let (reader, f, name) = open_reader(py, source, format, &mut diag)?;
        let mut writer = Format::Jsonl
            .writer(&WriteOptions::default())
            .map_err(|e| py_error(py, &name, &e))?;
        let mut head = Vec::new();
        writer
            .head(reader.head(), &mut head)
            .map_err(|e| py_error(py, &name, &e))?;
        let set_line = (!head.is_empty()).then(|| PyBytes::new(py, head.trim_ascii_end()).unbind());
        Ok(BoardLines {
            reader,
            writer,
            diag,
            name,
            format: f.name(),
            set_line,
            done: false,
            warned: Teller::default(),
        })
    }

    /// Up to `n` boards as JSON Lines text (empty at the end).
    fn read_chunk<'py>(&mut self, py: Python<'py>, n: usize) -> PyResult<Bound<'py, PyBytes>> {
        let mut out = Vec::with_capacity(n * 320);
        let mut k = 0;
        while k < n && !self.done {
            match self.reader.next_board(&mut self.diag) {
                Ok(Some(b)) => {
                    self.writer
                        .board(&b, &mut out)
                        .map_err(|e| py_error(py, &self.name, &e))?;
                    k += 1;
                }
                Ok(None) => self.done = true,
                Err(e) => {
                    self.done = true;
                    return Err(py_error(py, &self.name, &e));
                }
            }
        }
        self.warned.tell(py, &self.name, &self.diag, self.done)?;
        Ok(PyBytes::new(py, &out))
    }

    /// Warnings noticed so far, as text.
    fn warnings(&self) -> Vec<String> {
        self.diag.warnings.iter().map(|w| w.to_string()).collect()
    }
}

/// A `Read` over a Python iterator of `bytes` (JSON Lines text).
struct PyLines {
    iter: Py<PyAny>,
    buf: Vec<u8>,
    at: usize,
    /// A Python exception raised by the iterator, given back after.
    failed: Arc<Mutex<Option<PyErr>>>,
}

impl Read for PyLines {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        while self.at == self.buf.len() {
            let next = Python::attach(|py| -> PyResult<Option<Vec<u8>>> {
                let it = self.iter.bind(py);
                match it.call_method0("__next__") {
                    Ok(v) => Ok(Some(
                        v.cast::<PyBytes>()
                            .map_err(PyErr::from)?
                            .as_bytes()
                            .to_vec(),
                    )),
                    Err(e) if e.is_instance_of::<pyo3::exceptions::PyStopIteration>(py) => Ok(None),
                    Err(e) => Err(e),
                }
            });
            match next {
                Ok(Some(b)) => {
                    self.buf = b;
                    self.at = 0;
                }
                Ok(None) => return Ok(0),
                Err(e) => {
                    *self.failed.lock().unwrap_or_else(|p| p.into_inner()) = Some(e);
                    return Err(std::io::Error::other("the boards' iterator raised"));
                }
            }
        }
        let n = out.len().min(self.buf.len() - self.at);
        out[..n].copy_from_slice(&self.buf[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// Writes boards given as JSON Lines text (an iterator of `bytes`) into
/// `path` in `format` (else the path's extension), atomically. Returns the
/// number of boards written.
#[pyfunction]
#[pyo3(signature = (lines, path, format=None, normalize=false))]
fn write_lines(
    py: Python<'_>,
    lines: &Bound<'_, PyAny>,
    path: PathBuf,
    format: Option<&str>,
    normalize: bool,
) -> PyResult<u64> {
    let to = output_format(&path, format)?;
    let failed = Arc::new(Mutex::new(None));
    let read = PyLines {
        iter: lines.try_iter()?.into_any().unbind(),
        buf: Vec::new(),
        at: 0,
        failed: failed.clone(),
    };
    let mut diag = Diagnostics::strict();
    let name = "<boards>";
    let mut reader = Format::Jsonl
        .open(Source::from_reader(read), &mut diag)
        .map_err(|e| take_failure(&failed).unwrap_or_else(|| py_error(py, name, &e)))?;
    let options = WriteOptions::default().normalized(normalize);
    write_out(
        py,
        reader.as_mut(),
        Some(Format::Jsonl),
        to,
        &options,
        &path,
        name,
        &mut diag,
    )
    .map_err(|e| take_failure(&failed).unwrap_or(e))
}

fn take_failure(failed: &Arc<Mutex<Option<PyErr>>>) -> Option<PyErr> {
    failed.lock().unwrap_or_else(|p| p.into_inner()).take()
}

/// Pipes a reader into `path` (atomically) in `to`.
#[allow(clippy::too_many_arguments)]
fn write_out(
    py: Python<'_>,
    reader: &mut dyn BoardReader,
    from: Option<Format>,
    to: Format,
    options: &WriteOptions,
    path: &std::path::Path,
    name: &str,
    diag: &mut Diagnostics,
) -> PyResult<u64> {
    let output = Output::new(path);
    let out_name = path.display().to_string();
    let mut sink = output
        .create()
        .map_err(|e| PyOSError::new_err(format!("{out_name}: {e}")))?;
    let done = boardfile_bridge::convert(reader, from, to, options, &mut sink, diag, &mut |_| {})
        .map_err(|e| match e {
        boardfile_bridge::ConvertError::Read(e) => py_error(py, name, &e),
        boardfile_bridge::ConvertError::Write(e) => py_error(py, &out_name, &e),
        boardfile_bridge::ConvertError::Output(e) => os_error(&out_name, e),
    })?;
    sink.commit()
        .map_err(|e| PyOSError::new_err(format!("{out_name}: {e}")))?;
    Teller::default().tell(py, name, diag, true)?;
    // What the output format could not keep, as the command line notes it.
    for loss in &done.losses {
        warning(py, format!("{out_name}: {loss}"))?;
    }
    Ok(done.boards)
}

/// What `reader` reads, as JSON Lines text (the form the Python side
/// parses into dicts): the library's conversion into memory, its error the
/// board's or the writer's.
fn jsonl_of(reader: &mut dyn BoardReader, diag: &mut Diagnostics) -> Result<Vec<u8>, Error> {
    let mut out = Vec::new();
    boardfile_bridge::convert(
        reader,
        None,
        Format::Jsonl,
        &WriteOptions::default(),
        &mut out,
        diag,
        &mut |_| {},
    )
    .map_err(|e| match e {
        boardfile_bridge::ConvertError::Read(e) | boardfile_bridge::ConvertError::Write(e) => e,
        boardfile_bridge::ConvertError::Output(e) => Error::from(e),
    })?;
    Ok(out)
}

/// Converts `src` into `dst`: formats named or told as the CLI tells them.
#[pyfunction]
#[pyo3(signature = (src, dst, from_format=None, to_format=None, normalize=false))]
fn convert(
    py: Python<'_>,
    src: &Bound<'_, PyAny>,
    dst: PathBuf,
    from_format: Option<&str>,
    to_format: Option<&str>,
    normalize: bool,
) -> PyResult<u64> {
    let to = output_format(&dst, to_format)?;
    let mut diag = Diagnostics::strict();
    let (mut reader, from, name) = open_reader(py, src, from_format, &mut diag)?;
    if let Src::Path(p) = Src::of(src)? {
        if boardfile_io::files::same_file(&p, &dst) {
            return Err(value_error(format!(
                "{}: refusing to write over the input",
                dst.display()
            )));
        }
    }
    let options = WriteOptions::default().normalized(normalize);
    write_out(
        py,
        reader.as_mut(),
        Some(from),
        to,
        &options,
        &dst,
        &name,
        &mut diag,
    )
}

/// A new board set as JSON Lines text, and the seed it was dealt with
/// (empty for an owner's deal: Big Deal's cannot be repeated).
#[pyfunction]
#[pyo3(signature = (n, seed=None, first=1, owner=None, entropy=None))]
fn deal_lines<'py>(
    py: Python<'py>,
    n: u32,
    seed: Option<&str>,
    first: u32,
    owner: Option<&str>,
    entropy: Option<&str>,
) -> PyResult<(Bound<'py, PyBytes>, String)> {
    if n == 0 || u64::from(first) + u64::from(n) - 1 > u64::from(u32::MAX) || first == 0 {
        return Err(value_error(format!(
            "{n} boards from {first}: no such board numbers"
        )));
    }
    let (mut reader, seed): (Box<dyn BoardReader>, String) = match (owner, seed, entropy) {
        (Some(_), Some(_), _) => {
            return Err(value_error(
                "an owner's deal takes no seed (entropy, if any)",
            ))
        }
        (None, _, Some(_)) => return Err(value_error("entropy is for an owner's deal")),
        // As Big Deal deals, for this owner: `boardfile deal --owner`.
        (Some(owner), None, entropy) => {
            let owner = boardfile_bridge::deal::bigdeal::owner_name(owner).map_err(value_error)?;
            let run = match entropy {
                Some(e) => BigDeal::new(owner.as_bytes(), e.as_bytes()),
                None => BigDeal::from_os(owner.as_bytes()).map_err(value_error)?,
            };
            let boards = Boards::new(first, first + (n - 1)).ok_or_else(|| {
                value_error(format!("{n} boards from {first}: no such board numbers"))
            })?;
            (Box::new(BigDealReader::new(&run, boards)), String::new())
        }
        (None, given, None) => {
            let seed = match given {
                Some(s) => Seed::parse(s).map_err(value_error)?,
                None => Seed::from_os().map_err(value_error)?,
            };
            // The set says its seed, as `boardfile deal` writes it.
            let text = given.map_or_else(|| seed.to_string(), |s| s.trim().to_string());
            let reader = DealReader::new(n, first, &seed).noting(&text);
            (Box::new(reader), seed.to_string())
        }
    };
    let out = jsonl_of(reader.as_mut(), &mut Diagnostics::strict())
        .map_err(|e| value_error(e.to_string()))?;
    Ok((PyBytes::new(py, &out), seed))
}

/// Solves boards given as JSON Lines text (the GIL released), giving them
/// back as JSON Lines text with `dd` and `par`.
#[pyfunction]
#[pyo3(signature = (lines, jobs=None, force=false))]
fn solve_lines<'py>(
    py: Python<'py>,
    lines: &Bound<'py, PyBytes>,
    jobs: Option<usize>,
    force: bool,
) -> PyResult<Bound<'py, PyBytes>> {
    let jobs = jobs.unwrap_or_else(default_jobs);
    let lines = lines.as_bytes().to_vec();
    let result = py.detach(move || -> Result<(Vec<u8>, Diagnostics), Error> {
        let mut diag = Diagnostics::strict();
        let reader = Format::Jsonl.open(Source::from_bytes(&lines), &mut diag)?;
        let mut solving = SolvingReader::new(
            reader,
            Format::Jsonl,
            jobs,
            force,
            boardfile_bridge::dd::NoJournal,
        );
        let out = jsonl_of(&mut solving, &mut diag)?;
        Ok((out, diag))
    });
    match result {
        Ok((out, diag)) => {
            Teller::default().tell(py, "<boards>", &diag, true)?;
            Ok(PyBytes::new(py, &out))
        }
        Err(e) => Err(py_error(py, "<boards>", &e)),
    }
}

fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

// ---- Tables: record batches to pyarrow over the C stream interface.

impl TableStream {
    fn of(
        batches: Box<dyn arrow_array::RecordBatchReader + Send>,
        error: Arc<Mutex<Option<Error>>>,
        name: String,
        format: &'static str,
    ) -> TableStream {
        let stream = arrow_array::ffi_stream::FFI_ArrowArrayStream::new(batches);
        TableStream {
            stream: Mutex::new(Some(Box::new(stream))),
            error,
            name,
            format,
        }
    }
}

/// Record batches coming in from Python (a DataFrame or an Arrow table
/// exported by pyarrow's `RecordBatchReader._export_to_c` into
/// [`ArrowIn::address`]), read as boards by the table formats' reader.
#[pyclass]
struct ArrowIn {
    stream: Mutex<Option<Box<arrow_array::ffi_stream::FFI_ArrowArrayStream>>>,
}

/// The name errors give a table handed over from Python.
const FRAME: &str = "<frame>";

#[pymethods]
impl ArrowIn {
    #[new]
    fn new() -> Self {
        ArrowIn {
            stream: Mutex::new(Some(Box::new(
                arrow_array::ffi_stream::FFI_ArrowArrayStream::empty(),
            ))),
        }
    }

    /// Where pyarrow writes the stream.
    fn address(&self) -> PyResult<usize> {
        let guard = self.stream.lock().unwrap_or_else(|p| p.into_inner());
        match guard.as_ref() {
            Some(s) => Ok(&**s as *const _ as usize),
            None => Err(value_error("the table was read already")),
        }
    }
}

type FrameBoards = ArrowBoards<arrow_array::ffi_stream::RecordBatchStreamReader>;

impl ArrowIn {
    /// The boards of the rows (once).
    fn boards(&self, py: Python<'_>) -> PyResult<FrameBoards> {
        let stream = self
            .stream
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take()
            .ok_or_else(|| value_error("the table was read already"))?;
        let reader = arrow_array::ffi_stream::RecordBatchStreamReader::try_new(*stream)
            .map_err(|e| value_error(format!("{FRAME}: {e}")))?;
        let schema = arrow_array::RecordBatchReader::schema(&reader);
        ArrowBoards::new(FormatName("TABLE"), &schema, reader).map_err(|e| py_error(py, FRAME, &e))
    }
}

/// Writes the rows of a table (the `read_table` columns) into `path` in
/// `format` (else the path's extension), atomically. Returns the number of
/// boards written.
#[pyfunction]
#[pyo3(signature = (rows, path, format=None, normalize=false))]
fn write_arrow(
    py: Python<'_>,
    rows: &ArrowIn,
    path: PathBuf,
    format: Option<&str>,
    normalize: bool,
) -> PyResult<u64> {
    let to = output_format(&path, format)?;
    let mut reader = rows.boards(py)?;
    let mut diag = Diagnostics::strict();
    let options = WriteOptions::default().normalized(normalize);
    write_out(
        py,
        &mut reader,
        Some(Format::Parquet),
        to,
        &options,
        &path,
        FRAME,
        &mut diag,
    )
}

/// Solves the rows of a table as `solve_lines` solves boards: the same
/// table back, `dd_*` and `par_*` filled, as a [`TableStream`].
#[pyfunction]
#[pyo3(signature = (rows, jobs=None, force=false))]
fn solve_arrow(
    py: Python<'_>,
    rows: &ArrowIn,
    jobs: Option<usize>,
    force: bool,
) -> PyResult<TableStream> {
    let reader = rows.boards(py)?;
    let jobs = jobs.unwrap_or_else(default_jobs);
    let solved = py.detach(
        move || -> Result<(Vec<boardfile_bridge::Board>, Diagnostics), Error> {
            let mut diag = Diagnostics::strict();
            let mut solving = SolvingReader::new(
                Box::new(reader),
                Format::Parquet,
                jobs,
                force,
                boardfile_bridge::dd::NoJournal,
            );
            let mut boards = Vec::new();
            while let Some(b) = solving.next_board(&mut diag)? {
                boards.push(b);
            }
            Ok((boards, diag))
        },
    );
    let (boards, diag) = solved.map_err(|e| py_error(py, FRAME, &e))?;
    Teller::default().tell(py, FRAME, &diag, true)?;
    let mut builder = BatchBuilder::new(tag_columns(&boards));
    let schema = builder.schema();
    let mut batches = Vec::new();
    for b in &boards {
        builder
            .push(b)
            .map_err(|m| py_error(py, FRAME, &Error::unsupported(Format::Parquet, m)))?;
        if builder.len() >= BATCH {
            batches.push(Ok(builder.finish()));
        }
    }
    if !builder.is_empty() {
        batches.push(Ok(builder.finish()));
    }
    let batches = arrow_array::RecordBatchIterator::new(batches, schema);
    Ok(TableStream::of(
        Box::new(batches),
        Arc::default(),
        FRAME.into(),
        "TABLE",
    ))
}

/// Record batches from a thread that reads the input, for pyarrow.
struct ChannelBatches {
    schema: arrow_schema::SchemaRef,
    rx: mpsc::Receiver<Result<arrow_array::RecordBatch, String>>,
}

impl Iterator for ChannelBatches {
    type Item = Result<arrow_array::RecordBatch, arrow_schema::ArrowError>;

    fn next(&mut self) -> Option<Self::Item> {
        match self.rx.recv().ok()? {
            Ok(b) => Some(Ok(b)),
            Err(m) => Some(Err(arrow_schema::ArrowError::ExternalError(m.into()))),
        }
    }
}

impl arrow_array::RecordBatchReader for ChannelBatches {
    fn schema(&self) -> arrow_schema::SchemaRef {
        self.schema.clone()
    }
}

/// A table being read: an Arrow C stream for pyarrow to import, and the
/// error that stopped it, as the library gave it.
#[pyclass]
struct TableStream {
    stream: Mutex<Option<Box<arrow_array::ffi_stream::FFI_ArrowArrayStream>>>,
    error: Arc<Mutex<Option<Error>>>,
    name: String,
    #[pyo3(get)]
    format: &'static str,
}

#[pymethods]
impl TableStream {
    #[new]
    #[pyo3(signature = (source, format=None, batch_size=BATCH))]
    fn new(
        py: Python<'_>,
        source: &Bound<'_, PyAny>,
        format: Option<&str>,
        batch_size: usize,
    ) -> PyResult<Self> {
        let batch_size = batch_size.max(1);
        let mut diag = Diagnostics::strict();
        let (reader, f, name) = open_reader(py, source, format, &mut diag)?;
        let error: Arc<Mutex<Option<Error>>> = Arc::new(Mutex::new(None));
        let (schema_tx, schema_rx) = mpsc::sync_channel(1);
        let (tx, rx) = mpsc::sync_channel(2);
        let failed = error.clone();
        std::thread::Builder::new()
            .name("boardfile-table".into())
            .spawn(move || produce(reader, diag, batch_size, schema_tx, tx, failed))
            .map_err(|e| os_error(&name, e))?;
        let schema = py.detach(move || schema_rx.recv());
        let schema = match schema {
            Ok(s) => s,
            Err(_) => {
                let e = error.lock().unwrap_or_else(|p| p.into_inner()).take();
                return Err(match e {
                    Some(e) => py_error(py, &name, &e),
                    None => value_error(format!("{name}: the table could not be read")),
                });
            }
        };
        let batches = ChannelBatches { schema, rx };
        Ok(TableStream::of(Box::new(batches), error, name, f.name()))
    }

    /// The address of the `ArrowArrayStream` for
    /// `pyarrow.RecordBatchReader._import_from_c`; the stream stays owned
    /// here (its contents are moved out by the import).
    fn address(&self) -> PyResult<usize> {
        let guard = self.stream.lock().unwrap_or_else(|p| p.into_inner());
        match guard.as_ref() {
            Some(s) => Ok(&**s as *const _ as usize),
            None => Err(value_error("the table stream is gone")),
        }
    }

    /// The error that ended the stream early, as a Python exception (or
    /// None).
    fn take_error(&self, py: Python<'_>) -> Option<PyErr> {
        let e = self
            .error
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take()?;
        Some(py_error(py, &self.name, &e))
    }
}

/// Reads boards and sends record batches: the first [`FIRST_ROWS`] boards
/// fix the tag columns (and so the schema), then a batch at a time.
fn produce(
    mut reader: Box<dyn BoardReader + Send>,
    mut diag: Diagnostics,
    batch_size: usize,
    schema_tx: mpsc::SyncSender<arrow_schema::SchemaRef>,
    tx: mpsc::SyncSender<Result<arrow_array::RecordBatch, String>>,
    failed: Arc<Mutex<Option<Error>>>,
) {
    let fail = |e: Error| {
        let text = e.to_string();
        *failed.lock().unwrap_or_else(|p| p.into_inner()) = Some(e);
        text
    };
    let mut first = Vec::new();
    let mut ended = false;
    while first.len() < FIRST_ROWS {
        match reader.next_board(&mut diag) {
            Ok(Some(b)) => first.push(b),
            Ok(None) => {
                ended = true;
                break;
            }
            Err(e) => {
                fail(e);
                return; // the schema sender dropped: the caller raises
            }
        }
    }
    let mut builder = BatchBuilder::new(tag_columns(&first));
    if schema_tx.send(builder.schema()).is_err() {
        return;
    }
    let push = |builder: &mut BatchBuilder, b: &boardfile_bridge::Board| -> Result<(), String> {
        builder
            .push(b)
            .map_err(|m| fail(Error::unsupported(Format::Parquet, m)))
    };
    for b in &first {
        if let Err(m) = push(&mut builder, b) {
            let _ = tx.send(Err(m));
            return;
        }
        if builder.len() >= batch_size && tx.send(Ok(builder.finish())).is_err() {
            return;
        }
    }
    drop(first);
    while !ended {
        match reader.next_board(&mut diag) {
            Ok(Some(b)) => {
                if let Err(m) = push(&mut builder, &b) {
                    let _ = tx.send(Err(m));
                    return;
                }
                if builder.len() >= batch_size && tx.send(Ok(builder.finish())).is_err() {
                    return;
                }
            }
            Ok(None) => ended = true,
            Err(e) => {
                let _ = tx.send(Err(fail(e)));
                return;
            }
        }
    }
    if !builder.is_empty() {
        let _ = tx.send(Ok(builder.finish()));
    }
}

// ---- Solving in shards (boardfile.dask).

/// The boards of `src` that a solve would solve, in shards of `size`:
/// each `(indices, deals)`, the boards' indices in the file from 0 as
/// little-endian u64s and their deals in PBN, a line each. Also the
/// input's format and board count.
#[pyfunction]
#[pyo3(signature = (src, size, format=None, force=false))]
fn shards<'py>(
    py: Python<'py>,
    src: &Bound<'py, PyAny>,
    size: usize,
    format: Option<&str>,
    force: bool,
) -> PyResult<(Bound<'py, PyList>, &'static str, u64)> {
    let size = size.max(1);
    let mut diag = Diagnostics::strict();
    let (mut reader, f, name) = open_reader(py, src, format, &mut diag)?;
    let list = PyList::empty(py);
    let (mut indices, mut deals) = (Vec::new(), Vec::new());
    let mut count = 0u64;
    let mut index = 0u64;
    loop {
        let b = match reader.next_board(&mut diag) {
            Ok(Some(b)) => b,
            Ok(None) => break,
            Err(e) => return Err(py_error(py, &name, &e)),
        };
        // As SolvingReader chooses: complete deals without a whole table.
        if b.deal.is_complete() && (force || !b.dd.is_some_and(|t| t.is_complete())) {
            indices.extend_from_slice(&index.to_le_bytes());
            b.deal.push_pbn(&mut deals);
            deals.push(b'\n');
            count += 1;
            if count.is_multiple_of(size as u64) {
                let t = PyTuple::new(py, [PyBytes::new(py, &indices), PyBytes::new(py, &deals)])?;
                list.append(t)?;
                indices.clear();
                deals.clear();
            }
        }
        index += 1;
    }
    if !indices.is_empty() {
        let t = PyTuple::new(py, [PyBytes::new(py, &indices), PyBytes::new(py, &deals)])?;
        list.append(t)?;
    }
    Ok((list, f.name(), index))
}

/// How many boards of `src` a solve would solve, and how many it holds.
#[pyfunction]
#[pyo3(signature = (src, format=None, force=false))]
fn unsolved_count(
    py: Python<'_>,
    src: &Bound<'_, PyAny>,
    format: Option<&str>,
    force: bool,
) -> PyResult<(u64, u64)> {
    let mut diag = Diagnostics::strict();
    let (mut reader, _, name) = open_reader(py, src, format, &mut diag)?;
    let (mut unsolved, mut all) = (0, 0);
    loop {
        match reader.next_board(&mut diag) {
            Ok(Some(b)) => {
                all += 1;
                if b.deal.is_complete() && (force || !b.dd.is_some_and(|t| t.is_complete())) {
                    unsolved += 1;
                }
            }
            Ok(None) => return Ok((unsolved, all)),
            Err(e) => return Err(py_error(py, &name, &e)),
        }
    }
}

/// Solves deals (PBN, a line each) on `jobs` threads, the GIL released:
/// each table as PBN's `DoubleDummyTricks` (20 hex digits), in order.
#[pyfunction]
#[pyo3(signature = (deals, jobs=1))]
fn solve_deal_lines<'py>(
    py: Python<'py>,
    deals: &Bound<'py, PyBytes>,
    jobs: usize,
) -> PyResult<Bound<'py, PyBytes>> {
    let parsed: Vec<Deal> = deals
        .as_bytes()
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(Deal::parse_pbn_bytes)
        .collect::<Result<_, _>>()
        .map_err(value_error)?;
    let out = py.detach(move || {
        let mut tables = vec![DdTable::default(); parsed.len()];
        solve_deals(&parsed, jobs.max(1), &mut |i, t| {
            tables[i] = t;
            true
        });
        let mut out = Vec::with_capacity(parsed.len() * 20);
        for t in &tables {
            out.extend_from_slice(t.to_hex().unwrap_or_else(|| "?".repeat(20)).as_bytes());
        }
        out
    });
    Ok(PyBytes::new(py, &out))
}

/// Tables solved elsewhere, by board index, for [`SolvingReader`]: the
/// journal of a solve whose work was done by shards.
struct ShardTables {
    tables: HashMap<u64, (Deal, DdTable)>,
    /// Boards solved here, having no table from the shards.
    missing: u64,
}

impl SolveJournal for ShardTables {
    fn known(&mut self, index: u64, deal: &Deal) -> Option<DdTable> {
        match self.tables.get(&index) {
            Some((d, t)) if d == deal => Some(*t),
            _ => {
                self.missing += 1;
                None
            }
        }
    }

    fn solved(&mut self, _: u64, _: &Deal, _: &DdTable) -> std::io::Result<()> {
        Ok(())
    }
}

/// Writes `src` solved into `dst` as `boardfile solve` writes it (the same
/// library path: [`SolvingReader`] into the output's writer), with the
/// tables the shards found. Returns (boards written, boards solved here).
#[pyfunction]
#[pyo3(signature = (src, dst, results, from_format=None, to_format=None, jobs=None, force=false))]
#[allow(clippy::too_many_arguments)]
fn write_solved(
    py: Python<'_>,
    src: &Bound<'_, PyAny>,
    dst: PathBuf,
    results: Vec<(Bound<'_, PyBytes>, Bound<'_, PyBytes>, Bound<'_, PyBytes>)>,
    from_format: Option<&str>,
    to_format: Option<&str>,
    jobs: Option<usize>,
    force: bool,
) -> PyResult<(u64, u64)> {
    let to = output_format(&dst, to_format)?;
    if !to.keeps_dd() {
        return Err(value_error(format!(
            "{}: {} does not keep double-dummy tables",
            dst.display(),
            to.name()
        )));
    }
    let mut tables = HashMap::new();
    for (indices, deals, hex) in &results {
        let (indices, deals, hex) = (indices.as_bytes(), deals.as_bytes(), hex.as_bytes());
        let deals: Vec<&[u8]> = deals
            .split(|&b| b == b'\n')
            .filter(|l| !l.is_empty())
            .collect();
        if indices.len() != deals.len() * 8 || hex.len() != deals.len() * 20 {
            return Err(value_error(
                "a shard's indices, deals and tables do not match",
            ));
        }
        for (k, d) in deals.iter().enumerate() {
            let index = u64::from_le_bytes(indices[8 * k..8 * k + 8].try_into().expect("8 bytes"));
            let deal = Deal::parse_pbn_bytes(d).map_err(value_error)?;
            let text = std::str::from_utf8(&hex[20 * k..20 * k + 20])
                .map_err(|e| value_error(e.to_string()))?;
            let table = DdTable::from_hex(text).map_err(value_error)?;
            tables.insert(index, (deal, table));
        }
    }
    let mut diag = Diagnostics::strict();
    let (reader, from, name) = open_reader(py, src, from_format, &mut diag)?;
    let journal = ShardTables { tables, missing: 0 };
    let mut solving = SolvingReader::new(
        reader,
        from,
        jobs.unwrap_or_else(default_jobs),
        force,
        journal,
    );
    let written = write_out(
        py,
        &mut solving,
        None,
        to,
        &WriteOptions::default(),
        &dst,
        &name,
        &mut diag,
    )?;
    Ok((written, solving.into_journal().missing))
}

/// Every format: (name, extensions, reads, writes, description).
#[pyfunction]
fn formats() -> Vec<(&'static str, Vec<&'static str>, bool, bool, &'static str)> {
    Format::ALL
        .iter()
        .map(|f| {
            (
                f.name(),
                f.extensions().to_vec(),
                f.can_read(),
                f.can_write(),
                f.description(),
            )
        })
        .collect()
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<BoardLines>()?;
    m.add_class::<TableStream>()?;
    m.add_class::<ArrowIn>()?;
    m.add_function(wrap_pyfunction!(write_arrow, m)?)?;
    m.add_function(wrap_pyfunction!(solve_arrow, m)?)?;
    m.add_function(wrap_pyfunction!(write_lines, m)?)?;
    m.add_function(wrap_pyfunction!(convert, m)?)?;
    m.add_function(wrap_pyfunction!(deal_lines, m)?)?;
    m.add_function(wrap_pyfunction!(solve_lines, m)?)?;
    m.add_function(wrap_pyfunction!(shards, m)?)?;
    m.add_function(wrap_pyfunction!(unsolved_count, m)?)?;
    m.add_function(wrap_pyfunction!(solve_deal_lines, m)?)?;
    m.add_function(wrap_pyfunction!(write_solved, m)?)?;
    m.add_function(wrap_pyfunction!(formats, m)?)?;
    othello::register(m)?;
    objects::register(m)?;
    analysis::register(m)?;
    m.add("BATCH", BATCH)?;
    m.add("PARQUET_CREATED_BY", CREATED_BY)?;
    m.add("SOLVER", boardfile_bridge::dd::SOLVER)?;
    Ok(())
}
