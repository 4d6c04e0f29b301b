"""The parts of a Daifugō game's state: the phase, a card-passing step, the field (場) and what
one seat may observe. Value types only; Game (game.py) moves them. No Qt."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from games.common.cards import Suit
from games.daifugo.plays import Play
from games.daifugo.ruleset import Rules, Title


class Phase(StrEnum):
    EXCHANGE = "exchange"  # card passing before play
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True)
class ExchangeStep:
    """One card passing before play: giver hands `count` cards to receiver."""

    giver: int
    receiver: int
    count: int
    strongest_only: bool


@dataclass(frozen=True)
class Observation:
    """What one seat may know: its own hand and everything public."""

    seat: int
    n_players: int
    rules: Rules
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    phase: Phase
    current_player: int | None
    top: tuple[str, ...] | None
    top_player: int | None
    trick: tuple[tuple[int, tuple[str, ...]], ...]
    pile: tuple[str, ...]
    revolution: bool
    eleven_back: bool
    suit_lock: tuple[str, ...] | None
    number_lock: bool
    passed: tuple[int, ...]
    finished: tuple[int, ...]
    bottom: tuple[int, ...]
    out: tuple[int, ...]
    ranks: tuple[Title, ...]
    undealt: int
    known: tuple[tuple[int, tuple[str, ...]], ...]  # seat -> cards I know they hold (exchange)
    exchange_step: ExchangeStep | None
    last_player: int | None


@dataclass
class Field:
    """場: the plays on the table since it was last cleared, who passed, and its locks."""

    top: Play | None = None
    last_player: int | None = None
    passed: set[int] = field(default_factory=set)
    suit_lock: frozenset[Suit] | None = None
    number_lock: bool = False
    trick: list[tuple[int, Play]] = field(default_factory=list)
