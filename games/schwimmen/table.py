"""The Schwimmen table without Qt: games in a row, people at any seats, CPUs at the others.

It follows ``games.common.table.TableProtocol``: ``start_game()`` deals, ``to_move`` is the
seat awaited, ``act(seat, action)`` takes a person's action (or its text) and refuses with
``Refused`` (text in the table's language, from ``games.schwimmen.texts``), ``cpu_choice()`` /
``step_cpu()`` let the due CPU move, ``advance()`` deals the next round once a round is over
(the window calls it after showing the round's result), ``results()`` gives places and
returns, ``view(seat)`` what a seat (or a spectator) may see.

`SchwimmenWindow` (games.schwimmen.qt.window) asks `cpu_choice()` when `cpu_due` (after
`settings.cpu_delay_ms`), animates from the state before the action, then calls `act`; which
buttons are on, what a button does and what the prompt says for a seat are decided here.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from eventkit.errors import UserError
from games.common.generic import GameTable
from games.common.protocol import GameInfo, IllegalMove
from games.common.table import Refused, Results, refused, seat_levels, seat_list
from games.schwimmen.actions import (
    Action,
    DealerKeep,
    DealerSwap,
    Knock,
    NextRound,
    Pass,
    SwapAll,
    SwapOne,
)
from games.schwimmen.ai import LEVELS, CpuPlayer
from games.schwimmen.hands import hand_value
from games.schwimmen.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Event,
    Game,
    IllegalSchwimmenMove,
    Observation,
    Outcome,
    Phase,
    RoundResult,
)
from games.schwimmen.settings import RULE_SETS, SchwimmenSettings
from games.schwimmen.texts import Texts

__all__ = [
    "BUTTONS",
    "DEALER_BUTTONS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Event",
    "Observation",
    "Outcome",
    "Phase",
    "RoundResult",
    "SeatView",
    "TableSession",
    "action_word",
]  # the view's and the events' types too: a window imports them from here, not the engine

# a person's buttons (and their keys), in the order the window shows them
BUTTONS = ("swap_all", "swap", "pass", "knock", "take_extra", "keep")
DEALER_BUTTONS = ("take_extra", "keep")


def action_word(action: Action) -> str:
    """The text key naming `action` (a CPU's speech bubble, the person's buttons)."""
    if isinstance(action, SwapOne):
        return "swap"
    if isinstance(action, SwapAll):
        return "swap_all"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Knock):
        return "knock"
    if isinstance(action, DealerSwap):
        return "take_extra"
    return "keep"


def _rule_set(name: object) -> str:
    """A rule set's name as config.toml writes it; a clear ValueError for another."""
    if not isinstance(name, str) or name not in RULE_SETS:
        raise ValueError(f"rules {name!r}: use {' or '.join(RULE_SETS)}")
    return name


@dataclass(frozen=True)
class SeatView:
    """What one seat (None: a spectator) may see at the table now, for painting or a web
    client (games.common.protocol.to_json). ``result``: the round's result (every hand face
    up) while it is shown between rounds and after the game, else None. ``hand_sizes``: how
    many cards each seat holds (face down for the others); ``places`` and ``winners``: the
    game's final places (None: still playing) and winners, as `Game.places()`/`winners`."""

    seat: int | None
    names: tuple[str, ...]
    people: frozenset[int]
    to_move: int | None
    prompt: str  # the line over the seat's cards when it is its turn, else ""
    observation: Observation
    result: RoundResult | None
    points: float | None = None  # the seat's own hand value (None: a spectator, a seat out)
    hand_sizes: tuple[int, ...] = ()
    places: tuple[int | None, ...] = ()
    winners: tuple[int, ...] = ()


class TableSession(GameTable[Action, Outcome]):
    """Games of Schwimmen in a row at one table; each CPU has its own level: the generic table
    (games.common.generic) with Schwimmen's own steps: its settings, names and rule sets, the
    engine's people following the table's, the rounds (`advance`), its view and buttons.

    The common vocabulary (games.common.registry.TableSettings): `players` (None: the
    settings'), `people` (the seats people play, the rest CPUs), `seed`, `language`,
    `cpu_levels` per seat (seat s's CPU plays cpu_levels[s]; one value: every seat; None: the
    settings' cpu_level), `rules` (the rule set's name as config.toml writes it, "standard" or
    "house"; None: the settings'), `settings` (the [schwimmen] section; None: its defaults).
    """

    info: GameInfo = Game.info
    level_names = LEVELS
    game: Game | None
    settings: SchwimmenSettings

    def default_settings(self) -> SchwimmenSettings:
        return SchwimmenSettings()

    def default_players(self, names: Sequence[str]) -> int:
        return self.settings.players

    def default_cpu_levels(self) -> tuple[str, ...]:
        return (self.settings.cpu_level,)

    def rules_of(self, rules: object) -> str:
        """The rule set's name ("standard" or "house"; None: the settings')."""
        return _rule_set(rules or self.settings.rules)

    # ------------------------------------------------------------ seats

    @property
    def rules_name(self) -> str:
        """The rule set's name as config.toml writes it ("standard" or "house")."""
        return str(self.rules)

    @property
    def words(self) -> Texts:
        """The table's screen text, with its seats' names."""
        return Texts(self.language, self.names)

    @property
    def cpus(self) -> dict[int, CpuPlayer]:
        """The CPUs playing this game, by seat (a person's seat once its person left)."""
        return self._cpus  # type: ignore[return-value]

    def seat_name(self, seat: int) -> str:
        """You / Player n and CPU n (`Texts.seat_names`), following the people."""
        return Texts(self.language).seat_names(self._people, self._players)[seat]

    @property
    def out(self) -> frozenset[int]:
        """The seats no longer in this game (out of lives)."""
        game = self.game
        return frozenset(s for s in range(self._players) if game is not None and game.out[s])

    def seat_people(self, seats: frozenset[int] | set[int]) -> None:
        """Which seats are people from now on; during a game a seat left by its person is
        played by a CPU of its level from its next move (the rules' `people` follow)."""
        super().seat_people(seats)
        if self.game is not None:
            self.game.rules = replace(self.game.rules, people=self._people)

    def level_of(self, seat: int) -> str:
        """The level of the CPU at `seat` (a person's seat: the CPU that takes it over)."""
        return self.cpu_levels[min(seat, len(self.cpu_levels) - 1)]

    def levels(self) -> list[str]:
        """Each CPU's level, CPU 1 first, for the current number of players."""
        return [self.level_of(s) for s in self.cpu_seats()]

    def choose(self, *, rules: str, players: int, cpu_levels: Sequence[str]) -> None:
        """The start dialog's choice, used from the next game on: `rules` and `cpu_levels`
        (per seat) as the constructor takes them."""
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"{players} players: use {MIN_PLAYERS}-{MAX_PLAYERS}")
        levels = seat_levels(cpu_levels, players, LEVELS)
        people = seat_list(self._people, players)
        self.rules = _rule_set(rules)
        self._players = players
        self._people = people
        self.cpu_levels = levels

    # ------------------------------------------------------------ the generic table's hooks

    def game_seed(self) -> int:
        """The next game's seed: the table's seed + games started before, else a fresh one."""
        if self.seed is not None:
            return self.seed + self.games_started
        return random.SystemRandom().randrange(2**32)

    def new_game(self, seed: int | None) -> Game:
        rules = self.settings.make_rules(self.rules_name, people=self._people)
        return Game.new(seed=seed, rules=rules, players=self._players)

    def new_cpu(self, level: str, seed: int | None) -> CpuPlayer:
        return CpuPlayer(level, seed)

    def cpu_seed(self, seat: int) -> int:
        return (self._game_seed or 0) * 31 + seat  # a loaded game's CPUs: 0 * 31 + seat

    def start_game(self) -> Game:
        """Deal a new game with the current rules and CPU levels; each CPU gets its own seed."""
        game = super().start_game()
        assert isinstance(game, Game)
        return game

    def load(self, game: Game) -> None:  # type: ignore[override]
        """Play `game` at this table now (a set position for tests and scenarios)."""
        self._players = game.num_players
        self._people = frozenset(game.rules.people)
        if not self._cpus:  # else the CPUs of the game before play on
            self._game_seed = 0
        super().load(game)
        self._settle_if_over()

    def _not_now(self) -> IllegalSchwimmenMove | None:
        """A finished game, or a round over (its next is dealt by `advance`)."""
        game = self.game
        if game is not None and (game.is_over or game.phase is Phase.ROUND_OVER):
            return IllegalSchwimmenMove(game.phase.value)
        return None

    def unreadable(self, text: str) -> IllegalSchwimmenMove:
        return IllegalSchwimmenMove("not_an_action", action=text)

    def _why_not(self, action: Action) -> IllegalMove | None:
        if isinstance(action, NextRound):  # the table's own step: `advance`
            return IllegalSchwimmenMove("round_in_play")
        return super()._why_not(action)

    def _refuse(self, error: IllegalMove | str) -> Refused:
        if isinstance(error, str):
            return refused(error, {}, self.language)
        if isinstance(error, IllegalSchwimmenMove):
            return Refused(error.code, error.params, self.words.illegal(error))
        return Refused(error.code, error.params, str(error))

    def advance(self) -> bool:
        """Deal the next round if a round is over; False otherwise."""
        game = self.game
        if game is None or game.phase is not Phase.ROUND_OVER:
            return False
        game.apply(NextRound())
        self._settle_if_over()  # the last round may end the game (no person left in)
        return True

    def finish(self, game: object) -> Results:
        """The finished game's places (1 = winner; None for a seat still in when every
        person went out) and returns (lives left)."""
        assert isinstance(game, Game)
        return Results(game.returns(), game.places(), extra={"winners": game.winners})

    def view(self, seat: int | None) -> SeatView:
        """What `seat` may see now (None: the public table a spectator sees)."""
        game = self.game
        if game is None:
            raise UserError("no game at the table yet: start_game() first")
        shown = game.phase in (Phase.ROUND_OVER, Phase.GAME_OVER)
        return SeatView(
            seat=seat,
            names=self.names,
            people=self._people,
            to_move=self.to_move,
            prompt=self.words(self.prompt_key()) if self._awaits(seat) else "",
            observation=game.observation(seat),
            result=game.last_result if shown else None,
            points=self._points(seat),
            hand_sizes=tuple(len(hand) for hand in game.hands),
            places=game.places(),
            winners=game.winners,
        )

    def view_now(self, seat: int | None) -> SeatView | None:
        """`view(seat)`, or None before the table's first game (a window paints the felt)."""
        return self.view(seat) if self.game is not None else None

    def _points(self, seat: int | None) -> float | None:
        game = self.game
        if game is None or seat is None or game.out[seat] or not game.hands[seat]:
            return None
        return hand_value(game.hands[seat])

    def rules_lines(self) -> list[str]:
        """The rules of this table in its language, one line each (a phone's rule panel):
        the scoring and the rule sets, as the help overlay says them."""
        game = self.game
        rules = game.rules if game is not None else self.settings.make_rules(self.rules_name)
        sections = self.words.help_sections(rules, self.rules_name)[1:]  # not the keys
        return [line for _, body in sections for line in body.splitlines() if line.strip()]

    # ------------------------------------------------------------ a person's buttons

    def _awaits(self, seat: int | None) -> bool:
        """It is the turn of the person at `seat`."""
        return seat is not None and seat == self.to_move and seat in self._people

    def prompt_key(self) -> str:
        """The text key of the line over your cards when it is your turn."""
        game = self.game
        if game is not None and game.phase is Phase.DEALER:
            return "dealer_prompt"
        return "prompt_last" if game is not None and game.knocker is not None else "prompt"

    def may_pick_cards(self, seat: int) -> bool:
        """`seat` may pick a card of its hand and one of the table to swap (not while dealing)."""
        return any(isinstance(a, SwapOne) for a in self.legal_actions(seat))

    def button_states(self, seat: int, *, may_act: bool, swap_ready: bool) -> dict[str, bool]:
        """Which of BUTTONS are enabled for `seat`; `may_act`: no animation is running."""
        legal = self.legal_actions(seat) if may_act else []
        return {
            "swap_all": SwapAll() in legal,
            "swap": swap_ready and any(isinstance(a, SwapOne) for a in legal),
            "pass": Pass() in legal,
            "knock": Knock() in legal,
            "take_extra": DealerSwap() in legal,
            "keep": DealerKeep() in legal,
        }

    def dealer_choice_pending(self, seat: int) -> bool:
        """`seat` deals and chooses a hand: the window shows the dealer's two buttons."""
        return self._awaits(seat) and self.game is not None and self.game.phase is Phase.DEALER

    def button_action(self, key: str) -> Action:
        """The action of a button other than "swap" (X and P stand for the dealer's choice)."""
        game = self.game
        if game is not None and game.phase is Phase.DEALER:
            key = {"swap_all": "take_extra", "pass": "keep"}.get(key, key)
        actions: dict[str, Action] = {
            "swap_all": SwapAll(),
            "pass": Pass(),
            "knock": Knock(),
            "take_extra": DealerSwap(),
            "keep": DealerKeep(),
        }
        return actions[key]
