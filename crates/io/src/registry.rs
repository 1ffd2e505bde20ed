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
    /// True when the format is text, lines of characters (PBN, BRI's
    /// digits); false for binary records (ZRD, DUP, WTB). Text whose
    /// content test says no may still be a text format's; it is not a
    /// binary one's.
    pub text: bool,
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

/// What a file looks like when its first bytes do not look like the format
/// its extension gave it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Looks<'a, T> {
    /// Another format of the candidates, whose content test says yes.
    Format(&'a T),
    /// JSON that no format here reads as it is.
    Json,
    /// Text: words and lines (a README, a letter, a web page).
    Text,
    /// Bytes the format's own content test says no to, and no other's yes.
    Binary,
}

/// Whether `prefix`, the first bytes of a file whose extension named
/// `chosen`, looks like something else: another of `candidates` (its
/// content test says yes; the highest rank first), JSON or text where
/// `chosen` is a format of binary records, or bytes that are not text
/// where `chosen` is a text format its content test says no to. `None` when they may
/// well be `chosen`'s, which is then read as the extension says.
///
/// ```
/// use boardfile_io::registry::{looks_like, Looks};
/// use boardfile_io::{FormatInfo, Signature};
/// let info = |name, signature, text| FormatInfo {
///     name, extensions: &[], description: "", signature, reads: true, writes: true, text,
/// };
/// let pbn = info("PBN", Signature::Content { rank: 8, test: |b| b.starts_with(b"[") }, true);
/// let zrd = info("ZRD", Signature::Extension, false);
/// let both = [pbn, zrd];
/// let looks = |b: &[u8], chosen: &FormatInfo| looks_like(&both, |f| f, chosen, b).map(|l| match l {
///     Looks::Format(f) => f.name,
///     Looks::Json => "JSON",
///     Looks::Text => "text",
///     Looks::Binary => "binary",
/// });
/// assert_eq!(looks(b"[Event \"\"]\n", &both[1]), Some("PBN"));
/// assert_eq!(looks(b"# boardfile\n\nOne exact tool.\n", &both[1]), Some("text"));
/// assert_eq!(looks(b"\x01\x9a\x33", &both[1]), None);
/// assert_eq!(looks(b"\x01\x9a\x33", &both[0]), Some("binary"));
/// assert_eq!(looks(b"% a comment\n", &both[0]), None);
/// ```
pub fn looks_like<'a, T>(
    candidates: &'a [T],
    info: impl Fn(&T) -> &FormatInfo,
    chosen: &T,
    prefix: &[u8],
) -> Option<Looks<'a, T>> {
    let own = info(chosen);
    if own.says_yes(prefix) {
        return None;
    }
    let mut best: Option<(&T, u8)> = None;
    for c in candidates
        .iter()
        .filter(|c| info(c).reads && info(c).name != own.name)
    {
        if let Signature::Content { rank, .. } = info(c).signature {
            if best.is_none_or(|(_, r)| rank > r) && info(c).says_yes(prefix) {
                best = Some((c, rank));
            }
        }
    }
    if let Some((c, _)) = best {
        return Some(Looks::Format(c));
    }
    if own.text {
        // Text its test says no to may still be its (a PBN opening with
        // 64 KiB of comments, in any encoding); bytes of no text are not.
        let control = prefix
            .iter()
            .filter(|&&b| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0c | 0x1a))
            .count();
        return (prefix.contains(&0) || control * 20 > prefix.len()).then_some(Looks::Binary);
    }
    let text = as_text(prefix)?;
    let json = text.trim_start().starts_with(['{', '[']);
    Some(if json { Looks::Json } else { Looks::Text })
}

/// `bytes` as text, when they are UTF-8 (a character cut at the end
/// aside) with no control character but tab, line breaks and form feed.
fn as_text(bytes: &[u8]) -> Option<&str> {
    let text = match std::str::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) if e.error_len().is_none() => std::str::from_utf8(&bytes[..e.valid_up_to()]).ok()?,
        Err(_) => return None,
    };
    let control = |c: char| c.is_control() && !matches!(c, '\t' | '\n' | '\r' | '\x0c');
    (!text.is_empty() && !text.contains(control)).then_some(text)
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

/// Defines a game's format handle: a `Copy` handle on a `&'static`
/// descriptor (a type with an `info: FormatInfo` field), with what every
/// game's handle has: names, extensions, description; equality and hashing
/// by name; shown by name. Written once here for both games; a game's own
/// questions (what a format keeps or holds, its reader) are its own
/// `impl`. The list of formats is [`format_list!`](crate::format_list)'s.
///
/// ```
/// use boardfile_io::{FormatInfo, Signature};
/// pub struct Descriptor {
///     pub info: FormatInfo,
/// }
/// boardfile_io::format_handle! {
///     /// A format of this game.
///     pub struct Format(Descriptor);
/// }
/// static TXT: Descriptor = Descriptor {
///     info: FormatInfo {
///         name: "TXT",
///         extensions: &["txt"],
///         description: "text",
///         signature: Signature::None,
///         reads: true,
///         writes: true,
///         text: true,
///     },
/// };
/// const F: Format = Format::of(&TXT);
/// assert_eq!(F.name(), "TXT");
/// assert_eq!(F.to_string(), "TXT");
/// assert_eq!(F, Format::of(&TXT));
/// ```
#[macro_export]
macro_rules! format_handle {
    ($(#[$meta:meta])* $vis:vis struct $handle:ident($descriptor:ty);) => {
        $(#[$meta])*
        #[derive(Clone, Copy)]
        $vis struct $handle(&'static $descriptor);

        impl $handle {
            /// The handle on a descriptor.
            pub const fn of(descriptor: &'static $descriptor) -> $handle {
                $handle(descriptor)
            }

            /// The descriptor.
            pub fn descriptor(self) -> &'static $descriptor {
                self.0
            }

            /// Names, extensions, signature.
            pub fn info(self) -> &'static $crate::FormatInfo {
                &self.0.info
            }

            /// The short upper-case name.
            pub fn name(self) -> &'static str {
                self.0.info.name
            }

            /// File extensions, lower case, without the dot; the first is
            /// the usual one.
            pub fn extensions(self) -> &'static [&'static str] {
                self.0.info.extensions
            }

            /// One line on what the format is.
            pub fn description(self) -> &'static str {
                self.0.info.description
            }
        }

        impl ::std::cmp::PartialEq for $handle {
            fn eq(&self, other: &$handle) -> bool {
                ::std::ptr::eq(self.0, other.0) || self.name() == other.name()
            }
        }

        impl ::std::cmp::Eq for $handle {}

        impl ::std::hash::Hash for $handle {
            fn hash<H: ::std::hash::Hasher>(&self, h: &mut H) {
                self.name().hash(h)
            }
        }

        impl ::std::fmt::Debug for $handle {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl ::std::fmt::Display for $handle {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl ::std::convert::From<$handle> for $crate::FormatName {
            fn from(f: $handle) -> $crate::FormatName {
                $crate::FormatName(f.name())
            }
        }
    };
}

/// Gives a format handle of [`format_handle!`] what its registry's list
/// (`$handle::ALL`, in the order a game's `formats` table lists them)
/// answers: every format, lookups by extension, name and path, sniffing
/// and [`detect`], and the list's order. Invoked beside the list, so that
/// only the registry names every format.
#[macro_export]
macro_rules! format_list {
    ($handle:ident) => {
        impl $handle {
            /// Every format, in the order of the registry's list.
            pub fn all() -> &'static [$handle] {
                $handle::ALL
            }

            /// The format of an extension (without the dot, any case).
            pub fn from_extension(ext: &str) -> ::std::option::Option<$handle> {
                $handle::ALL
                    .iter()
                    .copied()
                    .find(|f| f.extensions().iter().any(|e| e.eq_ignore_ascii_case(ext)))
            }

            /// The format of a path's extension.
            pub fn from_path(path: &::std::path::Path) -> ::std::option::Option<$handle> {
                $handle::ALL
                    .iter()
                    .copied()
                    .find(|f| f.info().has_extension_of(path))
            }

            /// The format of a name as given to `--from`/`--to`: a format
            /// name or an extension, any case.
            pub fn from_name(name: &str) -> ::std::option::Option<$handle> {
                $handle::ALL
                    .iter()
                    .copied()
                    .find(|f| f.name().eq_ignore_ascii_case(name))
                    .or_else(|| $handle::from_extension(name))
            }

            /// The format the bytes look like, if any signature says so
            /// (formats are tried from the most to the least telling
            /// signature; formats without one are not).
            pub fn sniff(bytes: &[u8]) -> ::std::option::Option<$handle> {
                $crate::detect($handle::ALL, |f| f.info(), bytes, None)
                    .ok()
                    .copied()
            }

            /// Chooses the format of an input by the one rule of
            /// [`detect`]: an extension that alone tells the format,
            /// else the content, else the extension.
            pub fn detect(
                prefix: &[u8],
                path: ::std::option::Option<&::std::path::Path>,
            ) -> ::std::result::Result<$handle, $crate::Error> {
                $crate::detect($handle::ALL, |f| f.info(), prefix, path).copied()
            }

            /// The place in the registry's list.
            fn rank(self) -> usize {
                $handle::ALL
                    .iter()
                    .position(|f| f.name() == self.name())
                    .unwrap_or(usize::MAX)
            }
        }

        impl ::std::cmp::PartialOrd for $handle {
            fn partial_cmp(&self, other: &$handle) -> ::std::option::Option<::std::cmp::Ordering> {
                Some(self.cmp(other))
            }
        }

        impl ::std::cmp::Ord for $handle {
            /// The order of the registry's list.
            fn cmp(&self, other: &$handle) -> ::std::cmp::Ordering {
                self.rank().cmp(&other.rank())
            }
        }
    };
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
            text: true,
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
            text: true,
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
            text: true,
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
            text: true,
        },
        FormatInfo {
            name: "OUT",
            extensions: &["out"],
            description: "",
            signature: Signature::None,
            reads: false,
            writes: true,
            text: true,
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
