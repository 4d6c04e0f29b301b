"""Painting the table: felt, CPU seat panels, stock, table cards, your cards and flying cards.

Reads the widget's state (the seat's view `session.view(seat)`, the one the phones get, and the
window's marks, layout, animation, bubbles: `PaintedTable`, which
`games.schwimmen.qt.view.TableView` is); reads no engine, changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from PySide6.QtCore import QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen, QRadialGradient

from games.common.cards import Card
from games.common.qt.painter import paint_card
from games.common.qt.textfit import draw_fitted
from games.schwimmen.hands import hand_value
from games.schwimmen.qt.layout import SeatParts, TableLayout
from games.schwimmen.qt.style import (
    BLUE,
    FELT,
    FELT_DARK,
    GOLD,
    GREY,
    PANEL,
    RED,
    TEXT,
    fitted_font,
    font,
    text_floor,
)
from games.schwimmen.table import Observation, Phase, SeatView
from games.schwimmen.texts import Texts


@dataclass
class Marks:
    """What the window shows over the game: the person's selection and prompt, and whether
    their input counts now (`your_turn`; `can_swap`: cards may be picked and dragged)."""

    sel_hand: int | None = None
    sel_table: int | None = None
    prompt: str = ""
    your_turn: bool = False
    can_swap: bool = False


@dataclass
class Flight:
    """A card sliding from one place to another during an animation."""

    card: Card
    start: QRectF
    end: QRectF
    face_up: bool = True


class PaintedTable(Protocol):
    """What the painter reads from the table widget."""

    texts: Texts
    marks: Marks
    seat: int  # the window's person
    flights: list[Flight]
    hidden: set[tuple[object, ...]]
    progress: float
    drag: tuple[str, int, QPointF] | None
    bubbles: dict[int, str]

    @property
    def seat_view(self) -> SeatView | None: ...

    def width(self) -> int: ...

    def height(self) -> int: ...

    def rect(self) -> QRect: ...

    def cpu_seats(self) -> list[int]: ...

    def layout_now(self) -> TableLayout: ...

    def table_rect(self, j: int) -> QRectF: ...

    def hand_rect(self, i: int) -> QRectF: ...

    def stock_rect(self) -> QRectF: ...

    def discard_rect(self) -> QRectF: ...

    def seat_parts(self, seat: int) -> SeatParts: ...

    def seat_card_rect(self, seat: int, i: int) -> QRectF: ...


def paint_slot(p: QPainter, rect: QRectF) -> None:
    """An empty place for a card (dashed outline)."""
    p.setPen(QPen(QColor(255, 255, 255, 60), 2, Qt.PenStyle.DashLine))
    p.setBrush(QColor(0, 0, 0, 40))
    radius = rect.width() * 0.07
    p.drawRoundedRect(rect.adjusted(2, 2, -2, -2), radius, radius)


def paint_coins(p: QPainter, rect: QRectF, coins: int) -> None:
    """Gold discs for the coins left (up to 8), squeezed closer together to stay in `rect`."""
    shown = min(max(0, coins), 8)
    size = rect.height()
    step = size * 0.8
    if shown > 1:
        step = min(step, (rect.width() - size) / (shown - 1))
    for k in range(shown):
        cx = rect.x() + k * step
        g = QRadialGradient(QPointF(cx + size * 0.35, rect.y() + size * 0.35), size * 0.6)
        g.setColorAt(0, QColor("#fff2b0"))
        g.setColorAt(1, QColor("#d49a00"))
        p.setPen(QPen(QColor("#8a6200"), 1))
        p.setBrush(g)
        p.drawEllipse(QRectF(cx, rect.y(), size, size))


TAG_GAP = 0.15  # between two labels, as a part of their height


def tag_sizes(rect: QRectF, words: list[str]) -> tuple[float, list[float]]:
    """The label height and each label's width so the labels side by side fit in `rect`."""
    least = max(14.0, text_floor() * 1.35)  # a label's text never below the window's floor
    h = max(rect.height(), least)
    while True:
        metrics = QFontMetricsF(font(h * 0.62, True))
        widths = [metrics.horizontalAdvance(w) + h * 0.4 for w in words]
        if sum(widths) + h * TAG_GAP * max(0, len(words) - 1) <= rect.width() or h <= least:
            return h, widths
        h -= 1


def paint_tags(p: QPainter, rect: QRectF, tags: list[tuple[str, QColor]]) -> None:
    """Rounded labels (親, 終了宣言, シュビメン, 敗退) side by side, made smaller to fit `rect`."""
    h, widths = tag_sizes(rect, [text for text, _ in tags])
    x, y = rect.x(), rect.y() + (rect.height() - h) / 2
    for (text, colour), width in zip(tags, widths, strict=True):
        p.setFont(font(h * 0.62, True))
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(colour)
        p.drawRoundedRect(QRectF(x, y, width, h), h * 0.3, h * 0.3)
        p.setPen(QColor("#111111") if colour.lightness() > 140 else TEXT)
        p.drawText(QRectF(x, y, width, h), Qt.AlignmentFlag.AlignCenter, text)
        x += width + h * TAG_GAP


def prompt_size(width: float, height: float) -> float:
    """The line over your cards: large, within its band (draw_fitted wraps it onto a second
    line rather than going below the window's smallest text)."""
    return max(15.0, min(height * 0.5, width * 0.026))


def name_font(parts: SeatParts, name: str) -> QFont:
    """The font of a CPU's name: as large as its line allows, smaller if the name is long."""
    return fitted_font(name, parts.name.width(), parts.name.height() * 0.8, True)


def coin_font(parts: SeatParts, text: str) -> QFont:
    return fitted_font(text, parts.coin_text.width(), parts.coin_text.height() * 0.75)


def bubble_font(parts: SeatParts, text: str) -> QFont:
    box = parts.bubble
    return fitted_font(text, box.width() - box.height() * 0.8, box.height() * 0.68, True)


class TablePainter:
    """Paints one frame of the table view."""

    def __init__(self, view: PaintedTable, p: QPainter) -> None:
        self.view = view
        self.sv = view.seat_view
        self.t = view.texts
        self.marks = view.marks
        self.me = view.seat
        self.p = p

    @property
    def obs(self) -> Observation:
        """What the window's seat sees of the game (there is one while this is asked)."""
        assert self.sv is not None
        return self.sv.observation

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        assert self.sv is not None
        return self.sv.hand_sizes

    def paint(self) -> None:
        p, view, marks, me = self.p, self.view, self.marks, self.me
        w, h = view.width(), view.height()
        grad = QRadialGradient(QPointF(w / 2, h * 0.55), max(w, h) * 0.75)
        grad.setColorAt(0.0, FELT.lighter(118))
        grad.setColorAt(1.0, FELT_DARK)
        p.fillRect(view.rect(), grad)
        if self.sv is None:
            return
        game, t = self.obs, self.t
        for seat in view.cpu_seats():
            self.seat(seat)
        # stock and discards
        stock = view.stock_rect()
        count = game.stock_count  # the dealer's other hand is not stock (the phone says the same)
        for k in range(min(3, max(1, count // 6))):
            paint_card(p, stock.translated(-k * 2.0, -k * 2.0), None, face_up=False)
        p.setPen(TEXT)
        layout = view.layout_now()
        p.setFont(font(layout.stock_label_px()))
        p.drawText(
            layout.stock_label_rect(),
            Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
            t("stock", n=count),
        )
        if game.discards:
            paint_card(p, view.discard_rect(), game.discards[-1], dimmed=True)
        # table cards
        p.setFont(font(view.table_rect(0).width() * 0.2, True))
        p.setPen(TEXT)
        p.drawText(view.layout_now().table_label_rect(), Qt.AlignmentFlag.AlignCenter, t("table"))
        for j, card in enumerate(game.table):
            if ("table", j) in view.hidden or (view.drag and view.drag[:2] == ("table", j)):
                paint_slot(p, view.table_rect(j))
                continue
            paint_card(p, view.table_rect(j), card, selected=marks.sel_table == j)
        if not game.table:  # the dealer's choice: the extra hand lies face down
            for j in range(3):
                if game.extra_pending and ("table", j) not in view.hidden:
                    paint_card(p, view.table_rect(j), None, face_up=False)
                else:
                    paint_slot(p, view.table_rect(j))
        # prompt
        prompt_y = view.table_rect(0).bottom() + h * 0.012
        prompt_h = view.hand_rect(0).y() - prompt_y - h * 0.012
        p.setPen(GOLD if marks.your_turn else TEXT)
        prompt_rect = QRectF(w * 0.02, prompt_y, w * 0.96, prompt_h)
        draw_fitted(p, prompt_rect, marks.prompt, prompt_size(w, prompt_h), text_floor(), bold=True)
        # your cards
        for i, card in enumerate(game.hand):
            rect = view.hand_rect(i)
            if ("hand", me, i) in view.hidden or (view.drag and view.drag[:2] == ("hand", i)):
                paint_slot(p, rect)
                continue
            lift = rect.height() * 0.06 if marks.sel_hand == i else 0.0
            paint_card(p, rect.translated(0, -lift), card, selected=marks.sel_hand == i)
        self.you()
        self.moving_cards()

    def moving_cards(self) -> None:
        """The cards of the running animation, and the card being dragged."""
        p, view, game = self.p, self.view, self.obs
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
            card = game.table[index] if kind == "table" else game.hand[index]
            rect = view.table_rect(0)
            rect.moveCenter(pos)
            paint_card(p, rect, card, selected=True)

    def tags_of(self, seat: int) -> list[tuple[str, QColor]]:
        """The labels a seat shows now: 親, 終了宣言 (unless its bubble says 「終了!」), シュビメン,
        敗退."""
        game, t = self.obs, self.t
        # a small CPU panel says "Swim", not "Swimming"
        short = seat in self.view.cpu_seats() and self.view.seat_parts(seat).wide
        tags: list[tuple[str, QColor]] = []
        if game.dealer == seat and game.rules.dealer_swap:
            tags.append((t.tag("dealer", short=short), QColor("#d8d2c0")))
        if game.knocker == seat and game.phase is Phase.PLAY and seat not in self.view.bubbles:
            tags.append((t.tag("knocked", short=short), RED))
        if not game.out[seat] and game.coins[seat] == -1:  # swimming: at -1 coins, still in
            tags.append((t.tag("swimming", short=short), BLUE))
        if game.out[seat]:
            tags.append((t.tag("out", short=short), GREY))
        return tags

    def seat(self, seat: int) -> None:
        """One CPU's panel: name, tags, coins, face-down cards and what it just did."""
        p, view, game, t = self.p, self.view, self.obs, self.t
        parts = view.seat_parts(seat)
        panel = parts.panel
        active = game.current == seat and game.phase in (Phase.PLAY, Phase.DEALER)
        p.setPen(QPen(GOLD, 3) if active else QPen(QColor(255, 255, 255, 40), 1))
        p.setBrush(QColor(0, 0, 0, 60) if game.out[seat] else PANEL)
        p.drawRoundedRect(panel, 10, 10)
        name = t.name(seat)
        p.setPen(GOLD if active else TEXT)
        p.setFont(name_font(parts, name))
        p.drawText(parts.name, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, name)
        paint_tags(p, parts.tags, self.tags_of(seat))
        if game.out[seat]:
            return
        paint_coins(p, parts.coin_icons, game.coins[seat])
        text = t.coins(game.coins[seat], out=False, short=parts.wide)
        p.setPen(TEXT)
        p.setFont(coin_font(parts, text))
        align = Qt.AlignmentFlag.AlignLeft if parts.wide else Qt.AlignmentFlag.AlignRight
        p.drawText(parts.coin_text, align | Qt.AlignmentFlag.AlignVCenter, text)
        for i in range(self.hand_sizes[seat]):
            if ("hand", seat, i) in view.hidden:
                continue
            paint_card(p, view.seat_card_rect(seat, i), None, face_up=False)
        bubble = view.bubbles.get(seat)
        if bubble:
            p.setFont(bubble_font(parts, bubble))
            box = QRectF(parts.bubble)
            bw = min(box.width(), p.fontMetrics().horizontalAdvance(bubble) + box.height() * 0.8)
            box = QRectF(box.center().x() - bw / 2, box.y(), bw, box.height())
            radius = box.height() * 0.3
            p.setPen(QPen(QColor("#333333"), 1))
            p.setBrush(QColor("#fff8dc"))
            p.drawRoundedRect(box, radius, radius)
            p.setPen(QColor("#222222"))
            p.drawText(box, Qt.AlignmentFlag.AlignCenter, bubble)

    def you(self) -> None:
        """Your name, tags, hand value, coins (left of your cards) and the round (right)."""
        p, view, game, t, me = self.p, self.view, self.obs, self.t, self.me
        left = view.hand_rect(0)
        right = view.hand_rect(2)
        line = max(14.0, left.width() * 0.17)
        x = view.width() * 0.03
        width = left.x() - x - left.width() * 0.2
        y = left.y() + left.height() * 0.08
        active = game.current == me and game.phase in (Phase.PLAY, Phase.DEALER)
        p.setPen(GOLD if active else TEXT)
        p.setFont(font(line, True))
        p.drawText(
            QRectF(x, y, width, line * 1.4),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            t.name(me),
        )
        paint_tags(p, QRectF(x, y + line * 1.5, width, line * 0.85), self.tags_of(me))
        if game.hand:
            p.setPen(TEXT)
            p.setFont(font(line * 1.5, True))
            p.drawText(
                QRectF(x, y + line * 2.6, width, line * 2),
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                t.points(hand_value(game.hand)),
            )
        coin = line * 0.9
        paint_coins(p, QRectF(x, left.bottom() - coin * 2.6, coin * 6, coin), game.coins[me])
        p.setPen(TEXT)
        p.setFont(font(line * 0.8))
        p.drawText(
            QRectF(x, left.bottom() - coin * 1.5, width, coin * 1.4),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            t.coins(game.coins[me], out=game.out[me]),
        )
        # round number on the right
        p.setFont(font(line * 0.9, True))
        p.drawText(
            QRectF(right.right() + right.width() * 0.3, y, view.width(), line * 1.4),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            t("round", n=game.round_number),
        )
