//! Parquet: the table's columns ([`super`]) as Apache Parquet, written and
//! read with arrow-rs (`parquet` and `arrow-array`), for pandas, Polars,
//! DuckDB and Spark.
//!
//! Layout: the file's Arrow schema is the table's (types in [`super`]'s
//! table); rows go out in record batches of [`BATCH`] boards, row groups
//! of [`ROW_GROUP`] rows, Snappy-compressed. Read: any Parquet file with
//! the columns, whatever integer or string types another writer chose
//! (Polars' large strings, pandas' int64), compressed with Snappy or
//! Zstandard.
//!
//! Detection: the magic `PAR1` at the start (and the end, on read).
//!
//! Streaming: written a batch at a time, the file's memory a row group's.
//! A Parquet file's index is at its end, so a reader holds the whole file
//! (compressed, at most [`MAX_FILE`]) and decodes a batch at a time. Errors
//! give the row as the record (from 0) and byte 0 (no text positions).
//!
//! Without the crate feature `parquet` the format is listed as neither
//! read nor written, and its description says why.

use super::KEEPS;
use crate::codec::{Descriptor, Format, Hooks};
use boardfile_io::{FormatInfo, Signature};

/// The format.
pub static DESCRIPTOR: Descriptor = Descriptor {
    info: FormatInfo {
        name: "PARQUET",
        extensions: &["parquet", "pq"],
        description: if cfg!(feature = "parquet") {
            "Apache Parquet, a board a row: the CSV columns, typed"
        } else {
            "Apache Parquet (not in this build: the crate feature parquet)"
        },
        signature: Signature::Content {
            rank: 10,
            test: sniff,
        },
        reads: cfg!(feature = "parquet"),
        writes: cfg!(feature = "parquet"),
        text: false,
    },
    keeps: KEEPS,
    reader: if cfg!(feature = "parquet") {
        Some(imp::open)
    } else {
        None
    },
    writer: if cfg!(feature = "parquet") {
        Some(imp::writer)
    } else {
        None
    },
    hooks: Hooks::NONE,
};

/// This format's handle.
pub(crate) const FORMAT: Format = Format::of(&DESCRIPTOR);

/// True when the bytes open with Parquet's magic `PAR1`.
pub fn sniff(bytes: &[u8]) -> bool {
    bytes.starts_with(b"PAR1")
}

/// The `created_by` of the Parquet files written here: the table's
/// layout, version 2 (par contracts in PBN's spelling). A reader may take
/// a file that says it as it is, the columns being exactly
/// `BatchBuilder`'s (with the `parquet` feature).
pub const CREATED_BY: &str = "boardfile table-2";

/// Boards a record batch holds.
pub const BATCH: usize = 65_536;
/// Rows a row group holds.
pub const ROW_GROUP: usize = 131_072;
/// The longest Parquet file read (it is held whole): 4 GiB.
pub const MAX_FILE: usize = 4 << 30;

#[cfg(feature = "parquet")]
pub use imp::{ArrowBoards, BatchBuilder, ParquetReader, ParquetWriter};

#[cfg(not(feature = "parquet"))]
mod imp {
    use super::FORMAT;
    use crate::codec::options::WriteOptions;
    use crate::codec::stream::{BoardReader, BoardWriter};
    use boardfile_io::{Diagnostics, Error, Source};

    fn missing() -> Error {
        Error::unsupported(
            FORMAT,
            "this boardfile was built without Parquet (the crate feature `parquet`)",
        )
    }

    pub(super) fn open<'a>(
        _: Source<'a>,
        _: &mut Diagnostics,
    ) -> Result<Box<dyn BoardReader + 'a>, Error> {
        Err(missing())
    }

    struct Missing;

    impl BoardWriter for Missing {
        fn head(&mut self, _: &crate::model::set::SetInfo, _: &mut Vec<u8>) -> Result<(), Error> {
            Err(missing())
        }
        fn board(&mut self, _: &crate::model::board::Board, _: &mut Vec<u8>) -> Result<(), Error> {
            Err(missing())
        }
        fn finish(&mut self, _: &crate::model::set::SetInfo, _: &mut Vec<u8>) -> Result<(), Error> {
            Err(missing())
        }
    }

    pub(super) fn writer(_: &WriteOptions) -> Box<dyn BoardWriter> {
        Box::new(Missing)
    }
}

#[cfg(feature = "parquet")]
mod imp {
    use super::{BATCH, CREATED_BY, FORMAT, MAX_FILE, ROW_GROUP};
    use crate::codec::options::WriteOptions;
    use crate::codec::stream::{BoardReader, BoardWriter};
    use crate::formats::table::{
        columns_of, fixed_columns, tag_columns, tag_values, Column, RowIn, Shared, TableRow,
        FIRST_ROWS, FIXED, HCP, PAR_CONTRACTS,
    };
    use crate::model::board::Board;
    use crate::model::set::SetInfo;
    use arrow_array::builder::{Int32Builder, StringBuilder, UInt32Builder, UInt8Builder};
    use arrow_array::cast::AsArray;
    use arrow_array::types::{
        Float32Type, Float64Type, Int16Type, Int32Type, Int64Type, Int8Type, UInt16Type,
        UInt32Type, UInt64Type, UInt8Type,
    };
    use arrow_array::{
        Array, ArrayRef, DictionaryArray, Int8Array, RecordBatch, RecordBatchReader, StringArray,
    };
    use arrow_schema::{ArrowError, DataType, Field, Schema, SchemaRef};
    use boardfile_io::{Diagnostics, Error, FormatName, Position, Source};
    use parquet::arrow::arrow_reader::{ParquetRecordBatchReader, ParquetRecordBatchReaderBuilder};
    use parquet::arrow::ArrowWriter;
    use parquet::basic::Compression;
    use parquet::file::properties::WriterProperties;
    use std::collections::VecDeque;
    use std::panic::{catch_unwind, AssertUnwindSafe};
    use std::sync::Arc;

    fn dictionary() -> DataType {
        DataType::Dictionary(Box::new(DataType::Int8), Box::new(DataType::Utf8))
    }

    /// The Arrow schema of a table with these tag columns.
    pub fn schema(tags: &[String]) -> SchemaRef {
        let names = fixed_columns();
        let mut fields = Vec::with_capacity(FIXED + tags.len());
        for (i, name) in names.iter().enumerate() {
            let (t, nullable) = match i {
                0 => (DataType::UInt32, false),
                1 | 2 => (dictionary(), false),
                _ if i < HCP => (DataType::Utf8, true),
                _ if i < super::super::PAR_SCORE => (DataType::UInt8, true),
                _ if i < PAR_CONTRACTS => (DataType::Int32, true),
                _ => (DataType::Utf8, true),
            };
            fields.push(Field::new(name, t, nullable));
        }
        for t in tags {
            fields.push(Field::new(t, DataType::Utf8, true));
        }
        Arc::new(Schema::new(fields))
    }

    /// Builds record batches of boards in the table's columns: what the
    /// Parquet writer writes, and what the Python package hands pyarrow.
    pub struct BatchBuilder {
        schema: SchemaRef,
        tags: Vec<String>,
        board: UInt32Builder,
        dealer: Vec<i8>,
        vulnerable: Vec<i8>,
        hands: [StringBuilder; 4],
        /// HCP (4), lengths (16), tricks (20): the fixed uint8 columns.
        small: Vec<UInt8Builder>,
        par_score: Int32Builder,
        par_contracts: StringBuilder,
        tag_values: Vec<StringBuilder>,
        text: Vec<u8>,
        rows: usize,
    }

    impl BatchBuilder {
        /// A builder for a table with these tag columns.
        pub fn new(tags: Vec<String>) -> BatchBuilder {
            let n = BATCH;
            BatchBuilder {
                schema: schema(&tags),
                board: UInt32Builder::with_capacity(n),
                dealer: Vec::with_capacity(n),
                vulnerable: Vec::with_capacity(n),
                hands: std::array::from_fn(|_| StringBuilder::with_capacity(n, n * 17)),
                small: (0..40).map(|_| UInt8Builder::with_capacity(n)).collect(),
                par_score: Int32Builder::with_capacity(n),
                par_contracts: StringBuilder::new(),
                tag_values: tags.iter().map(|_| StringBuilder::new()).collect(),
                tags,
                text: Vec::with_capacity(64),
                rows: 0,
            }
        }

        /// The schema of the batches.
        pub fn schema(&self) -> SchemaRef {
            self.schema.clone()
        }

        /// Rows added since the last batch.
        pub fn len(&self) -> usize {
            self.rows
        }

        /// True when no row waits.
        pub fn is_empty(&self) -> bool {
            self.rows == 0
        }

        /// Adds a board; an error (nothing added) when it carries a tag
        /// that has no column.
        pub fn push(&mut self, b: &Board) -> Result<(), String> {
            let mut values = Vec::new();
            tag_values(b, &self.tags, &mut values)?;
            let row = TableRow::of(b);
            self.board.append_value(row.board);
            self.dealer.push(row.dealer.index() as i8);
            self.vulnerable.push(row.vulnerable as i8);
            for (builder, h) in self.hands.iter_mut().zip(row.hands) {
                match h {
                    Some(h) => {
                        self.text.clear();
                        h.push_dotted(&mut self.text);
                        // The dotted form is ASCII.
                        builder.append_value(std::str::from_utf8(&self.text).unwrap_or(""));
                    }
                    None => builder.append_null(),
                }
            }
            let mut k = 0;
            let mut put = |v: Option<u8>, small: &mut Vec<UInt8Builder>| {
                small[k].append_option(v);
                k += 1;
            };
            for h in row.hcp() {
                put(h, &mut self.small);
            }
            for s in 0..4 {
                for n in row.lengths(s) {
                    put(n, &mut self.small);
                }
            }
            for seat in row.dd {
                for t in seat {
                    put(t, &mut self.small);
                }
            }
            match &row.par {
                Some((score, contracts)) => {
                    self.par_score.append_value(*score);
                    self.par_contracts.append_value(contracts);
                }
                None => {
                    self.par_score.append_null();
                    self.par_contracts.append_null();
                }
            }
            for (builder, v) in self.tag_values.iter_mut().zip(values) {
                builder.append_option(v);
            }
            self.rows += 1;
            Ok(())
        }

        /// The rows added so far as a batch; the builder starts anew.
        pub fn finish(&mut self) -> RecordBatch {
            let keys = |v: &mut Vec<i8>| Int8Array::from(std::mem::take(v));
            let seats: ArrayRef = Arc::new(StringArray::from(vec!["N", "E", "S", "W"]));
            let vuls: ArrayRef = Arc::new(StringArray::from(vec!["None", "NS", "EW", "All"]));
            let dict = |k: Int8Array, values: &ArrayRef| -> ArrayRef {
                Arc::new(
                    DictionaryArray::<Int8Type>::try_new(k, values.clone())
                        .expect("keys index the values"),
                )
            };
            let mut columns: Vec<ArrayRef> = Vec::with_capacity(self.schema.fields().len());
            columns.push(Arc::new(self.board.finish()));
            columns.push(dict(keys(&mut self.dealer), &seats));
            columns.push(dict(keys(&mut self.vulnerable), &vuls));
            for h in &mut self.hands {
                columns.push(Arc::new(h.finish()));
            }
            for s in &mut self.small {
                columns.push(Arc::new(s.finish()));
            }
            columns.push(Arc::new(self.par_score.finish()));
            columns.push(Arc::new(self.par_contracts.finish()));
            for t in &mut self.tag_values {
                columns.push(Arc::new(t.finish()));
            }
            self.rows = 0;
            RecordBatch::try_new(self.schema.clone(), columns).expect("columns match the schema")
        }
    }

    fn parquet_error(e: impl std::fmt::Display) -> Error {
        Error::from(std::io::Error::other(format!("Parquet: {e}")))
    }

    /// Writes a Parquet table: the columns fixed by the first
    /// [`FIRST_ROWS`] boards' tags, then a batch at a time.
    pub struct ParquetWriter {
        first: Vec<Board>,
        open: Option<(BatchBuilder, ArrowWriter<Shared>)>,
        out: Shared,
    }

    impl ParquetWriter {
        fn start(&mut self) -> Result<(), Error> {
            let builder = BatchBuilder::new(tag_columns(&self.first));
            let props = WriterProperties::builder()
                .set_compression(Compression::SNAPPY)
                .set_max_row_group_row_count(Some(ROW_GROUP))
                .set_created_by(CREATED_BY.into())
                .build();
            let writer = ArrowWriter::try_new(self.out.clone(), builder.schema(), Some(props))
                .map_err(parquet_error)?;
            self.open = Some((builder, writer));
            for b in std::mem::take(&mut self.first) {
                self.push(&b)?;
            }
            Ok(())
        }

        fn push(&mut self, b: &Board) -> Result<(), Error> {
            let Some((builder, writer)) = &mut self.open else {
                return Ok(());
            };
            builder.push(b).map_err(|m| Error::unsupported(FORMAT, m))?;
            if builder.len() >= BATCH {
                writer.write(&builder.finish()).map_err(parquet_error)?;
            }
            Ok(())
        }
    }

    pub(super) fn writer(_: &WriteOptions) -> Box<dyn BoardWriter> {
        Box::new(ParquetWriter {
            first: Vec::new(),
            open: None,
            out: Shared::default(),
        })
    }

    impl BoardWriter for ParquetWriter {
        fn head(&mut self, _: &SetInfo, _: &mut Vec<u8>) -> Result<(), Error> {
            Ok(())
        }

        fn board(&mut self, board: &Board, out: &mut Vec<u8>) -> Result<(), Error> {
            if self.open.is_none() {
                self.first.push(board.clone());
                if self.first.len() >= FIRST_ROWS {
                    self.start()?;
                }
            } else {
                self.push(board)?;
            }
            self.out.drain(out);
            Ok(())
        }

        fn finish(&mut self, _: &SetInfo, out: &mut Vec<u8>) -> Result<(), Error> {
            if self.open.is_none() {
                self.start()?;
            }
            if let Some((mut builder, mut writer)) = self.open.take() {
                if !builder.is_empty() {
                    writer.write(&builder.finish()).map_err(parquet_error)?;
                }
                writer.close().map_err(parquet_error)?;
            }
            self.out.drain(out);
            Ok(())
        }
    }

    /// A cell of an integer column of any integer type.
    fn int_at(a: &dyn Array, i: usize) -> Option<Option<i64>> {
        if a.is_null(i) || *a.data_type() == DataType::Null {
            return Some(None);
        }
        Some(Some(match a.data_type() {
            DataType::UInt8 => a.as_primitive::<UInt8Type>().value(i).into(),
            DataType::UInt16 => a.as_primitive::<UInt16Type>().value(i).into(),
            DataType::UInt32 => a.as_primitive::<UInt32Type>().value(i).into(),
            DataType::UInt64 => i64::try_from(a.as_primitive::<UInt64Type>().value(i)).ok()?,
            DataType::Int8 => a.as_primitive::<Int8Type>().value(i).into(),
            DataType::Int16 => a.as_primitive::<Int16Type>().value(i).into(),
            DataType::Int32 => a.as_primitive::<Int32Type>().value(i).into(),
            DataType::Int64 => a.as_primitive::<Int64Type>().value(i),
            // pandas turns an integer column with gaps into floats.
            DataType::Float32 => return whole(a.as_primitive::<Float32Type>().value(i).into()),
            DataType::Float64 => return whole(a.as_primitive::<Float64Type>().value(i)),
            _ => return None,
        }))
    }

    /// A float cell: a whole number, or NaN (pandas' missing value).
    fn whole(x: f64) -> Option<Option<i64>> {
        if x.is_nan() {
            return Some(None);
        }
        (x.fract() == 0.0 && x.abs() < 9.0e15).then_some(Some(x as i64))
    }

    /// A cell of a string column: plain, large, view, or a dictionary of
    /// any of them.
    fn str_at(a: &dyn Array, i: usize) -> Option<Option<&str>> {
        if a.is_null(i) || *a.data_type() == DataType::Null {
            return Some(None);
        }
        Some(Some(match a.data_type() {
            DataType::Utf8 => a.as_string::<i32>().value(i),
            DataType::LargeUtf8 => a.as_string::<i64>().value(i),
            DataType::Utf8View => a.as_string_view().value(i),
            DataType::Dictionary(k, _) => {
                let key = |d: &dyn Array| int_at(d, i).flatten();
                let (keys, values) = match **k {
                    DataType::Int8 => {
                        let d = a.as_dictionary::<Int8Type>();
                        (key(d.keys()), d.values())
                    }
                    DataType::Int16 => {
                        let d = a.as_dictionary::<Int16Type>();
                        (key(d.keys()), d.values())
                    }
                    DataType::Int32 => {
                        let d = a.as_dictionary::<Int32Type>();
                        (key(d.keys()), d.values())
                    }
                    DataType::Int64 => {
                        let d = a.as_dictionary::<Int64Type>();
                        (key(d.keys()), d.values())
                    }
                    DataType::UInt8 => {
                        let d = a.as_dictionary::<UInt8Type>();
                        (key(d.keys()), d.values())
                    }
                    DataType::UInt32 => {
                        let d = a.as_dictionary::<UInt32Type>();
                        (key(d.keys()), d.values())
                    }
                    _ => return None,
                };
                let k = usize::try_from(keys?).ok()?;
                if k >= values.len() || matches!(values.data_type(), DataType::Dictionary(..)) {
                    return None;
                }
                // Plain, large or view strings (pandas' categories).
                return str_at(values.as_ref(), k);
            }
            _ => return None,
        }))
    }

    /// Boards from Arrow record batches in the table's columns: a Parquet
    /// file's, or any other source of batches (a DataFrame handed over
    /// the Arrow C stream interface). Column types are checked against the
    /// schema when made; a row that does not read is that record's error.
    pub struct ArrowBoards<I> {
        batches: I,
        format: FormatName,
        columns: Vec<Column>,
        ready: VecDeque<Result<Board, Error>>,
        /// Rows read so far.
        row: u64,
        info: SetInfo,
        done: bool,
    }

    /// Reads a Parquet table a batch at a time.
    pub type ParquetReader = ArrowBoards<Guarded>;

    /// Parquet's record batches, a panic in its decoder an error.
    pub struct Guarded(ParquetRecordBatchReader);

    impl Iterator for Guarded {
        type Item = Result<RecordBatch, ArrowError>;

        fn next(&mut self) -> Option<Self::Item> {
            catch_unwind(AssertUnwindSafe(|| self.0.next())).unwrap_or_else(|_| {
                Some(Err(ArrowError::ExternalError(
                    "the file is corrupt (the Parquet decoder failed)".into(),
                )))
            })
        }
    }

    fn syntax(format: FormatName, record: u64, m: impl Into<String>) -> Error {
        Error::syntax(format, Position::record(record, 0), m)
    }

    /// Runs parquet's decoding, a panic in it an error: no input panics.
    fn guarded<T>(
        record: u64,
        f: impl FnOnce() -> Result<T, parquet::errors::ParquetError>,
    ) -> Result<T, Error> {
        match catch_unwind(AssertUnwindSafe(f)) {
            Ok(Ok(v)) => Ok(v),
            Ok(Err(e)) => Err(syntax(FORMAT.into(), record, e.to_string())),
            Err(_) => Err(syntax(
                FORMAT.into(),
                record,
                "the file is corrupt (the Parquet decoder failed)",
            )),
        }
    }

    pub(super) fn open<'a>(
        mut src: Source<'a>,
        _: &mut Diagnostics,
    ) -> Result<Box<dyn BoardReader + 'a>, Error> {
        let bytes = src
            .fill_all(MAX_FILE)
            .map_err(|e| crate::formats::window_error(FORMAT, Position::byte(0), e))?;
        if !bytes.starts_with(b"PAR1") || !bytes.ends_with(b"PAR1") || bytes.len() < 12 {
            return Err(Error::syntax(
                FORMAT,
                Position::byte(0),
                "not a whole Parquet file (PAR1 at its start and end)",
            ));
        }
        let bytes = bytes::Bytes::copy_from_slice(bytes);
        let batches = guarded(0, || {
            ParquetRecordBatchReaderBuilder::try_new(bytes)?
                .with_batch_size(8192)
                .build()
        })?;
        let schema = batches.schema();
        Ok(Box::new(ArrowBoards::new(
            FORMAT.into(),
            &schema,
            Guarded(batches),
        )?))
    }

    impl<I: Iterator<Item = Result<RecordBatch, ArrowError>>> ArrowBoards<I> {
        /// Boards from `batches` with `schema`, errors named as `format`'s:
        /// an error when a column of the table's has the wrong type.
        pub fn new(format: FormatName, schema: &Schema, batches: I) -> Result<Self, Error> {
            let names: Vec<String> = schema.fields().iter().map(|f| f.name().clone()).collect();
            let columns = columns_of(names.iter().map(String::as_str))
                .map_err(|m| syntax(format, 0, format!("columns: {m}")))?;
            for (c, f) in columns.iter().zip(schema.fields()) {
                let ok = match c {
                    Column::Fixed(i) if RowIn::is_number(*i) => {
                        f.data_type().is_integer()
                            || f.data_type().is_floating()
                            || *f.data_type() == DataType::Null
                    }
                    _ => matches!(
                        f.data_type(),
                        DataType::Utf8
                            | DataType::LargeUtf8
                            | DataType::Utf8View
                            | DataType::Dictionary(..)
                            | DataType::Null
                    ),
                };
                if !ok {
                    return Err(syntax(
                        format,
                        0,
                        format!(
                            "column {} is {}, not {}",
                            f.name(),
                            f.data_type(),
                            match c {
                                Column::Fixed(i) if RowIn::is_number(*i) => "integers",
                                _ => "strings",
                            }
                        ),
                    ));
                }
            }
            Ok(ArrowBoards {
                batches,
                format,
                columns,
                ready: VecDeque::new(),
                row: 0,
                info: SetInfo::default(),
                done: false,
            })
        }

        fn batch(&mut self) -> Result<(), Error> {
            let row = self.row;
            let batch = match self.batches.next() {
                None => {
                    self.done = true;
                    return Ok(());
                }
                Some(Err(e)) => return Err(syntax(self.format, row, e.to_string())),
                Some(Ok(batch)) => batch,
            };
            let arrays: Vec<&dyn Array> = batch.columns().iter().map(|c| c.as_ref()).collect();
            for i in 0..batch.num_rows() {
                let record = self.row + i as u64;
                let mut r = RowIn::default();
                let mut bad = None;
                for (c, a) in self.columns.iter().zip(&arrays) {
                    match c {
                        Column::Fixed(k) if RowIn::is_number(*k) => match int_at(*a, i) {
                            Some(Some(n)) => r.set_number(*k, n),
                            Some(None) => {}
                            None => {
                                bad = Some(format!("{}: not a whole number", fixed_columns()[*k]))
                            }
                        },
                        Column::Fixed(k) => match str_at(*a, i) {
                            Some(Some(s)) => {
                                if let Err(m) = r.set_text(*k, s) {
                                    bad = Some(m);
                                }
                            }
                            Some(None) => {}
                            None => bad = Some(format!("{}: not a string", fixed_columns()[*k])),
                        },
                        Column::Tag(name) => {
                            if let Some(Some(s)) = str_at(*a, i) {
                                r.tags.push((name, s));
                            }
                        }
                    }
                }
                let b = match bad {
                    Some(m) => Err(m),
                    None => r.board(),
                };
                self.ready.push_back(
                    b.map_err(|m| Error::invalid(self.format, Position::record(record, 0), m)),
                );
            }
            self.row += batch.num_rows() as u64;
            Ok(())
        }
    }

    impl<I: Iterator<Item = Result<RecordBatch, ArrowError>>> BoardReader for ArrowBoards<I> {
        fn head(&self) -> &SetInfo {
            &self.info
        }

        fn next_board(&mut self, diag: &mut Diagnostics) -> Result<Option<Board>, Error> {
            loop {
                match self.ready.pop_front() {
                    Some(Ok(b)) => return Ok(Some(b)),
                    Some(Err(e)) => diag.error(e)?,
                    None if self.done => return Ok(None),
                    None => self.batch()?,
                }
            }
        }

        fn position(&self) -> u64 {
            0
        }
    }
}

#[cfg(all(test, feature = "parquet"))]
mod tests {
    use crate::codec::Format;
    use crate::model::board::{Board, DdTable};
    use crate::model::card::Strain;
    use crate::model::deal::{Deal, Seat};
    use crate::model::set::BoardSet;
    use crate::records::{read, write};

    #[test]
    fn a_set_comes_back_with_tables_tags_and_partial_deals() {
        let deal = Deal::parse_pbn(
            "N:T53.AJ7.AT.AQ762 AKJ9.Q.QJ65.KJT8 872.T9543.K9732. Q64.K862.84.9543",
        )
        .unwrap();
        let mut a = Board::new(7, deal);
        let mut t = DdTable::default();
        t.set(Seat::West, Strain::Spades, Some(10)).unwrap();
        a.dd = Some(t);
        a.tags.push(crate::model::board::Tag::new("Event", ""));
        let b = Board::new(9, Deal::parse_pbn("N:AKQ... - - -").unwrap());
        let set = BoardSet::from_boards(vec![a, b]);
        let mut bytes = Vec::new();
        write(Format::Parquet, &set, &mut bytes).unwrap();
        assert!(super::sniff(&bytes));
        let back = read(Format::Parquet, &bytes).unwrap().set;
        assert_eq!(back.boards, set.boards);
        assert!(read(Format::Parquet, &bytes[..bytes.len() - 1]).is_err());
    }
}
