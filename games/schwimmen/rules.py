"""Schwimmen (シュビメン) rules engine: no Qt, seeded, every move checked by `legal_actions()`.

The standard rules are the default; `Rules.house()` switches to the browser version's own rules
(the seed's "ソフト独自ルール": no dealer swap, a knock by a CPU ends the round at the end of
the current rotation). Hidden information leaves the engine only through `Game.observation(seat)`.

The package by role: `hands` scores hands (values, tie-break, a round's places and losers),
`actions` holds the action values, this module the rules variants and the game's flow.

It follows the game protocol of ``games.common.protocol``; between rounds the only legal
action is ``NextRound`` (taken by the next dealer), so a whole game is one loop::

    game = Game.new(seed=1, players=4)
    while not game.is_over:
        game.apply(game.legal_actions()[0])    # -> an Outcome
    game.returns()                             # lives left per seat, the winner highest
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum, StrEnum
from typing import Any, ClassVar

from eventkit.errors import UserError
from games.common.cards import Card, CardParseError, deck_32, shuffled
from games.common.protocol import GameInfo, IllegalMove
from games.schwimmen.actions import (
    WORD_ACTIONS,
    Action,
    DealerKeep,
    DealerSwap,
    Knock,
    NextRound,
    Pass,
    SwapAll,
    SwapOne,
)
from games.schwimmen.hands import HAND_SIZE, SCHNAUZ, hand_value, is_feuer, rank_hands

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Event",
    "EventKind",
    "Game",
    "IllegalSchwimmenMove",
    "KnockRule",
    "Observation",
    "Outcome",
    "Phase",
    "RoundResult",
    "Rules",
]

MIN_PLAYERS, MAX_PLAYERS = 2, 9


_DECK_ORDER = {card: i for i, card in enumerate(deck_32())}


class IllegalSchwimmenMove(IllegalMove):
    """An action the Schwimmen rules refuse now; `code` is one of the keys of `messages`."""

    messages = {
        "game_over": "the game is over: start a new game",
        "round_over": "the round is over: start the next round first",
        "round_in_play": "the round is still being played",
        "dealer_first": (
            "player {player} deals: first keep the hand or take the extra hand "
            "(DealerKeep or DealerSwap)"
        ),
        "dealer_only": "only the dealer chooses a hand, and only before the first turn",
        "not_in_hand": "{card} is not in player {player}'s hand",
        "not_on_table": "{card} is not on the table",
        "pass_twice": "a player may not pass twice in a row: swap or knock instead",
        "already_knocked": "player {player} has already knocked: this is the last turn",
        "knock_first_turn": "no knocking on your first turn: swap or pass first",
        "not_an_action": "{action} is not a Schwimmen action",
    }


class Phase(Enum):
    DEALER = "dealer"  # the dealer decides: keep the hand or take the extra hand
    PLAY = "play"
    ROUND_OVER = "round_over"
    GAME_OVER = "game_over"


class KnockRule(Enum):
    STANDARD = "standard"  # after a knock every other player has exactly one more turn
    HOUSE = "house"  # the seed: the round ends when the current rotation is complete


@dataclass(frozen=True)
class Rules:
    """Which variant is played. `Rules()` is the standard game; `Rules.house()` is the seed's."""

    dealer_swap: bool = True
    knock: KnockRule = KnockRule.STANDARD
    suit_tiebreak: bool = False  # equal lowest hands: the counted suit decides (C > S > H > D)
    start_coins: int = 3  # at -1 a player is swimming; one more loss and they are out
    # The seats people play, the rest CPUs (the table keeps it up to date). The game ends when
    # every one of them is out (none: it is played to the last); with the house rules the first
    # of them still in starts each round, and a knock by any other seat ends the round when
    # the current rotation is complete. One person at seat 0 is today's table.
    people: frozenset[int] = frozenset({0})

    def __post_init__(self) -> None:
        if isinstance(self.knock, str):
            object.__setattr__(self, "knock", KnockRule(self.knock))
        object.__setattr__(self, "people", frozenset(self.people))
        if not 0 <= self.start_coins <= 20:
            raise UserError(f"start_coins = {self.start_coins} is out of range: use 0..20")

    @classmethod
    def standard(cls, **changes: Any) -> Rules:
        return replace(cls(), **changes)

    @classmethod
    def house(cls, **changes: Any) -> Rules:
        """The seed's browser rules: no dealer, asymmetric knock; ties still all lose."""
        return replace(cls(dealer_swap=False, knock=KnockRule.HOUSE), **changes)

    @property
    def is_house(self) -> bool:
        return self.knock is KnockRule.HOUSE


# ---------------------------------------------------------------- events and results


class EventKind(StrEnum):
    """What happened; also the reason a round ended (KNOCK, SCHNAUZ, FEUER)."""

    KEEP = "keep"
    TAKE_EXTRA = "take_extra"
    SWAP_ONE = "swap_one"
    SWAP_ALL = "swap_all"
    PASS = "pass"
    KNOCK = "knock"
    REFRESH = "refresh"
    SCHNAUZ = "schnauz"
    FEUER = "feuer"


@dataclass(frozen=True)
class Event:
    """One public thing that happened in a round (every seat sees it)."""

    seat: int | None
    kind: EventKind
    took: tuple[Card, ...] = ()
    gave: tuple[Card, ...] = ()


@dataclass(frozen=True)
class RoundResult:
    """Every hand face up, values, places and coins after a round."""

    round_number: int
    reason: EventKind  # KNOCK, SCHNAUZ or FEUER
    trigger: int | None  # who knocked / made Schnauz or Feuer
    hands: tuple[tuple[Card, ...] | None, ...]  # None for players already out
    values: tuple[float | None, ...]
    places: tuple[int | None, ...]  # 1 = best this round; equal hands share a place
    losers: tuple[int, ...]
    coins: tuple[int, ...]  # after the round
    swimming: tuple[int, ...]  # seats at -1 coins after the round
    eliminated: tuple[int, ...]  # seats out after this round
    game_over: bool


@dataclass(frozen=True)
class Outcome:
    """What one `Game.apply` did (its one event type), for a frontend to show: who acted and
    how, the public events it added to the round's log in order (a swap and the refresh or
    Schnauz it caused; after NextRound the new round's log), and the round's result when it
    ended the round (None otherwise)."""

    seat: int
    action: Action
    events: tuple[Event, ...]
    result: RoundResult | None = None


@dataclass(frozen=True)
class Observation:
    """What one seat may know: its own hand and everything public, never other hands or stock
    (`seat` None: a spectator's, everything public and no hand)."""

    seat: int | None
    num_players: int
    phase: Phase
    current: int
    hand: tuple[Card, ...]
    table: tuple[Card, ...]
    dealer: int | None
    starter: int
    coins: tuple[int, ...]
    out: tuple[bool, ...]
    turns_taken: tuple[int, ...]
    passed_last: tuple[bool, ...]
    knocker: int | None
    final_turns: tuple[int, ...]
    stock_count: int
    discards: tuple[Card, ...]
    known: tuple[frozenset[Card], ...]  # cards each seat is publicly known to hold
    log: tuple[Event, ...]
    round_number: int
    rules: Rules
    extra_pending: bool  # the dealer's extra hand is still face down

    @property
    def alive(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.num_players) if not self.out[s])

    def unseen(self) -> frozenset[Card]:
        """Cards this seat has not seen: other hands (except known cards), stock, extra hand."""
        seen = set(self.hand) | set(self.table) | set(self.discards)
        for s, cards in enumerate(self.known):
            if s != self.seat:
                seen |= cards
        return frozenset(deck_32()) - seen


# ---------------------------------------------------------------- the game


@dataclass
class Game:
    """A whole game of Schwimmen: rounds until one player is left (or every person is out)."""

    info: ClassVar[GameInfo] = GameInfo("schwimmen", MIN_PLAYERS, MAX_PLAYERS)

    rules: Rules
    num_players: int
    rng: random.Random
    coins: list[int]
    out: list[bool]
    final_places: list[int | None]  # per seat, set when the seat is out or the game won
    phase: Phase = Phase.PLAY
    round_number: int = 0
    dealer: int | None = None
    starter: int = 0
    current: int = 0
    hands: list[list[Card]] = field(default_factory=list)
    table: list[Card] = field(default_factory=list)
    extra: list[Card] = field(default_factory=list)
    stock: list[Card] = field(default_factory=list)
    discards: list[Card] = field(default_factory=list)
    turns_taken: list[int] = field(default_factory=list)
    passed_last: list[bool] = field(default_factory=list)
    pass_streak: int = 0
    knocker: int | None = None
    final_turns: list[int] = field(default_factory=list)
    known: list[set[Card]] = field(default_factory=list)
    log: list[Event] = field(default_factory=list)
    round_results: list[RoundResult] = field(default_factory=list)
    winners: tuple[int, ...] = ()

    # ------------------------------------------------------------ setup

    @classmethod
    def new(cls, *, seed: int | None = None, rules: Rules | None = None, players: int = 4) -> Game:
        """A new game; the first round is dealt at once. Same seed, same game."""
        rules = rules or Rules()
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise UserError(
                f"{players} players is not possible: Schwimmen is for "
                f"{MIN_PLAYERS}-{MAX_PLAYERS} players"
            )
        outside = sorted(s for s in rules.people if not 0 <= s < players)
        if outside:
            raise UserError(f"people at seat {outside[0]}: not a seat, use 0..{players - 1}")
        game = cls(
            rules=rules,
            num_players=players,
            rng=random.Random(seed),
            coins=[rules.start_coins] * players,
            out=[False] * players,
            final_places=[None] * players,
        )
        game._start_round()
        return game

    @classmethod
    def from_position(
        cls,
        hands: Sequence[Sequence[Card | str] | None],
        table: Sequence[Card | str],
        *,
        rules: Rules | None = None,
        stock: Sequence[Card | str] | None = None,
        current: int = 0,
        coins: Sequence[int] | None = None,
        turns_taken: Sequence[int] | None = None,
        seed: int | None = 0,
    ) -> Game:
        """A round in play from given cards (scenarios, tests, replays); None = seat is out.

        Cards not given go to the stock (in `stock` order first, the rest in deck order, drawn
        from the end), so a scenario is fully determined.
        """
        rules = rules or Rules()
        players = len(hands)
        game = cls(
            rules=rules,
            num_players=players,
            rng=random.Random(seed),
            coins=list(coins) if coins is not None else [rules.start_coins] * players,
            out=[h is None for h in hands],
            final_places=[None] * players,
        )
        game.round_number = 1
        game.hands, game.table = _position_cards(hands, table)
        used = [c for h in game.hands for c in h] + game.table
        first = [Card.parse(c) for c in stock or ()]
        rest = [c for c in deck_32() if c not in set(used) | set(first)]
        game.stock = rest + list(reversed(first))  # the first given card is drawn first
        game.turns_taken = list(turns_taken) if turns_taken is not None else [0] * players
        game.passed_last = [False] * players
        game.known = [set() for _ in range(players)]
        alive = game.alive
        game.starter = current if current in alive else alive[0]
        game.dealer = None
        game.current = game.starter
        game.phase = Phase.PLAY
        return game

    @property
    def alive(self) -> list[int]:
        return [s for s in range(self.num_players) if not self.out[s]]

    def _next_alive(self, seat: int) -> int:
        for step in range(1, self.num_players + 1):
            candidate = (seat + step) % self.num_players
            if not self.out[candidate]:
                return candidate
        raise AssertionError("no player left")

    def _people_in(self) -> list[int]:
        """The seats people play that are still in the game, lowest first."""
        return sorted(s for s in self.rules.people if not self.out[s])

    def _next_round_seat(self) -> int:
        """Who deals the next round (with the house rules, who starts it)."""
        if self.rules.dealer_swap:
            # the deal passes to the left; the first dealer sits before seat 0 so seat 0 leads
            return self.num_players - 1 if self.dealer is None else self._next_alive(self.dealer)
        people = self._people_in()
        return people[0] if people else self.alive[0]

    def _start_round(self) -> None:
        self.round_number += 1
        alive = self.alive
        if self.rules.dealer_swap:
            self.dealer = self._next_round_seat()
            self.starter = self._next_alive(self.dealer)
        else:
            self.dealer = None
            self.starter = self._next_round_seat()
        deck = shuffled(deck_32(), self.rng)
        self.hands = [[] for _ in range(self.num_players)]
        for s in alive:
            self.hands[s] = [deck.pop() for _ in range(HAND_SIZE)]
        if self.rules.dealer_swap:
            self.extra = [deck.pop() for _ in range(HAND_SIZE)]
            self.table = []
        else:
            self.extra = []
            self.table = [deck.pop() for _ in range(HAND_SIZE)]
        self.stock = deck
        self.discards = []
        self.turns_taken = [0] * self.num_players
        self.passed_last = [False] * self.num_players
        self.pass_streak = 0
        self.knocker = None
        self.final_turns = []
        self.known = [set() for _ in range(self.num_players)]
        self.log = []
        self.phase = Phase.DEALER if self.rules.dealer_swap else Phase.PLAY
        self.current = self.starter if self.dealer is None else self.dealer  # None: no dealer
        # a dealt Schnauz or Feuer is shown at once and ends the round
        for s in alive:
            if hand_value(self.hands[s]) >= SCHNAUZ:
                self._end_round(_made(self.hands[s]), s)
                return

    # ------------------------------------------------------------ the protocol

    @property
    def current_player(self) -> int | None:
        """The seat to act: None once the game is over; between rounds the next dealer."""
        if self.phase is Phase.GAME_OVER:
            return None
        if self.phase is Phase.ROUND_OVER:
            return self._next_round_seat()
        return self.current

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.GAME_OVER

    def places(self) -> tuple[int | None, ...]:
        """Each seat's final place (1 = winner; None while it is still playing)."""
        return tuple(self.final_places)

    def returns(self) -> tuple[float, ...]:
        """Each seat's lives left: its coins + 2, so 0 once out and 1 while swimming (at -1
        coins). Once the game is over the winner has the most (everyone left going out
        together share 0 and first place); a game ended because every person is out leaves
        the CPUs still in with more than the people."""
        return tuple(float(c + 2) for c in self.coins)

    def clone(self) -> Game:
        """An independent copy with the same random state (it replays the same future).

        Every mutable part is copied (the lists, each hand, each seat's known cards, the random
        state); the values in them (cards, events, round results, the rules) are frozen and
        shared. A CPU's every choice at a table clones the game: a deep copy walked the whole
        log and every result each time."""
        twin = copy.copy(self)
        twin.rng = random.Random()
        twin.rng.setstate(self.rng.getstate())
        twin.coins = list(self.coins)
        twin.out = list(self.out)
        twin.final_places = list(self.final_places)
        twin.hands = [list(hand) for hand in self.hands]
        twin.table = list(self.table)
        twin.extra = list(self.extra)
        twin.stock = list(self.stock)
        twin.discards = list(self.discards)
        twin.turns_taken = list(self.turns_taken)
        twin.passed_last = list(self.passed_last)
        twin.final_turns = list(self.final_turns)
        twin.known = [set(cards) for cards in self.known]
        twin.log = list(self.log)
        twin.round_results = list(self.round_results)
        return twin

    @staticmethod
    def parse_action(text: str) -> Action:
        """The action written as its `str()`: "swap 7H KS", "swap all", "pass", "knock", ..."""
        words = " ".join(str(text).lower().split())
        if words in WORD_ACTIONS:
            return WORD_ACTIONS[words]
        parts = words.split()
        if len(parts) == 3 and parts[0] == "swap":
            try:
                return SwapOne(Card.parse(parts[1]), Card.parse(parts[2]))
            except CardParseError as exc:
                raise UserError(f"'{text}': {exc}") from None
        raise UserError(
            f"'{text}' is not a Schwimmen action: write swap 7H KS, swap all, pass, knock, keep, "
            "take extra or next round"
        )

    # ------------------------------------------------------------ moves

    def legal_actions(self) -> list[Action]:
        """Every action the current player may take now (empty once the game is over)."""
        if self.phase is Phase.DEALER:
            return [DealerKeep(), DealerSwap()]
        if self.phase is Phase.ROUND_OVER:
            return [NextRound()]
        if self.phase is not Phase.PLAY:
            return []
        seat = self.current
        actions: list[Action] = [SwapOne(h, t) for h in self.hands[seat] for t in self.table]
        actions.append(SwapAll())
        if not self.passed_last[seat]:
            actions.append(Pass())
        if self.knocker is None and self.turns_taken[seat] > 0:
            actions.append(Knock())
        return actions

    def why_illegal(self, action: Action) -> IllegalSchwimmenMove | None:
        """None when `action` is legal now, else the error `apply` would raise."""
        why = IllegalSchwimmenMove
        if self.phase is Phase.GAME_OVER:
            return why("game_over")
        if self.phase is Phase.ROUND_OVER:
            return None if isinstance(action, NextRound) else why("round_over")
        if isinstance(action, NextRound):
            return why("round_in_play")
        seat = self.current
        if self.phase is Phase.DEALER:
            if isinstance(action, DealerKeep | DealerSwap):
                return None
            return why("dealer_first", player=seat + 1)
        if isinstance(action, DealerKeep | DealerSwap):
            return why("dealer_only")
        return self._why_illegal_turn(seat, action)

    def _why_illegal_turn(self, seat: int, action: object) -> IllegalSchwimmenMove | None:
        """`why_illegal` of an action on a turn of the round's play."""
        why = IllegalSchwimmenMove
        if isinstance(action, SwapOne):
            if action.hand_card not in self.hands[seat]:
                return why("not_in_hand", card=action.hand_card, player=seat + 1)
            if action.table_card not in self.table:
                return why("not_on_table", card=action.table_card)
            return None
        if isinstance(action, SwapAll):
            return None
        if isinstance(action, Pass):
            return why("pass_twice") if self.passed_last[seat] else None
        if isinstance(action, Knock):
            if self.knocker is not None:
                return why("already_knocked", player=self.knocker + 1)
            if self.turns_taken[seat] == 0:
                return why("knock_first_turn")
            return None
        return why("not_an_action", action=repr(action))

    def apply(self, action: Action) -> Outcome:
        """Play `action` for the current player and say what it did (`Outcome`); raises
        IllegalSchwimmenMove (with a code) if it is not allowed."""
        error = self.why_illegal(action)
        if error is not None:
            raise error
        seat = self.current_player
        assert seat is not None  # why_illegal refused every action once the game is over
        logged = len(self.log)
        if isinstance(action, NextRound):
            self._start_round()
            logged = 0
        elif isinstance(action, DealerKeep | DealerSwap):
            self._dealer_choice(seat, isinstance(action, DealerSwap))
        else:
            self._turn(seat, action)
        ended = self.phase in (Phase.ROUND_OVER, Phase.GAME_OVER)
        result = self.round_results[-1] if ended else None
        return Outcome(seat, action, tuple(self.log[logged:]), result)

    def _turn(self, seat: int, action: SwapOne | SwapAll | Pass | Knock) -> None:
        """A turn of the round's play (the action already checked)."""
        hand = self.hands[seat]
        if isinstance(action, SwapOne):
            i, j = hand.index(action.hand_card), self.table.index(action.table_card)
            hand[i], self.table[j] = self.table[j], hand[i]
            self.known[seat].discard(action.hand_card)
            self.known[seat].add(action.table_card)
            self.log.append(
                Event(seat, EventKind.SWAP_ONE, (action.table_card,), (action.hand_card,))
            )
        elif isinstance(action, SwapAll):
            took, gave = tuple(self.table), tuple(hand)
            self.hands[seat], self.table = list(took), list(gave)
            self.known[seat] = set(took)
            self.log.append(Event(seat, EventKind.SWAP_ALL, took, gave))
        elif isinstance(action, Pass):
            self.log.append(Event(seat, EventKind.PASS))
        else:
            self.knocker = seat
            self.log.append(Event(seat, EventKind.KNOCK))
            self.final_turns = self._seats_after_knock(seat)
        self.turns_taken[seat] += 1
        self.passed_last[seat] = isinstance(action, Pass)
        if isinstance(action, SwapOne | SwapAll) and hand_value(self.hands[seat]) >= SCHNAUZ:
            self._end_round(_made(self.hands[seat]), seat)
            return
        if isinstance(action, Pass):
            self.pass_streak += 1
            if self.pass_streak >= len(self.alive):
                self._refresh_table()
        else:
            self.pass_streak = 0
        self._advance(seat)

    def _dealer_choice(self, seat: int, take_extra: bool) -> None:
        if take_extra:
            self.table, self.hands[seat] = self.hands[seat], self.extra
            self.log.append(Event(seat, EventKind.TAKE_EXTRA, (), tuple(self.table)))
        else:
            self.table = self.extra
            self.log.append(Event(seat, EventKind.KEEP, (), ()))
        self.extra = []
        self.phase = Phase.PLAY
        self.current = self.starter
        if take_extra and hand_value(self.hands[seat]) >= SCHNAUZ:
            self._end_round(_made(self.hands[seat]), seat)

    def _seats_after_knock(self, knocker: int) -> list[int]:
        seats: list[int] = []
        seat = self._next_alive(knocker)
        house_cut = self.rules.is_house and knocker not in self.rules.people
        while seat != knocker:
            if house_cut and seat == self.starter:
                break  # the seed: the round ends when this rotation is complete
            seats.append(seat)
            seat = self._next_alive(seat)
        return seats

    def _refresh_table(self) -> None:
        """Everyone passed in turn: the table goes to the discards, three new cards come."""
        self.pass_streak = 0
        if len(self.stock) < HAND_SIZE:
            self.stock = shuffled(self.discards, self.rng) + self.stock
            self.discards = []
        if len(self.stock) < HAND_SIZE:
            return  # nine players: too few cards left to refresh; play on with this table
        # discarded in deck order: the order is no rule, and a fixed one lets the CPU's
        # simulator reshuffle exactly like this engine (tests/test_game_protocol.py)
        self.discards.extend(sorted(self.table, key=_DECK_ORDER.__getitem__))
        gave = tuple(self.table)
        self.table = [self.stock.pop() for _ in range(HAND_SIZE)]
        self.log.append(Event(None, EventKind.REFRESH, tuple(self.table), gave))

    def _advance(self, seat: int) -> None:
        if self.knocker is not None:
            if seat != self.knocker and self.final_turns and self.final_turns[0] == seat:
                self.final_turns.pop(0)
            if not self.final_turns:
                self._end_round(EventKind.KNOCK, self.knocker)
                return
            self.current = self.final_turns[0]
            return
        self.current = self._next_alive(seat)

    # ------------------------------------------------------------ scoring

    def _end_round(self, reason: EventKind, trigger: int | None) -> None:
        alive = self.alive
        ranked, losers = rank_hands({s: self.hands[s] for s in alive}, self.rules.suit_tiebreak)
        for s in losers:
            self.coins[s] -= 1
        newly_out = tuple(s for s in losers if self.coins[s] < -1)
        survivors = [s for s in alive if s not in newly_out]
        for s in newly_out:
            self.out[s] = True
            self.final_places[s] = len(survivors) + 1
        people = self.rules.people
        game_over = len(survivors) <= 1 or (bool(people) and all(self.out[s] for s in people))
        if game_over:
            if len(survivors) == 1:
                self.final_places[survivors[0]] = 1
                self.winners = (survivors[0],)
            elif not survivors:
                self.winners = newly_out  # everyone left went out together: they share 1st
        if reason in (EventKind.SCHNAUZ, EventKind.FEUER):
            self.log.append(Event(trigger, reason, (), ()))
        result = self._round_result(reason, trigger, ranked, losers, survivors, game_over)
        self.round_results.append(result)
        self.phase = Phase.GAME_OVER if game_over else Phase.ROUND_OVER

    def _round_result(
        self,
        reason: EventKind,
        trigger: int | None,
        ranked: Mapping[int, int],
        losers: tuple[int, ...],
        survivors: Sequence[int],
        game_over: bool,
    ) -> RoundResult:
        """The round just scored: the ranked seats' hands and values, places, coins."""
        seats = range(self.num_players)
        return RoundResult(
            round_number=self.round_number,
            reason=reason,
            trigger=trigger,
            hands=tuple(tuple(self.hands[s]) if s in ranked else None for s in seats),
            values=tuple(hand_value(self.hands[s]) if s in ranked else None for s in seats),
            places=tuple(ranked.get(s) for s in seats),
            losers=losers,
            coins=tuple(self.coins),
            swimming=tuple(s for s in survivors if self.coins[s] == -1),
            eliminated=tuple(s for s in seats if self.out[s]),
            game_over=game_over,
        )

    @property
    def last_result(self) -> RoundResult | None:
        return self.round_results[-1] if self.round_results else None

    def is_swimming(self, seat: int) -> bool:
        return not self.out[seat] and self.coins[seat] == -1

    # ------------------------------------------------------------ views

    def observation(self, seat: int | None) -> Observation:
        """What `seat` may see now; None: what everyone sees (a spectator: no hand)."""
        known = tuple(
            frozenset(self.hands[s]) if s == seat else frozenset(self.known[s])
            for s in range(self.num_players)
        )
        return Observation(
            seat=seat,
            num_players=self.num_players,
            phase=self.phase,
            current=self.current,
            hand=tuple(self.hands[seat]) if seat is not None else (),
            table=tuple(self.table),
            dealer=self.dealer,
            starter=self.starter,
            coins=tuple(self.coins),
            out=tuple(self.out),
            turns_taken=tuple(self.turns_taken),
            passed_last=tuple(self.passed_last),
            knocker=self.knocker,
            final_turns=tuple(self.final_turns),
            stock_count=len(self.stock),
            discards=tuple(self.discards),
            known=known,
            log=tuple(self.log),
            round_number=self.round_number,
            rules=self.rules,
            extra_pending=bool(self.extra),
        )

    def all_cards(self) -> list[Card]:
        """Every card in the game right now (hands, table, extra hand, stock, discards)."""
        cards = [c for s in range(self.num_players) for c in self.hands[s]]
        return cards + self.table + self.extra + self.stock + self.discards


def _position_cards(
    hands: Sequence[Sequence[Card | str] | None], table: Sequence[Card | str]
) -> tuple[list[list[Card]], list[Card]]:
    """`Game.from_position`'s hands (an empty one for a seat that is out) and table as cards; a
    UserError unless each is 3 different cards."""
    dealt = [[Card.parse(c) for c in h] if h is not None else [] for h in hands]
    on_table = [Card.parse(c) for c in table]
    used = [c for h in dealt for c in h] + on_table
    twice = sorted({str(c) for c in used if used.count(c) > 1})
    if twice or any(len(h) not in (0, HAND_SIZE) for h in dealt):
        raise UserError(
            "a position needs 3 different cards per hand and on the table"
            + (f" ({', '.join(twice)} given twice)" if twice else "")
        )
    return dealt, on_table


def _made(hand: Sequence[Card]) -> EventKind:
    """How a round-ending hand of 31 or more is called."""
    return EventKind.FEUER if is_feuer(hand) else EventKind.SCHNAUZ
