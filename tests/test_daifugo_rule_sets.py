"""The seed's rooms (issue 43.2), without Qt: each Daifugō room plays one of the seed's rule
sets (ルール1..4), chosen in config.toml (games_web.daifugo_rule_sets) and by the host between
games (the laptop's window: Hub.set_rules, journalled, kept through a restart); the lobby and
the room name the set; the results carry the money's parts (titles, fees, the 2 % play fee,
the prize, who took it); a winner who leaves passes the prize to the next place."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from eventkit.tomlconf import ConfigError, collecting_problems, speaking
from games.common.table import Refused
from games.daifugo.chips import PLAY_FEE_PERCENT, ROOMS, fee
from games.daifugo.ruleset import Rules, Title, ranks_from_places
from games.daifugo.table import TableSession
from games.web.hub import Hub, HubOptions
from games.web.phones import Phone, play_until_people_wait
from games.web.settings import check_section, parse_settings, rooms
from games.web.tables import RoomSpec

# -- config.toml ----------------------------------------------------------------------------


def _rules_of(table):
    return {spec.id: spec.rules for spec in rooms(parse_settings(table)) if spec.game == "daifugo"}


def test_each_room_plays_the_rule_set_config_gives_it():
    three = {"daifugo_rooms": ["beginner", "intermediate", "beginner"]}
    # absent: [daifugo] rule_set (1 by default, kept as None in the room's record)
    assert set(_rules_of(three).values()) == {None}
    chosen = _rules_of({**three, "daifugo_rule_sets": [2, 4, 3]})
    assert chosen == {
        "daifugo-beginner": "2",
        "daifugo-intermediate": "4",
        "daifugo-beginner-2": "3",
    }
    assert set(_rules_of({**three, "daifugo_rule_sets": [3]}).values()) == {"3"}  # one for all


def test_the_daifugo_section_s_rule_set_is_every_room_s_without_the_key():
    from games.daifugo.settings import parse_settings as parse_daifugo

    settings = parse_settings({"daifugo_rooms": ["beginner", "advanced"]})
    specs = rooms(settings, {"daifugo": parse_daifugo({"rule_set": 4})})
    assert [s.rules for s in specs if s.game == "daifugo"] == ["4", "4"]
    settings = parse_settings(
        {"daifugo_rooms": ["beginner", "advanced"], "daifugo_rule_sets": [1, 2]}
    )
    specs = rooms(settings, {"daifugo": parse_daifugo({"rule_set": 4})})
    assert [s.rules for s in specs if s.game == "daifugo"] == [None, "2"]  # the key wins


@pytest.mark.parametrize(
    ("value", "ja", "en"),
    [
        ([5], "daifugo_rule_sets に 5 があります。ルールは 1、2、3、4", "daifugo_rule_sets has 5"),
        ([0, 1, 2], "daifugo_rule_sets に 0 があります", "each rule set is 1, 2, 3 or 4"),
        ([1, 2], "2 個ありますが、部屋は 3 つです", "lists 2 rule sets for 3 rooms"),
        ([1, 2, 3, 4], "4 個ありますが、部屋は 3 つです", "lists 4 rule sets for 3 rooms"),
        ("2", "daifugo_rule_sets", "daifugo_rule_sets"),
    ],
)
def test_a_wrong_rule_set_is_one_line_in_the_config_s_language(value, ja, en):
    table = {"daifugo_rooms": ["beginner", "intermediate", "advanced"], "daifugo_rule_sets": value}
    for language, says in (("ja", ja), ("en", en)):
        with speaking(language), pytest.raises(ConfigError) as info:
            check_section(table, Path.cwd())
        text = str(info.value)
        assert says in text and "\n" not in text and "Traceback" not in text
    with speaking("en"), collecting_problems() as problems:  # bingo check-config goes on
        settings = check_section(table, Path.cwd())
    assert len(problems) == 1 and "daifugo_rule_sets" in problems[0]
    assert set(_rules_of_settings(settings)) == {None}  # the default kept


def _rules_of_settings(settings):
    return [spec.rules for spec in rooms(settings) if spec.game == "daifugo"]


def test_the_shipped_config_names_the_key():
    text = (Path(__file__).resolve().parent.parent / "config.toml").read_text(encoding="utf-8")
    assert "\ndaifugo_rule_sets = []\n" in text


# -- the host's choice between games ----------------------------------------------------------


def make_hub(folder, *, rules=None, seats=4, seed=5):
    spec = RoomSpec("d", "daifugo", seats, stake="beginner", cpu_level="easy", rules=rules)
    hub = Hub(
        folder,
        rooms=[spec],
        options=HubOptions(cpu_workers=0, seed=seed, cpu_delay=0, advance_pause=0, turn_seconds=0),
    )
    hub.load()
    return hub


def play_game(hub, phones, rng):
    while hub.rooms["d"].in_game:
        if not play_until_people_wait(hub, phones, rng, 10_000):
            hub.run_cpus()


def lobby_set(hub):
    return hub.lobby()["rooms"][0]["rule_set"]


def test_the_laptop_chooses_the_rule_set_between_games_and_a_restart_keeps_it(tmp_path):
    hub = make_hub(tmp_path, rules="2")
    a = Phone(hub, "あ")
    hub.sit(a.token, "d")
    assert lobby_set(hub) == {
        "id": "2",
        "name": "ルール2",
        "summary": "革命・禁止あがり・8切り・11バック・スペ3返し・都落ち",
        "choices": ["1", "2", "3", "4"],
    }
    assert a.last("room")["rules"]["name"] == "ルール2"
    hub.start(a.token, "d")
    assert hub.rooms["d"].table.game.rules == Rules.preset(2)
    with pytest.raises(Refused) as info:  # never mid-game
        hub.set_rules(None, "d", "4")
    assert info.value.code == "room_playing"
    play_game(hub, [a], random.Random(1))
    hub.set_rules(None, "d", "4")
    assert (
        lobby_set(hub)["name"] == "ルール4" and a.last("lobby")["rooms"][0]["rule_set"]["id"] == "4"
    )
    room_message = a.last("room")  # the seated phone's rules panel follows at once
    assert room_message["rules"]["name"] == "ルール4"
    assert any("このルームでは無し：禁止あがり" in line for line in room_message["rules"]["lines"])
    hub.shutdown()

    again = make_hub(tmp_path, rules="2")  # a restart: the journal keeps the host's choice
    room = again.rooms["d"]
    assert room.rules == "4" and room.table.rules == Rules.preset(4)
    assert lobby_set(again)["name"] == "ルール4"
    a2 = Phone(again, "あ", token=a.token)
    again.start(a2.token, "d")
    assert room.table.game.rules == Rules.preset(4)  # the next game plays it
    again.shutdown()

    third = make_hub(tmp_path, rules="2")  # from the compacted journal, mid-game
    assert third.rooms["d"].rules == "4" and third.rooms["d"].in_game
    assert third.rooms["d"].table.game.rules == Rules.preset(4)
    third.shutdown()


def test_a_restart_before_any_game_keeps_the_choice_too(tmp_path):
    hub = make_hub(tmp_path)
    hub.set_rules(None, "d", "3")
    hub.shutdown()
    again = make_hub(tmp_path)
    assert again.rooms["d"].table.rules == Rules.preset(3)
    assert lobby_set(again) == {
        "id": "3",
        "name": "ルール3",
        "summary": "革命・禁止あがり・8切り・11バック",
        "choices": ["1", "2", "3", "4"],
    }
    again.shutdown()


def test_a_changed_config_wins_over_the_old_choice(tmp_path):
    hub = make_hub(tmp_path)
    hub.set_rules(None, "d", "3")
    hub.shutdown()
    again = make_hub(tmp_path, rules="4")  # the room's record changed: it starts afresh
    assert again.rooms["d"].rules == "4" and again.rooms["d"].table.rules == Rules.preset(4)
    again.shutdown()


def test_the_choice_is_the_host_s_and_one_of_the_four(tmp_path):
    hub = make_hub(tmp_path)
    a, b = Phone(hub, "あ"), Phone(hub, "い")
    hub.sit(a.token, "d")
    hub.sit(b.token, "d")
    codes = []
    for token, rules in ((b.token, "2"), (None, "5"), (None, "ルール2"), (None, 2)):
        with pytest.raises(Refused) as info:
            hub.set_rules(token, "d", rules)
        codes.append(info.value.code)
    assert codes == ["not_host", "bad_rules", "bad_rules", "bad_rules"]
    assert "1 / 2 / 3 / 4" in str(info.value.text)
    hub.set_rules(a.token, "d", "2")  # the room's host may, as for the CPU level
    assert hub.rooms["d"].rules == "2"
    hub.shutdown()


def test_a_game_with_one_set_of_rules_refuses_a_choice(tmp_path):
    spec = RoomSpec("c", "cool24", 1)
    hub = Hub(tmp_path, rooms=[spec], options=HubOptions(cpu_workers=0, seed=1))
    hub.load()
    with pytest.raises(Refused) as info:
        hub.set_rules(None, "c", "1")
    assert info.value.code == "one_rule_set" and hub.lobby()["rooms"][0]["rule_set"] is None
    hub.shutdown()


def test_the_lobby_speaks_english_when_configured(tmp_path):
    spec = RoomSpec("d", "daifugo", 4, stake="beginner", rules="3")
    hub = Hub(tmp_path, rooms=[spec], language="en", options=HubOptions(cpu_workers=0, seed=1))
    hub.load()
    named = hub.lobby()["rooms"][0]["rule_set"]
    assert (named["name"], named["summary"]) == (
        "Rule set 3",
        "Revolution, Forbidden finish, 8-cut, 11-back",
    )
    hub.shutdown()


# -- the results' parts ------------------------------------------------------------------------


def check_parts(results, seats):
    """The money of each seat is its parts: the prize to the winner, less its fee, less a
    penalty; the prize is the pot less the 2 % play fee; the fees by the titles played."""
    extra = results["extra"]
    titles_played = [Title(t) for t in extra["titles_played"]]
    assert extra["fees"] == [fee(ROOMS["beginner"], t) for t in titles_played]
    assert extra["pot"] == sum(extra["fees"])
    assert extra["play_fee"] == extra["pot"] * PLAY_FEE_PERCENT // 100 > 0
    assert extra["prize"] == extra["pot"] - extra["play_fee"]
    order = sorted(range(seats), key=lambda s: results["places"][s])
    assert extra["titles"] == [t.value for t in ranks_from_places(order)]
    for seat in range(seats):
        won = extra["prize"] if seat == extra["winner"] else 0
        paid = results["penalties"].get(str(seat), 0)
        assert results["money"][seat] == won - extra["fees"][seat] - paid
    return extra


def test_the_results_carry_titles_fees_the_play_fee_and_the_net(tmp_path):
    hub = make_hub(tmp_path, seats=5)
    a = Phone(hub, "あ")
    hub.sit(a.token, "d")
    rng = random.Random(4)
    for _ in range(2):  # the second game's fees are by the first's titles
        hub.start(a.token, "d")
        play_game(hub, [a], rng)
        extra = check_parts(a.last("results"), 5)
        assert extra["winner"] == a.last("results")["places"].index(1)
    assert sorted(extra["fees"]) == [25, 50, 100, 125, 200]  # 大貧民 ... 大富豪 at 初級
    hub.shutdown()


def test_a_winner_who_leaves_passes_the_prize_to_the_next_player(tmp_path_factory):
    """The rule the rules panel states, played: the first out leaves before the game ends,
    the second place takes the prize, the winner's parts are its fee alone."""
    for seed in range(60):
        hub = make_hub(tmp_path_factory.mktemp(f"s{seed}"), seed=seed)
        a, b = Phone(hub, "あ"), Phone(hub, "い")
        hub.sit(a.token, "d")
        hub.sit(b.token, "d")
        hub.start(a.token, "d")
        rng = random.Random(seed)
        room = hub.rooms["d"]
        while room.in_game and not room.table.game.finished:
            if not play_until_people_wait(hub, [a, b], rng, 1):
                hub.run_cpus()
        if room.in_game and room.table.game.finished[0] in (0, 1):
            break
        hub.shutdown()
    else:
        pytest.fail("no seed had a person go out first")
    assert any("次の順位のプレイヤー" in line for line in a.last("room")["rules"]["lines"])
    winner = room.table.game.finished[0]
    leaver, stayer = (a, b) if winner == 0 else (b, a)
    assert hub.leave(leaver.token) == 0  # out already: free
    play_game(hub, [stayer], rng)
    results = stayer.last("results")
    extra = check_parts(results, 4)
    second = results["places"].index(2)
    assert results["places"][winner] == 1 and extra["winner"] == second
    assert results["money"][winner] == -extra["fees"][winner]
    assert results["money"][second] == extra["prize"] - extra["fees"][second]
    hub.shutdown()


def test_the_rules_panel_states_the_prize_passes_on_in_both_languages():
    for language, says in (("ja", "次の順位のプレイヤー"), ("en", "the next place takes it")):
        lines = TableSession(names=["a", "b", "c"], language=language).rules_lines()
        assert any(says in line for line in lines), lines
