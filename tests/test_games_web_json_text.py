"""The phones' messages as `games serve` writes them (games.web.server._json_text: json's C
encoder made once, not once a message) are byte for byte ``json.dumps(message,
ensure_ascii=False)``, the text phones got before: every message of seeded games of every
game through the hub, and values at JSON's edges; a value JSON has no word for still goes out
as its text through the server's fallback, as before."""

from __future__ import annotations

import json
import random

import pytest

from games.common.protocol import to_json
from games.common.table import Refused
from games.web.hub import Hub, HubOptions, RoomSpec
from games.web.phones import Phone
from games.web.server import GamesServer, _json_text

# game, seats, people seated, the phones' actions (COOL 24+24's hint takes its time)
GAMES = [("daifugo", 5, 3, 80), ("schwimmen", 4, 2, 50), ("cool24", 1, 1, 4)]


@pytest.mark.slow  # about 2 s a game on a busy machine
@pytest.mark.parametrize(("game", "seats", "people", "actions"), GAMES)
def test_every_message_is_what_json_dumps_wrote(tmp_path, game, seats, people, actions):
    spec = RoomSpec("r", game, seats, stake="beginner" if game == "daifugo" else None)
    hub = Hub(tmp_path, rooms=[spec], options=HubOptions(cpu_workers=0, seed=7, cpu_delay=0,
                                                         advance_pause=0, turn_seconds=0))  # fmt: skip
    hub.load()
    kinds: set[str] = set()

    def check(phone: Phone, message: dict) -> None:
        assert _json_text(message) == json.dumps(message, ensure_ascii=False)  # type: ignore[arg-type]
        kinds.add(message["type"])

    try:
        rng = random.Random(7)
        phones = [Phone(hub, f"p{n}", keep=1, on_message=check) for n in range(people)]
        watcher = Phone(hub, "みる", keep=1, on_message=check)
        for phone in phones:
            hub.sit(phone.token, "r")
        hub.watch(watcher.token, "r")
        room, taken = hub.rooms["r"], 0
        while taken < actions:
            if not room.in_game:
                hub.start(phones[0].token, "r")
            hub.run_cpus()
            if rng.random() < 0.2:
                try:
                    hub.peek(watcher.token, rng.randrange(seats))
                except Refused:
                    pass
            turn = [p for p in phones if p.my_turn()]
            if turn:
                turn[0].play(rng)
                taken += 1
    finally:
        hub.shutdown()
    assert {"hello", "lobby", "room", "table"} <= kinds


EDGES = [
    {"type": "x", "f": [0.1, 1e16, 1e-7, -0.0, float("nan"), float("inf"), -float("inf")]},
    {"type": "x", "s": 'ひらがな\n\t"\\/\x00\x1f\x7f\u2028😀', "e": {}, "l": [], "n": None},
    {"type": "x", "k": {1: "one", None: 2, False: 3, 2.5: 4}, "b": [True, False], "i": 2**70},
    {"type": "x", "t": (1, (2, 3)), "deep": [[[[{"a": [{}]}]]]]},
]


@pytest.mark.parametrize("message", EDGES)
def test_values_at_the_edges_are_written_as_json_dumps_writes_them(message):
    assert _json_text(message) == json.dumps(message, ensure_ascii=False)  # type: ignore[arg-type]


def test_a_value_json_has_no_word_for_goes_out_as_before(tmp_path):
    hub = Hub(tmp_path, rooms=[RoomSpec("r", "daifugo", 4, stake="beginner")],
              options=HubOptions(cpu_workers=0))  # fmt: skip
    server = GamesServer(hub)
    odd = {"type": "table", "room": "r", "view": {"x": {1, 2}}}
    with pytest.raises(TypeError):
        _json_text(odd)  # type: ignore[arg-type]
    before = json.dumps(to_json(odd), ensure_ascii=False, default=str)  # the fallback's text
    assert server._encode(odd) == before  # type: ignore[arg-type]
