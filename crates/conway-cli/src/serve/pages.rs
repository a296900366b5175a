//! The worksheet's pages: three files compiled into the binary, so that the server needs
//! nothing beside it and works offline. No other path is served.

use axum::http::header;
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
