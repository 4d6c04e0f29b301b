"""The Schwimmen table (Qt): you against CPUs, as in the seed, plus drag, keys, log and help.

The window is an adapter: it asks the rules engine what is legal, turns clicks, drags and keys
into `Game.apply` calls, and plays CPU moves one by one with a short slide animation. All
timings come from the [schwimmen] settings, so tests can set them to zero.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import replace as dc_replace

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, QVariantAnimation, Signal
from PySide6.QtGui import QColor, QFont, QKeyEvent, QMouseEvent, QPainter, QPen, QRadialGradient
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMainWindow,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from eventkit import theme
from games.common.cards import Card
from games.common.painter import CARD_ASPECT, paint_card
from games.schwimmen.ai import CpuPlayer
from games.schwimmen.rules import (
    Action,
    DealerKeep,
    DealerSwap,
    Game,
    Knock,
    Pass,
    Phase,
    RoundResult,
    SwapAll,
    SwapOne,
    hand_value,
)
from games.schwimmen.settings import SchwimmenSettings
from games.schwimmen.table import TableSession
from games.schwimmen.texts import Texts

FELT = QColor(theme.FELT)
FELT_DARK = QColor(theme.FELT_DARK)
GOLD = QColor(theme.GOLD)
PANEL = QColor(0, 0, 0, theme.PANEL_ALPHA)
TEXT = QColor(theme.TEXT)
RED = QColor(theme.RED)
BLUE = QColor(theme.BLUE)


def _font(px: float, bold: bool = False) -> QFont:
    font = QFont()
    font.setPixelSize(max(8, round(px)))
    font.setBold(bold)
    return font


@dataclass
class _Flight:
    """A card sliding from one place to another during an animation."""

    card: Card
    start: QRectF
    end: QRectF
    face_up: bool = True


# ---------------------------------------------------------------- the painted table


class TableView(QWidget):
    """Felt, CPU seats, table cards, your cards; clicks, drags and the slide animation."""

    def __init__(self, window: SchwimmenWindow) -> None:
        super().__init__(window)
        self.win = window
        self.setMinimumSize(640, 420)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMouseTracking(True)
        self.flights: list[_Flight] = []
        self.hidden: set[tuple] = set()
        self.progress = 1.0
        self._press: tuple[str, int, QPointF] | None = None
        self.drag: tuple[str, int, QPointF] | None = None  # kind, index, cursor position
        self.bubbles: dict[int, str] = {}

    # ------------------------------------------------------------ geometry

    def card_width(self) -> float:
        w, h = self.width(), self.height()
        return max(40.0, min(w / 7.2, h * 0.27 / CARD_ASPECT))

    def table_rect(self, j: int) -> QRectF:
        cw = self.card_width()
        ch = cw * CARD_ASPECT
        gap = cw * 0.18
        x0 = self.width() / 2 - (3 * cw + 2 * gap) / 2
        y = self.height() * 0.32
        return QRectF(x0 + j * (cw + gap), y, cw, ch)

    def hand_rect(self, i: int) -> QRectF:
        cw = self.card_width()
        ch = cw * CARD_ASPECT
        gap = cw * 0.18
        x0 = self.width() / 2 - (3 * cw + 2 * gap) / 2
        y = self.height() - ch - self.height() * 0.025
        return QRectF(x0 + i * (cw + gap), y, cw, ch)

    def stock_rect(self) -> QRectF:
        r = self.table_rect(0)
        cw = r.width() * 0.7
        return QRectF(r.x() - cw * 1.9, r.y() + r.height() * 0.15, cw, cw * CARD_ASPECT)

    def discard_rect(self) -> QRectF:
        r = self.table_rect(2)
        cw = r.width() * 0.7
        return QRectF(r.right() + cw * 0.9, r.y() + r.height() * 0.15, cw, cw * CARD_ASPECT)

    def cpu_seats(self) -> list[int]:
        game = self.win.game
        return list(range(1, game.players)) if game else []

    def seat_rect(self, seat: int) -> QRectF:
        seats = self.cpu_seats()
        n = max(3, len(seats))
        margin = self.width() * 0.012
        slot = (self.width() - margin) / n
        k = seats.index(seat)
        offset = (n - len(seats)) * slot / 2
        return QRectF(
            margin + offset + k * slot, self.height() * 0.012, slot - margin, self.height() * 0.232
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

    def hit(self, pos: QPointF) -> tuple[str, int] | None:
        game = self.win.game
        if game is None:
            return None
        for j in range(len(game.table)):
            if self.table_rect(j).contains(pos):
                return ("table", j)
        for i in range(len(game.hands[0])):
            if self.hand_rect(i).contains(pos):
                return ("hand", i)
        return None

    # ------------------------------------------------------------ animation

    def animate(self, flights: list[_Flight], hidden: set[tuple], duration: int, done) -> None:
        if duration <= 0 or not flights:
            self.flights, self.hidden, self.progress = [], set(), 1.0
            self.update()
            done()
            return
        self.flights, self.hidden, self.progress = flights, hidden, 0.0
        anim = QVariantAnimation(self)
        anim.setStartValue(0.0)
        anim.setEndValue(1.0)
        anim.setDuration(duration)

        def step(value: float) -> None:
            self.progress = float(value)
            self.update()

        def finish() -> None:
            self.flights, self.hidden, self.progress = [], set(), 1.0
            self.update()
            done()

        anim.valueChanged.connect(step)
        anim.finished.connect(finish)
        self._anim = anim
        anim.start(QVariantAnimation.DeletionPolicy.DeleteWhenStopped)

    # ------------------------------------------------------------ painting

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt API)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        try:
            self._paint(painter)
        finally:
            painter.end()

    def _paint(self, p: QPainter) -> None:
        w, h = self.width(), self.height()
        grad = QRadialGradient(QPointF(w / 2, h * 0.55), max(w, h) * 0.75)
        grad.setColorAt(0.0, FELT.lighter(118))
        grad.setColorAt(1.0, FELT_DARK)
        p.fillRect(self.rect(), grad)
        game = self.win.game
        if game is None:
            return
        t = self.win.t
        for seat in self.cpu_seats():
            self._paint_seat(p, seat)
        # stock and discards
        stock = self.stock_rect()
        count = len(game.stock) + len(game.extra)
        for k in range(min(3, max(1, count // 6))):
            paint_card(p, stock.translated(-k * 2.0, -k * 2.0), None, face_up=False)
        p.setPen(TEXT)
        p.setFont(_font(stock.width() * 0.22))
        p.drawText(
            QRectF(stock.x() - stock.width(), stock.bottom() + 4, stock.width() * 3, 30),
            Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
            t("stock", n=count),
        )
        if game.discards:
            paint_card(p, self.discard_rect(), game.discards[-1], dimmed=True)
        # table cards
        label_r = self.table_rect(0)
        p.setFont(_font(label_r.width() * 0.2, True))
        p.setPen(TEXT)
        p.drawText(
            QRectF(0, label_r.y() - label_r.width() * 0.32, w, label_r.width() * 0.3),
            Qt.AlignmentFlag.AlignCenter,
            t("table"),
        )
        win = self.win
        for j, card in enumerate(game.table):
            if ("table", j) in self.hidden or (self.drag and self.drag[:2] == ("table", j)):
                self._slot(p, self.table_rect(j))
                continue
            paint_card(p, self.table_rect(j), card, selected=win.sel_table == j)
        if not game.table:
            for j in range(3):
                self._slot(p, self.table_rect(j))
        # prompt
        prompt_y = self.table_rect(0).bottom() + h * 0.012
        prompt_h = self.hand_rect(0).y() - prompt_y - h * 0.012
        p.setFont(_font(max(15.0, min(prompt_h * 0.5, w * 0.026)), True))
        p.setPen(GOLD if win.human_to_move() else TEXT)
        p.drawText(QRectF(0, prompt_y, w, prompt_h), Qt.AlignmentFlag.AlignCenter, win.prompt)
        # your cards
        for i, card in enumerate(game.hands[0]):
            rect = self.hand_rect(i)
            if ("hand", 0, i) in self.hidden or (self.drag and self.drag[:2] == ("hand", i)):
                self._slot(p, rect)
                continue
            lift = rect.height() * 0.06 if win.sel_hand == i else 0.0
            paint_card(p, rect.translated(0, -lift), card, selected=win.sel_hand == i)
        self._paint_you(p)
        # flying cards and the dragged card
        ease = 1 - (1 - self.progress) ** 3
        for f in self.flights:
            r = QRectF(
                f.start.x() + (f.end.x() - f.start.x()) * ease,
                f.start.y() + (f.end.y() - f.start.y()) * ease,
                f.start.width() + (f.end.width() - f.start.width()) * ease,
                f.start.height() + (f.end.height() - f.start.height()) * ease,
            )
            paint_card(p, r, f.card, face_up=f.face_up)
        if self.drag is not None:
            kind, index, pos = self.drag
            card = game.table[index] if kind == "table" else game.hands[0][index]
            rect = self.table_rect(0)
            rect.moveCenter(pos)
            paint_card(p, rect, card, selected=True)

    def _slot(self, p: QPainter, rect: QRectF) -> None:
        p.setPen(QPen(QColor(255, 255, 255, 60), 2, Qt.PenStyle.DashLine))
        p.setBrush(QColor(0, 0, 0, 40))
        radius = rect.width() * 0.07
        p.drawRoundedRect(rect.adjusted(2, 2, -2, -2), radius, radius)

    def _coins(self, p: QPainter, x: float, y: float, size: float, coins: int) -> float:
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

    def _tag(self, p: QPainter, x: float, y: float, h: float, text: str, colour: QColor) -> float:
        p.setFont(_font(h * 0.62, True))
        width = p.fontMetrics().horizontalAdvance(text) + h * 0.7
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(colour)
        p.drawRoundedRect(QRectF(x, y, width, h), h * 0.3, h * 0.3)
        p.setPen(QColor("#111111") if colour.lightness() > 140 else TEXT)
        p.drawText(QRectF(x, y, width, h), Qt.AlignmentFlag.AlignCenter, text)
        return x + width + h * 0.25

    def _status_tags(self, p: QPainter, seat: int, x: float, y: float, h: float) -> float:
        game, t = self.win.game, self.win.t
        if game.dealer == seat and self.win.show_dealer():
            x = self._tag(p, x, y, h, t("dealer"), QColor("#d8d2c0"))
        if game.knocker == seat and game.phase is Phase.PLAY:
            x = self._tag(p, x, y, h, t("knocked"), RED)
        if game.is_swimming(seat):
            x = self._tag(p, x, y, h, t("swimming"), BLUE)
        if game.out[seat]:
            x = self._tag(p, x, y, h, t("out"), QColor("#888888"))
        return x

    def _paint_seat(self, p: QPainter, seat: int) -> None:
        game, t = self.win.game, self.win.t
        panel = self.seat_rect(seat)
        active = game.current == seat and game.phase in (Phase.PLAY, Phase.DEALER)
        p.setPen(QPen(GOLD, 3) if active else QPen(QColor(255, 255, 255, 40), 1))
        p.setBrush(QColor(0, 0, 0, 60) if game.out[seat] else PANEL)
        p.drawRoundedRect(panel, 10, 10)
        line = panel.height() * 0.17
        p.setPen(GOLD if active else TEXT)
        p.setFont(_font(line * 0.8, True))
        name = t.name(seat)
        p.drawText(
            QRectF(panel.x() + 10, panel.y() + 4, panel.width() * 0.5, line),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            name,
        )
        name_w = p.fontMetrics().horizontalAdvance(name)
        self._status_tags(p, seat, panel.x() + 18 + name_w, panel.y() + 4 + line * 0.1, line * 0.8)
        coin = line * 0.7
        if game.out[seat]:
            return
        self._coins(p, panel.x() + 10, panel.bottom() - coin - 6, coin, game.coins[seat])
        p.setPen(TEXT)
        p.setFont(_font(line * 0.62))
        p.drawText(
            QRectF(panel.x(), panel.bottom() - line - 4, panel.width() - 10, line),
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
            t("coins", n=game.coins[seat]),
        )
        if not game.out[seat]:
            for i in range(len(game.hands[seat])):
                if ("hand", seat, i) in self.hidden:
                    continue
                paint_card(p, self.seat_card_rect(seat, i), None, face_up=False)
        bubble = self.bubbles.get(seat)
        if bubble:
            p.setFont(_font(line * 0.7, True))
            bw = p.fontMetrics().horizontalAdvance(bubble) + line
            box = QRectF(panel.right() - bw - 8, panel.y() + 5, bw, line * 1.05)
            p.setPen(QPen(QColor("#333333"), 1))
            p.setBrush(QColor("#fff8dc"))
            p.drawRoundedRect(box, line * 0.3, line * 0.3)
            p.setPen(QColor("#222222"))
            p.drawText(box, Qt.AlignmentFlag.AlignCenter, bubble)

    def _paint_you(self, p: QPainter) -> None:
        game, t = self.win.game, self.win.t
        left = self.hand_rect(0)
        right = self.hand_rect(2)
        line = max(14.0, left.width() * 0.17)
        x = self.width() * 0.03
        width = left.x() - x - left.width() * 0.2
        y = left.y() + left.height() * 0.08
        active = game.current == 0 and game.phase in (Phase.PLAY, Phase.DEALER)
        p.setPen(GOLD if active else TEXT)
        p.setFont(_font(line, True))
        p.drawText(
            QRectF(x, y, width, line * 1.4),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            t.name(0),
        )
        self._status_tags(p, 0, x, y + line * 1.5, line * 0.85)
        if game.hands[0]:
            p.setPen(TEXT)
            p.setFont(_font(line * 1.5, True))
            p.drawText(
                QRectF(x, y + line * 2.6, width, line * 2),
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                t.points(hand_value(game.hands[0])),
            )
        coin = line * 0.9
        self._coins(p, x, left.bottom() - coin * 2.6, coin, game.coins[0])
        p.setPen(TEXT)
        p.setFont(_font(line * 0.8))
        p.drawText(
            QRectF(x, left.bottom() - coin * 1.5, width, coin * 1.4),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            t("coins", n=game.coins[0]),
        )
        # round number on the right
        p.setFont(_font(line * 0.9, True))
        p.drawText(
            QRectF(right.right() + right.width() * 0.3, y, self.width(), line * 1.4),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            t("round", n=game.round_number),
        )

    # ------------------------------------------------------------ mouse

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if event.button() != Qt.MouseButton.LeftButton:
            return
        target = self.hit(event.position())
        self._press = (target[0], target[1], event.position()) if target else None

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if self._press is None or not self.win.human_can_swap():
            return
        kind, index, start = self._press
        pos = event.position()
        if self.drag is None and (pos - start).manhattanLength() < 10:
            return
        self.drag = (kind, index, pos)
        self.update()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        press, drag = self._press, self.drag
        self._press, self.drag = None, None
        if press is None:
            return
        if drag is None:
            self.win.click(press[0], press[1])
            return
        self.update()
        target = self.hit(event.position())
        if target is None or target[0] == press[0]:
            return
        hand_i = press[1] if press[0] == "hand" else target[1]
        table_j = press[1] if press[0] == "table" else target[1]
        self.win.swap_indices(hand_i, table_j)


# ---------------------------------------------------------------- overlays


class Overlay(QWidget):
    """A dimmed layer over the table with a centred panel (round end, game end, help)."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.hide()

    def panel_rect(self) -> QRectF:
        w, h = self.width(), self.height()
        return QRectF(w * 0.06, h * 0.05, w * 0.88, h * 0.9)

    def paint_back(self, p: QPainter) -> QRectF:
        p.fillRect(self.rect(), QColor(0, 0, 0, 150))
        panel = self.panel_rect()
        p.setPen(QPen(GOLD, 3))
        p.setBrush(QColor(18, 40, 28, 240))
        p.drawRoundedRect(panel, 16, 16)
        return panel


class RoundOverlay(Overlay):
    """ラウンド終了 / ゲーム終了: every hand face up, values, places, coins; 再開 or New game."""

    def __init__(self, parent: QWidget, window: SchwimmenWindow) -> None:
        super().__init__(parent)
        self.win = window
        self.result: RoundResult | None = None
        self.button = QPushButton(self)
        self.button.setMinimumHeight(44)
        self.button.setStyleSheet(
            "QPushButton { font-size: 20px; font-weight: bold; padding: 6px 28px;"
            " background: #ffc21a; color: #1a1a1a; border-radius: 8px; }"
            "QPushButton:hover { background: #ffd34d; }"
        )
        self.button.clicked.connect(self._pressed)

    def show_result(self, result: RoundResult) -> None:
        self.result = result
        t = self.win.t
        self.button.setText(t("new_game") if result.game_over else t("next_round"))
        self.setGeometry(self.parentWidget().rect())
        self.show()
        self.raise_()
        self._place_button()
        self.button.setFocus()
        self.update()

    def resizeEvent(self, event) -> None:  # noqa: N802
        self._place_button()

    def _place_button(self) -> None:
        panel = self.panel_rect()
        self.button.adjustSize()
        bw = max(200, self.button.sizeHint().width())
        self.button.setGeometry(
            round(panel.center().x() - bw / 2), round(panel.bottom() - 62), bw, 48
        )

    def _pressed(self) -> None:
        if self.result is not None and self.result.game_over:
            self.win.new_game()
        else:
            self.win.next_round()

    def paintEvent(self, event) -> None:  # noqa: N802
        if self.result is None:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        try:
            self._paint(p)
        finally:
            p.end()

    def _paint(self, p: QPainter) -> None:
        result, t, game = self.result, self.win.t, self.win.game
        panel = self.paint_back(p)
        title_h = panel.height() * 0.1
        p.setPen(GOLD)
        p.setFont(_font(title_h * 0.72, True))
        title = t("game_over") if result.game_over else t("round_over")
        p.drawText(
            QRectF(panel.x(), panel.y() + 8, panel.width(), title_h),
            Qt.AlignmentFlag.AlignCenter,
            title,
        )
        p.setPen(TEXT)
        p.setFont(_font(title_h * 0.36, True))
        sub = t.reason(result)
        if result.game_over:
            place = game.places()[0]
            sub = t("you_win") if game.winners == (0,) else t("your_place", n=place or 1)
        p.drawText(
            QRectF(panel.x(), panel.y() + 8 + title_h, panel.width(), title_h * 0.5),
            Qt.AlignmentFlag.AlignCenter,
            sub,
        )
        seats = [s for s in range(len(result.hands)) if result.hands[s] is not None]
        top = panel.y() + title_h * 1.75
        bottom = panel.bottom() - 72
        row_h = min((bottom - top) / max(1, len(seats)), panel.height() * 0.2)
        for k, seat in enumerate(sorted(seats, key=lambda s: (result.places[s], s))):
            self._row(p, panel, top + k * row_h, row_h, seat)

    def _row(self, p: QPainter, panel: QRectF, y: float, row_h: float, seat: int) -> None:
        result, t, game = self.result, self.win.t, self.win.game
        lost = seat in result.losers
        if seat == 0:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(255, 194, 26, 40))
            p.drawRoundedRect(QRectF(panel.x() + 10, y + 2, panel.width() - 20, row_h - 4), 8, 8)
        x = panel.x() + panel.width() * 0.03
        text_h = min(row_h * 0.42, 30)
        p.setPen(GOLD if result.places[seat] == 1 else TEXT)
        p.setFont(_font(text_h, True))
        p.drawText(
            QRectF(x, y, panel.width() * 0.08, row_h),
            Qt.AlignmentFlag.AlignVCenter,
            t("place", n=result.places[seat]),
        )
        x += panel.width() * 0.09
        p.setPen(TEXT)
        p.drawText(
            QRectF(x, y, panel.width() * 0.14, row_h), Qt.AlignmentFlag.AlignVCenter, t.name(seat)
        )
        x += panel.width() * 0.13
        scale = 0.86 if seat == 0 else 0.66  # CPU cards small, yours a little larger
        cw = min(row_h * scale / CARD_ASPECT, (panel.width() * 0.25 - 12) / 3)
        ch = cw * CARD_ASPECT
        for i, card in enumerate(result.hands[seat]):
            paint_card(p, QRectF(x + i * (cw + 6), y + (row_h - ch) / 2, cw, ch), card)
        x += panel.width() * 0.27
        p.setFont(_font(text_h * 1.1, True))
        value = result.values[seat]
        p.setPen(GOLD if value is not None and value >= 31 else TEXT)
        p.drawText(
            QRectF(x, y, panel.width() * 0.14, row_h),
            Qt.AlignmentFlag.AlignVCenter,
            t.points(value),
        )
        x += panel.width() * 0.13
        p.setFont(_font(text_h * 0.8, True))
        p.setPen(RED if lost else TEXT)
        gone = seat in result.eliminated and game.out[seat]
        coins = t("coins", n=max(result.coins[seat], -1)) + (f"  {t('lost')}" if lost else "")
        if gone:
            coins = f"{t('lost')}"
        p.drawText(QRectF(x, y, panel.width() * 0.22, row_h), Qt.AlignmentFlag.AlignVCenter, coins)
        x += panel.width() * 0.22
        status = ""
        if seat in result.eliminated and game.out[seat]:
            status = t("out")
        elif seat in result.swimming:
            status = t("swimming")
        if status:
            p.setPen(BLUE if status == t("swimming") else QColor("#bbbbbb"))
            p.drawText(
                QRectF(x, y, panel.right() - x - 10, row_h), Qt.AlignmentFlag.AlignVCenter, status
            )


class HelpOverlay(Overlay):
    """The keyboard help (F1 / H)."""

    def __init__(self, parent: QWidget, window: SchwimmenWindow) -> None:
        super().__init__(parent)
        self.win = window

    def panel_rect(self) -> QRectF:
        w, h = self.width(), self.height()
        return QRectF(w * 0.12, h * 0.1, w * 0.76, h * 0.8)

    def mousePressEvent(self, event) -> None:  # noqa: N802
        self.hide()

    def paintEvent(self, event) -> None:  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        try:
            panel = self.paint_back(p)
            t = self.win.t
            p.setPen(GOLD)
            p.setFont(_font(panel.height() * 0.07, True))
            p.drawText(
                QRectF(panel.x(), panel.y() + 10, panel.width(), panel.height() * 0.12),
                Qt.AlignmentFlag.AlignCenter,
                t("help_title"),
            )
            lines = t("help").split("\n")
            line_h = panel.height() * 0.8 / len(lines)
            p.setPen(TEXT)
            p.setFont(_font(min(line_h * 0.55, panel.width() * 0.024)))
            for k, line in enumerate(lines):
                p.drawText(
                    QRectF(
                        panel.x() + panel.width() * 0.06,
                        panel.y() + panel.height() * 0.16 + k * line_h,
                        panel.width() * 0.9,
                        line_h,
                    ),
                    Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                    line,
                )
        finally:
            p.end()


# ---------------------------------------------------------------- start dialog


class StartDialog(QDialog):
    """Choose the rule set and the CPU level before a game."""

    def __init__(self, texts: Texts, rules: str, level: str, parent: QWidget | None = None):
        super().__init__(parent)
        t = texts
        self.setWindowTitle(t("start_title"))
        form = QFormLayout(self)
        self.rules_box = QComboBox()
        for key in ("standard", "house"):
            self.rules_box.addItem(t(f"rules_{key}"), key)
        self.rules_box.setCurrentIndex(0 if rules == "standard" else 1)
        self.level_box = QComboBox()
        for key in ("easy", "normal", "strong"):
            self.level_box.addItem(t(f"level_{key}"), key)
        self.level_box.setCurrentIndex(("easy", "normal", "strong").index(level))
        form.addRow(t("rules_label"), self.rules_box)
        form.addRow(t("level_label"), self.level_box)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(t("start"))
        buttons.accepted.connect(self.accept)
        form.addRow(buttons)
        self.setStyleSheet("font-size: 16px;")

    def choice(self) -> tuple[str, str]:
        return self.rules_box.currentData(), self.level_box.currentData()


# ---------------------------------------------------------------- the window


class SchwimmenWindow(QMainWindow):
    """You (seat 0) against CPUs; the controller between the widgets and the rules engine."""

    round_finished = Signal()

    def __init__(
        self,
        settings: SchwimmenSettings | None = None,
        language: str = "ja",
        *,
        seed: int | None = None,
        rules: str | None = None,
        level: str | None = None,
        ask: bool | None = None,
    ) -> None:
        super().__init__()
        self.settings = settings or SchwimmenSettings()
        self.t = Texts(language)
        self.session = TableSession(self.settings, seed=seed, rules_name=rules, level=level)
        self.ask = self.settings.start_dialog if ask is None else ask
        self.sel_hand: int | None = None
        self.sel_table: int | None = None
        self.prompt = ""
        self.busy = False
        self.setWindowTitle(self.t("title"))
        self._build()
        self._cpu_timer = QTimer(self)
        self._cpu_timer.setSingleShot(True)
        self._cpu_timer.timeout.connect(self._cpu_step)
        self.resize(1280, 800)

    # ------------------------------------------------------------ widgets

    def _build(self) -> None:
        t = self.t
        central = QWidget()
        central.setStyleSheet("background: #0b2a19;")
        outer = QHBoxLayout(central)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)
        left = QVBoxLayout()
        left.setContentsMargins(0, 0, 0, 0)
        left.setSpacing(0)
        self.view = TableView(self)
        left.addWidget(self.view, 1)
        bar = QHBoxLayout()
        bar.setContentsMargins(12, 8, 12, 10)
        bar.setSpacing(12)
        style = (
            "QPushButton { font-size: 20px; font-weight: bold; padding: 8px 18px;"
            " background: #f4f1e8; color: #1b1b1b; border: 2px solid #c9a227; border-radius: 8px; }"
            "QPushButton:hover { background: #fff6cc; }"
            "QPushButton:disabled { background: #4a5a50; color: #8fa096; border-color: #4a5a50; }"
        )
        self.buttons: dict[str, QPushButton] = {}
        bar.addStretch(1)
        for key, shortcut in (
            ("swap_all", "X"),
            ("swap", "Enter"),
            ("pass", "P"),
            ("knock", "K"),
            ("take_extra", "X"),
            ("keep", "P"),
        ):
            button = QPushButton(f"{t(key)}")
            button.setToolTip(shortcut)
            button.setStyleSheet(style)
            button.setMinimumHeight(48)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(lambda _=False, k=key: self.press(k))
            bar.addWidget(button)
            self.buttons[key] = button
        bar.addStretch(1)
        help_button = QPushButton(t("help_button"))
        help_button.setStyleSheet(
            "QPushButton { font-size: 14px; padding: 6px 10px; background: #24402f;"
            " color: #f4f1e8; border: 1px solid #5c7a66; border-radius: 6px; }"
        )
        help_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        help_button.clicked.connect(self.toggle_help)
        bar.addWidget(help_button)
        left.addLayout(bar)
        outer.addLayout(left, 1)
        side = QVBoxLayout()
        side.setContentsMargins(8, 10, 10, 10)
        title = QLabel(t("log"))
        title.setStyleSheet("color: #ffc21a; font-size: 18px; font-weight: bold;")
        side.addWidget(title)
        self.info_label = QLabel("")
        self.info_label.setWordWrap(True)
        self.info_label.setStyleSheet("color: #cfe3d6; font-size: 14px;")
        side.addWidget(self.info_label)
        self.log_list = QListWidget()
        self.log_list.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.log_list.setWordWrap(True)
        self.log_list.setStyleSheet(
            "QListWidget { background: #10331f; color: #f4f1e8; font-size: 15px;"
            " border: 1px solid #2d5a40; border-radius: 6px; }"
        )
        side.addWidget(self.log_list, 1)
        side_widget = QWidget()
        side_widget.setLayout(side)
        side_widget.setFixedWidth(300)
        outer.addWidget(side_widget)
        self.setCentralWidget(central)
        self.round_overlay = RoundOverlay(self.view, self)
        self.help_overlay = HelpOverlay(self.view, self)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        QTimer.singleShot(0, self, self._fit_overlays)  # cancelled if the window goes

    def _fit_overlays(self) -> None:
        for overlay in (self.round_overlay, self.help_overlay):
            overlay.setGeometry(self.view.rect())

    # ------------------------------------------------------------ the session's state

    @property
    def game(self) -> Game | None:
        return self.session.game

    @game.setter
    def game(self, game: Game) -> None:  # a set position (tests, scenarios)
        self.session.load(game)

    @property
    def cpus(self) -> dict[int, CpuPlayer]:
        return self.session.cpus

    @property
    def seed(self) -> int | None:
        return self.session.seed

    @property
    def games_started(self) -> int:
        return self.session.games_started

    @property
    def rules_name(self) -> str:
        return self.session.rules_name

    @rules_name.setter
    def rules_name(self, name: str) -> None:
        self.session.rules_name = name

    @property
    def level(self) -> str:
        return self.session.level

    @level.setter
    def level(self, level: str) -> None:
        self.session.level = level

    # ------------------------------------------------------------ game flow

    def start(self) -> None:
        """Open the start dialog if asked, then deal the first round."""
        if self.ask:
            dialog = StartDialog(self.t, self.rules_name, self.level, self)
            if dialog.exec() == QDialog.DialogCode.Accepted:
                self.rules_name, self.level = dialog.choice()
        self.new_game()

    def new_game(self) -> None:
        self._cpu_timer.stop()
        self.session.new_game()
        self.round_overlay.hide()
        self.setFocus()
        t = self.t
        self.info_label.setText(
            t("info", rules=t(f"short_{self.rules_name}"), level=t(f"level_{self.level}"))
        )
        self.log_list.clear()
        self.view.bubbles.clear()
        self._log_header()
        self._logged = 0
        self._continue()

    def next_round(self) -> None:
        if self.game is None or self.game.phase is not Phase.ROUND_OVER:
            return
        self.round_overlay.hide()
        self.setFocus()
        self.session.next_round()
        self.view.bubbles.clear()
        self._log_header()
        self._logged = 0
        self._continue()

    def _log_header(self) -> None:
        self.log_list.addItem(f"── {self.t('round', n=self.game.round_number)} ──")

    def _sync_log(self) -> None:
        for event in self.game.log[self._logged :]:
            self.log_list.addItem(self.t.event(event))
        self._logged = len(self.game.log)
        self.log_list.scrollToBottom()

    def _continue(self) -> None:
        """After every change: show the next prompt, schedule a CPU, or show the round end."""
        game = self.game
        self._sync_log()
        self.sel_hand = self.sel_table = None
        if game.phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
            self._round_over(game.last_result)
        elif game.current == 0:
            last = game.knocker is not None
            if game.phase is Phase.DEALER:
                self.prompt = self.t("dealer_prompt")
            else:
                self.prompt = self.t("prompt_last" if last else "prompt")
            self.busy = False
        else:
            self.prompt = self.t("cpu_turn", name=self.t.name(game.current))
            self.busy = True
            self._cpu_timer.start(self.settings.cpu_delay_ms)
        self._update_buttons()
        self.view.update()

    def _round_over(self, result: RoundResult) -> None:
        t = self.t
        self.busy = True
        self.prompt = t("game_over") if result.game_over else t("round_over")
        for seat in range(len(result.hands)):
            if result.hands[seat] is not None:
                self.log_list.addItem(
                    t(
                        "ev_result",
                        name=t.name(seat),
                        v=f"{result.values[seat]:g}",
                        place=t("place", n=result.places[seat]),
                    )
                )
        self.log_list.addItem(t("ev_lost", names=", ".join(t.name(s) for s in result.losers)))
        for seat in result.losers:
            if self.game.out[seat]:
                self.log_list.addItem(t("ev_out", name=t.name(seat)))
            elif seat in result.swimming:
                self.log_list.addItem(t("ev_swim", name=t.name(seat)))
        self.log_list.scrollToBottom()
        self.round_overlay.show_result(result)
        self.round_finished.emit()

    def _cpu_step(self) -> None:
        choice = self.session.cpu_choice()
        if choice is not None:
            self._play(*choice)

    def _play(self, seat: int, action: Action) -> None:
        """Apply an action (already known legal) with its slide animation."""
        game, view = self.game, self.view
        flights: list[_Flight] = []
        hidden: set[tuple] = set()
        log_before = len(game.log)
        if isinstance(action, SwapOne):
            i = game.hands[seat].index(action.hand_card)
            j = game.table.index(action.table_card)
            flights = [
                _Flight(action.hand_card, view.seat_card_rect(seat, i), view.table_rect(j)),
                _Flight(action.table_card, view.table_rect(j), view.seat_card_rect(seat, i)),
            ]
            hidden = {("table", j), ("hand", seat, i)}
        elif isinstance(action, SwapAll):
            for k in range(3):
                flights.append(
                    _Flight(game.hands[seat][k], view.seat_card_rect(seat, k), view.table_rect(k))
                )
                flights.append(
                    _Flight(game.table[k], view.table_rect(k), view.seat_card_rect(seat, k))
                )
                hidden |= {("table", k), ("hand", seat, k)}
        elif isinstance(action, DealerSwap | DealerKeep):
            give = game.hands[seat] if isinstance(action, DealerSwap) else game.extra
            for k in range(3):
                flights.append(
                    _Flight(
                        give[k],
                        view.seat_card_rect(seat, k)
                        if isinstance(action, DealerSwap)
                        else view.stock_rect(),
                        view.table_rect(k),
                    )
                )
                hidden.add(("table", k))
        self.session.take(action)
        refresh = [e for e in game.log[log_before:] if e.kind == "refresh"]
        if refresh:
            flights = [
                _Flight(c, view.table_rect(k), view.discard_rect())
                for k, c in enumerate(refresh[0].gave)
            ]
            flights += [
                _Flight(c, view.stock_rect(), view.table_rect(k))
                for k, c in enumerate(refresh[0].took)
            ]
            hidden = {("table", k) for k in range(3)}
        if seat != 0:
            view.bubbles[seat] = self._bubble(action)
        self.busy = True
        self._update_buttons()
        duration = self.settings.animation_ms
        if game.phase in (Phase.ROUND_OVER, Phase.GAME_OVER) and duration:
            duration = max(duration, 250)
        view.animate(flights, hidden, duration, self._continue)

    def _bubble(self, action: Action) -> str:
        t = self.t
        if isinstance(action, SwapOne):
            return t("swap")
        if isinstance(action, SwapAll):
            return t("swap_all")
        if isinstance(action, Pass):
            return t("pass")
        if isinstance(action, Knock):
            return t("knock") + "!"
        if isinstance(action, DealerSwap):
            return t("take_extra")
        return t("keep")

    # ------------------------------------------------------------ the person's input

    def human_to_move(self) -> bool:
        game = self.game
        return (
            game is not None
            and not self.busy
            and game.current == 0
            and game.phase in (Phase.PLAY, Phase.DEALER)
        )

    def human_can_swap(self) -> bool:
        return self.human_to_move() and self.game.phase is Phase.PLAY

    def show_dealer(self) -> bool:
        return self.game is not None and self.game.rules.dealer_swap

    def _legal(self) -> list[Action]:
        return self.game.legal_actions() if self.human_to_move() else []

    def _update_buttons(self) -> None:
        legal = self._legal()
        dealer = self.game is not None and self.game.phase is Phase.DEALER and self.human_to_move()
        swap_ready = self.sel_hand is not None and self.sel_table is not None
        states = {
            "swap_all": SwapAll() in legal,
            "swap": swap_ready and any(isinstance(a, SwapOne) for a in legal),
            "pass": Pass() in legal,
            "knock": Knock() in legal,
            "take_extra": DealerSwap() in legal,
            "keep": DealerKeep() in legal,
        }
        for key, button in self.buttons.items():
            button.setEnabled(states[key])
            button.setVisible((key in ("take_extra", "keep")) == dealer)

    def click(self, kind: str, index: int) -> None:
        """Select or deselect a table card or one of yours (a second click deselects)."""
        if not self.human_can_swap():
            return
        if kind == "table":
            self.sel_table = None if self.sel_table == index else index
        else:
            self.sel_hand = None if self.sel_hand == index else index
        self._update_buttons()
        self.view.update()

    def swap_indices(self, hand_i: int, table_j: int) -> None:
        if not self.human_can_swap():
            return
        game = self.game
        self._human(SwapOne(game.hands[0][hand_i], game.table[table_j]))

    def press(self, key: str) -> None:
        """A button (or its key): swap_all, swap, pass, knock, take_extra, keep."""
        if not self.human_to_move():
            return
        game = self.game
        if key == "swap":
            if self.sel_hand is None or self.sel_table is None:
                self.prompt = self.t("select_two")
                self.view.update()
                return
            self.swap_indices(self.sel_hand, self.sel_table)
            return
        action = {
            "swap_all": SwapAll(),
            "pass": Pass(),
            "knock": Knock(),
            "take_extra": DealerSwap(),
            "keep": DealerKeep(),
        }[key]
        if game.phase is Phase.DEALER and key in ("swap_all", "pass"):
            action = DealerSwap() if key == "swap_all" else DealerKeep()
        self._human(action)

    def _human(self, action: Action) -> None:
        error = self.session.refusal(action)
        if error is not None:
            self.prompt = self.t.illegal(error)
            self.view.update()
            return
        self.sel_hand = self.sel_table = None
        self._play(0, action)

    def toggle_help(self) -> None:
        if self.help_overlay.isVisible():
            self.help_overlay.hide()
        else:
            self.help_overlay.setGeometry(self.view.rect())
            self.help_overlay.show()
            self.help_overlay.raise_()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        key = event.key()
        mods = event.modifiers()
        k = Qt.Key
        if key == k.Key_N and mods & Qt.KeyboardModifier.ControlModifier:
            self.new_game()
            return
        if key in (k.Key_F1, k.Key_H, k.Key_Question):
            self.toggle_help()
            return
        if key == k.Key_Escape:
            if self.help_overlay.isVisible():
                self.help_overlay.hide()
            else:
                self.sel_hand = self.sel_table = None
                self._update_buttons()
                self.view.update()
            return
        game = self.game
        if game is None:
            return
        if game.phase in (Phase.ROUND_OVER, Phase.GAME_OVER) and self.round_overlay.isVisible():
            if key in (k.Key_N, k.Key_Return, k.Key_Enter, k.Key_Space):
                self.round_overlay.button.click()
            return
        table_keys = {k.Key_Q: 0, k.Key_W: 1, k.Key_E: 2}
        hand_keys = {k.Key_A: 0, k.Key_S: 1, k.Key_D: 2}
        if key in table_keys:
            self.click("table", table_keys[key])
        elif key in hand_keys:
            self.click("hand", hand_keys[key])
        elif key in (k.Key_Return, k.Key_Enter, k.Key_Space):
            self.press("swap")
        elif key == k.Key_X:
            self.press("swap_all")
        elif key == k.Key_P:
            self.press("pass")
        elif key == k.Key_K:
            self.press("knock")
        else:
            super().keyPressEvent(event)


def with_fast_timings(settings: SchwimmenSettings) -> SchwimmenSettings:
    """The same settings with no pauses or animations (tests, --fast)."""
    return dc_replace(settings, cpu_delay_ms=0, animation_ms=0)
