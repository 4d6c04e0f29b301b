"""The key help overlay (H or ?), with the winning shape for newcomers."""

from __future__ import annotations

import math

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QWidget

from bingo.ui.art import TEXT, draw_text, fit_block, text_fits, ui_font
from bingo.ui.winshape import paint_win_shape

KEYS = [
    ("Space / Enter", "key_draw"),
    ("Backspace / Ctrl+Z", "key_undo"),
    ("C", "key_check"),
    ("V / W", "key_claims_winners"),
    ("A", "key_auto"),
    ("+ / −", "key_speed"),
    ("S", "key_voice"),
    ("0-9 Enter / Backspace", "key_manual"),
    ("R", "key_new"),
    ("F11 / F", "key_full"),
    ("Esc", "key_esc"),
    ("H / ?", "key_help"),
    ("Ctrl+Q", "key_quit"),
]


SIDE_SHARES = (
    0.34,
    0.32,
    0.3,
    0.28,
    0.26,
    0.24,
    0.22,
)  # of the panel's width, for the shape and the QR code


class HelpOverlay(QWidget):
    """Lists the keys, with the winning shape (and the join code when serving) beside them; any
    key or click closes it. One font for every row, as large as lets every key and description
    (wrapped to two lines at most) fit whole."""

    closed = Signal()

    def __init__(self, strings, highlight: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.strings = strings
        self.highlight = QColor(highlight)
        self.art = None  # the window's ArtCache: the winning shape's colours and board
        self.join_wanted = False  # the join badge takes the side column's lower part
        self._side_share, self._share_size, self._px = SIDE_SHARES[0], (0, 0), 0.0
        # each size's side share and row font, worked out once (the projector and its tests
        # open the help at a few sizes, again and again)
        self._fitted: dict[tuple[int, int, bool], tuple[float, float]] = {}
        self._hardest = 0  # the row check that failed last: tried first at the next size
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

    def keyPressEvent(self, event) -> None:
        self.close_view()

    def mousePressEvent(self, event) -> None:
        self.close_view()

    # ---------------------------------------------------------------- layout
    def layout_rects(self) -> dict[str, QRectF]:
        w, h = self.width(), self.height()
        panel = QRectF(w * 0.03, h * 0.04, w * 0.94, h * 0.92)
        pad = h * 0.025
        title = QRectF(panel.left(), panel.top() + pad * 0.4, panel.width(), h * 0.07)
        body = QRectF(
            panel.left() + pad,
            title.bottom() + pad * 0.5,
            panel.width() - 2 * pad,
            panel.bottom() - title.bottom() - pad * 1.5,
        )
        share = self._side_share if self._share_size == (w, h) else SIDE_SHARES[0]
        side_w = min(body.width() * share, body.height() * 0.62) if self.art is not None else 0.0
        keys = QRectF(
            body.left(), body.top(), body.width() - side_w - (pad if side_w else 0), body.height()
        )
        side = QRectF(keys.right() + pad, body.top(), side_w, body.height())
        return {"panel": panel, "title": title, "keys": keys, "side": side}

    def side_areas(self) -> tuple[QRectF | None, QRectF]:
        """The join panel's square (when wanted) and the winning shape's box, in the side."""
        self.row_font_px()  # settles the side column's width for this size
        side = self.layout_rects()["side"]
        if not self.join_wanted:
            return None, side
        join = QRectF(
            side.left(), side.top() + side.height() * 0.45, side.width(), side.height() * 0.55
        )
        shape = QRectF(
            side.left(), side.top(), side.width(), join.top() - side.top() - side.height() * 0.03
        )
        return join, shape

    def _rows(self, keys: QRectF) -> list[tuple[QRectF, QRectF, str, str]]:
        row_h = keys.height() / max(1, len(KEYS))
        # the key column as wide as its longest key at the least size (the rest: descriptions)
        least = ui_font(self.height() * 0.026, QFont.Weight.Black)
        widest = max(QFontMetricsF(least).horizontalAdvance(names) for names, _ in KEYS)
        key_w = min(keys.width() * 0.45, widest + row_h * 0.84 * 0.4 + 4)
        rows = []
        for i, (names, text_key) in enumerate(KEYS):
            y = keys.top() + i * row_h
            key_rect = QRectF(keys.left(), y + row_h * 0.08, key_w, row_h * 0.84)
            text_rect = QRectF(
                key_rect.right() + keys.width() * 0.03,
                y,
                keys.right() - key_rect.right() - keys.width() * 0.03,
                row_h,
            )
            rows.append((key_rect, text_rect, names, self.strings(text_key)))
        return rows

    def row_font_px(self) -> float:
        """The one font size of the rows: the largest up to 4.2 % of the height that fits all.
        Long descriptions (English) narrow the side column until the rows read at 2.7 %."""
        size = (self.width(), self.height())
        if self._share_size == size:
            return self._px
        key = (size[0], size[1], self.art is not None)
        fitted = self._fitted.get(key)
        if fitted is not None:
            self._share_size = size
            self._side_share, self._px = fitted
            return self._px
        for share in SIDE_SHARES:
            self._side_share, self._share_size = share, size
            px = self._rows_px()
            if px >= math.ceil(self.height() * 0.025):  # whole pixels: 20 at 768, not 19
                break
        self._px = px
        if len(self._fitted) >= 64:  # a window dragged through many sizes
            self._fitted.clear()
        self._fitted[key] = (self._side_share, px)
        return px

    def _rows_px(self) -> float:
        keys = self.layout_rects()["keys"]
        rows = self._rows(keys)
        wrap = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextWordWrap
        # Each row's key and description, as (weight, box, text, flags): one font fits all of
        # them or the size is too large. The check that failed at the last size tried is tried
        # first (the same answer as in their order: the largest size they all fit, a few
        # measures a size instead of every row's).
        checks = []
        for k, t, n, text in rows:
            checks.append(
                (
                    QFont.Weight.Black,
                    k.adjusted(k.height() * 0.2, 0, -k.height() * 0.2, 0),
                    n,
                    Qt.AlignmentFlag.AlignCenter,
                )
            )
            checks.append((QFont.Weight.Bold, t, text, wrap))
        # whole pixels, as the font is drawn (ui_font rounds): the size tried is the size shown
        for px in range(round(self.height() * 0.042), 6, -1):
            fonts = {
                QFont.Weight.Black: ui_font(px, QFont.Weight.Black),
                QFont.Weight.Bold: ui_font(px, QFont.Weight.Bold),
            }
            first = min(self._hardest, len(checks) - 1)
            order = [first, *(i for i in range(len(checks)) if i != first)]
            failed = next(
                (
                    i
                    for i in order
                    if not text_fits(fonts[checks[i][0]], checks[i][1], checks[i][2], checks[i][3])
                ),
                None,
            )
            if failed is None:
                return float(px)
            self._hardest = failed
        return 6.0

    # ---------------------------------------------------------------- painting
    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        h = self.height()
        px = self.row_font_px()
        lay = self.layout_rects()
        p.fillRect(self.rect(), QColor(4, 3, 12, 225))
        panel = lay["panel"]
        p.setPen(QPen(self.highlight, max(2.0, h * 0.004)))
        p.setBrush(QColor("#17142e"))
        p.drawRoundedRect(panel, h * 0.03, h * 0.03)
        p.setPen(TEXT)
        title = self.strings("help_title")
        p.setFont(fit_block(title, lay["title"], h * 0.055, QFont.Weight.Black))
        draw_text(p, lay["title"], Qt.AlignmentFlag.AlignCenter, title)
        wrap = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextWordWrap
        for key_rect, text_rect, names, text in self._rows(lay["keys"]):
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(255, 255, 255, 22))
            p.drawRoundedRect(key_rect, key_rect.height() * 0.2, key_rect.height() * 0.2)
            p.setPen(self.highlight)
            p.setFont(ui_font(px, QFont.Weight.Black))
            inner = key_rect.adjusted(key_rect.height() * 0.2, 0, -key_rect.height() * 0.2, 0)
            draw_text(p, inner, Qt.AlignmentFlag.AlignCenter, names)
            p.setPen(TEXT)
            p.setFont(ui_font(px, QFont.Weight.Bold))
            draw_text(p, text_rect, wrap, text)
        if self.art is not None:
            _, shape = self.side_areas()
            paint_win_shape(p, shape, self.art, self.strings, self.height())
        p.end()
