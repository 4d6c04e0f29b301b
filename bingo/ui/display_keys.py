"""The host's hands on the projector window: the key table (`SHOW_KEYS`, key -> action), the
control bar's buttons for the mouse, what they open (card check, help), full screen and the
mouse pointer that hides in it.

`HostKeys` is a part of `bingo.ui.display.DisplayWindow` (a mixin: it uses the window's
controller, overlays and control bar).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QRect, Qt, QTimer
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QWidget

from bingo.ui.autospeed import change_speed
from bingo.ui.voice import toggle_voice
from eventkit.screen import show_full_screen, show_normal

BUTTON_TEXT = 0.02  # of the window's height: the control bar's text (the host's, from the desk)
POINTER_IDLE_MS = 2500  # in full screen the mouse pointer hides after this long without moving

DRAW_KEYS = (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter)

# The show's keys (besides the draw keys, Ctrl+Z for undo and Ctrl+Q to quit) -> their action
# in HostKeys._key_actions; the help overlay (bingo.ui.help.KEYS) says them to the host.
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


class HostKeys:
    """The window's keys, overlays opened from them, full screen and the pointer."""

    def _build_pointer(self) -> None:
        """The pointer's timer and its watch over the window's widgets and buttons."""
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

    # ---------------------------------------------------------------- overlays
    def _overlay_open(self) -> bool:
        return any(overlay.isVisible() for overlay in self.made_overlays())

    def open_card_check(self) -> None:
        self.controller.land_now()
        help_ = self._overlays.get("help")
        if help_ is not None:
            help_.close_view()
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
        made = self._overlays  # an overlay not made yet is not open (and stays unmade)
        card_view, help_ = made.get("card_view"), made.get("help")
        if card_view is not None and card_view.isVisible():  # only Esc closes it; its own
            if event.key() == Qt.Key.Key_Escape:  # field takes the rest
                card_view.close_view()
                return True
            return False
        if help_ is not None and help_.isVisible():  # any key closes the help
            help_.close_view()
            return True
        for name in ("claims_view", "winners_board"):
            overlay = made.get(name)
            if overlay is not None and overlay.isVisible():  # a key from the operator
                overlay.keyPressEvent(event)  # window: the overlay takes it
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
            "winners": lambda: self.winners_board.toggle(),
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
