"""Measuring the text on the audience view: every piece the room reads, as drawn (TextLog in
bingo.ui.art), against the box it was drawn in and against the screen's height. Used by the
projector tests and benchmarks/bench_projector_text.py."""

from __future__ import annotations

import weakref

from PySide6.QtCore import QPoint, QRectF
from PySide6.QtGui import QFontMetricsF

from bingo.ui.art import TextLog

MIN_SHARE = 0.025  # nothing the room reads is smaller than this share of the screen height


def refresh_caches(window) -> None:
    """Forget every cached picture so the next grab draws (and logs) all the text anew. The
    numbers' cells and column letters are kept: each logs the text it was drawn with when a
    grab first uses it (keep_cell_text), as drawing it afresh would, without drawing every cell
    of the board again for each grab."""
    keep_cell_text(window.art)
    window._title = None
    window.board.invalidate()
    window.odds_panel._invalidate()
    window.reel.invalidate()


class _CellText:
    """The text each cached cell and letter of an ArtCache was drawn with (TextLog entries):
    said again the first time the picture is used in a grab, so a grab logs what a fresh
    render would. A picture drawn while nothing was logging (ahead of a spin, a paint between
    grabs) is drawn again the first time a grab uses it, so its text is logged. It holds the
    ArtCache weakly (no reference cycle: the pictures go with the window, in the GUI thread,
    never in a collection that may run in the odds' worker thread)."""

    def __init__(self, art) -> None:
        self.logged: dict[tuple, tuple[object, list[dict]]] = {}
        self.said: dict[tuple, object] = {}  # the log each picture's text was last said into
        owner, kind = weakref.ref(art), type(art)

        def kept_cell(number, width, height, lit=True, big_digits=False):
            art = owner()
            key = (number, width, height, lit, big_digits)
            return self.use(("cell", *key), art._cells, key, lambda: kind.cell(art, *key))

        def kept_letter(column, width, height):
            art = owner()
            key = (column, width, height)
            return self.use(("letter", *key), art._letters, key, lambda: kind.letter(art, *key))

        art.cell, art.letter = kept_cell, kept_letter

    def use(self, key: tuple, cache: dict, cache_key: tuple, make):
        log = TextLog.entries
        if log is None:
            return make()
        picture = cache.get(cache_key)
        known = self.logged.get(key)
        if picture is not None and known is not None and known[0] is picture:
            if self.said.get(key) is not log:
                log.extend(dict(entry) for entry in known[1])
                self.said[key] = log
            return picture
        if picture is not None:  # drawn while nothing was logging: drawn again, logged
            del cache[cache_key]
        start = len(log)
        picture = make()
        self.logged[key] = (picture, [dict(entry) for entry in log[start:]])
        self.said[key] = log
        return picture


def keep_cell_text(art) -> None:
    """Make `art` (an ArtCache) log its cells' and letters' text in every grab (_CellText)."""
    if getattr(art, "_cell_text", None) is None:
        art._cell_text = _CellText(art)


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
    least = screen_h * min_share  # strict: 19 px at 768 is 2.47 %, too small
    problems = []
    for e in entries:
        font, rect, text = e["font"], e["rect"], e["text"]
        px = text_px(e)
        if px < least - 1e-6:
            problems.append(f"{text!r}: {px:.1f} px < {least:.1f} px")
        outside = _outside(e)
        if outside:
            problems.append(f"{text!r}: {outside}")
        if e["ink"] is not None:  # outlined text: its outline's bounds against the box
            ink = e["ink"]
            slack = max(2.0, font.pixelSize() * 0.12)
            if ink.left() < rect.left() - slack or ink.right() > rect.right() + slack:
                problems.append(f"{text!r}: ink {ink.width():.0f} px wide in {rect.width():.0f}")
            continue
        box = QFontMetricsF(font).boundingRect(QRectF(rect), e["flags"], e.get("drawn", text))
        if box.width() > rect.width() + 1 or box.height() > rect.height() + 1:
            problems.append(
                f"{text!r}: needs {box.width():.0f}x{box.height():.0f} in "
                f"{rect.width():.0f}x{rect.height():.0f} ({font.pixelSize()} px)"
            )
    return problems


def _outside(entry: dict) -> str:
    """Whether a text runs past what its picture shows (the clip or the device), e.g. a label
    placed left of a dot near the left edge: "" when it is all inside."""
    bounds = entry.get("bounds")
    if bounds is None:
        return ""
    if entry["ink"] is not None:
        box = QRectF(entry["ink"])
    else:
        box = QFontMetricsF(entry["font"]).boundingRect(
            QRectF(entry["rect"]), entry["flags"], entry.get("drawn", entry["text"])
        )
    slack = 1.0 if entry["ink"] is None else max(2.0, entry["font"].pixelSize() * 0.12)
    if (
        box.left() < bounds.left() - slack
        or box.right() > bounds.right() + slack
        or box.top() < bounds.top() - slack
        or box.bottom() > bounds.bottom() + slack
    ):
        return (
            f"drawn at x {box.left():.0f}..{box.right():.0f}, y {box.top():.0f}..{box.bottom():.0f}"
            f" outside its picture ({bounds.left():.0f}..{bounds.right():.0f},"
            f" {bounds.top():.0f}..{bounds.bottom():.0f}): cut"
        )
    return ""


def text_box(entry: dict) -> QRectF:
    """Where a piece of text lands on its device (its ink for outlined text)."""
    if entry["ink"] is not None:
        box = QRectF(entry["ink"])
    else:
        box = QFontMetricsF(entry["font"]).boundingRect(
            QRectF(entry["rect"]), entry["flags"], entry.get("drawn", entry["text"])
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


def line_edit_problems(edit, screen_h: int, min_share: float = MIN_SHARE) -> list[str]:
    """A text field (the card check's): its text all in view (not scrolled, so its start is not
    cut) and its font at least `min_share` of the screen height."""
    text = edit.text()
    problems = []
    px = edit.font().pixelSize()
    if px < screen_h * min_share - 1e-6:
        problems.append(f"field {text!r}: {px} px < {screen_h * min_share:.1f} px")
    if not text:
        return problems
    edit.setCursorPosition(len(text))  # the end in view: a field too narrow scrolls its start out
    metrics = QFontMetricsF(edit.font())
    y = edit.height() // 2
    start = edit.cursorPositionAt(QPoint(1, y))
    end = edit.cursorPositionAt(QPoint(edit.width() - 2, y))
    if start > 0 or end < len(text) or metrics.horizontalAdvance(text) > edit.width():
        problems.append(f"field {text!r}: cut, shows from character {start} to {end}")
    return problems


def wrapped_lines(entry: dict) -> list[str]:
    """The lines a word-wrapped text was laid out in (marks removed), as Qt breaks them."""
    from PySide6.QtGui import QTextLayout, QTextOption

    from bingo.ui.phrases import plain

    drawn = entry.get("drawn", entry["text"])
    layout = QTextLayout(drawn, entry["font"])
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WordWrap)
    layout.setTextOption(option)
    lines = []
    layout.beginLayout()
    while True:
        line = layout.createLine()
        if not line.isValid():
            break
        line.setLineWidth(entry["rect"].width())
        lines.append(plain(drawn[line.textStart() : line.textStart() + line.textLength()]))
    layout.endLayout()
    return lines


def broken_words(entries: list[dict]) -> list[str]:
    """Word-wrapped Japanese texts with a line that breaks inside a phrase (BudouX's)."""
    from PySide6.QtCore import Qt

    from bingo.ui.phrases import phrases

    found = []
    for e in entries:
        if not e["flags"] & int(Qt.TextFlag.TextWordWrap) or e["text"].isascii():
            continue
        for paragraph_lines in _paragraphs(e):
            text = "".join(paragraph_lines)
            cuts, at = set(), 0
            for part in phrases(text):
                at += len(part)
                cuts.add(at)
            at = 0
            for line in paragraph_lines[:-1]:
                at += len(line)
                if at not in cuts:
                    found.append(f"{e['text']!r}: a line ends inside a phrase: {line!r}")
    return found


def _paragraphs(entry: dict) -> list[list[str]]:
    """The wrapped lines of each paragraph ("\n" separated) of a logged text."""
    out = []
    for paragraph in entry.get("drawn", entry["text"]).split("\n"):
        out.append(wrapped_lines(dict(entry, drawn=paragraph)))
    return out
