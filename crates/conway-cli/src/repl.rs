//! `conway repl`: an interactive session of the expression language.
//!
//! Every line typed gets one line back: its value (a `let` echoes the value it binds) or
//! `error: ...`, after which the session goes on with its bindings. A blank line gets nothing.
//! `:quit` (or `:q`, or the end of the input) leaves, `:help` says what the language has.
//!
//! On a terminal the line is edited with rustyline (arrows, history of the session); when
//! standard input is a pipe or a file the lines are read plainly and no prompt is written, so
//! the output is the answers alone.

use crate::Failure;
use conway::lang::Env;
use rustyline::error::ReadlineError;
use std::io::{BufRead, Write};

const PROMPT: &str = "> ";

const HELP: &str = "\
Games: 3, -3/8, *, *5, ^, vv*, ^3, 1/2^*, +-1, {2 || 1 | 0}, Tiny(2), Miny(1)
Operators: G + H, G - H, -G, n * G, G : H (ordinal sum)
Comparisons: == != <= >= < > <> (confused) <| (less or confused) |>
Methods: G.IsNumber, G.IsNimber, G.OrdinalSum(H)
Nim field: nimsum, nimprod, nimdiv, nimpow, niminv, nimsqrt
Bindings: let g = {1 | 0}        Leave: :quit";

/// What a line asks of the session.
enum Step {
    Answer(String),
    Nothing,
    Quit,
}

/// Runs the session on `env` until `:quit` or the end of the input: with line editing when
/// `interactive`, else reading `input` plainly.
pub fn run(
    env: &mut Env,
    interactive: bool,
    input: &mut impl BufRead,
    output: &mut dyn Write,
) -> Result<(), Failure> {
    if interactive {
        run_edited(env, output)
    } else {
        run_plain(env, input, output)
    }
}

fn run_plain(
    env: &mut Env,
    input: &mut impl BufRead,
    output: &mut dyn Write,
) -> Result<(), Failure> {
    for line in input.lines() {
        if !answer(env, &line?, output)? {
            break;
        }
    }
    Ok(())
}

fn run_edited(env: &mut Env, output: &mut dyn Write) -> Result<(), Failure> {
    let mut editor = rustyline::DefaultEditor::new()
        .map_err(|e| Failure::Message(format!("cannot start line editing: {e}")))?;
    writeln!(
        output,
        "conway repl: type :help for the notation, :quit to leave"
    )?;
    output.flush()?;
    loop {
        match editor.readline(PROMPT) {
            Ok(line) => {
                if !line.trim().is_empty() {
                    // A history that refuses an entry loses only that entry.
                    let _ = editor.add_history_entry(line.as_str());
                }
                if !answer(env, &line, output)? {
                    return Ok(());
                }
            }
            // Ctrl-C drops the line being typed, as in a shell.
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => return Ok(()),
            Err(e) => return Err(Failure::Message(format!("cannot read the line: {e}"))),
        }
    }
}

/// Answers one line; `false` when the session ends.
fn answer(env: &mut Env, line: &str, output: &mut dyn Write) -> Result<bool, Failure> {
    match step(env, line) {
        Step::Answer(text) => writeln!(output, "{text}")?,
        Step::Nothing => {}
        Step::Quit => return Ok(false),
    }
    output.flush()?;
    Ok(true)
}

fn step(env: &mut Env, line: &str) -> Step {
    let command = line.trim();
    match command {
        ":quit" | ":q" | ":exit" => return Step::Quit,
        ":help" | ":h" => return Step::Answer(HELP.to_string()),
        _ if command.starts_with(':') => {
            return Step::Answer(format!(
                "error: unknown command '{command}'; the commands are :help and :quit"
            ))
        }
        _ => {}
    }
    let shown = env
        .run(line)
        .and_then(|value| value.map(|value| env.show(&value)).transpose());
    match shown {
        Ok(Some(text)) => Step::Answer(text),
        Ok(None) => Step::Nothing,
        Err(error) => Step::Answer(format!("error: {}", crate::explain_lang(&error))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(lines: &str) -> String {
        let mut env = Env::new();
        let mut output = Vec::new();
        assert!(run(&mut env, false, &mut lines.as_bytes(), &mut output).is_ok());
        String::from_utf8(output).unwrap()
    }

    #[test]
    fn bindings_persist_and_errors_do_not_end_the_session() {
        assert_eq!(
            session("let g = {1 | 0}\ng + g\n\n1/3\ng <> 1/2\n:quit\n*2\n"),
            "{1|0}\n1\nerror: column 1: 1/3 is not a dyadic rational: the numbers of short \
             games have a power of 2 below the line\ntrue\n"
        );
        assert_eq!(
            session("^ + ^"),
            "^^\n",
            "the end of the input ends the session"
        );
        assert!(session(":nope\n").starts_with("error: unknown command ':nope'"));
        assert!(session(":help\n").contains("Tiny(2)"));
    }

    #[test]
    fn an_error_names_what_to_raise() {
        let mut env = Env::with_store(conway::short::Store::new(1 << 20));
        let Step::Answer(text) = step(&mut env, "*1000000 + {*1000000 | 0}") else {
            panic!("an answer")
        };
        assert!(text.ends_with("(--max-memory SIZE)"), "{text}");
    }
}
