//! Nothing is dropped without a word. Every PBN and LIN file of
//! `../shared/data/wild` (other programs' files, with auctions, play,
//! commentary and tags) and Big Deal's own files are written in every
//! format that is read back, in either dialect, and read back. Whatever of the boards
//! first read does not come back the same must be named among the
//! conversion's losses: the read-back is the oracle, not the loss counter.
//! And the other way: a loss named where nothing of its kind comes back
//! different is a false note.

use boardfile_bridge::losses::LossCount;
use boardfile_bridge::{
    read, Board, BoardSet, Call, CallToken, CardToken, Contract, Dialect, Format, Heading,
    LossKind, Seat, SetInfo, WriteOptions,
};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

mod common;
use common::files;

fn shared(dir: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data")
        .join(dir)
}

/// The sets to write: every wild PBN and LIN that reads, and the files of
/// every bridge format that Big Deal and the other programs wrote.
fn inputs() -> Vec<(String, Format, BoardSet)> {
    let mut paths: Vec<(PathBuf, Format)> = Vec::new();
    for (ext, format) in [("pbn", Format::Pbn), ("lin", Format::Lin)] {
        for p in files(&shared("wild"), ext) {
            paths.push((p, format));
        }
    }
    for dir in ["bigdeal/cases", "bigdeal/squaredeal", "bridge"] {
        for &format in Format::ALL.iter().filter(|f| f.can_read()) {
            for &ext in format.extensions() {
                for p in files(&shared(dir), ext) {
                    paths.push((p, format));
                }
            }
        }
    }
    let mut out = Vec::new();
    for (p, format) in paths {
        let bytes = std::fs::read(&p).unwrap();
        // The PBN verifier suite's error files do not read; nor need they.
        if let Ok(r) = read(format, &bytes) {
            out.push((p.display().to_string(), format, r.set));
        }
    }
    assert!(out.len() > 400, "{} inputs", out.len());
    out
}

/// The text of note `n` among `N:text` notes.
fn note(notes: &[String], n: Option<u8>) -> Option<&str> {
    let n = n?.to_string();
    notes
        .iter()
        .find_map(|v| v.split_once(':').filter(|(k, _)| *k == n).map(|(_, t)| t))
}

/// What an auction says: who called first, each call with its
/// irregularity, NAGs and note's text (notes numbered otherwise say the
/// same), up to the passes that end it (`AP` or the passes themselves), its
/// contract, and whether it stopped.
fn auction_says(b: &Board) -> Option<(Seat, Vec<String>, Option<Contract>, bool)> {
    let a = b.auction.as_ref()?;
    let mut calls = &a.calls[..];
    while let [rest @ .., last] = calls {
        let plain = last.note.is_none() && last.nags.is_empty() && last.irregularity.is_none();
        match last.token {
            CallToken::AllPass | CallToken::Call(Call::Pass) if plain => calls = rest,
            _ => break,
        }
    }
    let calls = calls
        .iter()
        .map(|c| {
            let n = note(&a.notes, c.note);
            format!("{:?} {:?} {:?} {n:?}", c.token, c.irregularity, c.nags)
        })
        .collect();
    Some((a.first, calls, a.contract(), a.stopped))
}

/// What a play says: the cards known, in the order played, each with its
/// NAGs and note's text. Unknown cards (PBN's `-` after a claim) say
/// nothing, and a play without a known card is no play.
fn play_says(b: &Board) -> Option<Vec<String>> {
    let p = b.play.as_ref()?;
    let out: Vec<String> = p
        .cards
        .iter()
        .enumerate()
        .filter(|(_, c)| c.token != CardToken::Unknown)
        .map(|(i, c)| {
            let n = note(&p.notes, c.note);
            let seat = p.first.next(i % 4);
            format!(
                "{seat:?} {:?} {:?} {:?} {n:?}",
                c.token, c.irregularity, c.nags
            )
        })
        .collect();
    // A stop (`*`) after some cards: no more will be given.
    (!out.is_empty()).then(|| [out, vec![format!("stopped {}", p.stopped)]].concat())
}

/// What of board `a` does not come back as `b`, by the loss that must name
/// it (any one of them).
fn board_differences(a: &Board, b: &Board, info: &SetInfo, out: &mut BTreeSet<Vec<LossKind>>) {
    // Each kind once a board.
    use LossKind::*;
    let mut differ = |same: bool, kinds: &[LossKind]| {
        if !same {
            out.insert(kinds.to_vec());
        }
    };
    differ(a.deal == b.deal, &[Deals, LoneEast, TurnedDeals]);
    differ(a.number == b.number, &[Numbers]);
    differ(
        (a.dealer, a.vulnerability) == (b.dealer, b.vulnerability),
        &[Conditions, Numbers],
    );
    differ(a.dd == b.dd, &[DdTables, DdOtherHands, DdStored]);
    differ(a.par == b.par, &[Par]);
    differ(a.comments == b.comments, &[Comments]);
    differ(
        auction_says(a) == auction_says(b) && play_says(a) == play_says(b),
        &[Play],
    );
    differ(a.dlm.is_none() || a.dlm == b.dlm, &[DlmBoard]);
    differ(
        a.dup_trailer.is_none() || a.dup_trailer == b.dup_trailer,
        &[DupTrailer],
    );
    differ(a.lin.is_none() || a.lin == b.lin, &[LinText]);
    for t in &a.tags {
        if !t.says() || t.is_double_dummy() {
            continue;
        }
        let back = b.tags.iter().find(|u| u.name == t.name);
        // The event, site and date may come back as the set's (BRE's lines,
        // DLM's Headline).
        let heading = match t.name.as_ref() {
            "Event" => &info.event,
            "Site" => &info.site,
            "Date" => &info.date,
            _ => &None,
        };
        if heading.as_deref() == Some(t.value.as_str()) && back.is_none() {
            continue;
        }
        differ(
            back.is_some_and(|u| u.value == t.value && u.rows == t.rows),
            &[Tags],
        );
    }
}

/// What of set `a` does not come back in `b`.
fn set_differences(a: &BoardSet, b: &BoardSet, out: &mut BTreeSet<Vec<LossKind>>) {
    use LossKind::*;
    for (which, field, kind) in [
        (Heading::Event, &a.info.event, Event),
        (Heading::Site, &a.info.site, Site),
        (Heading::Date, &a.info.date, Date),
    ] {
        if field.is_some() && b.heading(which) != field.as_deref() {
            out.insert(vec![kind]);
        }
    }
    if a.info.dlm.is_some() && a.info.dlm != b.info.dlm {
        out.insert(vec![DlmHeader]);
    }
    if a.info.lin.is_some() && a.info.lin != b.info.lin {
        out.insert(vec![LinHeader]);
    }
    if a.info.blind && !b.info.blind {
        out.insert(vec![Blind]);
    }
    let said = |s: &BoardSet| -> Vec<String> {
        s.info
            .pbn
            .iter()
            .flat_map(|p| p.own_lines())
            .cloned()
            .collect()
    };
    if said(a) != said(b) && !said(a).is_empty() {
        out.insert(vec![PbnPreamble]);
    }
}

#[test]
fn what_does_not_come_back_is_named_in_either_dialect() {
    let inputs = inputs();
    let mut checked: BTreeMap<(&str, bool), u32> = BTreeMap::new();
    let mut failures = Vec::new();
    for dialect in [Dialect::Boardfile, Dialect::BigDeal] {
        let options = WriteOptions::default().in_dialect(dialect);
        for &to in Format::ALL.iter().filter(|f| f.can_read() && f.can_write()) {
            for (name, from, set) in &inputs {
                let mut bytes = Vec::new();
                // Sets the output cannot carry (partial deals, boards past
                // 99 in DLM...) are refused, not written.
                if boardfile_bridge::write_with(to, set, &mut bytes, &options).is_err() {
                    continue;
                }
                let mut count = LossCount::between(Some(*from), to, dialect);
                count.set(&set.info);
                for b in &set.boards {
                    count.board(b);
                }
                // Each kind named, with the boards it concerns (set-level
                // data: 1).
                let named: BTreeMap<LossKind, u64> = count
                    .losses()
                    .iter()
                    .map(|l| (l.kind, l.boards.max(1)))
                    .collect();
                let back = read(to, &bytes)
                    .unwrap_or_else(|e| panic!("{name} as {to} ({dialect:?}): {e}"))
                    .set;
                // Each difference, with the boards it is found on.
                let mut differ: BTreeMap<Vec<LossKind>, u64> = BTreeMap::new();
                let mut found = BTreeSet::new();
                set_differences(set, &back, &mut found);
                for kinds in found {
                    *differ.entry(kinds).or_default() += 1;
                }
                // Boards DLM adds to fill its From..To are named as such.
                let numbers: BTreeSet<u32> = set.boards.iter().map(|b| b.number).collect();
                let boards: Vec<&Board> = back
                    .boards
                    .iter()
                    .filter(|b| {
                        !named.contains_key(&LossKind::DlmGaps) || numbers.contains(&b.number)
                    })
                    .collect();
                if boards.len() != set.boards.len() {
                    failures.push(format!(
                        "{name} as {to} ({dialect:?}): {} boards read back of {}",
                        boards.len(),
                        set.boards.len()
                    ));
                    continue;
                }
                for (a, b) in set.boards.iter().zip(boards) {
                    let mut found = BTreeSet::new();
                    board_differences(a, b, &back.info, &mut found);
                    for kinds in found {
                        *differ.entry(kinds).or_default() += 1;
                    }
                }
                // A loss named for fewer boards than it is found on hides
                // the others.
                // And the other way: a loss named where nothing of its
                // kind differs is a false note, unless it is one of those
                // below, each for its reason.
                for k in named.keys() {
                    let found = differ.keys().any(|kinds| kinds.contains(k));
                    // DLM's added boards are left out above, by this note.
                    let by_construction = *k == LossKind::DlmGaps;
                    if !found && !by_construction {
                        failures.push(format!(
                            "{name} as {to} ({dialect:?}): {k:?} named for {} boards, but nothing of it differs",
                            named[k]
                        ));
                    }
                }
                for (kinds, boards) in differ {
                    let covered: u64 = kinds.iter().filter_map(|k| named.get(k)).sum();
                    if covered < boards {
                        failures.push(format!(
                            "{name} as {to} ({dialect:?}): {kinds:?} differ on {boards} boards, named {named:?}"
                        ));
                    }
                }
                *checked
                    .entry((to.name(), dialect == Dialect::BigDeal))
                    .or_insert(0) += 1;
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} silent or false:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // Each format, in either dialect, from many sets.
    let formats = Format::ALL
        .iter()
        .filter(|f| f.can_read() && f.can_write())
        .count();
    assert_eq!(checked.len(), 2 * formats, "{checked:?}");
    assert!(checked.values().all(|&n| n >= 20), "{checked:?}");
}

/// The losses named writing `set` as `to` in Big Deal's dialect, read from
/// `from`.
fn big_deal_losses(set: &BoardSet, from: Format, to: Format) -> BTreeMap<LossKind, u64> {
    let mut count = LossCount::between(Some(from), to, Dialect::BigDeal);
    count.set(&set.info);
    for b in &set.boards {
        count.board(b);
    }
    count.losses().iter().map(|l| (l.kind, l.boards)).collect()
}

#[test]
fn big_deals_own_header_lines_and_trailers_are_no_loss_only_while_they_are_big_deals() {
    let case = shared("bigdeal/cases/01");
    let read_case = |name: &str, format: Format| {
        read(format, &std::fs::read(case.join(name)).unwrap())
            .unwrap()
            .set
    };
    let options = WriteOptions::default().in_dialect(Dialect::BigDeal);
    let write = |set: &BoardSet, to: Format| {
        let mut out = Vec::new();
        boardfile_bridge::write_with(to, set, &mut out, &options).unwrap();
        out
    };
    // Big Deal's files written again in its dialect: the same bytes, and
    // nothing named.
    for (name, format) in [
        ("deal.dup", Format::Dup),
        ("deal.dlm", Format::Dlm),
        ("deal.lin", Format::Lin),
        ("blind.dup", Format::Dup),
        ("blind.dlm", Format::Dlm),
    ] {
        let set = read_case(name, format);
        assert_eq!(write(&set, format), std::fs::read(case.join(name)).unwrap());
        assert_eq!(
            big_deal_losses(&set, format, format),
            BTreeMap::new(),
            "{name}"
        );
    }
    // Ten of the 32 DUP boards: Big Deal's trailer counts 10 boards, not
    // the 32 each board had, so every trailer is named.
    let mut ten = read_case("deal.dup", Format::Dup);
    ten.boards.truncate(10);
    let back = read(Format::Dup, &write(&ten, Format::Dup)).unwrap().set;
    assert_ne!(back.boards[0].dup_trailer, ten.boards[0].dup_trailer);
    assert_eq!(
        big_deal_losses(&ten, Format::Dup, Format::Dup),
        BTreeMap::from([(LossKind::DupTrailer, 10)])
    );
    // One board with a trailer of its own among 31 with Big Deal's: that
    // one is named, as the read-back shows.
    let mut one = read_case("deal.dup", Format::Dup);
    one.boards[0].dup_trailer = Some(boardfile_bridge::DupTrailer(*b"          "));
    let back = read(Format::Dup, &write(&one, Format::Dup)).unwrap().set;
    let differ = one
        .boards
        .iter()
        .zip(&back.boards)
        .filter(|(a, b)| a.dup_trailer != b.dup_trailer)
        .count();
    assert_eq!(differ, 1);
    assert_eq!(
        big_deal_losses(&one, Format::Dup, Format::Dup),
        BTreeMap::from([(LossKind::DupTrailer, 1)])
    );
    // A DLM header not Big Deal's (another Headline, so another event):
    // both named, as the file written has Big Deal's.
    let mut other = read_case("deal.dlm", Format::Dlm);
    other.info.event = Some("Club night".into());
    other.info.dlm.as_mut().unwrap().header[0].1 = "Club night".into();
    let back = read(Format::Dlm, &write(&other, Format::Dlm)).unwrap().set;
    assert_ne!(back.info.event, other.info.event);
    assert_eq!(
        big_deal_losses(&other, Format::Dlm, Format::Dlm),
        BTreeMap::from([(LossKind::DlmHeader, 0), (LossKind::Event, 0)])
    );
    // A LIN board with a tag Big Deal's line has no room for: the tags are
    // named, the line's text is not (it is Big Deal's).
    let mut tagged = read_case("deal.lin", Format::Lin);
    tagged.boards[0].set_tag("West", "Ann".to_string());
    assert_eq!(
        big_deal_losses(&tagged, Format::Lin, Format::Lin),
        BTreeMap::from([(LossKind::Tags, 1)])
    );
}
