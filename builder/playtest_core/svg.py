"""Small inline SVG charts for the HTML report: no script, no network, no library.

Every label is escaped here; the markup returned is safe to insert as-is in an
autoescaped template.
"""

from __future__ import annotations

from html import escape

from markupsafe import Markup

WIDTH, HEIGHT, PAD = 560, 220, 36
COLOURS = ("#4a6fa5", "#b5523b", "#7a8b4f", "#c9a227", "#6b4f8b", "#888888")


def _frame(body: str, height: int = HEIGHT, title: str = "") -> Markup:
    t = f"<title>{escape(title)}</title>" if title else ""
    return Markup(
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" '
        f'height="{height}" role="img" font-family="sans-serif" font-size="11">{t}{body}</svg>'
    )


def bar_chart(labels: list[str], values: list[float], *, errors: list[tuple[float, float]] | None = None,
              percent: bool = False, title: str = "") -> Markup:
    """Vertical bars, optionally with (low, high) error bars."""
    if not values:
        return _frame('<text x="10" y="20">no data</text>', 40, title)
    top = max(max(values), max((e[1] for e in errors), default=0) if errors else 0) or 1
    n = len(values)
    slot = (WIDTH - 2 * PAD) / n
    bar = max(2.0, slot * 0.7)
    plot_h = HEIGHT - 2 * PAD
    parts = [f'<line x1="{PAD}" y1="{HEIGHT - PAD}" x2="{WIDTH - PAD}" y2="{HEIGHT - PAD}" stroke="#333"/>']
    for i, (label, v) in enumerate(zip(labels, values)):
        x = PAD + i * slot + (slot - bar) / 2
        h = plot_h * v / top
        y = HEIGHT - PAD - h
        colour = COLOURS[i % len(COLOURS)] if n <= len(COLOURS) else COLOURS[0]
        shown = f"{v * 100:.0f}%" if percent else (f"{v:g}" if isinstance(v, int) or v == int(v) else f"{v:.2f}")
        parts.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{bar:.1f}" height="{h:.1f}" fill="{colour}">'
                     f"<title>{escape(label)}: {escape(shown)}</title></rect>")
        if errors:
            lo, hi = errors[i]
            ylo, yhi = HEIGHT - PAD - plot_h * lo / top, HEIGHT - PAD - plot_h * hi / top
            cx = x + bar / 2
            parts.append(f'<path d="M{cx:.1f} {ylo:.1f}V{yhi:.1f}M{cx - 4:.1f} {ylo:.1f}h8M{cx - 4:.1f} {yhi:.1f}h8" '
                         'stroke="#222" fill="none"/>')
        if n <= 24:
            parts.append(f'<text x="{x + bar / 2:.1f}" y="{HEIGHT - PAD + 14}" text-anchor="middle">{escape(label)}</text>')
            parts.append(f'<text x="{x + bar / 2:.1f}" y="{y - 4:.1f}" text-anchor="middle">{escape(shown)}</text>')
    return _frame("".join(parts), title=title)


def line_chart(x_labels: list[str], series: dict[str, list[float]], *, percent: bool = True,
               title: str = "") -> Markup:
    """One line per series over the same x positions (e.g. turns), with a legend."""
    if not x_labels or not series:
        return _frame('<text x="10" y="20">no data</text>', 40, title)
    top = 1.0 if percent else (max(max(v) for v in series.values()) or 1)
    plot_h = HEIGHT - 2 * PAD
    step = (WIDTH - 2 * PAD) / max(1, len(x_labels) - 1)
    parts = [f'<line x1="{PAD}" y1="{HEIGHT - PAD}" x2="{WIDTH - PAD}" y2="{HEIGHT - PAD}" stroke="#333"/>']
    for i, label in enumerate(x_labels):
        parts.append(f'<text x="{PAD + i * step:.1f}" y="{HEIGHT - PAD + 14}" text-anchor="middle">{escape(label)}</text>')
    for k, (name, values) in enumerate(series.items()):
        colour = COLOURS[k % len(COLOURS)]
        points = " ".join(f"{PAD + i * step:.1f},{HEIGHT - PAD - plot_h * v / top:.1f}" for i, v in enumerate(values))
        parts.append(f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2"/>')
        parts.append(f'<rect x="{WIDTH - 150}" y="{8 + 14 * k}" width="10" height="10" fill="{colour}"/>'
                     f'<text x="{WIDTH - 136}" y="{17 + 14 * k}">{escape(name)}</text>')
    return _frame("".join(parts), title=title)


def share_curve(x_labels: list[str], shares: list[float], intervals: list[tuple[float, float]], target: float,
                margin: float, *, title: str = "") -> Markup:
    """A balance curve: the share at each knob value with its 95% interval, over a
    shaded band of the target +/- the margin (0% at the bottom, 100% at the top)."""
    if not x_labels:
        return _frame('<text x="10" y="20">no data</text>', 40, title)
    plot_h = HEIGHT - 2 * PAD
    step = (WIDTH - 2 * PAD) / max(1, len(x_labels) - 1)

    def y(v: float) -> float:
        return HEIGHT - PAD - plot_h * v

    def x(i: int) -> float:
        return PAD + i * step if len(x_labels) > 1 else WIDTH / 2

    band_top, band_low = y(min(1.0, target + margin)), y(max(0.0, target - margin))
    parts = [f'<rect x="{PAD}" y="{band_top:.1f}" width="{WIDTH - 2 * PAD}" height="{band_low - band_top:.1f}" '
             'fill="#e3ecd5"/>',
             f'<line x1="{PAD}" y1="{y(target):.1f}" x2="{WIDTH - PAD}" y2="{y(target):.1f}" stroke="#7a8b4f" '
             'stroke-dasharray="4 3"/>',
             f'<line x1="{PAD}" y1="{HEIGHT - PAD}" x2="{WIDTH - PAD}" y2="{HEIGHT - PAD}" stroke="#333"/>',
             f'<line x1="{PAD}" y1="{PAD}" x2="{PAD}" y2="{HEIGHT - PAD}" stroke="#333"/>']
    for v in (0.0, 0.5, 1.0):
        parts.append(f'<text x="{PAD - 4}" y="{y(v) + 4:.1f}" text-anchor="end">{v * 100:.0f}%</text>')
    for i, label in enumerate(x_labels):
        parts.append(f'<text x="{x(i):.1f}" y="{HEIGHT - PAD + 14}" text-anchor="middle">{escape(label)}</text>')
    points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(shares))
    parts.append(f'<polyline points="{points}" fill="none" stroke="{COLOURS[0]}" stroke-width="2"/>')
    for i, (v, (lo, hi)) in enumerate(zip(shares, intervals)):
        parts.append(f'<path d="M{x(i):.1f} {y(lo):.1f}V{y(hi):.1f}M{x(i) - 4:.1f} {y(lo):.1f}h8M{x(i) - 4:.1f} '
                     f'{y(hi):.1f}h8" stroke="#222" fill="none"/>')
        parts.append(f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="3" fill="{COLOURS[0]}">'
                     f"<title>{escape(x_labels[i])}: {v * 100:.1f}%</title></circle>")
    return _frame("".join(parts), title=title)
