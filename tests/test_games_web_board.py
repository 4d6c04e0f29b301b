"""The evening's high-score board (games.web.board): COOL 24+24's best scores with names in
the lobby message, kept through restarts of `games serve` (the journal's end records, then a
compacted journal's board record), and as the room screen's plain lines."""

from __future__ import annotations

import random

from test_games_web_hub import Clock

from games.web.board import TOP, Boards, board_lines
from games.web.hub import Hub, HubOptions
from games.web.phones import Phone, play_until_people_wait
from games.web.tables import RoomSpec

ROOMS = [RoomSpec("cool24-1", "cool24", 1), RoomSpec("cool24-2", "cool24", 1),
         RoomSpec("schwimmen-1", "schwimmen", 2, cpu_level="easy")]  # fmt: skip


def _hub(folder):
    hub = Hub(
        folder,
        rooms=ROOMS,
        clock=Clock(),
        options=HubOptions(cpu_workers=0, seed=7, cpu_delay=0, advance_pause=0, turn_seconds=0.0),
    )
    hub.load()
    return hub


def _play(hub, phone, room):
    hub.start(phone.token, room)
    rng = random.Random(1)
    for _ in range(1000):
        if not hub.rooms[room].in_game:
            break
        play_until_people_wait(hub, [phone], rng, 1000)
    assert not hub.rooms[room].in_game
    return phone.last("results")["returns"][0]


def _board(hub):
    boards = hub.lobby()["boards"]
    assert [b["game"] for b in boards] == ["cool24"]  # a game without the hook has no board
    return [(e["name"], e["score"]) for e in boards[0]["top"]]


def test_the_best_scores_with_names_are_in_the_lobby_and_survive_two_restarts(tmp_path):
    hub = _hub(tmp_path)
    try:
        assert _board(hub) == []
        aoi, ben = Phone(hub, "あおい"), Phone(hub, "ben")
        hub.sit(aoi.token, "cool24-1")
        hub.sit(ben.token, "cool24-2")
        scores = [("あおい", _play(hub, aoi, "cool24-1")), ("ben", _play(hub, ben, "cool24-2"))]
        scores.append(("あおい", _play(hub, aoi, "cool24-1")))  # a second game at the same table
        best = sorted(scores, key=lambda s: -s[1])  # ties: the earlier game first (stable)
        assert _board(hub) == best and all(score > 0 for _, score in best)
        assert aoi.last("lobby")["boards"] == hub.lobby()["boards"]  # sent at each game's end
    finally:
        hub.shutdown()
    for _ in range(2):  # the first reopen compacts the journal, the second reads the compacted
        hub = _hub(tmp_path)
        try:
            assert _board(hub) == best
        finally:
            hub.shutdown()
    hub = _hub(tmp_path)
    try:  # and it goes on counting after the restarts
        ben = Phone(hub, "ben", token=ben.token)
        best = sorted([*best, ("ben", _play(hub, ben, "cool24-2"))], key=lambda s: -s[1])
        assert _board(hub) == best
    finally:
        hub.shutdown()


def test_a_board_keeps_the_top_scores_and_skips_a_seat_whose_person_left():
    boards = Boards(["cool24", "schwimmen"])
    for n, score in enumerate([30, 90, 10, 50, 70, 20, 60]):
        results = {"game": "cool24", "room": "c", "game_no": n + 1, "names": [f"p{n}"],
                   "returns": [score], "left": []}  # fmt: skip
        assert boards.add(results)
    boards.add({"game": "cool24", "names": ["cpu"], "returns": [99], "left": [0]})  # left
    top = boards.message("ja")[0]["top"]
    assert [e["score"] for e in top] == [90, 70, 60, 50, 30][:TOP]  # not the left seat's 99
    assert not boards.add({"game": "schwimmen", "names": ["a"], "returns": [3.0]})
    again = Boards(["cool24"])
    again.load(boards.state())
    assert again.message("en") == boards.message("en")
    older = Boards(["cool24"])
    older.load(again.state())
    older.load({"games": 1, "scores": {"cool24": []}})  # an older state does not win
    assert older.message("en") == boards.message("en")
    lines = board_lines(boards.message("en"), "Tonight's high scores")
    assert lines[0] == ("Tonight's high scores: COOL 24+24", True)
    assert lines[1] == ("1. p1  90", False) and len(lines) == 1 + TOP
