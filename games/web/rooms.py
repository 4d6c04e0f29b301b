"""One room: its table, who sits where, who watches, the host, the turn timer, leaving.

No sockets, no journal and no clock of its own: the hub (games.web.hub) calls these in the
order journal -> room -> messages, and passes the time in. The table is driven through
`games.web.tables` (TableProtocol and the few things it leaves open).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from games.common import registry
from games.common.money import Bank
from games.common.table import TableProtocol
from games.web import tables
from games.web.messages import LastAction, Results
from games.web.tables import RoomSpec
from games.web.texts import refusal, texts

LEVELS = ("easy", "normal", "strong")


@dataclass
class Work:
    """What the room needs next that no person does: a CPU's move for `seat` (``timer``: a
    person's turn ran out), or the table's own step (``advance``)."""

    kind: str  # "cpu", "timer", "forced" (a person's step with no choice), "advance"
    step: int
    seat: int | None = None


@dataclass
class Room:
    """A room of the evening and the table it plays."""

    spec: RoomSpec
    table: TableProtocol
    language: str
    owner: str = ""  # the chip bank's owner id of this room's games (a game with money)
    bank: Bank | None = None  # the room's chips (a game with money: games.common.money)
    cpu_level: str = "normal"
    rules: str | None = None  # the rule set its games play (spec.rules, or the host's choice)
    seats: list[str | None] = field(default_factory=list)
    spectators: set[str] = field(default_factory=set)
    sat_order: list[str] = field(default_factory=list)  # who sat first hosts
    game_no: int = 0
    step: int = 0
    left: dict[int, tuple[str, int]] = field(default_factory=dict)  # this game: seat -> who, paid
    seen: set[int] = field(default_factory=set)  # seats whose person had a phone this game
    # the turn timer, one per person choosing now (several at once in Daifugō's card
    # passing): seat -> when its turn runs out; a seat's turn ends when it acts or no longer
    # chooses, and the next gets a new one
    turns: dict[int, float] = field(default_factory=dict)
    timed_out: set[int] = field(default_factory=set)  # seats whose turn ran out: a CPU's choice
    last: LastAction | None = None  # the last action: seat and its public text
    results: Results | None = None  # the last game's results message
    ended: bool = True  # the last game's end was taken (results, chips, absent seats)
    peeks: dict[str, int] = field(default_factory=dict)  # name -> seat it looks at
    played_names: list[str] = field(default_factory=list)  # the names of the last game dealt
    # seated people with no phone connected: name -> when the hold of their seat ends (the
    # seat is freed then, between games; games.web.holds)
    away: dict[str, float] = field(default_factory=dict)
    topped_up: dict[int, int] = field(default_factory=dict)  # the last deal: seat -> balance
    peek_mode: str = "live"  # who may look at a hand (games_web.peek; games.web.messages)

    def __post_init__(self) -> None:
        if not self.seats:
            self.seats = [None] * self.spec.seats

    # -- who is where ---------------------------------------------------------------------

    @property
    def in_game(self) -> bool:
        return self.table.in_game

    @property
    def host(self) -> str | None:
        """Who may start: the person who sat first among those with a phone connected (the
        role passes on when the host's phone goes; the first seated when nobody's is)."""
        seated = [name for name in self.sat_order if name in set(self.seated_names())]
        here = [name for name in seated if name not in self.away]
        first = here or seated
        return first[0] if first else None

    def seated_names(self) -> list[str]:
        return [name for name in self.seats if name is not None]

    def seat_of(self, name: str) -> int | None:
        return next((s for s, n in enumerate(self.seats) if n == name), None)

    def people(self) -> frozenset[int]:
        return frozenset(s for s, name in enumerate(self.seats) if name is not None)

    def out(self) -> frozenset[int]:
        return frozenset(self.table.out) if self.in_game else frozenset()

    def cpu_name(self, seat: int) -> str:
        return str(texts(self.language)("cpu", n=seat + 1))

    def names(self) -> list[str]:
        """The names the table plays with: people's, and "CPU n" in the other seats."""
        return [name or self.cpu_name(s) for s, name in enumerate(self.seats)]

    def accounts(self) -> list[str]:
        """Whose chips each seat plays with: a person's name; a CPU seat's own, kept per room
        (a "CPU 4" never shares a balance with another room's)."""
        return [name or f"{self.cpu_name(s)} @{self.spec.id}" for s, name in enumerate(self.seats)]

    def sit(self, name: str, seat: int | None) -> int:
        """`name` takes `seat` (a free one when None) before a game."""
        if self.in_game:
            raise refusal(self.language, "room_playing")
        if seat is None:
            free = [s for s, n in enumerate(self.seats) if n is None]
            if not free:
                raise refusal(self.language, "room_full")
            seat = free[0]
        if not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise refusal(self.language, "no_such_seat", seat=seat, last=len(self.seats) - 1)
        if self.seats[seat] not in (None, name):
            raise refusal(self.language, "seat_taken")
        old = self.seat_of(name)
        if old is not None:
            self.seats[old] = None
        self.seats[seat] = name
        self.spectators.discard(name)
        if name not in self.sat_order:
            self.sat_order.append(name)
        return seat

    def set_rules(self, rules: str | None) -> None:
        """The rule set its games play from the next one on (between games)."""
        tables.set_rules(self.table, rules)
        self.rules = rules

    def stand(self, name: str) -> int | None:
        """`name` leaves its seat (the game's side of leaving is `leave_game`)."""
        seat = self.seat_of(name)
        if seat is not None:
            self.seats[seat] = None
        if name in self.sat_order:
            self.sat_order.remove(name)
        self.spectators.discard(name)
        self.peeks.pop(name, None)
        self.away.pop(name, None)
        return seat

    def leave_game(self, seat: int) -> int:
        """The person at `seat` leaves the game that runs: the penalty the table charged, a
        CPU plays the seat from now on (no change when no game runs)."""
        if not self.in_game:
            return 0
        name = self.seats[seat] or self.played_names[seat]
        penalty = tables.leave(self.table, seat)
        self.left[seat] = (name, penalty)
        self.step += 1
        return penalty

    # -- seats held for a person whose phone went away ----------------------------------

    def hold(self, name: str, until: float) -> None:
        """`name` sits with no phone connected: the seat is theirs until `until`."""
        if self.seat_of(name) is not None:
            self.away[name] = until

    def back(self, name: str) -> bool:
        """`name`'s phone is back: no hold (True when there was one)."""
        return self.away.pop(name, None) is not None

    def rehold(self, until: float) -> None:
        """Every hold ends at `until` now (a game's end, a restart: each gets the full time)."""
        self.away = {name: until for name in self.away if self.seat_of(name) is not None}

    def holds_over(self, now: float) -> list[str]:
        """The people whose hold has ended, between games only (during a game a CPU plays
        their seat and the hold starts again at its end)."""
        if self.in_game:
            return []
        return [name for name, until in self.away.items() if now >= until]

    def hold_left(self, name: str | None, now: float) -> float | None:
        until = self.away.get(name) if name is not None else None
        if until is None:
            return None
        return max(0.0, round(until - now, 1))

    # -- a game ---------------------------------------------------------------------------

    def check_start(self, name: str | None) -> None:
        """Refuse starting unless `name` hosts (None: the laptop) and someone sits."""
        if self.in_game:
            raise refusal(self.language, "room_playing")
        if not self.seated_names():
            raise refusal(self.language, "nobody_seated")
        if name is not None and name != self.host:
            raise refusal(self.language, "not_host", host=self.host or "")

    def start(self, connected: set[str]) -> None:
        """Seat the people and CPUs at the table and deal (fees where the game has money)."""
        self.played_names = self.names()
        if registry.entry(self.spec.game).money:  # chips belong to the names
            tables.set_names(self.table, self.played_names, self.accounts())
        tables.set_cpu_level(self.table, self.cpu_level)
        self.table.seat_people(set(self.people()))
        started = self.table.start_game()
        self.topped_up = dict(getattr(started, "topped_up", None) or {})
        self.game_no += 1
        self.step = 0
        self.left = {}
        self.last = None
        self.results = None
        self.ended = False
        self.seen = {s for s, name in enumerate(self.seats) if name in connected}
        self.peeks = {n: s for n, s in self.peeks.items() if n in self.spectators}
        self.turns = {}
        self.timed_out = set()

    def apply(self, seat: int, action: str, value: object = None, by: str = "person") -> None:
        """`seat` takes `action` (checked before: it is legal); `value`: the table's reading
        of it (`checked`), so its text is read once (None: read here, the journal's replay).
        `by`: who took it, as the journal says ("person", "cpu", "timer": a CPU for a person
        whose turn ran out, the phone tells that person what was played for them; "forced": a
        person's step with no choice, taken at once)."""
        taken = action if value is None else value
        result = self.table.act(seat, taken)  # a CPU's seat too (a worker's choice, the replay)
        self.step += 1
        self.turns.pop(seat, None)  # its turn is over (it may get a new one)
        self.timed_out.discard(seat)
        shown = tables.public_text(self.table, result, action)
        events = tables.event_texts(self.table, result, self.language)
        self.last = {"seat": seat, "action": shown, "events": events, "by": by}

    def advance(self) -> bool:
        moved = self.table.advance()
        if moved:
            self.step += 1
            self.last = None
        return moved

    def to_move(self) -> int | None:
        return self.table.to_move if self.in_game else None

    def person_to_move(self) -> int | None:
        """The first person choosing now (see `choosing`), None when no person is awaited."""
        choosing = self.choosing()
        return choosing[0] if choosing else None

    def choosers(self) -> tuple[int, ...]:
        """The seats that may act now, people's and CPUs' (`tables.choosers`: Daifugō's 大富豪
        and 富豪 choose their card passing at the same time; otherwise the seat to move)."""
        return tables.choosers(self.table) if self.in_game else ()

    def choosing(self) -> tuple[int, ...]:
        """The people's seats that may act now, each on its own turn timer."""
        people = self.table.people
        return tuple(seat for seat in self.choosers() if seat in people)

    def work(self) -> Work | None:
        """What the room needs next without a person, or None (waiting for people, or no
        game): a person's step with no choice first (at once), then a CPU's move, then a
        turn that ran out."""
        if not self.in_game:
            return None
        if self.table.to_move is None:
            return Work("advance", self.step)
        seats = self.choosers()
        people = self.table.people
        for seat in seats:
            if seat in people and tables.forced_action(self.table, seat) is not None:
                return Work("forced", self.step, seat)
        for seat in seats:
            if seat not in people:
                return Work("cpu", self.step, seat)
        for seat in seats:
            if seat in self.timed_out:
                return Work("timer", self.step, seat)
        return None

    # -- the turn timer -------------------------------------------------------------------

    def arm_timer(self, now: float, seconds: float) -> None:
        """Each person choosing now gets their turn's deadline once (it runs until they act
        or no longer choose); the others' are dropped."""
        choosing = set(self.choosing()) if seconds > 0 else set()
        self.turns = {seat: at for seat, at in self.turns.items() if seat in choosing}
        self.timed_out &= choosing
        for seat in sorted(choosing - set(self.turns)):
            self.turns[seat] = now + seconds

    def expire(self, now: float) -> bool:
        """True when a person's turn ran out just now (a CPU moves for them)."""
        choosing = set(self.choosing())
        ran_out = [seat for seat, at in self.turns.items() if now >= at and seat in choosing]
        for seat in ran_out:
            del self.turns[seat]
            self.timed_out.add(seat)
        return bool(ran_out)

    def seconds_left(
        self, now: float, seat: int | None = None, choosing: tuple[int, ...] | None = None
    ) -> float | None:
        """Seconds left on `seat`'s turn while it chooses, else on the first person's
        choosing now (what the others' phones show); None when no turn timer runs.
        `choosing`: the room's `choosing()` now, when the caller has it (one step's)."""
        if not self.turns:  # no turn timer runs (turn_seconds 0, or nobody's turn)
            return None
        if choosing is None:
            choosing = self.choosing()
        if seat not in choosing:
            seat = next((s for s in choosing if s in self.turns), None)
        at = self.turns.get(seat) if seat is not None else None
        return None if at is None else max(0.0, round(at - now, 1))

    # -- the end of a game ----------------------------------------------------------------

    def finished(self) -> bool:
        """The game has ended and its results are not yet taken."""
        return self.game_no > 0 and not self.in_game and not self.ended

    def absent_seats(self) -> list[int]:
        """Seats whose person had no phone connected during the whole game just played."""
        return [
            s
            for s, name in enumerate(self.seats)
            if name is not None and s not in self.seen and s not in self.left
        ]


class Rooms(dict[str, Room]):
    """The hub's rooms part: the evening's rooms by id (in the configured order), where each
    person sits or watches, and the rooms' labels. The rooms themselves are made by the
    restore (games.web.restore), which fills this mapping."""

    def __init__(self, specs: Sequence[RoomSpec], language: str) -> None:
        super().__init__()
        self.specs = tuple(specs)
        for spec in self.specs:
            spec.check()
        if len({s.id for s in self.specs}) != len(self.specs):
            raise ValueError("two rooms have the same id: give each room its own")
        self.language = language
        self.where: dict[str, str] = {}  # player name -> the room they sit or watch in

    def find(self, room_id: object) -> Room:
        """The room `room_id` names, or the refusal ``unknown_room``."""
        room = self.get(room_id) if isinstance(room_id, str) else None
        if room is None:
            raise refusal(self.language, "unknown_room", room=room_id)
        return room

    def of(self, name: str) -> Room | None:
        """The room `name` sits or watches in."""
        room_id = self.where.get(name)
        return self.get(room_id) if room_id is not None else None

    def not_seated_elsewhere(self, name: str, room_id: str | None) -> None:
        """Refused ``elsewhere`` when `name` sits in a room other than `room_id`."""
        current = self.of(name)
        if current is not None and current.spec.id != room_id and current.seat_of(name) is not None:
            raise refusal(self.language, "elsewhere", room=self.labels()[current.spec.id])

    def labels(self) -> dict[str, str]:
        """Each room's label in the hub's language (its game's entry numbers its rooms)."""
        labels = {}
        counts: dict[str, int] = {}
        for spec in self.specs:
            counts[spec.game] = counts.get(spec.game, 0) + 1
            game = registry.entry(spec.game)
            labels[spec.id] = game.room_label(spec.stake, counts[spec.game], self.language)
        return labels
