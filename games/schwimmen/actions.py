"""Schwimmen's actions: value objects whose ``str()`` is their text ("swap 7H KS", "swap all",
"pass", "knock", "keep", "take extra", "next round"); ``Game.parse_action`` reads them back."""

from __future__ import annotations

from dataclasses import dataclass

from games.common.cards import Card

__all__ = [
    "WORD_ACTIONS",
    "Action",
    "DealerKeep",
    "DealerSwap",
    "Knock",
    "NextRound",
    "Pass",
    "SwapAll",
    "SwapOne",
]


@dataclass(frozen=True)
class SwapOne:
    """Swap one hand card with one table card (cards may be given as text: "7H")."""

    hand_card: Card
    table_card: Card

    def __post_init__(self) -> None:
        object.__setattr__(self, "hand_card", Card.parse(self.hand_card))
        object.__setattr__(self, "table_card", Card.parse(self.table_card))

    def __str__(self) -> str:
        return f"swap {self.hand_card} {self.table_card}"


@dataclass(frozen=True)
class SwapAll:
    """Swap the whole hand with the three table cards (全交換)."""

    def __str__(self) -> str:
        return "swap all"


@dataclass(frozen=True)
class Pass:
    """Do nothing this turn; not allowed twice in a row."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Knock:
    """Close the round (終了); not on a player's first turn."""

    def __str__(self) -> str:
        return "knock"


@dataclass(frozen=True)
class DealerKeep:
    """Standard rules: the dealer keeps the dealt hand; the extra hand goes face up."""

    def __str__(self) -> str:
        return "keep"


@dataclass(frozen=True)
class DealerSwap:
    """Standard rules: the dealer takes the extra hand; the dealt hand goes face up."""

    def __str__(self) -> str:
        return "take extra"


@dataclass(frozen=True)
class NextRound:
    """Between rounds: deal the next round (the next dealer does it)."""

    def __str__(self) -> str:
        return "next round"


Action = SwapOne | SwapAll | Pass | Knock | DealerKeep | DealerSwap | NextRound

# the actions without cards, by their text
WORD_ACTIONS: dict[str, Action] = {
    str(a): a for a in (SwapAll(), Pass(), Knock(), DealerKeep(), DealerSwap(), NextRound())
}
