"""The one table session every game's table follows, without Qt.

A table runs games in a row at a number of seats. Any seat can be a person (a Qt window's
player, a phone) and the others are CPUs; the table never assumes that seat 0 is the only
person. A Qt window, a web server and a test all drive it the same way:

    table = TableSession(players=4, people={0, 2}, language="en")  # games.<game>.table
    table.start_game()
    while table.in_game:
        if table.cpu_due:
            table.step_cpu()                 # or cpu_choice() + act() when animating
        elif table.to_move is None:
            table.advance()                  # the table's own step (Schwimmen's next round)
        else:
            seat = table.to_move
            table.act(seat, table.legal_actions(seat)[0])   # or an action's text
    table.results()

``act`` refuses with ``Refused``: a reason ``code`` and ``params`` (the engine's
``IllegalMove``, or ``not_your_turn`` / ``not_a_person`` / ``no_game`` from the table) and its
``text`` in the table's language. ``view(seat)`` is what that seat may see, for painting or a
web client (``games.common.protocol.to_json``); ``view(None)`` is the public table.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar, cast, runtime_checkable

from eventkit.errors import UserError
from games.common.protocol import GameInfo, GameProtocol, IllegalMove

__all__ = [
    "TABLE_REFUSALS",
    "CheckedTable",
    "Cpu",
    "MoneyTable",
    "Refused",
    "Results",
    "SharedTable",
    "TableProtocol",
    "cpu_levels_by_seat",
    "refused",
    "seat_levels",
    "seat_list",
    "seat_refusal",
]

# the refusals a table adds to its engine's, in every language the toolkit speaks
TABLE_REFUSALS: Mapping[str, Mapping[str, str]] = {
    "ja": {
        "not_your_turn": "あなたの番ではありません",
        "not_a_person": "この席はCPUです",
        "no_game": "ゲームが始まっていません",
    },
    "en": {
        "not_your_turn": "It is not your turn",
        "not_a_person": "This seat is played by a CPU",
        "no_game": "No game is being played",
    },
}


class Refused(UserError):
    """A person's action the table will not take: why (``code``, ``params``) and the text
    to show them (``text``, in the table's language)."""

    def __init__(self, code: str, params: Mapping[str, object], text: str) -> None:
        self.code = code
        self.params = dict(params)
        self.text = text
        super().__init__(text)


def refused(
    error: IllegalMove | str,
    templates: Mapping[str, str],
    language: str,
) -> Refused:
    """A `Refused` from an engine's `IllegalMove` (or a table code), its text from
    `templates` (code -> template, the table's own language) or `TABLE_REFUSALS`."""
    if isinstance(error, str):
        code, params = error, {}
    else:
        code, params = error.code, dict(error.params)
    table = TABLE_REFUSALS.get(language, TABLE_REFUSALS["ja"])
    template = templates.get(code) or table.get(code)
    text = template.format(**params) if template else str(error)
    return Refused(code, params, text)


@dataclass(frozen=True)
class Results:
    """One finished game at a table.

    ``returns``: the engine's ``returns()``, one number per seat, higher is better.
    ``places``: 1 for the winner, per seat (None for a seat that has no place, e.g. one out
    of Schwimmen before the end). ``money``: what each seat won or lost this game in the
    table's money (Daifugō's chips), or None for a game without money. ``balances``: each
    seat's balance after it, or None.
    """

    returns: tuple[float, ...]
    places: tuple[int | None, ...]
    money: tuple[int, ...] | None = None
    balances: tuple[int, ...] | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)


@runtime_checkable
class TableProtocol(Protocol):
    """What a Qt window, the games' web server, the CPUs' pacing and the generic table test
    rely on. Actions are the engine's values; ``act`` also takes an action's text."""

    info: GameInfo
    language: str

    @property
    def num_players(self) -> int: ...

    @property
    def names(self) -> Sequence[str]: ...

    @property
    def people(self) -> frozenset[int]: ...

    def seat_people(self, seats: frozenset[int] | set[int]) -> None:
        """Which seats are people from now on (the rest CPUs); allowed between games and,
        for a seat whose person left or came back, during one."""
        ...

    def start_game(self) -> object:
        """Deal the next game (fees where the game has money). Returns what starting did."""
        ...

    @property
    def in_game(self) -> bool:
        """A game is dealt and not finished."""
        ...

    @property
    def to_move(self) -> int | None:
        """The seat whose action is awaited, person or CPU; None when nobody's is (between
        rounds, no game, the game over)."""
        ...

    @property
    def cpu_due(self) -> bool:
        """The seat to move is a CPU's."""
        ...

    def legal_actions(self, seat: int) -> Sequence[object]:
        """What `seat` may do now; empty when it is not that seat's turn."""
        ...

    def refusal(self, seat: int, action: object) -> Refused | None:
        """Why `seat` may not take `action` now, None when it may (nothing changes)."""
        ...

    def checked(self, seat: int, action: object) -> object:
        """`action` (or its text, read once) as the engine's value if `seat` may take it now;
        else raises ``Refused`` (nothing changes). `act` takes the value as it is."""
        ...

    def act(self, seat: int, action: object) -> object:
        """The seat to move takes `action` (an action or its text): the engine's event, or
        ``Refused``. A due CPU's seat takes any legal action too (a choice computed in a
        worker from a copy, or the journal's replay)."""
        ...

    def cpu_choice(self) -> tuple[int, object] | None:
        """(seat, action) the due CPU chooses, not yet taken; None when no CPU is due."""
        ...

    def cpu_choice_at(self, seat: int) -> object:
        """The action `seat`'s CPU (at the seat's level) would take now, for the seat to move
        (a CPU's, or a person's whose time ran out), chosen on a clone of the game's state by
        a copy of the CPU: nothing at the table changes (no seat, rule or random state).
        ValueError when `seat` is not to move."""
        ...

    def step_cpu(self) -> tuple[int, object] | None:
        """The due CPU moves: ``cpu_choice()`` then ``act()``; None when no CPU is due."""
        ...

    def advance(self) -> bool:
        """The table's own step while a game runs and nobody is to move (Schwimmen's next
        round), taken when the view has shown what came before; False when there is none."""
        ...

    def results(self) -> Results | None:
        """The last finished game's results; None before the first ends and during one."""
        ...

    def view(self, seat: int | None) -> object:
        """What `seat` may see now, for painting or a web client (to_json); None: the
        public table a spectator sees. Never another seat's hidden cards."""
        ...

    @property
    def out(self) -> frozenset[int]:
        """Seats no longer in this game (gone out, fallen, swum): they only watch, and may
        see other hands, as spectators do."""
        ...

    def rules_lines(self) -> list[str]:
        """The 「ルール」 panel's lines in the table's language."""
        ...


@runtime_checkable
class SharedTable(TableProtocol, Protocol):
    """A table several people share (Daifugō, Schwimmen): people come and go between games."""

    def rename(self, seat: int, name: str) -> None:
        """`seat` is `name`'s from the next game (a person took a seat a CPU or another had)."""
        ...

    def set_cpu_level(self, level: str) -> None:
        """Every CPU plays at `level` from the next game; ValueError for an unknown level."""
        ...


@runtime_checkable
class MoneyTable(SharedTable, Protocol):
    """A table with money (Daifugō's chips): leaving mid-game costs, stopping refunds."""

    def leave(self, seat: int) -> int:
        """The person at `seat` leaves: the penalty charged (0 between games or once out);
        a CPU plays the seat on."""
        ...

    def interrupt(self) -> bool:
        """The program stops mid-game: the game is dropped and its fees go back."""
        ...

    bank: Any
    """The table's chip bank (a `games.common.money.Bank`; None while pickled: the journal's
    snapshot and a CPU worker's copy carry none)."""

    open_game: str | None
    """The bank's id of the game whose fees are in, None between games."""

    def set_accounts(self, accounts: Sequence[str] | None) -> None:
        """Whose chips each seat plays with from the next game (None: the seats' names)."""
        ...


A = TypeVar("A")  # a game's action
E = TypeVar("E")  # what taking one returns (the engine's event)
A_co = TypeVar("A_co", covariant=True)


class Cpu(Protocol[A_co]):
    """Every CPU player: it sees one seat's observation and the legal actions."""

    def choose(self, observation: Any, legal: Sequence[Any]) -> A_co: ...


class CheckedTable(Generic[A, E]):
    """Check-then-act, written once for every game's table: `refusal` and `act` read an
    action's text once (the engine's ``parse_action``) and check in the same order, with the
    same codes, at every table:

    1. no game dealt: ``no_game``; then the table's own `_not_now` (a finished Daifugō game:
       ``no_game``; Schwimmen between rounds; a finished COOL game: the engine's code);
    2. a seat that is not to move: ``not_a_person`` for a CPU's seat, ``not_your_turn`` for a
       person's (or a seat the table does not have);
    3. the text, read once: the engine's ``IllegalMove``, or `_unreadable` for text it cannot
       read; an action value is passed on as it is (``why_illegal`` names a wrong one);
    4. the table's `_why_not` (the engine's ``why_illegal``).

    A due CPU's seat passes 2: its choice is computed elsewhere (a worker process from a copy,
    the journal's replay). A subclass gives `_engine`, `_refuse` (a refusal's text in the
    table's language), `_unreadable` and `_take` (apply a checked action, and the table's own
    bookkeeping), and has the TableProtocol's ``to_move``, ``people`` and ``num_players``.
    """

    @property
    def to_move(self) -> int | None:
        raise NotImplementedError

    @property
    def people(self) -> frozenset[int]:
        raise NotImplementedError

    @property
    def num_players(self) -> int:
        raise NotImplementedError

    def _engine(self) -> GameProtocol[A, object] | None:
        """The game in play (None before the first deal)."""
        raise NotImplementedError

    def _refuse(self, error: IllegalMove | str) -> Refused:
        """`error` (the engine's, or a table code) with its text in the table's language."""
        raise NotImplementedError

    def _unreadable(self, text: str) -> IllegalMove:
        """The engine's error for a text that is no action."""
        raise NotImplementedError

    def _take(self, seat: int, action: A) -> E:
        """Apply a checked action: the engine's event."""
        raise NotImplementedError

    def _cpu_for(self, seat: int) -> Cpu[A]:
        """The CPU that plays `seat` now (the table's own: `cpu_choice_at` asks a copy)."""
        raise NotImplementedError

    def cpu_choice_at(self, seat: int) -> A:
        """The action `seat`'s CPU would take now (TableProtocol): on a clone of the game, by a
        deep copy of the CPU, so the table, its people, its rules and its CPUs' random state
        are as before (as a CPU worker's choice on a pickled copy of the table)."""
        game = self._engine()
        if game is None or seat != self.to_move:
            raise ValueError(f"no CPU move for seat {seat} (to move: {self.to_move})")
        state = game.clone()
        cpu = copy.deepcopy(self._cpu_for(seat))
        return cpu.choose(state.observation(seat), state.legal_actions())

    def _not_now(self) -> IllegalMove | str | None:
        """Why no seat may act now though a game is dealt (None: the game runs)."""
        return None

    def _why_not(self, action: A) -> IllegalMove | None:
        game = self._engine()
        assert game is not None
        return game.why_illegal(action)

    def checked(self, seat: int, action: object) -> A:
        """`action` (an action or its text) checked for `seat` now and read once: the
        engine's value, or `Refused` (code, params, text in the table's language)."""
        game = self._engine()
        why: IllegalMove | str | None = "no_game" if game is None else self._not_now()
        if why is not None:
            raise self._refuse(why)
        assert game is not None
        if seat != self.to_move:
            raise self._refuse(seat_refusal(seat, self.people, self.num_players))
        if isinstance(action, str):
            try:
                value = game.parse_action(action)
            except IllegalMove as error:
                raise self._refuse(error) from None
            except UserError:
                raise self._refuse(self._unreadable(action)) from None
        else:
            value = cast(A, action)  # a value of another kind: why_illegal names it
        why = self._why_not(value)
        if why is not None:
            raise self._refuse(why)
        return value

    def refusal(self, seat: int, action: object) -> Refused | None:
        """Why `seat` may not take `action` (an action or its text) now; None when it may."""
        try:
            self.checked(seat, action)
        except Refused as error:
            return error
        return None

    def act(self, seat: int, action: object) -> E:
        """The seat to move (a person's, or the due CPU's) takes `action` or its text: the
        engine's event, or `Refused`."""
        return self._take(seat, self.checked(seat, action))


def seat_refusal(seat: int, people: frozenset[int], players: int) -> str:
    """The code for a seat that is not to move, the same at every table: a CPU's seat is
    ``not_a_person``; a person's seat, or one the table does not have, ``not_your_turn``."""
    if 0 <= seat < players and seat not in people:
        return "not_a_person"
    return "not_your_turn"


def seat_levels(
    cpu_levels: Sequence[str], players: int, known: Sequence[str] | None = None
) -> tuple[str, ...]:
    """A table's ``cpu_levels`` as one level per seat: seat s's CPU plays ``cpu_levels[s]``
    (a person's seat too: its CPU takes over if the person leaves); a shorter list repeats its
    last level, so one value is every seat's. A clear ValueError for no level, more levels
    than seats, or a level not in `known`."""
    levels = tuple(cpu_levels)
    if isinstance(cpu_levels, str) or not levels:
        raise ValueError(f"cpu_levels {cpu_levels!r}: give a sequence of levels, one per seat")
    if len(levels) > players:
        raise ValueError(f"{len(levels)} CPU levels for {players} seats: give one per seat")
    unknown = [level for level in levels if known is not None and level not in known]
    if unknown:
        raise ValueError(f"unknown CPU level {unknown[0]!r}: use one of {', '.join(known or ())}")
    return levels + (levels[-1],) * (players - len(levels))


def cpu_levels_by_seat(
    per_cpu: Sequence[str], people: Sequence[int] | frozenset[int] | set[int], players: int
) -> tuple[str, ...]:
    """Levels listed per CPU (CPU 1 first, as config.toml's ``cpu_levels`` and the start
    dialogs list them; a short list repeats its last) as the tables' ``cpu_levels``, one per
    seat: the CPU seats in seat order take them, a person's seat the first."""
    if not per_cpu:
        raise ValueError("no CPU level given: give at least one, e.g. ('normal',)")
    cpu_seats = [s for s in range(players) if s not in people]
    return tuple(
        per_cpu[min(cpu_seats.index(s), len(per_cpu) - 1)] if s in cpu_seats else per_cpu[0]
        for s in range(players)
    )


def seat_list(people: Sequence[int] | frozenset[int] | set[int], players: int) -> frozenset[int]:
    """`people` checked against the table's size: a clear ValueError for a seat outside it."""
    seats = frozenset(people)
    outside = sorted(s for s in seats if not 0 <= s < players)
    if outside:
        raise ValueError(f"seat {outside[0]} is not at a table of {players}: use 0-{players - 1}")
    return seats
