"""The help over the table (F1 / H or the 「ルール」 button): the keys, and the room's rules as the
seed's 「ルール」 panel (each active special rule in a line, card order, card passing, fees)."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from eventkit import theme
from eventkit.i18n import Texts
from games.daifugo.chips import Room
from games.daifugo.rules import Rules
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
        t = Texts(HELP_TEXTS, language)
        name = Texts(TEXTS, language)
        preset = rules.preset_number()
        rule_set = name("rule_set", n=preset) if preset else name["custom_rules"]
        outer = QVBoxLayout(self)
        outer.setContentsMargins(40, 30, 40, 30)
        self.panel = QFrame(self)
        self.panel.setObjectName("panel")
        self.panel.setStyleSheet(
            f"QFrame#panel {{ background: rgba(14, 34, 24, 245); border: 3px solid {theme.GOLD};"
            " border-radius: 16px; }"
            f"QLabel {{ color: {theme.TEXT}; font-size: 15px; background: transparent; }}"
        )
        outer.addWidget(self.panel)
        box = QVBoxLayout(self.panel)
        box.setContentsMargins(26, 16, 26, 14)
        title = QLabel(t["help_title"], self.panel)
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        title.setStyleSheet(f"font-size: 24px; font-weight: bold; color: {theme.GOLD};")
        box.addWidget(title)
        columns = QHBoxLayout()
        box.addLayout(columns, 1)
        columns.setSpacing(28)
        self.keys = self._column(t["keys_title"], keys_html(language))
        self.rules = self._column(
            t("rules_title", rules=rule_set, room=room.label(language)),
            rules_html(rules, room, language),
        )
        self.rules.setToolTip(rules_summary(rules, language))
        columns.addWidget(self.keys, 2)
        columns.addWidget(self.rules, 3)
        hint = QLabel(t["close_hint"], self.panel)
        hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        hint.setStyleSheet("font-size: 13px; color: rgba(255, 255, 255, 150);")
        box.addWidget(hint)
        self.hide()

    def _column(self, heading: str, html: str) -> QLabel:
        label = QLabel(
            f"<p style='font-size: 18px; font-weight: bold; color: {theme.GOLD};"
            f" margin-bottom: 6px;'>{escape(heading)}</p>{html}",
            self.panel,
        )
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
        self.setGeometry(parent.rect())
        self.show()
        self.raise_()

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt name
        p = QPainter(self)
        p.fillRect(self.rect(), QColor(0, 0, 0, 150))
        p.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt name
        self.hide()
        self.closed.emit()


def _plain(label: QLabel) -> str:
    from PySide6.QtGui import QTextDocument

    doc = QTextDocument()
    doc.setHtml(label.text())
    return doc.toPlainText()
