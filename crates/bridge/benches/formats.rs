//! Reading and writing speed of every format, in boards a second.
//!
//! Each format reads and writes the same 100,000 random boards (DLM, which
//! holds boards 1-99 only, one full 99-board file). Goal (DESIGN.md): one
//! million boards a second or more on one core for every format. The
//! baseline is a plain copy of the same boards' BRI bytes, for ratios.

use boardfile_bridge::{read, write, Format};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

mod random;
use random::random_set;

fn formats(c: &mut Criterion) {
    let big = random_set(100_000, 0x2545_f491_4f6c_dd1d);
    let dlm = random_set(99, 0x2545_f491_4f6c_dd1d);
    let mut group = c.benchmark_group("formats");
    group.sample_size(10);
    // Baseline: copying the 100,000-board BRI file (12.8 MB) in memory.
    let mut bri = Vec::new();
    write(Format::Bri, &big, &mut bri).unwrap();
    group.throughput(Throughput::Elements(big.boards.len() as u64));
    group.bench_function("baseline/copy-bri-bytes", |b| {
        b.iter(|| black_box(black_box(&bri).to_vec()))
    });
    for &format in Format::all() {
        let set = if format == Format::Dlm { &dlm } else { &big };
        let mut bytes = Vec::new();
        write(format, set, &mut bytes).unwrap();
        group.throughput(Throughput::Elements(set.boards.len() as u64));
        if format.can_read() {
            group.bench_function(format!("read/{}", format.name()), |b| {
                b.iter(|| read(format, black_box(&bytes)).unwrap().set.boards.len())
            });
        }
        group.bench_function(format!("write/{}", format.name()), |b| {
            let mut out = Vec::with_capacity(bytes.len());
            b.iter(|| {
                out.clear();
                write(format, black_box(set), &mut out).unwrap();
                out.len()
            })
        });
    }
    // PBN as a dealing program writes it (BigDeal): Board, Dealer,
    // Vulnerable and Deal a game, LF line ends.
    let mut minimal = Vec::new();
    for b in &big.boards {
        minimal.extend_from_slice(
            format!(
                "[Board \"{}\"]\n[Dealer \"{}\"]\n[Vulnerable \"{}\"]\n[Deal \"{}\"]\n\n",
                b.number,
                b.dealer.letter(),
                b.vulnerability.name(),
                b.deal.to_pbn()
            )
            .as_bytes(),
        );
    }
    group.throughput(Throughput::Elements(big.boards.len() as u64));
    group.bench_function("read/PBN-4-tags", |b| {
        b.iter(|| {
            read(Format::Pbn, black_box(&minimal))
                .unwrap()
                .set
                .boards
                .len()
        })
    });
    group.finish();
}

criterion_group!(benches, formats);
criterion_main!(benches);
