"""Qt table for Daifugō: your hand fanned at the bottom, CPUs around the top, the field between.

The widget is an adapter over games.daifugo.rules.Game: it paints the state, turns clicks and
keys into `play` / `pass_turn` / `give`, and lets CPU seats move on a timer (0 ms in tests).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from PySide6.QtCore import QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QCloseEvent,
    QColor,
    QFont,
    QKeyEvent,
    QLinearGradient,
    QMouseEvent,
    QPainter,
    QPen,
)
from PySide6.QtWidgets import (
    QMenu,
    QPushButton,
    QWidget,
)

from eventkit import theme
from eventkit.i18n import Texts
from games.common.cards import AnyCard, parse_card
from games.common.painter import CARD_ASPECT, paint_card
from games.common.protocol import IllegalMove
from games.daifugo.chips import ChipBank, Room
from games.daifugo.qt.help import HelpOverlay
from games.daifugo.qt.leave import LeavePanel
from games.daifugo.qt.setup import SetupDialog  # noqa: F401 - the former home
from games.daifugo.rules import SUIT_ORDER, Game, Phase, Rules
from games.daifugo.table import TableSession
from games.daifugo.texts import HELP_TEXTS, TEXTS, exchange_note, explain, rules_summary

FELT_TOP = QColor(theme.FELT)
FELT_BOTTOM = QColor(theme.FELT_DARK)
GOLD = QColor(theme.GOLD)
TEXT = QColor(theme.TEXT)
RED = QColor(theme.RED)


class DaifugoTable(QWidget):
    """The whole table. Seat 0 is the person; seats 1.. are CPUs, clockwise from the left."""

    changed = Signal()
    game_finished = Signal(list)

    def __init__(
        self,
        *,
        players: int = 5,
        rules: Rules | None = None,
        room: Room | None = None,
        cpu_levels: Sequence[str] = ("normal",),
        delay_ms: int = 800,
        seed: int | None = None,
        language: str = "ja",
        bank: ChipBank | None = None,
        player_name: str = "",
        strong_samples: int = 24,
    ) -> None:
        super().__init__()
        self.t = Texts(TEXTS, language)
        self.language = language
        names = [player_name or self.t["you"]] + [
            self.t["cpu"].format(n=i) for i in range(1, players)
        ]
        self.session = TableSession(
            names=names,
            rules=rules,
            room=room,
            cpu_levels=cpu_levels,
            seed=seed,
            bank=bank,
            strong_samples=strong_samples,
            delay_ms=delay_ms,
        )
        self.selected: set[int] = set()
        self.cursor = 0
        self.peek: int | None = None
        self.message = ""
        self._announced = False  # the end of the current game was shown
        self.exchange_note = ""  # what the person received and gave, until their first move
        self._exchange_told = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._cpu_step)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(960, 640)
        self.setWindowTitle(self.t["title"])

        self.play_button = QPushButton(self.t["play"], self)
        self.pass_button = QPushButton(self.t["pass"], self)
        self.next_button = QPushButton(self.t["next_game"], self)
        for b in (self.play_button, self.pass_button, self.next_button):
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            b.setMinimumSize(132, 52)
            b.setStyleSheet(
                f"QPushButton {{ font-size: 20px; font-weight: bold; color: {theme.BUTTON_TEXT};"
                f" background: {theme.GOLD}; border: 2px solid {theme.BUTTON_BORDER};"
                " border-radius: 10px; }"
                "QPushButton:disabled { color: #6c6c6c; background: #3b4a42;"
                " border-color: #2a352f; }"
            )
        self.play_button.clicked.connect(self.play_selected)
        self.pass_button.clicked.connect(self.pass_clicked)
        self.next_button.clicked.connect(self.start_game)
        self.next_button.hide()
        # the seed's 「ルール」 button on the left; F1 / H open the same help
        self.rules_button = QPushButton(Texts(HELP_TEXTS, language)["rules_button"], self)
        self.rules_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.rules_button.setStyleSheet(
            f"QPushButton {{ font-size: 15px; font-weight: bold; color: {theme.TEXT};"
            " background: rgba(0, 0, 0, 90); border: 1px solid rgba(255, 255, 255, 90);"
            " border-radius: 8px; padding: 4px 14px; }"
        )
        self.rules_button.clicked.connect(self.toggle_help)
        self.help = HelpOverlay(self, self.session.rules, self.session.room, language)
        self.help.closed.connect(self._resume)
        self.leave_panel = LeavePanel(self, self.t["leave"].format(n=0), self.t["stay"])
        self.leave_panel.answered.connect(self._leave_answered)
        self.resize(1280, 800)

    # ------------------------------------------------------------------ the session's state

    game = property(lambda self: self.session.game)
    match = property(lambda self: self.session.match)
    bank = property(lambda self: self.session.bank)
    names = property(lambda self: self.session.names)
    rules = property(lambda self: self.session.rules)
    room = property(lambda self: self.session.room)
    cpus = property(lambda self: self.session.cpus)
    players = property(lambda self: self.session.players)
    delay_ms = property(lambda self: self.session.delay_ms)
    settlement = property(lambda self: self.session.settlement)
    titles_played = property(lambda self: self.session.titles_played)
    in_game = property(lambda self: self.session.in_game)

    @property
    def last_action(self) -> dict[int, str]:
        """What to show next to a seat's name: "pass" while its pass stands on the field."""
        return dict.fromkeys(self.session.passed, self.t["passed"])

    # ------------------------------------------------------------------ flow

    def start_game(self) -> None:
        self.next_button.hide()
        self.peek = None
        self.selected.clear()
        self._announced = False
        self.exchange_note, self._exchange_told = "", False
        start = self.session.start_game()
        self.message = ""
        if start.topped_up_to is not None:
            self.message = self.t["topped_up"].format(n=start.topped_up_to)
        self.message = self.session.save_error or self.message
        self._advance()

    def load_game(self, game: Game) -> None:
        """Show a set position (tests, scenarios) as the current game; the CPUs wait until the
        next move made at the table."""
        self._announced = False
        self.exchange_note, self._exchange_told = "", False
        self.session.load(game)
        self._update_buttons()
        self.update()

    def _advance(self) -> None:
        g = self.game
        if g is None:
            return
        if not self._exchange_told and g.phase != Phase.EXCHANGE:
            self._exchange_told = True
            received, given = self.session.human_gifts()
            self.exchange_note = exchange_note(received, given, self.names, self.language)
        if g.is_over:
            self._announce_end()
        elif self.session.cpu_to_move:
            self._timer.start(self.delay_ms)
        self._update_buttons()
        self.update()
        self.changed.emit()

    @property
    def waiting_for_human(self) -> bool:
        return self.session.human_to_move

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
        self.game_finished.emit(self.game.finish_order)

    def leave(self) -> int:
        """Leaving mid-game: forfeit the stake on top of the fee. Returns the penalty paid."""
        self._timer.stop()
        penalty = self.session.leave()
        if self.session.save_error:
            self.message = self.session.save_error
        return penalty

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt name
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
        cost = self.session.leave_cost
        self.leave_panel.ask(
            self.t["leave_question"].format(n=cost), self.t["leave"].format(n=cost)
        )

    def _leave_answered(self, leave: bool) -> None:
        if leave:
            self.leave()
            self.close()
        else:
            self._resume()
        self.update()

    # ------------------------------------------------------------------ the person's moves

    def hand_cards(self) -> list[AnyCard]:
        return list(self.game.hands[0]) if self.game else []

    def selected_codes(self) -> list[str]:
        hand = self.hand_cards()
        return [str(hand[i]) for i in sorted(self.selected) if i < len(hand)]

    def _selection_ok(self) -> str | None:
        """None when the selection can be played (or given) now, else why not (translated;
        empty when there is nothing to say)."""
        g = self.game
        if not self.waiting_for_human:
            return ""
        codes = self.selected_codes()
        if g.phase == Phase.EXCHANGE:
            step = g.exchange_step
            if tuple(codes) in g.legal_moves() or (
                len(codes) == step.count and not step.strongest_only
            ):
                return None
            return ""
        if not codes:
            return ""
        error = g.refusal(codes)
        return None if error is None else explain(error, self.language)

    def _update_buttons(self) -> None:
        g = self.game
        human = self.waiting_for_human
        exchange = g is not None and g.phase == Phase.EXCHANGE
        self.play_button.setText(self.t["give"] if exchange else self.t["play"])
        self.play_button.setEnabled(human and self._selection_ok() is None)
        self.pass_button.setEnabled(human and not exchange and g.can_pass())
        self.pass_button.setVisible(not exchange)
        self._place_buttons()

    def toggle(self, index: int) -> None:
        if not self.waiting_for_human or index >= len(self.hand_cards()):
            return
        self.selected ^= {index}
        self.cursor = index
        self._update_buttons()
        self.update()

    def select_codes(self, codes: Sequence[str]) -> None:
        """Select exactly these cards of the hand (tests and keyboard helpers)."""
        hand = [str(c) for c in self.hand_cards()]
        self.selected = {hand.index(str(parse_card(c))) for c in codes}
        self._update_buttons()
        self.update()

    def joker_readings(self, codes: Sequence[str]) -> list[tuple[str, ...]]:
        """The legal plays of exactly these cards, one per card the joker may stand for."""
        if "JK" not in codes:
            return []
        wanted = sorted(codes)
        return [
            move
            for move in self.game.legal_moves()
            if sorted("JK" if c.startswith("JK=") else c for c in move) == wanted
        ]

    def choose_joker_reading(self, readings: list[tuple[str, ...]]) -> tuple[str, ...] | None:
        """Ask which card the joker stands for (a menu at the play button); None = cancelled."""
        menu = QMenu(self)
        menu.addSection(self.t["joker_as"])
        for reading in readings:
            label = "  ".join(c.replace("JK=", "JK→") for c in reading)
            menu.addAction(label).setData(reading)
        chosen = menu.exec(self.play_button.mapToGlobal(self.play_button.rect().topLeft()))
        return tuple(chosen.data()) if chosen is not None else None

    def play_selected(self) -> None:
        g = self.game
        if not self.waiting_for_human:
            return
        codes = self.selected_codes()
        if g.phase != Phase.EXCHANGE:
            readings = self.joker_readings(codes)
            if len(readings) > 1:
                choice = self.choose_joker_reading(readings)
                if choice is None:
                    return
                codes = list(choice)
        try:
            if g.phase == Phase.EXCHANGE:
                self.session.give(codes)
            else:
                self.session.play(codes)
        except IllegalMove as exc:
            self.message = self.t["cant_play"].format(why=explain(exc, self.language))
            self.update()
            return
        self.selected.clear()
        self.message = ""
        self.exchange_note = ""
        self._advance()

    def pass_clicked(self) -> None:
        g = self.game
        if not self.waiting_for_human or not g.can_pass():
            return
        self.session.pass_turn()
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
        covered = self.help.isVisible() or self.leave_panel.isVisible()
        if self.session.cpu_to_move and self.isVisible() and not covered:
            self._timer.start(self.delay_ms)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt name
        n = len(self.hand_cards())
        key = event.key()
        if self.leave_panel.isVisible():  # closing mid-game: Esc plays on, other keys wait
            if key == Qt.Key.Key_Escape:
                self.leave_panel.answer(False)
            return
        if key in (Qt.Key.Key_F1, Qt.Key.Key_H, Qt.Key.Key_Question):
            self.toggle_help()
            return
        if self.help.isVisible():  # the help is on top: Esc closes it, other keys wait
            if key == Qt.Key.Key_Escape:
                self.toggle_help()
            return
        if key in (Qt.Key.Key_Left, Qt.Key.Key_A) and n:
            self.cursor = (self.cursor - 1) % n
        elif key in (Qt.Key.Key_Right, Qt.Key.Key_D) and n:
            self.cursor = (self.cursor + 1) % n
        elif key in (Qt.Key.Key_Space, Qt.Key.Key_Up, Qt.Key.Key_Down) and n:
            self.toggle(self.cursor)
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
            super().keyPressEvent(event)
            return
        self.update()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt name
        pos = event.position()
        for index, rect in reversed(list(enumerate(self._hand_rects()))):
            if rect.contains(pos):
                self.toggle(index)
                return
        if self.game is not None and 0 in self.game.out:
            for seat, rect in self._seat_rects().items():
                if rect.contains(pos):
                    self.peek = None if self.peek == seat else seat
                    self.update()
                    return

    # ------------------------------------------------------------------ layout

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt name
        self._place_buttons()
        for overlay in (self.help, self.leave_panel):
            if overlay.isVisible():
                overlay.setGeometry(self.rect())
        super().resizeEvent(event)

    def _place_buttons(self) -> None:
        w, h = self.width(), self.height()
        self.play_button.move(w - 300, h - 76)
        self.pass_button.move(w - 154, h - 76)
        self.next_button.move(w // 2 - 66, int(h * 0.62))
        self.rules_button.adjustSize()
        self.rules_button.move(20, 60)

    def _card_width(self) -> float:
        return max(56.0, min(104.0, self.height() * 0.12))

    def _hand_rects(self) -> list[QRectF]:
        hand = self.hand_cards()
        n = len(hand)
        if n == 0:
            return []
        cw = self._card_width()
        ch = cw * CARD_ASPECT
        avail = self.width() - 360
        step = min(cw * 0.72, (avail - cw) / max(1, n - 1))
        total = step * (n - 1) + cw
        x0 = (self.width() - 300 - total) / 2 + 20
        base_y = self.height() - ch - 28
        rects = []
        for i in range(n):
            off = (i - (n - 1) / 2) / max(1, n)
            y = base_y + 60 * off * off - (24 if i in self.selected else 0)
            rects.append(QRectF(x0 + i * step, y, cw, ch))
        return rects

    def _seat_rects(self) -> dict[int, QRectF]:
        """Opponent panels, clockwise from the left (seat 1) to the right (seat n-1)."""
        n = self.players
        w = self.width()
        pw, ph = 220.0, 140.0
        rects = {}
        count = n - 1
        for k in range(count):
            seat = k + 1
            frac = (k + 0.5) / count
            x = 30 + frac * (w - 60) - pw / 2
            y = 70 + 60 * (2 * frac - 1) ** 2
            rects[seat] = QRectF(x, y, pw, ph)
        return rects

    # ------------------------------------------------------------------ painting

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt name
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        grad = QLinearGradient(0, 0, 0, self.height())
        grad.setColorAt(0, FELT_TOP)
        grad.setColorAt(1, FELT_BOTTOM)
        p.fillRect(self.rect(), grad)
        if self.game is None:
            p.end()
            return
        self._paint_header(p)
        self._paint_indicators(p)
        self._paint_opponents(p)
        self._paint_field(p)
        self._paint_hand(p)
        self._paint_status(p)
        if self.game.is_over and self.settlement is not None:
            self._paint_results(p)
        p.end()

    def _font(self, size: float, bold: bool = False) -> QFont:
        f = QFont()
        f.setPixelSize(max(8, int(size)))
        f.setBold(bold)
        return f

    def _pill(self, p: QPainter, rect: QRectF, text: str, fill: QColor, on: bool = True) -> None:
        p.setPen(Qt.PenStyle.NoPen)
        colour = QColor(fill) if on else QColor(255, 255, 255, 28)
        p.setBrush(colour)
        p.drawRoundedRect(rect, rect.height() / 2, rect.height() / 2)
        p.setPen(QColor("#ffffff") if on else QColor(255, 255, 255, 90))
        p.setFont(self._font(rect.height() * 0.55, True))
        p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)

    def _paint_header(self, p: QPainter) -> None:
        t = self.t
        n = self.rules.preset_number()
        head = f"{t['title']}   {t['rule_set'].format(n=n) if n else t['custom_rules']}   "
        head += f"{self.room.label(self.language)}   {t['pot'].format(n=self.room.stake)}"
        p.setPen(TEXT)
        p.setFont(self._font(20, True))
        p.drawText(QRectF(20, 8, self.width() - 40, 30), Qt.AlignmentFlag.AlignLeft, head)
        chips = t["chips"].format(n=self.bank.balance(self.names[0]))
        p.setPen(GOLD)
        p.drawText(QRectF(20, 8, self.width() - 40, 30), Qt.AlignmentFlag.AlignRight, chips)
        p.setPen(QColor(255, 255, 255, 150))
        p.setFont(self._font(13))
        p.drawText(
            QRectF(20, 36, self.width() - 40, 20),
            Qt.AlignmentFlag.AlignLeft,
            rules_summary(self.rules, self.language),
        )

    def _paint_indicators(self, p: QPainter) -> None:
        g = self.game
        t = self.t
        y = self.height() * 0.36
        x = 24.0
        items = []
        if self.rules.revolution:
            items.append((t["revolution"], RED, g.revolution))
        if self.rules.eleven_back:
            items.append((t["eleven_back"], QColor("#7b3fe4"), g.eleven_back))
        if self.rules.suit_lock:
            lock = g.suit_lock
            symbols = "".join(s.symbol for s in SUIT_ORDER if lock and s in lock)
            items.append((t["suit_lock"].format(s=symbols or "—"), QColor("#1f7ae0"), bool(lock)))
        if self.rules.number_lock:
            items.append((t["number_lock"], QColor("#d9731a"), g.number_lock))
        for text, colour, on in items:
            rect = QRectF(x, y, 150, 34)
            self._pill(p, rect, text, colour, on)
            y += 44

    def _paint_opponents(self, p: QPainter) -> None:
        g = self.game
        t = self.t
        for seat, rect in self._seat_rects().items():
            turn = not g.is_over and g.turn == seat
            p.setPen(QPen(GOLD, 3) if turn else QPen(QColor(255, 255, 255, 40), 1))
            p.setBrush(QColor(0, 0, 0, 90))
            p.drawRoundedRect(rect, 14, 14)
            p.setPen(TEXT)
            p.setFont(self._font(17, True))
            level = t[f"level_{self.cpus[seat].level}"] if self.cpus[seat] else ""
            p.drawText(
                rect.adjusted(12, 6, -12, 0),
                Qt.AlignmentFlag.AlignLeft,
                f"{self.names[seat]}",
            )
            count = len(g.hands[seat])
            status = self._status_of(seat)
            p.setFont(self._font(15, True))
            p.setPen(GOLD if status else TEXT)
            info = status or t["cards"].format(n=count)
            p.drawText(rect.adjusted(12, 7, -12, 0), Qt.AlignmentFlag.AlignRight, info)
            title = g.ranks[seat].label(self.language)
            p.setPen(GOLD)
            p.setFont(self._font(14, True))
            p.drawText(rect.adjusted(12, 31, -12, 0), Qt.AlignmentFlag.AlignLeft, title)
            p.setFont(self._font(12))
            p.setPen(QColor(255, 255, 255, 140))
            p.drawText(rect.adjusted(12, 33, -12, 0), Qt.AlignmentFlag.AlignRight, level)
            # the hand: face down (or face up when peeking in spectator mode)
            show = self.peek == seat
            cards = g.hands[seat]
            if seat in g.out and not show:
                continue
            cw = 40.0 if not show else 44.0
            ch = cw * CARD_ASPECT
            area = rect.adjusted(10, 56, -10, -8)
            step = min(cw * 0.6, (area.width() - cw) / max(1, len(cards) - 1)) if cards else 0
            for i, card in enumerate(cards):
                r = QRectF(area.left() + i * step, area.top(), cw, ch)
                paint_card(p, r, card, face_up=show)
            action = self.last_action.get(seat)
            if action and not show:
                self._pill(
                    p,
                    QRectF(rect.center().x() - 40, rect.bottom() - 6, 80, 26),
                    action,
                    QColor("#555f6b"),
                )

    def _status_of(self, seat: int) -> str:
        g = self.game
        if seat in g.fouls:
            return self.t["fouled"]
        if seat in g.bottom:
            return self.t["fell"]
        if seat in g.finished:
            return self.t["out"].format(n=g.finished.index(seat) + 1)
        return ""

    def _paint_field(self, p: QPainter) -> None:
        g = self.game
        cx = self.width() / 2
        cy = self.height() * 0.46
        cw = self._card_width() * 1.05
        ch = cw * CARD_ASPECT
        trick = g.trick
        if g.is_over:
            return
        if not trick:
            p.setPen(QColor(255, 255, 255, 70))
            p.setFont(self._font(18))
            p.drawText(
                QRectF(cx - 200, cy - 20, 400, 40),
                Qt.AlignmentFlag.AlignCenter,
                self.t["empty_field"] if g.phase == Phase.PLAY else self.t["exchange_cpu"],
            )
            return
        earlier = trick[-3:-1]
        for depth, (_, play) in enumerate(earlier):
            shift = (len(earlier) - depth) * 26
            self._paint_play(p, play, cx - shift, cy - shift * 0.6, cw * 0.8, dimmed=True)
        seat, play = trick[-1]
        self._paint_play(p, play, cx, cy, cw)
        p.setPen(TEXT)
        p.setFont(self._font(15, True))
        p.drawText(
            QRectF(cx - 200, cy + ch / 2 + 6, 400, 24),
            Qt.AlignmentFlag.AlignCenter,
            self.names[seat],
        )

    def _paint_play(self, p, play, cx: float, cy: float, cw: float, dimmed: bool = False) -> None:
        ch = cw * CARD_ASPECT
        n = play.size
        step = cw * 0.62
        total = step * (n - 1) + cw
        for i, (card, face) in enumerate(zip(play.cards, play.faces, strict=True)):
            r = QRectF(cx - total / 2 + i * step, cy - ch / 2, cw, ch)
            paint_card(p, r, card, dimmed=dimmed)
            if card.is_joker and not face.is_joker and not dimmed:
                tag = QRectF(r.left() + 4, r.bottom() - 26, r.width() - 8, 22)
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(QColor(0, 0, 0, 170))
                p.drawRoundedRect(tag, 6, 6)
                p.setPen(QColor("#ffffff"))
                p.setFont(self._font(13, True))
                p.drawText(
                    tag, Qt.AlignmentFlag.AlignCenter, f"={face.rank.text}{face.suit.symbol}"
                )

    def _legal_cards(self) -> set[AnyCard]:
        g = self.game
        if not self.waiting_for_human:
            return set()
        if g.phase == Phase.EXCHANGE:
            step = g.exchange_step
            if step.strongest_only:
                return {parse_card(m[0]) for m in g.legal_moves()}
            return set(g.hands[0])
        return {c for play in g.legal_plays() for c in play.cards}

    def _paint_hand(self, p: QPainter) -> None:
        g = self.game
        rects = self._hand_rects()
        hand = self.hand_cards()
        legal = self._legal_cards()
        human = self.waiting_for_human
        n = len(hand)
        for i, (card, rect) in enumerate(zip(hand, rects, strict=True)):
            angle = (i - (n - 1) / 2) * 2.2
            p.save()
            p.translate(rect.center())
            p.rotate(angle)
            local = QRectF(-rect.width() / 2, -rect.height() / 2, rect.width(), rect.height())
            paint_card(
                p,
                local,
                card,
                selected=i in self.selected,
                dimmed=human and card not in legal,
            )
            if human and i == self.cursor and self.hasFocus():
                p.setPen(QPen(QColor("#ffffff"), 2, Qt.PenStyle.DashLine))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRoundedRect(local.adjusted(-4, -4, 4, 4), 8, 8)
            p.restore()
        # my name, title and state above the hand
        p.setPen(GOLD if human else TEXT)
        p.setFont(self._font(17, True))
        title = g.ranks[0].label(self.language)
        status = self._status_of(0)
        label = f"{self.names[0]}  {title}" + (f"  {status}" if status else "")
        action = self.last_action.get(0)
        if action:
            label += f"  [{action}]"
        top = min((r.top() for r in rects), default=self.height() - 60)
        y = top - (0 if self.selected else 24) - 34
        p.drawText(QRectF(20, y, self.width() - 340, 26), Qt.AlignmentFlag.AlignCenter, label)

    def _paint_status(self, p: QPainter) -> None:
        g = self.game
        t = self.t
        text = self.message
        if not text:
            if g.is_over:
                text = ""
            elif 0 in g.out:
                text = t["spectate"]
            elif g.phase == Phase.EXCHANGE:
                step = g.exchange_step
                if step.giver == 0:
                    to = self.names[step.receiver]
                    key = "give_strongest" if step.strongest_only else "give_any"
                    text = t[key].format(to=to, n=step.count)
                else:
                    text = t["exchange_cpu"]
            elif g.turn == 0:
                text = t["your_lead"] if g.top is None else t["your_turn"]
                if g.top is not None and not g.legal_plays():
                    text = t["no_play"]
                why = self._selection_ok()
                if why:
                    text = t["cant_play"].format(why=why)
                elif why is None and len(g.hands[0]) == len(self.selected):
                    play = g.resolve(self.selected_codes())
                    if g.would_foul(play):
                        text = t["foul_warning"]
            else:
                text = t["thinking"].format(name=self.names[g.turn])
        rect = QRectF(self.width() * 0.2, self.height() * 0.62, self.width() * 0.6, 34)
        note = "" if g.is_over else self.exchange_note
        for line, colour in ((text, TEXT), (note, GOLD)):
            if line:
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(QColor(0, 0, 0, 120))
                p.drawRoundedRect(rect, 17, 17)
                p.setPen(colour)
                p.setFont(self._font(16, True))
                p.drawText(rect, Qt.AlignmentFlag.AlignCenter, line)
            rect.translate(0, 40)

    def _paint_results(self, p: QPainter) -> None:
        g = self.game
        s = self.settlement
        t = self.t
        w, h = 560.0, 72.0 + 40 * self.players
        rect = QRectF((self.width() - w) / 2, self.height() * 0.2, w, h)
        p.setPen(QPen(GOLD, 3))
        p.setBrush(QColor(10, 20, 14, 235))
        p.drawRoundedRect(rect, 18, 18)
        p.setPen(GOLD)
        p.setFont(self._font(24, True))
        p.drawText(rect.adjusted(0, 12, 0, 0), Qt.AlignmentFlag.AlignHCenter, t["game_over"])
        next_titles = self.match.ranks
        for i, seat in enumerate(g.finish_order):
            y = rect.top() + 56 + i * 40
            row = QRectF(rect.left() + 24, y, w - 48, 34)
            p.setPen(GOLD if seat == 0 else TEXT)
            p.setFont(self._font(18, True))
            p.drawText(
                row,
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                f"{t['place'].format(n=i + 1)}  {self.names[seat]}  {self._status_of(seat) if seat in g.bottom else ''}",
            )
            p.setFont(self._font(15))
            p.drawText(
                row.adjusted(0, 0, -130, 0),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                t["next_rank"].format(t=next_titles[seat].label(self.language)),
            )
            delta = s.deltas[seat]
            p.setPen(QColor("#7dff9a") if delta > 0 else QColor("#ff8a8a"))
            p.setFont(self._font(18, True))
            p.drawText(
                row,
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                t["delta"].format(d=delta),
            )
        p.setPen(QColor(255, 255, 255, 150))
        p.setFont(self._font(13))
        p.drawText(
            rect.adjusted(0, 0, -20, -8),
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom,
            t["play_fee"].format(n=s.play_fee),
        )
        self.next_button.move(int(rect.center().x() - 66), int(rect.bottom() + 16))
