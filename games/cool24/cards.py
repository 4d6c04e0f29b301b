"""COOL 24+24's cards as ints and codes (no Qt): ids 0..23 (`suit * 6 + number`, numbers
9 10 J Q K A) inside, codes such as "rA" or "g10" outside (suit names from the settings).
The engine (games.cool24.rules), its texts and the window's card painter share them."""

from __future__ import annotations

from collections.abc import Sequence

from eventkit.errors import UserError
from games.cool24.settings import CARDS_PER_LAP, NUMBERS, Cool24Settings

__all__ = ["N_NUMBERS", "card_code", "linked", "number_of", "parse_card", "suit_of"]

N_NUMBERS = len(NUMBERS)
SUITS = Cool24Settings().suits  # the default suit names


def suit_of(card: int) -> int:
    return card // N_NUMBERS


def number_of(card: int) -> int:
    return card % N_NUMBERS


def linked(a: int, b: int) -> bool:
    """True when the two cards share the suit or the number."""
    return a // N_NUMBERS == b // N_NUMBERS or a % N_NUMBERS == b % N_NUMBERS


def card_code(card: int, suits: Sequence[str] = SUITS) -> str:
    return f"{suits[suit_of(card)]}{NUMBERS[number_of(card)]}"


def parse_card(code: str | int, suits: Sequence[str] = SUITS) -> int:
    """Card id of a code: "rA" -> 5, "g10" -> 7; ints 0..23 pass through; else IllegalMove."""
    if isinstance(code, int) and not isinstance(code, bool):
        if 0 <= code < CARDS_PER_LAP:
            return code
    elif isinstance(code, str):
        text = code.strip()
        for s, name in enumerate(suits):
            if text.startswith(name) and text[len(name) :].upper() in NUMBERS:
                return s * N_NUMBERS + NUMBERS.index(text[len(name) :].upper())
    raise UserError(
        f"{code!r} is not a COOL 24+24 card: write suit + number, e.g. "
        f"{suits[0]}9, {suits[1]}10, {suits[2]}Q, {suits[3]}A"
    )
