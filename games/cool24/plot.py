"""Histogram PNG of simulated COOL 24+24 scores, drawn with pillow (no matplotlib).

Bars are stacked: games that ended in lap 1 and games that reached lap 2, so a designer sees
how much of the payout the lap-2 tail carries. Mean, median and p95 are marked.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from eventkit.tomlconf import refused
from games.cool24.settings import TEXTS
from games.cool24.sim import SimResult

W, H = 1200, 720
LEFT, RIGHT, TOP, BOTTOM = 90, 40, 150, 90
LAP1, LAP2 = (61, 123, 255), (255, 140, 26)


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def _nice_step(span: float, ticks: int) -> float:
    """A 1-2-5 step giving about `ticks` intervals over `span`."""
    raw = max(span / ticks, 1e-9)
    mag = 10 ** np.floor(np.log10(raw))
    for f in (1, 2, 5, 10):
        if f * mag >= raw:
            return float(f * mag)
    return float(10 * mag)


def plot_histogram(
    result: SimResult, path: str | Path, *, title: str = "", per_tick: int = 5
) -> Path:
    """Save the score histogram as a PNG at `path` and return the path."""
    path = Path(path)
    scores = result.scores
    top = float(np.percentile(scores, 99.5))
    x_step = _nice_step(max(top, 50.0), 10)
    top = float(np.ceil(max(top, 50.0) / x_step) * x_step)
    bins = int(round(top / x_step)) * per_tick
    width = top / bins
    edges = np.arange(bins + 1) * width
    clipped = np.minimum(scores, top - 1e-9)  # the last bar holds everything >= its start
    lap2 = result.lap2
    c1 = np.histogram(clipped[~lap2], edges)[0]
    c2 = np.histogram(clipped[lap2], edges)[0]
    y_step = _nice_step(max(1, int((c1 + c2).max())), 5)
    peak = float(np.ceil((c1 + c2).max() / y_step) * y_step) or 1.0

    img = Image.new("RGB", (W, H), (250, 250, 252))
    d = ImageDraw.Draw(img)
    pw, ph = W - LEFT - RIGHT, H - TOP - BOTTOM
    d.text((LEFT, 24), title or "COOL 24+24 score distribution", fill=(20, 20, 40), font=_font(30))
    m = result.summary()
    d.text(
        (LEFT, 70),
        f"{result.n:,} games   mean {m['mean']:.1f}   median {m['p50']:.0f}   p95 {m['p95']:.0f}"
        f"   max {m['max']:.0f}   P(lap 2) {m['p_lap2']:.2%}",
        fill=(60, 60, 80),
        font=_font(20),
    )
    # grid and y labels
    for k in range(int(round(peak / y_step)) + 1):
        y = TOP + ph - ph * k * y_step / peak
        d.line([(LEFT, y), (LEFT + pw, y)], fill=(225, 225, 232))
        d.text(
            (LEFT - 10, y), f"{k * y_step:,.0f}", fill=(90, 90, 100), font=_font(16), anchor="rm"
        )
    bar_w = pw / bins
    for i in range(bins):
        x0 = LEFT + i * bar_w + 1
        x1 = LEFT + (i + 1) * bar_w - 1
        y_base = TOP + ph
        h1 = ph * c1[i] / peak
        h2 = ph * c2[i] / peak
        if c1[i]:
            d.rectangle([x0, y_base - h1, x1, y_base], fill=LAP1)
        if c2[i]:
            d.rectangle([x0, y_base - h1 - h2, x1, y_base - h1], fill=LAP2)
    d.line([(LEFT, TOP + ph), (LEFT + pw, TOP + ph)], fill=(40, 40, 50), width=2)
    n_ticks = int(round(top / x_step))
    for k in range(n_ticks + 1):
        v = k * x_step
        x = LEFT + pw * v / top
        d.line([(x, TOP + ph), (x, TOP + ph + 6)], fill=(40, 40, 50), width=2)
        label = f"{v:,.0f}" + ("+" if k == n_ticks else "")
        d.text((x, TOP + ph + 10), label, fill=(60, 60, 70), font=_font(16), anchor="ma")
    d.text(
        (LEFT + pw / 2, H - 30),
        "score (last bar: this value and above)",
        fill=(60, 60, 70),
        font=_font(18),
        anchor="mm",
    )
    for value, name, colour in (
        (m["mean"], "mean", (200, 30, 60)),
        (m["p50"], "median", (30, 140, 60)),
        (m["p95"], "p95", (120, 40, 160)),
    ):
        x = LEFT + pw * min(value, top) / top
        for y in range(TOP, TOP + ph, 12):
            d.line([(x, y), (x, y + 6)], fill=colour, width=2)
        d.text(
            (x + 4, TOP + 4 + 22 * ("mean", "median", "p95").index(name)),
            name,
            fill=colour,
            font=_font(16),
        )
    # legend
    lx = LEFT + pw - 260
    for j, (label, colour) in enumerate((("ended in lap 1", LAP1), ("reached lap 2", LAP2))):
        y = TOP - 40 + j * 22
        d.rectangle([lx, y, lx + 16, y + 16], fill=colour)
        d.text((lx + 24, y), label, fill=(40, 40, 50), font=_font(16))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        img.save(path, "PNG")
    except OSError as exc:
        raise refused(TEXTS, "plot_unwritable", path=path, reason=exc) from None
    return path
