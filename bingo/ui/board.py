"""The board: every number of the game by column, drawn ones lit with their picture."""

from __future__ import annotations

import math

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QWidget

from bingo.ui.art import TEXT, TEXT_DIM, draw_text, fit_block, new_pixmap, paint_panel
from bingo.ui.numberart import ArtCache

MAX_PER_LINE = 15


class HistoryBoard(QWidget):
    """A bingo flashboard: one line per column letter (wrapped past 15 numbers)."""

    def __init__(self, art: ArtCache, highlight: str, strings, parent: QWidget | None = None):
        super().__init__(parent)
        self.art = art
        self.strings = strings
        self.highlight = QColor(highlight)
        self.drawn: list[int] = []
        self._drawn_set: set[int] = set()
        self._cache: QPixmap | None = None
        board = art.config.board
        self.lines_per_column = math.ceil(board.numbers_per_column / MAX_PER_LINE)
        self.per_line = math.ceil(board.numbers_per_column / self.lines_per_column)
        self.lines = board.size * self.lines_per_column

    def set_drawn(self, drawn: list[int]) -> None:
        """Show `drawn` (in draw order; the last one is highlighted)."""
        drawn = list(drawn)
        appended = (
            self._cache is not None
            and len(drawn) == len(self.drawn) + 1
            and drawn[:-1] == self.drawn
        )
        self.drawn = drawn
        self._drawn_set = set(drawn)
        if appended:
            # One more number (the usual landing): light its cell on the cached board only,
            # so the landing frame stays cheap.
            geo = self._geometry()
            cell_w, cell_h = geo["cell"]
            p = QPainter(self._cache)
            p.drawPixmap(
                geo["cells"][drawn[-1]].topLeft(),
                self.art.cell(drawn[-1], cell_w, cell_h, True, True),
            )
            p.end()
        else:
            self._cache = None
        self.update()

    def prepare(self, number: int) -> None:
        """Render `number`'s lit cell ahead (called when the spin starts; used at the landing)."""
        if self.width() > 0:
            cell_w, cell_h = self._geometry()["cell"]
            if min(cell_w, cell_h) >= 1:  # a board squeezed to nothing has no cell to draw
                self.art.cell(number, cell_w, cell_h, True, True)

    @property
    def last(self) -> int | None:
        return self.drawn[-1] if self.drawn else None

    def invalidate(self) -> None:
        self._cache = None
        self.update()

    def resizeEvent(self, event) -> None:
        self._cache = None
        super().resizeEvent(event)

    def digit_px(self) -> float:
        """Height in pixels of the digits on a lit cell (of the widest number, the smallest)."""
        cell_w, cell_h = self._geometry()["cell"]
        widest = self.art.config.board.total_numbers
        return QFontMetricsF(self.art.cell_font(widest, cell_w, cell_h, True, True)).capHeight()

    def _geometry(self) -> dict:
        board = self.art.config.board
        w, h = self.width(), self.height()
        screen_h = self.window().height() if self.window() is not self else h
        header_h = max(h * (0.13 if self.lines <= 5 else 0.09), screen_h * 0.045)
        pad = h * 0.03
        lines = board.size * self.lines_per_column
        columns = self.per_line + 1
        gap_ratio = 0.08
        avail_w = w - 2 * pad
        avail_h = h - header_h - 2 * pad
        cell_h = min(
            avail_h / (lines + (lines - 1) * gap_ratio),
            avail_w / (columns * 1.18 + (columns - 1) * gap_ratio),
        )
        cell_w = min(cell_h * 1.3, (avail_w - (columns - 1) * gap_ratio * cell_h) / columns)
        gap = cell_h * gap_ratio
        grid_w = columns * cell_w + (columns - 1) * gap
        grid_h = lines * cell_h + (lines - 1) * gap
        x0 = (w - grid_w) / 2
        y0 = header_h + pad + (avail_h - grid_h) / 2
        cells: dict[int, QRectF] = {}
        letters: list[QRectF] = []
        for column in range(board.size):
            numbers = list(board.numbers_of_column(column))
            for line in range(self.lines_per_column):
                row = column * self.lines_per_column + line
                y = y0 + row * (cell_h + gap)
                if line == 0:
                    letters.append(QRectF(x0, y, cell_w, cell_h))
                chunk = numbers[line * self.per_line : (line + 1) * self.per_line]
                for i, n in enumerate(chunk):
                    x = x0 + (i + 1) * (cell_w + gap)
                    cells[n] = QRectF(x, y, cell_w, cell_h)
        header = QRectF(x0, 0, grid_w, header_h)
        return {
            "cells": cells,
            "letters": letters,
            "header": header,
            "cell": (round(cell_w), round(cell_h)),
            "pad": pad,
        }

    def _render(self) -> QPixmap:
        pixmap = new_pixmap(self.width(), self.height(), self.devicePixelRatioF())
        p = QPainter(pixmap)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        geo = self._geometry()
        paint_panel(p, QRectF(self.rect()).adjusted(1, 1, -1, -1), self.height() * 0.04)
        cell_w, cell_h = geo["cell"]
        for column, rect in enumerate(geo["letters"]):
            p.drawPixmap(rect.topLeft(), self.art.letter(column, cell_w, cell_h))
        for n, rect in geo["cells"].items():
            p.drawPixmap(
                rect.topLeft(), self.art.cell(n, cell_w, cell_h, n in self._drawn_set, True)
            )
        p.end()
        return pixmap

    def _paint_overlay(self, p: QPainter) -> None:
        """What changes with every draw: the glow on the last number and the count."""
        geo = self._geometry()
        cell_h = geo["cell"][1]
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        last = self.last
        if last is not None:
            rect = geo["cells"][last]
            for i in range(4, 0, -1):
                glow = QColor(self.highlight)
                glow.setAlpha(50 + 40 * (4 - i))
                p.setPen(QPen(glow, cell_h * 0.035 * i))
                p.setBrush(Qt.BrushStyle.NoBrush)
                grow = cell_h * 0.03
                p.drawRoundedRect(
                    rect.adjusted(-grow, -grow, grow, grow), cell_h * 0.14, cell_h * 0.14
                )
        header = geo["header"]
        total = self.art.config.board.total_numbers
        box = header.adjusted(0, geo["pad"] * 0.5, 0, 0)
        label = self.strings("count_label")
        count = f"{len(self.drawn)} / {total}"
        p.setPen(TEXT_DIM)
        p.setFont(fit_block(label, box.adjusted(0, 0, -box.width() * 0.5, 0), box.height() * 0.7))
        draw_text(p, box, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, label)
        p.setPen(TEXT)
        p.setFont(fit_block(count, box.adjusted(box.width() * 0.5, 0, 0, 0), box.height() * 0.86))
        draw_text(p, box, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, count)

    def paintEvent(self, event) -> None:
        if self._cache is None:
            self._cache = self._render()
        p = QPainter(self)
        p.drawPixmap(0, 0, self._cache)
        self._paint_overlay(p)
        p.end()
