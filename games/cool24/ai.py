"""COOL 24+24's CPU over the protocol's one CPU interface, `choose(observation, legal)`.

The same choice as `policies.greedy_slot` (which reads the whole game, for the simulator and the
tests), from what the seat sees: its hand and the stock. The table's CPU and the phone hub's
workers play it (COOL has one CPU: every level plays the same).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.cool24.policies import connection_cost
from games.cool24.rules import Observation, PlaySlot, parse_card

__all__ = ["GreedyCpu"]


class GreedyCpu:
    """The one COOL CPU over the protocol's `choose(observation, legal)`: the least connected
    card (policies.connection_cost, from what the seat sees: its hand and the stock)."""

    def choose(self, observation: Observation, legal: Sequence[PlaySlot]) -> PlaySlot:
        hand = [None if c is None else parse_card(c) for c in observation.hand]
        stock = [parse_card(c) for c in observation.stock]

        def cost(play: PlaySlot) -> tuple[int, int]:
            card = hand[play.slot - 1]
            assert card is not None  # a legal slot holds a card
            others = (c for i, c in enumerate(hand) if c is not None and i != play.slot - 1)
            return connection_cost(card, stock, others), play.slot

        return min(legal, key=cost)
