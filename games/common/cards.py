"""Playing-card value types with a text form: `Card.parse("10H")`, `str(card) == "10H"`; the
joker is its own value `JOKER` ("JK", read by `parse_card`), so a plain card's rank and suit are
never None."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum, IntEnum
from typing import ClassVar, Literal, TypeAlias, TypeVar


class CardParseError(ValueError):
    """Text that is not a card code; the message shows the accepted form."""


class Suit(Enum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[self.value]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    def __str__(self) -> str:
        return self.value

    # Suits order as declared (S < H < D < C) so that cards of equal rank sort without error.
    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Suit):
            return NotImplemented
        return _SUIT_INDEX[self] < _SUIT_INDEX[other]

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Suit):
            return NotImplemented
        return _SUIT_INDEX[self] <= _SUIT_INDEX[other]

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Suit):
            return NotImplemented
        return _SUIT_INDEX[self] > _SUIT_INDEX[other]

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Suit):
            return NotImplemented
        return _SUIT_INDEX[self] >= _SUIT_INDEX[other]


_SUIT_INDEX = {suit: i for i, suit in enumerate(Suit)}


_RANK_TEXT = {v: {11: "J", 12: "Q", 13: "K", 14: "A"}.get(v, str(v)) for v in range(2, 15)}


class Rank(IntEnum):
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def text(self) -> str:
        return _RANK_TEXT[self.value]

    @classmethod
    def parse(cls, text: str) -> Rank:
        for rank in cls:
            if rank.text == text.upper():
                return rank
        raise CardParseError(f"'{text}' is not a rank: use 2-10, J, Q, K or A")

    def __str__(self) -> str:
        return self.text


_CARD_TEXT = {v: {suit.value: text + suit.value for suit in Suit} for v, text in _RANK_TEXT.items()}


@dataclass(frozen=True, order=True)
class Card:
    """A plain card: a rank and a suit, never None (the joker is `Joker`, a value of its own)."""

    rank: Rank
    suit: Suit

    is_joker: ClassVar[Literal[False]] = False  # `if card.is_joker` narrows `AnyCard` for mypy
    JOKER_TEXT: ClassVar[str] = "JK"

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """A plain card from its code ("10H", "QS"); the joker's code is read by `parse_card`."""
        if isinstance(text, Card):
            return text
        code = str(text).strip().upper()
        if code in _JOKER_CODES:
            raise CardParseError(
                f"'{text}' is the joker, which this game does not use: write a card like 10H or QS"
            )
        if len(code) < 2 or code[-1] not in "SHDC":
            raise CardParseError(
                f"'{text}' is not a card: write rank then suit, like 10H, QS, 7D or AC"
            )
        return cls(Rank.parse(code[:-1]), Suit(code[-1]))

    def __str__(self) -> str:
        # cards are written out for every view a phone receives: one text per card, made once
        return _CARD_TEXT[self.rank.value][self.suit.value]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


@dataclass(frozen=True)
class Joker:
    """The joker: no rank, no suit (both read None, for code that asks any card), text "JK"."""

    rank: ClassVar[None] = None
    suit: ClassVar[None] = None
    is_joker: ClassVar[Literal[True]] = True

    def __str__(self) -> str:
        return Card.JOKER_TEXT

    def __repr__(self) -> str:
        return "JOKER"


JOKER = Joker()
AnyCard: TypeAlias = Card | Joker  # a card of a deck that may hold the joker (Daifugō)
_JOKER_CODES = ("JK", "JOKER")


def parse_card(text: str | Card | Joker) -> AnyCard:
    """A card or the joker from its code: "10H", "QS", "JK" (also "joker")."""
    if isinstance(text, (Card, Joker)):
        return text
    code = str(text).strip().upper()
    if code in _JOKER_CODES:
        return JOKER
    if len(code) < 2 or code[-1] not in "SHDC":
        raise CardParseError(
            f"'{text}' is not a card: write rank then suit, like 10H, QS, 7D, AC, or JK"
        )
    return Card.parse(code)


def parse_cards(codes: Iterable[str | Card]) -> list[Card]:
    return [Card.parse(c) for c in codes]


def deck_32() -> list[Card]:
    """The Schwimmen/Skat deck: 7 to A in four suits."""
    return [Card(rank, suit) for suit in Suit for rank in Rank if rank >= Rank.SEVEN]


def deck_52() -> list[Card]:
    return [Card(rank, suit) for suit in Suit for rank in Rank]


def deck_53() -> list[AnyCard]:
    """52 cards and one joker (Daifugō)."""
    return [*deck_52(), JOKER]


C = TypeVar("C", bound=AnyCard)


def shuffled(cards: Sequence[C], rng: random.Random) -> list[C]:
    """A shuffled copy; randomness is always injected so games replay from their seed."""
    deck = list(cards)
    rng.shuffle(deck)
    return deck
