//! The choices a writer can be given.

use crate::diagram::{Paper, PerPage};

/// Choices a writer can be given.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct WriteOptions {
    /// The double-dummy tags PBN writes.
    pub dd_tags: DdTags,
    /// Writes each board in the format's own standard form, not as the file
    /// it was read from had it: PBN's export format (the mandatory tags, in
    /// order, CR LF, deals from the dealer), without the boards' PBN and
    /// LIN texts in JSON Lines.
    pub normalize: bool,
    /// Hand records (HTML, PDF): boards a printed page.
    pub per_page: PerPage,
    /// Hand records (HTML, PDF): the paper the pages are laid out for.
    pub paper: Paper,
    /// Hand records (HTML, PDF): the heading of the pages, in place of
    /// the set's event (see [`crate::diagram::record_heading`]).
    pub title: Option<String>,
    /// Dealing machines (DUP, DLM): the deals are not to be shown on the
    /// machine's screen (Big Deal's "dupblind" and "dlmblind": DUP's board 1
    /// without its DGE half, DLM's `Status=Sealed`).
    pub blind: bool,
    /// Whose layout the writers follow where a format leaves a choice.
    pub dialect: Dialect,
}

/// Whose layout a writer follows where a format leaves a choice (header
/// lines, tag order, line ends, trailers).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Dialect {
    /// boardfile's own: each format's standard form, and a file read
    /// written back as it was.
    #[default]
    Boardfile,
    /// Big Deal 2.0's, byte for byte: PBN, LIN, DUP and DLM as `bigdealx`
    /// writes them (see [`crate::formats::big_deal_dialect`]). The formats Big Deal
    /// writes one way only (BRI, DGE, BER, BHG, RZD, CDS, its CSV) are
    /// written so in either dialect.
    BigDeal,
}

impl Dialect {
    /// The dialect named `boardfile` or `bigdeal` (any case).
    ///
    /// ```
    /// use boardfile_bridge::Dialect;
    /// assert_eq!(Dialect::parse("BigDeal"), Ok(Dialect::BigDeal));
    /// assert!(Dialect::parse("dealer4").is_err());
    /// ```
    pub fn parse(name: &str) -> Result<Dialect, String> {
        match name.to_ascii_lowercase().as_str() {
            "boardfile" => Ok(Dialect::Boardfile),
            "bigdeal" | "big-deal" => Ok(Dialect::BigDeal),
            _ => Err(format!("{name:?}: expected boardfile or bigdeal")),
        }
    }
}

impl WriteOptions {
    /// Options with PBN's double-dummy tags chosen.
    pub fn with_dd_tags(tags: DdTags) -> WriteOptions {
        WriteOptions {
            dd_tags: tags,
            ..WriteOptions::default()
        }
    }

    /// These options, normalizing or not (see [`WriteOptions::normalize`]).
    pub fn normalized(self, normalize: bool) -> WriteOptions {
        WriteOptions { normalize, ..self }
    }

    /// These options for a dealing machine that must not show the deals
    /// (see [`WriteOptions::blind`]).
    pub fn blinded(self, blind: bool) -> WriteOptions {
        WriteOptions { blind, ..self }
    }

    /// These options in `dialect` (see [`WriteOptions::dialect`]).
    pub fn in_dialect(self, dialect: Dialect) -> WriteOptions {
        WriteOptions { dialect, ..self }
    }

    /// These options with hand records laid out `per_page` boards a page
    /// of `paper`.
    pub fn laid_out(self, per_page: PerPage, paper: Paper) -> WriteOptions {
        WriteOptions {
            per_page,
            paper,
            ..self
        }
    }

    /// These options with hand records headed `title` (see
    /// [`WriteOptions::title`]).
    pub fn titled(self, title: Option<String>) -> WriteOptions {
        WriteOptions { title, ..self }
    }
}

/// Which double-dummy tags the PBN writer gives a board whose table or par
/// is known but not (or no longer) carried by a tag of the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DdTags {
    /// `OptimumResultTable`, the 20-row table.
    pub table: bool,
    /// `DoubleDummyTricks`, 20 hex digits.
    pub tricks: bool,
    /// `OptimumScore`, the par score.
    pub score: bool,
    /// `ParContract`, the par contracts.
    pub contract: bool,
    /// Write only these: drop the file's other double-dummy tags too.
    pub only: bool,
}

impl Default for DdTags {
    /// All four, and the file's own tags kept.
    fn default() -> DdTags {
        DdTags {
            table: true,
            tricks: true,
            score: true,
            contract: true,
            only: false,
        }
    }
}

impl DdTags {
    /// Reads a comma-separated list of tag names (any case), `all` or
    /// `none`; the result writes exactly those tags.
    ///
    /// ```
    /// use boardfile_bridge::DdTags;
    /// let tags = DdTags::parse("OptimumResultTable,ParContract").unwrap();
    /// assert!(tags.wants("ParContract") && !tags.wants("OptimumScore"));
    /// assert!(DdTags::parse("Optimum").is_err());
    /// ```
    pub fn parse(list: &str) -> Result<DdTags, String> {
        let mut t = DdTags {
            table: false,
            tricks: false,
            score: false,
            contract: false,
            only: true,
        };
        for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            match name.to_ascii_lowercase().as_str() {
                "all" => {
                    t = DdTags {
                        only: true,
                        ..DdTags::default()
                    }
                }
                "none" => {}
                "optimumresulttable" => t.table = true,
                "doubledummytricks" => t.tricks = true,
                "optimumscore" => t.score = true,
                "parcontract" => t.contract = true,
                _ => {
                    return Err(format!(
                        "{name:?} is not one of OptimumResultTable, DoubleDummyTricks, OptimumScore, ParContract, all, none"
                    ))
                }
            }
        }
        Ok(t)
    }

    /// True when the tag of this name is chosen.
    pub fn wants(&self, name: &str) -> bool {
        match name {
            "OptimumResultTable" => self.table,
            "DoubleDummyTricks" => self.tricks,
            "OptimumScore" => self.score,
            "ParContract" => self.contract,
            _ => false,
        }
    }
}
