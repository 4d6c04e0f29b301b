"""Golden counts for fixed Schwimmen positions (as python-chess's perft): the exact number of
legal actions, written down by hand from the rules, so a bug the move generator and the
validator share is still caught. Every position is built explicitly (no random play), and
each count is checked three ways: the written number, `legal_actions()`, and every action of
the game (all 1,024 card swaps and the word actions) that `why_illegal` lets through."""

from __future__ import annotations

import pytest

from games.common.cards import deck_32
from games.schwimmen.actions import (
    WORD_ACTIONS,
    Action,
    DealerKeep,
    DealerSwap,
    Knock,
    NextRound,
    Pass,
    SwapAll,
    SwapOne,
)
from games.schwimmen.rules import Game, Phase, Rules

HANDS4 = [("7H", "8H", "KD"), ("7C", "8C", "9S"), ("10D", "QD", "QC"), ("10S", "QS", "7D")]
TABLE = ("7S", "9D", "9H")
EVERY_ACTION: list[Action] = [SwapOne(h, t) for h in deck_32() for t in deck_32()]
EVERY_ACTION += list(WORD_ACTIONS.values())


def validated(game: Game) -> list[Action]:
    """Every action of the game the validator lets through now."""
    return [a for a in EVERY_ACTION if game.why_illegal(a) is None]


def check(game: Game, expected: int) -> list[Action]:
    legal = game.legal_actions()
    assert len(legal) == expected
    assert len(set(legal)) == expected, "an action is listed twice"
    assert sorted(map(str, validated(game))) == sorted(map(str, legal))
    return legal


def four(rules: Rules | None = None, **kwargs: object) -> Game:
    return Game.from_position(HANDS4, TABLE, rules=rules or Rules(), **kwargs)  # type: ignore[arg-type]


def test_first_turn_nine_swaps_swap_all_and_pass_no_knock():
    legal = check(four(), 3 * 3 + 1 + 1)
    assert Knock() not in legal and Pass() in legal and SwapAll() in legal


def test_a_later_turn_may_knock_as_well():
    legal = check(four(turns_taken=[1, 1, 1, 1]), 3 * 3 + 1 + 1 + 1)
    assert Knock() in legal


def test_after_passing_no_second_pass():
    game = four(turns_taken=[1, 1, 1, 1])
    for _ in range(4):  # the others pass too: the table is refreshed, seat 0 again
        game.apply(Pass())
    assert game.current == 0 and game.passed_last[0]
    legal = check(game, 9 + 1 + 1)  # swaps, swap all, knock
    assert Pass() not in legal


def test_dealers_choice_is_keep_or_take_the_extra_hand():
    game = Game.new(seed=2, players=4, rules=Rules.standard())
    assert game.phase is Phase.DEALER and game.dealer == game.current == 3
    assert check(game, 2) == [DealerKeep(), DealerSwap()]
    game.apply(DealerKeep())
    assert game.current == 0 and game.phase is Phase.PLAY
    check(game, 9 + 1 + 1)  # the first turn of the round


def test_after_a_knock_no_second_knock():
    game = four(turns_taken=[1, 1, 1, 1])
    game.apply(Knock())  # seat 0 knocks
    legal = check(game, 9 + 1 + 1)  # seat 1: swaps, swap all, pass
    assert Knock() not in legal and game.current == 1


def test_last_round_after_a_knock_standard_every_other_seat_once():
    game = four(turns_taken=[1, 1, 1, 1], current=1)
    game.apply(Knock())  # seat 1 knocks: seats 2, 3 and 0 have one more turn
    counts = []
    while game.phase is Phase.PLAY:
        counts.append((game.current, len(check(game, 11))))
        game.apply(Pass())
    assert counts == [(2, 11), (3, 11), (0, 11)]
    assert game.phase is Phase.ROUND_OVER
    assert check(game, 1) == [NextRound()]


def test_last_round_after_a_cpus_knock_house_ends_with_the_rotation():
    """House rules: a CPU's knock (seat 2) ends the round when the rotation that began with
    the starter (seat 0, the person) is complete, so only seat 3 plays again."""
    game = four(Rules.house(), turns_taken=[1, 1, 1, 1], current=2)
    assert game.starter == 2  # from_position: the current seat starts
    game.starter = 0  # the rotation began with the person
    game.apply(Knock())
    turns = []
    while game.phase is Phase.PLAY:
        turns.append(game.current)
        check(game, 11)
        game.apply(Pass())
    assert turns == [3]
    check(game, 1)


def test_last_round_after_the_persons_knock_house_every_other_seat_once():
    game = four(Rules.house(), turns_taken=[1, 1, 1, 1], current=0)
    game.apply(Knock())  # the person knocks: everyone else has one more turn
    turns = []
    while game.phase is Phase.PLAY:
        turns.append(game.current)
        game.apply(check(game, 11)[-1])  # pass
    assert turns == [1, 2, 3]


@pytest.mark.parametrize(("players", "out"), [(3, 1), (9, 7)])
def test_seats_out_do_not_change_the_count(players, out):
    cards = [str(c) for c in deck_32()]
    hands = [tuple(cards[3 * s : 3 * s + 3]) for s in range(players)]
    hands[out - 1] = None  # type: ignore[call-overload]
    table = tuple(cards[27:30])
    game = Game.from_position(hands, table, turns_taken=[2] * players, coins=[0] * players)
    check(game, 12)


def test_the_game_over_has_no_action():
    game = Game.from_position(
        [("7H", "8H", "KD"), ("AC", "KC", "QC")], TABLE, coins=[-1, 0], turns_taken=[1, 1]
    )
    game.apply(Knock())  # seat 0 knocks on 15 and loses its last coin
    game.apply(Pass())
    assert game.is_over and game.legal_actions() == [] and validated(game) == []
