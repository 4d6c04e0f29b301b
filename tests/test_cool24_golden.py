"""Golden counts for COOL 24+24, as python-chess's perft: fixed positions (hand, stock, field),
built explicitly, with the exact number of legal actions, and of action sequences a few plays
deep where the draws are forced (an empty stock, or one card left in it). Each number below was
counted by hand from the rule (a card links to the last one by suit or number; any card starts
a lap), so a bug shared by `legal_actions` and `why_illegal` is caught."""

from __future__ import annotations

import random

import pytest

from games.cool24.rules import Game, parse_card
from games.cool24.settings import Cool24Settings


def position(hand, last, stock=(), *, lap=1, played=0, total=None) -> Game:
    """A game in the position: `hand` codes (None = empty slot), `last` the field's card."""
    in_stock = [False] * 24
    for code in stock:
        in_stock[parse_card(code)] = True
    return Game(
        Cool24Settings(),
        random.Random(0),
        [None if c is None else parse_card(c) for c in hand],
        in_stock,
        None if last is None else parse_card(last),
        lap,
        played,
        played if total is None else total,
    )


def perft(game: Game, depth: int) -> int:
    """Action sequences of exactly `depth` plays from `game` (a game that ends earlier adds 0)."""
    if depth == 0:
        return 1
    count = 0
    for action in game.legal_actions():
        child = game.clone()
        child.apply(action)
        count += perft(child, depth - 1)
    return count


# (hand, field, stock, lap, played, total) -> legal actions now; why, counted by hand
ONE_PLY = [
    # a lap's first card: any of the four
    ((("r9", "gA", "bQ", "yK"), None, (), 1, 0, 0), 4),
    # rA down: rK by suit, gA by number; bQ and y9 share nothing
    ((("rK", "gA", "bQ", "y9"), "rA", (), 1, 5, 5), 2),
    # gQ down: gK and g9 by suit, bQ and rQ by number
    ((("gK", "bQ", "rQ", "g9"), "gQ", (), 1, 7, 7), 4),
    # four of a kind in hand, rK down: only r9 (the suit); no 9 links to a K
    ((("r9", "g9", "b9", "y9"), "rK", (), 1, 3, 3), 1),
    # two empty slots (the stock is out): r9 and r10 by suit
    ((("r9", None, "r10", None), "rA", (), 2, 22, 46), 2),
    # lap 2 has just begun: the field is clear, any card of the three
    ((("bJ", "y10", None, "gA"), None, (), 2, 0, 24), 3),
    # b10 down and nothing blue or 10 in hand
    ((("r9", "gJ", "yQ", "rK"), "b10", ("bA",), 1, 2, 2), 0),
]


@pytest.mark.parametrize(("where", "count"), ONE_PLY)
def test_legal_actions_of_fixed_positions(where, count):
    hand, last, stock, lap, played, total = where
    game = position(hand, last, stock, lap=lap, played=played, total=total)
    legal = game.legal_actions()
    assert len(legal) == count
    assert all(game.why_illegal(a) is None for a in legal)
    others = [s for s in range(1, 5) if s not in {a.slot for a in legal}]
    assert all(game.why_illegal(game.parse_action(str(s))) is not None for s in others)


def test_perft_with_an_empty_stock_in_lap_two():
    """rA down, hand r9 r10 g10 gJ, 44 cards played: r9 or r10 (2); after r9 only r10, after
    r10 r9 or g10 (3); r9 r10 -> g10, r10 r9 -> stuck, r10 g10 -> gJ (2); r9 r10 g10 -> gJ,
    the 48th card (1)."""
    game = position(("r9", "r10", "g10", "gJ"), "rA", lap=2, played=20, total=44)
    assert [perft(game, d) for d in (1, 2, 3, 4, 5)] == [2, 3, 2, 1, 0]


def test_perft_with_one_card_left_to_draw():
    """rK down, hand r9 gA bQ yK, rQ the stock's last card: r9 or yK (2); r9 draws rQ, which
    links to r9 (1); yK draws rQ and nothing links to yK: the game ends (0)."""
    game = position(("r9", "gA", "bQ", "yK"), "rK", ("rQ",), lap=1, played=19)
    assert [perft(game, d) for d in (1, 2)] == [2, 1]
    stuck = game.clone()
    stuck.apply(stuck.parse_action("slot 4"))
    assert stuck.is_over and stuck.legal_actions() == [] and stuck.hand[3] == "rQ"


def test_perft_across_the_end_of_lap_one():
    """The 24th card (rA on r9) ends lap 1: the four cards dealt for lap 2 may all start it."""
    game = position(("rA", None, None, None), "r9", lap=1, played=23)
    assert [perft(game, d) for d in (1, 2)] == [1, 4]
