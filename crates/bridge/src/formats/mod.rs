//! One module per format, and the helpers they share.

pub mod bre;
pub mod bri;
pub mod dge;
pub mod dlm;
pub mod dup;
pub mod hrf;
pub mod jsonl;

use crate::error::{Diagnostics, Error, Position};
use crate::format::Format;

/// Splits `bytes` into records of `size` bytes. A short last record is an
/// error for that record (reported, then skipped when collecting).
pub(crate) fn fixed_records<'a>(
    bytes: &'a [u8],
    size: usize,
    format: Format,
    diag: &mut Diagnostics,
) -> Result<std::slice::ChunksExact<'a, u8>, Error> {
    let chunks = bytes.chunks_exact(size);
    let rest = chunks.remainder();
    if !rest.is_empty() {
        let record = (bytes.len() / size) as u64;
        diag.error(Error::syntax(
            format,
            Position::record(record, (bytes.len() - rest.len()) as u64),
            format!(
                "truncated record: {} of {size} bytes (the file is {} bytes, not a multiple of {size})",
                rest.len(),
                bytes.len()
            ),
        ))?;
    }
    Ok(chunks)
}

/// Counts records whose padding is not the standard one and turns them into
/// one warning, so that a million odd records give one line, not a million.
#[derive(Default)]
pub(crate) struct OddPadding {
    count: u64,
    first: Option<Position>,
}

impl OddPadding {
    pub(crate) fn note(&mut self, position: Position) {
        self.count += 1;
        self.first.get_or_insert(position);
    }

    pub(crate) fn report(self, format: Format, standard: &str, diag: &mut Diagnostics) {
        if self.count > 0 {
            diag.warn(
                format,
                self.first,
                format!(
                    "{} record{} with padding other than {standard} (the first here); it is written in the standard form",
                    self.count,
                    if self.count == 1 { "" } else { "s" }
                ),
            );
        }
    }
}

/// Decodes ISO-8859-1: every byte is the code point of the same value.
pub(crate) fn latin1_decode(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| b as char).collect()
}

/// Encodes ISO-8859-1; the first character above U+00FF is returned as the error.
pub(crate) fn latin1_encode(text: &str) -> Result<Vec<u8>, char> {
    text.chars()
        .map(|c| u8::try_from(u32::from(c)).map_err(|_| c))
        .collect()
}

/// Parses an unsigned decimal of ASCII digits, refusing empty text and overflow.
pub(crate) fn parse_u32(text: &[u8]) -> Option<u32> {
    if text.is_empty() || text.len() > 9 || !text.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(text.iter().fold(0, |n, &d| n * 10 + u32::from(d - b'0')))
}

/// Checks that every board can be written in a format that only holds
/// complete deals.
pub(crate) fn require_complete(set: &crate::BoardSet, format: Format) -> Result<(), Error> {
    match set.boards.iter().find(|b| !b.deal.is_complete()) {
        Some(b) => Err(Error::unsupported(
            format,
            format!(
                "board {} is a partial deal; {} holds only complete deals",
                b.number,
                format.name()
            ),
        )),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin1_is_a_bijection_on_bytes() {
        let all: Vec<u8> = (0..=255).collect();
        assert_eq!(latin1_encode(&latin1_decode(&all)).unwrap(), all);
        assert_eq!(latin1_encode("Zürich €"), Err('€'));
    }

    #[test]
    fn numbers() {
        assert_eq!(parse_u32(b"007"), Some(7));
        assert_eq!(parse_u32(b""), None);
        assert_eq!(parse_u32(b"1a"), None);
        assert_eq!(parse_u32(b"9999999999"), None);
    }
}
