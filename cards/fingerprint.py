"""A short fingerprint of the settings that decide what a card's cells mean.

Written into the PDF metadata and the registry, so a registry, its PDF and a later `--append`
can be checked to belong to the same board. Only what changes the meaning of a card counts
(board shape, numbers, free centre, bingo threshold, column names); colours, images, page size
and fonts change the look, not which card wins, and so are left out.
"""

from __future__ import annotations

import hashlib
import json

from bingo.config import Config

FINGERPRINT_LENGTH = 16  # hex digits of SHA-256: plenty to tell configs apart, short to print


def fingerprint_fields(config: Config) -> dict[str, object]:
    """The settings the fingerprint covers, by name."""
    b = config.board
    return {
        "size": b.size,
        "numbers_per_column": b.numbers_per_column,
        "free_center": b.free_center,
        "threshold": b.threshold,
        "columns": list(config.columns.names),
    }


def config_fingerprint(config: Config) -> str:
    """16 hex digits; equal exactly when every field of `fingerprint_fields` is equal."""
    text = json.dumps(fingerprint_fields(config), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:FINGERPRINT_LENGTH]


def board_text(config: Config) -> str:
    """The board in a few words, e.g. "5x5, 1-75, free centre"."""
    b = config.board
    free = ", free centre" if b.free_center else ""
    return f"{b.size}x{b.size}, 1-{b.total_numbers}{free}"
