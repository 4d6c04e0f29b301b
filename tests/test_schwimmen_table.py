"""The Qt-free Schwimmen table: seeds, whose turn, CPU choices, rounds, games, people anywhere."""

from __future__ import annotations

import json

import pytest

from games.common.protocol import to_json
from games.common.table import Refused
from games.schwimmen.actions import Knock, NextRound, Pass
from games.schwimmen.rules import Outcome, Phase
from games.schwimmen.settings import SchwimmenSettings
from games.schwimmen.table import TableSession


def play_game(table: TableSession) -> list[str]:
    """Drive the table as the window does, each person taking the last legal action."""
    log: list[str] = []
    for _ in range(20_000):
        game = table.game
        if game.is_over:
            return log
        if table.advance():
            log.append("next round")
        elif table.cpu_due:
            seat, action = table.cpu_choice()
            assert seat == game.current_player and seat not in table.people
            table.act(seat, action)
            log.append(f"{seat} {action}")
        else:
            seat = table.to_move
            assert seat in table.people and table.cpu_choice() is None
            action = table.legal_actions(seat)[-1]  # knock when allowed, else pass / swap all
            table.act(seat, action)
            log.append(f"{seat}: {action}")
    pytest.fail("the game did not end")


def test_seeded_games_replay_and_follow_each_other():
    settings = SchwimmenSettings(players=4)
    a = TableSession(settings=settings, seed=7, cpu_levels=("easy",))
    b = TableSession(settings=settings, seed=7, cpu_levels=("easy",))
    first = a.start_game()
    assert a.game_seed() == 8  # the next game gets the next seed
    b.start_game()
    assert first.hands == b.game.hands
    assert play_game(a) == play_game(b)
    results = a.results()
    assert results is not None and results.returns == a.game.returns()
    assert results.places == a.game.places()
    second = a.start_game()
    assert a.results() is None  # a game runs
    assert a.games_started == 2 and second.hands != first.hands
    assert sorted(a.cpus) == [1, 2, 3] and all(c.level == "easy" for c in a.cpus.values())


def test_refusals_come_from_the_engine_with_a_code_and_the_tables_language():
    table = TableSession(settings=SchwimmenSettings(players=3), seed=3, rules="house")
    with pytest.raises(Refused) as none:
        table.act(0, Pass())
    assert none.value.code == "no_game"
    table.start_game()
    while table.cpu_due:
        table.step_cpu()
    error = table.refusal(0, Knock())  # the first turn: no knocking yet
    assert error is not None and error.code == "knock_first_turn"
    assert error.text == "「終了」は2ターン目から使えます。"
    with pytest.raises(Refused):
        table.act(0, Knock())
    with pytest.raises(Refused) as info:
        table.act(0, NextRound())
    assert info.value.code == "round_in_play"
    with pytest.raises(Refused) as unread:
        table.act(0, "swap everything")
    assert unread.value.code == "not_an_action" and "{" not in unread.value.text
    assert table.refusal(1, Pass()).code == "not_a_person"
    assert table.advance() is False  # nothing to deal while the round runs
    outcome = table.act(0, "pass")  # an action's text is read
    assert isinstance(outcome, Outcome) and outcome.seat == 0 and outcome.action == Pass()
    assert outcome.events[0].kind == "pass"
    assert table.to_move != 0 and table.game.phase is Phase.PLAY


def test_people_at_any_seats_cpus_at_the_others():
    levels = ("easy", "normal", "normal", "normal", "normal")  # per seat
    table = TableSession(players=5, people={1, 3}, seed=2, language="en", cpu_levels=levels)
    assert table.names == ("CPU 1", "Player 2", "CPU 2", "Player 4", "CPU 3")
    table.start_game()
    assert sorted(table.cpus) == [0, 2, 4]
    assert [table.level_of(s) for s in (0, 2, 4)] == ["easy", "normal", "normal"]
    assert table.game.rules.people == frozenset({1, 3})
    seen_people = set()
    while table.in_game:
        if table.to_move is None:
            assert table.advance()
            continue
        if table.cpu_due:
            table.step_cpu()
            continue
        seat = table.to_move
        seen_people.add(seat)
        view = table.view(seat)
        assert view.prompt and view.observation.hand == tuple(table.game.hands[seat])
        assert table.view(None).observation.hand == () and not table.view(None).prompt
        json.dumps(to_json(view))
        table.act(seat, table.legal_actions(seat)[-1])
        if len(seen_people) == 2 and 3 in table.people:
            table.seat_people({1})  # the person at seat 3 left: a CPU plays it on
            assert table.game.rules.people == frozenset({1})
    assert seen_people == {1, 3}
    assert 3 in table.cpus and table.results() is not None
    table.rename(1, "Aiko")
    table.set_cpu_level("strong")
    assert table.names[:2] == ("CPU 1", "Aiko") and table.words.name(1) == "Aiko"
    table.start_game()
    assert {cpu.level for cpu in table.cpus.values()} == {"strong"}
    with pytest.raises(ValueError, match="use 0-4"):
        table.rename(5, "Ken")


def test_a_pickled_table_chooses_as_the_original_and_says_its_rules():
    """The web hub computes CPU moves on a pickled copy and applies them with act()."""
    import pickle

    table = TableSession(players=4, people={2}, seed=5, language="en", rules="house")
    table.start_game()
    while table.cpu_due:
        choice = pickle.loads(pickle.dumps(table)).cpu_choice()
        assert choice is not None and choice == table.cpu_choice()
        table.act(*choice)  # a CPU seat takes the action given for it
    assert table.to_move == 2 and table.out == frozenset()
    lines = table.rules_lines()
    assert lines and all("{" not in line for line in lines)
    assert any("browser" in line for line in lines)


def test_each_cpu_plays_at_the_level_chosen_for_it():
    table = TableSession(settings=SchwimmenSettings(players=4), seed=1, cpu_levels=("normal",))
    levels = ["normal", "easy", "strong", "easy", "normal"]  # per seat: the person's first
    table.choose(rules="house", players=5, cpu_levels=levels)
    table.start_game()
    assert table.game.num_players == 5 and table.game.rules.is_house
    assert [table.cpus[s].level for s in (1, 2, 3, 4)] == ["easy", "strong", "easy", "normal"]
    assert table.levels() == ["easy", "strong", "easy", "normal"]
    table.choose(rules="standard", players=3, cpu_levels=["strong"])  # one value: every seat
    table.start_game()
    assert table.levels() == ["strong", "strong"] and sorted(table.cpus) == [1, 2]
    with pytest.raises(ValueError, match="10 players"):
        table.choose(rules="standard", players=10, cpu_levels=[])
    with pytest.raises(ValueError, match="unknown CPU level 'hard'"):
        table.choose(rules="standard", players=3, cpu_levels=["hard"])
    with pytest.raises(ValueError, match="4 CPU levels for 3 seats"):
        table.choose(rules="standard", players=3, cpu_levels=["easy"] * 4)
    with pytest.raises(ValueError, match="rules 'wild'"):
        TableSession(rules="wild")


def test_buttons_and_prompt_follow_the_engine():
    table = TableSession(settings=SchwimmenSettings(players=3), seed=3, rules="house")
    table.start_game()
    while table.cpu_due:
        table.step_cpu()
    states = table.button_states(0, may_act=True, swap_ready=False)
    assert states["swap_all"] and states["pass"] and not states["knock"]  # first turn
    assert not states["swap"] and not states["take_extra"]
    assert table.button_states(0, may_act=True, swap_ready=True)["swap"]
    assert not any(table.button_states(0, may_act=False, swap_ready=True).values())
    assert not any(table.button_states(1, may_act=True, swap_ready=True).values())
    assert table.prompt_key() == "prompt"
    assert table.may_pick_cards(0) and not table.may_pick_cards(1)
    assert str(table.button_action("pass")) == str(Pass())


def test_round_end_log_lines_name_the_round_place_and_who_went_out():
    from games.schwimmen.rules import Game, Rules
    from games.schwimmen.texts import Texts

    hands = [("7H", "8H", "KD"), ("7C", "8C", "9S"), ("10D", "QD", "QC"), ("10S", "QS", "7D")]
    game = Game.from_position(
        hands, ("7S", "9D", "9H"), rules=Rules.house(), coins=[-1, 0, 2, 2], turns_taken=[1] * 4
    )
    for action in (Pass(), Knock(), Pass(), Pass()):
        game.apply(action)
    lines = Texts("ja").result_lines(game.last_result, game.out)
    assert lines[:2] == ["あなた 15点（このラウンド 3位）", "CPU1 15点（このラウンド 3位）"]
    assert lines[4:] == [
        "あなた, CPU1がコインを1枚失いました",
        "あなたは敗退しました",
        "CPU1はシュビメン中（次に負けると敗退）",
    ]
