"""The join badge: the QR code and short address of the phones' page on the projector."""

from __future__ import annotations

from PySide6.QtCore import QObject, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter
from PySide6.QtWidgets import QWidget

from bingo.ui.art import draw_text, fit_block, ui_font

JOIN_TEXT = {
    "ja": ("スマホでカードを見よう", "カードのコードを入力"),
    "en": ("Follow your card on your phone", "then type your card's code"),
}


class JoinBadge(QObject):
    """The QR code and the short address on the projector: inside the reel's frame while the
    show is idle (nothing drawn yet, beside the winning shape), and in the help's side column.

    Only while the phones' server serves (`set_serving`, from bingo.ui.webserver): a port taken
    by another program or an address refused must never send the room to someone else's
    server, so the code and the address are then not shown at all (the host is told why)."""

    def __init__(
        self, window, url: str, parent: QObject | None = None, *, serving: bool = True
    ) -> None:
        super().__init__(parent or window)
        self.window = window
        self.url = url
        self.serving = serving
        language = window.config.event.language
        self.lines = JOIN_TEXT.get(language, JOIN_TEXT["ja"])
        window.reel.join_wanted = serving
        window.reel.invalidate()
        self.on_reel = _JoinPanel(self, window.reel)
        self._on_help: _JoinPanel | None = None  # the help's panel, once the help is made
        c = window.controller
        for signal in (c.revealed_changed, c.spin_started, c.game_reset):
            signal.connect(self.update)
        window.reel.installEventFilter(self)
        # the help is made when first asked for (display_overlays), not for the badge: its
        # panel joins it then
        window.when_made("help", self._join_help)
        self.update()

    def _join_help(self, help_) -> None:
        help_.join_wanted = self.serving
        self._on_help = _JoinPanel(self, help_)
        help_.installEventFilter(self)
        self.update()

    @property
    def on_help(self) -> _JoinPanel:
        """The code in the help's side column (asking for it makes the help)."""
        self.window.help  # noqa: B018 (made now if it was not: its panel joins it)
        assert self._on_help is not None
        return self._on_help

    def set_serving(self, serving: bool) -> None:
        """The server serves (show the code) or cannot (no code, no address, no space kept)."""
        if serving == self.serving:
            return
        self.serving = serving
        self.window.reel.join_wanted = serving
        self.window.reel.invalidate()
        if self._on_help is not None:
            help_ = self._on_help.parentWidget()
            help_.join_wanted = serving
            help_.update()
        self.update()

    def set_url(self, url: str) -> None:
        """The address the code and the line under it hold: with web.port = 0 (any free port)
        the port the server got, known once it listens (bingo.ui.command follows it)."""
        if url == self.url:
            return
        self.url = url
        for panel in (self.on_reel, self._on_help):
            if panel is not None:
                panel.modules = _qr_modules(url)
                panel.update()
        self.update()

    @property
    def shown(self) -> bool:
        """The code is on the projector now (in the reel's frame or the help's side)."""
        return self.on_reel.isVisible() or (self._on_help is not None and self._on_help.isVisible())

    @property
    def idle(self) -> bool:
        c = self.window.controller
        return not c.revealed and not c.spinning

    def first_lines(self, width: float) -> int:
        """How many lines the sentence takes at the least size in a panel `width` wide."""
        font = ui_font(self.window.height() * 0.027, QFont.Weight.Bold)
        return 1 if QFontMetricsF(font).horizontalAdvance(self.lines[0]) <= width * 0.9 else 2

    def text_h(self, width: float) -> float:
        """The lines under the code, each at least 2.7 % of the screen high."""
        return self.window.height() * 0.027 * 1.5 * (1 + self.first_lines(width))

    def panel_rect(self, box: QRectF) -> QRectF:
        """The panel in `box`: the code as large as fits over its two lines, and wide enough
        for the address at a size read from the back (the code centred on it)."""
        least = self.window.height() * 0.027
        address = self.url.removeprefix("http://").rstrip("/")
        text_w = max(
            QFontMetricsF(ui_font(least, QFont.Weight.Black)).horizontalAdvance(address),
            QFontMetricsF(ui_font(least, QFont.Weight.Bold)).horizontalAdvance(self.lines[0]) / 2,
        )
        width = min(box.width(), max(box.height() * 0.6, text_w / 0.97 + 2))
        text_h = self.text_h(width)
        side = max(1.0, min(box.width(), box.height() - text_h))
        width = min(box.width(), max(side, text_w / 0.97 + 2))
        text_h = self.text_h(width)
        side = max(1.0, min(width, box.height() - text_h))
        height = side + text_h
        return QRectF(box.center().x() - width / 2, box.center().y() - height / 2, width, height)

    def update(self, *_args) -> None:
        reel = self.window.reel
        box, _ = reel.idle_areas()
        if box is not None:
            self.on_reel.setGeometry(self.panel_rect(box).toAlignedRect())
        self.on_reel.setVisible(self.serving and self.idle and reel.idle)
        if self._on_help is None:  # no help made yet
            return
        box, _ = self._on_help.parentWidget().side_areas()
        if box is not None:
            self._on_help.setGeometry(self.panel_rect(box).toAlignedRect())
        self._on_help.setVisible(self.serving)

    def eventFilter(self, watched, event) -> bool:
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

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        w, h = self.width(), self.height()
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#ffffff"))  # opaque: the code must read against any background
        p.drawRoundedRect(QRectF(0, 0, w, h), w * 0.04, w * 0.04)
        text_h = self.badge.text_h(w)
        size = max(1.0, min(w, h - text_h))
        n = len(self.modules) + 8  # a quiet zone of 4 modules on each side
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
        top = size - cell * 2.5
        lines = (self.badge.lines[0], self.badge.url.removeprefix("http://").rstrip("/"))
        flags = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
        least = self.badge.window.height() * 0.027
        first = self.badge.first_lines(w)
        shares = (first / (first + 1), 1 / (first + 1))
        for i, line in enumerate(lines):
            y = top + (0 if i == 0 else shares[0] * (h - top))
            rect = QRectF(w * 0.015, y, w * 0.97, shares[i] * (h - top))
            weight = QFont.Weight.Black if i else QFont.Weight.Bold
            p.setFont(fit_block(line, rect, max(least, rect.height() * 0.62), weight, flags))
            draw_text(p, rect, flags, line)
        p.end()
