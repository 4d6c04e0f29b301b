"""Seats held for people whose phone went away (issue 31.1), on the hub with an injected clock:
held between games for hold_seconds then freed, the host role passes to a person with a phone,
a CPU plays during a game and the hold starts again at its end, a restart holds afresh."""

from __future__ import annotations

import random

import pytest
from test_games_web_hub import Clock, refused

from games.web.hub import Hub, HubOptions, RoomSpec
from games.web.phones import Phone, play_until_people_wait

HOLD = 120.0


def make_hub(folder, clock, *, seats=5, hold=HOLD):
    spec = RoomSpec("d", "daifugo", seats, stake="beginner", cpu_level="easy")
    hub = Hub(
        folder,
        rooms=[spec],
        clock=clock,
        options=HubOptions(
            cpu_workers=0, seed=5, cpu_delay=0, advance_pause=0, turn_seconds=5.0, hold_seconds=hold
        ),
    )
    hub.load()
    return hub


def seats_of(phone):
    return phone.last("lobby")["rooms"][0]["seats"]


def test_a_seat_is_held_then_freed_and_the_host_role_passes(tmp_path):
    clock = Clock()
    hub = make_hub(tmp_path, clock, seats=3)
    aoi, ben, chika, dan = (Phone(hub, n) for n in ("Aoi", "Ben", "Chika", "Dan"))
    for p in (aoi, ben, chika):
        hub.sit(p.token, "d")
    assert aoi.last("room")["host"] is True
    aoi.disconnect()
    # the host's phone went: Ben (who sat next) hosts now and may start
    assert ben.last("room")["host"] is True and chika.last("room")["host"] is False
    held = seats_of(dan)[0]
    assert held["name"] == "Aoi" and held["held"] == HOLD and not held["connected"]
    refused("room_full", hub.sit, dan.token, "d")
    clock.now += HOLD - 1
    hub.tick()
    assert hub.rooms["d"].seats[0] == "Aoi"
    assert seats_of(dan)[0]["held"] == HOLD  # as told when the hold began (phones count down)
    clock.now += 1
    hub.tick()
    assert hub.rooms["d"].seats[0] is None and "Aoi" not in hub.rooms.where
    assert seats_of(dan)[0]["name"] is None
    assert hub.sit(dan.token, "d") == 0  # the newcomer takes the seat
    hub.start(ben.token, "d")
    assert hub.rooms["d"].in_game
    hub.shutdown()


def test_coming_back_before_the_hold_ends_keeps_the_seat_and_the_host_role(tmp_path):
    clock = Clock()
    hub = make_hub(tmp_path, clock, seats=3)
    aoi, ben = Phone(hub, "Aoi"), Phone(hub, "Ben")
    hub.sit(aoi.token, "d")
    hub.sit(ben.token, "d")
    aoi.disconnect()
    refused("not_host", hub.start, aoi.token, "d")  # a call without a phone: not the host
    clock.now += HOLD - 5
    hub.tick()
    aoi.connect()
    assert aoi.last("room")["host"] is True and ben.last("room")["host"] is False
    assert seats_of(ben)[0]["held"] is None
    clock.now += 10
    hub.tick()
    assert hub.rooms["d"].seats[0] == "Aoi"
    hub.shutdown()


def test_during_a_game_a_cpu_plays_and_the_hold_starts_again_at_its_end(tmp_path):
    clock = Clock()
    hub = make_hub(tmp_path, clock, seats=3)
    aoi, ben = Phone(hub, "Aoi"), Phone(hub, "Ben")
    hub.sit(aoi.token, "d")
    hub.sit(ben.token, "d")
    hub.start(aoi.token, "d")
    room = hub.rooms["d"]
    ben.disconnect()
    rng = random.Random(3)
    while room.in_game:  # Ben's turns run out: the timer plays them; Ben's hold waits
        if not play_until_people_wait(hub, [aoi], rng, 10_000) and room.in_game:
            clock.now += HOLD  # longer than the hold, but a game runs
            hub.tick()
    assert room.seats[1] == "Ben"  # seen during the game: not an absent seat
    assert room.away["Ben"] == clock.now + HOLD  # the full hold from the game's end
    clock.now += HOLD
    hub.tick()
    assert room.seats[1] is None
    hub.shutdown()


@pytest.mark.parametrize("crash", [False, True])
def test_after_a_restart_every_seat_is_held_afresh_then_freed(tmp_path, crash):
    clock = Clock()
    hub = make_hub(tmp_path, clock)
    phones = [Phone(hub, f"P{i}") for i in range(5)]
    for p in phones:
        hub.sit(p.token, "d")
    for p in phones[:4]:
        p.disconnect()
    clock.now += HOLD - 1  # nearly over before the server stops
    hub.tick()
    if crash:
        hub.journal.close()  # no shutdown: as after kill -9
    else:
        hub.shutdown()
    again = make_hub(tmp_path, clock)
    room = again.rooms["d"]
    assert room.seats == [f"P{i}" for i in range(5)]
    assert all(room.away[f"P{i}"] == clock.now + HOLD for i in range(5))
    back = Phone(again, "P4", token=phones[4].token)  # the one phone still there comes back
    assert back.last("room")["host"] is True
    newcomer = Phone(again, "Neu")
    refused("room_full", again.sit, newcomer.token, "d")
    clock.now += HOLD
    again.tick()
    assert room.seats == [None, None, None, None, "P4"]
    assert again.sit(newcomer.token, "d") == 0
    again.start(back.token, "d")
    again.shutdown()
    third = make_hub(tmp_path, clock)  # the frees were journalled
    assert third.rooms["d"].seats == ["Neu", None, None, None, "P4"]
    third.shutdown()
