"""Where everything goes on the projector window, relative to its size: the title bar, the reel
(and the curve under it), the board, the odds, the status line and the control bar; the
background painted once per size.

`DisplayLayout` is a part of `bingo.ui.display.DisplayWindow` (a mixin: it places the window's
panels and overlays).
"""

from __future__ import annotations

import math

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QWidget

from bingo.ui.art import new_pixmap, paint_background
from bingo.ui.display_keys import BUTTON_TEXT
from bingo.ui.display_overlays import WHOLE_WINDOW


class DisplayLayout:
    """The window's rectangles and the panels placed in them."""

    def _rects(self, idle: bool | None = None) -> dict[str, QRectF]:
        """Each panel's place; `idle`: as while the reel is idle or not (else as it is now)."""
        w, h = self.width(), self.height()
        m = h * 0.02
        top = h * 0.115
        # A board with many lines (8x8, 5x15 wrapped) takes room from the reel and the odds, so
        # its digits stay readable from the back of the room (benchmarks/board_digits.py).
        lines = self.board.lines
        wide = self.board.per_line > 12  # 13..15 numbers a line need the width
        left_w = w * (0.42 if lines <= 5 and not wide else 0.34)
        right_x = m + left_w + m
        right_w = w - right_x - m
        content_h = h * 0.935 - top
        board_h = content_h * min(0.64, 0.5 + 0.035 * max(0, lines - 4))
        reel_h = content_h
        curve = QRectF()
        if self.curve_view is not None:
            # The curve goes under the reel (the odds under the board keep the figures), except
            # while idle: then the reel's frame holds the join code and the winning shape.
            board_h = content_h * 0.6
            if not (self.reel.idle if idle is None else idle):
                reel_h = min(content_h * 0.6, left_w * 0.9)
                curve = QRectF(m, top + reel_h + m, left_w, content_h - reel_h - m)
        return {
            "title": QRectF(m * 1.5, m * 0.4, w - 3 * m, h * 0.1),
            "reel": QRectF(m, top, left_w, reel_h),
            "curve": curve,
            "board": QRectF(right_x, top, right_w, board_h),
            "odds": QRectF(right_x, top + board_h + m, right_w, content_h - board_h - m),
            "status": QRectF(m * 1.5, h * 0.945, w * 0.55, h * 0.045),
            "right": QRectF(right_x, top, right_w, content_h),  # announcements go here
            "controls": QRectF(w * 0.58, h * 0.945, w * 0.42 - m, h * 0.045),
        }

    def _status_rect(self) -> QRectF:
        return self._rects()["status"]

    def _place_panels(self, idle: bool | None = None) -> None:
        """The reel, the curve (when it has its own place), the board, the odds and the banner
        (`idle`: placed as while the reel is idle or not, else as it is now)."""
        r = self._rects(idle)
        self.reel.setGeometry(r["reel"].toAlignedRect())
        if self.curve_view is not None:
            self.curve_view.setGeometry(r["curve"].toAlignedRect())
            self.curve_view.setVisible(not r["curve"].isEmpty())
        self.board.setGeometry(r["board"].toAlignedRect())
        self.odds_panel.setGeometry(r["odds"].toAlignedRect())
        # over the curve, or the odds' lower half when the curve is a narrow column under the
        # reel: a toast reads in two lines at most (it took 3-4 in the narrow column)
        narrow = not r["curve"].isEmpty() and r["curve"].width() < r["odds"].width() * 0.8
        below = r["odds"] if r["curve"].isEmpty() or narrow else r["curve"]
        top_share = 0.44 if below is r["odds"] else 0.12
        self.banner.setGeometry(
            below.adjusted(
                below.width() * 0.04,
                below.height() * top_share,
                -below.width() * 0.04,
                -below.height() * 0.08,
            ).toAlignedRect()
        )

    def _draw_curve_ahead(self) -> None:
        """While the start screen stands still: the curve's panel, which comes back with the
        first spin, painted once off-screen at its size then, so its first frame on screen
        finds the fonts measured (its first paint took 14 ms of the spin's first frame)."""
        if self.curve_view is None or not self.reel.idle:
            return
        rect = self._rects(idle=False)["curve"].toAlignedRect()  # as CurveView gets it
        if rect.isEmpty():
            return
        pixmap = new_pixmap(rect.width(), rect.height(), self.devicePixelRatioF())
        p = QPainter(pixmap)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        self.odds_panel.paint_curve_in(p, QRectF(0, 0, rect.width(), rect.height()))
        p.end()

    def resizeEvent(self, event) -> None:
        r = self._rects()
        self.art.set_dpr(self.devicePixelRatioF())
        self._place_panels()
        controls = r["controls"]
        font_px = math.ceil(self.height() * BUTTON_TEXT)
        self.controls.restyle(max(font_px + 6, round(controls.height() * 0.92)), font_px)
        self.controls.adjustSize()
        size = self.controls.sizeHint()
        self.controls.setGeometry(
            round(controls.right() - size.width()),
            round(controls.center().y() - size.height() / 2),
            size.width(),
            size.height(),
        )
        for name in WHOLE_WINDOW:  # the overlays made so far (made later: then)
            if name in self._overlays:
                self._overlays[name].setGeometry(self.rect())
        self.confirm_overlay.setGeometry(self.rect())
        self.flash.setGeometry(r["right"].toAlignedRect())
        self._place_notice()
        self._update_background()
        super().resizeEvent(event)

    def _update_background(self) -> None:
        """The background, the title and the reel's frame are drawn afresh at their next paint
        (a new size, a new screen scaling, a config saved)."""
        self._title = None
        self._background = None
        self.reel.invalidate()

    def _keep_background(self) -> None:
        """The background as a picture of the window's size, which later frames copy. Made
        after the frame that painted it directly (the first, and the first after a resize):
        the picture's 8 MB at 1920x1080 are filled and copied once more than the window
        itself, about 10 ms before the show's first frame otherwise."""
        if self._background is not None:
            return
        self._background = new_pixmap(self.width(), self.height(), self.devicePixelRatioF())
        p = QPainter(self._background)
        self._paint_background_on(p)
        p.end()

    def _paint_background_on(self, p: QPainter) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        paint_background(p, QRectF(self.rect()), self.config)

    def _paint_background_behind(self, p: QPainter, widget: QWidget) -> None:
        p.translate(-widget.x(), -widget.y())
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        paint_background(p, QRectF(self.rect()), self.config)
