"""Measuring the text on the audience view: every piece the room reads, as drawn (TextLog in
bingo.ui.art), against the box it was drawn in and against the screen's height. Used by the
projector tests and benchmarks/bench_projector_text.py."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QFontMetricsF

from bingo.ui.art import TextLog

MIN_SHARE = 0.025  # nothing the room reads is smaller than this share of the screen height


def refresh_caches(window) -> None:
    """Forget every cached picture so the next grab draws (and logs) all the text anew."""
    window.art.clear()
    window._title = None
    window.board.invalidate()
    window.odds_panel._invalidate()
    window.reel.invalidate()


def grab_text(window, widget=None) -> list[dict]:
    """Grab `widget` (default: the window) with fresh caches; the text drawn, as logged."""
    refresh_caches(window)
    entries = TextLog.start()
    try:
        (widget or window).grab()
    finally:
        TextLog.stop()
    return entries


def text_px(entry: dict) -> float:
    """The pixel size a piece of text is drawn at on the screen."""
    return entry["font"].pixelSize() * abs(entry["scale"] or 1.0)


def text_problems(entries: list[dict], screen_h: int, min_share: float = MIN_SHARE) -> list[str]:
    """Each piece of text cut by its box or smaller than `min_share` of the screen height."""
    least = screen_h * min_share - 0.5
    problems = []
    for e in entries:
        font, rect, text = e["font"], e["rect"], e["text"]
        px = text_px(e)
        if px < least:
            problems.append(f"{text!r}: {px:.1f} px < {least + 0.5:.1f} px")
        if e["ink"] is not None:  # outlined text: its outline's bounds against the box
            ink = e["ink"]
            slack = max(2.0, font.pixelSize() * 0.12)
            if ink.left() < rect.left() - slack or ink.right() > rect.right() + slack:
                problems.append(f"{text!r}: ink {ink.width():.0f} px wide in {rect.width():.0f}")
            continue
        box = QFontMetricsF(font).boundingRect(QRectF(rect), e["flags"], text)
        if box.width() > rect.width() + 1 or box.height() > rect.height() + 1:
            problems.append(
                f"{text!r}: needs {box.width():.0f}x{box.height():.0f} in "
                f"{rect.width():.0f}x{rect.height():.0f} ({font.pixelSize()} px)"
            )
    return problems


def text_box(entry: dict) -> QRectF:
    """Where a piece of text lands on its device (its ink for outlined text)."""
    if entry["ink"] is not None:
        box = QRectF(entry["ink"])
    else:
        box = QFontMetricsF(entry["font"]).boundingRect(
            QRectF(entry["rect"]), entry["flags"], entry["text"]
        )
    return entry["transform"].mapRect(box)


def overlapping(entries: list[dict]) -> list[str]:
    """Pairs of texts drawn over each other on the same picture (more than a sliver)."""
    found = []
    boxes = [(e, text_box(e)) for e in entries]
    for i, (a, box_a) in enumerate(boxes):
        for b, box_b in boxes[i + 1 :]:
            if a["device_id"] != b["device_id"]:
                continue
            inter = box_a.intersected(box_b)
            if inter.isEmpty():
                continue
            smaller = min(box_a.width() * box_a.height(), box_b.width() * box_b.height())
            if inter.width() * inter.height() > 0.15 * smaller:
                found.append(f"{a['text']!r} over {b['text']!r}")
    return found
