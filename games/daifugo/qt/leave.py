"""The question asked over the table when its window is closed mid-game: leave and pay the
penalty, or play on. A child widget, not a dialog: it blocks nothing, so a close from code
(Ctrl+C's handler, tests) never waits on it, and it goes away with the table. It reads the
session and the texts to say what leaving costs, and answers through `answered`."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from eventkit import theme
from eventkit.i18n import Texts
from games.daifugo.table import TableSession


def leave_question(session: TableSession, texts: Texts, seat: int) -> str:
    """Exactly what leaving now costs and forfeits."""
    if session.is_out(seat):
        obs = session.view(seat).observation  # what the seat sees, as its phone would
        finished = obs.finished if obs is not None else ()
        place = finished.index(seat) + 1 if seat in finished else session.num_players
        text = texts("leave_after_out", place=place)
        if session.is_leading(seat):
            text += texts("leave_prize_passes", n=session.prize)
        return text
    return texts("leave_question", n=session.leave_cost(seat), fee=session.fee_of(seat))


class LeavePanel(QWidget):
    """A dimmed layer with the question and two buttons; `answered(True)` = leave."""

    answered = Signal(bool)

    def __init__(self, parent: QWidget, texts: Texts) -> None:
        super().__init__(parent)
        self.texts = texts
        outer = QVBoxLayout(self)
        outer.setAlignment(Qt.AlignmentFlag.AlignCenter)
        panel = QFrame(self)
        panel.setObjectName("panel")
        panel.setFixedWidth(560)
        panel.setStyleSheet(
            f"QFrame#panel {{ background: rgba(14, 34, 24, 245); border: 3px solid {theme.GOLD};"
            " border-radius: 16px; }"
            f"QLabel {{ color: {theme.TEXT}; font-size: 18px; background: transparent; }}"
            f"QPushButton {{ font-size: 18px; font-weight: bold; color: {theme.BUTTON_TEXT};"
            f" background: {theme.GOLD}; border: 2px solid {theme.BUTTON_BORDER};"
            " border-radius: 10px; padding: 8px 20px; }"
        )
        outer.addWidget(panel)
        box = QVBoxLayout(panel)
        box.setContentsMargins(28, 22, 28, 20)
        # every widget gets its parent at once (no parentless layouts handing ownership around)
        self.label = QLabel(panel)
        self.label.setWordWrap(True)
        box.addWidget(self.label)
        row = QHBoxLayout()
        box.addLayout(row)
        row.addStretch(1)
        self.leave_button = QPushButton(texts("leave", n=0), panel)
        self.stay_button = QPushButton(texts("stay"), panel)
        for button in (self.leave_button, self.stay_button):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            row.addWidget(button)
        self.leave_button.clicked.connect(lambda: self.answer(True))
        self.stay_button.clicked.connect(lambda: self.answer(False))
        self.hide()

    def ask(self, session: TableSession, seat: int) -> None:
        """Ask `seat`'s person, naming what leaving `session`'s game now costs."""
        cost = session.leave_cost(seat)
        t = self.texts
        self.label.setText(leave_question(session, t, seat))
        self.leave_button.setText(t("leave", n=cost) if cost else t("leave_free"))
        table = self.parentWidget()
        assert table is not None  # made with the table as its parent
        self.setGeometry(table.rect())
        self.show()
        self.raise_()

    def text(self) -> str:
        return self.label.text()

    def answer(self, leave: bool) -> None:
        if self.isVisible():
            self.hide()
            self.answered.emit(leave)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        event.accept()  # the table below gets no clicks while the question is up

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.fillRect(self.rect(), QColor(0, 0, 0, 150))
        p.end()
