//! `conway`: analyse combinatorial games from the shell. A thin layer over the `conway`
//! library: parse the command, call the library, print the answer as text or JSON.

/// The search allocates a small vector for every option it lists; mimalloc serves such
/// allocations much faster than the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod allocator;
mod misere;
mod moves;
mod outcomes;
mod play;
mod repl;
mod serve;
mod show;
mod solve;
mod thermo;

use clap::{Args, Parser, Subcommand};
use conway::analysis::{Budget, Position, Request, RuleError, MAX_SHOWN_VALUE};
use conway::engine::Meter;
use conway::engine::{Limit, Limits, Play, SearchError};
use conway::games::{catalogue, ruleset};
use conway::graph::{
    Compound, CompoundAnalysis, CompoundError, Graph, GraphReport, GraphText, Method,
    PartizanGraph, PartizanLabels, PartizanReport, ReadError, SumReport,
};
use conway::heap::sequence_work_limit;
use conway::lang::{Env, LangError, Report};
use conway::partizan::Player;
use indicatif::{ProgressBar, ProgressFinish, ProgressStyle};
use serde::Serialize;
use std::io::{self, IsTerminal, Write};
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
    /// Outcome, value and the winning moves of a position.
    ///
    /// A sum of positions of different games is written `GAME POSITION + GAME POSITION ...`.
    Solve(SolveArgs),
    /// Every move of one player, with the value and outcome it leads to and the move perfect
    /// play makes.
    Moves(MovesArgs),
    /// Play a game against perfect play, typing moves on standard input.
    Play(PlayArgs),
    /// Every position reachable from a position, with its moves; P marks the kernel.
    Graph(GraphArgs),
    /// Nim values of one heap of each size 0..=N, and the period they show.
    Seq(SeqArgs),
    /// The misère quotient of a heap game (Plambeck and Siegel): the commutative monoid of
    /// the positions made of heaps up to N under misère play, proved, with its generators and
    /// relations, its P-portion, the element of each heap, and its order as each heap size
    /// joins. `solve --misere` answers rows of heaps from it.
    Misere(MisereArgs),
    /// Outcome classes (P, N, L, R) of one pile of each size 0..=N of a partizan pile game,
    /// and their period.
    Outcomes(OutcomesArgs),
    /// The thermograph of a short game: its walls, mean and temperature, and with `--svg`
    /// its picture.
    ///
    /// The walls are listed as `(temperature, value)` breakpoints from temperature −1 up; above
    /// the last one both walls are the mast, at the mean.
    Thermograph(ThermographArgs),
    /// Evaluates an expression on short games and prints its canonical form: `{2 || 1 | 0}`,
    /// `^* + 1/2`, `{^ | v} == *`, `Tiny(2)`, `nimprod(8, 8)`.
    Eval(EvalArgs),
    /// Computes an ordinal below ε₀ and prints its Cantor normal form: `(w + 1)^2` is
    /// `w^2 + w + 1`.
    ///
    /// `+`, `*` and `^` are the ordinal operations, which do not commute (`1 + w` is `w`,
    /// `2*w` is `w`, `2^w` is `w`); `w`, `ω` and `omega` are ω; `natsum(a, b, ...)` and
    /// `natprod(a, b, ...)` are the natural (Hessenberg) sum and product, and
    /// `nimsum(a, b, ...)` the nim-sum (the Sprague–Grundy value of Nim heaps of those sizes).
    /// Below ω^(ω^ω), the algebraic closure of 2, the nim field's operations are
    /// `nimprod(a, b, ...)`, `nimpow(a, n)`, `niminv(a)` and `nimsqrt(a)`: `nimpow(w, 3)` is 2.
    Ordinal(OrdinalArgs),
    /// Computes Conway's `α_p` for the odd primes up to `--to`, by Lenstra's method:
    /// `α_p = κ_p^p` is `κ_f(p) + m_p`, the first ordinal from `κ_f(p)` on that is not a
    /// `p`-th power, with `f(p)` the order of 2 modulo `p` and `m_p` the excess.
    ///
    /// Each prime is printed as it is found: `p`, `f(p)`, `κ_f(p)`, `α_p`, `m_p`, `e_p` (the
    /// degree of `α_p`: the field it spans has `2^e_p` elements) and the seconds it took.
    /// These `α_p` are what `nimprod`, `niminv` and the other nim-field functions of
    /// `conway ordinal` use below ω^(ω^ω).
    Excess(ExcessArgs),
    /// An interactive session of the expression language, with `let` bindings.
    Repl(ReplArgs),
    /// Lists the games, or documents one game's position notation.
    Rules(RulesArgs),
    /// Serves a worksheet for the browser and the analyses over HTTP on 127.0.0.1: open the
    /// address it prints. The API answers with the JSON of `--json` (see the README).
    Serve(ServeArgs),
}

impl Command {
    /// Whether the output asked for is JSON, so an error is given as JSON too.
    fn wants_json(&self) -> bool {
        let output = match self {
            Command::Solve(args) => &args.output,
            Command::Moves(args) => &args.output,
            Command::Graph(args) => &args.output,
            Command::Seq(args) => &args.output,
            Command::Misere(args) => &args.output,
            Command::Outcomes(args) => &args.output,
            Command::Thermograph(args) => &args.output,
            Command::Eval(args) => &args.output,
            Command::Ordinal(args) => &args.output,
            Command::Excess(args) => &args.output,
            Command::Rules(args) => &args.output,
            Command::Play(_) | Command::Repl(_) | Command::Serve(_) => return false,
        };
        output.json
    }
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
        play_of(self.misere)
    }
}

/// The play convention `--misere` asks for.
fn play_of(misere: bool) -> Play {
    if misere {
        Play::Misere
    } else {
        Play::Normal
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
    /// Give up after this much work: each position a search lists counts once, and once more
    /// per 256 bytes it holds; the store of short games counts once per 8 steps (a comparison,
    /// a sum, an option of a form to simplify). Default 10000000, or more where the work was
    /// asked for: for `seq`, 64 for each heap; for `misere --heaps N`, 10000·N².
    #[arg(long, value_name = "N")]
    max_positions: Option<u64>,
    /// Give up rather than hold more memory than this in tables, search stack and the store
    /// of games: bytes, or a number with K, M or G (binary units), e.g. `512M`.
    #[arg(long, default_value = "2G", value_parser = parse_memory)]
    max_memory: u64,
}

/// Reads a memory size such as `2G`, `512M` or `1048576`.
fn parse_side(text: &str) -> Result<Player, String> {
    match text.to_ascii_lowercase().as_str() {
        "left" | "l" => Ok(Player::Left),
        "right" | "r" => Ok(Player::Right),
        _ => Err(format!("'{text}' is not a side: write left or right")),
    }
}

fn parse_memory(text: &str) -> Result<u64, String> {
    let text = text.trim();
    let (digits, shift) = match text.char_indices().last() {
        Some((i, 'K' | 'k')) => (&text[..i], 10),
        Some((i, 'M' | 'm')) => (&text[..i], 20),
        Some((i, 'G' | 'g')) => (&text[..i], 30),
        Some((i, 'T' | 't')) => (&text[..i], 40),
        _ => (text, 0),
    };
    let number: u64 = digits
        .parse()
        .map_err(|_| format!("'{text}' is not a size such as 512M or 2G"))?;
    number
        .checked_mul(1 << shift)
        .ok_or_else(|| format!("'{text}' is more than 2^64 bytes"))
}

impl LimitArgs {
    fn limits(&self) -> Limits {
        self.limits_or(Limits::default().max_positions)
    }

    /// The limits, with `work` as the work limit unless the user gave one.
    fn limits_or(&self, work: u64) -> Limits {
        Limits {
            max_positions: self.max_positions.unwrap_or(work),
            max_memory: self.max_memory,
        }
    }

    /// The budget of one computation, with a progress line on a terminal and silence in a
    /// pipe.
    fn budget(&self) -> Budget {
        self.budget_with(self.limits())
    }

    fn budget_with(&self, limits: Limits) -> Budget {
        Budget {
            limits,
            progress: progress_bar(),
            interrupt: None,
        }
    }
}

fn progress_bar() -> Option<conway::engine::Progress> {
    std::io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::new_spinner()
            .with_style(
                ProgressStyle::with_template("{spinner} listed {human_pos} positions in {elapsed}")
                    .expect("the template is valid"),
            )
            .with_finish(ProgressFinish::AndClear);
        Box::new(move |listed: u64| bar.set_position(listed)) as conway::engine::Progress
    })
}

/// How many winning moves are listed unless `--moves` or `--all-moves` says otherwise.
const MOVES_LISTED: usize = 20;

#[derive(Args)]
struct MoveArgs {
    /// List at most this many winning moves (the total is always given).
    #[arg(long, default_value_t = MOVES_LISTED, conflicts_with = "all_moves")]
    moves: usize,
    /// List every winning move.
    #[arg(long)]
    all_moves: bool,
}

impl MoveArgs {
    fn keep(&self) -> usize {
        if self.all_moves {
            usize::MAX
        } else {
            self.moves
        }
    }
}

#[derive(Args)]
struct SolveArgs {
    #[command(flatten)]
    game: GameArgs,
    /// More components of a sum: `+ GAME POSITION`, as often as needed.
    #[arg(value_name = "+ GAME POSITION", allow_negative_numbers = true)]
    more: Vec<String>,
    #[command(flatten)]
    moves: MoveArgs,
    /// Only who wins and the winning moves, not the value: a partizan position alone is
    /// searched for its outcome, which reaches far larger positions (Domineering on 8×8).
    #[arg(long)]
    outcome_only: bool,
    #[command(flatten)]
    output: Output,
    #[command(flatten)]
    limits: LimitArgs,
}

#[derive(Args)]
struct MovesArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Whose moves, in a partizan game: Left (the default) or Right.
    #[arg(long = "as", value_name = "SIDE", value_parser = parse_side)]
    side: Option<Player>,
    /// The first move listed, counting from 1 in the order of every move.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true,
          value_parser = clap::value_parser!(u64).range(1..))]
    from: u64,
    /// List at most this many moves (the total is always given).
    #[arg(long, default_value_t = 100, allow_negative_numbers = true,
          value_parser = clap::value_parser!(u64).range(1..))]
    count: u64,
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
    /// Your side in a partizan game: Left (the default) or Right; the engine plays the other.
    #[arg(long = "as", value_name = "SIDE", value_parser = parse_side)]
    side: Option<Player>,
    #[command(flatten)]
    limits: LimitArgs,
}

#[derive(Args)]
struct GraphArgs {
    /// The game, with parameters after a colon (`nim`, `poker-nim`, ...); or, alone, a file
    /// holding a graph: one line per vertex, `from -> to1 to2 ...`, `#` for comments, and for
    /// a partizan graph Left's moves, `|`, Right's moves (`x -> a b | c`).
    game: String,
    /// The position, in the game's notation (`conway rules GAME` explains it); none for a
    /// file.
    #[arg(allow_hyphen_values = true)]
    position: Option<String>,
    /// Misère play: the player who makes the last move loses.
    #[arg(long)]
    misere: bool,
    /// With a file: the sum of tokens on these vertices (names separated by commas, repeats
    /// allowed), its outcome and its best moves, by the generalised Sprague–Grundy values.
    #[arg(long, value_name = "A,B,...", value_delimiter = ',', num_args = 1)]
    sum: Option<Vec<String>>,
    /// With --sum: how the tokens are played together instead of a sum (one token moves):
    /// `conjunctive` (all move; play ends when one cannot), `continued` (all that can move do),
    /// `selective` (any non-empty set moves), `shortened-selective` (any set; play ends when
    /// one cannot), or `d-product:1,3` (Arakelyan's D-product over the filter of sets of
    /// tokens holding tokens 1 and 3: those move, and any others).
    #[arg(long, value_name = "KIND", requires = "sum", value_parser = clap::builder::ValueParser::new(str::parse::<Compound>))]
    compound: Option<Compound>,
    /// Print Graphviz DOT (P-positions drawn with a double circle, draws dashed).
    #[arg(long, conflicts_with_all = ["json", "sum"])]
    dot: bool,
    #[command(flatten)]
    output: Output,
    #[command(flatten)]
    limits: LimitArgs,
}

#[derive(Args)]
struct OutcomesArgs {
    /// A game of partizan piles: `partizan-subtraction:1,3/2,4`, ...
    game: String,
    /// The largest pile.
    #[arg(long)]
    to: u64,
    /// Misère play: the player who cannot move wins.
    #[arg(long)]
    misere: bool,
    #[command(flatten)]
    output: Output,
    #[command(flatten)]
    limits: LimitArgs,
}

#[derive(Args)]
struct SeqArgs {
    /// A one-heap game: `nim`, `subtraction:1,3,4`, `lasker`, ...
    game: String,
    /// The largest heap.
    #[arg(long)]
    to: u64,
    /// Write the values to this file, one per line (heap 0 first), rather than with the
    /// answer; a sequence of more than 100,000 values is only written this way.
    #[arg(long, value_name = "FILE")]
    out: Option<std::path::PathBuf>,
    #[command(flatten)]
    output: Output,
    #[command(flatten)]
    limits: LimitArgs,
}

#[derive(Args)]
struct MisereArgs {
    /// A heap game: `kayles`, `dawson`, `octal:0.75`, `subtraction:1,2`, ...
    game: String,
    /// The largest heap (at most 1024).
    #[arg(long, value_parser = clap::value_parser!(u64).range(0..=conway::heap::MAX_QUOTIENT_HEAP))]
    heaps: u64,
    /// Also Conway's misère genus of each heap, by the definition (a search of each heap
    /// beside heaps *2: for small heaps).
    #[arg(long)]
    genus: bool,
    #[command(flatten)]
    output: Output,
    #[command(flatten)]
    limits: LimitArgs,
}

#[derive(Args)]
struct EvalArgs {
    /// The expression, in CGSuite's notation (`conway repl` then `:help` lists it).
    #[arg(allow_hyphen_values = true)]
    expression: String,
    #[command(flatten)]
    output: Output,
    #[command(flatten)]
    limits: LimitArgs,
}

#[derive(Args)]
struct ExcessArgs {
    /// The largest prime to compute.
    #[arg(long, default_value_t = 50)]
    to: u64,
    /// The most finite coefficients of an element of the fields the computation may build
    /// (the field for p = 167 needs 17,015; memory grows in proportion, time as its square).
    #[arg(long, default_value_t = 1 << 17)]
    max_dimension: usize,
    #[command(flatten)]
    output: Output,
}

#[derive(Args)]
struct OrdinalArgs {
    /// The ordinal expression: `w^2*3 + w + 5`, `(w + 1)^w`, `nimsum(w + 3, w*2 + 5)`,
    /// `nimprod(w, w + 1)`.
    #[arg(allow_hyphen_values = true)]
    expression: String,
    #[command(flatten)]
    output: Output,
}

#[derive(Args)]
struct ReplArgs {
    #[command(flatten)]
    limits: LimitArgs,
}

impl LimitArgs {
    /// A session whose store of games keeps to the limits.
    fn env(&self) -> Env {
        Env::with_store(conway::short::Store::with_limits(self.limits()))
    }
}

#[derive(Args)]
struct ThermographArgs {
    /// A short game in the expression language: `{2 | -1/2}`, `+-1 + *`, `{0 || 0 | -2}`, ...
    #[arg(allow_hyphen_values = true)]
    expression: String,
    /// Also draw the thermograph as an SVG picture in this file.
    #[arg(long, value_name = "FILE")]
    svg: Option<std::path::PathBuf>,
    #[command(flatten)]
    output: Output,
    #[command(flatten)]
    limits: LimitArgs,
}

#[derive(Args)]
struct ServeArgs {
    /// The port to listen on, on 127.0.0.1; 0 takes a free one. The address is printed.
    #[arg(long, default_value_t = 0)]
    port: u16,
    /// The longest one computation may run, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0, value_parser = parse_seconds)]
    max_seconds: f64,
    /// The limits of each computation; at most two run at once.
    #[command(flatten)]
    limits: LimitArgs,
}

/// Reads a positive number of seconds that a timer can count.
fn parse_seconds(text: &str) -> Result<f64, String> {
    let seconds: f64 = text
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds"))?;
    if seconds > 0.0 && std::time::Duration::try_from_secs_f64(seconds).is_ok() {
        Ok(seconds)
    } else {
        Err(format!("'{text}': give a positive number of seconds"))
    }
}

impl ServeArgs {
    fn run(self, out: &mut dyn Write) -> Result<(), Failure> {
        let settings = serve::Settings {
            limits: self.limits.limits(),
            work: self.limits.max_positions,
            max_time: std::time::Duration::from_secs_f64(self.max_seconds),
        };
        serve::run(self.port, &settings, out)
    }
}

#[derive(Args)]
struct RulesArgs {
    /// A game name, with or without parameters.
    name: Option<String>,
    #[command(flatten)]
    output: Output,
}

/// The most values `seq` prints with its answer; longer sequences go to a file (`--out`).
const MAX_SHOWN_VALUES: u64 = 100_000;

/// Why a command stopped: a message for the user, or an output that can no longer be
/// written.
enum Failure {
    Message(String),
    /// A message with the column of the input it points at (from 1) and the limit that
    /// stopped the computation, where there are such: `--json` reports both.
    Located {
        message: String,
        column: Option<usize>,
        limit: Option<Limit>,
    },
    Output(io::Error),
}

impl Failure {
    fn lang(error: &LangError) -> Self {
        Failure::Located {
            message: explain_lang(error),
            column: error.column(),
            limit: error.limit_hint(),
        }
    }

    fn search(error: &SearchError) -> Self {
        Failure::Located {
            message: explain_search(error),
            column: None,
            limit: error.limit_hint(),
        }
    }

    /// A game's error, told by `explain`, with its column and limit.
    fn rule(error: RuleError, explain: impl FnOnce(RuleError) -> String) -> Self {
        Failure::Located {
            column: error.column(),
            limit: error.limit_hint(),
            message: explain(error),
        }
    }

    /// A computation over heaps up to a size, `what`, that `option` asked for.
    fn heaps(error: RuleError, what: &str, option: &str) -> Self {
        Failure::rule(error, |error| explain_heaps(error, what, option))
    }

    /// A graph's text that could not be read.
    fn graph(file: &str, error: ReadError) -> Self {
        let limit = match &error {
            ReadError::Limit(error) => error.limit_hint(),
            _ => None,
        };
        Failure::Located {
            message: read_error(file, error),
            column: None,
            limit,
        }
    }

    fn sequence(error: RuleError, to: u64) -> Self {
        Failure::rule(error, |error| explain_sequence(error, to))
    }

    /// The error as `--json` prints it, one object on standard output, in the shape the
    /// server's API answers with.
    fn body(&self) -> Option<ErrorBody<'_>> {
        match self {
            Failure::Message(message) => Some(ErrorBody {
                error: message,
                column: None,
                limit: None,
            }),
            Failure::Located {
                message,
                column,
                limit,
            } => Some(ErrorBody {
                error: message,
                column: *column,
                limit: limit_name(*limit),
            }),
            Failure::Output(_) => None,
        }
    }
}

/// An error as `--json` and the server's API give it: `{"error": message, "column": n |
/// null, "limit": "max_positions" | "max_memory" | "max_seconds" | null}`.
#[derive(Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
    column: Option<usize>,
    limit: Option<&'static str>,
}

/// The option that raises `limit`, as the JSON of an error names it.
fn limit_name(limit: Option<Limit>) -> Option<&'static str> {
    limit.map(|limit| match limit {
        Limit::Work => "max_positions",
        Limit::Memory => "max_memory",
    })
}

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Failure::Message(message)
    }
}

impl From<io::Error> for Failure {
    fn from(error: io::Error) -> Self {
        Failure::Output(error)
    }
}

impl From<RuleError> for Failure {
    fn from(error: RuleError) -> Self {
        Failure::rule(error, explain)
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return refuse_command_line(&error),
    };
    let status = run(cli);
    report_peak_memory();
    status
}

/// A command line clap refuses: its message (help and version are no error), and with
/// `--json` anywhere on the line the same as an error object on standard output.
fn refuse_command_line(error: &clap::Error) -> ExitCode {
    let is_error = error.use_stderr();
    if is_error && std::env::args_os().any(|arg| arg == "--json") {
        let message = error.kind().to_string();
        let detail = error.render().to_string();
        let first = detail.lines().next().unwrap_or(&message);
        let body = ErrorBody {
            error: first.strip_prefix("error: ").unwrap_or(first),
            column: None,
            limit: None,
        };
        let _ = write_json(&mut io::stdout().lock(), &body);
    }
    let _ = error.print();
    ExitCode::from(error.exit_code() as u8)
}

/// Where the environment names a file in `CONWAY_PEAK_FILE`, writes there the most memory the
/// process held (its peak resident set, in bytes) as it ends. The tests of `--max-memory` read
/// it: the kernel's own count for a child (`getrusage`) starts from the memory of the process
/// that started it, so it cannot tell a small child of a large test harness from a large one.
fn report_peak_memory() {
    let Some(path) = std::env::var_os("CONWAY_PEAK_FILE") else {
        return;
    };
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kib = status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|rest| {
            rest.trim()
                .trim_end_matches("kB")
                .trim()
                .parse::<u64>()
                .ok()
        });
    if let Some(kib) = kib {
        // The report is for tests; a file that cannot be written shows there as missing.
        let _ = std::fs::write(path, (kib * 1024).to_string());
    }
}

fn run(cli: Cli) -> ExitCode {
    allocator::give_memory_back_at_once();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let json = cli.command.wants_json();
    let result = match cli.command {
        Command::Solve(args) => args.run(&mut out),
        Command::Moves(args) => args.run(&mut out),
        Command::Play(args) => args.run(&mut out),
        Command::Graph(args) => args.run(&mut out),
        Command::Seq(args) => args.run(&mut out),
        Command::Misere(args) => args.run(&mut out),
        Command::Outcomes(args) => args.run(&mut out),
        Command::Thermograph(args) => args.run(&mut out),
        Command::Eval(args) => args.run(&mut out),
        Command::Ordinal(args) => args.run(&mut out),
        Command::Excess(args) => args.run(&mut out),
        Command::Repl(args) => args.run(&mut out),
        Command::Rules(args) => args.run(&mut out),
        Command::Serve(args) => args.run(&mut out),
    };
    match result.and_then(|()| out.flush().map_err(Failure::Output)) {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that has seen enough (`conway ... | head`) is no error.
        Err(Failure::Output(error)) if error.kind() == io::ErrorKind::BrokenPipe => {
            ExitCode::SUCCESS
        }
        Err(Failure::Output(error)) => {
            // Standard error may be closed too: nothing more can be said then.
            let _ = writeln!(io::stderr(), "error: cannot write the output: {error}");
            ExitCode::FAILURE
        }
        Err(failure) => {
            if let Some(body) = failure.body() {
                if json {
                    // The reader of `--json` gets the error as JSON too; a closed pipe then
                    // leaves only standard error to say it.
                    let _ = write_json(&mut out, &body).and_then(|()| Ok(out.flush()?));
                }
                let _ = writeln!(io::stderr(), "error: {}", body.error);
            }
            ExitCode::FAILURE
        }
    }
}

/// Writes `value` as one line of JSON.
fn write_json(out: &mut dyn Write, value: &impl Serialize) -> Result<(), Failure> {
    serde_json::to_writer(&mut *out, value).map_err(|e| Failure::Output(e.into()))?;
    writeln!(out)?;
    Ok(())
}

impl SolveArgs {
    fn run(self, out: &mut dyn Write) -> Result<(), Failure> {
        let play = self.game.play();
        let mut words = vec![self.game.game.as_str(), self.game.position.as_str()];
        words.extend(self.more.iter().map(String::as_str));
        let sum = conway::games::parse_sum(&words, play)?;
        let budget = || self.limits.budget();
        let mut request = Request::new(play, &budget).keep(self.moves.keep());
        if self.outcome_only {
            request = request.outcome_only();
        }
        solve::write(out, self.output.json, &sum, |each| {
            sum.analyse_each(&request, each)
        })
    }
}

impl MovesArgs {
    fn run(self, out: &mut dyn Write) -> Result<(), Failure> {
        let rules = ruleset(&self.game.game)?;
        let play = rules.play(self.game.play());
        let position = rules.parse_under(&self.game.position, play)?;
        let from = usize::try_from(self.from - 1).unwrap_or(usize::MAX);
        let count = usize::try_from(self.count).unwrap_or(usize::MAX);
        let page = from..from.saturating_add(count);
        let budget = || self.limits.budget();
        let side = chosen_side(self.side, &position)?;
        let report = moves::report(&position, side, play, page, &budget)?;
        if report.past_the_end() {
            return Err(Failure::Message(format!(
                "{} {}: --from is {}, but {} (--from counts from 1)",
                report.game,
                report.position,
                self.from,
                match report.total {
                    1 => "there is 1 move".to_string(),
                    total => format!("there are {total} moves"),
                }
            )));
        }
        moves::write(out, self.output.json, &report)
    }
}

impl PlayArgs {
    fn run(self, out: &mut dyn Write) -> Result<(), Failure> {
        let rules = ruleset(&self.game.game)?;
        let start = rules.parse_under(&self.game.position, self.game.play())?;
        let side = chosen_side(self.side, &start)?;
        let game = play::Game {
            start,
            play: rules.play(self.game.play()),
            first: if self.engine_first {
                play::First::Engine
            } else {
                play::First::You
            },
            hints: self.hints,
            side,
            budget: &|| self.limits.budget(),
        };
        game.run(&mut io::stdin().lock(), out)
    }
}

/// The side `--as` chose, Left where it said none. Refused in an impartial game, whose
/// players have the same moves, rather than ignored.
fn chosen_side(side: Option<Player>, position: &Position) -> Result<Player, Failure> {
    match side {
        Some(_) if position.kind().is_impartial() => Err(Failure::Message(format!(
            "--as chooses Left or Right in a partizan game, but {} is analysed as an impartial game: the player to move is the one whose turn it is; where a position says whose turn it is (`B:` in Hex), write it there, and `conway play --engine-first` lets the engine move first",
            position.game()
        ))),
        side => Ok(side.unwrap_or(Player::Left)),
    }
}

impl GraphArgs {
    fn play(&self) -> Play {
        play_of(self.misere)
    }

    fn run(self, out: &mut dyn Write) -> Result<(), Failure> {
        let Some(position) = &self.position else {
            return self.run_file(out);
        };
        if self.sum.is_some() {
            return Err(Failure::Message(
                "--sum takes the vertices of a graph file (`conway graph FILE --sum a,b`); for a sum of positions of games use `conway solve GAME POSITION + GAME POSITION`".into(),
            ));
        }
        let rules = ruleset(&self.game)?;
        let position = rules.parse_under(position, self.play())?;
        let report = position.graph(self.play(), self.limits.budget())?;
        self.write(out, &report)
    }

    fn write(&self, out: &mut dyn Write, report: &GraphReport) -> Result<(), Failure> {
        if self.output.json {
            write_json(out, report)
        } else if self.dot {
            show::dot(out, report)
        } else {
            show::graph(out, report)
        }
    }

    /// `conway graph FILE`: the graph a file draws.
    fn run_file(&self, out: &mut dyn Write) -> Result<(), Failure> {
        // The file's text, the graph and its analysis all count against one memory limit.
        let mut meter = Meter::new(self.limits.limits());
        let file = read_graph_file(&self.game, self.limits.max_memory)?;
        let Some(names) = &self.sum else {
            let drawn = DrawnGraph::read(Some(&self.game), &file, self.play(), &mut meter)
                .map_err(|e| Failure::graph(&self.game, e))?;
            return match drawn {
                DrawnGraph::Impartial(report) => self.write(out, &report),
                DrawnGraph::Partizan(..) if self.dot => Err(Failure::Message(format!(
                    "{}: --dot takes an impartial graph, and this one is partizan (it has `|`)",
                    self.game
                ))),
                drawn if self.output.json => drawn.write_json(out, &self.game, self.play()),
                DrawnGraph::Partizan(graph, labels, values) => show::partizan_graph(
                    out,
                    &self.game,
                    self.play(),
                    (&graph, &labels),
                    values.as_deref(),
                ),
            };
        };
        let text =
            GraphText::parse(&file, &mut meter).map_err(|e| Failure::graph(&self.game, e))?;
        if text.right_moves.is_some() {
            return Err(Failure::Message(format!(
                "{}: --sum takes an impartial graph, and this one is partizan (it has `|`)",
                self.game
            )));
        }
        let tokens = tokens(&text, names, &self.game)?;
        let graph = text
            .into_graph(&mut meter)
            .map_err(|e| Failure::graph(&self.game, e))?;
        if let Some(compound) = &self.compound {
            return self.run_compound(out, compound, &graph, tokens, &mut meter);
        }
        if self.misere {
            return Err(Failure::Message(
                "--sum analyses normal play: under misère play a sum is not found from its parts' values; draw the sum's own graph instead".into(),
            ));
        }
        let sum = SumReport::new(&graph, tokens, &mut meter)
            .map_err(|e| Failure::graph(&self.game, e.into()))?;
        match self.output.json {
            true => write_json(out, &sum),
            false => show::sum(out, &self.game, &sum),
        }
    }

    /// `--sum a,b --compound KIND`: the tokens played together as `compound` says, within
    /// the limits of `meter`, which holds the graph already.
    fn run_compound(
        &self,
        out: &mut dyn Write,
        compound: &Compound,
        graph: &Graph<String>,
        tokens: Vec<u32>,
        meter: &mut Meter,
    ) -> Result<(), Failure> {
        if self.misere {
            return Err(Failure::Message(
                "--compound analyses normal play only: misère compounds are not supported; write the compound's own graph to a file and analyse that with --misere".into(),
            ));
        }
        let components = vec![graph; tokens.len()];
        let analysis = conway::graph::analyse(compound, &components, &tokens, meter)
            .map_err(|e| self.explain_compound(e, compound, tokens.len()))?;
        let report = CompoundReport::new(graph, compound, &tokens, &analysis);
        match self.output.json {
            true => write_json(out, &report),
            false => show::compound(out, &self.game, &report),
        }
    }

    /// A compound's error as the command line counts: tokens from 1, and the options that
    /// raise a limit.
    fn explain_compound(&self, error: CompoundError, compound: &Compound, tokens: usize) -> String {
        let file = &self.game;
        let kind = compound.to_string();
        if let CompoundError::BadCore { core, .. } = &error {
            if let Some(i) = core.iter().find(|&&i| i >= tokens) {
                return format!(
                    "{file}: the core of {kind} names token {}, but --sum places {tokens} tokens (tokens count from 1)",
                    i + 1
                );
            }
        }
        match error {
            CompoundError::TooLarge { .. } => format!(
                "{file}: {tokens} tokens played as {kind}: {error}; use fewer tokens or a smaller graph"
            ),
            CompoundError::Search(error) => format!("{file}: {}", explain_search(&error)),
            other => format!("{file}: {other}"),
        }
    }
}

/// Why a graph file (or a graph's text, named `file`) could not be read or analysed, and
/// past the memory limit the option that raises it.
fn read_error(file: &str, error: ReadError) -> String {
    match error {
        ReadError::Limit(SearchError::OutOfMemory { limit }) => format!(
            "{file}: the graph needs more than {} of memory; give a smaller graph or raise the limit (--max-memory SIZE)",
            conway::engine::show_bytes(limit)
        ),
        ReadError::Limit(error) => format!("{file}: {}", explain_search(&error)),
        other => format!("{file}: {other}"),
    }
}

/// The graph a text draws, analysed: impartial, or partizan where it has `|` (with each
/// vertex's loopy value as text under normal play).
enum DrawnGraph {
    Impartial(GraphReport),
    Partizan(
        PartizanGraph<String>,
        PartizanLabels,
        Option<Vec<Option<String>>>,
    ),
}

/// The most vertices of a partizan graph whose loopy values `conway graph` finds: each value
/// takes a search over pairs of vertices.
const MAX_VALUED_VERTICES: usize = 100;

/// The longest text of a vertex's value that `conway graph` writes.
const MAX_VALUE_TEXT: usize = 1 << 16;

/// The loopy value of every vertex of a partizan graph, as text: `None` where conway found no
/// sides, or the text is longer than [`MAX_VALUE_TEXT`].
fn loopy_values(
    graph: &PartizanGraph<String>,
    meter: &mut Meter,
) -> Result<Vec<Option<String>>, ReadError> {
    let lists = |left: bool| -> Vec<Vec<u32>> {
        (0..graph.len() as u32)
            .map(|v| {
                let options = if left {
                    graph.left_options(v)
                } else {
                    graph.right_options(v)
                };
                options.to_vec()
            })
            .collect()
    };
    let values = conway::loopy::values(lists(true), lists(false), meter).map_err(|e| match e {
        conway::loopy::LoopyError::Search(e) => ReadError::Limit(e),
        other => unreachable!("a graph's own moves name its vertices: {other}"),
    })?;
    Ok(values
        .iter()
        .map(|value| value.as_ref().and_then(|v| v.show_within(MAX_VALUE_TEXT)))
        .collect())
}

impl DrawnGraph {
    /// Reads `text` (the file `file`, where it is one) and labels its vertices under `play`,
    /// within the limits of `meter`.
    fn read(
        file: Option<&str>,
        text: &str,
        play: Play,
        meter: &mut Meter,
    ) -> Result<DrawnGraph, ReadError> {
        let text = GraphText::parse(text, meter)?;
        if text.right_moves.is_some() {
            let graph = text.into_partizan_graph(meter)?;
            let labels = graph.solve(play);
            let values = match play {
                Play::Normal if graph.len() <= MAX_VALUED_VERTICES => {
                    Some(loopy_values(&graph, meter)?)
                }
                _ => None,
            };
            return Ok(DrawnGraph::Partizan(graph, labels, values));
        }
        let graph = text.into_graph(meter)?;
        let max_positions = meter.limits().max_positions;
        let report = GraphReport::new(
            None,
            file.map(str::to_string),
            graph,
            play,
            max_positions,
            meter,
        )?;
        Ok(DrawnGraph::Impartial(report))
    }

    /// Writes the report as `graph FILE --json` prints it.
    fn write_json(&self, out: &mut dyn Write, name: &str, play: Play) -> Result<(), Failure> {
        match self {
            DrawnGraph::Impartial(report) => write_json(out, report),
            DrawnGraph::Partizan(graph, labels, values) => write_json(
                out,
                &PartizanReport {
                    file: name,
                    play,
                    graph,
                    labels,
                    values: values.as_deref(),
                },
            ),
        }
    }
}

/// What `graph FILE --sum a,b --compound KIND --json` prints.
#[derive(Serialize)]
struct CompoundReport<'g> {
    tokens: Vec<&'g str>,
    compound: String,
    outcome: conway::engine::Outcome,
    /// `closed_rule` (remoteness, suspense or the selective rule on acyclic components) or
    /// `product_graph` (retrograde analysis of the compound's own graph).
    method: &'static str,
    /// Each move as the tokens' vertices after it.
    winning_moves: NamedMoves<'g>,
    drawing_moves: NamedMoves<'g>,
}

/// Moves of a compound, named only as they are written: a D-product can have many.
struct NamedMoves<'g> {
    graph: &'g Graph<String>,
    moves: &'g [Vec<u32>],
}

impl<'g> NamedMoves<'g> {
    fn len(&self) -> usize {
        self.moves.len()
    }

    /// Each move as the names of the tokens' vertices after it.
    fn iter(&self) -> impl Iterator<Item = Vec<&'g str>> + '_ {
        let graph = self.graph;
        self.moves
            .iter()
            .map(move |m| m.iter().map(|&v| graph.position(v).as_str()).collect())
    }
}

impl Serialize for NamedMoves<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'g> CompoundReport<'g> {
    fn new(
        graph: &'g Graph<String>,
        compound: &Compound,
        tokens: &[u32],
        analysis: &'g CompoundAnalysis,
    ) -> Self {
        let named = |moves: &'g [Vec<u32>]| NamedMoves { graph, moves };
        let (winning_moves, drawing_moves) = match analysis.outcome {
            conway::engine::Outcome::D => (named(&[]), named(&analysis.moves)),
            _ => (named(&analysis.moves), named(&[])),
        };
        CompoundReport {
            tokens: tokens.iter().map(|&v| graph.position(v).as_str()).collect(),
            compound: compound.to_string(),
            outcome: analysis.outcome,
            method: match analysis.method {
                Method::ClosedRule => "closed_rule",
                Method::ProductGraph => "product_graph",
            },
            winning_moves,
            drawing_moves,
        }
    }
}

/// The text of a graph file, refused when it is larger than the memory allowed.
fn read_graph_file(path: &str, max_memory: u64) -> Result<String, Failure> {
    let unreadable = |e: io::Error| {
        let hint = match (e.kind(), ruleset(path).is_ok()) {
            (io::ErrorKind::NotFound, true) => format!(
                ": `{path}` is a game, so give a position too (`conway graph {path} POSITION`)"
            ),
            _ => String::new(),
        };
        Failure::Message(format!("cannot read the graph file {path}: {e}{hint}"))
    };
    let size = std::fs::metadata(path).map_err(unreadable)?.len();
    if size > max_memory {
        return Err(Failure::Message(format!(
            "the graph file {path} has {size} bytes, more than --max-memory allows"
        )));
    }
    std::fs::read_to_string(path).map_err(unreadable)
}

/// The vertices named for a sum's tokens.
fn tokens(text: &GraphText, names: &[String], file: &str) -> Result<Vec<u32>, Failure> {
    names
        .iter()
        .map(|name| {
            text.vertex(name.trim()).ok_or_else(|| {
                Failure::Message(format!("{file} has no vertex named `{}`", name.trim()))
            })
        })
        .collect()
}

/// A sequence as `seq --json` prints it: the values themselves only when they are few enough
/// and not written to a file.
#[derive(Serialize)]
struct SequenceReport {
    game: String,
    to: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    values: Option<Vec<u64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    values_file: Option<String>,
    preperiod: Option<u64>,
    period: Option<u64>,
    saltus: Option<u64>,
    proved: bool,
    /// Heaps computed; the others follow from the proved period.
    computed: u64,
    rare_count: Option<u64>,
    max_value: u64,
}

impl SequenceReport {
    /// The report on `sequence`, the nim values of heaps 0..=`to` of `game`, with the values
    /// where `shown`, and the file they were written to.
    fn new(
        game: String,
        to: u64,
        sequence: &conway::heap::Sequence<'_>,
        shown: bool,
        values_file: Option<String>,
    ) -> Self {
        let period = sequence.period().map(|d| d.period);
        SequenceReport {
            game,
            to,
            values: shown.then(|| sequence.values().collect()),
            values_file,
            preperiod: period.map(|p| p.preperiod),
            period: period.map(|p| p.period),
            saltus: period.map(|p| p.saltus),
            proved: sequence.period().is_some_and(|d| d.proved),
            computed: sequence.computed(),
            rare_count: sequence.rare_count(),
            max_value: sequence.max_value(),
        }
    }
}

impl OutcomesArgs {
    fn run(self, out: &mut dyn Write) -> Result<(), Failure> {
        let rules = ruleset(&self.game)?;
        let play = play_of(self.misere);
        // Whoever names the piles asks for their work: the default limit grows with them.
        let limits = self.limits.limits_or(sequence_work_limit(self.to));
        let sequence = rules
            .outcome_sequence(self.to, play, self.limits.budget_with(limits))
            .map_err(|error| Failure::sequence(error, self.to))?;
        let report = outcomes::Report::new(rules.name(), self.to, play, &sequence);
        outcomes::write(out, self.output.json, &report)
    }
}

impl MisereArgs {
    fn run(self, out: &mut dyn Write) -> Result<(), Failure> {
        let rules = ruleset(&self.game)?;
        // Whoever names the heaps asks for their work: the default limit grows with them.
        let limits = self
            .limits
            .limits_or(conway::heap::quotient_work_limit(self.heaps));
        let budget = || self.limits.budget_with(limits);
        misere::run(
            out,
            rules.as_ref(),
            self.heaps,
            budget,
            self.output.json,
            self.genus,
        )
    }
}

impl SeqArgs {
    fn run(self, out: &mut dyn Write) -> Result<(), Failure> {
        let rules = ruleset(&self.game)?;
        // Whoever names the heaps asks for their work: the default limit grows with them.
        let limits = self.limits.limits_or(sequence_work_limit(self.to));
        let sequence = rules
            .sequence(self.to, self.limits.budget_with(limits))
            .map_err(|error| Failure::sequence(error, self.to))?;
        if let Some(path) = &self.out {
            write_values(path, &sequence)?;
        }
        let shown = self.out.is_none() && self.to < MAX_SHOWN_VALUES;
        if self.output.json {
            let file = self.out.as_ref().map(|p| p.display().to_string());
            let report = SequenceReport::new(rules.name(), self.to, &sequence, shown, file);
            write_json(out, &report)
        } else {
            show::sequence(out, &rules.name(), &sequence, shown)?;
            if let Some(path) = &self.out {
                writeln!(out, "values written to {}", path.display())?;
            } else if !shown {
                writeln!(
                    out,
                    "{} values are too many to show here: write them to a file with --out FILE",
                    self.to.saturating_add(1)
                )?;
            }
            Ok(())
        }
    }
}

/// Writes the values of a sequence to a file, one per line, as they are computed or follow
/// from the period: never all of them in memory as text.
fn write_values(
    path: &std::path::Path,
    sequence: &conway::heap::Sequence<'_>,
) -> Result<(), Failure> {
    let failed = |e: io::Error| format!("cannot write {}: {e}", path.display());
    let file = std::fs::File::create(path).map_err(failed)?;
    let mut file = io::BufWriter::new(file);
    for value in sequence.values() {
        writeln!(file, "{value}").map_err(failed)?;
    }
    file.flush().map_err(failed)?;
    Ok(())
}

/// An evaluated expression as `eval --json` prints it: the expression, then the library's
/// report on its value (`value`, and for a game `outcome`, `is_number`, ...).
#[derive(Serialize)]
struct Evaluation<'a> {
    expression: &'a str,
    #[serde(flatten)]
    report: Report,
}

impl EvalArgs {
    fn run(self, out: &mut dyn Write) -> Result<(), Failure> {
        let mut env = self.limits.env();
        let failed = |error: LangError| Failure::lang(&error);
        let value = env
            .run(&self.expression)
            .map_err(failed)?
            .ok_or_else(|| Failure::Message("the expression is empty".to_string()))?;
        if self.output.json {
            let report = env.report(value).map_err(failed)?;
            write_json(
                out,
                &Evaluation {
                    expression: &self.expression,
                    report,
                },
            )
        } else {
            writeln!(out, "{}", env.show(&value).map_err(failed)?)?;
            Ok(())
        }
    }
}

/// An ordinal as `ordinal --json` prints it: the expression, its Cantor normal form, whether
/// it is finite (then its value) or a limit, and its terms, highest first.
#[derive(Serialize)]
struct OrdinalReport<'a> {
    expression: &'a str,
    ordinal: String,
    finite: Option<String>,
    limit: bool,
    terms: Vec<OrdinalTerm>,
}

/// One term `w^exponent*coefficient` of a Cantor normal form; big numbers are strings.
#[derive(Serialize)]
struct OrdinalTerm {
    exponent: String,
    coefficient: String,
}

impl OrdinalArgs {
    fn run(self, out: &mut dyn Write) -> Result<(), Failure> {
        let ordinal = conway::ordinal::Ordinal::parse(&self.expression)
            .map_err(|error| Failure::Message(error.to_string()))?;
        if !self.output.json {
            writeln!(out, "{ordinal}")?;
            return Ok(());
        }
        let terms = ordinal
            .terms()
            .map(|(exponent, coefficient)| OrdinalTerm {
                exponent: exponent.to_string(),
                coefficient: coefficient.to_string(),
            })
            .collect();
        write_json(
            out,
            &OrdinalReport {
                expression: &self.expression,
                ordinal: ordinal.to_string(),
                finite: ordinal.to_finite().map(|n| n.to_string()),
                limit: ordinal.is_limit(),
                terms,
            },
        )
    }
}

/// What `excess --json` prints: each prime's line, in order.
#[derive(Serialize)]
struct ExcessTable {
    primes: Vec<ExcessReport>,
}

/// One prime's line of `excess --json`; ordinals as the expressions `ordinal` reads.
#[derive(Serialize)]
struct ExcessReport {
    prime: u64,
    order: u64,
    kappa: String,
    alpha: String,
    excess: u64,
    degree: u64,
    seconds: f64,
}

impl ExcessArgs {
    fn run(self, out: &mut dyn Write) -> Result<(), Failure> {
        use conway::ordinal::field::lenstra;
        let json = self.output.json;
        let mut written = Ok(());
        if !json {
            writeln!(out, "p\tf(p)\tkappa_f(p)\talpha_p\tm_p\te_p\tseconds")?;
        }
        let table = lenstra::excesses(self.to, self.max_dimension, &mut |alpha| {
            if !json && written.is_ok() {
                written = writeln!(
                    out,
                    "{}\t{}\t{}\t{}\t{}\t{}\t{:.3}",
                    alpha.prime,
                    alpha.order,
                    alpha.kappa,
                    alpha.alpha,
                    alpha.excess,
                    alpha.degree,
                    alpha.seconds
                )
                .and_then(|()| out.flush());
            }
        });
        written?;
        let table = table.map_err(|error| Failure::Message(error.to_string()))?;
        if !json {
            return Ok(());
        }
        let primes: Vec<ExcessReport> = table
            .into_iter()
            .map(|a| ExcessReport {
                prime: a.prime,
                order: a.order,
                kappa: a.kappa.to_string(),
                alpha: a.alpha.to_string(),
                excess: a.excess,
                degree: a.degree,
                seconds: a.seconds,
            })
            .collect();
        write_json(out, &ExcessTable { primes })
    }
}

impl ReplArgs {
    fn run(self, out: &mut dyn Write) -> Result<(), Failure> {
        let mut env = self.limits.env();
        let interactive = io::stdin().is_terminal() && io::stdout().is_terminal();
        repl::run(&mut env, interactive, &mut io::stdin().lock(), out)
    }
}

impl ThermographArgs {
    fn run(self, out: &mut dyn Write) -> Result<(), Failure> {
        let mut store = conway::short::Store::with_limits(self.limits.limits());
        let game = conway::lang::eval_game(&self.expression, &mut store)
            .map_err(|error| Failure::lang(&error))?;
        let (report, text, picture) = thermo::analyse(&self.expression, &mut store, game)
            .map_err(|error| Failure::search(&error))?;
        if let Some(path) = &self.svg {
            std::fs::write(path, picture)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
        if self.output.json {
            write_json(out, &report)
        } else {
            match &report.value {
                Some(value) => writeln!(out, "{value}")?,
                None => writeln!(
                    out,
                    "(a canonical form longer than {MAX_SHOWN_VALUE} characters)"
                )?,
            }
            writeln!(out, "{text}")?;
            Ok(())
        }
    }
}

impl RulesArgs {
    fn run(self, out: &mut dyn Write) -> Result<(), Failure> {
        match &self.name {
            None if self.output.json => write_json(out, &catalogue().collect::<Vec<_>>()),
            None => {
                writeln!(out, "{}", show::catalogue(catalogue()))?;
                Ok(())
            }
            Some(name) => {
                let info = conway::games::find(name)?;
                if self.output.json {
                    write_json(out, info)
                } else {
                    writeln!(out, "{}", show::rule(info))?;
                    Ok(())
                }
            }
        }
    }
}

/// The option that raises `limit`, as a message ends with it.
fn option_for(limit: Option<Limit>) -> &'static str {
    match limit {
        Some(Limit::Work) => " (--max-positions N)",
        Some(Limit::Memory) => " (--max-memory SIZE)",
        None => "",
    }
}

/// The library's message, with the option to use where a limit was hit.
fn explain(error: RuleError) -> String {
    format!("{error}{}", option_for(error.limit_hint()))
}

/// A sequence's error: past a limit, the heaps asked for are what to cut.
fn explain_sequence(error: RuleError, to: u64) -> String {
    explain_heaps(error, &format!("heaps 0..={to}"), "--to")
}

/// The error of a computation over the heaps up to some size (`what`, asked for by `option`):
/// past a limit, the heaps are what to cut.
fn explain_heaps(error: RuleError, what: &str, option: &str) -> String {
    match &error {
        RuleError::Search { game, source } => match source {
            // At the largest limit there is nothing to raise.
            SearchError::TooBig { limit: u64::MAX } => format!(
                "{game}: {what} need more work than any limit allows; ask for fewer heaps \
                 ({option})"
            ),
            SearchError::TooBig { limit } => format!(
                "{game}: {what} need more work than the limit of {limit} allows; ask for fewer \
                 heaps ({option}) or raise the limit (--max-positions N)"
            ),
            SearchError::OutOfMemory { limit } => format!(
                "{game}: {what} need more than {} of memory; ask for fewer heaps ({option}) or \
                 raise the limit (--max-memory SIZE)",
                conway::engine::show_bytes(*limit)
            ),
            _ => explain(error),
        },
        _ => explain(error),
    }
}

/// A store's error, with the option to use where a limit was hit.
fn explain_search(error: &SearchError) -> String {
    format!("{error}{}", option_for(error.limit_hint()))
}

/// The language's message, with the option to use where a limit was hit.
fn explain_lang(error: &LangError) -> String {
    format!("{error}{}", option_for(error.limit_hint()))
}
