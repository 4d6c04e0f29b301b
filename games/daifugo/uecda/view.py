"""What one client knows of a game, rebuilt from the tables the server sends, and the engine
Observation our CPUs read. Players are the server's numbers; engine seats are positions in the
seat order ([6][10..14]), so the engine's clockwise order is the server's."""

from __future__ import annotations

from dataclasses import dataclass, field

from eventkit.tomlconf import refused
from games.common.cards import JOKER, AnyCard
from games.daifugo.game import sort_key
from games.daifugo.plays import SUIT_ORDER, Play
from games.daifugo.ruleset import Rules, Title
from games.daifugo.settings import TEXTS
from games.daifugo.state import ExchangeStep, Observation, Phase
from games.daifugo.uecda.protocol import (
    ProtocolError,
    Status,
    Table,
    field_from_table,
    freeze,
    hand_from_table,
)


def titles(ranks: tuple[int, ...]) -> tuple[Title, ...]:
    """Titles per player from [6][5..9]; a game without ranks (all equal) is everyone 平民."""
    if len(set(ranks)) == 1:
        return (Title.HEIMIN,) * len(ranks)
    return tuple(Title(r) for r in ranks)


def _cards_rows(t: Table) -> Table:
    return freeze([list(t[r]) if r < 5 else [0] * 15 for r in range(8)])


_EMPTY = freeze([[0] * 15 for _ in range(8)])


@dataclass
class GameView:
    me: int
    seats: tuple[int, ...]
    ranks: tuple[Title, ...]
    rules: Rules
    hand: list[AnyCard] = field(default_factory=list)
    counts: tuple[int, ...] = (0, 0, 0, 0, 0)
    top: Play | None = None
    top_player: int | None = None
    field_cells: Table | None = None
    field_size: int = 0  # cards on the field as the contest counts them (a set of 5 exists)
    trick: list[tuple[int, Play]] = field(default_factory=list)
    passed: set[int] = field(default_factory=set)
    pile: list[AnyCard] = field(default_factory=list)
    finished: list[int] = field(default_factory=list)
    revolution: bool = False
    eleven_back: bool = False
    suit_locked: bool = False
    dealt: list[AnyCard] = field(default_factory=list)
    known: dict[int, set[AnyCard]] = field(default_factory=dict)  # player -> cards I know they got

    @classmethod
    def start(cls, me: int, table: Table, status: Status, rules: Rules) -> GameView:
        view = cls(me, status.seats, titles(status.ranks), rules)
        view.hand = sorted(hand_from_table(table), key=sort_key)
        view.dealt = list(view.hand)
        view.counts = status.counts
        return view

    def seat(self, player: int) -> int:
        return self.seats.index(player)

    def partner(self) -> int | None:
        """The player I trade with in the exchange (None for 平民 or a game without ranks)."""
        mine = self.ranks[self.me]
        pairs = {
            Title.DAIFUGO: Title.DAIHINMIN,
            Title.DAIHINMIN: Title.DAIFUGO,
            Title.FUGO: Title.HINMIN,
            Title.HINMIN: Title.FUGO,
        }
        if mine not in pairs:
            return None
        return self.ranks.index(pairs[mine])

    def gave(self, cards: list[AnyCard]) -> None:
        partner = self.partner()
        if partner is not None:
            self.known.setdefault(partner, set()).update(cards)

    # ------------------------------------------------------------------ tables

    def on_hand(self, table: Table, status: Status) -> None:
        """A hand table (sent before every turn)."""
        self.hand = sorted(hand_from_table(table), key=sort_key)
        if self.dealt:  # the first hand table of the game's play
            # a poor player sees the exchange only now: what left my hand went to my partner
            lost = [c for c in self.dealt if c not in self.hand]
            if lost and self.ranks[self.me] in (Title.HINMIN, Title.DAIHINMIN):
                self.gave(lost)
            self.dealt = []
        self.counts = status.counts
        self.revolution, self.eleven_back = status.revolution, status.eleven_back
        self.suit_locked = status.suit_lock
        if status.field_empty:
            self.top, self.top_player, self.field_cells = None, None, None
            self.trick, self.passed, self.field_size = [], set(), 0

    def on_field(self, table: Table, status: Status) -> None:
        """The field table after a turn: the same cards as before = a pass."""
        actor = status.player
        if not 0 <= actor <= 4:
            raise refused(TEXTS, "v_actor", ProtocolError, actor=actor)
        cells = _cards_rows(table)
        before = self.field_cells if self.field_cells is not None else _EMPTY
        if cells == before:
            self.passed.add(actor)
        else:
            play, size = field_from_table(table)
            if play is None:  # the field was emptied by this turn's table: a pass after a clear
                self.passed.add(actor)
            else:
                self.pile.extend(play.cards)
                if size > play.size:  # a set of five: the joker is on the field too
                    self.pile.append(JOKER)
                self.field_size = size
                self.top, self.top_player, self.field_cells = play, actor, cells
                self.trick.append((actor, play))
                self.passed = set()
        self.counts = status.counts
        self.revolution, self.eleven_back = status.revolution, status.eleven_back
        self.suit_locked = status.suit_lock
        for p in range(5):
            if self.counts[p] == 0 and p not in self.finished:
                self.finished.append(p)

    def places(self) -> list[int]:
        """Players from first to last (once the game is over: the one left holding cards last)."""
        rest = [p for p in range(len(self.counts)) if p not in self.finished]
        return self.finished + rest

    # ------------------------------------------------------------------ observation

    def observation(self, step: ExchangeStep | None = None) -> Observation:
        s = self.seat
        n = len(self.seats)
        by_seat = list(self.seats)
        top = self.top
        lock = None
        if self.suit_locked and top is not None:
            lock = tuple(x.value for x in SUIT_ORDER if x in top.suits)
        pile = set(self.pile)
        known = tuple(
            (s(p), tuple(str(c) for c in cards if c not in pile))
            for p, cards in sorted(self.known.items(), key=lambda kv: s(kv[0]))
        )
        finished = tuple(s(p) for p in self.finished)
        return Observation(
            seat=s(self.me),
            num_players=n,
            rules=self.rules,
            hand=tuple(str(c) for c in self.hand),
            hand_sizes=tuple(self.counts[p] for p in by_seat),
            phase=Phase.EXCHANGE if step is not None else Phase.PLAY,
            current_player=s(self.me),
            top=top.codes if top is not None else None,
            top_player=s(self.top_player) if self.top_player is not None else None,
            trick=tuple((s(p), play.codes) for p, play in self.trick),
            pile=tuple(str(c) for c in self.pile),
            revolution=self.revolution,
            eleven_back=self.eleven_back,
            suit_lock=lock,
            number_lock=False,
            passed=tuple(sorted(s(p) for p in self.passed)),
            finished=finished,
            bottom=(),
            out=tuple(sorted(finished)),
            ranks=tuple(self.ranks[p] for p in by_seat),
            undealt=0,
            known=known,
            exchange_step=step,
            last_player=s(self.top_player) if self.top_player is not None else None,
        )
