"""The join badge: the QR code and short address of the phones' page on the projector."""

from __future__ import annotations

from PySide6.QtCore import QObject, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter
from PySide6.QtWidgets import QWidget

from bingo.ui.art import fit_font

JOIN_TEXT = {
    "ja": ("スマホで自分のカードを見よう", "カードのコードを入力"),
    "en": ("Follow your card on your phone", "then type your card's code"),
}


class JoinBadge(QObject):
    """The QR code and the short address on the projector: over the reel while the show is
    idle (nothing drawn yet), and in a corner of the help overlay."""

    def __init__(self, window, url: str, parent: QObject | None = None) -> None:
        super().__init__(parent or window)
        self.window = window
        self.url = url
        language = window.config.event.language
        self.lines = JOIN_TEXT.get(language, JOIN_TEXT["ja"])
        self.on_reel = _JoinPanel(self, window)
        self.on_help = _JoinPanel(self, window.help)
        c = window.controller
        for signal in (c.revealed_changed, c.spin_started, c.game_reset):
            signal.connect(self.update)
        window.reel.installEventFilter(self)
        window.help.installEventFilter(self)
        self.update()

    @property
    def idle(self) -> bool:
        c = self.window.controller
        return not c.revealed and not c.spinning

    def update(self, *_args) -> None:
        reel = self.window.reel.geometry()
        side = min(reel.width() * 0.86, reel.height() * 0.8)
        self.on_reel.setGeometry(
            round(reel.center().x() - side / 2),
            round(reel.center().y() - side / 2),
            round(side),
            round(side),
        )
        self.on_reel.setVisible(self.idle)
        if self.idle:
            self.on_reel.raise_()
        help_rect = self.window.help.rect()
        side = help_rect.height() * 0.34
        margin = help_rect.height() * 0.04
        self.on_help.setGeometry(
            round(help_rect.right() - side - margin),
            round(help_rect.bottom() - side * 1.05 - margin),
            round(side),
            round(side * 1.05),
        )
        self.on_help.show()
        self.on_help.raise_()

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt API)
        from PySide6.QtCore import QEvent

        if event.type() in (QEvent.Type.Resize, QEvent.Type.Move, QEvent.Type.Show):
            self.update()
        return False


def _qr_modules(text: str) -> list[list[bool]]:
    import segno

    code = segno.make_qr(text, error="m")
    return [[bool(v) for v in row] for row in code.matrix]


class _JoinPanel(QWidget):
    """A white card with the QR code of the address, a line of text and the address."""

    def __init__(self, badge: JoinBadge, parent: QWidget) -> None:
        super().__init__(parent)
        self.badge = badge
        self.modules = _qr_modules(badge.url)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt API)
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        w, h = self.width(), self.height()
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(255, 255, 255, 245))
        p.drawRoundedRect(QRectF(0, 0, w, h), w * 0.05, w * 0.05)
        text_h = h * 0.24
        n = len(self.modules) + 8  # a quiet zone of 4 modules on each side
        size = min(w, h - text_h)
        cell = size / n
        x0 = (w - size) / 2 + 4 * cell
        y0 = 4 * cell
        p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        p.setBrush(QColor("#14101f"))
        for r, row in enumerate(self.modules):
            for c, dark in enumerate(row):
                if dark:
                    p.drawRect(QRectF(x0 + c * cell, y0 + r * cell, cell + 0.5, cell + 0.5))
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setPen(QColor("#14101f"))
        top = size - cell * 2
        lines = (self.badge.lines[0], self.badge.url.removeprefix("http://").rstrip("/"))
        for i, line in enumerate(lines):
            rect = QRectF(w * 0.04, top + i * text_h / 2, w * 0.92, text_h / 2)
            weight = QFont.Weight.Black if i else QFont.Weight.Bold
            p.setFont(fit_font(line, rect, text_h * (0.26 if i == 0 else 0.34), weight))
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter, line)
        p.end()
