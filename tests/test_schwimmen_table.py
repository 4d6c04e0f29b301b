"""The Qt-free Schwimmen table: seeds, whose turn, CPU choices, rounds and games."""

from __future__ import annotations

import pytest

from games.common.protocol import IllegalMove
from games.schwimmen.rules import Knock, NextRound, Pass, Phase
from games.schwimmen.settings import SchwimmenSettings
from games.schwimmen.table import HUMAN, TableSession


def play_game(table: TableSession) -> list[str]:
    """Drive the table as the window does, the person always taking the first legal action."""
    log: list[str] = []
    for _ in range(20_000):
        game = table.game
        if game.is_over:
            return log
        if table.next_round():
            log.append("next round")
        elif table.cpu_to_move:
            seat, action = table.cpu_choice()
            assert seat == game.current != HUMAN
            table.take(action)
            log.append(f"{seat} {action}")
        else:
            assert table.human_to_move and table.cpu_choice() is None
            action = game.legal_actions()[-1]  # knock when allowed, else pass / swap all
            table.take(action)
            log.append(f"me {action}")
    pytest.fail("the game did not end")


def test_seeded_games_replay_and_follow_each_other(tmp_path):
    settings = SchwimmenSettings(players=4)
    a = TableSession(settings, seed=7, level="easy")
    b = TableSession(settings, seed=7, level="easy")
    first = a.new_game()
    assert a.game_seed() == 8  # the next game gets the next seed
    b.new_game()
    assert first.hands == b.game.hands
    assert play_game(a) == play_game(b)
    second = a.new_game()
    assert a.games_started == 2 and second.hands != first.hands
    assert sorted(a.cpus) == [1, 2, 3] and all(c.level == "easy" for c in a.cpus.values())


def test_refusals_come_from_the_engine_with_a_code():
    table = TableSession(SchwimmenSettings(players=3), seed=3, rules_name="house")
    table.new_game()
    while not table.human_to_move:
        table.take(table.cpu_choice()[1])
    error = table.refusal(Knock())  # the first turn: no knocking yet
    assert error is not None and error.code == "knock_first_turn"
    with pytest.raises(IllegalMove):
        table.take(Knock())
    with pytest.raises(IllegalMove) as info:
        table.take(NextRound())
    assert info.value.code == "round_in_play"
    assert table.next_round() is False  # nothing to deal while the round runs
    table.take(Pass())
    assert not table.human_to_move and table.game.phase is Phase.PLAY


def test_each_cpu_plays_at_the_level_chosen_for_it():
    table = TableSession(SchwimmenSettings(players=4), seed=1, level="normal")
    table.choose(rules_name="house", players=5, cpu_levels=["easy", "strong", "easy", "normal"])
    table.new_game()
    assert table.game.players == 5 and table.game.rules.is_house
    assert [table.cpus[s].level for s in (1, 2, 3, 4)] == ["easy", "strong", "easy", "normal"]
    assert table.levels() == ["easy", "strong", "easy", "normal"]
    table.choose(rules_name="standard", players=3, cpu_levels=["strong", "strong"])
    table.new_game()
    assert table.level == "strong" and sorted(table.cpus) == [1, 2]
    with pytest.raises(ValueError, match="10 players"):
        table.choose(rules_name="standard", players=10, cpu_levels=[])
    with pytest.raises(ValueError, match="unknown CPU level 'hard'"):
        table.choose(rules_name="standard", players=3, cpu_levels=["hard"])


def test_buttons_and_prompt_follow_the_engine():
    table = TableSession(SchwimmenSettings(players=3), seed=3, rules_name="house")
    table.new_game()
    while not table.human_to_move:
        table.take(table.cpu_choice()[1])
    states = table.button_states(may_act=True, swap_ready=False)
    assert states["swap_all"] and states["pass"] and not states["knock"]  # first turn
    assert not states["swap"] and not states["take_extra"]
    assert table.button_states(may_act=True, swap_ready=True)["swap"]
    assert not any(table.button_states(may_act=False, swap_ready=True).values())
    assert table.prompt_key() == "prompt"
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
