//! Othello: the games a query keeps, and positions solved exactly.

use super::{blocking, ApiError, Shared};
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

/// What `path` is now, as a number that changes when it does: the path,
/// its length and modification time, and for a folder (a WTHOR database)
/// those of each file in it.
fn fingerprint(path: &std::path::Path) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    let mut add = |p: &std::path::Path| {
        if let Ok(m) = std::fs::metadata(p) {
            (p, m.len(), m.modified().ok()).hash(&mut h);
        }
    };
    add(path);
    if path.is_dir() {
        let mut entries: Vec<_> = std::fs::read_dir(path)
            .map(|d| d.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
        entries.sort();
        for e in &entries {
            add(e);
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
    let input = state.files.resolve(&q.file)?;
    let scratch = state.files.scratch().to_path_buf();
    let shared = state.clone();
    blocking(&state, move || {
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
        let now = fingerprint(&input);
        // One query's games kept at a time; held while converting, so
        // that two pages asked at once convert once.
        let mut kept = shared.games.lock().unwrap_or_else(|e| e.into_inner());
        let converted = match kept.take() {
            Some(c) if c.query == query && c.input == now => kept.insert(c),
            _ => {
                let dir = tempfile::Builder::new()
                    .prefix(".games-")
                    .tempdir_in(&scratch)
                    .map_err(ApiError::internal)?;
                let out = dir.path().join("games.jsonl");
                let mut args = vec![
                    "convert".to_string(),
                    input.display().to_string(),
                    out.display().to_string(),
                    "--to".into(),
                    "jsonl".into(),
                ];
                args.extend(query.iter().cloned());
                crate::commands::run(&args).map_err(|f| ApiError::about(f, &input, &q.file))?;
                kept.insert(Converted {
                    query,
                    input: now,
                    dir,
                })
            }
        };
        let text = std::fs::read_to_string(converted.dir.path().join("games.jsonl"))
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
                g["index"] = json!(i);
                Some(g)
            })
            .collect();
        Ok(Json(
            json!({"file": q.file, "total": games.len(), "games": shown}),
        ))
    })
    .await
}

#[derive(Deserialize)]
pub(super) struct PositionsRequest {
    /// Positions as OBF lines: 64 squares a1..h8 (X, O or -), the side
    /// to move.
    positions: Vec<String>,
}

/// The most empty squares of a position the page has solved: a few
/// seconds at worst on one core.
const MOST_EMPTIES: usize = 18;

/// Each position's every legal move with its exact score, as `solve`
/// writes OBF (Edax's form): the library's solver, on every core.
pub(super) async fn positions(
    state: Shared,
    Json(q): Json<PositionsRequest>,
) -> Result<Json<Value>, ApiError> {
    if q.positions.len() > 64 {
        return Err(ApiError::bad("at most 64 positions at a time"));
    }
    for p in &q.positions {
        let empties = p.chars().take(64).filter(|&c| c == '-').count();
        if empties > MOST_EMPTIES || p.contains('\n') {
            return Err(ApiError::bad(format!(
                "positions of at most {MOST_EMPTIES} empty squares, one a line"
            )));
        }
    }
    blocking(&state, move || {
        let file: String = q.positions.iter().map(|p| format!("{p};\n")).collect();
        let solved = boardfile_othello::positions::solve_file(
            file.as_bytes(),
            0,
            Default::default(),
            &|_, _| {},
        )
        .map_err(|e| ApiError::bad(e.to_string()))?;
        let lines: Vec<String> = String::from_utf8_lossy(&solved)
            .lines()
            .map(String::from)
            .collect();
        Ok(Json(json!({ "solved": lines })))
    })
    .await
}
