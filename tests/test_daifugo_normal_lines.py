"""Daifugō normal CPU: the winning line in the end game (unbeatable plays first, then go out),
the lone joker, the 8s and the unbeatable cards kept as control cards (issue 24 item 8).

The positions marked "the former choice" are ones where the former normal policy chose
otherwise (and, for the winning lines, lost the game played out against easy CPUs); the others
guard the rules of the line (no line while the joker is unseen, never end on 禁止あがり, only
the observation counts)."""

from __future__ import annotations

from daifugo_support import pass_turn, play

from games.common.cards import parse_card
from games.daifugo.ai import CPU, normal_choice, play_game
from games.daifugo.game import Game
from games.daifugo.plays import Pass, Play
from games.daifugo.ruleset import Rules

RULES = Rules.preset(3)  # 革命, 禁止あがり, 8切り, 11バック; no locks, no スペ3返し


def position(hands, seen=(), moves=()):
    """A game from these hands; `seen` are cards already played (the pile)."""
    g = Game.new(hands=hands, rules=RULES)
    g.pile.extend(parse_card(c) for c in seen)
    for m in moves:
        pass_turn(g) if m == "pass" else play(g, m.split())
    return g


def choice(g):
    return CPU("normal").choose(g.observation(g.turn), g.legal_actions())


# The joker and the other three 2s are in the pile: nothing unseen beats the ♣2 or a pair of
# aces. Seat 1 has one card left, so leading the 3 (the former choice) lets it go out.
HANDS = [["3D", "AD", "AC", "2C"], ["9S"], ["4D", "5H", "6H", "7S", "9C", "KH"]]
SEEN = ["JK", "2S", "2H", "2D"]


def test_leading_plays_the_unbeatable_groups_first_and_wins():
    g = position(HANDS, SEEN)
    assert choice(g) == Play.parse("AD AC")  # the former choice: 3D
    places = play_game(g, [CPU("normal"), CPU("easy"), CPU("easy")])
    assert places[0] == 0


def test_following_takes_the_lead_with_an_unbeatable_card_on_the_way_out():
    """K-A-2 of clubs is one sequence, but a 2 cannot end the game: the former choice passed
    on the ♣Q and seat 2 went out. The ♣A and then the ♣2 are unbeatable, the ♣K goes out."""
    hands = [["QC", "5S", "6S"], ["KC", "AC", "2C"], ["9S", "10S"], ["4D", "5H", "7S", "KH"]]
    g = position(hands, SEEN, ["QC"])
    assert choice(g) == Play.parse("AC")
    places = play_game(g, [CPU("easy"), CPU("normal"), CPU("easy"), CPU("easy")])
    assert places[0] == 1


def test_no_winning_line_while_the_joker_is_unseen():
    """The joker may beat the ♣2: no line is claimed, the usual choice (the 3) stands."""
    g = position(HANDS, ["2S", "2H", "2D"])
    assert choice(g) == Play.parse("3D")


def test_the_line_never_ends_on_a_forbidden_card():
    """2 and 8 cannot end the game (禁止あがり): both go first, the 5 last."""
    g = position([["5S", "8D", "2C"], ["9S"], ["4D", "6H", "7S"]], SEEN)
    first = choice(g)
    assert first in (Play.parse("8D"), Play.parse("2C"))
    places = play_game(g, [CPU("normal"), CPU("easy"), CPU("easy")])
    assert places[0] == 0 and not g.fouls


def test_a_lone_joker_is_not_spent_on_a_low_card_with_a_big_hand():
    hand = ["3S", "3H", "4D", "4C", "5S", "5D", "3C", "JK"]
    g = position([["5H", "KD"], hand, ["4H", "6H", "6C", "7S", "9C"]], moves=["5H"])
    assert choice(g) == Pass()  # the former choice: JK


def test_an_eight_is_kept_rather_than_cutting_a_low_single():
    hand = ["4H", "8D", "9C", "QS", "KH", "6S"]
    g = position([["3H", "KD"], hand, ["4C", "6H", "6C", "7S", "9D"]], moves=["3H"])
    assert choice(g) == Play.parse("4H")  # the former choice: 8D


def test_normal_sees_only_its_observation():
    """The winning line is computed from the observation: the same choice whatever the
    opponents hold, as long as their hand sizes are the same."""
    a = position(HANDS, SEEN)
    b = position([HANDS[0], ["9C"], ["4D", "5H", "6H", "7S", "9S", "KH"]], SEEN)
    assert choice(a) == choice(b)
    # normal_choice on the game itself (the strong CPU's rollouts) agrees with the CPU.
    assert normal_choice(a) == choice(a)


def test_a_control_card_is_kept_rather_than_taking_an_early_field():
    """The joker has gone, so nothing beats a 2: breaking the three 2s to take the field on
    the ♠A (the former choice) spends a control card the end game needs."""
    hand = ["5S", "9S", "9C", "JS", "JD", "2S", "2H", "2D"]
    others = [["AS", "4D", "6D", "7C"], hand, ["3H", "4H", "6H", "KC", "QD"]]
    g = position(others, ["JK"], ["AS"])
    assert choice(g) == Pass()  # the former choice: 2S
