"""The host's and the room's messages on the projector window: the status line (auto mode, a
notice), the pill over the board for a notice too long for it, and the banner for the room.

`Notices` is a part of `bingo.ui.display.DisplayWindow` (a mixin: it uses the window's
controller, layout and Banner overlays).
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QPainter

from bingo.ui.art import ACCENT_ERROR, TEXT, TEXT_DIM, draw_text, text_fits, ui_font

NOTICE_COLOURS = {"info": TEXT, "warn": QColor("#ffd23f"), "error": ACCENT_ERROR}
# A notice too long for the status line is shown whole in a pill of its level's colour.
NOTICE_PILLS = {
    "info": QColor(244, 242, 255, 235),
    "warn": QColor(255, 210, 63, 240),
    "error": QColor(255, 138, 150, 245),
}


class Notices:
    """The status line, the notice pill and the banner."""

    def _build_notices(self) -> None:
        """No notice or banner yet, and the timers that clear them."""
        self._notice = ("", "info")
        self._banner = ""
        self._notice_timer = QTimer(self)
        self._notice_timer.setSingleShot(True)
        self._notice_timer.timeout.connect(self._clear_notice)
        self._banner_timer = QTimer(self)
        self._banner_timer.setSingleShot(True)
        self._banner_timer.timeout.connect(self._clear_banner)

    # ---------------------------------------------------------------- notices
    def show_notice(self, text: str, level: str = "info", ms: int = 5000) -> None:
        self._notice = (text, level)
        self._notice_timer.start(ms)
        self._place_notice()
        self.update(self._status_rect().toAlignedRect())

    def _clear_notice(self) -> None:
        self._notice = ("", "info")
        self._place_notice()
        self.update(self._status_rect().toAlignedRect())

    def auto_text(self) -> str:
        """Auto mode on the status line: its pace, or why it waits (claims to check)."""
        held = self.controller.hold()
        return held or self.strings("auto_on", seconds=self.controller.auto_seconds)

    def status_line(self) -> tuple[str, str]:
        """The status line's text (auto mode, the notice) and the notice's level."""
        parts = []
        if self.controller.auto:
            parts.append("● " + self.auto_text())
        text, level = self._notice
        if text:
            parts.append(text)
        return "   ".join(parts), level

    def _status_font(self) -> QFont:
        return ui_font(self._status_rect().height() * 0.58, QFont.Weight.Bold)

    def _status_text_rect(self) -> QRectF:
        status = QRectF(self._status_rect())
        if getattr(self.controller.session, "rehearsal", False):
            status.setRight(self.rehearsal_rect().left() - status.height() * 0.5)
        else:
            status.setRight(self.controls.geometry().left() - status.height() * 0.5)
        return status

    def notice_in_pill(self) -> bool:
        """A notice that does not fit whole on the status line goes into the pill."""
        text = self.status_line()[0]
        flags = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        return bool(self._notice[0]) and not text_fits(
            self._status_font(), self._status_text_rect(), text, flags
        )

    def auto_in_pill(self) -> bool:
        """Auto mode's line (its pace, or why it waits) does not fit whole left of the rehearsal
        badge and the control bar: it goes into the pill, never under the badge."""
        if not self.controller.auto:
            return False
        flags = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        line = "● " + self.auto_text()
        return not text_fits(self._status_font(), self._status_text_rect(), line, flags)

    def pill_text(self) -> str:
        """What the pill over the board says: the lines too long for the status line."""
        lines = ["● " + self.auto_text()] if self.auto_in_pill() else []
        if self._notice[0] and self.notice_in_pill():
            lines.append(self._notice[0].replace(" — ", " - "))
        return "\n".join(lines)

    def refresh_status(self) -> None:
        """Auto mode's line changed (a claim came or was checked): the status line and the pill."""
        self._place_notice()
        self.update(self._status_rect().toAlignedRect())

    def _place_notice(self) -> None:
        """Over the board's lower part, clear of the reel; whole, wrapped if need be."""
        level = self._notice[1] if self._notice[0] else "info"
        text = self.pill_text()
        if not text:
            self.notice_pill.set_text("")
            return
        self.notice_pill.colour = NOTICE_PILLS.get(level, NOTICE_PILLS["info"])
        board = self._rects()["board"]
        h = self.height()
        pill_h = h * 0.16
        self.notice_pill.setGeometry(
            QRectF(
                board.left() + board.width() * 0.03,
                board.bottom() - pill_h - h * 0.015,
                board.width() * 0.94,
                pill_h,
            ).toAlignedRect()
        )
        self.notice_pill.set_text(text)
        self.notice_pill.stackUnder(self.flash)  # a bingo flash stays in front

    def show_banner(self, text: str, ms: int = 12000) -> None:
        """A message for the room over the odds curve, clear of the reel and the recent numbers."""
        self._banner = text
        self.banner.set_text(text)
        self._banner_timer.start(ms)

    def _clear_banner(self) -> None:
        self._banner = ""
        self.banner.set_text("")

    @property
    def notice_text(self) -> str:
        return self._notice[0]

    @property
    def banner_text(self) -> str:
        return self._banner

    def _paint_status(self, p: QPainter) -> None:
        """The status line's text: what is not in the pill."""
        text, level = self.status_line()
        if self.notice_in_pill():  # the notice is whole in its pill; auto mode stays here
            text = "● " + self.auto_text() if self.controller.auto else ""
        if self.auto_in_pill():  # auto mode's line too is in the pill, whole
            text = text.replace("● " + self.auto_text(), "").strip()
        if text:
            p.setPen(NOTICE_COLOURS.get(level, TEXT) if self._notice[0] else TEXT_DIM)
            p.setFont(self._status_font())
            draw_text(
                p,
                self._status_text_rect(),
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                text,
            )
