"""The end of a round or of the game: every hand face up, values, places, coins; 再開 / new game."""

from __future__ import annotations

import math

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QPushButton, QWidget

from games.common.qt.painter import CARD_ASPECT, paint_card
from games.common.qt.textfit import MIN_TEXT, draw_fitted
from games.schwimmen.qt.overlay import Overlay
from games.schwimmen.qt.style import BLUE, GOLD, RED, TEXT, font, text_floor, use_window_floor
from games.schwimmen.table import RoundResult, SeatView, TableSession
from games.schwimmen.texts import Texts


def column_widths(width: float) -> tuple[float, ...]:
    """A result row's columns (place, name, cards, points, coins; the status takes the rest),
    side by side, so no text runs into its neighbour."""
    return tuple(width * share for share in (0.08, 0.14, 0.26, 0.14, 0.2))


class RoundOverlay(Overlay):
    """ラウンド終了 / ゲーム終了: every hand face up, values, places, coins; 再開 or New game.

    Its button emits `next_round_requested` after a round, `new_game_requested` after the
    game; `seat` is the window's person (their row is highlighted, their place named).
    """

    next_round_requested = Signal()
    new_game_requested = Signal()

    def __init__(self, parent: QWidget, session: TableSession, texts: Texts, seat: int) -> None:
        super().__init__(parent)
        self.session = session
        self.t = texts
        self.seat = seat
        self.result: RoundResult | None = None
        self.button = QPushButton(self)
        self.button.clicked.connect(self._pressed)

    def show_result(self, result: RoundResult) -> None:
        self.result = result
        t = self.t
        self.button.setText(t("new_game") if result.game_over else t("next_round"))
        self.setGeometry(self.parentWidget().rect())
        self.show()
        self.raise_()
        self._place_button()
        self.button.setFocus()
        self.update()

    def resizeEvent(self, event) -> None:
        self._place_button()

    def _place_button(self) -> None:
        height = self.window().height()
        px = max(math.ceil(MIN_TEXT * height), round(0.032 * height))
        self.button.setStyleSheet(
            f"QPushButton {{ font-size: {px}px; font-weight: bold; padding: 0.2em 1.2em;"
            " background: #ffc21a; color: #1a1a1a; border-radius: 8px; }"
            "QPushButton:hover { background: #ffd34d; }"
        )
        panel = self.panel_rect()
        bh = round(px * 2.1)
        bw = max(round(px * 9), self.button.sizeHint().width())
        self.button.setGeometry(
            round(panel.center().x() - bw / 2), round(panel.bottom() - bh - 12), bw, bh
        )

    def _pressed(self) -> None:
        if self.result is not None and self.result.game_over:
            self.new_game_requested.emit()
        else:
            self.next_round_requested.emit()

    def paintEvent(self, event) -> None:
        if self.result is None:
            return
        use_window_floor(self)
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        try:
            self._paint(p)
        finally:
            p.end()

    def _paint(self, p: QPainter) -> None:
        result, t = self.result, self.t
        assert result is not None
        panel = self.paint_back(p)
        title_h = panel.height() * 0.1
        p.setPen(GOLD)
        p.setFont(font(title_h * 0.72, True))
        title = t("game_over") if result.game_over else t("round_over")
        p.drawText(
            QRectF(panel.x(), panel.y() + 8, panel.width(), title_h),
            Qt.AlignmentFlag.AlignCenter,
            title,
        )
        p.setPen(TEXT)
        p.setFont(font(title_h * 0.36, True))
        p.drawText(
            QRectF(panel.x(), panel.y() + 8 + title_h, panel.width(), title_h * 0.5),
            Qt.AlignmentFlag.AlignCenter,
            self.subtitle(),
        )
        seats = self.row_seats()
        top = panel.y() + title_h * 1.75
        bottom = panel.bottom() - self.button.height() - 24
        row_h = min((bottom - top) / max(1, len(seats)), panel.height() * 0.2)
        for k, seat in enumerate(seats):
            self._row(p, panel, top + k * row_h, row_h, seat)

    def subtitle(self) -> str:
        """Why the round ended; at the end of the game, your place in the game (the only place
        the game-over screen names for you)."""
        result, t, view = self.result, self.t, self._view()
        assert result is not None
        if not result.game_over:
            return t.reason(result)
        if view.winners == (self.seat,):
            return t("you_win")
        return t("your_place", n=view.places[self.seat] or 1)

    def _view(self) -> SeatView:
        """What the window's seat sees (its phone's view)."""
        view = self.session.view_now(self.seat)
        assert view is not None  # a result is shown only for a game
        return view

    def place_text(self, seat: int) -> str:
        """The place column: the round's place, or at the end of the game the game's place
        (empty for CPUs still playing when you went out)."""
        result, t = self.result, self.t
        assert result is not None
        if result.game_over:
            place = self._view().places[seat]
            return t("place", n=place) if place is not None else ""
        return t("place", n=result.places[seat])

    def coins_text(self, seat: int) -> str:
        """Coins after the round and "(−1)" for a loser; just "(−1)" for one who went out."""
        result, t, out = self.result, self.t, self._view().observation.out
        assert result is not None
        lost = seat in result.losers
        if seat in result.eliminated and out[seat]:
            return t("lost") if lost else ""
        return t.coins(result.coins[seat], out=False) + (f"  {t('lost')}" if lost else "")

    def row_seats(self) -> list[int]:
        """The seats shown, best first: by game place at the end of the game, else by round."""
        result = self.result
        assert result is not None
        seats = [s for s in range(len(result.hands)) if result.hands[s] is not None]
        if result.game_over:
            places = self._view().places

            def key(s: int) -> tuple[int, int, int]:
                return (places[s] or 0, result.places[s] or 0, s)

            return sorted(seats, key=key)
        return sorted(seats, key=lambda s: (result.places[s] or 0, s))

    def _row(self, p: QPainter, panel: QRectF, y: float, row_h: float, seat: int) -> None:
        result, t, out = self.result, self.t, self._view().observation.out
        assert result is not None
        lost = seat in result.losers
        if seat == self.seat:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(255, 194, 26, 40))
            p.drawRoundedRect(QRectF(panel.x() + 10, y + 2, panel.width() - 20, row_h - 4), 8, 8)
        x = panel.x() + panel.width() * 0.03
        text_h = min(row_h * 0.42, 30)
        floor = text_floor()
        left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        columns = column_widths(panel.width())
        place = self.place_text(seat)
        first = place == t("place", n=1)
        p.setPen(GOLD if first else TEXT)
        draw_fitted(p, QRectF(x, y, columns[0], row_h), place, text_h, floor, bold=True, align=left)
        x += columns[0]
        p.setPen(TEXT)
        name_rect = QRectF(x, y, columns[1], row_h)
        draw_fitted(p, name_rect, t.name(seat), text_h, floor, bold=True, align=left)
        x += columns[1]
        scale = 0.86 if seat == self.seat else 0.66  # CPU cards small, yours a little larger
        cw = min(row_h * scale / CARD_ASPECT, (columns[2] - 18) / 3)
        ch = cw * CARD_ASPECT
        for i, card in enumerate(result.hands[seat]):
            paint_card(p, QRectF(x + i * (cw + 6), y + (row_h - ch) / 2, cw, ch), card)
        x += columns[2]
        value = result.values[seat]
        p.setPen(GOLD if value is not None and value >= 31 else TEXT)
        value_rect = QRectF(x, y, columns[3], row_h)
        draw_fitted(p, value_rect, t.points(value), text_h * 1.1, floor, bold=True, align=left)
        x += columns[3]
        p.setPen(RED if lost else TEXT)
        coins_rect = QRectF(x, y, columns[4], row_h)
        draw_fitted(
            p, coins_rect, self.coins_text(seat), text_h * 0.8, floor, bold=True, align=left
        )
        x += columns[4]
        status = ""
        if seat in result.eliminated and out[seat]:
            status = t("out")
        elif seat in result.swimming:
            status = t("swimming")
        if status:
            p.setPen(BLUE if status == t("swimming") else QColor("#bbbbbb"))
            status_rect = QRectF(x, y, panel.right() - x - 10, row_h)
            draw_fitted(p, status_rect, status, text_h * 0.8, floor, bold=True, align=left)
