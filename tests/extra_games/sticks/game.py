"""Sticks' engine (games.common.protocol), its CPU and its table (games.common.generic)."""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from dataclasses import dataclass

from games.common.generic import GameTable
from games.common.protocol import GameInfo, IllegalMove


@dataclass(frozen=True)
class Take:
    n: int

    def __str__(self) -> str:
        return f"take {self.n}"


@dataclass(frozen=True)
class Observation:
    pile: int
    taken: tuple[int, ...]
    last: tuple[int, int] | None  # (seat, sticks)


class IllegalSticksMove(IllegalMove):
    messages = {
        "game_over": "the game is over",
        "too_many": "take 1 to {most} sticks",
        "not_an_action": "{text!r} is no action: type 'take 1'",
    }


class Game:
    info = GameInfo("sticks", 2, 4)

    def __init__(self, players: int, pile: int) -> None:
        self.num_players, self.pile = players, pile
        self.taken = [0] * players
        self.turn, self.last = 0, None

    @classmethod
    def new(cls, *, seed: int | None = None, rules: object = None, players: int = 2) -> Game:
        return cls(players, random.Random(seed).randint(15, 25))

    @property
    def is_over(self) -> bool:
        return self.pile == 0

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self.turn

    def legal_actions(self) -> list[Take]:
        return [Take(n) for n in range(1, min(3, self.pile) + 1)]

    def parse_action(self, text: str) -> Take:
        word = text.strip().removeprefix("take").strip()
        if not word.isdigit():
            raise IllegalSticksMove("not_an_action", text=text)
        return Take(int(word))

    def why_illegal(self, action: object) -> IllegalMove | None:
        if not isinstance(action, Take):
            return IllegalSticksMove("not_an_action", text=str(action))
        if self.is_over:
            return IllegalSticksMove("game_over")
        if action not in self.legal_actions():
            return IllegalSticksMove("too_many", most=min(3, self.pile))
        return None

    def apply(self, action: object) -> Take:
        why = self.why_illegal(action)
        if why is not None:
            raise why
        assert isinstance(action, Take)
        self.pile -= action.n
        self.taken[self.turn] += action.n
        self.last = (self.turn, action.n)
        if self.pile:
            self.turn = (self.turn + 1) % self.num_players
        return action

    def observation(self, seat: int) -> Observation:
        return Observation(self.pile, tuple(self.taken), self.last)

    def clone(self) -> Game:
        return copy.deepcopy(self)

    def returns(self) -> tuple[float, ...]:
        """0 for whoever took the last stick, 1 for everyone else."""
        return tuple(float(s != self.turn) for s in range(self.num_players))


class Cpu:
    """easy: any take; normal and strong leave a pile of 4k + 1 when they can."""

    def __init__(self, level: str, seed: int | None) -> None:
        self.level, self.rng = level, random.Random(seed)

    def choose(self, observation: Observation, legal: Sequence[Take]) -> Take:
        good = [a for a in legal if (observation.pile - a.n) % 4 == 1]
        return good[0] if good and self.level != "easy" else self.rng.choice(list(legal))


WORDS = {
    "ja": {"too_many": "1〜{most}本を取ってください", "game_over": "ゲームは終わりました",
           "not_an_action": "「{text}」は手ではありません"},
    "en": {"too_many": "Take 1 to {most} sticks", "game_over": "The game is over",
           "not_an_action": "'{text}' is no move"},
}  # fmt: skip


class TableSession(GameTable[Take, Take]):
    info = Game.info
    texts = WORDS

    def new_game(self, seed: int | None) -> Game:
        return Game.new(seed=seed, players=self.num_players)

    def new_cpu(self, level: str, seed: int | None) -> Cpu:
        return Cpu(level, seed)

    def public_observation(self) -> Observation | None:
        return None if self.game is None else self.game.observation(0)  # nothing is hidden

    def unreadable(self, text: str) -> IllegalMove:
        return IllegalSticksMove("not_an_action", text=text)

    def rules_lines(self) -> list[str]:
        if self.language == "ja":
            return ["1〜3本ずつ取ります", "最後の1本を取った人の負け"]
        return ["Take 1-3 sticks a turn", "Whoever takes the last stick loses"]
