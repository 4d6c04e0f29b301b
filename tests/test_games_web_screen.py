"""The laptop's window of `games serve` (games.web.screen): the rooms, the join QR code and
address, and the public table of a game in progress, with nothing secret on it.

`games serve --no-window` runs in a thread (as in the browser tests); the window connects to
its hub as the laptop does, and people join through the hub's own calls (no phone needed).
"""

from __future__ import annotations

import re

from phone_pages import grab_path, keep_grab
from test_games_web_browser import GamesServe

from games.web.screen import RoomScreen
from games.web.screen_text import public_table, results_lines

ROOM = "daifugo-beginner"
CARD = re.compile(r"\b(10|[2-9JQKA])[♠♥♦♣]")


def _wait(qtbot, condition, what: str, timeout: int = 20_000) -> None:
    """Qt's loop runs until `condition()` (the hub's messages arrive through it)."""
    from pytestqt.exceptions import TimeoutError as QtTimeout

    try:
        qtbot.waitUntil(lambda: bool(condition()), timeout=timeout)
    except QtTimeout:
        raise AssertionError(f"timed out waiting for {what}") from None


def test_the_room_screen_shows_rooms_qr_and_the_public_table(tmp_path, qtbot):
    serve = GamesServe(tmp_path, turn_seconds=1)  # nobody's phone: the timer plays for them
    try:
        window = RoomScreen(serve.serve)
        qtbot.addWidget(window)
        window.resize(1280, 720)
        window.show()
        got: list[dict] = []
        window.feed.message.connect(got.append)
        _wait(qtbot, lambda: window.rooms, "the lobby")
        assert window.address.text() == f"127.0.0.1:{serve.port}"
        assert window.qr.modules and len(window.qr.modules) == len(window.qr.modules[0])
        hub = serve.hub
        players = []

        def seat_three() -> None:
            for name in ("あや", "ben", "ちか"):
                player = hub.join(name)
                players.append(player)
                hub.sit(player.token, ROOM)
            hub.start(None, ROOM)  # the laptop starts the room

        serve.serve.call(seat_three)
        _wait(qtbot, lambda: window.following == ROOM and window.table is not None, "the table")
        _wait(qtbot, lambda: (window.table or {}).get("step", 0) >= 3, "a few moves")
        grab = grab_path("games_room_screen.png")
        window.grab().save(str(grab))
        keep_grab(grab)
        shown = public_table(window.table, "", "ja")
        assert len(shown.seats) == 5 and {s.name for s in shown.seats} >= {"あや", "ben", "ちか"}
        assert all("枚" in s.detail for s in shown.seats)  # each seat's card count
        tables = [m for m in got if m.get("type") == "table"]
        assert tables and all(m["seat"] is None and not m["legal"] for m in tables)
        for m in tables:  # no hand in any message the laptop received
            obs = (m["view"] or {}).get("observation") or {}
            assert not obs.get("hand"), m
            assert m["peek"] is None
        painted = " ".join(
            w.text() for w in window.findChildren(type(window.address)) if w.isVisible()
        )
        field = set(CARD.findall(shown.field))
        assert set(CARD.findall(painted)) <= field | set(CARD.findall(shown.last))
        lines = results_lines(
            {
                "game_no": 1,
                "names": ["a", "b"],
                "places": [2, 1],
                "money": [-100, 90],
                "balances": [9800, 9990],
            },
            "ja",
        )
        assert lines == ["結果（ゲーム 1）", "1位  b  +90  (9,990)", "2位  a  -100  (9,800)"]
        window.close()
    finally:
        serve.stop()


class _NoServer:
    """What RoomScreen reads of its Serve, with no server behind it (messages fed by hand)."""

    class plan:  # noqa: N801 - as Serve.plan
        language = "ja"
        url = "http://127.0.0.1:8081/"

    def call(self, fn, *args) -> None:
        pass


HOSTILE = ("<img src=/x.png>", "<b>bold</b>", "<h1>Big</h1>", "<s>gone</s>")


def _labels_showing(window, text: str):
    from PySide6.QtWidgets import QLabel

    return [label for label in window.findChildren(QLabel) if text in label.text()]


def test_guests_names_are_plain_text_and_a_held_seat_counts_down(qtbot):
    from PySide6.QtCore import Qt

    window = RoomScreen(_NoServer())
    qtbot.addWidget(window)
    seats = [{"seat": i, "name": n, "cpu": False, "connected": i != 1,
              "held": 90.0 if i == 1 else None} for i, n in enumerate(HOSTILE)]  # fmt: skip
    seats.append({"seat": 4, "name": None, "cpu": True, "connected": False, "held": None})
    lobby = {"type": "lobby", "rooms": [{"id": ROOM, "game": "daifugo", "label": "初級",
             "stake": 100, "seats": seats, "state": "playing", "host": HOSTILE[0],
             "cpu_level": "normal", "spectators": 0, "game_no": 1}]}  # fmt: skip
    window.on_message(lobby)
    window.follow(ROOM)
    names = [*HOSTILE, "CPU 5"]
    window.on_message({"type": "table", "room": ROOM, "game": "daifugo", "game_no": 1,
                       "step": 3, "seat": None,
                       "view": {"observation": {"hand_sizes": [5] * 5, "top": None}},
                       "names": names, "people": [0, 1, 2, 3], "to_move": 0,
                       "your_turn": False, "legal": [], "deadline": None,
                       "last": {"seat": 0, "action": "pass"}, "out": [], "peek": None})  # fmt: skip
    window.on_message({"type": "results", "room": ROOM, "game_no": 1, "names": names,
                       "places": [1, 2, 3, 4, 5], "returns": [4, 3, 2, 1, 0],
                       "money": None, "balances": None, "left": [], "penalties": {},
                       "chips": {}})  # fmt: skip
    for name in HOSTILE:
        shown = _labels_showing(window, name)
        assert shown, f"{name} is not shown as typed"
        for label in shown:
            assert label.textFormat() == Qt.TextFormat.PlainText, (name, label.text())
    # a held seat in the lobby: the seconds the lobby said, counted down by the window
    held = [label.text() for label in _labels_showing(window, "保留")]
    assert held and "<b>bold</b>（不在・保留 1:30）" in held[0]
    assert window.countdown.isActive()
    window.lobby_age.restart()
    qtbot.waitUntil(lambda: window.lobby_age.elapsed() >= 1100, timeout=5000)
    window._paint_rooms()
    later = [label.text() for label in _labels_showing(window, "保留")]
    assert any("保留 1:28" in t or "保留 1:29" in t for t in later), later


def test_the_host_gives_a_name_back_from_the_window(tmp_path, qtbot):
    from PySide6.QtCore import Qt

    serve = GamesServe(tmp_path)
    try:
        window = RoomScreen(serve.serve)
        qtbot.addWidget(window)
        window.show()
        hub = serve.hub
        owner = []
        serve.serve.call(lambda: owner.append(hub.join("<b>Aoi</b>")))
        _wait(qtbot, lambda: owner, "the name joined")
        old = owner[0]
        window.release_name.setText("<B>aoi</B>")  # as the owner spells it at the laptop
        window.release()
        _wait(qtbot, lambda: window.release_box is not None, "the new code shown")
        box = window.release_box
        assert box.textFormat() == Qt.TextFormat.PlainText and "<b>Aoi</b>" in box.text()
        code = re.search(r"：([A-Z0-9]{6})\n", box.text()).group(1)
        assert code != old.code
        moved = []
        serve.serve.call(lambda: moved.append(hub.move("<b>Aoi</b>", code)))
        _wait(qtbot, lambda: moved, "the name moved")
        assert moved[0].token != old.token and moved[0].code == code
        window.release_name.setText("nobody")
        window.release()
        _wait(qtbot, lambda: window.release_box is not box, "the refusal shown")
        assert "nobody" in window.release_box.text()
    finally:
        serve.stop()


def test_the_room_screen_shows_the_evenings_best_cool24_scores_with_names(tmp_path, qtbot):
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QLabel

    serve = GamesServe(tmp_path, daifugo=False, cool24=True)
    try:
        window = RoomScreen(serve.serve)
        qtbot.addWidget(window)
        window.resize(1280, 720)
        window.show()
        _wait(qtbot, lambda: window.rooms, "the lobby")
        # the host's choice of room: the whole game below runs in a few loop turns, which can end
        # it before a lobby message with the room "playing" reaches the window (it would then
        # never follow it and never hear its results; following on its own is tested above)
        window.follow("cool24-1")
        hub = serve.hub
        player = []

        def play_it() -> None:  # in the server's loop: a person's plays, to the game's end
            if not player:
                player.append(hub.join("<i>Aoi</i>"))
                hub.sit(player[0].token, "cool24-1")
                hub.start(player[0].token, "cool24-1")
            room = hub.rooms["cool24-1"]
            if room.in_game and room.table.legal_actions(0):
                hub.act(player[0].token, str(room.table.legal_actions(0)[0]))
            if room.in_game:
                serve.serve.call(play_it)

        serve.serve.call(play_it)
        # a whole game of 48 plays, each through the hub and the window: on a busy machine
        # this takes far longer than one message
        _wait(qtbot, lambda: window.boards and window.boards[0]["top"], "the board", 120_000)
        score = window.boards[0]["top"][0]["score"]

        def shown() -> list[str]:  # a layout shows its new labels on the next loop turn
            return [label.text() for label in window.findChildren(QLabel) if label.isVisible()]

        _wait(qtbot, lambda: "今夜のハイスコア: COOL 24+24" in shown(), "the board shown")
        texts = shown()
        assert f"1. <i>Aoi</i>  {score:,}" in texts  # the name as typed, plain text
        # the results message comes on its own, after or before the lobby's board
        _wait(qtbot, lambda: window.results is not None, "the results")
        assert results_lines(window.results, "ja")[1] == f"1位  <i>Aoi</i>  {score:,}"
        board = [lab for lab in window.findChildren(QLabel) if lab.text().startswith("1. ")]
        assert board[0].textFormat() == Qt.TextFormat.PlainText
        assert board[0].fontInfo().pixelSize() >= 0.025 * 720  # the room reads it
        grab = grab_path("games_room_screen_board.png")
        window.grab().save(str(grab))
    finally:
        serve.stop()
