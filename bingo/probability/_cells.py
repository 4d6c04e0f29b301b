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
from numba import types
from numba.typed import Dict

from bingo.probability._jit import Array, jit

_LABEL_BITS = 3
_LABEL_MASK = 7


@jit
def _decode(code: int, n: int, size_shift: int, size_bits: int, lab: Array, sizes: Array) -> int:
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


@jit
def _encode(n: int, lab: Array, sizes: Array, size_shift: int, size_bits: int,
            newlab: Array) -> np.int64:  # fmt: skip
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


@jit
def _step(code: int, r: int, mark: int, n: int, threshold: int, size_shift: int, size_bits: int,
          lab: Array, sizes: Array, newlab: Array) -> int | np.int64:  # fmt: skip
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


@jit
def _successors(layer: Array, r: int, next_base: int, n: int, threshold: int, size_shift: int,
                size_bits: int, lab: Array, sizes: Array,
                newlab: Array) -> tuple[Array, Array, Array]:  # fmt: skip
    """Layer r + 1 from layer r (the states after deciding row r, in order of first
    appearance) and each layer-r state's successors with row r unmarked (next0) and marked
    (next1): global indices (layer r + 1 starts at `next_base`), -1 for a bingo."""
    index = Dict.empty(key_type=types.int64, value_type=types.int64)
    out: list[int | np.int64] = []
    nx0 = np.empty(layer.size, np.int64)
    nx1 = np.empty(layer.size, np.int64)
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
    return np.array(out, np.int64), nx0, nx1


@jit
def _build(codes: Array, n: int, threshold: int,
           size_bits: int) -> tuple[Array, Array, Array, Array, Array]:  # fmt: skip
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
        next_base = base + layer.size
        layer, nx0, nx1 = _successors(layer, r, next_base, n, threshold, size_shift, size_bits,
                                      lab, sizes, newlab)  # fmt: skip
        nexts0.append(nx0)
        nexts1.append(nx1)
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


SINK_01, SINK_10, SINK_11 = 1, 2, 4  # pattern bits: which two-row steps make a bingo


def patterns(layer_start: Array, next0: Array, next1: Array) -> Array:
    """Per intermediate state, which of its steps make a bingo. A state that the forward pass
    pushes two rows at a time (even layers r <= n - 2): SINK_01 / SINK_10 / SINK_11 for rows
    (r, r + 1) = (unmarked, marked) / (marked, unmarked) / (marked, marked); (unmarked,
    unmarked) never is. A state pushed one row (the last row of an odd n): SINK_10 when
    marking the row is a bingo. Other layers: 0."""
    n = layer_start.size - 2
    out = np.zeros(next0.size, np.int64)
    for r in range(n):
        idx = np.arange(layer_start[r], layer_start[r + 1])
        if r % 2:
            continue
        first1 = next1[idx]
        bingo1 = first1 < 0
        pat = np.where(bingo1, SINK_10 | SINK_11, 0)
        if r + 2 <= n:
            pat |= np.where(next1[next0[idx]] < 0, SINK_01, 0)
            ok = ~bingo1
            pat[ok] |= np.where(next1[first1[ok]] < 0, SINK_11, 0)
        else:
            pat &= SINK_10
        out[idx] = pat
    return out


def groups(layer_start: Array, next0: Array, next1: Array,
           marks: Array) -> tuple[Array, Array]:  # fmt: skip
    """(group_start, group): runs of consecutive states of one layer with equal marked count
    and pattern; group[g] = (start, stop, marks, pattern), layer r's runs are group_start[r] ..
    group_start[r + 1]. The layers are sorted by (marks, pattern), so the runs are few."""
    n = layer_start.size - 2
    pat = patterns(layer_start, next0, next1)
    key = marks.astype(np.int64) * 8 + pat
    rows = []
    group_start = np.zeros(n + 2, np.int64)
    for r in range(n + 1):
        lo, hi = int(layer_start[r]), int(layer_start[r + 1])
        if hi > lo:
            cuts = lo + 1 + np.nonzero(np.diff(key[lo:hi]))[0]
            starts = np.concatenate(([lo], cuts))
            stops = np.concatenate((cuts, [hi]))
            rows.append(np.stack([starts, stops, marks[starts], pat[starts]], axis=1))
        group_start[r + 1] = group_start[r] + (rows[-1].shape[0] if hi > lo else 0)
    group = np.concatenate(rows).astype(np.int64) if rows else np.zeros((0, 4), np.int64)
    return group_start, group


def push_counts(layer_start: Array, group_start: Array, group: Array) -> Array:
    """pushes[jmin, jmax]: the pushes a forward cell transfer makes for a column whose marked
    counts are jmin..jmax (its cost, against an edge gather's)."""
    n = layer_start.size - 2
    out = np.zeros((n + 1, n + 1), np.int64)
    for jmin in range(n + 1):
        for jmax in range(jmin, n + 1):
            total = 0
            r = 0
            while r < n:
                step = 2 if r + 2 <= n else 1
                for g in range(group_start[r], group_start[r + 1]):
                    start, stop, m, pat = group[g]
                    if m > jmax or m + n - r < jmin:
                        continue
                    per_state = 4 - bin(int(pat)).count("1") if step == 2 else 2 - (pat > 0)
                    total += int(stop - start) * per_state
                r += step
            out[jmin, jmax] = total
    return out


def _sorted_layers(layer_start: Array, next0: Array, next1: Array, marks: Array) -> Array:
    """A permutation of the states (new index -> old) that sorts each layer by (marks,
    pattern), keeping the build order within equal keys (it keeps successors near)."""
    pat = patterns(layer_start, next0, next1)
    layer_of = np.repeat(np.arange(layer_start.size - 1), np.diff(layer_start))
    return np.lexsort((np.arange(next0.size), pat, marks, layer_of))


def build(codes: Array, new_of: Array, is_rep: Array, reps: Array, n: int,
          threshold: int) -> dict[str, Array]:  # fmt: skip
    """Cell layers for frontier `codes` (the BFS order of `_tables`); new_of / is_rep: each
    frontier state's folded index and whether it represents its mirror pair; reps: the BFS
    index of each folded state's representative. Arrays named as in `Transitions`; each layer
    sorted by (marks, pattern) (see `groups`)."""
    size_bits = max(1, int(threshold - 1).bit_length())
    layer_start, next0, next1, marks, last_to_frontier = _build(codes, n, threshold, size_bits)
    perm = _sorted_layers(layer_start, next0, next1, marks)
    inv = np.empty_like(perm)
    inv[perm] = np.arange(perm.size)
    next0 = np.where(next0[perm] >= 0, inv[next0[perm]], -1)
    next1 = np.where(next1[perm] >= 0, inv[next1[perm]], -1)
    marks = marks[perm]
    first = perm[layer_start[0] : layer_start[1]]  # layer 0 holds the frontier states in order
    last = perm[layer_start[n] : layer_start[n + 1]] - layer_start[n]
    last_to_frontier = last_to_frontier[last]
    return {
        "layer_start": layer_start,
        "next0": next0.astype(np.int32),
        "next1": next1.astype(np.int32),
        "marks": marks,
        "first_fold": new_of[first].astype(np.int32),
        "last_fold": new_of[last_to_frontier].astype(np.int32),
        "last_rep": is_rep[last_to_frontier],
        "rep_first": inv[reps].astype(np.int32),
    }
