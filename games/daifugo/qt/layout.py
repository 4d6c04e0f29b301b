"""Where everything sits on the Daifugō table, from the window's size (no widgets, no state).

Every length is a part of the height `u` (1 % of it) or of the width, so the table reads the
same on a 1024x768 projector, a 1280x720 laptop and a 1920x1080 screen; the opponents share the
top band, the field and the status sit in the middle, your hand and the buttons at the bottom.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRectF

from games.common.qt.painter import CARD_ASPECT
from games.common.qt.textfit import MIN_TEXT


@dataclass(frozen=True)
class Sizes:
    """Text sizes in pixels for one window height."""

    floor: float  # the smallest text anywhere
    header: float
    small: float
    seat_name: float
    seat_info: float
    status: float
    title: float
    row: float
    button: float

    @classmethod
    def for_height(cls, height: float) -> Sizes:
        u = height / 100
        floor = MIN_TEXT * height
        return cls(
            floor=floor,
            header=3.3 * u,
            small=max(floor, 2.7 * u),
            seat_name=3.1 * u,
            seat_info=2.9 * u,
            status=3.2 * u,
            title=4.6 * u,
            row=3.2 * u,
            button=3.4 * u,
        )


class TableLayout:
    """The rectangles of one table size with `players` seats (seat 0 is the person's)."""

    def __init__(self, width: float, height: float, players: int) -> None:
        self.w = float(width)
        self.h = float(height)
        self.u = self.h / 100
        self.players = players
        self.text = Sizes.for_height(self.h)

    # ------------------------------------------------------------ the top band
    def header(self) -> QRectF:
        return QRectF(2 * self.u, 0.8 * self.u, self.w - 4 * self.u, 4.6 * self.u)

    def header_text(self) -> QRectF:
        """The title, rule set, room and stake, left of the 「ルール」 button."""
        rect = self.header()
        return QRectF(
            rect.left(), rect.top(), self.rules_button().left() - 2 * self.u, rect.height()
        )

    def chips(self) -> QRectF:
        rect = self.header()
        left = self.rules_button().right() + 1.5 * self.u
        return QRectF(left, rect.top(), rect.right() - left, rect.height())

    def rules_button(self) -> QRectF:
        """The seed's 「ルール」 button, in the header between the room and your chips."""
        width = 15 * self.u
        return QRectF(self.w * 0.76 - width, 0.9 * self.u, width, 4.4 * self.u)

    def rules_line(self) -> QRectF:
        """The room's special rules, across the table under the header (two lines on a narrow
        screen)."""
        return QRectF(2 * self.u, 5.6 * self.u, self.w - 4 * self.u, 5.4 * self.u)

    def seat_panels(self) -> dict[int, QRectF]:
        """Opponent panels, clockwise from the left (seat 1) to the right (seat n-1)."""
        count = self.players - 1
        margin = 1.5 * self.u
        gap = 1.2 * self.u
        width = min(36 * self.u, (self.w - 2 * margin - gap * (count - 1)) / count)
        total = width * count + gap * (count - 1)
        x0 = (self.w - total) / 2
        rects = {}
        for k in range(count):
            frac = (k + 0.5) / count
            y = 11.6 * self.u + 3 * self.u * (2 * frac - 1) ** 2
            rects[k + 1] = QRectF(x0 + k * (width + gap), y, width, 20.4 * self.u)
        return rects

    # ------------------------------------------------------------ the middle
    def indicators(self, count: int) -> list[QRectF]:
        """The rule pills (革命, 11バック, しばり ...) down the left side."""
        width = min(0.2 * self.w, 22 * self.u)
        return [
            QRectF(1.5 * self.u, 37 * self.u + i * 5.6 * self.u, width, 4.8 * self.u)
            for i in range(count)
        ]

    def field_centre(self) -> tuple[float, float]:
        return self.w / 2, 45.6 * self.u

    def field_card_width(self) -> float:
        return self.card_width() * 1.05

    def field_label(self) -> QRectF:
        cx, cy = self.field_centre()
        ch = self.field_card_width() * CARD_ASPECT
        return QRectF(cx - 0.25 * self.w, cy + ch / 2 + 0.6 * self.u, 0.5 * self.w, 4 * self.u)

    def status_lines(self) -> tuple[QRectF, QRectF]:
        """The prompt and, under it, the card-passing note."""
        left = 0.16 * self.w
        first = QRectF(left, 61.5 * self.u, self.w - 2 * left, 5.2 * self.u)
        return first, first.translated(0, 5.8 * self.u)

    # ------------------------------------------------------------ the bottom
    def card_width(self) -> float:
        return min(0.105 * self.w, 13.5 * self.u)

    def buttons(self) -> tuple[QRectF, QRectF]:
        """出す and パス at the bottom right."""
        bw, bh = max(15 * self.u, 0.11 * self.w), 7.2 * self.u
        gap = 1.2 * self.u
        y = self.h - bh - 2 * self.u
        pass_rect = QRectF(self.w - bw - 2 * self.u, y, bw, bh)
        play_rect = QRectF(pass_rect.left() - gap - bw, y, bw, bh)
        return play_rect, pass_rect

    def hand_area(self) -> QRectF:
        """Where the hand fans, left of the buttons."""
        right = self.buttons()[0].left() - 2 * self.u
        return QRectF(2 * self.u, 0, right - 2 * self.u, self.h)

    def hand(self, n: int, selected: set[int]) -> list[QRectF]:
        if n == 0:
            return []
        cw = self.card_width()
        ch = cw * CARD_ASPECT
        area = self.hand_area()
        step = min(cw * 0.72, (area.width() - cw) / max(1, n - 1))
        total = step * (n - 1) + cw
        x0 = area.left() + (area.width() - total) / 2
        base_y = self.h - ch - 3 * self.u
        rects = []
        for i in range(n):
            off = (i - (n - 1) / 2) / max(1, n)
            lift = 3 * self.u if i in selected else 0
            y = base_y + 7 * self.u * off * off - lift
            rects.append(QRectF(x0 + i * step, y, cw, ch))
        return rects

    def hand_labels(self) -> tuple[QRectF, QRectF]:
        """Your name, then your title and state, in two lines over 出す and パス: beside the
        hand, never under its raised cards nor the prompt and the card-passing note (above
        the hand a raised card reached them on a 1280x720 screen)."""
        play, pass_ = self.buttons()
        left, right = play.left(), pass_.right()
        line = 4.4 * self.u
        info = QRectF(left, play.top() - 1.2 * self.u - line, right - left, line)
        return info.translated(0, -line - 0.4 * self.u), info

    def results(self, rows: int) -> QRectF:
        w = min(0.62 * self.w, 84 * self.u)
        h = 10 * self.u + 5.4 * self.u * rows + 4 * self.u
        return QRectF((self.w - w) / 2, 11 * self.u, w, h)

    def caption(self) -> QRectF:
        """An event's caption (8切り, 革命 ...) under the field, so the cards stay in view."""
        return QRectF(0.12 * self.w, 56.5 * self.u, 0.76 * self.w, 13 * self.u)
