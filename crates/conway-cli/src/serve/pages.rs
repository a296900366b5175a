//! The worksheet's pages: three files compiled into the binary, so that the server needs
//! nothing beside it and works offline. No other path is served, and nothing to a page of
//! another origin.

use axum::extract::Request;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

const INDEX: &str = include_str!("../../assets/index.html");
const SCRIPT: &str = include_str!("../../assets/app.js");
const STYLE: &str = include_str!("../../assets/style.css");

/// Only the server's own files and its own API: no inline script, no other origin.
const POLICY: &str = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

fn page(kind: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CONTENT_SECURITY_POLICY, POLICY),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

/// `GET /`: the worksheet.
pub async fn index() -> Response {
    page("text/html; charset=utf-8", INDEX)
}

/// `GET /app.js`: the pages' script.
pub async fn script() -> Response {
    page("text/javascript; charset=utf-8", SCRIPT)
}

/// `GET /style.css`: the pages' style.
pub async fn style() -> Response {
    page("text/css; charset=utf-8", STYLE)
}

/// Refuses a request that was not addressed to this machine's loopback, or that a page of
/// another origin sent: a web page elsewhere must not make the browser use the server (by a
/// name that resolves to 127.0.0.1, or by a form posted across origins).
pub async fn only_local(request: Request, next: Next) -> Response {
    let authority = request.uri().authority().map(|a| a.as_str().to_string());
    match refusal(authority, request.headers()) {
        Some(refused) => refused,
        None => next.run(request).await,
    }
}

/// Why a request is refused, if it is: the host it names (in an absolute request line, else
/// in its Host header, which HTTP/1.1 requires) and its headers.
fn refusal(authority: Option<String>, headers: &HeaderMap) -> Option<Response> {
    let header = |name| {
        headers
            .get(name)
            .map(|value: &HeaderValue| value.to_str().unwrap_or("?").to_string())
    };
    let Some(host) = authority.or_else(|| header(header::HOST)) else {
        return Some(refuse(
            StatusCode::BAD_REQUEST,
            "the request names no host: HTTP/1.1 requires a Host header".to_string(),
        ));
    };
    if !is_loopback(&host) {
        return Some(refuse(
            StatusCode::FORBIDDEN,
            format!("this server answers requests to 127.0.0.1 or localhost only, not to '{host}'"),
        ));
    }
    let origin = header(header::ORIGIN)?;
    let host = host.to_ascii_lowercase();
    let same = [format!("http://{host}"), format!("https://{host}")]
        .contains(&origin.to_ascii_lowercase());
    (!same).then(|| {
        refuse(
            StatusCode::FORBIDDEN,
            format!("this server answers its own pages only, not a page from '{origin}'"),
        )
    })
}

/// Whether a host (with or without a port) names this machine's loopback, where the server
/// listens: 127.0.0.1 or localhost, in any case.
fn is_loopback(host: &str) -> bool {
    let name = match host.rsplit_once(':') {
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    };
    name == "127.0.0.1" || name.eq_ignore_ascii_case("localhost")
}

fn refuse(status: StatusCode, message: String) -> Response {
    let body = serde_json::json!({ "error": message, "column": null, "limit": null });
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        body.to_string(),
    )
        .into_response()
}
