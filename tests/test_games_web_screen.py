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
