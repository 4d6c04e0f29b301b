"""Measure the text a widget paints: every QPainter.drawText into a box is recorded with its
font, and checked for being whole (inside its box and inside the widget) and readable (at least
`MIN_SHARE` of the widget's height). Labels and buttons are measured from their font metrics.

    with painted_texts() as texts:
        widget.grab()
    problems = text_problems(texts, widget.height(), widget.rect())
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QPainter
from PySide6.QtWidgets import QAbstractButton, QLabel, QWidget

MIN_SHARE = 0.025  # nothing the room reads below about 2.5 % of the height


@dataclass
class PaintedText:
    text: str
    box: QRectF  # in the painted widget's coordinates
    needed: QRectF  # what the text takes, in the same coordinates
    pixels: float  # the font's height in pixels, as drawn


def _pixels(font: QFont, scale: float) -> float:
    size = font.pixelSize() if font.pixelSize() > 0 else font.pointSizeF() * 96 / 72
    return size * scale


def _callers(frame) -> set[str]:
    names = set()
    while frame is not None:
        names.add(frame.f_code.co_name)
        names.add(frame.f_code.co_qualname)
        frame = frame.f_back
    return names


@contextmanager
def painted_texts(skip: tuple[str, ...] = (), only: tuple[str, ...] = ()):
    """Record every drawText(QRectF, flags, text) while the block runs (a grab, a repaint).
    Texts whose call stack passes through a function named in `skip` (a name or a qualified
    name such as "CardPainter.paint") are left out: card faces, whose indices the card painter
    draws at the card's size. With `only`, just the texts drawn from those functions (one
    layer, e.g. a summary drawn over the board)."""
    import sys

    texts: list[PaintedText] = []
    original = QPainter.drawText

    def record(painter: QPainter, *args):
        if len(args) >= 3 and isinstance(args[0], QRectF) and isinstance(args[2], str):
            callers = _callers(sys._getframe(1))
            skipped = bool(callers & set(skip)) or bool(only and not callers & set(only))
            if not skipped and args[2].strip():
                rect, flags, text = args[0], args[1], args[2]
                flags = flags if isinstance(flags, int) else int(flags)
                metrics = QFontMetricsF(painter.font())
                needed = metrics.boundingRect(rect, flags, text)
                transform = painter.worldTransform()
                scale = (transform.m22() ** 2 + transform.m12() ** 2) ** 0.5
                texts.append(
                    PaintedText(
                        text,
                        transform.mapRect(rect),
                        transform.mapRect(needed),
                        _pixels(painter.font(), scale),
                    )
                )
        return original(painter, *args)

    QPainter.drawText = record
    try:
        yield texts
    finally:
        QPainter.drawText = original


def text_problems(
    texts: list[PaintedText], height: float, bounds: QRectF, tolerance: float = 1.5
) -> list[str]:
    """What is cut or too small, one line each (empty when everything reads)."""
    problems = []
    floor = MIN_SHARE * height
    for t in texts:
        if t.pixels + 0.01 < floor:
            problems.append(f"{t.text!r}: {t.pixels:.1f} px, below {floor:.1f} px")
        box = t.box.adjusted(-tolerance, -tolerance, tolerance, tolerance)
        if t.needed.width() > box.width() or t.needed.height() > box.height():
            problems.append(
                f"{t.text!r}: needs {t.needed.width():.0f}x{t.needed.height():.0f},"
                f" has {t.box.width():.0f}x{t.box.height():.0f}"
            )
        outer = QRectF(bounds).adjusted(-tolerance, -tolerance, tolerance, tolerance)
        if not outer.contains(t.needed):
            problems.append(f"{t.text!r}: runs off the window ({t.needed})")
    problems += overlaps(texts)
    return problems


def overlaps(texts: list[PaintedText], tolerance: float = 1.0) -> list[str]:
    """Two different texts whose inked boxes cross (one runs into the other). The same text
    drawn twice close by (a shadow under it) is not an overlap."""
    found = []
    for i, a in enumerate(texts):
        inner_a = a.needed.adjusted(tolerance, tolerance, -tolerance, -tolerance)
        for b in texts[i + 1 :]:
            if a.text == b.text:
                continue
            if inner_a.intersects(b.needed.adjusted(tolerance, tolerance, -tolerance, -tolerance)):
                found.append(f"{a.text!r} runs into {b.text!r}")
    return found


def widget_text_problems(root: QWidget, height: float) -> list[str]:
    """Visible labels and buttons under `root`: text whole and at least MIN_SHARE of height."""
    problems = []
    floor = MIN_SHARE * height
    for widget in root.findChildren(QWidget):
        if not widget.isVisibleTo(root) or not isinstance(widget, QLabel | QAbstractButton):
            continue
        text = widget.text()
        if not text:
            continue
        if isinstance(widget, QLabel) and (
            widget.textFormat() == Qt.TextFormat.RichText or text.lstrip().startswith("<")
        ):
            continue  # rich text (help pages) wraps inside its label
        font = widget.font()
        pixels = _pixels(font, 1.0)
        if pixels + 0.01 < floor:
            problems.append(f"{type(widget).__name__} {text!r}: {pixels:.1f} px < {floor:.1f}")
        metrics = QFontMetricsF(font)
        room = widget.contentsRect().width()
        if isinstance(widget, QAbstractButton):
            room -= 8  # the button's frame
        wraps = isinstance(widget, QLabel) and widget.wordWrap()
        if not wraps and metrics.horizontalAdvance(text.replace("&", "")) > room + 1:
            problems.append(f"{type(widget).__name__} {text!r}: wider than its {room}px")
        top_left = widget.mapTo(root, widget.rect().topLeft())
        inside = QRectF(root.rect()).adjusted(-1, -1, 1, 1)
        placed = QRectF(top_left.x(), top_left.y(), widget.width(), widget.height())
        if not inside.contains(placed):
            problems.append(f"{type(widget).__name__} {text!r}: off the window at {placed}")
    return problems
