//! `conway`: analyse combinatorial games from the shell. A thin layer over the `conway`
//! library: parse the command, call the library, print the answer as text or JSON.

/// The search allocates a small vector for every option it lists; mimalloc serves such
/// allocations much faster than the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod play;
mod show;

use clap::{Args, Parser, Subcommand};
use conway::impartial::{Limits, Play, SolveError};
use conway::lang::{eval, Value};
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
    Solve(SolveArgs),
    /// Play a game against perfect play, typing moves on standard input.
    Play(PlayArgs),
    /// Every position reachable from a position, with its moves; P marks the kernel.
    Graph(GraphArgs),
    /// Nim values of one heap of each size 0..=N, and the period they show.
    Seq(SeqArgs),
    /// Evaluates nimber arithmetic: `*3 + *5`, `nimprod(8, 8)`, `niminv(4)`, `nimsqrt(5)`.
    Eval(EvalArgs),
    /// Lists the games, or documents one game's position notation.
    Rules(RulesArgs),
}

/// A game and a position in its notation.
#[derive(Args)]
struct GameArgs {
    /// The game, with parameters after a colon: `nim`, `subtraction:1,3,4`, ...
    game: String,
    /// The position, in the game's notation (`conway rules GAME` explains it).
    #[arg(allow_hyphen_values = true)]
    position: String,
    /// Misère play: the player who makes the last move loses.
    #[arg(long)]
    misere: bool,
}

impl GameArgs {
    fn play(&self) -> Play {
        if self.misere {
            Play::Misere
        } else {
            Play::Normal
        }
    }
}

#[derive(Args)]
struct Output {
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct LimitArgs {
    /// Give up after listing this many positions (each searched position and each of its
    /// options counts); about 130 bytes of memory each at worst.
    #[arg(long, default_value_t = Limits::default().max_positions)]
    max_positions: u64,
}

#[derive(Args)]
struct SolveArgs {
    #[command(flatten)]
    game: GameArgs,
    /// More components of a sum: `+ GAME POSITION`, as often as needed.
    #[arg(value_name = "+ GAME POSITION")]
    more: Vec<String>,
    #[command(flatten)]
    output: Output,
    #[command(flatten)]
    limits: LimitArgs,
}

#[derive(Args)]
struct PlayArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Let the engine move first.
    #[arg(long)]
    engine_first: bool,
    /// Mark your winning moves.
    #[arg(long)]
    hints: bool,
    #[command(flatten)]
    limits: LimitArgs,
}

#[derive(Args)]
struct GraphArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Print Graphviz DOT (P-positions drawn with a double circle).
    #[arg(long, conflicts_with = "json")]
    dot: bool,
    /// Give up past this many positions.
    #[arg(long, default_value_t = 10_000)]
    max_positions: usize,
    #[command(flatten)]
    output: Output,
}

#[derive(Args)]
struct SeqArgs {
    /// A one-heap game: `nim`, `subtraction:1,3,4`, `lasker`, ...
    game: String,
    /// The largest heap.
    #[arg(long)]
    to: u64,
    #[command(flatten)]
    output: Output,
    #[command(flatten)]
    limits: LimitArgs,
}

#[derive(Args)]
struct EvalArgs {
    #[arg(allow_hyphen_values = true)]
    expression: String,
    #[command(flatten)]
    output: Output,
}

#[derive(Args)]
struct RulesArgs {
    /// A game name, with or without parameters.
    name: Option<String>,
    #[command(flatten)]
    output: Output,
}

/// The longest sequence `seq` computes: beyond it the values alone would not fit in memory.
const MAX_SEQUENCE: u64 = 100_000_000;

fn main() -> ExitCode {
    let result = match Cli::parse().command {
        Command::Solve(args) => args.run(),
        Command::Play(args) => args.run(),
        Command::Graph(args) => args.run(),
        Command::Seq(args) => args.run(),
        Command::Eval(args) => args.run(),
        Command::Rules(args) => args.run(),
    };
    match result {
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

impl SolveArgs {
    fn run(self) -> Result<String, String> {
        let play = self.game.play();
        let report = if self.more.is_empty() {
            ruleset(&self.game.game)
                .and_then(|rules| rules.analyse(&self.game.position, play, budget(&self.limits)))
                .map_err(explain)?
        } else {
            let components = sum_components(&self.game, &self.more)?;
            analyse_sum(&components, play, &|| budget(&self.limits)).map_err(explain)?
        };
        Ok(if self.output.json {
            json!(report).to_string()
        } else {
            show::report(&report)
        })
    }
}

/// The components of `GAME POSITION + GAME POSITION ...`.
fn sum_components(first: &GameArgs, more: &[String]) -> Result<Vec<Component>, String> {
    let malformed = || "write a sum as `GAME POSITION + GAME POSITION ...`".to_string();
    if !more.len().is_multiple_of(3) || more.chunks(3).any(|chunk| chunk[0] != "+") {
        return Err(malformed());
    }
    std::iter::once((&first.game, &first.position))
        .chain(more.chunks(3).map(|chunk| (&chunk[1], &chunk[2])))
        .map(|(game, position)| {
            let rules = ruleset(game).map_err(explain)?;
            Ok(Component {
                rules,
                position: position.clone(),
            })
        })
        .collect()
}

impl PlayArgs {
    fn run(self) -> Result<String, String> {
        let rules = ruleset(&self.game.game).map_err(explain)?;
        let game = play::Game {
            rules: rules.as_ref(),
            start: self.game.position.clone(),
            play: self.game.play(),
            first: if self.engine_first {
                play::First::Engine
            } else {
                play::First::You
            },
            hints: self.hints,
            budget: &|| budget(&self.limits),
        };
        game.run(&mut std::io::stdin().lock(), &mut std::io::stdout().lock())?;
        Ok(String::new())
    }
}

impl GraphArgs {
    fn run(self) -> Result<String, String> {
        let graph = ruleset(&self.game.game)
            .and_then(|rules| {
                rules.graph(&self.game.position, self.game.play(), self.max_positions)
            })
            .map_err(explain)?;
        Ok(if self.output.json {
            json!(graph).to_string()
        } else if self.dot {
            show::dot(&graph)
        } else {
            show::graph(&graph)
        })
    }
}

impl SeqArgs {
    fn run(self) -> Result<String, String> {
        if self.to > MAX_SEQUENCE {
            return Err(format!(
                "--to {} is too large (the limit is {MAX_SEQUENCE})",
                self.to
            ));
        }
        let rules = ruleset(&self.game).map_err(explain)?;
        let sequence = rules
            .sequence(self.to, budget(&self.limits))
            .map_err(explain)?;
        Ok(if self.output.json {
            json!({
                "game": rules.name(),
                "values": sequence.values,
                "preperiod": sequence.period.map(|p| p.preperiod),
                "period": sequence.period.map(|p| p.period),
                "proved": sequence.proved,
            })
            .to_string()
        } else {
            show::sequence(&rules.name(), self.to, &sequence)
        })
    }
}

impl EvalArgs {
    fn run(self) -> Result<String, String> {
        let value = eval(&self.expression).map_err(|e| e.to_string())?;
        Ok(if self.output.json {
            // The value as printed: a nimber can pass 2^64, which a JSON number would not hold.
            let value = match value {
                Value::Bool(b) => json!(b),
                other => json!(other.to_string()),
            };
            json!({ "expression": self.expression, "value": value }).to_string()
        } else {
            value.to_string()
        })
    }
}

impl RulesArgs {
    fn run(self) -> Result<String, String> {
        match (&self.name, self.output.json) {
            (None, true) => Ok(json!(catalogue()).to_string()),
            (None, false) => Ok(show::catalogue(catalogue())),
            (Some(name), json) => {
                let info = find_rules(name)?;
                Ok(if json {
                    json!(info).to_string()
                } else {
                    show::rule(info)
                })
            }
        }
    }
}

fn find_rules(name: &str) -> Result<&'static RuleInfo, String> {
    let base = |n: &str| n.split(':').next().unwrap_or(n).trim().to_string();
    catalogue()
        .iter()
        .find(|info| base(info.name) == base(name))
        .ok_or_else(|| format!("unknown game '{name}'; `conway rules` lists the games"))
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

/// The budget of a computation, with a progress line on a terminal and silence in a pipe.
fn budget(limits: &LimitArgs) -> Budget {
    let progress: Option<Box<dyn FnMut(u64)>> = std::io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::new_spinner()
            .with_style(
                ProgressStyle::with_template("{spinner} listed {human_pos} positions in {elapsed}")
                    .expect("the template is valid"),
            )
            .with_finish(ProgressFinish::AndClear);
        Box::new(move |listed: u64| bar.set_position(listed)) as Box<dyn FnMut(u64)>
    });
    Budget {
        limits: Limits {
            max_positions: limits.max_positions,
            ..Limits::default()
        },
        progress,
    }
}
