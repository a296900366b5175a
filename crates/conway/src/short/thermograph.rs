//! Thermographs as exact data: two walls, each a piecewise-linear function of the temperature
//! `t ≥ −1` with dyadic breakpoints, that meet at the temperature and go on up as the mast.
//!
//! The wall at `t` is a stop of the game cooled by `t`: the left wall is the Left stop of
//! `G_t`, the right wall its Right stop. A left wall falls with slope 0 or −1 as `t` grows and
//! a right wall rises with slope 0 or 1, so every segment of a wall (and of a wall shifted by
//! `±t`) has an integer slope between −2 and 2, and two such segments cross at a dyadic
//! temperature: the coordinates stay exact without rationals.
//!
//! Pictures follow the texts: temperature goes up, and value goes from right to left, so that
//! positive values (good for Left) are on the left.

use crate::engine::Footprint;
use crate::number::Dyadic;
use std::fmt;

/// One breakpoint of a wall: from temperature `at` on, the wall is `value + slope·(t − at)`
/// until the next breakpoint.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Knot {
    at: Dyadic,
    value: Dyadic,
    slope: i64,
}

/// A continuous piecewise-linear function of the temperature on `[−1, ∞)`: its breakpoints
/// and the slope of each piece. Two walls are equal exactly when they are the same function
/// (collinear breakpoints are merged away).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wall {
    /// Never empty; the first breakpoint is at −1 and the temperatures strictly increase.
    knots: Vec<Knot>,
}

impl Wall {
    /// The constant wall `value` (the wall of a number that never changes when cooled).
    pub fn constant(value: Dyadic) -> Wall {
        Wall {
            knots: vec![Knot {
                at: -Dyadic::one(),
                value,
                slope: 0,
            }],
        }
    }

    /// The breakpoints `(temperature, value)`, by increasing temperature; the first is at −1.
    /// Between two breakpoints the wall is the segment joining them, and after the last one it
    /// goes on with [`Wall::final_slope`] (0 for the walls of a [`Thermograph`]: the mast).
    pub fn points(&self) -> impl Iterator<Item = (&Dyadic, &Dyadic)> {
        self.knots.iter().map(|knot| (&knot.at, &knot.value))
    }

    /// The slope after the last breakpoint.
    pub fn final_slope(&self) -> i64 {
        self.last().slope
    }

    /// The wall at temperature `t` (for `t < −1`, the first piece extended).
    pub fn value_at(&self, t: &Dyadic) -> Dyadic {
        let index = self.knots.partition_point(|knot| knot.at <= *t).max(1) - 1;
        self.knots[index].value_on_piece(t)
    }

    /// The wall plus `k·t`: shifted by `−t` (k = −1) it is the raw left wall a Left option's
    /// right wall gives its parent, shifted by `+t` the raw right wall.
    pub fn sheared(&self, k: i64) -> Wall {
        let factor = Dyadic::from_int(k);
        let knots = self
            .knots
            .iter()
            .map(|knot| Knot {
                at: knot.at.clone(),
                value: &knot.value + &(&factor * &knot.at),
                slope: knot.slope + k,
            })
            .collect();
        Wall { knots }.merged()
    }

    /// The larger of the two walls at every temperature, or `None` if two pieces cross at a
    /// temperature that is not dyadic (never for walls of thermographs and their shifts by
    /// `±t`, whose slopes differ by at most 2).
    pub fn max(&self, other: &Wall) -> Option<Wall> {
        self.envelope(other, true)
    }

    /// The smaller of the two walls at every temperature; `None` as for [`Wall::max`].
    pub fn min(&self, other: &Wall) -> Option<Wall> {
        self.envelope(other, false)
    }

    fn last(&self) -> &Knot {
        self.knots.last().expect("a wall has a breakpoint")
    }

    /// The piece of the wall in force at `t`.
    fn piece_at(&self, t: &Dyadic) -> &Knot {
        let index = self.knots.partition_point(|knot| knot.at <= *t).max(1) - 1;
        &self.knots[index]
    }

    /// Every temperature where either wall has a breakpoint, in order.
    fn breakpoints(&self, other: &Wall) -> Vec<Dyadic> {
        let mut all: Vec<Dyadic> = self
            .knots
            .iter()
            .chain(&other.knots)
            .map(|knot| knot.at.clone())
            .collect();
        all.sort();
        all.dedup();
        all
    }

    /// The upper (`upper`) or lower envelope of two walls. Between two breakpoints both are
    /// linear, so the envelope changes sides at most once there, where they cross.
    fn envelope(&self, other: &Wall, upper: bool) -> Option<Wall> {
        let breakpoints = self.breakpoints(other);
        let mut knots = Vec::with_capacity(breakpoints.len() + 2);
        for (index, at) in breakpoints.iter().enumerate() {
            let (mine, theirs) = (self.piece_at(at), other.piece_at(at));
            let (a, b) = (mine.value_on_piece(at), theirs.value_on_piece(at));
            // Which one is on the envelope just after `at`: the better value, or on a tie the
            // better slope.
            let mine_first = match a.cmp(&b) {
                std::cmp::Ordering::Equal => (mine.slope >= theirs.slope) == upper,
                order => (order == std::cmp::Ordering::Greater) == upper,
            };
            let (first, second, start) = if mine_first {
                (mine, theirs, a.clone())
            } else {
                (theirs, mine, b.clone())
            };
            knots.push(Knot {
                at: at.clone(),
                value: start.clone(),
                slope: first.slope,
            });
            // The gap between the two, and whether it closes before the next breakpoint.
            let gap = if mine_first { &a - &b } else { &b - &a };
            let closing = (second.slope - first.slope) * if upper { 1 } else { -1 };
            if gap.is_zero() || closing <= 0 {
                continue;
            }
            let meet_after = divide(&gap.abs(), closing)?;
            let meet = at + &meet_after;
            if breakpoints.get(index + 1).is_none_or(|next| meet < *next) {
                knots.push(Knot {
                    value: first.value_on_piece(&meet),
                    at: meet,
                    slope: second.slope,
                });
            }
        }
        Some(Wall { knots }.merged())
    }

    /// The wall up to `temperature`, then constant (the mast).
    fn frozen_at(&self, temperature: &Dyadic) -> Wall {
        let mut knots: Vec<Knot> = self
            .knots
            .iter()
            .take_while(|knot| knot.at < *temperature)
            .cloned()
            .collect();
        knots.push(Knot {
            at: temperature.clone(),
            value: self.value_at(temperature),
            slope: 0,
        });
        Wall { knots }.merged()
    }

    /// Drops each breakpoint where the slope does not change.
    fn merged(mut self) -> Wall {
        self.knots
            .dedup_by(|later, earlier| later.slope == earlier.slope);
        self
    }
}

impl Knot {
    fn value_on_piece(&self, t: &Dyadic) -> Dyadic {
        if self.slope == 0 {
            return self.value.clone();
        }
        &self.value + &(&Dyadic::from_int(self.slope) * &(t - &self.at))
    }
}

/// `x / n` for a nonzero `n` whose absolute value is a power of two; `None` otherwise.
fn divide(x: &Dyadic, n: i64) -> Option<Dyadic> {
    let magnitude = n.unsigned_abs();
    if !magnitude.is_power_of_two() {
        return None;
    }
    let quotient = x.checked_mul_pow2(-(magnitude.trailing_zeros() as i32))?;
    Some(if n < 0 { -quotient } else { quotient })
}

/// The thermograph of a short game: its two walls, which meet at the temperature, and the
/// mast above them at the mean.
///
/// Numbers follow the standard convention: the number `m/2^k` in lowest terms (k ≥ 1) has
/// temperature `−1/2^k`, and an integer −1. An integer's thermograph is the mast alone, from
/// −1 up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermograph {
    left: Wall,
    right: Wall,
    temperature: Dyadic,
    mean: Dyadic,
}

/// Why two raw walls make no thermograph. Never for the walls of a game's options; a
/// [`crate::short::Store`] reports it as an error rather than draw a wrong picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct NoMeeting;

impl Thermograph {
    /// The thermograph of the integer `n`: a mast from −1.
    pub(super) fn of_integer(n: Dyadic) -> Thermograph {
        Thermograph {
            left: Wall::constant(n.clone()),
            right: Wall::constant(n.clone()),
            temperature: -Dyadic::one(),
            mean: n,
        }
    }

    /// The thermograph whose raw walls, before freezing, are `left` (the greatest Left option's
    /// right wall shifted by `−t`) and `right` (the least Right option's left wall shifted by
    /// `+t`): they run until the first temperature where `left ≤ right`, and from there the
    /// game is frozen at the value where they meet.
    pub(super) fn from_scaffolds(left: &Wall, right: &Wall) -> Result<Thermograph, NoMeeting> {
        let (temperature, mean) = first_meeting(left, right)?;
        Ok(Thermograph {
            left: left.frozen_at(&temperature),
            right: right.frozen_at(&temperature),
            temperature,
            mean,
        })
    }

    /// The left wall: the Left stop of the game cooled by `t`.
    pub fn left_wall(&self) -> &Wall {
        &self.left
    }

    /// The right wall: the Right stop of the game cooled by `t`.
    pub fn right_wall(&self) -> &Wall {
        &self.right
    }

    /// Where the walls meet and the mast begins.
    pub fn temperature(&self) -> &Dyadic {
        &self.temperature
    }

    /// The value of the mast: the game's mean.
    pub fn mean(&self) -> &Dyadic {
        &self.mean
    }

    /// The bytes the walls hold on the heap.
    pub(super) fn heap_bytes(&self) -> usize {
        [&self.left, &self.right]
            .iter()
            .flat_map(|wall| &wall.knots)
            .map(|knot| {
                std::mem::size_of::<Knot>() + knot.at.footprint() + knot.value.footprint()
                    - 2 * std::mem::size_of::<Dyadic>()
            })
            .sum::<usize>()
            + self.temperature.footprint()
            + self.mean.footprint()
            - 2 * std::mem::size_of::<Dyadic>()
    }

    /// The thermograph as a self-contained SVG picture, laid out as [`svg`] describes.
    pub fn to_svg(&self) -> String {
        svg::draw(self)
    }
}

/// The first temperature `t ≥ −1` where `left(t) ≤ right(t)`, and the value there. The gap
/// `left − right` never grows (slopes ≤ 0 against slopes ≥ 0), so the first touch is found by
/// walking the pieces.
fn first_meeting(left: &Wall, right: &Wall) -> Result<(Dyadic, Dyadic), NoMeeting> {
    let breakpoints = left.breakpoints(right);
    for (index, at) in breakpoints.iter().enumerate() {
        let (l, r) = (left.piece_at(at), right.piece_at(at));
        let gap = l.value_on_piece(at) - r.value_on_piece(at);
        if gap.signum() <= 0 {
            return Ok((at.clone(), l.value_on_piece(at)));
        }
        let closing = r.slope - l.slope;
        if closing <= 0 {
            continue;
        }
        let meet = at + &divide(&gap, closing).ok_or(NoMeeting)?;
        if breakpoints.get(index + 1).is_none_or(|next| meet <= *next) {
            let value = l.value_on_piece(&meet);
            return Ok((meet, value));
        }
    }
    Err(NoMeeting)
}

impl fmt::Display for Wall {
    /// `(t, v) (t, v) ...`, then `↑` for the mast when the wall ends vertical.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, (at, value)) in self.points().enumerate() {
            if index > 0 {
                f.write_str(" ")?;
            }
            write!(f, "({at}, {value})")?;
        }
        match self.final_slope() {
            0 => Ok(()),
            slope => write!(f, " then slope {slope}"),
        }
    }
}

impl fmt::Display for Thermograph {
    /// Four lines: the two walls as `(temperature, value)` breakpoints, then the mean and the
    /// temperature.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "left wall:   {}", self.left)?;
        writeln!(f, "right wall:  {}", self.right)?;
        writeln!(f, "mean:        {} (the mast)", self.mean)?;
        write!(f, "temperature: {}", self.temperature)
    }
}

pub mod svg {
    //! Drawing a thermograph. The picture is [`WIDTH`] × [`HEIGHT`] user units with a margin
    //! of [`MARGIN`] on each side; inside it, temperature runs up from −1 at the bottom to
    //! [`top`] at the top, and value runs from the largest value at the left edge to the
    //! smallest at the right edge (Left's side is the left). Walls are solid polylines, the
    //! mast is dashed, and the axes are the line `t = 0` and the line `value = 0`.

    use super::Thermograph;
    use crate::number::Dyadic;
    use std::fmt::Write;

    /// The picture's size in user units.
    pub const WIDTH: f64 = 640.0;
    /// The picture's height, in the same units.
    pub const HEIGHT: f64 = 480.0;
    /// Room for labels on every side.
    pub const MARGIN: f64 = 48.0;

    /// The temperature at the top of the picture: a quarter of the drawn span above the
    /// temperature, and at least 1 above −1.
    pub fn top(thermograph: &Thermograph) -> f64 {
        let hot = thermograph.temperature().to_f64().max(0.0);
        hot + (hot + 1.0).max(1.0) / 4.0
    }

    /// The smallest and largest values the picture shows: every breakpoint, the mast and 0,
    /// widened so that a mast alone still has room.
    pub fn value_range(thermograph: &Thermograph) -> (f64, f64) {
        let values = thermograph
            .left_wall()
            .points()
            .chain(thermograph.right_wall().points())
            .map(|(_, value)| value.to_f64())
            .chain([0.0, thermograph.mean().to_f64()]);
        let (low, high) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
            (lo.min(v), hi.max(v))
        });
        let pad = ((high - low) / 8.0).max(0.5);
        (low - pad, high + pad)
    }

    /// Where the point (temperature `t`, value `v`) is drawn.
    pub fn place(thermograph: &Thermograph, t: f64, v: f64) -> (f64, f64) {
        let (low, high) = value_range(thermograph);
        let top = top(thermograph);
        let x = MARGIN + (high - v) / (high - low) * (WIDTH - 2.0 * MARGIN);
        let y = MARGIN + (top - t) / (top + 1.0) * (HEIGHT - 2.0 * MARGIN);
        (x, y)
    }

    /// Whether the picture's span fits in floating point: a number past 2^1023 does not,
    /// and would be drawn at no place.
    pub fn drawable(thermograph: &Thermograph) -> bool {
        let (low, high) = value_range(thermograph);
        (high - low).is_finite() && top(thermograph).is_finite()
    }

    /// The SVG text; for a thermograph past floating point, a picture that says so.
    pub fn draw(thermograph: &Thermograph) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" \
             width=\"{WIDTH}\" height=\"{HEIGHT}\" font-family=\"sans-serif\" font-size=\"12\">"
        );
        out.push_str("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        if !drawable(thermograph) {
            let _ = writeln!(
                out,
                "<text x=\"{MARGIN}\" y=\"{MARGIN}\">The walls reach values too large to draw \
                 (past 2^1023); their breakpoints are exact in the text and JSON.</text>\n</svg>"
            );
            return out;
        }
        axes(thermograph, &mut out);
        for wall in [thermograph.left_wall(), thermograph.right_wall()] {
            let points = wall
                .points()
                .map(|(t, v)| coordinates(thermograph, t.to_f64(), v.to_f64()))
                .collect::<Vec<_>>()
                .join(" ");
            let _ = writeln!(
                out,
                "<polyline points=\"{points}\" fill=\"none\" stroke=\"black\" stroke-width=\"2\"/>"
            );
        }
        mast(thermograph, &mut out);
        out.push_str("</svg>\n");
        out
    }

    /// `x,y` with two decimals.
    pub fn coordinates(thermograph: &Thermograph, t: f64, v: f64) -> String {
        let (x, y) = place(thermograph, t, v);
        format!("{x:.2},{y:.2}")
    }

    fn axes(thermograph: &Thermograph, out: &mut String) {
        let (low, high) = value_range(thermograph);
        let top = top(thermograph);
        let (x0, y0) = place(thermograph, 0.0, high);
        let (x1, _) = place(thermograph, 0.0, low);
        let (xv, ybottom) = place(thermograph, -1.0, 0.0);
        let (_, ytop) = place(thermograph, top, 0.0);
        let _ = writeln!(
            out,
            "<line x1=\"{x0:.2}\" y1=\"{y0:.2}\" x2=\"{x1:.2}\" y2=\"{y0:.2}\" stroke=\"gray\"/>\n\
             <line x1=\"{xv:.2}\" y1=\"{ybottom:.2}\" x2=\"{xv:.2}\" y2=\"{ytop:.2}\" stroke=\"gray\"/>\n\
             <text x=\"{:.2}\" y=\"{:.2}\" fill=\"gray\">t = 0</text>\n\
             <text x=\"{:.2}\" y=\"{:.2}\" fill=\"gray\" text-anchor=\"middle\">0</text>",
            x1 + 4.0,
            y0 + 4.0,
            xv,
            ybottom + 16.0,
        );
    }

    fn mast(thermograph: &Thermograph, out: &mut String) {
        let mean = thermograph.mean().to_f64();
        let (x, y_start) = place(thermograph, thermograph.temperature().to_f64(), mean);
        let (_, y_top) = place(thermograph, top(thermograph), mean);
        let _ = writeln!(
            out,
            "<line x1=\"{x:.2}\" y1=\"{y_start:.2}\" x2=\"{x:.2}\" y2=\"{y_top:.2}\" \
             stroke=\"black\" stroke-width=\"2\" stroke-dasharray=\"6 4\"/>\n\
             <text x=\"{x:.2}\" y=\"{:.2}\" text-anchor=\"middle\">mean {}</text>\n\
             <text x=\"{:.2}\" y=\"{:.2}\">temperature {}</text>",
            y_top - 8.0,
            escape(thermograph.mean()),
            x + 6.0,
            y_start - 4.0,
            escape(thermograph.temperature()),
        );
    }

    /// A number as SVG text (a `Dyadic` prints only digits, `-` and `/`, which need no escape).
    fn escape(x: &Dyadic) -> String {
        x.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(text: &str) -> Dyadic {
        text.parse().unwrap()
    }

    fn wall(points: &[(&str, &str)], final_slope: i64) -> Wall {
        let mut knots: Vec<Knot> = points
            .windows(2)
            .map(|pair| {
                let (t0, v0) = (d(pair[0].0), d(pair[0].1));
                let (t1, v1) = (d(pair[1].0), d(pair[1].1));
                let rise = &v1 - &v0;
                let run = &t1 - &t0;
                let slope = [-2, -1, 0, 1, 2]
                    .into_iter()
                    .find(|&s| Dyadic::from_int(s) * &run == rise)
                    .expect("a test wall has small integer slopes");
                Knot {
                    at: t0,
                    value: v0,
                    slope,
                }
            })
            .collect();
        let (t, v) = points.last().unwrap();
        knots.push(Knot {
            at: d(t),
            value: d(v),
            slope: final_slope,
        });
        Wall { knots }
    }

    #[test]
    fn envelopes_cross_at_dyadic_temperatures() {
        let falling = Wall::constant(d("1")).sheared(-1); // 1 − t
        let rising = Wall::constant(d("-1")).sheared(1); // −1 + t
        assert_eq!(
            falling.max(&rising).unwrap(),
            wall(&[("-1", "2"), ("1", "0")], 1)
        );
        assert_eq!(
            falling.min(&rising).unwrap(),
            wall(&[("-1", "-2"), ("1", "0")], -1)
        );
        // A flat wall and a falling one: they cross at t = 1/2 with value 1/2.
        let flat = Wall::constant(d("1/2"));
        assert_eq!(
            flat.max(&falling).unwrap(),
            wall(&[("-1", "2"), ("1/2", "1/2")], 0)
        );
        assert_eq!(flat.value_at(&d("7")), d("1/2"));
        assert_eq!(falling.value_at(&d("3/4")), d("1/4"));
    }

    #[test]
    fn a_switch_freezes_at_its_temperature() {
        // ±1: raw walls 1 − t and −1 + t meet at t = 1 at value 0.
        let left = Wall::constant(d("1")).sheared(-1);
        let right = Wall::constant(d("-1")).sheared(1);
        let thermograph = Thermograph::from_scaffolds(&left, &right).unwrap();
        assert_eq!(thermograph.temperature(), &d("1"));
        assert_eq!(thermograph.mean(), &d("0"));
        assert_eq!(
            thermograph.left_wall(),
            &wall(&[("-1", "2"), ("1", "0")], 0)
        );
        assert_eq!(
            thermograph.right_wall(),
            &wall(&[("-1", "-2"), ("1", "0")], 0)
        );
        assert_eq!(
            thermograph.to_string(),
            "left wall:   (-1, 2) (1, 0)\nright wall:  (-1, -2) (1, 0)\n\
             mean:        0 (the mast)\ntemperature: 1"
        );
    }

    #[test]
    fn slopes_three_apart_do_not_cross_exactly() {
        let steep = Wall::constant(d("0")).sheared(2);
        let falling = Wall::constant(d("1")).sheared(-1);
        assert_eq!(steep.max(&falling), None, "they meet at t = 4/3");
        assert_eq!(divide(&d("3"), -4), Some(d("-3/4")));
        assert_eq!(divide(&d("3"), 3), None);
    }

    #[test]
    fn the_svg_draws_the_walls_and_the_mast() {
        let left = Wall::constant(d("1")).sheared(-1);
        let right = Wall::constant(d("-1")).sheared(1);
        let thermograph = Thermograph::from_scaffolds(&left, &right).unwrap();
        let picture = thermograph.to_svg();
        assert!(picture
            .starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 640 480\""));
        assert!(picture.trim_end().ends_with("</svg>"));
        let at = |t: f64, v: f64| svg::coordinates(&thermograph, t, v);
        let left_line = format!("<polyline points=\"{} {}\"", at(-1.0, 2.0), at(1.0, 0.0));
        let right_line = format!("<polyline points=\"{} {}\"", at(-1.0, -2.0), at(1.0, 0.0));
        assert!(picture.contains(&left_line), "{picture}");
        assert!(picture.contains(&right_line), "{picture}");
        assert!(picture.contains("stroke-dasharray"), "the mast is dashed");
        assert!(picture.contains(">mean 0<") && picture.contains(">temperature 1<"));
        // Left's side is the left: the value 2 is drawn left of the value −2.
        let (x_two, _) = svg::place(&thermograph, -1.0, 2.0);
        let (x_minus_two, _) = svg::place(&thermograph, -1.0, -2.0);
        assert!(x_two < x_minus_two);
        // Every tag that opens closes: a crude well-formedness check.
        assert_eq!(picture.matches('<').count(), picture.matches('>').count());
        let opened = picture.matches("<text").count();
        assert_eq!(opened, picture.matches("</text>").count());
    }

    /// A number past floating point (the review found 10^309 drawn with NaN coordinates) is
    /// not drawn at no place: the picture says it cannot draw it.
    #[test]
    fn the_svg_of_a_number_past_floating_point_says_so() {
        let huge = d(&format!("1{}", "0".repeat(309)));
        let thermograph =
            Thermograph::from_scaffolds(&Wall::constant(huge.clone()), &Wall::constant(huge))
                .unwrap();
        assert!(!svg::drawable(&thermograph));
        let picture = thermograph.to_svg();
        assert!(
            !picture.contains("NaN") && !picture.contains("inf"),
            "{picture}"
        );
        assert!(picture.contains("too large to draw"), "{picture}");
        assert!(picture.trim_end().ends_with("</svg>"));
        let large = d(&format!("1{}", "0".repeat(300)));
        let drawn =
            Thermograph::from_scaffolds(&Wall::constant(large.clone()), &Wall::constant(large))
                .unwrap();
        assert!(svg::drawable(&drawn) && !drawn.to_svg().contains("NaN"));
    }
}
