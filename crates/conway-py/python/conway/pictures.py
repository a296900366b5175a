"""Pictures for notebooks, as plain SVG text (no plotting library needed).

`sequence_svg(seq)` draws a nim-sequence (`conway.seq`): the value of each heap against its
size, one dot per heap, with the preperiod shaded and the first period after it marked by a
hatched band and brackets. Everything is labelled in words as well as shaded, so the picture
reads in black and white.
"""

from html import escape

__all__ = ["sequence_svg"]

WIDTH = 720
HEIGHT = 300
LEFT, RIGHT, TOP, BOTTOM = 56, 16, 36, 44


def _ticks(high, count=5):
    """About `count` round tick values from 0 to `high` (an int >= 0)."""
    if high <= 0:
        return [0]
    raw = high / count
    step = 1
    while step * 10 <= raw:
        step *= 10
    for factor in (1, 2, 5, 10):
        if step * factor >= raw:
            step *= factor
            break
    return list(range(0, high + 1, step))


def sequence_svg(seq, max_points=2000):
    """The SVG picture of a `conway.Sequence`: its first `max_points` values (every one for a
    shorter sequence) as dots of value against heap size, the preperiod shaded and one period
    after it hatched, with axes, ticks and a title saying what the period is."""
    count = min(len(seq), max(1, int(max_points)))
    values = seq[:count]
    top_value = max(values) if values else 0
    plot_w = WIDTH - LEFT - RIGHT
    plot_h = HEIGHT - TOP - BOTTOM
    x_span = max(count - 1, 1)
    y_span = max(top_value, 1)

    def x(n):
        return LEFT + plot_w * n / x_span

    def y(v):
        return TOP + plot_h * (1 - v / y_span)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="11">',
        "<defs>"
        '<pattern id="conway-hatch" width="6" height="6" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)">'
        '<line x1="0" y1="0" x2="0" y2="6" stroke="#888" stroke-width="1.5"/></pattern>'
        "</defs>",
        f'<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
    ]

    # The title says in words what the shading shows.
    period, preperiod = seq.period, seq.preperiod
    if period is None:
        finding = "no period found"
    else:
        saltus = f", saltus {seq.saltus}" if seq.saltus else ""
        proof = "proved" if seq.proved else "not proved"
        finding = f"period {period} from heap {preperiod}{saltus} ({proof})"
    shown = "" if count == len(seq) else f"; the first {count} of {len(seq)} heaps shown"
    parts.append(
        f'<text x="{LEFT}" y="20" font-size="13">'
        f"{escape(seq.game)}: nim values of heaps 0..{seq.to}, {finding}{shown}</text>"
    )

    # The preperiod, shaded, and one period after it, hatched, where they are in view.
    if period is not None:
        half = 0.5 * plot_w / x_span
        if preperiod > 0 and preperiod - 1 < count:
            left, right = x(0) - half, x(min(preperiod, count) - 1) + half
            parts.append(
                f'<rect x="{left:.1f}" y="{TOP}" width="{right - left:.1f}" height="{plot_h}" '
                'fill="#e6e6e6"/>'
            )
            parts.append(
                f'<text x="{(left + right) / 2:.1f}" y="{TOP + 12}" text-anchor="middle" '
                'fill="#444">preperiod</text>'
            )
        if preperiod < count:
            last = min(preperiod + period, count) - 1
            left, right = x(preperiod) - half, x(last) + half
            parts.append(
                f'<rect x="{left:.1f}" y="{TOP}" width="{right - left:.1f}" height="{plot_h}" '
                'fill="url(#conway-hatch)" fill-opacity="0.5" stroke="#444" '
                'stroke-dasharray="4 2"/>'
            )
            parts.append(
                f'<text x="{(left + right) / 2:.1f}" y="{TOP - 4}" text-anchor="middle">'
                f"one period ({period})</text>"
            )

    # Axes, ticks and their labels.
    parts.append(
        f'<line x1="{LEFT}" y1="{TOP + plot_h}" x2="{LEFT + plot_w}" y2="{TOP + plot_h}" '
        'stroke="black"/>'
    )
    parts.append(f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{TOP + plot_h}" stroke="black"/>')
    for n in _ticks(count - 1, 8):
        parts.append(
            f'<line x1="{x(n):.1f}" y1="{TOP + plot_h}" x2="{x(n):.1f}" y2="{TOP + plot_h + 4}" '
            'stroke="black"/>'
        )
        parts.append(
            f'<text x="{x(n):.1f}" y="{TOP + plot_h + 16}" text-anchor="middle">{n}</text>'
        )
    for v in _ticks(top_value, 5):
        parts.append(
            f'<line x1="{LEFT - 4}" y1="{y(v):.1f}" x2="{LEFT}" y2="{y(v):.1f}" stroke="black"/>'
        )
        parts.append(
            f'<text x="{LEFT - 7}" y="{y(v) + 4:.1f}" text-anchor="end">{v}</text>'
        )
    parts.append(
        f'<text x="{LEFT + plot_w / 2}" y="{HEIGHT - 8}" text-anchor="middle">heap size n</text>'
    )
    parts.append(
        f'<text x="14" y="{TOP + plot_h / 2}" text-anchor="middle" '
        f'transform="rotate(-90 14 {TOP + plot_h / 2})">nim value g(n)</text>'
    )

    # The values: one dot per heap, smaller when there are many.
    radius = 2.5 if count <= 200 else 1.5 if count <= 800 else 1
    dots = "".join(
        f'<circle cx="{x(n):.1f}" cy="{y(v):.1f}" r="{radius}"/>' for n, v in enumerate(values)
    )
    parts.append(f'<g fill="black">{dots}</g>')
    parts.append("</svg>")
    return "".join(parts)
