"""The bingo card value type shared by the generator, the registry and the draw display."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

FREE = None  # the free centre cell; always marked


@dataclass(frozen=True)
class BingoCard:
    """A card: `rows[r][c]` is the number in row r, column c, or None for the free centre."""

    serial: int
    rows: tuple[tuple[int | None, ...], ...]

    @property
    def size(self) -> int:
        return len(self.rows)

    def numbers(self) -> list[int]:
        return [n for row in self.rows for n in row if n is not None]

    def marked(self, drawn: Iterable[int]) -> tuple[tuple[bool, ...], ...]:
        """Which cells are marked once the numbers in `drawn` are out (free centre always)."""
        drawn_set = set(drawn)
        return tuple(tuple(n is None or n in drawn_set for n in row) for row in self.rows)

    def column(self, c: int) -> tuple[int | None, ...]:
        return tuple(row[c] for row in self.rows)
