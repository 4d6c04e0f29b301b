"""What the phones may see, followed from the journal and the show's side files. No aiohttp.

`ShowFollower.poll()` is cheap when nothing changed (two `stat` calls); when the journal or
`.shown` changed it replays the journal through the journal's own reader (so the chain is
checked as the show checks it) and works out the numbers the room has seen.

A verdict on a claim belongs to the draw it was given at (its line carries `count`): once an
undo takes the draw below that count, or the card no longer says what the verdict said, the
phone is shown the card as it is now, never an old verdict beside it. A "bingo" verdict whose
winner the journal has withdrawn since (an undo of its ball, or the host) says so instead.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bingo.config import Config
from bingo.config_texts import JOURNAL_TABLES
from bingo.journal import read_journal
from bingo.showlink import (
    PAUSED_AFTER,
    LineFollower,
    game_id,
    pause_path,
    read_pause,
    shown_path,
    verdicts_path,
    visible_draws,
)
from cards.check import BINGO, check_card
from cards.model import BingoCard
from eventkit.errors import UserError
from eventkit.tomlconf import phrase

RECENT_CALLS = 5  # the last calls the phones list, newest first


@dataclass(frozen=True)
class Snapshot:
    """The draw as the room has seen it."""

    version: int
    game: str | None
    drawn: tuple[int, ...]
    paused: bool
    problem: str | None = None
    reason: str | None = None  # why the show holds the draw up (its `.pause`: "disk_full", ...)


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

    def __init__(self, journal: Path, *, clock: Callable[[], float] = time.time) -> None:
        self.journal = journal
        self._clock = clock
        self._stamps = _FileStamp()
        self._shown_lines = LineFollower(shown_path(journal))
        self._last_shown: dict[str, Any] | None = None
        self._pause: dict[str, Any] | None = None
        self._history: list[int] = []
        self._game: str | None = None
        # how many numbers were drawn after each journal event (0 before the first), and the
        # lowest count reached from each event on: an undo below a verdict's count voids it
        self._lengths: list[int] = [0]
        self._floor_from: list[int] = [0]
        self._verdicts = LineFollower(verdicts_path(journal))
        self.verdicts: dict[str, dict[str, Any]] = {}  # claim id -> verdict line
        # claim id -> the journal event its verdict was given at (None: not read that far yet)
        self._verdict_since: dict[str, int | None] = {}
        # card serial -> why its win was withdrawn ("undo" | "host"), for cards not winners now
        self.withdrawn: dict[int, str] = {}
        self._withdrawn_shown: dict[int, str] = {}
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
        if self._stamps.changed("pause", pause_path(self.journal)):
            self._pause = read_pause(self.journal)
        reason = None
        if self._pause is not None and self._pause.get("game") == self._game:
            reason = str(self._pause["reason"])  # the show cannot write its journal
        drawn = tuple(visible_draws(self._history, self._last_shown, self._game))
        paused = reason is not None or self._paused()
        old = self.snapshot
        same = (drawn, paused, problem, self._game) == (
            old.drawn,
            old.paused,
            old.problem,
            old.game,
        ) and reason == old.reason
        if same and self.withdrawn == self._withdrawn_shown:
            return False
        self._withdrawn_shown = dict(self.withdrawn)  # a win withdrawn: the cards are sent again
        self.snapshot = Snapshot(old.version + 1, self._game, drawn, paused, problem, reason)
        return True

    def _replay(self) -> str | None:
        if not self.journal.exists():
            self._history, self._game = [], None
            self.withdrawn = {}
            self._set_events([])
            return None
        try:
            state = read_journal(self.journal)
        except UserError as exc:
            return str(exc)  # keep what was shown; say so on the board
        except OSError as exc:
            return phrase(
                JOURNAL_TABLES, "unreadable", path=self.journal, reason=exc.strerror or exc
            )
        self._history = list(state.history) if state is not None else []
        self._game = game_id(self.journal)
        self.withdrawn = {}
        if state is not None:
            winners = {w.serial for w in state.winners}
            for withdrawal in state.withdrawn:
                if withdrawal.serial not in winners:  # (recorded again since: a winner)
                    self.withdrawn[withdrawal.serial] = withdrawal.reason
        self._set_events(state.events if state is not None else [])
        return None

    def _set_events(self, events: list[tuple[str, int]]) -> None:
        lengths = [0]
        for kind, _number in events:
            lengths.append(lengths[-1] + (1 if kind == "draw" else -1))
        floor = lengths[:]
        for i in range(len(floor) - 2, -1, -1):
            floor[i] = min(floor[i], floor[i + 1])
        self._lengths, self._floor_from = lengths, floor

    def _paused(self) -> bool:
        try:
            age = self._clock() - os.stat(shown_path(self.journal)).st_mtime
        except OSError:
            return True
        return bool(age > PAUSED_AFTER)

    def new_verdicts(self) -> list[dict[str, Any]]:
        """Verdict lines of this game written by the show since the last call."""
        out = []
        for line in self._verdicts.read_new():
            if line.get("game") == self._game and isinstance(line.get("claim"), str):
                self.verdicts[line["claim"]] = line
                self._verdict_since[line["claim"]] = self._given_at(line.get("count"))
                out.append(line)
        return out

    def _given_at(self, count: object) -> int | None:
        """The journal event a verdict at `count` was given after: the last time the draw stood
        at `count` so far (a verdict read late, or by a restarted server, cannot say more);
        None while the journal as read has not reached `count` (read again next time)."""
        if not isinstance(count, int):
            return 0
        for index in range(len(self._lengths) - 1, -1, -1):
            if self._lengths[index] == count:
                return index
        return None

    def verdict_holds(self, claim_id: str) -> bool:
        """True while the draw has not gone below the count the claim's verdict was given at
        (an undo below it, even if drawn again since, means other numbers were checked)."""
        line = self.verdicts.get(claim_id)
        if line is None:
            return False
        count = line.get("count")
        if not isinstance(count, int):  # an old line without a count: the card decides alone
            return True
        if len(self.snapshot.drawn) < count:
            return False
        since = self._verdict_since.get(claim_id)
        if since is None:
            since = self._verdict_since[claim_id] = self._given_at(count)
            if since is None:
                return False
        since = min(since, len(self._floor_from) - 1)
        return self._floor_from[since] >= count


def recent_calls(config: Config, drawn: tuple[int, ...]) -> list[dict[str, Any]]:
    """The last few calls, newest first, each with its column's name and colours ("L 22")."""
    out = []
    for number in reversed(drawn[-RECENT_CALLS:]):
        c = config.board.column_of(number)
        out.append(
            {
                "n": number,
                "column": config.columns.names[c],
                "colour": config.columns.fill[c],
                "outline": config.columns.outline[c],
            }
        )
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
        "recent": recent_calls(config, snapshot.drawn),
        "columns": columns,
        "paused": snapshot.paused,
        "problem": snapshot.problem,
        "pause_reason": snapshot.reason,
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
        "count": len(snapshot.drawn),
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


def claim_state(
    card: dict[str, Any],
    claim_id: str | None,
    claim_time: str | None,
    verdict: dict[str, Any] | None,
    holds: bool,
    withdrawn: str | None = None,
) -> dict[str, Any]:
    """What the phone says of its card's latest claim, and how its ビンゴ! button looks.

    `card` is `card_view`'s message, `verdict` the show's verdict line (None while the host is
    checking) and `holds` whether it still belongs to the draw (`ShowFollower.verdict_holds`).
    A verdict is shown only while it holds and agrees with the card now; otherwise the phone
    shows no claim, so a refused card that wins later can be claimed again. The button is
    "off" when a claim makes no sense (nothing drawn, a claim being checked, a confirmed win),
    "ready" (big) when the card has a bingo, "quiet" otherwise.
    `withdrawn`: why the card's win was taken back since ("undo" | "host"; None: it was not):
    a "bingo" verdict then reads as withdrawn, and the card may be claimed again.
    """
    claim: dict[str, Any] | None = None
    if claim_id is not None:
        if verdict is None:
            claim = {"id": claim_id, "time": claim_time, "verdict": None}
        else:
            said = str(verdict.get("verdict"))
            if said == BINGO and withdrawn is not None:
                claim = {"id": claim_id, "time": claim_time, "verdict": "withdrawn"}
                claim["reason"] = withdrawn
            elif holds and (said == BINGO) == bool(card["bingo"]):
                claim = {"id": claim_id, "time": claim_time, "verdict": said}
    if card["count"] == 0 or (claim is not None and claim["verdict"] in (None, BINGO)):
        button = "off"
    else:
        button = "ready" if card["bingo"] else "quiet"
    return {"claim": claim, "claim_button": button}
