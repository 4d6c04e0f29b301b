"""The card tables' host controls in the show's operator window (issue 44.1: "in the operator
window or on another screen, never over the draw"), offscreen, against the real tables' hub and
server with games.web.host_link (as bingo.web.tables_serve runs them) listening on loopback at a
port of their own in a thread of this test: the rooms listed, a name given back, a room's CPU
level and rule set chosen, its game started; the tables stopped: the panel says so, the draw goes on, and the
panel comes back with the tables (another port, another key). Its text measured whole."""

from __future__ import annotations

import asyncio
import concurrent.futures
import dataclasses
import socket
import sys
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QLabel, QPushButton

from bingo.config import load_config
from bingo.serve_lock import ServeLock, tables_lock_path
from bingo.session import DrawSession
from bingo.web.tables import LOOPBACK
from bingo.web.tables_serve import attach_host, phone_address
from games.web.hub import Hub, HubOptions
from games.web.server import GamesServer
from games.web.server import start as start_games
from games.web.tables import RoomSpec

sys.path.insert(0, str(Path(__file__).parent))
from test_web_show import FAKE_ENGINE, fake_engine  # noqa: F401

ROOMS = (RoomSpec("d", "daifugo", 4, stake="beginner", rules="1"), RoomSpec("c", "cool24", 1))
WAIT_MS = 30_000


class TablesThread:
    """The card tables in a thread of their own (their asyncio loop), as tables_serve runs them:
    hub, games server, the host's routes and key, `<journal>.tables` said listening."""

    def __init__(self, folder: Path, journal: Path, language: str) -> None:
        self.folder, self.journal, self.language = folder, journal, language
        self.loop: asyncio.AbstractEventLoop | None = None
        self.hub: Hub | None = None
        self.port = 0
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> TablesThread:
        self._ready.clear()
        self._thread = threading.Thread(target=lambda: asyncio.run(self._main()), daemon=True)
        self._thread.start()
        assert self._ready.wait(60), "the tables did not start"
        return self

    async def _main(self) -> None:
        self.loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        options = HubOptions(cpu_workers=0, seed=7, turn_seconds=0, cpu_delay=0, advance_pause=0)
        hub = self.hub = Hub(self.folder, rooms=ROOMS, language=self.language, options=options)
        await hub.open()
        server = GamesServer(hub, language=self.language)
        server.app.middlewares.append(phone_address)
        assert attach_host(server.app, hub, self.journal)
        serving = await start_games(server, LOOPBACK, 0)
        self.port = serving.port
        lock = ServeLock(self.journal, path=tables_lock_path(self.journal))
        lock.acquire(0, LOOPBACK).listening(self.port)
        self._ready.set()
        try:
            await self._stop.wait()
        finally:
            lock.release()  # first: the show sees no tables from now on
            await serving.cleanup()
            await hub.close()

    def call(self, fn):
        """`fn()` in the tables' loop; its value."""
        assert self.loop is not None
        done: concurrent.futures.Future = concurrent.futures.Future()

        def go() -> None:
            try:
                done.set_result(fn())
            except Exception as exc:
                done.set_exception(exc)

        self.loop.call_soon_threadsafe(go)
        return done.result(30)

    def stop(self) -> None:
        if self.loop is not None and self._stop is not None and self._thread is not None:
            self.loop.call_soon_threadsafe(self._stop.set)
            self._thread.join(60)
            self._thread = None


def text_cut(root) -> list[str]:
    """Every visible label and button of `root` whose text does not fit its box (wrapped labels
    at their width), as measured from its own font."""
    problems = []
    for widget in root.findChildren(QLabel) + root.findChildren(QPushButton):
        if not widget.isVisible() or not widget.text():
            continue
        side = cut_sideways(widget, root)
        if side:
            problems.append(f"{widget.text()!r}: {side}")
        metrics = QFontMetricsF(widget.font())
        if isinstance(widget, QPushButton):
            need = metrics.horizontalAdvance(widget.text())
            if need > widget.contentsRect().width() - 4:
                problems.append(f"button {widget.text()!r}: {need:.0f} > {widget.width()} px")
            continue
        box = widget.contentsRect()
        flags = int(Qt.TextFlag.TextWordWrap) if widget.wordWrap() else 0
        need = metrics.boundingRect(QRectF(0, 0, box.width(), 100_000), flags, widget.text())
        if need.width() > box.width() + 1 or need.height() > box.height() + 1:
            problems.append(
                f"{widget.text()!r}: needs {need.width():.0f}x{need.height():.0f} in "
                f"{box.width()}x{box.height()}"
            )
    return problems


def _whole(panel) -> None:
    problems = text_cut(panel)
    assert problems == [], problems


def cut_sideways(widget, root) -> str:
    """Whether a widget runs past the left or right edge of one of its parents up to `root`
    (a scroll area's viewport, a column): '' when it is all in view across."""
    left = widget.mapTo(root, QPoint(0, 0)).x()
    right = left + widget.width()
    parent = widget.parentWidget()
    while parent is not None:
        start = 0 if parent is root else parent.mapTo(root, QPoint(0, 0)).x()
        if left < start - 1 or right > start + parent.width() + 1:
            return f"x {left}..{right} past {parent.objectName() or type(parent).__name__}"
        if parent is root:
            break
        parent = parent.parentWidget()
    return ""


@pytest.fixture
def show(qtbot, repo_root, tmp_path, request):
    language = request.param
    base = load_config(repo_root / "config.toml")
    config = dataclasses.replace(
        base,
        event=dataclasses.replace(base.event, language=language),
        display=dataclasses.replace(base.display, sound=False, voice=False),
    )
    from bingo.ui.display import DisplayWindow
    from bingo.ui.operator import OperatorWindow

    journal = tmp_path / "show.jsonl"
    session = DrawSession.open(config, journal, seed=5)
    window = DisplayWindow(session, config, probability_module=FAKE_ENGINE, odds_mode="thread")
    qtbot.addWidget(window)
    operator = OperatorWindow(window)
    qtbot.addWidget(operator)
    assert operator.tables_panel is None  # not serving the tables: no such column
    yield window, operator, journal, language
    if operator.tables_panel is not None:
        operator.tables_panel.stop()
    session.close()


@pytest.mark.slow
@pytest.mark.parametrize("show", ["ja", "en"], indirect=True)
def test_the_host_controls_the_rooms_from_the_operator_window(qtbot, show, tmp_path, output_dir):
    window, operator, journal, language = show
    tables = TablesThread(tmp_path / "games", journal, language).start()
    try:
        panel = operator.add_tables_panel(journal)
        operator.resize(1520, 760)
        operator.show()
        qtbot.waitExposed(operator)
        qtbot.waitUntil(lambda: [r["id"] for r in panel.rooms] == ["d", "c"], timeout=WAIT_MS)
        assert panel.client.up is True and not panel.status.isVisible()
        s = window.strings
        level = panel.level_buttons[("d", "normal")]
        assert level.isChecked() and level.isEnabled()
        assert panel.rules_buttons[("d", "1")].isChecked()
        assert ("c", "1") not in panel.rules_buttons  # COOL 24+24 names no rule sets

        # a room's CPU level and rule set, for its next games: the hub's, shown back
        panel.level_buttons[("d", "strong")].click()
        qtbot.waitUntil(lambda: panel.rooms[0]["cpu_level"] == "strong", timeout=WAIT_MS)
        qtbot.waitUntil(lambda: panel.level_buttons[("d", "strong")].isChecked(), timeout=WAIT_MS)
        assert tables.call(lambda: tables.hub.lobby()["rooms"][0]["cpu_level"]) == "strong"
        panel.rules_buttons[("d", "3")].click()
        qtbot.waitUntil(lambda: panel.rooms[0]["rule_set"]["id"] == "3", timeout=WAIT_MS)
        assert panel.rules_buttons[("d", "3")].isChecked()

        # a name given back: its new code on the laptop; a name nobody has: the hub's words
        old = tables.call(lambda: tables.hub.join("あおい").code)
        qtbot.mouseClick(panel.release_name, Qt.MouseButton.LeftButton)
        panel.release_name.setText("あおい")  # (QTest types no kana)
        panel.release_button.click()
        qtbot.waitUntil(lambda: panel.answer.text() != "", timeout=WAIT_MS)
        new = tables.call(lambda: tables.hub.players.by_name("あおい").code)
        assert new != old and panel.answer.text() == s("tables_released", name="あおい", code=new)
        assert panel.release_name.text() == ""
        panel.release_name.setText("nobody-here")
        panel.release_button.click()
        qtbot.waitUntil(lambda: panel.answer.text() != s("tables_released", name="あおい",
                                                         code=new), timeout=WAIT_MS)  # fmt: skip
        assert panel.answer.text().startswith(s("tables_refused", text="")) and "nobody-here" in (
            panel.answer.text()
        )
        qtbot.waitUntil(lambda: _whole(panel), timeout=5000)
        operator.grab().save(str(output_dir / f"operator_tables_{language}.png"))

        # mid-game the choices are the next game's: greyed while the room plays
        panel.answer.setText("")  # (the release's refusal is still there)
        panel.start_buttons["c"].click()  # nobody seated: the hub's words
        qtbot.waitUntil(lambda: panel.answer.text().startswith(s("tables_refused", text="")),
                        timeout=WAIT_MS)  # fmt: skip
        assert panel.rooms[1]["state"] == "waiting"
        tables.call(lambda: tables.hub.sit(tables.hub.join("もも").token, "c"))
        qtbot.waitUntil(lambda: panel.rooms[1]["seats"][0]["name"] == "もも", timeout=WAIT_MS)
        panel.start_buttons["c"].click()  # 開始, as the tables' laptop window
        qtbot.waitUntil(lambda: panel.rooms[1]["state"] == "playing", timeout=WAIT_MS)
        assert "c" not in panel.start_buttons and "d" in panel.start_buttons
        assert not panel.level_buttons[("c", "easy")].isEnabled()

        # the tables stop: the panel says so and the draw goes on
        tables.stop()
        qtbot.waitUntil(lambda: panel.client.up is False, timeout=WAIT_MS)
        assert panel.status.isVisible() and panel.status.text() == s("tables_down")
        assert not panel.release_button.isEnabled()
        drawn = len(window.controller.session.history)
        window.controller.draw()  # drawn (journaled) and spun
        assert len(window.controller.session.history) == drawn + 1
        window.controller.draw()  # landed at once
        qtbot.waitUntil(lambda: len(window.controller.revealed) == drawn + 1, timeout=WAIT_MS)
        qtbot.waitUntil(lambda: _whole(panel), timeout=5000)
        operator.grab().save(str(output_dir / f"operator_tables_down_{language}.png"))

        # back (another port, another key): the panel follows by itself
        tables.start()
        qtbot.waitUntil(lambda: panel.client.up is True, timeout=WAIT_MS)
        qtbot.waitUntil(lambda: panel.client.port == tables.port, timeout=WAIT_MS)
        assert not panel.status.isVisible() and panel.release_button.isEnabled()
    finally:
        tables.stop()


@pytest.mark.parametrize("show", ["ja"], indirect=True)
def test_a_tables_server_that_never_answers_does_not_hold_the_show(qtbot, show):
    """The lobby's request goes out and the show's own loop runs on while it waits."""
    window, operator, journal, _ = show
    silent = socket.socket()
    silent.bind((LOOPBACK, 0))
    silent.listen(8)  # accepts (the system does) and never answers
    lock = ServeLock(journal, path=tables_lock_path(journal))
    lock.acquire(0, LOOPBACK).listening(silent.getsockname()[1])
    from bingo.serve_lock import write_tables_key

    write_tables_key(journal)
    try:
        panel = operator.add_tables_panel(journal)
        assert panel.client._poll is not None  # asked, not answered, and we are back
        ticks = []
        from PySide6.QtCore import QTimer

        QTimer.singleShot(10, lambda: ticks.append(1))
        qtbot.waitUntil(lambda: ticks == [1], timeout=WAIT_MS)
        assert panel.client._poll is not None and panel.client.up is None
        assert panel.status.text() == window.strings("tables_connecting")
    finally:
        lock.release()
        silent.close()


@pytest.mark.parametrize("show", ["en"], indirect=True)
def test_the_operator_window_has_the_column_when_the_show_keeps_the_tables(qtbot, show):
    """`bingo draw --serve --tables`: the show's supervisor of the tables' server (a child of
    the audience window, as bingo.ui.command makes it) gives the operator window its column."""
    from bingo.ui.operator import TABLES_WIDTH, OperatorWindow
    from bingo.ui.webserver import TABLES_TEXT, ServerProcess

    window, plain, journal, _ = show
    ServerProcess(["true"], window.warn, window, journal=journal,
                  lock=tables_lock_path(journal), texts=TABLES_TEXT)  # fmt: skip
    operator = OperatorWindow(window)
    qtbot.addWidget(operator)
    assert operator.tables_panel is None  # not before the projector's first frame
    window.show()
    qtbot.waitUntil(lambda: operator.tables_panel is not None, timeout=WAIT_MS)
    try:
        assert operator.tables_panel.client.journal == journal
        room = operator.screen().availableGeometry().width()  # (offscreen: 800 px)
        assert operator.width() == min(plain.width() + TABLES_WIDTH, max(plain.width(), room))
        # starting with the show: "connecting" at first, not "down" (they start in a second)
        assert operator.tables_panel.client.up is None
        assert operator.tables_panel.status.text() == window.strings("tables_connecting")
        operator.tables_panel.client.starting_ms = 0  # (not "connecting" the first 10 s)
        qtbot.waitUntil(lambda: operator.tables_panel.client.up is False, timeout=WAIT_MS)
        assert operator.tables_panel.status.text() == window.strings("tables_down")
    finally:
        operator.tables_panel.stop()
