//! `conway serve` over HTTP: the real binary on a free port, each endpoint and its errors, the
//! answers compared with the command line's `--json`.

use super::json;
use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A server started for one test, stopped when the test ends.
struct Server {
    child: Child,
    /// `127.0.0.1:PORT`.
    address: String,
}

impl Server {
    fn start(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_conway"))
            .arg("serve")
            .args(["--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary runs");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout is piped"))
            .read_line(&mut line)
            .expect("the server prints its address");
        let address = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        assert!(address.starts_with("127.0.0.1:"), "{line}");
        Server { child, address }
    }

    /// Sends one request and returns the status and the body.
    fn request(&self, method: &str, path: &str, body: &[u8]) -> (u16, Vec<u8>) {
        let mut stream = TcpStream::connect(&self.address).expect("the server listens");
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
            self.address,
            body.len()
        );
        stream.write_all(head.as_bytes()).unwrap();
        // A server that refuses a large body may close before reading all of it.
        let _ = stream.write_all(body);
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).expect("an answer");
        let split = answer
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .expect("a head and a body");
        let head = String::from_utf8_lossy(&answer[..split]).to_string();
        let status = head
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("no status in {head}"));
        let body = answer[split + 4..].to_vec();
        let body = match head
            .to_ascii_lowercase()
            .contains("transfer-encoding: chunked")
        {
            true => unchunk(&body),
            false => body,
        };
        (status, body)
    }

    /// Sends a request and reads its body as JSON, which every answer is.
    fn json(&self, method: &str, path: &str, body: &str) -> (u16, Value) {
        let (status, body) = self.request(method, path, body.as_bytes());
        let value = serde_json::from_slice(&body)
            .unwrap_or_else(|e| panic!("{method} {path}: {e}: {}", String::from_utf8_lossy(&body)));
        (status, value)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A chunked body, joined.
fn unchunk(mut body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let end = body.windows(2).position(|w| w == b"\r\n").expect("a size");
        let size = usize::from_str_radix(std::str::from_utf8(&body[..end]).unwrap().trim(), 16)
            .expect("a hexadecimal size");
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&body[end + 2..end + 2 + size]);
        body = &body[end + 2 + size + 2..];
    }
}

/// Checks an error's shape: its status, and a message naming `needle`.
fn error(answer: (u16, Value), status: u16, needle: &str) -> Value {
    let (got, body) = answer;
    assert_eq!(got, status, "{body}");
    let message = body["error"].as_str().expect("an error message");
    assert!(
        message.contains(needle),
        "'{message}' should mention '{needle}'"
    );
    assert!(
        body.get("column").is_some() && body.get("limit").is_some(),
        "{body}"
    );
    body
}

#[test]
fn solve_answers_as_the_command_line_does() {
    let server = Server::start(&[]);
    for (position, misere) in [("13 42 30 43", false), ("1 1 3", true), ("1 2 3", false)] {
        let body = format!(r#"{{"game": "nim", "position": "{position}", "misere": {misere}}}"#);
        let (status, answer) = server.json("POST", "/api/solve", &body);
        assert_eq!(status, 200, "{answer}");
        let mut args = vec!["solve", "nim", position, "--json"];
        if misere {
            args.push("--misere");
        }
        assert_eq!(answer, json(&args), "{position}");
    }
    let body = r#"{"game": "domineering", "position": "...|...|..."}"#;
    let (status, answer) = server.json("POST", "/api/solve", body);
    assert_eq!(status, 200);
    assert_eq!(
        answer,
        json(&["solve", "domineering", "...|...|...", "--json"])
    );
}

#[test]
fn eval_answers_as_the_command_line_does() {
    let server = Server::start(&[]);
    let (status, answer) = server.json("POST", "/api/eval", r#"{"expression": "{2|1/2}"}"#);
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer, json(&["eval", "{2|1/2}", "--json"]));
    assert_eq!(answer["value"], "{2|1/2}");
    assert_eq!(answer["mean"], "5/4");
}

#[test]
fn rules_lists_the_catalogue() {
    let server = Server::start(&[]);
    let (status, answer) = server.json("GET", "/api/rules", "");
    assert_eq!(status, 200);
    assert_eq!(answer, json(&["rules", "--json"]));
    let (status, nim) = server.json("GET", "/api/rules/nim", "");
    assert_eq!(status, 200);
    assert_eq!(nim, json(&["rules", "nim", "--json"]));
    error(
        server.json("GET", "/api/rules/nope", ""),
        404,
        "unknown game 'nope'",
    );
}

#[test]
fn bad_input_is_400_with_its_column() {
    let server = Server::start(&[]);
    let body = r#"{"game": "nim", "position": "1 x 3"}"#;
    let answer = error(server.json("POST", "/api/solve", body), 400, "bad position");
    assert_eq!(answer["column"], 3);
    assert_eq!(answer["limit"], Value::Null);
    let body = r#"{"expression": "{2|1/"}"#;
    let answer = error(server.json("POST", "/api/eval", body), 400, "column 5");
    assert_eq!(answer["column"], 5);
    let body = r#"{"game": "nope", "position": "1"}"#;
    let answer = error(
        server.json("POST", "/api/solve", body),
        400,
        "unknown game 'nope'",
    );
    assert_eq!(answer["column"], Value::Null);
    error(
        server.json("POST", "/api/eval", r#"{"expression": ""}"#),
        400,
        "empty",
    );
}

#[test]
fn a_body_that_is_not_the_request_is_400() {
    let server = Server::start(&[]);
    error(server.json("POST", "/api/solve", "not json"), 400, "JSON");
    error(
        server.json("POST", "/api/solve", r#"{"game": "nim"}"#),
        400,
        "position",
    );
    error(
        server.json("POST", "/api/eval", r#"{"expr": "1"}"#),
        400,
        "expr",
    );
}

#[test]
fn an_oversized_body_is_413() {
    let server = Server::start(&[]);
    let expression = "1+".repeat(40 * 1024);
    let body = format!(r#"{{"expression": "{expression}1"}}"#);
    error(server.json("POST", "/api/eval", &body), 413, "64 KiB");
}

#[test]
fn unknown_paths_and_methods_are_json_errors() {
    let server = Server::start(&[]);
    error(server.json("GET", "/nowhere", ""), 404, "/nowhere");
    error(server.json("POST", "/api/nope", "{}"), 404, "/api/nope");
    error(server.json("GET", "/api/solve", ""), 405, "/api/solve");
}

#[test]
fn a_computation_past_the_limit_is_422_naming_it() {
    let server = Server::start(&["--max-positions", "50"]);
    let body = r#"{"game": "domineering", "position": "....|....|....|...."}"#;
    let answer = error(server.json("POST", "/api/solve", body), 422, "50 positions");
    assert_eq!(answer["limit"], "max_positions");
    let body = r#"{"expression": "{2|1/2}+{3|1}+{5|-4}+{1|{0|-7}}"}"#;
    let answer = error(server.json("POST", "/api/eval", body), 422, "50 positions");
    assert_eq!(answer["limit"], "max_positions");
    // The server is still up, and small questions still answered.
    let (status, _) = server.json("POST", "/api/solve", r#"{"game": "nim", "position": "3"}"#);
    assert_eq!(status, 200);
}

#[test]
fn requests_at_once_are_all_answered() {
    let server = Server::start(&[]);
    std::thread::scope(|scope| {
        let answers: Vec<_> = (0..8u64)
            .map(|i| {
                let server = &server;
                scope.spawn(move || {
                    let body = format!(r#"{{"game": "nim", "position": "{i} 5 7"}}"#);
                    let (status, answer) = server.json("POST", "/api/solve", &body);
                    assert_eq!(status, 200, "{answer}");
                    assert_eq!(answer["nim_value"], i ^ 5 ^ 7);
                })
            })
            .collect();
        for answer in answers {
            answer.join().expect("every request is answered");
        }
    });
}
