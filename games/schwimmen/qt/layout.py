"""Where everything sits on the table, from the view's size and the CPU seats (no widgets)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRectF

from games.common.painter import CARD_ASPECT


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

    def discard_rect(self) -> QRectF:
        r = self.table_rect(2)
        cw = r.width() * 0.7
        return QRectF(r.right() + cw * 0.9, r.y() + r.height() * 0.15, cw, cw * CARD_ASPECT)

    def seat_rect(self, seat: int) -> QRectF:
        seats = self.cpu_seats
        n = max(3, len(seats))
        margin = self.width * 0.012
        slot = (self.width - margin) / n
        k = seats.index(seat)
        offset = (n - len(seats)) * slot / 2
        return QRectF(
            margin + offset + k * slot, self.height * 0.012, slot - margin, self.height * 0.232
        )

    def seat_card_rect(self, seat: int, i: int) -> QRectF:
        if seat == 0:
            return self.hand_rect(i)
        panel = self.seat_rect(seat)
        ch = panel.height() * 0.56
        cw = min(ch / CARD_ASPECT, panel.width() / 4.2)
        ch = cw * CARD_ASPECT
        gap = cw * 0.12
        x0 = panel.center().x() - (3 * cw + 2 * gap) / 2
        y = panel.y() + panel.height() * 0.3
        return QRectF(x0 + i * (cw + gap), y, cw, ch)
