//! Othello: the games a query keeps, and positions solved exactly.

use super::{command, resolve, resolve_beside, ApiError, Shared};
use crate::serve::beneath::Held;
use crate::serve::files::Names;
use crate::serve::run::Workspace;
use axum::extract::Query;
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

#[derive(Deserialize)]
pub(super) struct GamesQuery {
    file: String,
    player: Option<String>,
    tournament: Option<String>,
    year: Option<String>,
    opening: Option<String>,
    #[serde(default)]
    from: usize,
    #[serde(default = "fifty")]
    count: usize,
}

fn fifty() -> usize {
    50
}

/// The games a query keeps, converted once: the query's options, what the
/// input was when it ran ([`fingerprint`]: its path too), and the JSON
/// Lines it wrote (in a folder of the private folder, removed with it).
/// The page asks for a query's games a page at a time ("More games"): the
/// next pages are read from here, not converted again.
pub struct Converted {
    query: Vec<String>,
    input: u64,
    dir: tempfile::TempDir,
}

/// What the input is now, as a number that changes when it does: what it
/// is on its disk, its length and modification time, and for a folder (a
/// WTHOR database) the name, length and modification time of each file
/// in it.
fn fingerprint(held: &Held) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    (held.key, held.stamp).hash(&mut h);
    if held.folder {
        let mut entries: Vec<_> = std::fs::read_dir(&held.path)
            .map(|d| d.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
        entries.sort();
        for e in &entries {
            if let Ok(m) = std::fs::metadata(e) {
                (e.file_name(), m.len(), m.modified().ok()).hash(&mut h);
            }
        }
    }
    h.finish()
}

/// The Othello games of a file or a WTHOR folder that a query keeps, a
/// page of them: `boardfile convert` with the query's options into JSON
/// Lines (names from the names files beside them), then read; the next
/// page of the same query, of the same input, from what that wrote
/// ([`Converted`]). Each game as JSON Lines has it (names, tournament,
/// year, discs, moves).
pub(super) async fn games(
    state: Shared,
    Query(q): Query<GamesQuery>,
) -> Result<Json<Value>, ApiError> {
    // A file with the names files beside it; a folder whole.
    let (input, path) = match resolve_beside(&state, &q.file).await {
        Ok((folder, path)) => (folder, path),
        Err(_) => {
            let held = resolve(&state, &q.file).await?;
            let path = held.path.clone();
            (held, path)
        }
    };
    let mut query = Vec::new();
    for (flag, value) in [
        ("--player", &q.player),
        ("--tournament", &q.tournament),
        ("--year", &q.year),
        ("--opening", &q.opening),
    ] {
        if let Some(v) = value.as_deref().map(str::trim).filter(|v| !v.is_empty()) {
            query.push(flag.to_string());
            query.push(v.to_string());
        }
    }
    let now = {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (fingerprint(&input), &q.file).hash(&mut h);
        h.finish()
    };
    // One query's games kept at a time; held while converting, so that
    // two pages asked at once convert once.
    let mut kept = state.games.lock().await;
    let converted = match kept.take() {
        Some(c) if c.query == query && c.input == now => kept.insert(c),
        _ => {
            let dir = tempfile::Builder::new()
                .prefix(".games-")
                .tempdir_in(state.files.scratch())
                .map_err(ApiError::internal)?;
            let out = dir.path().join("games.jsonl");
            let mut args = vec![
                "convert".to_string(),
                path.display().to_string(),
                out.display().to_string(),
                "--to".into(),
                "jsonl".into(),
            ];
            args.extend(query.iter().cloned());
            let names = Names::default().with(&path, &q.file);
            command(&state, &args, &names).await?;
            kept.insert(Converted {
                query,
                input: now,
                dir,
            })
        }
    };
    let text = tokio::fs::read_to_string(converted.dir.path().join("games.jsonl"))
        .await
        .map_err(ApiError::internal)?;
    drop(kept);
    // A file's header line first (WTHOR's), then a game a line.
    let games: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with("{\"header\""))
        .collect();
    let count = q.count.clamp(1, 500);
    let shown: Vec<Value> = games
        .iter()
        .enumerate()
        .skip(q.from)
        .take(count)
        .filter_map(|(i, l)| {
            let mut g: Value = serde_json::from_str(l).ok()?;
            g.as_object_mut()?.insert("index".into(), json!(i));
            Some(g)
        })
        .collect();
    Ok(Json(
        json!({"file": q.file, "total": games.len(), "games": shown}),
    ))
}

#[derive(Deserialize)]
pub(super) struct PositionsRequest {
    /// Positions as OBF lines: 64 squares a1..h8 (X, O or -), the side
    /// to move.
    positions: Vec<String>,
}

/// The most empty squares of a position the page has solved: a few
/// seconds at worst on one core.
const MOST_EMPTIES: u32 = 18;

/// Each position's every legal move with its exact score, as `solve`
/// writes OBF (Edax's form): `boardfile solve` on every core, as a child
/// (stopped when the client goes). The positions are read first, and
/// each one's empty squares counted on the position read.
pub(super) async fn positions(
    state: Shared,
    Json(q): Json<PositionsRequest>,
) -> Result<Json<Value>, ApiError> {
    use boardfile_othello::obf::{self, ObfLine};
    if q.positions.len() > 64 {
        return Err(ApiError::bad("at most 64 positions at a time"));
    }
    if q.positions.iter().any(|p| p.contains(['\n', '\r'])) {
        return Err(ApiError::bad("one position a line"));
    }
    let file: String = q.positions.iter().map(|p| format!("{p};\n")).collect();
    let lines = obf::read(file.as_bytes()).map_err(|e| ApiError::bad(e.to_string()))?;
    let mut read = 0;
    for line in &lines {
        if let ObfLine::Position(p) = line {
            read += 1;
            let empties = p.board.empties();
            if empties > MOST_EMPTIES {
                return Err(ApiError::bad(format!(
                    "position {read} has {empties} empty squares: the page solves \
                     at most {MOST_EMPTIES} (boardfile solve has no limit)"
                )));
            }
        }
    }
    if read != q.positions.len() {
        return Err(ApiError::bad(
            "one position a line, each 64 squares and the side to move",
        ));
    }
    let work = Workspace::new(&state.files)?;
    let (input, output) = (work.path().join("in.obf"), work.path().join("out.obf"));
    std::fs::write(&input, &file).map_err(ApiError::internal)?;
    let args = vec![
        "solve".to_string(),
        input.display().to_string(),
        output.display().to_string(),
    ];
    command(&state, &args, &Names::default()).await?;
    let solved = std::fs::read_to_string(&output).map_err(ApiError::internal)?;
    let lines: Vec<String> = solved.lines().map(String::from).collect();
    Ok(Json(json!({ "solved": lines })))
}
