"""One random-play test over the game protocol alone, run for every game.

Thousands of seeded games are played to the end by picking random legal actions. At each step:
whose turn agrees with `is_over`; every legal action passes `why_illegal` and reads back from its
text; the cards are conserved; actions outside `legal_actions()` raise `IllegalMove` (with a code
the engine knows) and change nothing; a clone replays the same future. Plus the perft-style
checks: Daifugō's move generator against its validator, the Schwimmen CPU's simulator against
the engine.
"""

from __future__ import annotations

import enum
import itertools
import json
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from games.common import registry
from games.common.cards import deck_32, deck_53
from games.common.protocol import GameProtocol, IllegalMove, to_json
from games.cool24 import rules as cool
from games.daifugo import game as daifugo_game
from games.daifugo import plays as daifugo_plays
from games.daifugo import ruleset as daifugo_ruleset
from games.daifugo import state as daifugo_state
from games.schwimmen import actions as schwimmen_actions
from games.schwimmen import ai as schwimmen_ai
from games.schwimmen import rules as schwimmen


@dataclass(frozen=True)
class Spec:
    """How the generic test builds, counts and provokes one game."""

    new: Callable[[random.Random], GameProtocol]
    cards: Callable[[GameProtocol], Counter]  # every card in the game now
    deck: Counter
    wrong: Callable[[GameProtocol, random.Random], list]  # candidate actions, maybe legal
    codes: frozenset[str]  # the reason codes the engine may raise
    games: int
    max_steps: int


# ---------------------------------------------------------------- Schwimmen


def _schwimmen_new(rng: random.Random) -> schwimmen.Game:
    base = rng.choice([schwimmen.Rules.standard, schwimmen.Rules.house])
    rules = base(
        people=rng.choice([frozenset(), frozenset({0})]),
        suit_tiebreak=rng.random() < 0.5,
        start_coins=rng.randint(0, 2),
    )
    return schwimmen.Game.new(seed=rng.randrange(2**32), rules=rules, players=rng.randint(2, 9))


def _schwimmen_wrong(game: schwimmen.Game, rng: random.Random) -> list:
    deck = deck_32()
    return [
        schwimmen_actions.SwapOne(rng.choice(deck), rng.choice(deck)),
        schwimmen_actions.SwapAll(),
        schwimmen_actions.Pass(),
        schwimmen_actions.Knock(),
        schwimmen_actions.DealerKeep(),
        schwimmen_actions.DealerSwap(),
        schwimmen_actions.NextRound(),
        "pass",  # not an action object at all
    ]


# ---------------------------------------------------------------- Daifugō


def _daifugo_new(rng: random.Random) -> daifugo_game.Game:
    players = rng.randint(2, 5)
    ranks = None
    if rng.random() < 0.5:  # a later game of a match: card passing first
        ranks = daifugo_ruleset.ranks_from_places(rng.sample(range(players), players))
    return daifugo_game.Game.new(
        seed=rng.randrange(2**32),
        rules=daifugo_ruleset.Rules.preset(rng.randint(1, 4)),
        players=players,
        ranks=ranks,
    )


def _daifugo_cards(game: daifugo_game.Game) -> Counter:
    return Counter([c for h in game.hands for c in h] + game.pile + game.undealt)


def _daifugo_wrong(game: daifugo_game.Game, rng: random.Random) -> list:
    """Plays made of random cards of any hand (every reading), gifts and a pass."""
    out: list = [daifugo_plays.Pass(), "5S"]
    for _ in range(3):
        hand = rng.choice([h for h in game.hands if h] or [deck_53()])
        cards = rng.sample(hand, rng.randint(1, min(4, len(hand))))
        try:
            out.extend(daifugo_plays.classify([(c, None) for c in cards]))
        except IllegalMove:
            pass
        out.append(daifugo_plays.Give(tuple(cards)))
    return out


# ---------------------------------------------------------------- COOL 24+24


def _cool_cards(game: cool.Game) -> Counter:
    lap = game.history[len(game.history) - game.played :] if game.played else []
    hand = [c for c in game.hand_ids if c is not None]
    return Counter(hand + game.stock_ids + lap)


SPECS = {
    "schwimmen": Spec(
        _schwimmen_new,
        lambda g: Counter(g.all_cards()),
        Counter(deck_32()),
        _schwimmen_wrong,
        frozenset(schwimmen.IllegalSchwimmenMove.messages),
        games=60,
        max_steps=20_000,
    ),
    "daifugo": Spec(
        _daifugo_new,
        _daifugo_cards,
        Counter(deck_53()),
        _daifugo_wrong,
        frozenset(daifugo_plays.IllegalDaifugoMove.messages),
        games=150,
        max_steps=2_000,
    ),
    "cool24": Spec(
        lambda rng: cool.Game.new(seed=rng.randrange(2**32), players=1),
        _cool_cards,
        Counter(range(24)),
        lambda g, rng: [cool.PlaySlot(s) for s in range(0, 6)] + ["slot 1"],
        frozenset(cool.IllegalCoolMove.messages),
        games=2_000,
        max_steps=100,
    ),
}


def _generic_spec(entry: registry.GameEntry) -> Spec:
    """Any other registered game (tests/extra_games' Sticks): no card count; the wrong actions
    are those legal somewhere before in the run, and a text instead of an action."""
    seen: dict[str, object] = {}

    def new(rng: random.Random) -> GameProtocol:
        info = entry.info
        game: GameProtocol = entry.engine.new(
            seed=rng.randrange(2**32), players=rng.randint(info.min_players, info.max_players)
        )
        return game

    def wrong(game: GameProtocol, rng: random.Random) -> list:
        for action in game.legal_actions():
            seen.setdefault(str(action), action)
        return [*seen.values(), "pass"]

    return Spec(new, lambda g: Counter(), Counter(), wrong, frozenset(), games=300, max_steps=5_000)


SPECS.update({e.name: _generic_spec(e) for e in registry.entries() if e.name not in SPECS})


def _same_count(cards: Counter, deck: Counter) -> bool:
    """`cards == deck` for two counters of cards. Counter's own == (Python 3.11) looks every
    card up in both twice over (each lookup hashing a card dataclass): a quarter of the random
    play test's time. Counters counted from cards hold no zero counts, so plain dict equality
    (the same cards, each the same number of times) is the same answer."""
    return dict.__eq__(cards, deck)


def _same(a: GameProtocol, b: GameProtocol, seats: range) -> bool:
    return all(a.observation(s) == b.observation(s) for s in seats) and (
        a.legal_actions() == b.legal_actions()
    )


@pytest.mark.parametrize("name", list(SPECS))
def test_random_play_over_the_protocol(name):
    spec = SPECS[name]
    refusals: Counter = Counter()
    for seed in range(spec.games):
        rng = random.Random(seed)
        game = spec.new(rng)
        assert isinstance(game, GameProtocol)
        info = type(game).info
        assert info.name == name
        assert info.min_players <= game.num_players <= info.max_players
        seats = range(game.num_players)
        clone_at = rng.randrange(40)
        for step in range(spec.max_steps):
            assert _same_count(spec.cards(game), spec.deck), f"{name} {seed}: cards lost or doubled"
            legal = game.legal_actions()
            assert (game.current_player is None) == game.is_over == (not legal)
            if game.is_over:
                break
            if step % 4 == 0:
                before = [game.observation(s) for s in seats]
                for observation in before:  # every observation is plain JSON for a web client
                    json.dumps(to_json(observation))
                for action in legal:
                    assert game.why_illegal(action) is None
                    assert game.parse_action(str(action)) == action
                # anything not in legal_actions() is refused, changing nothing
                for action in spec.wrong(game, rng):
                    if action in legal:
                        continue
                    with pytest.raises(IllegalMove) as info:
                        game.apply(action)
                    assert info.value.code in spec.codes or not spec.codes
                    assert game.why_illegal(action).code == info.value.code
                    refusals[info.value.code] += 1
                assert [game.observation(s) for s in seats] == before
            action = rng.choice(legal)
            if step == clone_at:  # a clone is independent and replays the same future
                twin = game.clone()
                game.apply(action)
                assert not _same(game, twin, seats)  # the twin did not move with it
                twin.apply(action)
                assert _same(game, twin, seats)
            else:
                game.apply(action)
        else:
            pytest.fail(f"{name} game {seed} did not end in {spec.max_steps} steps")
        returns = game.returns()
        assert len(returns) == game.num_players
        assert all(isinstance(r, int | float) for r in returns)
        with pytest.raises(IllegalMove) as info:
            game.apply(rng.choice(spec.wrong(game, rng)))
        assert info.value.code in ("game_over", "not_an_action")
    assert len(refusals) >= (3 if spec.codes else 2), refusals  # refusals of several kinds


def _mutable_parts(value: object, found: dict[int, object], seen: set[int]) -> None:
    """Every mutable object reachable from `value` (by id): lists, dicts, sets, random states
    and objects whose attributes can be set; frozen dataclasses, tuples and frozensets are
    walked, not counted."""
    if id(value) in seen or value is None or isinstance(value, bool | int | float | str | bytes):
        return
    seen.add(id(value))
    if isinstance(value, random.Random | list | dict | set | bytearray):
        found[id(value)] = value
    elif hasattr(value, "__dict__") and not isinstance(value, type):
        params = getattr(type(value), "__dataclass_params__", None)
        if not (params is not None and params.frozen) and not isinstance(value, enum.Enum):
            found[id(value)] = value
    if isinstance(value, dict):
        parts: list[object] = [*value.keys(), *value.values()]
    elif isinstance(value, list | tuple | set | frozenset):
        parts = list(value)
    elif hasattr(value, "__dict__") and not isinstance(value, type | enum.Enum):
        parts = list(vars(value).values())
    else:
        parts = []
    for part in parts:
        _mutable_parts(part, found, seen)


@pytest.mark.parametrize("name", list(SPECS))
def test_a_clone_shares_nothing_that_can_change(name):
    """game.clone() (a CPU's every choice at a table plays on one) copies every list, set,
    dict and random state it reaches, however deep, and shares only frozen values; the random
    play test shows a clone replays the same future."""
    spec = SPECS[name]
    for seed in range(5):
        rng = random.Random(seed)
        game = spec.new(rng)
        for _ in range(rng.randrange(60)):
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
        twin = game.clone()
        ours: dict[int, object] = {}
        theirs: dict[int, object] = {}
        _mutable_parts(game, ours, set())
        _mutable_parts(twin, theirs, set())
        shared = [type(ours[i]).__name__ for i in ours.keys() & theirs.keys()]
        assert shared == [], f"{name} {seed}: the clone shares {shared}"
        assert _same(game, twin, range(game.num_players))


def test_results_after_the_end():
    s = schwimmen.Game.new(seed=4, players=3, rules=schwimmen.Rules(people=frozenset()))
    d = daifugo_game.Game.new(seed=4, players=4)
    c = cool.Game.new(seed=4)
    rng = random.Random(4)
    for game in (s, d, c):
        for _ in range(20_000):
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
    assert sorted(p for p in s.places() if p is not None)[0] == 1
    assert sorted(d.places()) == [1, 2, 3, 4]
    assert d.places()[d.finish_order[0]] == 1
    assert c.score == c.base_points + c.bonus_points * c.multiplier and c.score >= 0


# ---------------------------------------------------------------- Daifugō: generator vs validator


def _positions(count: int, max_hand: int) -> list[daifugo_game.Game]:
    """Play positions of random games (random play) whose current hand is small enough."""
    rng = random.Random(2026)
    found: list[daifugo_game.Game] = []
    while len(found) < count:
        game = _daifugo_new(rng)
        while not game.is_over:
            if game.phase == daifugo_state.Phase.PLAY and len(game.hands[game.turn]) <= max_hand:
                if rng.random() < 0.3:
                    found.append(game.clone())
            game.apply(rng.choice(game.legal_actions()))
    return found


def test_daifugo_move_generator_agrees_with_the_validator():
    """Every subset of up to 8 cards of the hand, every reading: legal by the validator
    (classify + why_illegal) exactly when the generator (legal_plays) lists it."""
    positions = _positions(300, max_hand=10)
    plays_seen = 0
    for game in positions:
        hand = game.hands[game.turn]
        listed = set(game.legal_plays())
        assert len(listed) == len(game.legal_plays()), "a play is listed twice"
        found: set[daifugo_plays.Play] = set()
        for k in range(1, min(8, len(hand)) + 1):
            for cards in itertools.combinations(hand, k):
                try:
                    readings = daifugo_plays.classify([(c, None) for c in cards])
                except IllegalMove:
                    readings = []
                for play in readings:
                    if game.why_illegal(play) is None:
                        found.add(play)
        big = {p for p in listed if p.size > 8}
        assert found == listed - big, f"generator and validator disagree on {game.hands}"
        plays_seen += len(found)
    assert plays_seen > 600 and any(g.top is None for g in positions)


# ---------------------------------------------------------------- Schwimmen: CPU simulator


def _sim_of(game: schwimmen.Game) -> schwimmen_ai._Sim:
    """The CPU's simulator loaded with the engine's whole state (every hand, the stock order,
    the discards and a copy of the random state)."""
    seat = game.current
    sim = schwimmen_ai.CpuPlayer("easy")._sim(game.observation(seat))
    mask = schwimmen_ai._mask
    sim.hands = [mask(h) for h in game.hands]
    sim.stock = [schwimmen_ai._INDEX[c] for c in game.stock]
    sim.discards = [schwimmen_ai._INDEX[c] for c in game.discards]
    sim.rng = random.Random()
    sim.rng.setstate(game.rng.getstate())
    assert sim.streak == game.pass_streak
    return sim


def _sim_move(action) -> tuple[int, int, int]:
    index = schwimmen_ai._INDEX
    if isinstance(action, schwimmen_actions.SwapOne):
        return (schwimmen_ai._ONE, index[action.hand_card], index[action.table_card])
    if isinstance(action, schwimmen_actions.SwapAll):
        return (schwimmen_ai._ALL, -1, -1)
    if isinstance(action, schwimmen_actions.Pass):
        return (schwimmen_ai._PASS, -1, -1)
    return (schwimmen_ai._KNOCK, -1, -1)


def test_schwimmen_simulator_plays_rounds_exactly_like_the_engine():
    """Differential test: from random positions the simulator and the engine take the same
    random moves to the end of the round and agree after every move (reshuffles included)."""
    index = schwimmen_ai._INDEX
    reshuffles = rounds = 0
    for seed in range(250):
        rng = random.Random(seed)
        game = _schwimmen_new(rng)
        if seed % 2:  # many players leave a small stock: the discards get reshuffled often
            game = schwimmen.Game.new(seed=seed, rules=game.rules, players=rng.randint(7, 9))
        while not game.is_over and game.phase is not schwimmen.Phase.PLAY:
            game.apply(rng.choice(game.legal_actions()))
        if game.is_over:
            continue
        sim = _sim_of(game)
        rounds += 1
        round_number = game.round_number
        while True:
            # mostly passing, seldom knocking, so the table is refreshed (and reshuffled) a lot
            legal = game.legal_actions()
            passing = [a for a in legal if isinstance(a, schwimmen_actions.Pass)]
            other = [
                a
                for a in legal
                if not isinstance(a, schwimmen_actions.Pass | schwimmen_actions.Knock)
            ]
            if passing and rng.random() < 0.9:
                action = passing[0]
            else:
                action = rng.choice(other if rng.random() < 0.97 else legal)
            stock_before = len(game.stock)
            game.apply(action)
            over = sim.play(*_sim_move(action))
            assert over == (game.phase is not schwimmen.Phase.PLAY), seed
            if over:
                assert game.round_number == round_number
                break
            reshuffles += stock_before < 3 and len(game.stock) != stock_before
            assert sim.hands == [schwimmen_ai._mask(h) for h in game.hands], seed
            assert sim.table == schwimmen_ai._mask(game.table), seed
            assert sim.stock == [index[c] for c in game.stock], seed
            assert sim.discards == [index[c] for c in game.discards], seed
            assert sim.current == game.current and sim.streak == game.pass_streak, seed
            assert sim.knocker == (-1 if game.knocker is None else game.knocker), seed
    assert rounds > 200 and reshuffles > 20, (rounds, reshuffles)
