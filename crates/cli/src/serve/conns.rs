//! The server's connections: accepted here and served over HTTP/1.1 by
//! hyper, each bounded, so that a client without the token cannot keep
//! the page's own requests out.
//!
//! - A request's head must come whole within [`HEAD_TIME`] of the
//!   connection's turn to read one: a slow head, and a connection left
//!   idle between requests, are closed then (hyper's
//!   `header_read_timeout`, whose clock runs while a head is awaited).
//! - A request's body must keep a pace ([`Paced`]): no wait of over
//!   [`STALL`] for its next bytes, and past the first [`STALL`] of waiting
//!   at least [`SLOWEST`] bytes a second on average over the time spent
//!   waiting for it (not over the time the server took to use it).
//! - At most [`MOST_OPEN`] connections at once. One more evicts the
//!   oldest connection that has not yet carried the token ([`Proven`]);
//!   when every one has, the new one is closed at once. So a crowd of
//!   idle sockets, or of clients that ask for the page's files and never
//!   read the answer (no timeout on writing), cannot keep the page's own
//!   requests out: they are the first to go.
//! - At shutdown, every connection is told to finish the request it
//!   serves and close; [`GRACE`] later it is dropped.

use axum::body::Body;
use axum::Router;
use http_body::{Body as HttpBody, Frame, SizeHint};
use std::collections::VecDeque;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::time::{Instant, Sleep};
use tokio_util::sync::CancellationToken;

/// The longest a request's head may take to come, or a connection idle.
pub const HEAD_TIME: Duration = Duration::from_secs(10);
/// The longest wait for a body's next bytes.
pub const STALL: Duration = Duration::from_secs(10);
/// The slowest body taken, in bytes a second of waiting (past [`STALL`]).
pub const SLOWEST: u64 = 32 << 10;
/// The most connections open at once.
pub const MOST_OPEN: usize = 256;
/// How long a connection has to finish once the server stops.
pub const GRACE: Duration = Duration::from_secs(5);

/// A request extension: its connection's mark, set once a request on it
/// carried the token.
#[derive(Clone)]
pub struct Proven(Arc<AtomicBool>);

impl Proven {
    pub fn set(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    fn get(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// A connection open, as the list of them knows it.
struct Open {
    id: u64,
    proven: Proven,
    evict: CancellationToken,
}

/// The connections open, oldest first.
#[derive(Default)]
struct Opened {
    next: AtomicU64,
    list: Mutex<VecDeque<Open>>,
}

impl Opened {
    /// Room for one more: its id, mark and eviction token; none when
    /// every one open has proven itself.
    fn admit(&self, most: usize) -> Option<(u64, Proven, CancellationToken)> {
        let mut list = self.list.lock().unwrap_or_else(|e| e.into_inner());
        if list.len() >= most {
            let stranger = list.iter().position(|c| !c.proven.get())?;
            if let Some(gone) = list.remove(stranger) {
                gone.evict.cancel();
            }
        }
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let proven = Proven(Arc::default());
        let evict = CancellationToken::new();
        list.push_back(Open {
            id,
            proven: proven.clone(),
            evict: evict.clone(),
        });
        Some((id, proven, evict))
    }

    fn close(&self, id: u64) {
        let mut list = self.list.lock().unwrap_or_else(|e| e.into_inner());
        list.retain(|c| c.id != id);
    }
}

/// Accepts and serves connections on `listener` with `app` until `stop`
/// is cancelled; returns once every connection has closed or been given
/// up ([`GRACE`]).
pub async fn serve(listener: tokio::net::TcpListener, app: Router, stop: CancellationToken) {
    let opened = Arc::new(Opened::default());
    let tasks = tokio_util::task::TaskTracker::new();
    loop {
        let accepted = tokio::select! {
            a = listener.accept() => a,
            _ = stop.cancelled() => break,
        };
        let stream = match accepted {
            Ok((stream, _)) => stream,
            Err(_) => {
                // Out of descriptors, most likely: wait for some to close.
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let Some((id, proven, evict)) = opened.admit(MOST_OPEN) else {
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let (app, stop, opened) = (app.clone(), stop.clone(), opened.clone());
        tasks.spawn(async move {
            // Closed in the list however the task ends (a panic too).
            let _open = Closing(&opened, id);
            let service = hyper::service::service_fn(move |request: hyper::Request<_>| {
                let mut request = request.map(|b| Body::new(Paced::new(b)));
                request.extensions_mut().insert(proven.clone());
                tower::ServiceExt::oneshot(app.clone(), request)
            });
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder
                .timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(HEAD_TIME)
                .max_buf_size(256 << 10);
            let conn = builder.serve_connection(hyper_util::rt::TokioIo::new(stream), service);
            tokio::pin!(conn);
            tokio::select! {
                _ = conn.as_mut() => {}
                _ = evict.cancelled() => {}
                _ = stop.cancelled() => {
                    conn.as_mut().graceful_shutdown();
                    let _ = tokio::time::timeout(GRACE, conn.as_mut()).await;
                }
            }
        });
    }
    tasks.close();
    let _ = tokio::time::timeout(GRACE + Duration::from_secs(1), tasks.wait()).await;
}

/// Takes a connection off the list when dropped.
struct Closing<'a>(&'a Opened, u64);

impl Drop for Closing<'_> {
    fn drop(&mut self) {
        self.0.close(self.1);
    }
}

/// A request's body, which must keep a pace (see the module's doc).
pub struct Paced<B> {
    inner: B,
    /// Bytes had so far.
    had: u64,
    /// Time spent waiting for bytes, before the wait under way.
    waited: Duration,
    /// When the wait under way began.
    waiting: Option<Instant>,
    /// The end of the wait under way.
    stall: Pin<Box<Sleep>>,
}

impl<B> Paced<B> {
    pub fn new(inner: B) -> Paced<B> {
        Paced {
            inner,
            had: 0,
            waited: Duration::ZERO,
            waiting: None,
            stall: Box::pin(tokio::time::sleep(STALL)),
        }
    }
}

/// Why a body was cut off.
#[derive(Debug)]
pub struct TooSlow(&'static str);

impl std::fmt::Display for TooSlow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

impl std::error::Error for TooSlow {}

impl<B> HttpBody for Paced<B>
where
    B: HttpBody<Data = axum::body::Bytes> + Unpin,
    B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    type Data = axum::body::Bytes;
    type Error = Box<dyn std::error::Error + Send + Sync>;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Self::Data>, Self::Error>>> {
        let this = &mut *self;
        let now = Instant::now();
        let began = *this.waiting.get_or_insert_with(|| {
            this.stall.as_mut().reset(now + STALL);
            now
        });
        match Pin::new(&mut this.inner).poll_frame(cx) {
            Poll::Ready(frame) => {
                this.waiting = None;
                this.waited += now - began;
                if let Some(Ok(f)) = &frame {
                    if let Some(data) = f.data_ref() {
                        this.had += data.len() as u64;
                    }
                }
                let slow = this.waited > STALL
                    && (this.had as f64) < SLOWEST as f64 * this.waited.as_secs_f64();
                if slow && frame.is_some() {
                    return Poll::Ready(Some(Err(Box::new(TooSlow(
                        "the request's body came too slowly",
                    )))));
                }
                Poll::Ready(frame.map(|r| r.map_err(Into::into)))
            }
            Poll::Pending => match this.stall.as_mut().poll(cx) {
                Poll::Ready(()) => Poll::Ready(Some(Err(Box::new(TooSlow(
                    "the request's body stopped coming",
                ))))),
                Poll::Pending => Poll::Pending,
            },
        }
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_list_evicts_its_oldest_stranger_and_keeps_the_proven() {
        let opened = Opened::default();
        let (a, proven_a, evict_a) = opened.admit(3).unwrap();
        let (_, _, evict_b) = opened.admit(3).unwrap();
        let (_, proven_c, evict_c) = opened.admit(3).unwrap();
        proven_a.set();
        // Full: b, the oldest not proven, goes for d.
        let (_, proven_d, _) = opened.admit(3).unwrap();
        assert!(evict_b.is_cancelled() && !evict_a.is_cancelled() && !evict_c.is_cancelled());
        proven_c.set();
        proven_d.set();
        // Every one proven: no room.
        assert!(opened.admit(3).is_none());
        opened.close(a);
        assert!(opened.admit(3).is_some());
    }
}
