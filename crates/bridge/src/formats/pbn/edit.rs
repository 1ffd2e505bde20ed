//! Format-preserving writing: a board read from PBN carries its game's
//! text ([`PbnGame`](crate::model::extras::PbnGame)), and the writer gives that text back
//! as it was while the board says what the text says. When the board has
//! changed, only the parts of the text that say something else are
//! rewritten, in the text's line ends; everything else stays byte for byte.
//!
//! A game's text is cut into *pieces*: the empty lines before it, its
//! lead (comments before the first tag), one piece a tag (the tag, its
//! section data and the comments after it, from the start of its line up
//! to the next tag's line), and the empty lines after it. The board as the
//! text gave it and the board as it is now are each written in the export
//! format and cut the same way. A piece of the text whose two renderings
//! are the same stays as it is; one whose rendering changed is replaced by
//! the new rendering; one the board no longer has goes; a piece only the
//! new board has (a double-dummy tag `solve` adds) goes in after the piece
//! it follows in the export order. A piece that the board as read does not
//! render (a tag given twice, the second ignored) is left alone.

use crate::model::board::Board;
use std::borrow::Cow;

/// The line end `text` uses, when it has one: CR LF, LF or CR.
pub(super) fn line_end(text: &str) -> Option<&'static str> {
    let at = memchr::memchr2(b'\r', b'\n', text.as_bytes())?;
    Some(match &text.as_bytes()[at..] {
        [b'\r', b'\n', ..] => "\r\n",
        [b'\n', ..] => "\n",
        _ => "\r",
    })
}

/// Export-format text (CR LF) with its line ends made `eol`.
pub(super) fn with_line_end<'t>(text: &'t str, eol: &str) -> Cow<'t, str> {
    if eol == "\r\n" {
        Cow::Borrowed(text)
    } else {
        Cow::Owned(text.replace("\r\n", eol))
    }
}

/// True when `text` begins with an empty line (its own separation from the
/// game before).
pub(super) fn starts_apart(text: &str) -> bool {
    let first = text.split('\n').next().unwrap_or("");
    text.contains(['\n', '\r'])
        && first
            .split('\r')
            .next()
            .unwrap_or("")
            .trim_matches([' ', '\t'])
            .is_empty()
}

/// True when `before` (the board its text gives) and `now` hold the same
/// data, the text aside.
pub(super) fn same(before: &Board, now: &Board) -> bool {
    let Board {
        number,
        dealer,
        vulnerability,
        deal,
        dd,
        par,
        dlm,
        dup_trailer,
        tags,
        auction,
        play,
        // Not in PBN: the text is the same with or without them.
        play_values: _,
        comments,
        lin,
        pbn: _,
        inferred,
    } = now;
    before.number == *number
        && before.dealer == *dealer
        && before.vulnerability == *vulnerability
        && before.deal == *deal
        && match (&before.dd, dd) {
            (Some(a), Some(b)) => a.same_stored(b),
            (a, b) => a.is_none() && b.is_none(),
        }
        && before.par == *par
        && before.dlm == *dlm
        && before.dup_trailer == *dup_trailer
        && before.tags == *tags
        && before.auction == *auction
        && before.play == *play
        && before.comments == *comments
        && before.lin == *lin
        && before.inferred == *inferred
}

/// A piece's name: the tag's (`""` for the lead), and which of the game's
/// tags of that name it is.
type Key<'t> = (&'t str, u32);

/// A game's text cut into pieces (see the module's header).
struct Pieces<'t> {
    /// Empty lines before the game.
    before: &'t str,
    /// The lead and the tags, in order.
    items: Vec<(Key<'t>, &'t str)>,
    /// Empty lines (and white space) after the game.
    after: &'t str,
}

impl<'t> Pieces<'t> {
    fn get(&self, key: Key<'_>) -> Option<&'t str> {
        self.items.iter().find(|(k, _)| *k == key).map(|(_, t)| *t)
    }
}

/// Cuts a game's text into pieces.
fn pieces(text: &str) -> Pieces<'_> {
    let b = text.as_bytes();
    let blank = |c: u8| matches!(c, b' ' | b'\t');
    // Empty lines before: whole lines of white space.
    let mut start = 0;
    loop {
        let mut k = start;
        while k < b.len() && blank(b[k]) {
            k += 1;
        }
        match b.get(k) {
            Some(b'\r') if b.get(k + 1) == Some(&b'\n') => start = k + 2,
            Some(b'\r' | b'\n') => start = k + 1,
            _ => break,
        }
    }
    // Empty lines after: from the line end after the last other byte.
    let mut end = b.len();
    if let Some(last) = b.iter().rposition(|c| !c.is_ascii_whitespace()) {
        end = last + 1;
        while end < b.len() && blank(b[end]) {
            end += 1;
        }
        match b.get(end) {
            Some(b'\r') if b.get(end + 1) == Some(&b'\n') => end += 2,
            Some(b'\r' | b'\n') => end += 1,
            _ => {}
        }
    }
    let end = end.max(start);
    // Tags: a `[` outside strings and comments.
    let mut cuts: Vec<(usize, &str)> = Vec::new();
    let mut i = start;
    let mut line_start = start;
    while i < end {
        match b[i] {
            b'[' => {
                let cut = if b[line_start..i].iter().all(|&c| blank(c)) {
                    line_start
                } else {
                    i
                };
                let mut n = i + 1;
                while n < end && blank(b[n]) {
                    n += 1;
                }
                let name_start = n;
                while n < end && NAME_CHAR[b[n] as usize] {
                    n += 1;
                }
                cuts.push((cut, &text[name_start..n]));
                // On to the closing `]`, past the value's string.
                i = n;
                while i < end && b[i] != b']' {
                    if b[i] == b'"' {
                        i = string_end(b, i, end);
                    } else {
                        if b[i] == b'\n' || b[i] == b'\r' {
                            line_start = i + 1;
                        }
                        i += 1;
                    }
                }
                i += 1;
            }
            b'"' => i = string_end(b, i, end),
            b'{' => {
                let close = memchr::memchr(b'}', &b[i..end]).map_or(end, |n| i + n + 1);
                if let Some(nl) = memchr::memrchr2(b'\n', b'\r', &b[i..close]) {
                    line_start = i + nl + 1;
                }
                i = close;
            }
            b';' => i = memchr::memchr2(b'\n', b'\r', &b[i..end]).map_or(end, |n| i + n),
            b'%' if i == line_start => {
                i = memchr::memchr2(b'\n', b'\r', &b[i..end]).map_or(end, |n| i + n)
            }
            b'\n' | b'\r' => {
                i += 1;
                line_start = i;
            }
            _ => i += 1,
        }
    }
    let mut items = Vec::with_capacity(cuts.len() + 1);
    let first = cuts.first().map_or(end, |c| c.0);
    if first > start {
        items.push((("", 0), &text[start..first]));
    }
    for (k, &(cut, name)) in cuts.iter().enumerate() {
        let to = cuts.get(k + 1).map_or(end, |c| c.0);
        let nth = cuts[..k].iter().filter(|c| c.1 == name).count() as u32;
        items.push(((name, nth), &text[cut..to]));
    }
    Pieces {
        before: &text[..start],
        items,
        after: &text[end..],
    }
}

/// Where the string opening at `b[at]` (a `"`) ends: past its closing
/// quote, or at the line's end.
fn string_end(b: &[u8], at: usize, end: usize) -> usize {
    let mut i = at + 1;
    while i < end {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            b'\n' | b'\r' => return i,
            _ => i += 1,
        }
    }
    end
}

/// The game's `text`, edited where `new` (the board now, in the export
/// format) differs from `old` (the board the text gave, likewise): see the
/// module's header. Without `old` (the text no longer reads alone), the
/// game is `new` between the text's empty lines. Lines written new end in
/// `eol`.
pub(super) fn merge(text: &str, old: Option<&str>, new: &str, eol: &str) -> String {
    let t = pieces(text);
    let n = pieces(new);
    let mut out = String::with_capacity(text.len() + new.len() / 2);
    out.push_str(t.before);
    let Some(old) = old else {
        out.push_str(&with_line_end(new, eol));
        out.push_str(t.after);
        return out;
    };
    let o = pieces(old);
    // A piece only the new board has goes after the last piece of the text
    // among those before it in the export order.
    let place = |k: Key| t.items.iter().position(|&(key, _)| key == k);
    let mut inserts: Vec<(Option<usize>, &str)> = Vec::new();
    let mut after: Option<usize> = None;
    for &(k, piece) in &n.items {
        match place(k) {
            Some(at) => after = after.max(Some(at)),
            None if o.get(k) != Some(piece) => inserts.push((after, piece)),
            None => {}
        }
    }
    let added = |at: Option<usize>| {
        inserts
            .iter()
            .filter(move |(a, _)| *a == at)
            .map(|(_, piece)| *piece)
    };
    let push = |out: &mut String, piece: &str| {
        if !out.is_empty() && !out.ends_with(['\n', '\r']) {
            out.push_str(eol);
        }
        out.push_str(&with_line_end(piece, eol));
    };
    for piece in added(None) {
        push(&mut out, piece);
    }
    for (at, &(key, piece)) in t.items.iter().enumerate() {
        match (o.get(key), n.get(key)) {
            (Some(was), Some(now)) if was != now => push(&mut out, now),
            (Some(_), None) => {}
            _ => out.push_str(piece),
        }
        for piece in added(Some(at)) {
            push(&mut out, piece);
        }
    }
    out.push_str(t.after);
    out
}

/// The characters of a name token: letters, digits and `_`.
pub(crate) static NAME_CHAR: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || b == b'_';
        c += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_is_cut_at_its_tags_not_inside_strings_or_comments() {
        let text =
            "\r\n{lead [x]}\r\n[A \"1\"]\r\n[B \"x[y\"] ; [no]\r\n1 \"[2]\"\r\n [A \"2\"]\r\n\r\n";
        let p = pieces(text);
        assert_eq!(p.before, "\r\n");
        let items: Vec<(Key, &str)> = p.items.clone();
        assert_eq!(
            items,
            [
                (("", 0), "{lead [x]}\r\n"),
                (("A", 0), "[A \"1\"]\r\n"),
                (("B", 0), "[B \"x[y\"] ; [no]\r\n1 \"[2]\"\r\n"),
                (("A", 1), " [A \"2\"]\r\n"),
            ]
        );
        assert_eq!(p.after, "\r\n");
        // Put back together, the text.
        let joined: String = std::iter::once(p.before)
            .chain(p.items.iter().map(|i| i.1))
            .chain(std::iter::once(p.after))
            .collect();
        assert_eq!(joined, text);
    }

    #[test]
    fn a_merge_rewrites_adds_and_drops_only_what_changed() {
        let text = "[A \"1\"]\n[B \"2\"]\n[A \"dup\"]\n";
        let old = "[A \"1\"]\r\n[B \"2\"]\r\n";
        // B changed, C new (after B in the new order), in the text's LF.
        let new = "[A \"1\"]\r\n[B \"3\"]\r\n[C \"4\"]\r\n";
        assert_eq!(
            merge(text, Some(old), new, "\n"),
            "[A \"1\"]\n[B \"3\"]\n[C \"4\"]\n[A \"dup\"]\n"
        );
        // B gone; the second A, which the old board does not render (a tag
        // given twice), stays.
        assert_eq!(
            merge(text, Some(old), "[A \"1\"]\r\n", "\n"),
            "[A \"1\"]\n[A \"dup\"]\n"
        );
        // A tag the text did not give, rendered alike before and after (a
        // mandatory tag written `?`), is not added.
        let old = "[A \"1\"]\r\n[B \"2\"]\r\n[Z \"?\"]\r\n";
        let new = "[A \"1\"]\r\n[B \"2\"]\r\n[Y \"5\"]\r\n[Z \"?\"]\r\n";
        assert_eq!(
            merge(text, Some(old), new, "\n"),
            "[A \"1\"]\n[B \"2\"]\n[Y \"5\"]\n[A \"dup\"]\n"
        );
        // Without the board the text gave, the new game between the text's
        // empty lines.
        assert_eq!(
            merge("\n[A \"1\"]\n\n", None, "[A \"2\"]\r\n", "\n"),
            "\n[A \"2\"]\n\n"
        );
    }

    #[test]
    fn line_ends_and_parting() {
        assert_eq!(line_end("a\r\nb"), Some("\r\n"));
        assert_eq!(line_end("a\nb"), Some("\n"));
        assert_eq!(line_end("a\rb"), Some("\r"));
        assert_eq!(line_end("ab"), None);
        assert!(starts_apart("\r\n[A \"1\"]"));
        assert!(starts_apart(" \t\n[A \"1\"]"));
        assert!(starts_apart("\r[A \"1\"]"));
        assert!(!starts_apart("[A \"1\"]\r\n"));
        assert!(!starts_apart(""));
    }
}
