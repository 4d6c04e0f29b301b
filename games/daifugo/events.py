"""What an action did: `Game.apply`'s one event type (`Applied`), with the moments worth
announcing to the table (8切り, 革命, しばり ...).

The engine changes its state at once (an 8 clears the field); `apply` compares the position
before and after each play and names what happened, so the Qt window and the phones can show
the cards, then a caption, before the field clears. No Qt.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.common.cards import AnyCard, Rank
from games.daifugo.plays import SPADE_3, Action, Play
from games.daifugo.state import Position

# in the order a caption names them when one play does several things
EVENTS = (
    "foul",
    "miyako_ochi",
    "revolution",
    "counter_revolution",
    "eight_cut",
    "spade_three",
    "eleven_back",
    "suit_lock",
    "number_lock",
)


@dataclass(frozen=True)
class Gift:
    """One card passing before a game: who gave which cards to whom."""

    giver: int
    receiver: int
    cards: tuple[AnyCard, ...]


@dataclass(frozen=True)
class Applied:
    """What one action did (`Game.apply` returns it).

    ``announcements``: the EVENTS the action set off, in caption order. ``cleared_trick``: when
    a play cleared the field, the trick as it was with that play on top (a view shows it before
    the empty field). ``gift``: during card passing, who gave which cards to whom.
    """

    seat: int
    action: Action
    announcements: tuple[str, ...] = ()
    cleared_trick: tuple[tuple[int, Play], ...] = ()
    gift: Gift | None = None


@dataclass(frozen=True)
class Before:
    """What a play may change, read just before it."""

    revolution: bool
    eleven_back: bool
    suit_locked: bool
    number_locked: bool
    fouls: int
    lone_joker_on_top: bool
    fallen: int = 0  # seats sent to the bottom by 都落ち

    @classmethod
    def of(cls, game: Position, fouls: int, fallen: int = 0) -> Before:
        top = game.field.top
        return cls(
            revolution=game.revolution,
            eleven_back=game.eleven_back,
            suit_locked=game.field.suit_lock is not None,
            number_locked=game.field.number_lock,
            fouls=fouls,
            lone_joker_on_top=top is not None and top.lone_joker,
            fallen=fallen,
        )


def events_of(
    before: Before, game: Position, fouls: int, play: Play, fallen: int = 0
) -> tuple[str, ...]:
    """What `play`, just applied to `game` (now `fouls` 禁止あがり and `fallen` seats sent
    down by 都落ち), did that the table should be told."""
    rules = game.rules
    found = set()
    if fouls > before.fouls:
        found.add("foul")
    if fallen > before.fallen:
        found.add("miyako_ochi")
    if rules.revolution and game.revolution != before.revolution:
        found.add("revolution" if game.revolution else "counter_revolution")
    if before.lone_joker_on_top and rules.spade_three and play.cards[0] == SPADE_3:
        found.add("spade_three")
    elif rules.eight_cut and play.rank == Rank.EIGHT:
        found.add("eight_cut")
    if rules.eleven_back and play.rank == Rank.JACK and not before.eleven_back:
        found.add("eleven_back")
    if game.field.suit_lock is not None and not before.suit_locked:
        found.add("suit_lock")
    if game.field.number_lock and not before.number_locked:
        found.add("number_lock")
    return tuple(e for e in EVENTS if e in found)
