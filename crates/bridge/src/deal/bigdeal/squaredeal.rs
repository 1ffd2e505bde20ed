//! SquareDeal: tournament dealing that anyone can check afterwards.
//!
//! Spec: SquareDeal (`squaredeal.pl`, Hans van Staveren) and the files it
//! writes. Before the event the organiser publishes a description
//! (`.sqd`): the tournament's name (`TN`), its phases (`SN`), a value
//! nobody can know yet (`DI`, e.g. a Dow Jones close), and the SHA-256 of
//! the session keys (`KH`). After it they publish the value (`DV`) and the
//! keys (`.sqk`), and anyone can make every session again.
//!
//! **`.sqd`**, a line each, LF line ends (CR LF read too), `#` comments
//! (the first names the SquareDeal version that wrote it):
//!
//! ```text
//! # Description file of tournament for program SquareDeal 2.5
//! #
//! TN World Team Championships 2025
//! DI DJI2507
//! DV 44901,92
//! # Description of phases of tournament
//! # Per phase a line with SN nessions:nboards:filename:description
//! SN 23:1-14,15-28:RR##:Round Robin #/23
//! KH 8f2655810d091c3087e4ebab5a3a8bd5624d002b23456ff5e262b3ee4b43c6b3
//! ```
//!
//! A phase is `sessions:boards:file:description`. `boards` is a count
//! (`16`, boards 1 to 16), a range (`17-21`), a comma-separated list of
//! ranges that sessions take in turn (`1-14,15-28`: session 1 boards 1–14,
//! session 2 boards 15–28, session 3 boards 1–14...), or `?` (decided when
//! the sessions are made). In `file` and `description` a run of `#` is the
//! session number, zero-padded to the run's width (`RR##`: `RR01`).
//!
//! **`.sqk`**: a line a session, `phase,session:key`, CR LF line ends. The
//! keys are 60 letters and digits from a secure random source. `KH` is
//! the SHA-256 of the file with every line ended by CR LF.
//!
//! **A session** is a Big Deal run (see [`super`]): its key's first half
//! (`len / 2` characters) is the owner (`-W`); the entropy (`-e`, three
//! times) is the key's second half, then the delayed value in base64
//! (standard alphabet, padded), then `original` or `reserve`. The files
//! are named `file` with the number filled in, plus `reserve` for a
//! reserve set (`RR01.pbn`, `RR01reserve.pbn`). Sessions made together
//! whose boards run on (1–14 then 15–28) are also joined: PBN files into
//! one named with the range of sessions (`RR01-02.pbn`, `RR01-02reserve.pbn`
//! for reserves), headed `[Generator "SquareDeal version 2.7, combining
//! RR01.pbn RR02.pbn"]` and holding the sessions' lines but their `%`
//! lines and `Generator` tags.

use super::{BigDeal, Boards};
use base64::Engine as _;
use sha2::{Digest, Sha256};
use std::fmt;

/// The SquareDeal version whose files these are.
pub const VERSION: &str = "2.7";

/// What is wrong with a tournament's files: the file's name is the
/// caller's to add.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The 1-based line it is on, when it is one line's.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl Problem {
    fn new(message: impl Into<String>) -> Problem {
        Problem {
            line: None,
            message: message.into(),
        }
    }

    fn at(line: usize, message: impl Into<String>) -> Problem {
        Problem {
            line: Some(line),
            message: message.into(),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "line {line}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for Problem {}

/// A phase's boards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PhaseBoards {
    /// The ranges sessions take in turn.
    Ranges(Vec<Boards>),
    /// `?`: decided when the sessions are made.
    Open,
}

impl PhaseBoards {
    /// A count, a range, a list of ranges (`1-14,15-28`), `NxM` (N ranges
    /// of M boards: `3x7` is `1-7,8-14,15-21`) or `?`.
    pub fn parse(text: &str) -> Result<PhaseBoards, String> {
        let text = text.trim();
        if text == "?" {
            return Ok(PhaseBoards::Open);
        }
        if let Some((n, m)) = text.split_once('x') {
            let (n, m) = (n.parse::<u32>(), m.parse::<u32>());
            if let (Ok(n @ 1..), Ok(m @ 1..)) = (n, m) {
                let ranges = (0..n)
                    .map(|i| Boards::new(i * m + 1, (i + 1) * m))
                    .collect::<Option<Vec<_>>>()
                    .ok_or_else(|| format!("{text:?}: too many boards"))?;
                return Ok(PhaseBoards::Ranges(ranges));
            }
        }
        let ranges = text
            .split(',')
            .map(Boards::parse)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| format!("boards {text:?}: {e}"))?;
        Ok(PhaseBoards::Ranges(ranges))
    }
}

impl fmt::Display for PhaseBoards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PhaseBoards::Open => f.write_str("?"),
            PhaseBoards::Ranges(ranges) => {
                for (i, r) in ranges.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{r}")?;
                }
                Ok(())
            }
        }
    }
}

/// A phase of a tournament: sessions of the same boards and file names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phase {
    /// How many sessions.
    pub sessions: u32,
    /// Their boards.
    pub boards: PhaseBoards,
    /// The file name pattern: `RR##`.
    pub file: String,
    /// The description pattern: `Round Robin #/23`.
    pub description: String,
}

impl Phase {
    /// `sessions:boards:file:description`, as an `SN` line holds it.
    pub fn parse(text: &str) -> Result<Phase, String> {
        let fields: Vec<&str> = text.splitn(4, ':').collect();
        let [sessions, boards, file, description] = fields[..] else {
            return Err(format!("{text:?} is not sessions:boards:file:description"));
        };
        let sessions = match sessions.trim().parse::<u32>() {
            Ok(n @ 1..) => n,
            _ => return Err(format!("{sessions:?} is not a number of sessions")),
        };
        let boards = PhaseBoards::parse(boards)?;
        let file = file.trim().to_string();
        let ok_name = file.bytes().next().is_some_and(|c| c.is_ascii_alphabetic())
            && file
                .bytes()
                .all(|c| c.is_ascii_alphanumeric() || b"#_-".contains(&c));
        if !ok_name {
            return Err(format!(
                "file name {file:?}: a letter, then letters, digits, #, _ and -"
            ));
        }
        if count_runs(&file) > 1 {
            return Err(format!("file name {file:?} has more than one run of #"));
        }
        Ok(Phase {
            sessions,
            boards,
            file,
            description: description.to_string(),
        })
    }

    /// The boards of session `session` (from 1), or `None` when the
    /// phase's are open.
    pub fn boards_of(&self, session: u32) -> Option<Boards> {
        match &self.boards {
            PhaseBoards::Open => None,
            PhaseBoards::Ranges(r) => Some(r[(session as usize - 1) % r.len()]),
        }
    }
}

/// The runs of `#` in a pattern.
fn count_runs(s: &str) -> usize {
    s.split(|c| c != '#').filter(|r| !r.is_empty()).count()
}

/// A pattern with its (first) run of `#` replaced by `n`, zero-padded to
/// the run's width; a range of sessions is `low-high`, each padded.
pub fn fill(pattern: &str, low: u32, high: Option<u32>) -> String {
    let Some(start) = pattern.find('#') else {
        return pattern.to_string();
    };
    let width = pattern[start..].bytes().take_while(|&c| c == b'#').count();
    let number = match high {
        Some(high) => format!("{low:0width$}-{high:0width$}"),
        None => format!("{low:0width$}"),
    };
    format!("{}{number}{}", &pattern[..start], &pattern[start + width..])
}

/// A tournament description (`.sqd`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tournament {
    /// The SquareDeal version that wrote it, from its first comment.
    pub version: Option<String>,
    /// `TN`: its name.
    pub name: String,
    /// `DI`: what the delayed value will be.
    pub delayed_info: String,
    /// `DV`: the delayed value, once set.
    pub delayed_value: Option<String>,
    /// `SN`: the phases.
    pub phases: Vec<Phase>,
    /// `KH`: the SHA-256 of the keys (64 hex digits), once published.
    pub key_hash: Option<String>,
}

impl Tournament {
    /// A tournament not yet published.
    pub fn new(name: &str, delayed_info: &str, phases: Vec<Phase>) -> Tournament {
        Tournament {
            version: Some(VERSION.into()),
            name: name.trim().into(),
            delayed_info: delayed_info.trim().into(),
            delayed_value: None,
            phases,
            key_hash: None,
        }
    }

    /// Reads a `.sqd`.
    pub fn parse(bytes: &[u8]) -> Result<Tournament, Problem> {
        let text = std::str::from_utf8(bytes)
            .map_err(|e| Problem::new(format!("not text (byte {})", e.valid_up_to())))?;
        let mut t = Tournament {
            version: None,
            name: String::new(),
            delayed_info: String::new(),
            delayed_value: None,
            phases: Vec::new(),
            key_hash: None,
        };
        let (mut name, mut info) = (false, false);
        for (i, line) in text.lines().enumerate() {
            let n = i + 1;
            let line = line.trim_end();
            if let Some(comment) = line.strip_prefix('#') {
                if t.version.is_none() {
                    if let Some(at) = comment.to_ascii_lowercase().find("squaredeal ") {
                        let v = comment[at + 11..].split_whitespace().next().unwrap_or("");
                        if !v.is_empty() {
                            t.version = Some(v.to_string());
                        }
                    }
                }
                continue;
            }
            if line.is_empty() {
                continue;
            }
            let (key, value) = line.split_at_checked(2).unwrap_or((line, ""));
            let value = value.trim_start_matches(' ');
            match key {
                "TN" => (t.name, name) = (value.to_string(), true),
                "DI" => (t.delayed_info, info) = (value.to_string(), true),
                "DV" => t.delayed_value = Some(value.to_string()),
                "KH" => {
                    let ok = value.len() == 64 && value.bytes().all(|c| c.is_ascii_hexdigit());
                    if !ok {
                        return Err(Problem::at(
                            n,
                            format!("KH {value:?} is not a SHA-256 (64 hex digits)"),
                        ));
                    }
                    t.key_hash = Some(value.to_ascii_lowercase());
                }
                "SN" => t
                    .phases
                    .push(Phase::parse(value).map_err(|e| Problem::at(n, e))?),
                _ => {
                    return Err(Problem::at(
                        n,
                        format!(
                            "{:?} is not a SquareDeal line (TN, DI, DV, SN, KH or # comment)",
                            crate::formats::excerpt(line)
                        ),
                    ))
                }
            }
        }
        if !name || !info || t.phases.is_empty() {
            let missing: Vec<&str> = [
                (!name).then_some("TN (name)"),
                (!info).then_some("DI (delayed information)"),
                t.phases.is_empty().then_some("SN (a phase)"),
            ]
            .into_iter()
            .flatten()
            .collect();
            return Err(Problem::new(format!(
                "not a SquareDeal description: no {}",
                missing.join(", no ")
            )));
        }
        Ok(t)
    }

    /// The `.sqd` text, as SquareDeal writes it.
    pub fn to_text(&self) -> String {
        let mut s =
            format!("# Description file of tournament for program SquareDeal {VERSION}\n#\n");
        s += &format!("TN {}\nDI {}\n", self.name, self.delayed_info);
        if let Some(dv) = &self.delayed_value {
            s += &format!("DV {dv}\n");
        }
        s += "# Description of phases of tournament\n";
        s += "# Per phase a line with SN nessions:nboards:filename:description\n";
        for p in &self.phases {
            s += &format!(
                "SN {}:{}:{}:{}\n",
                p.sessions, p.boards, p.file, p.description
            );
        }
        match &self.key_hash {
            Some(kh) => s += &format!("KH {kh}\n"),
            None => s += "#\n# Until published this file may be edited if so wished\n",
        }
        s
    }

    /// Every session's name, `phase,session`, in order.
    fn session_ids(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.phases
            .iter()
            .zip(1..)
            .flat_map(|(p, phase)| (1..=p.sessions).map(move |s| (phase, s)))
    }

    /// Publishes: makes a key a session (60 letters and digits from the
    /// operating system's randomness), sets `KH` and returns the keys.
    pub fn publish(&mut self) -> Result<Keys, Problem> {
        if self.key_hash.is_some() {
            return Err(Problem::new("already published (it has KH)"));
        }
        const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
        let mut text = Vec::new();
        for (phase, session) in self.session_ids() {
            let mut key = String::with_capacity(60);
            while key.len() < 60 {
                let mut b = [0u8; 64];
                getrandom::fill(&mut b)
                    .map_err(|e| Problem::new(format!("no randomness from the system: {e}")))?;
                // 62 * 4 = 248: bytes from 248 up are dropped, so that
                // every character is equally likely.
                key.extend(
                    b.iter()
                        .filter(|&&x| x < 248)
                        .map(|&x| ALPHABET[usize::from(x % 62)] as char)
                        .take(60 - key.len()),
                );
            }
            text.extend_from_slice(format!("{phase},{session}:{key}\r\n").as_bytes());
        }
        let keys = Keys::parse(&text)?;
        self.key_hash = Some(keys.hash());
        Ok(keys)
    }

    /// Checks `keys` against `KH`, and that every session has a key.
    pub fn check(&self, keys: &Keys) -> Result<(), Problem> {
        let Some(kh) = &self.key_hash else {
            return Err(Problem::new(
                "not published: no KH line, so no keys can be checked",
            ));
        };
        let hash = keys.hash();
        if &hash != kh {
            return Err(Problem::new(format!(
                "the keys do not match the published hash: KH {kh}, the keys hash to {hash}"
            )));
        }
        for (phase, session) in self.session_ids() {
            if keys.key(phase, session).is_none() {
                return Err(Problem::new(format!(
                    "session {phase},{session} has no key"
                )));
            }
        }
        Ok(())
    }

    /// The sessions of `phase` (from 1) numbered `sessions` (all when
    /// `None`), original or reserve. `open` gives the boards when the
    /// phase's are `?`.
    pub fn sessions(
        &self,
        keys: &Keys,
        phase: u32,
        sessions: Option<Boards>,
        reserve: bool,
        open: Option<&PhaseBoards>,
    ) -> Result<Vec<Session>, Problem> {
        let Some(p) = self.phases.get(phase as usize - 1).filter(|_| phase >= 1) else {
            return Err(Problem::new(format!(
                "no phase {phase}: the tournament has {}",
                self.phases.len()
            )));
        };
        let Some(value) = &self.delayed_value else {
            return Err(Problem::new(
                "the delayed value (DV) is not set: sessions cannot be made before it is",
            ));
        };
        let range = sessions.unwrap_or(Boards {
            first: 1,
            last: p.sessions,
        });
        if range.last > p.sessions {
            return Err(Problem::new(format!(
                "phase {phase} has sessions 1 to {}, not {range}",
                p.sessions
            )));
        }
        let ranges = match (&p.boards, open) {
            (_, Some(PhaseBoards::Ranges(r))) => r.clone(),
            (PhaseBoards::Ranges(r), _) => r.clone(),
            _ => {
                return Err(Problem::new(format!(
                    "phase {phase}'s boards are open (?): give them"
                )))
            }
        };
        let dv = base64::engine::general_purpose::STANDARD.encode(value.as_bytes());
        let mut out = Vec::new();
        for s in range.first..=range.last {
            let key = keys
                .key(phase, s)
                .ok_or_else(|| Problem::new(format!("session {phase},{s} has no key")))?;
            // Halves by bytes, as SquareDeal's Perl splits them.
            let (owner, rest) = key.as_bytes().split_at(key.len() / 2);
            let mut entropy = rest.to_vec();
            entropy.extend_from_slice(dv.as_bytes());
            entropy.extend_from_slice(if reserve { b"reserve" } else { b"original" });
            let mut stem = fill(&p.file, s, None);
            if reserve {
                stem += "reserve";
            }
            out.push(Session {
                phase,
                session: s,
                reserve,
                stem,
                description: fill(&p.description, s, None),
                boards: ranges[(s as usize - 1) % ranges.len()],
                run: BigDeal::new(owner, &entropy),
            });
        }
        Ok(out)
    }
}

/// A tournament's keys (`.sqk`).
#[derive(Debug, Clone)]
pub struct Keys {
    keys: Vec<((u32, u32), String)>,
    /// The file as hashed: every line ended by CR LF.
    hashed: Vec<u8>,
}

impl Keys {
    /// Reads a `.sqk`.
    pub fn parse(bytes: &[u8]) -> Result<Keys, Problem> {
        let text = std::str::from_utf8(bytes)
            .map_err(|e| Problem::new(format!("not text (byte {})", e.valid_up_to())))?;
        let mut keys = Vec::new();
        let mut hashed = Vec::new();
        for (i, line) in text.split_inclusive('\n').enumerate() {
            let line = line.strip_suffix('\n').unwrap_or(line);
            let line = line.strip_suffix('\r').unwrap_or(line);
            hashed.extend_from_slice(line.as_bytes());
            hashed.extend_from_slice(b"\r\n");
            let bad = || {
                Problem::at(
                    i + 1,
                    format!(
                        "{:?} is not phase,session:key",
                        crate::formats::excerpt(line)
                    ),
                )
            };
            let (id, key) = line.split_once(':').ok_or_else(bad)?;
            let (p, s) = id.split_once(',').ok_or_else(bad)?;
            let (p, s) = (p.parse().map_err(|_| bad())?, s.parse().map_err(|_| bad())?);
            let key = key.split(':').next().unwrap_or("");
            if key.is_empty() {
                return Err(bad());
            }
            keys.push(((p, s), key.to_string()));
        }
        Ok(Keys { keys, hashed })
    }

    /// The key of session `session` of phase `phase`.
    pub fn key(&self, phase: u32, session: u32) -> Option<&str> {
        // The last line of a session wins, as SquareDeal reads them.
        self.keys
            .iter()
            .rev()
            .find(|(id, _)| *id == (phase, session))
            .map(|(_, k)| k.as_str())
    }

    /// SHA-256 of the file, lines ended by CR LF, in hex: what `KH` holds.
    pub fn hash(&self) -> String {
        Sha256::digest(&self.hashed)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }

    /// The file's bytes as SquareDeal writes them (CR LF).
    pub fn to_bytes(&self) -> &[u8] {
        &self.hashed
    }

    /// How many keys, and the shortest (SquareDeal warns under 40).
    pub fn stats(&self) -> (usize, usize) {
        let shortest = self.keys.iter().map(|(_, k)| k.len()).min().unwrap_or(0);
        (self.keys.len(), shortest)
    }
}

/// One session to make: its Big Deal run, boards and file name.
#[derive(Debug, Clone)]
pub struct Session {
    /// The phase, from 1.
    pub phase: u32,
    /// The session, from 1.
    pub session: u32,
    /// The reserve set rather than the original.
    pub reserve: bool,
    /// The file name without extension: `RR01`, `RR01reserve`.
    pub stem: String,
    /// The session's description: `Round Robin 1/23`.
    pub description: String,
    /// Its boards.
    pub boards: Boards,
    /// The Big Deal run that deals them.
    pub run: BigDeal,
}

/// Sessions made together whose boards run on: the runs SquareDeal joins,
/// each as the indices of `sessions` and the joined file's stem
/// (`RR01-02`). Runs of one session are not joined.
pub fn joins(phase: &Phase, sessions: &[Session]) -> Vec<(String, Vec<usize>)> {
    let mut out = Vec::new();
    let mut run: Vec<usize> = Vec::new();
    let mut last_board = 0u32;
    let flush = |run: &mut Vec<usize>, out: &mut Vec<(String, Vec<usize>)>| {
        if run.len() > 1 {
            let (a, b) = (
                sessions[run[0]].session,
                sessions[run[run.len() - 1]].session,
            );
            let mut stem = fill(&phase.file, a, Some(b));
            if sessions[run[0]].reserve {
                stem += "reserve";
            }
            out.push((stem, std::mem::take(run)));
        }
        run.clear();
    };
    for (i, s) in sessions.iter().enumerate() {
        if s.boards.first != last_board + 1 {
            flush(&mut run, &mut out);
            last_board = 0;
        }
        if s.boards.first == last_board + 1 {
            run.push(i);
            last_board = s.boards.last;
        }
    }
    flush(&mut run, &mut out);
    out
}

/// True for the format whose session files SquareDeal joins where their
/// boards run on ([`join_pbn`]): PBN.
pub fn joins_files_of(format: crate::codec::Format) -> bool {
    format == crate::formats::pbn::FORMAT
}

/// The joined PBN file of `parts` (each a file name and its bytes): a
/// new header, then every line of each but its `%` lines and `Generator`
/// tag.
pub fn join_pbn(parts: &[(String, Vec<u8>)]) -> Vec<u8> {
    let names: Vec<&str> = parts.iter().map(|(n, _)| n.as_str()).collect();
    let mut out = format!(
        "% PBN 2.1\n% EXPORT\n%\n[Generator \"SquareDeal version {VERSION}, combining {}\"]\n",
        names.join(" ")
    )
    .into_bytes();
    for (_, bytes) in parts {
        for line in bytes.split_inclusive(|&b| b == b'\n') {
            if line.starts_with(b"%") || line.windows(10).any(|w| w == b"[Generator") {
                continue;
            }
            out.extend_from_slice(line);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_fill_with_padded_numbers() {
        assert_eq!(fill("RR##", 1, None), "RR01");
        assert_eq!(fill("QF#", 12, None), "QF12");
        assert_eq!(fill("RR##", 1, Some(2)), "RR01-02");
        assert_eq!(fill("Round Robin #/23", 7, None), "Round Robin 7/23");
        assert_eq!(fill("BAMF18EX", 1, None), "BAMF18EX");
    }

    #[test]
    fn phase_boards_read_every_form() {
        let r = |a, b| Boards::new(a, b).unwrap();
        assert_eq!(
            PhaseBoards::parse("1-14,15-28"),
            Ok(PhaseBoards::Ranges(vec![r(1, 14), r(15, 28)]))
        );
        assert_eq!(
            PhaseBoards::parse("16"),
            Ok(PhaseBoards::Ranges(vec![r(1, 16)]))
        );
        assert_eq!(
            PhaseBoards::parse("3x7"),
            Ok(PhaseBoards::Ranges(vec![r(1, 7), r(8, 14), r(15, 21)]))
        );
        assert_eq!(PhaseBoards::parse("?"), Ok(PhaseBoards::Open));
        assert!(PhaseBoards::parse("14-1").is_err());
        let p = Phase::parse("23:1-14,15-28:RR##:Round Robin #/23").unwrap();
        assert_eq!(p.boards_of(3), Some(r(1, 14)));
        assert_eq!(p.boards_of(4), Some(r(15, 28)));
        assert!(Phase::parse("0:16:RR#:x").is_err());
        assert!(Phase::parse("2:16:1RR#:x").is_err());
        assert!(Phase::parse("2:16:R#R#:x").is_err());
    }

    #[test]
    fn strange_text_is_refused_not_a_panic() {
        for bad in [
            "Té x\n",
            "é\n",
            "SN\n",
            "KH 12\n",
            "TN a\nDI b\n",
            "SN 1:é:R:x\n",
        ] {
            assert!(Tournament::parse(bad.as_bytes()).is_err(), "{bad:?}");
        }
        assert!(Tournament::parse(b"\xff\n").is_err());
        for bad in [&b"1,1\n"[..], b"x:y\n", b"1,1:\n", b"\xc3"] {
            assert!(Keys::parse(bad).is_err(), "{bad:?}");
        }
        // A key of two-byte characters splits by bytes, as Perl does.
        let t = Tournament::parse("TN t\nDI d\nDV 1\nSN 1:4:S:s\n".as_bytes()).unwrap();
        let keys = Keys::parse("1,1:ééé\r\n".as_bytes()).unwrap();
        assert_eq!(t.sessions(&keys, 1, None, false, None).unwrap().len(), 1);
    }

    #[test]
    fn an_unpublished_tournament_publishes_once_and_its_keys_check() {
        let phases = vec![Phase::parse("2:1-8,9-16:S#:Session #/2").unwrap()];
        let mut t = Tournament::new("Club", "DJI close of 1 May", phases);
        let text = t.to_text();
        assert_eq!(Tournament::parse(text.as_bytes()).unwrap(), t);
        let keys = t.publish().unwrap();
        assert!(t.publish().is_err());
        assert_eq!(keys.stats(), (2, 60));
        t.check(&keys).unwrap();
        let again = Tournament::parse(t.to_text().as_bytes()).unwrap();
        again.check(&Keys::parse(keys.to_bytes()).unwrap()).unwrap();
        // LF-only keys hash as CR LF, as SquareDeal reads them.
        let lf = String::from_utf8(keys.to_bytes().to_vec())
            .unwrap()
            .replace('\r', "");
        again.check(&Keys::parse(lf.as_bytes()).unwrap()).unwrap();
        // No sessions before the delayed value.
        assert!(again.sessions(&keys, 1, None, false, None).is_err());
    }
}
