"""Turns operator actions into session calls and tells the views what to show.

The session decides and journals each number before the reel starts; the controller keeps the
"revealed" history (what the audience has seen), which lags the session by the spinning number.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal

from eventkit.errors import UserError

DEFAULT_AUTO_SECONDS = 8.0
# The auto-call speeds the keys (+ / -) and the control bar's menu step through: seconds per
# ball, from one ball's landing to the next (the spin is part of it, as a caller counts)
AUTO_STEPS = (3.0, 4.0, 5.0, 6.0, 8.0, 10.0, 12.0, 15.0, 20.0, 30.0, 45.0, 60.0)
AUTO_LIMITS = (0.5, 3600.0)  # what --auto accepts
MIN_SHOWN_SECONDS = 1.0  # in auto mode a landed number stands this long at least before a spin

ConfirmFn = Callable[[str, str], bool]


UNDO_NAMES = 3  # winners an undo's question names one by one (then "and N more")


def winner_ball(winner) -> int:
    """The ball a winner is listed with: its first bingo where recorded, else its confirmation."""
    ball = getattr(winner, "bingo_ball", None)
    return ball if ball is not None else winner.draw_count


class DrawController(QObject):
    """Draw, land, undo, new game and auto mode over one DrawSession."""

    spin_started = Signal(int, int)  # number, draw index (1-based)
    land_requested = Signal()
    revealed_changed = Signal()
    notice = Signal(str, str)  # text, level: "info" | "warn" | "error"
    auto_changed = Signal(bool)
    auto_seconds_changed = Signal(float)
    game_reset = Signal()
    winners_changed = Signal()
    # a draw's journal record could not be written: "disk_full" or "write_failed" (the
    # phones hear the draw is paused: bingo.ui.weblink)
    journal_failed = Signal(str)

    def __init__(
        self,
        session,
        strings,
        confirm: ConfirmFn | None = None,
        auto_seconds: float | None = None,
        parent: QObject | None = None,
        spin_seconds: float = 0.0,
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.strings = strings
        self.confirm: ConfirmFn = confirm or (lambda title, text: True)
        self.revealed: list[int] = list(session.history)
        self.spinning = False
        self.spin_seconds = spin_seconds  # the reel's spin: part of each ball's seconds
        self.auto_seconds = max(self.fastest, auto_seconds or DEFAULT_AUTO_SECONDS)
        self.auto = False
        self.paused: Callable[[], bool] = lambda: False  # e.g. an overlay is open
        self.warn: Callable[[str], None] = lambda message: None  # for the host, not the room
        # Why auto mode waits (e.g. claims to check; shown on screen), or None: set by the claims
        self.hold: Callable[[], str | None] = lambda: None
        # The balls a winner is journaled with ({"bingo_ball", "claim_ball"}), from the claims
        self.winner_details: Callable[[int], dict[str, int | None]] = lambda serial: {}
        self._asking = False
        self._auto_timer = QTimer(self)
        self._auto_timer.setSingleShot(True)
        self._auto_timer.timeout.connect(self._auto_draw)

    # ---------------------------------------------------------------- drawing
    def draw(self) -> None:
        """Draw the next number (journaled first), or land the spinning one at once."""
        if self._asking:
            return
        if self.spinning:
            self.land_now()
            return
        if self.session.finished:
            self.notice.emit(self.end_text(), "info")
            self._set_auto(False)
            return
        if getattr(self.session, "manual", False):  # the ball cage draws: type its number
            self.notice.emit(self.strings("manual_prompt"), "warn")
            return
        try:
            number = self.session.draw()
        except (UserError, OSError) as exc:  # e.g. the disk is full: nothing was drawn
            if isinstance(exc, OSError) or getattr(exc, "code", None) in WRITE_CODES:
                self.journal_failed.emit(_write_code(exc))
            if isinstance(exc, UserError):
                self.notice.emit(self.strings.coded(exc), "error")
            else:
                self.notice.emit(self.strings("write_failed", reason=exc.strerror or exc), "error")
            if self.auto:  # auto mode tries again later: it goes on once the disk has room
                self._auto_timer.start(self.pause_ms())
            return
        self.spinning = True
        self.spin_started.emit(number, len(self.session.history))

    def draw_typed(self, number: int) -> bool:
        """Manual mode: call `number`, typed from a ball cage, and spin the reel onto it.

        A number not on the board or already called is refused in one line for the host
        (the notice); nothing is recorded then. True when the reel spins.
        """
        if self._asking:
            return False
        self.land_now()
        try:
            number = self.session.draw_typed(number)
        except (UserError, OSError) as exc:
            if isinstance(exc, OSError) or getattr(exc, "code", None) in WRITE_CODES:
                self.journal_failed.emit(_write_code(exc))
            if isinstance(exc, UserError):
                self.notice.emit(self.strings.coded(exc), "warn")
            else:
                self.notice.emit(self.strings("write_failed", reason=exc.strerror or exc), "error")
            return False
        self.spinning = True
        self.spin_started.emit(number, len(self.session.history))
        return True

    def land_now(self) -> None:
        if self.spinning:
            self.land_requested.emit()
            if self.spinning:  # no reel answered (e.g. no audience view): land here
                self.landed(self.session.last)

    def landed(self, number: int | None = None) -> None:
        """The reel shows the drawn number: reveal it."""
        if not self.spinning:
            return
        self.spinning = False
        self.revealed = list(self.session.history)
        self.revealed_changed.emit()
        if self.session.finished:
            self.notice.emit(self.end_text(), "info")
            self._set_auto(False)
        elif self.auto:
            self._auto_timer.start(self.pause_ms())

    def end_text(self) -> str:
        """All numbers out, with the audit code of the journal's head for a photo."""
        text = self.strings("game_end", total=self.session.total, code=self.session.audit_code)
        winners = self.ranked_winners()
        if winners:
            listed = ", ".join(
                self.strings("winner_line", serial=w.serial, n=winner_ball(w)) for w in winners
            )
            text += f" ／ {self.strings('winners_title')}: {listed}"
        return text

    # ---------------------------------------------------------------- winners
    def ranked_winners(self) -> list:
        """The winners in the order of their place (the ball of their bingo): the session's
        ranking; a stand-in session without one lists them as recorded."""
        ranked = getattr(self.session, "ranked_winners", None)
        if ranked is None:
            return list(self.session.winners)
        return [r.winner for r in ranked()]

    def record_winner(self, serial: int, details: dict[str, int | None] | None = None) -> bool:
        """Journal a confirmed bingo: card `serial` confirmed at the ball the audience has seen,
        with the ball of its first bingo and of its claim (winner_details). Without asking:
        confirm_winner is the rule that asks first."""
        try:
            if details is None:
                details = self.winner_details(serial)
            winner = self.session.record_winner(serial, len(self.revealed), **details)
        except (UserError, OSError) as exc:
            self.notice.emit(self.strings.coded(exc), "error")
            return False
        self.winners_changed.emit()
        self.notice.emit(
            self.strings("winner_recorded", serial=winner.serial, n=winner_ball(winner)), "info"
        )
        return True

    # ---------------------------------------------------------------- a spin cut by a crash
    def hold_back_last(self) -> None:
        """The show stopped mid-spin (a crash): the room never saw the last number, so it is
        not revealed yet; `respin` spins and lands it as any draw (issue 22 item 10)."""
        if self.session.history and not self.spinning:
            self.revealed = list(self.session.history[:-1])
            self.spinning = True

    def respin(self) -> None:
        """Spin the held-back number (see hold_back_last) now that the screen is up."""
        history = self.session.history
        if self.spinning and history and len(self.revealed) == len(history) - 1:
            self.spin_started.emit(history[-1], len(history))

    # ---------------------------------------------------------------- undo / new game
    def undo(self) -> bool:
        """Take back the last draw after asking; True when it was taken back."""
        if self._asking:
            return False
        self.land_now()
        if not self.session.history:
            self.notice.emit(self.strings("undo_none"), "warn")
            return False
        s = self.strings
        last = self.session.history[-1]
        # the winners whose bingo came with this ball: the question names them, the undo
        # withdraws them (the session journals it)
        lost = list(getattr(self.session, "undo_withdraws", lambda: [])())
        if lost:
            names = self.winner_names(lost)
            title, text = (
                s("confirm_undo_winners_title"),
                s("confirm_undo_winners", n=last, winners=names),
            )
        else:
            title, text = s("confirm_undo_title"), s("confirm_undo", n=last)
        if not self._ask(title, text):
            return False
        try:
            number = self.session.undo()
        except (UserError, OSError) as exc:
            self.notice.emit(s.coded(exc), "error")
            return False
        self.revealed = list(self.session.history)
        self.revealed_changed.emit()
        if lost:
            self.winners_changed.emit()
            self.notice.emit(s("undo_withdrew", n=number, winners=names), "warn")
        else:
            self.notice.emit(s("undo_done", n=number), "info")
        return True

    def winner_names(self, ranked) -> str:
        """ "No.0003（1位）、No.0017（1位）" for an undo's question, the first few by name."""
        s = self.strings
        names = [
            s("undo_winner_item", serial=f"{r.serial:04d}", place=r.place)
            for r in ranked[:UNDO_NAMES]
        ]
        if len(ranked) > UNDO_NAMES:
            names.append(s("undo_winners_more", n=len(ranked) - UNDO_NAMES))
        return s("list_sep").join(names)

    def new_game(self) -> bool:
        """Start a new game after asking (the old journal is kept aside)."""
        if self._asking:
            return False
        self.land_now()
        if not self._ask(
            self.strings("confirm_new_title"),
            self.strings("confirm_new", n=len(self.session.history)),
        ):
            return False
        try:
            self.session.new_game()
        except (UserError, OSError) as exc:  # the current game stays open and playable
            self.notice.emit(self.strings.coded(exc), "error")
            return False
        self.revealed = []
        self._set_auto(False)
        self.winners_changed.emit()
        self.game_reset.emit()
        self.revealed_changed.emit()
        self.notice.emit(self.strings("new_game_done"), "info")
        return True

    def confirm_winner(self, serial: int) -> bool:
        """The one rule by which a card becomes a winner, for a phone's claim (V) and a typed
        check (C) alike: a card not yet a winner, with a bingo in the numbers the room has seen
        (winner_details says at which ball; a card without one is refused), is recorded once the
        host answers one question naming the card, the ball of its bingo and its place."""
        if self._asking or self.winner_of(serial) is not None:
            return False
        self.land_now()
        s = self.strings
        details = self.winner_details(serial)
        if "bingo_ball" in details and details["bingo_ball"] is None:
            self.notice.emit(s("winner_no_bingo", serial=f"{serial:04d}"), "warn")
            return False
        ball = details.get("bingo_ball") or len(self.revealed)
        place_for = getattr(self.session, "place_for", None)
        place = place_for(ball) if place_for is not None else len(self.session.winners) + 1
        question = s("confirm_winner", serial=f"{serial:04d}", ball=ball, place=place)
        if not self._ask(s("confirm_winner_title"), question):
            self.notice.emit(s("winner_not_recorded", serial=f"{serial:04d}"), "info")
            return False
        return self.record_winner(serial, details)

    def remove_winner(self, serial: int) -> bool:
        """The host takes a recorded winner back (a wrong one: check it again with C to record
        it right), after one question naming the card, its place and the ball of its bingo."""
        if self._asking:
            return False
        ranked = getattr(self.session, "ranked", lambda serial: None)(serial)
        if ranked is None:
            return False
        s = self.strings
        question = s("confirm_remove", serial=f"{serial:04d}", place=ranked.place, ball=ranked.ball)
        if not self._ask(s("confirm_remove_title"), question):
            return False
        try:
            self.session.withdraw_winner(serial)
        except (UserError, OSError) as exc:
            self.notice.emit(s.coded(exc), "error")
            return False
        self.winners_changed.emit()
        self.notice.emit(s("winner_withdrawn", serial=f"{serial:04d}"), "info")
        return True

    def winner_of(self, serial: int) -> int | None:
        """The ball of `serial`'s bingo (as recorded) if it is a confirmed winner, or None."""
        return next((winner_ball(w) for w in self.session.winners if w.serial == serial), None)

    def _ask(self, title: str, text: str) -> bool:
        self._asking = True
        was_auto = self._auto_timer.isActive()
        self._auto_timer.stop()
        try:
            return bool(self.confirm(title, text))
        finally:
            self._asking = False
            if was_auto and self.auto:
                self._auto_timer.start(self.pause_ms())

    # ---------------------------------------------------------------- auto mode
    def toggle_auto(self) -> None:
        self._set_auto(not self.auto)

    def set_auto(self, on: bool) -> None:
        self._set_auto(on)

    def _set_auto(self, on: bool) -> None:
        if on and getattr(self.session, "manual", False):
            self.auto_changed.emit(False)  # a checkable button that asked goes back off
            self.notice.emit(self.strings("manual_no_auto"), "warn")
            on = False
        on = on and not self.session.finished
        changed = on != self.auto
        self.auto = on
        if on:
            if not self.spinning and not self._auto_timer.isActive():
                self._auto_timer.start(round(min(self.auto_seconds, 1.0) * 1000))
        else:
            self._auto_timer.stop()
        if changed:
            self.auto_changed.emit(on)

    @property
    def fastest(self) -> float:
        """The fewest seconds per ball: the spin and a moment to read the landed number."""
        return max(AUTO_LIMITS[0], self.spin_seconds + MIN_SHOWN_SECONDS)

    def steps(self) -> list[float]:
        """The speeds offered (keys and menu), the current one included."""
        return sorted({*(s for s in AUTO_STEPS if s >= self.fastest), self.auto_seconds})

    def pause_ms(self) -> int:
        """The wait after a landing, so that landings come `auto_seconds` apart."""
        return round(max(MIN_SHOWN_SECONDS, self.auto_seconds - self.spin_seconds) * 1000)

    def set_auto_seconds(self, seconds: float) -> None:
        """Change the auto-call speed during the show; a wait under way restarts at the new one."""
        seconds = min(AUTO_LIMITS[1], max(self.fastest, float(seconds)))
        if seconds == self.auto_seconds:
            return
        self.auto_seconds = seconds
        if self._auto_timer.isActive():
            self._auto_timer.start(self.pause_ms())
        self.auto_seconds_changed.emit(seconds)

    def faster(self) -> None:
        """One step fewer seconds per ball (the + key)."""
        shorter = [s for s in self.steps() if s < self.auto_seconds]
        self.set_auto_seconds(shorter[-1] if shorter else self.auto_seconds)

    def slower(self) -> None:
        """One step more seconds per ball (the - key)."""
        longer = [s for s in self.steps() if s > self.auto_seconds]
        self.set_auto_seconds(longer[0] if longer else self.auto_seconds)

    def _auto_draw(self) -> None:
        if not self.auto:
            return
        if self.paused() or self._asking or self.spinning or self.hold():
            self._auto_timer.start(500)
            return
        self.draw()


WRITE_CODES = ("disk_full", "write_failed")  # bingo.journal.write_error's codes


def _write_code(exc: Exception) -> str:
    """ "disk_full" or "write_failed" for a draw that could not be journaled."""
    import errno

    code = getattr(exc, "code", None)
    if code in WRITE_CODES:
        return str(code)
    full = isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT)
    return "disk_full" if full else "write_failed"
