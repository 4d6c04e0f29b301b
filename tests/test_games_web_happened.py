"""What happened at a table, as the hub tells it (issue 43's "see what happened"; no sockets, an
injected clock): a turn the timer played is marked as the timer's in the table message, also
after a restart from the journal."""

from __future__ import annotations

import json

from games.web.hub import Hub, HubOptions, RoomSpec
from games.web.phones import Phone


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def make_hub(folder, *, clock, turn=20.0, seats=4) -> Hub:
    spec = RoomSpec("d", "daifugo", seats, stake="beginner", cpu_level="easy")
    hub = Hub(
        folder,
        rooms=[spec],
        clock=clock,
        options=HubOptions(cpu_workers=0, seed=5, cpu_delay=0, advance_pause=0, turn_seconds=turn),
    )
    hub.load()
    return hub


def test_a_turn_the_timer_played_is_told_as_the_timers(tmp_path):
    clock = Clock()
    hub = make_hub(tmp_path, clock=clock)
    a = Phone(hub, "あ")
    hub.sit(a.token, "d")
    hub.start(a.token, "d")
    room = hub.rooms["d"]
    hub.run_cpus()
    assert room.person_to_move() == 0
    assert room.last is None or room.last["by"] == "cpu"
    step = room.step
    clock.now += 21.0
    assert hub.tick() == 1
    hub.run_cpus(limit=1)
    assert room.step == step + 1
    assert room.last is not None and room.last["seat"] == 0 and room.last["by"] == "timer"
    told = [m for m in a.received if m["type"] == "table" and m["step"] == step + 1]
    assert told and told[-1]["last"]["by"] == "timer"
    timed = dict(room.last)
    hub.shutdown()
    # the journal keeps who took it: a restart tells the same
    again = make_hub(tmp_path, clock=clock)
    restored = again.rooms["d"]
    assert restored.step == step + 1 and restored.last == timed
    again.shutdown()


def test_a_persons_own_play_is_theirs(tmp_path):
    clock = Clock()
    hub = make_hub(tmp_path, clock=clock, turn=0.0)
    a = Phone(hub, "あ")
    hub.sit(a.token, "d")
    hub.start(a.token, "d")
    room = hub.rooms["d"]
    hub.run_cpus()
    assert room.person_to_move() == 0
    hub.act(a.token, a.table["legal"][0])
    assert room.last is not None and room.last["seat"] == 0 and room.last["by"] == "person"
    hub.shutdown()


def _at_card_passing(hub: Hub, ranks, hands) -> None:
    """The room's game goes on from card passing by `ranks` with `hands` (rule set 1)."""
    from games.daifugo.game import Game
    from games.daifugo.ruleset import Rules

    room = hub.rooms["d"]
    game = Game.new(rules=Rules.preset(1), hands=hands, ranks=ranks, card_passing=True)
    room.table.load(game)
    room.step += 1
    hub._changed(room)


HANDS = [
    ["3S", "4S", "5S", "JK"],
    ["6H", "7H", "8H", "2S"],
    ["9D", "10D", "JD", "QD"],
    ["KC", "AC", "3C", "4C"],
]


def test_a_pass_with_no_choice_is_taken_at_once_and_told(tmp_path):
    from games.daifugo.ruleset import Title

    clock = Clock()
    hub = make_hub(tmp_path, clock=clock, turn=0.0)
    a = Phone(hub, "あ")
    hub.sit(a.token, "d")
    hub.start(a.token, "d")
    hub.run_cpus()
    # あ is the 大貧民 holding the joker: the one strongest card goes to the 大富豪 at once
    ranks = (Title.DAIHINMIN, Title.DAIFUGO, Title.HINMIN, Title.FUGO)
    _at_card_passing(hub, ranks, HANDS)
    room = hub.rooms["d"]
    hub.run_cpus()
    records = [
        json.loads(line) for line in (tmp_path / "games_web.journal").read_text().splitlines()
    ]
    gives = [r for r in records if r.get("k") == "act" and str(r["action"]).startswith("give")]
    assert gives[0]["seat"] == 0 and gives[0]["action"] == "give JK" and gives[0]["by"] == "forced"
    view = a.last("table")["view"]
    gifts = {(g["giver"], g["receiver"]): g["cards"] for g in view["gifts"]}
    assert gifts[(0, 1)] == ["JK"] and len(gifts[(1, 0)]) == 2  # gave, and got two back
    assert set(gifts) == {(0, 1), (1, 0)}  # only the gifts あ took part in
    assert room.table.game.exchange_step is None  # every pass done: play begins
    hub.shutdown()


def test_a_choosing_player_is_waited_for(tmp_path):
    from games.daifugo.ruleset import Title

    clock = Clock()
    hub = make_hub(tmp_path, clock=clock, turn=0.0)
    a = Phone(hub, "あ")
    hub.sit(a.token, "d")
    hub.start(a.token, "d")
    hub.run_cpus()
    # あ is the 大富豪: its two cards back are its own choice
    ranks = (Title.DAIFUGO, Title.DAIHINMIN, Title.HINMIN, Title.FUGO)
    _at_card_passing(hub, ranks, [HANDS[1], HANDS[0], HANDS[2], HANDS[3]])
    room = hub.rooms["d"]
    hub.run_cpus()
    assert room.person_to_move() == 0 and room.table.game.exchange_step.giver == 0
    assert a.last("table")["your_turn"]
    hub.shutdown()
