//! Solving and dealing: each a job (a command run as a child process),
//! its status followed as server-sent events, cancelled as at Ctrl-C.

use super::{resolve, ApiError, Shared};
use crate::serve::files::Names;
use crate::serve::jobs::{Spec, Status};
use axum::extract::Query;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use std::time::Duration;

/// Solves a bridge file double dummy into `STEM-solved.pbn` in the
/// private folder (numbered when taken:
/// [`Files::solved_name`](crate::serve::files::Files::solved_name)), as a
/// job: `boardfile solve`, whose journal lets a cancelled or interrupted
/// solve go on where it stopped when started again. A solve of the same
/// file (under any name) still running or waiting is that job. With
/// `force`, the tables the file stores are solved again too (`--force`).
pub(super) async fn solve(
    state: Shared,
    Query(q): Query<SolveQuery>,
) -> Result<Json<Status>, ApiError> {
    let read_as = super::read_as(&q.read_as)?;
    let input = resolve(&state, &q.file).await?;
    if input.folder {
        return Err(ApiError::bad(format!(
            "{}: a folder, not a board set",
            q.file
        )));
    }
    let stem = input
        .path
        .file_stem()
        .map_or("boards".into(), |s| s.to_string_lossy().into_owned());
    let name = state.files.solved_name(&input, &stem)?;
    let output = format!("upload/{name}");
    let out = state.files.scratch().join(&name);
    let journal = boardfile_bridge::dd::journal::Journal::path_of(&out);
    let spec = Spec {
        kind: "solve",
        file: Some(q.file.clone()),
        output: output.clone(),
        args: [
            "solve",
            &input.path.display().to_string(),
            &out.display().to_string(),
        ]
        .into_iter()
        .chain(q.force.then_some("--force"))
        .map(String::from)
        .chain(
            read_as
                .iter()
                .flat_map(|f| ["--from".to_string(), f.clone()]),
        )
        .collect(),
        names: Names::default()
            .with(&input.path, &q.file)
            .with(&out, &output),
        deadline: None,
        held: vec![input],
        own: Vec::new(),
    };
    let again = || {
        if out.exists() && !journal.exists() {
            // Solved before, by this run (the name is the solve's alone):
            // solved again, from the file as it is now.
            std::fs::remove_file(&out).map_err(ApiError::internal)?;
        }
        Ok(())
    };
    Ok(Json(state.jobs.start(&state, spec, again)?.status()))
}

#[derive(Deserialize)]
pub(super) struct SolveQuery {
    file: String,
    /// Solve the tables the file stores too.
    #[serde(default)]
    force: bool,
    /// Read as this format (`--from`).
    #[serde(rename = "as")]
    read_as: Option<String>,
}

#[derive(Deserialize)]
pub(super) struct DealRequest {
    /// How many boards.
    boards: Option<u32>,
    /// The first board's number.
    first: Option<u32>,
    /// A practice set's seed: any words, or hex digits.
    seed: Option<String>,
    /// Big Deal's way, for this owner.
    owner: Option<String>,
    /// A dealer-language script: only the deals it accepts.
    script: Option<String>,
}

/// The most boards the page deals in one set (the command line has no
/// such limit).
const MOST_BOARDS: u32 = 10_000;
/// The longest a deal may run (a script whose condition is rare).
const DEAL_TIME: Duration = Duration::from_secs(300);

/// Deals a set into `dealt.pbn` (numbered when taken) in the private
/// folder, as a job: `boardfile deal` with the arguments the form gives,
/// at most [`MOST_BOARDS`] boards and [`DEAL_TIME`].
pub(super) async fn deal(
    state: Shared,
    Json(q): Json<DealRequest>,
) -> Result<Json<Status>, ApiError> {
    if q.boards.is_some_and(|n| n > MOST_BOARDS) {
        return Err(ApiError::bad(format!(
            "at most {MOST_BOARDS} boards a set here (boardfile deal has no limit)"
        )));
    }
    let (name, out, _) = state.files.reserve(&deal_name(&q), false)?;
    let output = format!("upload/{name}");
    let mut args = vec!["deal".to_string(), out.display().to_string()];
    let mut names = Names::default().with(&out, &output);
    let mut own = Vec::new();
    if let Some(n) = q.boards {
        args.extend(["--boards".into(), n.to_string()]);
    }
    if let Some(n) = q.first {
        args.extend(["--first".into(), n.to_string()]);
    }
    let given = |v: &Option<String>| {
        v.as_deref()
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(String::from)
    };
    if let Some(seed) = given(&q.seed) {
        args.extend(["--seed".into(), seed]);
    }
    if let Some(owner) = &q.owner {
        let owner = owner.trim();
        if owner.is_empty() {
            return Err(ApiError::bad(
                "A tournament set is dealt for its owner: give the owner's name (your club, the tournament).",
            ));
        }
        args.extend(["--owner".into(), owner.to_string()]);
    }
    if let Some(script) = given(&q.script) {
        let path = script_file(&state, &script)?;
        args.extend(["--where".into(), path.display().to_string()]);
        names = names.with(&path, "script");
        own.push(path);
    }
    let spec = Spec {
        kind: "deal",
        file: None,
        output,
        args,
        names,
        deadline: Some(DEAL_TIME),
        held: Vec::new(),
        own,
    };
    Ok(Json(state.jobs.start(&state, spec, || Ok(()))?.status()))
}

#[derive(Deserialize)]
pub(super) struct LeadsRequest {
    /// The leader's hand (`KQ2.T98.A765.432`).
    hand: String,
    /// The contract (`4S`) and its declarer (`S`).
    contract: String,
    declarer: String,
    /// How many deals.
    deals: Option<u64>,
    /// Any words, or hex digits.
    seed: Option<String>,
    /// What the auction said of the other hands: a dealer-language script.
    script: Option<String>,
}

/// The most deals a study from the page values.
const MOST_STUDIED: u64 = 20_000;
/// The longest a study may run.
const STUDY_TIME: Duration = Duration::from_secs(600);

/// An opening-lead study into `leads-CONTRACT-by-SEAT.jsonl` (numbered
/// when taken) in the private folder, as a job: `boardfile leads ...
/// --json --output`, at most [`MOST_STUDIED`] deals and [`STUDY_TIME`].
pub(super) async fn leads(
    state: Shared,
    Json(q): Json<LeadsRequest>,
) -> Result<Json<Status>, ApiError> {
    let deals = q.deals.unwrap_or(1000);
    if !(1..=MOST_STUDIED).contains(&deals) {
        return Err(ApiError::bad(format!(
            "from 1 to {MOST_STUDIED} deals a study here (boardfile leads takes up to a million)"
        )));
    }
    // Read here, so that nothing from the request reaches the command as
    // an option.
    let hand = boardfile_bridge::Hand::parse_dotted(q.hand.trim())
        .map_err(|e| ApiError::bad(format!("the leader's hand: {e} (KQ2.T98.A765.432)")))?;
    let declarer = q
        .declarer
        .trim()
        .bytes()
        .next()
        .filter(|_| q.declarer.trim().len() == 1)
        .and_then(boardfile_bridge::Seat::from_letter)
        .ok_or_else(|| ApiError::bad("the declarer: N, E, S or W"))?;
    let contract = boardfile_bridge::Contract::parse(q.contract.trim(), Some(declarer))
        .filter(|c| matches!(c, boardfile_bridge::Contract::Bid { .. }))
        .ok_or_else(|| ApiError::bad("the contract: a bid such as 4S, 3NT or 5DX"))?;
    let wanted = format!(
        "leads-{}-by-{}.jsonl",
        slug(&contract.pbn()),
        slug(&q.declarer)
    );
    let (name, out, _) = state.files.reserve(&wanted, false)?;
    let output = format!("upload/{name}");
    let mut args: Vec<String> = vec![
        "leads".into(),
        hand.to_string(),
        format!("--contract={}", contract.pbn()),
        format!("--declarer={}", declarer.letter()),
        "--deals".into(),
        deals.to_string(),
        "--json".into(),
        "--output".into(),
        out.display().to_string(),
    ];
    if let Some(seed) = q.seed.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        args.extend(["--seed".into(), seed.into()]);
    }
    let mut names = Names::default().with(&out, &output);
    let mut own = Vec::new();
    if let Some(script) = q.script.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        let path = script_file(&state, script)?;
        args.extend(["--where".into(), path.display().to_string()]);
        names = names.with(&path, "script");
        own.push(path);
    }
    let spec = Spec {
        kind: "leads",
        file: None,
        output,
        args,
        names,
        deadline: Some(STUDY_TIME),
        held: Vec::new(),
        own,
    };
    Ok(Json(state.jobs.start(&state, spec, || Ok(()))?.status()))
}

#[derive(Deserialize)]
pub(super) struct ResultQuery {
    file: String,
}

/// A lead study's result (a file a leads job wrote in the private
/// folder): its lines as a JSON array.
pub(super) async fn leads_result(
    state: Shared,
    Query(q): Query<ResultQuery>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let name = q.file.strip_prefix("upload/").unwrap_or("");
    if !(name.starts_with("leads-") && name.ends_with(".jsonl")) {
        return Err(ApiError::bad(format!("{}: not a lead study", q.file)));
    }
    let held = resolve(&state, &q.file).await?;
    if held.stamp.0 > 1 << 20 {
        return Err(ApiError::too_large("a study of at most 1 MiB"));
    }
    let text = tokio::fs::read(&held.path)
        .await
        .map_err(ApiError::internal)?;
    let rows: Vec<serde_json::Value> = String::from_utf8_lossy(&text)
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    Ok(Json(serde_json::Value::Array(rows)))
}

/// The name of a set dealt as `q` asks, from what was asked: the owner's
/// ("club-night-24.pbn"), the seed's words, or how it was dealt, and the
/// number of boards.
fn deal_name(q: &DealRequest) -> String {
    let given = |v: &Option<String>| v.as_deref().map(slug).filter(|s| !s.is_empty());
    let what = if let Some(owner) = given(&q.owner) {
        owner
    } else if given(&q.script).is_some() {
        "by-script".into()
    } else if let Some(seed) = given(&q.seed) {
        if seed.bytes().all(|b| b.is_ascii_hexdigit()) {
            // A number: named as one.
            format!("seed-{seed}")
        } else {
            seed
        }
    } else {
        "practice".into()
    };
    match q.boards {
        Some(n) => format!("{what}-{n}.pbn"),
        None => format!("{what}.pbn"),
    }
}

/// `text` as a part of a file name: letters and digits, lower case, the
/// rest one `-` between them; at most 40 characters.
fn slug(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            out.push(c);
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
        if out.chars().count() >= 40 {
            break;
        }
    }
    out.trim_end_matches('-').to_string()
}

/// A dealer script given on the page, as a file of the private folder
/// for the command (so that its errors are placed by line and column),
/// removed with the job; at most 1 MiB.
fn script_file(state: &Shared, script: &str) -> Result<tempfile::TempPath, ApiError> {
    if script.len() > 1 << 20 {
        return Err(ApiError::too_large("a script of at most 1 MiB"));
    }
    let mut made = tempfile::Builder::new()
        .prefix(".script-")
        .suffix(".dl")
        .tempfile_in(state.files.scratch())
        .map_err(ApiError::internal)?;
    std::io::Write::write_all(&mut made, script.as_bytes()).map_err(ApiError::internal)?;
    Ok(made.into_temp_path())
}

/// Every job of the run, newest first (a reloaded page finds its own).
pub(super) async fn jobs(state: Shared) -> Json<Vec<Status>> {
    Json(state.jobs.all())
}

/// A job's status at each change, as server-sent events, until it ends.
pub(super) async fn job_events(
    state: Shared,
    axum::extract::Path(id): axum::extract::Path<u64>,
) -> Result<Response, ApiError> {
    use axum::response::sse::{Event, KeepAlive, Sse};
    let job = state
        .jobs
        .get(id)
        .ok_or_else(|| ApiError::not_found(format!("no job {id}")))?;
    let receiver = job.watch();
    let events = futures_util::stream::unfold(Some(receiver), |receiver| async move {
        let mut receiver = receiver?;
        let status = receiver.borrow_and_update().clone();
        let event = Event::default().json_data(&status).ok()?;
        if !status.running {
            // The last word: the stream ends after it.
            return Some((Ok::<_, std::convert::Infallible>(event), None));
        }
        let next = receiver.changed().await.ok().map(|_| receiver);
        Some((Ok(event), next))
    });
    Ok(Sse::new(events)
        .keep_alive(KeepAlive::default())
        .into_response())
}

/// Cancels a job: the command stops as at Ctrl-C.
pub(super) async fn cancel(
    state: Shared,
    axum::extract::Path(id): axum::extract::Path<u64>,
) -> Result<Json<Status>, ApiError> {
    let job = state
        .jobs
        .get(id)
        .ok_or_else(|| ApiError::not_found(format!("no job {id}")))?;
    job.cancel();
    Ok(Json(job.status()))
}

#[cfg(test)]
mod tests {
    use super::{deal_name, DealRequest};

    fn asked(seed: &str, owner: Option<&str>, boards: Option<u32>) -> DealRequest {
        DealRequest {
            boards,
            first: None,
            seed: Some(seed.into()),
            owner: owner.map(String::from),
            script: None,
        }
    }

    #[test]
    fn a_set_is_named_from_what_dealt_it() {
        assert_eq!(
            deal_name(&asked("Club night!", None, Some(24))),
            "club-night-24.pbn"
        );
        assert_eq!(
            deal_name(&asked("", Some("Hand Trophy"), Some(32))),
            "hand-trophy-32.pbn"
        );
        assert_eq!(deal_name(&asked("3F", None, Some(8))), "seed-3f-8.pbn");
        assert_eq!(deal_name(&asked("  ", None, None)), "practice.pbn");
        assert_eq!(deal_name(&asked("--", None, Some(1))), "practice-1.pbn");
    }
}
