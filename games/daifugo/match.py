"""Daifugō games in a row at one table: each game's places give the next game's ranks."""

from __future__ import annotations

import random

from games.daifugo.game import Game
from games.daifugo.ruleset import Rules, Title, ranks_from_places


class Match:
    """Games in a row at one table: ranks carry over from each game's places."""

    def __init__(self, players: int, rules: Rules, seed: int | None = None) -> None:
        self.players = players
        self.rules = rules
        self.rng = random.Random(seed)
        self.ranks: tuple[Title, ...] = (Title.HEIMIN,) * players
        self.results: list[list[int]] = []
        self.game: Game | None = None

    def new_game(self) -> Game:
        self.game = Game.new(
            seed=self.rng.randrange(2**63), rules=self.rules, players=self.players, ranks=self.ranks
        )
        return self.game

    def record(self, game: Game) -> None:
        """Note a finished game's places; the next game's ranks come from them."""
        places = game.finish_order
        self.results.append(places)
        self.ranks = ranks_from_places(places)
