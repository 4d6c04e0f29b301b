"""The COOL 24+24 table without Qt: games in a row from one seed, the stage, plays and hints.

`Cool24Widget` (games.cool24.qt.window) paints this and animates what `play` returns.
"""

from __future__ import annotations

import random
from enum import StrEnum

from games.cool24.rules import Game, PlayResult, PlaySlot
from games.cool24.settings import Cool24Settings
from games.cool24.sim import hint_slot


class Stage(StrEnum):
    TITLE = "title"  # before the first game
    PLAY = "play"
    OVER = "over"  # the summary of the game just played


class TableSession:
    """One player, game after game; every game's seed comes from the table's seed."""

    def __init__(self, settings: Cool24Settings | None = None, seed: int | None = None) -> None:
        self.settings = settings or Cool24Settings()
        self.master = random.Random(seed)
        self.stage = Stage.TITLE
        self.game: Game | None = None

    def start(self) -> Game:
        """Deal a new game."""
        self.game = Game.new(seed=self.master.randrange(2**32), rules=self.settings)
        self.stage = Stage.PLAY
        return self.game

    def play(self, slot: int) -> PlayResult | None:
        """Play the card in `slot` (IllegalMove if it may not); None when no game is in play."""
        if self.stage is not Stage.PLAY or self.game is None:
            return None
        result = self.game.apply(PlaySlot(slot))
        if result.over:
            self.stage = Stage.OVER
        return result

    def hint(self) -> int | None:
        """The card the lookahead recommends (games.cool24.sim.hint_slot: greedy playouts in
        the numba kernel, up to 4,000 per card); None when hints are off or no game runs.
        Seeded by the cards played so far, so the game's own future is not touched."""
        if self.stage is not Stage.PLAY or self.game is None or not self.settings.hint:
            return None
        return hint_slot(self.game, seed=self.game.total_played)
