"""CPU players: always legal, deterministic, see only their own seat, and play sensibly."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.common.cards import Card, deck_32
from games.schwimmen import ai
from games.schwimmen.actions import DealerKeep, DealerSwap, Knock, NextRound, Pass, SwapOne
from games.schwimmen.ai import CpuPlayer
from games.schwimmen.rules import Game, Phase, Rules

C = Card.parse
HANDS = [("7H", "8H", "KD"), ("7D", "8D", "QC"), ("9H", "10C", "7C"), ("8C", "9C", "JS")]


def quick(level: str, seed: int = 1) -> CpuPlayer:
    player = CpuPlayer(level, seed)
    player.samples = 12  # keep the tests fast; the benchmark uses the real setting
    return player


def play_game(players, seed, rules, check=None) -> Game:
    game = Game.new(players=len(players), seed=seed, rules=rules)
    for _ in range(5000):
        if game.phase is Phase.GAME_OVER:
            return game
        if game.phase is Phase.ROUND_OVER:
            game.apply(NextRound())
            continue
        seat = game.current
        legal = game.legal_actions()
        action = players[seat].choose(game.observation(seat), legal)
        assert action in legal, f"{players[seat]} chose illegal {action}"
        game.apply(action)
        if check:
            check(game)
    raise AssertionError("game did not end")


def test_cpu_only_games_end_with_legal_moves_and_all_cards():
    deck = Counter(deck_32())

    def check(game):
        assert Counter(game.all_cards()) == deck

    for seed, rules in ((1, Rules(people=frozenset())), (2, Rules.house(people=frozenset()))):
        players = [quick("strong", seed), quick("normal", seed + 1), CpuPlayer("easy", 3)]
        game = play_game(players, seed, rules, check)
        assert len(game.winners) >= 1


def test_two_searching_cpus_left_alone_still_end_the_round():
    """Seed 707 of the benchmark: seats 0 and 2 (normal CPUs) were left and swapped KD/10D/
    10H/7C/8S back and forth for ever, each sure that knocking loses. Now the game ends."""
    players = [CpuPlayer("normal", 707 * 10 + k) for k in (1, 2, 3, 4)]
    game = play_game(players, 707, Rules(people=frozenset({0})))
    assert game.phase is Phase.GAME_OVER and len(game.winners) == 1


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_a_searching_cpu_knocks_after_its_patience_even_when_sure_to_lose(level):
    hands = [("9C", "7C", "10C"), None, ("8S", "9S", "JS"), None]
    patience = CpuPlayer.SEARCH_PATIENCE
    for turns, knocks in ((patience - 1, False), (patience, True)):
        game = Game.from_position(hands, ("KD", "10D", "10H"), turns_taken=[turns, 0, turns, 0])
        action = quick(level).choose(game.observation(0), game.legal_actions())
        assert isinstance(action, Knock) is knocks, (turns, action)


def test_play_outs_let_opponents_knock_by_the_rates_seen():
    """modelled_move: a knock whenever the odds say 1, never when they say 0 (then the best
    swap, as the greedy model plays), and only once the seat has had a turn."""
    game = Game.from_position(HANDS, ("7S", "KH", "9S"), turns_taken=[1, 1, 1, 1])
    player = quick("strong")
    assert player.opponent_knock_odds is ai._SEEN_KNOCK_ODDS
    assert quick("normal").opponent_knock_odds is None
    assert ai._SEEN_KNOCK_ODDS[60] == 0.9 and ai._SEEN_KNOCK_ODDS[61] == 0.9  # 30 and 30.5
    sim = player._deals(game.observation(0), 1)[0]
    sure, never = [1.0] * 65, [0.0] * 65
    knocking = sim.copy()
    knocking.modelled_move(sure, 99)
    assert knocking.knocker == 0
    swapping = sim.copy()
    swapping.modelled_move(never, 99)
    greedy = sim.copy()
    greedy.greedy_move(99, 99)
    assert swapping.knocker == -1 and swapping.hands == greedy.hands
    first_turn = sim.copy()
    first_turn.turns[0] = 0
    first_turn.modelled_move(sure, 99)
    assert first_turn.knocker == -1  # no knocking on one's first turn


def test_same_seed_same_choices():
    def run(seed):
        players = [quick("strong", 5), quick("normal", 6), CpuPlayer("easy", 7), quick("normal", 8)]
        game = play_game(players, seed, Rules(people=frozenset()))
        return [(r.values, r.losers) for r in game.round_results]

    assert run(11) == run(11)


def test_choice_depends_only_on_the_own_observation():
    # seats 1-3 hold different hidden cards; seat 0 sees exactly the same things
    other = [HANDS[0], HANDS[3], HANDS[1], HANDS[2]]
    a = Game.from_position(HANDS, ("7S", "8S", "9S"), turns_taken=[1, 1, 1, 1])
    b = Game.from_position(other, ("7S", "8S", "9S"), turns_taken=[1, 1, 1, 1])
    assert a.observation(0).unseen() == b.observation(0).unseen()
    for level in ("easy", "normal", "strong"):
        pa, pb = quick(level, 3), quick(level, 3)
        assert pa.choose(a.observation(0), a.legal_actions()) == pb.choose(
            b.observation(0), b.legal_actions()
        )


@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
def test_every_level_takes_schnauz_when_offered(level):
    game = Game.from_position(
        [("AH", "KH", "10S"), *HANDS[1:]], ("10H", "8S", "9S"), turns_taken=[1, 1, 1, 1]
    )
    action = quick(level).choose(game.observation(0), game.legal_actions())
    assert action == SwapOne(C("10S"), C("10H"))


def test_easy_is_greedy_and_knocks_on_26():
    game = Game.from_position(HANDS, ("7S", "KH", "9S"))
    easy = CpuPlayer("easy", 1)
    assert easy.choose(game.observation(0), game.legal_actions()) == SwapOne(C("KD"), C("KH"))
    game = Game.from_position(
        [("AH", "KH", "10S"), *HANDS[1:]], ("7S", "8S", "9D"), turns_taken=[1, 0, 0, 0]
    )
    assert easy.choose(game.observation(0), game.legal_actions()) == Pass()  # 21, nothing helps
    game = Game.from_position(
        [("AH", "KH", "7H"), *HANDS[1:]], ("7S", "8S", "9D"), turns_taken=[1, 0, 0, 0]
    )
    assert easy.choose(game.observation(0), game.legal_actions()) == Knock()  # 28


def test_strong_and_normal_knock_on_a_great_hand_early():
    hands = [("QS", "QH", "QD"), *HANDS[1:]]  # 30.5 on the second turn
    game = Game.from_position(hands, ("7S", "8S", "9D"), turns_taken=[1, 1, 1, 1])
    for level in ("normal", "strong"):
        assert quick(level).choose(game.observation(0), game.legal_actions()) == Knock()


def test_strong_does_not_knock_on_a_hopeless_hand():
    hands = [("7S", "8H", "9D"), ("AC", "KC", "QD"), ("AD", "KD", "9S"), ("AH", "QH", "8C")]
    game = Game.from_position(hands, ("10S", "JH", "7C"), turns_taken=[1, 1, 1, 1])
    strong = quick("strong")
    strong.samples = 24
    action = strong.choose(game.observation(0), game.legal_actions())
    assert action != Knock()
    estimates = dict(strong.last_estimates)
    assert estimates["knock"] > 0.5  # 9 points against three unknown hands: knocking loses


def test_dealer_keeps_a_good_hand_and_swaps_a_bad_one():
    for level in ("easy", "normal", "strong"):
        player = quick(level)
        for seed in range(40):
            game = Game.new(seed=seed)
            if game.phase is not Phase.DEALER:
                continue
            from games.schwimmen.hands import hand_value

            value = hand_value(game.hands[game.dealer])
            action = player.choose(game.observation(game.dealer), game.legal_actions())
            assert action in (DealerKeep(), DealerSwap())
            if value >= 20:
                assert action == DealerKeep()
            if value <= 12:
                assert action == DealerSwap()


def test_reading_the_log_discounts_deals_that_contradict_a_pass():
    # seat 1 passed with 10H KH AS... on the table: a hand that could take them is unlikely
    game = Game.from_position(HANDS, ("10H", "KH", "AD"), current=1, turns_taken=[0, 0, 0, 0])
    game.apply(Pass())  # seat 1 (7D 8D QC) could have taken AD for 25: a greedy player would
    obs = game.observation(2)
    player = CpuPlayer("strong", 1)
    context = ai._log_context(obs)
    masks = [(ai._mask(e.took), ai._mask(e.gave)) for e in obs.log]
    weights = []
    for sim in player._deals(obs, 300):
        weights.append((ai._history_weight(obs, sim, context, masks), sim.hands[1]))
    low = [w for w, _ in weights if w < 1]
    assert low and len(low) < len(weights)
    for w, hand in weights:
        best = ai._greedy(hand, ai._mask(obs.table))[0]
        assert (w < 1) == (best > ai._VALUE2[hand])


def test_unknown_level_is_refused():
    with pytest.raises(ValueError, match="easy, normal or strong"):
        CpuPlayer("hard")


def test_levels_choose_legal_actions_in_many_positions():
    rng = random.Random(4)
    players = {lvl: quick(lvl, 9) for lvl in ("easy", "normal", "strong")}
    for seed in range(25):
        game = Game.new(players=rng.randint(2, 6), seed=seed, rules=Rules(people=frozenset()))
        for _ in range(rng.randint(0, 12)):
            if game.phase not in (Phase.PLAY, Phase.DEALER):
                break
            game.apply(rng.choice(game.legal_actions()))
        if game.phase not in (Phase.PLAY, Phase.DEALER):
            continue
        obs = game.observation(game.current)
        legal = game.legal_actions()
        for player in players.values():
            assert player.choose(obs, legal) in legal


# ---------------------------------------------------------------- the simulator is the engine


def _sim_of(game: Game) -> ai._Sim:
    """The CPU's simulator holding the engine's whole state: every hand, the stock in order,
    the discards and a copy of the random state (so a reshuffle draws the same order)."""
    sim = CpuPlayer("easy")._sim(game.observation(game.current))
    sim.hands = [ai._mask(h) for h in game.hands]
    sim.stock = [ai._INDEX[c] for c in game.stock]
    sim.discards = [ai._INDEX[c] for c in game.discards]
    sim.rng = random.Random()
    sim.rng.setstate(game.rng.getstate())
    return sim


def _engine_action(move: tuple[int, int, int]):
    kind, h, t = move
    return CpuPlayer("easy")._to_action(kind, h, t)


def _same_state(sim: ai._Sim, game: Game) -> bool:
    return (
        sim.hands == [ai._mask(h) for h in game.hands]
        and sim.table == ai._mask(game.table)
        and sim.stock == [ai._INDEX[c] for c in game.stock]
        and sim.discards == [ai._INDEX[c] for c in game.discards]
        and sim.current == game.current
        and sim.streak == game.pass_streak
        and sim.knocker == (-1 if game.knocker is None else game.knocker)
        and sim.final == game.final_turns
        and sim.turns == game.turns_taken
        and sim.passed == game.passed_last
    )


def test_simulator_equals_the_engine_over_thousands_of_positions():
    """Differential test of the play-outs' simulator (#14): from seeded mid-game positions of
    every rule variant and 2-9 players, the simulator and the engine take the same moves (the
    play-outs' greedy ones, mostly passes to force table refreshes and reshuffles, and random
    ones) and must agree on the whole state after each, on when the round ends and on who
    loses a coin."""
    positions = reshuffles = rounds = 0
    for seed in range(500):
        rng = random.Random(seed)
        base = rng.choice([Rules.standard, Rules.house])
        rules = base(
            people=rng.choice([frozenset(), frozenset({0})]), suit_tiebreak=rng.random() < 0.5
        )
        game = Game.new(seed=seed, rules=rules, players=rng.choice([rng.randint(2, 9), 9]))
        for _ in range(rng.randint(0, 60)):  # somewhere into the game, maybe a later round
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
        if game.phase is not Phase.PLAY:
            continue
        sim = _sim_of(game)
        rounds += 1
        style = rng.choice(["greedy", "passes", "random"])
        steps = 0
        while True:
            assert _same_state(sim, game), seed
            positions += 1
            steps += 1
            if steps > 120:
                style = "greedy"  # it knocks in the end
            legal = game.legal_actions()
            if style == "passes" and Pass() in legal and rng.random() < 0.95:
                move = (ai._PASS, -1, -1)  # everyone passing refreshes the table
            elif style == "greedy":
                move = sim.greedy_choice(rng.choice([40, 52, 60]), rng.choice([3, 7, 99]))
            else:
                a = rng.choice([a for a in legal if a != Knock()] if style == "passes" else legal)
                move = (
                    (ai._ONE, ai._INDEX[a.hand_card], ai._INDEX[a.table_card])
                    if isinstance(a, SwapOne)
                    else {Pass(): (ai._PASS, -1, -1), Knock(): (ai._KNOCK, -1, -1)}.get(
                        a, (ai._ALL, -1, -1)
                    )
                )
            action = _engine_action(move)
            assert action in legal, (seed, action)
            stock_before = len(game.stock)
            alive = [s for s in range(game.num_players) if not game.out[s]]
            game.apply(action)
            over = sim.play(*move)
            assert over == (game.phase is not Phase.PLAY), seed
            if over:
                losers = {s for s in alive if sim.loses(s, rules.suit_tiebreak)}
                assert losers == set(game.last_result.losers), seed
                break
            reshuffles += stock_before < 3 and len(game.stock) != stock_before
    assert positions >= 5000 and rounds >= 400 and reshuffles >= 50, (positions, rounds, reshuffles)
