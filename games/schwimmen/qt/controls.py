"""The controls around the table: the buttons' look and keys, and the log panel beside it.

Both follow the window's size: no text below MIN_TEXT of its height. Which buttons are on
comes from the table (`TableSession.button_states`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QListWidget, QPushButton, QVBoxLayout, QWidget

from games.common.qt.textfit import MIN_TEXT
from games.schwimmen.texts import Texts

BUTTON_STYLE = (
    "QPushButton { font-size: %dpx; font-weight: bold; padding: 0.3em 0.8em;"
    " background: #f4f1e8; color: #1b1b1b; border: 2px solid #c9a227; border-radius: 8px; }"
    "QPushButton:hover { background: #fff6cc; }"
    "QPushButton:disabled { background: #4a5a50; color: #8fa096; border-color: #4a5a50; }"
)
SHORTCUTS = {
    "swap_all": "X",
    "swap": "Enter",
    "pass": "P",
    "knock": "K",
    "take_extra": "X",
    "keep": "P",
}


def side_panel_width(window_width: int) -> int:
    """The log beside the table: a fifth of the window, within 220-440 px."""
    return max(220, min(440, round(0.22 * window_width)))


def style_buttons(
    buttons: Mapping[str, QPushButton], help_button: QPushButton, height: int
) -> None:
    """The table's buttons and the help button at the window's `height`."""
    floor = math.ceil(MIN_TEXT * height)
    button_px = max(floor, round(0.032 * height))
    for button in buttons.values():
        button.setStyleSheet(BUTTON_STYLE % button_px)
        button.setMinimumHeight(round(0.068 * height))
    help_button.setStyleSheet(
        f"QPushButton {{ font-size: {floor}px; padding: 0.25em 0.6em; background: #24402f;"
        " color: #f4f1e8; border: 1px solid #5c7a66; border-radius: 6px; }"
    )


class LogPanel(QWidget):
    """記録: the title, a line on the rules and CPU levels, and the log of the game."""

    def __init__(self, texts: Texts, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        side = QVBoxLayout(self)
        side.setContentsMargins(8, 10, 10, 10)
        self.title = QLabel(texts("log"))
        side.addWidget(self.title)
        self.info_label = QLabel("")
        self.info_label.setWordWrap(True)
        side.addWidget(self.info_label)
        self.log_list = QListWidget()
        self.log_list.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.log_list.setWordWrap(True)
        side.addWidget(self.log_list, 1)

    def add(self, line: str) -> None:
        self.log_list.addItem(line)
        self.log_list.scrollToBottom()

    def scale(self, width: int, height: int) -> None:
        floor = math.ceil(MIN_TEXT * height)
        self.title.setStyleSheet(
            f"color: #ffc21a; font-size: {max(floor, round(0.03 * height))}px; font-weight: bold;"
        )
        # the log and its line: 3 % of the height (the glyphs' ink, not only the font's
        # box, stays above 2.5 %: at 2.6 % the room measured 17 px of ink at 768)
        log_px = max(floor, round(0.03 * height))
        self.info_label.setStyleSheet(f"color: #e3efe7; font-size: {log_px}px;")
        self.log_list.setStyleSheet(
            f"QListWidget {{ background: #10331f; color: #f4f1e8; font-size: {log_px}px;"
            " border: 1px solid #2d5a40; border-radius: 6px; }"
        )
        self.setFixedWidth(side_panel_width(width))
