"""The page's files and the numbers' images, answered from memory: moved to eventkit.web.files
(the games' tables serve theirs the same way); kept here under its old name."""

from __future__ import annotations

from eventkit.web.files import MAX_FILE, MAX_TOTAL, RECHECK, MemoryFiles

__all__ = ["MAX_FILE", "MAX_TOTAL", "RECHECK", "MemoryFiles"]
