"""The games' web hub without sockets: names and tokens, seats, spectators and tapping a player,
leaving mid-game (penalty once, a CPU takes over), the prize passing on, the turn timer on an
injected clock, seats freed after a game without a phone, chips by name across a restart."""

from __future__ import annotations

import json
import random

import pytest

from eventkit.errors import UserError
from games.common.protocol import to_json
from games.common.table import Refused
from games.daifugo.chips import ROOMS, fee
from games.daifugo.ruleset import Title
from games.web.hub import Hub, HubOptions, RoomSpec
from games.web.phones import Phone, play_until_people_wait

START = 10_000


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def make_hub(folder, *, seats=4, turn=0.0, clock=None, seed=5, level="easy", game="daifugo"):
    spec = RoomSpec("d", game, seats, stake="beginner" if game == "daifugo" else None,
                    cpu_level=level)  # fmt: skip
    hub = Hub(
        folder,
        rooms=[spec],
        clock=clock or Clock(),
        options=HubOptions(
            cpu_workers=0, seed=seed, cpu_delay=0, advance_pause=0, turn_seconds=turn
        ),
    )
    hub.load()
    return hub


@pytest.fixture
def hub(tmp_path):
    hub = make_hub(tmp_path)
    yield hub
    hub.shutdown()


def refused(code, call, *args):
    with pytest.raises(Refused) as info:
        call(*args)
    assert info.value.code == code, info.value.code
    assert info.value.text
    return info.value


def test_names_tokens_and_coming_back(tmp_path):
    hub = make_hub(tmp_path)
    sakura = hub.join("  さくら ")
    assert sakura.name == "さくら" and len(sakura.token) >= 24
    assert hub.rejoin(sakura.token) == sakura
    refused("name_taken", hub.join, "さくら")
    for bad, why in (
        ("", "name_length"),
        ("   ", "name_length"),
        ("CPU 1", "name_cpu"),
        ("cpu", "name_cpu"),
        ("x" * 17, "name_length"),
        ("a\x00b", "name_control"),
    ):
        refused(why, hub.join, bad)
    refused("unknown_token", hub.rejoin, "not-a-token")
    refused("unknown_token", hub.connect, "not-a-token", lambda m: None)
    refused("unknown_token", hub.sit, "not-a-token", "d")
    hub.shutdown()
    again = make_hub(tmp_path)  # the token survives a restart of the server
    assert again.rejoin(sakura.token) == sakura
    refused("name_taken", again.join, "さくら")
    again.shutdown()


def test_a_second_server_on_the_same_folder_is_refused(tmp_path, hub):
    with pytest.raises(UserError, match="another games server"):
        make_hub(tmp_path)


def test_sitting_hosting_and_starting(hub):
    a, b, c = (Phone(hub, n) for n in ("あ", "い", "う"))
    assert hub.sit(a.token, "d") == 0
    assert hub.sit(b.token, "d", 2) == 2
    refused("seat_taken", hub.sit, c.token, "d", 2)
    refused("no_such_seat", hub.sit, c.token, "d", 9)
    refused("unknown_room", hub.sit, c.token, "nowhere")
    refused("not_host", hub.start, b.token, "d")
    room = a.last("room")
    assert room["host"] is True and room["seat"] == 0 and room["role"] == "seated"
    assert b.last("room")["host"] is False
    seats = a.last("lobby")["rooms"][0]["seats"]
    assert [s["name"] for s in seats] == ["あ", None, "い", None]
    hub.start(a.token, "d")
    assert a.last("lobby")["rooms"][0]["state"] == "playing"
    refused("room_playing", hub.sit, c.token, "d")
    refused("room_playing", hub.start, None, "d")
    hub.watch(c.token, "d")
    assert c.last("room")["role"] == "spectator"
    names = a.table["names"]
    assert names[0] == "あ" and names[2] == "い" and names[1].startswith("CPU")
    assert a.table["people"] == [0, 2]


def test_the_laptop_starts_and_nobody_seated_is_refused(hub):
    refused("nobody_seated", hub.start, None, "d")
    a = Phone(hub, "あ")
    hub.sit(a.token, "d")
    hub.start(None, "d")
    assert hub.rooms["d"].in_game


def test_each_seat_sees_its_own_hand_and_comes_back_to_it(hub):
    a, b = Phone(hub, "あ"), Phone(hub, "い")
    hub.sit(a.token, "d")
    hub.sit(b.token, "d")
    hub.start(a.token, "d")
    hub.run_cpus()
    table = hub.rooms["d"].table
    for phone, seat in ((a, 0), (b, 1)):
        assert phone.table["seat"] == seat
        assert phone.table["view"] == to_json(table.view(seat))
    play_until_people_wait(hub, [a, b], random.Random(2), 6)
    a.disconnect()
    back = Phone(hub, "あ", token=hub.rejoin(a.token).token)  # a reload: same token
    assert back.last("hello")["room"] == "d"
    assert back.table["seat"] == 0
    assert back.table["view"] == to_json(hub.rooms["d"].table.view(0))


def test_spectators_see_the_public_table_and_tap_a_player(hub):
    a, b, s = Phone(hub, "あ"), Phone(hub, "い"), Phone(hub, "み")
    hub.sit(a.token, "d")
    hub.sit(b.token, "d")
    hub.watch(s.token, "d")
    hub.start(a.token, "d")
    hub.run_cpus()
    table = hub.rooms["d"].table
    assert s.table["seat"] is None and s.table["view"] == to_json(table.view(None))
    assert s.table["legal"] == [] and s.table["peek"] is None
    hub.peek(s.token, 1)
    assert s.table["peek"]["seat"] == 1
    assert s.table["peek"]["view"] == to_json(table.view(1))
    refused("still_playing", hub.peek, a.token, 1)
    assert a.table["peek"] is None
    hub.peek(s.token, None)
    assert s.table["peek"] is None


def test_a_second_name_on_the_same_phone_cannot_peek_while_the_first_plays(hub):
    """One phone, two tabs, two names: the spectator's tab never sees another seat's hand
    while the seated name plays (IPv6 counts per /64); another address may look."""
    a = Phone(hub, "あ", address="2001:db8:1:2::10")
    b = Phone(hub, "い", address="192.0.2.7")
    hub.sit(a.token, "d")
    hub.sit(b.token, "d")
    same = Phone(hub, "み", address="2001:db8:1:2:aaaa::99")  # same /64 as あ
    other = Phone(hub, "よ", address="2001:db8:1:3::10")  # the next /64: another phone
    hub.watch(same.token, "d")
    hub.watch(other.token, "d")
    hub.start(a.token, "d")
    hub.run_cpus()
    refused("same_phone", hub.peek, same.token, 1)
    assert same.table["peek"] is None
    hub.peek(other.token, 1)
    assert other.table["peek"]["view"] == to_json(hub.rooms["d"].table.view(1))
    # a tab that peeked first, then the seated name connects from its address: no more peek
    late = Phone(hub, "ら", address="198.51.100.3")
    hub.watch(late.token, "d")
    hub.peek(late.token, 0)
    assert late.table["peek"]["seat"] == 0
    Phone(hub, "い", token=b.token, address="198.51.100.3")  # い's second socket, same phone
    hub.watch(Phone(hub, "ゆ").token, "d")  # any change: the table goes to the whole room
    assert late.table["peek"] is None and other.table["peek"]["seat"] == 1
    refused("same_phone", hub.peek, late.token, 0)


def test_two_browsers_behind_one_address_may_peek_but_two_tabs_of_one_may_not(hub):
    """Phones on one Wi-Fi behind one address: the page's device id tells their browsers
    apart, so a spectator's own browser may peek; a second name in the seated player's
    browser (its tabs share the id) may not."""
    a = Phone(hub, "あ", address="192.0.2.1", device="a" * 32)
    b = Phone(hub, "い", address="192.0.2.1", device="b" * 32)
    hub.sit(a.token, "d")
    hub.sit(b.token, "d")
    watcher = Phone(hub, "み", address="192.0.2.1", device="c" * 32)  # another phone
    second_tab = Phone(hub, "よ", address="192.0.2.1", device="a" * 32)  # あ's browser
    hub.watch(watcher.token, "d")
    hub.watch(second_tab.token, "d")
    hub.start(a.token, "d")
    hub.run_cpus()
    hub.peek(watcher.token, 1)
    assert watcher.table["peek"]["view"] == to_json(hub.rooms["d"].table.view(1))
    refused("same_phone", hub.peek, second_tab.token, 1)
    assert second_tab.table["peek"] is None


def test_a_player_out_of_the_game_may_tap_a_player(tmp_path_factory):
    hub, (a, b), _ = _seed_where(tmp_path_factory, lambda room: bool(room.out() & {0, 1}))
    room = hub.rooms["d"]
    out, other = (a, b) if 0 in room.out() else (b, a)
    still = 1 if out is a else 0
    refused("still_playing", hub.peek, other.token, 3)
    hub.peek(out.token, still)
    assert out.table["peek"]["view"] == to_json(room.table.view(still))
    assert other.table["peek"] is None
    hub.shutdown()


def _play_game(hub, phones, rng):
    while hub.rooms["d"].in_game:
        if not play_until_people_wait(hub, phones, rng, 10_000):
            hub.run_cpus()


def test_leaving_mid_game_costs_the_penalty_once_and_a_cpu_plays_on(tmp_path):
    hub = make_hub(tmp_path)
    a, b = Phone(hub, "あ"), Phone(hub, "い")
    hub.sit(a.token, "d")
    hub.sit(b.token, "d")
    hub.start(a.token, "d")
    rng = random.Random(3)
    play_until_people_wait(hub, [a, b], rng, 3)
    room = hub.rooms["d"]
    assert room.in_game and 0 not in room.out()
    stake = ROOMS["beginner"].stake
    paid = fee(ROOMS["beginner"], Title.HEIMIN)  # everyone is 平民 in a first game
    assert hub.leave(a.token) == stake
    assert a.last("room")["room"] is None
    assert a.last("chips")["balance"] == START - paid - stake
    assert hub.leave(a.token) == 0  # no longer anywhere: nothing more
    assert 0 not in room.table.people  # the seat is a CPU's now
    _play_game(hub, [b], rng)
    results = b.last("results")
    assert results["left"] == [0] and results["penalties"] == {"0": stake}
    money = results["money"]
    assert hub.balance("あ") == START + money[0]
    assert money[0] <= -(paid + stake)
    assert hub.balance("い") == START + money[1]
    hub.shutdown()
    again = make_hub(tmp_path)  # persisted, charged once
    assert again.balance("あ") == START + money[0]
    again.shutdown()


def test_leaving_a_daifugo_room_between_games_is_free(tmp_path):
    """Before the first game and after a game's end, leaving costs nothing: the balance stays,
    also on file after a restart."""
    hub = make_hub(tmp_path)
    a, b = Phone(hub, "あ"), Phone(hub, "い")
    hub.sit(a.token, "d")
    assert hub.leave(a.token) == 0 and hub.balance("あ") == START  # before any game
    hub.sit(a.token, "d")
    hub.sit(b.token, "d")
    hub.start(a.token, "d")
    _play_game(hub, [a, b], random.Random(4))
    room = hub.rooms["d"]
    assert not room.in_game and b.last("results") is not None
    after_game = hub.balance("あ")
    assert after_game == START + b.last("results")["money"][0]
    chips_before = len([m for m in a.received if m["type"] == "chips"])
    assert hub.leave(a.token) == 0
    assert hub.balance("あ") == after_game
    assert len([m for m in a.received if m["type"] == "chips"]) == chips_before
    assert a.last("room")["room"] is None and room.seat_of("あ") is None
    hub.shutdown()
    again = make_hub(tmp_path)
    assert again.balance("あ") == after_game
    again.shutdown()


def _seed_where(tmp_path_factory, wanted):
    """A hub whose game (two phones at a 4-seat table, random actions) has come to a point
    where `wanted(room)` holds while the game still runs."""
    for seed in range(60):
        hub = make_hub(tmp_path_factory.mktemp(f"s{seed}"), seed=seed)
        a, b = Phone(hub, "あ"), Phone(hub, "い")
        hub.sit(a.token, "d")
        hub.sit(b.token, "d")
        hub.start(a.token, "d")
        rng = random.Random(seed)
        room = hub.rooms["d"]
        while room.in_game and not wanted(room):
            if not play_until_people_wait(hub, [a, b], rng, 1):
                hub.run_cpus()
        if room.in_game:
            return hub, (a, b), rng
        hub.shutdown()
    pytest.fail("no seed came to the point wanted")


def test_a_winner_who_leaves_before_the_end_passes_the_prize_on(tmp_path_factory):
    def a_person_won(room):
        return room.table.game.finished[:1] in ([0], [1])

    hub, phones, rng = _seed_where(tmp_path_factory, a_person_won)
    room = hub.rooms["d"]
    winner = room.table.game.finished[0]
    leaver = phones[winner]
    stayer = phones[1 - winner]
    assert hub.leave(leaver.token) == 0  # out of the game already: leaving is free
    _play_game(hub, [stayer], rng)
    results = stayer.last("results")
    places = results["places"]
    second = places.index(2)
    money = results["money"]
    assert places[winner] == 1 and results["left"] == [winner]
    paid = fee(ROOMS["beginner"], Title.HEIMIN)
    assert money[winner] == -paid  # no prize for the winner who left
    assert money[second] > 0  # the next place took it
    assert hub.balance(leaver.name) == START - paid
    hub.shutdown()


def test_the_turn_timer_moves_for_a_sleeping_phone(tmp_path):
    clock = Clock()
    hub = make_hub(tmp_path, turn=20.0, clock=clock)
    a = Phone(hub, "あ")
    hub.sit(a.token, "d")
    hub.start(a.token, "d")
    hub.run_cpus()
    room = hub.rooms["d"]
    while room.person_to_move() is None and room.in_game:  # pragma: no cover - seed guard
        hub.run_cpus()
    step = room.step
    assert a.table["your_turn"] and a.table["deadline"] == 20.0
    clock.now += 19.5
    assert hub.tick() == 0 and hub.run_cpus() == 0 and room.step == step
    clock.now += 1.0
    assert hub.tick() == 1
    hub.run_cpus(limit=1)
    assert room.step == step + 1 and room.last["seat"] == 0
    journal = (tmp_path / "games_web.journal").read_text().splitlines()
    assert json.loads(journal[-1])["by"] == "timer"


def test_a_seat_without_a_phone_for_a_whole_game_is_freed(tmp_path):
    clock = Clock()
    hub = make_hub(tmp_path, turn=5.0, clock=clock)
    a, b = Phone(hub, "あ"), Phone(hub, "い")
    hub.sit(a.token, "d")
    hub.sit(b.token, "d")
    b.disconnect()
    hub.start(a.token, "d")
    rng = random.Random(8)
    room = hub.rooms["d"]
    while room.in_game:
        if not play_until_people_wait(hub, [a], rng, 10_000) and room.in_game:
            clock.now += 6.0
            hub.tick()
    assert room.seats[0] == "あ" and room.seats[1] is None
    assert "い" not in hub.rooms.where
    hub.start(a.token, "d")  # the next game: a CPU in the freed seat
    assert 1 not in room.table.people
    hub.shutdown()


def _balances(hub, names):
    return {n: hub.balance(n) for n in names}


def test_chips_by_name_survive_a_restart_mid_game_never_doubled(tmp_path_factory):
    """The same seeded game with the same phone actions, once straight through and once with
    the server stopped and reopened mid-game: same results, same balances, and the chips file
    holds no game in progress at the end."""

    def play(folder, stop_after):
        hub = make_hub(folder, seed=11)
        a, b = Phone(hub, "あ"), Phone(hub, "い")
        hub.sit(a.token, "d")
        hub.sit(b.token, "d")
        rng = random.Random(5)
        results = []
        for game in range(2):
            hub.start(a.token, "d")
            play_until_people_wait(hub, [a, b], rng, 4)
            if game == 1 and stop_after:
                step = hub.rooms["d"].step
                view = to_json(hub.rooms["d"].table.view(0))
                hub.shutdown()  # the process would die here: nothing more is written
                hub = make_hub(folder, seed=11)
                assert hub.restored == 1
                assert hub.rooms["d"].step == step
                assert to_json(hub.rooms["d"].table.view(0)) == view
                a = Phone(hub, "あ", token=a.token)
                b = Phone(hub, "い", token=b.token)
            _play_game(hub, [a, b], rng)
            results.append(a.last("results")["money"])
        balances = _balances(hub, ["あ", "い", "CPU 3 @d", "CPU 4 @d"])  # CPUs' chips: per room
        chips = json.loads((folder / "daifugo_chips.json").read_text())
        hub.shutdown()
        return results, balances, chips

    straight = play(tmp_path_factory.mktemp("straight"), False)
    stopped = play(tmp_path_factory.mktemp("stopped"), True)
    assert stopped[0] == straight[0]
    assert stopped[1] == straight[1]
    assert stopped[2]["open"] == {} and stopped[2]["balances"] == straight[2]["balances"]
    for name, balance in straight[1].items():
        seat = ["あ", "い", "CPU 3 @d", "CPU 4 @d"].index(name)
        assert balance == START + sum(money[seat] for money in straight[0])


def test_a_torn_last_record_is_dropped(tmp_path):
    hub = make_hub(tmp_path)
    a = Phone(hub, "あ")
    hub.sit(a.token, "d")
    hub.shutdown()
    with open(tmp_path / "games_web.journal", "ab") as f:
        f.write(b'{"k":"sit","room":"d","na')  # the crash came mid-line
    again = make_hub(tmp_path)
    assert again.journal.dropped_tail
    assert again.rooms["d"].seats[0] == "あ"
    again.shutdown()


def test_a_schwimmen_table_seats_people_cpus_and_a_spectator_to_its_end(tmp_path):
    clock = Clock()
    hub = make_hub(tmp_path, seats=4, game="schwimmen", turn=10.0, clock=clock)
    a, b, s = Phone(hub, "あ"), Phone(hub, "い"), Phone(hub, "み")
    hub.sit(a.token, "d", 1)
    hub.sit(b.token, "d", 3)
    hub.watch(s.token, "d")
    assert a.last("room")["rules"]["lines"]  # the 「ルール」 panel
    hub.start(a.token, "d")
    room = hub.rooms["d"]
    assert a.table["names"] == [room.cpu_name(0), "あ", room.cpu_name(2), "い"]
    rng = random.Random(1)
    rounds = set()
    left = False
    while room.in_game:
        play_until_people_wait(hub, [a, b], rng, 1)
        rounds.add(room.table.game.round_number)
        assert s.table["view"] == to_json(room.table.view(None))
        if not left and len(rounds) > 1 and room.in_game:
            assert hub.leave(b.token) == 0  # no money at Schwimmen: leaving is free
            assert 3 not in room.table.people
            left = True
        if room.in_game and room.person_to_move() is None and not room.work():
            clock.now += 11  # pragma: no cover - only a sleeping phone would wait here
            hub.tick()
    assert left and len(rounds) > 1
    results = s.last("results")
    places = results["places"]  # the game ends when a person wins or every person is out
    assert places[1] is not None and (places[1] == 1 or 1 not in places)
    assert results["money"] is None and results["left"] == [3]
    hub.shutdown()


def test_the_host_chooses_the_cpu_level_between_games(hub):
    a, b = Phone(hub, "あ"), Phone(hub, "い")
    hub.sit(a.token, "d")
    hub.sit(b.token, "d")
    refused("not_host", hub.set_cpu_level, b.token, "d", "strong")
    refused("bad_level", hub.set_cpu_level, a.token, "d", "genius")
    hub.set_cpu_level(a.token, "d", "normal")
    assert a.last("lobby")["rooms"][0]["cpu_level"] == "normal"
    hub.start(a.token, "d")
    refused("room_playing", hub.set_cpu_level, None, "d", "strong")
    table = hub.rooms["d"].table
    assert {cpu.level for cpu in table.cpus if cpu is not None} == {"normal"}


@pytest.mark.parametrize("damage", ["other code", "broken snapshot"])
def test_a_game_the_code_cannot_restore_is_dropped_and_its_fees_given_back(tmp_path, damage):
    hub = make_hub(tmp_path)
    a, b = Phone(hub, "あ"), Phone(hub, "い")
    hub.sit(a.token, "d")
    hub.sit(b.token, "d")
    hub.start(a.token, "d")
    play_until_people_wait(hub, [a, b], random.Random(1), 4)
    assert hub.balance("あ") < START
    hub.shutdown()
    path = tmp_path / "games_web.journal"
    records = [json.loads(line) for line in path.read_text().splitlines()]
    for record in records:
        if record["k"] == "start":
            if damage == "other code":  # the program was updated between the two runs
                record["code"] = "0" * 16
            else:
                record["table"] = record["table"][:200]
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records))
    again = make_hub(tmp_path)
    room = again.rooms["d"]
    assert again.restored == 0 and not room.in_game
    assert room.seats[:2] == ["あ", "い"]  # the people keep their seats for the next game
    assert again.balance("あ") == again.balance("い") == START
    assert json.loads((tmp_path / "daifugo_chips.json").read_text())["open"] == {}
    again.start(None, "d")  # and the room plays on
    assert room.in_game
    again.shutdown()


def test_rooms_play_the_configured_rules(tmp_path):
    """RoomSpec.rules and settings reach the tables: Daifugō rule set 3, Schwimmen's house
    rules with the section's start coins and suit tiebreak (as config.toml gives them)."""
    from games.daifugo.ruleset import Rules as DaifugoRules
    from games.schwimmen.rules import Rules as SchwimmenRules
    from games.schwimmen.settings import SchwimmenSettings

    section = SchwimmenSettings(rules="house", start_coins=5, suit_tiebreak=True, players=7)
    specs = [
        RoomSpec("d", "daifugo", 4, stake="beginner", cpu_level="easy", rules="3"),
        RoomSpec("s", "schwimmen", 3, cpu_level="easy", rules="house", settings=section),
    ]
    hub = Hub(
        tmp_path,
        rooms=specs,
        options=HubOptions(cpu_workers=0, seed=3, cpu_delay=0, advance_pause=0, turn_seconds=0),
    )
    hub.load()
    a, b = Phone(hub, "あ"), Phone(hub, "い")
    hub.sit(a.token, "d")
    hub.sit(b.token, "s")
    hub.start(None, "d")
    hub.start(None, "s")
    assert hub.rooms["d"].table.rules == DaifugoRules.preset(3) != DaifugoRules.preset(1)
    played = hub.rooms["s"].table.game.rules
    house = SchwimmenRules.house(start_coins=5, suit_tiebreak=True, people=played.people)
    assert played == house != SchwimmenRules.house(people=played.people)
    assert hub.rooms["s"].table.num_players == 3  # the room's seats, not the section's players
    with pytest.raises(ValueError, match="rule set 1-4"):
        RoomSpec("x", "daifugo", 4, stake="beginner", rules="9").check()
    with pytest.raises(ValueError, match="standard, house"):
        RoomSpec("y", "schwimmen", 4, rules="casino").check()
    hub.shutdown()


def test_restore_does_not_import_the_hub():
    """No import cycle: the hub imports games.web.restore, which works on the rooms and the
    journal (its RestoringHub protocol) and never imports games.web.hub, not even for typing."""
    import ast
    from pathlib import Path

    import games.web.restore as restore_module

    tree = ast.parse(Path(restore_module.__file__).read_text(encoding="utf-8"))
    imported = {
        node.module if isinstance(node, ast.ImportFrom) else alias.name
        for node in ast.walk(tree)
        if isinstance(node, (ast.Import, ast.ImportFrom))
        for alias in node.names
    }
    assert "games.web.hub" not in imported, imported
    assert "TYPE_CHECKING" not in {a.name for n in ast.walk(tree)
                                   if isinstance(n, ast.ImportFrom) for a in n.names}  # fmt: skip
