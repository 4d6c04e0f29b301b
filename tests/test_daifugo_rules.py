"""Daifugō rules: a scenario for every rule and every decided interaction, under each preset."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from daifugo_support import give, hand, legal_moves, pass_turn, play, refusal

from eventkit.errors import UserError
from games.common.cards import Card, Suit
from games.common.protocol import IllegalMove
from games.daifugo.game import Game
from games.daifugo.match import Match
from games.daifugo.plays import classify, parse_move, single
from games.daifugo.ruleset import Rules, Title, ranks_from_places

PRESETS = (1, 2, 3, 4)
FILL = ["4C", "5C", "6C", "7C", "9C", "10C", "QC", "KC"]  # spare cards to keep players in


def game(hands, rules=None, first=0, ranks=None):
    return Game.new(hands=hands, rules=rules or Rules.preset(1), first=first, ranks=ranks)


def plain(**switches) -> Rules:
    """All special rules off except the ones named."""
    base = Rules(*(False,) * 8)
    return replace(base, **switches)


# ---------------------------------------------------------------------------- presets, basics


def test_presets_match_the_seed_table():
    t, f = True, False
    table = {
        "revolution": (t, t, t, t),
        "forbidden_finish": (t, t, t, f),
        "eight_cut": (t, t, t, t),
        "eleven_back": (t, t, t, f),
        "suit_lock": (t, f, f, f),
        "number_lock": (t, f, f, f),
        "spade_three": (t, t, f, f),
        "miyako_ochi": (t, t, f, f),
    }
    for name, row in table.items():
        assert tuple(getattr(Rules.preset(n), name) for n in PRESETS) == row, name
    assert [Rules.preset(n).preset_number() for n in PRESETS] == [1, 2, 3, 4]
    with pytest.raises(UserError, match="choose 1, 2, 3 or 4"):
        Rules.preset(5)


@pytest.mark.parametrize("preset", PRESETS)
def test_singles_must_be_stronger_and_two_beats_ace(preset):
    g = game([["5S", "2H", *FILL[:3]], ["AD", "4H", *FILL[3:6]]], Rules.preset(preset))
    play(g, ["5S"])
    assert g.current_player == 1
    with pytest.raises(IllegalMove, match="not stronger"):
        play(g, ["4H"])
    assert ("AD",) in legal_moves(g) and ("4H",) not in legal_moves(g)
    play(g, ["AD"])
    play(g, ["2H"])
    assert g.top.codes == ("2H",)


@pytest.mark.parametrize("preset", PRESETS)
def test_lone_joker_beats_a_two_and_nothing_but_spade_three_beats_it(preset):
    rules = Rules.preset(preset)
    g = game([["2H", "9S", "4D"], ["JK", "3S", "5H"], ["6S", "7S", "10D"]], rules)
    play(g, ["2H"])
    play(g, ["JK"])
    assert legal_moves(g) == []  # seat 2 has no ♠3
    if rules.spade_three:
        with pytest.raises(IllegalMove, match="only the ♠3 beats a lone joker"):
            play(g, ["6S"])
    else:
        with pytest.raises(IllegalMove, match="nothing beats a lone joker"):
            play(g, ["6S"])
    with pytest.raises(IllegalMove, match="lone joker stands for itself"):
        play(Game.new(hands=[["JK", "3H"], ["4H"]]), ["JK=5S"])


def test_illegal_move_is_a_value_error_and_a_user_error():
    g = game([["5S", "6S"], ["7S"]])
    with pytest.raises(IllegalMove, match="not in your hand") as info:
        play(g, ["9H"])
    assert isinstance(info.value, ValueError) and isinstance(info.value, UserError)
    with pytest.raises(IllegalMove, match="you lead"):
        pass_turn(g)
    with pytest.raises(IllegalMove, match="not a play"):
        play(g, ["5S", "7S"])


@pytest.mark.parametrize("preset", PRESETS)
def test_following_plays_keep_the_form(preset):
    g = game(
        [["5S", "5H", "9D", "4C"], ["6S", "6H", "6D", "KC"], ["8H", "3D", "QH"]],
        Rules.preset(preset),
    )
    play(g, ["5S", "5H"])
    with pytest.raises(IllegalMove, match="the field needs a set of 2"):
        play(g, ["6S", "6H", "6D"])
    with pytest.raises(IllegalMove, match="the field needs a set of 2"):
        play(g, ["KC"])
    assert all(len(m) == 2 for m in legal_moves(g))
    play(g, ["6S", "6D"])


@pytest.mark.parametrize("preset", PRESETS)
def test_pass_clears_the_field_and_last_player_leads(preset):
    g = game([["9S", "4H", "5H"], ["3S", "10D"], ["3D", "4D"]], Rules.preset(preset))
    play(g, ["9S"])
    pass_turn(g)
    assert g.current_player == 2 and g.top is not None
    pass_turn(g)
    assert g.top is None and g.current_player == 0


@pytest.mark.parametrize("preset", PRESETS)
def test_passing_does_not_lock_a_player_out_of_the_field(preset):
    g = game([["4S", "9S", "5C"], ["5H", "KH", "6C"], ["7D", "10D", "QD"]], Rules.preset(preset))
    play(g, ["4S"])
    pass_turn(g)  # 1 passes
    play(g, ["7D"])  # 2 plays, so 0 and 1 may answer again
    play(g, ["9S"])
    assert g.current_player == 1
    play(g, ["KH"])


@pytest.mark.parametrize("preset", PRESETS)
def test_lead_passes_on_when_the_last_player_to_play_went_out(preset):
    g = game(
        [["9S"], ["3S", "4H", "KD"], ["3D", "4D", "5D"], ["6H", "7H", "QS"]], Rules.preset(preset)
    )
    play(g, ["9S"])  # seat 0 goes out
    assert g.finished == [0]
    pass_turn(g)
    pass_turn(g)
    assert g.top is not None
    pass_turn(g)  # everyone still in has passed
    assert g.top is None and g.current_player == 1


# ---------------------------------------------------------------------------- joker, sets, sequences


@pytest.mark.parametrize("preset", PRESETS)
def test_joker_stands_in_a_set(preset):
    g = game([["10H", "10S", "JK", "3C"], ["QH", "QS", "QD", "4C"]], Rules.preset(preset))
    play(g, ["10H", "10S", "JK"])
    assert g.top.size == 3 and g.top.rank.text == "10"
    assert legal_moves(g) == [("QS", "QH", "QD")]
    with pytest.raises(IllegalMove, match="must stand for a 10"):
        play(game([["10H", "10S", "JK", "3C"], ["4C"]]), ["10H", "10S", "JK=9D"])


@pytest.mark.parametrize("preset", PRESETS)
def test_sequences_and_the_joker_in_a_sequence(preset):
    rules = Rules.preset(preset)
    g = game([["3S", "4S", "5S", "9H"], ["5D", "6D", "JK", "KC"], ["4H", "5H", "6H", "2C"]], rules)
    play(g, ["3S", "4S", "5S"])
    moves = legal_moves(g)
    assert ("5D", "6D", "JK=7D") in moves and ("JK=4D", "5D", "6D") in moves
    play(g, ["5D", "6D", "JK"])  # bare joker: the first legal reading (4-5-6 beats 3-4-5)
    assert g.top.codes == ("JK=4D", "5D", "6D")
    with pytest.raises(IllegalMove, match="not stronger"):
        play(g, ["4H", "5H", "6H"])  # equal, not stronger
    with pytest.raises(IllegalMove, match="not a sequence"):
        play(game([["3S", "4S", "6S", "8H"], ["9H"]]), ["3S", "4S", "6S"])
    g2 = game([["3S", "4S", "6S", "JK", "8H"], ["9H"]], plain())
    play(g2, ["3S", "4S", "JK", "6S"])
    assert g2.top.codes == ("3S", "4S", "JK=5S", "6S")


def test_sequence_runs_through_ace_to_two_but_not_past_it():
    g = game([["QS", "KS", "AS", "2S", "3H"], ["4H"]], plain())
    assert ("QS", "KS", "AS", "2S") in legal_moves(g)
    with pytest.raises(IllegalMove, match="not a sequence"):
        play(game([["KS", "AS", "2S", "3S", "4H"], ["4D"]], plain()), ["KS", "AS", "2S", "3S"])


# ---------------------------------------------------------------------------- 革命


@pytest.mark.parametrize("preset", PRESETS)
def test_revolution_by_four_of_a_kind_and_revolution_return(preset):
    g = game(
        [["4S", "4H", "4D", "4C", "KS", "3H"], ["9S", "9H", "9D", "JK", "QC"], ["5H", "2D", "AD"]],
        Rules.preset(preset),
    )
    play(g, ["4S", "4H", "4D", "4C"])
    assert g.revolution and g.reversed
    with pytest.raises(IllegalMove, match="order is reversed"):
        play(g, ["9S", "9H", "9D", "JK"])
    pass_turn(g)
    pass_turn(g)
    play(g, ["KS"])  # 0 leads
    pass_turn(g)
    play(g, ["5H"])  # reversed: 5 beats K
    play(g, ["3H"])  # 3 is the strongest now
    assert g.top.codes == ("3H",)


@pytest.mark.parametrize("preset", PRESETS)
def test_revolution_with_the_joker_and_by_a_sequence(preset):
    g = game([["7S", "7H", "7D", "JK", "QC"], ["3H", "KC", "AC"]], Rules.preset(preset))
    play(g, ["7S", "7H", "7D", "JK"])
    assert g.revolution
    g2 = game([["3H", "4H", "JK", "6H", "KC"], ["9C", "10C"]], Rules.preset(preset))
    play(g2, ["3H", "4H", "JK", "6H"])
    assert g2.revolution
    # 革命返し: a second revolution puts the order back.
    g3 = game(
        [["3H", "4H", "5H", "6H", "8S", "8H", "8D", "8C", "KC"], ["9C"]], plain(revolution=True)
    )
    play(g3, ["3H", "4H", "5H", "6H"])
    pass_turn(g3)
    play(g3, ["8S", "8H", "8D", "8C"])
    assert not g3.revolution


def test_no_revolution_when_switched_off():
    g = game([["4S", "4H", "4D", "4C", "KS"], ["9S"]], plain())
    play(g, ["4S", "4H", "4D", "4C"])
    assert not g.revolution


# ---------------------------------------------------------------------------- 8切り


@pytest.mark.parametrize("preset", PRESETS)
def test_eight_cut_clears_the_field_and_the_cutter_leads(preset):
    g = game([["5S", "QD", "4H"], ["8H", "4C", "6D"], ["AS", "3C", "7C"]], Rules.preset(preset))
    play(g, ["5S"])
    play(g, ["8H"])
    assert g.top is None and g.current_player == 1


@pytest.mark.parametrize("preset", PRESETS)
def test_eight_cut_by_a_set_with_a_joker_bound_to_an_eight(preset):
    g = game([["5S", "5H", "QD"], ["8H", "JK", "6D", "KC"]], Rules.preset(preset))
    play(g, ["5S", "5H"])
    play(g, ["8H", "JK"])
    assert g.top is None and g.current_player == 1


@pytest.mark.parametrize("preset", PRESETS)
def test_eight_inside_a_sequence_does_not_cut(preset):
    g = game([["6S", "7S", "8S", "QD"], ["9H", "10H", "JH", "3C"]], Rules.preset(preset))
    play(g, ["6S", "7S", "8S"])
    assert g.top is not None and g.current_player == 1


def test_eight_is_plain_without_eight_cut():
    g = game([["8H", "QD"], ["KS", "6D"]], plain())
    play(g, ["8H"])
    assert g.top is not None and g.current_player == 1


# ---------------------------------------------------------------------------- 11バック


@pytest.mark.parametrize("preset", PRESETS)
def test_eleven_back_reverses_until_the_field_clears(preset):
    rules = Rules.preset(preset)
    g = game([["JS", "4D", "9S"], ["9H", "QH", "KD"], ["6C", "7C", "AC"]], rules)
    play(g, ["JS"])
    assert g.eleven_back == rules.eleven_back
    if rules.eleven_back:
        assert ("9H",) in legal_moves(g) and ("QH",) not in legal_moves(g)
        play(g, ["9H"])
        play(g, ["6C"])
        pass_turn(g)
        pass_turn(g)
        assert g.top is None and not g.eleven_back and not g.reversed
        assert g.current_player == 2
    else:
        assert ("QH",) in legal_moves(g) and ("9H",) not in legal_moves(g)


@pytest.mark.parametrize("preset", [1, 2, 3])
def test_eleven_back_during_revolution_gives_the_normal_order(preset):
    g = game(
        [["4S", "4H", "4D", "4C", "JS", "3C"], ["9H", "QH", "AD"], ["5C", "6C"]],
        Rules.preset(preset),
    )
    play(g, ["4S", "4H", "4D", "4C"])
    pass_turn(g)
    pass_turn(g)
    play(g, ["JS"])
    assert g.revolution and g.eleven_back and not g.reversed
    assert ("QH",) in legal_moves(g) and ("9H",) not in legal_moves(g)


@pytest.mark.parametrize("preset", [1, 2, 3])
def test_four_jacks_are_revolution_and_eleven_back(preset):
    g = game(
        [["JS", "JH", "JD", "JC", "5S", "9S"], ["QS", "QH", "QD", "QC", "3C", "KC"]],
        Rules.preset(preset),
    )
    play(g, ["JS", "JH", "JD", "JC"])
    assert g.revolution and g.eleven_back and not g.reversed  # normal until the field clears
    assert legal_moves(g) == [("QS", "QH", "QD", "QC")]
    pass_turn(g)
    assert g.top is None and g.revolution and g.reversed


@pytest.mark.parametrize("preset", PRESETS)
def test_jack_inside_a_sequence_is_not_eleven_back(preset):
    g = game([["10S", "JS", "QS", "3D"], ["4C", "5C"]], Rules.preset(preset))
    play(g, ["10S", "JS", "QS"])
    assert not g.eleven_back


def test_joker_bound_to_a_jack_is_eleven_back():
    g = game([["JS", "JK", "3D"], ["4C", "5C"]], plain(eleven_back=True))
    play(g, ["JS", "JK"])
    assert g.eleven_back


# ---------------------------------------------------------------------------- 絵柄しばり


@pytest.mark.parametrize("preset", PRESETS)
def test_suit_lock(preset):
    rules = Rules.preset(preset)
    g = game([["3H", "9H", "KS"], ["7H", "10S", "QC"], ["5C", "JH", "QD"]], rules)
    play(g, ["3H"])
    play(g, ["7H"])
    if rules.suit_lock:
        assert g.suit_lock == frozenset({Suit.HEARTS})
        assert legal_moves(g) == [("JH",)]
        with pytest.raises(IllegalMove, match="絵柄しばり: the field is locked to ♥"):
            play(g, ["QD"])
    else:
        assert g.suit_lock is None
        assert legal_moves(g) == [("JH",), ("QD",)]


def test_suit_lock_is_released_when_the_field_clears():
    g = game([["3H", "9H", "KS"], ["7H", "10S", "QC"]], plain(suit_lock=True))
    play(g, ["3H"])
    play(g, ["7H"])
    assert g.suit_lock is not None
    pass_turn(g)
    assert g.top is None and g.suit_lock is None


def test_suit_lock_on_sets_and_a_joker_standing_for_a_suit():
    rules = plain(suit_lock=True)
    g = game(
        [["5H", "5S", "KH", "KD", "3C"], ["7H", "JK", "9H", "9D", "4C"], ["QH", "QS", "2C"]], rules
    )
    play(g, ["5H", "5S"])
    play(g, ["7H", "JK=7S"])  # the joker counts as the ♠ it stands for
    assert {s.value for s in g.suit_lock} == {"H", "S"}
    play(g, ["QH", "QS"])
    with pytest.raises(IllegalMove, match="絵柄しばり"):
        play(g, ["KH", "KD"])
    # A bare joker follows a lock by standing for a locked suit.
    g2 = game([["5H", "5S", "3C"], ["7H", "7S", "4C"], ["9H", "JK", "2C"]], rules)
    play(g2, ["5H", "5S"])
    play(g2, ["7H", "7S"])
    play(g2, ["9H", "JK"])
    assert g2.top.codes == ("JK=9S", "9H")


def test_lone_joker_on_a_suit_locked_field_keeps_the_lock():
    rules = plain(suit_lock=True)
    g = game([["3H", "4S"], ["7H", "5C"], ["JK", "6D"]], rules)
    play(g, ["3H"])
    play(g, ["7H"])
    assert legal_moves(g) == [("JK",)]  # a lone joker may be played on a locked field
    play(g, ["JK"])
    assert g.suit_lock is not None  # the lock stays (the lone joker has no suit)


def test_lone_joker_never_starts_a_suit_lock():
    g = game([["3H", "4S"], ["JK", "5C"], ["6D", "7D"]], plain(suit_lock=True))
    play(g, ["3H"])
    play(g, ["JK"])
    assert g.suit_lock is None


def test_suit_lock_with_sequences():
    g = game(
        [["3H", "4H", "5H", "KS"], ["6H", "7H", "8H", "QC"], ["6D", "7D", "8D", "9D"]],
        plain(suit_lock=True),
    )
    play(g, ["3H", "4H", "5H"])
    play(g, ["6H", "7H", "8H"])
    assert legal_moves(g) == []


# ---------------------------------------------------------------------------- 階段しばり


@pytest.mark.parametrize("preset", PRESETS)
def test_number_lock(preset):
    rules = Rules.preset(preset)
    g = game([["3S", "6H", "KS"], ["4D", "7C", "QC"], ["5C", "9H", "2D"]], rules)
    play(g, ["3S"])
    play(g, ["4D"])
    if rules.number_lock:
        assert g.number_lock
        assert legal_moves(g) == [("5C",)]
        with pytest.raises(IllegalMove, match="階段しばり: the next play must be 5"):
            play(g, ["9H"])
        play(g, ["5C"])
        assert legal_moves(g) == [("6H",)]
    else:
        assert not g.number_lock
        assert ("9H",) in legal_moves(g)


def test_number_lock_on_sets_and_sequences():
    rules = plain(number_lock=True)
    g = game([["5S", "5H", "KS"], ["6D", "6C", "QC"], ["8C", "8D", "7S", "7H"]], rules)
    play(g, ["5S", "5H"])
    play(g, ["6D", "6C"])
    assert legal_moves(g) == [("7S", "7H")]
    g2 = game(
        [["3S", "4S", "5S", "KS"], ["4D", "5D", "6D", "QC"], ["6C", "7C", "8C", "5H", "6H", "7H"]],
        rules,
    )
    play(g2, ["3S", "4S", "5S"])
    play(g2, ["4D", "5D", "6D"])
    assert legal_moves(g2) == [("5H", "6H", "7H")]


def test_number_lock_follows_the_order_and_turns_with_eleven_back():
    rules = plain(number_lock=True, eleven_back=True)
    g = game([["10S", "9H", "3D"], ["JD", "QC", "4C"], ["10D", "QH", "5C"]], rules)
    play(g, ["10S"])
    play(g, ["JD"])  # one step up: locked, and 11バック flips the order
    assert g.number_lock and g.reversed
    assert legal_moves(g) == [("10D",)]  # the chain turns: 10 next


def test_lone_joker_on_a_number_locked_field():
    g = game([["3S", "6H"], ["4D", "7C"], ["JK", "9H"]], plain(number_lock=True))
    play(g, ["3S"])
    play(g, ["4D"])
    assert ("JK",) in legal_moves(g)


def test_number_lock_and_suit_lock_together():
    g = game([["3H", "5S", "KS"], ["4H", "QC", "9C"], ["5H", "6S", "2D"]], Rules.preset(1))
    play(g, ["3H"])
    play(g, ["4H"])
    assert g.number_lock and g.suit_lock is not None
    assert legal_moves(g) == [("5H",)]


# ---------------------------------------------------------------------------- スペ3返し


@pytest.mark.parametrize("preset", PRESETS)
def test_spade_three_return(preset):
    rules = Rules.preset(preset)
    g = game([["9S", "KD", "4C"], ["JK", "5D", "6D"], ["3S", "7H", "QH"]], rules)
    play(g, ["9S"])
    play(g, ["JK"])
    if rules.spade_three:
        assert legal_moves(g) == [("3S",)]
        play(g, ["3S"])
        assert g.top is None and g.current_player == 2
    else:
        assert legal_moves(g) == []
        with pytest.raises(IllegalMove, match="nothing beats a lone joker"):
            play(g, ["3S"])


def test_spade_three_return_ignores_locks():
    g = game([["3H", "9S"], ["7H", "5D"], ["JK", "6D"], ["3S", "4D"]], Rules.preset(1))
    play(g, ["3H"])
    play(g, ["7H"])
    play(g, ["JK"])
    assert legal_moves(g) == [("3S",)]


def test_spade_three_does_not_beat_joker_in_a_set_or_as_a_normal_single():
    g = game([["9S", "9H", "3C"], ["JK", "10D", "KC"], ["3S", "3H", "AC"]], Rules.preset(1))
    play(g, ["9S", "9H"])
    play(g, ["10D", "JK"])
    assert legal_moves(g) == []


# ---------------------------------------------------------------------------- 禁止あがり


def finish(cards, opp=("KC", "QD", "4H"), rules=None, lead=("5S",)):
    """Seat 0 leads `lead`, seat 1 passes... returns a game where seat 0 then plays `cards`."""
    hands = [list(lead) + list(cards), list(opp), ["6C", "7C", "9D"]]
    g = game(hands, rules or Rules.preset(1))
    play(g, list(lead))
    pass_turn(g)
    pass_turn(g)
    return g


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize(
    "last, fouls_with",
    [
        (["2H"], {1, 2, 3}),
        (["JK"], {1, 2, 3}),
        (["8H"], {1, 2, 3}),
        (["9H"], set()),
        (["6S", "7S", "8S"], set()),  # an 8 inside a sequence is fine
        (["AS", "2S", "JK"], {1, 2, 3}),  # joker in a sequence
        (["KS", "AS", "2S"], {1, 2, 3}),  # a 2 in a sequence
    ],
)
def test_forbidden_finish(preset, last, fouls_with):
    g = finish(last, rules=Rules.preset(preset))
    play(g, last)
    assert 0 in g.out
    foul = preset in fouls_with
    assert (g.fouls == [0]) == foul
    assert (g.finished[:1] == [0]) != foul


def test_forbidden_finish_makes_the_player_last_and_a_second_one_second_to_last():
    rules = plain(forbidden_finish=True)
    hands = [["5S", "2H"], ["6S", "2D"], ["3C", "4C", "9C"], ["7D", "8D", "10D"]]
    g = game(hands, rules)
    play(g, ["5S"])
    play(g, ["6S"])
    pass_turn(g)
    pass_turn(g)
    pass_turn(g)
    play(g, ["2D"])  # seat 1 goes out on a 2: last
    pass_turn(g)
    pass_turn(g)
    pass_turn(g)
    assert g.current_player == 2  # the lead passes on from the player who went out
    play(g, ["3C"])
    play(g, ["7D"])
    play(g, ["2H"])  # seat 0 goes out on a 2 too: second-to-last
    assert g.fouls == [1, 0]
    pass_turn(g)
    pass_turn(g)
    play(g, ["4C"])
    play(g, ["8D"])
    play(g, ["9C"])  # seat 2 goes out first (legally)
    assert g.is_over
    assert g.finish_order == [2, 3, 0, 1]


def test_three_is_forbidden_at_the_end_only_while_reversed():
    rules = plain(forbidden_finish=True, revolution=True)
    g = game([["4S", "4H", "4D", "4C", "3H"], ["KC", "QD"], ["6C", "7C"]], rules)
    play(g, ["4S", "4H", "4D", "4C"])
    pass_turn(g)
    pass_turn(g)
    play(g, ["3H"])
    assert g.fouls == [0]
    g2 = finish(["3H"], rules=rules)
    play(g2, ["3H"])
    assert g2.fouls == []


def test_under_eleven_back_a_three_may_not_finish_and_a_two_may():
    rules = plain(forbidden_finish=True, eleven_back=True)
    g = game([["JS", "3H"], ["9C", "QD"], ["6C", "7C"]], rules)
    play(g, ["JS"])
    play(g, ["9C"])
    play(g, ["6C"])
    assert g.reversed
    assert g.would_foul(single(Card.parse("3H")))
    assert not g.would_foul(single(Card.parse("2H")))
    play(g, ["3H"])  # the strongest card now: allowed, but going out on it is 禁止あがり
    assert g.fouls == [0]
    # Once the field clears, 11バック is over and the 2 is forbidden again.
    pass_turn(g)
    pass_turn(g)
    assert not g.reversed and g.would_foul(single(Card.parse("2H")))


def test_spade_three_on_a_joker_cannot_finish():
    rules = Rules.preset(1)
    g = game([["9S", "KD", "4C"], ["JK", "5D", "6D"], ["3S"], ["7H", "QH", "AH"]], rules)
    play(g, ["9S"])
    play(g, ["JK"])
    play(g, ["3S"])
    assert g.fouls == [2]


def test_no_forbidden_finish_in_rule_set_four():
    g = finish(["JK"], rules=Rules.preset(4))
    play(g, ["JK"])
    assert g.fouls == [] and g.finished == [0]


# ---------------------------------------------------------------------------- 都落ち


def five_ranked():
    return (Title.DAIFUGO, Title.FUGO, Title.HEIMIN, Title.HINMIN, Title.DAIHINMIN)


@pytest.mark.parametrize("preset", PRESETS)
def test_miyako_ochi(preset):
    rules = Rules.preset(preset)
    hands = [
        ["5S", "KS", "QS"],
        ["9D"],
        ["3C", "5C", "6C"],
        ["7H", "10H", "JH"],
        ["3D", "AD", "8D"],
    ]
    g = game(hands, rules, first=4, ranks=five_ranked())
    play(g, ["3D"])
    play(g, ["5S"])
    play(g, ["9D"])  # seat 1 goes out first
    if rules.miyako_ochi:
        assert 0 in g.out and g.bottom == [0]
        assert hand(g, 0) == ["KS", "QS"]  # their cards leave play with them
    else:
        assert 0 not in g.out
    while not g.is_over:
        moves = legal_moves(g)
        if moves:
            play(g, moves[0])
        else:
            pass_turn(g)
    assert g.finish_order[0] == 1
    if rules.miyako_ochi:
        assert g.finish_order[-1] == 0
    else:
        assert 0 not in g.bottom


def test_miyako_ochi_not_when_the_daifugo_wins():
    hands = [["9D"], ["4S", "KS"], ["3C", "5C"], ["7H", "10H"], ["3D", "AD"]]
    g = game(hands, Rules.preset(1), first=4, ranks=five_ranked())
    play(g, ["3D"])
    play(g, ["9D"])
    assert g.finished == [0] and g.bottom == []


def test_miyako_ochi_not_triggered_by_a_forbidden_finish():
    hands = [
        ["5S", "KS", "QS"],
        ["2D"],
        ["3C", "5C", "6C"],
        ["7H", "10H", "JH"],
        ["3D", "AD", "8D"],
    ]
    g = game(hands, Rules.preset(1), first=4, ranks=five_ranked())
    play(g, ["3D"])
    play(g, ["5S"])
    play(g, ["2D"])  # out on a 2: last place, not first
    assert g.bottom == [1] and 0 not in g.out


# ---------------------------------------------------------------------------- ranks, dealing, passing


def test_ranks_from_places_by_player_count():
    d, f, h, p, dp = Title.DAIFUGO, Title.FUGO, Title.HEIMIN, Title.HINMIN, Title.DAIHINMIN
    assert ranks_from_places([4, 3, 2, 1, 0]) == (dp, p, h, f, d)
    assert ranks_from_places([1, 0, 3, 2]) == (f, d, dp, p)
    assert ranks_from_places([2, 0, 1]) == (h, p, f)
    assert ranks_from_places([1, 0]) == (p, f)


def test_deal_is_seeded_round_robin_up_to_fifteen():
    g = Game.new(players=5, rules=Rules.preset(1), seed=7)
    assert [len(h) for h in g.hands] == [11, 11, 11, 10, 10]
    assert g.phase == "play" and g.cards_accounted() == 53
    assert Game.new(players=5, rules=Rules.preset(1), seed=7).hands == g.hands
    g2 = Game.new(players=2, rules=Rules.preset(1), seed=7)
    assert [len(h) for h in g2.hands] == [15, 15] and len(g2.undealt) == 23
    assert Game.new(players=4, seed=1).hands != Game.new(players=4, seed=2).hands
    firsts = {Game.new(players=5, seed=s).current_player for s in range(30)}
    assert len(firsts) > 1  # all 平民: the first player is random


def test_card_passing_before_the_game_and_lowest_rank_leads():
    ranks = (Title.DAIFUGO, Title.FUGO, Title.HEIMIN, Title.HINMIN, Title.DAIHINMIN)
    g = Game.new(players=5, rules=Rules.preset(1), seed=3, ranks=ranks)
    assert g.phase == "exchange"
    step = g.exchange_step
    assert (step.giver, step.receiver, step.count, step.strongest_only) == (4, 0, 1, True)
    strongest = legal_moves(g)
    weakest = hand(g, 4)[0]
    assert (weakest,) not in strongest
    with pytest.raises(IllegalMove, match="must give the strongest card"):
        give(g, [weakest])
    with pytest.raises(IllegalMove, match="pass cards first"):
        play(g, [hand(g, 4)[0]])
    give(g, strongest[0])
    assert strongest[0][0] in hand(g, 0)
    assert g.exchange_step.giver == 3 and g.exchange_step.receiver == 1
    give(g, legal_moves(g)[-1])
    assert (g.exchange_step.giver, g.exchange_step.count) == (0, 2)
    with pytest.raises(IllegalMove, match="give exactly 2"):
        give(g, [hand(g, 0)[0]])
    gift = (hand(g, 0)[0], hand(g, 0)[1])
    give(g, gift)
    assert set(gift) <= set(hand(g, 4))
    back = hand(g, 1)[0]
    give(g, [back])
    assert g.phase == "play" and g.current_player == 4  # 大貧民 leads
    assert [len(h) for h in g.hands] == [10, 11, 11, 10, 11]
    # Givers know where their cards went; nobody else does.
    assert set(dict(g.observation(0).known)[4]) == set(gift)
    assert dict(g.observation(1).known) == {3: (back,)}
    assert dict(g.observation(2).known) == {}


def test_three_players_pass_between_fugo_and_hinmin():
    g = Game.new(players=3, rules=Rules.preset(1), seed=5, ranks=ranks_from_places([2, 0, 1]))
    steps = []
    while g.phase == "exchange":
        s = g.exchange_step
        steps.append((s.giver, s.receiver, s.count))
        give(g, legal_moves(g)[0])
    assert steps == [(1, 2, 1), (2, 1, 1)]
    assert g.current_player == 1  # 貧民 leads


def test_match_carries_ranks_over():
    m = Match(4, Rules.preset(3), seed=11)
    g = m.new_game()
    assert g.phase == "play"
    rng = random.Random(0)
    while not g.is_over:
        moves = legal_moves(g)
        if g.can_pass() and (not moves or rng.random() < 0.3):
            pass_turn(g)
        else:
            play(g, rng.choice(moves))
    m.record(g)
    assert (
        m.ranks[g.finish_order[0]] == Title.DAIFUGO
        and m.ranks[g.finish_order[-1]] == Title.DAIHINMIN
    )
    assert m.new_game().phase == "exchange"


# ---------------------------------------------------------------------------- observations, invariants


def test_observation_shows_only_the_seats_own_hand():
    g = Game.new(players=4, rules=Rules.preset(1), seed=2)
    obs = g.observation(1)
    assert obs.hand == tuple(hand(g, 1))
    assert obs.hand_sizes == tuple(len(h) for h in g.hands)
    text = repr(obs)
    for seat in (0, 2, 3):
        assert all(f"'{c}'" not in text for c in hand(g, seat) if c not in obs.hand)


@pytest.mark.parametrize("preset", PRESETS)
def test_random_games_keep_every_card_and_end(preset):
    for seed in range(16):
        rng = random.Random(seed)
        players = 2 + seed % 4
        m = Match(players, Rules.preset(preset), seed=seed)
        for _ in range(2):
            g = m.new_game()
            steps = 0
            while not g.is_over:
                moves = legal_moves(g)
                if g.phase == "play" and g.can_pass() and (not moves or rng.random() < 0.25):
                    pass_turn(g)
                else:
                    move = rng.choice(moves)
                    if g.phase == "play":  # the validator accepts what the generator lists
                        assert refusal(g, move) is None
                    (give if g.phase == "exchange" else play)(g, move)
                assert g.cards_accounted() == 53
                assert len(set(map(str, g.pile))) == len(g.pile)
                steps += 1
                assert steps < 2000
            assert sorted(g.finish_order) == list(range(players))
            m.record(g)


# ---------------------------------------------------------------------------- more decided details


@pytest.mark.parametrize("preset", PRESETS)
def test_joker_stand_ins_listed_only_when_the_suit_matters(preset):
    rules = Rules.preset(preset)
    g = game([["5S", "JK", "9C"], ["3C", "4C"]], rules)
    pairs = [m for m in legal_moves(g) if len(m) == 2 and "5S" in m]
    if rules.suit_lock:
        assert pairs == [("5S", "JK=5H"), ("5S", "JK=5D"), ("5S", "JK=5C")]
    else:
        assert pairs == [("5S", "JK=5H")]
    if not rules.suit_lock:
        # the suit does not matter: as a Play object only the listed reading is legal ...
        other = g.clone().parse_action("5S JK=5C")
        assert other.codes == ("5S", "JK=5H")  # text is read as the listed reading
        with pytest.raises(IllegalMove) as info:
            g.clone().apply(classify(parse_move(["5S", "JK=5C"]))[0])
        assert info.value.code == "joker_suit"
    play(g, ["5S", "JK=5C"])  # ... while typed codes with any stand-in are accepted
    assert g.top.codes == (("5S", "JK=5C") if rules.suit_lock else ("5S", "JK=5H"))


def test_a_set_has_at_most_four_cards():
    g = game([["5S", "5H", "5D", "5C", "JK", "9C"], ["3C"]], plain())
    with pytest.raises(IllegalMove, match="at most 4 cards"):
        play(g, ["5S", "5H", "5D", "5C", "JK"])
    assert all(len(m) <= 4 for m in legal_moves(g))


@pytest.mark.parametrize("preset", PRESETS)
def test_eight_cut_by_a_player_who_goes_out_passes_the_lead_on(preset):
    rules = Rules.preset(preset)
    g = game([["5S", "8H"], ["KS", "4C", "6D"], ["AS", "3C", "7C"]], rules, first=0)
    play(g, ["5S"])
    pass_turn(g)
    pass_turn(g)
    play(g, ["8H"])  # out on an 8: the field is cut, the next player leads
    assert g.top is None and g.current_player == 1
    assert (g.fouls == [0]) == rules.forbidden_finish
