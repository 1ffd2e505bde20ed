//! The page's own files, compiled into the binary: no CDN, no download,
//! so it works offline. Plain HTML, CSS and JavaScript, no build step.
//!
//! For work on the page, `BOARDFILE_PAGE_DIR` names a folder to read them
//! from at each request instead (`crates/cli/src/serve/page`), so that an
//! edit shows at a reload without a build.

use axum::http::header;
use axum::response::IntoResponse;

/// A file of the page: its name and the text compiled in.
struct File(&'static str, &'static str);

const INDEX: File = File("index.html", include_str!("page/index.html"));
const SCRIPT: File = File("app.js", include_str!("page/app.js"));
const STYLE: File = File("app.css", include_str!("page/app.css"));

impl File {
    /// The text: from `BOARDFILE_PAGE_DIR` when it is set, else built in.
    fn text(&self) -> String {
        std::env::var_os("BOARDFILE_PAGE_DIR")
            .and_then(|d| std::fs::read_to_string(std::path::Path::new(&d).join(self.0)).ok())
            .unwrap_or_else(|| self.1.to_string())
    }
}

pub async fn index() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        INDEX.text(),
    )
}

pub async fn script() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        SCRIPT.text(),
    )
}

pub async fn style() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/css; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        STYLE.text(),
    )
}

/// The hand records' style, for the boards the page draws as they do.
pub async fn diagram_style() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        boardfile_bridge::diagram::html::STYLE,
    )
}
