"""A Daifugō game: the deal, card passing by rank, the flow of plays and passes, the special
rules' effects (locks, 革命, 8切り, 11バック, 禁止あがり, 都落ち), the places and the observation.
Which actions are legal is decided in legality.py. No Qt."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from eventkit.errors import UserError
from games.common.cards import (
    AnyCard,
    CardParseError,
    Rank,
    Suit,
    deck_53,
    parse_card,
    shuffled,
)
from games.common.protocol import GameInfo
from games.daifugo.events import Applied, Before, Gift, events_of
from games.daifugo.legality import (
    candidates,
    canonical,
    gifts,
    refusal_code,
    why_illegal,
)
from games.daifugo.plays import (
    MAX_HAND,
    SEQUENCE,
    SPADE_3,
    SUIT_ORDER,
    Action,
    Give,
    IllegalDaifugoMove,
    Pass,
    Play,
    card_strength,
    classify,
    parse_move,
)
from games.daifugo.ruleset import Rules, Title
from games.daifugo.state import ExchangeStep, Field, Observation, Phase, Position


class Game(Position):
    """One game (deal, card passing, play) for 2-5 players. Build it with `Game.new`."""

    info: ClassVar[GameInfo] = GameInfo("daifugo", 2, 5)

    def __init__(
        self,
        hands: Sequence[Sequence[AnyCard]],
        rules: Rules,
        first: int,
        ranks: Sequence[Title] | None,
        undealt: Sequence[AnyCard],
        exchange: bool,
    ) -> None:
        """Use `Game.new`; this only sets a checked position up."""
        n = len(hands)
        if not 2 <= n <= 5:
            raise UserError(f"Daifugō needs 2-5 players, not {n}: choose 2, 3, 4 or 5")
        super().__init__(
            rules=rules,
            hands=[list(h) for h in hands],
            ranks=tuple(ranks) if ranks else (Title.HEIMIN,) * n,
            turn=first,
        )
        self.num_players = n
        self.undealt: list[AnyCard] = list(undealt)
        self.pile: list[AnyCard] = []
        self.finished: list[int] = []
        self.bottom: list[int] = []
        self.out: set[int] = set()
        self.fouls: list[int] = []
        self.history: list[tuple[int, Play | None]] = []
        self.known: dict[int, dict[int, set[AnyCard]]] = {s: {} for s in range(n)}
        self.first = first
        self.exchanges = self._exchange_plan() if exchange else []
        if self.exchanges:
            self.phase = Phase.EXCHANGE
            self.turn = self.exchanges[0].giver
        all_cards = [c for h in self.hands for c in h] + self.undealt
        if len(set(all_cards)) != len(all_cards):
            raise UserError("a card is dealt twice: each card may appear once")

    # ------------------------------------------------------------------ construction

    @classmethod
    def new(
        cls,
        *,
        seed: int | None = None,
        rules: Rules | None = None,
        players: int | None = None,
        ranks: Sequence[Title] | None = None,
        hands: Sequence[Sequence[str | AnyCard]] | None = None,
        first: int = 0,
        card_passing: bool = False,
    ) -> Game:
        """The one way to build a game.

        Dealt (``hands`` None): shuffle from the seed, deal round-robin from seat 0 (at most 15
        each, the rest out of play), then the card passing that ``ranks`` (the titles from the
        previous game, default all 平民) call for; the lowest title leads, a random one of
        them (from the seed) when several share it.
        Set up (``hands`` given, codes like "3S", "10H", "JK" or cards; their count is the
        player count, and ``players``, if given, must agree): straight into play, ``first`` leads, ``ranks`` only count for 都落ち;
        with ``card_passing`` the cards are passed by ``ranks`` first (as after a deal).
        """
        rules = rules or Rules.preset(1)
        if hands is not None:
            if players is not None and players != len(hands):
                raise UserError(f"{len(hands)} hands for {players} players: give one hand a seat")
            parsed = [[parse_card(c) for c in hand] for hand in hands]
            return cls(parsed, rules, first, ranks, (), exchange=card_passing)
        if players is None:
            players = 4
        if not 2 <= players <= 5:
            raise UserError(f"Daifugō needs 2-5 players, not {players}: choose 2, 3, 4 or 5")
        rng = random.Random(seed)
        deck = shuffled(deck_53(), rng)
        dealt: list[list[AnyCard]] = [[] for _ in range(players)]
        i = 0
        while i < len(deck) and i < players * MAX_HAND:
            dealt[i % players].append(deck[i])
            i += 1
        titles = tuple(ranks) if ranks else (Title.HEIMIN,) * players
        low = max(t.value for t in titles)
        lowest = [s for s in range(players) if titles[s].value == low]
        lead = rng.choice(lowest) if len(lowest) > 1 else lowest[0]
        for h in dealt:
            h.sort(key=sort_key)
        return cls(dealt, rules, lead, titles, deck[i:], exchange=True)

    @classmethod
    def from_observation(cls, obs: Observation, hands: Sequence[Sequence[AnyCard]]) -> Game:
        """A game with the public state of `obs` and the given hands (the CPUs' look-ahead on
        a determinization): `new` with those hands, then the field, order and places of `obs`."""
        turn = obs.current_player if obs.current_player is not None else 0
        g = cls.new(rules=obs.rules, hands=[list(h) for h in hands], ranks=obs.ranks, first=turn)
        g.revolution = obs.revolution
        g.eleven_back = obs.eleven_back
        g.field = Field(
            classify(parse_move(obs.top))[0] if obs.top is not None else None,
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
        g.exchanges = [obs.exchange_step] if obs.exchange_step is not None else []
        g.phase = obs.phase
        return g

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
        g.field = self.field.copy()
        g.pile = list(self.pile)
        g.finished = list(self.finished)
        g.bottom = list(self.bottom)
        g.out = set(self.out)
        g.fouls = list(self.fouls)
        g.history = list(self.history)
        g.exchanges = list(self.exchanges)
        g.known = {s: {t: set(c) for t, c in d.items()} for s, d in self.known.items()}
        return g

    # ------------------------------------------------------------------ public state

    @property
    def current_player(self) -> int | None:
        return None if self.phase == Phase.OVER else self.turn

    @property
    def top(self) -> Play | None:
        return self.field.top

    @property
    def trick(self) -> tuple[tuple[int, Play], ...]:
        """The plays on the field since it was last cleared: (seat, play)."""
        return tuple(self.field.trick)

    @property
    def suit_lock(self) -> frozenset[Suit] | None:
        return self.field.suit_lock

    @property
    def number_lock(self) -> bool:
        return self.field.number_lock

    @property
    def last_player(self) -> int | None:
        return self.field.last_player

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
        place = [0] * self.num_players
        for i, seat in enumerate(self.finish_order):
            place[seat] = i + 1
        return tuple(place)

    def returns(self) -> tuple[float, ...]:
        """Once over, per seat: the number of players placed below it (its place turned into a
        number, higher is better): 1st of 4 gets 3.0, last 0.0. A 禁止あがり or 都落ち seat
        counts at the place it fell to."""
        return tuple(float(self.num_players - place) for place in self.places())

    @property
    def active(self) -> list[int]:
        return [s for s in range(self.num_players) if s not in self.out]

    def can_pass(self) -> bool:
        return self.phase == Phase.PLAY and self.field.top is not None

    def cards_accounted(self) -> int:
        return sum(len(h) for h in self.hands) + len(self.pile) + len(self.undealt)

    # ------------------------------------------------------------------ card passing

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

    def choosers(self) -> tuple[int, ...]:
        """During card passing, the givers who may choose now, at the same time: each pending
        step that no earlier pending step shares a seat with (the seed's table of ranks pairs
        大富豪 with 大貧民 and 富豪 with 貧民; within a pair the poor one gives first, the two
        pairs pass independently). Empty outside card passing."""
        if self.phase != Phase.EXCHANGE:
            return ()
        ready: list[int] = []
        busy: set[int] = set()
        for step in self.exchanges:
            if not {step.giver, step.receiver} & busy:
                ready.append(step.giver)
            busy |= {step.giver, step.receiver}
        return tuple(ready)

    def take_turn(self, seat: int) -> None:
        """`seat`, one of the `choosers`, gives next: its step moves to the front. The steps
        it moves past share no seat with it, so no hand comes out different."""
        if seat not in self.choosers():
            raise IllegalDaifugoMove("no_exchange")
        step = next(s for s in self.exchanges if s.giver == seat)
        self.exchanges.remove(step)
        self.exchanges.insert(0, step)
        self.turn = seat

    # ------------------------------------------------------------------ moves

    def legal_actions(self) -> list[Action]:
        """Every action the current player may take: gifts while passing cards, else the legal
        plays and (unless leading) Pass. Empty once the game is over."""
        if self.phase == Phase.EXCHANGE:
            return list(gifts(self))
        actions: list[Action] = list(self.legal_plays())
        if self.can_pass():
            actions.append(Pass())
        return actions

    def legal_plays(self) -> list[Play]:
        """The plays the current player may make (the Play actions of legal_actions)."""
        if self.phase != Phase.PLAY:
            return []
        hand = self.hands[self.turn]
        return [p for p in candidates(self, hand) if refusal_code(self, p) is None]

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
            readings = dict.fromkeys(canonical(self, p) for p in classify(parse_move(words)))
        except CardParseError as exc:
            raise UserError(f"'{text}': {exc}") from None
        return next((p for p in readings if self.why_illegal(p) is None), next(iter(readings)))

    def why_illegal(self, action: Action) -> IllegalDaifugoMove | None:
        """None when `action` is legal now, else the error `apply` would raise."""
        return why_illegal(self, action)

    def apply(self, action: Action) -> Applied:
        """Take `action` for the current player; anything not in legal_actions() raises
        IllegalDaifugoMove. Returns what it did (`Applied`: the announcements such as 革命 or
        8切り, the trick a play cleared, the cards a gift handed over)."""
        error = self.why_illegal(action)
        if error is not None:
            raise error
        seat = self.turn
        if isinstance(action, Give):
            step = self.exchanges[0]
            self._give(action.cards)
            return Applied(seat, action, gift=Gift(step.giver, step.receiver, action.cards))
        if isinstance(action, Pass):
            self._pass()
            return Applied(seat, action)
        before = Before.of(self, len(self.fouls), self._fallen())
        trick = tuple(self.field.trick)
        self._play(action)
        announced = events_of(before, self, len(self.fouls), action, self._fallen())
        cleared = (*trick, (seat, action)) if not self.field.trick else ()
        return Applied(seat, action, announced, cleared)

    def push(self, action: Action) -> None:
        """Take an action from legal_actions() without checking it again (CPU look-ahead)."""
        if isinstance(action, Pass):
            self._pass()
        elif isinstance(action, Give):
            self._give(action.cards)
        else:
            self._play(action)

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
        top = self.field.top
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
        f = self.field
        foul = not hand and self.would_foul(play)
        clear = self._lock(play)
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
            self._go_out(seat, foul)
        if self._check_over():
            return
        if clear:
            self._clear_field()
            self.turn = seat if seat not in self.out else self._next_active(seat)
        else:
            self.turn = self._next_active(seat)

    def _lock(self, play: Play) -> bool:
        """The locks `play` puts on the field (絵柄しばり, 階段しばり), in the order in force
        before it; True when it clears the field instead (the ♠3 on a lone joker)."""
        f = self.field
        top = f.top
        if top is None:
            return False
        if top.lone_joker:
            return True  # only the ♠3 gets here (スペ3返し)
        if play.lone_joker:
            return False
        if self.rules.suit_lock and f.suit_lock is None and play.suits == top.suits:
            f.suit_lock = play.suits
        if self.rules.number_lock and not f.number_lock:
            rev = self.reversed
            if play.key(rev) == top.key(rev) + (-1 if rev else 1):
                f.number_lock = True
        return False

    def _fallen(self) -> int:
        """Seats at the bottom by 都落ち (the bottom holds the 禁止あがり too)."""
        return len(self.bottom) - len(self.fouls)

    def _go_out(self, seat: int, foul: bool) -> None:
        """`seat` has played its last card: a place, or the bottom for a 禁止あがり; the first
        one out (not by a foul) sends the 大富豪 down with 都落ち."""
        self.out.add(seat)
        if foul:
            self.fouls.append(seat)
            self.bottom.append(seat)
            return
        self.finished.append(seat)
        if self.rules.miyako_ochi and len(self.finished) == 1:
            for s, title in enumerate(self.ranks):
                if title == Title.DAIFUGO and s != seat and s not in self.out:
                    self.out.add(s)
                    self.bottom.append(s)

    def _pass(self) -> None:
        seat = self.turn
        self.field.passed.add(seat)
        self.history.append((seat, None))
        last = self.field.last_player
        waiting = [s for s in self.active if s != last and s not in self.field.passed]
        assert last is not None  # a pass needs a play on the field (the leader cannot pass)
        if not waiting:
            self._clear_field()
            self.turn = last if last not in self.out else self._next_active(last)
        else:
            self.turn = self._next_active(seat)

    def _clear_field(self) -> None:
        self.field = Field()
        self.eleven_back = False

    def _next_active(self, seat: int) -> int:
        for step in range(1, self.num_players + 1):
            s = (seat + step) % self.num_players
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

    def observation(self, seat: int, shared: dict[str, object] | None = None) -> Observation:
        """What `seat` may know now. `shared`: a dict the caller keeps for one unchanged
        position (the phones' hub: one step's views), where the public part is made once
        and the same objects go into every seat's observation."""
        public = None if shared is None else shared.get("observation")
        if not isinstance(public, dict):
            public = self._public_observation()
            if shared is not None:
                shared["observation"] = public
        return Observation(
            seat=seat,
            hand=tuple(str(c) for c in self.hands[seat]),
            known=tuple(
                (t, tuple(str(c) for c in self.hands[t] if c in cards))
                for t, cards in sorted(self.known[seat].items())
            ),
            **public,
        )

    def public_observation(self, shared: dict[str, object] | None = None) -> Observation:
        """The observation with no hand and nothing known (seat -1): what a spectator sees."""
        public = None if shared is None else shared.get("observation")
        if not isinstance(public, dict):
            public = self._public_observation()
            if shared is not None:
                shared["observation"] = public
        return Observation(seat=-1, hand=(), known=(), **public)

    def _public_observation(self) -> dict[str, Any]:
        """Every field of an observation that is the same for every seat."""
        f = self.field
        return {
            "num_players": self.num_players,
            "rules": self.rules,
            "hand_sizes": tuple(len(h) for h in self.hands),
            "phase": self.phase,
            "current_player": self.current_player,
            "top": f.top.codes if f.top else None,
            "top_player": f.last_player,
            "trick": tuple((s, p.codes) for s, p in f.trick),
            "pile": tuple(str(c) for c in self.pile),
            "revolution": self.revolution,
            "eleven_back": self.eleven_back,
            "suit_lock": tuple(s.value for s in SUIT_ORDER if s in f.suit_lock)
            if f.suit_lock
            else None,
            "number_lock": f.number_lock,
            "passed": tuple(sorted(f.passed)),
            "finished": tuple(self.finished),
            "bottom": tuple(self.bottom),
            "out": tuple(sorted(self.out)),
            "ranks": self.ranks,
            "undealt": len(self.undealt),
            "exchange_step": self.exchange_step,
            "last_player": f.last_player,
        }


def sort_key(card: AnyCard) -> tuple[int, int]:
    """Hand order: weakest first (3 ... 2, joker), suits ♠♥♦♣."""
    return (card_strength(card), -1 if card.is_joker else SUIT_ORDER.index(card.suit))
