"""The winners' board (W): the confirmed winners in order, for handing out the prizes.

Each place shows its prize when `[event] prizes` names one, the card's serial and the ball at
which the card first had its bingo (not the ball at which it was confirmed). Places still to be
won are listed dimmed, so the room sees what is left.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from bingo.ui.art import TEXT, TEXT_DIM
from bingo.ui.controller import winner_ball
from bingo.ui.listpanel import Cell, ListPanel, cell_boxes


def first_bingo_ball(card, drawn: Sequence[int], threshold: int) -> int | None:
    """The ball (1-based) after which `card` first had a bingo with `drawn`, or None.

    Marks only grow as balls are drawn, so "has a bingo after k balls" is monotonic in k and a
    binary search over the prefixes finds the first.
    """
    from cards.check import BINGO, check_card

    def bingo_after(k: int) -> bool:
        return check_card(card, drawn[:k], threshold).verdict == BINGO

    drawn = list(drawn)
    if not drawn or not bingo_after(len(drawn)):
        return None
    low, high = 1, len(drawn)
    while low < high:
        middle = (low + high) // 2
        if bingo_after(middle):
            high = middle
        else:
            low = middle + 1
    return low


PRIZE_SHARE = 0.43  # of a row's width, when prizes are named
CHECK_SIZE = (1024, 768)  # the smallest projector a host meets: prizes must show whole there


def prize_problems(prizes: Sequence[str], size: tuple[int, int] = CHECK_SIZE) -> list[str]:
    """One line per prize that would not show whole on the winners' board at `size` (two lines
    at the smallest size the room reads, then "…"): `bingo check-config` calls this."""
    from PySide6.QtGui import QFont, QFontMetricsF

    from bingo.ui.art import ui_font
    from bingo.ui.listpanel import FLOOR_TEXT, row_rects

    _measuring_app()
    w, h = size
    rects, _more = row_rects(w, h, len(prizes))
    if not rects:
        return []
    cells = [Cell("", 0.10), Cell("", PRIZE_SHARE)]
    box = cell_boxes(rects[0], cells, h)[1]
    metrics = QFontMetricsF(ui_font(math.ceil(h * FLOOR_TEXT), QFont.Weight.Bold))
    problems = []
    for place, prize in enumerate(prizes, start=1):
        if fits_whole(prize, metrics, box):
            continue
        keep = max(n for n in range(len(prize) + 1) if fits_whole(prize[:n], metrics, box))
        problems.append(
            f"event.prizes: place {place} ({prize!r}, {len(prize)} characters) does not show whole "
            f"on the winners' board at {w}x{h} (it would end in …): shorten it to about {keep} "
            "characters"
        )
    return problems


def fits_whole(text: str, metrics, box) -> bool:
    """`text` is drawn whole in `box` (on one or two lines, no "…")."""
    from bingo.ui.listpanel import fit_lines

    return fit_lines(text, metrics, box).replace("\n", "") == text


def _measuring_app() -> None:
    """Font metrics need a Qt application: an offscreen one when the command has none."""
    from PySide6.QtWidgets import QApplication

    if QApplication.instance() is None:
        from eventkit.qtruntime import make_app

        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        make_app("bingo")


class WinnersBoard(ListPanel):
    """Place, prize, card and ball of each confirmed winner; any key or a click closes it."""

    def __init__(self, strings, highlight: str, prizes: Sequence[str], controller, parent: QWidget):
        super().__init__(highlight, parent)
        self.strings = strings
        self.prizes = tuple(prizes)
        self.controller = controller
        controller.winners_changed.connect(self.refresh)

    def title(self) -> str:
        return self.strings("board_winners_title")

    def footer(self) -> str:
        return self.strings("board_winners_footer")

    def more_text(self, hidden: int) -> str:
        return self.strings("board_more", n=hidden)

    def rows(self) -> list[list[Cell]]:
        s = self.strings
        winners = list(self.controller.session.winners)
        places = max(len(winners), len(self.prizes))
        if places == 0:
            return [[Cell(s("winners_none"), 1.0, TEXT_DIM)]]
        right = Qt.AlignmentFlag.AlignRight
        card_share, ball_share = (0.21, 0.26) if self.prizes else (0.38, 0.52)
        rows = []
        for place in range(1, places + 1):
            won = place <= len(winners)
            colour = TEXT if won else TEXT_DIM
            if won:
                w = winners[place - 1]
                card = s("board_card", serial=f"{w.serial:04d}")
                ball = s("board_ball", n=winner_ball(w))
            else:
                card, ball = s("board_open"), ""
            cells = [Cell(s("board_place", n=place), 0.10, self.highlight if won else TEXT_DIM)]
            if self.prizes:
                prize = self.prizes[place - 1] if place <= len(self.prizes) else ""
                cells.append(Cell(prize, PRIZE_SHARE, colour))
            cells.append(Cell(card, card_share, colour))
            cells.append(Cell(ball, ball_share, TEXT_DIM if not won else TEXT, right))
            rows.append(cells)
        return rows

    def keyPressEvent(self, event) -> None:
        self.close_view()

    def mousePressEvent(self, event) -> None:
        self.close_view()
