"""The card tables' host controls in the operator window (`bingo draw --serve --tables`).

With `--tables` the card tables' server (bingo.web.tables_serve) runs without its own window,
so the host's controls of `games serve`'s laptop window live here, on the laptop, never over
the draw: the rooms (game, players, playing or waiting, rule set, CPU level), a room's CPU
level and rule set for its next games, its next game started, and a name given back to a
guest who lost its code.

The tables' server is another process: `TablesClient` speaks to games.web.host_link's routes
on its loopback port (from `<journal>.tables`) with the key it wrote in `<journal>.tables-key`
(0600), by QtNetwork: nothing waits in the show's GUI thread. The lobby comes by a long poll
(at once when it changes). While the tables are down (killed, restarting: the show's
supervisor starts them again) the panel says so, tries again every second, and the draw goes
on. The rooms' words are the games' own (games.web.screen_text), the panel's bingo.ui.texts'.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QElapsedTimer, QObject, Qt, QTimer, QUrl, QUrlQuery, Signal
from PySide6.QtNetwork import (
    QNetworkAccessManager,
    QNetworkProxy,
    QNetworkReply,
    QNetworkRequest,
)
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from bingo.serve_lock import read_tables_key, running_server, tables_lock_path
from eventkit.i18n import Texts

LOOPBACK = "127.0.0.1"  # where the tables listen (bingo.web.tables.LOOPBACK; not imported: aiohttp)
KEY_HEADER = b"X-Host-Key"  # games.web.host_link.KEY_HEADER (not imported: aiohttp)
HOST = "/host"
RETRY_MS = 1000  # the tables down: look again this often
STARTING_MS = (
    10_000  # not seen yet: "connecting" this long (they start with the show) before "down"
)
POLL_GAP_MS = 300  # at least this between two lobby requests (a busy lobby changes constantly)
POLL_TIMEOUT_MS = 25_000  # the long poll answers within 15 s (host_link.WAIT)
ACTION_TIMEOUT_MS = 10_000
LEVELS = ("easy", "normal", "strong")
STYLE = """
QFrame#room { background: #1f1c3d; border-radius: 6px; }
QFrame#room QLabel { background: transparent; }
QPushButton:disabled { color: #77729a; }
QPushButton:checked:disabled { background: #8a7a3a; color: #14101f; }
"""


class TablesClient(QObject):
    """The show's side of games.web.host_link (see the module's docstring)."""

    lobby_changed = Signal(object)  # {"version", "lobby", "disk_full"}
    up_changed = Signal(bool)  # the tables answer (True) or not (False)
    answered = Signal(str, object)  # an action ("release", "level", "rules") and its answer

    def __init__(self, journal: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.journal = journal
        self.manager = QNetworkAccessManager(self)
        self.manager.setProxy(QNetworkProxy(QNetworkProxy.ProxyType.NoProxy))
        self.up: bool | None = None  # None: not known yet
        self.version = -1
        self.port: int | None = None
        self._key: str | None = None
        self._poll: QNetworkReply | None = None
        self._stopped = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.poll)
        self.starting_ms = STARTING_MS
        self._since = QElapsedTimer()

    def start(self) -> None:
        self._stopped = False
        self._since.start()
        self.poll()

    def _not_there(self) -> None:
        """No answer: down, unless the tables were never seen and may be starting still."""
        if self.up is not None or self._since.elapsed() >= self.starting_ms:
            self._set_up(False)
        self._timer.start(RETRY_MS)

    def stop(self) -> None:
        self._stopped = True
        self._timer.stop()
        poll, self._poll = self._poll, None
        if poll is not None:
            poll.abort()

    def _where(self) -> tuple[int, str] | None:
        """The tables' port and key now (two small local files), or None while none listens."""
        info = running_server(self.journal, path=tables_lock_path(self.journal), attempts=2)
        if info is None or not info.listening or not info.port:
            return None
        key = read_tables_key(self.journal)
        return None if key is None else (info.port, key)

    def _request(self, path: str, port: int, key: str, timeout: int) -> QNetworkRequest:
        request = QNetworkRequest(QUrl(f"http://{LOOPBACK}:{port}{HOST}{path}"))
        request.setRawHeader(KEY_HEADER, key.encode("ascii"))
        request.setTransferTimeout(timeout)
        return request

    # ------------------------------------------------------------------ the lobby
    def poll(self) -> None:
        if self._stopped or self._poll is not None:
            return
        where = self._where()
        if where is None:
            self._not_there()
            return
        port, key = where
        if (port, key) != (self.port, self._key):
            self.version = -1  # another server: its lobby from its first version
        self.port, self._key = port, key
        request = self._request("/lobby", port, key, POLL_TIMEOUT_MS)
        url = request.url()
        query = QUrlQuery()
        query.addQueryItem("seen", str(self.version))
        url.setQuery(query)
        request.setUrl(url)
        reply = self.manager.get(request)
        self._poll = reply
        reply.finished.connect(lambda: self._polled(reply))

    def _polled(self, reply: QNetworkReply) -> None:
        reply.deleteLater()
        if reply is not self._poll:
            return
        self._poll = None
        if self._stopped:
            return
        answer = _read(reply)
        if answer is None or not isinstance(answer.get("version"), int):
            self._not_there()
            return
        changed = answer["version"] != self.version
        self.version = answer["version"]
        self._set_up(True)
        if changed:
            self.lobby_changed.emit(answer)
        self._timer.start(POLL_GAP_MS)

    def _set_up(self, up: bool) -> None:
        if up != self.up:
            self.up = up
            self.up_changed.emit(up)

    # ------------------------------------------------------------------ the controls
    def send(self, action: str, body: dict[str, str]) -> None:
        """One of host_link's controls; `answered` says its answer ({"ok": False} with no text
        when the tables did not answer)."""
        where = self._where()
        if where is None:
            QTimer.singleShot(0, lambda: self.answered.emit(action, {"ok": False}))
            return
        port, key = where
        request = self._request("/" + action, port, key, ACTION_TIMEOUT_MS)
        request.setHeader(QNetworkRequest.KnownHeaders.ContentTypeHeader, "application/json")
        reply = self.manager.post(request, json.dumps(body).encode("utf-8"))
        reply.finished.connect(lambda: self._sent(action, reply))

    def _sent(self, action: str, reply: QNetworkReply) -> None:
        reply.deleteLater()
        answer = _read(reply)
        self.answered.emit(action, answer if answer is not None else {"ok": False})
        if answer is not None and self._poll is None and not self._stopped:
            self._timer.start(0)  # the lobby at once (the poll may be resting)


def _read(reply: QNetworkReply) -> dict[str, Any] | None:
    """A reply's JSON object, None for an error, another status or anything else."""
    if reply.error() != QNetworkReply.NetworkError.NoError:
        return None
    status = reply.attribute(QNetworkRequest.Attribute.HttpStatusCodeAttribute)
    if status != 200:
        return None
    try:
        data = json.loads(bytes(reply.readAll().data()).decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        return None
    return data if isinstance(data, dict) else None


def _label(text: str = "", *, bold: bool = False, name: str = "") -> QLabel:
    """Plain text (guests' names are shown as typed, never as rich text), wrapped."""
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    if name:
        label.setObjectName(name)
    if bold:
        font = label.font()
        font.setBold(True)
        label.setFont(font)
    return label


class TablesPanel(QFrame):
    """The operator window's column of the card tables (see the module's docstring)."""

    def __init__(
        self, journal: Path, strings: Texts, language: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("tables")
        self.setStyleSheet(STYLE)
        self.strings = strings
        self.language = language
        self.client = TablesClient(journal, self)
        self.rooms: list[dict[str, Any]] = []
        self.disk_full = False
        self._shown: str | None = None  # what the rooms' widgets show (repainted on a change)
        self.level_buttons: dict[tuple[str, str], QPushButton] = {}
        self.rules_buttons: dict[tuple[str, str], QPushButton] = {}
        self.start_buttons: dict[str, QPushButton] = {}
        s = strings
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(_label(s("tables_title"), bold=True))
        self.status = _label(s("tables_connecting"), name="tables_status")
        layout.addWidget(self.status)
        self.room_box = QVBoxLayout()
        holder = QWidget()
        holder.setLayout(self.room_box)
        self.rooms_view = QScrollArea()
        self.rooms_view.setWidgetResizable(True)
        self.rooms_view.setWidget(holder)
        self.rooms_view.setFrameShape(QFrame.Shape.NoFrame)
        self.rooms_view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        layout.addWidget(self.rooms_view, 1)
        layout.addLayout(self._release_row())
        self.answer = _label("", name="tables_answer")
        self.answer.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.answer)
        self.client.lobby_changed.connect(self.on_lobby)
        self.client.up_changed.connect(self.on_up)
        self.client.answered.connect(self.on_answer)
        self.client.start()

    def _release_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.release_name = QLineEdit()
        self.release_name.setFocusPolicy(Qt.FocusPolicy.ClickFocus)  # the show's keys stay
        self.release_name.setPlaceholderText(self.strings("tables_release_hint"))
        self.release_name.setMaxLength(16)
        self.release_name.returnPressed.connect(self.release)
        row.addWidget(self.release_name, 1)
        self.release_button = QPushButton(self.strings("tables_release"))
        self.release_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.release_button.clicked.connect(self.release)
        row.addWidget(self.release_button)
        return row

    # ------------------------------------------------------------------ the host's controls
    def release(self) -> None:
        name = self.release_name.text().strip()
        if name:
            self.client.send("release", {"name": name})

    def set_level(self, room: str, level: str) -> None:
        self.client.send("level", {"room": room, "level": level})

    def set_rules(self, room: str, rules: str) -> None:
        self.client.send("rules", {"room": room, "rules": rules})

    def start_game(self, room: str) -> None:
        self.client.send("start", {"room": room})

    def on_answer(self, action: str, answer: dict[str, Any]) -> None:
        s = self.strings
        if answer.get("ok") and action == "release":
            self.answer.setText(s("tables_released", name=answer["name"], code=answer["code"]))
            self.release_name.clear()
        elif answer.get("ok"):
            self.answer.setText("")
        elif answer.get("text"):
            self.answer.setText(s("tables_refused", text=answer["text"]))
        else:
            self.answer.setText(s("tables_down"))
        if not answer.get("ok"):
            self._shown = None  # a checked button the hub refused: shown as it is again
            self._paint_rooms()

    # ------------------------------------------------------------------ what the tables say
    def on_up(self, up: bool) -> None:
        self._paint_status()
        self.rooms_view.setEnabled(up)
        self.release_button.setEnabled(up)

    def on_lobby(self, answer: dict[str, Any]) -> None:
        lobby = answer.get("lobby")
        rooms = lobby.get("rooms") if isinstance(lobby, dict) else None
        self.rooms = [r for r in rooms if isinstance(r, dict)] if isinstance(rooms, list) else []
        self.disk_full = bool(answer.get("disk_full"))
        self._paint_status()
        self._paint_rooms()

    def _paint_status(self) -> None:
        s = self.strings
        if self.client.up is False:
            text = s("tables_down")
        elif self.client.up is None:
            text = s("tables_connecting")
        elif self.disk_full:
            text = s("tables_disk_full")
        else:
            text = ""
        self.status.setText(text)
        self.status.setVisible(bool(text))

    def _paint_rooms(self) -> None:
        from games.web.screen_text import room_lines, rule_set_line, rule_set_names

        shown = json.dumps(self.rooms, sort_keys=True, ensure_ascii=False)
        if shown == self._shown:
            return
        self._shown = shown
        while self.room_box.count():
            item = self.room_box.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.level_buttons.clear()
        self.rules_buttons.clear()
        self.start_buttons.clear()
        if not self.rooms:
            self.room_box.addWidget(_label(self.strings("tables_no_rooms")))
        for room in self.rooms:
            frame = QFrame()
            frame.setObjectName("room")
            box = QVBoxLayout(frame)
            head, seats = room_lines(room, self.language)  # type: ignore[arg-type]
            box.addWidget(_label(head, bold=True))
            box.addWidget(_label(seats))
            rules = rule_set_line(room, self.language)  # type: ignore[arg-type]
            if rules:
                box.addWidget(_label(rules))
            waiting = room.get("state") != "playing"
            level = str(room.get("cpu_level") or "")
            box.addWidget(_label(self.strings("tables_cpu")))
            box.addLayout(
                self._choices(
                    [(lv, self.strings(f"tables_level_{lv}")) for lv in LEVELS],
                    level,
                    waiting,
                    functools.partial(self.set_level, str(room["id"])),
                    self.level_buttons,
                    str(room["id"]),
                )
            )
            named = room.get("rule_set")
            if isinstance(named, dict) and named.get("choices"):
                choices = [str(c) for c in named["choices"]]
                names = rule_set_names(str(room["game"]), choices, self.language)
                box.addWidget(_label(self.strings("tables_rules")))
                box.addLayout(
                    self._choices(
                        list(zip(choices, names, strict=True)),
                        str(named.get("id")),
                        waiting,
                        functools.partial(self.set_rules, str(room["id"])),
                        self.rules_buttons,
                        str(room["id"]),
                    )
                )
            if waiting:  # 開始: the room's next game, as the tables' laptop window starts it
                start = QPushButton(self.strings("tables_start"))
                start.setFocusPolicy(Qt.FocusPolicy.NoFocus)
                start.clicked.connect(functools.partial(self.start_game, str(room["id"])))
                box.addWidget(start, 0, Qt.AlignmentFlag.AlignLeft)
                self.start_buttons[str(room["id"])] = start
            self.room_box.addWidget(frame)
        self.room_box.addStretch(1)

    def _choices(
        self,
        choices: list[tuple[str, str]],
        current: str,
        enabled: bool,
        choose: Callable[[str], None],
        kept: dict[tuple[str, str], QPushButton],
        room: str,
    ) -> QGridLayout:
        """[弱い] [普通] [強い]: the room's choice checked; chosen between games only (the hub
        refuses a change mid-game, and so do these buttons). At most three a row (four rule
        sets: two rows of two), so a long name never runs past the column."""
        row = QGridLayout()
        across = len(choices) if len(choices) <= 3 else (len(choices) + 1) // 2
        for i, (value, name) in enumerate(choices):
            button = QPushButton(name)
            button.setCheckable(True)
            button.setChecked(value == current)
            button.setEnabled(enabled)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(lambda _=False, v=value: choose(v))
            row.addWidget(button, i // across, i % across)
            kept[(room, value)] = button
        row.setColumnStretch(across, 1)
        return row

    def stop(self) -> None:
        self.client.stop()
