"""The Schwimmen table without Qt: games in a row, seeds, whose turn and the CPUs' choices.

`SchwimmenWindow` (games.schwimmen.qt.window) paints the game and animates each action: it asks
`cpu_choice()` when `cpu_to_move` (after `settings.cpu_delay_ms`), animates from the state
before the action, then calls `take(action)`. The person's actions go through `take` as well.
Seat 0 is the person.
"""

from __future__ import annotations

import random

from games.common.protocol import IllegalMove
from games.schwimmen.ai import CpuPlayer
from games.schwimmen.rules import Action, Game, NextRound, Phase
from games.schwimmen.settings import SchwimmenSettings

HUMAN = 0


class TableSession:
    """One person against CPUs of one level, game after game."""

    def __init__(
        self,
        settings: SchwimmenSettings | None = None,
        *,
        seed: int | None = None,
        rules_name: str | None = None,
        level: str | None = None,
    ) -> None:
        self.settings = settings or SchwimmenSettings()
        self.seed = seed
        self.rules_name = rules_name or self.settings.rules
        self.level = level or self.settings.cpu_level
        self.game: Game | None = None
        self.cpus: dict[int, CpuPlayer] = {}
        self.games_started = 0

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
        self.game = Game.new(seed=seed, rules=rules, players=self.settings.players)
        self.cpus = {
            s: CpuPlayer(self.level, seed * 31 + s) for s in range(1, self.settings.players)
        }
        return self.game

    def load(self, game: Game) -> None:
        """Play `game` at this table now (a set position for tests and scenarios)."""
        self.game = game
        if not self.cpus:
            self.cpus = {s: CpuPlayer(self.level, s) for s in range(1, game.players)}

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
