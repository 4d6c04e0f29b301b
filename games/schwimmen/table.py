"""The Schwimmen table without Qt: games in a row, seeds, whose turn and the CPUs' choices.

`SchwimmenWindow` (games.schwimmen.qt.window) paints the game and animates each action: it asks
`cpu_choice()` when `cpu_to_move` (after `settings.cpu_delay_ms`), animates from the state
before the action, then calls `take(action)`. The person's actions go through `take` as well;
which buttons are on, what a button or key does and what the prompt says are decided here.
Seat 0 is the person.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.common.protocol import IllegalMove
from games.schwimmen.ai import LEVELS, CpuPlayer
from games.schwimmen.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Action,
    DealerKeep,
    DealerSwap,
    Game,
    Knock,
    NextRound,
    Pass,
    Phase,
    SwapAll,
    SwapOne,
)
from games.schwimmen.settings import SchwimmenSettings

HUMAN = 0

# the person's buttons (and their keys), in the order the window shows them
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


class TableSession:
    """One person against CPUs, game after game; each CPU has its own level."""

    def __init__(
        self,
        settings: SchwimmenSettings | None = None,
        *,
        seed: int | None = None,
        rules_name: str | None = None,
        level: str | None = None,
        players: int | None = None,
        cpu_levels: Sequence[str] | None = None,
    ) -> None:
        self.settings = settings or SchwimmenSettings()
        self.seed = seed
        self.rules_name = rules_name or self.settings.rules
        self.level = level or self.settings.cpu_level
        self.players = players or self.settings.players
        self.cpu_levels: tuple[str, ...] = tuple(cpu_levels or ())
        self.game: Game | None = None
        self.cpus: dict[int, CpuPlayer] = {}
        self.games_started = 0

    def level_of(self, seat: int) -> str:
        """The level of the CPU at `seat` (1..): its own if chosen, else the table's level."""
        if 0 < seat <= len(self.cpu_levels):
            return self.cpu_levels[seat - 1]
        return self.level

    def choose(self, *, rules_name: str, players: int, cpu_levels: Sequence[str]) -> None:
        """The start dialog's choice, used from the next game on."""
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"{players} players: use {MIN_PLAYERS}-{MAX_PLAYERS}")
        unknown = [lv for lv in cpu_levels if lv not in LEVELS]
        if unknown:
            raise ValueError(f"unknown CPU level {unknown[0]!r}: use one of {', '.join(LEVELS)}")
        self.rules_name = rules_name
        self.players = players
        self.cpu_levels = tuple(cpu_levels[: players - 1])
        if self.cpu_levels and len(set(self.cpu_levels)) == 1:
            self.level = self.cpu_levels[0]

    def levels(self) -> list[str]:
        """Each CPU's level, CPU1 first, for the current number of players."""
        return [self.level_of(s) for s in range(1, self.players)]

    def game_seed(self) -> int:
        """The next game's seed: the table's seed + games started before, else a fresh one."""
        if self.seed is not None:
            return self.seed + self.games_started
        return random.SystemRandom().randrange(2**32)

    def new_game(self) -> Game:
        """Deal a new game with the current rules and CPU level; each CPU gets its own seed."""
        seed = self.game_seed()
        self.games_started += 1
        rules = self.settings.make_rules(self.rules_name)
        self.game = Game.new(seed=seed, rules=rules, players=self.players)
        self.cpus = {s: CpuPlayer(self.level_of(s), seed * 31 + s) for s in range(1, self.players)}
        return self.game

    def load(self, game: Game) -> None:
        """Play `game` at this table now (a set position for tests and scenarios)."""
        self.game = game
        if not self.cpus:
            self.cpus = {s: CpuPlayer(self.level_of(s), s) for s in range(1, game.players)}

    # ------------------------------------------------------------ turns

    @property
    def in_play(self) -> bool:
        """Someone is to act inside a round (not between rounds, not after the game)."""
        return self.game is not None and self.game.phase in (Phase.PLAY, Phase.DEALER)

    @property
    def human_to_move(self) -> bool:
        return self.in_play and self.game is not None and self.game.current == HUMAN

    @property
    def cpu_to_move(self) -> bool:
        return self.in_play and self.game is not None and self.game.current != HUMAN

    def cpu_choice(self) -> tuple[int, Action] | None:
        """(seat, action) the CPU to move chooses, not yet taken; None when no CPU is to move."""
        game = self.game
        if game is None or not self.cpu_to_move:
            return None
        seat = game.current
        return seat, self.cpus[seat].choose(game.observation(seat), game.legal_actions())

    def refusal(self, action: Action) -> IllegalMove | None:
        """Why the person may not take `action` now (None: it may)."""
        assert self.game is not None
        return self.game.why_illegal(action)

    def take(self, action: Action) -> None:
        """The seat to move takes `action` (checked: IllegalMove if not allowed)."""
        assert self.game is not None
        self.game.apply(action)

    def next_round(self) -> bool:
        """Deal the next round if a round is over; False otherwise."""
        game = self.game
        if game is None or game.phase is not Phase.ROUND_OVER:
            return False
        game.apply(NextRound())
        return True

    # ------------------------------------------------------------ the person's buttons

    def prompt_key(self) -> str:
        """The text key of the line over your cards when it is your turn."""
        game = self.game
        if game is not None and game.phase is Phase.DEALER:
            return "dealer_prompt"
        return "prompt_last" if game is not None and game.knocker is not None else "prompt"

    def button_states(self, *, may_act: bool, swap_ready: bool) -> dict[str, bool]:
        """Which of BUTTONS are enabled; `may_act`: the person's turn and no animation running."""
        legal = self.game.legal_actions() if may_act and self.game is not None else []
        return {
            "swap_all": SwapAll() in legal,
            "swap": swap_ready and any(isinstance(a, SwapOne) for a in legal),
            "pass": Pass() in legal,
            "knock": Knock() in legal,
            "take_extra": DealerSwap() in legal,
            "keep": DealerKeep() in legal,
        }

    def dealer_choice_pending(self) -> bool:
        """The person deals and chooses a hand: the window shows the dealer's two buttons."""
        return self.human_to_move and self.game is not None and self.game.phase is Phase.DEALER

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
