//! PBN, Portable Bridge Notation 2.1.
//!
//! Spec: `specs/pbn_v21.txt` (PBN 2.1, 2017), and the common extension
//! `DoubleDummyTricks` described in DESIGN.md.
//!
//! The reader takes the *import* format: any order of tags, tags over several
//! lines, LF, CR LF or CR line ends, `-` for unknown hands, any first seat and
//! rank order in `Deal`, lower case where section 3.11 allows it, `#` and `##`
//! inheritance (kept as written; [`BoardSet::tag_value`](crate::model::set::BoardSet::tag_value)
//! resolves it), `%` escape lines, `{}` and `;` commentary, string escapes,
//! auction and play sections with suffixes, note references, NAGs,
//! irregularities and note tags, and supplemental sections (tables are
//! re-flowed into rows by their column count). Files are ISO-8859-1 unless
//! they start with a UTF-8 byte-order mark, a `%` line names UTF-8 as the
//! charset, or their bytes are UTF-8 with some outside ASCII.
//!
//! The writer keeps a file as it was. Each board read from PBN carries its
//! game's text ([`PbnGame`](crate::model::extras::PbnGame): from the end of the game
//! before, so the empty lines and comments between games are a game's
//! own) and the text before the first game ([`PbnInfo::head`]); JSON Lines
//! carries both. A board that says what its text says is written as the
//! text, byte for byte, so that a file read and written comes back
//! identical through PBN, JSON Lines and the streamed path. A board that
//! changed (a table `solve` added, a renumbering, a tag edited in JSON
//! Lines) has only the tags whose export rendering changed rewritten, in the
//! file's line ends, and new tags put after the file's tags that precede
//! them in the export order (see `edit.rs`). Boards from other formats are
//! written in the export format, in the file's line ends. This is the
//! default because a file that a scoring program, a diff or version control
//! sees should change where its data did, and nowhere else.
//!
//! With [`WriteOptions::normalize`](crate::codec::options::WriteOptions::normalize) (the
//! command line's `--normalize`), or for boards that carry no text, the
//! writer gives the *export* format of sections 2 and 3: `% PBN 2.1` and
//! `% EXPORT` first (other `%` lines before the first game kept after them),
//! CR LF, one tag a line, an empty line between games, the 15 mandatory tags
//! in order, then the other tags sorted by name, the auction (four calls a
//! row from the dealer, note references then NAGs in order, suffixes as
//! NAGs, note tags after), the play (four cards a row from the opening
//! leader), then the supplemental sections sorted by name with table columns
//! padded to their `\width`. Comments are written after what they followed:
//! on a line of their own after a tag, inline after a call or card.
//!
//! A mandatory tag the board lacks is written `?` (unknown), or empty when
//! the board carries nothing but its deal, conditions and double-dummy data
//! (a dealing program's output, section 3.4), or left out when an earlier game set it
//! with `##` (section 4.8). `Declarer` and `Contract` come from a finished
//! auction when the tags are missing. By the same rule the reader does not
//! keep the eleven empty mandatory tags of a game that has nothing else: the
//! writer gives them back, and JSON Lines shows such a board as its deal.
//!
//! Double-dummy data: `OptimumResultTable`, `DoubleDummyTricks` (20 hex
//! digits, declarers N S E W, each strains NT S H D C), `OptimumScore`
//! (`NS 420` / `EW -420`) and `ParContract` (`NS 4S; EW 5CX`) are read into
//! [`Board::dd`](crate::model::board::Board::dd) and [`Board::par`](crate::model::board::Board::par) and
//! also kept as tags. On write a kept tag is written as it was unless the
//! board's table or par now says otherwise; then, and for boards whose table
//! came from elsewhere, the tags [`DdTags`](crate::codec::options::DdTags) names are generated.
//!
//! Lines are kept within 255 characters where the writer chooses the
//! breaks (auction and play rows); a tag value or table row longer than
//! that is written whole, since PBN has no way to split one.
//!
//! In Big Deal's dialect ([`Dialect::BigDeal`](crate::codec::options::Dialect::BigDeal))
//! the file is written as Big Deal 2.0 writes it (see `big_deal_dialect.rs`):
//! `[Generator]` first, the 15 mandatory tags with `?`, the deal from North,
//! LF, and nothing else of a board.
//!
//! An export file read and written again gives the same bytes, normalized
//! or not. What does not survive a pass through the export writer: the
//! layout of import files (spacing, line breaks, tag order), a tag given
//! twice in one game (the second is ignored, as section 3.4 says, with a
//! warning), the `-` calls before the dealer in a four-column import
//! auction (the auction is made to start with the dealer's call), and line
//! ends other than CR LF. What the kept text does not give back: a UTF-16
//! file (read as its text, written in UTF-8), and text that is not UTF-8 in
//! a file read as UTF-8 (read as ISO-8859-1, written in UTF-8). The
//! character set is told from the first MiB (a byte-order mark, a `%`
//! charset line, else whether its text beyond ASCII is UTF-8); a file whose
//! first such text comes later is written in the character set told then.
//!
//! A game in the export writer's very text (CR LF, in a file whose line end
//! is CR LF) keeps no copy of it: the writer gives the same bytes back from
//! the board, so that files of millions of solved deals cost nothing more.
//! Such a game changed is written in the export format as a whole: a tag
//! added to a board that had none but its deal and conditions makes its
//! other empty mandatory tags `?`, as the export format has it.

mod big_deal_dialect;
pub(crate) mod dd;
mod edit;
mod read;
mod write;

pub use crate::model::extras::PbnInfo;
pub use big_deal_dialect::BigDealPbnWriter;
pub use write::PbnWriter;

use crate::codec::keeps::Keeps;
use crate::codec::{BigDealName, Descriptor, Format, Hooks};
use boardfile_io::{FormatInfo, Signature};

/// The format.
pub static DESCRIPTOR: Descriptor = Descriptor {
    info: FormatInfo {
        name: "PBN",
        extensions: &["pbn"],
        description: "Portable Bridge Notation 2.1 (reads import format; writes a file back in its own layout, export format for other boards and with --normalize)",
        signature: Signature::Content {
            rank: 8,
            test: sniff,
        },
        reads: true,
        writes: true,
        text: true,
    },
    keeps: Keeps {
        own: &[crate::codec::keeps::Own::Pbn],
        // PBN has no tag for them.
        play_values: false,
        big_deal: Some(&big_deal_dialect::KEEPS),
        ..Keeps::EVERYTHING
    },
    reader: Some(|src, diag| Ok(Box::new(read::PbnReader::open(src, diag, write::export_game)?))),
    writer: Some(|options| match options.dialect {
        crate::codec::options::Dialect::BigDeal => Box::new(BigDealPbnWriter::default()),
        _ => Box::new(PbnWriter::with_options(options)),
    }),
    hooks: Hooks {
        big_deal: Some(BigDealName {
            name: "pbn",
            extension: "pbn",
        }),
        ..Hooks::NONE
    },
};

/// This format's handle.
pub(crate) const FORMAT: Format = Format::of(&DESCRIPTOR);

/// The 15 tags of the mandatory tag set, in export order.
pub const MANDATORY_TAGS: [&str; 15] = [
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
];

/// True when the text, after any byte-order mark, white space, `%` lines and
/// commentary, starts with a tag `[Name`.
pub fn sniff(bytes: &[u8]) -> bool {
    if let Some(big_endian) = read::utf16_bom(bytes) {
        // The ASCII of a UTF-16 start, the rest as 0x80.
        let ascii: Vec<u8> = bytes[2..]
            .chunks_exact(2)
            .take(4096)
            .map(|u| {
                let (hi, lo) = if big_endian {
                    (u[0], u[1])
                } else {
                    (u[1], u[0])
                };
                if hi == 0 && lo < 0x80 {
                    lo
                } else {
                    0x80
                }
            })
            .collect();
        return sniff(&ascii);
    }
    let mut b = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    loop {
        b = b.trim_ascii_start();
        match b.first() {
            Some(b'%') | Some(b';') => {
                let end = b.iter().position(|&c| c == b'\n').unwrap_or(b.len());
                if b.starts_with(b"% PBN") || b.starts_with(b"%PBN") {
                    return true;
                }
                b = &b[end..];
            }
            Some(b'{') => match b.iter().position(|&c| c == b'}') {
                Some(end) => b = &b[end + 1..],
                None => return false,
            },
            Some(b'[') => {
                let name = b[1..].trim_ascii_start();
                return name.first().is_some_and(|c| c.is_ascii_uppercase());
            }
            _ => return false,
        }
    }
}

#[cfg(test)]
mod tests;
