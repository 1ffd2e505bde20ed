//! Writes N random deals with random double-dummy tables as ZRD to standard
//! output, for the streaming benchmarks (`scripts/bench-zrd.sh`,
//! `scripts/bench-memory.sh`). With `complete`, every table is whole, as a
//! solver leaves it (about one entry in fifteen is unknown otherwise).
//!
//!     cargo run --release --example gen_zrd -- 10485760 [complete] > deals.zrd

use boardfile_bridge::{write, BoardSet, Format};
use std::io::Write;

#[path = "../benches/random.rs"]
mod random;

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1_000_000);
    let complete = std::env::args().nth(2).as_deref() == Some("complete");
    let mut out = std::io::BufWriter::with_capacity(1 << 20, std::io::stdout().lock());
    let mut done = 0;
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    while done < n {
        let k = (n - done).min(100_000);
        let mut set: BoardSet = random::random_set(k, seed);
        random::add_random_tables(&mut set, seed ^ 0xdd, false);
        if complete {
            for b in &mut set.boards {
                let mut t = b.dd.unwrap_or_default();
                for seat in boardfile_bridge::Seat::ALL {
                    for strain in boardfile_bridge::Strain::ALL {
                        let v = t.get(seat, strain).unwrap_or(7);
                        t.set(seat, strain, Some(v)).expect("0 to 13");
                    }
                }
                b.dd = Some(t);
            }
        }
        write(Format::Zrd, &set, &mut out).expect("write");
        done += k;
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
    }
    out.flush().expect("flush");
}
