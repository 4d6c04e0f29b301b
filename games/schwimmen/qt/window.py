"""The Schwimmen main window: builds the widgets and forwards input to the TableSession.

Flow (whose turn, what is legal, which buttons are on, what the prompt says) comes from
`games.schwimmen.table`; painting is in `painting`/`view`, the overlays in `overlay`/`result`,
dialogs in `dialogs`, keys in `keys`. The children get the session and the texts and emit
signals (a click, a drag, the overlay's button) that the window connects. All timings come
from the [schwimmen] settings, so tests can set them to zero.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace as dc_replace

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from eventkit.screen import toggle_full_screen
from games.common.qt.screenfit import fits_screen
from games.common.table import Refused, cpu_levels_by_seat
from games.schwimmen.actions import Action, SwapOne
from games.schwimmen.ai import CpuPlayer
from games.schwimmen.qt import keys
from games.schwimmen.qt.controls import SHORTCUTS, LogPanel, style_buttons
from games.schwimmen.qt.dialogs import StartDialog, confirm_new_game
from games.schwimmen.qt.overlay import HelpOverlay
from games.schwimmen.qt.result import RoundOverlay
from games.schwimmen.qt.view import TableView
from games.schwimmen.settings import SchwimmenSettings
from games.schwimmen.table import (
    BUTTONS,
    DEALER_BUTTONS,
    RoundResult,
    SeatView,
    TableSession,
    action_word,
)
from games.schwimmen.texts import Texts


class SchwimmenWindow(QMainWindow):
    """You (the person at `SEAT`) against CPUs: the widgets around a TableSession."""

    SEAT = 0  # the one person of this window (a table may seat people anywhere)

    round_finished = Signal()

    def __init__(
        self,
        settings: SchwimmenSettings | None = None,
        language: str = "ja",
        *,
        seed: int | None = None,
        rules: str | None = None,
        cpu_levels: Sequence[str] | None = None,
        ask: bool | None = None,
    ) -> None:
        super().__init__()
        self.settings = settings or SchwimmenSettings()
        self.t = Texts(language)
        self.seat = self.SEAT
        self.session = TableSession(
            people=frozenset({self.seat}),
            seed=seed,
            language=language,
            cpu_levels=cpu_levels,
            rules=rules,
            settings=self.settings,
        )
        self.ask = self.settings.start_dialog if ask is None else ask
        self.confirm_box: QMessageBox | None = None
        self.busy = False
        self.setWindowTitle(self.t("title"))
        self._build()
        self._cpu_timer = QTimer(self)
        self._cpu_timer.setSingleShot(True)
        self._cpu_timer.timeout.connect(self._cpu_step)
        self._normal_geometry = None
        # an explicit minimum: the window never grows to its layout's minimum (the buttons of
        # two phases side by side for a moment widened it past a 1024 px screen)
        self.setMinimumSize(800, 450)
        self.resize(1280, 720)

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
        self.view = TableView(self.session, t, self.seat, self)
        self.view.clicked.connect(self.click)
        self.view.dragged.connect(self.swap_indices)
        left.addWidget(self.view, 1)
        bar = QHBoxLayout()
        bar.setContentsMargins(12, 8, 12, 10)
        bar.setSpacing(12)
        self.buttons: dict[str, QPushButton] = {}
        bar.addStretch(1)
        for key in BUTTONS:
            button = QPushButton(t(key))
            button.setToolTip(SHORTCUTS[key])
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(lambda _=False, k=key: self.press(k))
            button.setVisible(key not in DEALER_BUTTONS)  # all six would widen the window
            bar.addWidget(button)
            self.buttons[key] = button
        bar.addStretch(1)
        help_button = self.help_button = QPushButton(t("help_button"))
        help_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        help_button.clicked.connect(self.toggle_help)
        bar.addWidget(help_button)
        left.addLayout(bar)
        outer.addLayout(left, 1)
        self.side_widget = LogPanel(t)
        self.info_label, self.log_list = self.side_widget.info_label, self.side_widget.log_list
        outer.addWidget(self.side_widget)
        self.setCentralWidget(central)
        self.round_overlay = RoundOverlay(self.view, self.session, t, self.seat)
        self.round_overlay.next_round_requested.connect(self.next_round)
        self.round_overlay.new_game_requested.connect(self.new_game)
        # the whole window: room for the text
        self.help_overlay = HelpOverlay(central, self.session, t)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def resizeEvent(self, event) -> None:
        self._scale_controls()
        super().resizeEvent(event)
        QTimer.singleShot(0, self, self._fit_overlays)  # cancelled if the window goes

    def _scale_controls(self) -> None:
        """Buttons, the log and its labels follow the window's size."""
        style_buttons(self.buttons, self.help_button, self.height())
        self.side_widget.scale(self.width(), self.height())

    def _fit_overlays(self) -> None:
        self.round_overlay.setGeometry(self.view.rect())
        self.help_overlay.setGeometry(self.centralWidget().rect())

    # ------------------------------------------------------------ the session's state

    # the person's selection and the prompt live in the view's marks (it paints them)
    @property
    def sel_hand(self) -> int | None:
        return self.view.marks.sel_hand

    @sel_hand.setter
    def sel_hand(self, index: int | None) -> None:
        self.view.marks.sel_hand = index

    @property
    def sel_table(self) -> int | None:
        return self.view.marks.sel_table

    @sel_table.setter
    def sel_table(self, index: int | None) -> None:
        self.view.marks.sel_table = index

    @property
    def prompt(self) -> str:
        return self.view.marks.prompt

    @prompt.setter
    def prompt(self, text: str) -> None:
        self.view.marks.prompt = text

    def seen(self) -> SeatView:
        """What the window's seat sees now, the view its phone would get (a game is dealt)."""
        view = self.session.view_now(self.seat)
        assert view is not None
        return view

    @property
    def cpus(self) -> dict[int, CpuPlayer]:
        return self.session.cpus

    @property
    def games_started(self) -> int:
        return self.session.games_started

    @property
    def rules_name(self) -> str:
        return self.session.rules_name

    # ------------------------------------------------------------ game flow

    def start(self) -> None:
        """Open the start dialog if asked, then deal the first round."""
        if self.ask:
            dialog = self.start_dialog()
            if dialog.exec() == QDialog.DialogCode.Accepted:
                self.take_choice(dialog)
        self.new_game()

    def start_dialog(self) -> StartDialog:
        session = self.session
        return StartDialog(
            self.t, self.rules_name, session.levels(), self, players=session.num_players
        )

    def take_choice(self, dialog: StartDialog) -> None:
        choice = dialog.choice()
        levels = cpu_levels_by_seat(choice.cpu_levels, self.session.people, choice.players)
        self.session.choose(rules=choice.rules, players=choice.players, cpu_levels=levels)

    def game_running(self) -> bool:
        """A game is under way (starting another one would throw it away)."""
        return self.session.in_game

    def request_new_game(self) -> None:
        """Ctrl+N: a new game at once when none is running, else after asking."""
        if not self.game_running():
            self.new_game()
            return
        if self.confirm_box is not None and self.confirm_box.isVisible():
            return
        box = confirm_new_game(self.t, self)
        box.buttonClicked.connect(lambda button: self._confirmed(box.buttonRole(button)))
        self.confirm_box = box
        box.open()

    def _confirmed(self, role: QMessageBox.ButtonRole) -> None:
        self.confirm_box = None
        if role == QMessageBox.ButtonRole.AcceptRole:
            self.new_game()
        else:
            self.setFocus()

    def new_game(self) -> None:
        self._cpu_timer.stop()
        self.session.start_game()
        self.round_overlay.hide()
        self.setFocus()
        t = self.t
        self.info_label.setText(
            t("info", rules=t(f"short_{self.rules_name}"), level=t.levels(self.session.levels()))
        )
        self.log_list.clear()
        self.view.bubbles.clear()
        self._log_header()
        self._logged = 0
        self._continue()

    def next_round(self) -> None:
        if not self.session.advance():
            return
        self.round_overlay.hide()
        self.setFocus()
        self.view.bubbles.clear()
        self._log_header()
        self._logged = 0
        self._continue()

    def _log_header(self) -> None:
        self.log_list.addItem(f"── {self.t('round', n=self.seen().observation.round_number)} ──")

    def _sync_log(self) -> None:
        log = self.seen().observation.log
        for event in log[self._logged :]:
            self.log_list.addItem(self.t.event(event))
        self._logged = len(log)
        self.log_list.scrollToBottom()

    def _continue(self) -> None:
        """After every change: show the next prompt, schedule a CPU, or show the round end."""
        seen = self.seen()
        self._sync_log()
        self.sel_hand = self.sel_table = None
        if seen.result is not None:  # shown between rounds and at the end of the game
            self._round_over(seen.result)
        elif self.session.to_move == self.seat:
            self.prompt = self.t(self.session.prompt_key())
            self.busy = False
        else:
            self.prompt = self.t("cpu_turn", name=self.t.name(seen.observation.current))
            self.busy = True
            self._cpu_timer.start(self.settings.cpu_delay_ms)
        self._update_buttons()
        self.view.update()

    def _round_over(self, result: RoundResult) -> None:
        t = self.t
        self.busy = True
        self.prompt = t("game_over") if result.game_over else t("round_over")
        for line in t.result_lines(result, self.seen().observation.out):
            self.log_list.addItem(line)
        self.log_list.scrollToBottom()
        self.round_overlay.show_result(result)
        self.round_finished.emit()

    def _cpu_step(self) -> None:
        choice = self.session.cpu_choice()
        if choice is not None:
            self._play(*choice)

    def _play(self, seat: int, action: Action) -> None:
        """Take an action (already known legal) with its slide animation."""
        view, before = self.view, self.seen().observation
        outcome = self.session.act(seat, action)
        # the slide starts where the cards lay before the action, from the view before it and
        # the action's events (a CPU's face-down hand: from its middle card)
        flights, hidden = view.flights_for(before, self.seen().observation, seat, outcome)
        refresh = [e for e in outcome.events if e.kind == "refresh"]
        if refresh:
            flights, hidden = view.refresh_flights(refresh[0])
        if seat != self.seat:
            view.bubbles[seat] = self.t(f"bubble_{action_word(action)}")
        self.busy = True
        self._update_buttons()
        duration = self.settings.animation_ms
        if self.seen().result is not None and duration:
            duration = max(duration, 250)
        view.animate(flights, hidden, duration, self._continue)

    # ------------------------------------------------------------ the person's input

    def human_to_move(self) -> bool:
        return not self.busy and self.session.to_move == self.seat

    def human_can_swap(self) -> bool:
        return self.human_to_move() and self.session.may_pick_cards(self.seat)

    def _update_buttons(self) -> None:
        """The buttons and the view's marks follow the table's decisions for this seat."""
        swap_ready = self.sel_hand is not None and self.sel_table is not None
        states = self.session.button_states(
            self.seat, may_act=self.human_to_move(), swap_ready=swap_ready
        )
        dealer = not self.busy and self.session.dealer_choice_pending(self.seat)
        self.view.marks.your_turn = self.human_to_move()
        self.view.marks.can_swap = self.human_can_swap()
        for key, button in self.buttons.items():
            button.setEnabled(states[key])
        # hide the other phase's buttons before showing this phase's: never all six at once
        shown = {key: (key in DEALER_BUTTONS) == dealer for key in self.buttons}
        for key in sorted(self.buttons, key=shown.__getitem__):
            self.buttons[key].setVisible(shown[key])

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
        seen = self.seen().observation
        self._human(SwapOne(seen.hand[hand_i], seen.table[table_j]))

    def press(self, key: str) -> None:
        """A button (or its key): swap_all, swap, pass, knock, take_extra, keep."""
        if not self.human_to_move():
            return
        if key == "swap":
            if self.sel_hand is None or self.sel_table is None:
                self.prompt = self.t("select_two")
                self.view.update()
                return
            self.swap_indices(self.sel_hand, self.sel_table)
            return
        self._human(self.session.button_action(key))

    def _human(self, action: Action) -> None:
        error: Refused | None = self.session.refusal(self.seat, action)
        if error is not None:
            self.prompt = error.text
            self.view.update()
            return
        self.sel_hand = self.sel_table = None
        self._play(self.seat, action)

    def toggle_help(self) -> None:
        if self.help_overlay.isVisible():
            self.help_overlay.hide()
        else:
            self.help_overlay.setGeometry(self.centralWidget().rect())
            self.help_overlay.show()
            self.help_overlay.raise_()

    def escape(self) -> None:
        """Esc: close the help, else drop the selection."""
        if self.help_overlay.isVisible():
            self.help_overlay.hide()
            return
        self.sel_hand = self.sel_table = None
        self._update_buttons()
        self.view.update()

    def toggle_full_screen(self) -> None:
        """F11: full screen (the default at an event) and back to a window that fits."""
        self._normal_geometry = toggle_full_screen(self, fits_screen(self, self._normal_geometry))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        ctrl = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
        round_over = (
            self.session.view_now(self.seat) is not None
            and self.seen().result is not None
            and self.round_overlay.isVisible()
        )
        command = keys.command(event.key(), ctrl, round_over)
        if command is None:
            super().keyPressEvent(event)
            return
        what, arg = command
        if what == "new_game":
            self.request_new_game()
        elif what == "full_screen":
            self.toggle_full_screen()
        elif what == "help":
            self.toggle_help()
        elif what == "escape":
            self.escape()
        elif what == "next_round":
            self.round_overlay.button.click()
        elif what in ("table", "hand"):
            self.click(what, int(arg))
        elif what == "button":
            self.press(str(arg))


def with_fast_timings(settings: SchwimmenSettings) -> SchwimmenSettings:
    """The same settings with no pauses or animations (tests, --fast)."""
    return dc_replace(settings, cpu_delay_ms=0, animation_ms=0)
