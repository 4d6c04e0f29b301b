"""Every registered game through the phone hub (issue 33.1): the registry's entries, then for
each game at its fewest and most seats a phone sits, starts, plays to the results with CPUs in
the other seats, and the hub is stopped and reopened on the same journal mid-game (the game goes
on from the same step and view, to its results)."""

from __future__ import annotations

import random

import pytest
from test_games_web_hub import Clock

from games.common import registry
from games.common.protocol import to_json
from games.common.registry import TableSettings
from games.web.hub import Hub, HubOptions
from games.web.phones import Phone, play_until_people_wait
from games.web.tables import RoomSpec

GAMES = registry.entries()


def test_the_registry_names_every_game_once_with_its_engine():
    names = registry.names()
    assert len(set(names)) == len(names) and {"daifugo", "schwimmen", "cool24"} <= set(names)
    for game in GAMES:
        assert registry.entry(game.name) is game
        assert game.engine.info == game.info  # one truth for the seats: the engine's GameInfo
        assert game.label("ja") and game.label("en")  # COOL 24+24 is its name in both
        assert bool(game.stakes) == game.money
        assert game.new_cpu is not None and callable(game.new_cpu("easy", 1).choose)
    with pytest.raises(KeyError, match="use one of"):
        registry.entry("go")


def test_daifugo_card_passing_is_secret_to_the_others_and_plays_are_not():
    from games.daifugo.events import Applied, Gift
    from games.daifugo.plays import Give, Pass

    public = registry.entry("daifugo").public_text
    give = Applied(seat=0, action=Give(()), gift=Gift(giver=0, receiver=4, cards=()))
    assert public(give, "give 3S", None) is None
    assert public(give, "give 3S", 2) is None
    assert public(give, "give 3S", 4) == "give 3S"
    assert public(Applied(seat=1, action=Pass()), "pass", None) == "pass"


def _hub(folder, spec):
    hub = Hub(
        folder,
        rooms=[spec],
        clock=Clock(),
        options=HubOptions(cpu_workers=0, seed=7, cpu_delay=0, advance_pause=0, turn_seconds=0.0),
    )
    hub.load()
    return hub


def _spec(game, seats):
    return RoomSpec("r", game.name, seats, stake=game.stakes[0] if game.stakes else None,
                    cpu_level="easy")  # fmt: skip


def _to_results(hub, phone, rng):
    for _ in range(10_000):
        if not hub.rooms["r"].in_game:
            break
        if not play_until_people_wait(hub, [phone], rng, 10_000):
            hub.run_cpus()
    assert not hub.rooms["r"].in_game


@pytest.mark.timeout(240)
@pytest.mark.parametrize(
    ("name", "seats"),
    [(g.name, n) for g in GAMES for n in sorted({g.info.min_players, g.info.max_players})],
)
def test_every_game_sits_plays_to_the_results_and_restarts_mid_game(tmp_path, name, seats):
    game = registry.entry(name)
    spec = _spec(game, seats)
    hub = _hub(tmp_path, spec)
    phone = Phone(hub, "あおい")
    assert hub.sit(phone.token, "r") == 0
    lobby = phone.last("lobby")
    assert lobby["rooms"][0]["game"] == name and lobby["rooms"][0]["money"] == game.money
    hub.start(phone.token, "r")
    rng = random.Random(seats)
    assert phone.table["game"] == name and phone.table["seat"] == 0
    played = play_until_people_wait(hub, [phone], rng, 3)
    assert played >= 1 and hub.rooms["r"].in_game  # mid-game, the phone has acted

    step = hub.rooms["r"].step
    view = to_json(hub.rooms["r"].table.view(0))
    hub.shutdown()  # the process would die here: nothing more is written
    hub = _hub(tmp_path, spec)
    try:
        assert hub.restored == 1
        room = hub.rooms["r"]
        assert room.in_game and room.step == step and room.seats[0] == "あおい"
        assert to_json(room.table.view(0)) == view
        phone = Phone(hub, "あおい", token=phone.token)
        _to_results(hub, phone, rng)
        results = phone.last("results")
        assert results is not None and results["game"] == name and results["names"][0] == "あおい"
        assert len(results["names"]) == seats
        hub.start(phone.token, "r")  # and the next game deals
        assert hub.rooms["r"].in_game and hub.rooms["r"].game_no == 2
    finally:
        hub.shutdown()


@pytest.mark.parametrize("name", [g.name for g in GAMES])
def test_results_reach_a_phone_that_comes_back_after_a_crash_just_after_the_end(tmp_path, name):
    """The results went to the phone's socket, the journal recorded the end, then the process
    died before the socket sent them (tests/test_games_web_restart.py's {1, 3} == {1, 2, 3}):
    the reopened hub sends them to the phone when it comes back."""
    game = registry.entry(name)
    spec = _spec(game, game.info.min_players)
    hub = _hub(tmp_path, spec)
    phone = Phone(hub, "あおい")
    hub.sit(phone.token, "r")
    hub.start(phone.token, "r")
    _to_results(hub, phone, random.Random(1))
    sent = phone.last("results")
    assert sent is not None
    hub.shutdown()  # the socket never sent it
    hub = _hub(tmp_path, spec)
    try:
        again = Phone(hub, "あおい", token=phone.token)
        assert again.last("results") == sent
        hub.start(again.token, "r")  # and the next game is the next number
        assert hub.rooms["r"].game_no == 2 and hub.rooms["r"].results is None
    finally:
        hub.shutdown()


def test_cool24_phone_view_is_json_with_the_hint_score_and_bonuses():
    """A COOL room's person sees the hand, the playable slots, the score, the bonuses and the
    hint's slot (the lookahead's, once per position); the public view has no hand, no hint."""
    import json

    from games.cool24.policies import greedy_slot

    table = registry.entry("cool24").new_table(
        TableSettings(players=1, people=frozenset({0}), seed=5, names=("あおい",))
    )
    assert table.names == ("あおい",)
    table.start_game()
    mine = json.loads(json.dumps(to_json(table.view(0))))
    # the lookahead's slot (its playouts stop on a time budget: asked once per position)
    assert mine["hint_slot"] in mine["playable"] and mine["prompt"] == "keys"
    assert to_json(table.view(0))["hint_slot"] == mine["hint_slot"]
    assert len(mine["observation"]["hand"]) == 4 and mine["score"] == 0
    assert set(mine["bonuses"]) == {"straight_flush", "four_of_a_kind", "flush"}
    public = to_json(table.view(None))
    assert public["observation"] is None and public["hint_slot"] is None
    cpu = registry.entry("cool24").new_cpu("strong", 1)
    while table.in_game:
        game = table.game  # type: ignore[attr-defined]
        play = cpu.choose(game.observation(0), game.legal_actions())  # type: ignore[union-attr]
        assert play.slot == greedy_slot(game)  # the protocol's CPU is the greedy player
        table.act(0, play)
    assert table.results().returns[0] == to_json(table.view(0))["score"] > 0
