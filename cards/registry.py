"""The card registry: one CSV row per card (`serial, r1c1, r1c2, …`), FREE for the free centre.

The generator writes it next to the PDF; the draw display reads it to check a claimed card.
"""

from __future__ import annotations

import csv
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import TextIO

from cards.model import BingoCard
from eventkit.errors import UserError

FREE_TEXT = "FREE"


class RegistryError(UserError):
    """The registry file is missing or malformed; the message names the file and the line."""


def header(size: int) -> list[str]:
    return ["serial"] + [f"r{r + 1}c{c + 1}" for r in range(size) for c in range(size)]


class RegistryWriter:
    """Writes the registry one card at a time to an open text file (newline="")."""

    def __init__(self, f: TextIO, size: int) -> None:
        self._writer = csv.writer(f)
        self._writer.writerow(header(size))

    def write(self, card: BingoCard) -> None:
        cells = [FREE_TEXT if n is None else str(n) for row in card.rows for n in row]
        self._writer.writerow([str(card.serial), *cells])


def write_registry(path: str | Path, cards: Iterable[BingoCard]) -> None:
    """Write the registry atomically (temporary file, then rename)."""
    path = Path(path)
    cards = list(cards)
    size = cards[0].size if cards else 0
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent or ".")
    try:
        with os.fdopen(fd, "w", newline="", encoding="utf-8") as f:
            writer = RegistryWriter(f, size)
            for card in cards:
                writer.write(card)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def read_registry(path: str | Path) -> dict[int, BingoCard]:
    """Read a registry into {serial: card}."""
    path = Path(path)
    try:
        with path.open(newline="", encoding="utf-8") as f:
            rows = list(csv.reader(f))
    except FileNotFoundError:
        raise RegistryError(
            f"card registry {path} not found: give the .csv written next to the cards PDF"
        ) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise RegistryError(f"card registry {path} cannot be read: {exc}") from None
    if not rows or not rows[0] or rows[0][0] != "serial":
        raise RegistryError(f"{path} is not a card registry: its first column must be 'serial'")
    cell_count = len(rows[0]) - 1
    size = int(round(cell_count**0.5))
    if size * size != cell_count or rows[0] != header(size):
        raise RegistryError(f"{path}: header must be serial, r1c1, r1c2, … for a square card")
    cards: dict[int, BingoCard] = {}
    for line_no, row in enumerate(rows[1:], start=2):
        if not row:
            continue
        if len(row) != cell_count + 1:
            raise RegistryError(f"{path} line {line_no}: expected {cell_count + 1} fields")
        try:
            serial = int(row[0])
            cells = [None if v == FREE_TEXT else int(v) for v in row[1:]]
        except ValueError:
            raise RegistryError(
                f"{path} line {line_no}: serial and cells must be numbers (or FREE)"
            ) from None
        if serial in cards:
            raise RegistryError(f"{path} line {line_no}: serial {serial} appears twice")
        grid = tuple(tuple(cells[r * size : (r + 1) * size]) for r in range(size))
        cards[serial] = BingoCard(serial, grid)
    return cards
