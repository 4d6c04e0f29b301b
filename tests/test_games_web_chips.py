"""Chips on the web hub (issue 31.6): a balance that cannot pay the room's largest fee is
topped up to the room's starting amount before the deal and the phone is told how much and
why; CPU seats keep their chips per room, never one balance across rooms."""

from __future__ import annotations

import random

from test_games_web_hub import Clock

from games.daifugo.chips import DEFAULT_START, ROOMS, fee, saved_balances
from games.daifugo.ruleset import Title
from games.web.hub import Hub, HubOptions, RoomSpec
from games.web.phones import Phone, play_until_people_wait


def two_rooms(folder):
    specs = [RoomSpec("a", "daifugo", 4, stake="advanced", cpu_level="easy"),
             RoomSpec("b", "daifugo", 4, stake="advanced", cpu_level="easy")]  # fmt: skip
    hub = Hub(
        folder,
        rooms=specs,
        clock=Clock(),
        options=HubOptions(cpu_workers=0, seed=7, cpu_delay=0, advance_pause=0, turn_seconds=0),
    )
    hub.load()
    return hub


def test_a_short_balance_is_topped_up_to_the_rooms_start_and_the_phone_told_why(tmp_path):
    hub = two_rooms(tmp_path)
    aoi = Phone(hub, "Aoi")
    bank = hub.rooms["a"].bank
    bank.add("Aoi", -(DEFAULT_START - 500))  # 500 left: the 上級 fees are up to 20,000
    bank.save()
    hub.sit(aoi.token, "a")
    hub.start(aoi.token, "a")
    largest = fee(ROOMS["advanced"], Title.DAIFUGO)
    message = aoi.last("chips")
    assert message["topped_up"] is True
    paid = fee(ROOMS["advanced"], Title.HEIMIN)  # a first game: everybody 平民
    assert message["balance"] == max(DEFAULT_START, largest) - paid == hub.balance("Aoi")
    assert (
        f"{largest:,}" in message["text"] and f"{max(DEFAULT_START, largest):,}" in message["text"]
    )
    assert f"{message['balance']:,}" in message["text"]
    ben = Phone(hub, "Ben")  # 10,000: enough for a 平民's 10,000 but not a 大富豪's 20,000
    hub.sit(ben.token, "b")
    hub.start(ben.token, "b")
    assert ben.last("chips")["topped_up"] is True
    hub.shutdown()


def test_cpu_seats_keep_their_chips_per_room(tmp_path):
    hub = two_rooms(tmp_path)
    a, b = Phone(hub, "Aoi"), Phone(hub, "Ben")
    hub.sit(a.token, "a")
    hub.sit(b.token, "b")
    hub.start(a.token, "a")
    hub.start(b.token, "b")
    balances = saved_balances(hub.chips.path)
    assert "CPU 2" not in balances  # no account shared by the rooms' CPU 2
    assert {"CPU 2 @a", "CPU 2 @b"} <= set(balances)
    table_a = hub.rooms["a"].table
    assert table_a.names[1] == "CPU 2" and table_a.account(1) == "CPU 2 @a"
    hub.run_cpus()
    assert a.table["names"][1] == "CPU 2"  # the phones still read CPU 2
    hub.shutdown()


def test_balances_come_from_memory_and_each_save_is_written_through(tmp_path, monkeypatch):
    """The chips file is read once, when the hub opens: no balance lookup reads it again, and
    what each game's end saved is what the hub says (the file's balances, CPUs' accounts too)."""
    hub = two_rooms(tmp_path)
    money = type(hub.chips.money)
    reads = []
    read = money.saved_balances
    monkeypatch.setattr(
        money, "saved_balances", lambda m, path: reads.append(path) or read(m, path)
    )
    a, b = Phone(hub, "Aoi"), Phone(hub, "Ben")
    hub.sit(a.token, "a")
    hub.sit(b.token, "b")
    rng = random.Random(3)
    seen = []
    for _ in range(2):  # the second game's fees and prizes start from the first's balances
        hub.start(a.token, "a")
        hub.start(b.token, "b")
        while hub.rooms["a"].in_game or hub.rooms["b"].in_game:
            if not play_until_people_wait(hub, [a, b], rng, 10_000):
                hub.run_cpus()
        on_file = saved_balances(hub.chips.path)
        assert {name: hub.balance(name) for name in on_file} == on_file
        assert a.last("chips")["balance"] == on_file["Aoi"]
        seen.append(on_file)
        assert hub.balance("Nobody yet") == DEFAULT_START
    assert seen[0] != seen[1]  # chips moved: the second game's balances were not the first's
    assert reads == []
    hub.shutdown()
