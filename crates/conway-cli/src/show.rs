//! How answers read as text: reports, sequences and game graphs.

use conway::heap::Sequence;
use conway::impartial::Outcome;
use conway::lang::show_nimber;
use conway::rules::{GraphReport, Report, RuleInfo};

pub fn sequence(name: &str, to: u64, sequence: &Sequence) -> String {
    let shown: Vec<String> = sequence.values.iter().map(u64::to_string).collect();
    let period = match sequence.period {
        Some(p) => {
            let status = if sequence.proved {
                "proved: the data covers what the rule's periodicity theorem asks"
            } else {
                "seen in the data, not proved"
            };
            format!(
                "period {} after a preperiod of {} ({status})",
                p.period, p.preperiod
            )
        }
        None => "no period shows in this range".to_string(),
    };
    format!("{name}, heaps 0..={to}:\n{}\n{period}", shown.join(" "))
}

pub fn graph(graph: &GraphReport) -> String {
    let moves: usize = graph.positions.iter().map(|p| p.options.len()).sum();
    let header = format!(
        "{} {} ({}): {} positions, {moves} moves; P marks the kernel",
        graph.game,
        graph.positions[0].position,
        graph.play,
        graph.positions.len()
    );
    let width = graph
        .positions
        .iter()
        .map(|p| p.position.chars().count())
        .max()
        .unwrap_or(0);
    let lines = graph.positions.iter().map(|node| {
        let options: Vec<&str> = node
            .options
            .iter()
            .map(|&i| graph.positions[i].position.as_str())
            .collect();
        let arrow = if options.is_empty() {
            String::new()
        } else {
            format!("  → {}", options.join(" · "))
        };
        // Width pads by characters, so the arrows line up past `→` and `·` alike.
        format!("  {}  {:<width$}{arrow}", node.outcome, node.position)
    });
    std::iter::once(header)
        .chain(lines)
        .collect::<Vec<_>>()
        .join("\n")
}

pub fn dot(graph: &GraphReport) -> String {
    let quote = |text: &str| format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""));
    let mut lines = vec![
        format!("digraph {} {{", quote(&graph.game)),
        "  node [shape=circle];".to_string(),
    ];
    for (i, node) in graph.positions.iter().enumerate() {
        let shape = if node.outcome == Outcome::P {
            ", shape=doublecircle"
        } else {
            ""
        };
        lines.push(format!("  {i} [label={}{shape}];", quote(&node.position)));
    }
    for (i, node) in graph.positions.iter().enumerate() {
        lines.extend(node.options.iter().map(|j| format!("  {i} -> {j};")));
    }
    lines.push("}".to_string());
    lines.join("\n")
}

pub fn report(report: &Report) -> String {
    let mut lines = vec![
        format!("{} {} ({})", report.game, report.position, report.play),
        format!("outcome: {} ({})", report.outcome, report.outcome.meaning()),
    ];
    if let Some(value) = report.value {
        lines.push(format!("value:   {}", show_nimber(value.into())));
    }
    if let Some(why) = &report.value_unknown {
        lines.push(format!("value:   unknown: {why} (--max-positions N)"));
    }
    match report.winning_moves.len() {
        0 if report.outcome == Outcome::N => lines.push(
            "winning moves: none needed (the player to move cannot move, and under misère play that wins)"
                .to_string(),
        ),
        0 => lines.push("winning moves: none".to_string()),
        n => {
            lines.push(format!("winning moves ({n}):"));
            let width = report
                .winning_moves
                .iter()
                .map(|m| m.description.chars().count())
                .max()
                .unwrap_or(0);
            for m in &report.winning_moves {
                lines.push(format!("  {:<width$}  → {}", m.description, m.to));
            }
        }
    }
    lines.join("\n")
}

/// The list of games, one line each.
pub fn catalogue(rules: &[RuleInfo]) -> String {
    rules
        .iter()
        .map(|info| format!("{:<18} {}", info.name, info.summary))
        .collect::<Vec<_>>()
        .join("\n")
}

/// One game's entry: summary, notation and an example.
pub fn rule(info: &RuleInfo) -> String {
    format!(
        "{}\n  {}\n  position: {}\n  example:  {}",
        info.name, info.summary, info.notation, info.example
    )
}
