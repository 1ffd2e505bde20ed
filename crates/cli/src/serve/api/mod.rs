//! The page's requests: what each asks, and the library call (or the
//! command, with the arguments a user would type) that answers it. Slow
//! work runs on the blocking pool; an error is a JSON message with its
//! HTTP status, never a trace. The files and formats here; a set's boards,
//! conversions and joins in [`sets`]; solving and dealing, which run as
//! jobs, in [`work`]; Othello's games and positions in [`othello`];
//! SquareDeal's tournaments in [`squaredeal`].

mod othello;
pub use othello::Converted;
mod sets;
mod squaredeal;
mod work;

pub use super::error::ApiError;

use super::beneath::Held;
use super::files::{Entry, Names};
use super::run::{self, Cancel};
use super::{guard, page, State};
use crate::plan::{AnyFormat, Opened};
use crate::report::Failure;
use axum::extract::{Query, Request};
use axum::http::{header, HeaderValue};
use axum::routing::{get, post};
use axum::{Json, Router};
use boardfile_io::Input;
use serde::Deserialize;
use serde_json::{json, Value};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

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
        .route("/api/save", post(save))
        .route("/api/open", get(open))
        .route("/api/boards", get(sets::boards))
        .route("/api/formats", get(formats))
        .route("/api/convert", get(sets::convert))
        .route("/api/games", get(othello::games))
        .route("/api/positions", post(othello::positions))
        .route("/api/squaredeal", post(squaredeal::squaredeal))
        .route("/api/join", post(sets::join))
        .route("/api/solve", post(work::solve))
        .route("/api/deal", post(work::deal))
        .route("/api/leads", post(work::leads))
        .route("/api/leads-result", get(work::leads_result))
        .route("/api/jobs", get(work::jobs))
        .route("/api/jobs/{id}/events", get(work::job_events))
        .route("/api/jobs/{id}/cancel", post(work::cancel))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            guard::check,
        ))
        // gzip where the browser takes it (not the event streams, whose
        // events must not wait in a buffer).
        .layer(tower_http::compression::CompressionLayer::new())
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

impl ApiError {
    /// A command's failure, its paths named as the page names them.
    fn named(f: Failure, names: &Names) -> ApiError {
        let message = names.say(f.message());
        ApiError::from(f).with_message(message)
    }

    /// A command's failure about the file at `path`, which the page knows
    /// as `id`.
    fn about(f: Failure, path: &Path, id: &str) -> ApiError {
        ApiError::named(f, &Names::default().with(path, id))
    }
}

/// The longest a request's own work may take (a page of boards, a
/// conversion).
pub(super) const DEADLINE: Duration = Duration::from_secs(120);

/// Runs `work` on the blocking pool, once one of the server's places for
/// work is free (a few a core, so that a crowd of requests queues rather
/// than holding memory all at once). `work` checks its [`Cancel`] between
/// steps: it ends when the client goes, past [`DEADLINE`], or when the
/// server stops.
async fn blocking<T: Send + 'static>(
    state: &State,
    work: impl FnOnce(&Cancel) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let _place = state.work.take().await?;
    let (cancel, _dropped) = Cancel::new(&state.stop, DEADLINE);
    tokio::task::spawn_blocking(move || work(&cancel))
        .await
        .map_err(ApiError::internal)?
}

/// Runs the command `args` for a request ([`run::command`]): its standard
/// output when it succeeds, else its failure named by `names`.
async fn command(state: &State, args: &[String], names: &Names) -> Result<Vec<u8>, ApiError> {
    let ran = run::command(state, args, DEADLINE).await?;
    if ran.ok() {
        Ok(ran.stdout)
    } else {
        Err(ran.failure(names))
    }
}

/// The files the page may open (listed on the blocking pool: a large
/// folder takes a while).
async fn files(state: Shared) -> Result<Json<Value>, ApiError> {
    let shared = state.clone();
    blocking(&state, move |_| {
        let dir = shared.files.dir().map(|d| d.display().to_string());
        Ok(Json(json!({
            "dir": dir,
            "files": shared.files.list(),
            "max_upload": shared.files.max_upload,
        })))
    })
    .await
}

/// The file or folder `id` names, opened on the blocking pool
/// ([`Files::resolve`](super::files::Files::resolve)).
async fn resolve(state: &Arc<State>, id: &str) -> Result<Held, ApiError> {
    let (shared, id) = (state.clone(), id.to_string());
    tokio::task::spawn_blocking(move || shared.files.resolve(&id))
        .await
        .map_err(ApiError::internal)?
}

/// The file `id` names with the files beside it, opened on the blocking
/// pool ([`Files::resolve_beside`](super::files::Files::resolve_beside)).
async fn resolve_beside(
    state: &Arc<State>,
    id: &str,
) -> Result<(Held, std::path::PathBuf), ApiError> {
    let (shared, id) = (state.clone(), id.to_string());
    tokio::task::spawn_blocking(move || shared.files.resolve_beside(&id))
        .await
        .map_err(ApiError::internal)?
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
struct SaveQuery {
    file: String,
    /// The name in the folder; none: the file's own.
    name: Option<String>,
    /// Over a file of that name already there.
    #[serde(default)]
    replace: bool,
}

/// Saves a file of the private folder (an upload, a set the page made)
/// into the folder served, so that it outlives the server: its entry
/// there. A name taken is a conflict (409) unless `replace`.
async fn save(state: Shared, Query(q): Query<SaveQuery>) -> Result<Json<Entry>, ApiError> {
    let shared = state.clone();
    blocking(&state, move |_| {
        let own = q.file.rsplit('/').next().unwrap_or("");
        let wanted = q.name.as_deref().map(str::trim).filter(|n| !n.is_empty());
        shared
            .files
            .save(&q.file, wanted.unwrap_or(own), q.replace)
            .map(Json)
    })
    .await
}

#[derive(Deserialize)]
struct FileQuery {
    file: String,
    /// Read as this format, whatever the extension says (`--from`).
    #[serde(rename = "as")]
    read_as: Option<String>,
}

/// The game and format of a file (or a folder's WTHOR database).
async fn open(state: Shared, Query(q): Query<FileQuery>) -> Result<Json<Value>, ApiError> {
    let read_as = read_as(&q.read_as)?;
    let held = resolve(&state, &q.file).await?;
    blocking(&state, move |_| {
        let path = &held.path;
        if held.folder {
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
        let (_, format) =
            opened(path, read_as.as_deref()).map_err(|f| ApiError::about(f, path, &q.file))?;
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

/// The format a request asks a file to be read as (`as`, the commands'
/// `--from`): none when not given or empty; a name no format has is the
/// request's fault.
pub(super) fn read_as(given: &Option<String>) -> Result<Option<String>, ApiError> {
    match given.as_deref().map(str::trim).filter(|f| !f.is_empty()) {
        None => Ok(None),
        Some(f) => crate::plan::parse_format(f)
            .map(|_| Some(f.to_ascii_lowercase()))
            .map_err(ApiError::bad),
    }
}

/// A file opened as the commands open it, and its format by the one rule
/// (or as `from` names, as with `--from`).
fn opened(path: &Path, from: Option<&str>) -> Result<(Opened, AnyFormat), Failure> {
    let from = from
        .map(crate::plan::parse_format)
        .transpose()
        .map_err(Failure::invalid)?;
    let opened = Opened::open(&Input::new(path))?;
    let format = opened.format(from.as_ref())?;
    Ok((opened, format))
}

/// The formats each game writes, for the page's choices.
/// The extension a file written in `f` is named with: its usual one, or
/// for Big Deal's CSV (told from a table's CSV by its content, so without
/// an extension of its own) `csv`, as Big Deal names it.
pub(super) fn extension_of(f: AnyFormat) -> &'static str {
    match f.info().extensions.first() {
        Some(e) => e,
        None if f.name().ends_with("-CSV") => "csv",
        None => "out",
    }
}

async fn formats() -> Json<Value> {
    let list = |game| -> Vec<Value> {
        AnyFormat::all()
            .into_iter()
            .filter(|f| f.game() == game && f.info().writes)
            .map(|f| {
                json!({
                    "name": f.name(),
                    "extension": extension_of(f),
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
