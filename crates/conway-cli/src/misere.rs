//! `conway misere GAME --heaps N`: the misère quotient of a heap game's positions made of
//! heaps up to `N`, proved, with its presentation, its P-portion, the element of each heap
//! and how its order grew with the heaps.

use crate::{write_json, Failure};
use conway::analysis::{Budget, Ruleset};
use conway::heap::{generator_name, Presentation, Quotient};
use serde::Serialize;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// What `conway misere --json` prints.
#[derive(Serialize)]
pub struct Report {
    pub game: String,
    pub heaps: u64,
    pub order: usize,
    /// The generators: their names and heap sizes.
    pub generators: Vec<Generator>,
    /// The relations, `left = right`, as products of generators.
    pub relations: Vec<Relation>,
    /// The normal form of each element; the identity is `1`.
    pub elements: Vec<String>,
    /// The elements of the misère P-positions.
    pub p_portion: Vec<String>,
    /// The element of each heap, from heap 0.
    pub heap_elements: Vec<String>,
    /// Conway's genus of each heap, from heap 0, with `--genus`.
    pub heap_genera: Option<Vec<String>>,
    /// The order of the quotient of the heaps up to `k`, for `k` from 0.
    pub growth: Vec<usize>,
    /// The largest heap up to which the game is tame: its positions play as misère Nim.
    pub tame_through: u64,
    /// The genus of the heap of Nim that each heap plays as, from heap 0 to `tame_through`.
    pub tame_genera: Vec<String>,
}

#[derive(Serialize)]
pub struct Generator {
    pub name: String,
    pub heap: u64,
}

#[derive(Serialize)]
pub struct Relation {
    pub left: String,
    pub right: String,
}

impl Report {
    fn new(game: String, quotient: &Quotient) -> Report {
        let presentation = Presentation::of(quotient);
        let form = |e: usize| presentation.normal_forms[e].to_string();
        Report {
            game,
            heaps: quotient.largest_heap(),
            order: quotient.order(),
            generators: presentation
                .generators
                .iter()
                .enumerate()
                .map(|(i, &heap)| Generator {
                    name: generator_name(i),
                    heap,
                })
                .collect(),
            relations: presentation
                .relations
                .iter()
                .map(|(left, right)| Relation {
                    left: left.to_string(),
                    right: right.to_string(),
                })
                .collect(),
            elements: (0..quotient.order()).map(form).collect(),
            p_portion: quotient.p_portion().map(form).collect(),
            heap_elements: (0..=quotient.largest_heap())
                .map(|h| form(quotient.heap(h).expect("a heap of the quotient")))
                .collect(),
            growth: quotient.growth().to_vec(),
            tame_through: quotient.tame_through(),
            tame_genera: (0..=quotient.tame_through())
                .filter_map(|h| quotient.nim_heap(h))
                .map(|nim| nim.genus().to_string())
                .collect(),
            heap_genera: None,
        }
    }
}

/// Computes the quotient and prints it, in text with the growth as each heap is proved, or
/// as one JSON object.
pub fn run(
    out: &mut dyn Write,
    rules: &dyn Ruleset,
    heaps: u64,
    budget: impl Fn() -> Budget,
    json: bool,
    with_genus: bool,
) -> Result<(), Failure> {
    let start = Instant::now();
    let mut written = Ok(());
    let mut last = 1;
    // A reader that has gone (`| head -1`) stops the computation: nobody would see it.
    let reader_gone = Arc::new(AtomicBool::new(false));
    let watched = Budget {
        interrupt: Some(reader_gone.clone()),
        ..budget()
    };
    let quotient = rules.misere_quotient(heaps, watched, &mut |heap, order| {
        if !json && order != last && written.is_ok() {
            let header = if last == 1 {
                "heaps up to\torder\n"
            } else {
                ""
            };
            written = writeln!(out, "{header}{heap}\t{order}").and_then(|()| out.flush());
            if written.is_err() {
                reader_gone.store(true, Ordering::Relaxed);
            }
        }
        last = order;
    });
    written?;
    let what = format!("the quotient and the proof for heaps up to {heaps}");
    let quotient = quotient.map_err(|error| Failure::heaps(error, &what, "--heaps"))?;
    let mut report = Report::new(rules.name(), &quotient);
    if with_genus {
        let genera = (0..=heaps).map(|heap| rules.genus(&[heap], budget()).map(|g| g.to_string()));
        report.heap_genera = Some(genera.collect::<Result<_, _>>()?);
    }
    if json {
        return write_json(out, &report);
    }
    write_text(out, &report)?;
    writeln!(out, "time: {:.3} s", start.elapsed().as_secs_f64())?;
    Ok(())
}

fn write_text(out: &mut dyn Write, report: &Report) -> Result<(), Failure> {
    writeln!(
        out,
        "misère quotient of {} for heaps up to {}: order {}, {} P-position elements (proved)",
        report.game,
        report.heaps,
        report.order,
        report.p_portion.len()
    )?;
    let generators: Vec<String> = report
        .generators
        .iter()
        .map(|g| format!("{} = heap {}", g.name, g.heap))
        .collect();
    writeln!(out, "generators: {}", generators.join(", "))?;
    let relations: Vec<String> = report
        .relations
        .iter()
        .map(|r| format!("{} = {}", r.left, r.right))
        .collect();
    writeln!(out, "relations: {}", relations.join(", "))?;
    writeln!(out, "P-portion: {}", report.p_portion.join(", "))?;
    write_tameness(out, report)?;
    let genus = if report.heap_genera.is_some() {
        "\tgenus"
    } else {
        ""
    };
    writeln!(out, "heap\telement\tas Nim{genus}")?;
    for (heap, element) in report.heap_elements.iter().enumerate().skip(1) {
        let nim = report.tame_genera.get(heap).map_or("-", String::as_str);
        write!(out, "{heap}\t{element}\t{nim}")?;
        match &report.heap_genera {
            None => writeln!(out)?,
            Some(genera) => writeln!(out, "\t{}", genera[heap])?,
        }
    }
    Ok(())
}

/// Says how far the game is tame, and what that means for the user.
fn write_tameness(out: &mut dyn Write, report: &Report) -> Result<(), Failure> {
    let tame = report.tame_through;
    if tame == report.heaps {
        writeln!(
            out,
            "tame: every position plays as misère Nim, each heap as the heap of Nim whose genus is in the table"
        )?;
    } else {
        writeln!(
            out,
            "wild from heap {}: positions of heaps up to {tame} play as misère Nim, larger ones need the quotient",
            tame + 1
        )?;
    }
    Ok(())
}
