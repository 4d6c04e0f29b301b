"""Card check: the host types a serial; the card, its marked cells and the verdict appear.

The serial may be typed as printed on the card with its check letters ("No.0013-PRSXF"); the
letters are then verified with the card set's key, so a mistyped serial is caught.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QLineEdit, QPushButton, QWidget

from bingo.ui.art import (
    ACCENT_ERROR,
    TEXT,
    TEXT_DIM,
    draw_outlined_text,
    fit_font,
    ui_font,
    wrapped,
)
from bingo.ui.numberart import ArtCache
from cards.registry import SERIAL_MAX_DIGITS

# Full-width ASCII (what a Japanese input method types: "Ｎｏ．００１３－ＰＲＳＸＦ") -> ASCII
FULL_WIDTH = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}
VERDICT_COLOURS = {"bingo": "#ffd23f", "reach": "#ff9f1c", "not_yet": "#a9a3c9"}
FIELD_SAMPLE = "No.8888-WWWWW"  # the widest phone code of a 4-digit serial: shown whole
FIELD_BORDER = 3  # px, the field's frame
FIELD_SLACK = 14  # px, the line edit's own margins and cursor inside the frame


def wrapped_font(text: str, box: QRectF, flags, largest: float, smallest: float) -> QFont:
    """The largest bold font from `largest` down to `smallest` px whose wrapped `text` fits
    `box` (the smallest when none does: the room still reads it, the box is sized for it)."""
    size = largest
    while size > smallest:
        font = ui_font(size, QFont.Weight.Bold)
        needed = QFontMetricsF(font).boundingRect(box, int(flags), wrapped(text, flags))
        if needed.width() <= box.width() and needed.height() <= box.height():
            return font
        size -= 1
    return ui_font(smallest, QFont.Weight.Bold)


class CardCheckView(QWidget):
    """A full-window overlay over the audience view; Esc closes it."""

    closed = Signal()
    winner_requested = Signal(int)  # Enter again on a card with a bingo

    def __init__(
        self,
        art: ArtCache,
        strings,
        highlight: str,
        drawn: Callable[[], list[int]],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.art = art
        self.strings = strings
        self.highlight = QColor(highlight)
        self._drawn = drawn
        self.registry: dict | None = None
        self.winner_ball: Callable[[int], int | None] = lambda serial: None
        # The card set's key for the check letters (None: not on this computer)
        self.card_key: Callable[[], bytes | None] = self._event_key
        self.result = None  # cards.check.CardCheck
        self.message = ""
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.input = QLineEdit(self)
        self.input.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.input.setMaxLength(SERIAL_MAX_DIGITS + 16)  # room for "No.", check letters, spaces
        self.input.returnPressed.connect(lambda: self.submit(self.input.text()))
        self.input.textChanged.connect(lambda _text: self._fit_input_font())
        self.close_button = QPushButton(strings("check_close"), self)  # for a mouse-only host
        self.close_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.close_button.setCursor(Qt.CursorShape.PointingHandCursor)
        self.close_button.clicked.connect(self.close_view)
        self.hide()

    # ---------------------------------------------------------------- actions
    def open(self) -> None:
        self.result = None
        self.message = "" if self.registry is not None else self.strings("check_no_registry")
        self.input.clear()
        self.setGeometry(self.parentWidget().rect() if self.parentWidget() else self.rect())
        self.show()
        self.raise_()
        self.input.setFocus()
        self.update()

    def close_view(self) -> None:
        if self.isVisible():
            self.hide()
            self.closed.emit()

    def submit(self, text: str) -> None:
        """Enter: check the card; Enter again on the same card with a bingo: record the winner."""
        from cards.check import BINGO

        result = self.result
        if (
            result is not None
            and result.verdict == BINGO
            and self.parse(text) == (result.card.serial, None)  # the same card, letters right
            and self.winner_ball(result.card.serial) is None
        ):
            self.winner_requested.emit(result.card.serial)
            self.update()
        else:
            self.check(text)

    def check(self, text: str) -> None:
        """Look the serial up and judge the card against the numbers shown so far."""
        from cards.check import check_card

        serial, problem = self.parse(text)
        self.result = None
        if self.registry is None:
            self.message = self.strings("check_no_registry")
        elif problem is not None:
            self.message = problem
        elif serial is None:
            self.message = self.strings("check_bad")
        elif serial not in self.registry:
            self.message = self.strings("check_unknown", serial=serial)
        else:
            card = self.registry[serial]
            self.result = check_card(card, self._drawn(), self.art.config.board.threshold)
            self.message = ""
        self.input.selectAll()
        self.update()

    def parse(self, text: str) -> tuple[int | None, str | None]:
        """(serial, None) for a serial as typed or printed; (serial, message) when its check
        letters are wrong; (None, None) when it is neither."""
        from bingo import cardcode
        from cards.check import parse_serial

        serial = parse_serial(text)
        if serial is not None:
            return serial, None
        parsed = cardcode.parse_code(text.translate(FULL_WIDTH))  # not NFKC: "①" is no 1
        if parsed is None:
            return None, None
        serial, letters = parsed
        if letters is None:
            return serial, None
        try:
            key = self.card_key()
        except Exception as exc:
            return serial, str(exc)
        if key is None or cardcode.serial_of(key, f"{serial}-{letters}") == serial:
            return serial, None  # without the key the serial alone is checked (it is printed)
        return serial, self.strings("check_letters_wrong", serial=serial, letters=letters)

    def _event_key(self) -> bytes | None:
        from bingo import cardcode

        return cardcode.load_key(self.art.config.event.title)

    def keyPressEvent(self, event) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.close_view()
            return
        super().keyPressEvent(event)

    def mousePressEvent(self, event) -> None:
        """A click outside the panel closes the check (a host with only a mouse)."""
        if not self._panel().contains(event.position()):
            self.close_view()
            return
        super().mousePressEvent(event)

    # ---------------------------------------------------------------- layout
    def _panel(self) -> QRectF:
        w, h = self.width(), self.height()
        return QRectF(w * 0.08, h * 0.07, w * 0.84, h * 0.86)

    def resizeEvent(self, event) -> None:
        panel = self._panel()
        h = self.height()
        self.input.setGeometry(
            round(panel.left() + panel.width() * 0.06),
            round(panel.top() + h * 0.12),
            round(panel.width() * 0.36),
            round(h * 0.08),
        )
        self._fit_input_font()
        close_h = round(h * 0.065)
        self.close_button.setGeometry(
            round(panel.left() + panel.width() * 0.06),
            round(panel.top() + h * 0.75),
            round(panel.width() * 0.16),
            close_h,
        )
        self.close_button.setStyleSheet(
            f"QPushButton {{ background: {self.highlight.name()}; color: #14101f;"
            f" font-weight: bold; font-size: {round(h * 0.032)}px;"
            f" border-radius: {round(h * 0.012)}px; }}"
        )
        self.input.setStyleSheet(
            f"QLineEdit {{ background: #0d0b1c; color: #ffffff; border: {FIELD_BORDER}px solid "
            f"{self.highlight.name()}; border-radius: {round(h * 0.015)}px; }}"
        )
        super().resizeEvent(event)

    def _fit_input_font(self) -> None:
        """The field shows a whole phone code ("No.0013-PMZEC", it showed "013-PMZEC") and what
        is typed: the font fits the wider of the two, down to the room's floor."""
        h = self.height()
        room = QRectF(0, 0, self.input.width() - FIELD_BORDER * 2 - FIELD_SLACK, h)
        text = max((FIELD_SAMPLE, self.input.text()), key=len)
        font = fit_font(text, room, h * 0.05, QFont.Weight.Black)
        floor = math.ceil(h * 0.026)
        if font.pixelSize() < floor:
            font.setPixelSize(floor)
        if font != self.input.font():
            self.input.setFont(font)

    # ---------------------------------------------------------------- painting
    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        h = self.height()
        p.fillRect(self.rect(), QColor(4, 3, 12, 215))
        panel = self._panel()
        p.setPen(QPen(self.highlight, max(2.0, h * 0.004)))
        p.setBrush(QColor("#17142e"))
        p.drawRoundedRect(panel, h * 0.03, h * 0.03)
        left = panel.left() + panel.width() * 0.06
        p.setPen(TEXT)
        p.setFont(ui_font(h * 0.045, QFont.Weight.Black))
        p.drawText(
            QRectF(left, panel.top() + h * 0.02, panel.width() * 0.5, h * 0.08),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            self.strings("check_title"),
        )
        p.setPen(TEXT_DIM)
        prompt = QRectF(left, panel.top() + h * 0.212, panel.width() * 0.37, h * 0.075)
        flags = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap
        p.setFont(wrapped_font(self.strings("check_prompt"), prompt, flags, h * 0.03, h * 0.026))
        p.drawText(prompt, flags, wrapped(self.strings("check_prompt"), flags))
        info = QRectF(left, panel.top() + h * 0.29, panel.width() * 0.36, h * 0.44)
        if self.result is not None:
            card_area = QRectF(
                panel.left() + panel.width() * 0.45,
                panel.top() + h * 0.04,
                panel.width() * 0.52,
                panel.height() - h * 0.08,
            )
            self._paint_card(p, card_area)
            self._paint_verdict(p, info)
        elif self.message:
            p.setPen(ACCENT_ERROR)
            box = QRectF(left, panel.top() + h * 0.3, panel.width() * 0.88, h * 0.3)
            p.setFont(wrapped_font(self.message, box, flags, h * 0.05, h * 0.03))
            p.drawText(box, flags, wrapped(self.message, flags))
        p.end()

    def _paint_verdict(self, p: QPainter, rect: QRectF) -> None:
        result = self.result
        h = self.height()
        verdict = self.strings(f"verdict_{result.verdict}")
        colour = QColor(VERDICT_COLOURS.get(result.verdict, "#ffffff"))
        serial = self.strings("card_serial", serial=result.card.serial)
        p.setPen(TEXT)
        p.setFont(ui_font(h * 0.05, QFont.Weight.Black))
        p.drawText(
            QRectF(rect.left(), rect.top(), rect.width(), h * 0.07),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            serial,
        )
        verdict_rect = QRectF(rect.left(), rect.top() + h * 0.075, rect.width(), h * 0.17)
        font = fit_font(verdict, verdict_rect, h * 0.15)
        draw_outlined_text(
            p,
            verdict_rect,
            verdict,
            font,
            colour,
            QColor("#14101f"),
            colour.darker(300),
            align=Qt.AlignmentFlag.AlignLeft,
        )
        cells = sum(1 for row in result.card.rows for _ in row)
        marked = sum(1 for row in result.marked for m in row if m)
        y = verdict_rect.bottom() + h * 0.01
        p.setPen(TEXT_DIM)
        p.setFont(ui_font(h * 0.035, QFont.Weight.Bold))
        p.drawText(
            QRectF(rect.left(), y, rect.width(), h * 0.05),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            self.strings("marked_count", marked=marked, cells=cells),
        )
        hint_box = QRectF(rect.left(), y + h * 0.055, rect.width(), h * 0.13)
        hint_flags = (
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap
        )
        if result.verdict == "bingo":
            ball = self.winner_ball(result.card.serial)
            hint = (
                self.strings("winner_hint")
                if ball is None
                else self.strings("winner_recorded_hint", ball=ball)
            )
            p.setPen(QColor(VERDICT_COLOURS["bingo"]))
            p.setFont(wrapped_font(hint, hint_box, hint_flags, h * 0.034, h * 0.026))
            p.drawText(hint_box, hint_flags, wrapped(hint, hint_flags))
        if result.verdict == "reach" and result.reach_numbers:
            numbers = ", ".join(str(n) for n in result.reach_numbers[:8])
            reach = self.strings("reach_numbers", numbers=numbers)
            p.setPen(QColor(VERDICT_COLOURS["reach"]))
            p.setFont(wrapped_font(reach, hint_box, hint_flags, h * 0.034, h * 0.026))
            p.drawText(hint_box, hint_flags, wrapped(reach, hint_flags))

    def _paint_card(self, p: QPainter, area: QRectF) -> None:
        result = self.result
        card = result.card
        size = card.size
        gap_ratio = 0.07
        cell = min(area.width(), area.height()) / (size + 0.8 + (size - 1) * gap_ratio)
        gap = cell * gap_ratio
        grid = cell * size + gap * (size - 1)
        header_h = cell * 0.8
        x0 = area.center().x() - grid / 2
        y0 = area.center().y() - (grid + header_h) / 2 + header_h
        c = round(cell)
        for col in range(size):
            p.drawPixmap(
                round(x0 + col * (cell + gap) + (cell - header_h) / 2),
                round(y0 - header_h),
                self.art.letter(col, round(header_h), round(header_h)),
            )
        rects = {}
        for r, row in enumerate(card.rows):
            for col, n in enumerate(row):
                rect = QRectF(x0 + col * (cell + gap), y0 + r * (cell + gap), cell, cell)
                rects[(r, col)] = rect
                if n is None:
                    p.setPen(Qt.PenStyle.NoPen)
                    p.setBrush(self.highlight.darker(150))
                    p.drawRoundedRect(rect, cell * 0.12, cell * 0.12)
                    p.setPen(TEXT)
                    p.setFont(ui_font(cell * 0.26, QFont.Weight.Black))
                    p.drawText(rect, Qt.AlignmentFlag.AlignCenter, "FREE")
                elif result.marked[r][col]:
                    p.drawPixmap(rect.topLeft(), self.art.cell(n, c, c, True))
                else:
                    p.drawPixmap(rect.topLeft(), self.art.cell(n, c, c, False))
        winning = result.winning_cells
        if winning:
            pen = QPen(QColor(VERDICT_COLOURS["bingo"]), max(3.0, cell * 0.07))
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            for rc in winning:
                rect = rects[rc]
                p.drawRoundedRect(
                    rect.adjusted(-gap * 0.3, -gap * 0.3, gap * 0.3, gap * 0.3),
                    cell * 0.14,
                    cell * 0.14,
                )
            # Bridge neighbouring winning cells so the group reads as one shape.
            for r, col in winning:
                for dr, dc in ((0, 1), (1, 0)):
                    if (r + dr, col + dc) in winning:
                        a, b = rects[(r, col)], rects[(r + dr, col + dc)]
                        if dc:
                            p.drawLine(
                                a.right() + gap * 0.3,
                                a.center().y() - cell * 0.25,
                                b.left() - gap * 0.3,
                                b.center().y() - cell * 0.25,
                            )
                            p.drawLine(
                                a.right() + gap * 0.3,
                                a.center().y() + cell * 0.25,
                                b.left() - gap * 0.3,
                                b.center().y() + cell * 0.25,
                            )
                        else:
                            p.drawLine(
                                a.center().x() - cell * 0.25,
                                a.bottom() + gap * 0.3,
                                b.center().x() - cell * 0.25,
                                b.top() - gap * 0.3,
                            )
                            p.drawLine(
                                a.center().x() + cell * 0.25,
                                a.bottom() + gap * 0.3,
                                b.center().x() + cell * 0.25,
                                b.top() - gap * 0.3,
                            )
