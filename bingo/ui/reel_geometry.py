"""Where the slot reel's parts sit: the frame (one landed number and a sliver of each
neighbour; the whole column while idle), the caption above it, a number's picture size and the
idle frame's join panel and winning shape.

`ReelGeometry` is a part of `bingo.ui.reel.SlotReel` (a mixin: it reads the reel's size, window
and what it shows).
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize

# The frame is this many numbers high: the landed one whole, a fifth of each neighbour.
WINDOW_ITEMS = 1.5


class ReelGeometry:
    """The reel's layout at its size (or at another: the size it spins at)."""

    def _layout(self, size: QSize | None = None) -> dict[str, QRectF]:
        """The frame holds one landed number and a sliver of its neighbours (so the drawn one is
        never in doubt); while idle (nothing drawn) it takes the whole column for the join code
        and the winning shape. The caption sits on the frame; the two are centred together.
        `size`: the layout at another size of the widget (the size it spins at)."""
        size = size or self.size()
        w, h = size.width(), size.height()
        screen_h = self.window().height() if self.window() is not self else h
        caption_h = max(h * 0.12, min(screen_h * 0.07, h * 0.2))
        frame_w = max(4.0, h * 0.035)
        glow = h * 0.012
        avail_h = h - caption_h - 2 * frame_w - 2 * glow
        avail_w = w - 2 * frame_w - 2 * glow
        item_h = max(1.0, min(avail_h / WINDOW_ITEMS, w * 0.84 / 1.85, avail_w * 0.98 / 1.85))
        item_w = item_h * 1.85
        window_w = min(avail_w, item_w + item_h * 0.5)
        window_h = avail_h if self.idle else item_h * WINDOW_ITEMS
        top = (h - caption_h - window_h - 2 * frame_w - 2 * glow) / 2
        caption = QRectF(0, top, w, caption_h)
        window = QRectF((w - window_w) / 2, caption.bottom() + frame_w + glow, window_w, window_h)
        frame = window.adjusted(-frame_w, -frame_w, frame_w, frame_w)
        return {
            "caption": caption,
            "window": window,
            "frame": frame,
            "item": QRectF(0, 0, item_w, item_h),
            "frame_w": QRectF(0, 0, frame_w, 0),
        }

    @property
    def idle(self) -> bool:
        """Nothing drawn yet and no spin: the frame shows how to join and how to win."""
        return not self._strip and self._target is None

    def window_rect(self) -> QRectF:
        """The inside of the frame (where the numbers and the idle panels are)."""
        return self._layout()["window"]

    def landed_rect(self) -> QRectF:
        """Where the landed number and its column letter are drawn, in this widget."""
        letter_w, h, _ = self._item_size()
        window = self._layout()["window"]
        pair_w = letter_w + h * 1.04
        return QRectF(window.center().x() - pair_w / 2, window.center().y() - h / 2, pair_w, h)

    def idle_areas(self) -> tuple[QRectF | None, QRectF]:
        """While idle: the join panel's square (when `join_wanted`) and the winning shape's box,
        side by side in a wide frame, one above the other in a tall one."""
        window = self._layout()["window"].adjusted(6, 6, -6, -6)
        if not self.join_wanted:
            return None, window
        gap = window.height() * 0.03
        if window.width() >= window.height():
            join = QRectF(
                window.left(), window.top(), (window.width() - gap) * 0.6, window.height()
            )
            rest = QRectF(
                join.right() + gap,
                window.top(),
                window.right() - join.right() - gap,
                window.height(),
            )
            return join, rest
        join = QRectF(window.left(), window.top(), window.width(), (window.height() - gap) * 0.6)
        rest = QRectF(
            window.left(),
            join.bottom() + gap,
            window.width(),
            window.bottom() - join.bottom() - gap,
        )
        return join, rest

    def _item_size(self, size: QSize | None = None) -> tuple[int, int, int]:
        item = self._layout(size)["item"]
        h = round(item.height())
        letter_w = round(h * 0.78)
        return letter_w, h, round(item.width())
