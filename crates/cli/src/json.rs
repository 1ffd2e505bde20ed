//! `info --json` and `validate --json`: one JSON object a file, a line
//! each. The shapes:
//!
//! ```text
//! validate: {"file":"set.pbn","format":"PBN","valid":false,"records":32,
//!            "errors":[{"message":"...","format":"PBN","record":3,"line":41,"column":7,"byte":1203}],
//!            "more_errors":0,"warnings":[{...the same keys...}],
//!            "solved":32,"disagreements":0}        (the last two with --solve)
//! info:     {"file":"set.pbn","format":"PBN","description":"...","size":1234,
//!            "boards":32,"numbers":[1,32],"partial":0,"first_deal_number":"...",
//!            "headings":{"event":"..."},"played":0,
//!            "details":{"dup_trailer":{"random":true,...}},"warnings":[...]}
//! a file that cannot be read: {"file":"x.pbn","error":"..."}
//! ```
//!
//! Positions count as in messages: records and bytes from 0, lines and
//! columns from 1 (a line with no column is at its start: column 1); a
//! part of a record is a key of its own (`"move":17`); a key is left out
//! when not known.

use boardfile_io::details::{Detail, Value as Fact};
use boardfile_io::{Error, Position, Warning};
use serde_json::{json, Map, Value};

/// The keys of a position.
fn position(p: &Position, o: &mut Map<String, Value>) {
    if let Some(r) = p.record {
        o.insert("record".into(), json!(r));
    }
    if let Some(w) = p.within {
        o.insert(w.what.into(), json!(w.index));
    }
    if let Some(l) = p.line {
        // A line with no column is at its start, as the text form says.
        o.insert("line".into(), json!(l));
        o.insert("column".into(), json!(p.column.unwrap_or(1)));
    }
    o.insert("byte".into(), json!(p.byte));
}

/// An error: its message (without format and position), format and place.
pub fn error(e: &Error) -> Value {
    let mut o = Map::new();
    o.insert("message".into(), json!(e.message()));
    if let Some(f) = e.format() {
        o.insert("format".into(), json!(f.to_string()));
    }
    if let Some(p) = e.position() {
        position(&p, &mut o);
    }
    Value::Object(o)
}

/// A warning, as an error.
pub fn warning(w: &Warning) -> Value {
    let mut o = Map::new();
    o.insert("message".into(), json!(w.message));
    o.insert("format".into(), json!(w.format.to_string()));
    if let Some(p) = &w.position {
        position(p, &mut o);
    }
    Value::Object(o)
}

/// What only a format carries, as fields: `{"dlm":{"Headline":"...",
/// "line_ending":"LF"},"dup_trailer":{"random":true,...}}`.
pub fn details(facts: &[Detail]) -> Value {
    let mut o = Map::new();
    for d in facts {
        let v = match &d.value {
            Fact::Text(t) => json!(t),
            Fact::Number(n) => json!(n),
            Fact::Flag(b) => json!(b),
            Fact::Group(g) => details(g),
        };
        o.insert(d.name.clone(), v);
    }
    Value::Object(o)
}
