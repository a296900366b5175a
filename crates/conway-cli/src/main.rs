//! `conway`: analyse combinatorial games from the shell. A thin layer over the `conway`
//! library: parse the command, call the library, print the answer as text or JSON.

/// The search allocates a small vector for every option it lists; mimalloc serves such
/// allocations much faster than the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod play;
mod show;

use clap::{Parser, Subcommand};
use conway::impartial::{Limits, Play, SolveError};
use conway::lang::{eval_nimber, show_nimber};
use conway::rules::{analyse_sum, catalogue, ruleset, Budget, Component, RuleError, RuleInfo};
use indicatif::{ProgressBar, ProgressFinish, ProgressStyle};
use serde_json::json;
use std::io::IsTerminal;
use std::process::ExitCode;

/// Exact analysis of combinatorial games.
#[derive(Parser)]
#[command(name = "conway", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Outcome, value and every winning move of a position.
    ///
    /// A sum of positions of different games is written `GAME POSITION + GAME POSITION ...`.
    Solve {
        /// The game, with parameters after a colon: `nim`, `subtraction:1,3,4`, ...
        game: String,
        /// The position, in the game's notation (`conway rules GAME` explains it).
        #[arg(allow_hyphen_values = true)]
        position: String,
        /// More components of a sum: `+ GAME POSITION`, as often as needed.
        #[arg(value_name = "+ GAME POSITION")]
        more: Vec<String>,
        /// Misère play: the player who makes the last move loses.
        #[arg(long)]
        misere: bool,
        #[command(flatten)]
        output: Output,
        #[command(flatten)]
        limits: LimitArgs,
    },
    /// Play a game against perfect play, typing moves on standard input.
    Play {
        /// The game, with parameters after a colon.
        game: String,
        /// The starting position, in the game's notation.
        #[arg(allow_hyphen_values = true)]
        position: String,
        /// Misère play: the player who makes the last move loses.
        #[arg(long)]
        misere: bool,
        /// Let the engine move first.
        #[arg(long)]
        engine_first: bool,
        /// Mark your winning moves.
        #[arg(long)]
        hints: bool,
        #[command(flatten)]
        limits: LimitArgs,
    },
    /// Every position reachable from a position, with its moves; P marks the kernel.
    Graph {
        /// The game, with parameters after a colon.
        game: String,
        /// The position, in the game's notation.
        #[arg(allow_hyphen_values = true)]
        position: String,
        /// Misère play: the player who makes the last move loses.
        #[arg(long)]
        misere: bool,
        /// Print Graphviz DOT (P-positions drawn with a double circle).
        #[arg(long, conflicts_with = "json")]
        dot: bool,
        /// Give up past this many positions.
        #[arg(long, default_value_t = 10_000)]
        max_positions: usize,
        #[command(flatten)]
        output: Output,
    },
    /// Nim values of one heap of each size 0..=N, and the period they show.
    Seq {
        /// A one-heap game: `nim`, `subtraction:1,3,4`, `lasker`, ...
        game: String,
        /// The largest heap.
        #[arg(long)]
        to: u64,
        #[command(flatten)]
        output: Output,
        #[command(flatten)]
        limits: LimitArgs,
    },
    /// Evaluates nimber arithmetic: `*3 + *5`, `nimprod(8, 8)`, `niminv(4)`, `nimsqrt(5)`.
    Eval {
        #[arg(allow_hyphen_values = true)]
        expression: String,
        #[command(flatten)]
        output: Output,
    },
    /// Lists the games, or documents one game's position notation.
    Rules {
        /// A game name, with or without parameters.
        name: Option<String>,
        #[command(flatten)]
        output: Output,
    },
}

#[derive(clap::Args)]
struct Output {
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args)]
struct LimitArgs {
    /// Give up after listing this many positions (each searched position and each of its
    /// options counts); about 130 bytes of memory each at worst.
    #[arg(long, default_value_t = Limits::default().max_positions)]
    max_positions: u64,
}

/// The longest sequence `seq` computes: beyond it the values alone would not fit in memory.
const MAX_SEQUENCE: u64 = 100_000_000;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(text) => {
            if !text.is_empty() {
                println!("{text}");
            }
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(command: Command) -> Result<String, String> {
    match command {
        Command::Solve {
            game,
            position,
            more,
            misere,
            output,
            limits,
        } => {
            let play = if misere { Play::Misere } else { Play::Normal };
            let report = if more.is_empty() {
                ruleset(&game)
                    .and_then(|rules| rules.analyse(&position, play, budget(&limits)))
                    .map_err(explain)?
            } else {
                let components = sum_components(game, position, more)?;
                analyse_sum(&components, play, &|| budget(&limits)).map_err(explain)?
            };
            Ok(if output.json {
                json!(report).to_string()
            } else {
                show::report(&report)
            })
        }
        Command::Play {
            game,
            position,
            misere,
            engine_first,
            hints,
            limits,
        } => {
            let rules = ruleset(&game).map_err(explain)?;
            let game = play::Game {
                rules: rules.as_ref(),
                start: position,
                play: if misere { Play::Misere } else { Play::Normal },
                first: if engine_first {
                    play::First::Engine
                } else {
                    play::First::You
                },
                hints,
                budget: &|| budget(&limits),
            };
            game.run(&mut std::io::stdin().lock(), &mut std::io::stdout().lock())?;
            Ok(String::new())
        }
        Command::Graph {
            game,
            position,
            misere,
            dot,
            max_positions,
            output,
        } => {
            let play = if misere { Play::Misere } else { Play::Normal };
            let graph = ruleset(&game)
                .and_then(|rules| rules.graph(&position, play, max_positions))
                .map_err(explain)?;
            Ok(if output.json {
                json!(graph).to_string()
            } else if dot {
                show::dot(&graph)
            } else {
                show::graph(&graph)
            })
        }
        Command::Seq {
            game,
            to,
            output,
            limits,
        } => {
            if to > MAX_SEQUENCE {
                return Err(format!(
                    "--to {to} is too large (the limit is {MAX_SEQUENCE})"
                ));
            }
            let rules = ruleset(&game).map_err(explain)?;
            let sequence = rules.sequence(to, budget(&limits)).map_err(explain)?;
            Ok(if output.json {
                json!({
                    "game": rules.name(),
                    "values": sequence.values,
                    "preperiod": sequence.period.map(|p| p.preperiod),
                    "period": sequence.period.map(|p| p.period),
                    "proved": sequence.proved,
                })
                .to_string()
            } else {
                show::sequence(&rules.name(), to, &sequence)
            })
        }
        Command::Eval { expression, output } => {
            let value = eval_nimber(&expression).map_err(|e| e.to_string())?;
            Ok(if output.json {
                json!({ "expression": expression, "value": value, "display": show_nimber(value) })
                    .to_string()
            } else {
                show_nimber(value)
            })
        }
        Command::Rules { name, output } => match name {
            None if output.json => Ok(json!(catalogue()).to_string()),
            None => Ok(catalogue()
                .iter()
                .map(|info| format!("{:<18} {}", info.name, info.summary))
                .collect::<Vec<_>>()
                .join("\n")),
            Some(name) => {
                let info = find_rules(&name)?;
                Ok(if output.json {
                    json!(info).to_string()
                } else {
                    format!(
                        "{}\n  {}\n  position: {}\n  example:  {}",
                        info.name, info.summary, info.notation, info.example
                    )
                })
            }
        },
    }
}

/// The components of `GAME POSITION + GAME POSITION ...`.
fn sum_components(
    game: String,
    position: String,
    more: Vec<String>,
) -> Result<Vec<Component>, String> {
    let malformed = || "write a sum as `GAME POSITION + GAME POSITION ...`".to_string();
    if !more.len().is_multiple_of(3) {
        return Err(malformed());
    }
    let mut parts = vec![(game, position)];
    for chunk in more.chunks(3) {
        if chunk[0] != "+" {
            return Err(malformed());
        }
        parts.push((chunk[1].clone(), chunk[2].clone()));
    }
    parts
        .into_iter()
        .map(|(game, position)| {
            let rules = ruleset(&game).map_err(explain)?;
            Ok(Component { rules, position })
        })
        .collect()
}

/// The library's message, with the option to use where a limit was hit.
fn explain(error: RuleError) -> String {
    match error {
        RuleError::Solve {
            source: SolveError::TooBig { .. },
            ..
        } => format!("{error} (--max-positions N)"),
        _ => error.to_string(),
    }
}

fn find_rules(name: &str) -> Result<&'static RuleInfo, String> {
    let base = |n: &str| n.split(':').next().unwrap_or(n).trim().to_string();
    catalogue()
        .iter()
        .find(|info| base(info.name) == base(name))
        .ok_or_else(|| format!("unknown game '{name}'; `conway rules` lists the games"))
}

/// The budget of a computation, with a progress line on a terminal and silence in a pipe.
fn budget(limits: &LimitArgs) -> Budget {
    let progress: Option<Box<dyn FnMut(u64)>> = std::io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::new_spinner()
            .with_style(
                ProgressStyle::with_template("{spinner} listed {human_pos} positions in {elapsed}")
                    .expect("the template is valid"),
            )
            .with_finish(ProgressFinish::AndClear);
        Box::new(move |searched: u64| bar.set_position(searched)) as Box<dyn FnMut(u64)>
    });
    Budget {
        limits: Limits {
            max_positions: limits.max_positions,
            ..Limits::default()
        },
        progress,
    }
}
