"""Painting the table: felt, CPU seat panels, stock, table cards, your cards and flying cards.

Reads the window's state (game, selection, prompt) and the view's (layout, animation, bubbles);
changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QRadialGradient

from games.common.painter import paint_card
from games.schwimmen.qt.style import (
    BLUE,
    FELT,
    FELT_DARK,
    GOLD,
    GREY,
    PANEL,
    RED,
    TEXT,
    font,
)
from games.schwimmen.rules import Phase, hand_value

if TYPE_CHECKING:
    from games.schwimmen.qt.view import TableView


def paint_slot(p: QPainter, rect: QRectF) -> None:
    """An empty place for a card (dashed outline)."""
    p.setPen(QPen(QColor(255, 255, 255, 60), 2, Qt.PenStyle.DashLine))
    p.setBrush(QColor(0, 0, 0, 40))
    radius = rect.width() * 0.07
    p.drawRoundedRect(rect.adjusted(2, 2, -2, -2), radius, radius)


def paint_coins(p: QPainter, x: float, y: float, size: float, coins: int) -> float:
    """Gold discs for the coins left; returns the x after the last one."""
    shown = max(0, coins)
    for k in range(min(shown, 8)):
        cx = x + k * size * 0.8
        g = QRadialGradient(QPointF(cx + size * 0.35, y + size * 0.35), size * 0.6)
        g.setColorAt(0, QColor("#fff2b0"))
        g.setColorAt(1, QColor("#d49a00"))
        p.setPen(QPen(QColor("#8a6200"), 1))
        p.setBrush(g)
        p.drawEllipse(QRectF(cx, y, size, size))
    return x + min(shown, 8) * size * 0.8 + size * 0.4


def paint_tag(p: QPainter, x: float, y: float, h: float, text: str, colour: QColor) -> float:
    """A rounded label (親, 終了宣言, シュビメン, 敗退); returns the x after it."""
    p.setFont(font(h * 0.62, True))
    width = p.fontMetrics().horizontalAdvance(text) + h * 0.7
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(colour)
    p.drawRoundedRect(QRectF(x, y, width, h), h * 0.3, h * 0.3)
    p.setPen(QColor("#111111") if colour.lightness() > 140 else TEXT)
    p.drawText(QRectF(x, y, width, h), Qt.AlignmentFlag.AlignCenter, text)
    return x + width + h * 0.25


class TablePainter:
    """Paints one frame of the table view."""

    def __init__(self, view: TableView, p: QPainter) -> None:
        self.view = view
        self.win = view.win
        self.p = p

    def paint(self) -> None:
        p, view, win = self.p, self.view, self.win
        w, h = view.width(), view.height()
        grad = QRadialGradient(QPointF(w / 2, h * 0.55), max(w, h) * 0.75)
        grad.setColorAt(0.0, FELT.lighter(118))
        grad.setColorAt(1.0, FELT_DARK)
        p.fillRect(view.rect(), grad)
        game = win.game
        if game is None:
            return
        t = win.t
        for seat in view.cpu_seats():
            self.seat(seat)
        # stock and discards
        stock = view.stock_rect()
        count = len(game.stock) + len(game.extra)
        for k in range(min(3, max(1, count // 6))):
            paint_card(p, stock.translated(-k * 2.0, -k * 2.0), None, face_up=False)
        p.setPen(TEXT)
        p.setFont(font(stock.width() * 0.22))
        p.drawText(
            QRectF(stock.x() - stock.width(), stock.bottom() + 4, stock.width() * 3, 30),
            Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
            t("stock", n=count),
        )
        if game.discards:
            paint_card(p, view.discard_rect(), game.discards[-1], dimmed=True)
        # table cards
        label_r = view.table_rect(0)
        p.setFont(font(label_r.width() * 0.2, True))
        p.setPen(TEXT)
        p.drawText(
            QRectF(0, label_r.y() - label_r.width() * 0.32, w, label_r.width() * 0.3),
            Qt.AlignmentFlag.AlignCenter,
            t("table"),
        )
        for j, card in enumerate(game.table):
            if ("table", j) in view.hidden or (view.drag and view.drag[:2] == ("table", j)):
                paint_slot(p, view.table_rect(j))
                continue
            paint_card(p, view.table_rect(j), card, selected=win.sel_table == j)
        if not game.table:
            for j in range(3):
                paint_slot(p, view.table_rect(j))
        # prompt
        prompt_y = view.table_rect(0).bottom() + h * 0.012
        prompt_h = view.hand_rect(0).y() - prompt_y - h * 0.012
        p.setFont(font(max(15.0, min(prompt_h * 0.5, w * 0.026)), True))
        p.setPen(GOLD if win.human_to_move() else TEXT)
        p.drawText(QRectF(0, prompt_y, w, prompt_h), Qt.AlignmentFlag.AlignCenter, win.prompt)
        # your cards
        for i, card in enumerate(game.hands[0]):
            rect = view.hand_rect(i)
            if ("hand", 0, i) in view.hidden or (view.drag and view.drag[:2] == ("hand", i)):
                paint_slot(p, rect)
                continue
            lift = rect.height() * 0.06 if win.sel_hand == i else 0.0
            paint_card(p, rect.translated(0, -lift), card, selected=win.sel_hand == i)
        self.you()
        self.moving_cards()

    def moving_cards(self) -> None:
        """The cards of the running animation, and the card being dragged."""
        p, view, game = self.p, self.view, self.win.game
        ease = 1 - (1 - view.progress) ** 3
        for f in view.flights:
            r = QRectF(
                f.start.x() + (f.end.x() - f.start.x()) * ease,
                f.start.y() + (f.end.y() - f.start.y()) * ease,
                f.start.width() + (f.end.width() - f.start.width()) * ease,
                f.start.height() + (f.end.height() - f.start.height()) * ease,
            )
            paint_card(p, r, f.card, face_up=f.face_up)
        if view.drag is not None:
            kind, index, pos = view.drag
            card = game.table[index] if kind == "table" else game.hands[0][index]
            rect = view.table_rect(0)
            rect.moveCenter(pos)
            paint_card(p, rect, card, selected=True)

    def status_tags(self, seat: int, x: float, y: float, h: float) -> float:
        p, game, t = self.p, self.win.game, self.win.t
        if game.dealer == seat and self.win.show_dealer():
            x = paint_tag(p, x, y, h, t("dealer"), QColor("#d8d2c0"))
        if game.knocker == seat and game.phase is Phase.PLAY:
            x = paint_tag(p, x, y, h, t("knocked"), RED)
        if game.is_swimming(seat):
            x = paint_tag(p, x, y, h, t("swimming"), BLUE)
        if game.out[seat]:
            x = paint_tag(p, x, y, h, t("out"), GREY)
        return x

    def seat(self, seat: int) -> None:
        """One CPU's panel: name, tags, coins, face-down cards and what it just did."""
        p, view, game, t = self.p, self.view, self.win.game, self.win.t
        panel = view.seat_rect(seat)
        active = game.current == seat and game.phase in (Phase.PLAY, Phase.DEALER)
        p.setPen(QPen(GOLD, 3) if active else QPen(QColor(255, 255, 255, 40), 1))
        p.setBrush(QColor(0, 0, 0, 60) if game.out[seat] else PANEL)
        p.drawRoundedRect(panel, 10, 10)
        line = panel.height() * 0.17
        p.setPen(GOLD if active else TEXT)
        p.setFont(font(line * 0.8, True))
        name = t.name(seat)
        p.drawText(
            QRectF(panel.x() + 10, panel.y() + 4, panel.width() * 0.5, line),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            name,
        )
        name_w = p.fontMetrics().horizontalAdvance(name)
        self.status_tags(seat, panel.x() + 18 + name_w, panel.y() + 4 + line * 0.1, line * 0.8)
        coin = line * 0.7
        if game.out[seat]:
            return
        paint_coins(p, panel.x() + 10, panel.bottom() - coin - 6, coin, game.coins[seat])
        p.setPen(TEXT)
        p.setFont(font(line * 0.62))
        p.drawText(
            QRectF(panel.x(), panel.bottom() - line - 4, panel.width() - 10, line),
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
            t("coins", n=game.coins[seat]),
        )
        for i in range(len(game.hands[seat])):
            if ("hand", seat, i) in view.hidden:
                continue
            paint_card(p, view.seat_card_rect(seat, i), None, face_up=False)
        bubble = view.bubbles.get(seat)
        if bubble:
            p.setFont(font(line * 0.7, True))
            bw = p.fontMetrics().horizontalAdvance(bubble) + line
            box = QRectF(panel.right() - bw - 8, panel.y() + 5, bw, line * 1.05)
            p.setPen(QPen(QColor("#333333"), 1))
            p.setBrush(QColor("#fff8dc"))
            p.drawRoundedRect(box, line * 0.3, line * 0.3)
            p.setPen(QColor("#222222"))
            p.drawText(box, Qt.AlignmentFlag.AlignCenter, bubble)

    def you(self) -> None:
        """Your name, tags, hand value, coins (left of your cards) and the round (right)."""
        p, view, game, t = self.p, self.view, self.win.game, self.win.t
        left = view.hand_rect(0)
        right = view.hand_rect(2)
        line = max(14.0, left.width() * 0.17)
        x = view.width() * 0.03
        width = left.x() - x - left.width() * 0.2
        y = left.y() + left.height() * 0.08
        active = game.current == 0 and game.phase in (Phase.PLAY, Phase.DEALER)
        p.setPen(GOLD if active else TEXT)
        p.setFont(font(line, True))
        p.drawText(
            QRectF(x, y, width, line * 1.4),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            t.name(0),
        )
        self.status_tags(0, x, y + line * 1.5, line * 0.85)
        if game.hands[0]:
            p.setPen(TEXT)
            p.setFont(font(line * 1.5, True))
            p.drawText(
                QRectF(x, y + line * 2.6, width, line * 2),
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                t.points(hand_value(game.hands[0])),
            )
        coin = line * 0.9
        paint_coins(p, x, left.bottom() - coin * 2.6, coin, game.coins[0])
        p.setPen(TEXT)
        p.setFont(font(line * 0.8))
        p.drawText(
            QRectF(x, left.bottom() - coin * 1.5, width, coin * 1.4),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            t("coins", n=game.coins[0]),
        )
        # round number on the right
        p.setFont(font(line * 0.9, True))
        p.drawText(
            QRectF(right.right() + right.width() * 0.3, y, view.width(), line * 1.4),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            t("round", n=game.round_number),
        )
