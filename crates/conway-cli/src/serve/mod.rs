//! `conway serve`: the analyses of the command line over HTTP, on 127.0.0.1, for the pages of a
//! local worksheet (to come) and any other client.
//!
//! The API speaks the command line's JSON: `POST /api/solve` answers with what `conway solve
//! GAME POSITION --json` prints, byte for byte, and `POST /api/eval` with what `conway eval
//! --json` prints. Every computation runs on a blocking thread, under the server's limits,
//! at most [`WORKERS`] at once; a request that waits for a worker waits its turn rather than
//! starving the others. Errors are JSON too (see [`api::ApiError`]), a panic among them.

mod api;

use crate::Failure;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;
use conway::engine::Limits;
use std::io::Write;
use std::net::Ipv4Addr;
use std::sync::Arc;
use tower_http::catch_panic::CatchPanicLayer;

/// The most computations that run at once; the other requests wait for one to end.
pub const WORKERS: usize = 2;

/// The largest request body read: a position or an expression is far smaller.
pub const BODY_LIMIT: usize = 64 * 1024;

/// The stack of the server's threads: the main thread's, on which the command line computes.
const STACK: usize = 8 << 20;

/// The routes of the API, computing under `limits`.
pub fn router(limits: Limits) -> Router {
    let server = Arc::new(api::Server::new(limits, WORKERS));
    Router::new()
        .route("/api/rules", get(api::rules))
        .route("/api/rules/{name}", get(api::rule))
        .route("/api/solve", post(api::solve))
        .route("/api/eval", post(api::eval))
        .fallback(api::not_found)
        .method_not_allowed_fallback(api::method_not_allowed)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(CatchPanicLayer::custom(api::panicked))
        .with_state(server)
}

/// Listens on 127.0.0.1 at `port` (a free port where it is 0), writes the address to `out`,
/// and serves until the process is stopped.
pub fn run(port: u16, limits: Limits, out: &mut dyn Write) -> Result<(), Failure> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(WORKERS)
        .thread_stack_size(STACK)
        .enable_io()
        .build()?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind((Ipv4Addr::LOCALHOST, port))
            .await
            .map_err(|e| format!("cannot listen on 127.0.0.1:{port}: {e}"))?;
        let address = listener.local_addr()?;
        writeln!(
            out,
            "conway serve: listening on http://{address}/ (Ctrl-C stops it)"
        )?;
        out.flush()?;
        axum::serve(listener, router(limits))
            .await
            .map_err(|e| Failure::Message(format!("the server stopped: {e}")))
    })
}
