"""A plain window for any game's table (games.common.table.TableProtocol), painting only from
the table's `view(seat)` and its public vocabulary: the seats (the one to move marked), what the
seat sees (the view's observation, a line per field), one button per legal action of the
person to move, the CPUs' moves paced by a timer, the results and a button for the next game.

A game with no window of its own opens this one (the fourth game in tests/extra_games does);
the three card games have their own windows. It reads no engine.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from games.common.protocol import to_json
from games.common.table import Refused, TableProtocol

WORDS: Mapping[str, Mapping[str, str]] = {
    "ja": {"next": "次のゲーム", "place": "{n}位", "turn": "▶ "},
    "en": {"next": "Next game", "place": "#{n}", "turn": "▶ "},
}


class TableWindow(QWidget):
    """One table played in a window: `person` is the seat whose buttons show (the table's people
    play through them in turn); CPUs move every `cpu_ms` milliseconds."""

    def __init__(self, table: TableProtocol, title: str, *, cpu_ms: int = 400) -> None:
        super().__init__()
        self.table = table
        self.words = WORDS.get(table.language) or WORDS["ja"]
        self.setWindowTitle(title)
        layout = QVBoxLayout(self)
        self.seats = QLabel()
        self.seen = QLabel()
        self.notice = QLabel()
        self.buttons = QHBoxLayout()
        for widget in (self.seats, self.seen, self.notice):
            widget.setWordWrap(True)
            layout.addWidget(widget)
        layout.addLayout(self.buttons)
        self.timer = QTimer(self)
        self.timer.setInterval(cpu_ms)
        self.timer.timeout.connect(self._cpu_step)
        self.resize(560, 360)
        self.start()

    def start(self) -> None:
        self.table.start_game()
        self.refresh()

    def _cpu_step(self) -> None:
        if self.table.cpu_due:
            self.table.step_cpu()
        elif self.table.in_game and self.table.to_move is None:
            self.table.advance()
        self.refresh()

    def act(self, action: object) -> None:
        seat = self.table.to_move
        if seat is None:
            return
        try:
            self.table.act(seat, action)
        except Refused as error:
            self.notice.setText(error.text)
            return
        self.notice.setText("")
        self.refresh()

    def refresh(self) -> None:
        self._paint_seats()
        self._paint_view()
        self._clear_buttons()
        self._paint_actions()
        self._paint_results()
        self._pace_cpus()

    def _paint_seats(self) -> None:
        """The seats' names, the one to move marked."""
        table, to_move = self.table, self.table.to_move
        self.seats.setText(
            "\n".join(
                (self.words["turn"] if s == to_move else "   ") + str(name)
                for s, name in enumerate(table.names)
            )
        )

    def _paint_view(self) -> None:
        """What the person to move (else the first person) sees: a line per observed field."""
        table, to_move = self.table, self.table.to_move
        seat = to_move if to_move in table.people else min(table.people, default=None)
        seen = to_json(table.view(seat))
        observation = seen.get("observation") if isinstance(seen, dict) else seen
        lines = observation.items() if isinstance(observation, dict) else [("", observation)]
        self.seen.setText("\n".join(f"{k}: {v}" if k else str(v) for k, v in lines))

    def _clear_buttons(self) -> None:
        while self.buttons.count():
            item = self.buttons.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()

    def _paint_actions(self) -> None:
        """One button per legal action when a person is to move."""
        table, to_move = self.table, self.table.to_move
        if to_move is not None and to_move in table.people:
            for action in table.legal_actions(to_move):
                button = QPushButton(str(action))
                button.clicked.connect(lambda _=False, a=action: self.act(a))
                self.buttons.addWidget(button)

    def _paint_results(self) -> None:
        """After a game: each seat's place and the button for the next game."""
        table = self.table
        results = table.results()
        if not table.in_game and results is not None:
            places = [self.words["place"].format(n=p) if p else "—" for p in results.places]
            self.notice.setText(
                "  ".join(f"{n} {p}" for n, p in zip(table.names, places, strict=True))
            )
            again = QPushButton(self.words["next"])
            again.clicked.connect(self.start)
            self.buttons.addWidget(again)

    def _pace_cpus(self) -> None:
        """The CPU timer runs while a CPU is due or the table waits to advance."""
        table = self.table
        running = table.in_game and (table.cpu_due or table.to_move is None)
        if running and not self.timer.isActive():
            self.timer.start()
        elif not running:
            self.timer.stop()
