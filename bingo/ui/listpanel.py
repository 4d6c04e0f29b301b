"""A framed list over the projector (the winners' board, the claims list), in the show's style.

Every text is placed in a box computed once per layout (`text_boxes`), so what is painted is
what tests measure: nothing cut, nothing the room reads under 2.5 % of the window's height.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QEvent, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QWidget

from bingo.ui.art import TEXT, TEXT_DIM, fit_font

MIN_TEXT = 0.025  # of the window's height: the smallest text the room reads
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
        w, h = self.width(), self.height()
        return QRectF(w * 0.08, h * 0.07, w * 0.84, h * 0.86)

    def row_rects(self, count: int) -> tuple[list[QRectF], bool]:
        """The rectangles of the rows that fit (and whether a "+N more" line takes the last)."""
        panel, h = self.panel(), self.height()
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

    def text_boxes(self) -> list[TextBox]:
        """Every text of the panel with the box and font it is painted in."""
        panel, h = self.panel(), self.height()
        boxes: list[TextBox] = []
        title = QRectF(panel.left(), panel.top() + h * 0.02, panel.width(), h * 0.09)
        boxes.append(self._box(self.title(), title.adjusted(h * 0.03, 0, -h * 0.03, 0), h * 0.055))
        rows = self.rows()
        rects, more = self.row_rects(len(rows))
        listed = rows[: len(rects) - 1] if more else rows[: len(rects)]
        columns: dict[int, list[TextBox]] = {}
        for rect, cells in zip(rects, listed, strict=False):
            x = rect.left()
            for column, cell in enumerate(cells):
                width = rect.width() * cell.share
                box = QRectF(x, rect.top(), width, rect.height()).adjusted(
                    h * 0.008, 0, -h * 0.008, 0
                )
                x += width
                if cell.text:
                    text_box = self._box(
                        cell.text, box, rect.height() * 0.52, cell.colour, cell.align
                    )
                    columns.setdefault(column, []).append(text_box)
                    boxes.append(text_box)
        for column_boxes in columns.values():  # one size down a column, as a table reads
            smallest = min(box.font.pixelSize() for box in column_boxes)
            for box in column_boxes:
                box.font.setPixelSize(smallest)
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


def box_fits(box: TextBox) -> bool:
    """The text's painted extent lies inside its box (nothing cut)."""
    metrics = QFontMetricsF(box.font)
    return metrics.horizontalAdvance(box.text) <= box.rect.width() + 0.5 and (
        metrics.height() <= box.rect.height() + 0.5
    )
