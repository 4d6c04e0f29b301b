"""Colours, texts and image loading shared by the PDF and PNG card renderers."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PIL import Image

from bingo.config import Config
from cards.texts import TABLES
from eventkit.images import load_square, looked_for
from eventkit.tomlconf import phrase

if TYPE_CHECKING:
    from cards.layout import Rect

INK = "#3b2f63"  # dark purple for text and frames
PAPER = "#fff4dc"  # cream card background
PANEL = "#ffffff"
FREE_FILL = "#ffe27a"
IMAGE_MAX_PX = 512  # larger images are scaled down before embedding
PRESS_MAX_PX = 3000  # for the press: 300 ppi across a 25 cm cell

Warn = Callable[[str], None]

_EN_NUMBERS = {
    1: "one",
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
}
_FULLWIDTH = str.maketrans("0123456789", "０１２３４５６７８９")


def rgb(colour: str) -> tuple[int, int, int]:
    colour = colour.lstrip("#")
    if len(colour) == 3:
        colour = "".join(ch * 2 for ch in colour)
    return int(colour[0:2], 16), int(colour[2:4], 16), int(colour[4:6], 16)


def mix(colour: str, other: str, t: float) -> str:
    """`colour` moved a fraction t towards `other`, as "#rrggbb"."""
    a, b = rgb(colour), rgb(other)
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(a, b, strict=True))


def number_colours(config: Config, number: int) -> tuple[str, str]:
    """(fill, outline) of a number's text: the configured column colour and its outline."""
    fill = config.text_color_of(number)
    fills = config.columns.fill
    outline = config.columns.outline[fills.index(fill)] if fill in fills else INK
    return fill, outline


def rule_lines(config: Config, *, narrow: bool = False) -> tuple[str, ...]:
    """The Puyo rule reminder printed by the grid (digits kept out of the page text); `narrow`
    breaks it into short lines for the column beside the grid."""
    k = config.board.threshold
    if config.event.language == "en":
        count = _EN_NUMBERS.get(k, str(k))
        if narrow:
            return ("Connect", f"{count} marked", "cells for", "BINGO!")
        return (f"Connect {count} marked", "cells for BINGO!")
    count = str(k).translate(_FULLWIDTH)
    if narrow:
        return ("上下左右に", f"{count}マス", "つながれば", "ビンゴ！")
    return (f"上下左右に{count}マス", "つながればビンゴ！")


def free_text(config: Config) -> str:
    """The free centre's word on a card, in the event's language (the registry keeps FREE)."""
    return "FREE" if config.event.language == "en" else "フリー"


def serial_text(serial: int, width: int) -> str:
    return f"No.{serial:0{width}d}"


def bubbles(
    seed: int, width: float, height: float, panel: Rect | None = None, count: int = 16
) -> list[tuple[float, float, float, int]]:
    """Deterministic decoration bubbles: (x, y, radius, column index) in card units.

    Each lies inside the card; with `panel` given, its centre is outside the panel, so the
    bubbles peek out from behind it.
    """
    rng = random.Random(seed)
    out: list[tuple[float, float, float, int]] = []
    tries = 0
    while len(out) < count and tries < 2000:
        tries += 1
        r = rng.uniform(0.02, 0.05) * min(width, height)
        x, y = rng.uniform(r, width - r), rng.uniform(r, height - r)
        if panel is not None and panel.x < x < panel.x + panel.w and panel.y < y < panel.top:
            continue
        out.append((x, y, r, len(out)))
    return out


@dataclass(frozen=True)
class LoadedImage:
    path: Path
    image: Image.Image  # RGB, square, at most IMAGE_MAX_PX (PRESS_MAX_PX for the press)


def load_images(
    config: Config, enabled: bool, warn: Warn, max_px: int = IMAGE_MAX_PX
) -> dict[int, LoadedImage]:
    """Each number's image, read once per file (scaled down to `max_px`: more for the press);
    missing files are warned about, a damaged one is an ImageError naming it."""
    if not enabled:
        return {}
    by_path: dict[Path, LoadedImage | None] = {}
    result: dict[int, LoadedImage] = {}
    missing: list[str] = []
    board = config.board
    for number in range(1, board.total_numbers + 1):
        path = config.image_path(number)
        if path is None:
            missing.append(board.image_stem(number, config.columns.names))
            continue
        if path not in by_path:
            by_path[path] = _load_one(path, max_px)
        loaded = by_path[path]
        if loaded is not None:
            result[number] = loaded
    if missing:
        unique = sorted(set(missing), key=missing.index)
        examples = ", ".join(looked_for(stem) for stem in unique[:3])
        more = phrase(TABLES, "and_more", count=len(unique) - 3) if len(unique) > 3 else ""
        folder = config.pictures().folder
        told = phrase(TABLES, "no_images", examples=examples, more=more, folder=folder)
        warn(phrase(TABLES, "warning", text=told))
    return result


def _load_one(path: Path, max_px: int = IMAGE_MAX_PX) -> LoadedImage:
    """The shared loader (eventkit.images): a damaged or too large picture is an ImageError
    naming the file, so `bingo cards` stops before writing anything (--no-images skips)."""
    return LoadedImage(path, load_square(path, max_px))
