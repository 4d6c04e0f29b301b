"""Names expire and new names are limited (issue 32.7), on the hub with injected clocks: a name
that never played and is unused is forgotten names_expire_hours after it was made (the name
free again, its token void, journalled across a restart); a name that played, or one in use,
stays; new names are limited per address and per /24 an hour, a refused name costs no share."""

from __future__ import annotations

from functools import partial

from test_games_web_hub import Clock, refused

from games.web.hub import Hub, HubOptions, RoomSpec
from games.web.phones import Phone

HOUR = 3600.0


def make_hub(folder, clock, wall, **options):
    spec = RoomSpec("d", "daifugo", 3, stake="beginner", cpu_level="easy")
    knobs = HubOptions(
        cpu_workers=0, seed=5, cpu_delay=0, advance_pause=0, turn_seconds=0, **options
    )
    hub = Hub(folder, rooms=[spec], clock=clock, wall=wall, options=knobs)
    hub.load()
    return hub


def test_a_name_that_never_played_expires_and_one_that_played_stays(tmp_path):
    clock, wall = Clock(), Clock()
    hub = make_hub(tmp_path, clock, wall, name_hours=6)
    idle = hub.join("Idle")
    player = Phone(hub, "Player")
    hub.sit(player.token, "d")
    hub.start(player.token, "d")
    watcher = Phone(hub, "Watcher")  # connected: in use
    hub.leave(player.token)
    player.disconnect()
    wall.now += 6 * HOUR - 1
    clock.now += 120
    hub.tick()
    assert hub.players.by_name("Idle") is not None  # not yet
    wall.now += 2
    clock.now += 120
    hub.tick()
    assert hub.players.by_name("Idle") is None
    refused("unknown_token", hub.rejoin, idle.token)
    assert hub.players.by_name("Player") is not None  # it played: kept (its chips)
    assert hub.players.by_name("Watcher") is not None  # a phone connected: kept
    watcher.disconnect()
    assert hub.forget_expired() == ["Watcher"]
    again = hub.join("idle")  # the name is free again
    hub.shutdown()
    reopened = make_hub(tmp_path, clock, wall, name_hours=6)
    assert reopened.players.by_name("Watcher") is None
    assert reopened.rejoin(again.token).name == "idle"
    assert reopened.players.by_name("Player").played
    reopened.shutdown()


def test_names_never_expire_with_zero_hours(tmp_path):
    clock, wall = Clock(), Clock()
    hub = make_hub(tmp_path, clock, wall, name_hours=0)
    hub.join("Idle")
    wall.now += 1000 * HOUR
    assert hub.forget_expired() == []
    hub.shutdown()


def test_new_names_are_limited_per_address_and_per_network(tmp_path):
    clock, wall = Clock(), Clock()
    hub = make_hub(tmp_path, clock, wall, names_per_address=3, names_per_network=5)
    for i in range(3):
        hub.join(f"a{i}", address="192.168.1.10")
    error = refused("too_many_names", partial(hub.join, address="192.168.1.10"), "a3")
    assert error.params["minutes"] >= 1
    refused(
        "name_taken", partial(hub.join, address="192.168.1.11"), "a0"
    )  # a refusal costs no share
    hub.join("b0", address="192.168.1.11")
    hub.join("b1", address="192.168.1.12")
    refused(
        "too_many_names", partial(hub.join, address="192.168.1.13"), "c0"
    )  # the /24's five used
    hub.join("d0", address="10.0.0.1")  # another network
    hub.move("a0", hub.players.by_name("a0").code)  # bringing a name back makes none
    clock.now += HOUR
    hub.join("a3", address="192.168.1.10")  # an hour later: shares again
    hub.shutdown()
