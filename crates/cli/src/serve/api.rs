//! The page's requests: what each asks, and the library call (or the
//! command, with the arguments a user would type) that answers it. Slow
//! work runs on the blocking pool; an error is a JSON message with its
//! HTTP status, never a trace.

use super::files::Entry;
use super::jobs::{Spec, Status};
use super::{guard, page, State};
use crate::plan::{AnyFormat, Opened};
use crate::report::Failure;
use axum::body::Body;
use axum::extract::{Query, Request};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use boardfile_bridge::diagram::html::board_html;
use boardfile_bridge::Diagnostics;
use boardfile_io::Input;
use serde::Deserialize;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::sync::Arc;

type Shared = axum::extract::State<Arc<State>>;

/// The routes, behind the guard.
pub fn router(state: Arc<State>) -> Router {
    Router::new()
        .route("/", get(page::index))
        .route("/app.js", get(page::script))
        .route("/app.css", get(page::style))
        .route("/diagram.css", get(page::diagram_style))
        .route("/api/files", get(files))
        .route("/api/upload", post(upload))
        .route("/api/open", get(open))
        .route("/api/boards", get(boards))
        .route("/api/formats", get(formats))
        .route("/api/convert", get(convert))
        .route("/api/games", get(games))
        .route("/api/positions", post(positions))
        .route("/api/squaredeal", post(squaredeal))
        .route("/api/join", post(join))
        .route("/api/solve", post(solve))
        .route("/api/deal", post(deal))
        .route("/api/jobs", get(jobs))
        .route("/api/jobs/{id}/events", get(job_events))
        .route("/api/jobs/{id}/cancel", post(cancel))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            guard::check,
        ))
        .layer(tower_http::set_header::SetResponseHeaderLayer::overriding(
            header::REFERRER_POLICY,
            HeaderValue::from_static("no-referrer"),
        ))
        .layer(tower_http::set_header::SetResponseHeaderLayer::overriding(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(tower_http::set_header::SetResponseHeaderLayer::overriding(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(
                "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
            ),
        ))
        .with_state(state)
}

/// A request refused or failed: its status and a message for the page.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
        }
    }

    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::FORBIDDEN,
            message: message.into(),
        }
    }

    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::NOT_FOUND,
            message: message.into(),
        }
    }

    pub fn too_large(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::PAYLOAD_TOO_LARGE,
            message: message.into(),
        }
    }

    /// The server's own trouble (a temporary file, a thread).
    pub fn internal(e: impl std::fmt::Display) -> ApiError {
        ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: e.to_string(),
        }
    }
}

/// What a command's failure is to the page: the file's fault (422, its
/// message with the place) or the request's.
impl From<Failure> for ApiError {
    fn from(f: Failure) -> ApiError {
        let status = match f.status() {
            crate::report::Outcome::Invalid => StatusCode::UNPROCESSABLE_ENTITY,
            _ => StatusCode::BAD_REQUEST,
        };
        ApiError {
            status,
            message: f.message().to_string(),
        }
    }
}

impl ApiError {
    /// A command's failure about the file at `path`, which the page knows
    /// as `id`: its message names `id`, not the server's path.
    fn about(f: Failure, path: &Path, id: &str) -> ApiError {
        let message = f.message().replace(&path.display().to_string(), id);
        ApiError {
            message,
            ..ApiError::from(f)
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(json!({ "error": self.message }))).into_response()
    }
}

/// Runs `work` on the blocking pool, once one of the server's places for
/// work is free: a few a core, so that a crowd of requests queues rather
/// than holding memory all at once.
async fn blocking<T: Send + 'static>(
    state: &State,
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let _place = state.work.acquire().await.map_err(ApiError::internal)?;
    tokio::task::spawn_blocking(work)
        .await
        .map_err(ApiError::internal)?
}

/// The files the page may open.
async fn files(state: Shared) -> Json<Value> {
    let dir = state.files.dir().map(|d| d.display().to_string());
    Json(json!({
        "dir": dir,
        "files": state.files.list(),
        "max_upload": state.files.max_upload,
    }))
}

#[derive(Deserialize)]
struct Named {
    name: String,
}

/// An upload, streamed to the private folder: its entry.
async fn upload(
    state: Shared,
    Query(q): Query<Named>,
    request: Request,
) -> Result<Json<Entry>, ApiError> {
    let body = request.into_body().into_data_stream();
    Ok(Json(state.files.upload(&q.name, body).await?))
}

#[derive(Deserialize)]
struct FileQuery {
    file: String,
}

/// The game and format of a file (or a folder's WTHOR database).
async fn open(state: Shared, Query(q): Query<FileQuery>) -> Result<Json<Value>, ApiError> {
    let path = state.files.resolve(&q.file)?;
    blocking(&state, move || {
        if path.is_dir() {
            return Ok(Json(
                json!({"file": q.file, "game": "othello", "format": "WTHOR database"}),
            ));
        }
        if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("sqd"))
        {
            // Not boards: a SquareDeal tournament, whose sessions are.
            let format = "SquareDeal tournament";
            return Ok(Json(
                json!({"file": q.file, "game": "tournament", "format": format}),
            ));
        }
        let (_, format) = opened(&path).map_err(|f| ApiError::about(f, &path, &q.file))?;
        let game = match format {
            AnyFormat::Bridge(_) => "bridge",
            AnyFormat::Othello(_) => "othello",
        };
        Ok(Json(
            json!({"file": q.file, "game": game, "format": format.name()}),
        ))
    })
    .await
}

/// A file opened as the commands open it, and its format by the one rule.
fn opened(path: &Path) -> Result<(Opened, AnyFormat), Failure> {
    let opened = Opened::open(&Input::new(path))?;
    let format = opened.format(None)?;
    Ok((opened, format))
}

#[derive(Deserialize)]
struct BoardsQuery {
    file: String,
    /// The first board shown, counted from 0 in the file.
    #[serde(default)]
    from: u64,
    /// How many are shown (at most [`MOST_SHOWN`]).
    #[serde(default = "twelve")]
    count: u64,
    /// Or: from the board of this number.
    number: Option<u32>,
}

fn twelve() -> u64 {
    12
}

/// The most boards one request shows.
const MOST_SHOWN: u64 = 100;

/// Boards of a bridge file, a page of them: each as the hand records draw
/// it, and the warnings met on the way, placed. The file is streamed from
/// its start; boards before `from` are read and dropped, so memory stays
/// that of one board.
async fn boards(state: Shared, Query(q): Query<BoardsQuery>) -> Result<Json<Value>, ApiError> {
    let path = state.files.resolve(&q.file)?;
    let name = q.file.clone();
    blocking(&state, move || {
        let (opened, format) = opened(&path).map_err(|f| ApiError::about(f, &path, &name))?;
        let AnyFormat::Bridge(format) = format else {
            return Err(ApiError::bad(format!(
                "{name}: {} holds Othello games, not boards",
                format.name()
            )));
        };
        let mut diag = Diagnostics::strict();
        let mut reader = crate::bridge::open(opened, format, &mut diag)
            .map_err(|f| ApiError::about(f, &path, &name))?;
        let count = q.count.clamp(1, MOST_SHOWN);
        let mut shown = Vec::new();
        let mut index = 0u64;
        let mut more = false;
        let read_error = |e: &boardfile_io::Error| ApiError::from(Failure::data(&name, e));
        while let Some(board) = reader.next_board(&mut diag).map_err(|e| read_error(&e))? {
            let wanted = match q.number {
                Some(n) => board.number >= n || !shown.is_empty(),
                None => index >= q.from,
            };
            if wanted {
                if shown.len() as u64 == count {
                    more = true;
                    break;
                }
                let mut html = String::new();
                board_html(&board, &mut html);
                // The auction, contract and play, as `show` prints them.
                let mut game = Vec::new();
                boardfile_bridge::diagram::write_game(&board, &mut game)
                    .map_err(ApiError::internal)?;
                let game = String::from_utf8_lossy(&game).into_owned();
                shown.push(
                    json!({"index": index, "number": board.number, "html": html, "game": game}),
                );
            }
            index += 1;
        }
        let warnings: Vec<String> = diag
            .warnings
            .iter()
            .map(|w| w.located(&name).to_string())
            .collect();
        Ok(Json(json!({
            "file": name,
            "format": format.name(),
            "boards": shown,
            "more": more,
            "read": index,
            "warnings": warnings,
        })))
    })
    .await
}

/// The formats each game writes, for the page's choices.
async fn formats() -> Json<Value> {
    let list = |game| -> Vec<Value> {
        AnyFormat::all()
            .into_iter()
            .filter(|f| f.game() == game && f.info().writes)
            .map(|f| {
                json!({
                    "name": f.name(),
                    "extension": f.info().extensions.first(),
                    "description": f.info().description,
                })
            })
            .collect()
    };
    Json(json!({
        "bridge": list(crate::plan::Game::Bridge),
        "othello": list(crate::plan::Game::Othello),
    }))
}

#[derive(Deserialize)]
struct ConvertQuery {
    file: String,
    to: String,
    title: Option<String>,
    event: Option<String>,
    site: Option<String>,
    date: Option<String>,
    per_page: Option<String>,
    paper: Option<String>,
    /// The boards kept (1-16,20).
    boards: Option<String>,
    /// Numbered anew from this one.
    renumber: Option<String>,
}

/// The file converted, as a download: `boardfile convert` run with the
/// arguments a user would type, into a folder of its own in the private
/// one, then sent; the folder is removed once the file is open. Its bytes
/// are the command's.
async fn convert(state: Shared, Query(q): Query<ConvertQuery>) -> Result<Response, ApiError> {
    let input = state.files.resolve(&q.file)?;
    let scratch = state.files.scratch().to_path_buf();
    let (made, path, name) = blocking(&state, move || convert_file(&input, &scratch, &q)).await?;
    let file = tokio::fs::File::open(&path)
        .await
        .map_err(ApiError::internal)?;
    // Unlinked once open: the download reads on, nothing is left behind.
    drop(made);
    let body = Body::from_stream(tokio_util::io::ReaderStream::new(file));
    Ok(download(&name, body))
}

/// A response that downloads `body` as `name`.
fn download(name: &str, body: Body) -> Response {
    let plain: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_graphic() && c != '"' && c != '\\' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let disposition = format!("attachment; filename=\"{plain}\"");
    (
        [
            (header::CONTENT_TYPE, "application/octet-stream".to_string()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        body,
    )
        .into_response()
}

/// Runs `convert` from `input` into a fresh folder of `scratch`: the
/// folder, the file made and the name to download it as (the input's
/// stem, the format's extension). A failure's message names the input as
/// the page does, not by its path on the server.
fn convert_file(
    input: &Path,
    scratch: &Path,
    q: &ConvertQuery,
) -> Result<(tempfile::TempDir, PathBuf, String), ApiError> {
    let to = crate::plan::parse_format(&q.to).map_err(ApiError::bad)?;
    let extension = to.0[0].info().extensions.first().copied().unwrap_or("out");
    let stem = input
        .file_stem()
        .map_or("boards".into(), |s| s.to_string_lossy().into_owned());
    let name = format!("{stem}.{extension}");
    let made = tempfile::Builder::new()
        .prefix(".convert-")
        .tempdir_in(scratch)
        .map_err(ApiError::internal)?;
    let out = made.path().join(&name);
    let mut args: Vec<String> = vec![
        "convert".into(),
        input.display().to_string(),
        out.display().to_string(),
        "--to".into(),
        q.to.clone(),
    ];
    for (flag, value) in [
        ("--title", &q.title),
        ("--event", &q.event),
        ("--site", &q.site),
        ("--date", &q.date),
        ("--per-page", &q.per_page),
        ("--paper", &q.paper),
        ("--boards", &q.boards),
        ("--renumber", &q.renumber),
    ] {
        if let Some(v) = value.as_deref().filter(|v| !v.trim().is_empty()) {
            args.push(flag.into());
            args.push(v.into());
        }
    }
    crate::commands::run(&args).map_err(|f| {
        let e = ApiError::about(f, input, &q.file);
        ApiError {
            message: e.message.replace(&out.display().to_string(), &name),
            ..e
        }
    })?;
    Ok((made, out, name))
}

/// Solves a bridge file double dummy into `STEM-solved.pbn` among the
/// uploads, as a job: `boardfile solve`, whose journal lets a cancelled
/// or interrupted solve go on where it stopped when started again. A
/// solve of the same file still running is that job.
async fn solve(state: Shared, Query(q): Query<FileQuery>) -> Result<Json<Status>, ApiError> {
    let input = state.files.resolve(&q.file)?;
    let stem = input
        .file_stem()
        .map_or("boards".into(), |s| s.to_string_lossy().into_owned());
    let name = format!("{stem}-solved.pbn");
    let output = format!("upload/{name}");
    let running = state
        .jobs
        .all()
        .into_iter()
        .find(|s| s.running && s.output == output);
    if let Some(s) = running {
        return Ok(Json(s));
    }
    let out = state.files.scratch().join(&name);
    let journal = boardfile_bridge::dd::journal::Journal::path_of(&out);
    if out.exists() && !journal.exists() {
        // Solved before: solved again (from the file as it is now).
        std::fs::remove_file(&out).map_err(ApiError::internal)?;
    }
    let spec = Spec {
        kind: "solve",
        file: Some(q.file.clone()),
        output: output.clone(),
        args: vec![
            "solve".into(),
            input.display().to_string(),
            out.display().to_string(),
        ],
        names: vec![(input, q.file), (out, output)],
    };
    Ok(Json(state.jobs.start(spec)?.status()))
}

#[derive(Deserialize)]
struct DealRequest {
    /// How many boards.
    boards: Option<u32>,
    /// The first board's number.
    first: Option<u32>,
    /// A practice set's seed (hex).
    seed: Option<String>,
    /// Big Deal's way, for this owner.
    owner: Option<String>,
    /// A dealer-language script: only the deals it accepts.
    script: Option<String>,
}

/// Deals a set into `dealt.pbn` (numbered when taken) among the uploads,
/// as a job: `boardfile deal` with the arguments the form gives.
async fn deal(state: Shared, Json(q): Json<DealRequest>) -> Result<Json<Status>, ApiError> {
    let name = state.files.upload_name("dealt.pbn");
    let out = state.files.scratch().join(&name);
    let output = format!("upload/{name}");
    let mut args = vec!["deal".to_string(), out.display().to_string()];
    let mut names = vec![(out.clone(), output.clone())];
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
    if let Some(owner) = given(&q.owner) {
        args.extend(["--owner".into(), owner]);
    }
    if let Some(script) = given(&q.script) {
        // A file, so that its errors are placed by line and column.
        let path = state.files.scratch().join(format!(".{}.dl", name));
        std::fs::write(&path, script).map_err(ApiError::internal)?;
        args.extend(["--where".into(), path.display().to_string()]);
        names.push((path, "script".into()));
    }
    let spec = Spec {
        kind: "deal",
        file: None,
        output,
        args,
        names,
    };
    Ok(Json(state.jobs.start(spec)?.status()))
}

/// Every job of the run, newest first (a reloaded page finds its own).
async fn jobs(state: Shared) -> Json<Vec<Status>> {
    Json(state.jobs.all())
}

/// A job's status at each change, as server-sent events, until it ends.
async fn job_events(
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
async fn cancel(
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

#[derive(Deserialize)]
struct GamesQuery {
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

/// The Othello games of a file or a WTHOR folder that a query keeps, a
/// page of them: `boardfile convert` with the query's options into JSON
/// Lines (names from the names files beside them), then read. Each game
/// as JSON Lines has it (names, tournament, year, discs, moves).
async fn games(state: Shared, Query(q): Query<GamesQuery>) -> Result<Json<Value>, ApiError> {
    let input = state.files.resolve(&q.file)?;
    let scratch = state.files.scratch().to_path_buf();
    blocking(&state, move || {
        let made = tempfile::Builder::new()
            .prefix(".games-")
            .tempdir_in(&scratch)
            .map_err(ApiError::internal)?;
        let out = made.path().join("games.jsonl");
        let mut args = vec![
            "convert".to_string(),
            input.display().to_string(),
            out.display().to_string(),
            "--to".into(),
            "jsonl".into(),
        ];
        for (flag, value) in [
            ("--player", &q.player),
            ("--tournament", &q.tournament),
            ("--year", &q.year),
            ("--opening", &q.opening),
        ] {
            if let Some(v) = value.as_deref().map(str::trim).filter(|v| !v.is_empty()) {
                args.push(flag.into());
                args.push(v.into());
            }
        }
        crate::commands::run(&args).map_err(|f| ApiError::about(f, &input, &q.file))?;
        let text = std::fs::read_to_string(&out).map_err(ApiError::internal)?;
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
struct PositionsRequest {
    /// Positions as OBF lines: 64 squares a1..h8 (X, O or -), the side
    /// to move.
    positions: Vec<String>,
}

/// The most empty squares of a position the page has solved: a few
/// seconds at worst on one core.
const MOST_EMPTIES: usize = 18;

/// Each position's every legal move with its exact score, as `solve`
/// writes OBF (Edax's form): the library's solver, on every core.
async fn positions(
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
        let solved = boardfile_othello::positions::solve_file(file.as_bytes(), 0, &|_, _| {})
            .map_err(|e| ApiError::bad(e.to_string()))?;
        let lines: Vec<String> = String::from_utf8_lossy(&solved)
            .lines()
            .map(String::from)
            .collect();
        Ok(Json(json!({ "solved": lines })))
    })
    .await
}

#[derive(Deserialize)]
struct SquareDealQuery {
    /// The tournament's .sqd.
    file: String,
    /// "verify" (the files beside it against the sessions made again) or
    /// "make" (every session, into a folder of the uploads).
    action: String,
}

/// SquareDeal: `squaredeal verify --each` on a tournament and the files
/// beside it (a verdict a file), or `squaredeal make` into
/// `upload/STEM-sessions/`. The command's report, its paths named as the
/// page names them, and whether it found the files good.
async fn squaredeal(
    state: Shared,
    Query(q): Query<SquareDealQuery>,
) -> Result<Json<Value>, ApiError> {
    let sqd = state.files.resolve(&q.file)?;
    let scratch = state.files.scratch().to_path_buf();
    blocking(&state, move || {
        let folder = sqd.parent().map(Path::to_path_buf).unwrap_or_default();
        let folder_id = q.file.rsplit_once('/').map_or("", |(d, _)| d).to_string();
        let mut names = vec![(sqd.clone(), q.file.clone()), (folder, folder_id)];
        let mut args = vec!["squaredeal".to_string(), q.action.clone()];
        match q.action.as_str() {
            "verify" => args.extend([sqd.display().to_string(), "--each".into()]),
            "make" => {
                let stem = sqd
                    .file_stem()
                    .map_or("tournament".into(), |s| s.to_string_lossy().into_owned());
                let dir = scratch.join(format!("{stem}-sessions"));
                names.insert(0, (dir.clone(), format!("upload/{stem}-sessions")));
                args.extend([
                    sqd.display().to_string(),
                    "--dir".into(),
                    dir.display().to_string(),
                    "--force".into(),
                ]);
            }
            other => return Err(ApiError::bad(format!("{other:?}: verify or make"))),
        }
        let mut report = Vec::new();
        let named = |text: &str| {
            names.iter().fold(text.to_string(), |t, (path, id)| {
                t.replace(&path.display().to_string(), id)
            })
        };
        let outcome = crate::commands::run_into(&args, &mut report).map_err(|f| ApiError {
            message: named(f.message()),
            ..ApiError::from(f)
        })?;
        let lines: Vec<String> = String::from_utf8_lossy(&report)
            .lines()
            .map(named)
            .collect();
        let good = outcome == crate::report::Outcome::Ok;
        Ok(Json(json!({"file": q.file, "good": good, "report": lines})))
    })
    .await
}

#[derive(Deserialize)]
struct JoinRequest {
    /// The sets, in order.
    files: Vec<String>,
    /// Numbered anew from this one.
    renumber: Option<u32>,
}

/// Sets joined into one, in order: `boardfile join` into `joined.pbn`
/// (numbered when taken) among the uploads; the new file's entry.
async fn join(state: Shared, Json(q): Json<JoinRequest>) -> Result<Json<Entry>, ApiError> {
    if q.files.len() < 2 {
        return Err(ApiError::bad("two sets or more to join"));
    }
    let paths = q
        .files
        .iter()
        .map(|id| state.files.resolve(id))
        .collect::<Result<Vec<_>, _>>()?;
    let name = state.files.upload_name("joined.pbn");
    let out = state.files.scratch().join(&name);
    blocking(&state, move || {
        let mut args = vec!["join".to_string()];
        args.extend(paths.iter().map(|p| p.display().to_string()));
        args.push(out.display().to_string());
        if let Some(n) = q.renumber {
            args.extend(["--renumber".into(), n.to_string()]);
        }
        crate::commands::run(&args).map_err(|f| {
            let message = paths
                .iter()
                .zip(&q.files)
                .fold(f.message().to_string(), |m, (p, id)| {
                    m.replace(&p.display().to_string(), id)
                });
            ApiError {
                message,
                ..ApiError::from(f)
            }
        })?;
        let size = std::fs::metadata(&out).map_err(ApiError::internal)?.len();
        Ok(Json(Entry {
            id: format!("upload/{name}"),
            name,
            size,
            folder: false,
        }))
    })
    .await
}
