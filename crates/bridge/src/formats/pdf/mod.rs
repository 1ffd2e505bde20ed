//! PDF hand records: pages to print, 1, 2 or 4 boards a page, A4 or Letter.
//!
//! Written only. Each page is headed by the set's event, site and date and
//! footed by the boards on it and the page number. Each board is framed
//! and shows its number, dealer and vulnerability (also drawn on the
//! compass: the vulnerable sides' seats on red, the dealer's letter
//! ringed), the four hands around the compass with hearts and diamonds in
//! red, each hand's high-card points in the compass's middle (North's at
//! the top, and so on), and, when known, the double-dummy table (declarers
//! N S E W, strains NT ♠ ♥ ♦ ♣) and par. Four a page are two by two; two a
//! page stand one above the other with the table beside the diagram; one a
//! page is the four-a-page board drawn twice as large.
//!
//! | page | points (1/72 in) | margins |
//! |---|---|---|
//! | A4 | 595.28 x 841.89 | 36 at the sides, 28 above and below |
//! | Letter | 612 x 792 | the same |
//!
//! The font is DejaVu Sans (regular and bold, from the `dejavu` crate: the
//! font's own licence is the Bitstream Vera one with DejaVu's changes in
//! the public domain), embedded as a subset of the glyphs used, with a
//! ToUnicode map so that the text (suit symbols included) can be copied
//! and searched. The PDF is made with krilla, the PDF library Typst uses:
//! it subsets and embeds OpenType fonts, shapes text and writes that map
//! itself, where printpdf's font handling is thinner; version 0.6 (0.7
//! wants Rust 1.89, the workspace's rust-version now, and is not tried
//! yet).
//!
//! Streaming: a page is drawn as soon as its last board comes, and only
//! the boards of the page being filled are held (their number, conditions,
//! deal, table and par, not the rest of the board). krilla keeps each
//! finished page's compressed content until the end, when the subset fonts
//! are known and the file is written out: memory grows with the pages,
//! about 45 KB a page at the peak (10,000 boards four a page: 2,500 pages,
//! a 7 MB file, 110 MB at the peak, 6 s, by `scripts/check-records.sh`).
//!
//! Cannot carry back: anything (it is not read). Tags other than the
//! event, site and date, auctions and play are not shown.
//!
//! Drawing needs the crate feature `pdf` (on by default): without it the
//! format is listed, but not written, and its description says why.

use crate::codec::keeps::Keeps;
use crate::codec::{Descriptor, Hooks, NewWriter};
use boardfile_io::{FormatInfo, Signature};

#[cfg(feature = "pdf")]
mod render;

#[cfg(feature = "pdf")]
pub use render::PdfWriter;

/// The format.
pub static DESCRIPTOR: Descriptor = Descriptor {
    info: FormatInfo {
        name: "PDF",
        extensions: &["pdf"],
        description: if cfg!(feature = "pdf") {
            "printable hand records, 1, 2 or 4 boards an A4 or Letter page (written only)"
        } else {
            "printable hand records (not in this build: the crate feature pdf)"
        },
        signature: Signature::None,
        reads: false,
        writes: cfg!(feature = "pdf"),
        text: false,
    },
    // The play valued double dummy is the HTML pages' only: a PDF page's
    // boards are laid out to a fixed height.
    keeps: Keeps {
        play_values: false,
        ..Keeps::HAND_RECORDS
    },
    reader: None,
    writer: WRITER,
    hooks: Hooks::NONE,
};

/// This format's handle.
#[cfg(feature = "pdf")]
pub(crate) const FORMAT: crate::codec::Format = crate::codec::Format::of(&DESCRIPTOR);

#[cfg(feature = "pdf")]
const WRITER: Option<NewWriter> = Some(|options| Box::new(PdfWriter::new(options)));
#[cfg(not(feature = "pdf"))]
const WRITER: Option<NewWriter> = None;
