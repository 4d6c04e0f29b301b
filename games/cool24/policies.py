"""Players for COOL 24+24: random, greedy and best (greedy rollouts), on the pure engine.

The numba simulator (`sim.py`) implements the same three policies with the same random-number
use, so a game replays identically in both from one Mersenne Twister state.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

from games.cool24.rules import Game, PlaySlot, legal_slots, linked
from games.cool24.settings import CARDS_PER_LAP

POLICIES = ("random", "greedy", "best")
DEFAULT_ROLLOUTS = 32


def random_slot(game: Game, rng: random.Random) -> int:
    """A playable slot chosen uniformly (one rng.random() call)."""
    slots = legal_slots(game)
    return slots[int(rng.random() * len(slots))]


def connection_cost(card: int, stock: Iterable[int], others: Iterable[int]) -> int:
    """How connected `card` still is: 8 x linked `stock` cards + linked `others` (the other
    cards in hand); the greedy player's measure, for the engine's player and the CPU
    (games.cool24.ai) alike.

    Playing the least connected card first keeps the flexible cards for later; in tests this
    beats "keep the most options now" by far (mean 70 vs 44 points with the default tables).
    """
    return 8 * sum(1 for c in stock if linked(c, card)) + sum(1 for c in others if linked(c, card))


def greedy_cost(game: Game, card: int, slot: int) -> int:
    """`connection_cost` of the card in `slot` of `game`'s hand."""
    stock = (c for c in range(CARDS_PER_LAP) if game.in_stock[c])
    others = (c for i, c in enumerate(game.hand_ids) if c is not None and i != slot - 1)
    return connection_cost(card, stock, others)


def greedy_slot(game: Game, rng: random.Random | None = None) -> int:
    """The playable slot with the least connected card (lowest slot on ties); no randomness."""
    best, best_cost = 0, 1 << 30
    for slot in legal_slots(game):
        card = game.hand_ids[slot - 1]
        assert card is not None  # a playable slot holds a card
        cost = greedy_cost(game, card, slot)
        if cost < best_cost:
            best, best_cost = slot, cost
    return best


def rollout_values(
    game: Game, rng: random.Random, rollouts: int = DEFAULT_ROLLOUTS
) -> dict[int, float]:
    """Mean final score of `rollouts` greedy playouts after each playable slot."""
    values: dict[int, float] = {}
    for slot in legal_slots(game):
        total = 0
        for _ in range(rollouts):
            g = game.clone(rng=rng)
            g.apply(PlaySlot(slot))
            while not g.over:
                g.apply(PlaySlot(greedy_slot(g)))
            total += g.score
        values[slot] = total / rollouts
    return values


def best_slot(game: Game, rng: random.Random, rollouts: int = DEFAULT_ROLLOUTS) -> int:
    """Lookahead: the slot with the highest mean greedy-rollout score (lowest slot on ties).

    With a single playable card there is nothing to compare and no randomness is used.
    """
    slots = legal_slots(game)
    if len(slots) == 1:
        return slots[0]
    values = rollout_values(game, rng, rollouts)
    return max(slots, key=lambda s: (values[s], -s))


def policy_function(
    name: str, rollouts: int = DEFAULT_ROLLOUTS
) -> Callable[[Game, random.Random], int]:
    if name == "random":
        return random_slot
    if name == "greedy":
        return greedy_slot
    if name == "best":
        return lambda game, rng: best_slot(game, rng, rollouts)
    raise ValueError(f"unknown policy {name!r}: use one of {', '.join(POLICIES)}")


def play_out(game: Game, policy: str = "greedy", rollouts: int = DEFAULT_ROLLOUTS) -> Game:
    """Play `game` to its end with a policy drawing from the game's own rng."""
    choose = policy_function(policy, rollouts)
    while not game.over:
        game.apply(PlaySlot(choose(game, game.rng)))
    return game


def hint(game: Game, rollouts: int = 200, seed: int | None = None) -> int | None:
    """The `best` policy's slot for the hint key, on a private rng (the game is not disturbed)."""
    if game.over or not game.legal_actions():
        return None
    return best_slot(game, random.Random(seed), rollouts)
