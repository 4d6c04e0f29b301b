"""games.common.protocol.to_json, dispatched by type with what each type becomes worked out once
(issue 45: the tables' hot path), gives the same JSON as the plain recursive walk it replaced,
kept here as the reference: every seat's and the spectator's view over seeded games of each of
the three games, and values of every kind it knows."""

from __future__ import annotations

import collections
import dataclasses
import enum
import importlib
import json
import random
from collections.abc import Mapping
from typing import Any, ClassVar

import pytest

from games.common.protocol import to_json, to_json_shared

GAMES = {"daifugo": (4, 5), "schwimmen": (2, 4), "cool24": (1,)}


def reference(value: object) -> Any:
    """to_json as it was: a recursive walk with isinstance checks and dataclasses.fields."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, enum.Enum):
        return reference(value.value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if type(value).__str__ is not object.__str__:
            return str(value)
        return {f.name: reference(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(k): reference(v) for k, v in value.items()}
    if isinstance(value, set | frozenset):
        return sorted((reference(v) for v in value), key=repr)
    if isinstance(value, list | tuple):
        return [reference(v) for v in value]
    return str(value)


def _encode(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False)  # as the hub sends it


def _views_of_a_game(name: str, players: int, seed: int, steps: int = 5000):
    """Each step's views (the spectator's, then every seat's) of one seeded game, people at
    every seat playing random legal actions, until the game's end (its last views too) or
    `steps` steps."""
    table_class = importlib.import_module(f"games.{name}.table").TableSession
    table = table_class(players=players, people=frozenset(range(players)), seed=seed,
                        language="en" if seed % 2 else "ja", cpu_levels=("easy",))  # fmt: skip
    rng = random.Random(seed)
    table.start_game()
    for _ in range(steps):
        yield [table.view(s) for s in (None, *range(players))]
        if not table.in_game:
            return
        seat = table.to_move
        if seat is None:
            table.advance()
        else:
            table.act(seat, rng.choice(list(table.legal_actions(seat))))
    assert steps < 5000, f"{name}: the game did not end"


@pytest.mark.parametrize(
    ("name", "seeds", "steps"),
    # the fast tier: one game's first 60 steps; the slow: nine whole games, in three parts of
    # three seeds that xdist's workers share (Schwimmen's nine took 22 s in one test)
    [pytest.param(name, range(1), 60, id=f"{name}-1") for name in GAMES]
    + [
        pytest.param(
            name, range(first, first + 3), 5000, id=f"{name}-9-{first}", marks=pytest.mark.slow
        )  # fmt: skip
        for name in GAMES
        for first in (1, 4, 7)
    ],
)
def test_every_view_of_seeded_games_is_the_same_json(name, seeds, steps):
    compared = 0
    for players in GAMES[name]:
        for seed in seeds:
            for views in _views_of_a_game(name, players, seed, steps):
                shared: dict[int, tuple[object, Any]] = {}  # one step's, as the hub's Views
                for view in views:
                    expected = _encode(reference(view))
                    assert _encode(to_json(view)) == expected
                    assert _encode(to_json_shared(view, shared)) == expected
                    compared += 1
                assert shared  # the seats' views shared parts
    assert compared > 5 * len(seeds)  # whole games were walked, not one step


class Colour(enum.Enum):
    RED = "red"
    NESTED = (1, 2)


class Rank(enum.IntEnum):
    ACE = 14


class Word(enum.StrEnum):
    YES = "yes"


@dataclasses.dataclass(frozen=True)
class Card:
    rank: int

    def __str__(self) -> str:
        return f"C{self.rank}"


@dataclasses.dataclass(frozen=True)
class Inner:
    cards: tuple[Card, ...]
    colour: Colour
    limit: ClassVar[int] = 3  # not a field: not sent


@dataclasses.dataclass
class Outer:
    inner: Inner
    by_seat: dict[int, frozenset[Card]]
    scores: list[float]
    extra: object = None


@dataclasses.dataclass(frozen=True)
class Labelled(Card):  # inherits its text
    label: str = "x"


class Frozen(Mapping[str, int]):
    def __init__(self, data: dict[str, int]) -> None:
        self._data = data

    def __getitem__(self, key: str) -> int:
        return self._data[key]

    def __iter__(self):
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)


Point = collections.namedtuple("Point", "x y")


class Odd:
    def __str__(self) -> str:
        return "odd"


@pytest.mark.parametrize(
    "value",
    [
        None, True, 0, -3, 2.5, "カード", Rank.ACE, Word.YES, Colour.RED, Colour.NESTED,
        Card(3), Labelled(4, "y"), Inner((Card(2), Card(5)), Colour.RED),
        Outer(Inner((), Colour.NESTED), {2: frozenset({Card(9), Card(10)}), 0: frozenset()},
              [1.0, 2], extra={"k": (Point(1, 2), {3, 1, 2})}),
        Frozen({"a": 1}), {(1, 2): "tuple key", None: 0, Colour.RED: [Odd()]},
        {"b", "a", 3}, Point(5, 6), Odd(), Card, Outer,
    ],
)  # fmt: skip
def test_values_of_every_kind_are_the_same_json(value):
    expected = _encode(reference(value))
    assert _encode(to_json(value)) == expected
    assert _encode(to_json(value)) == expected  # again, from the kept kind
    shared: dict[int, tuple[object, Any]] = {}
    assert _encode(to_json_shared(value, shared)) == expected
    assert _encode(to_json_shared([value, value], shared)) == _encode([reference(value)] * 2)
