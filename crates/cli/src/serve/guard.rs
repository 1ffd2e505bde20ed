//! Who may drive the server: a request carrying the run's token in its
//! `X-Boardfile-Token` header, sent to a Host the server answers to, from
//! no foreign Origin.
//!
//! - The token is 32 random bytes a run, in the printed address's
//!   fragment (`#token=`), which a browser never sends to a server. The
//!   page reads it from there, keeps it in the tab's `sessionStorage`
//!   (its own origin's, which no other port's page can read) and sends it
//!   in `X-Boardfile-Token` on every request; downloads are fetched and
//!   saved from a Blob, and progress is read from a fetched stream, so
//!   nothing needs it in an address.
//! - Never a cookie: browsers send a host's cookies to every port of it,
//!   so any other local program opened in the browser would receive it.
//!   A request carrying the token only in a cookie or a query is refused.
//!   (Jupyter takes its token in an `Authorization` header or the
//!   address's query, and trades a browser's for a cookie, checked with
//!   an XSRF value on changes; VS Code's server trades its `tkn` query
//!   for a `vscode-tkn` cookie. Both cookies reach every port of the
//!   host. The header alone, filled by the page from its tab's keeping,
//!   reaches no one else.)
//! - The page's own files (`/`, its script and styles) hold no data and
//!   are served without the token, so the page can load and read it.
//! - Host: on loopback only `127.0.0.1`, `localhost` and `[::1]` at the
//!   server's port, so that a DNS name rebound to 127.0.0.1 is refused.
//!   Listening elsewhere, the token alone admits.
//! - Origin, when sent: the server's own (`http://` and the Host), so a
//!   page of another site cannot post to it.

use super::conns::Proven;
use crate::report::Failure;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::SocketAddr;
use std::sync::Arc;

/// The header that carries the token.
pub const TOKEN_HEADER: &str = "x-boardfile-token";

/// The token and the hosts of a run.
pub struct Guard {
    token: String,
    bound: SocketAddr,
    /// The names the Host header may give (with the port); empty: any.
    hosts: Vec<String>,
}

impl Guard {
    /// The guard of a server listening at `bound`, with a fresh token.
    pub fn new(bound: SocketAddr) -> Result<Guard, Failure> {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes)
            .map_err(|e| Failure::operational(format!("serve: no random token: {e}")))?;
        let token = bytes.iter().map(|b| format!("{b:02x}")).collect();
        let port = bound.port();
        let hosts = if bound.ip().is_loopback() {
            vec![
                format!("127.0.0.1:{port}"),
                format!("localhost:{port}"),
                format!("[::1]:{port}"),
            ]
        } else {
            Vec::new()
        };
        Ok(Guard {
            token,
            bound,
            hosts,
        })
    }

    /// The address to open: the page, the token in its fragment. A
    /// server listening on every address is opened on loopback (of its
    /// family: `[::]` at `[::1]`).
    pub fn url(&self) -> String {
        let ip = self.bound.ip();
        let host = match ip {
            std::net::IpAddr::V4(v4) if v4.is_unspecified() || v4.is_loopback() => {
                format!("127.0.0.1:{}", self.bound.port())
            }
            std::net::IpAddr::V6(v6) if v6.is_unspecified() || v6.is_loopback() => {
                format!("[::1]:{}", self.bound.port())
            }
            _ => self.bound.to_string(),
        };
        format!("http://{host}/#token={}", self.token)
    }

    /// Why `headers` may not reach the server, if they may not; `public`:
    /// a page file, which needs no token.
    fn refused(&self, headers: &HeaderMap, public: bool) -> Option<&'static str> {
        let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
        let Some(host) = host else {
            return Some("no Host");
        };
        if !self.hosts.is_empty() && !self.hosts.iter().any(|h| h.eq_ignore_ascii_case(host)) {
            return Some("not a host this server answers to");
        }
        if let Some(origin) = headers.get(header::ORIGIN) {
            let own = format!("http://{host}");
            if origin.to_str().ok() != Some(own.as_str()) {
                return Some("a request from another site");
            }
        }
        if public {
            return None;
        }
        let by_header = headers
            .get(TOKEN_HEADER)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| self.is(v));
        if by_header {
            None
        } else {
            Some("no token: open the address boardfile serve printed")
        }
    }

    /// True when `given` is the token (compared in constant time).
    fn is(&self, given: &str) -> bool {
        let (a, b) = (self.token.as_bytes(), given.as_bytes());
        a.len() == b.len() && a.iter().zip(b).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
    }
}

/// The page's own files: no data, no token needed.
fn public(request: &Request) -> bool {
    request.method() == Method::GET
        && matches!(
            request.uri().path(),
            "/" | "/app.js" | "/app.css" | "/diagram.css"
        )
}

/// The middleware: refuses what the guard refuses (403, a line of text);
/// a request with the token marks its connection as the page's own
/// ([`Proven`]), which a full server keeps over strangers'.
pub async fn check(
    State(state): State<Arc<super::State>>,
    request: Request,
    next: Next,
) -> Response {
    let open = public(&request);
    if let Some(why) = state.guard.refused(request.headers(), open) {
        return (StatusCode::FORBIDDEN, format!("boardfile serve: {why}\n")).into_response();
    }
    if !open {
        if let Some(proven) = request.extensions().get::<Proven>() {
            proven.set();
        }
    }
    next.run(request).await
}
