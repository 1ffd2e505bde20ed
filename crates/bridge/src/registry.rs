//! The format registry: one descriptor a format, listed once.
//!
//! A format's module holds its whole story and exports a [`Descriptor`]:
//! names, extensions, signature, what it keeps, its reader and its writer.
//! The list below is the only place that names every format: dispatch,
//! detection (and its order), the `formats` table and the loss notes all
//! follow from it. Adding a format is its module and one line here.

use crate::formats::{
    ber, bhg, bigdeal_csv, bre, bri, cds, dealnum, dge, dlm, dup, hrf, html, jsonl, lin, pavlicek,
    pbn, pdf, rzd, table, zbs,
};
use crate::keeps::Keeps;
use crate::records::{BoardReader, BoardWriter, WriteOptions};
use boardfile_io::{Diagnostics, Error, FormatInfo, FormatName, Source};
use std::fmt;
use std::path::Path;

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
}

/// A bridge file format: a handle on its [`Descriptor`].
#[derive(Clone, Copy)]
pub struct Format(&'static Descriptor);

/// The registry: one line a format, `Name => its descriptor`, in the order
/// `boardfile formats` lists them.
macro_rules! registry {
    ($($name:ident => $descriptor:path),* $(,)?) => {
        #[allow(non_upper_case_globals)]
        impl Format {
            $(
                #[doc = concat!("The ", stringify!($name), " format.")]
                pub const $name: Format = Format(&$descriptor);
            )*
            /// Every format, in the order `boardfile formats` lists them.
            pub const ALL: &'static [Format] = &[$(Format::$name),*];
        }
    };
}

registry! {
    Bri => bri::DESCRIPTOR,
    Dge => dge::DESCRIPTOR,
    Bre => bre::DESCRIPTOR,
    Dup => dup::DESCRIPTOR,
    Hrf => hrf::DESCRIPTOR,
    Dlm => dlm::DESCRIPTOR,
    Pbn => pbn::DESCRIPTOR,
    Lin => lin::DESCRIPTOR,
    Zbs => zbs::DESCRIPTOR,
    Zbd => pavlicek::ZBD,
    Zdd => pavlicek::ZDD,
    Zrd => pavlicek::ZRD,
    Zrj => pavlicek::ZRJ,
    DealNumber => dealnum::DESCRIPTOR,
    Goe => dealnum::GOE,
    Ber => ber::DESCRIPTOR,
    Bhg => bhg::DESCRIPTOR,
    Rzd => rzd::DESCRIPTOR,
    Cds => cds::DESCRIPTOR,
    BigDealCsv => bigdeal_csv::DESCRIPTOR,
    Jsonl => jsonl::DESCRIPTOR,
    Html => html::DESCRIPTOR,
    Pdf => pdf::DESCRIPTOR,
    Csv => table::csv::DESCRIPTOR,
    Parquet => table::parquet::DESCRIPTOR,
}

impl Format {
    /// Every format, in the order `boardfile formats` lists them.
    pub fn all() -> &'static [Format] {
        Format::ALL
    }

    /// The descriptor.
    pub fn descriptor(self) -> &'static Descriptor {
        self.0
    }

    /// Names, extensions, signature.
    pub fn info(self) -> &'static FormatInfo {
        &self.0.info
    }

    /// The short upper-case name: `BRI`, `DLM`, `JSONL`.
    pub fn name(self) -> &'static str {
        self.0.info.name
    }

    /// File extensions, lower case, without the dot; the first is the usual one.
    pub fn extensions(self) -> &'static [&'static str] {
        self.0.info.extensions
    }

    /// One line on what the format is.
    pub fn description(self) -> &'static str {
        self.0.info.description
    }

    /// What the format keeps of a board set.
    pub fn keeps(self) -> &'static Keeps {
        &self.0.keeps
    }

    /// True when the format keeps double-dummy results (ZRJ one hand's).
    pub fn keeps_dd(self) -> bool {
        self.0.keeps.dd != crate::keeps::DoubleDummy::None
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
    pub fn writer(self, options: &WriteOptions) -> Result<Box<dyn BoardWriter>, Error> {
        match self.0.writer {
            Some(new) => Ok(new(options)),
            None => Err(Error::unsupported(
                self,
                format!("{} is read, not written", self.name()),
            )),
        }
    }

    /// The format of an extension (without the dot, any case).
    pub fn from_extension(ext: &str) -> Option<Format> {
        Format::ALL
            .iter()
            .copied()
            .find(|f| f.extensions().iter().any(|e| e.eq_ignore_ascii_case(ext)))
    }

    /// The format of a path's extension.
    pub fn from_path(path: &Path) -> Option<Format> {
        Format::from_extension(path.extension()?.to_str()?)
    }

    /// The format of a name as given to `--from`/`--to`: a format name or an
    /// extension, any case.
    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL
            .iter()
            .copied()
            .find(|f| f.name().eq_ignore_ascii_case(name))
            .or_else(|| Format::from_extension(name))
    }

    /// The format the bytes look like, if any signature says so (formats
    /// are tried from the most to the least telling signature; formats
    /// without one are not).
    pub fn sniff(bytes: &[u8]) -> Option<Format> {
        boardfile_io::detect(Format::ALL, |f| f.info(), bytes, None)
            .ok()
            .copied()
    }
}

/// Chooses the format of an input by the one rule of
/// [`boardfile_io::detect`]: an extension that alone tells the format
/// (Pavlicek's binary files), else the content, else the extension. Only
/// the first [`boardfile_io::SNIFF_LEN`] bytes of `prefix` are looked at.
pub fn detect(prefix: &[u8], path: Option<&Path>) -> Result<Format, Error> {
    boardfile_io::detect(Format::ALL, |f| f.info(), prefix, path).copied()
}

impl PartialEq for Format {
    fn eq(&self, other: &Format) -> bool {
        std::ptr::eq(self.0, other.0) || self.name() == other.name()
    }
}

impl Eq for Format {}

impl Format {
    /// The place in the registry's list.
    fn rank(self) -> usize {
        Format::ALL
            .iter()
            .position(|f| f.name() == self.name())
            .unwrap_or(usize::MAX)
    }
}

impl PartialOrd for Format {
    fn partial_cmp(&self, other: &Format) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Format {
    /// The order of the registry's list.
    fn cmp(&self, other: &Format) -> std::cmp::Ordering {
        self.rank().cmp(&other.rank())
    }
}

impl std::hash::Hash for Format {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.name().hash(h)
    }
}

impl fmt::Debug for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl From<Format> for FormatName {
    fn from(f: Format) -> FormatName {
        FormatName(f.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_extension_and_name_maps_back() {
        for &f in Format::all() {
            for ext in f.extensions() {
                assert_eq!(Format::from_extension(ext), Some(f));
                assert_eq!(Format::from_extension(&ext.to_uppercase()), Some(f));
            }
            assert_eq!(Format::from_name(f.name()), Some(f));
            assert_eq!(Format::from_name(&f.name().to_lowercase()), Some(f));
        }
        assert_eq!(Format::from_path(Path::new("x/SET.DUP")), Some(Format::Dup));
        assert_eq!(Format::from_extension("doc"), None);
        assert_ne!(Format::Zbd, Format::Zrd);
    }

    #[test]
    fn unknown_content_and_extension_names_the_options() {
        let e = detect(b"hello", Some(Path::new("a.txt"))).unwrap_err();
        let parquet = if cfg!(feature = "parquet") {
            ", PARQUET"
        } else {
            ""
        };
        assert!(
            e.to_string().contains(&format!(
                "--from (BRI, DGE, BRE, DUP, HRF, DLM, PBN, LIN, ZBS, ZBD, ZDD, ZRD, ZRJ, DEALNUM, GOE, BER, BHG, RZD, CDS, BIGDEAL-CSV, JSONL, CSV{parquet})"
            )),
            "{e}"
        );
        assert_eq!(
            detect(b"hello", Some(Path::new("a.hrf"))).unwrap(),
            Format::Hrf
        );
    }
}
