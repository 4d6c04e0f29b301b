"""The audience view: title, slot reel, board and odds, laid out relative to the window size.

Keys and the discreet control bar drive a DrawController; overlays (card check, help) sit on top.
"""

from __future__ import annotations

import dataclasses
import math
import sys
import time
from collections.abc import Callable

from PySide6.QtCore import QEvent, QPointF, QRect, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QKeyEvent, QPainter, QPixmap
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QWidget

from bingo.config import Config
from bingo.ui.art import (
    ACCENT_ERROR,
    TEXT,
    TEXT_DIM,
    ArtCache,
    draw_outlined_text,
    draw_text,
    fit_block,
    fit_font,
    new_pixmap,
    paint_background,
    text_fits,
    ui_font,
)
from bingo.ui.autospeed import attach_speed, change_speed, open_speed_menu
from bingo.ui.board import HistoryBoard
from bingo.ui.cardview import CardCheckView
from bingo.ui.claims import ClaimsOverlay
from bingo.ui.controller import ConfirmFn, DrawController, winner_ball
from bingo.ui.help import HelpOverlay
from bingo.ui.manual import attach_manual
from bingo.ui.odds import READY, OddsService
from bingo.ui.odds_panel import CurveView, OddsPanel
from bingo.ui.overlays import Banner, BingoFlash, ConfirmOverlay
from bingo.ui.reel import SlotReel
from bingo.ui.sound import Sound
from bingo.ui.texts import texts
from bingo.ui.voice import attach_voice, toggle_voice
from bingo.ui.winners import WinnersBoard
from cards.check import BingoWatch
from eventkit.screen import show_full_screen, show_normal

NOTICE_COLOURS = {"info": TEXT, "warn": QColor("#ffd23f"), "error": ACCENT_ERROR}
# A notice too long for the status line is shown whole in a pill of its level's colour.
NOTICE_PILLS = {
    "info": QColor(244, 242, 255, 235),
    "warn": QColor(255, 210, 63, 240),
    "error": QColor(255, 138, 150, 245),
}
BUTTON_TEXT = 0.02  # of the window's height: the control bar's text (the host's, from the desk)
POINTER_IDLE_MS = 2500  # in full screen the mouse pointer hides after this long without moving


RESPIN_DELAY_MS = 800  # after a restart, the cut-off spin starts once the screen is up


def interrupted_spin(session) -> int | None:
    """The number a crash cut off mid-spin: in the journal, but `<journal>.shown` (what the room
    saw, bingo/showlink.py) names one number less. None when the room saw every number, and
    when there is no `.shown` of this game (nothing to say the room missed it)."""
    from pathlib import Path

    from bingo.showlink import LineFollower, game_id, shown_path

    history = list(getattr(session, "history", []))
    journal = getattr(session, "journal_path", None)
    if not history or journal is None or not getattr(session, "resumed", False):
        return None
    game = game_id(Path(journal))
    lines = [
        line
        for line in LineFollower(shown_path(Path(journal))).read_new()
        if game is not None and line.get("game") == game
    ]
    if not lines:
        return None
    seen = lines[-1]
    before = history[-2] if len(history) > 1 else None
    if seen.get("count") == len(history) - 1 and seen.get("last") == before:
        return history[-1]
    return None


def with_registry_count(config: Config, registry: dict | None) -> Config:
    """The config whose odds count the registry's cards when one is loaded (not cards_in_play)."""
    if registry is None or len(registry) == config.event.cards_in_play:
        return config
    event = dataclasses.replace(config.event, cards_in_play=len(registry))
    return dataclasses.replace(config, event=event)


DRAW_KEYS = (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter)

# The show's keys (besides the draw keys, Ctrl+Z for undo and Ctrl+Q to quit) -> their action
# in DisplayWindow._key_actions; the help overlay (bingo.ui.help.KEYS) says them to the host.
SHOW_KEYS: dict[Qt.Key, str] = {
    Qt.Key.Key_Backspace: "undo",
    Qt.Key.Key_F11: "full",
    Qt.Key.Key_F: "full",
    Qt.Key.Key_Escape: "leave_full",
    Qt.Key.Key_C: "check",
    Qt.Key.Key_R: "new",
    Qt.Key.Key_H: "help",
    Qt.Key.Key_Question: "help",
    Qt.Key.Key_A: "auto",
    Qt.Key.Key_W: "winners",
    Qt.Key.Key_S: "voice",
    Qt.Key.Key_Plus: "faster",
    Qt.Key.Key_Equal: "faster",
    Qt.Key.Key_BracketRight: "faster",
    Qt.Key.Key_Minus: "slower",
    Qt.Key.Key_Underscore: "slower",
    Qt.Key.Key_BracketLeft: "slower",
}


class ControlBar(QWidget):
    """Small translucent buttons for the mouse; they never take keyboard focus."""

    def __init__(
        self, strings, actions: dict[str, Callable[[], None]], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        self.buttons: dict[str, QPushButton] = {}
        keys = (
            "draw",
            "undo",
            "check",
            "claims",
            "winners",
            "auto",
            "speed",
            "new",
            "full",
            "help",
        )
        for key in keys:
            button = QPushButton(strings[f"btn_{key}"], self)  # speed: set by autospeed
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setCursor(Qt.CursorShape.PointingHandCursor)
            button.clicked.connect(actions[key])
            if key == "auto":
                button.setCheckable(True)
            layout.addWidget(button)
            self.buttons[key] = button

    def restyle(self, height: int, font_px: int) -> None:
        """Buttons `height` px tall with `font_px` text (the host reads them from the desk: the
        window passes 2 % of its height at least)."""
        self.layout().setSpacing(max(3, height // 10))
        self.setStyleSheet(
            "QPushButton { color: rgba(255,255,255,150); background: rgba(255,255,255,14);"
            f" border: 1px solid rgba(255,255,255,40); border-radius: {height // 4}px;"
            f" font-size: {font_px}px; padding: 0 {max(3, height // 6)}px; }}"
            "QPushButton:hover { color: white; background: rgba(255,255,255,40); }"
            "QPushButton:checked { color: #14101f; background: rgba(255,210,63,200); }"
        )
        for button in self.buttons.values():
            button.setFixedHeight(height)


class DisplayWindow(QWidget):
    """The projector screen."""

    odds_shown = Signal(object)  # OddsResult now on screen (benchmarks time it)
    bingo_alert = Signal(object, int)  # serials of registered cards newly with a bingo, ball
    full_screen_left = Signal()

    def __init__(
        self,
        session,
        config: Config,
        *,
        registry: dict | None = None,
        confirm: ConfirmFn | None = None,
        auto_seconds: float | None = None,
        probability_module: str = "bingo.probability",
        odds_mode: str = "process",
        warn: Callable[[str], None] | None = None,
        sound: Sound | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        configured_cards = config.event.cards_in_play
        config = with_registry_count(config, registry)
        self.config = config
        self.strings = texts(config.event.language)
        self.warnings: list[str] = []
        self.operator = None  # an OperatorWindow shows the host's warnings
        self._asking_quit = False
        self._warn_out = warn
        self.setWindowTitle(config.event.title)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(640, 360)
        self._build_views(session, config, registry, confirm, auto_seconds)
        self._build_odds(config, registry, probability_module, odds_mode)
        self._build_controls(config, sound)
        self._build_timers()
        self._connect_signals()
        self._restore(session, config, registry, configured_cards, auto_seconds)
        self.resize(1280, 720)

    def _build_views(
        self,
        session,
        config: Config,
        registry: dict | None,
        confirm: ConfirmFn | None,
        auto_seconds: float | None,
    ) -> None:
        """The reel, the board, the odds panels, the card check and the overlays, with the
        draw's controller."""
        self.art = ArtCache(config, self.warn)
        highlight = config.display.slot_frame_color
        self.confirm_overlay = ConfirmOverlay(self.strings, highlight, self)
        self.controller = DrawController(
            session,
            self.strings,
            confirm or self.confirm_overlay.ask,
            auto_seconds,
            parent=self,
            spin_seconds=config.display.spin_seconds,
        )
        self.controller.paused = self._overlay_open
        self.reel = SlotReel(self.art, highlight, config.display.spin_seconds, self.strings, self)
        self.reel.background = lambda p: self._paint_background_behind(p, self.reel)
        self.board = HistoryBoard(self.art, highlight, self.strings, self)
        self.odds_panel = OddsPanel(config, self.strings, self)
        # The curve has its own panel under the reel, so the figures beside the board and the
        # curve's labels all keep a size read from the back of the room.
        self.curve_view = CurveView(self.odds_panel, self)
        self.odds_panel.registry_loaded = registry is not None
        self.card_view = CardCheckView(
            self.art, self.strings, highlight, lambda: list(self.controller.revealed), self
        )
        self.card_view.registry = registry
        self.card_view.winner_ball = self.controller.winner_of
        self.card_view.winner_requested.connect(self._confirm_winner)
        self.controller.warn = self.warn
        self.help = HelpOverlay(self.strings, highlight, self)
        self.help.art = self.art  # the winning shape beside the keys
        self.claims_view = ClaimsOverlay(self.strings, highlight, self)  # its desk: weblink
        self.winners_board = WinnersBoard(
            self.strings, highlight, config.event.prizes, self.controller, self
        )
        self.banner = Banner(self)
        self.notice_pill = Banner(self)
        self.flash = BingoFlash(highlight, self)
        self.flash.area = lambda: self._rects()["right"].toAlignedRect()  # never over the reel
        for widget in (self.banner, self.notice_pill, self.flash):  # the flash over the notice
            widget.stackUnder(self.card_view)  # the card check and the help stay on top
        self.bingo_watch = BingoWatch()

    def _build_odds(
        self, config: Config, registry: dict | None, probability_module: str, odds_mode: str
    ) -> None:
        """The odds engine's service (its worker starts after the first frame)."""
        self.odds = OddsService(
            config,
            registry.values() if registry else None,
            probability_module,
            mode=odds_mode,
            parent=self,
        )

    def _build_controls(self, config: Config, sound: Sound | None) -> None:
        """The host's buttons, the sound, the voice, manual entry and the auto speed."""
        self.controls = ControlBar(
            self.strings,
            {
                "draw": self.controller.draw,
                "undo": self.controller.undo,
                "check": self.open_card_check,
                "claims": self.claims_view.toggle,
                "winners": self.winners_board.toggle,
                "auto": self.controller.toggle_auto,
                "speed": lambda: open_speed_menu(self),
                "new": self.controller.new_game,
                "full": self.toggle_full_screen,
                "help": self.open_help,
            },
            self,
        )
        # Sound is set up after the first frame (loading Qt Multimedia takes a moment).
        self.sound = sound if sound is not None else Sound(False, self.warn)
        self._sound_wanted = sound is None and config.display.sound
        self.voice = attach_voice(self)  # the spoken call; its worker starts after the first frame
        attach_manual(self)  # manual mode (a ball cage): the host types the number
        attach_speed(self)

    def _build_timers(self) -> None:
        """The notice, banner and pointer timers, and the pointer's watch over the widgets."""
        self._background: QPixmap | None = None
        self._title: QPixmap | None = None
        self.start_odds = ""  # before the first draw: when the first bingo and last prize come
        self._notice = ("", "info")
        self._banner = ""
        self._notice_timer = QTimer(self)
        self._notice_timer.setSingleShot(True)
        self._notice_timer.timeout.connect(self._clear_notice)
        self._banner_timer = QTimer(self)
        self._banner_timer.setSingleShot(True)
        self._banner_timer.timeout.connect(self._clear_banner)
        self.landed_at: float | None = None
        self.odds_shown_at: float | None = None
        self._normal_geometry: QRect | None = None
        self.pointer_idle_ms = POINTER_IDLE_MS
        self._pointer_timer = QTimer(self)
        self._pointer_timer.setSingleShot(True)
        self._pointer_timer.timeout.connect(self._update_pointer)
        self._pointer_awake = False
        for widget in (self, self.reel, self.board, self.odds_panel, self.controls):
            widget.setMouseTracking(True)
            widget.installEventFilter(self)
        for button in self.controls.buttons.values():
            button.setMouseTracking(True)
            button.installEventFilter(self)

    def _connect_signals(self) -> None:
        """The controller's, reel's, odds' and overlays' signals to the window."""
        c = self.controller
        c.spin_started.connect(self._on_spin_started)
        c.land_requested.connect(self.reel.land_now)
        c.revealed_changed.connect(self._on_revealed)
        c.notice.connect(self.show_notice)
        c.auto_changed.connect(self._on_auto_changed)
        self.reel.landed.connect(self._on_landed)
        self.reel.tick.connect(lambda: self.sound.tick())
        self.odds.state_changed.connect(self._on_odds_state)
        self.odds.result_ready.connect(self._on_odds_result)
        self.odds.curve_ready.connect(self.odds_panel.set_curve)
        self.odds.prizes_ready.connect(self._on_prizes)  # the start screen's line
        self.odds.warning.connect(self.warn)
        self.card_view.closed.connect(self.setFocus)
        self.help.closed.connect(self.setFocus)
        self.claims_view.closed.connect(self.setFocus)
        self.winners_board.closed.connect(self.setFocus)

    def _restore(
        self,
        session,
        config: Config,
        registry: dict | None,
        configured_cards: int,
        auto_seconds: float | None,
    ) -> None:
        """A resumed show as the room last saw it: a spin cut short held back, the board, the
        banner and the host's warnings."""
        self.interrupted = interrupted_spin(session)  # a number journaled, never landed
        if self.interrupted is not None:
            self.controller.hold_back_last()
            if registry:  # the bingos the room already saw: only the landing's new ones flash
                from cards.check import registry_stats

                seen = registry_stats(
                    list(registry.values()), self.controller.revealed, config.board.threshold
                )
                self.bingo_watch.update(self.controller.revealed, seen.bingo_serials)
        history = list(self.controller.revealed)  # what the room has seen
        self.reel.show_number(history[-1] if history else None, len(history))
        self.board.set_drawn(history)
        self.odds_panel.set_draw_count(len(history))
        if session.resumed:
            self.show_banner(self.resume_text(session), 15000)
        elif getattr(session, "previous_finished", None):
            self.show_banner(self.strings("previous_finished"), 15000)
        for message in getattr(session, "warnings", []):
            self.warn(self.strings.coded(message, "warn_"))  # in the show's language
        if config.event.cards_in_play != configured_cards:
            self.warn(
                self.strings(
                    "cards_from_registry",
                    cards=config.event.cards_in_play,
                    configured=configured_cards,
                )
            )
        if auto_seconds:
            self.controller.set_auto(True)

    # ---------------------------------------------------------------- start-up
    def start_background_work(self) -> None:
        """Warm up the probability engine off the UI thread (call once the window is shown)."""
        self.odds.start()
        self.voice.start()
        if self._sound_wanted:
            self._sound_wanted = False
            self.sound = Sound(True, self.warn)
        if self.odds_panel.registry_loaded:
            self.odds.request(self.controller.revealed)
        if self.interrupted is not None:  # the room sees it spin and land, as any draw
            QTimer.singleShot(RESPIN_DELAY_MS, self.controller.respin)

    def resume_text(self, session) -> str:
        """The room hears of a dropped last line (a draw cut off by the crash); every other
        resume warning is for the host only (warn)."""
        from bingo.journal import TORN_LINE

        text = self.strings("resumed", n=len(session.history))
        codes = {getattr(w, "code", None) for w in getattr(session, "warnings", [])}
        if TORN_LINE in codes:
            text += " — " + self.strings("torn_line")
        return text

    def warn(self, message: str) -> None:
        """A problem for the host that does not stop the show: stderr and the operator window.

        Never the audience view: the room sees the show, not "sound off: Qt Multimedia…".
        """
        self.warnings.append(message)
        if self._warn_out is not None:
            self._warn_out(message)
        else:
            print(f"warning: {message}", file=sys.stderr)
        operator = getattr(self, "operator", None)
        if operator is not None:
            operator.add_log(f"[warn] {message}")

    # ---------------------------------------------------------------- reactions
    def _on_spin_started(self, number: int, index: int) -> None:
        self.landed_at = None
        self.odds.request(self.controller.session.history)  # prefetch the post-landing odds
        was_idle = self.reel.idle
        self.reel.spin_to(number, index)
        if was_idle and self.curve_view is not None:
            self._place_panels()  # the frame leaves its idle size: the curve comes back
        self.board.prepare(number)
        self.update(self._rects()["title"].toAlignedRect())

    def _on_prizes(self, prizes) -> None:
        """The start screen's line from the odds service's PrizeCurves."""
        self.start_odds = start_odds_line(self.strings, prizes)
        self.update(self._rects()["title"].toAlignedRect())

    def _on_landed(self, number: int) -> None:
        self.landed_at = time.perf_counter()
        self.sound.chime()
        self.controller.landed(number)

    def _on_revealed(self) -> None:
        revealed = self.controller.revealed
        self.board.set_drawn(revealed)
        self.update(self._rects()["title"].toAlignedRect())
        if not self.controller.spinning and self.reel.shown_number != (
            revealed[-1] if revealed else None
        ):
            self.reel.show_number(revealed[-1] if revealed else None, len(revealed))
            if self.curve_view is not None:
                self._place_panels()
        if self.controller.session.finished and self.controller.session.winners:
            winners = self.strings(
                "winners_list", winners=self.strings("list_sep").join(self.winners_lines())
            )
            self.show_banner(self.strings("finished", total=len(revealed)) + " — " + winners, 60000)
        # The odds panel follows one frame later, so the landing frame stays light.
        QTimer.singleShot(15, self._show_odds_for_revealed)
        if self.card_view.isVisible() and self.card_view.result is not None:
            self.card_view.check(str(self.card_view.result.card.serial))

    def _confirm_winner(self, serial: int) -> None:
        self.controller.confirm_winner(serial)
        self.card_view.update()
        if self.card_view.isVisible():
            self.card_view.input.setFocus()

    def winners_lines(self) -> list[str]:
        """The confirmed winners as listed at the end of the game, in the order of their place
        (the ball of their bingo)."""
        return [
            self.strings("winner_line", serial=f"{w.serial:04d}", n=winner_ball(w))
            for w in self.controller.ranked_winners()
        ]

    def _show_odds_for_revealed(self) -> None:
        revealed = self.controller.revealed
        self.odds_panel.set_draw_count(len(revealed))
        cached = self.odds.cache.get(frozenset(revealed))
        self.odds_panel.set_result(cached)
        if cached is not None:
            self._odds_on_screen(cached)
        else:
            self.odds.request(revealed)

    def _on_odds_state(self, state: str) -> None:
        self.odds_panel.set_state(state)
        if state == READY:
            self.odds.request(self.controller.revealed)
        elif self.odds.reason:
            self.warn(self.odds.reason)

    def _on_odds_result(self, result) -> None:
        if result.drawn == frozenset(self.controller.revealed):
            self.odds_panel.set_result(result)
            self._odds_on_screen(result)
            if result.error:
                self.warn(result.error)

    def _odds_on_screen(self, result) -> None:
        self.odds_shown_at = time.perf_counter()
        self.odds_shown.emit(result)
        if result.registry is not None:
            new = self.bingo_watch.update(result.drawn, result.registry.bingo_serials)
            if new:
                self.bingo_alert.emit(new, len(result.drawn))
                if self.config.display.bingo_alert:
                    self.flash.flash(self.strings("bingo_flash", n=len(new)))

    def _on_auto_changed(self, on: bool) -> None:
        self.controls.buttons["auto"].setChecked(on)
        self.show_notice(
            self.strings("auto_on", seconds=self.controller.auto_seconds)
            if on
            else self.strings("auto_off"),
            "info",
            4000,
        )

    # ---------------------------------------------------------------- notices
    def show_notice(self, text: str, level: str = "info", ms: int = 5000) -> None:
        self._notice = (text, level)
        self._notice_timer.start(ms)
        self._place_notice()
        self.update(self._status_rect().toAlignedRect())

    def _clear_notice(self) -> None:
        self._notice = ("", "info")
        self._place_notice()
        self.update(self._status_rect().toAlignedRect())

    def auto_text(self) -> str:
        """Auto mode on the status line: its pace, or why it waits (claims to check)."""
        held = self.controller.hold()
        return held or self.strings("auto_on", seconds=self.controller.auto_seconds)

    def status_line(self) -> tuple[str, str]:
        """The status line's text (auto mode, the notice) and the notice's level."""
        parts = []
        if self.controller.auto:
            parts.append("● " + self.auto_text())
        text, level = self._notice
        if text:
            parts.append(text)
        return "   ".join(parts), level

    def _status_font(self) -> QFont:
        return ui_font(self._status_rect().height() * 0.58, QFont.Weight.Bold)

    def _status_text_rect(self) -> QRectF:
        status = QRectF(self._status_rect())
        if getattr(self.controller.session, "rehearsal", False):
            status.setRight(self.rehearsal_rect().left() - status.height() * 0.5)
        else:
            status.setRight(self.controls.geometry().left() - status.height() * 0.5)
        return status

    def notice_in_pill(self) -> bool:
        """A notice that does not fit whole on the status line goes into the pill."""
        text = self.status_line()[0]
        flags = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        return bool(self._notice[0]) and not text_fits(
            self._status_font(), self._status_text_rect(), text, flags
        )

    def auto_in_pill(self) -> bool:
        """Auto mode's line (its pace, or why it waits) does not fit whole left of the rehearsal
        badge and the control bar: it goes into the pill, never under the badge."""
        if not self.controller.auto:
            return False
        flags = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        line = "● " + self.auto_text()
        return not text_fits(self._status_font(), self._status_text_rect(), line, flags)

    def pill_text(self) -> str:
        """What the pill over the board says: the lines too long for the status line."""
        lines = ["● " + self.auto_text()] if self.auto_in_pill() else []
        if self._notice[0] and self.notice_in_pill():
            lines.append(self._notice[0].replace(" — ", " - "))
        return "\n".join(lines)

    def refresh_status(self) -> None:
        """Auto mode's line changed (a claim came or was checked): the status line and the pill."""
        self._place_notice()
        self.update(self._status_rect().toAlignedRect())

    def _place_notice(self) -> None:
        """Over the board's lower part, clear of the reel; whole, wrapped if need be."""
        level = self._notice[1] if self._notice[0] else "info"
        text = self.pill_text()
        if not text:
            self.notice_pill.set_text("")
            return
        self.notice_pill.colour = NOTICE_PILLS.get(level, NOTICE_PILLS["info"])
        board = self._rects()["board"]
        h = self.height()
        pill_h = h * 0.16
        self.notice_pill.setGeometry(
            QRectF(
                board.left() + board.width() * 0.03,
                board.bottom() - pill_h - h * 0.015,
                board.width() * 0.94,
                pill_h,
            ).toAlignedRect()
        )
        self.notice_pill.set_text(text)
        self.notice_pill.stackUnder(self.flash)  # a bingo flash stays in front

    def show_banner(self, text: str, ms: int = 12000) -> None:
        """A message for the room over the odds curve, clear of the reel and the recent numbers."""
        self._banner = text
        self.banner.set_text(text)
        self._banner_timer.start(ms)

    def _clear_banner(self) -> None:
        self._banner = ""
        self.banner.set_text("")

    @property
    def notice_text(self) -> str:
        return self._notice[0]

    @property
    def banner_text(self) -> str:
        return self._banner

    # ---------------------------------------------------------------- overlays
    def _overlay_open(self) -> bool:
        overlays = (self.card_view, self.help, self.claims_view, self.winners_board)
        return any(overlay.isVisible() for overlay in overlays)

    def open_card_check(self) -> None:
        self.controller.land_now()
        self.help.close_view()
        self.card_view.open()

    def open_help(self) -> None:
        if self.help.isVisible():
            self.help.close_view()
        else:
            self.help.open()

    def toggle_full_screen(self) -> None:
        if self.isFullScreen():
            self.leave_full_screen()
        else:
            self.enter_full_screen()

    def enter_full_screen(self) -> None:
        """Full screen on the window's screen; the geometry is set first because a bare X
        server (a kiosk without a window manager) ignores the full-screen request itself."""
        if not self.isFullScreen():
            self._normal_geometry = self.geometry()
        show_full_screen(self)
        self._pointer_awake = False
        self._update_pointer()

    def leave_full_screen(self) -> None:
        """Back to the window as it was before full screen (size and place)."""
        show_normal(self, self._normal_geometry)
        self._update_pointer()
        self.full_screen_left.emit()

    # ---------------------------------------------------------------- mouse pointer
    @property
    def pointer_hidden(self) -> bool:
        return self.cursor().shape() == Qt.CursorShape.BlankCursor

    def _update_pointer(self) -> None:
        """Hidden in full screen unless the mouse just moved (then shown for a moment)."""
        if not self._pointer_timer.isActive():
            self._pointer_awake = False
        hidden = self.isFullScreen() and not self._pointer_awake
        self.setCursor(Qt.CursorShape.BlankCursor if hidden else Qt.CursorShape.ArrowCursor)
        for button in self.controls.buttons.values():
            button.setCursor(
                Qt.CursorShape.BlankCursor if hidden else Qt.CursorShape.PointingHandCursor
            )

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.MouseMove and self.isFullScreen():
            self._pointer_awake = True
            self._pointer_timer.start(self.pointer_idle_ms)
            if self.pointer_hidden:
                self._update_pointer()
        return super().eventFilter(watched, event)

    def changeEvent(self, event) -> None:
        if event.type() == QEvent.Type.WindowStateChange:
            self._update_pointer()
        super().changeEvent(event)

    def closeEvent(self, event) -> None:
        self.odds.shutdown()
        self.voice.stop()
        if self.operator is not None and self.operator.isVisible():
            self.operator.close()
        super().closeEvent(event)

    # ---------------------------------------------------------------- keys
    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not self.handle_key(event):
            super().keyPressEvent(event)

    def handle_key(self, event: QKeyEvent) -> bool:
        """The show's keys (the operator window forwards its keys here too): an open overlay
        takes them first, then the ball cage's digits, then the key table (SHOW_KEYS)."""
        taken = self._overlay_key(event)
        if taken is not None:
            return taken
        if self.manual_entry.handle_key(event):  # digits typed from a ball cage
            return True
        key = event.key()
        if key in DRAW_KEYS:
            if not event.isAutoRepeat():  # a held key draws once
                self.controller.draw()
            return True
        ctrl = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
        if ctrl and key in (Qt.Key.Key_Z, Qt.Key.Key_Q):
            action = "undo" if key == Qt.Key.Key_Z else "quit"
        else:
            action = SHOW_KEYS.get(key)
        if action is None:
            return False
        self._key_actions()[action]()
        return True

    def _overlay_key(self, event: QKeyEvent) -> bool | None:
        """An open overlay's answer to a key (taken or not); None when no overlay is open."""
        if self.card_view.isVisible():  # only Esc closes it; its own field takes the rest
            if event.key() == Qt.Key.Key_Escape:
                self.card_view.close_view()
                return True
            return False
        if self.help.isVisible():  # any key closes the help
            self.help.close_view()
            return True
        for overlay in (self.claims_view, self.winners_board):
            if overlay.isVisible():  # a key from the operator window: the overlay takes it
                overlay.keyPressEvent(event)
                return True
        return None

    def _key_actions(self) -> dict[str, Callable[[], None]]:
        """What each action of SHOW_KEYS does (looked up when the key is pressed)."""
        return {
            "undo": self.controller.undo,
            "full": self.toggle_full_screen,
            "leave_full": self._leave_full_screen_if_full,
            "check": self.open_card_check,
            "new": self.controller.new_game,
            "help": self.open_help,
            "auto": self.controller.toggle_auto,
            "winners": self.winners_board.toggle,
            "voice": lambda: toggle_voice(self),
            "faster": lambda: change_speed(self, faster=True),
            "slower": lambda: change_speed(self, faster=False),
            "quit": self.ask_quit,
        }

    def ask_quit(self) -> bool:
        """Ctrl+Q: ask first (on the host's screen when the operator window is open: the
        controller's confirmation), then close the show. Every draw is already in the journal,
        so the next `bingo draw` resumes from here. True when the show closes."""
        if self._asking_quit:  # a second Ctrl+Q while the question is open
            return False
        self._asking_quit = True
        try:
            s = self.strings
            if not self.controller.confirm(s("confirm_quit_title"), s("confirm_quit")):
                return False
        finally:
            self._asking_quit = False
        self.close()
        return True

    def _leave_full_screen_if_full(self) -> None:
        if self.isFullScreen():
            self.leave_full_screen()

    # ---------------------------------------------------------------- layout
    def _rects(self) -> dict[str, QRectF]:
        w, h = self.width(), self.height()
        m = h * 0.02
        top = h * 0.115
        # A board with many lines (8x8, 5x15 wrapped) takes room from the reel and the odds, so
        # its digits stay readable from the back of the room (benchmarks/board_digits.py).
        lines = self.board.lines
        wide = self.board.per_line > 12  # 13..15 numbers a line need the width
        left_w = w * (0.42 if lines <= 5 and not wide else 0.34)
        right_x = m + left_w + m
        right_w = w - right_x - m
        content_h = h * 0.935 - top
        board_h = content_h * min(0.64, 0.5 + 0.035 * max(0, lines - 4))
        reel_h = content_h
        curve = QRectF()
        if self.curve_view is not None:
            # The curve goes under the reel (the odds under the board keep the figures), except
            # while idle: then the reel's frame holds the join code and the winning shape.
            board_h = content_h * 0.6
            if not self.reel.idle:
                reel_h = min(content_h * 0.6, left_w * 0.9)
                curve = QRectF(m, top + reel_h + m, left_w, content_h - reel_h - m)
        return {
            "title": QRectF(m * 1.5, m * 0.4, w - 3 * m, h * 0.1),
            "reel": QRectF(m, top, left_w, reel_h),
            "curve": curve,
            "board": QRectF(right_x, top, right_w, board_h),
            "odds": QRectF(right_x, top + board_h + m, right_w, content_h - board_h - m),
            "status": QRectF(m * 1.5, h * 0.945, w * 0.55, h * 0.045),
            "right": QRectF(right_x, top, right_w, content_h),  # announcements go here
            "controls": QRectF(w * 0.58, h * 0.945, w * 0.42 - m, h * 0.045),
        }

    def _status_rect(self) -> QRectF:
        return self._rects()["status"]

    def _place_panels(self) -> None:
        """The reel, the curve (when it has its own place), the board, the odds and the banner."""
        r = self._rects()
        self.reel.setGeometry(r["reel"].toAlignedRect())
        if self.curve_view is not None:
            self.curve_view.setGeometry(r["curve"].toAlignedRect())
            self.curve_view.setVisible(not r["curve"].isEmpty())
        self.board.setGeometry(r["board"].toAlignedRect())
        self.odds_panel.setGeometry(r["odds"].toAlignedRect())
        # over the curve, or the odds' lower half when the curve is a narrow column under the
        # reel: a toast reads in two lines at most (it took 3-4 in the narrow column)
        narrow = not r["curve"].isEmpty() and r["curve"].width() < r["odds"].width() * 0.8
        below = r["odds"] if r["curve"].isEmpty() or narrow else r["curve"]
        top_share = 0.44 if below is r["odds"] else 0.12
        self.banner.setGeometry(
            below.adjusted(
                below.width() * 0.04,
                below.height() * top_share,
                -below.width() * 0.04,
                -below.height() * 0.08,
            ).toAlignedRect()
        )

    def resizeEvent(self, event) -> None:
        r = self._rects()
        self.art.set_dpr(self.devicePixelRatioF())
        self._place_panels()
        controls = r["controls"]
        font_px = math.ceil(self.height() * BUTTON_TEXT)
        self.controls.restyle(max(font_px + 6, round(controls.height() * 0.92)), font_px)
        self.controls.adjustSize()
        size = self.controls.sizeHint()
        self.controls.setGeometry(
            round(controls.right() - size.width()),
            round(controls.center().y() - size.height() / 2),
            size.width(),
            size.height(),
        )
        self.card_view.setGeometry(self.rect())
        self.help.setGeometry(self.rect())
        self.confirm_overlay.setGeometry(self.rect())
        self.flash.setGeometry(r["right"].toAlignedRect())
        self._place_notice()
        self._background = None
        self._update_background()
        super().resizeEvent(event)

    def _update_background(self) -> None:
        self._title = None
        self._background = new_pixmap(self.width(), self.height(), self.devicePixelRatioF())
        p = QPainter(self._background)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        paint_background(p, QRectF(self.rect()), self.config)
        p.end()
        self.reel.invalidate()

    def _paint_background_behind(self, p: QPainter, widget: QWidget) -> None:
        p.translate(-widget.x(), -widget.y())
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        paint_background(p, QRectF(self.rect()), self.config)

    def event(self, event) -> bool:
        if event.type() == QEvent.Type.DevicePixelRatioChange:
            self.art.set_dpr(self.devicePixelRatioF())
            self.board.invalidate()
            self.odds_panel._invalidate()
            self._update_background()
            self.update()
        return super().event(event)

    # ---------------------------------------------------------------- painting
    def _render_title(self, title: QRectF) -> QPixmap:
        """The event title in outlined letters, rendered once per window size."""
        pixmap = new_pixmap(title.width(), title.height(), self.devicePixelRatioF())
        p = QPainter(pixmap)
        rect = QRectF(0, 0, title.width(), title.height())
        font = fit_font(
            self.config.event.title,
            rect.adjusted(0, 0, -rect.width() * 0.45, 0),
            rect.height() * 0.68,
        )
        frame = QColor(self.config.display.slot_frame_color)
        draw_outlined_text(
            p,
            rect,
            self.config.event.title,
            font,
            QColor("#ffffff"),
            QColor("#14101f"),
            frame.darker(200),
            align=Qt.AlignmentFlag.AlignLeft,
            outline_ratio=0.07,
        )
        p.end()
        return pixmap

    def _paint_rehearsal_mark(self, p: QPainter) -> None:
        """A seeded draw is a rehearsal: say so on the wall, where nobody can miss it."""
        rect = self.rehearsal_rect()
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(214, 40, 57, 230))
        p.drawRoundedRect(rect, rect.height() * 0.25, rect.height() * 0.25)
        p.setPen(QColor("#ffffff"))
        text = self.strings("rehearsal_mark")
        inner = rect.adjusted(rect.height() * 0.3, 0, -rect.height() * 0.3, 0)
        p.setFont(
            fit_block(
                text, inner, max(rect.height() * 0.62, self.height() * 0.027), QFont.Weight.Black
            )
        )
        draw_text(p, inner, Qt.AlignmentFlag.AlignCenter, text)

    def rehearsal_rect(self) -> QRectF:
        """On the bottom line, just left of the control bar (the status text stops before it)."""
        status = self._rects()["status"]
        text = self.strings("rehearsal_mark")
        font = ui_font(max(status.height() * 0.62, self.height() * 0.027), QFont.Weight.Black)
        width = max(
            self.width() * 0.24,
            QFontMetricsF(font).horizontalAdvance(text) * 1.06 + status.height() * 0.7,
        )
        right = min(self.controls.geometry().left(), self.width() * 0.8) - status.height() * 0.5
        return QRectF(right - width, status.top(), width, status.height())

    def start_odds_rect(self) -> QRectF:
        """The title bar's right part (the recent numbers' place, empty before the first draw;
        the title is fitted into the rest)."""
        title = self._rects()["title"]
        return QRectF(title.left() + title.width() * 0.56, title.top(), title.width() * 0.44,
                      title.height())  # fmt: skip

    def _paint_start_odds(self, p: QPainter) -> None:
        """Before the first draw: when the first bingo and the last prize are expected."""
        if not self.start_odds or self.controller.revealed or self.controller.spinning:
            return
        rect = self.start_odds_rect()
        flags = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        flags |= Qt.TextFlag.TextWordWrap
        least = self.height() * 0.027
        p.setPen(QColor(self.config.display.slot_frame_color).lighter(130))
        p.setFont(fit_block(self.start_odds, rect, max(least, rect.height() * 0.34),
                            QFont.Weight.Bold, flags))  # fmt: skip
        draw_text(p, rect, flags, self.start_odds)

    def _paint_recent(self, p: QPainter, title: QRectF) -> None:
        """The last few numbers, newest first, at the right of the title bar."""
        revealed = self.controller.revealed
        shown = revealed if self.controller.spinning else revealed[:-1]  # not the reel's one
        recent = list(reversed(shown[-5:]))
        if not recent:
            return
        size = round(title.height() * 0.72)
        gap = size * 0.12
        x = title.right() - len(recent) * (size + gap) + gap
        y = title.center().y() - size / 2
        label = self.strings("recent")
        p.setPen(TEXT_DIM)
        p.setFont(ui_font(max(size * 0.36, self.height() * 0.027), QFont.Weight.Bold))
        draw_text(
            p,
            QRectF(x - size * 2.2, y, size * 2.0, size),
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
            label,
        )
        for i, n in enumerate(recent):
            cell = self.art.cell(n, size, size, True, True)
            p.setOpacity(1.0 - i * 0.12)
            p.drawPixmap(QPointF(x + i * (size + gap), y), cell)
        p.setOpacity(1.0)

    def paintEvent(self, event) -> None:
        if self._background is None:
            self._update_background()
        p = QPainter(self)
        dpr = self._background.devicePixelRatio()
        source = event.rect()
        p.drawPixmap(
            QRectF(source),
            self._background,
            QRectF(source.x() * dpr, source.y() * dpr, source.width() * dpr, source.height() * dpr),
        )
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        r = self._rects()
        title = r["title"]
        if event.rect().intersects(title.toAlignedRect()):
            if self._title is None:
                self._title = self._render_title(title)
            p.drawPixmap(title.topLeft(), self._title)
            self._paint_recent(p, title)
            self._paint_start_odds(p)
        if getattr(self.controller.session, "rehearsal", False):
            self._paint_rehearsal_mark(p)
        status = r["status"]
        if event.rect().intersects(status.toAlignedRect()):
            text, level = self.status_line()
            if self.notice_in_pill():  # the notice is whole in its pill; auto mode stays here
                text = "● " + self.auto_text() if self.controller.auto else ""
            if self.auto_in_pill():  # auto mode's line too is in the pill, whole
                text = text.replace("● " + self.auto_text(), "").strip()
            if text:
                p.setPen(NOTICE_COLOURS.get(level, TEXT) if self._notice[0] else TEXT_DIM)
                p.setFont(self._status_font())
                draw_text(
                    p,
                    self._status_text_rect(),
                    Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                    text,
                )
        p.end()


def start_odds_line(strings, prizes) -> str:
    """When the first bingo and the last prize are expected, from a PrizeCurves
    (bingo.probability.prize_curves); "" when either is never certain."""
    first, last = float(prizes.expected[0]), float(prizes.expected[-1])
    if not (math.isfinite(first) and math.isfinite(last)):
        return ""
    if prizes.prizes == 1:
        return strings("start_odds_one", cards=prizes.cards, first=first)
    return strings("start_odds", cards=prizes.cards, first=first, k=prizes.prizes, last=last)
