"""Argument checks and the column weights of the card model (pure Python + numpy).

Column c of a card holds `rows` distinct numbers of that column's `per_column` (rows = size, or
size - 1 for the centre column when the centre is free). With d numbers of the column drawn, the
number j of marked cells is hypergeometric and every j-subset of the rows is equally likely, so a
particular marked-row set of j cells has probability h(j) / C(rows, j).
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from functools import lru_cache
from math import comb

import numpy as np

MIN_SIZE, MAX_SIZE = 3, 10
MAX_PER_COLUMN = 999
# Largest threshold the exact DP handles, by board size (its tables stay under the limits of
# `_tables`; measured). A threshold above size * size never makes a bingo and needs no tables.
SUPPORTED_THRESHOLD = {3: 9, 4: 16, 5: 25, 6: 21, 7: 12, 8: 8, 9: 6, 10: 4}


def _int(name: str, value: object) -> int:
    if isinstance(value, bool):
        raise ValueError(f"{name} must be an integer, not {value!r}")
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise ValueError(f"{name} must be an integer, not {value!r}") from None


def check_board(
    size: object, per_column: object, threshold: object, free_center: object
) -> tuple[int, int, int, bool]:
    """Validated (size, per_column, threshold, free_center); ValueError names the argument."""
    size = _int("size", size)
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"size must be {MIN_SIZE}..{MAX_SIZE}, not {size}")
    per_column = _int("per_column", per_column)
    if not size <= per_column <= MAX_PER_COLUMN:
        raise ValueError(
            f"per_column must be {size}..{MAX_PER_COLUMN} for a {size}x{size} card "
            f"(a card holds {size} numbers of each column), not {per_column}"
        )
    threshold = _int("threshold", threshold)
    if threshold < 1:
        raise ValueError(f"threshold must be at least 1, not {threshold}")
    if not isinstance(free_center, (bool, np.bool_)):
        raise ValueError(f"free_center must be True or False, not {free_center!r}")
    free_center = bool(free_center)
    if free_center and size % 2 == 0:
        raise ValueError(f"free_center needs an odd size (size is {size})")
    return size, per_column, threshold, free_center


def check_drawn(drawn_per_column: object, size: int, per_column: int) -> tuple[int, ...]:
    name = "drawn_per_column"
    if isinstance(drawn_per_column, (str, bytes)) or not isinstance(
        drawn_per_column, (Sequence, np.ndarray)
    ):
        raise ValueError(f"{name} must be a sequence of {size} integers, not {drawn_per_column!r}")
    if len(drawn_per_column) != size:
        raise ValueError(
            f"{name} must have {size} entries (one per column), not {len(drawn_per_column)}"
        )
    out = []
    for c, value in enumerate(drawn_per_column):
        d = _int(f"{name}[{c}]", value)
        if not 0 <= d <= per_column:
            raise ValueError(f"{name}[{c}] must be 0..{per_column}, not {d}")
        out.append(d)
    return tuple(out)


def check_cards(cards: object) -> int:
    cards = _int("cards", cards)
    if cards < 1:
        raise ValueError(f"cards must be at least 1, not {cards}")
    return cards


def rows_of(column: int, size: int, free_center: bool) -> int:
    """How many numbers of `column` a card holds."""
    return size - 1 if free_center and column == size // 2 else size


@lru_cache(maxsize=4096)
def pattern_weights(drawn: int, rows: int, per_column: int) -> tuple[float, ...]:
    """P(one particular set of j marked rows), j = 0..rows, with `drawn` of the column drawn."""
    total = comb(per_column, rows)
    return tuple(
        comb(drawn, j) * comb(per_column - drawn, rows - j) / (total * comb(rows, j))
        for j in range(rows + 1)
    )


def weight_table(drawn: Sequence[int], size: int, per_column: int, free_center: bool) -> np.ndarray:
    """wtab[c, kind], kind = popcount + (size + 1) * [mask holds the centre row]."""
    base = size + 1
    wtab = np.zeros((size, 2 * base))
    for c, d in enumerate(drawn):
        if free_center and c == size // 2:
            w = pattern_weights(d, size - 1, per_column)
            wtab[c, base + 1 : base + size + 1] = w
        else:
            w = pattern_weights(d, size, per_column)
            wtab[c, :base] = w
            wtab[c, base:] = w
    return wtab


@lru_cache(maxsize=16)
def weight_rows(size: int, per_column: int, free_center: bool) -> np.ndarray:
    """rows[c, d] = row c of `weight_table` when d numbers of column c are drawn, so a batch
    of weight tables is one fancy index (rows[arange(size), counts]) instead of a Python loop."""
    rows = np.empty((size, per_column + 1, 2 * (size + 1)))
    for d in range(per_column + 1):
        rows[:, d] = weight_table((d,) * size, size, per_column, free_center)
    rows.setflags(write=False)
    return rows


def count_matrix(rows: int, size: int, per_column: int) -> np.ndarray:
    """H[d, j] = pattern weight of j marked rows with d numbers of the column drawn (j <= size)."""
    out = np.zeros((per_column + 1, size + 1))
    for d in range(per_column + 1):
        out[d, : rows + 1] = pattern_weights(d, rows, per_column)
    return out


def any_of(p: np.ndarray, cards: int) -> np.ndarray:
    """1 - (1 - p)^cards without cancellation for tiny p."""
    p = np.clip(p, 0.0, 1.0)
    with np.errstate(divide="ignore"):
        return np.asarray(-np.expm1(cards * np.log1p(-p)))
