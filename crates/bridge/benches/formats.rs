//! Reading and writing speed of every format, in boards a second.
//!
//! Each format reads and writes the same 100,000 random boards (DLM, which
//! holds boards 1-99 only, one full 99-board file). Goal (DESIGN.md): one
//! million boards a second or more on one core for every format.

use boardfile_bridge::{read, write, Board, BoardSet, Card, Deal, Format, Hand};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

/// Deterministic random complete deals (xorshift64 and Fisher-Yates).
fn random_set(boards: usize, number_from_one: bool) -> BoardSet {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let list = (0..boards)
        .map(|i| {
            let mut pack: Vec<u8> = (0..52).collect();
            for j in (1..52).rev() {
                pack.swap(j, (next() % (j as u64 + 1)) as usize);
            }
            let hands: [Hand; 4] = std::array::from_fn(|s| pack[13 * s..13 * s + 13].iter().map(|&c| Card::from_index(c).unwrap()).collect());
            let number = if number_from_one { i as u32 + 1 } else { (i % 99) as u32 + 1 };
            Board::new(number, Deal::new(hands).unwrap())
        })
        .collect();
    BoardSet::from_boards(list)
}

fn formats(c: &mut Criterion) {
    let big = random_set(100_000, true);
    let dlm = random_set(99, true);
    let mut group = c.benchmark_group("formats");
    group.sample_size(10);
    for &format in Format::all() {
        let set = if format == Format::Dlm { &dlm } else { &big };
        let mut bytes = Vec::new();
        write(format, set, &mut bytes).unwrap();
        group.throughput(Throughput::Elements(set.boards.len() as u64));
        group.bench_function(format!("read/{}", format.name()), |b| {
            b.iter(|| read(format, black_box(&bytes)).unwrap().set.boards.len())
        });
        group.bench_function(format!("write/{}", format.name()), |b| {
            let mut out = Vec::with_capacity(bytes.len());
            b.iter(|| {
                out.clear();
                write(format, black_box(set), &mut out).unwrap();
                out.len()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, formats);
criterion_main!(benches);
