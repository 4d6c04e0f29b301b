"""The winners' board (W): the confirmed winners in order, for handing out the prizes.

Winners are ranked by the ball at which their card first had its bingo (not the ball at which it
was confirmed, nor the order they were checked): cards with the same ball share a place (1位,
1位, then 3位) and say 同着; `[event] tie_prizes` says which prizes a tie gets (the session's
`rank_winners`). Each place shows its prize when `[event] prizes` names one, the card's serial
and the ball of its bingo. Places still to be won are listed dimmed, so the room sees what is
left. ↑ / ↓ choose a winner (a click on its row too) and Delete (or the button) takes it back
after one question (the controller's `remove_winner`, journaled).
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter, QPen
from PySide6.QtWidgets import QPushButton, QWidget

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

    from bingo.config_texts import say
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
        problems.append(  # in the config's language (bingo.config_texts)
            say(
                "prize_wide",
                place=place,
                prize=repr(prize),
                count=len(prize),
                w=w,
                h=h,
                keep=keep,
            )
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


REMOVE_KEYS = (Qt.Key.Key_Delete, Qt.Key.Key_Backspace)  # (a Mac's delete key is Backspace)


class WinnersBoard(ListPanel):
    """Place, prize, card and ball of each confirmed winner, ranked by the ball of the bingo.
    ↑ / ↓ (or a click on a row) choose a winner, Delete or the button takes it back (asks
    first); any other key, or a click beside the rows, closes it."""

    def __init__(self, strings, highlight: str, prizes: Sequence[str], controller, parent: QWidget):
        super().__init__(highlight, parent)
        self.strings = strings
        self.prizes = tuple(prizes)
        self.controller = controller
        self.selected: int | None = None  # the chosen winner (its index in `ranked`)
        self.remove_button = QPushButton(strings("board_remove"), self)
        self.remove_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.remove_button.setCursor(Qt.CursorShape.PointingHandCursor)
        self.remove_button.clicked.connect(self.remove_selected)
        self.remove_button.hide()
        controller.winners_changed.connect(self.refresh)

    def ranked(self) -> list:
        """The session's ranking (RankedWinner: place, tie, prizes), with this board's prizes."""
        session = self.controller.session
        return list(session.ranked_winners(len(self.prizes)))

    def open(self) -> None:
        self.selected = None
        super().open()

    def refresh(self) -> None:
        if self.selected is not None and self.selected >= self.selectable():
            self.selected = None
        super().refresh()

    def title(self) -> str:
        return self.strings("board_winners_title")

    def footer(self) -> str:
        ranked = self.ranked()
        if not ranked:
            return self.strings("board_winners_footer")
        if self.selected is not None and self.selected < len(ranked):
            serial = f"{ranked[self.selected].serial:04d}"
            return self.strings("board_winners_footer_chosen", serial=serial)
        return self.strings("board_winners_footer_choose")

    def footer_reserve(self) -> float:
        if self.selected is None:
            return super().footer_reserve()
        return self.panel().width() * 0.2 + self.height() * 0.05  # the button and a gap

    def more_text(self, hidden: int) -> str:
        return self.strings("board_more", n=hidden)

    def rows(self) -> list[list[Cell]]:
        s = self.strings
        ranked = self.ranked()
        places = max(len(ranked), len(self.prizes))
        if places == 0:
            return [[Cell(s("winners_none"), 1.0, TEXT_DIM)]]
        right = Qt.AlignmentFlag.AlignRight
        card_share, ball_share = (0.21, 0.26) if self.prizes else (0.38, 0.52)
        rows = []
        for index, r in enumerate(ranked):
            ball = winner_ball(r.winner)
            if not r.tied:
                ball_text = s("board_ball", n=ball)
            else:
                ball_text = s("board_tie_janken" if r.janken else "board_tie", n=ball)
            cells = [Cell(s("board_place", n=r.place), 0.10, self.highlight)]
            if self.prizes:
                within = index - next(i for i, o in enumerate(ranked) if o.place == r.place)
                prize = ""  # a janken tie's k-th row shows the k-th prize it plays for
                if r.janken and within < len(r.prizes):
                    prize = self.prizes[r.prizes[within]]
                elif r.prizes and not r.janken:
                    prize = self.prizes[r.prizes[0]]
                cells.append(Cell(prize, PRIZE_SHARE))
            cells.append(Cell(s("board_card", serial=f"{r.serial:04d}"), card_share))
            cells.append(Cell(ball_text, ball_share, TEXT, right))
            rows.append(cells)
        for place in range(len(ranked) + 1, places + 1):  # still to be won
            cells = [Cell(s("board_place", n=place), 0.10, TEXT_DIM)]
            if self.prizes:
                prize = self.prizes[place - 1] if place <= len(self.prizes) else ""
                cells.append(Cell(prize, PRIZE_SHARE, TEXT_DIM))
            cells.append(Cell(s("board_open"), card_share, TEXT_DIM))
            cells.append(Cell("", ball_share, TEXT_DIM, right))
            rows.append(cells)
        return rows

    # ---------------------------------------------------------------- choosing and removing
    def selectable(self) -> int:
        """How many winners can be chosen: those listed (not summed up in "+N more")."""
        ranked = self.ranked()
        if not ranked:
            return 0
        rects, more = self.row_rects(len(self.rows()))
        listed = len(rects) - 1 if more else len(rects)
        return min(len(ranked), listed)

    def select(self, index: int | None) -> None:
        self.selected = index
        self.refresh()

    def remove_selected(self) -> None:
        """Take the chosen winner back, after the controller's question."""
        ranked = self.ranked()
        if self.selected is None or self.selected >= len(ranked):
            return
        serial = ranked[self.selected].serial
        if self.controller.remove_winner(serial):
            self.selected = None
        self.refresh()
        if self.isVisible():
            self.setFocus()

    def _layout_children(self) -> None:
        h = self.height()
        if h <= 0 or self.selected is None:
            self.remove_button.hide()
            return
        panel = self.panel()
        self.remove_button.setStyleSheet(
            f"QPushButton {{ background: {self.highlight.name()}; color: #14101f;"
            f" font-weight: bold; font-size: {max(10, round(h * 0.032))}px;"
            f" border-radius: {round(h * 0.012)}px; }}"
        )
        self.remove_button.setGeometry(
            round(panel.right() - panel.width() * 0.2 - h * 0.03),
            round(panel.bottom() - h * 0.08),
            round(panel.width() * 0.2),
            round(h * 0.06),
        )
        self.remove_button.show()

    def keyPressEvent(self, event) -> None:
        key, count = event.key(), self.selectable()
        if key in (Qt.Key.Key_Up, Qt.Key.Key_Down) and count:
            if self.selected is None:
                self.select(0 if key == Qt.Key.Key_Down else count - 1)
            else:
                step = 1 if key == Qt.Key.Key_Down else -1
                self.select(min(count - 1, max(0, self.selected + step)))
            return
        if key in REMOVE_KEYS and self.selected is not None:
            self.remove_selected()
            return
        self.close_view()

    def mousePressEvent(self, event) -> None:
        rects, _more = self.row_rects(len(self.rows()))
        point = event.position()
        for index, rect in enumerate(rects[: self.selectable()]):
            if rect.contains(point):  # a click on a winner's row chooses it
                self.select(None if self.selected == index else index)
                return
        self.close_view()

    def paintEvent(self, event) -> None:
        super().paintEvent(event)
        if self.selected is None:
            return
        rects, _more = self.row_rects(len(self.rows()))
        if self.selected >= len(rects):
            return
        h = self.height()
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setPen(QPen(self.highlight, max(3.0, h * 0.005)))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(rects[self.selected], h * 0.01, h * 0.01)
        p.end()
