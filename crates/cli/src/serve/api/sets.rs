//! A bridge set's boards shown a page at a time, converted for download,
//! and sets joined.

use super::{blocking, command, opened, read_as, resolve, ApiError, Shared};
use crate::plan::AnyFormat;
use crate::report::Failure;
use crate::serve::files::{Entry, Names};
use crate::serve::run::Workspace;
use axum::body::Body;
use axum::extract::Query;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;
use boardfile_bridge::diagram::html::board_html;
use boardfile_bridge::Diagnostics;
use serde::Deserialize;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

#[derive(Deserialize)]
pub(super) struct BoardsQuery {
    file: String,
    /// The first board shown, counted from 0 in the file.
    #[serde(default)]
    from: u64,
    /// How many are shown (at most [`MOST_SHOWN`]).
    #[serde(default = "twelve")]
    count: u64,
    /// Or: from the board of this number.
    number: Option<u32>,
    /// Read as this format (`--from`).
    #[serde(rename = "as")]
    read_as: Option<String>,
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
pub(super) async fn boards(
    state: Shared,
    Query(q): Query<BoardsQuery>,
) -> Result<Json<Value>, ApiError> {
    let as_format = read_as(&q.read_as)?;
    let held = resolve(&state, &q.file).await?;
    let name = q.file.clone();
    blocking(&state, move |cancel| {
        let path = &held.path;
        let (opened, format) =
            opened(path, as_format.as_deref()).map_err(|f| ApiError::about(f, path, &name))?;
        let AnyFormat::Bridge(format) = format else {
            return Err(ApiError::bad(format!(
                "{name}: {} holds Othello games, not boards",
                format.name()
            )));
        };
        let mut diag = Diagnostics::strict();
        let mut reader = crate::bridge::open(opened, format, &mut diag)
            .map_err(|f| ApiError::about(f, path, &name))?;
        let count = q.count.clamp(1, MOST_SHOWN);
        let mut shown = Vec::new();
        let mut index = 0u64;
        let mut more = false;
        // A file that stops reading part way shows the boards before the
        // place, and the place: a data error ends the page, not the
        // request (an I/O error does).
        let mut stopped = None;
        loop {
            let mut board = match reader.next_board(&mut diag) {
                Ok(Some(board)) => board,
                Ok(None) => break,
                Err(e) if e.is_data_error() => {
                    stopped = Some(Failure::data(&name, &e).message().to_string());
                    break;
                }
                Err(e) => return Err(ApiError::from(Failure::data(&name, &e))),
            };
            cancel.check()?;
            let wanted = match q.number {
                Some(n) => board.number >= n || !shown.is_empty(),
                None => index >= q.from,
            };
            if wanted {
                if shown.len() as u64 == count {
                    more = true;
                    break;
                }
                // A solved board's play valued card by card (a solve into
                // PBN, which has no tag for the values, leaves the table):
                // the hand record marks the cards that cost a trick.
                if board.dd.is_some() && board.play_values.is_none() {
                    board.play_values = boardfile_bridge::dd::play::analyse_play(&board)
                        .ok()
                        .flatten()
                        .map(Box::new);
                }
                let mut html = String::new();
                board_html(&board, &mut html);
                // The auction, contract and play, as `show` prints them
                // (the play once: valued, the hand record shows it).
                if board.play_values.take().is_some() {
                    board.play = None;
                }
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
        // Each finding once, with a count of the rest, as the commands
        // print them.
        let warnings: Vec<String> =
            boardfile_io::fold_warnings(&diag.warnings, diag.more_warnings, 3, 20)
                .iter()
                .map(|t| crate::report::told_line(&name, t))
                .collect();
        Ok(Json(json!({
            "file": name,
            "format": format.name(),
            "boards": shown,
            "more": more,
            "read": index,
            "warnings": warnings,
            "error": stopped,
        })))
    })
    .await
}

#[derive(Deserialize)]
pub(super) struct ConvertQuery {
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
    /// Read as this format (`--from`).
    #[serde(rename = "as")]
    read_as: Option<String>,
}

/// The file converted, as a download: `boardfile convert` run with the
/// arguments a user would type, into a folder of the request's own, then
/// sent; the folder is removed once the file is open. Its bytes are the
/// command's.
pub(super) async fn convert(
    state: Shared,
    Query(q): Query<ConvertQuery>,
) -> Result<Response, ApiError> {
    let input = resolve(&state, &q.file).await?;
    let work = Workspace::new(&state.files)?;
    let (args, out, name) = convert_args(&input.path, work.path(), &q)?;
    let names = Names::default()
        .with(&input.path, &q.file)
        .with(&out, &name);
    command(&state, &args, &names).await?;
    let file = tokio::fs::File::open(&out)
        .await
        .map_err(ApiError::internal)?;
    // Unlinked once open: the download reads on, nothing is left behind.
    drop(work);
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

/// The arguments of `convert` from `input` into the folder `work`, the
/// file it makes and the name to download it as (the input's stem, the
/// format's extension).
fn convert_args(
    input: &Path,
    work: &Path,
    q: &ConvertQuery,
) -> Result<(Vec<String>, PathBuf, String), ApiError> {
    let to = crate::plan::parse_format(&q.to).map_err(ApiError::bad)?;
    let extension = super::extension_of(to.0[0]);
    let stem = input
        .file_stem()
        .map_or("boards".into(), |s| s.to_string_lossy().into_owned());
    let name = format!("{stem}.{extension}");
    let out = work.join(&name);
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
        ("--from", &read_as(&q.read_as)?),
    ] {
        if let Some(v) = value.as_deref().filter(|v| !v.trim().is_empty()) {
            args.push(flag.into());
            args.push(v.into());
        }
    }
    Ok((args, out, name))
}

#[derive(Deserialize)]
pub(super) struct JoinRequest {
    /// The sets, in order.
    files: Vec<String>,
    /// Numbered anew from this one.
    renumber: Option<u32>,
}

/// The most sets the page joins at once.
const MOST_JOINED: usize = 20;

/// Sets joined into one, in order: `boardfile join` into `joined.pbn`
/// (numbered when taken) in the private folder; the new file's entry.
pub(super) async fn join(
    state: Shared,
    Json(q): Json<JoinRequest>,
) -> Result<Json<Entry>, ApiError> {
    if q.files.len() < 2 {
        return Err(ApiError::bad("two sets or more to join"));
    }
    if q.files.len() > MOST_JOINED {
        return Err(ApiError::bad(format!(
            "at most {MOST_JOINED} sets at a time (boardfile join has no limit)"
        )));
    }
    let mut held = Vec::new();
    for id in &q.files {
        let h = resolve(&state, id).await?;
        if h.folder {
            return Err(ApiError::bad(format!("{id}: a folder, not a board set")));
        }
        held.push(h);
    }
    let work = Workspace::new(&state.files)?;
    let made = work.path().join("joined.pbn");
    let mut args = vec!["join".to_string()];
    args.extend(held.iter().map(|h| h.path.display().to_string()));
    args.push(made.display().to_string());
    if let Some(n) = q.renumber {
        args.extend(["--renumber".into(), n.to_string()]);
    }
    let names = held
        .iter()
        .zip(&q.files)
        .fold(Names::default(), |n, (h, id)| n.with(&h.path, id));
    command(&state, &args, &names).await?;
    let (name, out, _) = state.files.reserve("joined.pbn", false)?;
    std::fs::rename(&made, &out).map_err(ApiError::internal)?;
    let size = std::fs::metadata(&out).map_err(ApiError::internal)?.len();
    Ok(Json(Entry {
        id: format!("upload/{name}"),
        name,
        size,
        folder: false,
        again: false,
    }))
}
