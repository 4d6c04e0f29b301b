"""Golden counts, as python-chess's perft: fixed Daifugō positions, built here card by card, and
the exact number of legal actions in each (counted by hand in the comments). A bug that the move
generator and the validator share (both wrong the same way) changes a count and fails here, where
test_game_protocol's generator-vs-validator check cannot see it."""

from __future__ import annotations

import pytest
from daifugo_support import pass_turn, play, refusal

from games.daifugo.game import Game
from games.daifugo.plays import Give, Pass
from games.daifugo.ruleset import Rules, Title


def _count(game: Game) -> int:
    actions = game.legal_actions()
    assert len(set(actions)) == len(actions), "an action is listed twice"
    for action in actions:  # every listed action is one the validator takes
        assert game.why_illegal(action) is None
    return len(actions)


def test_a_lead_with_the_joker():
    """Leading ♠3 ♥3 ♠4 ♠5 JK (rule set 3, no 絵柄しばり: one reading per joker set).
    Singles 5. Sets: 3♠3♥, 3♠+JK, 3♥+JK, 3♠3♥+JK, 4♠+JK, 5♠+JK = 6. Sequences: 3-4-5♠ and
    the joker for each of its three cards = 4, 4-5-JK(6)♠, 3-4-5-JK(6)♠ = 6. No pass (lead)."""
    g = Game.new(hands=[["3S", "3H", "4S", "5S", "JK"], ["9D"]], rules=Rules.preset(3))
    assert _count(g) == 17
    assert not any(isinstance(a, Pass) for a in g.legal_actions())


def test_a_suit_lock_lets_the_lone_joker_through():
    """♥5 then ♥7 locks the field to ♥ (絵柄しばり, rule set 1). Holding ♥8 ♠9 ♥10 JK ♣2:
    ♥8, ♥10, the lone joker and a pass = 4 (♠9 and ♣2 are the wrong suit)."""
    g = Game.new(
        hands=[["5H", "4D"], ["7H", "4C"], ["8H", "9S", "10H", "JK", "2C"]],
        rules=Rules.preset(1),
    )
    play(g, ["5H"])
    play(g, ["7H"])
    assert g.suit_lock is not None and not g.number_lock
    assert _count(g) == 4


def test_a_two_suit_lock_with_the_joker_standing_for_a_locked_suit():
    """♥5♠5 then ♥7♠7 locks ♥♠. Holding ♥8 ♠8 ♦8 JK ♥9: ♥8♠8, ♥8+JK(♠8), ♠8+JK(♥8),
    ♥9+JK(♠9) and a pass = 5 (the joker may stand for any suit with 絵柄しばり on; ♦ never fits)."""
    g = Game.new(
        hands=[["5H", "5S", "4D"], ["7H", "7S", "4C"], ["8H", "8S", "8D", "JK", "9H"]],
        rules=Rules.preset(1),
    )
    play(g, ["5H", "5S"])
    play(g, ["7H", "7S"])
    assert g.suit_lock is not None
    assert _count(g) == 5


def test_a_number_lock_that_needs_a_two():
    """♠K then ♥A: one step up, 階段しばり (rule set 1; different suits, so no 絵柄しばり).
    Holding ♠2 ♥2 ♣3 JK ♦5: ♠2, ♥2, the lone joker and a pass = 4."""
    g = Game.new(
        hands=[["KS", "4D"], ["AH", "4C"], ["2S", "2H", "3C", "JK", "5D"]],
        rules=Rules.preset(1),
    )
    play(g, ["KS"])
    play(g, ["AH"])
    assert g.number_lock and g.suit_lock is None
    assert _count(g) == 4


def test_revolution_reverses_what_beats_a_single():
    """Four 6s make a 革命 (rule set 3); the field clears after a pass and ♠9 leads. Holding
    ♠3 ♥4 ♦5 ♠K ♣2 JK: in reversed order ♠3, ♥4, ♦5 beat the 9, the lone joker beats
    anything, and a pass = 5."""
    g = Game.new(
        hands=[["6S", "6H", "6D", "6C", "9S", "10D"], ["3S", "4H", "5D", "KS", "2C", "JK"]],
        rules=Rules.preset(3),
    )
    play(g, ["6S", "6H", "6D", "6C"])
    pass_turn(g)
    play(g, ["9S"])
    assert g.revolution and g.reversed
    assert _count(g) == 5


def test_the_card_passing_steps():
    """4 players, 大富豪 富豪 貧民 大貧民 at seats 0-3. 大貧民 gives the strongest (the joker:
    1), 貧民 the strongest (♥2 or ♦2: 2), then 大富豪 any 2 of its 4 cards (6) and 富豪 any
    1 of its 3 (3)."""
    g = Game.new(
        hands=[["3S", "4S", "5H"], ["6S", "7H"], ["8S", "2H", "2D"], ["9S", "JK", "2S"]],
        rules=Rules.preset(1),
        ranks=(Title.DAIFUGO, Title.FUGO, Title.HINMIN, Title.DAIHINMIN),
        first=3,
        card_passing=True,
    )
    counts = []
    while g.exchange_step is not None:
        step = g.exchange_step
        counts.append((step.giver, _count(g)))
        assert all(isinstance(a, Give) for a in g.legal_actions())
        g.apply(g.legal_actions()[0])
    assert counts == [(3, 1), (2, 2), (0, 6), (1, 3)]
    assert g.current_player == 3  # then play starts, 大貧民 first


def test_a_sequence_lock_that_needs_a_two():
    """The mutation-found gap, 階段しばり when a 2 is required: ♠J-Q-K then ♥Q-K-A steps up
    by one (different suits: no 絵柄しばり), so the next sequence must start at K: K-A-2.
    Holding ♥K ♥A ♥2 ♦K ♦A JK: ♥K-A-2, the joker for each of its three cards, ♦K-A-JK(2) and
    a pass = 6. Each of them keeps the lock; nothing else is listed."""
    g = Game.new(
        hands=[
            ["JS", "QS", "KS", "4D"],
            ["QH", "KH", "AH", "4C"],
            ["KC", "AC", "2C", "KD", "AD", "JK"],
        ],
        rules=Rules.preset(1),
    )
    play(g, ["JS", "QS", "KS"])
    play(g, ["QH", "KH", "AH"])
    assert g.number_lock and g.suit_lock is None
    assert _count(g) == 6
    plays = [a for a in g.legal_actions() if not isinstance(a, Pass)]
    assert {p.lo for p in plays} == {13}  # every one starts at K and ends on a 2
    error = refusal(g, ["KD", "AD", "2C"])  # not one suit: not a sequence at all
    assert error is not None
    play(g, ["KC", "AC", "2C"])
    assert g.number_lock and g.top is not None and g.top.lo == 13


def test_a_number_lock_on_pairs_that_needs_twos():
    """♠K♦K then ♥A♣A: 階段しばり on pairs, a pair of 2s is next. Holding ♠2 ♥2 JK ♦5: ♠2♥2,
    ♠2 with the joker as ♥2, ♦2 or ♣2 (絵柄しばり on: every suit is a reading), ♥2 with the
    joker as ♠2, ♦2 or ♣2, and a pass = 8."""
    g = Game.new(
        hands=[["KS", "KD", "4D"], ["AH", "AC", "4C"], ["2S", "2H", "JK", "5D"]],
        rules=Rules.preset(1),
    )
    play(g, ["KS", "KD"])
    play(g, ["AH", "AC"])
    assert g.number_lock
    assert _count(g) == 8


def test_set_hands_and_a_player_count_that_disagrees_are_refused():
    """Game.new with hands takes the player count from them; a different `players` is a
    mistake, said with the fix, not silently ignored."""
    from eventkit.errors import UserError

    hands = [["3S", "4S"], ["5S", "6S"], ["7S", "8S"]]
    assert Game.new(hands=hands).num_players == 3
    assert Game.new(hands=hands, players=3).num_players == 3
    with pytest.raises(UserError, match="3 hands for 4 players"):
        Game.new(hands=hands, players=4)
