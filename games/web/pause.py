"""The journal's full disk: nothing is taken that is not on disk, so play pauses until there is
space again (the hub's part beside its journal, games.web.journal).

While the disk is full every write the hub tries raises the ``disk_full`` refusal, the phones
are told (``{"type": "disk", "full": true}``, in their language by the page) and the rooms'
tasks wait on `space`; the hub's timer calls `try_resume` every second, which writes a record
when there is room for more than the next one. A full disk met by the journal's writer thread
(group commit: the sync fails, not the append) pauses the same way; the records it could not
make durable, and everything told after them, wait until `try_resume` has written them again.

The host's terminal hears of it through this module's logger (`log`, "games.web.pause"), one
line per FULL_SAY_EVERY seconds however many writes were refused, and one line when play goes
on. Every line of this logger is for the host as it is: `games serve` shows them on stderr
unthrottled (games.web.command.show_host_lines), apart from the serving loop's throttled log.
"""

from __future__ import annotations

import asyncio
import logging
import shutil
import time
from collections.abc import Callable

from eventkit.errors import UserError
from games.common.table import Refused
from games.web.journal import Journal
from games.web.texts import refusal

log = logging.getLogger(__name__)
FULL_SAY_EVERY = 10.0  # seconds between the terminal's lines about a full disk
RESUME_FREE = 16 * 1024  # free bytes on the journal's disk for play to go on after a pause


class DiskPause:
    """Whether play is paused for the journal's full disk; `tell(full)` tells every phone."""

    def __init__(self, journal: Journal, language: str, tell: Callable[[bool], None]) -> None:
        self.journal = journal
        self.language = language
        self.tell = tell
        self.full = False  # the journal's disk is full: play pauses until space is back
        self.space = asyncio.Event()  # set while there is space (the rooms' tasks wait on it)
        self.space.set()
        self._said = -FULL_SAY_EVERY  # when the terminal was last told (time.monotonic)
        self._tries = 0  # writes refused since the terminal was last told
        journal.on_full = self.disk_full

    def disk_full(self, exc: OSError) -> Exception:
        """The journal could not be written (its disk is full): play pauses, every phone is
        told, the terminal gets one line per FULL_SAY_EVERY seconds. What the journal's write
        raises: the ``disk_full`` refusal."""
        if not self.full:
            self.full = True
            self.space.clear()
            self.tell(True)
        self._tries += 1
        now = time.monotonic()
        if now - self._said >= FULL_SAY_EVERY:
            more = f" ({self._tries} writes refused)" if self._tries > 1 else ""
            log.warning(
                "the disk of %s is full (%s): play is paused until there is space again%s",
                self.journal.path.parent,
                exc.strerror or exc,
                more,
            )
            self._said, self._tries = now, 0
        return refusal(self.language, "disk_full")

    def try_resume(self) -> bool:
        """While paused: True when a record could be written (space is back: play goes on and
        the phones are told; the hub re-arms its rooms), False while still full. True when
        play was not paused."""
        if not self.full:
            return True
        try:  # room for more than the next record, or play would stop again at once
            if shutil.disk_usage(self.journal.path.parent).free < RESUME_FREE:
                return False
            self.journal.repair()  # a grouped sync that failed: its records written again
            self.journal.write({"k": "space"})  # no room: the restore passes over it
        except (OSError, Refused, UserError):
            return False
        self.full = False
        self.space.set()
        self.tell(False)
        log.info("there is disk space again: play goes on")
        self._said = -FULL_SAY_EVERY
        return True
