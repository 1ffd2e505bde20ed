//! `boardfile squaredeal`: SquareDeal's whole cycle of tournament dealing.
//! The algorithms and file layouts are the library's
//! (`boardfile_bridge::deal::bigdeal`); this is files and messages.

use crate::args::examples;
use crate::report::{note, quiet, Failure, Outcome, Progress};
use boardfile_bridge::deal::bigdeal::squaredeal::{self, Keys, PhaseBoards, Session, Tournament};
use boardfile_bridge::deal::bigdeal::{BigDealReader, Boards};
use boardfile_bridge::{BoardSet, Diagnostics, Dialect, Format, WriteOptions};
use boardfile_io::files::write_atomically;
use clap::Subcommand;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The examples help and the man page show.
const EXAMPLES: &str = r#"
  # check the keys beside it, make every session again and compare
  boardfile squaredeal verify BerBow25.sqd
  # make the sessions of phase 1 into out/
  boardfile squaredeal make BerBow25.sqd --phase 1 --dir out
  # describe a new tournament
  boardfile squaredeal new t.sqd --name "Club Pairs" \
    --delayed-info "DJI 2 May" --phase 2:1-16,17-32:S#:Session
"#;

const NEW_EXAMPLES: &str = r#"
  # two phases: a round robin of 23 sessions, then 8 quarter finals
  boardfile squaredeal new wtc.sqd --name "World Teams 2025" \
    --delayed-info "Dow Jones close of 25 July 2025" \
    --phase "23:1-14,15-28:RR##:Round Robin" \
    --phase "8:1-14,15-28:QF#:Quarter Finals"
"#;

const PUBLISH_EXAMPLES: &str = r#"
  # keys into wtc.sqk, their hash into wtc.sqd
  boardfile squaredeal publish wtc.sqd
"#;

const SET_VALUE_EXAMPLES: &str = r#"
  # the delayed value, as published
  boardfile squaredeal set-value wtc.sqd "44901,92"
"#;

const MAKE_EXAMPLES: &str = r#"
  # phase 1's sessions into out/
  boardfile squaredeal make BerBow25.sqd --phase 1 --dir out
  # the reserve sets of sessions 3 and 4
  boardfile squaredeal make BerBow25.sqd --phase 1 --sessions 3-4 --reserve
  # every session in three formats
  boardfile squaredeal make wtc.sqd --formats pbn,dup,lin
"#;

const VERIFY_EXAMPLES: &str = r#"
  # with the keys beside it
  boardfile squaredeal verify BerBow25.sqd
  # phase 1 only, with keys kept elsewhere
  boardfile squaredeal verify BerBow25.sqd --phase 1 \
    --keys keys/BerBow25.sqk
"#;

/// SquareDeal: tournament dealing anyone can verify afterwards.
///
/// Before the event the organiser describes the tournament (new) and
/// publishes the description, with the SHA-256 of secret session keys
/// (publish). Once the delayed value is known (a figure nobody could
/// know in advance), they set it (set-value) and make the sessions
/// (make), as Big Deal runs. After the event they publish the keys, and
/// anyone can check them and make every session again (verify). The
/// files are SquareDeal 2.7's (.sqd, .sqk) and its sessions' names.
#[derive(clap::Args)]
#[command(verbatim_doc_comment, after_help = examples(&[EXAMPLES]))]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

/// The SquareDeal commands.
#[derive(Subcommand)]
pub enum Command {
    /// Describe a new tournament: its name, delayed information, phases.
    ///
    /// The file can be edited until it is published.
    ///
    /// A phase is SESSIONS:BOARDS:FILE:DESCRIPTION. BOARDS is a count (16),
    /// a range (17-21), ranges the sessions take in turn (1-14,15-28), NxM
    /// (3x7 = 1-7,8-14,15-21) or ? (given when the sessions are made). In
    /// FILE and DESCRIPTION a run of # is the session number (RR## gives
    /// RR01); without one, it is added when there are several sessions.
    #[command(
        verbatim_doc_comment,
        after_help = examples(&[NEW_EXAMPLES]),
        // clap's own, in two lines: one is 100 columns.
        override_usage = "boardfile squaredeal new [OPTIONS] --name <NAME> --delayed-info <TEXT>\n       \
                          --phase <PHASE> <FILE>",
    )]
    New {
        /// The description file to write (.sqd); it must not exist.
        file: PathBuf,
        /// The tournament's name.
        #[arg(long)]
        name: String,
        /// What the delayed value will be (a published figure nobody can
        /// know before the event: a stock index's close on a given day).
        #[arg(long, value_name = "TEXT")]
        delayed_info: String,
        /// A phase: SESSIONS:BOARDS:FILE:DESCRIPTION (repeat for each).
        #[arg(long = "phase", value_name = "PHASE", required = true)]
        phases: Vec<String>,
    },
    /// Publish: make the secret session keys, and their hash (KH).
    ///
    /// A secret key a session from the system's randomness, written to
    /// FILE.sqk beside FILE.sqd, and their SHA-256 (KH) into FILE.sqd.
    /// Publish the .sqd; keep the .sqk secret until the event is over.
    #[command(verbatim_doc_comment, after_help = examples(&[PUBLISH_EXAMPLES]))]
    Publish {
        /// The tournament (.sqd).
        file: PathBuf,
        /// Where the keys go; default: the .sqk beside the .sqd (it must
        /// not exist).
        #[arg(long, value_name = "FILE.sqk")]
        keys: Option<PathBuf>,
    },
    /// Set the delayed value (DV), once it is known.
    ///
    /// Sessions can be made after it.
    #[command(verbatim_doc_comment, after_help = examples(&[SET_VALUE_EXAMPLES]))]
    SetValue {
        /// The tournament (.sqd).
        file: PathBuf,
        /// The value, as published (spaces around it are dropped).
        value: String,
        /// Replace a value already set.
        #[arg(long)]
        force: bool,
    },
    /// Make sessions: Big Deal runs from their keys and the delayed value.
    ///
    /// The sessions are written as SquareDeal names them (RR01.pbn,
    /// RR01reserve.dup), with sessions whose boards run on joined into one
    /// PBN (RR01-02.pbn). Nothing is written unless the keys match KH and
    /// every session asked for can be made.
    #[command(verbatim_doc_comment, after_help = examples(&[MAKE_EXAMPLES]))]
    Make {
        /// The tournament (.sqd).
        file: PathBuf,
        #[command(flatten)]
        make: MakeArgs,
        /// Where the files go; default: the .sqd's folder.
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
        /// Replace session files already there (without it, nothing is
        /// written when one is).
        #[arg(long)]
        force: bool,
    },
    /// Verify a tournament: its keys, and every session made again.
    ///
    /// The keys are checked against the published KH, then every session
    /// is made again and compared, byte for byte, with the files found in
    /// the folder. Exit 0 when the keys match and no file differs, 1
    /// otherwise.
    #[command(verbatim_doc_comment, after_help = examples(&[VERIFY_EXAMPLES]))]
    Verify {
        /// The tournament (.sqd).
        file: PathBuf,
        #[command(flatten)]
        make: MakeArgs,
        /// Where the files to compare are; default: the .sqd's folder.
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
        /// Name every file compared, identical ones too (a verdict a file).
        #[arg(long)]
        each: bool,
    },
}

/// What `make` and `verify` are asked for.
#[derive(clap::Args)]
pub struct MakeArgs {
    /// The keys; default: the .sqk beside the .sqd.
    #[arg(long, value_name = "FILE.sqk")]
    keys: Option<PathBuf>,
    /// The phase, from 1, or all.
    #[arg(long, value_name = "P|all", default_value = "all")]
    phase: String,
    /// The sessions: 3, 3-7 or all.
    #[arg(long, value_name = "LIST|all", default_value = "all")]
    sessions: String,
    /// The reserve sets instead of the originals (verify: both always).
    #[arg(long)]
    reserve: bool,
    /// The formats to write: Big Deal's names or boardfile's.
    ///
    /// Big Deal's names: dup, dupblind, dlm, dlmblind, bri, dge, pbn, lin,
    /// csv, ber, borel, kops, cds, goedel; or any format boardfile writes.
    /// The default is Big Deal's own.
    #[arg(
        long,
        value_name = "LIST",
        default_value = "dup,pbn",
        value_delimiter = ','
    )]
    formats: Vec<String>,
    /// The boards of a phase whose boards were left open (?): 1-16,17-32.
    #[arg(long, value_name = "RANGES")]
    boards: Option<String>,
}

/// Runs a SquareDeal command.
pub fn exec(args: Args, out: &mut dyn Write) -> Result<Outcome, Failure> {
    match args.command {
        Command::New {
            file,
            name,
            delayed_info,
            phases,
        } => new(&file, &name, &delayed_info, &phases),
        Command::Publish { file, keys } => publish(&file, keys.as_deref()),
        Command::SetValue { file, value, force } => set_value(&file, &value, force),
        Command::Make {
            file,
            make,
            dir,
            force,
        } => {
            let dir = dir.unwrap_or_else(|| folder(&file));
            let made = plan(&file, &make, make.reserve)?;
            refuse_replacing(&dir, &made, force)?;
            std::fs::create_dir_all(&dir).map_err(|e| {
                Failure::operational(format!("{}: cannot make the folder: {e}", dir.display()))
            })?;
            for f in &made {
                let path = dir.join(&f.name);
                write_atomically(&path, &f.bytes)
                    .map_err(|e| Failure::output(&path.display(), e))?;
                if !quiet() {
                    writeln!(out, "{}: {}", path.display(), f.what)?;
                }
            }
            Ok(Outcome::Ok)
        }
        Command::Verify {
            file,
            make,
            dir,
            each,
        } => verify(&file, &make, dir, each, out),
    }
}

/// Refuses to make sessions over files already in `dir`, unless `force`:
/// a repeated command must not replace a tournament's sets. Nothing is
/// written then.
fn refuse_replacing(dir: &Path, made: &[Made], force: bool) -> Result<(), Failure> {
    let there: Vec<PathBuf> = made
        .iter()
        .map(|f| dir.join(&f.name))
        .filter(|p| p.is_file())
        .collect();
    match there.first() {
        Some(first) if !force => Err(Failure::operational(format!(
            "{}: exists{}; give --force to replace them, or another --dir",
            first.display(),
            match there.len() {
                1 => String::new(),
                n => format!(" (and {} more of the sessions' files)", n - 1),
            }
        ))),
        _ => Ok(()),
    }
}

/// The folder a file is in.
fn folder(file: &Path) -> PathBuf {
    match file.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

fn read(path: &Path) -> Result<Vec<u8>, Failure> {
    std::fs::read(path).map_err(|e| Failure::read(&path.display(), e))
}

fn tournament(path: &Path) -> Result<Tournament, Failure> {
    Tournament::parse(&read(path)?)
        .map_err(|e| Failure::invalid(format!("{}: {e}", path.display())))
}

fn save(path: &Path, t: &Tournament) -> Result<(), Failure> {
    write_atomically(path, t.to_text().as_bytes()).map_err(|e| Failure::output(&path.display(), e))
}

fn new(file: &Path, name: &str, info: &str, phases: &[String]) -> Result<Outcome, Failure> {
    if file.exists() {
        return Err(Failure::operational(format!(
            "{}: exists; a tournament is described once (edit it until it is published)",
            file.display()
        )));
    }
    let mut parsed = Vec::new();
    for text in phases {
        let mut p = squaredeal::Phase::parse(text)
            .map_err(|e| Failure::operational(format!("--phase {text:?}: {e}")))?;
        // As SquareDeal adds them: the session number where none is.
        if p.sessions != 1 && !p.file.contains('#') {
            p.file += &"#".repeat(p.sessions.to_string().len());
        }
        if p.sessions != 1 && !p.description.contains('#') {
            p.description += &format!(" #/{}", p.sessions);
        }
        parsed.push(p);
    }
    save(file, &Tournament::new(name, info, parsed))?;
    note(
        &file.display(),
        &"described; publish it with `boardfile squaredeal publish`",
    );
    Ok(Outcome::Ok)
}

fn keys_path(file: &Path, keys: Option<&Path>) -> PathBuf {
    keys.map_or_else(|| file.with_extension("sqk"), Path::to_path_buf)
}

fn publish(file: &Path, keys: Option<&Path>) -> Result<Outcome, Failure> {
    let mut t = tournament(file)?;
    let kpath = keys_path(file, keys);
    if kpath.exists() {
        return Err(Failure::operational(format!(
            "{}: exists; publishing makes new keys and will not replace these",
            kpath.display()
        )));
    }
    let keys = t
        .publish()
        .map_err(|e| Failure::invalid(format!("{}: {e}", file.display())))?;
    // The keys first: a .sqd with KH and no keys would be worthless.
    write_atomically(&kpath, keys.to_bytes()).map_err(|e| Failure::output(&kpath.display(), e))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(&kpath, std::fs::Permissions::from_mode(0o600));
    }
    save(file, &t)?;
    let (n, _) = keys.stats();
    note(
        &file.display(),
        &format!(
            "published: {n} session keys in {} (keep it secret until the event is over)",
            kpath.display()
        ),
    );
    Ok(Outcome::Ok)
}

fn set_value(file: &Path, value: &str, force: bool) -> Result<Outcome, Failure> {
    let mut t = tournament(file)?;
    if t.key_hash.is_none() {
        return Err(Failure::operational(format!(
            "{}: not published yet: the delayed value is set after publishing",
            file.display()
        )));
    }
    let trimmed = value.trim();
    if trimmed.is_empty() {
        return Err(Failure::operational("the delayed value is empty".into()));
    }
    if trimmed != value {
        note(
            &file.display(),
            &format!("spaces around the value dropped: the delayed value is {trimmed:?}"),
        );
    }
    match &t.delayed_value {
        Some(old) if old != trimmed && !force => {
            return Err(Failure::operational(format!(
                "{}: the delayed value is already {old:?}; --force replaces it",
                file.display()
            )))
        }
        _ => t.delayed_value = Some(trimmed.to_string()),
    }
    save(file, &t)?;
    Ok(Outcome::Ok)
}

/// A file made, in memory.
struct Made {
    name: String,
    bytes: Vec<u8>,
    what: String,
}

/// The tournament's keys, checked against KH.
fn checked(file: &Path, t: &Tournament, keys: Option<&Path>) -> Result<Keys, Failure> {
    let kpath = keys_path(file, keys);
    if t.key_hash.is_none() {
        return Err(Failure::invalid(format!(
            "{}: not published (no KH line): there are no keys to check",
            file.display()
        )));
    }
    let bytes = match std::fs::read(&kpath) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(Failure::operational(format!(
                "{}: no keys: {} is not there (the organiser publishes the .sqk after the event; give it with --keys)",
                file.display(),
                kpath.display()
            )))
        }
        Err(e) => return Err(Failure::read(&kpath.display(), e)),
    };
    let keys =
        Keys::parse(&bytes).map_err(|e| Failure::invalid(format!("{}: {e}", kpath.display())))?;
    t.check(&keys).map_err(|e| {
        Failure::invalid(format!("{} with {}: {e}", file.display(), kpath.display()))
    })?;
    Ok(keys)
}

/// A format a session is written in: the format, blind or not, and the
/// file's extension.
#[derive(Clone, Copy)]
struct Written {
    format: Format,
    blind: bool,
    ext: &'static str,
}

/// The formats asked for: Big Deal's names (what an organiser's
/// `.bigdealrc` lists: dup, dupblind, dlm, dlmblind, bri, dge, pbn, lin,
/// csv, ber, borel, kops, cds, goedel), or any format boardfile writes.
fn formats(names: &[String]) -> Result<Vec<Written>, Failure> {
    let mut out: Vec<Written> = Vec::new();
    for name in names {
        let n = name.trim().to_ascii_lowercase();
        let (format, blind) = match Format::from_big_deal_name(&n) {
            Some((f, blind)) => (Some(f), blind),
            None => (Format::from_name(&n), false),
        };
        let Some(format) = format.filter(|f| f.can_write()) else {
            return Err(Failure::operational(format!(
                "--formats: {name:?} is not a format boardfile writes"
            )));
        };
        let own = format.extensions().first().copied();
        let Some(ext) = format.hooks().big_deal.map(|b| b.extension).or(own) else {
            return Err(Failure::operational(format!(
                "--formats: {name:?} has no file extension to name a session's file"
            )));
        };
        if let Some(other) = out.iter().find(|w| w.ext == ext) {
            return Err(Failure::operational(format!(
                "--formats: {name:?} and {} both make .{ext} files",
                other.format.name()
            )));
        }
        out.push(Written { format, blind, ext });
    }
    Ok(out)
}

/// Every file of the sessions asked for, made in memory: nothing is
/// written unless all can be made.
fn plan(file: &Path, args: &MakeArgs, reserve: bool) -> Result<Vec<Made>, Failure> {
    let t = tournament(file)?;
    let keys = checked(file, &t, args.keys.as_deref())?;
    let formats = formats(&args.formats)?;
    let phases: Vec<u32> = match args.phase.as_str() {
        "all" | "*" => (1..=t.phases.len() as u32).collect(),
        p => match p.parse::<u32>() {
            Ok(n) if n >= 1 && n as usize <= t.phases.len() => vec![n],
            _ => {
                return Err(Failure::operational(format!(
                    "--phase {p:?}: the tournament has phases 1 to {}",
                    t.phases.len()
                )))
            }
        },
    };
    let sessions = match args.sessions.as_str() {
        "all" | "*" => None,
        s => Some(Boards::parse(s).map_err(|e| {
            Failure::operational(format!("--sessions: {}", e.replace("boards", "sessions")))
        })?),
    };
    let open = args
        .boards
        .as_deref()
        .map(PhaseBoards::parse)
        .transpose()
        .map_err(|e| Failure::operational(format!("--boards: {e}")))?;
    let fail = |e: squaredeal::Problem| Failure::invalid(format!("{}: {e}", file.display()));
    let lists = phases
        .into_iter()
        .map(|phase| {
            let list = t.sessions(&keys, phase, sessions, reserve, open.as_ref());
            Ok((phase, list.map_err(fail)?))
        })
        .collect::<Result<Vec<_>, Failure>>()?;
    let total = lists.iter().map(|(_, list)| list.len() as u64).sum();
    let bar = Progress::new(Some(total), 2, "dealing {bar:30} {pos}/{len} sessions");
    let mut made = Vec::new();
    for (phase, list) in lists {
        let mut pbn = Vec::new();
        for s in &list {
            let set = deal_session(s)?;
            bar.inc();
            for &w in &formats {
                let name = format!("{}.{}", s.stem, w.ext);
                let bytes = written(w, &set, &name)?;
                if squaredeal::joins_files_of(w.format) {
                    pbn.push((name.clone(), bytes.clone()));
                }
                made.push(Made {
                    name,
                    bytes,
                    what: format!("{}, boards {}", s.description, s.boards),
                });
            }
        }
        if !pbn.is_empty() {
            for (stem, members) in squaredeal::joins(&t.phases[phase as usize - 1], &list) {
                let parts: Vec<(String, Vec<u8>)> =
                    members.iter().map(|&i| pbn[i].clone()).collect();
                let names: Vec<&str> = parts.iter().map(|(n, _)| n.as_str()).collect();
                made.push(Made {
                    what: format!("{} joined", names.join(" + ")),
                    name: format!("{stem}.pbn"),
                    bytes: squaredeal::join_pbn(&parts),
                });
            }
        }
    }
    bar.done();
    Ok(made)
}

fn deal_session(s: &Session) -> Result<BoardSet, Failure> {
    let mut reader = BigDealReader::new(&s.run, s.boards);
    boardfile_bridge::records::collect(&mut reader, &mut Diagnostics::strict())
        .map_err(|e| Failure::data(&s.stem, &e))
}

/// A session's file as Big Deal writes it.
fn written(w: Written, set: &BoardSet, name: &str) -> Result<Vec<u8>, Failure> {
    let options = WriteOptions::default()
        .in_dialect(Dialect::BigDeal)
        .blinded(w.blind);
    let mut bytes = Vec::new();
    boardfile_bridge::write_with(w.format, set, &mut bytes, &options)
        .map_err(|e| Failure::data(&name, &e))?;
    Ok(bytes)
}

fn verify(
    file: &Path,
    args: &MakeArgs,
    dir: Option<PathBuf>,
    each: bool,
    out: &mut dyn Write,
) -> Result<Outcome, Failure> {
    let t = tournament(file)?;
    let keys = checked(file, &t, args.keys.as_deref())?;
    let (n, shortest) = keys.stats();
    writeln!(
        out,
        "{}: the keys match the published hash (KH): {n} sessions{}",
        file.display(),
        if shortest < 40 {
            format!(", the shortest key {shortest} characters (SquareDeal warns under 40)")
        } else {
            String::new()
        }
    )?;
    if t.delayed_value.is_none() {
        writeln!(
            out,
            "{}: the delayed value (DV) is not set: the sessions cannot be made yet",
            file.display()
        )?;
        return Ok(Outcome::Ok);
    }
    let dir = dir.unwrap_or_else(|| folder(file));
    let (mut same, mut differ, mut absent) = (0, 0, 0);
    for reserve in [false, true] {
        for f in plan(file, args, reserve)? {
            let path = dir.join(&f.name);
            match std::fs::read(&path) {
                Ok(theirs) if theirs == f.bytes => {
                    same += 1;
                    if each {
                        writeln!(out, "{}: identical ({})", path.display(), f.what)?;
                    }
                }
                Ok(theirs) => {
                    differ += 1;
                    let at = theirs
                        .iter()
                        .zip(&f.bytes)
                        .position(|(a, b)| a != b)
                        .unwrap_or(theirs.len().min(f.bytes.len()));
                    writeln!(
                        out,
                        "{}: DIFFERS from the session made again ({}), from byte {at}",
                        path.display(),
                        f.what
                    )?;
                }
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => absent += 1,
                Err(e) => return Err(Failure::read(&path.display(), e)),
            }
        }
    }
    writeln!(
        out,
        "{}: {same} files identical to the sessions made again, {differ} differ, {absent} not in {}",
        file.display(),
        dir.display()
    )?;
    Ok(if differ > 0 {
        Outcome::Invalid
    } else {
        Outcome::Ok
    })
}
