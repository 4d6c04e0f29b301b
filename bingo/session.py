"""The draw: the pool of numbers, the history and undo. No Qt.

Every change goes to the journal (flushed and fsync'd) before it is visible to the caller, so a
crash, a kill -9 or a power cut loses nothing: opening the session again resumes exactly there.
"""

from __future__ import annotations

import random
import re
import secrets
from datetime import datetime
from pathlib import Path

from bingo.config import Config
from bingo.journal import BoardSignature, Journal, JournalError, read_journal
from eventkit.errors import UserError
from eventkit.paths import user_data_dir


class SessionError(UserError):
    """An action that cannot be done now (draw when all are out, undo with nothing drawn)."""


def board_signature(config: Config) -> BoardSignature:
    b = config.board
    return BoardSignature(b.size, b.numbers_per_column, b.free_center)


def default_journal_path(config: Config, *, rehearsal: bool = False) -> Path:
    """One journal per event: named after the title and the board, in the user's data folder.

    A seeded rehearsal gets its own file, so the real draw never resumes a rehearsal's numbers.
    """
    base = config.display.journal_dir or (user_data_dir() / "journals")
    slug = re.sub(r"[^\w-]+", "_", config.event.title).strip("_") or "bingo"
    b = config.board
    suffix = "-rehearsal" if rehearsal else ""
    return Path(base) / f"{slug}-{b.size}x{b.size}-{b.numbers_per_column}{suffix}.jsonl"


def _set_aside(path: Path) -> Path:
    """Rename an old journal so a new game can start; the old one is kept, never deleted."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}-{stamp}{path.suffix}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.stem}-{stamp}-{n}{path.suffix}")
    path.rename(target)
    torn = path.with_name(path.name + ".torn")
    if torn.exists():
        torn.rename(target.with_name(target.name + ".torn"))
    return target


class DrawSession:
    """A bingo draw bound to one journal file."""

    def __init__(
        self, config: Config, journal: Journal, rng: random.Random, *, resumed: bool = False
    ) -> None:
        self.config = config
        self._journal = journal
        self._rng = rng
        self.resumed = resumed
        self.warnings: list[str] = list(journal.state.warnings)
        self.resume_message: str | None = None
        self.set_aside: Path | None = None
        if resumed:
            count = len(self.history)
            self.resume_message = f"Resumed: {count} draws restored from {journal.path.name}"
            if self.warnings:
                self.resume_message += " (" + "; ".join(self.warnings) + ")"

    @classmethod
    def open(
        cls,
        config: Config,
        journal_path: str | Path | None = None,
        *,
        new: bool = False,
        seed: int | None = None,
    ) -> DrawSession:
        """Resume the event's journal if it has draws, else start one.

        `new` keeps the old journal aside and starts a fresh game. A journal made for another
        board with numbers drawn is refused (JournalError), never silently reinterpreted.
        """
        if seed is None:
            seed = config.event.seed
        if journal_path:
            path = Path(journal_path)
        else:
            path = default_journal_path(config, rehearsal=seed is not None)
        rng: random.Random = secrets.SystemRandom() if seed is None else random.Random(seed)
        signature = board_signature(config)
        set_aside = None
        if path.exists() and not new:
            state = read_journal(path, repair=True)
            if state.board != signature or any(
                not 1 <= n <= config.board.total_numbers for n in state.history
            ):
                if state.history:
                    raise JournalError(
                        f"journal {path} has {len(state.history)} numbers drawn on a "
                        f"{state.board.describe()}, but config.toml now sets a "
                        f"{signature.describe()}: put board.size / board.numbers_per_column / "
                        "board.free_center back, or start a new game with --new "
                        "(the old journal is kept)"
                    )
                set_aside = _set_aside(path)
            else:
                journal = Journal(path, state)
                return cls(config, journal, rng, resumed=bool(state.history))
        elif path.exists() and new:
            set_aside = _set_aside(path)
        journal = Journal.create(path, signature, config.event.title)
        session = cls(config, journal, rng)
        session.set_aside = set_aside
        return session

    # ------------------------------------------------------------------ state

    @property
    def journal_path(self) -> Path:
        return self._journal.path

    @property
    def history(self) -> list[int]:
        return self._journal.state.history

    @property
    def total(self) -> int:
        return self.config.board.total_numbers

    @property
    def remaining(self) -> list[int]:
        drawn = set(self.history)
        return [n for n in range(1, self.total + 1) if n not in drawn]

    @property
    def last(self) -> int | None:
        return self.history[-1] if self.history else None

    @property
    def finished(self) -> bool:
        return len(self.history) >= self.total

    def is_drawn(self, number: int) -> bool:
        return number in self.history

    def drawn_per_column(self) -> list[int]:
        counts = [0] * self.config.board.size
        for number in self.history:
            counts[self.config.board.column_of(number)] += 1
        return counts

    # ------------------------------------------------------------------ actions

    def draw(self) -> int:
        """Draw one of the remaining numbers, uniformly; it is on disk when this returns."""
        remaining = self.remaining
        if not remaining:
            raise SessionError("all numbers have been drawn: start a new game (R)")
        number = remaining[self._rng.randrange(len(remaining))]
        self._journal.append_draw(number)
        return number

    def undo(self) -> int:
        """Take back the last draw (journaled as an undo record; the draw stays on record)."""
        if not self.history:
            raise SessionError("nothing to undo: no number has been drawn yet")
        number = self.history[-1]
        self._journal.append_undo(number)
        return number

    def new_game(self) -> None:
        """Keep the current journal aside and start a fresh game in the same file name."""
        path = self._journal.path
        self._journal.close()
        self.set_aside = _set_aside(path)
        self._journal = Journal.create(path, board_signature(self.config), self.config.event.title)
        self.resumed = False
        self.resume_message = None
        self.warnings = []

    def close(self) -> None:
        self._journal.close()
