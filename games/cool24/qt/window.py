"""Qt frontend of COOL 24+24: one widget painted on a 1600x900 canvas scaled to the screen.

Enter starts, keys 1-4 (or a click/tap on a card) play, H shows the lookahead player's hint
(on the title it starts the game too; a key during the deal's slide-in takes effect at once), F1
shows how to play (`helppage`), Enter after the end plays again, Esc quits (asking first while a game is in progress), in
full screen too; F11 toggles full screen (eventkit.screen, so also without a window
manager). The widget calls the table session (`TableSession.start_game`, `act`, `hint`),
paints from its `view(SEAT)` (and `tally`, the view's points) and the events `act` returns
(never the engine), keeps the animation's state and hands the painting to the screens: `title`, `play` (the
board), `over` (the summary), `question` (quit?) and `popups`, all drawing with `canvas`
and the card painter of `cards`. Popups for bonuses and lap 2 are timed overlays that never
block input.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QPointF, QRect, Qt, QTimer
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QWidget

from eventkit.i18n import Texts
from eventkit.qtruntime import make_app
from eventkit.screen import show_full_screen, show_normal
from games.common.qt.screenfit import fits_screen
from games.common.qt.textfit import MIN_TEXT
from games.common.table import Refused
from games.cool24.qt.canvas import Canvas
from games.cool24.qt.helppage import paint_help
from games.cool24.qt.over import paint_summary
from games.cool24.qt.play import FLY_SECONDS, Scene, paint_board
from games.cool24.qt.popups import POPUP_SECONDS, Popup, paint_popups
from games.cool24.qt.question import paint_quit_question, quit_buttons
from games.cool24.qt.style import CANVAS_H, CANVAS_W, slot_rect
from games.cool24.qt.title import paint_title
from games.cool24.settings import BONUS_KINDS, Cool24Settings
from games.cool24.table import (
    HAND_SIZE,
    SEAT,
    PlayResult,
    PlaySlot,
    Stage,
    TableSession,
    TableView,
    tally,
)
from games.cool24.texts import TEXTS

SUMMARY_DELAY = 1.2  # seconds the final board stays visible before the summary


class Cool24Widget(QWidget):
    """The whole game screen. States: "title" -> "play" -> "over" (-> "play" again)."""

    def __init__(self, settings: Cool24Settings | None = None, seed: int | None = None) -> None:
        super().__init__()
        self.settings = settings or Cool24Settings()
        self.t = Texts(TEXTS, self.settings.language)
        self.session = TableSession(
            settings=self.settings, seed=seed, language=self.settings.language
        )
        self.canvas = Canvas(self.settings, self.t)
        self.images = self.canvas.images
        self.popups: list[Popup] = []
        self.toast: tuple[str, float] | None = None
        self.hint_slot: int | None = None
        self.arrived: dict[int, float] = {}
        self.flying: tuple[int, int, float] | None = None  # card, from slot, start time
        self.shown_score = 0.0  # counts up to the real score
        self.over_at = 0.0
        self._normal_geometry: QRect | None = None
        self.asking_quit = False  # Esc mid-game in a window: the question is on screen
        self.showing_help = False  # F1: how to play, over whatever screen is up
        self.timer = QTimer(self)
        self.timer.setInterval(33)
        self.timer.timeout.connect(self._tick)
        self.setWindowTitle("COOL 24+24")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(640, 360)  # a window fitted to an 800 px screen (85 %) must be allowed
        self.resize(1280, 720)

    # ------------------------------------------------------------ the session's state
    def seen(self) -> TableView:
        """What the seat sees now: the view its phone would get."""
        return self.session.view(SEAT)

    @property
    def state(self) -> Stage:
        return self.session.stage

    # ------------------------------------------------------------ actions
    def start(self) -> None:
        """A new game (Enter on the title or the summary)."""
        self.session.start_game()
        self.popups.clear()
        self.toast = None
        self.hint_slot = None
        self.flying = None
        self.shown_score = 0.0
        now = time.monotonic()
        self.arrived = {slot: now + 0.08 * slot for slot in range(1, HAND_SIZE + 1)}
        dealt = self.seen().bonuses or {}  # the deal's bonuses (one hand: one at most)
        for kind in BONUS_KINDS:
            for _ in range(dealt.get(kind, 0)):
                self._bonus_popup(kind, self.settings.bonus_points(kind))
        self._animate()
        self.update()

    def play_slot(self, slot: int) -> PlayResult | None:
        """Play the card in `slot` (1-4); an unplayable card shows why instead."""
        if not self.session.in_game:
            return None
        try:
            result = self.session.act(SEAT, PlaySlot(slot))
        except Refused as exc:
            self._toast(exc.text)
            return None
        self.hint_slot = None
        self.toast = None  # a refusal says why that card could not go; this one went
        now = time.monotonic()
        self.flying = None if result.lap_started else (result.card, slot, now)
        if result.refill is not None:
            self.arrived[slot] = now
        deal_bonuses = [b for b in result.bonuses if result.lap_started and b.lap == 2]
        for bonus in result.bonuses:
            if bonus not in deal_bonuses:
                self._bonus_popup(bonus.kind, bonus.points)
        if result.lap_started:
            self.arrived = {s: now + 0.6 + 0.08 * s for s in range(1, HAND_SIZE + 1)}
            m = tally(self.seen(), self.settings).multiplier
            self.popups.append(
                Popup(self.t["lap2"], self.t["lap2_sub"].format(m=m), QColor("#ff8c1a"), now, True)
            )
            for bonus in deal_bonuses:
                self._bonus_popup(bonus.kind, bonus.points, delay=1.0)
        if result.over:  # the summary waits until the last popups (a final bonus) are done
            ends = [pop.started + POPUP_SECONDS for pop in self.popups]
            self.over_at = max([now, *(end - SUMMARY_DELAY for end in ends)])
        self._animate()
        self.update()
        return result

    def show_hint(self) -> int | None:
        """Mark the slot the lookahead player would play (key H)."""
        found = self.session.hint()
        if found is None:
            return None
        self.hint_slot = found
        self.update()
        return self.hint_slot

    def _bonus_popup(self, kind: str, points: int, delay: float = 0.0) -> None:
        m = tally(self.seen(), self.settings).multiplier
        sub = f"+{points}" + (f" ×{m}" if m > 1 else "")
        colour = (
            QColor(self.settings.suit_colors[0])
            if kind == "straight_flush"
            else (QColor("#b26bff") if kind == "four_of_a_kind" else QColor("#18b7d9"))
        )
        start = time.monotonic() + delay + 0.25 * len(self.popups)
        self.popups.append(Popup(self.t[kind] + "!", sub, colour, start))

    def _toast(self, text: str) -> None:
        self.toast = (text, time.monotonic())
        self._animate()
        self.update()

    def _animate(self) -> None:
        if not self.timer.isActive():
            self.timer.start()

    def _tick(self) -> None:
        now = time.monotonic()
        self.popups = [p for p in self.popups if now - p.started < POPUP_SECONDS]
        if self.toast and now - self.toast[1] > 2.5:
            self.toast = None
        score = self.seen().score
        if self.shown_score != score:
            gap = score - self.shown_score
            step = gap * 0.2 if abs(gap) > 5 else gap
            self.shown_score += step
        if self.flying and now - self.flying[2] > FLY_SECONDS:
            self.flying = None
        busy = (
            self.popups
            or self.toast
            or self.flying
            or self.shown_score != score
            or any(now - t < 0.4 for t in self.arrived.values())
            or (self.state == "over" and now - self.over_at < SUMMARY_DELAY + 0.1)
        )
        if not busy:
            self.timer.stop()
        self.update()

    # ------------------------------------------------------------ input
    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if self.asking_quit:  # Y quits; N, Esc or Enter plays on; other keys do nothing
            if key == Qt.Key.Key_Y:
                self.answer_quit(True)
            elif key in (Qt.Key.Key_N, Qt.Key.Key_Escape, Qt.Key.Key_Return, Qt.Key.Key_Enter):
                self.answer_quit(False)
            return
        if key == Qt.Key.Key_F1 or (self.showing_help and key == Qt.Key.Key_Escape):
            self.toggle_help()
            return
        if self.showing_help and key != Qt.Key.Key_F11:  # the game waits under the help
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            if self.state in ("title", "over"):
                self.start()
            return
        if Qt.Key.Key_1 <= key <= Qt.Key.Key_4:
            self.end_deal()
            self.play_slot(key - Qt.Key.Key_1 + 1)
            return
        if key == Qt.Key.Key_H:
            if self.state == "title":  # H on the title: the game starts with its hint
                self.start()
            self.end_deal()
            self.show_hint()
            return
        if key == Qt.Key.Key_Escape:  # "Esc で終了": one press, full screen or not (F11 leaves it)
            if self.game_in_progress():
                self.ask_quit()
            else:
                self.close()
            return
        if key == Qt.Key.Key_F11:
            self.leave_full_screen() if self.isFullScreen() else self.enter_full_screen()
            return
        super().keyPressEvent(event)

    def toggle_help(self) -> None:
        """F1: how to play, over the title, the board or the summary (F1 or Esc closes)."""
        self.showing_help = not self.showing_help
        self.update()

    def end_deal(self) -> None:
        """A key during the deal's slide-in takes effect at once: every card is in its place
        (a card still on its way would be played unseen or after the slide)."""
        now = time.monotonic()
        if any(start > now - 0.4 for start in self.arrived.values()):
            self.arrived = {}
            self.update()

    def summary_shown(self) -> bool:
        """The summary covers the board once the final board (and its popups) had their time."""
        return self.state == "over" and time.monotonic() - self.over_at >= SUMMARY_DELAY

    def game_in_progress(self) -> bool:
        """A game with something to lose (Esc asks first): TableSession.at_stake."""
        return self.session.at_stake

    def ask_quit(self) -> None:
        """Ask on screen before throwing the game away (answered by keys or a click)."""
        self.asking_quit = True
        self.update()

    def answer_quit(self, leave: bool) -> None:
        self.asking_quit = False
        self.update()
        if leave:
            self.close()

    def enter_full_screen(self) -> None:
        """Cover the screen, even on a bare X server (eventkit.screen sets the geometry first)."""
        if not self.isFullScreen() and self.isVisible():  # opened full screen: none yet
            self._normal_geometry = self.geometry()
        show_full_screen(self)

    def leave_full_screen(self) -> None:
        """Back to the window's size and place before full screen."""
        show_normal(self, fits_screen(self, self._normal_geometry))

    def _transform(self) -> tuple[float, float, float]:
        scale = min(self.width() / CANVAS_W, self.height() / CANVAS_H)
        ox = (self.width() - CANVAS_W * scale) / 2
        oy = (self.height() - CANVAS_H * scale) / 2
        return scale, ox, oy

    def slot_at(self, x: float, y: float) -> int | None:
        """The hand slot under widget point (x, y), or None."""
        scale, ox, oy = self._transform()
        point = QPointF((x - ox) / scale, (y - oy) / scale)
        for slot in range(1, HAND_SIZE + 1):
            if slot_rect(slot).adjusted(0, -30, 0, 60).contains(point):
                return slot
        return None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if self.showing_help:  # a tap closes the help
            self.toggle_help()
            return
        if self.asking_quit:
            scale, ox, oy = self._transform()
            pos = event.position()
            point = QPointF((pos.x() - ox) / scale, (pos.y() - oy) / scale)
            yes, no = quit_buttons()
            if yes.contains(point) or no.contains(point):
                self.answer_quit(yes.contains(point))
            return
        if self.state in ("title", "over"):
            self.start()
            return
        pos = event.position()
        slot = self.slot_at(pos.x(), pos.y())
        if slot is not None:
            self.play_slot(slot)

    # ------------------------------------------------------------ painting
    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        p.fillRect(self.rect(), QColor("#0b0820"))
        scale, ox, oy = self._transform()
        self.canvas.fonts.floor = MIN_TEXT * self.height() / scale
        p.translate(ox, oy)
        p.scale(scale, scale)
        now = time.monotonic()
        view = self.seen()
        seen = view.observation
        self.canvas.background(p, seen is not None and seen.lap == 2 and self.state != "title")
        if self.state == "title" or seen is None:
            paint_title(p, self.canvas, self.session.rules_lines(), now)
        else:
            points = tally(view, self.settings)
            paint_board(p, self.canvas, view, points, self._scene(now))
            if self.summary_shown():
                paint_summary(p, self.canvas, view, points)
        paint_popups(p, self.canvas, self.popups, now)
        if self.asking_quit:
            paint_quit_question(p, self.canvas, view)
        if self.showing_help:
            paint_help(p, self.canvas, self.session.rules_lines())
        p.end()

    def _scene(self, now: float) -> Scene:
        return Scene(now, self.shown_score, self.arrived, self.flying, self.hint_slot, self.toast)


def run_game(settings: Cool24Settings, seed: int | None = None, fullscreen: bool = True) -> int:
    """Open the game window and run Qt until it closes."""
    app = make_app("games cool24")
    widget = Cool24Widget(settings, seed)
    if fullscreen:
        widget.enter_full_screen()
    else:
        widget.show()
    return app.exec()
