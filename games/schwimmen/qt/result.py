"""The end of a round or of the game: every hand face up, values, places, coins; 再開 / new game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QPushButton, QWidget

from games.common.painter import CARD_ASPECT, paint_card
from games.schwimmen.qt.overlay import Overlay
from games.schwimmen.qt.style import BLUE, GOLD, RED, TEXT, font
from games.schwimmen.rules import RoundResult

if TYPE_CHECKING:
    from games.schwimmen.qt.window import SchwimmenWindow


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
        result, t = self.result, self.win.t
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
        bottom = panel.bottom() - 72
        row_h = min((bottom - top) / max(1, len(seats)), panel.height() * 0.2)
        for k, seat in enumerate(seats):
            self._row(p, panel, top + k * row_h, row_h, seat)

    def subtitle(self) -> str:
        """Why the round ended; at the end of the game, your place in the game (the only place
        the game-over screen names for you)."""
        result, t, game = self.result, self.win.t, self.win.game
        if not result.game_over:
            return t.reason(result)
        if game.winners == (0,):
            return t("you_win")
        return t("your_place", n=game.places()[0] or 1)

    def place_text(self, seat: int) -> str:
        """The place column: the round's place, or at the end of the game the game's place
        (empty for CPUs still playing when you went out)."""
        result, t = self.result, self.win.t
        if result.game_over:
            place = self.win.game.places()[seat]
            return t("place", n=place) if place is not None else ""
        return t("place", n=result.places[seat])

    def coins_text(self, seat: int) -> str:
        """Coins after the round and "(−1)" for a loser; just "(−1)" for one who went out."""
        result, t, game = self.result, self.win.t, self.win.game
        lost = seat in result.losers
        if seat in result.eliminated and game.out[seat]:
            return t("lost") if lost else ""
        return t.coins(result.coins[seat], out=False) + (f"  {t('lost')}" if lost else "")

    def row_seats(self) -> list[int]:
        """The seats shown, best first: by game place at the end of the game, else by round."""
        result = self.result
        seats = [s for s in range(len(result.hands)) if result.hands[s] is not None]
        if result.game_over:
            places = self.win.game.places()

            def key(s: int) -> tuple[int, int, int]:
                return (places[s] or 0, result.places[s] or 0, s)

            return sorted(seats, key=key)
        return sorted(seats, key=lambda s: (result.places[s] or 0, s))

    def _row(self, p: QPainter, panel: QRectF, y: float, row_h: float, seat: int) -> None:
        result, t, game = self.result, self.win.t, self.win.game
        lost = seat in result.losers
        if seat == 0:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(255, 194, 26, 40))
            p.drawRoundedRect(QRectF(panel.x() + 10, y + 2, panel.width() - 20, row_h - 4), 8, 8)
        x = panel.x() + panel.width() * 0.03
        text_h = min(row_h * 0.42, 30)
        place = self.place_text(seat)
        first = place == t("place", n=1)
        p.setPen(GOLD if first else TEXT)
        p.setFont(font(text_h, True))
        p.drawText(QRectF(x, y, panel.width() * 0.08, row_h), Qt.AlignmentFlag.AlignVCenter, place)
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
        p.setFont(font(text_h * 1.1, True))
        value = result.values[seat]
        p.setPen(GOLD if value is not None and value >= 31 else TEXT)
        p.drawText(
            QRectF(x, y, panel.width() * 0.14, row_h),
            Qt.AlignmentFlag.AlignVCenter,
            t.points(value),
        )
        x += panel.width() * 0.13
        p.setFont(font(text_h * 0.8, True))
        p.setPen(RED if lost else TEXT)
        coins = self.coins_text(seat)
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
