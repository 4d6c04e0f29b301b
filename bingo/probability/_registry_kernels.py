"""Numba kernels of the registered-card odds (see `registry_odds`).

A card is a row of `grids` (R, size*size): the number in each cell, row-major, 0 for a free
centre (always marked). The Puyo rule: a card has a bingo when `threshold` or more marked cells
are connected up/down/left/right.

`next_draw` labels each card's groups once (flood fill, `_flood`, shared by every kernel here) and, for each unmarked cell, adds the
sizes of the distinct groups it touches: 1 + that sum >= threshold means its number completes
the card. `first_new_bingo` plays seeded draw orders over union-find forests of the cards
without a bingo (union by size, no path compression, so an undo log restores them), marking
each drawn number on the cards that hold it, and stops at the first new bingo.
"""

from __future__ import annotations

import numpy as np

from bingo.probability._jit import Array, jit


@jit
def _neighbours(cell: int, size: int, out: Array) -> int:
    """The up/down/left/right neighbours of `cell` into `out`; returns how many."""
    r = cell // size
    c = cell - r * size
    k = 0
    if r > 0:
        out[k] = cell - size
        k += 1
    if r < size - 1:
        out[k] = cell + size
        k += 1
    if c > 0:
        out[k] = cell - 1
        k += 1
    if c < size - 1:
        out[k] = cell + 1
        k += 1
    return k


UNMARKED, UNLABELLED = -2, -1  # a cell's label before the flood fill (see `_mark`)


@jit
def _flood(label: Array, start: int, value: int, size: int, stack: Array, nb: Array,
           limit: int) -> int:  # fmt: skip
    """Give `value` to the UNLABELLED (marked) cells connected to `start` (labelled by the
    caller); returns the group's size, or `limit` as soon as it reaches `limit`."""
    stack[0] = start
    top = 1
    count = 0
    while top > 0:
        top -= 1
        cur = stack[top]
        count += 1
        if count >= limit:
            return count
        k = _neighbours(cur, size, nb)
        for j in range(k):
            m = nb[j]
            if label[m] == UNLABELLED:
                label[m] = value
                stack[top] = m
                top += 1
    return count


@jit
def _mark(grid: Array, called: Array, label: Array) -> None:
    """label[c] = UNLABELLED for a card's marked cells (the free centre, 0, always), else
    UNMARKED."""
    for c in range(grid.size):
        n = grid[c]
        label[c] = UNLABELLED if n == 0 or called[n] else UNMARKED


@jit
def _completions(grid: Array, label: Array, group_size: Array, size: int,
                 threshold: int, counts: Array, nb: Array, seen: Array) -> bool:  # fmt: skip
    """counts[x] += 1 for each number x of the card (its groups labelled) that completes it:
    1 + the sizes of the distinct groups its cell touches >= threshold. True when one does."""
    reach = False
    for c in range(size * size):
        if label[c] != UNMARKED:
            continue
        total = 1
        k = _neighbours(c, size, nb)
        distinct = 0
        for j in range(k):
            g = label[nb[j]]
            if g < 0:
                continue
            new = True
            for q in range(distinct):
                if seen[q] == g:
                    new = False
            if new:
                seen[distinct] = g
                distinct += 1
                total += group_size[g]
        if total >= threshold:
            counts[grid[c]] += 1
            reach = True
    return reach


@jit
def next_draw(grids: Array, called: Array, size: int, threshold: int, counts: Array,
              bingo: Array, reach: Array) -> None:  # fmt: skip
    """counts[x] += 1 for each card without a bingo that number x completes; bingo[i] and
    reach[i] (a number completes card i) per card. `called[x]` is True when x is out."""
    cells = size * size
    label = np.empty(cells, np.int64)
    group_size = np.empty(cells + 1, np.int64)
    stack = np.empty(cells, np.int64)
    nb = np.empty(4, np.int64)
    seen = np.empty(4, np.int64)
    for i in range(grids.shape[0]):
        _mark(grids[i], called, label)
        groups = 0
        has = False
        for c in range(cells):
            if label[c] != UNLABELLED:
                continue
            label[c] = groups
            count = _flood(label, c, groups, size, stack, nb, cells + 1)
            group_size[groups] = count
            if count >= threshold:
                has = True
            groups += 1
        bingo[i] = has
        reach[i] = False
        if not has:
            reach[i] = _completions(grids[i], label, group_size, size, threshold, counts, nb,
                                    seen)  # fmt: skip


@jit
def forests(grids: Array, called: Array, size: int) -> Array:
    """uf[i, c] = (parent, group size) of card i's cell c: union-find forests of each card's
    groups, -1 as the parent of an unmarked cell; a group's root is its first cell in row-major
    order and holds the size (0 elsewhere). One array, so a card's cells share cache lines."""
    cells = size * size
    n_cards = grids.shape[0]
    uf = np.zeros((n_cards, cells, 2), np.int16)
    stack = np.empty(cells, np.int64)
    nb = np.empty(4, np.int64)
    label = np.empty(cells, np.int64)
    for i in range(n_cards):
        _mark(grids[i], called, label)
        for c in range(cells):
            if label[c] != UNLABELLED:
                continue
            label[c] = c
            uf[i, c, 1] = _flood(label, c, c, size, stack, nb, cells + 1)
        for c in range(cells):
            uf[i, c, 0] = max(label[c], -1)
    return uf


@jit
def _root(uf: Array, i: int, c: int) -> int:
    while uf[i, c, 0] != c:
        c = uf[i, c, 0]
    return c


@jit
def first_new_bingo(orders: Array, start: Array, entry_card: Array, entry_cell: Array,
                    uf: Array, size: int, threshold: int) -> tuple[Array, int]:  # fmt: skip
    """For each draw order (a row of `orders`: the pool's numbers), the 0-based step at which a
    card first gets a bingo (orders.shape[1] when none does), and the work done (card cells
    marked, plus one per step): a measure of the cost that does not depend on the machine. The
    cards holding number x are entries start[x]..start[x+1] of (entry_card, entry_cell). The
    forests `uf` (see `forests`) are left as given."""
    n_orders, pool = orders.shape
    out = np.full(n_orders, pool, np.int64)
    work = 0
    capacity = 3 * entry_card.size + 16
    log_kind = np.empty(capacity, np.int8)  # 0 marked, 1 parent, 2 group size
    log_card = np.empty(capacity, np.int32)
    log_cell = np.empty(capacity, np.int32)
    log_old = np.empty(capacity, np.int32)
    nb = np.empty(4, np.int64)
    for s in range(n_orders):
        logged = 0
        done = False
        for step in range(pool):
            x = orders[s, step]
            work += 1 + start[x + 1] - start[x]
            for e in range(start[x], start[x + 1]):
                i = entry_card[e]
                c = entry_cell[e]
                uf[i, c, 0] = c  # a fresh group of one
                uf[i, c, 1] = 1
                log_kind[logged] = 0
                log_card[logged] = i
                log_cell[logged] = c
                logged += 1
                root = c
                k = _neighbours(c, size, nb)
                for j in range(k):
                    m = nb[j]
                    if uf[i, m, 0] < 0:
                        continue
                    other = _root(uf, i, m)
                    if other == root:
                        continue
                    if uf[i, other, 1] > uf[i, root, 1]:
                        small, big = root, other
                    else:
                        small, big = other, root
                    log_kind[logged] = 1
                    log_card[logged] = i
                    log_cell[logged] = small
                    logged += 1
                    uf[i, small, 0] = big
                    log_kind[logged] = 2
                    log_card[logged] = i
                    log_cell[logged] = big
                    log_old[logged] = uf[i, big, 1]
                    logged += 1
                    uf[i, big, 1] += uf[i, small, 1]
                    root = big
                if uf[i, root, 1] >= threshold:
                    done = True
            if done:
                out[s] = step
                break
        for q in range(logged - 1, -1, -1):
            i = log_card[q]
            c = log_cell[q]
            kind = log_kind[q]
            if kind == 0:
                uf[i, c, 0] = -1
                uf[i, c, 1] = 0
            elif kind == 1:
                uf[i, c, 0] = c
            else:
                uf[i, c, 1] = log_old[q]
    return out, work


@jit
def _has_bingo(grid: Array, base: Array, extra: Array, size: int, threshold: int,
               label: Array, stack: Array, nb: Array) -> bool:  # fmt: skip
    """Whether a card (`grid`, its marked cells `base`) has a bingo once the numbers with
    extra[x] True are marked too (flood fill, stopping at the first group big enough). The
    fill is `_flood`'s, written out: `subset_hits` calls this for every card and subset, and
    the call to `_flood` made it a third slower (measured on 4x4, 2^16 subsets)."""
    cells = size * size
    for c in range(cells):
        label[c] = UNLABELLED if (base[c] or extra[grid[c]]) else UNMARKED
    for c in range(cells):
        if label[c] != UNLABELLED:
            continue
        label[c] = 0
        stack[0] = c
        top = 1
        count = 0
        while top > 0:
            top -= 1
            cur = stack[top]
            count += 1
            if count >= threshold:
                return True
            k = _neighbours(cur, size, nb)
            for j in range(k):
                m = nb[j]
                if label[m] == UNLABELLED:
                    label[m] = 0
                    stack[top] = m
                    top += 1
    return False


@jit
def subset_hits(pool: Array, grids: Array, base: Array, size: int, threshold: int,
                total: int) -> Array:  # fmt: skip
    """hits[m] = how many m-subsets of `pool` give at least one of the cards (rows of `grids`,
    their marked cells `base`) a bingo: every subset, in Gray-code order (one number changes
    at a time)."""
    n = pool.size
    cells = size * size
    hits = np.zeros(n + 1, np.int64)
    extra = np.zeros(total + 1, np.bool_)  # extra[0] stays False: a free centre is in `base`
    label = np.empty(cells, np.int64)
    stack = np.empty(cells, np.int64)
    nb = np.empty(4, np.int64)
    count = 0
    for step in range(1 << n):
        if step > 0:
            bit = 0
            while not (step >> bit) & 1:
                bit += 1
            x = pool[bit]
            extra[x] = not extra[x]
            count += 1 if extra[x] else -1
        for i in range(grids.shape[0]):
            if _has_bingo(grids[i], base[i], extra, size, threshold, label, stack, nb):
                hits[count] += 1
                break
    return hits
