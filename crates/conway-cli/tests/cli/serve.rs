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

/// The CPU time a process has used, in clock ticks (user and system).
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).expect("a Linux process");
    // The fields after the command's name, which is in parentheses: utime and stime are the
    // 14th and 15th fields of the line, the 12th and 13th after the name.
    let fields: Vec<&str> = stat[stat.rfind(')').unwrap() + 2..].split(' ').collect();
    fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
}

/// Sends a request and hangs up once `wait` bytes of the answer came (none: at once), then
/// checks that the server's CPU goes quiet: the computation stopped.
fn hang_up_stops(server: &Server, path: &str, body: &str, wait: usize) {
    let mut stream = TcpStream::connect(&server.address).unwrap();
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        server.address,
        body.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    if wait > 0 {
        let mut answer = vec![0; wait];
        stream.read_exact(&mut answer).unwrap();
    } else {
        std::thread::sleep(Duration::from_millis(500));
    }
    let busy = cpu_ticks(server.child.id());
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        cpu_ticks(server.child.id()) > busy,
        "{path}: the computation should be running before the hang-up"
    );
    drop(stream);
    std::thread::sleep(Duration::from_millis(500));
    let before = cpu_ticks(server.child.id());
    std::thread::sleep(Duration::from_secs(1));
    let used = cpu_ticks(server.child.id()) - before;
    assert!(
        used < 20,
        "{path}: {used} ticks of CPU in the second after the client hung up"
    );
}

#[test]
fn a_client_that_hangs_up_stops_its_computation() {
    let server = Server::start(&["--max-seconds", "600"]);
    let board = ["......"; 6].join("|");
    let solve = format!(r#"{{"game": "domineering", "position": "{board}"}}"#);
    hang_up_stops(&server, "/api/solve", &solve, 0);
    let seq = r#"{"game": "grundy", "to": 1000000000, "progress": true}"#;
    hang_up_stops(&server, "/api/seq", seq, 200);
    // Cooling a sum of 40 switches made whole first: about 4 s of work for the store on a quiet
    // machine (24 switches, once 15 s, take 0.4 s since comparisons are settled by stops).
    let switches: Vec<String> = (1..=40).map(|k| format!("{{{k}|-{k}}}")).collect();
    let eval = format!(
        r#"{{"expression": "({}).Cool(1).Mean"}}"#,
        switches.join("+")
    );
    hang_up_stops(&server, "/api/eval", &eval, 0);
}

#[test]
fn moves_answers_as_the_command_line_does() {
    let server = Server::start(&[]);
    let body = r#"{"game": "domineering", "position": "..|..|..", "player": "right"}"#;
    let (status, answer) = server.json("POST", "/api/moves", body);
    assert_eq!(status, 200, "{answer}");
    let cli = [
        "moves",
        "domineering",
        "..|..|..",
        "--as",
        "right",
        "--json",
    ];
    assert_eq!(answer, json(&cli));
    assert_eq!(answer["perfect_play"], 1);
    // A page: from 10 (counting from 0) is the command line's --from 11.
    let body = r#"{"game": "nim", "position": "30", "from": 10, "count": 3}"#;
    let (status, answer) = server.json("POST", "/api/moves", body);
    assert_eq!(status, 200, "{answer}");
    let cli = [
        "moves", "nim", "30", "--from", "11", "--count", "3", "--json",
    ];
    assert_eq!(answer, json(&cli));
    error(
        server.json(
            "POST",
            "/api/moves",
            r#"{"game": "nim", "position": "3", "count": 5000}"#,
        ),
        400,
        "from 1 to 1000 moves",
    );
    error(
        server.json(
            "POST",
            "/api/moves",
            r#"{"game": "nim", "position": "3", "count": 0}"#,
        ),
        400,
        "from 1 to 1000 moves",
    );
    // A page past the last move is an error, not an empty page (the review's `from` 9 of 8).
    error(
        server.json(
            "POST",
            "/api/moves",
            r#"{"game": "nim", "position": "3 5", "from": 9}"#,
        ),
        400,
        "there are 8 moves",
    );
    error(
        server.json(
            "POST",
            "/api/moves",
            r#"{"game": "nim", "position": "3", "player": "up"}"#,
        ),
        400,
        "'up' is not a side",
    );
}

#[test]
fn eval_and_thermograph_use_the_clients_bindings() {
    let server = Server::start(&[]);
    let body = r#"{"expression": "g + g", "bindings": ["let g = {1|*}"]}"#;
    let (status, answer) = server.json("POST", "/api/eval", body);
    assert_eq!(status, 200, "{answer}");
    assert_eq!(
        answer["value"],
        json(&["eval", "{1|*} + {1|*}", "--json"])["value"]
    );
    // A binding that no longer reads is named in the error.
    let body = r#"{"expression": "g", "bindings": ["let g = {1|"]}"#;
    error(
        server.json("POST", "/api/eval", body),
        400,
        "in the binding `let g = {1|`",
    );
    // A binding must bind: the review's `1+1` was silently ignored.
    let body = r#"{"expression": "1", "bindings": ["1+1"]}"#;
    error(
        server.json("POST", "/api/eval", body),
        400,
        "not a `let name = expression`",
    );
    // The thermograph is the command line's, as JSON and as the picture --svg draws.
    let body = r#"{"expression": "h", "bindings": ["let h = {2|1/2}"]}"#;
    let (status, answer) = server.json("POST", "/api/thermograph", body);
    assert_eq!(status, 200, "{answer}");
    let mut cli = json(&["thermograph", "{2|1/2}", "--json"]);
    cli["expression"] = "h".into();
    assert_eq!(answer, cli);
    let (status, picture) = server.request("POST", "/api/thermograph/svg", body.as_bytes());
    assert_eq!(status, 200);
    let file = std::env::temp_dir().join(format!("conway-serve-{}.svg", std::process::id()));
    let output = super::conway(&["thermograph", "{2|1/2}", "--svg", file.to_str().unwrap()]);
    assert!(output.status.success());
    assert_eq!(picture, std::fs::read(&file).unwrap());
    std::fs::remove_file(file).ok();
    let body = r#"{"expression": "1 < 2"}"#;
    error(
        server.json("POST", "/api/thermograph", body),
        400,
        "not a game",
    );
}

#[test]
fn graph_answers_for_text_and_for_positions() {
    let server = Server::start(&[]);
    let text = "a -> b c\nb -> a d\nc -> d\nd ->\nx -> y\ny -> x\n";
    let file = std::env::temp_dir().join(format!("conway-serve-{}.graph", std::process::id()));
    std::fs::write(&file, text).unwrap();
    let body = serde_json::json!({ "text": text }).to_string();
    let (status, mut answer) = server.json("POST", "/api/graph", &body);
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["file"], Value::Null);
    answer["file"] = file.to_str().unwrap().into();
    assert_eq!(answer, json(&["graph", file.to_str().unwrap(), "--json"]));
    let partizan = serde_json::json!({ "text": "a -> b | c\nb -> |\nc -> |" }).to_string();
    let (status, answer) = server.json("POST", "/api/graph", &partizan);
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["positions"][0]["outcome"], "N");
    std::fs::remove_file(file).ok();
    let body = r#"{"game": "nim", "position": "2 1"}"#;
    let (status, answer) = server.json("POST", "/api/graph", body);
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer, json(&["graph", "nim", "2 1", "--json"]));
    error(
        server.json("POST", "/api/graph", "{}"),
        400,
        "either `text`",
    );
    let bad = serde_json::json!({ "text": "a -> b ->" }).to_string();
    error(server.json("POST", "/api/graph", &bad), 400, "the graph");
}

#[test]
fn seq_answers_as_the_command_line_does_with_or_without_progress() {
    let server = Server::start(&[]);
    let (status, answer) = server.json("POST", "/api/seq", r#"{"game": "kayles", "to": 300}"#);
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer, json(&["seq", "kayles", "--to", "300", "--json"]));
    // With progress: lines of JSON, progress first, the answer last.
    let body = r#"{"game": "grundy", "to": 99999, "progress": true}"#;
    let (status, stream) = server.request("POST", "/api/seq", body.as_bytes());
    assert_eq!(status, 200);
    let lines: Vec<Value> = String::from_utf8(stream)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let (last, progress) = lines.split_last().expect("an answer");
    assert!(!progress.is_empty(), "a long sequence reports its progress");
    let mut listed = 0;
    for line in progress {
        let now = line["listed"].as_u64().expect("work done");
        assert!(now >= listed && now <= line["limit"].as_u64().unwrap());
        listed = now;
    }
    assert_eq!(last, &json(&["seq", "grundy", "--to", "99999", "--json"]));
    assert_eq!(last["values"].as_array().map(Vec::len), Some(100_000));
}

#[test]
fn a_computation_past_the_time_limit_is_422_naming_it() {
    let server = Server::start(&["--max-seconds", "0.5"]);
    let body = r#"{"game": "grundy", "to": 1000000000}"#;
    let answer = error(server.json("POST", "/api/seq", body), 422, "--max-seconds");
    assert_eq!(answer["limit"], "max_seconds");
    // A stream ends with the same error.
    let body = r#"{"game": "grundy", "to": 1000000000, "progress": true}"#;
    let (status, stream) = server.request("POST", "/api/seq", body.as_bytes());
    assert_eq!(status, 200);
    let text = String::from_utf8(stream).unwrap();
    let last: Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!(last["limit"], "max_seconds", "{last}");
    let body = r#"{"game": "nim", "position": "3"}"#;
    assert_eq!(server.json("POST", "/api/solve", body).0, 200);
}

#[test]
fn the_pages_are_served_and_no_other_file() {
    let server = Server::start(&[]);
    for (path, kind, needle) in [
        ("/", "text/html", "<title>conway"),
        ("/app.js", "text/javascript", "\"use strict\""),
        ("/style.css", "text/css", ".board"),
    ] {
        let mut stream = TcpStream::connect(&server.address).unwrap();
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            server.address
        )
        .unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        assert!(answer.starts_with("HTTP/1.1 200"), "{path}: {answer:.200}");
        let lower = answer.to_ascii_lowercase();
        assert!(lower.contains(&format!("content-type: {kind}")), "{path}");
        assert!(
            lower.contains("content-security-policy: default-src 'self'"),
            "{path}"
        );
        assert!(answer.contains(needle), "{path}");
    }
    for path in [
        "/../Cargo.toml",
        "/assets/app.js",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/index.html/../../Cargo.toml",
        "/src/main.rs",
    ] {
        let (status, body) = server.json("GET", path, "");
        assert_eq!(status, 404, "{path}: {body}");
    }
}

/// What a request of the load test expects: a status, and for a 200 the whole answer.
struct Expected {
    path: &'static str,
    body: String,
    status: u16,
    answer: Option<Value>,
}

#[test]
fn a_load_of_mixed_requests_leaves_every_good_one_answered() {
    let server = Server::start(&["--max-positions", "300000", "--max-seconds", "20"]);
    let good = |path, body: &str, answer: Value| Expected {
        path,
        body: body.to_string(),
        status: 200,
        answer: Some(answer),
    };
    let refused = |path, body: String, status| Expected {
        path,
        body,
        status,
        answer: None,
    };
    let kinds = vec![
        good(
            "/api/solve",
            r#"{"game": "nim", "position": "13 42 30 43"}"#,
            json(&["solve", "nim", "13 42 30 43", "--json"]),
        ),
        good(
            "/api/solve",
            r#"{"game": "domineering", "position": "...|...|..."}"#,
            json(&["solve", "domineering", "...|...|...", "--json"]),
        ),
        good(
            "/api/eval",
            r#"{"expression": "{2|1/2} + ^*"}"#,
            json(&["eval", "{2|1/2} + ^*", "--json"]),
        ),
        good(
            "/api/moves",
            r#"{"game": "kayles", "position": "7 4"}"#,
            json(&["moves", "kayles", "7 4", "--json"]),
        ),
        good(
            "/api/seq",
            r#"{"game": "octal:0.137", "to": 500}"#,
            json(&["seq", "octal:0.137", "--to", "500", "--json"]),
        ),
        // Heavy: past the work limit.
        refused(
            "/api/solve",
            format!(
                r#"{{"game": "domineering", "position": "{}"}}"#,
                ["......"; 6].join("|")
            ),
            422,
        ),
        // Malformed: not JSON, a bad position, too large, nowhere.
        refused("/api/solve", "{\"game\": ".to_string(), 400),
        refused(
            "/api/solve",
            r#"{"game": "nim", "position": "1 -2"}"#.to_string(),
            400,
        ),
        refused(
            "/api/eval",
            format!(r#"{{"expression": "{}"}}"#, "1+".repeat(40_000)),
            413,
        ),
        refused("/api/nowhere", "{}".to_string(), 404),
    ];
    const CONNECTIONS: usize = 16;
    const EACH: usize = 20;
    let answered = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for connection in 0..CONNECTIONS {
            let (server, kinds, answered) = (&server, &kinds, &answered);
            scope.spawn(move || {
                for i in 0..EACH {
                    let expected = &kinds[(connection * 7 + i * 3) % kinds.len()];
                    let (status, body) =
                        server.request("POST", expected.path, expected.body.as_bytes());
                    let answer: Value = serde_json::from_slice(&body).unwrap_or_else(|e| {
                        panic!("{}: {e}: {}", expected.path, String::from_utf8_lossy(&body))
                    });
                    assert_eq!(
                        status, expected.status,
                        "{} {}: {answer}",
                        expected.path, expected.body
                    );
                    if let Some(want) = &expected.answer {
                        assert_eq!(&answer, want, "{}", expected.path);
                    } else {
                        assert!(answer["error"].is_string(), "{answer}");
                    }
                    answered.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                }
            });
        }
    });
    assert_eq!(answered.into_inner(), CONNECTIONS * EACH);
    // Still up.
    assert_eq!(server.json("GET", "/api/rules", "").0, 200);
}

#[test]
fn requests_by_another_name_or_from_another_origin_are_refused() {
    let server = Server::start(&[]);
    let port = server.address.split(':').nth(1).unwrap();
    let send = |head: String| {
        let mut stream = TcpStream::connect(&server.address).unwrap();
        let body = r#"{"game": "nim", "position": "3"}"#;
        write!(
            stream,
            "POST /api/solve HTTP/1.1\r\n{head}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        answer
    };
    // A name that resolves to 127.0.0.1 (DNS rebinding) is not this server's name.
    let answer = send(format!("Host: evil.example:{port}\r\n"));
    assert!(answer.starts_with("HTTP/1.1 403"), "{answer}");
    assert!(answer.contains("127.0.0.1 or localhost only"), "{answer}");
    // A page of another origin may not post to it.
    let answer = send(format!(
        "Host: 127.0.0.1:{port}\r\nOrigin: http://evil.example\r\n"
    ));
    assert!(answer.starts_with("HTTP/1.1 403"), "{answer}");
    // Nor another name in an absolute request line, nor no name at all.
    let mut stream = TcpStream::connect(&server.address).unwrap();
    write!(
        stream,
        "GET http://evil.example/api/rules HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 403"), "{answer}");
    let answer = send(String::new());
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    assert!(answer.contains("requires a Host header"), "{answer}");
    // Its own pages, and clients without an origin, may, whatever the case of the name.
    for head in [
        format!("Host: 127.0.0.1:{port}\r\nOrigin: http://127.0.0.1:{port}\r\n"),
        format!("Host: localhost:{port}\r\n"),
        format!("Host: LocalHost:{port}\r\n"),
    ] {
        let answer = send(head);
        assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    }
}

/// The review held 20,000 idle connections open and locked every client out: idle
/// connections are now closed after the head timeout, and a request still gets through past
/// more idle connections than the server holds at once.
#[test]
fn idle_connections_are_closed_and_do_not_lock_out_a_request() {
    let server = Server::start(&[]);
    let idle: Vec<TcpStream> = (0..300)
        .map(|_| {
            let mut stream = TcpStream::connect(&server.address).unwrap();
            stream.write_all(b"GET / HTTP/1.1\r\nHost: 12").unwrap();
            stream
        })
        .collect();
    let started = std::time::Instant::now();
    let (status, _) = server.json(
        "POST",
        "/api/solve",
        r#"{"game": "nim", "position": "3 5"}"#,
    );
    assert_eq!(status, 200);
    assert!(started.elapsed() < Duration::from_secs(20));
    for mut stream in idle {
        stream
            .set_read_timeout(Some(Duration::from_secs(15)))
            .unwrap();
        let mut rest = Vec::new();
        // Closed by the server: the read ends (with nothing, or with an error answer).
        stream
            .read_to_end(&mut rest)
            .expect("the server closes an idle connection");
    }
}

/// The review queued 50 heavy requests and a small one waited 203 s: a request now waits for
/// a worker no longer than the time limit, so a small one is answered soon after.
#[test]
fn a_small_request_waits_no_longer_than_the_time_limit_behind_heavy_ones() {
    let server = Server::start(&["--max-seconds", "2"]);
    let heavy = r#"{"game": "grundy", "to": 1000000000}"#;
    std::thread::scope(|scope| {
        let heavies: Vec<_> = (0..10)
            .map(|_| scope.spawn(|| server.json("POST", "/api/seq", heavy)))
            .collect();
        std::thread::sleep(Duration::from_millis(300));
        let started = std::time::Instant::now();
        let (status, _) = server.json(
            "POST",
            "/api/solve",
            r#"{"game": "nim", "position": "3 5"}"#,
        );
        assert_eq!(status, 200);
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{:?}",
            started.elapsed()
        );
        for heavy in heavies {
            let answer = error(heavy.join().unwrap(), 422, "--max-seconds");
            assert_eq!(answer["limit"], "max_seconds");
        }
    });
}

/// More requests than may wait are told at once that the server is busy.
#[test]
fn requests_past_the_waiting_room_are_told_the_server_is_busy() {
    let server = Server::start(&["--max-seconds", "3"]);
    let heavy = r#"{"game": "grundy", "to": 1000000000}"#;
    let statuses: Vec<u16> = std::thread::scope(|scope| {
        let all: Vec<_> = (0..80)
            .map(|_| scope.spawn(|| server.json("POST", "/api/seq", heavy)))
            .collect();
        all.into_iter()
            .map(|answer| {
                let (status, body) = answer.join().unwrap();
                if status == 503 {
                    assert!(body["error"].as_str().unwrap().contains("busy"), "{body}");
                }
                status
            })
            .collect()
    });
    assert!(
        statuses.iter().all(|&s| s == 422 || s == 503),
        "{statuses:?}"
    );
    assert!(
        statuses.contains(&503),
        "80 at once overflow the 64 places to wait"
    );
}
