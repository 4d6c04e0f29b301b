"""Overlays drawn inside the show's window, in the show's style (no separate system dialogs).

ConfirmOverlay  a large yes/no question (undo, new game, a winner) that blocks until answered
Banner          a bright pill with one or two lines (the resume message)
BingoFlash      "ビンゴ N枚!" popping up for a few seconds, over the board and the odds: never
                over the reel, whose landed number stays in full view until the next spin
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEasingCurve, QEventLoop, QRect, QRectF, Qt, QVariantAnimation
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QKeyEvent, QPainter, QPen
from PySide6.QtWidgets import QPushButton, QWidget

from bingo.ui.art import TEXT, draw_outlined_text, draw_text, fit_block, fit_font, ui_font, wrapped

DARK = QColor("#14101f")


class ConfirmOverlay(QWidget):
    """A question over the whole window with big Yes / No buttons; "No" is the default.

    Keys: Y answers yes, N or Esc answers no, Enter takes the focused button (No at first),
    Left/Right/Tab move between the buttons.
    """

    def __init__(self, strings, highlight: str, parent: QWidget) -> None:
        super().__init__(parent)
        self.strings = strings
        self.highlight = QColor(highlight)
        self.title = ""
        self.text = ""
        self.answer: bool | None = None
        self._loop: QEventLoop | None = None
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.yes_button = QPushButton(strings("yes"), self)
        self.no_button = QPushButton(strings("no"), self)
        self.yes_button.clicked.connect(lambda: self.finish(True))
        self.no_button.clicked.connect(lambda: self.finish(False))
        self.hide()

    def ask(self, title: str, text: str) -> bool:
        """Show the question and wait (events keep flowing) until it is answered."""
        self.title, self.text, self.answer = title, text, None
        self.setGeometry(self.parentWidget().rect())
        self._layout()
        self.show()
        self.raise_()
        self.no_button.setFocus()
        self._loop = QEventLoop()
        if self.answer is None:
            self._loop.exec()
        self._loop = None
        return bool(self.answer)

    def finish(self, answer: bool) -> None:
        self.answer = answer
        self.hide()
        if self._loop is not None:
            self._loop.quit()

    def _panel(self) -> QRectF:
        w, h = self.width(), self.height()
        pw = min(w * 0.86, max(w * 0.6, h * 1.1))
        ph = h * 0.5
        return QRectF((w - pw) / 2, (h - ph) / 2, pw, ph)

    def _layout(self) -> None:
        panel = self._panel()
        h = self.height()
        button_h = round(h * 0.085)
        button_w = round(panel.width() * 0.3)
        y = round(panel.bottom() - button_h - h * 0.045)
        gap = panel.width() * 0.06
        self.yes_button.setGeometry(
            round(panel.center().x() - gap / 2 - button_w), y, button_w, button_h
        )
        self.no_button.setGeometry(round(panel.center().x() + gap / 2), y, button_w, button_h)
        colour = self.highlight.name()
        font_px = max(12, round(button_h * 0.45))
        style = (
            "QPushButton {{ color: {fg}; background: {bg}; border: {bw}px solid {colour};"
            " border-radius: {r}px; font-size: {px}px; font-weight: 900; }}"
            "QPushButton:focus {{ border: {fw}px solid #ffffff; }}"
        )
        common = {"colour": colour, "r": button_h // 3, "px": font_px}
        common.update(bw=max(2, button_h // 24), fw=max(3, button_h // 14))
        self.yes_button.setStyleSheet(style.format(fg="#14101f", bg=colour, **common))
        self.no_button.setStyleSheet(style.format(fg="#ffffff", bg="#2a2650", **common))

    def resizeEvent(self, event) -> None:
        self._layout()
        super().resizeEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key == Qt.Key.Key_Y:
            self.finish(True)
        elif key in (Qt.Key.Key_N, Qt.Key.Key_Escape):
            self.finish(False)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.finish(self.yes_button.hasFocus())
        elif key in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Tab, Qt.Key.Key_Backtab):
            (self.no_button if self.yes_button.hasFocus() else self.yes_button).setFocus()
        # every other key is swallowed: nothing reaches the show while it asks

    def mousePressEvent(self, event) -> None:
        event.accept()  # a click beside the panel does nothing (and reaches nothing below)

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        h = self.height()
        p.fillRect(self.rect(), QColor(4, 3, 12, 200))
        panel = self._panel()
        p.setPen(QPen(self.highlight, max(3.0, h * 0.006)))
        p.setBrush(QColor("#17142e"))
        p.drawRoundedRect(panel, h * 0.03, h * 0.03)
        inner = panel.adjusted(panel.width() * 0.06, h * 0.035, -panel.width() * 0.06, 0)
        title_rect = QRectF(inner.left(), inner.top(), inner.width(), h * 0.11)
        draw_outlined_text(
            p,
            title_rect,
            self.title,
            fit_font(self.title, title_rect, h * 0.075),
            QColor("#ffffff"),
            DARK,
            self.highlight.darker(220),
        )
        p.setPen(TEXT)
        text_rect = QRectF(inner.left(), title_rect.bottom() + h * 0.02, inner.width(), h * 0.15)
        flags = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap
        p.setFont(fit_block(self.text, text_rect, h * 0.04, QFont.Weight.Bold, flags))
        draw_text(p, text_rect, flags, self.text)
        p.end()


class Banner(QWidget):
    """A bright pill with a message (first line bold); hidden while there is no text."""

    def __init__(self, parent: QWidget, colour: QColor | None = None) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        self.lines: list[str] = []
        self.colour = colour or QColor(255, 210, 63, 240)
        self.hide()

    def least_px(self) -> float:
        """2.7 % of the window's height: the least the room reads."""
        return self.window().height() * 0.027

    def set_text(self, text: str) -> None:
        self.lines = [line for line in text.split(" — ") if line]
        self.setVisible(bool(self.lines))
        self.update()

    def paintEvent(self, event) -> None:
        if not self.lines:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        rect = QRectF(self.rect()).adjusted(2, 2, -2, -2)
        radius = min(rect.height() * 0.25, rect.width() * 0.05)
        p.setPen(QPen(QColor("#14101f"), 2))
        p.setBrush(self.colour)
        p.drawRoundedRect(rect, radius, radius)
        inner = rect.adjusted(rect.height() * 0.15, rect.height() * 0.08, -rect.height() * 0.15, 0)
        weights = [1.0, 0.62, 0.62]
        shares = [weights[min(i, 2)] for i in range(len(self.lines))]
        # A long line gets the height it needs wrapped at the least size; the rest share.
        least = self.least_px() * 1.05
        wrap = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
        needs = [
            QFontMetricsF(ui_font(least * (1.2 if i == 0 else 1.0)))
            .boundingRect(QRectF(0, 0, inner.width() * 0.96, 10000), int(wrap), wrapped(line, wrap))
            .height()
            * 1.1
            for i, line in enumerate(self.lines)
        ]
        spare = inner.height() - sum(needs)
        if spare > 0:
            shares = [n + spare * w / sum(shares) for n, w in zip(needs, shares, strict=True)]
        y = inner.top()
        p.setPen(QColor("#14101f"))
        flags = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
        for i, line in enumerate(self.lines):
            line_h = inner.height() * shares[i] / sum(shares)
            line_rect = QRectF(inner.left(), y, inner.width(), line_h)
            weight = QFont.Weight.Black if i == 0 else QFont.Weight.Bold
            fit = line_rect.adjusted(line_rect.width() * 0.02, 0, -line_rect.width() * 0.02, 0)
            # One line when it reads at a good size there; wrapped to fit otherwise.
            font = fit_font(line, fit, line_h * 0.62, weight)
            line_flags = Qt.AlignmentFlag.AlignCenter
            if font.pixelSize() < self.least_px() * 1.3:
                font, line_flags = fit_block(line, fit, line_h * 0.62, weight, flags), flags
            p.setFont(font)
            draw_text(p, fit, line_flags, line)
            y += line_h
        p.end()


class BingoFlash(QWidget):
    """Big outlined text that pops up, holds and fades (about `seconds` long), inside `area()`
    (the window gives the part of the screen clear of the reel)."""

    def __init__(self, highlight: str, parent: QWidget, seconds: float = 3.5) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        self.highlight = QColor(highlight)
        self.text = ""
        self._t = 0.0
        self.area: Callable[[], QRect] = lambda: self.parentWidget().rect()
        self.animation = QVariantAnimation(self)
        self.animation.setStartValue(0.0)
        self.animation.setEndValue(1.0)
        self.animation.setDuration(round(seconds * 1000))
        self.animation.setEasingCurve(QEasingCurve.Type.Linear)
        self.animation.valueChanged.connect(self._on_value)
        self.animation.finished.connect(self.hide)
        self.hide()

    def flash(self, text: str) -> None:
        self.text = text
        self.setGeometry(self.area())
        self._t = 0.0
        self.show()
        self.animation.stop()
        self.animation.start()

    def _on_value(self, value: float) -> None:
        self._t = float(value)
        self.update()

    def band(self) -> QRectF:
        """The dark band behind the text, in the widget (the whole width, a third of the height)."""
        w, h = self.width(), self.height()
        band_h = min(h * 0.36, w * 0.22)
        return QRectF(0, (h - band_h) / 2, w, band_h)

    def paintEvent(self, event) -> None:
        if not self.text:
            return
        t = self._t
        pop = min(1.0, t / 0.08)
        scale = 0.6 + 0.4 * QEasingCurve(QEasingCurve.Type.OutBack).valueForProgress(pop)
        opacity = 1.0 if t < 0.8 else max(0.0, (1.0 - t) / 0.2)
        w, h = self.width(), self.height()
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setOpacity(opacity)
        band = self.band()
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(4, 3, 12, 200))
        p.drawRoundedRect(band, band.height() * 0.12, band.height() * 0.12)
        p.translate(w / 2, h / 2)
        p.scale(scale, scale)
        rect = QRectF(-band.width() * 0.46, -band.height() / 2, band.width() * 0.92, band.height())
        draw_outlined_text(
            p,
            rect,
            self.text,
            fit_font(self.text, rect.adjusted(0, 0, -rect.width() * 0.06, 0), band.height() * 0.6),
            self.highlight.lighter(120),
            DARK,
            self.highlight.darker(300),
            outline_ratio=0.07,
        )
        p.end()
