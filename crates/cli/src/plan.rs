//! The plan of a command, settled before any work: both games' registries
//! as one list, names given to `--from`/`--to`, the one detection rule on
//! an input's first bytes, and outputs that would overwrite an input.

use crate::report::Failure;
use boardfile_bridge::Format;
use boardfile_io::{FormatInfo, Input, Output, Source, SNIFF_LEN};
use boardfile_othello::OthelloFormat;
use std::io::{Cursor, Read};

/// A format of either game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnyFormat {
    Bridge(Format),
    Othello(OthelloFormat),
}

impl AnyFormat {
    pub fn info(&self) -> &'static FormatInfo {
        match self {
            AnyFormat::Bridge(f) => f.info(),
            AnyFormat::Othello(f) => f.info(),
        }
    }

    pub fn name(&self) -> &'static str {
        self.info().name
    }

    /// Every format of both games: bridge first.
    pub fn all() -> Vec<AnyFormat> {
        let bridge = Format::ALL.iter().map(|&f| AnyFormat::Bridge(f));
        bridge
            .chain(OthelloFormat::ALL.iter().map(|&f| AnyFormat::Othello(f)))
            .collect()
    }

    /// The game the format is of.
    pub fn game(&self) -> Game {
        match self {
            AnyFormat::Bridge(_) => Game::Bridge,
            AnyFormat::Othello(_) => Game::Othello,
        }
    }
}

/// The two games.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Game {
    Bridge,
    Othello,
}

impl Game {
    /// A format of this game named by `name`.
    fn format(self, name: &Named) -> Option<AnyFormat> {
        name.0.iter().copied().find(|f| f.game() == self)
    }
}

/// A format name given on the command line: every format of either game it
/// names (JSONL names one of each, told apart by the content).
#[derive(Debug, Clone)]
pub struct Named(pub Vec<AnyFormat>);

pub fn parse_format(name: &str) -> Result<Named, String> {
    let found: Vec<AnyFormat> = AnyFormat::all()
        .into_iter()
        .filter(|f| f.info().is_named(name))
        .collect();
    if found.is_empty() {
        let mut names: Vec<&str> = Vec::new();
        for f in AnyFormat::all() {
            if !names.contains(&f.name()) {
                names.push(f.name());
            }
        }
        return Err(format!(
            "unknown format {name:?}; known: {}",
            names.join(", ")
        ));
    }
    Ok(Named(found))
}

/// An input opened, its first bytes read for detection.
pub struct Opened {
    pub input: Input,
    pub prefix: Vec<u8>,
    rest: Box<dyn Read>,
    /// The content was found to be another format than the extension's,
    /// and said so (once, however often the format is asked).
    said_other: std::cell::Cell<bool>,
}

impl Opened {
    pub fn open(input: &Input) -> Result<Opened, Failure> {
        let fail = |e| Failure::read(input, e);
        let mut rest = input.open().map_err(fail)?;
        let mut prefix = Vec::with_capacity(SNIFF_LEN);
        (&mut rest)
            .take(SNIFF_LEN as u64)
            .read_to_end(&mut prefix)
            .map_err(fail)?;
        Ok(Opened {
            input: input.clone(),
            prefix,
            rest,
            said_other: std::cell::Cell::new(false),
        })
    }

    /// The whole input as a stream.
    pub fn source(self) -> Source<'static> {
        Source::from_reader(Cursor::new(self.prefix).chain(self.rest))
    }

    /// The whole input in memory, when it is at most `limit` bytes; a
    /// longer one is a limit error of `format`.
    pub fn read_all(mut self, format: &'static str, limit: usize) -> Result<Vec<u8>, Failure> {
        let too_long = || {
            let e = boardfile_io::Error::limit(
                boardfile_io::FormatName(format),
                boardfile_io::Position::byte(limit as u64),
                format!(
                    "longer than {} MiB, the most a {format} file is read",
                    limit >> 20
                ),
            );
            Failure::data(&self.input, &e)
        };
        if self.input.size().is_some_and(|n| n > limit as u64) {
            return Err(too_long());
        }
        let mut bytes = self.prefix;
        match boardfile_io::source::read_within(&mut self.rest, &mut bytes, limit) {
            Ok(true) => Ok(bytes),
            Ok(false) => Err(too_long()),
            Err(e) => Err(Failure::read(&self.input, e)),
        }
    }

    /// The input's format: among the formats `from` names (all readable
    /// ones without it) by the one rule of [`boardfile_io::detect`]; when
    /// `from` names some and none is told, the first it names.
    pub fn format(&self, from: Option<&Named>) -> Result<AnyFormat, Failure> {
        if self.prefix.is_empty() {
            return Err(Failure::invalid(format!(
                "{}: empty: no boards or games to read",
                self.input
            )));
        }
        if let Some(kind) = boardfile_io::registry::foreign_kind(&self.prefix) {
            return Err(Failure::invalid(format!(
                "{}: {kind}, not a bridge or Othello file",
                self.input
            )));
        }
        let candidates = from.map_or_else(AnyFormat::all, |n| n.0.clone());
        match boardfile_io::detect(&candidates, |f| f.info(), &self.prefix, self.input.path()) {
            Ok(f) if from.is_none() => {
                self.say_content_over_extension(&candidates, *f);
                self.as_extension_says(&candidates, *f)
            }
            Ok(f) => Ok(*f),
            Err(_) if from.is_some() => candidates
                .iter()
                .copied()
                .find(|f| f.info().reads)
                .ok_or_else(|| {
                    Failure::operational(format!(
                        "{}: {} is written, not read",
                        self.input,
                        candidates[0].name()
                    ))
                }),
            Err(e) => Err(Failure::operational(format!("{}: {e}", self.input))),
        }
    }

    /// Says (once, not under `--quiet`) that the content told `format`
    /// where the extension names another readable one: a `.dup` file
    /// holding JSON Lines is read as JSON Lines, not without a word.
    fn say_content_over_extension(&self, candidates: &[AnyFormat], format: AnyFormat) {
        let Some(path) = self.input.path() else {
            return;
        };
        if format.info().extensions.is_empty() || format.info().has_extension_of(path) {
            // One of the extension's formats, or a dialect known by its
            // content only (Big Deal's CSV in a .csv).
            return;
        }
        let named = candidates
            .iter()
            .find(|c| c.info().reads && c.info().has_extension_of(path));
        if let Some(named) = named.filter(|n| n.name() != format.name()) {
            if !self.said_other.replace(true) {
                crate::report::note(
                    &self.input,
                    &format!(
                        "holds {}, not {} as its extension says: read as {} (--from {} to read it as {} all the same)",
                        format.name(),
                        named.name(),
                        format.name(),
                        named.name().to_lowercase(),
                        named.name()
                    ),
                );
            }
        }
    }

    /// `format`, which the extension gave, unless the content looks like
    /// something else (another format, JSON, text, bytes `format`'s own
    /// test says no to): then one message says what, and how to read it
    /// all the same, before any record is read.
    fn as_extension_says(
        &self,
        candidates: &[AnyFormat],
        format: AnyFormat,
    ) -> Result<AnyFormat, Failure> {
        use boardfile_io::registry::{looks_like, Looks};
        let Some(looks) = looks_like(candidates, |f| f.info(), &format, &self.prefix) else {
            return Ok(format);
        };
        let name = format.name();
        let (what, instead) = match looks {
            Looks::Format(other) => (
                format!("looks like {}", other.name()),
                format!(
                    "--from {} to read it as {}, or ",
                    other.name().to_lowercase(),
                    other.name()
                ),
            ),
            Looks::Json => ("looks like JSON".into(), String::new()),
            Looks::Text => ("looks like text".into(), String::new()),
            Looks::Binary => ("looks like binary data".into(), String::new()),
        };
        Err(Failure::invalid(format!(
            "{}: {what}, not {name} as its extension says; give {instead}--from {} to read it as {name} all the same",
            self.input,
            name.to_lowercase()
        )))
    }
}

/// The output format, of `game`: `--to`, else OUT's extension.
pub fn output_format(
    game: Game,
    output: &Output,
    to: Option<&Named>,
) -> Result<AnyFormat, Failure> {
    let named = match to {
        Some(n) => game.format(n),
        None => output.path().and_then(|p| {
            let by_extension = AnyFormat::all()
                .into_iter()
                .filter(|f| f.info().has_extension_of(p))
                .collect();
            game.format(&Named(by_extension))
        }),
    };
    let f = named.ok_or_else(|| {
        // Named, or the extension's, but of the other game: say so.
        let other = match to {
            Some(n) => n.0.first().copied(),
            None => output.path().and_then(|p| {
                AnyFormat::all()
                    .into_iter()
                    .find(|f| f.info().has_extension_of(p))
            }),
        };
        let writable: Vec<&str> = AnyFormat::all()
            .into_iter()
            .filter(|f| f.game() == game && f.info().writes)
            .map(|f| f.name())
            .collect();
        let what = match game {
            Game::Bridge => "a bridge set",
            Game::Othello => "Othello games",
        };
        match other {
            Some(o) => Failure::operational(format!(
                "{output}: {} is not written for {what}; write one of {}",
                o.name(),
                writable.join(", ")
            )),
            None => Failure::operational(format!(
                "{output}: cannot tell the output format from the name; give --to (one of {})",
                writable.join(", ")
            )),
        }
    })?;
    if !f.info().writes {
        return Err(Failure::operational(format!(
            "{output}: {} is read, not written",
            f.name()
        )));
    }
    Ok(f)
}

/// A bridge output format: `--to`, else OUT's extension.
pub fn bridge_output(output: &Output, to: Option<&Named>) -> Result<Format, Failure> {
    match output_format(Game::Bridge, output, to)? {
        AnyFormat::Bridge(f) => Ok(f),
        // Not given for Game::Bridge; named rather than assumed.
        AnyFormat::Othello(f) => Err(Failure::operational(format!(
            "{output}: {} is an Othello format, and the input is bridge",
            f.name()
        ))),
    }
}

/// Refuses to replace an existing file OUT without `--force`: a command
/// that makes a new set (deal, join, squaredeal make) must not overwrite
/// one by accident, as a repeated command would. Standard output and
/// special files (`/dev/null`, a FIFO) are written as ever.
pub fn refuse_replacing(output: &Output, force: bool) -> Result<(), Failure> {
    let Some(path) = output.path() else {
        return Ok(());
    };
    match std::fs::metadata(path) {
        Ok(m) if m.is_file() && !force => Err(Failure::operational(format!(
            "{output}: exists; give --force to replace it, or choose another name"
        ))),
        _ => Ok(()),
    }
}

/// Refuses to write over an input, or one output over another.
pub fn refuse_overwrite(inputs: &[Input], outputs: &[Output]) -> Result<(), Failure> {
    for (i, output) in outputs.iter().enumerate() {
        if inputs.iter().any(|input| output.overwrites(input)) {
            return Err(Failure::operational(format!(
                "{output}: refusing to write over the input; choose another output"
            )));
        }
        let again = outputs[..i]
            .iter()
            .any(|o| match (o.path(), output.path()) {
                (Some(a), Some(b)) => a == b || boardfile_io::files::same_file(a, b),
                (None, None) => true,
                _ => false,
            });
        if again {
            return Err(Failure::operational(format!(
                "{output}: named twice as an output"
            )));
        }
    }
    Ok(())
}

/// The bridge format of each output: `--to` (for one output), else each
/// one's extension.
pub fn bridge_outputs(
    outputs: &[Output],
    to: Option<&Named>,
) -> Result<Vec<(Output, Format)>, Failure> {
    if outputs.len() > 1 && to.is_some() {
        return Err(Failure::operational(
            "--to names one output's format; with several outputs each takes its format from its extension".into(),
        ));
    }
    outputs
        .iter()
        .map(|o| Ok((o.clone(), bridge_output(o, to)?)))
        .collect()
}
