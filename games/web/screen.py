"""The laptop's window of `games serve`: the rooms, the join QR code and address, and the public
table of the room it follows (Qt). Nothing secret: it listens as a token-less connection, which
the hub sends only public messages (games.web.screen_text turns them into lines).

The hub runs in the server's loop in another thread; its messages reach this window through a
Qt signal (queued into the GUI thread), and the window's buttons go back with `serve.call`.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Literal, NotRequired, Protocol, TypedDict

from PySide6.QtCore import QElapsedTimer, QObject, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QKeySequence, QPainter, QShortcut
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from eventkit.screen import open_on_screen, toggle_full_screen
from eventkit.web.qr import QUIET_ZONE, qr_modules
from games.web.board import board_lines
from games.web.hub import Connection, Hub
from games.web.messages import Board, LobbyRoom, Message, Results, RuleSet, Table
from games.web.screen_text import (
    public_table,
    results_lines,
    room_lines,
    rule_set_line,
    rule_set_names,
    texts,
)
from games.web.server import GamesServer


class Plan(Protocol):
    @property
    def language(self) -> str: ...

    @property
    def url(self) -> str: ...


class Serve(Protocol):
    """What the window uses of `games serve` (games.web.command.Serve, which opens it)."""

    @property
    def plan(self) -> Plan: ...

    @property
    def hub(self) -> Hub: ...

    @property
    def server(self) -> GamesServer: ...

    def call(self, fn: Callable[..., object], *args: object) -> None: ...


class Released(TypedDict):
    """The window's own message: the name given back and its new code, or why not (`text`)."""

    type: Literal["released"]
    name: str
    code: NotRequired[str]
    text: NotRequired[str]


STYLE = """
QWidget#screen { background: #0f3d2e; }
QLabel { color: #f4f1e8; }
QFrame#room { background: #1d5c46; border-radius: 10px; }
QFrame#room[following="true"] { border: 3px solid #ffb300; }
QFrame#table { background: #145238; border-radius: 14px; }
QFrame#seat { background: #1d5c46; border-radius: 10px; border: 3px solid #1d5c46; }
QFrame#seat[to_move="true"] { border-color: #ffb300; }
QWidget#holder { background: transparent; }
QPushButton { font-size: 18px; padding: 6px 14px; border-radius: 8px; background: #e8e2cf; }
QPushButton:checked { background: #ffb300; font-weight: bold; }
"""


class Feed(QObject):
    """The hub's `send` for the window: called in the server's thread, delivered in Qt's."""

    message = Signal(object)

    def deliver(self, message: Message | Released) -> None:
        self.message.emit(message)


class QrCode(QWidget):
    """The join address as a QR code, square, dark on white, with its quiet zone."""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.modules = qr_modules(text)
        self.setMinimumSize(180, 180)

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        side = min(self.width(), self.height())
        n = len(self.modules) + 2 * QUIET_ZONE
        cell = side / n
        x0 = (self.width() - side) / 2
        p.fillRect(QRectF(x0, 0, side, side), QColor("#ffffff"))
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#14101f"))
        for r, row in enumerate(self.modules):
            for c, dark in enumerate(row):
                if dark:
                    x = x0 + (c + QUIET_ZONE) * cell
                    p.drawRect(QRectF(x, (r + QUIET_ZONE) * cell, cell + 0.5, cell + 0.5))
        p.end()


def _label(text: str = "", size: int = 18, bold: bool = False, wrap: bool = True) -> QLabel:
    """A label of plain text: guests' names are shown as typed, never read as HTML."""
    label = QLabel()
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setText(text)
    font = QFont()
    font.setPixelSize(size)
    font.setBold(bold)
    label.setFont(font)
    label.setWordWrap(wrap)
    return label


class RoomScreen(QWidget):
    """Rooms on the left under the QR code; the followed room's public table on the right."""

    def __init__(self, serve: Serve) -> None:
        super().__init__()
        self.serve = serve
        self.language = serve.plan.language
        self.tx = texts(self.language)
        self.rooms: list[LobbyRoom] = []
        self.boards: list[Board] = []  # the lobby's high-score boards
        self.following: str | None = None
        self.chosen = False  # the host clicked a room: follow it, not the first game on
        self.table: Table | None = None
        self.results: Results | None = None
        self.connection: Connection | None = None
        self.setObjectName("screen")
        self.setStyleSheet(STYLE)
        self.setWindowTitle("games serve")
        self.resize(1280, 720)
        self._build(serve.plan.url)
        self.feed = Feed(self)
        self.feed.message.connect(self.on_message)
        serve.call(self._connect)
        self._normal = None
        self.lobby_age = QElapsedTimer()  # since the last lobby message (held seats count down)
        self.lobby_age.start()
        self.countdown = QTimer(self)
        self.countdown.setInterval(1000)
        self.countdown.timeout.connect(self._paint_rooms)
        QShortcut(QKeySequence(Qt.Key.Key_F11), self, self._toggle_full_screen)

    def _toggle_full_screen(self) -> None:
        self._normal = toggle_full_screen(self, self._normal)

    def _connect(self) -> None:  # in the server's loop
        self.connection = self.serve.hub.connect(None, self.feed.deliver)

    def _build(self, url: str) -> None:
        outer = QHBoxLayout(self)
        left = QVBoxLayout()
        left.addWidget(_label(self.tx("join"), 30, True))
        self.qr = QrCode(url)
        self.qr.setFixedSize(300, 300)
        left.addWidget(self.qr, 0, Qt.AlignmentFlag.AlignHCenter)
        self.address = _label(url.removeprefix("http://").rstrip("/"), 30, True)
        self.address.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        left.addWidget(self.address)
        left.addWidget(_label(self.tx("join_hint"), 16))
        left.addLayout(self._release_row())
        self.room_box = QVBoxLayout()
        holder = QWidget()
        holder.setLayout(self.room_box)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(holder)
        scroll.setStyleSheet("QScrollArea { border: 0; background: transparent; }")
        holder.setObjectName("holder")
        left.addWidget(scroll, 1)
        outer.addLayout(left, 2)
        self.table_frame = QFrame()
        self.table_frame.setObjectName("table")
        self.table_layout = QVBoxLayout(self.table_frame)
        self.table_title = _label("", 30, True)
        self.table_layout.addWidget(self.table_title)
        self.seat_grid = QGridLayout()
        self.table_layout.addLayout(self.seat_grid)
        self.field = _label("", 40, True)
        self.field.setTextFormat(Qt.TextFormat.RichText)  # cards only, escaped: red suits
        self.field.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.table_layout.addWidget(self.field, 1)
        self.tags = _label("", 22, True)
        self.tags.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.table_layout.addWidget(self.tags)
        self.last = _label("", 22)
        self.last.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.table_layout.addWidget(self.last)
        self.results_label = _label("", 22)
        self.table_layout.addWidget(self.results_label)
        outer.addWidget(self.table_frame, 3)
        self._paint_table()

    def _release_row(self) -> QHBoxLayout:
        """名前を戻す: a person who lost their name's code asks the host, who types the name
        here; the window shows the name's new code for that person to type on their phone."""
        row = QHBoxLayout()
        self.release_name = QLineEdit()
        self.release_name.setPlaceholderText(self.tx("release_hint"))
        self.release_name.setMaxLength(16)
        self.release_name.returnPressed.connect(self.release)
        row.addWidget(self.release_name, 1)
        button = QPushButton(self.tx("release"))
        button.clicked.connect(self.release)
        row.addWidget(button)
        self.release_box: QMessageBox | None = None
        return row

    def release(self) -> None:
        name = self.release_name.text().strip()
        if not name:
            return

        def go() -> None:  # in the server's loop
            try:
                code = self.serve.hub.release(name)
                player = self.serve.hub.players.by_name(name)
                shown = player.name if player is not None else name
                self.feed.deliver({"type": "released", "name": shown, "code": code})
            except Exception as exc:  # a refusal (no such name) or a full disk: said
                self.feed.deliver({"type": "released", "name": name, "text": str(exc)})

        self.serve.call(go)

    def _show_released(self, message: Released) -> None:
        if "code" in message:
            text = self.tx("released", name=message["name"], code=message["code"])
            self.release_name.clear()
        else:
            text = str(message.get("text") or "")
        box = QMessageBox(self)
        box.setTextFormat(Qt.TextFormat.PlainText)  # the name is a guest's text
        box.setWindowTitle(self.tx("release"))
        box.setText(text)
        box.setStandardButtons(QMessageBox.StandardButton.Ok)
        box.setModal(False)
        box.open()
        self.release_box = box

    # ------------------------------------------------------------------ messages
    def on_message(self, message: Message | Released) -> None:
        if message["type"] == "released":
            self._show_released(message)
        elif message["type"] == "lobby":
            self.rooms = list(message.get("rooms") or ())
            self.boards = list(message.get("boards") or ())
            self.lobby_age.restart()
            held = any(s.get("held") is not None for r in self.rooms for s in r.get("seats", ()))
            if held:
                self.countdown.start()
            else:
                self.countdown.stop()
            self._follow_a_game()
            self._paint_rooms()
        elif message["type"] == "table" and message.get("room") == self.following:
            self.table = message
            self._paint_table()
        elif message["type"] == "results" and message.get("room") == self.following:
            self.results = message
            self._paint_table()

    def _follow_a_game(self) -> None:
        """Follow the host's room, or else the first room with a game on."""
        if self.chosen and any(r.get("id") == self.following for r in self.rooms):
            return
        playing = [r["id"] for r in self.rooms if r.get("state") == "playing"]
        if playing and self.following not in playing:
            self.follow(playing[0], chosen=False)

    def follow(self, room_id: str | None, *, chosen: bool = True) -> None:
        self.chosen = chosen
        if room_id != self.following:
            self.table = None
            self.results = None
        self.following = room_id
        if self.connection is not None:
            self.serve.call(self.serve.hub.watch_public, self.connection, room_id)
        self._paint_rooms()
        self._paint_table()

    def start(self, room_id: str) -> None:
        def go() -> None:
            try:
                self.serve.hub.start(None, room_id)
            except Exception as exc:  # a refusal (nobody seated...): said in the terminal
                self.serve.server.log.say("screen", f"start {room_id}: {exc}")

        self.serve.call(go)
        self.follow(room_id)

    def set_rules(self, room_id: str, rules: str) -> None:
        """The host's rule set for the room's next games (between games: the hub refuses it
        mid-game; the lobby it sends back repaints the room)."""

        def go() -> None:
            try:
                self.serve.hub.set_rules(None, room_id, rules)
            except Exception as exc:  # a refusal (a game started meanwhile): in the terminal
                self.serve.server.log.say("screen", f"rules {room_id}: {exc}")

        self.serve.call(go)

    # ------------------------------------------------------------------ painting
    def _paint_rooms(self) -> None:
        while self.room_box.count():
            item = self.room_box.takeAt(0)
            widget = item.widget()
            if widget is not None:
                widget.deleteLater()
        for room in self.rooms:
            frame = QFrame()
            frame.setObjectName("room")
            frame.setProperty("following", "true" if room.get("id") == self.following else "false")
            box = QVBoxLayout(frame)
            head, seats = room_lines(room, self.language, self.lobby_age.elapsed() / 1000)
            box.addWidget(_label(head, 20, True))
            box.addWidget(_label(seats, 17))
            rules = rule_set_line(room, self.language)
            if rules:  # the set it plays and its rules
                box.addWidget(_label(rules, 17))
            named = room.get("rule_set")
            if named and room.get("state") != "playing":  # chosen between games only
                box.addWidget(_label(self.tx("choose_rules"), 17))
                box.addLayout(self._rules_row(room["id"], room["game"], named))
            row = QHBoxLayout()
            show = QPushButton(self.tx("show"))
            show.clicked.connect(lambda _=False, r=room["id"]: self.follow(r))
            row.addWidget(show)
            if room.get("state") != "playing":
                start = QPushButton(self.tx("start"))
                start.clicked.connect(lambda _=False, r=room["id"]: self.start(r))
                row.addWidget(start)
            row.addStretch(1)
            box.addLayout(row)
            self.room_box.addWidget(frame)
        lines = board_lines(self.boards, str(self.tx("board")))
        if lines:  # the evening's best scores, names as typed (plain text labels)
            frame = QFrame()
            frame.setObjectName("board")
            box = QVBoxLayout(frame)
            for line, heading in lines:
                box.addWidget(_label(line, 20 if heading else 18, heading))
            self.room_box.addWidget(frame)
        self.room_box.addStretch(1)

    def _rules_row(self, room_id: str, game: str, named: RuleSet) -> QHBoxLayout:
        """[ルール1] [ルール2] ... under ルール（次のゲームから）: the set it plays is checked."""
        row = QHBoxLayout()
        choices = named["choices"]
        for choice, name in zip(choices, rule_set_names(game, choices, self.language), strict=True):
            button = QPushButton(name)
            button.setCheckable(True)
            button.setChecked(choice == named["id"])
            button.setObjectName(f"rules-{choice}")
            button.clicked.connect(lambda _=False, r=room_id, c=choice: self.set_rules(r, c))
            row.addWidget(button)
        row.addStretch(1)
        return row

    def _label_of(self, room_id: str | None) -> str:
        for room in self.rooms:
            if room.get("id") == room_id:
                return str(room.get("label") or room_id)
        return str(room_id or "")

    def _paint_table(self) -> None:
        while self.seat_grid.count():
            item = self.seat_grid.takeAt(0)
            widget = item.widget()
            if widget is not None:
                widget.deleteLater()
        if self.table is None:
            self.table_title.setText(self._label_of(self.following) if self.following else "")
            self.field.setText(self.tx("no_table"))
            for label in (self.tags, self.last):
                label.setText("")
        else:
            shown = public_table(self.table, self._label_of(self.following), self.language)
            self.table_title.setText(shown.title)
            for i, seat in enumerate(shown.seats):
                box = QFrame()
                box.setObjectName("seat")
                box.setProperty("to_move", "true" if seat.to_move else "false")
                inner = QVBoxLayout(box)
                mark = self.tx("turn") + " " if seat.to_move else ""
                inner.addWidget(_label(mark + seat.name, 26, True))
                inner.addWidget(_label(seat.detail, 22))
                self.seat_grid.addWidget(box, i // 3, i % 3)
            self.field.setText(_red_suits(shown.field))
            self.tags.setText("   ".join(shown.tags))
            self.last.setText(shown.last)
        lines = results_lines(self.results, self.language) if self.results else []
        self.results_label.setText("\n".join(lines))


def _red_suits(text: str) -> str:
    """Rich text: hearts and diamonds in red, as on the cards."""
    out = html.escape(text)
    for suit in ("♥", "♦"):
        out = out.replace(suit, f'<span style="color:#ff6b5e">{suit}</span>')
    return out


def run_screen(serve: Serve, *, full_screen: bool = False) -> int:
    """Open the window and run Qt's loop until it is closed (the server stops with it)."""
    from eventkit.qtruntime import make_app

    app = make_app("games serve")
    window = RoomScreen(serve)
    open_on_screen(window, full_screen=full_screen)
    return int(app.exec())
