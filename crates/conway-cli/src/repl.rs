//! `conway repl`: an interactive session of the expression language.
//!
//! Every line typed gets one line back: its value (a `let` echoes the value it binds) or
//! `error: ...`, after which the session goes on with its bindings. A blank line gets nothing.
//! `:quit` (or `:q`, or the end of the input: Ctrl-D) leaves, `:help` says what the language
//! has. Ctrl-C during a computation stops it and the session goes on with its bindings: a
//! handler of the signal sets a flag that the store checks as it counts its work, in both
//! modes below (at the prompt of a terminal, rustyline reads Ctrl-C as a key and drops the
//! line being typed).
//!
//! On a terminal the line is edited with rustyline (arrows, history of the session); when
//! standard input is a pipe or a file the lines are read plainly and no prompt is written, so
//! the output is the answers alone.

use crate::Failure;
use conway::engine::SearchError;
use conway::lang::{Env, LangError};
use rustyline::error::ReadlineError;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

const PROMPT: &str = "> ";

/// What `:help` says: the notation, and every function and method from the evaluator's own
/// tables.
fn help() -> String {
    let methods: Vec<String> = conway::lang::method_usages().collect();
    let functions: Vec<String> = conway::lang::function_usages().collect();
    format!(
        "Games: 3, -3/8, *, *5, ^, vv*, ^3, ^<2>, ^[3], 1/2^*, +-1, {{2 || 1 | 0}}, Tiny(2)\n\
         Operators: G + H, G - H, -G, n * G, G : H (ordinal sum)\n\
         Ordinals: ordinal(w^2 + 1), and their nimbers *w, *(w + 3) (with nimprod, nimpow, ...)\n\
         Loopy games: {{0 | pass}}, a{{0 | {{* | a}}}} (a names the position), on off over under upon\n\
         \x20            dud tis tisn, s & t (onside s, offside t); they add, negate and compare\n\
         Comparisons: == != <= >= < > <> (confused) <| (less or confused) |>\n\
         Methods: {}\n\
         Functions: {}\n\
         Bindings: let g = {{1 | 0}}        Ctrl-C: stop a computation        Leave: :quit or Ctrl-D",
        methods.join(", "),
        functions.join(", ")
    )
}

/// What a line asks of the session.
enum Step {
    Answer(String),
    Nothing,
    Quit,
}

/// Runs the session on `env` until `:quit` or the end of the input: with line editing when
/// `interactive`, else reading `input` plainly. Ctrl-C stops the computation under way.
pub fn run(
    env: &mut Env,
    interactive: bool,
    input: &mut impl BufRead,
    output: &mut dyn Write,
) -> Result<(), Failure> {
    let interrupted = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&interrupted);
    ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed))
        .map_err(|e| Failure::Message(format!("cannot catch Ctrl-C: {e}")))?;
    env.store_mut().interrupt_on(Arc::clone(&interrupted));
    let mut session = Session { env, interrupted };
    if interactive {
        run_edited(&mut session, output)
    } else {
        run_plain(&mut session, input, output)
    }
}

/// A session's bindings, and the flag Ctrl-C sets to stop its computation.
struct Session<'a> {
    env: &'a mut Env,
    interrupted: Arc<AtomicBool>,
}

fn run_plain(
    session: &mut Session,
    input: &mut impl BufRead,
    output: &mut dyn Write,
) -> Result<(), Failure> {
    for line in input.lines() {
        if !answer(session, &line?, output)? {
            break;
        }
    }
    Ok(())
}

fn run_edited(session: &mut Session, output: &mut dyn Write) -> Result<(), Failure> {
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
                if !answer(session, &line, output)? {
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
fn answer(session: &mut Session, line: &str, output: &mut dyn Write) -> Result<bool, Failure> {
    session.interrupted.store(false, Ordering::Relaxed);
    match step(session.env, line) {
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
        ":help" | ":h" => return Step::Answer(help()),
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
        Err(LangError::Limit {
            source: SearchError::Interrupted,
            ..
        }) => Step::Answer("interrupted; the bindings are kept".to_string()),
        Err(error) => Step::Answer(format!("error: {}", crate::explain_lang(&error))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(lines: &str) -> String {
        let mut env = Env::new();
        let mut session = Session {
            env: &mut env,
            interrupted: Arc::new(AtomicBool::new(false)),
        };
        let mut output = Vec::new();
        assert!(run_plain(&mut session, &mut lines.as_bytes(), &mut output).is_ok());
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
        let help = session(":help\n");
        assert!(help.contains("Tiny(2)"));
        for usage in conway::lang::method_usages() {
            assert!(help.contains(&usage), "{usage}");
        }
        assert!(help.contains("G.NortonProduct(U)") && help.contains("G.Cool(t)"));
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
