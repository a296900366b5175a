//! `conway thermograph EXPR`: the walls, mean and temperature of a short game, as text or
//! JSON, and its picture as SVG.

use conway::analysis::MAX_SHOWN_VALUE;
use conway::engine::SearchError;
use conway::number::Dyadic;
use conway::short::{GameId, Store, Wall};
use serde::Serialize;

/// What `thermograph --json` prints.
#[derive(Serialize)]
pub struct Report {
    pub expression: String,
    /// The canonical form, as the texts write it; `None` (JSON null) past
    /// [`MAX_SHOWN_VALUE`] characters, since the form of a sum of many hot games is
    /// exponentially longer than the store that holds it.
    pub value: Option<String>,
    pub left_stop: Dyadic,
    pub right_stop: Dyadic,
    pub mean: Dyadic,
    pub temperature: Dyadic,
    /// Breakpoints `[temperature, value]` from −1 up; above the last one the wall is the mast.
    pub left_wall: Vec<(Dyadic, Dyadic)>,
    pub right_wall: Vec<(Dyadic, Dyadic)>,
}

/// The report on `game`, which `expression` evaluated to in `store`, with the thermograph as
/// text and as an SVG picture.
pub fn analyse(
    expression: &str,
    store: &mut Store,
    game: GameId,
) -> Result<(Report, String, String), SearchError> {
    let thermograph = store.thermograph(game)?;
    let wall = |wall: &Wall| wall.points().map(|(t, v)| (t.clone(), v.clone())).collect();
    let report = Report {
        expression: expression.to_string(),
        value: store.show_within(game, MAX_SHOWN_VALUE),
        left_stop: store.left_stop(game)?,
        right_stop: store.right_stop(game)?,
        mean: thermograph.mean().clone(),
        temperature: thermograph.temperature().clone(),
        left_wall: wall(thermograph.left_wall()),
        right_wall: wall(thermograph.right_wall()),
    };
    Ok((report, thermograph.to_string(), thermograph.to_svg()))
}
