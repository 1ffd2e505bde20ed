//! The character set: a UTF-16 file read as the UTF-8 text it holds, and
//! a `%` line before the first game naming UTF-8.

use super::F;
use boardfile_io::{Diagnostics, Error, Position, Source};

/// The byte order a UTF-16 byte-order mark gives: big-endian or not.
pub(crate) fn utf16_bom(head: &[u8]) -> Option<bool> {
    match head {
        [0xFE, 0xFF, ..] => Some(true),
        [0xFF, 0xFE, ..] => Some(false),
        _ => None,
    }
}

/// The most of a UTF-16 file read (it is read whole, as UTF-8 text).
const MAX_UTF16: usize = 256 << 20;

/// A UTF-16 file (Windows tools write them with a byte-order mark) as the
/// UTF-8 text it holds, said in a warning: positions then count that
/// text's bytes, and it is written back as UTF-8.
pub(super) fn from_utf16<'a>(
    mut src: Source<'a>,
    big_endian: bool,
    diag: &mut Diagnostics,
) -> Result<Source<'a>, Error> {
    let at = Position::byte(src.offset());
    let bytes = src
        .fill_all(MAX_UTF16)
        .map_err(|e| crate::formats::window_error(F, at, e))?;
    let body = &bytes[2..];
    if body.len() % 2 == 1 {
        return Err(Error::syntax(
            F,
            Position::byte(bytes.len() as u64 - 1),
            "a UTF-16 file (by its byte-order mark) ends in half a character",
        ));
    }
    let units = body.chunks_exact(2).map(|u| {
        let pair = [u[0], u[1]];
        if big_endian {
            u16::from_be_bytes(pair)
        } else {
            u16::from_le_bytes(pair)
        }
    });
    let mut text = String::with_capacity(body.len() / 2);
    for (k, c) in char::decode_utf16(units).enumerate() {
        match c {
            Ok(c) => text.push(c),
            Err(_) => {
                return Err(Error::syntax(
                    F,
                    Position::byte(2 + 2 * k as u64),
                    "a UTF-16 file (by its byte-order mark) holds half of a surrogate pair",
                ))
            }
        }
    }
    diag.warn(
        F,
        None,
        format!(
            "the file is UTF-16{} (its byte-order mark says so): read as the UTF-8 text it holds, so positions below count that text's bytes; it is written as UTF-8",
            if big_endian { " big-endian" } else { "" }
        ),
    );
    Ok(Source::from_reader(std::io::Cursor::new(text.into_bytes())))
}

/// A `%` line before the first game naming UTF-8 as the charset.
pub(super) fn declares_utf8(bytes: &[u8]) -> bool {
    bytes
        .split(|&c| c == b'\n')
        .take_while(|l| l.first() == Some(&b'%') || l.trim_ascii().is_empty())
        .any(|l| {
            let l = l.to_ascii_lowercase();
            l.windows(13).any(|w| w == b"charset=utf-8")
                || l.windows(12).any(|w| w == b"charset=utf8")
        })
}
