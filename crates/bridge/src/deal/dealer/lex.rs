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
    let mut s = Scanner {
        chars: text.chars().collect(),
        i: 0,
        line: 1,
        col: 1,
        line_start: true,
        out: Vec::new(),
        notes: LexNotes::default(),
    };
    while let Some(c) = s.chars.get(s.i).copied() {
        let next = s.chars.get(s.i + 1).copied();
        if c == '\n' {
            s.advance();
            s.line_start = true;
        } else if c.is_whitespace() {
            s.advance();
        } else if c == '#' || (c == '/' && next == Some('/')) {
            s.line_comment(c);
        } else if c == '/' && next == Some('*') {
            s.block_comment()?;
        } else {
            s.line_start = false;
            if c.is_ascii_alphanumeric() || c == '_' {
                s.word();
            } else if c == '"' {
                s.string()?;
            } else {
                s.punct(c)?;
            }
        }
    }
    s.out.push(Token {
        tok: Tok::End,
        line: s.line,
        column: s.col,
    });
    Ok((s.out, s.notes))
}

/// A scan under way: the text, where it is (line and column from 1), the
/// tokens so far and the notes.
struct Scanner {
    chars: Vec<char>,
    i: usize,
    line: u32,
    col: u32,
    /// Whether only blanks precede `i` on its line.
    line_start: bool,
    out: Vec<Token>,
    notes: LexNotes,
}

impl Scanner {
    /// Steps over the character at `i`.
    fn advance(&mut self) {
        let c = self.chars[self.i];
        self.i += 1;
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
    }

    /// A `#` or `//` comment (`c` its first character), up to the line's end.
    fn line_comment(&mut self, c: char) {
        if c == '#' && !self.line_start {
            self.notes.hash_after_code.push((self.line, self.col));
        }
        while self.i < self.chars.len() && self.chars[self.i] != '\n' {
            self.advance();
        }
    }

    /// A `/* ... */` comment, over lines if need be.
    fn block_comment(&mut self) -> Result<(), ScriptError> {
        let (l0, c0) = (self.line, self.col);
        self.advance();
        self.advance();
        loop {
            if self.i >= self.chars.len() {
                return Err(ScriptError::new(
                    l0,
                    c0,
                    "a /* comment that is never closed",
                ));
            }
            if self.chars[self.i] == '*' && self.chars.get(self.i + 1) == Some(&'/') {
                self.advance();
                self.advance();
                return Ok(());
            }
            self.advance();
        }
    }

    /// A word: letters, digits and `_`.
    fn word(&mut self) {
        let (l0, c0) = (self.line, self.col);
        let mut w = String::new();
        while self.i < self.chars.len()
            && (self.chars[self.i].is_ascii_alphanumeric() || self.chars[self.i] == '_')
        {
            w.push(self.chars[self.i]);
            self.advance();
        }
        self.out.push(Token {
            tok: Tok::Word(w),
            line: l0,
            column: c0,
        });
    }

    /// A string in double quotes, on one line.
    fn string(&mut self) -> Result<(), ScriptError> {
        let (l0, c0) = (self.line, self.col);
        self.advance();
        let mut s = String::new();
        loop {
            match self.chars.get(self.i) {
                None | Some('\n') => {
                    return Err(ScriptError::new(l0, c0, "a string that is never closed"))
                }
                Some('"') => {
                    self.advance();
                    break;
                }
                Some(&ch) => {
                    s.push(ch);
                    self.advance();
                }
            }
        }
        self.out.push(Token {
            tok: Tok::Str(s),
            line: l0,
            column: c0,
        });
        Ok(())
    }

    /// Punctuation or an operator (the longest of [`PUNCT`] that comes
    /// next); `c` is its first character.
    fn punct(&mut self, c: char) -> Result<(), ScriptError> {
        let (l0, c0) = (self.line, self.col);
        let rest: String = self.chars[self.i..self.chars.len().min(self.i + 2)]
            .iter()
            .collect();
        let Some(p) = PUNCT.iter().find(|p| rest.starts_with(**p)) else {
            return Err(ScriptError::new(
                l0,
                c0,
                format!("unexpected character {c:?}"),
            ));
        };
        for _ in p.chars() {
            self.advance();
        }
        self.out.push(Token {
            tok: Tok::Punct(p),
            line: l0,
            column: c0,
        });
        Ok(())
    }
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
