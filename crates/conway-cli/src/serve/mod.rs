//! `conway serve`: the analyses of the command line over HTTP, on 127.0.0.1, for the pages of a
//! local worksheet (compiled into the binary) and any other client.
//!
//! The API speaks the command line's JSON: `POST /api/solve` answers with what `conway solve
//! GAME POSITION --json` prints, byte for byte, and `POST /api/eval` with what `conway eval
//! --json` prints. Every computation runs on a blocking thread, under the server's limits,
//! at most [`WORKERS`] at once; a request that waits for a worker waits its turn rather than
//! starving the others. Errors are JSON too (see [`api::ApiError`]), a panic among them.

mod api;
mod pages;

use crate::Failure;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;
use conway::engine::Limits;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::io::Write;
use std::net::Ipv4Addr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower_http::catch_panic::CatchPanicLayer;

/// The most computations that run at once; the other requests wait for one to end.
pub const WORKERS: usize = 2;

/// The largest request body read: a position or an expression is far smaller.
pub const BODY_LIMIT: usize = 64 * 1024;

/// The stack of the server's threads: the main thread's, on which the command line computes.
const STACK: usize = 8 << 20;

/// How the server computes: the limits of each computation.
pub struct Settings {
    pub limits: Limits,
    /// The work limit given on the command line, if one was.
    pub work: Option<u64>,
    /// The longest one computation may run.
    pub max_time: Duration,
}

/// The routes of the API and the pages, computing as `settings` say.
pub fn router(settings: &Settings) -> Router {
    let server = Arc::new(api::Server::new(settings, WORKERS));
    Router::new()
        .route("/", get(pages::index))
        .route("/app.js", get(pages::script))
        .route("/style.css", get(pages::style))
        .route("/api/rules", get(api::rules))
        .route("/api/rules/{name}", get(api::rule))
        .route("/api/solve", post(api::solve))
        .route("/api/moves", post(api::moves))
        .route("/api/eval", post(api::eval))
        .route("/api/thermograph", post(api::thermograph))
        .route("/api/thermograph/svg", post(api::thermograph_svg))
        .route("/api/seq", post(api::seq))
        .route("/api/graph", post(api::graph))
        .fallback(api::not_found)
        .method_not_allowed_fallback(api::method_not_allowed)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(axum::middleware::from_fn(pages::only_local))
        .layer(CatchPanicLayer::custom(api::panicked))
        .with_state(server)
}

/// Listens on 127.0.0.1 at `port` (a free port where it is 0), writes the address to `out`,
/// and serves until the process is stopped.
pub fn run(port: u16, settings: &Settings, out: &mut dyn Write) -> Result<(), Failure> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(WORKERS)
        .thread_stack_size(STACK)
        .enable_io()
        .enable_time()
        .build()?;
    runtime.block_on(async {
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, port))
            .await
            .map_err(|e| format!("cannot listen on 127.0.0.1:{port}: {e}"))?;
        let address = listener.local_addr()?;
        writeln!(
            out,
            "conway serve: listening on http://{address}/ (Ctrl-C stops it)"
        )?;
        out.flush()?;
        accept(listener, router(settings)).await;
        Ok(())
    })
}

/// The most connections held at once; the next ones wait to be accepted.
pub const MAX_CONNECTIONS: usize = 256;

/// How long a connection may take to send the head of a request, or stay idle between two.
const HEAD_TIMEOUT: Duration = Duration::from_secs(10);

/// Serves each connection on a task of its own, at most [`MAX_CONNECTIONS`] at once, each
/// closed if its request's head is slower than [`HEAD_TIMEOUT`]: idle connections cannot
/// pile up and shut the others out.
async fn accept(listener: TcpListener, router: Router) {
    let connections = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    loop {
        let Ok(permit) = connections.clone().acquire_owned().await else {
            return;
        };
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // Out of file descriptors, or a connection reset before it was accepted: wait a
            // moment and go on.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let service = TowerToHyperService::new(router.clone());
        tokio::spawn(async move {
            let _permit = permit;
            let connection = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEAD_TIMEOUT)
                .serve_connection(TokioIo::new(stream), service);
            // A connection that fails (a client gone, a malformed request) ends alone.
            let _ = connection.await;
        });
    }
}
