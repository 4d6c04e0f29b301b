"""A framed list over the projector (the winners' board, the claims list), in the show's style.

Every text is placed in a box computed once per layout (`text_boxes`), so what is painted is
what tests measure: nothing cut, nothing the room reads under 2.5 % of the window's height.
A cell's text that is too long for one line wraps onto two (between phrases, see
`bingo.ui.phrases`) and, only when two lines at the smallest size are not enough, ends in "…";
it never shrinks below the floor, and a long cell never shrinks the short ones below their best.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from PySide6.QtCore import QEvent, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QWidget

from bingo.ui.art import TEXT, TEXT_DIM, fit_font, ui_font

MIN_TEXT = 0.025  # of the window's height: the smallest text the room reads
FLOOR_TEXT = 0.026  # the size cells stop shrinking at (a pixel above MIN_TEXT after rounding)
LINE_GAP = 1.02  # two wrapped lines need this many times their metrics' line spacing
ROW_MAX = 0.085  # of the height: a row's height with few rows
ROW_MIN = 0.06  # with many rows (its text stays above MIN_TEXT); more rows are summed up


@dataclass(frozen=True)
class Cell:
    """One text in a row: its share of the row's width, colour and alignment."""

    text: str
    share: float
    colour: QColor = field(default_factory=lambda: QColor(TEXT))
    align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignLeft


@dataclass(frozen=True)
class TextBox:
    text: str
    rect: QRectF
    font: QFont
    colour: QColor
    align: Qt.AlignmentFlag


class ListPanel(QWidget):
    """A title, rows of cells and a footer line; subclasses say what the rows are."""

    closed = Signal()

    def __init__(self, highlight: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.highlight = QColor(highlight)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        if parent is not None:
            parent.installEventFilter(self)  # follows the window's size
        self.hide()

    def eventFilter(self, watched, event) -> bool:
        if watched is self.parentWidget() and event.type() == QEvent.Type.Resize:
            self.setGeometry(watched.rect())
        return False

    # ---------------------------------------------------------------- what to show
    def title(self) -> str:
        raise NotImplementedError

    def rows(self) -> list[list[Cell]]:
        raise NotImplementedError

    def footer(self) -> str:
        return ""

    def more_text(self, hidden: int) -> str:
        return f"+{hidden}"

    # ---------------------------------------------------------------- open / close
    def open(self) -> None:
        if self.parentWidget() is not None:
            self.setGeometry(self.parentWidget().rect())
        self.refresh()
        self.show()
        self.raise_()
        self.setFocus()

    def toggle(self) -> None:
        if self.isVisible():
            self.close_view()
        else:
            self.open()

    def close_view(self) -> None:
        if self.isVisible():
            self.hide()
            self.closed.emit()

    def refresh(self) -> None:
        self._layout_children()
        self.update()

    def resizeEvent(self, event) -> None:
        self._layout_children()
        super().resizeEvent(event)

    def _layout_children(self) -> None:
        """Place child widgets (buttons) beside the row boxes; none by default."""

    # ---------------------------------------------------------------- layout
    def panel(self) -> QRectF:
        return panel_rect(self.width(), self.height())

    def row_rects(self, count: int) -> tuple[list[QRectF], bool]:
        """The rectangles of the rows that fit (and whether a "+N more" line takes the last)."""
        return row_rects(self.width(), self.height(), count)

    def text_boxes(self) -> list[TextBox]:
        """Every text of the panel with the box and font it is painted in."""
        panel, h = self.panel(), self.height()
        boxes: list[TextBox] = []
        title = QRectF(panel.left(), panel.top() + h * 0.02, panel.width(), h * 0.09)
        boxes.append(self._box(self.title(), title.adjusted(h * 0.03, 0, -h * 0.03, 0), h * 0.055))
        rows = self.rows()
        rects, more = self.row_rects(len(rows))
        listed = rows[: len(rects) - 1] if more else rows[: len(rects)]
        columns: dict[int, list[tuple[Cell, QRectF]]] = {}
        for rect, cells in zip(rects, listed, strict=False):
            for column, (cell, box) in enumerate(
                zip(cells, cell_boxes(rect, cells, h), strict=True)
            ):
                if cell.text:
                    columns.setdefault(column, []).append((cell, box))
        for cells in columns.values():  # one size down a column, as a table reads
            floor = h * FLOOR_TEXT
            size = min(best_size(cell.text, box, box.height() * 0.52, floor) for cell, box in cells)
            for cell, box in cells:
                font = ui_font(size, QFont.Weight.Bold)
                text = fit_lines(cell.text, QFontMetricsF(font), box)
                boxes.append(TextBox(text, box, font, cell.colour, cell.align))
        if more:
            hidden = len(rows) - len(listed)
            boxes.append(
                self._box(self.more_text(hidden), rects[-1], rects[-1].height() * 0.45, TEXT_DIM)
            )
        footer = self.footer()
        if footer:
            rect = QRectF(panel.left(), panel.bottom() - h * 0.075, panel.width(), h * 0.06)
            boxes.append(
                self._box(
                    footer,
                    rect.adjusted(h * 0.03, 0, -self.footer_reserve(), 0),
                    h * 0.032,
                    TEXT_DIM,
                )
            )
        return boxes

    def footer_reserve(self) -> float:
        """Room kept free at the footer's right (for a button)."""
        return self.height() * 0.03

    def _box(
        self,
        text: str,
        rect: QRectF,
        max_px: float,
        colour: QColor = TEXT,
        align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignLeft,
    ) -> TextBox:
        font = fit_font(text, rect, max_px, QFont.Weight.Bold)
        while font.pixelSize() > 1 and QFontMetricsF(font).horizontalAdvance(text) > rect.width():
            font.setPixelSize(font.pixelSize() - 1)  # fit_font rounds: never a cut letter
        return TextBox(text, rect, font, colour, align)

    # ---------------------------------------------------------------- painting
    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        h = self.height()
        p.fillRect(self.rect(), QColor(4, 3, 12, 225))
        panel = self.panel()
        p.setPen(QPen(self.highlight, max(2.0, h * 0.004)))
        p.setBrush(QColor("#17142e"))
        p.drawRoundedRect(panel, h * 0.03, h * 0.03)
        rows = self.rows()
        rects, more = self.row_rects(len(rows))
        p.setPen(Qt.PenStyle.NoPen)
        for i, rect in enumerate(rects[: len(rects) - 1] if more else rects):
            if i % 2 == 0:
                p.setBrush(QColor(255, 255, 255, 14))
                p.drawRoundedRect(
                    rect.adjusted(0, rect.height() * 0.06, 0, -rect.height() * 0.06),
                    h * 0.01,
                    h * 0.01,
                )
        for box in self.text_boxes():
            p.setPen(box.colour)
            p.setFont(box.font)
            p.drawText(box.rect, box.align | Qt.AlignmentFlag.AlignVCenter, box.text)
        p.end()


def panel_rect(w: float, h: float) -> QRectF:
    return QRectF(w * 0.08, h * 0.07, w * 0.84, h * 0.86)


def row_rects(w: float, h: float, count: int) -> tuple[list[QRectF], bool]:
    """A panel's row rectangles for `count` rows on a w x h window: those that fit, and whether a
    "+N more" line takes the last (a function of the size, so check-config can measure too)."""
    panel = panel_rect(w, h)
    top = panel.top() + h * 0.13
    bottom = panel.bottom() - h * 0.09
    inner = panel.adjusted(panel.width() * 0.04, 0, -panel.width() * 0.04, 0)
    if count == 0:
        return [], False
    row_h = min(h * ROW_MAX, (bottom - top) / count)
    fits = count
    if row_h < h * ROW_MIN:
        row_h = h * ROW_MIN
        fits = int((bottom - top) // row_h)
    more = fits < count
    shown = fits - 1 if more else fits
    rects = [QRectF(inner.left(), top + i * row_h, inner.width(), row_h) for i in range(shown)]
    if more:
        rects.append(QRectF(inner.left(), top + shown * row_h, inner.width(), row_h))
    return rects, more


def cell_boxes(rect: QRectF, cells: list[Cell], h: float) -> list[QRectF]:
    """The box each cell's text is drawn in, left to right across a row."""
    boxes, x = [], rect.left()
    for cell in cells:
        width = rect.width() * cell.share
        boxes.append(
            QRectF(x, rect.top(), width, rect.height()).adjusted(h * 0.008, 0, -h * 0.008, 0)
        )
        x += width
    return boxes


def box_fits(box: TextBox) -> bool:
    """The text's painted extent lies inside its box (nothing cut; wrapped lines included)."""
    metrics = QFontMetricsF(box.font)
    lines = box.text.split("\n")
    wide = max(metrics.horizontalAdvance(line) for line in lines)
    tall = metrics.height() + (len(lines) - 1) * metrics.lineSpacing() * LINE_GAP
    return wide <= box.rect.width() + 0.5 and tall <= box.rect.height() + 0.5


def _lines_fit(text: str, metrics: QFontMetricsF, box: QRectF, lines: int) -> bool:
    if metrics.height() + (lines - 1) * metrics.lineSpacing() * LINE_GAP > box.height():
        return False
    if lines == 1:
        return metrics.horizontalAdvance(text) <= box.width()
    first, rest = wrap_once(text, metrics, box.width())
    return bool(first) and metrics.horizontalAdvance(rest) <= box.width()


def best_size(text: str, box: QRectF, max_px: float, floor_px: float) -> int:
    """The pixel size for `text` in `box`: the largest on one line down to three quarters of
    `max_px`; below that, the largest on one line or wrapped on two, `floor_px` at least (the
    floor when it fits neither: `fit_lines` then ends it in "…")."""
    low, top = max(1, math.ceil(floor_px)), max(1, math.floor(max_px))
    comfortable = max(low, math.ceil(max_px * 0.75))
    for size in range(top, low, -1):
        metrics = QFontMetricsF(ui_font(size, QFont.Weight.Bold))
        if _lines_fit(text, metrics, box, 1):
            return size
        if size <= comfortable and _lines_fit(text, metrics, box, 2):
            return size
    return low


def wrap_once(text: str, metrics: QFontMetricsF, width: float) -> tuple[str, str]:
    """The longest first line that fits `width`, broken between phrases (BudouX for Japanese,
    spaces for English), and the rest; ("", text) when not even one phrase fits."""
    from bingo.ui.phrases import phrases

    parts = phrases(text)
    first = ""
    for i in range(1, len(parts)):
        candidate = "".join(parts[:i]).rstrip()
        if metrics.horizontalAdvance(candidate) > width:
            break
        first = candidate
    if not first:
        return "", text
    return first, text[len(first) :].lstrip()


def fit_lines(text: str, metrics: QFontMetricsF, box: QRectF) -> str:
    """`text` as painted in `box`: one line, two lines ("\n"), or ending in "…" when even two
    lines cannot hold it (one line when the box has no room for two)."""
    width = box.width()
    if metrics.horizontalAdvance(text) <= width:
        return text
    elide = Qt.TextElideMode.ElideRight
    if metrics.height() + metrics.lineSpacing() * LINE_GAP > box.height():
        return metrics.elidedText(text, elide, width)
    first, rest = wrap_once(text, metrics, width)
    if not first:  # one unbreakable word: cut it by the character
        return metrics.elidedText(text, elide, width)
    return first + "\n" + metrics.elidedText(rest, elide, width)
