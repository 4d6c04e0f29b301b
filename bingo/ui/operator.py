"""The operator window: controls and the full statistics on the laptop screen.

It drives the same DrawController as the audience view and forwards its keys to it, so the host
can run the show from the laptop while the projector shows only the audience view. Its figures
are always those of the draw the audience sees. With a card registry it lists the cards with a
bingo and the confirmed winners; with one screen only it asks how to keep itself off the wall.
With the card tables (`bingo draw --serve --tables`) it has their host's controls too, in a
column of their own (bingo.ui.tables_panel): never over the draw.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QFont, QFontMetricsF, QKeyEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from bingo.ui.art import FONT_FAMILIES
from bingo.ui.controller import winner_ball
from bingo.ui.odds_panel import percent
from bingo.ui.overlays import ConfirmOverlay
from bingo.ui.phrases import keep_phrases
from eventkit.i18n import Texts

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
QFrame#single { background: #4a2a00; border: 2px solid #ffd23f; border-radius: 8px; }
QFrame#single QLabel { background: transparent; font-size: 15px; }
QPushButton#choice { background: #ffd23f; color: #14101f; font-weight: bold; }
QLineEdit:focus { border: 2px solid #ffd23f; }
"""

SIDE, AUDIENCE = "side", "audience"
HEADER_RESERVE = 18  # px of a header section that are not text: padding (4 + 4) and margins
HEADER_MAX_LINES = 3
TABLES_WIDTH = 420  # px the window grows by with the card tables' column


def wrap_label(text: str, width: float, metrics: QFontMetricsF) -> list[str]:
    """`text` in lines no wider than `width`: at spaces where it has them (English), else
    between any two characters (Japanese); a word too wide is broken between letters too."""
    words = text.split(" ") if " " in text else list(text)
    joiner = " " if " " in text else ""
    lines: list[str] = []
    line = ""
    for word in words:
        candidate = f"{line}{joiner}{word}" if line else word
        if metrics.horizontalAdvance(candidate) <= width or not line:
            line = candidate
        else:
            lines.append(line)
            line = word
        while metrics.horizontalAdvance(line) > width and len(line) > 1:  # a word too wide
            cut = len(line) - 1
            while cut > 1 and metrics.horizontalAdvance(line[:cut]) > width:
                cut -= 1
            lines.append(line[:cut])
            line = line[cut:]
    lines.append(line)
    return lines


class WrappedHeaderLabels:
    """Keeps a table's column headers whole: each label is wrapped to its section's width (up
    to three lines, the font a little smaller if even that is not enough) and the header is made
    as tall as the tallest label. Stretched sections change with the window, so it refits."""

    def __init__(self, table: QTableWidget) -> None:
        self.table = table
        self.header = table.horizontalHeader()
        self.labels = [table.horizontalHeaderItem(i).text() for i in range(table.columnCount())]
        self.base_font = QFont(self.header.font())
        self.header.sectionResized.connect(lambda *_: QTimer.singleShot(0, self.fit))
        self.header.geometriesChanged.connect(lambda: QTimer.singleShot(0, self.fit))

    def wrapped_in(self, font: QFont) -> list[list[str]]:
        metrics = QFontMetricsF(font)
        return [
            wrap_label(label, self.header.sectionSize(i) - HEADER_RESERVE, metrics)
            for i, label in enumerate(self.labels)
        ]

    def fit(self) -> None:
        font = QFont(self.base_font)
        lines = self.wrapped_in(font)
        while max(len(x) for x in lines) > HEADER_MAX_LINES and font.pointSizeF() > 7:
            font.setPointSizeF(font.pointSizeF() - 0.5)
            lines = self.wrapped_in(font)
        if self.header.font() != font:
            self.header.setFont(font)
        for i, label_lines in enumerate(lines):
            item = self.table.horizontalHeaderItem(i)
            if item.text() != "\n".join(label_lines):  # (a change re-lays the header out)
                item.setText("\n".join(label_lines))
        spacing = QFontMetricsF(font).lineSpacing()
        height = round(max(len(x) for x in lines) * spacing + 14)
        if self.header.height() != height:
            self.header.setFixedHeight(height)


def plain_text_labels(widget: QWidget) -> None:
    """Every label of `widget` shows its text as typed: guests' and hosts' texts (names, prizes,
    claims, titles) never as rich text (a name `<img src=...>` put a file from the laptop's disk
    on screen). Qt guesses rich text from a '<' otherwise."""
    for label in widget.findChildren(QLabel):
        label.setTextFormat(Qt.TextFormat.PlainText)


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

        left = self._left_column(display, s)
        middle = self._middle_column(display, s)
        right = self._right_column(display, s)
        self._build_single_screen_box(s)
        columns = QHBoxLayout()
        columns.addLayout(left, 3)
        columns.addLayout(middle, 2)
        columns.addLayout(right, 5)
        self.columns = columns
        self.tables_panel = None  # the card tables' host controls (add_tables_panel)
        layout = QVBoxLayout(self)
        layout.addWidget(self.single_screen_box)
        layout.addLayout(columns, 1)
        self.confirm_overlay = ConfirmOverlay(s, display.config.display.slot_frame_color, self)
        self._connect_signals(display)

        for message in display.warnings:
            self.add_log(s("log_warn", message=message))
        if display.banner_text:
            self.add_log(s("log_info", message=display.banner_text))
        self.resize(1100, 640)
        plain_text_labels(self)
        self.refresh()
        self.refresh_winners()
        self._tables_if_served(display)

    def _tables_if_served(self, display) -> None:
        """`bingo draw --serve --tables`: the show keeps the card tables' server (a ServerProcess
        of `<journal>.tables` among the audience window's children: bingo.ui.webserver's
        tables_process); their column comes once the projector's first frame is out (its
        module and QtNetwork take ~0.1 s to load, which the show's start does not wait for)."""
        webserver = sys.modules.get("bingo.ui.webserver")
        if webserver is None:  # not serving: the supervisor was never imported
            return
        from bingo.serve_lock import tables_lock_path  # (loaded with the supervisor)

        for process in display.findChildren(webserver.ServerProcess):
            if process.lock_path == tables_lock_path(process.journal):
                from bingo.ui.first_frame import after_first_frame

                after_first_frame(display, lambda j=process.journal: self.add_tables_panel(j))
                return

    def add_tables_panel(self, journal):
        """The card tables' host controls (the tables' server of `journal`), a column of this
        window, which grows by its width."""
        from bingo.ui.tables_panel import TablesPanel

        if self.tables_panel is not None:
            return self.tables_panel
        panel = TablesPanel(journal, self.strings, self.strings.language, self)
        self.columns.addWidget(panel, 4)
        self.tables_panel = panel
        screen = self.screen()
        room = screen.availableGeometry().width() if screen is not None else 1 << 16
        self.resize(min(self.width() + TABLES_WIDTH, max(self.width(), room)), self.height())
        return panel

    def _left_column(self, display, s: Texts) -> QVBoxLayout:
        """The last number, the buttons, the card check and the winners."""
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
            "winners": display.winners_board.toggle,  # the winners' board on the projector
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
        # Only a click or C puts the cursor here, so Space / A / R drive the show from the start.
        self.serial = QLineEdit()
        self.serial.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.serial.setPlaceholderText(s("check_prompt"))
        self.serial.returnPressed.connect(self.check_serial)
        self.serial.installEventFilter(self)
        self.winner_button = QPushButton(s("op_confirm_winner"))
        self.winner_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.winner_button.clicked.connect(self.confirm_winner)
        self.winners = QListWidget()  # in the order of their place; a click chooses one
        self.winners.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.winners.setMaximumHeight(120)
        self.winners.itemSelectionChanged.connect(self._update_remove_button)
        self.remove_button = QPushButton(s("op_remove_winner"))  # asks first (journaled)
        self.remove_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.remove_button.clicked.connect(self.remove_winner)

        left = QVBoxLayout()
        left.addWidget(self.last_label)
        left.addWidget(self.count_label)
        left.addLayout(grid)
        left.addWidget(QLabel(s("check_title")))
        left.addWidget(self.serial)
        if display.card_registry is not None:  # winners are confirmed by a card check
            left.addWidget(self.winner_button)
            left.addWidget(QLabel(s("winners_title")))
            left.addWidget(self.winners)
            left.addWidget(self.remove_button)
        left.addStretch(1)
        return left

    def _middle_column(self, display, s: Texts) -> QVBoxLayout:
        """The draw's history and the registered cards with a bingo."""
        self.history = QListWidget()
        self.history.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.bingo_cards = QListWidget()
        self.bingo_cards.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.bingo_cards.setMaximumHeight(150)
        self.bingo_cards.itemDoubleClicked.connect(
            lambda item: self.check_serial(item.data(Qt.ItemDataRole.UserRole))
        )
        middle = QVBoxLayout()
        middle.addWidget(QLabel(s("op_history")))
        middle.addWidget(self.history)
        if display.card_registry is not None:
            middle.addWidget(QLabel(s("op_bingo_cards")))
            middle.addWidget(self.bingo_cards)
        return middle

    def _right_column(self, display, s: Texts) -> QVBoxLayout:
        """The figures, the odds per column, the registry, the journal, its audit code and the log."""
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
        self.header_labels = WrappedHeaderLabels(self.table)  # whole however narrow the column
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
        return right

    def _build_single_screen_box(self, s: Texts) -> None:
        """The question asked when only one screen is found: which side this window takes."""
        self.single_screen_box = QFrame()
        self.single_screen_box.setObjectName("single")
        box = QVBoxLayout(self.single_screen_box)
        message = QLabel(keep_phrases(s("single_screen")))  # wraps between phrases
        message.setWordWrap(True)
        box.addWidget(message)
        choices = QHBoxLayout()
        self.choice_buttons: dict[str, QPushButton] = {}
        for choice, label in ((SIDE, "single_side"), (AUDIENCE, "single_audience")):
            button = QPushButton(s(label))
            button.setObjectName("choice")
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(lambda _=False, c=choice: self.choose_layout(c))
            choices.addWidget(button)
            self.choice_buttons[choice] = button
        box.addLayout(choices)
        self.single_screen_box.hide()
        self.single_screen = False

    def _connect_signals(self, display) -> None:
        """The controller's and the show's signals to this window."""
        c = self.controller
        c.revealed_changed.connect(self.refresh)
        c.spin_started.connect(self._on_spin)
        c.notice.connect(lambda text, level: self.add_log(f"[{level}] {text}"))
        c.auto_changed.connect(self.buttons["auto"].setChecked)
        c.spin_started.connect(lambda _n, _i: self.refresh_journal())
        c.winners_changed.connect(self.refresh_journal)
        c.winners_changed.connect(self.refresh_winners)
        # The audience's figures, when the audience gets them (not the prefetched next draw's).
        display.odds_shown.connect(lambda _result: self.refresh_stats())
        display.odds.state_changed.connect(lambda _state: self.refresh_stats())
        display.bingo_alert.connect(self._on_bingo_alert)
        display.full_screen_left.connect(self._on_full_screen_left)

    # ---------------------------------------------------------------- actions
    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.setFocus()

    def focus_serial(self) -> None:
        self.serial.setFocus()
        self.serial.selectAll()

    def check_serial(self, text: str | None = None) -> None:
        """Show the card on the audience view; Enter again on a bingo records the winner."""
        text = self.serial.text() if text is None else text
        self.serial.setText(text)
        view = self.display.card_view
        if not view.isVisible():
            self.display.open_card_check()
        view.input.setText(text)
        view.submit(text)
        self.serial.selectAll()
        self._update_winner_button()

    def confirm_winner(self) -> None:
        result = self.display.card_view.result
        if result is not None and result.verdict == "bingo":
            self.display._confirm_winner(result.card.serial)
        self._update_winner_button()

    def _update_winner_button(self) -> None:
        view = self.display.made("card_view")  # (one not made is not open: not made here)
        result = view.result if view is not None and view.isVisible() else None
        self.winner_button.setEnabled(
            result is not None
            and result.verdict == "bingo"
            and self.controller.winner_of(result.card.serial) is None
        )

    def add_log(self, text: str) -> None:
        self.log.appendPlainText(text)

    def eventFilter(self, watched, event) -> bool:
        """Esc in the card number field gives the keys back to the show."""
        if (
            watched is self.serial
            and event.type() == event.Type.KeyPress
            and event.key() == Qt.Key.Key_Escape
        ):
            self.display.card_view.close_view()
            self._update_winner_button()
            self.setFocus()
            return True
        return super().eventFilter(watched, event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_C and not self.display.card_view.isVisible():
            self.focus_serial()
            return
        if event.key() == Qt.Key.Key_Escape and self.display.card_view.isVisible():
            self.display.card_view.close_view()
            self._update_winner_button()
            return
        if not self.display.handle_key(event):
            super().keyPressEvent(event)

    # ---------------------------------------------------------------- one screen only
    def offer_single_screen_choice(self) -> None:
        """Say that this window would be on the projector too, and let the host choose."""
        self.single_screen = True
        self.single_screen_box.show()
        self.choose_layout(SIDE)

    def choose_layout(self, choice: str) -> None:
        """SIDE: both windows side by side, the audience view in a window (drag it to the
        projector if it is a separate screen). AUDIENCE: the audience view alone in full screen,
        this window minimised; leaving full screen (Esc) brings it back."""
        display = self.display
        if choice == AUDIENCE:
            self.showMinimized()
            display.enter_full_screen()
            display.activateWindow()
            return
        if display.isFullScreen():
            display.leave_full_screen()
        screen = display.screen() or self.screen()
        if screen is not None:
            area = screen.availableGeometry()
            split = round(area.width() * 0.6)
            display.setGeometry(area.x(), area.y(), split, round(split * 9 / 16))
            self.setGeometry(area.x() + split, area.y(), area.width() - split, area.height())
        display.show()
        self.showNormal()

    def _on_full_screen_left(self) -> None:
        if self.single_screen and self.isMinimized():
            self.showNormal()
            self.raise_()
            self.activateWindow()

    def closeEvent(self, event) -> None:
        if self.tables_panel is not None:
            self.tables_panel.stop()
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
        winners = self.controller.ranked_winners()
        if winners:
            listed = ", ".join(s("winner_line", serial=w.serial, n=winner_ball(w)) for w in winners)
            lines.append(f"{s('winners_title')}: {listed}")
        self.audit_label.setText("\n".join(lines))
        self.journal_label.setText(s("op_journal", path=session.journal_path))

    def refresh_stats(self) -> None:
        s = self.strings
        config = self.display.config
        revealed = self.controller.revealed
        result = self.display.odds_panel.result
        if result is not None and result.drawn != frozenset(revealed):
            result = None  # figures of another draw are never shown as this one's
        stats = result.stats if result is not None else None
        per_column = [0] * config.board.size
        for n in revealed:
            per_column[config.board.column_of(n)] += 1
        figures = self.display.odds_panel.figures()
        cards = config.event.cards_in_play
        joint = "" if s.language == "ja" else " "  # the tiles' two lines as one ("a card has")
        lines = [
            f"{s('p_bingo_now').replace(chr(10), joint)}: {figures[0]}",
            f"{s('p_any_next', cards=cards).replace(chr(10), joint)}: {figures[1]}",
            f"{s('expected_next').replace(chr(10), joint)}: {figures[2]}",
        ]
        if stats is not None:
            lines.append(f"{s('op_next_bingo')}: {percent(stats.p_bingo_next)}")
        curve = self.display.odds_panel.curve
        bingos = getattr(curve, "bingo_cards", 0)  # a registry's curve is to its next bingo
        if curve is not None and bingos == 0:
            lines.append(s("expected_first", t=curve.expected_first_bingo))
        elif curve is not None and curve.milestone <= curve.cards:
            lines.append(s("expected_next_bingo", n=curve.milestone, t=curve.expected_first_bingo))
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
        registry = result.registry if result is not None else None
        if registry is not None:
            self.bingo_cards.clear()
            for serial in registry.bingo_serials:
                ball = self.controller.winner_of(serial)
                text = f"No.{serial:04d}" + (f"  ★ {ball}" if ball is not None else "")
                item = QListWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, str(serial))
                self.bingo_cards.addItem(item)

    def _on_bingo_alert(self, serials, ball: int) -> None:
        names = ", ".join(f"No.{serial:04d}" for serial in serials)
        said = self.strings("op_new_bingo", ball=ball, serials=names)
        self.add_log(self.strings("log_bingo", message=said))

    def refresh_winners(self) -> None:
        self.winners.clear()
        lines = self.display.winners_lines()
        for line, winner in zip(lines, self.controller.ranked_winners(), strict=True):
            item = QListWidgetItem(line)
            item.setData(Qt.ItemDataRole.UserRole, winner.serial)
            self.winners.addItem(item)
        if not lines:
            self.winners.addItem(self.strings("winners_none"))
        self._update_winner_button()
        self._update_remove_button()
        self.refresh_stats()

    def chosen_winner(self) -> int | None:
        """The serial of the winner chosen in the list, or None."""
        items = self.winners.selectedItems()
        serial = items[0].data(Qt.ItemDataRole.UserRole) if items else None
        return serial if isinstance(serial, int) else None

    def remove_winner(self) -> None:
        """Take the chosen winner back (the controller asks first and journals it)."""
        serial = self.chosen_winner()
        if serial is not None:
            self.controller.remove_winner(serial)

    def _update_remove_button(self) -> None:
        self.remove_button.setEnabled(self.chosen_winner() is not None)
