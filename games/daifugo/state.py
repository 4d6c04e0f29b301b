"""The parts of a Daifugō game's state: the phase, a card-passing step, the field (場), the
position that legality reads (`Position`, which `Game` extends with the flow) and what one seat
may observe. Value types only; game.py moves them, legality.py reads them. No Qt."""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as _field
from enum import StrEnum

from games.common.cards import AnyCard, Suit
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
    """What one seat may know: its own hand and everything public (plain values, so
    games.common.protocol.to_json serialises it for a web client)."""

    seat: int
    num_players: int
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
    passed: set[int] = _field(default_factory=set)
    suit_lock: frozenset[Suit] | None = None
    number_lock: bool = False
    trick: list[tuple[int, Play]] = _field(default_factory=list)

    def copy(self) -> Field:
        return Field(
            self.top,
            self.last_player,
            set(self.passed),
            self.suit_lock,
            self.number_lock,
            list(self.trick),
        )


@dataclass(eq=False)
class Position:
    """What decides which actions are legal: the rules, the hands, whose turn, the phase, the
    field and the order. `Game` is a Position that also moves (game.py); a bare Position with
    an empty field lists every lead from a hand (the CPU's end-game search)."""

    rules: Rules
    hands: list[list[AnyCard]]
    ranks: tuple[Title, ...] = ()
    turn: int = 0
    phase: Phase = Phase.PLAY
    field: Field = _field(default_factory=Field)
    revolution: bool = False
    eleven_back: bool = False
    exchanges: list[ExchangeStep] = _field(default_factory=list)

    @property
    def reversed(self) -> bool:
        """True while the order is reversed (革命 xor 11バック)."""
        return self.revolution != self.eleven_back

    @property
    def exchange_step(self) -> ExchangeStep | None:
        return self.exchanges[0] if self.phase == Phase.EXCHANGE else None
