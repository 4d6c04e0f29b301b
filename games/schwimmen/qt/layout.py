"""Where everything sits on the table, from the view's size and the CPU seats (no widgets).

Up to four CPUs sit in one row of tall panels (name, tags, cards, coins one under the other);
five to eight CPUs (6-9 players) sit in two rows of wide panels (name and tags on one line,
cards on the left, coins on the right), so names, coins and bubbles keep their room at the
table's smallest text.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QRectF

from games.common.qt.painter import CARD_ASPECT

ONE_ROW_MAX = 4  # CPUs that still fit in one row of seat panels
SEATS_TOP, SEATS_BOTTOM = 0.012, 0.244  # the seat area, as parts of the view's height


@dataclass(frozen=True)
class SeatParts:
    """The places inside one CPU's panel."""

    panel: QRectF
    name: QRectF
    tags: QRectF
    cards: QRectF  # the three face-down cards sit in here
    coin_icons: QRectF
    coin_text: QRectF
    bubble: QRectF  # what the CPU just did ("交換", "パス", ...)
    wide: bool


def _clamp(value: float, low: float, high: float) -> float:
    return max(low, min(high, value))


class TableLayout:
    """Rectangles of the table cards, your cards, stock, discards and the CPU seat panels."""

    def __init__(self, width: float, height: float, cpu_seats: Sequence[int]) -> None:
        self.width = width
        self.height = height
        self.cpu_seats = list(cpu_seats)

    def card_width(self) -> float:
        w, h = self.width, self.height
        return max(40.0, min(w / 7.2, h * 0.27 / CARD_ASPECT))

    def table_rect(self, j: int) -> QRectF:
        cw = self.card_width()
        ch = cw * CARD_ASPECT
        gap = cw * 0.18
        x0 = self.width / 2 - (3 * cw + 2 * gap) / 2
        y = self.height * 0.32
        return QRectF(x0 + j * (cw + gap), y, cw, ch)

    def table_label_rect(self) -> QRectF:
        """The 「場札」 line above the table cards."""
        r = self.table_rect(0)
        return QRectF(0, r.y() - r.width() * 0.32, self.width, r.width() * 0.3)

    def hand_rect(self, i: int) -> QRectF:
        cw = self.card_width()
        ch = cw * CARD_ASPECT
        gap = cw * 0.18
        x0 = self.width / 2 - (3 * cw + 2 * gap) / 2
        y = self.height - ch - self.height * 0.025
        return QRectF(x0 + i * (cw + gap), y, cw, ch)

    def stock_rect(self) -> QRectF:
        r = self.table_rect(0)
        cw = r.width() * 0.7
        return QRectF(r.x() - cw * 1.9, r.y() + r.height() * 0.15, cw, cw * CARD_ASPECT)

    def stock_label_px(self) -> float:
        """Text size of the 「山札 n」 line under the stock."""
        return self.stock_rect().width() * 0.22

    def stock_label_rect(self) -> QRectF:
        stock = self.stock_rect()
        px = self.stock_label_px()
        return QRectF(stock.x() - stock.width(), stock.bottom() + 4, stock.width() * 3, px * 1.7)

    def discard_rect(self) -> QRectF:
        r = self.table_rect(2)
        cw = r.width() * 0.7
        return QRectF(r.right() + cw * 0.9, r.y() + r.height() * 0.15, cw, cw * CARD_ASPECT)

    # ------------------------------------------------------------ CPU seats

    def seat_rows(self) -> list[list[int]]:
        """The CPU seats by row, top row first, each row left to right."""
        seats = self.cpu_seats
        if len(seats) <= ONE_ROW_MAX:
            return [seats]
        first = math.ceil(len(seats) / 2)
        return [seats[:first], seats[first:]]

    def seat_rect(self, seat: int) -> QRectF:
        rows = self.seat_rows()
        margin = self.width * 0.012
        top, bottom = self.height * SEATS_TOP, self.height * SEATS_BOTTOM
        gap = margin * 0.6
        row_h = (bottom - top - gap * (len(rows) - 1)) / len(rows)
        for r, row in enumerate(rows):
            if seat not in row:
                continue
            slots = max(3, len(row)) if len(rows) == 1 else len(rows[0])
            slot = (self.width - margin) / slots
            offset = (slots - len(row)) * slot / 2
            k = row.index(seat)
            return QRectF(margin + offset + k * slot, top + r * (row_h + gap), slot - margin, row_h)
        raise ValueError(f"seat {seat} is not a CPU seat here")

    def seat_parts(self, seat: int) -> SeatParts:
        panel = self.seat_rect(seat)
        x, y, w, h = panel.x(), panel.y(), panel.width(), panel.height()
        pad = max(3.0, min(w, h) * 0.06)
        inner_w = w - 2 * pad
        if h >= w * 0.45:  # tall: name / tags / cards / coins
            line = _clamp(h * 0.16, 12, 30)
            name = QRectF(x + pad, y + pad * 0.6, inner_w, line)
            tags = QRectF(x + pad, name.bottom() + 2, inner_w, line * 0.85)
            foot = _clamp(h * 0.14, 11, 26)
            foot_y = panel.bottom() - pad * 0.6 - foot
            coin = foot * 0.9
            icons = QRectF(x + pad, foot_y + (foot - coin) / 2, coin * 3.4, coin)
            coin_text = QRectF(
                icons.right() + pad, foot_y, panel.right() - pad - icons.right() - pad, foot
            )
            cards = QRectF(x + pad, tags.bottom() + 3, inner_w, foot_y - 3 - tags.bottom() - 3)
            bubble_h = min(line * 1.1, cards.height())
            bubble = QRectF(cards.x(), cards.center().y() - bubble_h / 2, cards.width(), bubble_h)
            return SeatParts(panel, name, tags, cards, icons, coin_text, bubble, False)
        # wide: name and tags on one line; cards left, coins right
        line = _clamp(h * 0.27, 11, 24)
        name = QRectF(x + pad, y + pad * 0.5, inner_w * 0.3, line)
        tags = QRectF(name.right() + pad, name.y(), panel.right() - pad - name.right() - pad, line)
        body_y = name.bottom() + 2
        body_h = panel.bottom() - pad * 0.5 - body_y
        cards = QRectF(x + pad, body_y, inner_w * 0.56, body_h)
        column = QRectF(
            cards.right() + pad, body_y, panel.right() - pad - cards.right() - pad, body_h
        )
        coin = min(column.height() * 0.42, line)
        icons = QRectF(column.x(), column.y() + column.height() * 0.04, coin * 3.4, coin)
        coin_text = QRectF(
            column.x(), column.center().y() + 1, column.width(), column.height() / 2 - 1
        )
        bubble_h = min(line * 1.1, cards.height())
        bubble = QRectF(cards.x(), cards.center().y() - bubble_h / 2, cards.width(), bubble_h)
        return SeatParts(panel, name, tags, cards, icons, coin_text, bubble, True)

    def seat_card_rect(self, seat: int, i: int) -> QRectF:
        if seat not in self.cpu_seats:  # the window's person: the cards at the bottom
            return self.hand_rect(i)
        parts = self.seat_parts(seat)
        area = parts.cards
        cw = min(area.height() / CARD_ASPECT, area.width() / 3.3)
        ch = cw * CARD_ASPECT
        gap = cw * 0.12
        total = 3 * cw + 2 * gap
        x0 = area.x() if parts.wide else area.center().x() - total / 2
        y = area.center().y() - ch / 2
        return QRectF(x0 + i * (cw + gap), y, cw, ch)
