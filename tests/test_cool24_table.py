"""The Qt-free COOL 24+24 table: seeds per game, stages, plays, refusals, views and hints."""

from __future__ import annotations

import json

import pytest

from games.common.protocol import to_json
from games.common.table import Refused, TableProtocol
from games.cool24.rules import PlayResult, PlaySlot, legal_slots, parse_card
from games.cool24.settings import Cool24Settings
from games.cool24.table import Stage, TableSession


def play_out(table: TableSession) -> list[int]:
    played = []
    while table.in_game:
        action = table.legal_actions(0)[0]
        assert isinstance(table.act(0, action), PlayResult)
        played.append(action.slot)
    return played


def test_games_follow_from_the_table_seed():
    a, b = TableSession(seed=4), TableSession(seed=4)
    assert isinstance(a, TableProtocol) and a.names == ("あなた",)
    assert a.stage is Stage.TITLE and not a.in_game and a.to_move is None
    with pytest.raises(Refused) as info:  # no game yet
        a.act(0, PlaySlot(1))
    assert info.value.code == "no_game" and info.value.text == "ゲームが始まっていません"
    first = a.start_game().hand
    assert not a.at_stake  # nothing played yet: leaving loses nothing
    assert b.start_game().hand == first
    a.act(0, a.legal_actions(0)[0])
    b.act(0, b.legal_actions(0)[0])
    assert a.at_stake
    assert play_out(a) == play_out(b) and a.stage is Stage.OVER
    with pytest.raises(Refused) as info:  # the game is over: the summary shows
        a.act(0, PlaySlot(1))
    assert info.value.code == "game_over"
    results = a.results()
    assert results is not None and results.returns == (float(a.game.score),)
    assert results.places == (1,) and results.money is None
    assert results.extra["total_played"] == a.game.total_played
    assert a.start_game().hand != first and a.stage is Stage.PLAY and a.results() is None


def test_a_refused_play_keeps_the_game_and_says_why_in_the_table_language():
    table = TableSession(seed=1, language="en")
    game = table.start_game()
    game.hand_ids = [parse_card(c) for c in ("rK", "gA", "bQ", "y9")]
    game.last_id = parse_card("rA")
    for action in (PlaySlot(3), "slot 3", "3"):
        refusal = table.refusal(0, action)
        assert refusal is not None and refusal.code == "no_link"
        assert refusal.text.startswith("The blue Q cannot be played")
        assert refusal.params["card"] == "bQ"  # the engine's parameters, for a client
    with pytest.raises(Refused) as info:
        table.act(0, "pass")
    assert info.value.code == "not_an_action" and "keys 1-4" in info.value.text
    assert table.refusal(1, PlaySlot(1)).code == "not_your_turn"
    assert table.stage is Stage.PLAY and game.total_played == 0
    assert table.act(0, "2").card == parse_card("gA")  # a slot's text is taken


def test_a_cpu_plays_the_seat_when_nobody_sits_there():
    table = TableSession(seed=3, people=set(), cpu_levels=("easy",))
    table.start_game()
    assert table.cpu_due and table.legal_actions(0)
    seat, action = table.cpu_choice()
    assert seat == 0 and action in table.legal_actions(0)
    other = table.legal_actions(0)[-1]  # a CPU's seat takes any legal action (a worker's)
    assert table.refusal(0, other) is None and table.act(0, other).slot == other.slot
    while table.in_game:
        assert table.step_cpu() is not None
    assert table.step_cpu() is None and table.results() is not None
    table.seat_people({0})
    table.start_game()
    assert not table.cpu_due and table.cpu_choice() is None


def test_views_are_json_and_the_public_one_shows_no_hand():
    table = TableSession(seed=6)
    title = table.view(0)
    assert title.stage is Stage.TITLE and title.prompt == "" and title.observation is None
    game = table.start_game()
    mine, public = table.view(0), table.view(None)
    assert mine.playable == tuple(legal_slots(game)) and mine.prompt == "keys"
    assert mine.observation == game.observation(0)
    assert public.observation is None and public.playable == ()
    text = json.dumps(to_json(public))
    assert not any(f'"{card}"' in text for card in game.hand if card is not None)
    play_out(table)
    over = table.view(0)
    assert over.playable == () and over.prompt == ("keys" if game.cleared else "stuck")


def test_hints_follow_the_switch_and_leave_the_future_alone():
    on = TableSession(settings=Cool24Settings(hint=True), seed=2)
    off = TableSession(settings=Cool24Settings(hint=False), seed=2)
    assert on.hint() is None  # no game yet
    on.start_game()
    off.start_game()
    state = on.game.rng.getstate()
    assert on.hint() in legal_slots(on.game) and on.game.rng.getstate() == state
    assert off.hint() is None and off.view(0).prompt == "keys_nohint"


def test_the_table_pickles_and_reads_its_rules():
    import pickle

    table = TableSession(seed=9, language="en")
    table.start_game()
    twin = pickle.loads(pickle.dumps(table))
    assert twin.view(0) == table.view(0) and twin.legal_actions(0) == table.legal_actions(0)
    assert table.out == frozenset()
    assert table.rules_lines()[3] == (
        "Hand bonuses: straight flush 50, four of a kind 20, flush 10 points"
    )


def test_one_seat_only():
    with pytest.raises(ValueError, match="use players=1"):
        TableSession(players=2)
    with pytest.raises(ValueError, match="use 0-0"):
        TableSession(people={1})
