//! The handlers of the API: each reads its request, computes on a blocking thread under the
//! server's limits, and answers with the command line's JSON or an [`ApiError`].

use crate::{explain, explain_lang, play_of, solve, write_json, Evaluation, Failure};
use axum::body::{Body, Bytes};
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, State};
use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use conway::analysis::{Budget, Request, RuleError};
use conway::engine::{Limit, Limits};
use conway::games::catalogue;
use conway::lang::{Env, LangError};
use serde::{Deserialize, Serialize};
use std::any::Any;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use tokio::sync::Semaphore;

/// What every handler shares: the limits of a computation and the workers' permits.
pub struct Server {
    limits: Limits,
    permits: Arc<Semaphore>,
}

impl Server {
    pub fn new(limits: Limits, workers: usize) -> Self {
        Server {
            limits,
            permits: Arc::new(Semaphore::new(workers)),
        }
    }
}

/// An answer that is not the one asked for, as the client reads it:
/// `{"error": message, "column": n | null, "limit": "max_positions" | "max_memory" | null}`.
/// The message is the command line's; the column (from 1) is in the position, the game's
/// parameters or the expression; the limit is the server's option that stopped the
/// computation.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
    column: Option<usize>,
    limit: Option<Limit>,
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
    column: Option<usize>,
    limit: Option<&'static str>,
}

impl ApiError {
    fn new(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError {
            status,
            message: message.into(),
            column: None,
            limit: None,
        }
    }

    /// A game's error: bad input is 400; a computation that stops (a limit, a game that
    /// loops, what the game cannot do) is 422.
    fn rule(error: RuleError) -> Self {
        let status = match error {
            RuleError::UnknownGame(_)
            | RuleError::BadParameters { .. }
            | RuleError::BadPosition { .. }
            | RuleError::MalformedSum
            | RuleError::NotAHeapGame(_) => StatusCode::BAD_REQUEST,
            _ => StatusCode::UNPROCESSABLE_ENTITY,
        };
        ApiError {
            status,
            column: error.column(),
            limit: error.limit_hint(),
            message: explain(error),
        }
    }

    /// An expression's error: bad input is 400; a computation past a limit, or a form too
    /// long to write, is 422.
    fn lang(error: LangError) -> Self {
        let status = match error {
            LangError::Limit { .. } | LangError::TooLong { .. } | LangError::Unsupported { .. } => {
                StatusCode::UNPROCESSABLE_ENTITY
            }
            _ => StatusCode::BAD_REQUEST,
        };
        ApiError {
            status,
            column: error.column(),
            limit: error.limit_hint(),
            message: explain_lang(&error),
        }
    }

    fn internal(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorBody {
            error: &self.message,
            column: self.column,
            limit: self.limit.map(|limit| match limit {
                Limit::Work => "max_positions",
                Limit::Memory => "max_memory",
            }),
        };
        let text = serde_json::to_vec(&body).expect("an error serialises");
        (self.status, json_body(text)).into_response()
    }
}

/// A JSON body already written.
fn json_body(text: Vec<u8>) -> Response {
    (
        [(header::CONTENT_TYPE, "application/json")],
        Body::from(text),
    )
        .into_response()
}

/// What a handler writes to its body, as the command line writes it to its output.
fn written(write: impl FnOnce(&mut Vec<u8>) -> Result<(), Failure>) -> Result<Vec<u8>, ApiError> {
    let mut out = Vec::new();
    match write(&mut out) {
        Ok(()) => Ok(out),
        Err(Failure::Message(message)) => Err(ApiError::new(StatusCode::BAD_REQUEST, message)),
        Err(Failure::Output(error)) => Err(ApiError::internal(format!(
            "cannot write the answer: {error}"
        ))),
    }
}

/// Sets the computation's interrupt when the request is dropped: a client that has gone
/// stops the search it asked for.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Runs `work` on a blocking thread once a worker is free, with the server's limits and an
/// interrupt set if the client goes away.
async fn compute<F>(server: &Server, work: F) -> Response
where
    F: FnOnce(Limits, Arc<AtomicBool>) -> Result<Vec<u8>, ApiError> + Send + 'static,
{
    let permit = match server.permits.clone().acquire_owned().await {
        Ok(permit) => permit,
        Err(_) => return ApiError::internal("the server is shutting down").into_response(),
    };
    let interrupt = Arc::new(AtomicBool::new(false));
    let _cancel = CancelOnDrop(interrupt.clone());
    let limits = server.limits;
    let task = tokio::task::spawn_blocking(move || {
        // The permit is held until the computation ends, even if its client has gone.
        let _permit = permit;
        work(limits, interrupt)
    });
    match task.await {
        Ok(Ok(body)) => json_body(body),
        Ok(Err(error)) => error.into_response(),
        Err(error) if error.is_panic() => panicked(error.into_panic()).into_response(),
        Err(error) => {
            ApiError::internal(format!("the computation stopped: {error}")).into_response()
        }
    }
}

/// Reads a JSON request body: one too large is 413, one that is not the object expected 400.
fn read<T: for<'de> Deserialize<'de>>(body: Result<Bytes, BytesRejection>) -> Result<T, ApiError> {
    let body = body.map_err(|rejection| {
        let status = rejection.status();
        let message = match status {
            StatusCode::PAYLOAD_TOO_LARGE => format!(
                "the request body is larger than {} KiB",
                super::BODY_LIMIT / 1024
            ),
            _ => format!("cannot read the request body: {}", rejection.body_text()),
        };
        ApiError::new(status, message)
    })?;
    serde_json::from_slice(&body).map_err(|e| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            format!("the request body is not the JSON object expected: {e}"),
        )
    })
}

/// `GET /api/rules`: the catalogue, as `conway rules --json` prints it.
pub async fn rules() -> Response {
    match written(|out| write_json(out, &catalogue().collect::<Vec<_>>())) {
        Ok(body) => json_body(body),
        Err(error) => error.into_response(),
    }
}

/// `GET /api/rules/{name}`: one game, as `conway rules NAME --json` prints it; an unknown
/// game is 404.
pub async fn rule(Path(name): Path<String>) -> Response {
    let info = match conway::games::find(&name) {
        Ok(info) => info,
        Err(error) => {
            let mut error = ApiError::rule(error);
            error.status = StatusCode::NOT_FOUND;
            return error.into_response();
        }
    };
    match written(|out| write_json(out, info)) {
        Ok(body) => json_body(body),
        Err(error) => error.into_response(),
    }
}

/// The body of `POST /api/solve`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SolveRequest {
    game: String,
    position: String,
    #[serde(default)]
    misere: bool,
}

/// `POST /api/solve`: what `conway solve GAME POSITION [--misere] --json` prints.
pub async fn solve(
    State(server): State<Arc<Server>>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let request: SolveRequest = match read(body) {
        Ok(request) => request,
        Err(error) => return error.into_response(),
    };
    compute(&server, move |limits, interrupt| {
        solve_json(&request, limits, interrupt)
    })
    .await
}

fn solve_json(
    request: &SolveRequest,
    limits: Limits,
    interrupt: Arc<AtomicBool>,
) -> Result<Vec<u8>, ApiError> {
    let play = play_of(request.misere);
    let words = [request.game.as_str(), request.position.as_str()];
    let sum = conway::games::parse_sum(&words, play).map_err(ApiError::rule)?;
    let budget = || Budget {
        limits,
        progress: None,
        interrupt: Some(interrupt.clone()),
    };
    let analysis = Request::new(play, &budget).keep(crate::MOVES_LISTED);
    // The writer turns the library's error into the command line's message; the error itself
    // is kept for its column and limit.
    let mut failed = None;
    let result = written(|out| {
        solve::write(out, true, &sum, |each| {
            let result = sum.analyse_each(&analysis, each);
            if let Err(error) = &result {
                failed = Some(error.clone());
            }
            result
        })
    });
    match failed {
        Some(error) => Err(ApiError::rule(error)),
        None => result,
    }
}

/// The body of `POST /api/eval`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EvalRequest {
    expression: String,
}

/// `POST /api/eval`: what `conway eval EXPRESSION --json` prints.
pub async fn eval(
    State(server): State<Arc<Server>>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let request: EvalRequest = match read(body) {
        Ok(request) => request,
        Err(error) => return error.into_response(),
    };
    compute(&server, move |limits, interrupt| {
        eval_json(&request.expression, limits, interrupt)
    })
    .await
}

/// The evaluation of `expression`, stopped by `interrupt` (a client that hung up) as the
/// repl's Ctrl-C stops one: through its store.
fn eval_json(
    expression: &str,
    limits: Limits,
    interrupt: Arc<AtomicBool>,
) -> Result<Vec<u8>, ApiError> {
    let mut store = conway::short::Store::with_limits(limits);
    store.interrupt_on(interrupt);
    let mut env = Env::with_store(store);
    let value = env
        .run(expression)
        .map_err(ApiError::lang)?
        .ok_or_else(|| ApiError::new(StatusCode::BAD_REQUEST, "the expression is empty"))?;
    let report = env.report(value).map_err(ApiError::lang)?;
    written(|out| write_json(out, &Evaluation { expression, report }))
}

/// Any other path: 404.
pub async fn not_found(uri: Uri) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        format!("no such path: {}", uri.path()),
    )
}

/// A known path asked with another method: 405.
pub async fn method_not_allowed(uri: Uri) -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        format!("{} does not take this method", uri.path()),
    )
}

/// A panic in a handler or a computation: 500, with what it said.
pub fn panicked(panic: Box<dyn Any + Send>) -> Response {
    let said = panic
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| panic.downcast_ref::<&str>().copied())
        .unwrap_or("no message");
    ApiError::internal(format!(
        "internal error (a bug in conway, please report it): {said}"
    ))
    .into_response()
}
