"""The one protocol every game engine follows (modelled on OpenSpiel's State and python-chess).

Every game, no exceptions and no aliases:

- ``Game.new(*, seed=None, rules=None, players=N, **setup)`` builds a game; every argument has a
  default and the player count is always ``players`` (COOL 24+24 takes 1). ``Game.info`` (a
  ``GameInfo``) names the game and its ``min_players`` / ``max_players``.
- ``num_players``; ``current_player`` (a seat, or None once the game is over); ``is_over``.
- ``legal_actions()``: value objects with ``str()``; ``parse_action(text)`` reads them back (and
  is the one place a game's text form of an action is read).
- ``apply(action)`` checks every action: anything not in ``legal_actions()`` raises an
  ``IllegalMove`` carrying a reason ``code`` and its ``params``, so a frontend translates the code
  instead of matching English text. ``why_illegal(action)`` returns that error without raising.
  ``apply`` returns the game's one event type (documented on the game's ``apply``).
- ``observation(seat)``: everything that seat may see and nothing else; ``to_json`` (below)
  turns it into plain JSON for a web client.
- ``clone()``: a deep, independent copy (same random state, so a clone replays the same future).
- ``returns()``: once over, one number per seat, higher is better (OpenSpiel's ``returns``);
  each game documents what the number means.

Chance (shuffles, deals, COOL's biased refill) goes through the game's injected, seeded
``random.Random`` only.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, TypeVar, runtime_checkable

from eventkit.errors import UserError

__all__ = ["GameInfo", "GameProtocol", "IllegalMove", "to_json", "to_json_shared"]


@dataclass(frozen=True)
class GameInfo:
    """What a game is, before one is built (a menu, a room, a generic test)."""

    name: str  # the package name: "daifugo", "schwimmen", "cool24"
    min_players: int
    max_players: int


class IllegalMove(UserError):
    """An action the rules refuse now.

    ``code`` names the rule (stable, for translation), ``params`` fill the text. ``str()`` is an
    English sentence from the subclass's ``messages`` (for logs and the command line).
    """

    messages: ClassVar[Mapping[str, str]] = {}

    def __init__(self, code: str, **params: object) -> None:
        self.code = code
        self.params = params
        template = self.messages.get(code, code.replace("_", " "))
        super().__init__(template.format(**params))

    def __reduce__(self) -> tuple[Any, ...]:  # picklable despite the keyword-only parameters
        return (_rebuild, (type(self), self.code, self.params))


def _rebuild(cls: type[IllegalMove], code: str, params: dict[str, object]) -> IllegalMove:
    return cls(code, **params)


A = TypeVar("A")
O = TypeVar("O", covariant=True)  # noqa: E741 - observation type


@runtime_checkable
class GameProtocol(Protocol[A, O]):
    """What the generic protocol test, the table sessions and the CPUs rely on."""

    info: ClassVar[GameInfo]

    @property
    def num_players(self) -> int: ...

    @property
    def current_player(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self) -> Sequence[A]: ...

    def parse_action(self, text: str) -> A: ...

    def why_illegal(self, action: A) -> IllegalMove | None: ...

    def apply(self, action: A) -> object: ...

    def observation(self, seat: int) -> O: ...

    def clone(self) -> GameProtocol[A, O]: ...

    def returns(self) -> tuple[float, ...]: ...


def to_json(value: object) -> Any:
    """`value` as plain JSON data: a dataclass with its own ``str()`` (a card, an action)
    becomes that text, other dataclasses objects, enums their value, tuples, lists, sets and frozensets lists (sets
    sorted), mappings objects with string keys. Used on observations and table views before
    they go to a web client, so every game's values serialise the same way.

    Dispatched by the value's type: what a type becomes is worked out once per type (its kind,
    a dataclass's field names and whether it has its own ``str()``) and kept in ``_BY_TYPE``;
    the views of a table step are built for every socket, so this is the tables' hot path."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    convert = _BY_TYPE.get(kind)
    if convert is None:
        convert = _BY_TYPE[kind] = _converter(kind)
    return convert(value)


_PLAIN: frozenset[type] = frozenset({type(None), bool, int, float, str})
_BY_TYPE: dict[type, Callable[[Any], Any]] = {}


def _same(value: Any) -> Any:
    return value


def _enum(value: Any) -> Any:
    return to_json(value.value)


def _mapping(value: Any) -> Any:
    return {str(k): to_json(v) for k, v in value.items()}


def _set(value: Any) -> Any:
    return sorted((to_json(v) for v in value), key=repr)


def _sequence(value: Any) -> Any:
    return [to_json(v) for v in value]


def _converter(kind: type) -> Callable[[Any], Any]:
    """How `to_json` turns a value of type `kind` into JSON data (the order of the checks
    decides, as for a single value: plain values, enums, dataclasses, mappings, sets,
    sequences, anything else as its text)."""
    if issubclass(kind, bool | int | float | str):  # their subclasses too (an IntEnum)
        return _same
    if issubclass(kind, enum.Enum):
        return _enum
    if dataclasses.is_dataclass(kind):
        if kind.__str__ is not object.__str__:  # a card, an action: its own text
            return str
        names = _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(kind))

        def fields(value: Any) -> Any:
            return {name: to_json(getattr(value, name)) for name in names}

        return fields
    if issubclass(kind, Mapping):
        return _mapping
    if issubclass(kind, set | frozenset):
        return _set
    if issubclass(kind, list | tuple):
        return _sequence
    return str


def to_json_shared(value: object, memo: dict[int, tuple[object, Any]]) -> Any:
    """`to_json(value)`, reusing what `memo` holds for an object already turned into JSON
    data: the views of one table step for every seat share most of their parts (the rules,
    the history, the titles), and each is converted once. `memo` keeps each object it names
    alive (so its id is not reused); use it only while none of them changes (one step's
    views), and treat what it returns as read-only (the same data is in several views)."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    convert = _BY_TYPE.get(kind)
    if convert is None:
        convert = _BY_TYPE[kind] = _converter(kind)
    if convert is str or convert is _same or convert is _enum:
        return convert(value)
    kept = memo.get(id(value))
    if kept is not None:
        return kept[1]
    plain = _PLAIN  # a plain part is itself: no call for it (most of a view's parts)
    if convert is _sequence:
        data: Any = [v if type(v) in plain else to_json_shared(v, memo) for v in value]  # type: ignore[attr-defined]
    elif convert is _mapping:
        data = {
            str(k): v if type(v) in plain else to_json_shared(v, memo)
            for k, v in value.items()  # type: ignore[attr-defined]
        }
    elif convert is _set:
        data = sorted((to_json_shared(v, memo) for v in value), key=repr)  # type: ignore[attr-defined]
    else:
        names = _FIELDS.get(kind)
        if names is None:
            return convert(value)
        data = {}
        for name in names:
            v = getattr(value, name)
            if type(v) in plain:
                data[name] = v
            else:  # a part shared with a view already made: no call either
                kept = memo.get(id(v))
                data[name] = kept[1] if kept is not None else to_json_shared(v, memo)
    memo[id(value)] = (value, data)
    return data


_FIELDS: dict[type, tuple[str, ...]] = {}
