//! Small text helpers the formats of both games share.

/// Input text quoted in an error message: at most 40 characters, `...`
/// after the quote when there was more (a line of a file may be a
/// gigabyte long).
pub fn excerpt(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((i, _)) => format!("{:?}...", &text[..i]),
        None => format!("{text:?}"),
    }
}

/// Decodes ISO-8859-1: every byte is the code point of the same value.
///
/// ```
/// use boardfile_io::text::{latin1_decode, latin1_encode};
/// assert_eq!(latin1_decode(b"Bj\xf6rn"), "Björn");
/// assert_eq!(latin1_encode("Björn"), Ok(b"Bj\xf6rn".to_vec()));
/// assert_eq!(latin1_encode("€"), Err('€'));
/// ```
pub fn latin1_decode(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| b as char).collect()
}

/// Encodes ISO-8859-1; the first character above U+00FF is returned as the error.
pub fn latin1_encode(text: &str) -> Result<Vec<u8>, char> {
    text.chars()
        .map(|c| u8::try_from(u32::from(c)).map_err(|_| c))
        .collect()
}

/// Parses an unsigned decimal of ASCII digits, refusing empty text and
/// more than nine digits.
pub fn parse_u32(text: &[u8]) -> Option<u32> {
    if text.is_empty() || text.len() > 9 || !text.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(text.iter().fold(0, |n, &d| n * 10 + u32::from(d - b'0')))
}

/// Appends a number in decimal, without allocating.
pub fn push_number(out: &mut Vec<u8>, n: u64) {
    // 10 to the powers 1 to 19: a number of len digits is below the len-th.
    static POWERS: [u64; 19] = {
        let mut p = [10u64; 19];
        let mut k = 1;
        while k < 19 {
            p[k] = p[k - 1] * 10;
            k += 1;
        }
        p
    };
    let len = 1 + POWERS.iter().take_while(|&&p| n >= p).count();
    let mut digits = [0u8; 20];
    let mut rest = n;
    for d in digits[..len].iter_mut().rev() {
        *d = b'0' + (rest % 10) as u8;
        rest /= 10;
    }
    push_fixed(out, &digits, len);
}

/// Appends `buf[..n]`: the whole buffer copied, then cut back. A copy of
/// a size known when compiling is a few moves; one of a varying size is a
/// call, which costs more than the copy on the short runs writers put out.
#[inline]
pub fn push_fixed<const N: usize>(out: &mut Vec<u8>, buf: &[u8; N], n: usize) {
    debug_assert!(n <= N);
    out.extend_from_slice(buf);
    out.truncate(out.len() - (N - n.min(N)));
}

/// `1 board`, `3 boards`: a count and a noun, plural with an `s` unless 1.
///
/// ```
/// use boardfile_io::text::count;
/// assert_eq!(count(1, "board"), "1 board");
/// assert_eq!(count(3, "board"), "3 boards");
/// ```
pub fn count(n: u64, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin1_is_a_bijection_on_bytes() {
        let all: Vec<u8> = (0..=255).collect();
        assert_eq!(latin1_encode(&latin1_decode(&all)).unwrap(), all);
        assert_eq!(excerpt("ab\"c"), "\"ab\\\"c\"");
        assert_eq!(
            excerpt(&"é".repeat(41)),
            format!("\"{}\"...", "é".repeat(40))
        );
        assert_eq!(latin1_encode("Zürich €"), Err('€'));
    }

    #[test]
    fn numbers() {
        assert_eq!(parse_u32(b"007"), Some(7));
        assert_eq!(parse_u32(b""), None);
        assert_eq!(parse_u32(b"1a"), None);
        assert_eq!(parse_u32(b"9999999999"), None);
        let mut out = Vec::new();
        push_number(&mut out, 0);
        out.push(b' ');
        push_number(&mut out, u64::MAX);
        assert_eq!(out, b"0 18446744073709551615");
        assert_eq!(count(1, "board"), "1 board");
        assert_eq!(count(2, "board"), "2 boards");
    }
}
