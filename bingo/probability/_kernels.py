"""Numba kernels of the column transfer-matrix DP over the folded tables of `_tables`.

`wtab[c, kind]` is the probability of one particular marked-row set of kind `kind` in column c
(see `_model.weight_table`). One column is `v' = diag(w[kind]) A v`, with A applied one cell
at a time (`_cells`) or, when that moves less, as a gather over `in_src` (the counting DPs
always gather). The mass that leaves the DP at a column, `sum_s v[s] * sum_k w[k] * bad[s, k]`,
is the probability that the bingo happens there, so P(bingo) is a sum of non-negative terms:
exactly 0.0 when no bingo can happen, and no `1 - q` cancellation for tiny values. The cell
transfer collects that mass on the way, by the row and marked count where the bingo happened
(`_sink_mass`), so only the last column (and a free centre's) reads the `bad` table.

Pruning: a kind block of states whose mass is below PRUNE times the column's total is dropped
(an exact zero block always is). A dropped mass can only lower the result, by at most
PRUNE * n_columns * n_kinds <= 2.2e-16 in absolute terms (10 columns, 22 kinds).
"""

from __future__ import annotations

import numpy as np

from bingo.probability._jit import F64, Array, jit

PRUNE = 1e-18


@jit
def _runs(flags: Array) -> Array:
    """Maximal runs of True in `flags` as (start, stop) rows."""
    out = np.empty((flags.size, 2), np.int64)
    n = 0
    k = 0
    while k < flags.size:
        if flags[k]:
            start = k
            while k < flags.size and flags[k]:
                k += 1
            out[n, 0] = start
            out[n, 1] = k
            n += 1
        else:
            k += 1
    return out[:n]


@jit
def _lost(v: F64, mult: F64, bad_t: Array, w: F64, live_runs: Array, kind_start: Array,
          nz: Array) -> float:  # fmt: skip
    """sum_s mult[s] * v[s] * sum_k w[k] * bad_t[k, s] over the live states."""
    total = 0.0
    for i in range(nz.size):
        k = nz[i]
        acc = 0.0
        for r in range(live_runs.shape[0]):
            for s in range(kind_start[live_runs[r, 0]], kind_start[live_runs[r, 1]]):
                acc += mult[s] * v[s] * bad_t[k, s]
        total += w[k] * acc
    return total


@jit
def _marks_range(w: F64, n: int) -> tuple[int, int]:
    """Smallest and largest marked count of a column with non-zero weight (-1, -1: none)."""
    lo, hi = -1, -1
    for k in range(w.size):
        if w[k] != 0.0:
            j = k % (n + 1)
            if lo < 0 or j < lo:
                lo = j
            if j > hi:
                hi = j
    return lo, hi


@jit
def _gather_is_cheaper(edge_counts: Array, pushes: Array, weights: F64, live: Array,
                       layer_start: Array) -> bool:  # fmt: skip
    """True when a gather over the in-edges from live kinds into the kinds with weight costs
    less than the cell transfer (narrow marked-count ranges, e.g. every number on the card).
    Measured on 10x10 and 8x8: a gather ~1.0 ns per edge, a transfer ~0.5 ns per
    intermediate state + ~0.6 ns per push."""
    n = layer_start.size - 2
    jmin, jmax = _marks_range(weights, n)
    if jmin < 0:
        return True
    edges = 0
    for k in range(weights.size):
        if weights[k] != 0.0:
            for j in range(live.size):
                if live[j]:
                    edges += edge_counts[k, j]
    return bool(10 * edges < 5 * layer_start[-1] + 6 * pushes[jmin, jmax])


@jit
def _gather(v: F64, u: F64, weights: F64, live: Array, kind_start: Array, in_off: Array,
            in_src: Array) -> None:  # fmt: skip
    """u[d] = sum of v over the in-edges of d from live kinds, for the kinds with weight."""
    runs = _runs(live)
    for k in range(weights.size):
        if weights[k] == 0.0:
            continue
        for d in range(kind_start[k], kind_start[k + 1]):
            acc = 0.0
            for r in range(runs.shape[0]):
                for t in range(in_off[d, runs[r, 0]], in_off[d, runs[r, 1]]):
                    acc += v[in_src[t]]
            u[d] = acc


@jit
def _buffer(layer_start: Array) -> F64:
    """Two layers of the cell transfer, each with a sink slot past the widest layer (bingos)."""
    return np.zeros((2, np.max(np.diff(layer_start)) + 1))


@jit
def _push_one_row(cur: F64, nxt: F64, lo: int, start: int, stop: int, pat: int, next0: Array,
                  next1: Array) -> float:  # fmt: skip
    """`_transfer`'s step over one row for the states start..stop of a run (layer offset lo):
    each state's mass to its successor with the row unmarked and, unless marking it makes a
    bingo (pat), marked. Returns the run's mass (the bingo's, when pat)."""
    s = 0.0
    for i in range(start, stop):
        x = cur[i - lo]
        nxt[next0[i]] += x
        s += x
    if not pat:
        for i in range(start, stop):
            nxt[next1[i]] += cur[i - lo]
    return s


@jit
def _push_two_rows(cur: F64, nxt: F64, lo: int, start: int, stop: int, pat: int,
                   pair_next: Array) -> float:  # fmt: skip
    """`_transfer`'s step over two rows for the states start..stop of a run: each state's mass
    to its four successors (pair_next), but the ones whose step makes a bingo (pat bits 1, 2,
    4). Returns the run's mass when some step does (0.0 when none: not summed)."""
    if pat == 0:
        for i in range(start, stop):
            x = cur[i - lo]
            nxt[pair_next[i, 0]] += x
            nxt[pair_next[i, 1]] += x
            nxt[pair_next[i, 2]] += x
            nxt[pair_next[i, 3]] += x
        return 0.0
    s = 0.0
    for i in range(start, stop):
        x = cur[i - lo]
        s += x
        nxt[pair_next[i, 0]] += x
        if not pat & 1:
            nxt[pair_next[i, 1]] += x
        if not pat & 2:
            nxt[pair_next[i, 2]] += x
        if not pat & 4:
            nxt[pair_next[i, 3]] += x
    return s


@jit
def _transfer(v: F64, u: F64, buf: F64, sinks: F64, live: Array, n: int, jmin: int, jmax: int,
              state_kind: Array, layer_start: Array, next0: Array, next1: Array,
              pair_next: Array, group_start: Array, group: Array, first_fold: Array,
              last_fold: Array, last_rep: Array) -> None:  # fmt: skip
    """u[d] = sum of v over the live states with an edge into d (unweighted), exact for the
    states d whose marked count is jmin..jmax; one cell at a time through the layers, two rows
    per push (pair_next) but the last of an odd count; buf holds two layers (successors index
    the next layer). The layers come in runs of equal marks and bingo pattern (`group`): a
    run outside the marked-count range pushes nothing (its successors are outside too), and
    a run's steps that make a bingo push nothing but add the run's mass to
    sinks[b, m] = the mass that made a bingo with rows 0..b-1 of the column decided, m of them
    marked (see `_sink_mass`)."""
    cur = buf[0]
    nxt = buf[1]
    sinks[:, :] = 0.0
    for i in range(layer_start[0], layer_start[1]):
        f = first_fold[i]
        cur[i] = v[f] if live[state_kind[f]] else 0.0
    r = 0
    while r < n:
        lo = layer_start[r]
        rest = n - r
        step = 2 if r + 2 <= n else 1
        b = r + step
        nxt[: layer_start[b + 1] - layer_start[b]] = 0.0
        for g in range(group_start[r], group_start[r + 1]):
            start, stop, m, pat = group[g, 0], group[g, 1], group[g, 2], group[g, 3]
            if m > jmax or m + rest < jmin:
                continue
            if step == 1:
                s = _push_one_row(cur, nxt, lo, start, stop, pat, next0, next1)
                if pat:
                    sinks[b, m + 1] += s
            else:
                s = _push_two_rows(cur, nxt, lo, start, stop, pat, pair_next)
                if pat & 1:  # (unmarked, marked)
                    sinks[b, m + 1] += s
                if pat & 2:  # (marked, unmarked)
                    sinks[b, m + 1] += s
                if pat & 4:  # (marked, marked)
                    sinks[b, m + 2] += s
        cur, nxt = nxt, cur
        r += step
    last = layer_start[n]
    for i in range(last, layer_start[n + 1]):
        if last_rep[i - last]:
            u[last_fold[i - last]] = cur[i - last]


@jit
def _by_count(w: F64, n: int) -> bool:
    """True when the column's weights depend on the marked count alone (not on the centre
    row: every column but a free centre's), so the bingo sinks of `_transfer` can weigh it."""
    base = n + 1
    for j in range(base):
        if w[j] != w[base + j]:
            return False
    return True


@jit
def _sink_mass(sinks: F64, w: F64, n: int) -> float:
    """The bingo probability of a column from `_transfer`'s sinks: sinks[b, m] times the
    weight of every completion of the undecided rows b..n-1, sum_j w[j] * C(n - b, j - m).
    Every term is non-negative (an impossible bingo stays exactly 0.0)."""
    total = 0.0
    for b in range(1, n + 1):
        rest = n - b
        for m in range(b + 1):
            x = sinks[b, m]
            if x == 0.0:
                continue
            acc = 0.0
            ways = 1.0  # C(rest, j - m), j = m .. m + rest
            for k in range(rest + 1):
                acc += w[m + k] * ways
                ways = ways * (rest - k) / (k + 1)
            total += x * acc
    return total


@jit
def _transfer_back(buf: F64, back_next: F64, w: F64, n: int, jmin: int, jmax: int,
                   state_kind: Array, layer_start: Array, next0: Array, next1: Array,
                   marks: Array, last_fold: Array) -> F64:  # fmt: skip
    """Returns val over layer 0: val[i] = sum over the completions d of layer-0 state i of
    w[kind d] * back_next[d] (two layers at a time in buf, as in `_transfer`; the sink holds
    0)."""
    sink = buf.shape[1] - 1
    cur = buf[0]
    nxt = buf[1]
    last = layer_start[n]
    for i in range(last, layer_start[n + 1]):
        f = last_fold[i - last]
        cur[i - last] = w[state_kind[f]] * back_next[f]
    cur[sink] = 0.0
    for r in range(n - 1, -1, -1):
        lo = layer_start[r]
        rest = n - r
        for i in range(lo, layer_start[r + 1]):
            m = marks[i]
            if m > jmax or m + rest < jmin:
                nxt[i - lo] = 0.0
            else:
                nxt[i - lo] = cur[next0[i]] + cur[next1[i]]
        nxt[sink] = 0.0
        cur, nxt = nxt, cur
    return np.asarray(cur)


@jit
def bingo_probability(
    kind_start: Array,
    in_off: Array,
    in_src: Array,
    edge_counts: Array,
    pushes: Array,
    state_kind: Array,
    mult: F64,
    bad_t: Array,
    layer_start: Array,
    next0: Array,
    next1: Array,
    pair_next: Array,
    group_start: Array,
    group: Array,
    marks: Array,
    first_fold: Array,
    last_fold: Array,
    last_rep: Array,
    rep_first: Array,
    wtab: F64,
) -> float:
    """P(some group reaches the threshold) for one vector of column weights."""
    n_states = mult.size
    n_kinds = kind_start.size - 1
    n_cols = wtab.shape[0]
    n = layer_start.size - 2
    v = np.zeros(n_states)
    u = np.zeros(n_states)
    buf = _buffer(layer_start)
    sinks = np.zeros((n + 1, n + 1))
    v[0] = 1.0
    live = np.zeros(n_kinds, np.bool_)
    live[0] = True
    block = np.zeros(n_kinds)
    p = 0.0
    for c in range(n_cols):
        w = wtab[c]
        if c == n_cols - 1:
            p += _lost(v, mult, bad_t, w, _runs(live), kind_start, np.nonzero(w)[0])
            break
        cells = not _gather_is_cheaper(edge_counts, pushes, w, live, layer_start)
        by_sinks = cells and _by_count(w, n)
        if not by_sinks:
            p += _lost(v, mult, bad_t, w, _runs(live), kind_start, np.nonzero(w)[0])
        if cells:
            jmin, jmax = _marks_range(w, n)
            _transfer(v, u, buf, sinks, live, n, jmin, jmax, state_kind, layer_start, next0,
                      next1, pair_next, group_start, group, first_fold, last_fold,
                      last_rep)  # fmt: skip
            if by_sinks:
                p += _sink_mass(sinks, w, n)
        else:
            _gather(v, u, w, live, kind_start, in_off, in_src)
        total = 0.0
        for k in range(n_kinds):
            block[k] = 0.0
            wk = w[k]
            if wk == 0.0:
                continue
            mass = 0.0
            for d in range(kind_start[k], kind_start[k + 1]):
                x = u[d] * wk
                u[d] = x
                mass += mult[d] * x
            block[k] = mass
            total += mass
        for k in range(n_kinds):
            live[k] = block[k] > PRUNE * total
        v, u = u, v
    return min(p, 1.0)


@jit
def bingo_probabilities(
    kind_start: Array,
    in_off: Array,
    in_src: Array,
    edge_counts: Array,
    pushes: Array,
    state_kind: Array,
    mult: F64,
    bad_t: Array,
    layer_start: Array,
    next0: Array,
    next1: Array,
    pair_next: Array,
    group_start: Array,
    group: Array,
    marks: Array,
    first_fold: Array,
    last_fold: Array,
    last_rep: Array,
    rep_first: Array,
    wtabs: F64,
) -> F64:
    """`bingo_probability` for each weight table of a batch (wtabs[i] is one table). One at a
    time: each keeps its own sparsity (live kinds, marked-count range), which a shared pass over
    the edges with a row of values per state loses (measured: 5.7 ms per item in batches of
    256 on 10x10 with 10 numbers per column, against 0.1-0.4 ms one at a time)."""
    out = np.empty(wtabs.shape[0])
    for i in range(wtabs.shape[0]):
        out[i] = bingo_probability(kind_start, in_off, in_src, edge_counts, pushes, state_kind, mult,
                                   bad_t, layer_start, next0, next1, pair_next, group_start, group,
                                   marks, first_fold, last_fold,
                                   last_rep, rep_first, wtabs[i])  # fmt: skip
    return out


@jit
def bingo_with_one_more(
    kind_start: Array,
    in_off: Array,
    in_src: Array,
    edge_counts: Array,
    pushes: Array,
    state_kind: Array,
    mult: F64,
    bad_t: Array,
    layer_start: Array,
    next0: Array,
    next1: Array,
    pair_next: Array,
    group_start: Array,
    group: Array,
    marks: Array,
    first_fold: Array,
    last_fold: Array,
    last_rep: Array,
    rep_first: Array,
    wtab: F64,
    wtab_more: F64,
) -> tuple[float, F64]:
    """P(bingo) now and, for each column c, with column c's weights replaced by wtab_more[c]
    (one more number of that column drawn): a forward pass keeping each column's gathered
    vector, a backward pass of P(bingo in the columns from c on | state), and one cheap middle
    step per column. Every result is a sum of non-negative terms (no pruning here)."""
    n = layer_start.size - 2
    buf = _buffer(layer_start)
    g, lost, lost_more = _forward_keeping(kind_start, in_off, in_src, edge_counts, pushes,
                                          state_kind, mult, bad_t, layer_start, next0, next1,
                                          pair_next, group_start, group, first_fold, last_fold,
                                          last_rep, wtab, wtab_more, buf)  # fmt: skip
    back = _backward(buf, wtab, bad_t, n, mult.size, state_kind, layer_start, next0, next1,
                     marks, last_fold, rep_first)  # fmt: skip
    p_now = 0.0
    for c in range(wtab.shape[0]):
        p_now += lost[c]
    out = _each_with_one_more(wtab_more, kind_start, mult, g, back, lost, lost_more)
    return min(p_now, 1.0), out


@jit
def _forward_keeping(kind_start: Array, in_off: Array, in_src: Array, edge_counts: Array,
                     pushes: Array, state_kind: Array, mult: F64, bad_t: Array,
                     layer_start: Array, next0: Array, next1: Array, pair_next: Array,
                     group_start: Array, group: Array, first_fold: Array, last_fold: Array,
                     last_rep: Array, wtab: F64, wtab_more: F64,
                     buf: F64) -> tuple[F64, F64, F64]:  # fmt: skip
    """The forward pass of `bingo_with_one_more`: (g, lost, lost_more), g[c][d] the gathered
    (unweighted) mass into d at column c, lost[c] the bingo mass at column c with wtab[c] and
    lost_more[c] with wtab_more[c]. Each column is gathered for either weight (the union of
    their kinds), so the middle step can weigh it with wtab_more[c] instead."""
    n_states = mult.size
    n_kinds = kind_start.size - 1
    n_cols = wtab.shape[0]
    n = layer_start.size - 2
    v = np.zeros((n_cols, n_states))  # v[c]: weights of the states before column c
    g = np.zeros((n_cols, n_states))
    sinks = np.zeros((n + 1, n + 1))
    v[0, 0] = 1.0
    live = np.zeros((n_cols, n_kinds), np.bool_)  # kinds that can hold mass before column c
    live[0, 0] = True
    lost = np.zeros(n_cols)
    lost_more = np.zeros(n_cols)
    either = np.zeros(n_kinds)
    for c in range(n_cols):
        w = wtab[c]
        wm = wtab_more[c]
        for k in range(n_kinds):
            either[k] = w[k] + wm[k]
        last = c == n_cols - 1
        cells = not last and not _gather_is_cheaper(
            edge_counts, pushes, either, live[c], layer_start
        )
        by_sinks = cells and _by_count(w, n) and _by_count(wm, n)
        if not by_sinks:
            runs = _runs(live[c])
            lost[c] = _lost(v[c], mult, bad_t, w, runs, kind_start, np.nonzero(w)[0])
            lost_more[c] = _lost(v[c], mult, bad_t, wm, runs, kind_start, np.nonzero(wm)[0])
        if last:
            break
        if cells:
            jmin, jmax = _marks_range(either, n)
            _transfer(v[c], g[c], buf, sinks, live[c], n, jmin, jmax, state_kind, layer_start,
                      next0, next1, pair_next, group_start, group, first_fold, last_fold,
                      last_rep)  # fmt: skip
            if by_sinks:
                lost[c] = _sink_mass(sinks, w, n)
                lost_more[c] = _sink_mass(sinks, wm, n)
        else:
            _gather(v[c], g[c], either, live[c], kind_start, in_off, in_src)
        for k in range(n_kinds):
            if w[k] != 0.0:
                for d in range(kind_start[k], kind_start[k + 1]):
                    v[c + 1, d] = g[c, d] * w[k]
                live[c + 1, k] = True
    return g, lost, lost_more


@jit
def _backward(buf: F64, wtab: F64, bad_t: Array, n: int, n_states: int, state_kind: Array,
              layer_start: Array, next0: Array, next1: Array, marks: Array, last_fold: Array,
              rep_first: Array) -> F64:  # fmt: skip
    """back[c][s]: P(bingo in columns c.. | state s before column c), for c >= 1."""
    n_cols = wtab.shape[0]
    back = np.zeros((n_cols + 1, n_states))
    for c in range(n_cols - 1, 0, -1):
        w = wtab[c]
        nz = np.nonzero(w)[0]
        jmin, jmax = _marks_range(w, n)
        val = buf[0]
        if c + 1 < n_cols:
            val = _transfer_back(buf, back[c + 1], w, n, jmin, jmax, state_kind, layer_start,
                                 next0, next1, marks, last_fold)  # fmt: skip
        for s in range(n_states):
            total = 0.0
            for i in range(nz.size):
                total += w[nz[i]] * bad_t[nz[i], s]
            if c + 1 < n_cols:
                total += val[rep_first[s]]
            back[c, s] = total
    return back


@jit
def _each_with_one_more(wtab_more: F64, kind_start: Array, mult: F64, g: F64, back: F64,
                        lost: F64, lost_more: F64) -> F64:  # fmt: skip
    """The middle step per column c: the bingo mass before c, at c with wtab_more[c], and
    after c from the states column c leads to (weighed with wtab_more[c])."""
    n_cols = wtab_more.shape[0]
    n_kinds = kind_start.size - 1
    out = np.empty(n_cols)
    before = 0.0  # bingo mass lost in the columns before c
    for c in range(n_cols):
        wm = wtab_more[c]
        total = before + lost_more[c]
        if c + 1 < n_cols:
            for k in range(n_kinds):
                if wm[k] == 0.0:
                    continue
                for d in range(kind_start[k], kind_start[k + 1]):
                    total += mult[d] * g[c, d] * wm[k] * back[c + 1, d]
        out[c] = min(total, 1.0)
        before += lost[c]
    return out


@jit
def no_bingo_counts(kind_start: Array, mult: F64, in_off: Array, in_src: Array, n: int,
                    centre_col: int, by_columns: bool) -> F64:  # fmt: skip
    """Marked-cell patterns with no bingo, counted by total: counts[k] for k marked card cells
    (k = 0..n*n), or by columns: counts[j_0 * (n+1)^(n-1) + ... + j_{n-1}] for j_c marked card
    cells in column c. The free centre (centre_col >= 0) is always marked and not counted.
    One kernel for both: a column's count goes into key * shift + j, shift = 1 (total) or n+1."""
    return _no_bingo_counts(kind_start, mult, in_off, in_src, n, n, centre_col, by_columns)


@jit
def strip_no_bingo_counts(kind_start: Array, mult: F64, in_off: Array, in_src: Array, n: int,
                          columns: int, centre_col: int) -> F64:  # fmt: skip
    """`no_bingo_counts` by columns for a strip of the first `columns` columns of an n-row card
    (the window surrogate's 2- and 3-column boards: one run for every count vector)."""
    return _no_bingo_counts(kind_start, mult, in_off, in_src, n, columns, centre_col, True)


@jit
def _no_bingo_counts(kind_start: Array, mult: F64, in_off: Array, in_src: Array, n: int,
                     columns: int, centre_col: int, by_columns: bool) -> F64:  # fmt: skip
    n_states = mult.size
    n_kinds = kind_start.size - 1
    base = n + 1
    shift = base if by_columns else 1
    width = 1
    v = np.zeros((n_states, 1))
    v[0, 0] = 1.0
    for c in range(columns):
        new_width = (width - 1) * shift + base
        u = np.zeros((n_states, new_width))
        for k in range(n_kinds):
            pc = k % base
            if c == centre_col:
                if k // base == 0:
                    continue
                pc -= 1
            for d in range(kind_start[k], kind_start[k + 1]):
                for t in range(in_off[d, 0], in_off[d, n_kinds]):
                    s = in_src[t]
                    for a in range(width):
                        u[d, a * shift + pc] += v[s, a]
        v = u
        width = new_width
    out = np.zeros(width)
    for s in range(n_states):
        for a in range(width):
            out[a] += mult[s] * v[s, a]
    return out
