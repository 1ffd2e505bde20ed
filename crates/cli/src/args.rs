//! Arguments several commands share: which boards pass, how output is laid
//! out, and (Othello) the names files and the games a query keeps.

use crate::report::Failure;
use boardfile_bridge::diagram::{Paper, PerPage};
use boardfile_bridge::model::date::PartialDate;
use boardfile_bridge::stages::{BoardList, Headings, Stage};
use boardfile_bridge::{DdTags, Dialect, WriteOptions};
use boardfile_io::Input;
use boardfile_othello::convert::NameFiles;
use boardfile_othello::database::Filter;
use clap::builder::{StyledStr, Styles};
use std::path::PathBuf;

/// The headings options are listed under in `-h`, `--help` and the man
/// pages (as sections there), so that each command's options are grouped
/// alike. An option that fits none stays under clap's own "Options".
pub mod heading {
    /// What is read and how: the input format, files read beside it,
    /// input that does not read.
    pub const INPUT: &str = "Input";
    /// What is written and how: the output format, its layout, replacing.
    pub const OUTPUT: &str = "Output";
    /// Bridge only: which boards, and their numbers.
    pub const BRIDGE: &str = "Bridge";
    /// Othello only: the names files, the games a query keeps.
    pub const OTHELLO: &str = "Othello";
    /// HTML and PDF hand records.
    pub const HAND_RECORDS: &str = "Hand records";
}

/// A command's examples as help prints them after the options (its
/// `after_help`, and with more of them its `after_long_help`): `parts`,
/// lines of commands each under a `# what it does` line, indented by
/// two, under an "Examples:" header styled as clap styles its own. The
/// man pages print the same lines as their EXAMPLES section. Lines stay
/// within 75 columns, so that neither an 80-column terminal nor a man
/// page (indented by 7) breaks them.
pub fn examples(parts: &[&str]) -> StyledStr {
    let header = *Styles::default().get_header();
    let mut text = format!("{header}Examples:{header:#}");
    for part in parts {
        text.push('\n');
        text.push_str(part.trim_matches('\n'));
    }
    text.into()
}

/// Bridge: which boards pass, and their numbers.
#[derive(clap::Args, Clone, Default)]
pub struct StageArgs {
    /// Only these boards (numbers as read): 1-16,20 or 25-.
    #[arg(long, value_name = "LIST", value_parser = BoardList::parse, help_heading = heading::BRIDGE)]
    boards: Option<BoardList>,
    /// Number the boards from FIRST on, in order.
    ///
    /// Dealer and vulnerability follow the new numbers (a board with an
    /// auction keeps its own).
    #[arg(long, value_name = "FIRST", value_parser = clap::value_parser!(u32).range(1..), help_heading = heading::BRIDGE)]
    renumber: Option<u32>,
    /// With --renumber: keep each board's dealer and vulnerability.
    #[arg(long, requires = "renumber", help_heading = heading::BRIDGE)]
    keep_conditions: bool,
}

impl StageArgs {
    pub fn stage(self, unique: bool) -> Stage {
        Stage {
            boards: self.boards,
            renumber: self.renumber,
            keep_conditions: self.keep_conditions,
            unique,
            headings: Headings::default(),
        }
    }
}

/// Output: how hand records are laid out, and for dealing machines and Big Deal.
#[derive(clap::Args, Clone, Copy)]
pub struct LayoutArgs {
    /// Boards a page, 1, 2 or 4.
    #[arg(long, value_name = "N", default_value = "4", value_parser = PerPage::parse, help_heading = heading::HAND_RECORDS)]
    per_page: PerPage,
    /// The paper, a4 or letter.
    #[arg(long, value_name = "PAPER", default_value = "a4", value_parser = Paper::parse, help_heading = heading::HAND_RECORDS)]
    paper: Paper,
    /// DUP and DLM output: for a dealing machine that must not show the
    /// deals.
    ///
    /// Big Deal's dupblind and dlmblind: board 1 of a DUP without its
    /// screen half, DLM's Status=Sealed.
    #[arg(long, help_heading = heading::OUTPUT)]
    blind: bool,
    /// Whose layout to write: boardfile or bigdeal.
    ///
    /// boardfile: each format's standard form, a file read written back as
    /// it was; bigdeal: PBN, LIN, DUP and DLM byte for byte as Big Deal 2.0
    /// writes them. Default: boardfile; bigdeal for `deal --owner`.
    #[arg(long, value_name = "DIALECT", value_parser = Dialect::parse, help_heading = heading::OUTPUT)]
    pub dialect: Option<Dialect>,
}

/// Hand records' title, and the set's event, site and date given anew.
#[derive(clap::Args, Clone, Default)]
pub struct TitleArgs {
    /// The hand records' heading; default: the event.
    ///
    /// HTML and PDF print it atop every page, the event, site and date
    /// below it. Other formats have no place for it (--event is theirs).
    #[arg(long, value_name = "TEXT", value_parser = one_line, help_heading = heading::HAND_RECORDS)]
    pub title: Option<String>,
    /// The event, in place of the input's, in every output.
    ///
    /// The set's event and every board's Event tag (PBN, LIN, JSON
    /// Lines...), and the hand records' heading unless --title is given.
    /// An output format without a place for it says so.
    #[arg(long, value_name = "TEXT", value_parser = one_line, help_heading = heading::HAND_RECORDS)]
    event: Option<String>,
    /// The site, in place of the input's (as --event).
    #[arg(long, value_name = "TEXT", value_parser = one_line, help_heading = heading::HAND_RECORDS)]
    site: Option<String>,
    /// The date: 2026-11-24, or PBN's 2026.11.24.
    ///
    /// In place of the input's, as --event. PBN's ?? for a part not known
    /// (2026.11.??). PBN writes 2026.11.24, hand records 24 November 2026
    /// (November 2026).
    #[arg(long, value_name = "DATE", value_parser = pbn_date, help_heading = heading::HAND_RECORDS)]
    date: Option<String>,
}

/// Text of one line, not empty.
fn one_line(text: &str) -> Result<String, String> {
    let t = text.trim();
    if t.is_empty() {
        return Err("empty".into());
    }
    if t.contains(|c: char| c.is_control()) {
        return Err("a line break or control character in it".into());
    }
    Ok(t.to_string())
}

/// A date as PBN writes it, from ISO's form or PBN's.
fn pbn_date(text: &str) -> Result<String, String> {
    PartialDate::parse(text)
        .map(|d| d.pbn())
        .map_err(|_| "not a date (2026-11-24, or PBN's 2026.11.24)".into())
}

impl TitleArgs {
    /// The event, site and date given.
    pub fn headings(&self) -> Headings {
        Headings {
            event: self.event.clone(),
            site: self.site.clone(),
            date: self.date.clone(),
        }
    }

    /// True when none of them is given.
    pub fn is_empty(&self) -> bool {
        self.title.is_none() && self.headings().is_empty()
    }

    /// The refusal of any of them for Othello games.
    pub fn not_for_othello() -> Failure {
        Failure::operational(
            "--title, --event, --site and --date are for bridge hand records and board sets".into(),
        )
    }

    /// A note for each output whose format has no place for the title.
    pub fn note_untitled(&self, outputs: &[(boardfile_io::Output, boardfile_bridge::Format)]) {
        if self.title.is_none() {
            return;
        }
        for (output, format) in outputs {
            if !format.keeps().title {
                crate::report::note(
                    output,
                    &format!(
                        "--title not kept: {} has no title (--event is its heading)",
                        format.name()
                    ),
                );
            }
        }
    }
}

/// Othello: the WTHOR names files.
#[derive(clap::Args, Clone, Default)]
pub struct NameArgs {
    /// The player names file; default: WTHOR.JOU beside the input.
    #[arg(long, value_name = "WTHOR.JOU", help_heading = heading::OTHELLO)]
    players: Option<PathBuf>,
    /// The tournament names file; default: WTHOR.TRN beside the input.
    #[arg(long, value_name = "WTHOR.TRN", help_heading = heading::OTHELLO)]
    tournaments: Option<PathBuf>,
}

/// Othello: which games to keep, of a database or any file of games.
#[derive(clap::Args, Clone, Default)]
pub struct QueryArgs {
    /// The games of a player, black or white, whose name holds NAME.
    ///
    /// In any case, the names file's name or the file's own: --player
    /// inoue keeps those of "Inoue Hiroshi" and "Inoue Takuya".
    #[arg(long, value_name = "NAME", help_heading = heading::OTHELLO)]
    player: Option<String>,
    /// The games of a tournament whose name holds NAME, in any case.
    #[arg(long, value_name = "NAME", help_heading = heading::OTHELLO)]
    tournament: Option<String>,
    /// The games of a year (2004) or of years (2000-2004, 2000-, -1990).
    ///
    /// By the file's header (a database) or the game's date.
    #[arg(long, value_name = "YEARS", allow_hyphen_values = true, value_parser = Filter::parse_years, help_heading = heading::OTHELLO)]
    year: Option<(u16, u16)>,
    /// The games that open with these moves (f5d6c3d3), or a symmetry.
    ///
    /// Also those that open with the moves turned by a symmetry of the
    /// start: d3c5f6 is f5d6c3.
    #[arg(long, value_name = "MOVES", help_heading = heading::OTHELLO)]
    opening: Option<String>,
}

impl QueryArgs {
    pub fn filter(&self) -> Result<Filter, Failure> {
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
    pub fn database(&self, add: bool) -> NameFiles {
        NameFiles {
            players: self.players.clone(),
            tournaments: self.tournaments.clone(),
            beside: None,
            add,
        }
    }

    pub fn files(&self, input: &Input, add: bool) -> NameFiles {
        NameFiles {
            players: self.players.clone(),
            tournaments: self.tournaments.clone(),
            beside: input.path().map(PathBuf::from),
            add,
        }
    }
}

/// How boards are written: the options a command's arguments give.
pub fn write_options(
    dd_tags: Option<DdTags>,
    normalize: bool,
    layout: LayoutArgs,
    titles: &TitleArgs,
) -> WriteOptions {
    dd_tags
        .map_or_else(WriteOptions::default, WriteOptions::with_dd_tags)
        .normalized(normalize)
        .laid_out(layout.per_page, layout.paper)
        .blinded(layout.blind)
        .in_dialect(layout.dialect.unwrap_or_default())
        .titled(titles.title.clone())
}
