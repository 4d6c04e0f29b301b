"""The key help overlay (H or ?)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QWidget

from bingo.ui.art import TEXT, ui_font

KEYS = [
    ("Space / Enter", "key_draw"),
    ("Backspace / Ctrl+Z", "key_undo"),
    ("C", "key_check"),
    ("V / W", "key_claims_winners"),
    ("A", "key_auto"),
    ("+ / −", "key_speed"),
    ("S", "key_voice"),
    ("R", "key_new"),
    ("F11 / F", "key_full"),
    ("Esc", "key_esc"),
    ("H / ?", "key_help"),
]


class HelpOverlay(QWidget):
    """Lists the keys; any key or click closes it."""

    closed = Signal()

    def __init__(self, strings, highlight: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.strings = strings
        self.highlight = QColor(highlight)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.hide()

    def open(self) -> None:
        if self.parentWidget() is not None:
            self.setGeometry(self.parentWidget().rect())
        self.show()
        self.raise_()
        self.setFocus()

    def close_view(self) -> None:
        if self.isVisible():
            self.hide()
            self.closed.emit()

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt API)
        self.close_view()

    def mousePressEvent(self, event) -> None:  # noqa: N802 (Qt API)
        self.close_view()

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt API)
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        w, h = self.width(), self.height()
        p.fillRect(self.rect(), QColor(4, 3, 12, 215))
        panel = QRectF(w * 0.2, h * 0.1, w * 0.6, h * 0.8)
        p.setPen(QPen(self.highlight, max(2.0, h * 0.004)))
        p.setBrush(QColor("#17142e"))
        p.drawRoundedRect(panel, h * 0.03, h * 0.03)
        p.setPen(TEXT)
        p.setFont(ui_font(h * 0.05, QFont.Weight.Black))
        p.drawText(
            QRectF(panel.left(), panel.top() + h * 0.02, panel.width(), h * 0.09),
            Qt.AlignmentFlag.AlignCenter,
            self.strings("help_title"),
        )
        row_h = (panel.height() - h * 0.15) / len(KEYS)
        for i, (keys, text_key) in enumerate(KEYS):
            y = panel.top() + h * 0.12 + i * row_h
            key_rect = QRectF(
                panel.left() + panel.width() * 0.04,
                y + row_h * 0.12,
                panel.width() * 0.34,
                row_h * 0.76,
            )
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(255, 255, 255, 22))
            p.drawRoundedRect(key_rect, row_h * 0.15, row_h * 0.15)
            p.setPen(self.highlight)
            p.setFont(ui_font(row_h * 0.38, QFont.Weight.Black))
            p.drawText(key_rect, Qt.AlignmentFlag.AlignCenter, keys)
            p.setPen(TEXT)
            p.setFont(ui_font(row_h * 0.34, QFont.Weight.Bold))
            p.drawText(
                QRectF(
                    key_rect.right() + panel.width() * 0.03,
                    y,
                    panel.right() - key_rect.right() - panel.width() * 0.06,
                    row_h,
                ),
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                self.strings(text_key),
            )
