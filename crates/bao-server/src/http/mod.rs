//! The HTTP server loop: accepting connections and serving each with hyper's HTTP/1 (upgrades allowed, for
//! the sockets); and in [`extract`] the request extractors the handlers share.
//!
//! The loop does what `axum::serve` does (TCP_NODELAY, the peer's address for `ConnectInfo`, a graceful
//! shutdown) plus what that one cannot: a header-read timeout, and connections that are closed when the
//! shutdown deadline passes instead of being waited for.

pub mod etag;
pub mod extract;
pub mod forwarded;
pub mod origin;

use std::convert::Infallible;
use std::io;
use std::net::SocketAddr;
use std::time::Duration;

use axum::body::Body;
use axum::extract::{ConnectInfo, Request};
use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tower::ServiceExt;

use crate::logs;
use crate::state::Phase;

/// The connections served by [`Connections::accept`], and how they end: each finishes its current request
/// once the server's [`Phase`] is `Stopping`, and is closed where it stands once it is `Closing`.
#[derive(Debug)]
pub struct Connections {
    /// Every connection task holds a receiver: their count is the number of open connections.
    alive: watch::Sender<()>,
    phase: watch::Receiver<Phase>,
    http: http1::Builder,
}

impl Connections {
    /// Connections that must send a request head within `header_timeout` of the server starting to wait
    /// for one (hyper counts from then: on a new connection, and after the previous response on a kept-alive
    /// one, so it also closes idle keep-alive connections), and that end with `phase`.
    pub fn new(header_timeout: Duration, phase: watch::Receiver<Phase>) -> Connections {
        let mut http = http1::Builder::new();
        http.timer(TokioTimer::new())
            .header_read_timeout(header_timeout);
        Connections {
            alive: watch::channel(()).0,
            phase,
            http,
        }
    }

    /// Accepts connections on `listener` and serves `app` on each, until the returned future is dropped
    /// (which closes the listener). The connections go on in their own tasks.
    pub async fn accept(&self, listener: TcpListener, app: Router) -> Infallible {
        loop {
            match listener.accept().await {
                Ok((tcp, peer)) => {
                    // Events are small and must go out at once: Nagle's algorithm would hold them for the
                    // peer's ACK.
                    let _ = tcp.set_nodelay(true);
                    self.serve(TokioIo::new(tcp), peer, app.clone());
                }
                Err(e) => accept_failed(e).await,
            }
        }
    }

    fn serve(&self, io: TokioIo<tokio::net::TcpStream>, peer: SocketAddr, app: Router) {
        let service = app.map_request(move |mut req: Request<Incoming>| {
            req.extensions_mut().insert(ConnectInfo(peer));
            req.map(Body::new)
        });
        let conn = self
            .http
            .serve_connection(io, TowerToHyperService::new(service))
            .with_upgrades();
        let mut phase = self.phase.clone();
        let alive = self.alive.subscribe();
        tokio::spawn(async move {
            let mut conn = std::pin::pin!(conn);
            let mut now = *phase.borrow_and_update();
            loop {
                match now {
                    Phase::Serving => {}
                    // Finish the request in progress (an idle connection closes at once).
                    Phase::Stopping => conn.as_mut().graceful_shutdown(),
                    // Dropping the connection closes it.
                    Phase::Closing => break,
                }
                tokio::select! {
                    // Done, failed, or handed over to a WebSocket (which watches the phase itself).
                    _ = conn.as_mut() => break,
                    changed = phase.changed() => {
                        // The sender is gone only when the server is: close.
                        now = if changed.is_ok() { *phase.borrow_and_update() } else { Phase::Closing };
                    }
                }
            }
            drop(alive);
        });
    }

    /// How many connections are open (WebSockets not included: they left hyper when they upgraded).
    pub fn open(&self) -> usize {
        self.alive.receiver_count()
    }

    /// Completes once every connection has ended.
    pub async fn all_closed(&self) {
        self.alive.closed().await;
    }
}

/// After a failed accept: a peer that gave up is nothing to wait for, but running out of file descriptors
/// (or memory) is, as accepting again at once would spin.
async fn accept_failed(e: io::Error) {
    use io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset};
    if matches!(
        e.kind(),
        ConnectionAborted | ConnectionRefused | ConnectionReset
    ) {
        return;
    }
    if let Some(suppressed) = logs::warnings().pass() {
        tracing::warn!(suppressed, "cannot accept a connection: {e}");
    }
    tokio::time::sleep(Duration::from_millis(50)).await;
}
