//! The shape of a format registry, and the one detection rule every
//! command uses.
//!
//! Each format describes itself once ([`FormatInfo`]): its names, its
//! extensions, how its bytes are told apart ([`Signature`]), and whether it
//! is read and written. A game's registry is a list of these; [`detect`]
//! chooses among any list of them (both games' together, or the ones a
//! `--from` named) from the first [`SNIFF_LEN`] bytes of a file and its
//! path, so that the answer does not depend on the file's size or on
//! whether it came from a file or a pipe.

use crate::error::{Error, ErrorKind};
use std::path::Path;

/// How many bytes of a file detection looks at: every signature test gets
/// at most this many, from the start of the file.
pub const SNIFF_LEN: usize = 64 * 1024;

/// How a format is told from a file.
#[derive(Clone, Copy)]
pub enum Signature {
    /// No signature, and bytes that may look like anything (Pavlicek's
    /// binary records, WTHOR files): told by the extension, which comes
    /// before every content test.
    Extension,
    /// A test of the file's first bytes; formats are tried from the highest
    /// rank (the most telling signature) down. The extension decides only
    /// when no test says yes.
    Content {
        /// The order of trial: higher first.
        rank: u8,
        /// The test, given at most [`SNIFF_LEN`] bytes from the file's start.
        test: fn(&[u8]) -> bool,
    },
    /// Neither: the format must be named (`--from`), or is only written.
    None,
}

/// What a format is: the part of its descriptor every command and both
/// games share.
#[derive(Clone, Copy)]
pub struct FormatInfo {
    /// The short upper-case name: `BRI`, `DLM`, `WTB`.
    pub name: &'static str,
    /// File extensions, lower case, without the dot; the first is the usual one.
    pub extensions: &'static [&'static str],
    /// One line on what the format is.
    pub description: &'static str,
    /// How it is told from a file.
    pub signature: Signature,
    /// True when the format is read.
    pub reads: bool,
    /// True when the format is written.
    pub writes: bool,
}

impl FormatInfo {
    /// True when `name` is this format's name or one of its extensions, in
    /// any case.
    pub fn is_named(&self, name: &str) -> bool {
        self.name.eq_ignore_ascii_case(name)
            || self.extensions.iter().any(|e| e.eq_ignore_ascii_case(name))
    }

    /// True when `path`'s extension is one of this format's, in any case.
    pub fn has_extension_of(&self, path: &Path) -> bool {
        extension(path)
            .is_some_and(|ext| self.extensions.iter().any(|e| e.eq_ignore_ascii_case(ext)))
    }

    fn says_yes(&self, prefix: &[u8]) -> bool {
        match self.signature {
            Signature::Content { test, .. } => test(&prefix[..prefix.len().min(SNIFF_LEN)]),
            _ => false,
        }
    }
}

/// A path's extension, when it has one that is text.
pub fn extension(path: &Path) -> Option<&str> {
    path.extension()?.to_str()
}

/// Chooses the format of an input among `candidates` (`info` gives each
/// one's [`FormatInfo`]) from its first bytes `prefix` and its `path`
/// (`None` for standard input):
/// 1. a format told by its extension alone ([`Signature::Extension`])
///    whose extension the path has;
/// 2. else the content test of highest rank that says yes (only the first
///    [`SNIFF_LEN`] bytes are looked at);
/// 3. else any readable format whose extension the path has.
///
/// Only readable formats are chosen. The error names the readable ones,
/// for `--from`.
pub fn detect<'a, T>(
    candidates: &'a [T],
    info: impl Fn(&T) -> &FormatInfo,
    prefix: &[u8],
    path: Option<&Path>,
) -> Result<&'a T, Error> {
    let readable = || candidates.iter().filter(|c| info(c).reads);
    let by_extension = |only_extension: bool| {
        let path = path?;
        readable().find(|c| {
            let i = info(c);
            (!only_extension || matches!(i.signature, Signature::Extension))
                && i.has_extension_of(path)
        })
    };
    if let Some(c) = by_extension(true) {
        return Ok(c);
    }
    let mut best: Option<(&T, u8)> = None;
    for c in readable() {
        if let Signature::Content { rank, .. } = info(c).signature {
            if best.is_none_or(|(_, r)| rank > r) && info(c).says_yes(prefix) {
                best = Some((c, rank));
            }
        }
    }
    if let Some((c, _)) = best {
        return Ok(c);
    }
    if let Some(c) = by_extension(false) {
        return Ok(c);
    }
    let mut names: Vec<&str> = Vec::new();
    for c in readable() {
        if !names.contains(&info(c).name) {
            names.push(info(c).name);
        }
    }
    Err(Error::new(ErrorKind::UnknownFormat(format!(
        "cannot tell the format from the content or the extension; name it with --from ({})",
        names.join(", ")
    ))))
}

/// What a file is when it starts like a well-known kind of file that no
/// format here is: an archive, a compressed file, a document. Told by the
/// first bytes, so that such a file named `.pbn` is said to be what it is
/// rather than read as bad PBN.
pub fn foreign_kind(bytes: &[u8]) -> Option<&'static str> {
    const KINDS: [(&[u8], &str); 10] = [
        (b"PK\x03\x04", "a ZIP archive (unpack it first)"),
        (b"PK\x05\x06", "an empty ZIP archive"),
        (b"\x1f\x8b", "a gzip-compressed file (unpack it first)"),
        (b"BZh", "a bzip2-compressed file (unpack it first)"),
        (b"\xfd7zXZ\x00", "an xz-compressed file (unpack it first)"),
        (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive (unpack it first)"),
        (b"Rar!\x1a\x07", "a RAR archive (unpack it first)"),
        (b"%PDF-", "a PDF document"),
        (b"\x89PNG\r\n\x1a\n", "a PNG image"),
        (
            b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1",
            "a Microsoft Office document",
        ),
    ];
    KINDS
        .iter()
        .find(|(magic, _)| bytes.starts_with(magic))
        .map(|(_, kind)| *kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn starts_x(b: &[u8]) -> bool {
        b.first() == Some(&b'x')
    }
    fn starts_xy(b: &[u8]) -> bool {
        b.starts_with(b"xy")
    }
    fn long(b: &[u8]) -> bool {
        b.len() > SNIFF_LEN
    }

    const FORMATS: [FormatInfo; 5] = [
        FormatInfo {
            name: "BIN",
            extensions: &["bin"],
            description: "",
            signature: Signature::Extension,
            reads: true,
            writes: true,
        },
        FormatInfo {
            name: "X",
            extensions: &["x"],
            description: "",
            signature: Signature::Content {
                rank: 1,
                test: starts_x,
            },
            reads: true,
            writes: true,
        },
        FormatInfo {
            name: "XY",
            extensions: &["xy"],
            description: "",
            signature: Signature::Content {
                rank: 2,
                test: starts_xy,
            },
            reads: true,
            writes: true,
        },
        FormatInfo {
            name: "LONG",
            extensions: &[],
            description: "",
            signature: Signature::Content {
                rank: 9,
                test: long,
            },
            reads: true,
            writes: true,
        },
        FormatInfo {
            name: "OUT",
            extensions: &["out"],
            description: "",
            signature: Signature::None,
            reads: false,
            writes: true,
        },
    ];

    fn name(prefix: &[u8], path: Option<&str>) -> Result<&'static str, String> {
        detect(&FORMATS, |f| f, prefix, path.map(Path::new))
            .map(|f| f.name)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn extension_only_formats_first_then_rank_then_extension() {
        assert_eq!(name(b"xy", Some("a.BIN")), Ok("BIN"));
        assert_eq!(name(b"xy", Some("a.x")), Ok("XY"));
        assert_eq!(name(b"x", None), Ok("X"));
        assert_eq!(name(b"q", Some("a.x")), Ok("X"));
        let e = name(b"q", Some("a.out")).unwrap_err();
        assert!(e.ends_with("--from (BIN, X, XY, LONG)"), "{e}");
    }

    #[test]
    fn tests_see_at_most_the_sniffing_prefix() {
        let big = vec![b'q'; SNIFF_LEN * 2];
        assert!(
            name(&big, None).is_err(),
            "a test never sees past SNIFF_LEN"
        );
    }
}
