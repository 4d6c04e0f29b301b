"""The audience view: title, slot reel, board and odds, laid out relative to the window size.

Keys and the discreet control bar drive a DrawController; overlays (card check, help) sit on top.
`DisplayWindow` builds its widgets and follows the draw here; its other roles are parts of their
own (mixins): the host's keys, control bar, full screen and pointer (display_keys), the status
line, pill and banner (display_notices), the odds feed (display_odds), a resumed show
(display_resume), the layout (display_layout), what the window paints itself (display_paint) and
the hidden overlays, made when first asked for (display_overlays).
The widgets are their own modules: reel, board, odds_panel, overlays, cardview, help, claims,
winners.
"""

from __future__ import annotations

import dataclasses
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QWidget

from bingo.config import Config
from bingo.ui.autospeed import attach_speed, open_speed_menu
from bingo.ui.board import HistoryBoard
from bingo.ui.controller import ConfirmFn, DrawController, winner_ball
from bingo.ui.display_keys import ControlBar, HostKeys
from bingo.ui.display_layout import DisplayLayout
from bingo.ui.display_notices import Notices
from bingo.ui.display_odds import OddsFeed
from bingo.ui.display_overlays import OVERLAYS as OVERLAYS
from bingo.ui.display_overlays import LazyOverlays
from bingo.ui.display_paint import WindowPainting
from bingo.ui.display_resume import RESPIN_DELAY_MS, ResumedShow
from bingo.ui.manual import attach_manual
from bingo.ui.numberart import ArtCache
from bingo.ui.odds_panel import CurveView, OddsPanel
from bingo.ui.overlays import Banner, BingoFlash, ConfirmOverlay
from bingo.ui.reel import SlotReel
from bingo.ui.sound import Sound
from bingo.ui.texts import texts
from bingo.ui.voice import attach_voice

if TYPE_CHECKING:
    from cards.check import BingoWatch


def with_registry_count(config: Config, registry: dict | None) -> Config:
    """The config whose odds count the registry's cards when one is loaded (not cards_in_play)."""
    if registry is None or len(registry) == config.event.cards_in_play:
        return config
    event = dataclasses.replace(config.event, cards_in_play=len(registry))
    return dataclasses.replace(config, event=event)


class DisplayWindow(
    HostKeys,
    Notices,
    OddsFeed,
    ResumedShow,
    DisplayLayout,
    WindowPainting,
    LazyOverlays,
    QWidget,
):
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
        self.reel.spin_size = lambda: self._rects(idle=False)["reel"].toAlignedRect().size()
        self.board = HistoryBoard(self.art, highlight, self.strings, self)
        self.odds_panel = OddsPanel(config, self.strings, self)
        # The curve has its own panel under the reel, so the figures beside the board and the
        # curve's labels all keep a size read from the back of the room.
        self.curve_view = CurveView(self.odds_panel, self)
        self.odds_panel.registry_loaded = registry is not None
        self.controller.warn = self.warn
        self._card_registry = registry
        self._overlays: dict[str, QWidget] = {}  # the overlays made so far (OVERLAYS)
        self._when_made: dict[str, list[Callable[[QWidget], None]]] = {}
        self.banner = Banner(self)
        self.notice_pill = Banner(self)
        self.flash = BingoFlash(highlight, self)  # the flash over the notice
        self.flash.area = lambda: self._rects()["right"].toAlignedRect()  # never over the reel
        self._bingo_watch: BingoWatch | None = None  # made when first asked (bingo_watch)

    def _build_controls(self, config: Config, sound: Sound | None) -> None:
        """The host's buttons, the sound, the voice, manual entry and the auto speed."""
        self.controls = ControlBar(
            self.strings,
            {
                "draw": self.controller.draw,
                "undo": self.controller.undo,
                "check": self.open_card_check,
                "claims": lambda: self.claims_view.toggle(),
                "winners": lambda: self.winners_board.toggle(),
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
        """The window's own pictures, the notice and banner timers, and the pointer's watch."""
        self._background: QPixmap | None = None
        self._title: QPixmap | None = None
        self.start_odds = ""  # before the first draw: when the first bingo and last prize come
        self._build_notices()
        self.landed_at: float | None = None
        self.odds_shown_at: float | None = None
        self._build_pointer()

    def _connect_signals(self) -> None:
        """The controller's, reel's, odds' and overlays' signals to the window."""
        c = self.controller
        c.spin_started.connect(self._on_spin_started)
        c.land_requested.connect(self.reel.land_now)
        c.revealed_changed.connect(self._on_revealed)
        c.notice.connect(self.show_notice)
        c.auto_changed.connect(self._on_auto_changed)
        self.reel.landed.connect(self._on_landed)
        self.reel.drawn_ahead.connect(self._draw_curve_ahead)
        self.reel.tick.connect(lambda: self.sound.tick())
        held = self.after_spin  # what repaints a panel waits for the landing
        self.odds.state_changed.connect(lambda state: held(lambda: self._on_odds_state(state)))
        self.odds.result_ready.connect(self._on_odds_result)
        self.odds.curve_ready.connect(lambda curve: held(lambda: self.odds_panel.set_curve(curve)))
        self.odds.prizes_ready.connect(lambda prizes: held(lambda: self._on_prizes(prizes)))
        self.odds.warning.connect(self.warn)

    @property
    def bingo_watch(self) -> BingoWatch:
        """The registered cards' bingo alerts, made the first time a registry's odds or a resumed
        show ask (cards.check is imported then, not before the first frame; a watch made then has
        the same baseline, the first state it sees)."""
        if self._bingo_watch is None:
            from cards.check import BingoWatch

            self._bingo_watch = BingoWatch()
        return self._bingo_watch

    # ---------------------------------------------------------------- start-up
    def start_background_work(self) -> None:
        """Warm up the probability engine off the UI thread (call once the window is shown)."""
        self.odds.start()
        self.voice.start()
        if self._sound_wanted:
            self._sound_wanted = False
            self.sound = Sound(True, self.warn, language=self.config.event.language)
        if self.odds_panel.registry_loaded:
            self.odds.request(self.controller.revealed)
        if self.interrupted is not None:  # the room sees it spin and land, as any draw
            QTimer.singleShot(RESPIN_DELAY_MS, self.controller.respin)

    def warn(self, message: str) -> None:
        """A problem for the host that does not stop the show: stderr and the operator window.

        Never the audience view: the room sees the show, not "sound off: Qt Multimedia…".
        """
        self.warnings.append(message)
        if self._warn_out is not None:
            self._warn_out(message)
        else:
            print(self.strings("warning_line", message=message), file=sys.stderr)
        operator = getattr(self, "operator", None)
        if operator is not None:
            operator.add_log(self.strings("log_warn", message=message))

    # ---------------------------------------------------------------- reactions
    def _on_spin_started(self, number: int, index: int) -> None:
        """Everything new is drawn before the reel starts (the board's lit cell, the reel at its
        spinning size), so the spin's frames only copy pictures."""
        self.landed_at = None
        self.odds.request(self.controller.session.history)  # prefetch the post-landing odds
        self.board.prepare(number)
        self._prepare_recent()
        if self.reel.idle and self.curve_view is not None:
            self._place_panels(idle=False)  # the frame leaves its idle size: the curve comes back
        self.reel.spin_to(number, index)
        self.update(self._rects()["title"].toAlignedRect())

    def _on_landed(self, number: int) -> None:
        self.landed_at = time.perf_counter()
        self.sound.chime()
        self.controller.landed(number)

    def _on_revealed(self) -> None:
        self._run_held()
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
        card_view = self._overlays.get("card_view")
        if card_view is not None and card_view.isVisible() and card_view.result is not None:
            card_view.check(str(card_view.result.card.serial))

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

    def _on_auto_changed(self, on: bool) -> None:
        self.controls.buttons["auto"].setChecked(on)
        self.show_notice(
            self.strings("auto_on", seconds=self.controller.auto_seconds)
            if on
            else self.strings("auto_off"),
            "info",
            4000,
        )

    def closeEvent(self, event) -> None:
        self.odds.shutdown()
        self.voice.stop()
        if self.operator is not None and self.operator.isVisible():
            self.operator.close()
        super().closeEvent(event)

    def event(self, event) -> bool:
        if event.type() == QEvent.Type.DevicePixelRatioChange:
            self.art.set_dpr(self.devicePixelRatioF())
            self.board.invalidate()
            self.odds_panel._invalidate()
            self._update_background()
            self.update()
        return super().event(event)
