"""A whole table for any game that follows the game protocol, with named hooks (no Qt).

`GameTable` is a `SharedTable` (games.common.table): seats, people, CPU levels per seat, the
seed of each game, the results, CPU moves (`step_cpu` by the seat's CPU; the hub's question,
`cpu_choice_at`, on a clone of the game by a copy of the CPU) and check-then-act
(`CheckedTable`). A game adds only its own steps:

    class TableSession(GameTable[Action, Event]):
        info = Game.info
        texts = REFUSALS                      # code -> text, per language ("ja", "en")

        def new_game(self, seed):             # the engine for the next game
            return Game.new(seed=seed, players=self.num_players)

        def new_cpu(self, level, seed):       # a CPU player for one seat
            return Cpu(level, seed)

and, when the defaults do not fit: `public_observation()` (the table's view for a spectator;
None: nothing), `places(returns)` (1 for the best; ties share), `extra_results()`,
`rules_lines()`, `seat_name(seat)`, `game_seed()`, `unreadable(text)`,
`after_take(seat, action, event)`,
`advance()` (a step of the table's own between actions, e.g. the next round).

Seeds as Schwimmen's table has them: game n (0, 1, ...) plays seed + n; seat s's CPU
(seed + n) * 31 + s. `view(seat)` is a `GameView` (the seat's observation, None for a
spectator's: `public_observation()`), JSON through games.common.protocol.to_json.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from games.common.protocol import GameInfo, GameProtocol, IllegalMove
from games.common.table import (
    CheckedTable,
    Cpu,
    Refused,
    Results,
    refused,
    seat_levels,
    seat_list,
)

__all__ = ["GameTable", "GameView", "LEVELS"]

A = TypeVar("A")
E = TypeVar("E")
LEVELS = ("easy", "normal", "strong")


@dataclass(frozen=True)
class GameView:
    """What one seat (None: a spectator) sees at a `GameTable`."""

    seat: int | None
    observation: Any
    to_move: int | None
    over: bool


class GameTable(CheckedTable[A, E]):
    """A table for a protocol game (see the module's docstring for the hooks)."""

    info: GameInfo  # the game's (each subclass sets it)
    texts: ClassVar[Mapping[str, Mapping[str, str]]] = {}
    levels: ClassVar[tuple[str, ...]] = LEVELS

    def __init__(
        self,
        *,
        players: int | None = None,
        people: frozenset[int] | set[int] = frozenset({0}),
        seed: int | None = None,
        language: str = "ja",
        cpu_levels: Sequence[str] | None = None,
        rules: str | None = None,
        settings: object | None = None,
        names: Sequence[str] = (),
    ) -> None:
        count = self.info.min_players if players is None else players
        if not self.info.min_players <= count <= self.info.max_players:
            low, high = self.info.min_players, self.info.max_players
            raise ValueError(f"{count} players: {self.info.name} is for {low}-{high}")
        self._players = count
        self._people = seat_list(people, count)
        self.seed = seed
        self.language = language
        self.cpu_levels = seat_levels(cpu_levels or ("normal",), count, self.levels)
        self.rules = rules
        self.settings = settings
        self._names = list(names[:count]) + [self.seat_name(s) for s in range(len(names), count)]
        self.games_started = 0
        self.game: GameProtocol[A, Any] | None = None
        self._cpus: dict[int, Cpu[A]] = {}
        self._results: Results | None = None

    # ------------------------------------------------------------------ hooks
    def new_game(self, seed: int | None) -> GameProtocol[A, Any]:
        """The engine for the next game (required)."""
        raise NotImplementedError

    def new_cpu(self, level: str, seed: int | None) -> Cpu[A]:
        """A CPU player at `level` for one seat (required)."""
        raise NotImplementedError

    def public_observation(self) -> Any:
        """What a spectator sees of the game (None: nothing but the seats)."""
        return None

    def places(self, returns: Sequence[float]) -> tuple[int | None, ...]:
        """Each seat's place from the returns: 1 for the highest; ties share a place."""
        return tuple(1 + sum(other > mine for other in returns) for mine in returns)

    def extra_results(self) -> Mapping[str, Any]:
        return {}

    def rules_lines(self) -> list[str]:
        return []

    def seat_name(self, seat: int) -> str:
        return f"CPU {seat + 1}"

    def unreadable(self, text: str) -> IllegalMove:
        return IllegalMove("not_an_action", text=text)

    def after_take(self, seat: int, action: A, event: E) -> None:
        """The table's own bookkeeping after an action was applied."""

    def advance(self) -> bool:
        """The table's own step while nobody is to move (none by default)."""
        return False

    # ------------------------------------------------------------------ seats
    @property
    def num_players(self) -> int:
        return self._players

    @property
    def names(self) -> Sequence[str]:
        return tuple(self._names)

    @property
    def people(self) -> frozenset[int]:
        return self._people

    def seat_people(self, seats: frozenset[int] | set[int]) -> None:
        self._people = seat_list(seats, self._players)

    def rename(self, seat: int, name: str) -> None:
        seat_list({seat}, self._players)
        self._names[seat] = name

    def set_cpu_level(self, level: str) -> None:
        self.cpu_levels = seat_levels((level,), self._players, self.levels)

    # ------------------------------------------------------------------ games
    def game_seed(self) -> int | None:
        """The next game's seed (hook): the table's seed + the games started (None: fresh)."""
        return None if self.seed is None else self.seed + self.games_started

    def start_game(self) -> GameProtocol[A, Any]:
        seed = self.game_seed()
        self.game = self.new_game(seed)
        self._cpus = {
            s: self.new_cpu(level, None if seed is None else seed * 31 + s)
            for s, level in enumerate(self.cpu_levels)
        }
        self.games_started += 1
        self._results = None
        return self.game

    @property
    def in_game(self) -> bool:
        return self.game is not None and not self.game.is_over

    @property
    def to_move(self) -> int | None:
        return self.game.current_player if self.in_game and self.game is not None else None

    @property
    def cpu_due(self) -> bool:
        seat = self.to_move
        return seat is not None and seat not in self._people

    @property
    def out(self) -> frozenset[int]:
        return frozenset()

    def legal_actions(self, seat: int) -> Sequence[A]:
        if self.game is None or seat != self.to_move:
            return ()
        return tuple(self.game.legal_actions())

    def cpu_choice(self) -> tuple[int, A] | None:
        """The due CPU's choice by the table's own CPU (its random state moves on, as at every
        table; the hub asks `cpu_choice_at`, which changes nothing)."""
        seat, game = self.to_move, self.game
        if seat is None or game is None or not self.cpu_due:
            return None
        return seat, self._cpu_for(seat).choose(game.observation(seat), game.legal_actions())

    def step_cpu(self) -> tuple[int, A] | None:
        choice = self.cpu_choice()
        if choice is not None:
            self.act(*choice)
        return choice

    def results(self) -> Results | None:
        return self._results

    def view(self, seat: int | None) -> object:
        """A `GameView` (a game's own table may give its own view type)."""
        game = self.game
        if game is None:
            return GameView(seat, None, None, False)
        seen = self.public_observation() if seat is None else game.observation(seat)
        return GameView(seat, seen, self.to_move, game.is_over)

    # ------------------------------------------------------------------ CheckedTable's hooks
    def _engine(self) -> GameProtocol[A, object] | None:
        return self.game

    def _cpu_for(self, seat: int) -> Cpu[A]:
        return self._cpus[seat]

    def _refuse(self, error: IllegalMove | str) -> Refused:
        words = self.texts.get(self.language) or self.texts.get("ja") or {}
        return refused(error, words, self.language)

    def _unreadable(self, text: str) -> IllegalMove:
        return self.unreadable(text)

    def _take(self, seat: int, action: A) -> E:
        game = self.game
        assert game is not None
        event: E = game.apply(action)  # type: ignore[assignment]
        self.after_take(seat, action, event)
        if game.is_over:
            returns = tuple(game.returns())
            self._results = Results(returns, self.places(returns), extra=self.extra_results())
        return event
