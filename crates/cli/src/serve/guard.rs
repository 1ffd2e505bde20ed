//! Who may drive the server: a request carrying the run's token, sent to
//! a Host the server answers to, from no foreign Origin.
//!
//! - The token is 32 random bytes a run, in the printed address as
//!   `?token=`; the first page load trades it for an HttpOnly, SameSite
//!   Strict cookie (as Jupyter does), so the page's own requests carry it
//!   and a cross-site one cannot. `X-Boardfile-Token` carries it too (for
//!   scripts).
//! - Host: on loopback only `127.0.0.1`, `localhost` and `[::1]` at the
//!   server's port, so that a DNS name rebound to 127.0.0.1 is refused.
//!   Listening elsewhere, the token alone admits.
//! - Origin, when sent: the server's own (`http://` and the Host), so a
//!   page of another site cannot post to it even with the cookie.

use crate::report::Failure;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Redirect, Response};
use std::net::SocketAddr;
use std::sync::Arc;

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

    /// The address to open: the page, with the token.
    pub fn url(&self) -> String {
        let host = if self.bound.ip().is_unspecified() || self.bound.ip().is_loopback() {
            format!("127.0.0.1:{}", self.bound.port())
        } else {
            self.bound.to_string()
        };
        format!("http://{host}/?token={}", self.token)
    }

    /// The cookie's name: one a port, so two servers do not mix.
    fn cookie(&self) -> String {
        format!("boardfile-{}", self.bound.port())
    }

    /// Why `headers` may not drive the server, if they may not.
    fn refused(&self, headers: &HeaderMap, query_token: Option<&str>) -> Option<&'static str> {
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
        let cookie = self.cookie();
        let by_cookie = headers
            .get_all(header::COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(';'))
            .filter_map(|kv| kv.trim().split_once('='))
            .any(|(k, v)| k == cookie && self.is(v));
        let by_header = headers
            .get("x-boardfile-token")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| self.is(v));
        let by_query = query_token.is_some_and(|v| self.is(v));
        if by_cookie || by_header || by_query {
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

/// The token in a query string, if it has one.
fn query_token(query: Option<&str>) -> Option<&str> {
    query?.split('&').find_map(|kv| kv.strip_prefix("token="))
}

/// The middleware: refuses what the guard refuses (403, a line of text);
/// a page load with the token in its address is answered with the cookie
/// and sent to the address without it.
pub async fn check(
    State(state): State<Arc<super::State>>,
    request: Request,
    next: Next,
) -> Response {
    let guard = &state.guard;
    let query = query_token(request.uri().query());
    if let Some(why) = guard.refused(request.headers(), query) {
        return (StatusCode::FORBIDDEN, format!("boardfile serve: {why}\n")).into_response();
    }
    if query.is_some() && request.uri().path() == "/" {
        let cookie = format!(
            "{}={}; HttpOnly; SameSite=Strict; Path=/",
            guard.cookie(),
            guard.token
        );
        let mut response = Redirect::to("/").into_response();
        if let Ok(v) = cookie.parse() {
            response.headers_mut().insert(header::SET_COOKIE, v);
        }
        return response;
    }
    next.run(request).await
}
