"""What happened at a table, as the hub tells it (issue 43's "see what happened"; no sockets, an
injected clock): a turn the timer played is marked as the timer's in the table message, also
after a restart from the journal."""

from __future__ import annotations

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
