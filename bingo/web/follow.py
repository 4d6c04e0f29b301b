"""What the phones may see, followed from the journal and the show's side files. No aiohttp.

`ShowFollower.poll()` is cheap when nothing changed (two `stat` calls); when the journal or
`.shown` changed it replays the journal through the journal's own reader (so the chain is
checked as the show checks it) and works out the numbers the room has seen.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bingo.config import Config
from bingo.journal import read_journal
from bingo.showlink import (
    PAUSED_AFTER,
    LineFollower,
    game_id,
    shown_path,
    verdicts_path,
    visible_draws,
)
from cards.check import BINGO, check_card
from cards.model import BingoCard
from eventkit.errors import UserError


@dataclass(frozen=True)
class Snapshot:
    """The draw as the room has seen it."""

    version: int
    game: str | None
    drawn: tuple[int, ...]
    paused: bool
    problem: str | None = None


@dataclass
class _FileStamp:
    stamps: dict[str, tuple[int, int, int] | None] = field(default_factory=dict)

    def changed(self, name: str, path: Path) -> bool:
        try:
            info = os.stat(path)
            stamp = (info.st_ino, info.st_size, info.st_mtime_ns)
        except OSError:
            stamp = None
        if self.stamps.get(name, ()) == stamp:
            return False
        self.stamps[name] = stamp
        return True

    def forget(self, name: str) -> None:
        self.stamps.pop(name, None)


class ShowFollower:
    """Follows one journal (by path: a new game's new file is picked up too)."""

    def __init__(self, journal: Path, *, clock=time.time) -> None:
        self.journal = journal
        self._clock = clock
        self._stamps = _FileStamp()
        self._shown_lines = LineFollower(shown_path(journal))
        self._last_shown: dict[str, Any] | None = None
        self._history: list[int] = []
        self._game: str | None = None
        self._verdicts = LineFollower(verdicts_path(journal))
        self.verdicts: dict[str, dict[str, Any]] = {}  # claim id -> verdict line
        self.snapshot = Snapshot(0, None, (), paused=True)

    def poll(self) -> bool:
        """Look at the files; True when the snapshot changed."""
        journal_changed = self._stamps.changed("journal", self.journal)
        problem = self.snapshot.problem
        if journal_changed:
            problem = self._replay()
            if problem is not None:  # e.g. read between the record and its head file: retry
                self._stamps.forget("journal")
        lines = self._shown_lines.read_new()
        if self._shown_lines.reset:  # a new file: what the old one said no longer holds
            self._last_shown = None
        for line in lines:
            self._last_shown = line
        drawn = tuple(visible_draws(self._history, self._last_shown, self._game))
        paused = self._paused()
        old = self.snapshot
        if (drawn, paused, problem, self._game) == (old.drawn, old.paused, old.problem, old.game):
            return False
        self.snapshot = Snapshot(old.version + 1, self._game, drawn, paused, problem)
        return True

    def _replay(self) -> str | None:
        if not self.journal.exists():
            self._history, self._game = [], None
            return None
        try:
            state = read_journal(self.journal)
        except UserError as exc:
            return str(exc)  # keep what was shown; say so on the board
        except OSError as exc:
            return f"journal {self.journal} cannot be read: {exc}"
        self._history = list(state.history) if state is not None else []
        self._game = game_id(self.journal)
        return None

    def _paused(self) -> bool:
        try:
            age = self._clock() - os.stat(shown_path(self.journal)).st_mtime
        except OSError:
            return True
        return age > PAUSED_AFTER

    def new_verdicts(self) -> list[dict[str, Any]]:
        """Verdict lines of this game written by the show since the last call."""
        out = []
        for line in self._verdicts.read_new():
            if line.get("game") == self._game and isinstance(line.get("claim"), str):
                self.verdicts[line["claim"]] = line
                out.append(line)
        return out


def board_view(config: Config, snapshot: Snapshot) -> dict[str, Any]:
    """The public board: numbers called by column, the last number, the count."""
    b = config.board
    columns = []
    for c, name in enumerate(config.columns.names):
        numbers = b.numbers_of_column(c)
        columns.append(
            {
                "name": name,
                "colour": config.columns.fill[c],
                "outline": config.columns.outline[c],
                "called": [n for n in snapshot.drawn if n in numbers],
                "first": numbers.start,
                "last": numbers.stop - 1,
            }
        )
    return {
        "type": "board",
        "version": snapshot.version,
        "title": config.event.title,
        "lang": config.event.language,
        "total": b.total_numbers,
        "count": len(snapshot.drawn),
        "last": snapshot.drawn[-1] if snapshot.drawn else None,
        "drawn": list(snapshot.drawn),
        "columns": columns,
        "paused": snapshot.paused,
        "problem": snapshot.problem,
    }


def card_view(config: Config, card: BingoCard, snapshot: Snapshot) -> dict[str, Any]:
    """One card as the phone draws it; the rule (cards.check) is applied here, not in the JS."""
    result = check_card(card, snapshot.drawn, config.board.threshold)
    best = result.groups[0] if result.groups else frozenset()
    rows = []
    for r, row in enumerate(card.rows):
        cells = []
        for c, number in enumerate(row):
            cells.append(
                {
                    "n": number,
                    "marked": result.marked[r][c],
                    "best": (r, c) in best,
                    "win": (r, c) in result.winning_cells,
                }
            )
        rows.append(cells)
    return {
        "type": "card",
        "version": snapshot.version,
        "serial": card.serial,
        "threshold": config.board.threshold,
        "verdict": result.verdict,
        "bingo": result.verdict == BINGO,
        "reach_numbers": list(result.reach_numbers),
        "best_size": len(best),
        "rows": rows,
        "columns": [
            {"name": name, "colour": config.columns.fill[c], "outline": config.columns.outline[c]}
            for c, name in enumerate(config.columns.names)
        ],
    }
