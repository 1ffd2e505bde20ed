//! The format registry: names, extensions, detection, and one `match` per
//! direction to dispatch reading and writing.

use crate::board::{BoardSet, Strain};
use crate::deal::Seat;
use crate::error::{Diagnostics, Error, ErrorKind, Warning};
use crate::formats::pbn::PbnDdTags;
use crate::formats::{bre, bri, dealnum, dge, dlm, dup, hrf, html, jsonl, lin, pavlicek, pbn, zbs};
use std::io::Write;
use std::path::Path;

/// Every file format the crate knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Format {
    /// Duplimate/Dealer4 BRI: 128-byte records of card numbers.
    Bri,
    /// Dealer4 DGE: 128-byte records of suit symbols and ranks.
    Dge,
    /// Dealer4 BRE: event/site/date lines, then 70-byte DGE-coded records.
    Bre,
    /// Duplimate DUP: 156-byte records, BRI and DGE halves and a trailer.
    Dup,
    /// Duplimate HRF: 128-byte text records, board number and four hands.
    Hrf,
    /// DupSoft DLM: INI-like text with checksums.
    Dlm,
    /// Portable Bridge Notation 2.1: tags, auction, play, tables.
    Pbn,
    /// Bridge Base Online's LIN: `md|`, `mb|`, `pc|` commands.
    Lin,
    /// Pavlicek's ZBS: suit layouts in base-5 words.
    Zbs,
    /// Pavlicek's ZBD: 13-byte deals.
    Zbd,
    /// Pavlicek's ZDD: 10-byte double-dummy tables.
    Zdd,
    /// Pavlicek's ZRD: deal and double-dummy table, 23 bytes.
    Zrd,
    /// Pavlicek's ZRJ: deal and one hand's tricks, 16 bytes.
    Zrj,
    /// Pavlicek deal numbers, one a line.
    DealNumber,
    /// boardfile's JSON Lines.
    Jsonl,
    /// Printable hand records (written only).
    Html,
}

impl Format {
    /// Every format, in the order `boardfile formats` lists them.
    pub fn all() -> &'static [Format] {
        &[
            Format::Bri,
            Format::Dge,
            Format::Bre,
            Format::Dup,
            Format::Hrf,
            Format::Dlm,
            Format::Pbn,
            Format::Lin,
            Format::Zbs,
            Format::Zbd,
            Format::Zdd,
            Format::Zrd,
            Format::Zrj,
            Format::DealNumber,
            Format::Jsonl,
            Format::Html,
        ]
    }

    /// The short upper-case name: `BRI`, `DLM`, `JSONL`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Bri => "BRI",
            Format::Dge => "DGE",
            Format::Bre => "BRE",
            Format::Dup => "DUP",
            Format::Hrf => "HRF",
            Format::Dlm => "DLM",
            Format::Pbn => "PBN",
            Format::Lin => "LIN",
            Format::Zbs => "ZBS",
            Format::Zbd => "ZBD",
            Format::Zdd => "ZDD",
            Format::Zrd => "ZRD",
            Format::Zrj => "ZRJ",
            Format::DealNumber => "DEALNUM",
            Format::Html => "HTML",
            Format::Jsonl => "JSONL",
        }
    }

    /// File extensions, lower case, without the dot; the first is the usual one.
    pub fn extensions(self) -> &'static [&'static str] {
        match self {
            Format::Bri => &["bri"],
            Format::Dge => &["dge"],
            Format::Bre => &["bre"],
            Format::Dup => &["dup"],
            Format::Hrf => &["hrf"],
            Format::Dlm => &["dlm"],
            Format::Pbn => &["pbn"],
            Format::Lin => &["lin"],
            Format::Zbs => &["zbs"],
            Format::Zbd => &["zbd"],
            Format::Zdd => &["zdd"],
            Format::Zrd => &["zrd"],
            Format::Zrj => &["zrj"],
            Format::DealNumber => &["dnum"],
            Format::Html => &["html", "htm"],
            Format::Jsonl => &["jsonl", "ndjson"],
        }
    }

    /// One line on what the format is.
    pub fn description(self) -> &'static str {
        match self {
            Format::Bri => "Duplimate/Dealer4 BRI, 128-byte records of card numbers",
            Format::Dge => "Dealer4 DGE, 128-byte records of suit symbols and ranks",
            Format::Bre => "Dealer4 BRE, event/site/date then 70-byte records",
            Format::Dup => "Duplimate DUP, 156-byte records: BRI and DGE halves and a trailer",
            Format::Hrf => "Duplimate HRF, 128-byte text records with board numbers",
            Format::Dlm => "DupSoft DLM, text with header and board checksums",
            Format::Pbn => {
                "Portable Bridge Notation 2.1 (reads import format, writes export format)"
            }
            Format::Lin => "Bridge Base Online LIN, hand viewer and vugraph files",
            Format::Zbs => "Pavlicek ZBS, suit layouts and diagrams in base-5 words",
            Format::Zbd => "Pavlicek ZBD, 13-byte deals",
            Format::Zdd => "Pavlicek ZDD, 10-byte double-dummy tables (deals from --deals)",
            Format::Zrd => "Pavlicek ZRD, 23-byte deals with double-dummy tables",
            Format::Zrj => "Pavlicek ZRJ, 16-byte deals with one hand's tricks",
            Format::DealNumber => "Pavlicek deal numbers, one a line",
            Format::Jsonl => "JSON Lines, one board a line (boardfile's canonical form)",
            Format::Html => "printable hand records, four boards an A4 page (written only)",
        }
    }

    /// What the format keeps of a board set; anything else is dropped on write.
    pub fn keeps(self) -> &'static str {
        match self {
            Format::Bri | Format::Dge => "deals (complete); boards numbered 1, 2, 3... by position",
            Format::Bre => "deals (complete), event, site, date; boards numbered by position",
            Format::Dup => "deals (complete), the dealing trailer; consecutive board numbers",
            Format::Hrf => "deals (complete), board numbers",
            Format::Dlm => "deals (complete) of boards 1-99, header fields, per-board duplicates and properties",
            Format::Pbn => "deals (also partial), board numbers, dealer, vulnerability, every tag, auction, play, notes, commentary, tables, double-dummy tables and par",
            Format::Lin => "deals (also partial), board numbers, dealer, vulnerability, players, room, auction with alerts, play, claims; each board's text as read",
            Format::Zbs => "deals (also partial, unused cards); boards numbered by position",
            Format::Zbd | Format::DealNumber => "deals (complete); boards numbered by position",
            Format::Zdd => "double-dummy tables only; boards numbered by position",
            Format::Zrd => "deals (complete) and double-dummy tables; boards numbered by position",
            Format::Zrj => "deals (complete) and one hand's double-dummy tricks; boards numbered by position",
            Format::Jsonl => "everything",
            Format::Html => "deals, board numbers, dealer, vulnerability, double-dummy tables and par, event, site, date (for people: not read back)",
        }
    }

    /// True when the format keeps double-dummy tables (ZRJ one hand's).
    pub fn keeps_dd(self) -> bool {
        matches!(
            self,
            Format::Pbn | Format::Zrd | Format::Zdd | Format::Zrj | Format::Jsonl | Format::Html
        )
    }

    /// True when the crate reads the format.
    pub fn can_read(self) -> bool {
        self != Format::Html
    }

    /// True when the crate writes the format.
    pub fn can_write(self) -> bool {
        true
    }

    /// The format of an extension (without the dot, any case).
    pub fn from_extension(ext: &str) -> Option<Format> {
        let ext = ext.to_ascii_lowercase();
        Format::all()
            .iter()
            .copied()
            .find(|f| f.extensions().contains(&ext.as_str()))
    }

    /// The format of a path's extension.
    pub fn from_path(path: &Path) -> Option<Format> {
        Format::from_extension(path.extension()?.to_str()?)
    }

    /// The format of a name as given to `--from`/`--to`: a format name or an
    /// extension, any case.
    pub fn from_name(name: &str) -> Option<Format> {
        Format::all()
            .iter()
            .copied()
            .find(|f| f.name().eq_ignore_ascii_case(name))
            .or_else(|| Format::from_extension(name))
    }

    /// The format the bytes look like, if any says so. Formats are tried from
    /// the most to the least distinctive signature.
    pub fn sniff(bytes: &[u8]) -> Option<Format> {
        const ORDER: [Format; 10] = [
            Format::Dlm,
            Format::Jsonl,
            Format::Pbn,
            Format::Lin,
            Format::Dup,
            Format::Bri,
            Format::Dge,
            Format::Bre,
            Format::Hrf,
            // A line of digits is the least telling signature: a BRE file
            // whose event is "2024" is a BRE file.
            Format::DealNumber,
        ];
        ORDER.into_iter().find(|f| f.matches(bytes))
    }

    fn matches(self, bytes: &[u8]) -> bool {
        match self {
            Format::Bri => bri::sniff(bytes),
            Format::Dge => dge::sniff(bytes),
            Format::Bre => bre::sniff(bytes),
            Format::Dup => dup::sniff(bytes),
            Format::Hrf => hrf::sniff(bytes),
            Format::Dlm => dlm::sniff(bytes),
            Format::Pbn => pbn::sniff(bytes),
            Format::Lin => lin::sniff(bytes),
            Format::DealNumber => dealnum::sniff(bytes),
            // Binary files with no signature: told by the extension.
            Format::Zbs | Format::Zbd | Format::Zdd | Format::Zrd | Format::Zrj => false,
            Format::Jsonl => jsonl::sniff(bytes),
            Format::Html => false,
        }
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Chooses the format of an input: by content first, then by the path's
/// extension. An error names the formats that can be given with `--from`.
pub fn detect(bytes: &[u8], path: Option<&Path>) -> Result<Format, Error> {
    // Pavlicek's binary formats have no signature, and their bytes may look
    // like anything: their extension comes first.
    if let Some(f) = path.and_then(Format::from_path).filter(|f| {
        matches!(
            f,
            Format::Zbs | Format::Zbd | Format::Zdd | Format::Zrd | Format::Zrj
        )
    }) {
        return Ok(f);
    }
    if let Some(f) = Format::sniff(bytes) {
        return Ok(f);
    }
    if let Some(f) = path.and_then(Format::from_path) {
        return Ok(f);
    }
    let names: Vec<&str> = Format::all()
        .iter()
        .filter(|f| f.can_read())
        .map(|f| f.name())
        .collect();
    Err(Error::new(ErrorKind::UnknownFormat(format!(
        "cannot tell the format from the content or the extension; name it with --from ({})",
        names.join(", ")
    ))))
}

/// A board set read from a file, with what was odd about it.
#[derive(Debug)]
pub struct ReadOutcome {
    /// The boards and set-level data.
    pub set: BoardSet,
    /// Things noticed that did not stop reading.
    pub warnings: Vec<Warning>,
}

/// Reads a whole file in `format`; the first error stops it.
pub fn read(format: Format, bytes: &[u8]) -> Result<ReadOutcome, Error> {
    let mut diag = Diagnostics::strict();
    let set = read_with(format, bytes, &mut diag)?;
    Ok(ReadOutcome {
        set,
        warnings: diag.warnings,
    })
}

/// Everything wrong with a file.
#[derive(Debug)]
pub struct Validation {
    /// The boards that could be read (absent when the file's structure is broken).
    pub set: Option<BoardSet>,
    /// Every error found, in file order.
    pub errors: Vec<Error>,
    /// Every warning.
    pub warnings: Vec<Warning>,
}

impl Validation {
    /// True when no error was found.
    pub fn is_valid(&self) -> bool {
        self.errors.is_empty()
    }
}

/// Reads a file collecting every problem instead of stopping at the first.
pub fn validate(format: Format, bytes: &[u8]) -> Validation {
    let mut diag = Diagnostics::collecting();
    match read_with(format, bytes, &mut diag) {
        Ok(set) => Validation {
            set: Some(set),
            errors: diag.errors,
            warnings: diag.warnings,
        },
        Err(fatal) => {
            let mut errors = diag.errors;
            errors.push(fatal);
            Validation {
                set: None,
                errors,
                warnings: diag.warnings,
            }
        }
    }
}

/// Reads with a caller's [`Diagnostics`]: strict or collecting.
pub fn read_with(format: Format, bytes: &[u8], diag: &mut Diagnostics) -> Result<BoardSet, Error> {
    match format {
        Format::Bri => bri::read(bytes, diag),
        Format::Dge => dge::read(bytes, diag),
        Format::Bre => bre::read(bytes, diag),
        Format::Dup => dup::read(bytes, diag),
        Format::Hrf => hrf::read(bytes, diag),
        Format::Dlm => dlm::read(bytes, diag),
        Format::Pbn => pbn::read(bytes, diag),
        Format::Lin => lin::read(bytes, diag),
        Format::Zbs => zbs::read(bytes, diag),
        Format::Zbd | Format::Zdd | Format::Zrd | Format::Zrj => {
            pavlicek::read(format, bytes, diag)
        }
        Format::DealNumber => dealnum::read(bytes, diag),
        Format::Jsonl => jsonl::read(bytes, diag),
        Format::Html => Err(Error::unsupported(
            Format::Html,
            "HTML hand records are written, not read",
        )),
    }
}

/// Writes a board set in `format`. Data the format cannot carry is dropped
/// (see [`losses`]); data it must carry but cannot (a partial deal in BRI)
/// is an error, and nothing is written after it.
pub fn write(format: Format, set: &BoardSet, out: &mut dyn Write) -> Result<(), Error> {
    write_with(format, set, out, &WriteOptions::default())
}

/// Choices a writer can be given.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct WriteOptions {
    /// The double-dummy tags PBN writes.
    pub pbn_dd_tags: PbnDdTags,
}

/// Writes a board set in `format` with `options`.
pub fn write_with(
    format: Format,
    set: &BoardSet,
    out: &mut dyn Write,
    options: &WriteOptions,
) -> Result<(), Error> {
    match format {
        Format::Bri => bri::write(set, out),
        Format::Dge => dge::write(set, out),
        Format::Bre => bre::write(set, out),
        Format::Dup => dup::write(set, out),
        Format::Hrf => hrf::write(set, out),
        Format::Dlm => dlm::write(set, out),
        Format::Pbn => pbn::write_with(set, out, &options.pbn_dd_tags),
        Format::Lin => lin::write(set, out),
        Format::Zbs => zbs::write(set, out),
        Format::Zbd | Format::Zdd | Format::Zrd | Format::Zrj => pavlicek::write(format, set, out),
        Format::DealNumber => dealnum::write(set, out),
        Format::Jsonl => jsonl::write(set, out),
        Format::Html => html::write(set, out),
    }
}

/// What writing `set` in `format` drops, one sentence per kind of data, each
/// naming how many boards it concerns. Empty when nothing is lost.
pub fn losses(set: &BoardSet, format: Format) -> Vec<String> {
    use Format::*;
    if format == Jsonl {
        return Vec::new();
    }
    let mut out = Vec::new();
    let count =
        |pred: &dyn Fn(&crate::Board) -> bool| set.boards.iter().filter(|b| pred(b)).count();
    let mut note = |n: usize, what: &str| {
        if n > 0 {
            out.push(format!(
                "{} does not keep {what} ({n} board{})",
                format.name(),
                if n == 1 { "" } else { "s" }
            ));
        }
    };
    if !matches!(format, Pbn | Lin) {
        note(
            count(&|b| !b.has_default_conditions()),
            "a dealer or vulnerability other than the board number's",
        );
    }
    match format {
        Pbn | Zrd | Zdd | Html => {}
        Zrj => note(
            count(&|b| {
                b.dd.is_some_and(|t| {
                    Seat::ALL
                        .iter()
                        .filter(|&&s| Strain::ALL.iter().any(|&st| t.get(s, st).is_some()))
                        .count()
                        > 1
                })
            }),
            "double-dummy tricks of more than one hand",
        ),
        _ => note(count(&|b| b.dd.is_some()), "double-dummy tables"),
    }
    if format == Zdd {
        note(
            count(&|b| b.deal != crate::Deal::default()),
            "deals (only double-dummy tables)",
        );
    }
    if !matches!(format, Pbn | Html) {
        note(count(&|b| b.par.is_some()), "par results");
    }
    if format != Pbn {
        note(count(&|b| !b.comments.is_empty()), "commentary");
    }
    if format != Dlm {
        note(
            count(&|b| b.dlm.is_some()),
            "DLM duplicates and property fields",
        );
    }
    if format != Dup {
        note(count(&|b| b.dup_trailer.is_some()), "the DUP trailer");
    }
    match format {
        Pbn => {}
        Lin => {
            note(
                count(&|b| b.tags.iter().any(|t| !LIN_TAGS.contains(&t.name.as_ref()))),
                "tags other than the players, room, event, declarer, contract and result",
            );
            note(
                count(&|b| {
                    b.auction.as_ref().is_some_and(|a| {
                        a.calls.iter().any(|c| {
                            !c.nags.is_empty()
                                || c.irregularity.is_some()
                                || matches!(
                                    c.token,
                                    crate::CallToken::NotYet
                                        | crate::CallToken::Next
                                        | crate::CallToken::Skipped
                                )
                        })
                    }) || b.play.as_ref().is_some_and(|p| {
                        !p.notes.is_empty()
                            || p.cards
                                .iter()
                                .any(|c| c.note.is_some() || !c.nags.is_empty())
                    })
                }),
                "PBN annotations other than alerts, or auction markers",
            );
            // `md|` gives South, West, North, East; a fourth hand left out
            // is the cards the other three do not hold when they hold 13
            // each, so an unknown East beside three whole hands is read
            // back as those cards.
            note(
                count(&|b| {
                    b.deal.hand(Seat::East).is_empty()
                        && [Seat::South, Seat::West, Seat::North]
                            .iter()
                            .all(|&s| b.deal.hand(s).len() == 13)
                }),
                "an unknown East hand beside three whole ones (it reads back as the other 13 cards)",
            );
        }
        _ => {
            let events = if format == Bre {
                &["Event", "Site", "Date"][..]
            } else {
                &[][..]
            };
            // Double-dummy tags are data the table above keeps or names.
            note(
                count(&|b| {
                    b.tags
                        .iter()
                        .any(|t| !events.contains(&t.name.as_ref()) && !pbn::is_dd_tag(&t.name))
                }),
                "tags (players, contract, result and others)",
            );
            note(
                count(&|b| b.auction.is_some() || b.play.is_some()),
                "the auction or the play",
            );
        }
    }
    if format != Lin {
        note(
            count(&|b| b.lin.is_some()),
            "LIN commands outside the deal, players, auction and play (chat, page breaks)",
        );
    }
    let first = set.boards.first().map_or(1, |b| b.number as usize);
    let expected_number = |i: usize| match format {
        Bri | Dge | Bre => Some(1 + i),
        Dup => Some(first + i),
        _ => None,
    };
    let misnumbered = set
        .boards
        .iter()
        .enumerate()
        .filter(|(i, b)| expected_number(*i).is_some_and(|n| n != b.number as usize))
        .count();
    note(
        misnumbered,
        "board numbers that do not run on by one from the first (1 unless DUP)",
    );
    if format == Dlm {
        let mut numbers: Vec<u32> = set.boards.iter().map(|b| b.number).collect();
        numbers.sort_unstable();
        numbers.dedup();
        if let (Some(&lo), Some(&hi)) = (numbers.first(), numbers.last()) {
            let gaps = (hi - lo + 1) as usize - numbers.len();
            if gaps > 0 {
                out.push(format!(
                    "DLM holds boards From..To without gaps: {gaps} missing board number{} between {lo} and {hi} will be undealt boards",
                    if gaps == 1 { "" } else { "s" }
                ));
            }
        }
    }
    let set_fields = [
        ("event", &set.event),
        ("site", &set.site),
        ("date", &set.date),
    ];
    if !matches!(format, Bre | Pbn) {
        for (name, value) in set_fields {
            if value.is_some() {
                out.push(format!("{} does not keep the {name}", format.name()));
            }
        }
    }
    if format != Dlm && set.dlm.is_some() {
        out.push(format!(
            "{} does not keep the DLM header or the DLM boards outside From..To",
            format.name()
        ));
    }
    if format != Pbn
        && set.pbn.as_ref().is_some_and(|p| {
            p.preamble
                .iter()
                .any(|l| !l.trim().is_empty() && !l.contains("PBN") && !l.contains("EXPORT"))
        })
    {
        out.push(format!(
            "{} does not keep the PBN file's % lines",
            format.name()
        ));
    }
    if format != Lin && set.lin.is_some() {
        out.push(format!(
            "{} does not keep the LIN file's header (vugraph and results lines)",
            format.name()
        ));
    }
    out
}

/// The tags LIN carries.
const LIN_TAGS: [&str; 9] = [
    "Event", "West", "North", "East", "South", "Room", "Declarer", "Contract", "Result",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_extension_maps_back() {
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
    }

    #[test]
    fn losses_name_what_a_format_drops() {
        let deal = crate::Deal::sorted();
        let mut b3 = crate::Board::new(3, deal);
        b3.dealer = crate::Seat::West;
        let set = BoardSet {
            event: Some("Club".into()),
            ..BoardSet::from_boards(vec![crate::Board::new(1, deal), b3])
        };
        let bri = losses(&set, Format::Bri);
        assert_eq!(
            bri,
            [
                "BRI does not keep a dealer or vulnerability other than the board number's (1 board)",
                "BRI does not keep board numbers that do not run on by one from the first (1 unless DUP) (1 board)",
                "BRI does not keep the event",
            ]
        );
        assert!(losses(&set, Format::Bre)
            .iter()
            .all(|l| !l.contains("event")));
        assert!(losses(&set, Format::Dlm)
            .iter()
            .any(|l| l.contains("1 missing board number between 1 and 3")));
        assert!(losses(&set, Format::Jsonl).is_empty());
    }

    #[test]
    fn unknown_content_and_extension_names_the_options() {
        let e = detect(b"hello", Some(Path::new("a.txt"))).unwrap_err();
        assert!(
            e.to_string()
                .contains("--from (BRI, DGE, BRE, DUP, HRF, DLM, PBN, LIN, ZBS, ZBD, ZDD, ZRD, ZRJ, DEALNUM, JSONL)"),
            "{e}"
        );
        assert_eq!(
            detect(b"hello", Some(Path::new("a.hrf"))).unwrap(),
            Format::Hrf
        );
    }
}
