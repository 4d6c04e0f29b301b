"""Daifugō CPU players: legal, deterministic, see only their own seat, and play sensibly."""

from __future__ import annotations

import random

import pytest
from daifugo_support import give, hand, legal_moves, pass_turn, play

from games.common.cards import Card, Rank, parse_card
from games.daifugo.ai import CPU, count_groups, determinize, play_game
from games.daifugo.game import Game
from games.daifugo.match import Match
from games.daifugo.plays import Give, Pass, Play, parse_move
from games.daifugo.ruleset import Rules, Title


def cards(*codes):
    return [parse_card(c) for c in codes]


def test_count_groups_sees_sets_and_sequences():
    assert count_groups(cards("3S", "4S", "5S", "9H", "9D")) == 2
    assert count_groups(cards("3S", "5S", "7S")) == 3
    assert count_groups(cards("3S", "3H", "3D", "JK")) == 2
    assert count_groups([]) == 0


@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
def test_every_cpu_move_is_legal_and_games_end(level):
    rules = Rules.preset(1)
    for seed in range(1 if level == "strong" else 5):
        m = Match(4, rules, seed=seed)
        cpus = [CPU(level, seed=seed * 10 + s, samples=3) for s in range(4)]
        for _ in range(2):
            g = m.new_game()
            while not g.is_over:
                obs = g.observation(g.turn)
                legal = g.legal_actions()
                action = cpus[g.turn].choose(obs, legal)
                assert action in legal, (level, seed, action)
                g.apply(action)
                assert g.cards_accounted() == 53
            m.record(g)


def test_cpus_are_deterministic_given_their_seed():
    def run():
        g = Game.new(players=5, rules=Rules.preset(1), seed=3)
        cpus = [
            CPU(lvl, seed=7 + i, samples=3)
            for i, lvl in enumerate(["strong", "normal", "easy", "normal", "easy"])
        ]
        moves = []
        while not g.is_over:
            obs = g.observation(g.turn)
            action = cpus[g.turn].choose(obs, g.legal_actions())
            moves.append(str(action))
            g.apply(action)
        return moves, g.finish_order

    assert run() == run()


def test_easy_plays_the_weakest_card():
    g = Game.new(hands=[["9S", "4H", "KD"], ["3C", "5C"]], rules=Rules.preset(3))
    assert CPU("easy").choose(g.observation(0), g.legal_actions()) == Play.parse("4H")


def test_normal_keeps_pairs_and_control_cards():
    g = Game.new(
        hands=[["5S", "5H", "9D", "2C", "JK", "QS"], ["3C", "6C", "7C"]], rules=Rules.preset(3)
    )
    move = str(CPU("normal").choose(g.observation(0), g.legal_actions()))
    assert move in {"5S 5H", "9D", "QS"}  # never opens with the joker or the 2
    # Following a single, it does not break its pair of 5s when a loose card will do.
    g2 = Game.new(hands=[["4D", "6C"], ["5S", "5H", "9D", "2C", "QS", "3H"]], rules=Rules.preset(3))
    play(g2, ["4D"])
    assert CPU("normal").choose(g2.observation(1), g2.legal_actions()) == Play.parse("9D")


def test_normal_goes_out_when_it_can_and_avoids_a_forbidden_finish():
    g = Game.new(hands=[["4D", "9C"], ["7S", "7H"], ["3C", "KD", "QH"]], rules=Rules.preset(3))
    play(g, ["4D"])
    pass_turn(g)
    pass_turn(g)
    assert CPU("normal").choose(g.observation(0), g.legal_actions()) == Play.parse("9C")
    # With a 2 and a 6 left it plays the 2 first (going out on the 2 would be 禁止あがり).
    g2 = Game.new(hands=[["2D", "6C"], ["7S", "8H", "JD"]], rules=Rules.preset(3))
    assert CPU("normal").choose(g2.observation(0), g2.legal_actions()) == Play.parse("2D")


def test_normal_starts_a_revolution_with_a_weak_hand():
    hand = ["4S", "4H", "4D", "4C", "3S", "5H", "6D", "7C"]
    g = Game.new(hands=[hand, ["KS", "AD", "2H", "QC"]], rules=Rules.preset(3))
    assert CPU("normal").choose(g.observation(0), g.legal_actions()) == Play.parse("4S 4H 4D 4C")


def test_normal_gives_useless_cards_when_passing():
    ranks = (Title.DAIFUGO, Title.HEIMIN, Title.HEIMIN, Title.FUGO, Title.DAIHINMIN)
    g = Game.new(players=5, rules=Rules.preset(1), seed=8, ranks=ranks)
    while g.exchange_step.giver != 0:
        give(g, legal_moves(g)[0])
    obs = g.observation(0)
    gift = CPU("normal").choose(obs, g.legal_actions())
    assert isinstance(gift, Give) and gift in g.legal_actions()
    assert all(not c.is_joker and c.rank != Rank.TWO for c in gift.cards)


def test_determinization_fits_what_the_seat_knows():
    ranks = (Title.DAIFUGO, Title.FUGO, Title.HEIMIN, Title.HINMIN, Title.DAIHINMIN)
    g = Game.new(players=5, rules=Rules.preset(1), seed=12, ranks=ranks)
    while g.phase == "exchange":
        give(g, legal_moves(g)[0])
    for _ in range(7):
        moves = legal_moves(g)
        play(g, moves[0]) if moves else pass_turn(g)
    obs = g.observation(0)
    known = dict(obs.known)[4]
    rng = random.Random(1)
    for _ in range(20):
        hands = determinize(obs, rng)
        assert [len(h) for h in hands] == list(obs.hand_sizes)
        assert [str(c) for c in hands[0]] == list(obs.hand)
        assert set(known) <= {str(c) for c in hands[4]}
        everything = [str(c) for h in hands for c in h] + list(obs.pile)
        assert len(set(everything)) == len(everything)
    # The observation never carries another seat's hand.
    assert not any(c in repr(obs) for c in hand(g, 2) if c not in obs.pile)


def test_strong_beats_easy_in_a_short_series():
    """A small sample (the benchmark has the real figures): strong wins more than parity."""
    rules = Rules.preset(1)
    wins = 0
    games = 10
    for i in range(games):
        seat = i % 5
        cpus = [CPU("strong" if s == seat else "easy", seed=i + s, samples=4) for s in range(5)]
        places = play_game(Game.new(players=5, rules=rules, seed=100 + i), cpus)
        wins += places[0] == seat
    assert wins >= 3  # parity would be 2


def test_parse_move_round_trip():
    tokens = parse_move(["JK=5S", "5H"])
    assert tokens[0][1] == Card.parse("5S")


def test_easy_is_never_careless_with_a_forbidden_finish():
    rules = Rules.preset(3)  # 禁止あがり on
    # Leading with a 2 and a 6: the weakest card first would leave only the 2 (going out on
    # it breaks 禁止あがり), so easy plays the 2 while it still has another card.
    g = Game.new(hands=[["2D", "6C"], ["7S", "8H", "JD"]], rules=rules)
    assert CPU("easy").choose(g.observation(0), g.legal_actions()) == Play.parse("2D")
    # Following a 4 with 5 and 2: the same, the 2 goes first.
    g = Game.new(hands=[["4H", "9C"], ["5S", "2D"], ["7S", "8H", "JD"]], rules=rules)
    play(g, ["4H"])
    assert CPU("easy").choose(g.observation(1), g.legal_actions()) == Play.parse("2D")
    # Only a 2 left and a 9 on the field: going out would be forbidden, so easy passes.
    g = Game.new(hands=[["9C", "3S"], ["2D"], ["7S", "8H", "JD"]], rules=rules)
    play(g, ["9C"])
    assert CPU("easy").choose(g.observation(1), g.legal_actions()) == Pass()
    # Without 禁止あがり it is as weak as ever: the weakest card first.
    g = Game.new(hands=[["2D", "6C"], ["7S", "8H", "JD"]], rules=Rules.preset(4))
    assert CPU("easy").choose(g.observation(0), g.legal_actions()) == Play.parse("6C")


def test_easy_cpus_seldom_go_out_on_a_forbidden_card():
    """Only forced forbidden finishes are left (the benchmark counts them over 400 games)."""
    fouls = 0
    for seed in range(20):
        g = Game.new(players=5, rules=Rules.preset(1), seed=seed)
        fouls += len(play_game_fouls(g, [CPU("easy", seed=s) for s in range(5)]))
    assert fouls <= 5  # before the fix: about one per game


def play_game_fouls(game, cpus):
    while not game.is_over:
        seat = game.turn
        action = cpus[seat].choose(game.observation(seat), game.legal_actions())
        if isinstance(action, Play) and action.size == len(game.hands[seat]):
            assert not game.would_foul(action) or not any(
                not isinstance(a, Play) or a.size < len(game.hands[seat]) or not game.would_foul(a)
                for a in game.legal_actions()
            ), "easy went out on a forbidden card although it could avoid it"
        game.apply(action)
    return game.fouls
