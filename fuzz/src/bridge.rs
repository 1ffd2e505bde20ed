//! Checks on the bridge formats.

use boardfile_bridge::diagram::{self, Symbols};
use boardfile_bridge::{
    losses, validate, write, write_with, BoardSet, Deal, Diagnostics, Format, WriteOptions,
};
use boardfile_io::Source;

fn write_vec(format: Format, set: &BoardSet) -> Result<Vec<u8>, boardfile_bridge::Error> {
    let mut out = Vec::new();
    write(format, set, &mut out).map(|()| out)
}

fn deals(set: &BoardSet) -> Vec<Deal> {
    set.boards.iter().map(|b| b.deal).collect()
}

/// Reads `data` strictly and collecting (they must agree), then writes
/// what was read in every format: each output that is read back must give
/// the same cards (ZDD holds no cards).
pub fn read(format: Format, data: &[u8]) {
    let strict = boardfile_bridge::read(format, data);
    let v = validate(format, data);
    // Contradicting double-dummy tags are a warning when reading and an
    // error when validating; anything else, strict and collecting agree.
    match &strict {
        Ok(o) if o.warnings.is_empty() => {
            assert!(v.is_valid(), "strict read, collecting found {:?}", v.errors);
            assert!(
                v.set.as_ref() == Some(&o.set),
                "strict and collecting differ"
            );
        }
        Ok(_) => assert!(v.set.is_some(), "strict read, collecting found no set"),
        Err(e) => assert!(!v.is_valid(), "strict {e}, collecting found nothing"),
    }
    let Ok(outcome) = strict else { return };
    let set = outcome.set;
    for board in &set.boards {
        diagram::write_board(board, Symbols::Unicode, &mut Vec::new()).unwrap();
    }
    for &to in Format::all() {
        let _ = losses(&set, to);
        if !to.can_read() {
            // Hand records for people (HTML, PDF): laid out and drawn, each
            // page costly under the sanitizers; the first pages' boards are
            // what no-panic needs.
            let mut few = set.clone();
            few.boards.truncate(16);
            let _ = write_vec(to, &few);
            continue;
        }
        let Ok(out) = write_vec(to, &set) else {
            continue;
        };
        let back = boardfile_bridge::read(to, &out)
            .unwrap_or_else(|e| panic!("{format} -> {to}: wrote what it cannot read: {e}"));
        let back = back.set;
        if to == Format::Dlm {
            // DLM keeps boards by number, From..To, the gaps filled with
            // undealt boards (a loss it reports): each board's cards are
            // found under its number.
            for b in &set.boards {
                let found = back.boards.iter().find(|x| x.number == b.number);
                assert_eq!(
                    found.map(|x| x.deal),
                    Some(b.deal),
                    "{format} -> DLM: board {}",
                    b.number
                );
            }
        } else if to == Format::Lin {
            // LIN reads an East left out beside three whole hands as the
            // cards they do not hold (a loss it reports).
            let expected: Vec<Deal> = deals(&set).into_iter().map(east_completed).collect();
            assert_eq!(deals(&back), expected, "{format} -> LIN: cards differ");
        } else if to == Format::Bhg {
            // BHG gives each deal from its board's dealer, whom it does not
            // name: read back as board i + 1's, a deal is turned from its
            // dealer to that number's (its loss of numbers and conditions).
            let expected: Vec<Deal> = set
                .boards
                .iter()
                .enumerate()
                .map(|(i, b)| {
                    let read_as = boardfile_bridge::dealer_for_board(i as u32 + 1);
                    turned(b.deal, (read_as.index() + 4 - b.dealer.index()) % 4)
                })
                .collect();
            assert_eq!(deals(&back), expected, "{format} -> BHG: cards differ");
        } else if to != Format::Zdd {
            assert_eq!(deals(&back), deals(&set), "{format} -> {to}: cards differ");
        }
    }
}

/// `deal` turned `k` seats clockwise: each hand to the seat `k` places on.
fn turned(deal: Deal, k: usize) -> Deal {
    let mut hands = deal.hands();
    for seat in boardfile_bridge::Seat::ALL {
        hands[seat.next(k).index()] = deal.hand(seat);
    }
    Deal::new(hands).expect("the same hands")
}

/// The deal with an empty East given the cards the other three hands do
/// not hold, when they hold 13 each.
fn east_completed(deal: Deal) -> Deal {
    let mut hands = deal.hands();
    let [n, e, s, w] = hands;
    if e.is_empty() && [n, s, w].iter().all(|h| h.len() == 13) {
        hands[1] = n.union(s).union(w).complement();
    }
    Deal::new(hands).expect("the cards no one holds")
}

/// Read, write, read in one format, twice: as the file had it (PBN and LIN
/// write a board back as its text, edited where it changed) and normalized
/// (the format's standard form). Each writer is a fixed point from its
/// second write, byte for byte; the model survives both. A set a format's
/// reader made must be writable in that format.
pub fn round_trip(format: Format, data: &[u8]) {
    let Ok(first) = boardfile_bridge::read(format, data) else {
        return;
    };
    for normalize in [false, true] {
        let options = WriteOptions::default().normalized(normalize);
        let write = |set: &BoardSet| {
            let mut out = Vec::new();
            write_with(format, set, &mut out, &options).map(|()| out)
        };
        let once =
            write(&first.set).unwrap_or_else(|e| panic!("{format} cannot write what it read: {e}"));
        let second = boardfile_bridge::read(format, &once)
            .unwrap_or_else(|e| panic!("{format} cannot read what it wrote: {e}"));
        let twice = write(&second.set).expect("written once");
        assert!(
            once == twice,
            "{format} (normalize: {normalize}): the second write differs"
        );
        // PBN and LIN come back as they were, but for text a character set
        // cannot give back: UTF-16 (read as its text), and bytes that are
        // not UTF-8 in a file read as UTF-8 (read as ISO-8859-1).
        let keeps_text = format == Format::Pbn || format == Format::Lin;
        let utf16 = data.starts_with(b"\xff\xfe") || data.starts_with(b"\xfe\xff");
        let mixed = first
            .warnings
            .iter()
            .any(|w| w.message.contains("is not UTF-8"));
        if keeps_text && !normalize && !utf16 && !mixed {
            assert!(
                once == data,
                "{format}: a file that reads does not come back as it was"
            );
        }
        // Contradicting data (two double-dummy tags that disagree) is read
        // with a warning and written as the model resolved it: the same
        // model is asked only of a file read without warnings.
        if first.warnings.is_empty() {
            let (a, b) = (textless(&first.set), textless(&second.set));
            if !normalize {
                compare(format, &a, b);
            } else if format != Format::Lin {
                // A LIN board written anew gives its players, auction and
                // play; a result only its file's header gave is not its.
                same_model(format, &a, &b);
            }
        }
    }
}

/// The set without the texts its boards were read from (PBN's, LIN's),
/// which differ where the bytes read and the bytes written do.
fn textless(set: &BoardSet) -> BoardSet {
    let mut set = set.clone();
    for b in &mut set.boards {
        (b.pbn, b.lin) = (None, None);
    }
    if let Some(p) = &mut set.info.pbn {
        p.head = None;
    }
    set
}

/// What a format's round trip must keep: the whole model, but for the
/// mandatory PBN tags the export form adds and the order it gives tags.
fn same_model(format: Format, first: &BoardSet, second: &BoardSet) {
    assert_eq!(
        first.boards.len(),
        second.boards.len(),
        "{format}: board count"
    );
    let mut second = second.clone();
    if format == Format::Pbn {
        // The export form puts the mandatory tags first, in their order;
        // the others keep theirs.
        const MANDATORY: [&str; 11] = [
            "Event", "Site", "Date", "West", "North", "East", "South", "Scoring", "Declarer",
            "Contract", "Result",
        ];
        // ... and the supplemental tags after them by name (PBN 2.1, 3.4).
        let order = |tags: &mut Vec<boardfile_bridge::Tag>| {
            tags.sort_by(|x, y| {
                let at = |t: &boardfile_bridge::Tag| MANDATORY.iter().position(|m| *m == t.name);
                match (at(x), at(y)) {
                    (Some(i), Some(j)) => i.cmp(&j),
                    (Some(_), None) => std::cmp::Ordering::Less,
                    (None, Some(_)) => std::cmp::Ordering::Greater,
                    (None, None) => x.name.cmp(&y.name),
                }
            })
        };
        let mut first = first.clone();
        for (a, b) in first.boards.iter_mut().zip(&mut second.boards) {
            // Mandatory tags the export form adds: empty, `?`, or what the
            // auction says (Declarer, Contract).
            b.tags.retain(|t| {
                let added = !a.tags.iter().any(|x| x.name == t.name);
                let mandatory = MANDATORY.contains(&t.name.as_ref());
                !(added && (mandatory || t.value.is_empty() || t.value == "?") && !t.is_section())
            });
            order(&mut a.tags);
            order(&mut b.tags);
            // Comments follow what they are anchored to, so tags put in
            // order carry theirs along: the same comments for each anchor,
            // in the same order.
            for board in [&mut *a, &mut *b] {
                board.comments.sort_by_key(|c| format!("{:?}", c.after));
            }
        }
        second.info.pbn = first.info.pbn.clone();
        return compare(format, &first, second);
    }
    compare(format, first, second)
}

fn compare(format: Format, first: &BoardSet, second: BoardSet) {
    for (i, (a, b)) in first.boards.iter().zip(&second.boards).enumerate() {
        assert!(a == b, "{format}: board {i} changed:\n{a:?}\n{b:?}");
    }
    let (mut a, mut b) = (first.clone(), second);
    a.boards.clear();
    b.boards.clear();
    assert_eq!(a, b, "{format}: the set's own data changed");
}

/// A reader fed a few bytes at a time, as a pipe may feed it, and made to
/// read in windows of a few bytes (so that records cross them), against the
/// same reader over the bytes in memory: the same boards, set data,
/// warnings and errors. The first byte picks the format and how many bytes
/// each read gives (1 to 8); the rest is the input.
pub fn stream(data: &[u8]) {
    let Some((&pick, input)) = data.split_first() else {
        return;
    };
    let readable: Vec<Format> = Format::all()
        .iter()
        .copied()
        .filter(|f| f.can_read())
        .collect();
    let format = readable[pick as usize % readable.len()];
    let step = 1 + (pick as usize / readable.len()) % 8;
    transcode(format, input);
    for collecting in [false, true] {
        let run = |source: Source| {
            let mut diag = if collecting {
                Diagnostics::collecting()
            } else {
                Diagnostics::strict()
            };
            let set = format
                .open(source, &mut diag)
                .and_then(|mut r| boardfile_bridge::records::collect(r.as_mut(), &mut diag));
            let errors: Vec<String> = diag.errors.iter().map(|e| e.to_string()).collect();
            (set.map_err(|e| e.to_string()), errors, diag.warnings)
        };
        let whole = run(Source::from_bytes(input));
        let trickled = run(Source::from_reader(Trickle(input, step)).with_read_ahead(step * 5));
        // Text read in windows takes its character set from the first
        // window with text beyond ASCII: when a later one disagrees, the
        // reader says so, and the two reads may differ.
        if trickled
            .2
            .iter()
            .any(|w| w.message.contains("is not UTF-8"))
        {
            continue;
        }
        assert!(
            whole == trickled,
            "{format}: read in pieces of {step} differs:\n{trickled:?}\nwhole:\n{whole:?}"
        );
    }
}

/// Pavlicek's records copied without the model against the same
/// conversion through it: the same bytes, losses and failure.
pub fn transcode(from: Format, data: &[u8]) {
    use boardfile_bridge::{convert, convert_file, WriteOptions};
    let Some(transcoder) = from.hooks().transcode else {
        return;
    };
    for &to in Format::all() {
        if !(transcoder.can)(from, to) {
            continue;
        }
        let options = WriteOptions::default();
        let run = |copy: bool| {
            let mut out = Vec::new();
            let mut diag = Diagnostics::strict();
            let source = Source::from_bytes(data);
            let done = if copy {
                convert_file(source, from, to, &options, &mut out, &mut diag, &mut |_| {})
            } else {
                from.open(source, &mut diag)
                    .map_err(boardfile_bridge::ConvertError::Read)
                    .and_then(|mut r| {
                        convert(
                            r.as_mut(),
                            Some(from),
                            to,
                            &options,
                            &mut out,
                            &mut diag,
                            &mut |_| {},
                        )
                    })
            };
            match done {
                Ok(d) => Ok((
                    out,
                    d.boards,
                    d.losses.iter().map(|l| l.to_string()).collect::<Vec<_>>(),
                )),
                Err(e) => Err(e.to_string()),
            }
        };
        let (copied, modelled) = (run(true), run(false));
        match (&copied, &modelled) {
            (Ok(a), Ok(b)) => assert!(
                a == b,
                "{from} -> {to}: copied records differ from the model's"
            ),
            (Err(_), Err(_)) => {}
            _ => panic!("{from} -> {to}: copied {copied:?}, through the model {modelled:?}"),
        }
    }
}

/// A reader that gives at most `.1` bytes a call.
struct Trickle<'a>(&'a [u8], usize);

impl std::io::Read for Trickle<'_> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let n = self.0.len().min(out.len()).min(self.1);
        out[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}
