"""The help over the table (F1 / H or the 「ルール」 button): the keys, and the room's rules as the
seed's 「ルール」 panel (each active special rule in a line, card order, card passing, fees)."""

from __future__ import annotations

import math
from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from eventkit import theme
from eventkit.i18n import Texts
from games.common.qt.textfit import MIN_TEXT
from games.daifugo.chips import Room
from games.daifugo.ruleset import Rules
from games.daifugo.texts import HELP_KEYS, HELP_TEXTS, TEXTS, rules_panel, rules_summary


def keys_html(language: str) -> str:
    rows = "".join(
        f"<tr><td style='padding: 3px 14px 3px 0; color: {theme.GOLD}; white-space: nowrap;'>"
        f"<b>{escape(keys)}</b></td><td style='padding: 3px 0;'>{escape(what)}</td></tr>"
        for keys, what in HELP_KEYS["ja" if language == "ja" else "en"]
    )
    return f"<table>{rows}</table>"


def rules_html(rules: Rules, room: Room, language: str) -> str:
    return "".join(
        f"<p style='margin: 0 0 5px 0;'>{escape(line)}</p>"
        for line in rules_panel(rules, room, language)
    )


class HelpOverlay(QWidget):
    """A dimmed layer over the whole table with one panel: keys left, the room's rules right.
    A click anywhere closes it (`closed`); the table closes it on F1 / H / Esc."""

    closed = Signal()

    def __init__(self, parent: QWidget, rules: Rules, room: Room, language: str) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        t = self.t = Texts(HELP_TEXTS, language)
        name = Texts(TEXTS, language)
        preset = rules.preset_number()
        rule_set = name("rule_set", n=preset) if preset else name["custom_rules"]
        self.outer = QVBoxLayout(self)
        self.panel = QFrame(self)
        self.panel.setObjectName("panel")
        self.outer.addWidget(self.panel)
        box = self.box = QVBoxLayout(self.panel)
        title = self.title = QLabel(t["help_title"], self.panel)
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        box.addWidget(title)
        columns = QHBoxLayout()
        box.addLayout(columns, 1)
        columns.setSpacing(28)
        self.columns_text = [
            (t["keys_title"], keys_html(language)),
            (
                t("rules_title", rules=rule_set, room=room.label(language)),
                rules_html(rules, room, language),
            ),
        ]
        self.keys = self._column()
        self.rules = self._column()
        self.rules.setToolTip(rules_summary(rules, language))
        columns.addWidget(self.keys, 2)
        columns.addWidget(self.rules, 3)
        hint = self.hint = QLabel(t["close_hint"], self.panel)
        hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        box.addWidget(hint)
        self.pages, self.page = 1, 0
        self.scale_to(720)
        self.hide()

    def scale_to(self, height: int) -> None:
        """Text sizes for a window `height` high: nothing below MIN_TEXT of it."""
        floor = math.ceil(MIN_TEXT * height)
        self.text_px = floor
        margin = round(height * 0.03)
        self.outer.setContentsMargins(margin * 2, margin, margin * 2, margin)
        self.box.setContentsMargins(margin, round(margin * 0.6), margin, round(margin * 0.5))
        self.panel.setStyleSheet(
            f"QFrame#panel {{ background: rgb(14, 34, 24); border: 3px solid {theme.GOLD};"
            " border-radius: 16px; }"
            f"QLabel {{ color: {theme.TEXT}; font-size: {floor}px; background: transparent; }}"
        )
        self.title.setStyleSheet(
            f"font-size: {round(floor * 1.5)}px; font-weight: bold; color: {theme.GOLD};"
        )
        self.hint.setStyleSheet(f"font-size: {floor}px; color: rgba(255, 255, 255, 170);")
        for label, (heading, html) in zip((self.keys, self.rules), self.columns_text, strict=True):
            label.setText(
                f"<p style='font-size: {round(floor * 1.2)}px; font-weight: bold;"
                f" color: {theme.GOLD}; margin-bottom: 4px;'>{escape(heading)}</p>{html}"
            )

    def _column(self) -> QLabel:
        label = QLabel(self.panel)
        label.setTextFormat(Qt.TextFormat.RichText)
        label.setWordWrap(True)
        label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        return label

    def text(self) -> str:
        """Everything the help says, as plain text (for tests and screen readers)."""
        return "\n".join(
            label.text() if label.textFormat() != Qt.TextFormat.RichText else _plain(label)
            for label in self.findChildren(QLabel)
        )

    def open_over(self, parent: QWidget) -> None:
        self.scale_to(parent.height())
        self.setGeometry(parent.rect())
        self.show()
        self.raise_()
        self.fit_pages()

    def fit_pages(self) -> None:
        """Both columns on one page when they fit; on a small screen a page each (the keys,
        then the room's rules), so the text never shrinks below the table's smallest."""
        self.pages = 1
        self.page = 0
        for label in (self.keys, self.rules):
            label.show()
        self.hint.setText(self.t["close_hint"])
        self.outer.activate()
        self.box.activate()
        if any(
            label.heightForWidth(label.width()) > label.height()
            for label in (self.keys, self.rules)
        ):
            self.pages = 2
            self.show_page(0)

    def show_page(self, page: int) -> None:
        self.page = page
        self.keys.setVisible(self.pages == 1 or page == 0)
        self.rules.setVisible(self.pages == 1 or page == 1)
        if page + 1 < self.pages:
            self.hint.setText(self.t("next_page_hint", n=page + 1, total=self.pages))
        else:
            self.hint.setText(self.t["close_hint"])
        self.box.activate()

    def next_page(self) -> bool:
        """Turn to the next page; False on the last one."""
        if self.page + 1 >= self.pages:
            return False
        self.show_page(self.page + 1)
        return True

    def key(self, key: int) -> bool:
        """→ / Space / Enter turn the page, ← goes back; True when the key closes the help
        (Esc, or Space / Enter on the last page)."""
        if key in (Qt.Key.Key_Right, Qt.Key.Key_Space, Qt.Key.Key_Return):
            return not self.next_page() and key != Qt.Key.Key_Right
        if key == Qt.Key.Key_Left and self.page > 0:
            self.show_page(self.page - 1)
        return key == Qt.Key.Key_Escape

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.fillRect(self.rect(), QColor(0, 0, 0, 150))
        p.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if self.next_page():
            return
        self.hide()
        self.closed.emit()


def _plain(label: QLabel) -> str:
    from PySide6.QtGui import QTextDocument

    doc = QTextDocument()
    doc.setHtml(label.text())
    return doc.toPlainText()
