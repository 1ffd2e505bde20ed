//! Counts in headers and records cannot make a reader allocate more than
//! the input justifies: each hostile input below claims billions of games,
//! names or boards in a few bytes, and reading it (then writing what was
//! read in every format) must peak under 16 MiB of heap. A counting global
//! allocator measures the peak; one test, so nothing runs beside it.

use boardfile_bridge::{read, write, Format};
use boardfile_othello::wthor::{games, names, pzz, Kind};
use boardfile_othello::BoardSize;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

struct Counting;

static NOW: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = NOW.fetch_add(layout.size(), Relaxed) + layout.size();
            PEAK.fetch_max(now, Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        unsafe { System.dealloc(p, layout) };
        NOW.fetch_sub(layout.size(), Relaxed);
    }
    unsafe fn realloc(&self, p: *mut u8, layout: Layout, new: usize) -> *mut u8 {
        let q = unsafe { System.realloc(p, layout, new) };
        if !q.is_null() {
            if new > layout.size() {
                let now = NOW.fetch_add(new - layout.size(), Relaxed) + new - layout.size();
                PEAK.fetch_max(now, Relaxed);
            } else {
                NOW.fetch_sub(layout.size() - new, Relaxed);
            }
        }
        q
    }
}

#[global_allocator]
static A: Counting = Counting;

/// The heap `f` takes at its peak beyond what was in use before.
fn peak_of(f: impl FnOnce()) -> usize {
    let base = NOW.load(Relaxed);
    PEAK.store(base, Relaxed);
    f();
    PEAK.load(Relaxed) - base
}

/// A WTHOR header: N1, N2, P1, P2.
fn header(n1: u32, n2: u16, p1: u8, p2: u8) -> Vec<u8> {
    let mut h = vec![20, 26, 11, 22];
    h.extend_from_slice(&n1.to_le_bytes());
    h.extend_from_slice(&n2.to_le_bytes());
    h.extend_from_slice(&2004u16.to_le_bytes());
    h.extend_from_slice(&[p1, p2, 22, 0]);
    h
}

const LIMIT: usize = 16 << 20;

/// A named case that reads a hostile input.
type Case = (&'static str, Box<dyn Fn()>);

#[test]
fn header_counts_cannot_trigger_huge_allocations() {
    let deal = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765";
    let othello: Vec<Case> = vec![
        ("WTB claiming 4,294,967,295 games", {
            let mut b = header(u32::MAX, 0, 8, 0);
            b.extend_from_slice(&[0; 68]);
            Box::new(move || {
                // A count off by whole records: the records there are read.
                assert!(games::read(&b, BoardSize::Eight).is_ok_and(|f| f.games.len() == 1));
                let _ = games::validate(&b, BoardSize::Eight, None, None);
            })
        }),
        ("WTD claiming 4,294,967,295 games", {
            let b = header(u32::MAX, 0, 10, 0);
            Box::new(move || {
                assert!(games::read(&b, BoardSize::Ten).is_ok_and(|f| f.games.is_empty()))
            })
        }),
        ("PZZ claiming 4,294,967,295 solitaires", {
            let mut b = header(u32::MAX, 60, 0, 1);
            b.extend_from_slice(&[0; 256]);
            Box::new(move || {
                assert!(pzz::read(&b).is_ok_and(|f| f.solitaires.is_empty()));
                let _ = pzz::validate(&b);
            })
        }),
        ("JOU claiming 65,535 players", {
            let b = header(0, u16::MAX, 0, 0);
            Box::new(move || assert!(names::read(&b, Kind::Jou).is_ok_and(|n| n.names.is_empty())))
        }),
    ];
    for (what, f) in othello {
        let peak = peak_of(f);
        assert!(peak < LIMIT, "{what}: {peak} bytes");
    }

    let bridge: Vec<(&str, Format, Vec<u8>)> = vec![
        (
            "JSON Lines boards 1 and 4,294,967,295",
            Format::Jsonl,
            format!("{{\"board\":1,\"deal\":\"{deal}\"}}\n{{\"board\":4294967295,\"deal\":\"{deal}\"}}\n")
                .into_bytes(),
        ),
        (
            "PBN board 4,294,967,295",
            Format::Pbn,
            format!("[Board \"4294967295\"]\n[Deal \"{deal}\"]\n").into_bytes(),
        ),
        (
            "PBN board past u32",
            Format::Pbn,
            format!("[Board \"99999999999999999999\"]\n[Deal \"{deal}\"]\n").into_bytes(),
        ),
        (
            "LIN board 4,000,000,000",
            Format::Lin,
            b"qx|o4000000000|md|1SAKQJHT98D765C432,ST98H765D432CAKQJ,S765H432DAKQJCT98|".to_vec(),
        ),
        (
            "DLM To board 4,000,000,000",
            Format::Dlm,
            b"[Document]\r\nStatus=Show\r\nDuplicates=1\r\nFrom board=1\r\nTo board=4000000000\r\n"
                .to_vec(),
        ),
        (
            "deal number past the last deal",
            Format::DealNumber,
            b"99999999999999999999999999999999\n".to_vec(),
        ),
    ];
    for (what, format, bytes) in bridge {
        let peak = peak_of(|| {
            if let Ok(outcome) = read(format, &bytes) {
                for &to in Format::all() {
                    let mut out = Vec::new();
                    let _ = write(to, &outcome.set, &mut out);
                }
            }
        });
        assert!(peak < LIMIT, "{what}: {peak} bytes");
    }
    // The measure measures: a 64 MiB buffer shows.
    let peak = peak_of(|| drop(std::hint::black_box(vec![1u8; 64 << 20])));
    assert!(peak >= 64 << 20);
}
