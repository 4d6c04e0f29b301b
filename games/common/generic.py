"""A whole table for any game that follows the game protocol, with named hooks (no Qt).

`GameTable` is a `SharedTable` (games.common.table): seats, people, names, CPU levels per
seat, the seed of each game, the results, CPU moves (`step_cpu` by the seat's CPU; the hub's
question, `cpu_choice_at`, on a clone of the game by a copy of the CPU: no seat, rule or
random state changes) and check-then-act (`CheckedTable`). A game adds only its own steps:

    class TableSession(GameTable[Action, Event]):
        info = Game.info
        texts = REFUSALS                      # code -> text, per language ("ja", "en")

        def new_game(self, seed):             # the engine for the next game
            return Game.new(seed=seed, players=self.num_players)

        def new_cpu(self, level, seed):       # a CPU player for one seat
            return Cpu(level, seed)

and, when the defaults do not fit:
- building: `default_settings()`, `default_players(names)`, `check_players(n)`,
  `default_cpu_levels()`, `rules_of(rules)` (the constructor's defaults and checks),
  `level_names`, `seat_name(seat)` (asked each time: it may follow the people);
- games: `game_seed()`, `cpu_seed(seat)`, `cpus_per_game` (False: the table's CPUs play on from
  game to game), `on_game(game)` (bookkeeping for a game dealt or `load`ed), `started(game)`
  (fees; what `start_game` returns), `after_take(seat, action, event)`, `advance()` (a step of
  the table's own between actions, e.g. the next round), `finish(game)` (the `Results`; by
  default from `places(returns)` and `extra_results()`), `drop()` (a game stopped unfinished);
- words: `unreadable(text)`, `rules_lines()`, `public_observation()` (a spectator's view;
  None: nothing), and CheckedTable's `_not_now` / `_why_not` / `_refuse`.

Seeds as Schwimmen's table has them: game n (0, 1, ...) plays seed + n; seat s's CPU
(seed + n) * 31 + s, seated at the deal for a CPU's seat, when first needed for a person's
(a seat its person left). `view(seat)` is a `GameView` (the seat's observation, None for a
spectator's: `public_observation()`) unless the game gives its own, JSON through
games.common.protocol.to_json. Daifugō's, Schwimmen's, COOL 24+24's and the fourth game's
tables are GameTables.
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
    level_names: ClassVar[tuple[str, ...]] = LEVELS  # the CPU levels a seat may play
    # True: every game deals its CPUs afresh (seeded from the game's seed); False: the table's
    # CPUs play on from game to game (the subclass sets `self._cpus` itself, e.g. Daifugō's)
    cpus_per_game: ClassVar[bool] = True

    def __init__(
        self,
        *,
        players: int | None = None,
        people: frozenset[int] | set[int] = frozenset({0}),
        seed: int | None = None,
        language: str = "ja",
        cpu_levels: Sequence[str] | None = None,
        rules: object = None,
        settings: object | None = None,
        names: Sequence[str] = (),
    ) -> None:
        self.language = language
        self.settings = self.default_settings() if settings is None else settings
        count = self.default_players(names) if players is None else players
        self.check_players(count)
        self._players = count
        self._people = seat_list(people, count)
        self.seed = seed
        levels = self.default_cpu_levels() if cpu_levels is None else cpu_levels
        self.cpu_levels = seat_levels(levels, count, self.level_names)
        self.rules = self.rules_of(rules)
        self._renamed: dict[int, str] = dict(enumerate(names[:count]))
        self.games_started = 0
        self.game: GameProtocol[A, Any] | None = None
        self._game_seed: int | None = None
        self._cpus: dict[int, Cpu[A]] = {}
        self._results: Results | None = None
        self._dropped = False  # the game was stopped before its end (`drop`)

    # ------------------------------------------------------------------ hooks
    def default_settings(self) -> object | None:
        """The game's settings when none are given (its config section's defaults)."""
        return None

    def default_players(self, names: Sequence[str]) -> int:
        """How many seats when `players` is None (by default the game's fewest)."""
        return self.info.min_players

    def check_players(self, players: int) -> None:
        """A clear error for a number of seats the game is not for."""
        low, high = self.info.min_players, self.info.max_players
        if not low <= players <= high:
            raise ValueError(f"{players} players: {self.info.name} is for {low}-{high}")

    def default_cpu_levels(self) -> Sequence[str]:
        """The CPUs' levels per seat when `cpu_levels` is None (the settings' may say)."""
        return ("normal",)

    def rules_of(self, rules: object) -> object:
        """The table's rules from the constructor's `rules` (a rule set's name, None: the
        settings' or the game's): checked, with a clear ValueError for another."""
        return rules

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

    def finish(self, game: GameProtocol[A, Any]) -> Results:
        """The table's own steps when a game ends (prizes, a match's record): its `Results`
        (by default the returns, `places(returns)` and `extra_results()`)."""
        returns = tuple(game.returns())
        return Results(returns, self.places(returns), extra=self.extra_results())

    def rules_lines(self) -> list[str]:
        return []

    def seat_name(self, seat: int) -> str:
        """A seat's name while nobody named it (asked each time: it may follow the people)."""
        return f"CPU {seat + 1}"

    def unreadable(self, text: str) -> IllegalMove:
        return IllegalMove("not_an_action", text=text)

    def on_game(self, game: GameProtocol[A, Any]) -> None:
        """The table's own bookkeeping for a game now at the table (dealt, or `load`ed)."""

    def started(self, game: GameProtocol[A, Any]) -> object:
        """The table's own steps once a game is dealt and its CPUs seated (fees): what
        `start_game` returns (by default the game)."""
        return game

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
    def names(self) -> tuple[str, ...]:
        """Each seat's name: as given or renamed, else `seat_name(seat)`."""
        named = self._renamed
        return tuple(named[s] if s in named else self.seat_name(s) for s in range(self._players))

    @property
    def people(self) -> frozenset[int]:
        return self._people

    def cpu_seats(self) -> list[int]:
        """The seats CPUs play now."""
        return [s for s in range(self._players) if s not in self._people]

    def seat_people(self, seats: frozenset[int] | set[int]) -> None:
        self._people = seat_list(seats, self._players)

    def rename(self, seat: int, name: str) -> None:
        seat_list({seat}, self._players)
        self._renamed[seat] = name

    def set_cpu_level(self, level: str) -> None:
        self.cpu_levels = seat_levels((level,), self._players, self.level_names)

    # ------------------------------------------------------------------ games
    def game_seed(self) -> int | None:
        """The next game's seed (hook): the table's seed + the games started (None: fresh)."""
        return None if self.seed is None else self.seed + self.games_started

    def cpu_seed(self, seat: int) -> int | None:
        """The seed of `seat`'s CPU this game: the game's seed * 31 + seat (None: fresh)."""
        seed = self._game_seed
        return None if seed is None else seed * 31 + seat

    def start_game(self) -> object:
        """Deal the next game: its seed, the engine, a CPU for each CPU's seat, then the
        table's own steps (`started`)."""
        seed = self._game_seed = self.game_seed()
        self.games_started += 1
        game = self.new_game(seed)
        self._at_table(game)
        if self.cpus_per_game:
            self._cpus = {}
            for seat in self.cpu_seats():
                self._seat_cpu(seat)
        return self.started(game)

    def load(self, game: GameProtocol[A, Any]) -> None:
        """Play `game` at this table now (a set position for tests and scenarios)."""
        self._at_table(game)

    def _at_table(self, game: GameProtocol[A, Any]) -> None:
        self.game = game
        self._results = None
        self._dropped = False
        self.on_game(game)

    def drop(self) -> None:
        """The game in play stops before its end (nobody is to move any more)."""
        self._dropped = True

    @property
    def in_game(self) -> bool:
        game = self.game
        return game is not None and not self._dropped and not game.is_over

    @property
    def to_move(self) -> int | None:
        """The seat to move; None between games, and while the table's `_not_now` says so
        (Schwimmen between rounds)."""
        game = self.game
        if game is None or not self.in_game or self._not_now() is not None:
            return None
        return game.current_player

    @property
    def cpu_due(self) -> bool:
        seat = self.to_move
        return seat is not None and seat not in self._people

    @property
    def out(self) -> frozenset[int]:
        return frozenset()

    def legal_actions(self, seat: int) -> list[A]:
        if self.game is None or seat != self.to_move:
            return []
        return list(self.game.legal_actions())

    def cpu_choice(self) -> tuple[int, A] | None:
        """The due CPU's choice by the table's own CPU (its random state moves on, as at every
        table; the hub asks `cpu_choice_at`, which changes nothing)."""
        seat, game = self.to_move, self.game
        if seat is None or game is None or not self.cpu_due:
            return None
        return seat, self._seat_cpu(seat).choose(game.observation(seat), game.legal_actions())

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

    # ------------------------------------------------------------------ the seats' CPUs
    def _cpu_for(self, seat: int) -> Cpu[A]:
        """`seat`'s CPU this game, or the one `_seat_cpu` would seat (not kept: a question)."""
        cpu = self._cpus.get(seat)
        if cpu is None:
            cpu = self.new_cpu(self.cpu_levels[seat], self.cpu_seed(seat))
        return cpu

    def _seat_cpu(self, seat: int) -> Cpu[A]:
        """`seat`'s CPU, seated when first needed (a seat its person left)."""
        cpu = self._cpus.get(seat)
        if cpu is None:
            cpu = self._cpus[seat] = self._cpu_for(seat)
        return cpu

    # ------------------------------------------------------------------ CheckedTable's hooks
    def _not_now(self) -> IllegalMove | str | None:
        return "no_game" if self._dropped else None

    def _engine(self) -> GameProtocol[A, object] | None:
        return self.game

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
        self._settle_if_over()
        return event

    def _settle_if_over(self) -> None:
        """The game's `finish`, once, when it is over (after an action, or a table's own step:
        Schwimmen's last round ends in `advance`)."""
        game = self.game
        if game is not None and game.is_over and self._results is None:
            self._results = self.finish(game)
