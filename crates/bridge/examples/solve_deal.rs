//! Solve a deal double dummy: the tricks each seat takes as declarer in
//! each strain, and par (needs the feature `dd`, on by default).
//!
//! ```text
//! cargo run -p boardfile-bridge --example solve_deal -- "N:AJ9.K9542.Q.AK93 KT4.QJ6.AT85.Q72 Q8752.A83.K63.T5 63.T7.J9742.J864"
//! ```

use boardfile_bridge::{dd, Deal, Seat, Strain, Vulnerability};
use std::io::Write;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut out = std::io::stdout().lock();
    let text = std::env::args().nth(1).unwrap_or_else(|| {
        "N:AJ9.K9542.Q.AK93 KT4.QJ6.AT85.Q72 Q8752.A83.K63.T5 63.T7.J9742.J864".into()
    });
    let deal = Deal::parse_pbn(&text)?;
    let table = dd::solve(&deal).ok_or("the deal is not complete")?;
    writeln!(out, "      NT  S  H  D  C")?;
    for seat in Seat::ALL {
        let row: Vec<String> = [
            Strain::NoTrump,
            Strain::Spades,
            Strain::Hearts,
            Strain::Diamonds,
            Strain::Clubs,
        ]
        .iter()
        .map(|&s| format!("{:>2}", table.get(seat, s).unwrap_or(0)))
        .collect();
        writeln!(out, "{seat:>5?} {}", row.join(" "))?;
    }
    if let Some(par) = dd::par(&table, Vulnerability::None, Seat::North) {
        writeln!(
            out,
            "par (none vulnerable, North deals): {} {}",
            par.score_ns,
            par.contracts.join(" ")
        )?;
    }
    Ok(())
}
