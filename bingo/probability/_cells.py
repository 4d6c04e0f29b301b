"""The column transfer done one cell at a time (the broken-profile form of the DP).

`_tables` applies a column as one step per (state, column mask): about 160 edges per state on
10x10. Here the new column is added one row at a time: layer r holds the states whose rows
0..r-1 are cells of the new column and rows r..n-1 cells of the old one, and each state has two
successors (row r marked or not), so a column costs about 2 * n pushes per intermediate state.
Layer 0 is every frontier state of `_tables` (unfolded) and layer n maps back to them; the
weight of the column (by its marked count) is applied at the end, to the frontier state's kind.
A state whose new marks already exceed the column's largest possible count, or can no longer
reach its smallest, is skipped.
"""

from __future__ import annotations

import numpy as np
from numba import njit, types
from numba.typed import Dict

_LABEL_BITS = 3
_LABEL_MASK = 7


@njit(cache=True)
def _decode(code, n, size_shift, size_bits, lab, sizes):
    """Labels per row and sizes per label (1-based) of a packed state; returns the label count."""
    n_labels = 0
    for r in range(n):
        lab[r] = (code >> (_LABEL_BITS * r)) & _LABEL_MASK
        if lab[r] > n_labels:
            n_labels = lab[r]
    size_mask = (1 << size_bits) - 1
    for g in range(n_labels):
        sizes[g + 1] = (code >> (size_shift + size_bits * g)) & size_mask
    return n_labels


@njit(cache=True)
def _encode(n, lab, sizes, size_shift, size_bits, newlab):
    """Pack with labels renumbered in order of appearance (groups with no row are dropped)."""
    newlab[:] = 0
    code = np.int64(0)
    nxt = 1
    for r in range(n):
        g = lab[r]
        if g == 0:
            continue
        if newlab[g] == 0:
            newlab[g] = nxt
            code |= np.int64(sizes[g]) << (size_shift + size_bits * (nxt - 1))
            nxt += 1
        code |= np.int64(newlab[g]) << (_LABEL_BITS * r)
    return code


@njit(cache=True)
def _step(code, r, mark, n, threshold, size_shift, size_bits, lab, sizes, newlab):
    """The state after deciding row r of the new column; -1 when marking it makes a bingo."""
    n_labels = _decode(code, n, size_shift, size_bits, lab, sizes)
    if not mark:
        lab[r] = 0
        return _encode(n, lab, sizes, size_shift, size_bits, newlab)
    left = lab[r]  # the old column's cell in this row
    up = lab[r - 1] if r > 0 else 0  # the new column's cell above
    total = 1
    if left > 0:
        total += sizes[left]
    if up > 0 and up != left:
        total += sizes[up]
    if total >= threshold:
        return -1
    if left > 0:
        target = left
        if up > 0 and up != left:
            for q in range(n):
                if lab[q] == up:
                    lab[q] = left
    elif up > 0:
        target = up
    else:
        target = n_labels + 1
    lab[r] = target
    sizes[target] = total
    return _encode(n, lab, sizes, size_shift, size_bits, newlab)


@njit(cache=True)
def _build(codes, n, threshold, size_bits):
    """Layers of intermediate states from the frontier codes of `_tables` (6-bit sizes at bit
    30). Returns (layer_start, next0, next1, marks, last_to_frontier): next* are global indices
    (-1: bingo), marks = new-column marks so far, last_to_frontier maps layer n to `codes`."""
    size_shift = _LABEL_BITS * n
    lab = np.zeros(n, np.int64)
    sizes = np.zeros(16, np.int64)
    newlab = np.zeros(16, np.int64)
    # layer 0: the frontier states re-packed with `size_bits`-bit sizes
    layer = np.empty(codes.size, np.int64)
    for i in range(codes.size):
        _decode(codes[i], n, 30, 6, lab, sizes)
        layer[i] = _encode(n, lab, sizes, size_shift, size_bits, newlab)
    all_codes = [layer]
    starts = [0]
    nexts0 = []
    nexts1 = []
    base = 0
    for r in range(n):
        index = Dict.empty(key_type=types.int64, value_type=types.int64)
        out = []
        nx0 = np.empty(layer.size, np.int64)
        nx1 = np.empty(layer.size, np.int64)
        next_base = base + layer.size
        for i in range(layer.size):
            for mark in range(2):
                new = _step(layer[i], r, mark, n, threshold, size_shift, size_bits, lab, sizes,
                            newlab)  # fmt: skip
                j = -1
                if new >= 0:
                    if new in index:
                        j = index[new]
                    else:
                        j = len(out)
                        index[new] = j
                        out.append(new)
                    j += next_base
                if mark:
                    nx1[i] = j
                else:
                    nx0[i] = j
        nexts0.append(nx0)
        nexts1.append(nx1)
        layer = np.array(out, np.int64)
        all_codes.append(layer)
        base = next_base
        starts.append(base)
    total = base + layer.size
    layer_start = np.empty(n + 2, np.int64)
    for r in range(n + 1):
        layer_start[r] = starts[r]
    layer_start[n + 1] = total
    next0 = np.full(total, -1, np.int64)
    next1 = np.full(total, -1, np.int64)
    marks = np.zeros(total, np.int8)
    for r in range(n):
        lo = layer_start[r]
        for i in range(nexts0[r].size):
            next0[lo + i] = nexts0[r][i]
            next1[lo + i] = nexts1[r][i]
    for r in range(n + 1):
        lo = layer_start[r]
        cs = all_codes[r]
        for i in range(cs.size):
            m = 0
            for q in range(r):
                if (cs[i] >> (_LABEL_BITS * q)) & _LABEL_MASK:
                    m += 1
            marks[lo + i] = m
    # layer n back to the frontier codes (6-bit sizes)
    lookup = Dict.empty(key_type=types.int64, value_type=types.int64)
    for i in range(codes.size):
        lookup[codes[i]] = i
    last = all_codes[n]
    last_to_frontier = np.empty(last.size, np.int64)
    for i in range(last.size):
        _decode(last[i], n, size_shift, size_bits, lab, sizes)
        last_to_frontier[i] = lookup[_encode(n, lab, sizes, 30, 6, newlab)]
    return layer_start, next0, next1, marks, last_to_frontier


def build(codes, new_of, is_rep, reps, n, threshold) -> dict[str, np.ndarray]:
    """Cell layers for frontier `codes` (the BFS order of `_tables`); new_of / is_rep: each
    frontier state's folded index and whether it represents its mirror pair; reps: the BFS
    index of each folded state's representative. Arrays named as in `Transitions`."""
    size_bits = max(1, int(threshold - 1).bit_length())
    layer_start, next0, next1, marks, last_to_frontier = _build(codes, n, threshold, size_bits)
    return {
        "layer_start": layer_start,
        "next0": next0.astype(np.int32),
        "next1": next1.astype(np.int32),
        "marks": marks,
        "first_fold": new_of.astype(np.int32),
        "last_fold": new_of[last_to_frontier].astype(np.int32),
        "last_rep": is_rep[last_to_frontier],
        "rep_first": reps.astype(np.int32),
    }
