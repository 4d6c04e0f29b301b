"""Numba kernels of the column transfer-matrix DP (exact) over the tables of `_tables`.

`wtab[c, kind]` is the probability of one particular marked-row set of kind `kind` in column c
(see `_weights`); the DP pushes the no-bingo weight column by column and returns what survives.
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def no_bingo_probability(offsets, dst, wtab):
    """P(no group reaches the threshold) for one vector of column weights."""
    n_states = offsets.shape[0]
    n_kinds = offsets.shape[1] - 1
    v = np.zeros(n_states)
    w = np.zeros(n_states)
    v[0] = 1.0
    for c in range(wtab.shape[0]):
        w[:] = 0.0
        for s in range(n_states):
            x = v[s]
            if x == 0.0:
                continue
            for k in range(n_kinds):
                wk = wtab[c, k]
                if wk == 0.0:
                    continue
                xw = x * wk
                for t in range(offsets[s, k], offsets[s, k + 1]):
                    w[dst[t]] += xw
        v, w = w, v
    return v.sum()


@njit(cache=True)
def no_bingo_probabilities(offsets, dst, wtabs):
    """`no_bingo_probability` for a batch of weight tables (wtabs[i] is one table)."""
    out = np.empty(wtabs.shape[0])
    for i in range(wtabs.shape[0]):
        out[i] = no_bingo_probability(offsets, dst, wtabs[i])
    return out


@njit(cache=True)
def no_bingo_counts_by_total(offsets, dst, n, centre_col):
    """counts[k]: marked-cell patterns with k marked card cells and no bingo (the free centre,
    when centre_col >= 0, is always marked and not counted)."""
    n_states = offsets.shape[0]
    n_kinds = offsets.shape[1] - 1
    top = n * n + 1
    v = np.zeros((n_states, top))
    w = np.zeros((n_states, top))
    v[0, 0] = 1.0
    hi = 0  # highest count reachable so far
    for c in range(n):
        w[:, :] = 0.0
        for s in range(n_states):
            for k in range(n_kinds):
                pc = k % (n + 1)
                has_centre = k // (n + 1)
                if c == centre_col:
                    if has_centre == 0:
                        continue
                    pc -= 1
                for a in range(hi + 1):
                    x = v[s, a]
                    if x == 0.0:
                        continue
                    for t in range(offsets[s, k], offsets[s, k + 1]):
                        w[dst[t], a + pc] += x
        hi += n
        v, w = w, v
    out = np.zeros(top)
    for s in range(n_states):
        for a in range(top):
            out[a] += v[s, a]
    return out


@njit(cache=True)
def no_bingo_counts_by_columns(offsets, dst, n, centre_col):
    """counts[j_0 * (n+1)^(n-1) + ... + j_{n-1}]: patterns with j_c marked card cells in column c
    and no bingo (the free centre is always marked and not counted in j)."""
    n_states = offsets.shape[0]
    n_kinds = offsets.shape[1] - 1
    base = n + 1
    width = 1
    v = np.zeros((n_states, 1))
    v[0, 0] = 1.0
    for c in range(n):
        w = np.zeros((n_states, width * base))
        for s in range(n_states):
            for k in range(n_kinds):
                pc = k % base
                has_centre = k // base
                if c == centre_col:
                    if has_centre == 0:
                        continue
                    pc -= 1
                for t in range(offsets[s, k], offsets[s, k + 1]):
                    d = dst[t]
                    for a in range(width):
                        x = v[s, a]
                        if x != 0.0:
                            w[d, a * base + pc] += x
        v = w
        width *= base
    out = np.zeros(width)
    for s in range(n_states):
        for a in range(width):
            out[a] += v[s, a]
    return out


@njit(cache=True)
def no_bingo_with_one_more(offsets, dst, wtab, wtab_more):
    """P(no bingo) now and, for each column c, with column c's weights replaced by
    wtab_more[c] (one more number of that column drawn): forward vectors L_c, backward vectors
    R_c, and one middle step per column; about 3 DP passes instead of size + 1."""
    n_states = offsets.shape[0]
    n_kinds = offsets.shape[1] - 1
    n_cols = wtab.shape[0]
    fwd = np.zeros((n_cols + 1, n_states))
    fwd[0, 0] = 1.0
    for c in range(n_cols):
        for s in range(n_states):
            x = fwd[c, s]
            if x == 0.0:
                continue
            for k in range(n_kinds):
                wk = wtab[c, k]
                if wk == 0.0:
                    continue
                xw = x * wk
                for t in range(offsets[s, k], offsets[s, k + 1]):
                    fwd[c + 1, dst[t]] += xw
    # states reachable before column c when any columns may hold one more number: only
    # those need backward values (keeps the backward pass as sparse as the forward one)
    reach = np.zeros((n_cols + 1, n_states), np.bool_)
    reach[0, 0] = True
    for c in range(n_cols):
        for s in range(n_states):
            if not reach[c, s]:
                continue
            for k in range(n_kinds):
                if wtab[c, k] == 0.0 and wtab_more[c, k] == 0.0:
                    continue
                for t in range(offsets[s, k], offsets[s, k + 1]):
                    reach[c + 1, dst[t]] = True
    bwd = np.zeros((n_cols + 1, n_states))  # bwd[c][s]: no bingo in columns c.. from state s
    bwd[n_cols, :] = 1.0
    for c in range(n_cols - 1, 0, -1):
        for s in range(n_states):
            if not reach[c, s]:
                continue
            total = 0.0
            for k in range(n_kinds):
                wk = wtab[c, k]
                if wk == 0.0:
                    continue
                acc = 0.0
                for t in range(offsets[s, k], offsets[s, k + 1]):
                    acc += bwd[c + 1, dst[t]]
                total += wk * acc
            bwd[c, s] = total
    out = np.empty(n_cols)
    for c in range(n_cols):
        total = 0.0
        for s in range(n_states):
            x = fwd[c, s]
            if x == 0.0:
                continue
            for k in range(n_kinds):
                wk = wtab_more[c, k]
                if wk == 0.0:
                    continue
                acc = 0.0
                for t in range(offsets[s, k], offsets[s, k + 1]):
                    acc += bwd[c + 1, dst[t]]
                total += x * wk * acc
        out[c] = total
    return fwd[n_cols].sum(), out
