//! `boardfile`: the command line over the bridge and Othello libraries. It
//! parses arguments, settles a plan (inputs and outputs, formats), runs it
//! through the libraries, and prints.

mod bridge;
mod constrained;
mod endgame;
mod formats;
mod json;
mod othello;
mod report;
mod solve;
mod squaredeal;

use boardfile_bridge::diagram::{Paper, PerPage};
use boardfile_bridge::stages::{BoardList, Stage};
use boardfile_bridge::DdTags;
use boardfile_bridge::{Dialect, Format, WriteOptions};
use boardfile_io::{Input, Output};
use boardfile_othello::convert::NameFiles;
use boardfile_othello::database::Filter;
use boardfile_othello::OthelloFormat;
use clap::{Parser, Subcommand};
use formats::{bridge_output, output_format, parse_format, AnyFormat, Named, Opened};
use report::{Failure, Outcome};
use std::fmt::Display;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// Read, validate and convert bridge board sets and Othello game files.
///
/// Bridge: BRI, DGE, BRE, DUP, HRF (Duplimate/Dealer4), DLM, PBN
/// 2.1, LIN (Bridge Base Online), Pavlicek's ZBS, ZBD, ZDD, ZRD, ZRJ and deal
/// numbers (DEALNUM), Big Deal's GOE, BER, BHG, RZD, CDS and BIGDEAL-CSV, and
/// JSON Lines; HTML and PDF hand records. Othello: the WTHOR database (WTB, WTD,
/// PZZ, JOU, TRN; a folder of it as one input), JSON Lines, transcripts, GGF
/// and PGN, OBF endgame positions (solved exactly by `solve`), and CSV
/// output. A
/// format is chosen by --from/--to, else by the file's content, else by its
/// extension (Pavlicek's binary formats and WTHOR files, which have no
/// signature, by the extension first). `-` reads standard input or writes
/// standard output. Bridge files of any size are converted a board at a
/// time, in the memory of one board.
///
/// PBN and LIN come back as they were: a board read from one is written to
/// the same format byte for byte (through JSON Lines too), and a board that
/// changed (a table solve adds, an edited tag) has only the lines of what
/// changed rewritten, in the file's own style. --normalize writes the
/// standard form instead (PBN 2.1 export format).
///
/// Exit status: 0 success, 1 invalid input, 2 could not run (usage, I/O).
///
/// Examples:
///   boardfile convert set.pbn set.dlm          PBN to a dealing machine's DLM
///   boardfile convert set.dup - --to jsonl     DUP to JSON Lines on stdout
///   boardfile convert old.pbn new.pbn --skip-bad   all but the boards that do not read
///   boardfile solve set.pbn solved.pbn         double-dummy tables and par, added
///   boardfile convert in.pbn out.pbn --normalize   strict PBN 2.1 export format
///   boardfile validate *.pbn                   every problem of every file
#[derive(Parser)]
#[command(name = "boardfile", version, about, long_about, verbatim_doc_comment)]
struct Args {
    #[command(subcommand)]
    command: Command,
    /// Print no notes or warnings (what a format drops, leniencies,
    /// progress); errors still print.
    #[arg(short, long, global = true)]
    quiet: bool,
}

#[derive(Subcommand)]
enum Command {
    /// Convert a board set from one format to another.
    ///
    /// OUT is written atomically: a failed run leaves no partial file and an
    /// existing OUT untouched. Data the output format cannot keep is named on
    /// standard error. A bad board stops the conversion unless --skip-bad is
    /// given: then it is left out and named. Several OUT are written from one
    /// read, each taking its format from its extension.
    ///
    /// Examples:
    ///   boardfile convert set.pbn set.dlm                  a dealing machine's DLM
    ///   boardfile convert set.pbn set.dlm set.dup set.html one read, three outputs
    ///   boardfile convert set.dup - --to jsonl             JSON Lines on standard output
    ///   boardfile convert big.pbn first.pbn --boards 1-16  boards 1 to 16
    ///   boardfile convert set.pbn next.pbn --renumber 17   numbered 17 on
    ///   boardfile convert old.pbn new.pbn --skip-bad       all but the boards that do not read
    ///   boardfile convert WTH_2004.wtb 2004.pgn            Othello games, names from WTHOR.JOU/TRN
    ///   boardfile convert games.ggf new/ --add-names       GGF to WTH_YYYY.wtb a year, WTHOR.JOU/TRN
    ///
    /// The WTHOR database is one input: a folder (WTH_*.wtb, WTHOR.JOU,
    /// WTHOR.TRN), or WTB files and the names files given together (OUT
    /// last). --player, --tournament, --year and --opening keep some games,
    /// of it or of any file of games. OUT a folder (existing, or ending in
    /// /) gets a WTB file a year, WTH_YYYY.wtb, and the names files.
    ///   boardfile convert wthor/ inoue.pgn --player inoue  either colour, any case, part of the name
    ///   boardfile convert wthor/ out/ --year 2000-2004     a WTB file a year, headers kept
    ///   boardfile convert wthor/ p.jsonl --opening f5d6c3d3 --tournament "world"
    ///   boardfile convert WTH_2003.wtb WTH_2004.wtb WTHOR.JOU WTHOR.TRN both.ggf
    #[command(verbatim_doc_comment)]
    Convert {
        /// Input file, or - for standard input; Othello: also a folder of
        /// the WTHOR database, or several WTHOR files (then OUT comes last).
        input: PathBuf,
        /// Output files (each written atomically, its format from its
        /// extension), or - for standard output; Othello: a folder for a
        /// WTB file a year.
        #[arg(required = true, num_args = 1.., value_name = "OUT")]
        outputs: Vec<PathBuf>,
        /// Input format (name or extension); default: detected.
        #[arg(long, value_parser = parse_format)]
        from: Option<Named>,
        /// Output format (name or extension); default: OUT's extension.
        #[arg(long, value_parser = parse_format)]
        to: Option<Named>,
        /// PBN output: write exactly these double-dummy tags, a comma-separated
        /// list of OptimumResultTable, DoubleDummyTricks, OptimumScore,
        /// ParContract, or all, or none. Default: keep the input's tags that
        /// still agree with the data, and give boards without any all four.
        #[arg(long, value_name = "TAGS", value_parser = DdTags::parse)]
        dd_tags: Option<DdTags>,
        /// ZDD input: the file whose deals the tables belong to (any deal
        /// format), joined by position.
        #[arg(long, value_name = "FILE")]
        deals: Option<PathBuf>,
        /// Write every board (Othello: every game of GGF and PGN) that reads
        /// and leave out those that do not, each named on standard error
        /// (exit 0). Without it, a bad board stops the conversion and
        /// nothing is written. Othello, to WTB or WTD: also leave out the
        /// games that get no theoretical score (moves that stop before its
        /// depth, 10x10 games), each named; from a database, only these.
        #[arg(long)]
        skip_bad: bool,
        /// PBN, LIN and JSON Lines output: write every board in the format's
        /// standard form (PBN 2.1 export: the mandatory tags in order, CR LF,
        /// deals from the dealer) instead of as its file had it. Without it,
        /// a board read from PBN or LIN is written back byte for byte, and a
        /// changed one has only the lines of what changed rewritten.
        #[arg(long)]
        normalize: bool,
        #[command(flatten)]
        layout: LayoutArgs,
        #[command(flatten)]
        names: NameArgs,
        /// Othello: append names not in the names files to copies of them
        /// written beside OUT (OUT-stem.jou, OUT-stem.trn) instead of failing.
        #[arg(long)]
        add_names: bool,
        #[command(flatten)]
        query: QueryArgs,
        #[command(flatten)]
        stage: StageArgs,
    },
    /// Join board sets into one, in order: IN... then OUT.
    ///
    /// The first input's set-level data (event, DLM header...) is the
    /// set's. A board number that comes twice is refused unless --renumber
    /// numbers the boards anew.
    ///
    /// Examples:
    ///   boardfile join monday.pbn tuesday.pbn week.pbn --renumber 1
    ///   boardfile join first-half.dup second-half.dup session.dlm
    #[command(verbatim_doc_comment)]
    Join {
        /// Input files, then the output file (- for standard output).
        #[arg(required = true, num_args = 2.., value_name = "FILE")]
        files: Vec<PathBuf>,
        /// Input format of every input; default: detected for each.
        #[arg(long, value_parser = parse_format)]
        from: Option<Named>,
        /// Output format; default: OUT's extension.
        #[arg(long, value_parser = parse_format)]
        to: Option<Named>,
        /// Leave out (and name) boards that do not read.
        #[arg(long)]
        skip_bad: bool,
        /// PBN: the strict 2.1 export format (see convert).
        #[arg(long)]
        normalize: bool,
        #[command(flatten)]
        stage: StageArgs,
        #[command(flatten)]
        layout: LayoutArgs,
    },
    /// Show a file's format, board count, set-level fields and warnings.
    ///
    /// Examples:
    ///   boardfile info set.dlm
    ///   boardfile info --json *.pbn | jq .boards
    ///   boardfile info wthor/                      a WTHOR database: files, years, games
    ///   boardfile info wthor/ --player inoue       and the games a query keeps
    ///
    /// A folder, a query (--player, --tournament, --year, --opening), or WTB
    /// files given with WTHOR.JOU/WTHOR.TRN make the files one database.
    #[command(verbatim_doc_comment)]
    Info {
        /// Files to describe (- for standard input).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Input format; default: detected.
        #[arg(long, value_parser = parse_format)]
        from: Option<Named>,
        /// One JSON object a file, a line each (see the README).
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        names: NameArgs,
        #[command(flatten)]
        query: QueryArgs,
    },
    /// Report every problem in each file, with its position.
    ///
    /// Exit status 0 when all files are valid, 1 when any problem was found,
    /// 2 when a file could not be read.
    ///
    /// Examples:
    ///   boardfile validate *.pbn *.dlm
    ///   boardfile validate --solve solved.pbn      stored tables checked by solving
    ///   boardfile validate --json set.pbn          problems as JSON, with their places
    ///   boardfile validate WTH_2004.wtb            every Othello game replayed
    ///   boardfile validate wthor/                  a WTHOR database, names indices checked
    ///   boardfile validate wthor/ --year 2004      the problems of the games a query keeps
    ///   boardfile validate --solve WTH_2004.wtb    and every theoretical score proven
    ///   boardfile validate --solve wthor/ --player "Tastet Marc"
    ///                                              the scores of one player's games
    ///   boardfile validate --strict set.pbn        a warning fails the file too
    #[command(verbatim_doc_comment)]
    Validate {
        /// Files to check (- for standard input).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Input format; default: detected for each file.
        #[arg(long, value_parser = parse_format)]
        from: Option<Named>,
        /// Bridge: solve every board that stores double-dummy tricks or a
        /// par, and report each stored value the solver disagrees with
        /// (board, declarer, strain, stored, solved). Othello (WTB, JSON
        /// Lines, or a database: the games a query keeps): prove or refute
        /// every game's stored theoretical score at the header's depth (the
        /// narrowest window around it, on every core), and report each
        /// wrong one (year, game, players, stored, solved by a full solve);
        /// games with no stored score are counted, not solved.
        #[arg(long)]
        solve: bool,
        /// One JSON object a file, a line each, with every problem and its
        /// place (see the README); nothing on standard error.
        #[arg(long)]
        json: bool,
        /// Warnings make a file invalid too (exit status 1, `"valid":
        /// false`): what is read leniently or inferred, and boards that
        /// contradict themselves (an auction against the rules, a card its
        /// player does not hold, a lead by the wrong hand, a Result the play
        /// cannot give, a Score the contract and result do not), which are
        /// otherwise warnings beside a valid verdict.
        #[arg(long)]
        strict: bool,
        #[command(flatten)]
        names: NameArgs,
        #[command(flatten)]
        query: QueryArgs,
    },
    /// Print hand diagrams with high-card points, or Othello games' final
    /// boards and scores.
    ///
    /// Examples:
    ///   boardfile show set.pbn --board 3
    ///   boardfile show set.dlm --ascii | less
    #[command(verbatim_doc_comment)]
    Show {
        /// The file (- for standard input).
        file: PathBuf,
        /// Only this board number (Othello: this game, from 1).
        #[arg(long)]
        board: Option<u32>,
        /// Suit letters S H D C instead of symbols.
        #[arg(long)]
        ascii: bool,
        /// Input format; default: detected.
        #[arg(long, value_parser = parse_format)]
        from: Option<Named>,
        #[command(flatten)]
        names: NameArgs,
    },
    /// Solve every board double dummy: all 20 trick counts and par.
    ///
    /// Tables and par (with each board's vulnerability and dealer) are
    /// written into OUT: PBN tags, ZRD/ZDD/ZRJ nibbles, JSON Lines dd/par.
    /// Boards that already carry a whole table keep it unless --force.
    /// Finished boards are kept in OUT.solving as they are done: an
    /// interrupted run (Ctrl-C, kill, crash) is continued by running the
    /// same command again. OUT appears only when every board is solved.
    ///
    /// Examples:
    ///   boardfile solve set.pbn solved.pbn         tables and par added, nothing else changed
    ///   boardfile solve set.pbn records.html       hand records with tables
    ///   boardfile solve deals.zrd solved.zrd -j 2  on two threads
    ///   boardfile solve fforum-1-19.obf solved.obf  Othello endgames: every move's exact score
    ///   boardfile solve - - < positions.obf         standard input to standard output
    ///
    /// Othello: each position of an OBF file (a line: 64 squares a1..h8,
    /// X, O or -, then the side to move) gets every legal move with its
    /// exact score, the final disc difference for the side to move with
    /// the empties to the winner, best first: `; G8:+18; H1:+12;`. A
    /// player who must pass gets `PS:score`, a finished game its score
    /// alone, as Edax writes them. Positions are solved in parallel
    /// (--jobs), each on one thread.
    #[command(verbatim_doc_comment)]
    Solve {
        /// Input file, or - for standard input.
        input: PathBuf,
        /// Output file, or - for standard output (then no resuming).
        output: PathBuf,
        /// Input format; default: detected.
        #[arg(long, value_parser = parse_format)]
        from: Option<Named>,
        /// Output format; default: OUT's extension.
        #[arg(long, value_parser = parse_format)]
        to: Option<Named>,
        /// Solving threads; default: one a core.
        #[arg(long, short = 'j', value_name = "N")]
        jobs: Option<usize>,
        /// Solve boards that already carry a table too.
        #[arg(long)]
        force: bool,
        /// PBN output: the double-dummy tags to write (see convert).
        #[arg(long, value_name = "TAGS", value_parser = DdTags::parse)]
        dd_tags: Option<DdTags>,
        /// Write PBN 2.1 export format rather than the input's own layout
        /// with the new tags added (see convert).
        #[arg(long)]
        normalize: bool,
        #[command(flatten)]
        layout: LayoutArgs,
    },
    /// Deal a new board set of uniformly random deals.
    ///
    /// Dealer and vulnerability follow the board number. Two generators:
    ///
    /// For tournaments, --owner deals exactly as Hans van Staveren's Big
    /// Deal does (the WBF's, the ACBL's and most national bodies' dealer):
    /// 160 bits from the system's randomness, hashed with RIPEMD-160 with
    /// the owner's name and a counter. It cannot be repeated, by design,
    /// and no other owner can make the same deals. --entropy TEXT instead
    /// of the system's bits repeats `bigdealx -W OWNER -e TEXT`: for
    /// checking, never for play. See also `boardfile squaredeal`.
    ///
    /// For practice sets, --seed (or none): ChaCha20 keyed by a 256-bit
    /// seed; without --seed one is drawn and printed, and the same seed
    /// gives the same file on every machine.
    ///
    /// With --where, only deals that satisfy a script in Hans van Staveren's
    /// dealer language are kept (SCRIPT is a file, or the text of a
    /// condition). The script's `produce` gives the number of boards unless
    /// --boards does (else 40), `generate` the most deals tried (else 10
    /// million); its `dealer` and `vulnerable` apply to every board. The
    /// statistics of `average` and `frequency` print as dealer prints them
    /// (standard error when OUT is -), or as JSON with --json. The same
    /// seed gives the same boards whatever --jobs.
    ///
    /// Examples:
    ///   boardfile deal set.dlm --owner "Hilltop BC"   a club session, as Big Deal deals
    ///   boardfile deal s2.pbn --owner "EBU" --boards 15-28   boards 15 to 28
    ///   boardfile deal set.dlm --boards 32           practice: for a dealing machine
    ///   boardfile deal set.pbn --boards 24 --seed 1f  the same set on any machine
    ///   boardfile deal practice.pbn --where 1N.dlr --seed 7
    ///   boardfile deal strong.pbn --where 'hcp(south) >= 22' --boards 16
    ///   boardfile deal - --to jsonl --where 'shape(north, any 4333) and hcp(north) > 14'
    ///   boardfile deal /dev/null --to jsonl --where stats.dlr --boards 100000 --json
    #[command(verbatim_doc_comment)]
    Deal {
        /// Output file (any writable format: DLM for a dealing machine, PBN
        /// for the web...), or - for standard output with --to.
        output: PathBuf,
        /// How many boards (default 32; with --where, the script's produce,
        /// else 40), or their range as Big Deal takes it: 15-28.
        #[arg(long, value_name = "N|A-B")]
        boards: Option<String>,
        /// The first board's number (default 1; or give --boards A-B).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
        first: Option<u32>,
        /// The seed of a practice set: 1 to 64 hex digits.
        #[arg(long, value_parser = boardfile_bridge::deal::seeded::Seed::parse, conflicts_with = "owner")]
        seed: Option<boardfile_bridge::deal::seeded::Seed>,
        /// Deal as Big Deal does, for this owner (a club, a tournament).
        #[arg(long, value_name = "NAME", conflicts_with = "where_")]
        owner: Option<String>,
        /// With --owner: Big Deal's -e entropy instead of the system's
        /// randomness (repeats a Big Deal run; not for play).
        #[arg(long, value_name = "TEXT", requires = "owner")]
        entropy: Option<String>,
        /// Output format; default: OUT's extension.
        #[arg(long, value_parser = parse_format)]
        to: Option<Named>,
        /// Keep only deals satisfying a dealer-language script: a file, or
        /// the text of a condition.
        #[arg(long = "where", value_name = "SCRIPT")]
        where_: Option<String>,
        /// With --where: dealing threads; default one a core.
        #[arg(long, short = 'j', value_name = "N", requires = "where_")]
        jobs: Option<usize>,
        /// With --where: the most deals to try (default: the script's
        /// generate, else 10 million).
        #[arg(long, value_name = "N", requires = "where_")]
        generate: Option<u64>,
        /// With --where: print the statistics, counts and seed as JSON.
        #[arg(long, requires = "where_")]
        json: bool,
        #[command(flatten)]
        layout: LayoutArgs,
    },
    /// SquareDeal: tournament dealing anyone can verify afterwards.
    ///
    /// Before the event the organiser describes the tournament (new) and
    /// publishes the description, with the SHA-256 of secret session keys
    /// (publish). Once the delayed value is known (a figure nobody could
    /// know in advance), they set it (set-value) and make the sessions
    /// (make), as Big Deal runs. After the event they publish the keys, and
    /// anyone can check them and make every session again (verify). The
    /// files are SquareDeal 2.7's (.sqd, .sqk) and its sessions' names.
    ///
    /// Examples:
    ///   boardfile squaredeal verify BerBow25.sqd                keys beside it
    ///   boardfile squaredeal make BerBow25.sqd --phase 1 --dir out
    ///   boardfile squaredeal new t.sqd --name "Club Pairs" --delayed-info "DJI 2 May" --phase 2:1-16,17-32:S#:Session
    #[command(verbatim_doc_comment)]
    Squaredeal {
        #[command(subcommand)]
        command: squaredeal::Command,
    },
    /// List every format: name, extensions, read/write, what it keeps.
    ///
    /// Example:
    ///   boardfile formats
    #[command(verbatim_doc_comment)]
    Formats,
    /// Print a shell's completion script for boardfile.
    ///
    /// Examples:
    ///   boardfile completions bash > ~/.local/share/bash-completion/completions/boardfile
    ///   boardfile completions zsh > ~/.zfunc/_boardfile
    ///   boardfile completions fish > ~/.config/fish/completions/boardfile.fish
    #[command(verbatim_doc_comment)]
    Completions {
        /// The shell: bash, zsh, fish, elvish or powershell.
        shell: clap_complete::Shell,
    },
    /// Print boardfile's manual page (roff), for man.
    ///
    /// Examples:
    ///   boardfile man > boardfile.1 && man ./boardfile.1
    ///   boardfile man > /usr/local/share/man/man1/boardfile.1
    #[command(verbatim_doc_comment)]
    Man,
    /// Print Pavlicek's checksum of each file: the 64-bit sum of its 32-bit
    /// little-endian words (a trailing partial word zero-padded), in hex.
    ///
    /// Example:
    ///   boardfile checksum deals.zrd     compare with Pavlicek's published sums
    #[command(verbatim_doc_comment)]
    Checksum {
        /// Files to sum (- for standard input).
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
}

/// Bridge: which boards pass, and their numbers.
#[derive(clap::Args, Clone, Default)]
struct StageArgs {
    /// Bridge: only these boards (their numbers as read): 1-16,20 or 25-.
    #[arg(long, value_name = "LIST", value_parser = BoardList::parse)]
    boards: Option<BoardList>,
    /// Bridge: number the boards from FIRST on, in order; dealer and
    /// vulnerability follow the new numbers (a board with an auction keeps
    /// its own).
    #[arg(long, value_name = "FIRST", value_parser = clap::value_parser!(u32).range(1..))]
    renumber: Option<u32>,
    /// With --renumber: keep each board's dealer and vulnerability.
    #[arg(long, requires = "renumber")]
    keep_conditions: bool,
}

impl StageArgs {
    fn stage(self, unique: bool) -> Stage {
        Stage {
            boards: self.boards,
            renumber: self.renumber,
            keep_conditions: self.keep_conditions,
            unique,
        }
    }
}

/// Output: how hand records are laid out, and for dealing machines and Big Deal.
#[derive(clap::Args, Clone, Copy)]
struct LayoutArgs {
    /// HTML and PDF hand records: boards a page, 1, 2 or 4.
    #[arg(long, value_name = "N", default_value = "4", value_parser = PerPage::parse)]
    per_page: PerPage,
    /// HTML and PDF hand records: the paper, a4 or letter.
    #[arg(long, value_name = "PAPER", default_value = "a4", value_parser = Paper::parse)]
    paper: Paper,
    /// DUP and DLM output: for a dealing machine that must not show the
    /// deals (Big Deal's dupblind and dlmblind: board 1 of a DUP without
    /// its screen half, DLM's Status=Sealed).
    #[arg(long)]
    blind: bool,
    /// Whose layout to write: boardfile (each format's standard form, a
    /// file read written back as it was) or bigdeal (PBN, LIN, DUP and DLM
    /// byte for byte as Big Deal 2.0 writes them).
    /// Default: boardfile; bigdeal for `deal --owner`.
    #[arg(long, value_name = "DIALECT", value_parser = Dialect::parse)]
    dialect: Option<Dialect>,
}

/// Othello: the WTHOR names files.
#[derive(clap::Args, Clone, Default)]
struct NameArgs {
    /// Othello: the player names file; default: WTHOR.JOU beside the input.
    #[arg(long, value_name = "WTHOR.JOU")]
    players: Option<PathBuf>,
    /// Othello: the tournament names file; default: WTHOR.TRN beside the input.
    #[arg(long, value_name = "WTHOR.TRN")]
    tournaments: Option<PathBuf>,
}

/// Othello: which games to keep, of a database or any file of games.
#[derive(clap::Args, Clone, Default)]
struct QueryArgs {
    /// Othello: the games of a player, black or white, whose name holds
    /// NAME in any case (the names file's name, or the file's own):
    /// --player inoue keeps those of "Inoue Hiroshi" and "Inoue Takuya".
    #[arg(long, value_name = "NAME")]
    player: Option<String>,
    /// Othello: the games of a tournament whose name holds NAME, in any case.
    #[arg(long, value_name = "NAME")]
    tournament: Option<String>,
    /// Othello: the games of a year (2004) or of years (2000-2004, 2000-,
    /// -1990), by the file's header (a database) or the game's date.
    #[arg(long, value_name = "YEARS", allow_hyphen_values = true, value_parser = Filter::parse_years)]
    year: Option<(u16, u16)>,
    /// Othello: the games that open with these moves (f5d6c3d3), or with
    /// them turned by a symmetry of the start (d3c5f6 is f5d6c3).
    #[arg(long, value_name = "MOVES")]
    opening: Option<String>,
}

impl QueryArgs {
    fn filter(&self) -> Result<Filter, Failure> {
        let mut f = Filter::default();
        if let Some(p) = &self.player {
            f = f.player(p);
        }
        if let Some(t) = &self.tournament {
            f = f.tournament(t);
        }
        if let Some((a, b)) = self.year {
            f = f.years(a, b);
        }
        if let Some(o) = &self.opening {
            f = f
                .opening(o)
                .map_err(|m| Failure::operational(format!("--opening: {m}")))?;
        }
        Ok(f)
    }
}

impl NameArgs {
    fn database(&self, add: bool) -> NameFiles {
        NameFiles {
            players: self.players.clone(),
            tournaments: self.tournaments.clone(),
            beside: None,
            add,
        }
    }

    fn files(&self, input: &Input, add: bool) -> NameFiles {
        NameFiles {
            players: self.players.clone(),
            tournaments: self.tournaments.clone(),
            beside: input.path().map(PathBuf::from),
            add,
        }
    }
}

fn main() -> ExitCode {
    boardfile_io::files::handle_signals();
    let args = match Args::try_parse() {
        Ok(args) => args,
        Err(e) => return report::usage(e),
    };
    report::set_quiet(args.quiet);
    let mut stdout = std::io::stdout().lock();
    let outcome = run(args.command, &mut stdout);
    let outcome = outcome.and_then(|o| {
        stdout
            .flush()
            .map(|_| o)
            .map_err(|e| Failure::output(&Output::Stdout, boardfile_io::OutputError::write(e)))
    });
    report::finish(outcome)
}

fn write_options(dd_tags: Option<DdTags>, normalize: bool, layout: LayoutArgs) -> WriteOptions {
    dd_tags
        .map_or_else(WriteOptions::default, WriteOptions::with_dd_tags)
        .normalized(normalize)
        .laid_out(layout.per_page, layout.paper)
        .blinded(layout.blind)
        .in_dialect(layout.dialect.unwrap_or_default())
}

/// Refuses to write over an input, or one output over another.
/// True when the input holds Othello positions (OBF, by content or
/// --from); the output must then be OBF too (by --to, its extension, or -).
fn othello_positions(
    opened: &Opened,
    from: Option<&Named>,
    to: Option<&Named>,
    output: &Output,
) -> Result<bool, Failure> {
    let positions = |f: &AnyFormat| matches!(f, AnyFormat::Othello(o) if o.holds() == boardfile_othello::Holds::Positions);
    match opened.format(from) {
        Ok(f) if positions(&f) => {}
        _ => return Ok(false),
    }
    let obf_out = match to {
        Some(n) => n.0.iter().any(positions),
        None => output.path().is_none_or(|p| {
            OthelloFormat::from_path(p)
                .is_some_and(|f| f.holds() == boardfile_othello::Holds::Positions)
        }),
    };
    if !obf_out {
        return Err(Failure::operational(format!(
            "{output}: solved Othello positions are written as OBF (.obf, or --to obf)"
        )));
    }
    Ok(true)
}

fn refuse_overwrite(inputs: &[Input], outputs: &[Output]) -> Result<(), Failure> {
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

/// Where Othello games go: a folder (a WTHOR file a year), or a file of
/// `--to` or OUT's extension.
fn othello_out<'a>(
    output: &'a Output,
    to: Option<&Named>,
) -> Result<othello::GamesOut<'a>, Failure> {
    if othello::is_folder(output) {
        let wthor = to.is_none_or(|n| {
            n.0.iter().any(
                |f| matches!(f, AnyFormat::Othello(o) if boardfile_othello::convert::is_wthor(*o)),
            )
        });
        if !wthor {
            return Err(Failure::operational(format!(
                "{output}: a folder takes a WTHOR file a year (WTB); give a file for other formats"
            )));
        }
        return Ok(othello::GamesOut::Folder(output));
    }
    match output_format(formats::Game::Othello, output, to)? {
        AnyFormat::Othello(t) => Ok(othello::GamesOut::File(output, t)),
        t => Err(Failure::operational(format!(
            "{output}: {} is not an Othello format",
            t.name()
        ))),
    }
}

/// The bridge format of each output: `--to` (for one output), else each
/// one's extension.
fn bridge_outputs(
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

fn run(command: Command, out: &mut dyn Write) -> Result<Outcome, Failure> {
    use AnyFormat::{Bridge, Othello};
    match command {
        Command::Convert {
            input,
            outputs,
            from,
            to,
            dd_tags,
            deals,
            skip_bad,
            normalize,
            layout,
            names,
            add_names,
            query,
            stage,
        } => {
            let filter = query.filter()?;
            // A database: a folder, or several WTHOR files (OUT last).
            if let Some((paths, out)) = othello::database_inputs(&input, &outputs) {
                if !stage.clone().stage(false).is_empty() {
                    return Err(Failure::operational(
                        "--boards and --renumber are not for a WTHOR database; choose games with --player, --tournament, --year and --opening".into(),
                    ));
                }
                let output = Output::new(&out);
                let inputs: Vec<Input> = paths.iter().map(|p| Input::new(p)).collect();
                refuse_overwrite(&inputs, std::slice::from_ref(&output))?;
                let games_out = othello_out(&output, to.as_ref())?;
                return othello::convert_database(
                    &paths,
                    games_out,
                    &filter,
                    &names.database(add_names),
                    skip_bad,
                );
            }
            let input = Input::new(&input);
            let outputs: Vec<Output> = outputs.iter().map(|p| Output::new(p)).collect();
            refuse_overwrite(std::slice::from_ref(&input), &outputs)?;
            let opened = Opened::open(&input)?;
            let from = opened.format(from.as_ref())?;
            match (from, &outputs[..]) {
                (Bridge(_), _) if !filter.is_empty() => Err(Failure::operational(
                    "--player, --tournament, --year and --opening are for Othello games".into(),
                )),
                (Bridge(f), _) => {
                    let outputs = bridge_outputs(&outputs, to.as_ref())?;
                    let deals = deals.as_deref().map(Input::new);
                    let options = write_options(dd_tags, normalize, layout);
                    let args = bridge::ConvertArgs {
                        options: &options,
                        deals: deals.as_ref(),
                        skip_bad,
                        stage: stage.stage(false),
                    };
                    bridge::convert(opened, f, &outputs, &args)
                }
                (Othello(_), _) if !stage.clone().stage(false).is_empty() => {
                    Err(Failure::operational(
                        "--boards and --renumber are for bridge files; Othello games are chosen with --player, --tournament, --year and --opening".into(),
                    ))
                }
                (Othello(f), [output])
                    if !filter.is_empty() || skip_bad || othello::is_folder(output) =>
                {
                    let games_out = othello_out(output, to.as_ref())?;
                    othello::convert_games(
                        opened,
                        f,
                        games_out,
                        &filter,
                        &names.files(&input, add_names),
                        skip_bad,
                    )
                }
                (Othello(f), [output]) => match output_format(from.game(), output, to.as_ref())? {
                    Othello(t) => othello::convert(
                        opened,
                        f,
                        output,
                        t,
                        &names.files(&input, add_names),
                        skip_bad,
                    ),
                    // output_format gives a format of the input's game; named
                    // rather than assumed.
                    t => Err(Failure::operational(format!(
                        "{output}: {} and {} are formats of different games",
                        from.name(),
                        t.name()
                    ))),
                },
                (Othello(_), _) => Err(Failure::operational(
                    "one output for Othello files; several outputs are for bridge sets".into(),
                )),
            }
        }
        Command::Join {
            mut files,
            from,
            to,
            skip_bad,
            normalize,
            stage,
            layout,
        } => {
            let output = Output::new(&files.pop().expect("clap asks for two or more"));
            let inputs: Vec<Input> = files.iter().map(|p| Input::new(p)).collect();
            let outputs = [output];
            refuse_overwrite(&inputs, &outputs)?;
            if inputs.iter().filter(|i| matches!(i, Input::Stdin)).count() > 1 {
                return Err(Failure::operational(
                    "standard input (-) can be read once".into(),
                ));
            }
            let mut opened = Vec::with_capacity(inputs.len());
            for input in &inputs {
                let o = Opened::open(input)?;
                let Bridge(f) = o.format(from.as_ref())? else {
                    return Err(Failure::operational(format!(
                        "{input}: join is for bridge board sets"
                    )));
                };
                opened.push((o, f));
            }
            let outputs = bridge_outputs(&outputs, to.as_ref())?;
            let options = write_options(None, normalize, layout);
            let args = bridge::ConvertArgs {
                options: &options,
                deals: None,
                skip_bad,
                stage: stage.stage(true),
            };
            bridge::join(opened, &outputs, &args)
        }
        Command::Info {
            files,
            json,
            names,
            query,
            ..
        } if othello::is_database(&files, &query.filter()?) => {
            othello::database_info(&files, &query.filter()?, &names.database(false), json, out)
        }
        Command::Info {
            files, from, json, ..
        } => each_file(&files, json, out, |input, out| {
            let opened = Opened::open(input)?;
            match opened.format(from.as_ref())? {
                Bridge(f) => bridge::info(opened, f, json, out),
                Othello(f) => othello::info(opened, f, json, out),
            }
        }),
        Command::Validate {
            files,
            solve,
            json,
            strict,
            names,
            query,
            ..
        } if othello::is_database(&files, &query.filter()?) => othello::database_validate(
            &files,
            &query.filter()?,
            &names.database(false),
            solve,
            strict,
            json,
            out,
        ),
        Command::Validate {
            files,
            from,
            solve,
            json,
            strict,
            names,
            ..
        } => each_file(&files, json, out, |input, out| {
            let opened = Opened::open(input)?;
            match opened.format(from.as_ref())? {
                Bridge(f) => bridge::validate(opened, f, solve, strict, json, out),
                Othello(f) => othello::validate(
                    opened,
                    f,
                    &names.files(input, false),
                    solve,
                    strict,
                    json,
                    out,
                ),
            }
        }),
        Command::Show {
            file,
            board,
            ascii,
            from,
            names,
        } => {
            let input = Input::new(&file);
            let opened = Opened::open(&input)?;
            match opened.format(from.as_ref())? {
                Bridge(f) => bridge::show(opened, f, board, ascii, out),
                Othello(f) => othello::show(opened, f, board, &names.files(&input, false), out),
            }
        }
        Command::Solve {
            input,
            output,
            from,
            to,
            jobs,
            force,
            dd_tags,
            normalize,
            layout,
        } => {
            let (input, output) = (Input::new(&input), Output::new(&output));
            refuse_overwrite(std::slice::from_ref(&input), std::slice::from_ref(&output))?;
            // Othello endgame positions (OBF) are told by their content.
            let opened = Opened::open(&input)?;
            if othello_positions(&opened, from.as_ref(), to.as_ref(), &output)? {
                return endgame::solve(opened, &output, jobs);
            }
            solve::refuse_journal_input(&input, &output)?;
            let to = bridge_output(&output, to.as_ref())?;
            let Bridge(from) = opened.format(from.as_ref())? else {
                return Err(Failure::operational(format!(
                    "{input}: solving is for bridge deals and Othello positions (OBF)"
                )));
            };
            let options = write_options(dd_tags, normalize, layout);
            solve::solve(
                opened,
                from,
                &solve::SolveArgs {
                    output: &output,
                    to,
                    jobs,
                    force,
                    options: &options,
                },
            )
        }
        Command::Deal {
            output,
            boards,
            first,
            seed,
            owner,
            entropy,
            to,
            where_,
            jobs,
            generate,
            json,
            mut layout,
        } => {
            let output = Output::new(&output);
            let to = bridge_output(&output, to.as_ref())?;
            // A tournament set is written as Big Deal writes it, unless
            // asked otherwise.
            if owner.is_some() && layout.dialect.is_none() {
                layout.dialect = Some(Dialect::BigDeal);
            }
            let options = write_options(None, false, layout);
            // --boards N from --first, or --boards A-B.
            let range = match boards.as_deref() {
                Some(text) => Some(
                    boardfile_bridge::deal::bigdeal::Boards::parse(text)
                        .map_err(|e| Failure::operational(format!("--boards: {e}")))?,
                ),
                None => None,
            };
            if let (Some(r), Some(_)) = (range, first) {
                if boards.as_deref().is_some_and(|b| b.contains('-')) {
                    return Err(Failure::operational(format!(
                        "--boards {r} gives the first board; --first is for a count"
                    )));
                }
            }
            let first = match (range, first) {
                (Some(r), None) => r.first,
                (_, Some(f)) => f,
                (None, None) => 1,
            };
            let boards = range.map(|r| r.count());
            // Before dealing (and printing a seed): the numbers must fit.
            let count = boards.or(where_.is_none().then_some(32));
            if let (boardfile_bridge::keeps::Numbers::Range(max), Some(count)) =
                (to.keeps().numbers, count)
            {
                let last = u64::from(first) + u64::from(count).max(1) - 1;
                if last > u64::from(max) {
                    return Err(Failure::operational(format!(
                        "{output}: {} holds boards 1 to {max}; --boards {count} from --first {first} runs to {last}",
                        to.name()
                    )));
                }
            }
            match where_ {
                Some(script) => {
                    let args = constrained::WhereArgs {
                        script,
                        boards,
                        first,
                        seed,
                        jobs,
                        generate,
                        json,
                        options,
                    };
                    constrained::deal(&output, to, args, out)
                }
                None => match owner {
                    Some(owner) => {
                        let count = boards.unwrap_or(32);
                        let range = boardfile_bridge::deal::bigdeal::Boards::new(
                            first,
                            first.saturating_add(count - 1),
                        )
                        .ok_or_else(|| {
                            Failure::operational(format!(
                                "--boards {count} from --first {first}: no such board numbers"
                            ))
                        })?;
                        squaredeal::deal(&output, to, &options, &owner, entropy.as_deref(), range)
                    }
                    None => solve::deal(&output, to, boards.unwrap_or(32), first, seed, &options),
                },
            }
        }
        Command::Squaredeal { command } => squaredeal::run(command, out),
        Command::Formats => formats(out),
        Command::Completions { shell } => {
            use clap::CommandFactory;
            clap_complete::generate(shell, &mut Args::command(), "boardfile", out);
            Ok(Outcome::Ok)
        }
        Command::Man => {
            use clap::CommandFactory;
            clap_mangen::Man::new(Args::command()).render(out)?;
            Ok(Outcome::Ok)
        }
        Command::Checksum { files } => each_file(&files, false, out, |input, out| {
            let mut r = input.open().map_err(|e| Failure::read(input, e))?;
            let (mut sum, mut buf) = (
                boardfile_io::checksum::Checksum::default(),
                vec![0u8; 1 << 20],
            );
            loop {
                match r.read(&mut buf).map_err(|e| Failure::read(input, e))? {
                    0 => break,
                    n => sum.update(&buf[..n]),
                }
            }
            writeln!(out, "{:016X}  {input}", sum.sum())?;
            Ok(Outcome::Ok)
        }),
    }
}

/// Runs `f` on every file; an error in one is printed and the others go on
/// (with `json`, as the file's object `{"file":..,"error":..}` on `out`).
/// The exit status is the worst one.
fn each_file(
    files: &[PathBuf],
    json: bool,
    out: &mut dyn Write,
    mut f: impl FnMut(&Input, &mut dyn Write) -> Result<Outcome, Failure>,
) -> Result<Outcome, Failure> {
    let mut worst = Outcome::Ok;
    for path in files {
        let input = Input::new(path);
        match f(&input, out) {
            Ok(o) => worst = worst.max(o),
            Err(e) if e.is_broken_pipe() => return Err(e),
            Err(e) if json => {
                let o = serde_json::json!({"file": input.to_string(), "error": e.message()});
                writeln!(out, "{o}")?;
                worst = worst.max(e.status());
            }
            Err(e) => worst = worst.max(e.report()),
        }
    }
    Ok(worst)
}

/// `validate`'s word for a file: `valid`, `1 error`, `3 errors`.
fn verdict(errors: u64, warnings: u64, strict: bool) -> String {
    match (errors, warnings) {
        (0, 0) => "valid".into(),
        (0, 1) if strict => "invalid under --strict: 1 warning".into(),
        (0, n) if strict => format!("invalid under --strict: {n} warnings"),
        (0, _) => "valid".into(),
        (1, _) => "1 error".into(),
        (n, _) => format!("{n} errors"),
    }
}

/// How many problems make a file invalid: its errors, and under `--strict`
/// its warnings too.
fn problems(errors: u64, warnings: u64, strict: bool) -> u64 {
    errors + if strict { warnings } else { 0 }
}

/// The first lines of `info`, for every kind of file.
fn info_head(
    out: &mut dyn Write,
    path: &dyn Display,
    name: &str,
    description: &str,
    size: u64,
) -> std::io::Result<()> {
    writeln!(out, "{path}")?;
    writeln!(out, "  format:   {name} ({description})")?;
    writeln!(out, "  size:     {size} bytes")
}

fn formats(out: &mut dyn Write) -> Result<Outcome, Failure> {
    let yes_no = |b: bool| if b { "yes" } else { "no" };
    let width = Format::ALL
        .iter()
        .map(|f| f.info().name.len())
        .chain(OthelloFormat::ALL.iter().map(|f| f.info().name.len()))
        .max()
        .unwrap_or(0)
        + 2;
    let row = |out: &mut dyn Write, f: &boardfile_io::FormatInfo, keeps: &str| {
        let ext = match f.extensions {
            [] => "-".to_string(),
            e => e.join(","),
        };
        writeln!(
            out,
            "{:<width$} {:<13} {:<5} {:<5} {keeps}",
            f.name,
            ext,
            yes_no(f.reads),
            yes_no(f.writes)
        )
    };
    writeln!(
        out,
        "{:<width$} {:<13} {:<5} {:<5} keeps",
        "format", "extensions", "read", "write"
    )?;
    for &f in Format::ALL {
        row(out, f.info(), &f.keeps().describe())?;
    }
    writeln!(
        out,
        "\nPBN and LIN are written as they were read, by default: a file read and written\n\
         again is the same bytes, and a board that changed has only the lines (LIN: the\n\
         commands) of what changed rewritten, in the file's own line ends, so that a diff,\n\
         version control and the scoring program see only what changed. --normalize\n\
         writes the strict PBN 2.1 export format instead (mandatory tags in order, CR LF,\n\
         deals from the dealer)."
    )?;
    writeln!(
        out,
        "\n--dialect bigdeal writes these as Big Deal 2.0 does, keeping less:"
    )?;
    for &f in Format::ALL {
        if let Some(k) = f.keeps().big_deal {
            writeln!(out, "  {:<5} {}", f.name(), k.describe())?;
        }
    }
    writeln!(out, "\nOthello")?;
    for &f in OthelloFormat::ALL {
        row(out, f.info(), f.description())?;
    }
    Ok(Outcome::Ok)
}
