//! What a format is, and what its module fills in: below every format,
//! naming none.
//!
//! A format's module exports a [`Descriptor`]: its names, extensions and
//! signature, what it keeps ([`keeps::Keeps`]), its reader and writer
//! ([`stream::BoardReader`], [`stream::BoardWriter`], given
//! [`options::WriteOptions`]), and the [`Hooks`] for what only it can do.
//! A [`Format`] is a handle on a descriptor. The registry
//! ([`crate::registry`]) lists the descriptors; the pipeline
//! ([`crate::records`]) and the commands reach a format only through them.

pub mod keeps;
pub mod options;
pub mod stream;

use crate::codec::keeps::{Keeps, LossKind, LossKinds, Numbers, Own, Play, Tags};
use crate::codec::options::{Dialect, WriteOptions};
use crate::codec::stream::{BoardReader, BoardWriter};
use crate::model::board::Board;
use crate::model::set::SetInfo;
use boardfile_io::{Diagnostics, Error, FormatInfo, Source};
use std::fmt;

/// Opens a reader over a source: reads the set-level data before the
/// boards, reporting problems to the diagnostics.
pub type OpenReader =
    for<'a> fn(Source<'a>, &mut Diagnostics) -> Result<Box<dyn BoardReader + 'a>, Error>;

/// Makes a writer with the given options.
pub type NewWriter = fn(&WriteOptions) -> Box<dyn BoardWriter>;

/// What a format is: everything the rest of the crate knows of it.
pub struct Descriptor {
    /// Names, extensions, signature, read/write.
    pub info: FormatInfo,
    /// What it keeps of a board set.
    pub keeps: Keeps,
    /// Its reader, when it is read.
    pub reader: Option<OpenReader>,
    /// Its writer, when it is written.
    pub writer: Option<NewWriter>,
    /// What only this format does.
    pub hooks: Hooks,
}

/// What a format can do that others cannot, for the pipeline to ask of
/// any format alike.
#[derive(Clone, Copy)]
pub struct Hooks {
    /// Converts a file of this format into some others record by record,
    /// without the model (Pavlicek's formats among themselves).
    pub transcode: Option<Transcoder>,
    /// Weighs what the format's writer in a dialect writes of its own
    /// accord (Big Deal's DLM header, DUP trailers and LIN lines), for the
    /// loss notes: a fresh judge for each conversion, or `None` for a
    /// dialect that writes nothing of its own.
    pub dialect_losses: Option<NewDialectLosses>,
    /// The `Event` each board of a file written in this format reads back
    /// with from the file's header, given the set written (LIN's `vg|`).
    pub header_event: Option<fn(&SetInfo) -> Option<String>>,
    /// What Big Deal calls the format, for a format Big Deal writes.
    pub big_deal: Option<BigDealName>,
}

/// How Big Deal names a format it writes: in its `-p` list and an
/// organiser's `.bigdealrc` (`borel`, `kops`, `goedel`...), and in its
/// files' names.
#[derive(Clone, Copy, Debug)]
pub struct BigDealName {
    /// The name in Big Deal's list; `<name>blind` is the blind form of a
    /// format that keeps blindness (`dupblind`, `dlmblind`).
    pub name: &'static str,
    /// The extension of the files Big Deal writes.
    pub extension: &'static str,
}

impl Hooks {
    /// None: the format does only what every format does.
    pub const NONE: Hooks = Hooks {
        transcode: None,
        dialect_losses: None,
        header_event: None,
        big_deal: None,
    };
}

/// A conversion record by record, without the model: it gives the same
/// bytes and losses as the model's way, at the speed of memory.
#[derive(Clone, Copy)]
pub struct Transcoder {
    /// True when a file of the first format can be transcoded into the
    /// second.
    pub can: fn(Format, Format) -> bool,
    /// Converts a file of `from` read from the source into `to`, each
    /// record checked as the reader checks it; the first bad one stops it.
    pub run: Transcode,
}

/// Converts a file of the first format, read from the source, into the
/// second, writing to the output and telling progress in bytes read.
pub type Transcode = fn(
    Source<'_>,
    Format,
    Format,
    &mut dyn std::io::Write,
    &mut dyn FnMut(u64),
) -> Result<Converted, ConvertError>;

/// A fresh judge of what a dialect's writer writes of its own accord, or
/// `None` for a dialect that writes nothing of its own.
pub type NewDialectLosses = fn(Dialect) -> Option<Box<dyn DialectLosses>>;

/// Weighs, for one conversion, what a dialect's writer gives back of its
/// own accord: data that a set read from that dialect's own file has, and
/// so does not lose. It sees the kinds the plain count found lost and may
/// take some back, or keep them to weigh at the end.
pub trait DialectLosses: fmt::Debug {
    /// The set-level data, before the boards and again at the end
    /// (nothing to weigh unless a judge says otherwise).
    fn set(&mut self, _info: &SetInfo, _lost: &mut LossKinds) {}
    /// The board written `index`th (from 0).
    fn board(&mut self, index: u64, b: &Board, lost: &mut LossKinds);
    /// At the end, after `boards` boards: adds what it weighed itself, as
    /// board losses `(kind, boards)` and set losses (none unless a judge
    /// says otherwise).
    fn finish(&self, _boards: u64, _counts: &mut Vec<(LossKind, u64)>, _set: &mut Vec<LossKind>) {}
}

boardfile_io::format_handle! {
    /// A bridge file format: a handle on its [`Descriptor`]. The registry
    /// ([`crate::registry`]) names each (`Format::Pbn`) and lists them all.
    pub struct Format(Descriptor);
}

impl Format {
    /// What the format keeps of a board set.
    ///
    /// ```
    /// use boardfile_bridge::Format;
    /// assert!(Format::Jsonl.keeps().is_everything());
    /// assert_eq!(Format::Bri.keeps().describe(), "deals (complete); boards numbered 1, 2, 3... by position");
    /// ```
    pub fn keeps(self) -> &'static Keeps {
        &self.0.keeps
    }

    /// What only this format does.
    pub fn hooks(self) -> &'static Hooks {
        &self.0.hooks
    }

    /// True when the format keeps double-dummy results (ZRJ one hand's).
    pub fn keeps_dd(self) -> bool {
        self.0.keeps.dd != crate::codec::keeps::DoubleDummy::None
    }

    /// True when the crate reads the format.
    pub fn can_read(self) -> bool {
        self.0.reader.is_some()
    }

    /// True when the crate writes the format.
    pub fn can_write(self) -> bool {
        self.0.writer.is_some()
    }

    /// Opens a reader of this format over `source`.
    ///
    /// ```
    /// use boardfile_bridge::{Diagnostics, Format};
    /// use boardfile_io::Source;
    /// let pbn = "[Board \"1\"]\n[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n";
    /// let mut diag = Diagnostics::strict();
    /// let mut reader = Format::Pbn.open(Source::from_bytes(pbn.as_bytes()), &mut diag).unwrap();
    /// let board = reader.next_board(&mut diag).unwrap().unwrap();
    /// assert_eq!(board.number, 1);
    /// assert!(reader.next_board(&mut diag).unwrap().is_none());
    /// ```
    pub fn open<'a>(
        self,
        source: Source<'a>,
        diag: &mut Diagnostics,
    ) -> Result<Box<dyn BoardReader + 'a>, Error> {
        match self.0.reader {
            Some(open) => open(source, diag),
            None => Err(Error::unsupported(
                self,
                format!("{} is written, not read", self.name()),
            )),
        }
    }

    /// A writer of this format.
    ///
    /// ```
    /// use boardfile_bridge::{Board, Deal, Format, SetInfo, WriteOptions};
    /// let mut writer = Format::Lin.writer(&WriteOptions::default()).unwrap();
    /// let mut out = Vec::new();
    /// let deal = Deal::parse_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765").unwrap();
    /// writer.head(&SetInfo::default(), &mut out).unwrap();
    /// writer.board(&Board::new(1, deal), &mut out).unwrap();
    /// writer.finish(&SetInfo::default(), &mut out).unwrap();
    /// assert!(String::from_utf8(out).unwrap().contains("md|"));
    /// assert!(Format::Pdf.writer(&WriteOptions::default()).is_ok());
    /// ```
    pub fn writer(self, options: &WriteOptions) -> Result<Box<dyn BoardWriter>, Error> {
        match self.0.writer {
            Some(new) => Ok(new(options)),
            None => Err(Error::unsupported(
                self,
                format!("{} is read, not written", self.name()),
            )),
        }
    }
}

/// What a conversion did.
#[derive(Debug)]
pub struct Converted {
    /// Boards written.
    pub boards: u64,
    /// What the output format dropped.
    pub losses: Vec<Loss>,
}

/// Why a conversion stopped: the input, the output's format, or writing.
#[derive(Debug)]
pub enum ConvertError {
    /// The input is bad (or could not be read).
    Read(Error),
    /// The output format cannot carry the data.
    Write(Error),
    /// Writing the output failed.
    Output(std::io::Error),
}

impl fmt::Display for ConvertError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConvertError::Read(e) | ConvertError::Write(e) => write!(f, "{e}"),
            ConvertError::Output(e) => write!(f, "cannot write: {e}"),
        }
    }
}

impl std::error::Error for ConvertError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ConvertError::Read(e) | ConvertError::Write(e) => Some(e),
            ConvertError::Output(e) => Some(e),
        }
    }
}

/// One kind of data a conversion drops, with the boards it concerns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Loss {
    /// The format that does not keep it.
    pub format: Format,
    /// The dialect it is written in.
    pub dialect: Dialect,
    /// What is dropped.
    pub kind: LossKind,
    /// Boards concerned (0 for set-level data).
    pub boards: u64,
    /// For [`LossKind::DlmGaps`]: the lowest and highest board numbers.
    pub range: Option<(u32, u32)>,
}

impl fmt::Display for Loss {
    /// `BRI does not keep double-dummy tables (3 boards)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let keeps = self.format.keeps().in_dialect(self.dialect);
        let name = self.format.name();
        let to = match self.dialect == Dialect::BigDeal && self.format.keeps().big_deal.is_some() {
            true => format!("{name} as Big Deal writes it"),
            false => name.to_string(),
        };
        let what = match self.kind {
            LossKind::Conditions => "a dealer or vulnerability other than the board number's",
            LossKind::DdTables => "double-dummy tables",
            LossKind::DdOtherHands => "double-dummy tricks of more than one hand",
            LossKind::DdStored => {
                "the counts of stored double-dummy tables not believed (floored, or one the deal forbids): they go as unknown"
            }
            LossKind::Deals => "deals (only double-dummy tables)",
            LossKind::Par => "par results",
            LossKind::Comments => "commentary",
            LossKind::DlmBoard => "DLM duplicates and property fields",
            LossKind::DupTrailer => "the DUP trailer",
            LossKind::Tags => match keeps.tags {
                Tags::Only { described, .. } => {
                    return write!(
                        f,
                        "{to} does not keep tags other than {described} ({})",
                        boards(self.boards)
                    )
                }
                Tags::Rowless => {
                    "tags with section data (the rows of a table such as ScoreTable)"
                }
                Tags::RowlessFilled => {
                    "tags with section data (the rows of a table such as ScoreTable), or an empty Contract or Declarer (a passed-out board)"
                }
                _ => "tags (players, contract, result and others)",
            },
            LossKind::Play => match keeps.play {
                Play::Plain => {
                    "PBN annotations other than alerts, irregularity marks, auction markers and words (the auction ends at a word), an auction not started by the dealer, or a play whose leader, seats or end (`*`) its cards in order and a claim from its Result do not give back"
                }
                _ => "the auction or the play",
            },
            LossKind::PlayValues => "the play's double-dummy values (from solve)",
            LossKind::LoneEast => {
                "an unknown East hand beside three whole ones (it reads back as the other 13 cards)"
            }
            LossKind::TurnedDeals => {
                "deals whose dealer is not the one their position gives (board 1 North, 2 East...): they read back turned"
            }
            LossKind::LinText => {
                "LIN commands outside the deal, players, auction and play (chat, page breaks)"
            }
            LossKind::Numbers => match keeps.numbers {
                Numbers::OnFromFirst => "board numbers that do not run on by one from the first",
                Numbers::Rising => {
                    "board numbers that do not rise by 1 to 255 from the board before (or a first above 256)"
                }
                _ => "board numbers other than 1, 2, 3... by position",
            },
            LossKind::DlmGaps => {
                let (lo, hi) = self.range.unwrap_or((0, 0));
                let n = self.boards;
                return write!(
                    f,
                    "{to} holds boards From..To without gaps: {n} missing board number{} between {lo} and {hi} will be undealt boards",
                    if n == 1 { "" } else { "s" }
                );
            }
            LossKind::Event => "the event",
            LossKind::Site => "the site",
            LossKind::Date => "the date",
            LossKind::DlmHeader => "the DLM header or the DLM boards outside From..To",
            LossKind::PbnPreamble => "the PBN file's % lines",
            LossKind::LinHeader => "the LIN file's header (vugraph and results lines)",
            LossKind::PavlicekTail => "the terminator record and the bytes after it",
            LossKind::Blind if keeps.owns(Own::BlindWithBoard1) => {
                "that the deals are blind (for a dealing machine that must not show them) without a board 1, whose blank half says so"
            }
            LossKind::Blind => {
                "that the deals are blind (for a dealing machine that must not show them: DUP's blank board 1, DLM's Status=Sealed)"
            }
        };
        write!(f, "{to} does not keep {what}")?;
        if self.boards > 0 {
            write!(f, " ({})", boards(self.boards))?;
        }
        Ok(())
    }
}

fn boards(n: u64) -> String {
    boardfile_io::text::count(n, "board")
}
