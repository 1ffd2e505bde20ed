//! `boardfile leads`: an opening-lead study. The unseen hands are dealt
//! by a dealer-language script with the leader's hand predealt, every
//! lead is valued double dummy on each deal, and the leads are summed.

use super::deal::{load, seed_or_drawn, GivenSeed};
use crate::args::examples;
use crate::plan::refuse_replacing;
use crate::report::{finished, quiet, Failure, Outcome, Progress};
use boardfile_bridge::dd::leads::{script_for, study, Study};
use boardfile_bridge::deal::dealer::Generator;
use boardfile_bridge::{BoardReader, Contract, Diagnostics, Hand, Seat};
use boardfile_io::{Error, ErrorKind, Output, OutputError};
use std::io::Write;

const EXAMPLES: &str = r#"
  # West's leads against 4S by South, over 1000 deals of the rest
  boardfile leads KQ2.T98.A765.432 --contract 4S --declarer S
  # what the auction said: South 15+ with five spades
  boardfile leads KQ2.T98.A765.432 --contract 4S --declarer S \
      --where 'hcp(south) >= 15 and spades(south) >= 5'
  # 5000 deals, a seed to repeat them, as JSON Lines for a notebook
  boardfile leads KQ2.T98.A765.432 --contract 3NT --declarer N \
      --deals 5000 --seed 'club study' --json
"#;

/// Which opening lead beats a contract most often: a study over deals.
///
/// The leader (declarer's left-hand opponent) holds HAND; the other three
/// hands are dealt at random, only deals a dealer-language script accepts
/// when --where gives one (what the auction said of them; see `boardfile
/// deal --help` for the language). Every card of HAND is valued double
/// dummy on each deal, the leads of one deal searched with the table
/// kept from one to the next. Cards next in rank in a suit (KQ, T98) are
/// one lead: double dummy they are worth the same.
///
/// For each lead: the defence's average tricks, the share of deals on
/// which it beats the contract with a 95% interval (Wilson's), and how
/// often it is the best lead (or one of them), the best first. A seed
/// repeats the deals; the numbers do not depend on --jobs.
#[derive(clap::Args)]
#[command(verbatim_doc_comment, after_help = examples(&[EXAMPLES]))]
pub struct Args {
    /// The leader's hand, spades first: KQ2.T98.A765.432.
    hand: String,
    /// The contract: 4S, 3NT, 5DX.
    #[arg(long, value_name = "CONTRACT")]
    contract: String,
    /// Declarer: N, E, S or W (the lead is from the next seat).
    #[arg(long, value_name = "SEAT")]
    declarer: String,
    /// Only deals a dealer-language script accepts: a file, or the text
    /// of a condition (the leader's hand is predealt after it).
    #[arg(long = "where", value_name = "SCRIPT")]
    where_: Option<String>,
    /// How many deals.
    #[arg(long, value_name = "N", default_value = "1000", value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    deals: u64,
    /// The seed: any words, or hex digits (default: drawn and printed).
    #[arg(long, value_parser = GivenSeed::parse)]
    seed: Option<GivenSeed>,
    /// Threads (default one a core).
    #[arg(long, short = 'j', value_name = "N")]
    jobs: Option<usize>,
    /// The most deals to try for a rare condition (default 10 million).
    #[arg(long, value_name = "N")]
    generate: Option<u64>,
    /// Each lead as a line of JSON, for programs.
    #[arg(long)]
    json: bool,
    /// Write the study into FILE (whole, or nothing on failure), not on
    /// standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    output: Option<std::path::PathBuf>,
    /// With --output: replace FILE when it exists.
    #[arg(long, requires = "output")]
    force: bool,
    /// Each lead searched afresh, no table kept from the deal's other
    /// leads: the same numbers, slower (to measure what the kept table
    /// saves).
    #[arg(long, hide = true)]
    cold: bool,
}

/// Runs the study and prints it.
pub fn exec(args: Args, out: &mut dyn Write) -> Result<Outcome, Failure> {
    let output = args.output.as_deref().map(Output::new);
    if let Some(o) = &output {
        refuse_replacing(o, args.force)?;
    }
    let hand = Hand::parse_dotted(args.hand.trim())
        .map_err(|e| Failure::operational(format!("{}: not a hand ({e})", args.hand)))?;
    let declarer = args
        .declarer
        .trim()
        .bytes()
        .next()
        .filter(|_| args.declarer.trim().len() == 1)
        .and_then(Seat::from_letter)
        .ok_or_else(|| {
            Failure::operational(format!("--declarer {}: N, E, S or W", args.declarer))
        })?;
    let contract = Contract::parse(&args.contract, Some(declarer))
        .filter(|c| matches!(c, Contract::Bid { .. }))
        .ok_or_else(|| {
            Failure::operational(format!(
                "--contract {}: a contract bid (4S, 3NT, 5DX)",
                args.contract
            ))
        })?;
    let plan = Study::new(hand, contract).map_err(Failure::operational)?;
    let (name, text) = match &args.where_ {
        Some(s) => {
            let (name, text, _) = load(s)?;
            (name, text)
        }
        None => ("--where".to_string(), String::new()),
    };
    let script = script_for(hand, plan.leader(), &text)
        .map_err(|e| Failure::data(&name, &Error::new(ErrorKind::Syntax(e))))?;
    let seed = seed_or_drawn(args.seed.as_ref().map(|g| g.seed))?;
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
        .max(1);
    let mut generator = Generator::new(&script, &seed, 1, args.deals, jobs, args.generate);
    let mut deals = Vec::with_capacity(args.deals as usize);
    let mut diag = Diagnostics::strict();
    while let Some(board) = generator
        .next_board(&mut diag)
        .map_err(|e| Failure::data(&name, &e))?
    {
        deals.push(board.deal);
    }
    if deals.is_empty() {
        return Err(Failure::invalid(format!(
            "{name}: no deal fits the script in {} tried (raise --generate)",
            generator.generated()
        )));
    }
    if (deals.len() as u64) < args.deals && !quiet() {
        eprintln!(
            "boardfile: {name}: only {} of {} deals fit the script in {} tried (raise --generate); the study is over those",
            deals.len(),
            args.deals,
            generator.generated()
        );
    }
    let bar = Progress::new(
        Some(deals.len() as u64),
        200,
        "{bar:40} {pos}/{len} deals {per_sec}",
    );
    let done = |n: u64| bar.set(n);
    let result = study(plan, &deals, jobs, args.cold, &done).map_err(Failure::operational)?;
    bar.done();
    let write = |to: &mut dyn Write| {
        if args.json {
            write_json(&result, &seed.to_string(), to)
        } else {
            write_table(&result, &seed.to_string(), to)
        }
    };
    match &output {
        Some(o) => {
            let mut sink = o.create().map_err(|e| Failure::output(o, e))?;
            write(&mut sink).map_err(|e| Failure::output(o, OutputError::write(e)))?;
            sink.commit().map_err(|e| Failure::output(o, e))?;
        }
        None => write(out)
            .and_then(|()| out.flush())
            .map_err(|e| Failure::operational(format!("standard output: {e}")))?,
    }
    finished(&format!("{} deals valued", result.deals));
    Ok(Outcome::Ok)
}

fn write_table(s: &Study, seed: &str, out: &mut dyn Write) -> std::io::Result<()> {
    let (contract, leader) = (s.contract.pbn(), s.leader());
    writeln!(
        out,
        "Leads by {} from {} against {contract} by {}, over {} deals (seed {seed}):",
        leader.name(),
        s.hand,
        leader.next(3).name(),
        s.deals
    )?;
    writeln!(
        out,
        "{:<7} {:>7}  {:>8}  {:>15}  {:>6}",
        "lead", "tricks", "beats it", "95% interval", "best"
    )?;
    for lead in s.ranked() {
        let (p, lo, hi) = lead.beats_share(s.deals);
        writeln!(
            out,
            "{:<7} {:>7.2}  {:>7.1}%  {:>6.1}% - {:>5.1}%  {:>5.1}%",
            lead.name(),
            lead.mean(s.deals),
            100.0 * p,
            100.0 * lo,
            100.0 * hi,
            100.0 * lead.best_share(s.deals)
        )?;
    }
    Ok(())
}

fn write_json(s: &Study, seed: &str, out: &mut dyn Write) -> std::io::Result<()> {
    for lead in s.ranked() {
        let (p, lo, hi) = lead.beats_share(s.deals);
        let line = serde_json::json!({
            "lead": lead.name(),
            "cards": lead.cards.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
            "tricks": lead.mean(s.deals),
            "beats": p,
            "beats_low": lo,
            "beats_high": hi,
            "best": lead.best_share(s.deals),
            "deals": s.deals,
            "hand": s.hand.to_string(),
            "contract": s.contract.pbn(),
            "declarer": s.leader().next(3).letter().to_string(),
            "seed": seed,
        });
        writeln!(out, "{line}")?;
    }
    Ok(())
}
