"""Scenario tests for every Schwimmen rule, and seeded random games checking invariants."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from eventkit.errors import UserError
from games.common.cards import Card, deck_32
from games.common.protocol import IllegalMove
from games.schwimmen.actions import DealerKeep, DealerSwap, Knock, NextRound, Pass, SwapAll, SwapOne
from games.schwimmen.hands import hand_key, hand_value, is_feuer, is_schnauz
from games.schwimmen.rules import Game, Phase, Rules

C = Card.parse


def four(hands=None, table=("7S", "8S", "9S"), **kwargs) -> Game:
    hands = hands or [
        ("7H", "8H", "KD"),
        ("7D", "8D", "QC"),
        ("9H", "10C", "7C"),
        ("8C", "9C", "JS"),
    ]
    return Game.from_position(hands, table, **kwargs)


# ---------------------------------------------------------------- hand values


@pytest.mark.parametrize(
    ("cards", "value"),
    [
        (["7C", "8C", "QH"], 15.0),  # the seed's example
        (["AS", "KS", "7H"], 21.0),
        (["AH", "KH", "10H"], 31.0),
        (["AH", "JH", "QH"], 31.0),
        (["7S", "7H", "7D"], 30.5),
        (["KS", "KH", "KC"], 30.5),
        (["AS", "AH", "AD"], 32.0),
        (["9D", "8D", "7D"], 24.0),
        (["AS", "AH", "KD"], 11.0),
        (["7S", "8H", "9D"], 9.0),
    ],
)
def test_hand_value(cards, value):
    assert hand_value(cards) == value
    assert hand_value([C(c) for c in cards]) == value


def test_schnauz_and_feuer_predicates():
    assert is_schnauz(["AC", "10C", "KC"]) and not is_feuer(["AC", "10C", "KC"])
    assert is_feuer(["AC", "AS", "AH"]) and not is_schnauz(["AC", "AS", "AH"])
    assert not is_schnauz(["AC", "10C", "9C"])


def test_hand_value_rejects_bad_hands():
    with pytest.raises(UserError, match="3 different cards"):
        hand_value(["7C", "8C"])
    with pytest.raises(UserError):
        hand_value(["7C", "7C", "8C"])
    with pytest.raises(ValueError):
        hand_value(["7X", "8C", "9C"])


def test_suit_tiebreak_order_clubs_spades_hearts_diamonds():
    keys = [
        hand_key([f"K{s}", f"9{s}", "7" + o], True) for s, o in zip("CSHD", "HDCS", strict=True)
    ]
    assert keys == sorted(keys, reverse=True)
    assert hand_key(["KC", "9C", "7H"]) == hand_key(["KD", "9D", "7H"])  # no tie-break: equal
    # a hand with two equal suits counts its better suit
    assert hand_key(["10C", "10D", "7H"], True) == hand_key(["10C", "9S", "7H"], True)


# ---------------------------------------------------------------- deal and dealer


def test_standard_deal_dealer_keeps_or_takes_the_extra_hand():
    game = Game.new(players=4, seed=3)
    if game.phase is not Phase.DEALER:  # pragma: no cover - a dealt 31; pick another seed
        pytest.skip("dealt Schnauz")
    assert game.dealer == 3 and game.current == 3
    assert game.legal_actions() == [DealerKeep(), DealerSwap()]
    assert game.table == [] and len(game.extra) == 3
    own, extra = list(game.hands[3]), list(game.extra)
    game.apply(DealerSwap())
    assert game.hands[3] == extra and game.table == own
    assert game.phase is Phase.PLAY and game.current == 0  # the player left of the dealer

    game = Game.new(players=4, seed=3)
    own, extra = list(game.hands[3]), list(game.extra)
    with pytest.raises(IllegalMove, match="deals"):
        game.apply(Pass())
    game.apply(DealerKeep())
    assert game.hands[3] == own and game.table == extra
    with pytest.raises(IllegalMove, match="only the dealer"):
        game.apply(DealerKeep())


def test_dealer_rotates_each_round():
    game = Game.new(players=3, seed=11, rules=Rules(people=frozenset()))
    dealers = []
    while game.phase is not Phase.GAME_OVER and len(dealers) < 5:
        if game.phase is Phase.ROUND_OVER:
            game.apply(NextRound())
            continue
        if len(dealers) < game.round_number:
            dealers.append(game.dealer)
        game.apply(Knock() if Knock() in game.legal_actions() else game.legal_actions()[-2])
    assert dealers[:4] == [2, 0, 1, 2]


def test_house_rules_have_no_dealer_and_you_start():
    game = Game.new(players=4, seed=5, rules=Rules.house())
    assert game.phase is Phase.PLAY and game.dealer is None
    assert game.current == 0 and len(game.table) == 3 and game.extra == []


def test_same_seed_same_game():
    a, b = Game.new(seed=42), Game.new(seed=42)
    assert a.hands == b.hands and a.extra == b.extra and a.stock == b.stock
    assert Game.new(seed=43).hands != a.hands


def test_player_count_limits():
    with pytest.raises(UserError, match="2-9"):
        Game.new(players=10)
    with pytest.raises(UserError):
        Game.new(players=1)
    nine = Game.new(players=9, seed=1)
    assert len(nine.all_cards()) == 32 and len(nine.stock) == 2


# ---------------------------------------------------------------- turns


def test_legal_actions_on_a_first_turn():
    game = four()
    actions = game.legal_actions()
    assert len([a for a in actions if isinstance(a, SwapOne)]) == 9
    assert SwapAll() in actions and Pass() in actions and Knock() not in actions


def test_no_knock_on_first_turn():
    game = four()
    with pytest.raises(IllegalMove, match="first turn"):
        game.apply(Knock())
    game = four(turns_taken=[1, 0, 0, 0])
    assert Knock() in game.legal_actions()


def test_no_pass_twice_in_a_row():
    game = four()
    for _ in range(4):
        game.apply(SwapOne(game.hands[game.current][0], game.table[0]))
    game.apply(Pass())  # seat 0
    for _ in range(3):
        game.apply(SwapAll())
    assert game.current == 0
    assert Pass() not in game.legal_actions()
    with pytest.raises(IllegalMove, match="twice in a row"):
        game.apply(Pass())
    game.apply(SwapAll())
    for _ in range(3):
        game.apply(SwapAll())
    assert Pass() in game.legal_actions()  # passing again after a swap is fine


def test_swap_one_and_swap_all_move_cards():
    game = four()
    game.apply(SwapOne("KD", "9S"))
    assert game.hands[0] == [C("7H"), C("8H"), C("9S")]
    assert game.table == [C("7S"), C("8S"), C("KD")]
    game.apply(SwapAll())
    assert game.hands[1] == [C("7S"), C("8S"), C("KD")]
    assert game.table == [C("7D"), C("8D"), C("QC")]


def test_illegal_swaps_say_why():
    game = four()
    with pytest.raises(IllegalMove, match="AS is not in player 1's hand"):
        game.apply(SwapOne("AS", "7S"))
    with pytest.raises(IllegalMove, match="AH is not on the table"):
        game.apply(SwapOne("7H", "AH"))
    assert issubclass(IllegalMove, ValueError) and issubclass(IllegalMove, UserError)


def test_everyone_passing_refreshes_the_table():
    game = four(stock=["AC", "AD", "KH"])
    old = list(game.table)
    for _ in range(3):
        game.apply(Pass())
    assert game.table == old
    game.apply(Pass())
    assert game.table == [C("AC"), C("AD"), C("KH")]
    assert game.discards == old
    assert game.log[-1].kind == "refresh"
    assert len(set(game.all_cards())) == 32


def test_a_swap_breaks_the_pass_streak():
    game = four()
    old = list(game.table)
    game.apply(Pass())
    game.apply(Pass())
    game.apply(Pass())
    assert game.pass_streak == 3
    game.apply(SwapAll())  # seat 3 swaps instead of the fourth pass
    assert game.pass_streak == 0
    game.apply(SwapAll())  # seat 0 passed last time, so it must swap
    assert game.discards == [] and game.table != old  # swapped, but no refresh


# ---------------------------------------------------------------- knocking


def test_standard_knock_gives_every_other_player_one_more_turn():
    game = four(turns_taken=[1, 1, 1, 1], current=1)
    game.apply(Knock())
    assert game.knocker == 1 and game.final_turns == [2, 3, 0]
    assert Knock() not in game.legal_actions()
    with pytest.raises(IllegalMove, match="already knocked"):
        game.apply(Knock())
    for seat in (2, 3, 0):
        assert game.current == seat
        game.apply(Pass())
    assert game.phase is Phase.ROUND_OVER
    assert game.last_result.reason == "knock" and game.last_result.trigger == 1


def test_house_knock_by_a_cpu_ends_the_rotation():
    rules = Rules.house()
    game = four(rules=rules, turns_taken=[1, 1, 1, 1])
    game.apply(SwapAll())  # you (seat 0)
    game.apply(SwapAll())  # CPU 1
    game.apply(Knock())  # CPU 2 knocks: only CPU 3 plays, you do not
    assert game.final_turns == [3]
    game.apply(SwapAll())
    assert game.phase is Phase.ROUND_OVER

    game = four(rules=rules, turns_taken=[1, 1, 1, 1])
    for _ in range(3):
        game.apply(Pass())
    game.apply(Knock())  # CPU 3, the last of the rotation: the round ends at once
    assert game.phase is Phase.ROUND_OVER


def test_house_knock_by_you_gives_every_cpu_one_more_turn():
    game = four(rules=Rules.house(), turns_taken=[1, 1, 1, 1])
    game.apply(Knock())
    assert game.final_turns == [1, 2, 3]
    for _ in range(3):
        assert game.phase is Phase.PLAY
        game.apply(SwapAll())
    assert game.phase is Phase.ROUND_OVER


# ---------------------------------------------------------------- Schnauz and Feuer


def test_schnauz_ends_the_round_at_once():
    game = four(
        [("AH", "KH", "7D"), ("7S", "8D", "QC"), ("9H", "10C", "7C"), ("8C", "9C", "JS")],
        table=("10H", "8S", "9S"),
    )
    game.apply(SwapOne("7D", "10H"))
    assert game.phase is Phase.ROUND_OVER
    result = game.last_result
    assert result.reason == "schnauz" and result.trigger == 0 and result.values[0] == 31.0
    assert result.losers == (1,)  # 7S 8D QC = 10 is the lowest
    assert game.log[-1].kind == "schnauz"


def test_feuer_ends_the_round_at_once():
    game = four(
        [("AH", "AS", "7D"), ("7S", "8D", "QC"), ("9H", "10C", "7C"), ("8C", "9C", "JS")],
        table=("AD", "8S", "9S"),
    )
    game.apply(SwapOne("7D", "AD"))
    assert game.phase is Phase.ROUND_OVER and game.last_result.reason == "feuer"
    assert game.last_result.values[0] == 32.0


def test_swap_all_into_schnauz_ends_the_round():
    game = four(table=("AS", "KS", "QS"))
    game.apply(SwapAll())
    assert game.last_result.reason == "schnauz"


def test_a_dealt_schnauz_ends_the_round_before_anyone_plays():
    for seed in range(3000):
        game = Game.new(players=4, seed=seed, rules=Rules.house())
        if game.phase is not Phase.PLAY:
            break
    else:  # pragma: no cover
        pytest.fail("no dealt 31 in 3000 deals")
    result = game.last_result
    assert result.reason in ("schnauz", "feuer")
    assert result.values[result.trigger] >= 31.0
    assert game.log == [] or game.log[-1].kind in ("schnauz", "feuer")


# ---------------------------------------------------------------- scoring, coins, places


def _finish_by_knock(game: Game) -> None:
    game.turns_taken = [1] * game.num_players
    game.apply(Knock())
    while game.phase is Phase.PLAY:
        game.apply(Pass())


def test_all_tied_lowest_hands_lose_a_coin():
    hands = [("7H", "8H", "KD"), ("7D", "8D", "QC"), ("10S", "QS", "7C"), ("8C", "9C", "JS")]
    game = four(hands, table=("7S", "9D", "9H"))  # values 15, 15, 20, 17
    _finish_by_knock(game)
    result = game.last_result
    assert result.losers == (0, 1)
    assert result.coins == (2, 2, 3, 3)
    assert result.places == (3, 3, 1, 2)


def test_suit_tiebreak_option_picks_one_loser():
    hands = [("7H", "8H", "KD"), ("7D", "8D", "QC"), ("10S", "QS", "7C"), ("8C", "9C", "JS")]
    game = four(hands, table=("7S", "9D", "9H"), rules=Rules(suit_tiebreak=True))
    _finish_by_knock(game)
    assert game.last_result.losers == (1,)  # 15 in diamonds is below 15 in hearts


def test_swimming_at_minus_one_and_out_after_one_more_loss():
    hands = [("7H", "8H", "KD"), ("10D", "QD", "QC"), ("10S", "QS", "7C"), ("AC", "9C", "JS")]
    game = four(hands, table=("7S", "9D", "9H"), coins=[0, 3, 3, 3])
    _finish_by_knock(game)
    assert game.coins[0] == -1 and game.is_swimming(0) and 0 in game.last_result.swimming
    assert game.phase is Phase.ROUND_OVER and not game.out[0]

    game = four(
        hands, table=("7S", "9D", "9H"), coins=[3, 3, 3, 3], rules=Rules(people=frozenset())
    )
    game.coins = [-1, 3, 3, 3]
    _finish_by_knock(game)
    assert game.out[0] and game.places()[0] == 4 and game.last_result.eliminated == (0,)
    assert game.phase is Phase.ROUND_OVER  # three are left, play on
    game.apply(NextRound())
    assert game.hands[0] == [] and game.current != 0 and len(game.all_cards()) == 32


def test_the_game_ends_when_you_are_out_with_your_place():
    hands = [("7H", "8H", "KD"), ("10D", "QD", "QC"), ("10S", "QS", "7C"), ("AC", "9C", "JS")]
    game = four(hands, table=("7S", "9D", "9H"), coins=[-1, 3, 3, 3])
    _finish_by_knock(game)
    assert game.phase is Phase.GAME_OVER and game.places()[0] == 4 and game.winners == ()
    with pytest.raises(IllegalMove, match="game is over"):
        game.apply(NextRound())
    with pytest.raises(IllegalMove, match="game is over"):
        game.apply(Pass())


def test_with_several_people_the_game_ends_when_the_last_of_them_is_out():
    """`Rules.people`: one person out leaves the game running while another is in."""
    hands = [("7H", "8H", "KD"), ("10D", "QD", "QC"), ("10S", "QS", "7C"), ("AC", "9C", "JS")]
    rules = Rules(people=frozenset({0, 2}))
    game = four(hands, table=("7S", "9D", "9H"), coins=[-1, 3, 3, 3], rules=rules)
    _finish_by_knock(game)  # seat 0 (15 points) loses its last coin
    assert game.out[0] and game.phase is Phase.ROUND_OVER  # seat 2 is a person still in
    game = four(hands, table=("7S", "9D", "9H"), coins=[-1, 3, -2, 3], rules=rules)
    game.out[2] = True
    game.hands[2] = []
    _finish_by_knock(game)
    assert game.phase is Phase.GAME_OVER and game.winners == ()


def test_house_rules_with_several_people_cut_only_a_cpus_knock():
    rules = Rules.house(people=frozenset({0, 2}))
    game = four(rules=rules, turns_taken=[1, 1, 1, 1])
    game.apply(SwapAll())  # seat 0
    game.apply(SwapAll())  # CPU at seat 1
    game.apply(Knock())  # seat 2 is a person: everyone else has one more turn
    assert game.final_turns == [3, 0, 1]
    game = four(rules=rules, turns_taken=[1, 1, 1, 1])
    game.apply(SwapAll())  # seat 0
    game.apply(Knock())  # a CPU (seat 1): the round ends with the rotation
    assert game.final_turns == [2, 3]


def test_house_rules_the_first_person_still_in_starts_the_round():
    game = Game.new(seed=1, players=4, rules=Rules.house(people=frozenset({1, 3})))
    assert game.starter == 1
    game.out[1] = True
    assert game._next_round_seat() == 3
    assert Game.new(seed=1, players=4, rules=Rules.house(people=frozenset())).starter == 0


def test_last_one_standing_wins():
    hands = [("7H", "8H", "KD"), None, ("10S", "QS", "7C"), None]
    game = Game.from_position(hands, ("7S", "9D", "9H"), coins=[3, 0, -1, 0])
    _finish_by_knock(game)
    assert game.phase is Phase.ROUND_OVER and game.coins[0] == 2  # seat 0 (15) lost
    game = Game.from_position(
        hands, ("7S", "9D", "9H"), coins=[-1, 0, 3, 0], rules=Rules(people=frozenset())
    )
    _finish_by_knock(game)
    assert game.phase is Phase.GAME_OVER and game.winners == (2,)
    assert game.places()[2] == 1 and game.places()[0] == 2


def test_everyone_out_together_share_first_place():
    hands = [("7H", "8H", "KD"), None, ("7D", "8D", "QC"), None]
    game = Game.from_position(hands, ("7S", "9D", "9H"), coins=[-1, 0, -1, 0])
    _finish_by_knock(game)
    assert game.phase is Phase.GAME_OVER and game.winners == (0, 2)
    assert game.places()[0] == game.places()[2] == 1


def test_round_over_blocks_moves_until_next_round():
    game = four(turns_taken=[1, 1, 1, 1])
    _finish_by_knock(game)
    assert game.legal_actions() == [NextRound()]
    assert game.current_player is not None and not game.is_over
    with pytest.raises(IllegalMove, match="round is over") as info:
        game.apply(Pass())
    assert info.value.code == "round_over"
    game.apply(NextRound())
    with pytest.raises(IllegalMove) as info:
        game.apply(NextRound())
    assert info.value.code == "round_in_play"
    assert game.phase in (Phase.DEALER, Phase.PLAY, Phase.ROUND_OVER)


# ---------------------------------------------------------------- observations


def test_observation_shows_only_own_hand_and_public_knowledge():
    game = four()
    game.apply(SwapOne("KD", "9S"))  # seat 0 takes 9S: everyone knows it
    obs = game.observation(1)
    assert obs.hand == tuple(game.hands[1])
    assert C("9S") in obs.known[0] and C("7H") not in obs.known[0]
    unseen = obs.unseen()
    assert not unseen & set(obs.hand) and not unseen & set(obs.table)
    assert C("9S") not in unseen and C("7H") in unseen and C("9H") in unseen
    assert len(unseen) == 32 - 3 - 3 - 1
    text = repr(obs)
    for seat in (0, 2, 3):
        for card in game.hands[seat]:
            if card not in obs.known[seat]:
                assert f"'{card}'" not in text, f"{card} of seat {seat} leaks into seat 1's view"


# ---------------------------------------------------------------- random full games


@pytest.mark.parametrize("variant", ["standard", "house"])
def test_random_games_keep_invariants_and_end(variant):
    deck = Counter(deck_32())
    for seed in range(12):
        rng = random.Random(seed)
        players = rng.randint(2, 9)
        base = Rules.house if variant == "house" else Rules.standard
        rules = base(
            people=rng.choice([frozenset(), frozenset({0})]), suit_tiebreak=rng.random() < 0.5
        )
        game = Game.new(players=players, seed=seed, rules=rules)
        coins_seen = list(game.coins)
        for _step in range(20_000):
            if game.phase is Phase.GAME_OVER:
                break
            if game.phase is Phase.ROUND_OVER:
                game.apply(NextRound())
                continue
            legal = game.legal_actions()
            action = rng.choice(legal)
            assert game.why_illegal(action) is None
            game.apply(action)
            assert Counter(game.all_cards()) == deck  # 32 cards, none lost or doubled
            for s in range(players):
                if game.phase in (Phase.PLAY, Phase.DEALER):
                    assert len(game.hands[s]) == (0 if game.out[s] else 3)
                assert game.coins[s] <= coins_seen[s]
            coins_seen = list(game.coins)
        else:  # pragma: no cover
            pytest.fail(f"game {seed} did not end")
        assert game.winners or (rules.people and game.out[0])
        assert all(game.places()[s] is not None for s in range(players) if game.out[s])


def test_value_counts_over_all_4960_hands():
    from games.schwimmen.hands import all_hands

    values = Counter(hand_value(h) for h in all_hands())
    assert sum(values.values()) == 4960
    assert values[32.0] == 4  # three of the four aces
    assert values[31.0] == 4 * 6  # an ace and two of 10, J, Q, K in one suit
    assert values[30.5] == 7 * 4  # three of a kind below the ace
    assert min(values) == 8.0  # e.g. 7S 7H 8D: three suits, the best single card counts
    assert max(v for v in values if v < 30.5) == 30.0  # A + 10 + 9 in one suit


# ---------------------------------------------------------------- surviving mutants covered


def test_three_of_a_kind_ties_are_broken_by_rank_with_the_suit_tiebreak():
    kings, sevens = ["KS", "KH", "KD"], ["7S", "7H", "7C"]
    assert hand_key(kings, True) > hand_key(sevens, True)
    assert hand_key(kings, False) == hand_key(sevens, False)  # both 30.5, no tie-break
    for tiebreak, losers in ((True, (1,)), (False, (0, 1))):
        game = Game.from_position(
            [kings, sevens],
            ("8S", "9D", "JC"),
            rules=Rules(suit_tiebreak=tiebreak, people=frozenset()),
            turns_taken=[1, 1],
        )
        _finish_by_knock(game)
        assert game.last_result.losers == losers


def test_a_refresh_reshuffles_the_discards_when_the_stock_runs_low():
    """Eight players leave 5 cards in the stock: the second refresh needs the discards."""
    hands = [
        ("7S", "8H", "9D"),
        ("7H", "8D", "9C"),
        ("7D", "8C", "9S"),
        ("7C", "8S", "9H"),
        ("10S", "JH", "QD"),
        ("10H", "JD", "QC"),
        ("10D", "JC", "QS"),
        ("10C", "JS", "QH"),
    ]
    game = Game.from_position(
        hands, ("KS", "KH", "AD"), rules=Rules(people=frozenset()), stock=["KD", "KC", "AS"], seed=1
    )
    assert len(game.stock) == 5 and game.discards == []
    for _ in range(8):
        game.apply(Pass())
    assert game.table == [C("KD"), C("KC"), C("AS")] and len(game.stock) == 2
    assert game.discards == [C("KS"), C("KH"), C("AD")]
    first_table = list(game.table)
    low_stock = list(game.stock)
    # everyone swaps once (a pass twice in a row is not allowed), then everyone passes again
    for seat in range(8):
        hand_card = game.hands[seat][0]
        game.apply(SwapOne(hand_card, game.table[0]))
        assert game.phase is Phase.PLAY
    swapped_table = sorted(game.table, key=deck_32().index)
    pool = set(game.discards) | set(low_stock)
    for _ in range(8):
        game.apply(Pass())
    assert game.log[-1].kind == "refresh"
    assert set(game.table) <= pool and len(game.table) == 3  # drawn from the reshuffled cards
    assert game.discards == swapped_table  # only the table just replaced is in the discards
    assert len(game.stock) == 2 and Counter(game.all_cards()) == Counter(deck_32())
    assert game.table != first_table
