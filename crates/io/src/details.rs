//! What only one format carries about a file (a DLM header, a DUP
//! trailer, a WTHOR header), as named facts: `info` shows them as
//! indented lines, or as JSON fields.

/// A named fact about a file, or a group of them.
///
/// ```
/// use boardfile_io::details::{Detail, Value};
/// let trailer = Detail::group("dup_trailer", vec![
///     Detail::flag("random", true),
///     Detail::number("copies", 0u32),
/// ]);
/// assert_eq!(trailer.name, "dup_trailer");
/// assert!(matches!(&trailer.value, Value::Group(g) if g.len() == 2));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Detail {
    /// Its name: lower case with underscores (`line_ending`), or a name
    /// the file gives (a DLM header's `Headline`).
    pub name: String,
    /// What it is.
    pub value: Value,
}

/// The value of a [`Detail`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// Text, as the file gives it or as it is said.
    Text(String),
    /// A count or a number the file stores.
    Number(u64),
    /// Yes or no.
    Flag(bool),
    /// Facts of its own.
    Group(Vec<Detail>),
}

impl Detail {
    /// A fact in words.
    pub fn text(name: impl Into<String>, text: impl Into<String>) -> Detail {
        Detail {
            name: name.into(),
            value: Value::Text(text.into()),
        }
    }

    /// A number.
    pub fn number(name: impl Into<String>, n: impl Into<u64>) -> Detail {
        Detail {
            name: name.into(),
            value: Value::Number(n.into()),
        }
    }

    /// Yes or no.
    pub fn flag(name: impl Into<String>, yes: bool) -> Detail {
        Detail {
            name: name.into(),
            value: Value::Flag(yes),
        }
    }

    /// A group of facts.
    pub fn group(name: impl Into<String>, facts: Vec<Detail>) -> Detail {
        Detail {
            name: name.into(),
            value: Value::Group(facts),
        }
    }
}
