"""Daifugō (大富豪) rules engine: 53 cards, ranks and card passing, eight special rules. No Qt.

The rules follow the seed's rule page (``shared/seeds/daifugo.txt``). Where the page is silent
these are the decisions taken here (each one has a test in ``tests/test_daifugo_rules.py``):

Plays and strength
- Strength 3 < 4 < ... < K < A < 2; a lone joker is above everything in either order. The
  order is reversed while exactly one of 革命 / 11バック is in force (``Game.reversed``), so a
  革命 plus an 11バック gives the normal order, as the seed says.
- A set has 2-4 cards of one rank (the joker may be one of them; it cannot make a fifth card).
  A sequence (階段) has 3+ consecutive cards of one suit in strength order (..., K, A, 2); the
  joker may fill any one place.
- Sequences compare by their weakest card in the order in force (4-5-6 beats 3-4-5).
- A joker inside a set or sequence always stands for one card ("JK=5S"). ``play`` also takes
  a bare "JK": the engine then tries what it can stand for in the order ``legal_moves`` lists
  and takes the first one that is legal. With 絵柄しばり off the joker's suit in a set makes no
  difference, so ``legal_moves`` lists one choice (any is accepted by ``play``).
- A lone joker stands for itself: "JK=5S" alone is refused.
- Turns: passing does not lock you out of the field; the field clears once every other player
  still in the game has passed since the last play. The last player to play leads; if that
  player has gone out, the next player still in the game (clockwise) leads.

Special rules (switches in ``Rules``)
- 革命: a set of 4 (a joker counts) or a 4+ sequence flips the order until the game ends; a
  second one flips it back (革命返し). It takes effect at once, for the rest of the field too.
- 8切り: a single 8 or a set of 8s clears the field; a joker standing for an 8 in a set counts;
  8s inside a sequence do not. The player who cut leads (or the next player if they went out).
- 11バック: a single J or a set of Js (a joker bound to a J counts, a sequence with a J does not)
  flips the order until the field clears. Four Jacks are both 革命 and 11バック: normal order
  until the field clears, reversed after it.
- 絵柄しばり: when a play has exactly the same suit(s) as the play it beats, the field is locked
  to those suits until it clears. A joker in a set or sequence counts as the suit it stands
  for (so "5H JK=5S" then "7H JK=7S" locks ♥♠, and a joker can stand for a locked suit to
  follow). A lone joker has no suit: it never starts a lock and may be played on a locked field.
- 階段しばり: when a play is exactly one step stronger than the play it beats (in the order in
  force at that moment), the field is locked: each next play must again be exactly one step
  stronger in the order in force now (if the locking play also flipped the order, e.g. 10 then
  J with 11バック, the chain turns: 10 is next). Sequences step by their weakest card. A lone
  joker may be played on a locked field.
- スペ3返し: the ♠3 as a single beats a lone joker (ignoring locks) and clears the field.
- 禁止あがり: going out on a forbidden play is allowed but costs the game: the player goes out
  and takes the lowest place still free (the first to do so is last, the next second-to-last).
  Forbidden: any play with the joker; any play with a 2 while the order is normal; any play
  with a 3 while it is reversed (the order in force when the play is made, i.e. 革命 or
  11バック but not both); a single or set of 8s with 8切り on; the ♠3 on a lone joker with
  スペ3返し on.
- 都落ち: when someone other than the 大富豪 goes out first (a 禁止あがり does not count as first),
  the 大富豪 leaves at once and takes the lowest place still free; their cards leave play.

Ranks, passing, first player
- Ranks come from the previous game's places by player count (``ranks_from_places``);
  the first game everyone is 平民. Before play: 大貧民 gives the strongest card to 大富豪 and
  貧民 the strongest to 富豪 (a choice among equals; joker > 2 > A ...), then 大富豪 gives any
  2 cards to 大貧民 and 富豪 any 1 to 貧民 (after seeing what they received).
- The lowest rank leads; all equal: a random player (from the game's seed).
- Cards are dealt round-robin from seat 0, at most 15 each; cards left over stay out of play.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum, StrEnum

from eventkit.errors import UserError
from games.common.cards import (
    JOKER,
    AnyCard,
    Card,
    CardParseError,
    Rank,
    Suit,
    deck_53,
    parse_card,
    shuffled,
)
from games.common.protocol import IllegalMove
from games.daifugo.plays import (
    _STRENGTH,
    LONE_JOKER_STRENGTH,
    MAX_HAND,
    SEQUENCE,
    SET,
    SINGLE,
    SPADE_3,
    SUIT_ORDER,
    Action,
    Give,
    IllegalDaifugoMove,
    Pass,
    Play,
    PlayKind,
    _face_sort,
    _make_play,
    _why,
    card_strength,
    classify,
    describe,
    parse_move,
    rank_of_strength,
    single,
    strength,
)

__all__ = [
    "Action",
    "ExchangeStep",
    "Game",
    "Give",
    "IllegalDaifugoMove",
    "IllegalMove",
    "JOKER",
    "LONE_JOKER_STRENGTH",
    "MAX_HAND",
    "Match",
    "Observation",
    "Pass",
    "Phase",
    "Play",
    "PlayKind",
    "RULE_NAMES",
    "Rules",
    "SEQUENCE",
    "SET",
    "SINGLE",
    "SPADE_3",
    "SUIT_ORDER",
    "Title",
    "card_strength",
    "classify",
    "describe",
    "parse_move",
    "rank_of_strength",
    "ranks_from_places",
    "single",
    "sort_key",
    "strength",
]


class Phase(StrEnum):
    EXCHANGE = "exchange"  # card passing before play
    PLAY = "play"
    OVER = "over"


# ---------------------------------------------------------------------------- rules and ranks


@dataclass(frozen=True)
class Rules:
    """The eight special rules, each a switch."""

    revolution: bool = True  # 革命
    forbidden_finish: bool = True  # 禁止あがり
    eight_cut: bool = True  # 8切り
    eleven_back: bool = True  # 11バック
    suit_lock: bool = False  # 絵柄しばり
    number_lock: bool = False  # 階段しばり
    spade_three: bool = False  # スペ3返し
    miyako_ochi: bool = False  # 都落ち

    @classmethod
    def preset(cls, number: int) -> Rules:
        """ルール1..4 exactly as the seed's table."""
        if number == 1:
            return cls(True, True, True, True, True, True, True, True)
        if number == 2:
            return cls(True, True, True, True, False, False, True, True)
        if number == 3:
            return cls(True, True, True, True, False, False, False, False)
        if number == 4:
            return cls(True, False, True, False, False, False, False, False)
        raise UserError(f"rule set {number} does not exist: choose 1, 2, 3 or 4")

    @classmethod
    def uecda(cls) -> Rules:
        """The UECda contest server's rules as far as these switches go: 革命, 8切り, 絵柄しばり
        and スペ3返し on; 11バック, 禁止あがり, 階段しばり and 都落ち off. Where the contest
        differs beyond the switches, see games/daifugo/uecda/__init__.py."""
        return cls(True, False, True, False, True, False, True, False)

    def preset_number(self) -> int | None:
        for n in (1, 2, 3, 4):
            if Rules.preset(n) == self:
                return n
        return None


RULE_NAMES = {
    "revolution": ("革命", "Revolution"),
    "forbidden_finish": ("禁止あがり", "Forbidden finish"),
    "eight_cut": ("8切り", "Eight cut"),
    "eleven_back": ("11バック", "Eleven back"),
    "suit_lock": ("絵柄しばり", "Suit lock"),
    "number_lock": ("階段しばり", "Number lock"),
    "spade_three": ("スペ3返し", "Spade 3 return"),
    "miyako_ochi": ("都落ち", "Capital fall"),
}


class Title(Enum):
    """階級: the rank a player holds for one game."""

    DAIFUGO = 0
    FUGO = 1
    HEIMIN = 2
    HINMIN = 3
    DAIHINMIN = 4

    @property
    def ja(self) -> str:
        return ("大富豪", "富豪", "平民", "貧民", "大貧民")[self.value]

    @property
    def en(self) -> str:
        return ("Grand Millionaire", "Millionaire", "Commoner", "Poor", "Grand Poor")[self.value]

    def label(self, language: str = "ja") -> str:
        return self.ja if language == "ja" else self.en


_RANK_TABLE = {
    5: (Title.DAIFUGO, Title.FUGO, Title.HEIMIN, Title.HINMIN, Title.DAIHINMIN),
    4: (Title.DAIFUGO, Title.FUGO, Title.HINMIN, Title.DAIHINMIN),
    3: (Title.FUGO, Title.HEIMIN, Title.HINMIN),
    2: (Title.FUGO, Title.HINMIN),
}


def ranks_from_places(places: Sequence[int]) -> tuple[Title, ...]:
    """Titles per seat from the previous game's places (seats 1st to last), as the seed's table."""
    n = len(places)
    if n not in _RANK_TABLE or sorted(places) != list(range(n)):
        raise ValueError(f"places must be a permutation of 0..n-1 with 2-5 players, got {places}")
    titles: list[Title] = [Title.HEIMIN] * n
    for place, seat in enumerate(places):
        titles[seat] = _RANK_TABLE[n][place]
    return tuple(titles)


# ---------------------------------------------------------------------------- game state


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
class _Field:
    top: Play | None = None
    last_player: int | None = None
    passed: set[int] = field(default_factory=set)
    suit_lock: frozenset[Suit] | None = None
    number_lock: bool = False
    trick: list[tuple[int, Play]] = field(default_factory=list)


class Game:
    """One game (deal, card passing, play) for 2-5 players."""

    def __init__(
        self,
        hands: Sequence[Sequence[AnyCard]],
        rules: Rules,
        first: int,
        ranks: Sequence[Title] | None = None,
        undealt: Sequence[AnyCard] = (),
        exchange: bool = False,
    ) -> None:
        n = len(hands)
        if not 2 <= n <= 5:
            raise UserError(f"Daifugō needs 2-5 players, not {n}")
        self.rules = rules
        self.n = n
        self.hands: list[list[AnyCard]] = [list(h) for h in hands]
        self.undealt: list[AnyCard] = list(undealt)
        self.ranks: tuple[Title, ...] = tuple(ranks) if ranks else (Title.HEIMIN,) * n
        self.revolution = False
        self.eleven_back = False
        self.f = _Field()
        self.pile: list[AnyCard] = []
        self.finished: list[int] = []
        self.bottom: list[int] = []
        self.out: set[int] = set()
        self.fouls: list[int] = []
        self.history: list[tuple[int, Play | None]] = []
        self.known: dict[int, dict[int, set[AnyCard]]] = {s: {} for s in range(n)}
        self.turn = first
        self.first = first
        self.exchanges: list[ExchangeStep] = self._exchange_plan() if exchange else []
        self.phase = Phase.EXCHANGE if self.exchanges else Phase.PLAY
        if self.phase == Phase.EXCHANGE:
            self.turn = self.exchanges[0].giver
        all_cards = [c for h in self.hands for c in h] + self.undealt
        if len(set(all_cards)) != len(all_cards):
            raise UserError("a card is dealt twice: each card may appear once")

    # ------------------------------------------------------------------ construction

    @classmethod
    def from_hands(
        cls,
        hands: Sequence[Sequence[str | AnyCard]],
        rules: Rules | None = None,
        first: int = 0,
        ranks: Sequence[Title] | None = None,
    ) -> Game:
        """A game from given hands (codes like "3S", "10H", "JK"), straight into play."""
        parsed = [[parse_card(c) for c in hand] for hand in hands]
        return cls(parsed, rules or Rules.preset(1), first, ranks)

    @classmethod
    def new(
        cls,
        *,
        seed: int | None = None,
        rules: Rules | None = None,
        players: int = 4,
        ranks: Sequence[Title] | None = None,
    ) -> Game:
        """Shuffle and deal (from the seed), then pass cards by rank, as before every game."""
        if not 2 <= players <= 5:
            raise UserError(f"Daifugō needs 2-5 players, not {players}: choose 2, 3, 4 or 5")
        rng = random.Random(seed)
        deck = shuffled(deck_53(), rng)
        hands: list[list[AnyCard]] = [[] for _ in range(players)]
        i = 0
        while i < len(deck) and i < players * MAX_HAND:
            hands[i % players].append(deck[i])
            i += 1
        ranks = tuple(ranks) if ranks else (Title.HEIMIN,) * players
        low = max(t.value for t in ranks)
        lowest = [s for s in range(players) if ranks[s].value == low]
        first = rng.choice(lowest) if len(lowest) > 1 else lowest[0]
        for h in hands:
            h.sort(key=sort_key)
        return cls(hands, rules or Rules.preset(1), first, ranks, deck[i:], exchange=True)

    def _exchange_plan(self) -> list[ExchangeStep]:
        seat = {t: s for s, t in enumerate(self.ranks)}
        steps = []
        for poor, rich, count in (
            (Title.DAIHINMIN, Title.DAIFUGO, 1),
            (Title.HINMIN, Title.FUGO, 1),
        ):
            if poor in seat and rich in seat:
                steps.append(ExchangeStep(seat[poor], seat[rich], count, True))
        for rich, poor, count in (
            (Title.DAIFUGO, Title.DAIHINMIN, 2),
            (Title.FUGO, Title.HINMIN, 1),
        ):
            if poor in seat and rich in seat:
                steps.append(ExchangeStep(seat[rich], seat[poor], count, False))
        return steps

    def clone(self) -> Game:
        """An independent copy (the game holds no random state after the deal)."""
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g.hands = [list(h) for h in self.hands]
        g.undealt = list(self.undealt)
        g.f = _Field(
            self.f.top,
            self.f.last_player,
            set(self.f.passed),
            self.f.suit_lock,
            self.f.number_lock,
            list(self.f.trick),
        )
        g.pile = list(self.pile)
        g.finished = list(self.finished)
        g.bottom = list(self.bottom)
        g.out = set(self.out)
        g.fouls = list(self.fouls)
        g.history = list(self.history)
        g.exchanges = list(self.exchanges)
        g.known = {s: {t: set(c) for t, c in d.items()} for s, d in self.known.items()}
        return g

    copy = clone  # the former name

    @classmethod
    def from_observation(cls, obs: Observation, hands: Sequence[Sequence[AnyCard]]) -> Game:
        """A game with the public state of `obs` and the given hands (for CPU look-ahead)."""
        g = cls.__new__(cls)
        g.rules = obs.rules
        g.n = obs.n_players
        g.hands = [list(h) for h in hands]
        g.undealt = []
        g.ranks = obs.ranks
        g.revolution = obs.revolution
        g.eleven_back = obs.eleven_back
        top = None
        if obs.top is not None:
            top = classify(parse_move(obs.top))[0]
        g.f = _Field(
            top,
            obs.last_player,
            set(obs.passed),
            frozenset(Suit(s) for s in obs.suit_lock) if obs.suit_lock else None,
            obs.number_lock,
            [],
        )
        g.pile = [parse_card(c) for c in obs.pile]
        g.finished = list(obs.finished)
        g.bottom = list(obs.bottom)
        g.out = set(obs.out)
        g.fouls = []
        g.history = []
        g.known = {s: {} for s in range(g.n)}
        g.turn = obs.current_player if obs.current_player is not None else 0
        g.first = g.turn
        g.exchanges = [obs.exchange_step] if obs.exchange_step is not None else []
        g.phase = obs.phase
        return g

    # ------------------------------------------------------------------ public state

    @property
    def current_player(self) -> int | None:
        return None if self.phase == Phase.OVER else self.turn

    @property
    def reversed(self) -> bool:
        """True while the order is reversed (革命 xor 11バック)."""
        return self.revolution != self.eleven_back

    @property
    def top(self) -> Play | None:
        return self.f.top

    @property
    def trick(self) -> tuple[tuple[int, Play], ...]:
        """The plays on the field since it was last cleared: (seat, play)."""
        return tuple(self.f.trick)

    @property
    def suit_lock(self) -> frozenset[Suit] | None:
        return self.f.suit_lock

    @property
    def number_lock(self) -> bool:
        return self.f.number_lock

    @property
    def last_player(self) -> int | None:
        return self.f.last_player

    @property
    def is_over(self) -> bool:
        return self.phase == Phase.OVER

    @property
    def finish_order(self) -> list[int]:
        """Seats from 1st to last (complete once the game is over)."""
        return (
            self.finished + [s for s in self.active if s not in self.finished] + self.bottom[::-1]
        )

    def places(self) -> tuple[int, ...]:
        """Each seat's place, 1 = 大富豪 next game (final once the game is over)."""
        place = [0] * self.n
        for i, seat in enumerate(self.finish_order):
            place[seat] = i + 1
        return tuple(place)

    @property
    def active(self) -> list[int]:
        return [s for s in range(self.n) if s not in self.out]

    def hand(self, seat: int) -> list[str]:
        return [str(c) for c in self.hands[seat]]

    @property
    def exchange_step(self) -> ExchangeStep | None:
        return self.exchanges[0] if self.phase == Phase.EXCHANGE else None

    def can_pass(self) -> bool:
        return self.phase == Phase.PLAY and self.f.top is not None

    def cards_accounted(self) -> int:
        return sum(len(h) for h in self.hands) + len(self.pile) + len(self.undealt)

    # ------------------------------------------------------------------ card passing

    def exchange_options(self) -> list[tuple[str, ...]]:
        """The cards the pending giver may hand over, as codes (see legal_actions)."""
        return [tuple(str(c) for c in g.cards) for g in self._gifts()]

    def _gifts(self) -> list[Give]:
        step = self.exchange_step
        if step is None:
            return []
        hand = self.hands[step.giver]
        if step.strongest_only:
            best = max(card_strength(c) for c in hand)
            return [Give((c,)) for c in hand if card_strength(c) == best]
        return [Give(combo) for combo in itertools.combinations(hand, step.count)]

    def _gift_refusal(self, given: Sequence[AnyCard]) -> IllegalDaifugoMove | None:
        step = self.exchange_step
        if step is None:
            return _why("game_over") if self.phase == Phase.OVER else _why("no_exchange")
        hand = self.hands[step.giver]
        if len(given) != step.count or len(set(given)) != len(given):
            return _why("give_count", count=step.count)
        for c in given:
            if c not in hand:
                return _why("give_not_in_hand", card=c)
        if step.strongest_only:
            best = max(card_strength(c) for c in hand)
            if card_strength(given[0]) != best:
                strongest = ", ".join(str(c) for c in hand if card_strength(c) == best)
                return _why("give_strongest", title=self.ranks[step.giver].ja, cards=strongest)
        return None

    def give(self, cards: Iterable[str | AnyCard]) -> None:
        """The pending card passing: the giver hands these cards over (checked)."""
        self.apply(Give(tuple(parse_card(c) for c in cards)))

    def _give(self, given: Sequence[AnyCard]) -> None:
        step = self.exchanges[0]
        hand = self.hands[step.giver]
        for c in given:
            hand.remove(c)
            self.hands[step.receiver].append(c)
        self.hands[step.receiver].sort(key=sort_key)
        self.known[step.giver].setdefault(step.receiver, set()).update(given)
        self.history.append((step.giver, None))
        self.exchanges.pop(0)
        if self.exchanges:
            self.turn = self.exchanges[0].giver
        else:
            self.phase = Phase.PLAY
            self.turn = self.first

    # ------------------------------------------------------------------ moves

    def legal_actions(self) -> list[Action]:
        """Every action the current player may take: gifts while passing cards, else the legal
        plays and (unless leading) Pass. Empty once the game is over."""
        if self.phase == Phase.EXCHANGE:
            return list(self._gifts())
        actions: list[Action] = list(self.legal_plays())
        if self.can_pass():
            actions.append(Pass())
        return actions

    def legal_plays(self) -> list[Play]:
        """The plays the current player may make (the Play actions of legal_actions)."""
        if self.phase != Phase.PLAY:
            return []
        hand = self.hands[self.turn]
        return [p for p in self._candidates(hand) if self._refusal(p) is None]

    def legal_moves(self) -> list[tuple[str, ...]]:
        """The current player's plays as tuples of codes ("JK=6S" for a joker in a play).

        During card passing: the cards the giver may hand over.
        """
        if self.phase == Phase.EXCHANGE:
            return self.exchange_options()
        return [p.codes for p in self.legal_plays()]

    def parse_action(self, text: str) -> Action:
        """An action from its `str()`: "pass", "give 2S 3H", "5S 5H", "JK=5S 5H", "JK".

        A bare joker in a set or sequence takes the first reading that is legal now.
        """
        words = str(text).split()
        if [w.lower() for w in words] == ["pass"]:
            return Pass()
        try:
            if words and words[0].lower() == "give":
                return Give(tuple(parse_card(w) for w in words[1:]))
            return self._resolve(words, check=False)
        except CardParseError as exc:
            raise UserError(f"'{text}': {exc}") from None

    def why_illegal(self, action: Action) -> IllegalDaifugoMove | None:
        """None when `action` is legal now, else the error `apply` would raise."""
        if self.phase == Phase.OVER:
            return _why("game_over")
        if isinstance(action, Give):
            return self._gift_refusal(action.cards)
        if self.phase == Phase.EXCHANGE:
            return _why("exchange_first")
        if isinstance(action, Pass):
            return None if self.f.top is not None else _why("lead_no_pass")
        if not isinstance(action, Play):
            return _why("not_an_action", action=repr(action))
        hand = self.hands[self.turn]
        for card in action.cards:
            if card not in hand:
                return _why("not_in_hand", card=card)
        tokens = [
            (c, f if c.is_joker and not f.is_joker else None)
            for c, f in zip(action.cards, action.faces, strict=True)
        ]
        try:
            if action not in classify(tokens):
                return _why("not_a_play")
        except IllegalDaifugoMove as error:
            return error
        canonical = self._canonical(action)
        if canonical != action:
            return _why("joker_suit", play=canonical)
        return self._refusal_error(action)

    def _canonical(self, play: Play) -> Play:
        """Without 絵柄しばり a joker in a set stands for the first missing suit (♠♥♦♣): the
        suit changes nothing, so legal_actions lists that reading only."""
        if play.kind != SET or not play.has_joker or self.rules.suit_lock:
            return play
        real = [c for c in play.cards if not c.is_joker]
        used = {c.suit for c in real}
        rank = real[0].rank
        face = Card(rank, next(s for s in SUIT_ORDER if s not in used))
        return _make_play(SET, _face_sort([(c, c) for c in real] + [(JOKER, face)]))

    def apply(self, action: Action) -> None:
        """Take `action` for the current player; anything not in legal_actions() raises."""
        error = self.why_illegal(action)
        if error is not None:
            raise error
        self.push(action)

    def push(self, action: Action) -> None:
        """Take an action from legal_actions() without checking it again (CPU look-ahead)."""
        if isinstance(action, Pass):
            self._pass()
        elif isinstance(action, Give):
            self._give(action.cards)
        else:
            self._play(action)

    def _candidates(self, hand: Sequence[AnyCard]) -> list[Play]:
        top = self.f.top
        if top is not None and top.lone_joker:
            if self.rules.spade_three and SPADE_3 in hand:
                return [single(SPADE_3)]
            return []
        kind = top.kind if top else None
        size = top.size if top else None
        joker = JOKER in hand
        # Keys that can beat the field (cheap filter before building plays).
        low, high = 0, 99
        if top is not None:
            if self.reversed:
                high = top.hi
            else:
                low = top.lo
        out: list[Play] = []
        if kind in (None, SINGLE):
            for c in hand:
                if c.rank is None or low < _STRENGTH[c.rank] < high:
                    out.append(single(c))
        if kind in (None, SET):
            by_rank: dict[int, list[AnyCard]] = {}
            for c in hand:
                if not c.is_joker:
                    by_rank.setdefault(_STRENGTH[c.rank], []).append(c)
            sizes = (size,) if size else (2, 3, 4)
            all_suits = self.rules.suit_lock
            for value, cards in by_rank.items():
                if not low < value < high:
                    continue
                rank = rank_of_strength(value)
                for k in sizes:
                    if len(cards) >= k:
                        for combo in itertools.combinations(cards, k):
                            out.append(_make_play(SET, _face_sort([(c, c) for c in combo])))
                    if joker and len(cards) >= k - 1 >= 1:
                        for combo in itertools.combinations(cards, k - 1):
                            used = {c.suit for c in combo}
                            free = [s for s in SUIT_ORDER if s not in used]
                            if not all_suits:
                                free = free[:1]
                            for s in free:
                                pairs = [(c, c) for c in combo] + [(JOKER, Card(rank, s))]
                                out.append(_make_play(SET, _face_sort(pairs)))
        if kind in (None, SEQUENCE):
            by_suit: dict[str, tuple[Suit, set[int]]] = {}
            for c in hand:
                if not c.is_joker:
                    # keyed by the suit's letter: hashing a str is much cheaper than an Enum
                    by_suit.setdefault(c.suit._value_, (c.suit, set()))[1].add(_STRENGTH[c.rank])
            lengths = (size,) if size else range(3, 14)
            for suit, present in by_suit.values():
                if len(present) + joker < 3:
                    continue
                for k in lengths:
                    for start in range(max(3, low + 1), min(17 - k, high - k + 1)):
                        window = range(start, start + k)
                        gaps = [v for v in window if v not in present]
                        if len(gaps) > 1 or (gaps and not joker):
                            continue
                        run = [Card(rank_of_strength(v), suit) for v in window]
                        if not gaps:
                            out.append(_make_play(SEQUENCE, [(c, c) for c in run]))
                            if joker:
                                for i in range(k):
                                    pairs = [(c, c) for c in run]
                                    pairs[i] = (JOKER, run[i])
                                    out.append(_make_play(SEQUENCE, pairs))
                        else:
                            pairs = [
                                (JOKER, c) if strength(c.rank) == gaps[0] else (c, c) for c in run
                            ]
                            out.append(_make_play(SEQUENCE, pairs))
        return out

    def _refusal(self, play: Play) -> str | None:
        """The one legality rule for a well-formed play from the current hand: None when it
        may be made on the current field, else the reason code (see `_refusal_error`)."""
        top = self.f.top
        if top is None:
            return None
        if top.lone_joker:
            if self.rules.spade_three:
                if play.kind == SINGLE and play.cards[0] == SPADE_3:
                    return None
                return "only_spade_three"
            return "nothing_beats_joker"
        if play.kind != top.kind or play.size != top.size:
            return "field_needs"
        if play.lone_joker:
            return None
        rev = self.reversed
        if rev:
            if not play.hi < top.hi:
                return "not_stronger_reversed"
        elif not play.lo > top.lo:
            return "not_stronger"
        lock = self.f.suit_lock
        if lock is not None and play.suits != lock:
            return "suit_lock"
        if self.f.number_lock and play.key(rev) != top.key(rev) + (-1 if rev else 1):
            need = top.key(rev) + (-1 if rev else 1)
            return "number_lock" if 3 <= need <= 15 else "number_lock_end"
        return None

    def _refusal_error(self, play: Play) -> IllegalDaifugoMove | None:
        """`_refusal` with the parameters its message needs."""
        code = self._refusal(play)
        if code is None:
            return None
        top = self.f.top
        assert top is not None
        rev = self.reversed
        if code == "field_needs":
            return _why(
                code, shape=describe(top), top=top, kind=top.kind.name.lower(), size=top.size
            )
        if code in ("not_stronger", "not_stronger_reversed"):
            return _why(code, play=play, top=top, why="革命" if self.revolution else "11バック")
        if code == "suit_lock":
            lock = self.f.suit_lock or frozenset()
            return _why(code, suits="".join(s.symbol for s in SUIT_ORDER if s in lock))
        if code == "number_lock":
            need = top.key(rev) + (-1 if rev else 1)
            return _why(code, rank=rank_of_strength(need).text)
        return _why(code)

    def _why_not(self, play: Play) -> str | None:
        """None when `play` may be made on the current field, else the English reason."""
        error = self._refusal_error(play)
        return None if error is None else str(error)

    def _resolve(self, cards: Iterable[str | AnyCard], check: bool = True) -> Play:
        """The play these codes make: with a bare joker, the first reading legal now."""
        readings = list(dict.fromkeys(self._canonical(p) for p in classify(parse_move(cards))))
        if not check:
            return next((p for p in readings if self.why_illegal(p) is None), readings[0])
        first_error = None
        for play in readings:
            error = self.why_illegal(play)
            if error is None:
                return play
            first_error = first_error or error
        assert first_error is not None
        raise first_error

    def resolve(self, cards: Iterable[str | AnyCard]) -> Play:
        """The legal play these codes make now ("JK" may stand for what fits); IllegalMove if
        there is none."""
        return self._resolve(cards)

    def refusal(self, cards: Iterable[str | AnyCard]) -> IllegalMove | None:
        """None when the current player may play these cards, else the error (for the UI)."""
        try:
            self._resolve(cards)
        except IllegalMove as exc:
            return exc
        except ValueError as exc:  # not card codes at all
            return _why("not_an_action", action=str(exc))
        return None

    def check(self, cards: Iterable[str | AnyCard]) -> str | None:
        """None when the current player may play these cards, else why not in English."""
        error = self.refusal(cards)
        return None if error is None else str(error)

    def play(self, cards: Iterable[str | AnyCard]) -> Play:
        """The current player plays these cards ("JK" or "JK=5S" for the joker), checked."""
        play = self._resolve(cards)
        self.push(play)
        return play

    def would_foul(self, play: Play) -> bool:
        """True when going out with `play` now breaks 禁止あがり."""
        if not self.rules.forbidden_finish:
            return False
        if play.has_joker:
            return True
        # The seed frees the 2 (and forbids the 3) 「革命中と11バック中」: read as "while the order
        # is reversed", so 革命 + 11バック (normal order, as the seed says) forbids the 2 again.
        rev = self.reversed
        for face in play.faces:
            if face.rank == (Rank.THREE if rev else Rank.TWO):
                return True
        if play.kind != SEQUENCE and play.rank == Rank.EIGHT and self.rules.eight_cut:
            return True
        top = self.f.top
        if self.rules.spade_three and top is not None and top.lone_joker:
            if play.cards[0] == SPADE_3:
                return True
        return False

    def _play(self, play: Play) -> None:
        seat = self.turn
        hand = self.hands[seat]
        for c in play.cards:
            hand.remove(c)
        self.pile.extend(play.cards)
        self.history.append((seat, play))
        f = self.f
        top = f.top
        rev = self.reversed
        foul = not hand and self.would_foul(play)
        clear = False
        if top is not None and top.lone_joker:
            clear = True  # only the ♠3 gets here (スペ3返し)
        elif top is not None and not play.lone_joker:
            if self.rules.suit_lock and f.suit_lock is None and play.suits == top.suits:
                f.suit_lock = play.suits
            if self.rules.number_lock and not f.number_lock:
                if play.key(rev) == top.key(rev) + (-1 if rev else 1):
                    f.number_lock = True
        if self.rules.revolution and play.size >= 4:
            self.revolution = not self.revolution
        rank = play.rank
        if rank == Rank.JACK and self.rules.eleven_back:
            self.eleven_back = not self.eleven_back
        if rank == Rank.EIGHT and self.rules.eight_cut:
            clear = True
        f.top = play
        f.last_player = seat
        f.passed = set()
        f.trick.append((seat, play))
        if not hand:
            self.out.add(seat)
            if foul:
                self.fouls.append(seat)
                self.bottom.append(seat)
            else:
                self.finished.append(seat)
                if self.rules.miyako_ochi and len(self.finished) == 1:
                    for s, title in enumerate(self.ranks):
                        if title == Title.DAIFUGO and s != seat and s not in self.out:
                            self.out.add(s)
                            self.bottom.append(s)
        if self._check_over():
            return
        if clear:
            self._clear_field()
            self.turn = seat if seat not in self.out else self._next_active(seat)
        else:
            self.turn = self._next_active(seat)

    def pass_turn(self) -> None:
        """The current player passes (checked)."""
        self.apply(Pass())

    def _pass(self) -> None:
        seat = self.turn
        self.f.passed.add(seat)
        self.history.append((seat, None))
        last = self.f.last_player
        waiting = [s for s in self.active if s != last and s not in self.f.passed]
        assert last is not None  # a pass needs a play on the field (the leader cannot pass)
        if not waiting:
            self._clear_field()
            self.turn = last if last not in self.out else self._next_active(last)
        else:
            self.turn = self._next_active(seat)

    def _clear_field(self) -> None:
        self.f = _Field()
        self.eleven_back = False

    def _next_active(self, seat: int) -> int:
        for step in range(1, self.n + 1):
            s = (seat + step) % self.n
            if s not in self.out:
                return s
        return seat

    def _check_over(self) -> bool:
        active = self.active
        if len(active) <= 1:
            if active:
                self.finished.append(active[0])
                self.out.add(active[0])
            self.phase = Phase.OVER
            self._clear_field()
            return True
        return False

    # ------------------------------------------------------------------ observation

    def observation(self, seat: int) -> Observation:
        f = self.f
        return Observation(
            seat=seat,
            n_players=self.n,
            rules=self.rules,
            hand=tuple(str(c) for c in self.hands[seat]),
            hand_sizes=tuple(len(h) for h in self.hands),
            phase=self.phase,
            current_player=self.current_player,
            top=f.top.codes if f.top else None,
            top_player=f.last_player,
            trick=tuple((s, p.codes) for s, p in f.trick),
            pile=tuple(str(c) for c in self.pile),
            revolution=self.revolution,
            eleven_back=self.eleven_back,
            suit_lock=tuple(s.value for s in SUIT_ORDER if s in f.suit_lock)
            if f.suit_lock
            else None,
            number_lock=f.number_lock,
            passed=tuple(sorted(f.passed)),
            finished=tuple(self.finished),
            bottom=tuple(self.bottom),
            out=tuple(sorted(self.out)),
            ranks=self.ranks,
            undealt=len(self.undealt),
            known=tuple(
                (t, tuple(str(c) for c in cards if c in self.hands[t]))
                for t, cards in sorted(self.known[seat].items())
            ),
            exchange_step=self.exchange_step,
            last_player=f.last_player,
        )

    observe = observation  # the former name


def sort_key(card: AnyCard) -> tuple[int, int]:
    """Hand order: weakest first (3 ... 2, joker), suits ♠♥♦♣."""
    return (card_strength(card), -1 if card.is_joker else SUIT_ORDER.index(card.suit))


# ---------------------------------------------------------------------------- a series of games


class Match:
    """Games in a row at one table: ranks carry over from each game's places."""

    def __init__(self, players: int, rules: Rules, seed: int | None = None) -> None:
        self.players = players
        self.rules = rules
        self.rng = random.Random(seed)
        self.ranks: tuple[Title, ...] = (Title.HEIMIN,) * players
        self.results: list[list[int]] = []
        self.game: Game | None = None

    def new_game(self) -> Game:
        self.game = Game.new(
            seed=self.rng.randrange(2**63), rules=self.rules, players=self.players, ranks=self.ranks
        )
        return self.game

    def record(self, game: Game) -> None:
        """Note a finished game's places; the next game's ranks come from them."""
        places = game.finish_order
        self.results.append(places)
        self.ranks = ranks_from_places(places)
