"""COOL 24+24 rules engine (no Qt, no numba): 24 cards, chain by suit or number, two laps.

Cards are ints 0..23 inside (`suit * 6 + number`, numbers 9 10 J Q K A) and codes such as "rA"
or "g10" outside (suit names from the settings). Precise rules, where the seed leaves room:

- Deal: the hand has 4 slots. A new game deals 4 cards from the full stock into slots 1-4,
  uniformly (there is no last card yet, so nothing is favoured).
- Linking: the first card of a lap may be any; after that a card is playable when it shares the
  suit or the number of the last card played.
- Refill: the card played leaves its slot and, while the stock lasts, one card is drawn into that
  same slot. In lap 1 (with `bias` on) the draw is weighted: a stock card linked to the last card
  played, or to a hand card playable now, has weight `bias_start - played * bias_step`
  (3.0 - played x 0.1; `played` counts the card just played; never below 0), any other card
  weight 1. In lap 2 every stock card has weight 1.
- Bonuses are checked each time the hand becomes full again from the stock: after every refill
  and after each deal (the first deal and the lap-2 deal). A full hand of one suit with 4
  consecutive numbers is a straight flush, 4 of one number is four of a kind, one suit not
  consecutive is a flush. Once the stock is empty there are no refills and no more checks.
- Lap 2: when all 24 cards of lap 1 are played (the hand is then empty), all 24 go back to the
  stock, the field is cleared (the first card of lap 2 may again be any), and 4 cards are dealt
  uniformly. This happens once; playing all 24 again clears the game (48 cards).
- End: the game is over when the hand holds cards and none is playable, or after 48 cards.
- Score: `card_win_table[cards played in all]` + the bonuses x multiplier, where the multiplier
  is 1 in lap 1 and `1 + hand_win_multi` (x5) once lap 2 is reached, for lap 1's bonuses too.
  `returns()` is `(score,)`: the one seat's points, higher is better.

The protocol (games.common.protocol): `Game.new(seed=, rules=, players=1)`, `legal_actions()`
(a `PlaySlot` per playable slot), `parse_action("slot 2")`, `why_illegal`, `apply` (returns a
`PlayResult`), `observation(0)` (an `Observation`), `clone()`, `returns()`.

Randomness comes only from `rng.random()` (one call per draw or random choice) in a fixed order,
so the numba simulator (`games.cool24.sim`) follows the very same trajectories from one MT state.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from eventkit.errors import UserError
from games.common.protocol import GameInfo, IllegalMove
from games.cool24.cards import N_NUMBERS as N_NUMBERS
from games.cool24.cards import card_code as card_code
from games.cool24.cards import linked as linked
from games.cool24.cards import number_of as number_of
from games.cool24.cards import parse_card as parse_card
from games.cool24.cards import suit_of as suit_of
from games.cool24.settings import (
    BONUS_KINDS,
    CARDS_PER_LAP,
    NUMBERS,
    Cool24Settings,
)

HAND_SIZE = 4
DEFAULT_SETTINGS = Cool24Settings()


class IllegalCoolMove(IllegalMove):
    """A play the COOL 24+24 rules refuse; `code` is one of the keys of `messages`."""

    messages = {
        "game_over": "the game is over: start a new game to play again",
        "no_slot": "slot {slot} does not exist: choose a slot 1-{slots}",
        "empty_slot": "slot {slot} is empty: play one of the slots {playable}",
        "no_link": (
            "{card} does not link to the last card {last}: play a card of suit {suit} or number "
            "{number}"
        ),
        "not_an_action": "{action} is not a COOL 24+24 action",
    }


@dataclass(frozen=True)
class PlaySlot:
    """The one kind of action: play the card in hand slot 1-4 (text "slot 2", or just "2")."""

    slot: int

    def __str__(self) -> str:
        return f"slot {self.slot}"

    @classmethod
    def parse(cls, text: str) -> PlaySlot:
        """`PlaySlot` of "slot N" or "N"; anything else is refused as `not_an_action`."""
        words = str(text).lower().split()
        if words[:1] == ["slot"]:
            words = words[1:]
        if len(words) == 1 and words[0].isdigit():
            return cls(int(words[0]))
        raise IllegalCoolMove("not_an_action", action=repr(text), slots=HAND_SIZE)


@dataclass(frozen=True)
class Observation:
    """Everything the one player sees (the stock's order is never known; its cards are)."""

    hand: tuple[str | None, ...]
    last: str | None
    lap: int
    played: int
    total_played: int
    stock: tuple[str, ...]
    score: int
    over: bool


def classify_hand(
    cards: Iterable[int | str], suits: Sequence[str] = DEFAULT_SETTINGS.suits
) -> str | None:
    """'straight_flush', 'four_of_a_kind', 'flush' or None for a hand of 4 cards."""
    cards = list(cards)
    ids = [parse_card(c, suits) for c in cards]
    if len(set(ids)) != len(ids):
        raise UserError(f"{list(cards)} holds a card twice: each of the 24 cards is unique")
    if len(ids) != HAND_SIZE:
        return None
    numbers = sorted(number_of(c) for c in ids)
    if len({suit_of(c) for c in ids}) == 1:
        if numbers == list(range(numbers[0], numbers[0] + HAND_SIZE)):
            return "straight_flush"
        return "flush"
    if len(set(numbers)) == 1:
        return "four_of_a_kind"
    return None


def hand_bonus(cards: Iterable[int | str], settings: Cool24Settings = DEFAULT_SETTINGS) -> int:
    """Bonus points of a hand (0 when it is no bonus hand), e.g. ["r9","r10","rJ","rQ"] -> 50."""
    kind = classify_hand(cards, settings.suits)
    return 0 if kind is None else settings.bonus_points(kind)


@dataclass(frozen=True)
class Bonus:
    """A bonus earned: its kind, table points (before the lap-2 multiplier), when it came."""

    kind: str
    points: int
    lap: int
    total_played: int


@dataclass(frozen=True)
class PlayResult:
    """What one play did (the event `Game.apply` returns): the slot and card played, the card
    drawn into that slot (None once the stock is empty), the bonuses the play earned (the
    lap-2 deal's included), whether lap 2 started, whether the game ended."""

    slot: int
    card: int
    refill: int | None
    bonuses: tuple[Bonus, ...] = ()
    lap_started: bool = False
    over: bool = False


@dataclass
class Game:
    """One game of COOL 24+24 (one player, seat 0). Build it with `Game.new(seed=, rules=)`;
    play with `apply(PlaySlot(n))`."""

    info: ClassVar[GameInfo] = GameInfo("cool24", 1, 1)

    settings: Cool24Settings
    rng: random.Random
    hand_ids: list[int | None] = field(default_factory=lambda: [None] * HAND_SIZE)
    in_stock: list[bool] = field(default_factory=lambda: [True] * CARDS_PER_LAP)
    last_id: int | None = None
    lap: int = 1
    played: int = 0  # cards played in this lap
    total_played: int = 0
    bonuses: list[Bonus] = field(default_factory=list)
    over: bool = False
    history: list[int] = field(default_factory=list)  # cards played, both laps

    @classmethod
    def new(
        cls,
        *,
        seed: int | None = None,
        rules: Cool24Settings | None = None,
        players: int = 1,
        rng: random.Random | None = None,
    ) -> Game:
        """A dealt game with the settings `rules` (the defaults when None). Chance draws from
        `rng` when given (the simulator's Mersenne Twister state), else from `Random(seed)`.
        COOL 24+24 is played alone: `players` must be 1."""
        if players != 1:
            raise UserError(
                f"COOL 24+24 is a game for one player: use players=1, not players={players!r}"
            )
        settings = rules if rules is not None else Cool24Settings()
        game = cls(settings, rng if rng is not None else random.Random(seed))
        game._deal()
        return game

    # ------------------------------------------------------------ what the players see
    @property
    def hand(self) -> tuple[str | None, ...]:
        return tuple(None if c is None else self.code(c) for c in self.hand_ids)

    @property
    def last(self) -> str | None:
        return None if self.last_id is None else self.code(self.last_id)

    @property
    def stock_ids(self) -> list[int]:
        return [c for c in range(CARDS_PER_LAP) if self.in_stock[c]]

    @property
    def stock_count(self) -> int:
        return sum(self.in_stock)

    @property
    def multiplier(self) -> int:
        return 1 + self.settings.hand_win_multi if self.lap == 2 else 1

    @property
    def base_points(self) -> int:
        return self.settings.card_win_table[self.total_played]

    @property
    def bonus_points(self) -> int:
        """Sum of the bonuses before the multiplier."""
        return sum(b.points for b in self.bonuses)

    @property
    def score(self) -> int:
        return self.base_points + self.bonus_points * self.multiplier

    @property
    def cleared(self) -> bool:
        return self.total_played == 2 * CARDS_PER_LAP

    def code(self, card: int) -> str:
        return card_code(card, self.settings.suits)

    def is_playable(self, card: int) -> bool:
        return self.last_id is None or linked(card, self.last_id)

    # ------------------------------------------------------------ the protocol
    @property
    def num_players(self) -> int:
        return 1

    @property
    def current_player(self) -> int | None:
        return None if self.over else 0

    @property
    def is_over(self) -> bool:
        return self.over

    def legal_actions(self) -> list[PlaySlot]:
        """A `PlaySlot` for each slot whose card links to the last one; empty once over."""
        if self.over:
            return []
        return [
            PlaySlot(i + 1)
            for i, c in enumerate(self.hand_ids)
            if c is not None and self.is_playable(c)
        ]

    @staticmethod
    def parse_action(text: str) -> PlaySlot:
        return PlaySlot.parse(text)

    def why_illegal(self, action: object) -> IllegalCoolMove | None:
        """None when `action` may be played now, else the error `apply` would raise."""
        why = IllegalCoolMove
        if self.over:
            return why("game_over")
        if not isinstance(action, PlaySlot):
            return why("not_an_action", action=repr(action), slots=HAND_SIZE)
        slot = action.slot
        if isinstance(slot, bool) or not isinstance(slot, int) or not 1 <= slot <= HAND_SIZE:
            return why("no_slot", slot=repr(slot), slots=HAND_SIZE)
        card = self.hand_ids[slot - 1]
        if card is None:
            return why("empty_slot", slot=slot, playable=_slots(self.legal_actions()))
        if not self.is_playable(card):
            assert self.last_id is not None
            return why(
                "no_link",
                card=self.code(card),
                last=self.last,
                suit=self.settings.suits[suit_of(self.last_id)],
                number=NUMBERS[number_of(self.last_id)],
            )
        return None

    def observation(self, seat: int = 0) -> Observation:
        """What the player sees (there is one seat: `seat` is 0)."""
        if seat != 0:
            raise ValueError(f"COOL 24+24 has one seat: observation(0), not observation({seat!r})")
        return Observation(
            self.hand,
            self.last,
            self.lap,
            self.played,
            self.total_played,
            tuple(self.code(c) for c in self.stock_ids),
            self.score,
            self.over,
        )

    def clone(self, *, rng: random.Random | None = None) -> Game:
        """An independent copy. It draws from a copy of this game's random state (so it
        replays the same future), or from `rng` when given (a lookahead's own stream)."""
        if rng is None:
            rng = random.Random()
            rng.setstate(self.rng.getstate())
        return Game(
            self.settings,
            rng,
            list(self.hand_ids),
            list(self.in_stock),
            self.last_id,
            self.lap,
            self.played,
            self.total_played,
            list(self.bonuses),
            self.over,
            list(self.history),
        )

    def returns(self) -> tuple[float, ...]:
        """`(score,)`: the one seat's points (base points + bonuses x multiplier), higher is
        better; the final score once the game is over."""
        return (float(self.score),)

    # ------------------------------------------------------------ playing
    def apply(self, action: PlaySlot) -> PlayResult:
        """Play `action`'s slot and return what it did (a `PlayResult`); anything not in
        legal_actions() raises IllegalCoolMove saying why."""
        error = self.why_illegal(action)
        if error is not None:
            raise error
        slot = action.slot
        card = self.hand_ids[slot - 1]
        assert card is not None
        self.hand_ids[slot - 1] = None
        self.last_id = card
        self.played += 1
        self.total_played += 1
        self.history.append(card)
        refill = None
        found: list[Bonus] = []
        if self.stock_count:
            refill = self._draw(weighted=self.settings.bias and self.lap == 1)
            self.hand_ids[slot - 1] = refill
            found += self._check_bonus()
        lap_started = False
        if all(c is None for c in self.hand_ids):
            if self.lap == 1:
                self.lap, self.played, self.last_id = 2, 0, None
                self.in_stock = [True] * CARDS_PER_LAP
                found += self._deal()
                lap_started = True
            else:
                self.over = True
        elif not self.legal_actions():
            self.over = True
        return PlayResult(slot, card, refill, tuple(found), lap_started, self.over)

    # ------------------------------------------------------------ chance
    def _deal(self) -> list[Bonus]:
        for i in range(HAND_SIZE):
            self.hand_ids[i] = self._draw(weighted=False)
        return self._check_bonus()

    def _draw(self, *, weighted: bool) -> int:
        stock = self.stock_ids
        last = self.last_id  # set by the play this draw refills
        if weighted and last is not None:
            factor = self.settings.bias_factor(self.played)
            anchors = [last] + [c for c in self.hand_ids if c is not None and linked(c, last)]
            favoured = [any(linked(c, a) for a in anchors) for c in stock]
            n_fav = sum(favoured)
            total = n_fav * factor + (len(stock) - n_fav) * 1.0
            if total > 0.0:
                u = self.rng.random() * total
                acc = 0.0
                choice = stock[-1]
                for c, fav in zip(stock, favoured, strict=True):
                    acc += factor if fav else 1.0
                    if u < acc:
                        choice = c
                        break
                self.in_stock[choice] = False
                return choice
        choice = stock[int(self.rng.random() * len(stock))]
        self.in_stock[choice] = False
        return choice

    def _check_bonus(self) -> list[Bonus]:
        hand = [c for c in self.hand_ids if c is not None]
        if len(hand) < HAND_SIZE:
            return []
        kind = classify_hand(hand)
        if kind is None:
            return []
        bonus = Bonus(kind, self.settings.bonus_points(kind), self.lap, self.total_played)
        self.bonuses.append(bonus)
        return [bonus]


def _slots(actions: Sequence[PlaySlot]) -> list[int]:
    return [a.slot for a in actions]


def legal_slots(game: Game) -> list[int]:
    """The slot numbers (1-4) of `game.legal_actions()`, for the players and the screen."""
    return _slots(game.legal_actions())


def bonus_counts(game: Game) -> tuple[int, ...]:
    """How many of each bonus kind the game earned, in BONUS_KINDS order."""
    return tuple(sum(1 for b in game.bonuses if b.kind == k) for k in BONUS_KINDS)
