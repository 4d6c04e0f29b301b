"""Manual mode for a physical ball cage (ガラガラ): the host types the number that came out.

Digits, Enter; Backspace erases a digit (with nothing typed it is undo, as always); Esc clears.
The typed digits are shown on the host's status line (small on the projector) and in the
operator window; the reel then spins and lands on the number like a drawn one, so the odds,
the phones, the journal (the draw record says `typed`) and undo work the same. A number not on
the board (too long included: '123' on a 1-40 board is 123, never 12) or already called is
refused in one line for the host, never a dialog.
"""

from __future__ import annotations

import unicodedata

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QLabel

from bingo.ui.texts import TABLES
from eventkit.i18n import Texts

ENTER_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)
TYPING_NOTICE_MS = 60_000  # the typed digits stay on the status line while the host types
MAX_TYPED_DIGITS = 6  # every digit typed is shown; past six it is a key held down, not a ball


class ManualEntry(QObject):
    """The digits typed so far, for one DisplayWindow; active when the session is manual."""

    changed = Signal(str)  # the digits typed so far ("" once called or cleared)

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.digits = ""

    @property
    def active(self) -> bool:
        return bool(getattr(self.window.controller.session, "manual", False))

    def handle_key(self, event: QKeyEvent) -> bool:
        """Digits, Enter, Backspace and Esc while typing; False leaves the key to the show."""
        if not self.active or getattr(self.window.controller, "_asking", False):
            return False  # (a question is open: its keys are its own)
        text = unicodedata.normalize("NFKC", event.text() or "")
        key = event.key()
        if len(text) == 1 and text.isdigit() and text.isascii():
            if len(self.digits) < MAX_TYPED_DIGITS:  # a number too long is refused on Enter
                self._set(self.digits + text)
            return True
        if not self.digits:
            return False  # Backspace = undo, Enter / Space = land a spinning reel or the prompt
        if key in ENTER_KEYS:
            if not event.isAutoRepeat():
                self.submit()
            return True
        if key == Qt.Key.Key_Backspace:
            self._set(self.digits[:-1])
            return True
        if key == Qt.Key.Key_Escape:
            self._set("")
            return True
        return False

    def submit(self) -> bool:
        """Call the typed number (the reel spins onto it), or say in one line why not."""
        number = int(self.digits)
        self.digits = ""
        self.changed.emit("")
        called = self.window.controller.draw_typed(number)
        if called:
            self.window.show_notice("", "info", 1)
        return called

    def _set(self, digits: str) -> None:
        self.digits = digits
        self.changed.emit(digits)
        if digits:
            text = self.window.strings("manual_typed", digits=digits)
            self.window.show_notice(text, "info", TYPING_NOTICE_MS)
        else:
            self.window.show_notice("", "info", 1)


class _CageTexts(Texts):
    """The show's texts, but the reel's "press Space to draw" says to type the ball's number."""

    def __call__(self, key: str, **values: object) -> str:
        return super().__call__("manual_start" if key == "ready" else key, **values)


def attach_manual(window) -> ManualEntry:
    """The ball cage's entry of a DisplayWindow (its keys go through `handle_key` first)."""
    entry = ManualEntry(window)
    window.manual_entry = entry
    if entry.active:
        window.reel.strings = _CageTexts(TABLES, window.reel.strings.language)

    def landed(_number: int) -> None:  # the host's strip says what comes next
        if entry.active and not entry.digits:
            window.show_notice(window.strings("manual_ready"), "info", TYPING_NOTICE_MS)

    window.reel.landed.connect(landed)
    return entry


def attach_operator(window, operator) -> QLabel | None:
    """In manual mode, a line at the top of the operator window with the digits being typed."""
    entry = getattr(window, "manual_entry", None)
    if operator is None or entry is None or not entry.active:
        return None
    label = QLabel(operator)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setObjectName("manual_entry")
    label.setStyleSheet("font-size: 20px; font-weight: bold; padding: 4px;")

    def show(digits: str) -> None:
        s = window.strings
        label.setText(s("manual_typed", digits=digits) if digits else s("manual_prompt"))

    entry.changed.connect(show)
    show(entry.digits)
    operator.layout().insertWidget(0, label)
    return label
