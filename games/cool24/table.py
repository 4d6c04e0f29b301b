"""The COOL 24+24 table without Qt: games in a row from one seed, one seat, plays and hints.

It follows `games.common.table.TableProtocol` with one seat (0). The seat is a person by
default (`people={0}`); with `people=set()` a CPU plays it: the least connected card
(`ai.GreedyCpu`: policies.greedy_slot's choice over `choose(observation, legal)`). The
constructor speaks the common vocabulary (games.common.registry.TableSettings): `players` (1),
`people`, `seed`, `language`, `cpu_levels` per seat (COOL has one CPU: checked and kept, not
used), `rules` (one rule set: None), `settings` (the [cool24] section, payout tables included).

    table = TableSession(seed=4, language="en")
    table.start_game()
    while table.in_game:
        table.act(0, table.legal_actions(0)[0])     # or its text: "slot 2", "2"
    table.results().returns                          # (score,)

`act` returns the engine's `PlayResult` and refuses with `Refused` (code, params, a text in the
table's language from `games.cool24.texts`). `view(seat)` is what the screen paints besides
the cards: which slots are lit, the prompt at the bottom; `hint()` is the lookahead's card.
`Cool24Widget` (games.cool24.qt.window) paints this and animates what `act` returns.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum

from eventkit.i18n import Texts
from games.common.generic import GameTable
from games.common.protocol import IllegalMove
from games.common.table import Refused, refused
from games.cool24.ai import GreedyCpu
from games.cool24.rules import (
    HAND_SIZE,
    Game,
    IllegalCoolMove,
    Observation,
    PlayResult,
    PlaySlot,
    bonus_counts,
    legal_slots,
)
from games.cool24.settings import BONUS_KINDS, Cool24Settings
from games.cool24.sim import hint_slot
from games.cool24.texts import REASONS, TEXTS, illegal

__all__ = [
    "HAND_SIZE",
    "SEAT",
    "PlayResult",
    "PlaySlot",
    "Stage",
    "TableSession",
    "TableView",
    "Tally",
    "tally",
]

SEAT = 0  # the one seat


class Stage(StrEnum):
    TITLE = "title"  # before the first game
    PLAY = "play"
    OVER = "over"  # the summary of the game just played


@dataclass(frozen=True)
class TableView:
    """What a seat sees of the table now. `observation` is the seat's (hand, stock, score ...;
    None for the public view and before the first game); `playable` the slots the person may
    play now (lit on screen); `prompt` the TEXTS key of the line at the bottom ("keys",
    "keys_nohint" or "stuck"; "" on the title); the public part: the last card, this lap's
    cards played (the trail on the field), the stock's size and the score."""

    stage: Stage
    observation: Observation | None
    playable: tuple[int, ...]
    prompt: str
    last: str | None
    lap_cards: tuple[str, ...]
    stock_count: int
    score: int
    hint: bool
    bonuses: dict[str, int] | None = None  # bonuses earned so far by kind (BONUS_KINDS)
    cleared: bool = False  # all 48 cards played
    hint_slot: int | None = None  # the hint's slot, where a caller asked for it (phones)


@dataclass(frozen=True)
class Tally:
    """A view's points as the side panel and the summary show them: the base points for the
    cards played, the bonuses' table points, the multiplier (x5 from lap 2, lap 1's bonuses
    too); `total` is the view's score."""

    base: int
    bonus: int
    multiplier: int

    @property
    def total(self) -> int:
        return self.base + self.bonus * self.multiplier


def tally(view: TableView, settings: Cool24Settings) -> Tally:
    """The points of `view` (the seat's), from the view and the settings' tables alone."""
    seen = view.observation
    played, lap = (seen.total_played, seen.lap) if seen is not None else (0, 1)
    counts = view.bonuses or {}
    bonus = sum(settings.bonus_points(kind) * counts.get(kind, 0) for kind in BONUS_KINDS)
    multiplier = 1 + settings.hand_win_multi if lap == 2 else 1
    return Tally(settings.card_win_table[played], bonus, multiplier)


class TableSession(GameTable[PlaySlot, PlayResult]):
    """One seat, game after game; every game's seed comes from the table's seed (the generic
    table, games.common.generic, with COOL's own steps: its seeds, its view, the hint)."""

    info = Game.info
    game: Game | None
    settings: Cool24Settings
    stage: Stage = Stage.TITLE  # the window's screen: title, play, over
    _master: random.Random | None = None  # each game's seed, drawn from the table's seed

    # ------------------------------------------------------------ the generic table's hooks
    def check_players(self, players: int) -> None:
        if players != 1:
            raise ValueError(f"COOL 24+24 is played alone: use players=1, not {players!r}")

    def rules_of(self, rules: object) -> None:
        if rules is not None:
            raise ValueError(f"COOL 24+24 has one rule set: use rules=None, not {rules!r}")

    def default_settings(self) -> Cool24Settings:
        return Cool24Settings()

    def start_game(self) -> Game:
        game = super().start_game()
        assert isinstance(game, Game)
        return game

    def seat_name(self, seat: int) -> str:
        return str(Texts(TEXTS, self.language)["player"])

    def game_seed(self) -> int | None:
        if self._master is None:  # made at the first deal: nothing else draws from it
            self._master = random.Random(self.seed)
        return self._master.randrange(2**32)

    def new_game(self, seed: int | None) -> Game:
        self.stage = Stage.PLAY
        return Game.new(seed=seed, rules=self.settings)

    def new_cpu(self, level: str, seed: int | None) -> GreedyCpu:
        return GreedyCpu()  # the least connected card, at every level

    def unreadable(self, text: str) -> IllegalCoolMove:
        return IllegalCoolMove("not_an_action", action=repr(text), slots=HAND_SIZE)

    def after_take(self, seat: int, action: PlaySlot, event: PlayResult) -> None:
        if event.over:
            self.stage = Stage.OVER

    def extra_results(self) -> dict[str, object]:
        """Cards played, whether all 48 went, the bonuses earned by kind."""
        game = self.game
        assert game is not None
        return {
            "total_played": game.total_played,
            "cleared": game.cleared,
            "bonuses": dict(zip(BONUS_KINDS, bonus_counts(game), strict=True)),
        }

    def _not_now(self) -> IllegalCoolMove | None:
        """A finished game: the engine's own refusal."""
        return IllegalCoolMove("game_over") if self.game is not None and self.game.over else None

    def _refuse(self, error: IllegalMove | str) -> Refused:
        if isinstance(error, str):
            return refused(error, REASONS.get(self.language, REASONS["ja"]), self.language)
        # the engine's refusal, the cards named as they look (games.cool24.texts.illegal)
        text = illegal(Texts(TEXTS, self.language), error, self.settings)
        return Refused(error.code, error.params, text)

    @property
    def at_stake(self) -> bool:
        """A game runs with something to lose: cards played (or a bonus) and not over."""
        g = self.game
        return self.in_game and g is not None and bool(g.total_played or g.bonuses)

    def rules_lines(self) -> list[str]:
        """The rules in four lines in the table's language (the title screen's)."""
        s = self.settings
        sf, fk, fl = s.hand_win_table
        m = 1 + s.hand_win_multi
        lines = Texts(TEXTS, self.language)["rules"]
        return [line.format(m=m, sf=sf, fk=fk, fl=fl) for line in lines]

    def view(self, seat: int | None) -> TableView:
        g = self.game
        if g is None:
            return TableView(self.stage, None, (), "", None, (), 0, 0, self.settings.hint)
        mine = seat == SEAT
        playable = tuple(legal_slots(g)) if self.stage is Stage.PLAY else ()
        lap = g.history[len(g.history) - g.played :] if g.played else []
        return TableView(
            stage=self.stage,
            observation=g.observation(SEAT) if mine else None,
            playable=playable if mine and seat in self._people else (),
            prompt=self._prompt(g),
            last=g.last,
            lap_cards=tuple(g.code(c) for c in lap),
            stock_count=g.stock_count,
            score=g.score,
            hint=self.settings.hint,
            bonuses=dict(zip(BONUS_KINDS, bonus_counts(g), strict=True)),
            cleared=g.cleared,
        )

    def _prompt(self, game: Game) -> str:
        """The TEXTS key of the bottom line: none on the title, "stuck" for a game over before
        its 48 cards, else the keys (with or without the hint's)."""
        if self.stage is Stage.TITLE:
            return ""
        if self.stage is Stage.OVER and not game.cleared:
            return "stuck"
        return "keys" if self.settings.hint else "keys_nohint"

    def hint(self) -> int | None:
        """The card the lookahead recommends (games.cool24.sim.hint_slot: greedy playouts in
        the numba kernel, up to 16,000 per card); None when hints are off or no game runs.
        Seeded by the cards played so far, so the game's own future is not touched."""
        if not self.in_game or self.game is None or not self.settings.hint:
            return None
        return hint_slot(self.game, seed=self.game.total_played)
