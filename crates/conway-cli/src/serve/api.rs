//! The handlers of the API: each reads its request, computes on a blocking thread under the
//! server's limits, and answers with the command line's JSON or an [`ApiError`].

use crate::{
    explain, explain_lang, explain_search, explain_sequence, limit_name, moves, parse_side,
    play_of, read_error, solve, thermo, write_json, DrawnGraph, ErrorBody, Evaluation, Failure,
    SequenceReport, MAX_SHOWN_VALUES,
};
use axum::body::{Body, Bytes};
use axum::extract::{FromRequest, Path, State};
use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use conway::analysis::{Budget, Request, RuleError};
use conway::engine::{Limits, Meter, Progress, SearchError};
use conway::games::{catalogue, ruleset};
use conway::graph::ReadError;
use conway::heap::sequence_work_limit;
use conway::lang::{Env, LangError, Value};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use std::any::Any;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::Instant;

/// What every handler shares: the limits of a computation and the workers' permits.
pub struct Server {
    limits: Limits,
    /// The work limit the server was started with, where it was given: a sequence's default
    /// grows with the heaps asked for, as on the command line.
    work: Option<u64>,
    /// The longest a request may wait for a worker and compute.
    max_time: Duration,
    permits: Arc<Semaphore>,
    /// How many requests wait for a worker.
    waiting: Arc<AtomicUsize>,
}

/// The most requests that wait for a worker; the next are told the server is busy.
pub const MAX_WAITING: usize = 64;

impl Server {
    pub fn new(settings: &super::Settings, workers: usize) -> Self {
        Server {
            limits: settings.limits,
            work: settings.work,
            max_time: settings.max_time,
            permits: Arc::new(Semaphore::new(workers)),
            waiting: Arc::new(AtomicUsize::new(0)),
        }
    }

    /// A worker, once one is free (the workers are handed out in the order asked for), unless
    /// [`MAX_WAITING`] requests wait already or `deadline` passes first: a heavy request
    /// delays the others by the time limit at most.
    async fn worker(&self, deadline: Instant) -> Result<OwnedSemaphorePermit, ApiError> {
        let _waiting = Waiting::enter(&self.waiting)?;
        match tokio::time::timeout_at(deadline, self.permits.clone().acquire_owned()).await {
            Ok(Ok(permit)) => Ok(permit),
            Ok(Err(_)) => Err(ApiError::internal("the server is shutting down")),
            Err(_) => Err(self.late()),
        }
    }

    /// The limits of a sequence of the heaps 0..=`to`.
    fn sequence_limits(&self, to: u64) -> Limits {
        Limits {
            max_positions: self.work.unwrap_or_else(|| sequence_work_limit(to)),
            ..self.limits
        }
    }

    /// The answer to a computation stopped by the time limit.
    fn late(&self) -> ApiError {
        let seconds = self.max_time.as_secs_f64();
        ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            message: format!(
                "the request took longer than the server's limit of {seconds} s, waiting for a worker and computing (conway serve --max-seconds N)"
            ),
            column: None,
            limit: Some("max_seconds"),
        }
    }
}

/// One request counted among those that wait for a worker, while it waits.
struct Waiting(Arc<AtomicUsize>);

impl Waiting {
    fn enter(count: &Arc<AtomicUsize>) -> Result<Waiting, ApiError> {
        let waiting = Waiting(count.clone());
        if count.fetch_add(1, Ordering::Relaxed) >= MAX_WAITING {
            return Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "the server is busy: {MAX_WAITING} requests already wait for its {} workers; try again in a moment",
                    super::WORKERS
                ),
            ));
        }
        Ok(waiting)
    }
}

impl Drop for Waiting {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// An answer that is not the one asked for, as the client reads it:
/// `{"error": message, "column": n | null, "limit": "max_positions" | "max_memory" |
/// "max_seconds" | null}`. The message is the command line's; the column (from 1) is in the
/// position, the game's parameters or the expression; the limit is the server's option that
/// stopped the computation.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
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
            limit: limit_name(error.limit_hint()),
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
            limit: limit_name(error.limit_hint()),
            message: explain_lang(&error),
        }
    }

    /// A sequence's error, whose message names the heaps asked for.
    fn sequence(error: RuleError, to: u64) -> Self {
        let message = explain_sequence(error.clone(), to);
        ApiError {
            message,
            ..ApiError::rule(error)
        }
    }

    /// A store's error: a limit, or the client gone.
    fn search(error: SearchError) -> Self {
        ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            message: explain_search(&error),
            column: None,
            limit: limit_name(error.limit_hint()),
        }
    }

    /// A graph text's error: past a limit 422, else 400.
    fn graph(error: ReadError) -> Self {
        let (status, limit) = match &error {
            ReadError::Limit(error) => (StatusCode::UNPROCESSABLE_ENTITY, error.limit_hint()),
            _ => (StatusCode::BAD_REQUEST, None),
        };
        ApiError {
            status,
            message: read_error("the graph", error),
            column: None,
            limit: limit_name(limit),
        }
    }

    /// The error in one of the `let` bindings replayed before an expression.
    fn in_binding(self, binding: &str) -> Self {
        ApiError {
            message: format!("in the binding `{binding}`: {}", self.message),
            column: None,
            ..self
        }
    }

    fn internal(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, message)
    }

    /// The error as one line of JSON, the last line of a stream.
    fn line(&self) -> Vec<u8> {
        let mut text = serde_json::to_vec(&self.body()).expect("an error serialises");
        text.push(b'\n');
        text
    }

    fn body(&self) -> ErrorBody<'_> {
        ErrorBody {
            error: &self.message,
            column: self.column,
            limit: self.limit,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let text = serde_json::to_vec(&self.body()).expect("an error serialises");
        (self.status, json_body(text)).into_response()
    }
}

/// A JSON body already written.
fn json_body(text: Vec<u8>) -> Response {
    typed_body(JSON, text)
}

const JSON: &str = "application/json";

/// A body of the media type `kind`.
fn typed_body(kind: &'static str, body: Vec<u8>) -> Response {
    ([(header::CONTENT_TYPE, kind)], Body::from(body)).into_response()
}

/// What a handler writes to its body, as the command line writes it to its output.
fn written(write: impl FnOnce(&mut Vec<u8>) -> Result<(), Failure>) -> Result<Vec<u8>, ApiError> {
    let mut out = Vec::new();
    match write(&mut out) {
        Ok(()) => Ok(out),
        Err(Failure::Message(message)) => Err(ApiError::new(StatusCode::BAD_REQUEST, message)),
        Err(Failure::Located {
            message,
            column,
            limit,
        }) => Err(ApiError {
            status: match limit {
                Some(_) => StatusCode::UNPROCESSABLE_ENTITY,
                None => StatusCode::BAD_REQUEST,
            },
            message,
            column,
            limit: limit_name(limit),
        }),
        Err(Failure::Output(error)) => Err(ApiError::internal(format!(
            "cannot write the answer: {error}"
        ))),
    }
}

/// One computation's interrupt, which stops it when its client goes away (the job, held by
/// the request, is dropped) or when it has run for the server's time limit.
pub(super) struct Job {
    interrupt: Arc<AtomicBool>,
    late: Arc<AtomicBool>,
    timer: tokio::task::JoinHandle<()>,
}

impl Job {
    fn start(deadline: Instant) -> Job {
        let interrupt = Arc::new(AtomicBool::new(false));
        let late = Arc::new(AtomicBool::new(false));
        let timer = tokio::spawn({
            let (interrupt, late) = (interrupt.clone(), late.clone());
            async move {
                tokio::time::sleep_until(deadline).await;
                late.store(true, Ordering::Relaxed);
                interrupt.store(true, Ordering::Relaxed);
            }
        });
        Job {
            interrupt,
            late,
            timer,
        }
    }

    /// Whether the time limit stopped it.
    fn is_late(&self) -> bool {
        self.late.load(Ordering::Relaxed)
    }
}

impl Drop for Job {
    fn drop(&mut self) {
        self.interrupt.store(true, Ordering::Relaxed);
        self.timer.abort();
    }
}

/// Runs `work` on a blocking thread once a worker is free, with the server's limits and an
/// interrupt set if the client goes away or the time limit passes; its answer has the media
/// type `kind`.
async fn compute<F>(server: &Server, kind: &'static str, work: F) -> Response
where
    F: FnOnce(Limits, Arc<AtomicBool>) -> Result<Vec<u8>, ApiError> + Send + 'static,
{
    let deadline = Instant::now() + server.max_time;
    let permit = match server.worker(deadline).await {
        Ok(permit) => permit,
        Err(error) => return error.into_response(),
    };
    let job = Job::start(deadline);
    let interrupt = job.interrupt.clone();
    let limits = server.limits;
    let task = tokio::task::spawn_blocking(move || {
        // The permit is held until the computation ends, even if its client has gone.
        let _permit = permit;
        work(limits, interrupt)
    });
    match task.await {
        Ok(Ok(body)) => typed_body(kind, body),
        Ok(Err(_)) if job.is_late() => server.late().into_response(),
        Ok(Err(error)) => error.into_response(),
        Err(error) if error.is_panic() => panicked(error.into_panic()).into_response(),
        Err(error) => {
            ApiError::internal(format!("the computation stopped: {error}")).into_response()
        }
    }
}

/// A JSON request body: one too large is 413, one that is not the object expected 400, both
/// answered as the API's errors.
pub struct Read<T>(T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Read<T> {
    type Rejection = ApiError;

    async fn from_request(request: axum::extract::Request, state: &S) -> Result<Self, ApiError> {
        let body = Bytes::from_request(request, state)
            .await
            .map_err(|rejection| {
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
        serde_json::from_slice(&body).map(Read).map_err(|e| {
            ApiError::new(
                StatusCode::BAD_REQUEST,
                format!("the request body is not the JSON object expected: {e}"),
            )
        })
    }
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
pub(super) struct SolveRequest {
    game: String,
    position: String,
    #[serde(default)]
    misere: bool,
}

/// `POST /api/solve`: what `conway solve GAME POSITION [--misere] --json` prints.
pub async fn solve(
    State(server): State<Arc<Server>>,
    Read(request): Read<SolveRequest>,
) -> Response {
    compute(&server, JSON, move |limits, interrupt| {
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

/// The body of `POST /api/eval` and `POST /api/thermograph`: an expression, evaluated after
/// the `let` bindings of the client's session (which keeps them, so that the server keeps
/// nothing between requests).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct EvalRequest {
    expression: String,
    #[serde(default)]
    bindings: Vec<String>,
}

impl EvalRequest {
    /// A session with the bindings made, its store under `limits` and stopped by `interrupt`
    /// as the repl's Ctrl-C stops one.
    fn session(&self, limits: Limits, interrupt: Arc<AtomicBool>) -> Result<Env, ApiError> {
        let mut store = conway::short::Store::with_limits(limits);
        store.interrupt_on(interrupt);
        let mut env = Env::with_store(store);
        for binding in &self.bindings {
            if binding.split_whitespace().next() != Some("let") {
                return Err(ApiError::new(
                    StatusCode::BAD_REQUEST,
                    format!("the binding `{binding}` is not a `let name = expression` statement"),
                ));
            }
            env.run(binding)
                .map_err(|e| ApiError::lang(e).in_binding(binding))?;
        }
        Ok(env)
    }

    /// The expression's value in `env`.
    fn value(&self, env: &mut Env) -> Result<Value, ApiError> {
        env.run(&self.expression)
            .map_err(ApiError::lang)?
            .ok_or_else(|| ApiError::new(StatusCode::BAD_REQUEST, "the expression is empty"))
    }
}

/// `POST /api/eval`: what `conway eval EXPRESSION --json` prints, after the bindings.
pub async fn eval(State(server): State<Arc<Server>>, Read(request): Read<EvalRequest>) -> Response {
    compute(&server, JSON, move |limits, interrupt| {
        let mut env = request.session(limits, interrupt)?;
        let value = request.value(&mut env)?;
        let report = env.report(value).map_err(ApiError::lang)?;
        let expression = &request.expression;
        written(|out| write_json(out, &Evaluation { expression, report }))
    })
    .await
}

/// The thermograph of the expression's value: its report, and its picture as SVG.
fn thermograph_of(
    request: &EvalRequest,
    limits: Limits,
    interrupt: Arc<AtomicBool>,
) -> Result<(thermo::Report, String), ApiError> {
    let mut env = request.session(limits, interrupt)?;
    let game =
        match request.value(&mut env)? {
            Value::Game(game) => game,
            Value::Bool(_) => {
                return Err(ApiError::new(
                    StatusCode::BAD_REQUEST,
                    "a comparison is true or false, not a game with a thermograph",
                ))
            }
            _ => return Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                "only short games have thermographs; an ordinal or a transfinite nimber has none",
            )),
        };
    let (report, _, picture) =
        thermo::analyse(&request.expression, env.store_mut(), game).map_err(ApiError::search)?;
    Ok((report, picture))
}

/// `POST /api/thermograph`: what `conway thermograph EXPRESSION --json` prints.
pub async fn thermograph(
    State(server): State<Arc<Server>>,
    Read(request): Read<EvalRequest>,
) -> Response {
    compute(&server, JSON, move |limits, interrupt| {
        let (report, _) = thermograph_of(&request, limits, interrupt)?;
        written(|out| write_json(out, &report))
    })
    .await
}

/// `POST /api/thermograph/svg`: the picture `conway thermograph EXPRESSION --svg FILE` draws.
pub async fn thermograph_svg(
    State(server): State<Arc<Server>>,
    Read(request): Read<EvalRequest>,
) -> Response {
    compute(&server, "image/svg+xml", move |limits, interrupt| {
        Ok(thermograph_of(&request, limits, interrupt)?.1.into_bytes())
    })
    .await
}

/// The most moves one request lists.
pub const MAX_MOVES_LISTED: usize = 1000;

/// The body of `POST /api/moves`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct MovesRequest {
    game: String,
    position: String,
    #[serde(default)]
    misere: bool,
    /// `left` or `right`; Left where not given (an impartial game ignores it).
    #[serde(default)]
    player: Option<String>,
    /// The first move listed, from 0.
    #[serde(default)]
    from: usize,
    #[serde(default = "default_count")]
    count: usize,
}

fn default_count() -> usize {
    100
}

/// `POST /api/moves`: what `conway moves GAME POSITION --as PLAYER --json` prints, the
/// moves listed from `from` (counting from 0) on.
pub async fn moves(
    State(server): State<Arc<Server>>,
    Read(request): Read<MovesRequest>,
) -> Response {
    compute(&server, JSON, move |limits, interrupt| {
        let bad = |message: String| ApiError::new(StatusCode::BAD_REQUEST, message);
        let player = match &request.player {
            Some(side) => parse_side(side).map_err(bad)?,
            None => conway::partizan::Player::Left,
        };
        if !(1..=MAX_MOVES_LISTED).contains(&request.count) {
            return Err(bad(format!(
                "count is {}: one request lists from 1 to {MAX_MOVES_LISTED} moves; ask for the others from a later `from`",
                request.count
            )));
        }
        let rules = ruleset(&request.game).map_err(ApiError::rule)?;
        let play = rules.play(play_of(request.misere));
        let position = rules
            .parse_under(&request.position, play)
            .map_err(ApiError::rule)?;
        let budget = || Budget {
            limits,
            progress: None,
            interrupt: Some(interrupt.clone()),
        };
        let page = request.from..request.from.saturating_add(request.count);
        let report =
            moves::report(&position, player, play, page, &budget).map_err(ApiError::rule)?;
        if report.past_the_end() {
            return Err(bad(format!(
                "from is {}, but there are {} moves (from counts from 0)",
                request.from, report.total
            )));
        }
        written(|out| write_json(out, &report))
    })
    .await
}

/// The body of `POST /api/graph`: a graph as text, in the notation of graph files, or a
/// position of a game whose positions it explores.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct GraphRequest {
    #[serde(default)]
    text: Option<String>,
    #[serde(default)]
    game: Option<String>,
    #[serde(default)]
    position: Option<String>,
    #[serde(default)]
    misere: bool,
}

/// `POST /api/graph`: what `conway graph FILE --json` prints for the text, or `conway graph
/// GAME POSITION --json` for the position.
pub async fn graph(
    State(server): State<Arc<Server>>,
    Read(request): Read<GraphRequest>,
) -> Response {
    compute(&server, JSON, move |limits, interrupt| {
        let play = play_of(request.misere);
        match (&request.text, &request.game, &request.position) {
            (Some(text), None, None) => {
                let mut meter = Meter::new(limits).with_interrupt(Some(interrupt));
                let drawn = DrawnGraph::read(None, text, play, &mut meter).map_err(ApiError::graph)?;
                written(|out| drawn.write_json(out, "the graph", play))
            }
            (None, Some(game), Some(position)) => {
                let rules = ruleset(game).map_err(ApiError::rule)?;
                let play = rules.play(play);
                let position = rules.parse_under(position, play).map_err(ApiError::rule)?;
                let budget = Budget {
                    limits,
                    progress: None,
                    interrupt: Some(interrupt),
                };
                let report = position.graph(play, budget).map_err(ApiError::rule)?;
                written(|out| write_json(out, &report))
            }
            _ => Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                "give either `text` (a graph in the notation of graph files) or `game` and `position`",
            )),
        }
    })
    .await
}

/// The body of `POST /api/seq`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SeqRequest {
    game: String,
    to: u64,
    /// Answer with a stream of progress lines before the answer.
    #[serde(default)]
    progress: bool,
}

/// The sequence a request asks for, as `conway seq GAME --to N --json` prints it (the values
/// themselves below [`MAX_SHOWN_VALUES`] heaps).
fn sequence_json(
    request: &SeqRequest,
    limits: Limits,
    progress: Option<Progress>,
    interrupt: Arc<AtomicBool>,
) -> Result<Vec<u8>, ApiError> {
    let rules = ruleset(&request.game).map_err(ApiError::rule)?;
    let budget = Budget {
        limits,
        progress,
        interrupt: Some(interrupt),
    };
    let sequence = rules
        .sequence(request.to, budget)
        .map_err(|error| ApiError::sequence(error, request.to))?;
    let shown = request.to < MAX_SHOWN_VALUES;
    let report = SequenceReport::new(rules.name(), request.to, &sequence, shown, None);
    written(|out| write_json(out, &report))
}

/// `POST /api/seq`: what `conway seq GAME --to N --json` prints. With `"progress": true`
/// the answer is a stream of lines of JSON: `{"listed": n, "limit": m}` now and then (the
/// work done so far, and the work limit), then the sequence or the error. A client that
/// closes the stream stops the computation.
pub async fn seq(State(server): State<Arc<Server>>, Read(request): Read<SeqRequest>) -> Response {
    let limits = server.sequence_limits(request.to);
    if !request.progress {
        return compute(&server, JSON, move |_, interrupt| {
            sequence_json(&request, limits, None, interrupt)
        })
        .await;
    }
    let deadline = Instant::now() + server.max_time;
    let permit = match server.worker(deadline).await {
        Ok(permit) => permit,
        Err(error) => return error.into_response(),
    };
    let job = Job::start(deadline);
    let (interrupt, late) = (job.interrupt.clone(), job.late.clone());
    let timed_out = server.late();
    let (lines, heard) = tokio::sync::mpsc::channel::<Vec<u8>>(16);
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let progress_lines = lines.clone();
        let progress: Progress = Box::new(move |listed| {
            let line = format!(
                "{{\"listed\":{listed},\"limit\":{}}}\n",
                limits.max_positions
            );
            // A client that reads slowly misses some progress lines, not the answer.
            let _ = progress_lines.try_send(line.into_bytes());
        });
        let computed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            sequence_json(&request, limits, Some(progress), interrupt)
        }));
        let last = match computed {
            Ok(Ok(body)) => body,
            Ok(Err(_)) if late.load(Ordering::Relaxed) => timed_out.line(),
            Ok(Err(error)) => error.line(),
            Err(panic) => panic_error(panic).line(),
        };
        let _ = lines.blocking_send(last);
    });
    // The stream holds the job: when the client goes, the stream is dropped, and the job
    // with it sets the interrupt.
    let stream = futures_util::stream::unfold((heard, job), |(mut heard, job)| async move {
        let line = heard.recv().await?;
        Some((Ok::<_, std::convert::Infallible>(line), (heard, job)))
    });
    (
        [(header::CONTENT_TYPE, "application/x-ndjson")],
        Body::from_stream(stream),
    )
        .into_response()
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
    panic_error(panic).into_response()
}

fn panic_error(panic: Box<dyn Any + Send>) -> ApiError {
    let said = panic
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| panic.downcast_ref::<&str>().copied())
        .unwrap_or("no message");
    ApiError::internal(format!(
        "internal error (a bug in conway, please report it): {said}"
    ))
}
