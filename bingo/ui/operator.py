"""The operator window: controls and the full statistics on the laptop screen.

It drives the same DrawController as the audience view and forwards its keys to it, so the host
can run the show from the laptop while the projector shows only the audience view.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QKeyEvent
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from bingo.ui.art import FONT_FAMILIES
from bingo.ui.odds import percent

STYLE = """
QWidget { background: #14122a; color: #f4f2ff; }
QPushButton { background: #2a2650; border: 1px solid #4a4580; border-radius: 6px;
              padding: 8px 14px; font-size: 15px; }
QPushButton:hover { background: #3a3570; }
QPushButton:checked { background: #ffd23f; color: #14101f; }
QPushButton#draw { background: #ffb300; color: #14101f; font-size: 22px; font-weight: bold; }
QListWidget, QTableWidget, QPlainTextEdit, QLineEdit { background: #0d0b1c;
              border: 1px solid #3a3570; border-radius: 4px; }
QHeaderView::section { background: #2a2650; color: #f4f2ff; border: none; padding: 4px; }
QLabel#big { font-size: 64px; font-weight: 900; }
QLabel#dim { color: #a9a3c9; }
QLabel#audit { font-size: 18px; font-weight: bold; color: #ffd23f; }
"""


class OperatorWindow(QWidget):
    """Buttons, history, per-column statistics, registry counts and warnings."""

    def __init__(self, display, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.display = display
        self.controller = display.controller
        s = self.strings = display.strings
        self.setWindowTitle(f"{display.config.event.title} — {s('operator_title')}")
        font = QFont()
        font.setFamilies(FONT_FAMILIES)
        self.setFont(font)
        self.setStyleSheet(STYLE)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

        self.last_label = QLabel("—")
        self.last_label.setObjectName("big")
        self.last_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.count_label = QLabel()
        self.count_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.buttons: dict[str, QPushButton] = {}
        actions = {
            "draw": self.controller.draw,
            "undo": self.controller.undo,
            "check": self.focus_serial,
            "auto": self.controller.toggle_auto,
            "new": self.controller.new_game,
            "full": display.toggle_full_screen,
            "help": display.open_help,
        }
        grid = QGridLayout()
        for i, (key, action) in enumerate(actions.items()):
            button = QPushButton(s(f"btn_{key}"))
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(action)
            if key == "draw":
                button.setObjectName("draw")
                button.setMinimumHeight(70)
                grid.addWidget(button, 0, 0, 1, 3)
            else:
                grid.addWidget(button, 1 + (i - 1) // 3, (i - 1) % 3)
            if key == "auto":
                button.setCheckable(True)
            self.buttons[key] = button
        self.serial = QLineEdit()
        self.serial.setPlaceholderText(s("check_prompt"))
        self.serial.returnPressed.connect(self.check_serial)

        left = QVBoxLayout()
        left.addWidget(self.last_label)
        left.addWidget(self.count_label)
        left.addLayout(grid)
        left.addWidget(QLabel(s("check_title")))
        left.addWidget(self.serial)
        left.addStretch(1)

        self.history = QListWidget()
        self.history.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        middle = QVBoxLayout()
        middle.addWidget(QLabel(s("op_history")))
        middle.addWidget(self.history)

        self.figures = QLabel()
        self.figures.setWordWrap(True)
        self.table = QTableWidget(display.config.board.size, 6)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.setHorizontalHeaderLabels(
            [
                s("op_column"),
                s("op_drawn"),
                s("op_p_column"),
                s("op_p_bingo_after"),
                s("op_expected"),
                s("op_p_any"),
            ]
        )
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.setMaximumHeight(60 + 34 * display.config.board.size)
        self.registry_label = QLabel()
        self.journal_label = QLabel(s("op_journal", path=display.controller.session.journal_path))
        self.journal_label.setObjectName("dim")
        self.journal_label.setWordWrap(True)
        self.audit_label = QLabel()  # the chain head's code: a photo of it pins the sequence
        self.audit_label.setObjectName("audit")
        self.audit_label.setWordWrap(True)
        self.audit_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.log = QPlainTextEdit()
        self.log.setReadOnly(True)
        self.log.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.log.setMaximumHeight(140)
        right = QVBoxLayout()
        right.addWidget(QLabel(s("op_stats")))
        right.addWidget(self.figures)
        right.addWidget(self.table)
        right.addWidget(self.registry_label)
        right.addWidget(self.journal_label)
        right.addWidget(self.audit_label)
        right.addWidget(self.log)

        layout = QHBoxLayout(self)
        layout.addLayout(left, 3)
        layout.addLayout(middle, 2)
        layout.addLayout(right, 5)

        c = self.controller
        c.revealed_changed.connect(self.refresh)
        c.spin_started.connect(self._on_spin)
        c.notice.connect(lambda text, level: self.add_log(f"[{level}] {text}"))
        c.auto_changed.connect(self.buttons["auto"].setChecked)
        c.spin_started.connect(lambda _n, _i: self.refresh_journal())
        c.winners_changed.connect(self.refresh_journal)
        display.odds.result_ready.connect(lambda _result: self.refresh_stats())
        display.odds.state_changed.connect(lambda _state: self.refresh_stats())
        for message in display.warnings:
            self.add_log(f"[warn] {message}")
        if display.banner_text:
            self.add_log(f"[info] {display.banner_text}")
        self.resize(1100, 640)
        self.refresh()

    # ---------------------------------------------------------------- actions
    def focus_serial(self) -> None:
        self.serial.setFocus()
        self.serial.selectAll()

    def check_serial(self) -> None:
        """Show the typed card on the audience view."""
        self.display.open_card_check()
        self.display.card_view.input.setText(self.serial.text())
        self.display.card_view.check(self.serial.text())
        self.serial.selectAll()

    def add_log(self, text: str) -> None:
        self.log.appendPlainText(text)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt API)
        if event.key() == Qt.Key.Key_C and not self.display.card_view.isVisible():
            self.focus_serial()
            return
        if event.key() == Qt.Key.Key_Escape and self.display.card_view.isVisible():
            self.display.card_view.close_view()
            return
        if not self.display.handle_key(event):
            super().keyPressEvent(event)

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt API)
        if self.display.isVisible():
            self.display.close()
        super().closeEvent(event)

    # ---------------------------------------------------------------- updates
    def _on_spin(self, number: int, index: int) -> None:
        # The operator sees the number at once (it is already journaled).
        self.last_label.setText(self._name(number))
        self.count_label.setText(self.strings("draw_no", n=index))

    def _name(self, number: int) -> str:
        config = self.display.config
        return f"{config.columns.names[config.board.column_of(number)]} {number}"

    def refresh(self) -> None:
        revealed = self.controller.revealed
        session = self.controller.session
        self.last_label.setText(self._name(revealed[-1]) if revealed else "—")
        total = session.total
        self.count_label.setText(
            f"{len(revealed)} / {total}   " + self.strings("op_remaining", n=total - len(revealed))
        )
        self.history.clear()
        for i, n in reversed(list(enumerate(revealed, start=1))):
            self.history.addItem(f"{i:>3}.  {self._name(n)}")
        self.refresh_stats()
        self.refresh_journal()

    def refresh_journal(self) -> None:
        """Audit code of the journal's head, the rehearsal mark and the confirmed winners."""
        s = self.strings
        session = self.controller.session
        lines = [s("audit_code", code=session.audit_code)]
        if session.rehearsal:
            lines.insert(0, s("rehearsal_mark"))
        winners = session.winners
        if winners:
            listed = ", ".join(s("winner_line", serial=w.serial, n=w.draw_count) for w in winners)
            lines.append(f"{s('winners_title')}: {listed}")
        self.audit_label.setText("\n".join(lines))
        self.journal_label.setText(s("op_journal", path=session.journal_path))

    def refresh_stats(self) -> None:
        s = self.strings
        result = self.display.odds_panel.result
        stats = result.stats if result is not None else None
        config = self.display.config
        revealed = self.controller.revealed
        per_column = [0] * config.board.size
        for n in revealed:
            per_column[config.board.column_of(n)] += 1
        figures = self.display.odds_panel.figures()
        cards = config.event.cards_in_play
        lines = [
            f"{s('p_bingo_now').replace(chr(10), '')}: {figures[0]}",
            f"{s('p_any_next', cards=cards).replace(chr(10), '')}: {figures[1]}",
            f"{s('expected_next').replace(chr(10), '')}: {figures[2]}",
        ]
        if stats is not None:
            lines.append(f"{s('op_next_bingo')}: {percent(stats.p_bingo_next)}")
        curve = self.display.odds_panel.curve
        if curve is not None:
            lines.append(s("expected_first", t=curve.expected_first_bingo))
        self.figures.setText("\n".join(lines))
        for column in range(config.board.size):
            values = [
                config.columns.names[column],
                f"{per_column[column]} / {config.board.numbers_per_column}",
            ]
            if stats is not None and column < len(stats.by_column):
                col = stats.by_column[column]
                values += [
                    percent(col.p_column),
                    percent(col.p_bingo_after),
                    f"{col.expected_new_bingos:.2f}",
                    percent(col.p_any_new_bingo),
                ]
            else:
                values += ["—"] * 4
            for j, value in enumerate(values):
                item = QTableWidgetItem(value)
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.table.setItem(column, j, item)
        self.registry_label.setText(self.display.odds_panel.registry_text())
