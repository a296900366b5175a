//! How answers read as text: reports, sequences and game graphs. What can be large (a graph,
//! a sequence) is written as it goes, never built whole in memory first.

use crate::{CompoundReport, Failure};
use conway::analysis::RuleInfo;
use conway::engine::{Outcome, Play};
use conway::graph::{GraphReport, Kernel, PartizanGraph, PartizanLabels, SumReport};
use conway::heap::Sequence;
use std::io::Write;

/// A sequence: its values if `shown`, then its period, how much was computed, the rare
/// values and the largest.
pub fn sequence(
    out: &mut dyn Write,
    name: &str,
    sequence: &Sequence<'_>,
    shown: bool,
) -> Result<(), Failure> {
    writeln!(out, "{name}, heaps 0..={}:", sequence.to())?;
    if shown {
        for (i, value) in sequence.values().enumerate() {
            let separator = if i == 0 { "" } else { " " };
            write!(out, "{separator}{value}")?;
        }
        writeln!(out)?;
    }
    match sequence.period() {
        Some(d) => {
            let p = d.period;
            let status = if d.proved {
                "proved: the data covers what the rule's periodicity theorem asks"
            } else {
                "seen in the data, not proved"
            };
            let saltus = match p.saltus {
                0 => String::new(),
                s => format!(", saltus {s} (each period adds {s})"),
            };
            writeln!(
                out,
                "period {} after a preperiod of {}{saltus} ({status})",
                p.period, p.preperiod
            )?;
        }
        None => writeln!(out, "no period shows in this range")?,
    }
    if sequence.computed() <= sequence.to() {
        writeln!(
            out,
            "computed heaps 0..={}; the others follow from the proved period",
            sequence.computed() - 1
        )?;
    }
    if let Some(rare) = sequence.rare_count() {
        writeln!(out, "rare values: {rare} heaps")?;
    }
    writeln!(out, "largest value: {}", sequence.max_value())?;
    Ok(())
}

/// A game graph: one line per vertex with its outcome, its γ value (normal play) and its
/// moves, then a kernel.
pub fn graph(out: &mut dyn Write, report: &GraphReport) -> Result<(), Failure> {
    let graph = &report.graph;
    let gamma_legend = match report.gamma {
        Some(_) => ", then the generalised Sprague–Grundy value (inf(K): infinite, K the finite values among its options)",
        None => "",
    };
    writeln!(
        out,
        "{} ({}): {} positions, {} moves; each line gives the outcome (D: a draw){gamma_legend}",
        report.title(),
        report.play,
        graph.len(),
        graph.edge_count()
    )?;
    let name_width = widest(graph.positions());
    // γ is written out twice, to measure its column and then in it, rather than held as text
    // for every vertex beside the graph.
    let gamma_text = |v: u32| report.gamma(v).map_or(String::new(), |g| g.to_string());
    let gamma_width = (0..graph.len() as u32)
        .map(|v| gamma_text(v).chars().count())
        .max()
        .unwrap_or(0);
    for v in 0..graph.len() as u32 {
        // Width pads by characters, so the arrows line up past `→` and `·` alike.
        let outcome = report.labels.outcome(v);
        let gamma = gamma_text(v);
        write!(out, "  {outcome}  ")?;
        if gamma_width > 0 {
            write!(out, "{gamma:<gamma_width$}  ")?;
        }
        write!(out, "{:<name_width$}", graph.position(v))?;
        for (i, &option) in graph.successors(v).iter().enumerate() {
            let lead = if i == 0 { "  → " } else { " · " };
            write!(out, "{lead}{}", graph.position(option))?;
        }
        writeln!(out)?;
    }
    match &report.kernel {
        Kernel::Found { vertices, unique } => {
            let count = vertices.len();
            match unique {
                Some(true) => write!(out, "the kernel ({count}):")?,
                Some(false) => write!(out, "a kernel, one of several ({count}):")?,
                None => write!(
                    out,
                    "a kernel ({count}; perhaps not the only one: the search for another stopped at the work limit, --max-positions):"
                )?,
            }
            for (i, &v) in vertices.iter().enumerate() {
                let lead = if i == 0 { " " } else { " · " };
                write!(out, "{lead}{}", graph.position(v))?;
            }
            writeln!(out)?;
        }
        Kernel::None => writeln!(
            out,
            "kernel: none: {}",
            report.kernel.reason().unwrap_or_default()
        )?,
        other => writeln!(
            out,
            "kernel: unknown: {}",
            other.reason().unwrap_or_default()
        )?,
    }
    Ok(())
}

/// The length in characters of the longest of `texts`, to pad a column to.
fn widest(texts: &[String]) -> usize {
    texts.iter().map(|t| t.chars().count()).max().unwrap_or(0)
}

/// A partizan game graph: one line per vertex with its outcome class and each player's moves.
pub fn partizan_graph(
    out: &mut dyn Write,
    file: &str,
    play: Play,
    (graph, labels): (&PartizanGraph<String>, &PartizanLabels),
    values: Option<&[Option<String>]>,
) -> Result<(), Failure> {
    let moves: usize = (0..graph.len() as u32)
        .map(|v| graph.left_options(v).len() + graph.right_options(v).len())
        .sum();
    writeln!(
        out,
        "{file} ({play}): {} positions, {moves} moves; each line gives the outcome: L, R, N, P, D (a draw whoever starts), or who wins when Left starts then when Right starts (LD, DR, RD, DL)",
        graph.len()
    )?;
    let width = widest(graph.positions());
    let names = |list: &[u32]| -> String {
        let names: Vec<&str> = list.iter().map(|&w| graph.position(w).as_str()).collect();
        names.join(" ")
    };
    if values.is_some() {
        writeln!(
            out,
            "  and after `=` its value as a loopy game (as `conway eval` writes it; `?` where conway found no sides)"
        )?;
    }
    for v in 0..graph.len() as u32 {
        let outcome = labels.outcome(v).to_string();
        let value = values.map(|values| match &values[v as usize] {
            Some(value) => format!("  = {value}"),
            None => "  = ?".to_string(),
        });
        writeln!(
            out,
            "  {outcome:<2}  {:<width$}  {{ {} | {} }}{}",
            graph.position(v),
            names(graph.left_options(v)),
            names(graph.right_options(v)),
            value.unwrap_or_default()
        )?;
    }
    Ok(())
}

/// A sum of tokens on a graph: its outcome, its value and its best moves.
pub fn sum(out: &mut dyn Write, file: &str, sum: &SumReport) -> Result<(), Failure> {
    let outcome = sum.analysis.outcome;
    writeln!(out, "{file}: {} (normal play)", sum.show())?;
    writeln!(out, "outcome: {outcome} ({})", outcome.meaning())?;
    writeln!(out, "value:   {}", sum.analysis.value)?;
    let count = sum.analysis.moves.len();
    match outcome {
        Outcome::N => writeln!(
            out,
            "winning moves ({count}; the first is sure to end the game):"
        )?,
        Outcome::D => writeln!(out, "winning moves: none; drawing moves ({count}):")?,
        _ => writeln!(out, "winning moves: none")?,
    }
    for m in sum.moves() {
        writeln!(out, "  token {}: {} → {}", m.token, m.from, m.to)?;
    }
    Ok(())
}

/// Tokens played together in a compound: the outcome, how it was found, the best moves.
pub fn compound(out: &mut dyn Write, file: &str, report: &CompoundReport) -> Result<(), Failure> {
    let how = match report.method {
        "closed_rule" => "by the closed rule of remoteness, suspense or the selective rule",
        _ => "by retrograde analysis of the compound's own graph",
    };
    writeln!(
        out,
        "{file}: {} played as {} (normal play)",
        report.tokens.join(", "),
        report.compound
    )?;
    writeln!(
        out,
        "outcome: {} ({}), {how}",
        report.outcome,
        report.outcome.meaning()
    )?;
    let (title, moves) = match report.drawing_moves.len() {
        0 => ("winning moves", &report.winning_moves),
        _ => ("drawing moves", &report.drawing_moves),
    };
    match moves.len() {
        0 => writeln!(out, "winning moves: none")?,
        n => writeln!(out, "{title} ({n}), each as the tokens' vertices after it:")?,
    }
    for m in moves.iter() {
        writeln!(out, "  → {}", m.join(", "))?;
    }
    Ok(())
}

pub fn dot(out: &mut dyn Write, report: &GraphReport) -> Result<(), Failure> {
    let graph = &report.graph;
    let quote = |text: &str| format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""));
    writeln!(out, "digraph {} {{", quote(&report.title()))?;
    writeln!(out, "  node [shape=circle];")?;
    for v in 0..graph.len() as u32 {
        let shape = match report.labels.outcome(v) {
            Outcome::P => ", shape=doublecircle",
            Outcome::D => ", style=dashed",
            _ => "",
        };
        writeln!(out, "  {v} [label={}{shape}];", quote(graph.position(v)))?;
    }
    for v in 0..graph.len() as u32 {
        for w in graph.successors(v) {
            writeln!(out, "  {v} -> {w};")?;
        }
    }
    writeln!(out, "}}")?;
    Ok(())
}

/// The list of games, one line each.
pub fn catalogue<'a>(rules: impl Iterator<Item = &'a RuleInfo>) -> String {
    rules
        .map(|info| format!("{:<18} {}", info.usage(), info.summary))
        .collect::<Vec<_>>()
        .join("\n")
}

/// One game's entry: summary, notation, misère play and an example.
pub fn rule(info: &RuleInfo) -> String {
    format!(
        "{}\n  {}\n  position: {}\n  misère:   {}\n  example:  {}",
        info.usage(),
        info.summary,
        info.notation,
        info.misere,
        info.example
    )
}
