//! The scanner: a script's text into words, numbers, strings and
//! punctuation, each with the line and column where it starts; comments
//! (`#` lines, `//` to the end of the line, `/* ... */`) dropped.

use super::ScriptError;

/// What a token is. Words are any run of letters, digits and `_`: the
/// parser tells keywords, identifiers, numbers, shapes (`5xxx`), cards
/// (`TC`), holdings (`SAK`) and contracts (`x3N`) apart by context, as
/// dealer's scanner does by pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Tok {
    Word(String),
    Str(String),
    /// Punctuation and operators: `( ) , = == != < <= > >= + - * / % ! && || ? :`
    /// and printes' `\n`.
    Punct(&'static str),
    End,
}

/// A token and where it starts (line and column from 1, the column in
/// characters).
#[derive(Debug, Clone)]
pub(crate) struct Token {
    pub tok: Tok,
    pub line: u32,
    pub column: u32,
}

/// Notes about the text that dealer itself would treat differently.
#[derive(Debug, Clone, Default)]
pub(crate) struct LexNotes {
    /// `#` comments after code on a line: (line, column).
    pub hash_after_code: Vec<(u32, u32)>,
}

const PUNCT: [&str; 21] = [
    "==", "!=", "<=", ">=", "&&", "||", "\\n", "(", ")", ",", "=", "<", ">", "+", "-", "*", "/",
    "%", "!", "?", ":",
];

/// Scans `text` into tokens, the last one [`Tok::End`].
pub(crate) fn scan(text: &str) -> Result<(Vec<Token>, LexNotes), ScriptError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut notes = LexNotes::default();
    let (mut i, mut line, mut col) = (0usize, 1u32, 1u32);
    // Whether only blanks precede `i` on its line.
    let mut line_start = true;
    let advance = |i: &mut usize, line: &mut u32, col: &mut u32, c: char| {
        *i += 1;
        if c == '\n' {
            *line += 1;
            *col = 1;
        } else {
            *col += 1;
        }
    };
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            advance(&mut i, &mut line, &mut col, c);
            line_start = true;
            continue;
        }
        if c.is_whitespace() {
            advance(&mut i, &mut line, &mut col, c);
            continue;
        }
        let next = chars.get(i + 1).copied();
        // Comments.
        if c == '#' || (c == '/' && next == Some('/')) {
            if c == '#' && !line_start {
                notes.hash_after_code.push((line, col));
            }
            while i < chars.len() && chars[i] != '\n' {
                {
                    let ch = chars[i];
                    advance(&mut i, &mut line, &mut col, ch);
                }
            }
            continue;
        }
        if c == '/' && next == Some('*') {
            let (l0, c0) = (line, col);
            advance(&mut i, &mut line, &mut col, '/');
            advance(&mut i, &mut line, &mut col, '*');
            loop {
                if i >= chars.len() {
                    return Err(ScriptError::new(
                        l0,
                        c0,
                        "a /* comment that is never closed",
                    ));
                }
                if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    advance(&mut i, &mut line, &mut col, '*');
                    advance(&mut i, &mut line, &mut col, '/');
                    break;
                }
                {
                    let ch = chars[i];
                    advance(&mut i, &mut line, &mut col, ch);
                }
            }
            continue;
        }
        line_start = false;
        let (l0, c0) = (line, col);
        if c.is_ascii_alphanumeric() || c == '_' {
            let mut w = String::new();
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                w.push(chars[i]);
                {
                    let ch = chars[i];
                    advance(&mut i, &mut line, &mut col, ch);
                }
            }
            out.push(Token {
                tok: Tok::Word(w),
                line: l0,
                column: c0,
            });
            continue;
        }
        if c == '"' {
            advance(&mut i, &mut line, &mut col, c);
            let mut s = String::new();
            loop {
                match chars.get(i) {
                    None | Some('\n') => {
                        return Err(ScriptError::new(l0, c0, "a string that is never closed"))
                    }
                    Some('"') => {
                        advance(&mut i, &mut line, &mut col, '"');
                        break;
                    }
                    Some(&ch) => {
                        s.push(ch);
                        advance(&mut i, &mut line, &mut col, ch);
                    }
                }
            }
            out.push(Token {
                tok: Tok::Str(s),
                line: l0,
                column: c0,
            });
            continue;
        }
        let rest: String = chars[i..chars.len().min(i + 2)].iter().collect();
        match PUNCT.iter().find(|p| rest.starts_with(**p)) {
            Some(p) => {
                for ch in p.chars() {
                    advance(&mut i, &mut line, &mut col, ch);
                }
                out.push(Token {
                    tok: Tok::Punct(p),
                    line: l0,
                    column: c0,
                });
            }
            None => {
                return Err(ScriptError::new(
                    l0,
                    c0,
                    format!("unexpected character {c:?}"),
                ))
            }
        }
    }
    out.push(Token {
        tok: Tok::End,
        line,
        column: col,
    });
    Ok((out, notes))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<Tok> {
        scan(text).unwrap().0.into_iter().map(|t| t.tok).collect()
    }

    #[test]
    fn comments_of_three_kinds_are_dropped() {
        let t = words("# alias: x\na = 1 // two\n/* three\n four */ b==2");
        assert_eq!(
            t,
            vec![
                Tok::Word("a".into()),
                Tok::Punct("="),
                Tok::Word("1".into()),
                Tok::Word("b".into()),
                Tok::Punct("=="),
                Tok::Word("2".into()),
                Tok::End
            ]
        );
    }

    #[test]
    fn positions_count_lines_and_columns_from_one() {
        let (t, notes) = scan("a\n  bb >= 3 # late").unwrap();
        assert_eq!((t[1].line, t[1].column), (2, 3));
        assert_eq!((t[2].line, t[2].column), (2, 6));
        assert_eq!(notes.hash_after_code, vec![(2, 11)]);
    }

    #[test]
    fn bad_text_is_an_error_with_its_position() {
        let e = scan("a = 1\n b = @").unwrap_err();
        assert_eq!((e.line, e.column), (2, 6));
        let e = scan("x /* open").unwrap_err();
        assert_eq!((e.line, e.column), (1, 3));
        let e = scan("average \"no end\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 9));
    }
}
