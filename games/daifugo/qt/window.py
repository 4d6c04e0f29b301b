"""Qt table for Daifugō: your hand fanned at the bottom, CPUs around the top, the field between.

The widget is an adapter over the Qt-free `TableSession`: it paints the state (painting.py gets
the session, the texts and the window's `Marks`, at places from layout.py that scale with the
window), turns clicks and keys into the session's `act` for its person's seat (0), and lets CPU
seats move on a timer (0 ms in tests). Its children (help, joker, leave, buttons) get the
session or texts and answer through signals; none of them imports this module. What the
selection may do, the joker's readings and the prompt are the session's decisions. A play that
cuts the field (8切り, スペ3返し) or turns the game (革命, 11バック, しばり, 反則あがり) stays
on the field under a large caption for a moment before the field clears and the CPUs go on.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from PySide6.QtCore import QRect, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QCloseEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QResizeEvent,
)
from PySide6.QtWidgets import QPushButton, QWidget

from eventkit.i18n import Texts
from eventkit.screen import toggle_full_screen
from games.common.cards import AnyCard, parse_card
from games.common.protocol import GameProtocol
from games.common.table import Refused
from games.daifugo.chips import ChipBank, Room
from games.daifugo.events import Applied
from games.daifugo.plays import Action, Pass, Play
from games.daifugo.qt.buttons import TableButtons, place_buttons
from games.daifugo.qt.help import HelpOverlay
from games.daifugo.qt.joker import JokerChooser
from games.daifugo.qt.layout import TableLayout
from games.daifugo.qt.leave import LeavePanel
from games.daifugo.qt.painting import Marks, Trick, finish_order, paint_table
from games.daifugo.ruleset import Rules
from games.daifugo.state import Observation, Phase
from games.daifugo.table import TableSession
from games.daifugo.texts import EVENT_TEXTS, HELP_TEXTS, TEXTS


class DaifugoTable(QWidget):
    """The whole table. Seat 0 (`seat`) is the person; seats 1.. are CPUs, clockwise from the
    left."""

    seat = 0

    changed = Signal()
    game_finished = Signal(list)

    def __init__(
        self,
        *,
        players: int = 5,
        rules: Rules | None = None,
        room: Room | None = None,
        cpu_levels: Sequence[str] = ("normal",),  # per seat, as the table takes them
        delay_ms: int = 800,
        seed: int | None = None,
        language: str = "ja",
        bank: ChipBank | None = None,
        player_name: str = "",
        strong_samples: int = 24,
        caption_ms: int | None = None,
    ) -> None:
        super().__init__()
        self.t = Texts(TEXTS, language)
        self.language = language
        names = [player_name or self.t["you"]] + [
            self.t["cpu"].format(n=i) for i in range(1, players)
        ]
        self.session = TableSession(
            names=names,
            people={self.seat},
            language=language,
            rules=rules,
            room=room,
            cpu_levels=cpu_levels,
            seed=seed,
            bank=bank,
            strong_samples=strong_samples,
            delay_ms=delay_ms,
        )
        self.selected: set[int] = set()
        self.card_cursor = 0
        self.peek: int | None = None
        self.message = ""
        self._announced = False  # the end of the current game was shown
        self.exchange_note = ""  # what the person received and gave, until their first move
        self._exchange_told = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._cpu_step)
        # an event's caption stays this long (twice the CPU pause: 0 in tests) before play goes on
        self.caption_ms = 2 * delay_ms if caption_ms is None else caption_ms
        self.caption = ""
        self._held_trick: Trick = ()  # a cleared field, shown under its caption
        self._caption_timer = QTimer(self)
        self._caption_timer.setSingleShot(True)
        self._caption_timer.timeout.connect(self.end_caption)
        self._normal_geometry: QRect | None = None
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(640, 480)
        self.setWindowTitle(self.t["title"])

        self.play_button = QPushButton(self.t["play"], self)
        self.pass_button = QPushButton(self.t["pass"], self)
        self.next_button = QPushButton(self.t["next_game"], self)
        for b in (self.play_button, self.pass_button, self.next_button):
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.play_button.clicked.connect(self.play_selected)
        self.pass_button.clicked.connect(self.pass_clicked)
        self.next_button.clicked.connect(self.start_game)
        self.next_button.hide()
        # the seed's 「ルール」 button on the left; F1 / H open the same help
        self.rules_button = QPushButton(Texts(HELP_TEXTS, language)["rules_button"], self)
        self.rules_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.rules_button.clicked.connect(self.toggle_help)
        self.buttons = TableButtons(
            self.play_button, self.pass_button, self.next_button, self.rules_button
        )
        self.help = HelpOverlay(self, self.session.rules, self.session.room, language)
        self.help.closed.connect(self._resume)
        self.leave_panel = LeavePanel(self, self.t)
        self.leave_panel.answered.connect(self._leave_answered)
        self.joker_chooser = JokerChooser(self, self.t, language)
        self.joker_chooser.chosen.connect(self._play_codes)
        self.resize(1280, 720)

    # ------------------------------------------------------------------ the session's state

    def seen(self) -> Observation | None:  # the seat's view, as its phone's (None: no game)
        return self.session.view(self.seat).observation

    match = property(lambda self: self.session.match)
    bank = property(lambda self: self.session.bank)
    names = property(lambda self: self.session.names)
    rules = property(lambda self: self.session.rules)
    room = property(lambda self: self.session.room)
    cpus = property(lambda self: self.session.cpus)
    players = property(lambda self: self.session.num_players)
    delay_ms = property(lambda self: self.session.delay_ms)
    settlement = property(lambda self: self.session.settlement)
    titles_played = property(lambda self: self.session.titles_played)
    in_game = property(lambda self: self.session.in_game)

    # ------------------------------------------------------------------ flow

    def start_game(self) -> None:
        self.next_button.hide()
        self._clear_caption()
        self.peek = None
        self.selected.clear()
        self._announced = False
        self.exchange_note, self._exchange_told = "", False
        start = self.session.start_game()
        self.message = ""
        if self.seat in start.topped_up:
            self.message = self.t["topped_up"].format(n=start.topped_up[self.seat])
        self.message = self.session.save_error or self.message
        self._advance()

    def load_game(self, game: GameProtocol[Action, Applied]) -> None:
        """Show a set position (tests, scenarios) as the current game; the CPUs wait until the
        next move made at the table."""
        self._announced = False
        self.exchange_note, self._exchange_told = "", False
        self.session.load(game)
        self._update_buttons()
        self.update()

    def _advance(self) -> None:
        g = self.seen()
        if g is None:
            return
        if not self._exchange_told and g.phase != Phase.EXCHANGE:
            self._exchange_told = True
            self.exchange_note = self.session.exchange_note(self.seat)
        self.card_cursor = max(0, min(self.card_cursor, len(self.hand_cards()) - 1))
        if self.session.events:
            self._announce(self.session.events, self.session.event_seat)
        if g.phase == Phase.OVER:
            self._announce_end()
        elif self.session.cpu_due and not self.caption:
            self._timer.start(self.delay_ms)
        self._update_buttons()
        self.update()
        self.changed.emit()

    # ------------------------------------------------------------------ announcements

    def _announce(self, events: Sequence[str], seat: int | None) -> None:
        """Keep the play on the field under a caption naming what it did, for caption_ms."""
        texts = EVENT_TEXTS["ja" if self.language == "ja" else "en"]
        what = " + ".join(texts[e] for e in events)
        name = self.names[seat] if seat is not None else ""
        self.caption = f"{name}{self.t['caption_sep']}{what}" if name else what
        self._held_trick = self.session.cleared_trick
        self.session.events = ()
        self._timer.stop()
        self._caption_timer.start(self.caption_ms)

    def end_caption(self) -> None:
        """The caption goes, the field shows what it holds now, the CPUs go on."""
        if not self.caption:
            return
        self._clear_caption()
        self._resume()
        self.update()

    def _clear_caption(self) -> None:
        self._caption_timer.stop()
        self.caption = ""
        self._held_trick = ()

    def shown_trick(self) -> Trick:
        """The field as painted: a cleared field stays while its caption is up."""
        if self._held_trick:
            return self._held_trick
        g = self.seen()  # the view's field, its codes parsed back to the same plays
        return tuple((s, Play.parse(" ".join(c))) for s, c in g.trick) if g is not None else ()

    @property
    def waiting_for_human(self) -> bool:
        return self.session.to_move == self.seat and not self.session.cpu_due

    def _cpu_step(self) -> None:
        if self.session.step_cpu() is not None:
            self._advance()

    def _announce_end(self) -> None:
        if self._announced or self.settlement is None:
            return
        self._announced = True
        if self.session.save_error:
            self.message = self.session.save_error
        self.next_button.show()
        self.game_finished.emit(finish_order(self.seen()))

    def leave(self) -> int:
        """Leaving: mid-game the stake is forfeited on top of the fee; after going out nothing
        more. The CPUs play the game out. Returns the penalty paid."""
        self._timer.stop()
        self._clear_caption()
        penalty = self.session.leave(self.seat)
        self.session.play_out()
        if self.session.save_error:
            self.message = self.session.save_error
        return penalty

    def closeEvent(self, event: QCloseEvent) -> None:
        """The person closing the window (title bar, Alt+F4: a spontaneous event) during a game
        is asked first, naming the penalty; the window stays open until they answer. A close
        from code (Ctrl+C's or a shutdown's handler, which then quits) cannot wait for an
        answer, so it charges nothing: the game is dropped, the chips stay as before it, and
        the terminal says so. Between games the window just closes."""
        if self.session.in_game and event.spontaneous():
            event.ignore()
            self.ask_to_leave()
            return
        self._timer.stop()
        if self.session.interrupt():
            print(self.t["interrupted"], file=sys.stderr)
        super().closeEvent(event)

    def ask_to_leave(self) -> None:
        """Show the question over the table; the CPUs wait meanwhile."""
        if self.leave_panel.isVisible():
            return
        self._timer.stop()
        self.help.hide()
        self.leave_panel.ask(self.session, self.seat)

    def _leave_answered(self, leave: bool) -> None:
        if leave:
            self.leave()
            self.close()
        else:
            self._resume()
        self.update()

    # ------------------------------------------------------------------ the person's moves

    def hand_cards(self) -> list[AnyCard]:
        g = self.seen()
        return [parse_card(code) for code in g.hand] if g is not None else []

    def selected_codes(self) -> list[str]:
        hand = self.hand_cards()
        return [str(hand[i]) for i in sorted(self.selected) if i < len(hand)]

    def _update_buttons(self) -> None:
        g = self.seen()
        human = self.waiting_for_human
        exchange = g is not None and g.phase == Phase.EXCHANGE
        self.play_button.setText(self.t["give"] if exchange else self.t["play"])
        refusal = self.session.selection_refusal(self.seat, self.selected_codes())
        self.play_button.setEnabled(human and refusal is None)
        self.pass_button.setEnabled(human and self.session.can_pass(self.seat))
        self.pass_button.setVisible(not exchange)
        self._place_buttons()

    def toggle(self, index: int) -> None:
        if not self.waiting_for_human or index >= len(self.hand_cards()):
            return
        self.selected ^= {index}
        self.card_cursor = index
        self._update_buttons()
        self.update()

    def select_codes(self, codes: Sequence[str]) -> None:
        """Select exactly these cards of the hand (tests and keyboard helpers)."""
        hand = [str(c) for c in self.hand_cards()]
        self.selected = {hand.index(str(parse_card(c))) for c in codes}
        self._update_buttons()
        self.update()

    def joker_readings(self, codes: Sequence[str]) -> list[tuple[str, ...]]:
        return self.session.joker_readings(self.seat, codes)

    def play_selected(self) -> None:
        """Play (or give) the selection; a joker that may stand for several cards asks first,
        showing each reading as cards (the answer plays through `_play_codes`)."""
        g = self.seen()
        if not self.waiting_for_human or g is None:
            return
        codes = self.selected_codes()
        if g.phase != Phase.EXCHANGE:
            readings = self.joker_readings(codes)
            if len(readings) > 1:
                self._timer.stop()
                self.joker_chooser.offer(readings)
                return
        self._play_codes(codes)

    def _play_codes(self, codes: Sequence[str]) -> None:
        if not self.waiting_for_human:
            return
        self.end_caption()
        try:
            self.session.act(self.seat, self.session.selection_action(self.seat, list(codes)))
        except Refused as exc:
            self.message = self.t["cant_play"].format(why=exc.text)
            self.update()
            return
        self.selected.clear()
        self.message = ""
        self.exchange_note = ""
        self._advance()

    def pass_clicked(self) -> None:
        if not self.session.can_pass(self.seat):
            return
        self.end_caption()
        self.session.act(self.seat, Pass())
        self.selected.clear()
        self.exchange_note = ""
        self._advance()

    def toggle_help(self) -> None:
        """Show or hide the keys and the room's rules over the table; the CPUs wait meanwhile."""
        if self.help.isVisible():
            self.help.hide()
            self._resume()
        else:
            self._timer.stop()
            self.help.open_over(self)

    def _resume(self) -> None:
        """Let the CPUs move on once nothing covers the table."""
        covered = any(w.isVisible() for w in (self.help, self.leave_panel, self.joker_chooser))
        if self.session.cpu_due and self.isVisible() and not covered and not self.caption:
            self._timer.start(self.delay_ms)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if self._overlay_key(key):
            return
        if not self._hand_key(key):
            super().keyPressEvent(event)
            return
        self.update()

    def _overlay_key(self, key: int) -> bool:
        """F11, the help keys and the keys of whatever covers the table; True if handled."""
        if key == Qt.Key.Key_F11:
            self.toggle_full_screen()
        elif self.leave_panel.isVisible():  # closing mid-game: Esc plays on, other keys wait
            if key == Qt.Key.Key_Escape:
                self.leave_panel.answer(False)
        elif self.joker_chooser.isVisible():  # 1..n picks a reading, Esc goes back
            self.joker_chooser.key(key)
        elif key in (Qt.Key.Key_F1, Qt.Key.Key_H, Qt.Key.Key_Question):
            self.toggle_help()
        elif self.help.isVisible():  # the help is on top: its keys turn pages or close it
            if self.help.key(key):
                self.toggle_help()
        else:
            return False
        return True

    def _hand_key(self, key: int) -> bool:
        """The keys of the hand and the buttons; False for a key the table does not use."""
        n = len(self.hand_cards())
        if key in (Qt.Key.Key_Left, Qt.Key.Key_A) and n:
            self.card_cursor = (self.card_cursor - 1) % n
        elif key in (Qt.Key.Key_Right, Qt.Key.Key_D) and n:
            self.card_cursor = (self.card_cursor + 1) % n
        elif key in (Qt.Key.Key_Space, Qt.Key.Key_Up, Qt.Key.Key_Down) and n:
            self.toggle(self.card_cursor)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            if self.next_button.isVisible():
                self.start_game()
            elif self.play_button.isEnabled():
                self.play_selected()
        elif key in (Qt.Key.Key_P, Qt.Key.Key_Backspace):
            if self.pass_button.isEnabled():
                self.pass_clicked()
        elif key == Qt.Key.Key_Escape:
            self.selected.clear()
            self._update_buttons()
        else:
            return False
        return True

    def mousePressEvent(self, event: QMouseEvent) -> None:
        pos = event.position()
        for index, rect in reversed(list(enumerate(self.hand_rects()))):
            if rect.contains(pos):
                self.toggle(index)
                return
        g = self.seen()
        if g is not None and self.seat in g.out:  # a spectator peeks
            for seat, rect in self.table_layout().seat_panels().items():
                if rect.contains(pos):
                    self.peek = None if self.peek == seat else seat
                    self.update()
                    return

    # ------------------------------------------------------------------ what is shown

    def prompt(self) -> str:
        """The line under the field: the last refusal, else the session's prompt."""
        return self.message or self.session.prompt(self.seat, self.selected_codes())

    # ------------------------------------------------------------------ layout and painting

    def table_layout(self) -> TableLayout:
        return TableLayout(self.width(), self.height(), self.players)

    def hand_rects(self) -> list[QRectF]:
        return self.table_layout().hand(len(self.hand_cards()), self.selected)

    def toggle_full_screen(self) -> None:
        """F11: full screen (the default at an event) and back to a window that fits."""
        self._normal_geometry = toggle_full_screen(self, self._normal_geometry)

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._place_buttons()
        for overlay in (self.help, self.leave_panel, self.joker_chooser):
            if overlay.isVisible():
                overlay.setGeometry(self.rect())
        if self.help.isVisible():
            self.help.scale_to(self.height())
            self.help.fit_pages()
        super().resizeEvent(event)

    def _place_buttons(self) -> None:
        g = self.seen()
        over = g is not None and g.phase == Phase.OVER
        place_buttons(self.buttons, self.table_layout(), game_over=over)

    def marks(self) -> Marks:
        """What this window shows over the session's state, for the painter."""
        return Marks(
            seat=self.seat,
            selected=frozenset(self.selected),
            cursor=self.card_cursor,
            show_cursor=self.hasFocus(),
            peek=self.peek,
            prompt=self.prompt() if self.seen() is not None else "",
            exchange_note=self.exchange_note,
            caption=self.caption,
            trick=tuple(self.shown_trick()),
            waiting=self.waiting_for_human,
        )

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        paint_table(p, self.session, self.t, self.marks(), self.table_layout())
        p.end()
