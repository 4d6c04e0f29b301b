"""Brute-force reference: every marked-cell pattern of the card, flood-filled (sizes <= 5).

Slow and obviously correct; the tests compare the DP with it. Cells are bits c * n + r.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from bingo.probability._jit import F64, Array, jit


@jit
def _popcount(x: int | np.integer[Any]) -> int:
    count = 0
    while x:
        x &= x - 1
        count += 1
    return count


@jit
def has_bingo(pattern: int, n: int, threshold: int) -> bool:
    """True when some 4-connected group of set bits has >= threshold cells."""
    full = (np.int64(1) << (n * n)) - 1
    top = np.int64(0)  # bits of row 0
    bottom = np.int64(0)  # bits of row n - 1
    for c in range(n):
        top |= np.int64(1) << (c * n)
        bottom |= np.int64(1) << (c * n + n - 1)
    rest = np.int64(pattern)
    while rest:
        comp = rest & -rest
        while True:
            grow = comp | ((comp << 1) & ~top) | ((comp >> 1) & ~bottom)
            grow |= (comp << n) | (comp >> n)
            grow &= rest & full
            if grow == comp:
                break
            comp = grow
        if _popcount(comp) >= threshold:
            return True
        rest &= ~comp
    return False


@jit
def _column_kinds(pattern: int, n: int, centre_row: int) -> Array:
    kinds = np.empty(n, np.int64)
    for c in range(n):
        col = (pattern >> (c * n)) & ((1 << n) - 1)
        has_centre = 1 if centre_row >= 0 and (col >> centre_row) & 1 else 0
        kinds[c] = _popcount(col) + (n + 1) * has_centre
    return kinds


@jit
def bingo_probability(n: int, threshold: int, wtab: F64, centre_row: int) -> float:
    """P(bingo) as the weighted sum over all 2^(n*n) patterns (wtab as in the DP)."""
    total = 0.0
    for pattern in range(np.int64(1) << (n * n)):
        kinds = _column_kinds(pattern, n, centre_row)
        weight = 1.0
        for c in range(n):
            weight *= wtab[c, kinds[c]]
            if weight == 0.0:
                break
        if weight == 0.0:
            continue
        if has_bingo(pattern, n, threshold):
            total += weight
    return total


@jit
def no_bingo_counts_by_columns(n: int, threshold: int, centre_col: int) -> F64:
    """Same table as the DP's `no_bingo_counts(..., by_columns=True)`, by enumeration."""
    base = n + 1
    out = np.zeros(base**n)
    centre_bit = -1
    if centre_col >= 0:
        centre_bit = centre_col * n + n // 2
    for pattern in range(np.int64(1) << (n * n)):
        if centre_bit >= 0 and not (pattern >> centre_bit) & 1:
            continue
        if has_bingo(pattern, n, threshold):
            continue
        idx = 0
        for c in range(n):
            col = (pattern >> (c * n)) & ((1 << n) - 1)
            j = _popcount(col)
            if c == centre_col:
                j -= 1
            idx = idx * base + j
        out[idx] += 1.0
    return out


@jit
def unfolded_no_bingo(ptr: Array, dst: Array, kind: Array, wtab: F64) -> float:
    """P(no bingo) by the plain column DP over every frontier state (no mirror folding, no
    pruning, one push per transition): the reference for boards too big to enumerate."""
    n_states = ptr.size - 1
    v = np.zeros(n_states)
    v[0] = 1.0
    for c in range(wtab.shape[0]):
        w = np.zeros(n_states)
        for s in range(n_states):
            for t in range(ptr[s], ptr[s + 1]):
                w[dst[t]] += v[s] * wtab[c, kind[t]]
        v = w
    return float(v.sum())
