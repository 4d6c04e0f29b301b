"""The claims list on the projector, for a host with a mouse and one screen (no operator window).

It lists every claim still waiting for a check, oldest first, each with a check button; a check
shows the card to the room (the card check view) and sends the verdict to the phone, and the
list comes back when the card check is closed while claims still wait. V checks the oldest.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton, QWidget

from bingo.ui.art import TEXT_DIM
from bingo.ui.listpanel import Cell, ListPanel


class ClaimsOverlay(ListPanel):
    """The pending claims with a check button each; Esc or the close button closes it."""

    def __init__(self, strings, highlight: str, parent: QWidget) -> None:
        super().__init__(highlight, parent)
        self.strings = strings
        self.desk = None  # a weblink.ClaimDesk, once the show has one
        self.check_buttons: list[QPushButton] = []
        self.close_button = QPushButton(strings("claims_close"), self)
        self.close_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.close_button.clicked.connect(self.close_view)
        self._back_after_check = False

    def attach(self, desk) -> None:
        self.desk = desk
        desk.changed.connect(self.refresh)
        card_view = desk.window.card_view
        card_view.closed.connect(self._after_card_check)

    def pending(self) -> list[dict]:
        return self.desk.pending() if self.desk is not None else []

    # ---------------------------------------------------------------- what to show
    def title(self) -> str:
        return self.strings("claims_title", n=len(self.pending()))

    def footer(self) -> str:
        return self.strings("claims_footer")

    def more_text(self, hidden: int) -> str:
        return self.strings("board_more", n=hidden)

    def footer_reserve(self) -> float:
        return self.panel().width() * 0.2 + self.height() * 0.05  # the close button and a gap

    def rows(self) -> list[list[Cell]]:
        from bingo.ui.weblink import _local_time, claim_ball

        pending = self.pending()
        if not pending:
            return [[Cell(self.strings("claims_none"), 1.0, TEXT_DIM)]]
        rows = []
        for i, claim in enumerate(pending, start=1):
            ball = claim_ball(claim)
            rows.append(
                [
                    Cell(f"{i}", 0.08, self.highlight),
                    Cell(self.strings("board_card", serial=f"{claim['serial']:04d}"), 0.26),
                    Cell(self.strings("claims_ball", n=ball if ball is not None else "?"), 0.26),
                    Cell(_local_time(str(claim.get("time", ""))), 0.18, TEXT_DIM),
                    Cell("", 0.22),  # the check button
                ]
            )
        return rows

    # ---------------------------------------------------------------- buttons
    def _layout_children(self) -> None:
        h = self.height()
        if h <= 0:
            return
        pending = self.pending()
        rects, more = self.row_rects(len(pending)) if pending else ([], False)
        listed = rects[:-1] if more else rects
        while len(self.check_buttons) < len(listed):
            button = QPushButton(self.strings("claims_check"), self)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setCursor(Qt.CursorShape.PointingHandCursor)
            index = len(self.check_buttons)
            button.clicked.connect(lambda _=False, i=index: self.check(i))
            self.check_buttons.append(button)
        style = (
            f"QPushButton {{ background: {self.highlight.name()}; color: #14101f;"
            f" font-weight: bold; font-size: {max(10, round(h * 0.032))}px;"
            f" border-radius: {round(h * 0.012)}px; }}"
        )
        for i, button in enumerate(self.check_buttons):
            if i < len(listed):
                rect = listed[i]
                width = rect.width() * 0.2
                button.setGeometry(
                    round(rect.right() - width),
                    round(rect.top() + rect.height() * 0.12),
                    round(width),
                    round(rect.height() * 0.76),
                )
                button.setStyleSheet(style)
                button.show()
            else:
                button.hide()
        panel = self.panel()
        self.close_button.setStyleSheet(style)
        self.close_button.setGeometry(
            round(panel.right() - panel.width() * 0.2 - h * 0.03),
            round(panel.bottom() - h * 0.08),
            round(panel.width() * 0.2),
            round(h * 0.06),
        )

    def check(self, index: int) -> None:
        """Check the `index`-th pending claim: the card check shows it to the room."""
        pending = self.pending()
        if self.desk is None or not 0 <= index < len(pending):
            return
        self._back_after_check = True
        self.hide()
        if self.desk.check_next(pending[index]) is None:  # nothing to show (no registry)
            self._back_after_check = False
            self.open()

    def _after_card_check(self) -> None:
        if self._back_after_check:
            self._back_after_check = False
            if self.pending():
                self.open()

    def keyPressEvent(self, event) -> None:
        if event.key() == Qt.Key.Key_V and self.pending():
            self.check(0)
            return
        self.close_view()
