//! A `boardfile serve` started for a test on loopback, talked to over
//! HTTP/1.1 by hand (so that every header is the test's to choose), and
//! stopped by the test. Its temporary folder is the test's (TMPDIR), so
//! what it leaves on disk can be seen. Every wait is bounded.

#![allow(dead_code)]

use crate::common::{bin, s};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The binary to serve: this build's, or BOARDFILE_SERVE_BIN's (another
/// build to attack, an older one to see which attacks it fails).
pub fn program() -> String {
    std::env::var("BOARDFILE_SERVE_BIN").unwrap_or_else(|_| bin().into())
}

/// A running server: killed when dropped, if the test has not stopped it.
pub struct Server {
    pub child: Child,
    pub port: u16,
    /// The host of its printed address (`127.0.0.1:PORT`, `[::1]:PORT`).
    host: String,
    pub token: String,
    /// Its TMPDIR, where its private folder is made.
    pub tmp: PathBuf,
    _tmp: Option<tempfile::TempDir>,
}

impl Server {
    pub fn start(dir: Option<&Path>, extra: &[&str]) -> Server {
        let tmp = tempfile::tempdir().unwrap();
        let mut server = Server::start_in(dir, extra, tmp.path());
        server._tmp = Some(tmp);
        server
    }

    /// A server whose TMPDIR is `tmp`, the caller's.
    pub fn start_in(dir: Option<&Path>, extra: &[&str], tmp: &Path) -> Server {
        let mut args = vec!["serve"];
        if let Some(d) = dir {
            args.push(s(d));
        }
        args.extend_from_slice(extra);
        let mut child = Command::new(program())
            .args(&args)
            .env("TMPDIR", tmp)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let mut line = String::new();
        let mut out = BufReader::new(child.stdout.take().unwrap());
        // The address is the first line, printed once it listens.
        out.read_line(&mut line).unwrap();
        let url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        let rest = url.strip_prefix("http://").unwrap();
        // Older builds printed the token as a query.
        let (host, token) = rest
            .split_once("/#token=")
            .or_else(|| rest.split_once("/?token="))
            .unwrap();
        let port = host.rsplit_once(':').unwrap().1.parse().unwrap();
        Server {
            child,
            port,
            host: host.to_string(),
            token: token.to_string(),
            tmp: tmp.to_path_buf(),
            _tmp: None,
        }
    }

    pub fn host(&self) -> String {
        self.host.clone()
    }

    /// A request with the token (and the right Host).
    pub fn get(&self, path: &str) -> Reply {
        self.send("GET", path, &[("X-Boardfile-Token", &self.token)], b"")
    }

    /// A POST of JSON with the token.
    pub fn post_json(&self, path: &str, body: &serde_json::Value) -> Reply {
        let headers = [
            ("X-Boardfile-Token", self.token.as_str()),
            ("Content-Type", "application/json"),
        ];
        self.send("POST", path, &headers, body.to_string().as_bytes())
    }

    pub fn send(&self, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Reply {
        let host = self.host();
        let mut all: Vec<(&str, &str)> = vec![("Host", &host)];
        all.extend_from_slice(headers);
        request_to(host.as_str(), method, path, &all, body)
    }

    /// What the server left in its TMPDIR (but the lock its private
    /// folder holds while it runs).
    pub fn leftovers(&self) -> Vec<PathBuf> {
        let mut found = Vec::new();
        let mut todo = vec![self.tmp.clone()];
        while let Some(d) = todo.pop() {
            for e in std::fs::read_dir(&d).unwrap().flatten() {
                if e.file_type().unwrap().is_dir() {
                    todo.push(e.path());
                } else if e.file_name() != ".lock" {
                    found.push(e.path());
                }
            }
        }
        found
    }

    /// Stops it as Ctrl-C does: its exit code.
    pub fn interrupt(&mut self) -> i32 {
        self.signal(libc::SIGINT)
    }

    /// Sends it `signal`; its exit code once it has stopped (bounded).
    pub fn signal(&mut self, signal: libc::c_int) -> i32 {
        // SAFETY: a signal to our own child, by its id.
        unsafe {
            libc::kill(self.child.id() as libc::pid_t, signal);
        }
        let started = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code().unwrap_or(-1);
            }
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "the server did not stop at signal {signal}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP response.
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Reply {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| panic!("{e}: {:?}", self.text()))
    }
}

/// One request on a fresh connection (closed after), read whole; bounded
/// by a 60 s timeout.
pub fn request(
    port: u16,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Reply {
    request_to(("127.0.0.1", port), method, path, headers, body)
}

/// [`request`] to any address.
pub fn request_to(
    to: impl std::net::ToSocketAddrs,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Reply {
    let mut stream = TcpStream::connect(to).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let mut head = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\n");
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(body).unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).unwrap();
    parse(&raw)
}

pub fn parse(raw: &[u8]) -> Reply {
    let end = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a response head");
    let head = String::from_utf8_lossy(&raw[..end]).into_owned();
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect();
    let mut body = raw[end + 4..].to_vec();
    let chunked = headers
        .iter()
        .any(|(k, v)| k.eq_ignore_ascii_case("transfer-encoding") && v.contains("chunked"));
    if chunked {
        body = unchunk(&body);
    }
    Reply {
        status,
        headers,
        body,
    }
}

fn unchunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let line = data.windows(2).position(|w| w == b"\r\n").unwrap();
        let size = std::str::from_utf8(&data[..line]).unwrap();
        let size = usize::from_str_radix(size.split(';').next().unwrap().trim(), 16).unwrap();
        data = &data[line + 2..];
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&data[..size]);
        data = &data[size + 2..];
    }
}
