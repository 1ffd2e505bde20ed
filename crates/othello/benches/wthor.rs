//! Games read, replayed and validated a second, on one core.
//!
//! The sample is the federation's WTH_2004.wtb (9,113 games). Goal
//! (DESIGN.md): the whole database, about 130,000 games, in under half a
//! second: over 260,000 games a second.

use boardfile_othello::{wthor, BoardSize};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

fn wthor(c: &mut Criterion) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/othello/WTH_2004.wtb"
    );
    let bytes = std::fs::read(path).expect("../shared/data/othello/WTH_2004.wtb");
    let games = wthor::games::read(&bytes, BoardSize::Eight)
        .unwrap()
        .games
        .len() as u64;
    let mut group = c.benchmark_group("wthor");
    group.throughput(Throughput::Elements(games));
    group.bench_function("read/WTB", |b| {
        b.iter(|| {
            wthor::games::read(black_box(&bytes), BoardSize::Eight)
                .unwrap()
                .games
                .len()
        })
    });
    group.bench_function("read+replay+validate/WTB", |b| {
        b.iter(|| {
            let v = wthor::games::validate(black_box(&bytes), BoardSize::Eight, None, None);
            assert!(v.errors.is_empty());
            v.unfinished.len()
        })
    });
    let file = wthor::games::read(&bytes, BoardSize::Eight).unwrap();
    group.bench_function("write/WTB", |b| {
        let mut out = Vec::with_capacity(bytes.len());
        b.iter(|| {
            out.clear();
            wthor::games::write(black_box(&file), &mut out);
            out.len()
        })
    });
    group.finish();
}

criterion_group!(benches, wthor);
criterion_main!(benches);
