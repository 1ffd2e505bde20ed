//! CSV: the table's columns ([`super`]) as comma-separated text, a header
//! row then a board a row, written and read with the `csv` crate (RFC 4180
//! quoting, LF line ends on write; CR LF read too).
//!
//! ```text
//! board,dealer,vulnerable,hand_n,hand_e,hand_s,hand_w,hcp_n,...,par_score_ns,par_contracts,Event
//! 1,N,None,T53.AJ7.AT.AQ762,AKJ9.Q.QJ65.KJT8,872.T9543.K9732.,Q64.K862.84.9543,15,...,-420,W 4S,Club night
//! ```
//!
//! Detection: a first row (after a UTF-8 byte-order mark) holding the
//! columns `board` and `hand_n`. `.csv` is also the Othello CSV's
//! extension: the CLI writes a bridge CSV for bridge input, and tells an
//! input by this header (Othello's names CSV opens `# WTHOR` or
//! `index,name`).
//!
//! Rows stream: memory is one row's, after the first [`super::FIRST_ROWS`]
//! boards the writer holds to fix the tag columns. Errors give the row's
//! record (the first board row is record 0), line and byte.

use super::{
    columns_of, fixed_columns, tag_columns, tag_values, Column, RowIn, Shared, TableRow, KEEPS,
};
use crate::codec::keeps::{Keeps, Tags};
use crate::codec::stream::{BoardReader, BoardWriter};
use crate::codec::Format;
use crate::codec::{Descriptor, Hooks};
use crate::formats::table::FIRST_ROWS;
use crate::model::board::Board;
use crate::model::set::SetInfo;
use boardfile_io::{Diagnostics, Error, FormatInfo, Position, Signature, Source};
use std::io::Read;

/// The format.
pub static DESCRIPTOR: Descriptor = Descriptor {
    info: FormatInfo {
        name: "CSV",
        extensions: &["csv"],
        description: "CSV, a board a row: hands, HCP, suit lengths, double-dummy tricks, par, tags",
        signature: Signature::Content {
            rank: 8,
            test: sniff,
        },
        reads: true,
        writes: true,
        text: true,
    },
    keeps: Keeps {
        tags: Tags::RowlessFilled,
        ..KEEPS
    },
    reader: Some(|src, _| Ok(Box::new(CsvReader::open(src)?))),
    writer: Some(|_| Box::new(CsvWriter::new())),
    hooks: Hooks::NONE,
};

/// This format's handle.
pub(crate) const FORMAT: Format = Format::of(&DESCRIPTOR);

/// True when the first row names the columns `board` and `hand_n`.
pub fn sniff(bytes: &[u8]) -> bool {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let line = bytes.split(|&b| b == b'\n').next().unwrap_or(b"");
    let mut board = false;
    let mut hand = false;
    for field in line.split(|&b| b == b',') {
        let f = field.trim_ascii();
        let f = f
            .strip_prefix(b"\"")
            .and_then(|f| f.strip_suffix(b"\""))
            .unwrap_or(f);
        board |= f == b"board";
        hand |= f == b"hand_n";
    }
    board && hand
}

/// A [`Source`] as [`Read`], for the `csv` crate.
struct SourceRead<'a>(Source<'a>);

impl Read for SourceRead<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let data = self.0.fill(1)?;
        let n = data.len().min(buf.len());
        buf[..n].copy_from_slice(&data[..n]);
        self.0.consume(n);
        Ok(n)
    }
}

fn csv_error(e: &::csv::Error, record: u64) -> Error {
    let at = match e.position() {
        Some(p) => Position::record(record, p.byte()).with_line(p.line()),
        None => Position::record(record, 0),
    };
    match e.kind() {
        ::csv::ErrorKind::Io(_) => Error::from(std::io::Error::other(e.to_string())),
        ::csv::ErrorKind::Utf8 { .. } => Error::syntax(FORMAT, at, "not UTF-8 text"),
        ::csv::ErrorKind::UnequalLengths {
            expected_len, len, ..
        } => Error::syntax(
            FORMAT,
            at,
            format!("{len} cells, and the header has {expected_len}"),
        ),
        _ => Error::syntax(FORMAT, at, e.to_string()),
    }
}

/// Reads a CSV table a row at a time.
pub struct CsvReader<'a> {
    csv: ::csv::Reader<SourceRead<'a>>,
    columns: Vec<Column>,
    record: ::csv::StringRecord,
    /// Board rows read so far.
    index: u64,
    info: SetInfo,
}

impl<'a> CsvReader<'a> {
    fn open(mut src: Source<'a>) -> Result<CsvReader<'a>, Error> {
        if src.fill(3)?.starts_with(b"\xef\xbb\xbf") {
            src.consume(3);
        }
        let mut csv = ::csv::ReaderBuilder::new()
            .has_headers(true)
            .flexible(false)
            .from_reader(SourceRead(src));
        let header = csv.headers().map_err(|e| csv_error(&e, 0))?.clone();
        let columns = columns_of(header.iter()).map_err(|m| {
            Error::syntax(
                FORMAT,
                Position::byte(0).with_line(1),
                format!("header: {m}"),
            )
        })?;
        Ok(CsvReader {
            csv,
            columns,
            record: ::csv::StringRecord::new(),
            index: 0,
            info: SetInfo::default(),
        })
    }
}

impl BoardReader for CsvReader<'_> {
    fn head(&self) -> &SetInfo {
        &self.info
    }

    fn next_board(&mut self, diag: &mut Diagnostics) -> Result<Option<Board>, Error> {
        loop {
            let index = self.index;
            match self.csv.read_record(&mut self.record) {
                Ok(false) => return Ok(None),
                Ok(true) => {}
                Err(e) => {
                    let fatal = !matches!(e.kind(), ::csv::ErrorKind::UnequalLengths { .. });
                    let err = csv_error(&e, index);
                    self.index += 1;
                    if fatal {
                        return Err(err);
                    }
                    diag.error(err)?;
                    continue;
                }
            }
            self.index += 1;
            let p = self.record.position().cloned();
            let at = || match &p {
                Some(p) => Position::record(index, p.byte()).with_line(p.line()),
                None => Position::record(index, 0),
            };
            let mut row = RowIn::default();
            let mut bad = None;
            for (column, cell) in self.columns.iter().zip(self.record.iter()) {
                if cell.is_empty() {
                    continue;
                }
                match column {
                    Column::Fixed(i) => {
                        if let Err(m) = row.set_text(*i, cell) {
                            bad = Some(m);
                            break;
                        }
                    }
                    Column::Tag(name) => row.tags.push((name, cell)),
                }
            }
            match bad.map_or_else(|| row.board(), Err) {
                Ok(b) => return Ok(Some(b)),
                Err(m) => diag.error(Error::invalid(FORMAT, at(), m))?,
            }
        }
    }

    fn position(&self) -> u64 {
        self.csv.position().byte()
    }
}

/// Small numbers as text, without formatting each.
const SMALL: [&str; 41] = [
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16",
    "17", "18", "19", "20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "30", "31", "32",
    "33", "34", "35", "36", "37", "38", "39", "40",
];

fn small(n: Option<u8>) -> &'static str {
    n.map_or("", |n| SMALL.get(n as usize).copied().unwrap_or(""))
}

/// Writes a CSV table: the header once the tag columns are known (after
/// the first [`FIRST_ROWS`] boards, or at the end), then a row a board.
pub struct CsvWriter {
    csv: ::csv::Writer<Shared>,
    sink: Shared,
    /// Boards held until the tag columns are known.
    first: Vec<Board>,
    /// The tag columns, once known.
    tags: Option<Vec<String>>,
    text: Vec<u8>,
}

impl CsvWriter {
    fn new() -> CsvWriter {
        let sink = Shared::default();
        CsvWriter {
            csv: ::csv::WriterBuilder::new()
                .terminator(::csv::Terminator::Any(b'\n'))
                .from_writer(sink.clone()),
            sink,
            first: Vec::new(),
            tags: None,
            text: Vec::with_capacity(80),
        }
    }

    fn fail(e: ::csv::Error) -> Error {
        Error::from(std::io::Error::other(e.to_string()))
    }

    /// Fixes the columns from the boards held, writes the header and them.
    fn start(&mut self) -> Result<(), Error> {
        let tags = tag_columns(&self.first);
        let mut header: Vec<&str> = fixed_columns().iter().map(String::as_str).collect();
        header.extend(tags.iter().map(String::as_str));
        self.csv.write_record(&header).map_err(Self::fail)?;
        self.tags = Some(tags);
        for b in std::mem::take(&mut self.first) {
            self.row(&b)?;
        }
        Ok(())
    }

    fn row(&mut self, b: &Board) -> Result<(), Error> {
        let tags = self.tags.as_deref().unwrap_or_default();
        let mut values = Vec::new();
        tag_values(b, tags, &mut values).map_err(|m| Error::unsupported(FORMAT, m))?;
        let row = TableRow::of(b);
        let csv = &mut self.csv;
        let f = Self::fail;
        let mut number = itoa_buf();
        csv.write_field(number.format(row.board)).map_err(f)?;
        csv.write_field([row.dealer.letter() as u8]).map_err(f)?;
        csv.write_field(row.vulnerable.name()).map_err(f)?;
        for h in row.hands {
            self.text.clear();
            if let Some(h) = h {
                h.push_dotted(&mut self.text);
            }
            csv.write_field(&self.text).map_err(f)?;
        }
        for h in row.hcp() {
            csv.write_field(small(h)).map_err(f)?;
        }
        for s in 0..4 {
            for n in row.lengths(s) {
                csv.write_field(small(n)).map_err(f)?;
            }
        }
        for seat in row.dd {
            for t in seat {
                csv.write_field(small(t)).map_err(f)?;
            }
        }
        match &row.par {
            Some((score, contracts)) => {
                csv.write_field(number.format_i32(*score)).map_err(f)?;
                csv.write_field(contracts).map_err(f)?;
            }
            None => {
                csv.write_field("").map_err(f)?;
                csv.write_field("").map_err(f)?;
            }
        }
        for v in values {
            csv.write_field(v.unwrap_or("")).map_err(f)?;
        }
        csv.write_record(None::<&[u8]>).map_err(f)?;
        Ok(())
    }

    /// Moves what the `csv` writer has written on into `out`.
    fn drain(&mut self, out: &mut Vec<u8>) {
        self.sink.drain(out);
    }
}

/// Formats numbers into a buffer on the stack.
struct Itoa([u8; 12], usize);

fn itoa_buf() -> Itoa {
    Itoa([0; 12], 0)
}

impl Itoa {
    fn format(&mut self, mut n: u32) -> &[u8] {
        let mut i = self.0.len();
        loop {
            i -= 1;
            self.0[i] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        self.1 = i;
        &self.0[i..]
    }

    fn format_i32(&mut self, n: i32) -> &[u8] {
        let i = self.format(n.unsigned_abs()).len();
        let mut start = self.0.len() - i;
        if n < 0 {
            start -= 1;
            self.0[start] = b'-';
        }
        &self.0[start..]
    }
}

impl BoardWriter for CsvWriter {
    fn head(&mut self, _: &SetInfo, _: &mut Vec<u8>) -> Result<(), Error> {
        Ok(())
    }

    fn board(&mut self, board: &Board, out: &mut Vec<u8>) -> Result<(), Error> {
        if self.tags.is_none() {
            self.first.push(board.clone());
            if self.first.len() >= FIRST_ROWS {
                self.start()?;
            }
        } else {
            self.row(board)?;
        }
        self.drain(out);
        Ok(())
    }

    fn finish(&mut self, _: &SetInfo, out: &mut Vec<u8>) -> Result<(), Error> {
        if self.tags.is_none() {
            self.start()?;
        }
        self.csv.flush().map_err(Error::from)?;
        self.drain(out);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::deal::Deal;
    use crate::model::set::BoardSet;
    use crate::records::{read, write};

    fn board(n: u32) -> Board {
        Board::new(
            n,
            Deal::parse_pbn(
                "N:T53.AJ7.AT.AQ762 AKJ9.Q.QJ65.KJT8 872.T9543.K9732. Q64.K862.84.9543",
            )
            .unwrap(),
        )
    }

    #[test]
    fn header_and_row_are_the_documented_text() {
        let mut b = board(1);
        b.tags
            .push(crate::model::board::Tag::new("West", "Smith, J"));
        let mut out = Vec::new();
        write(FORMAT, &BoardSet::from_boards(vec![b]), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let mut lines = text.lines();
        let header = lines.next().unwrap();
        assert!(header.starts_with("board,dealer,vulnerable,hand_n,hand_e,hand_s,hand_w,hcp_n,hcp_e,hcp_s,hcp_w,spades_n,hearts_n,diamonds_n,clubs_n,spades_e"));
        assert!(header.ends_with(",dd_w_nt,par_score_ns,par_contracts,West"));
        // Points counted by hand: N 15, E 17, S 3, W 5; South's clubs void.
        let row = lines.next().unwrap();
        assert!(row.starts_with(
            "1,N,None,T53.AJ7.AT.AQ762,AKJ9.Q.QJ65.KJT8,872.T9543.K9732.,Q64.K862.84.9543,15,17,3,5,3,3,2,5,4,1,4,4,3,5,5,0,3,4,2,4,"
        ), "{row}");
        assert!(row.ends_with(",,,\"Smith, J\""), "{row}");
        assert!(sniff(text.as_bytes()));
        assert!(!sniff(b"index,name\n0,???\n"));
    }

    #[test]
    fn errors_name_the_row_line_and_column() {
        let text = "board,hand_n,hand_e,hand_s,hand_w,hcp_n\n\
                    1,T53.AJ7.AT.AQ762,AKJ9.Q.QJ65.KJT8,872.T9543.K9732.,Q64.K862.84.9543,15\n\
                    2,T53.AJ7.AT.AQ762,AKJ9.Q.QJ65.KJT8,872.T9543.K9732.,Q64.K862.84.9543,16\n";
        let e = read(FORMAT, text.as_bytes()).unwrap_err();
        let p = e.position().unwrap();
        assert_eq!((p.record, p.line), (Some(1), Some(3)), "{e}");
        assert_eq!(p.byte as usize, text.find("\n2,").unwrap() + 1);
        assert!(
            e.to_string()
                .contains("hcp_n: 16, but the hand holds 15 points"),
            "{e}"
        );
        let e = read(FORMAT, b"board,hand_n,hand_e,hand_s\n").unwrap_err();
        assert!(e.to_string().contains("no hand_w column"), "{e}");
    }

    #[test]
    fn a_tag_after_the_first_rows_that_has_no_column_is_an_error() {
        let mut boards: Vec<Board> = (1..=FIRST_ROWS as u32 + 1).map(board).collect();
        boards
            .last_mut()
            .unwrap()
            .tags
            .push(crate::model::board::Tag::new("Event", "late"));
        let mut out = Vec::new();
        let e = write(FORMAT, &BoardSet::from_boards(boards), &mut out).unwrap_err();
        assert!(e.to_string().contains("tag Event is not among"), "{e}");
    }

    #[test]
    fn a_tables_rows_are_a_named_loss_and_a_rowless_table_tag_a_column() {
        let pbn = "[Board \"1\"]\n[Deal \"N:T53.AJ7.AT.AQ762 AKJ9.Q.QJ65.KJT8 872.T9543.K9732. Q64.K862.84.9543\"]\n[ScoreTable \"Rank\\2R;Score\\5R\"]\n 1   100\n 2   -50\n[ConTable \"5HX\"]\n";
        let set = read(Format::Pbn, pbn.as_bytes()).unwrap().set;
        let losses: Vec<String> = crate::records::losses(&set, FORMAT)
            .iter()
            .map(|l| l.to_string())
            .collect();
        assert_eq!(losses.len(), 1, "{losses:?}");
        assert!(losses[0].contains("the rows of a table"), "{losses:?}");
        let mut out = Vec::new();
        write(FORMAT, &set, &mut out).unwrap();
        let back = read(FORMAT, &out).unwrap().set;
        assert_eq!(back.boards[0].tag("ConTable"), Some("5HX"));
        assert_eq!(back.boards[0].tag("ScoreTable"), None);
    }
}
