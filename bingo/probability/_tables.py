"""Frontier states and column transitions of the transfer-matrix DP (built once per board shape).

A state describes the marked cells of the last column processed: for each row, the label of its
group (0 = unmarked; labels numbered in order of first appearance) and, per label, the group size
so far (always < threshold: a group reaching the threshold has made a bingo and leaves the DP).
Appending a column with marked-row mask S maps a state to a new state; the weight of that step
depends only on popcount(S) (and, for a free-centre column, on whether S holds the centre row),
so the transitions are stored once, as CSR sorted by (source, kind), and reused for every query.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np
from numba import njit

from bingo.probability._model import SUPPORTED_THRESHOLD
from eventkit.paths import user_data_dir

MAX_STATES = 80_000
MAX_TRANSITIONS = 9_000_000
MAX_THRESHOLD = 63  # group sizes are packed in 6 bits
_CACHE_VERSION = 1
_CACHE_MIN_TRANSITIONS = 200_000
_LABEL_BITS = 3
_SIZE_SHIFT = 30
_SIZE_BITS = 6


class TooLargeError(ValueError):
    """The state space of the exact DP would be too large for this size and threshold."""


@njit(cache=True)
def _find(parent, x):
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


@njit(cache=True)
def _grow(arr, new_len):
    out = np.empty(new_len, arr.dtype)
    out[: arr.size] = arr
    return out


_HASH_BITS = 18  # open-addressing table of 2**18 slots, load <= MAX_STATES / 2**18


@njit(cache=True)
def _lookup(keys, vals, code):
    """Slot of `code` in the open-addressing table (linear probing); keys < 0 are empty."""
    mask = np.uint64(keys.size - 1)
    h = np.uint64(code)  # splitmix64 finaliser
    h = (h ^ (h >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    h = (h ^ (h >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    h = h ^ (h >> np.uint64(31))
    slot = np.int64(h & mask)
    mask = np.int64(mask)
    while keys[slot] >= 0 and keys[slot] != code:
        slot = (slot + 1) & mask
    return slot


@njit(cache=True)
def _build_transitions(n, threshold, centre_row, max_states, max_transitions):
    """BFS over frontier states. Returns (n_states, n_transitions, ptr, dst, kind); kind =
    popcount(S) + (n + 1) * [S holds centre_row] (centre_row < 0: never). n_states = -1 when a
    limit is exceeded."""
    # masks whose vertical runs are all shorter than the threshold, with their runs
    n_masks = 0
    masks = np.empty(1 << n, np.int64)
    run_of = np.empty((1 << n, n), np.int64)  # run index of each row, -1 unmarked
    run_len = np.zeros((1 << n, n), np.int64)
    n_runs_of = np.zeros(1 << n, np.int64)
    pcs = np.zeros(1 << n, np.int64)
    for S in range(1 << n):
        ok = True
        nr = 0
        pc = 0
        r = 0
        while r < n:
            if (S >> r) & 1:
                length = 0
                while r < n and (S >> r) & 1:
                    run_of[n_masks, r] = nr
                    length += 1
                    r += 1
                if length >= threshold:
                    ok = False
                run_len[n_masks, nr] = length
                pc += length
                nr += 1
            else:
                run_of[n_masks, r] = -1
                r += 1
        if ok:
            masks[n_masks] = S
            n_runs_of[n_masks] = nr
            pcs[n_masks] = pc
            n_masks += 1

    keys = np.full(1 << _HASH_BITS, -1, np.int64)
    vals = np.zeros(1 << _HASH_BITS, np.int64)
    codes = np.zeros(max_states, np.int64)
    keys[_lookup(keys, vals, np.int64(0))] = 0
    n_states = 1
    ptr = np.zeros(max_states + 1, np.int64)
    cap = 4096
    dst = np.empty(cap, np.int32)
    kind = np.empty(cap, np.int8)
    n_tr = 0
    lab = np.zeros(n, np.int64)
    sizes = np.zeros(8, np.int64)
    parent = np.zeros(16, np.int64)
    csize = np.zeros(16, np.int64)
    newlab = np.zeros(16, np.int64)
    label_mask = (1 << _LABEL_BITS) - 1
    size_mask = (1 << _SIZE_BITS) - 1
    i = 0
    while i < n_states:
        code = codes[i]
        n_old = 0
        for r in range(n):
            lab[r] = (code >> (_LABEL_BITS * r)) & label_mask
            if lab[r] > n_old:
                n_old = lab[r]
        for g in range(n_old):
            sizes[g] = (code >> (_SIZE_SHIFT + _SIZE_BITS * g)) & size_mask
        for m in range(n_masks):
            # nodes 0..n_old-1: old groups; n_old..: runs of the new column
            n_runs = n_runs_of[m]
            for g in range(n_old):
                parent[g] = g
                csize[g] = sizes[g]
            for q in range(n_runs):
                parent[n_old + q] = n_old + q
                csize[n_old + q] = run_len[m, q]
            for r in range(n):
                q = run_of[m, r]
                if q >= 0 and lab[r] > 0:
                    a = _find(parent, n_old + q)
                    b = _find(parent, lab[r] - 1)
                    if a != b:
                        parent[a] = b
                        csize[b] += csize[a]
            for g in range(n_old + n_runs):
                newlab[g] = 0
            bad = False
            new_code = np.int64(0)
            next_label = 1
            for r in range(n):
                q = run_of[m, r]
                if q < 0:
                    continue
                root = _find(parent, n_old + q)
                if newlab[root] == 0:
                    if csize[root] >= threshold:
                        bad = True
                        break
                    newlab[root] = next_label
                    new_code |= csize[root] << (_SIZE_SHIFT + _SIZE_BITS * (next_label - 1))
                    next_label += 1
                new_code |= newlab[root] << (_LABEL_BITS * r)
            if bad:
                continue
            slot = _lookup(keys, vals, new_code)
            if keys[slot] == new_code:
                j = vals[slot]
            else:
                if n_states >= max_states:
                    return -1, 0, ptr, dst, kind
                keys[slot] = new_code
                vals[slot] = n_states
                codes[n_states] = new_code
                j = n_states
                n_states += 1
            if n_tr >= cap:
                if n_tr >= max_transitions:
                    return -1, 0, ptr, dst, kind
                cap *= 2
                dst = _grow(dst, cap)
                kind = _grow(kind, cap)
            dst[n_tr] = j
            S = masks[m]
            has_centre = 1 if centre_row >= 0 and (S >> centre_row) & 1 else 0
            kind[n_tr] = pcs[m] + (n + 1) * has_centre
            n_tr += 1
        ptr[i + 1] = n_tr
        i += 1
    return n_states, n_tr, ptr[: n_states + 1].copy(), dst[:n_tr].copy(), kind[:n_tr].copy()


@dataclass(frozen=True)
class Transitions:
    """CSR transitions sorted by (source, kind); `offsets[s, k]` .. `offsets[s, k + 1]` are the
    transitions of state s whose new column has kind k (2 * (size + 1) kinds)."""

    size: int
    threshold: int
    n_states: int
    offsets: np.ndarray  # int64 (n_states, n_kinds + 1)
    dst: np.ndarray  # int32
    kind: np.ndarray  # int8

    @property
    def n_transitions(self) -> int:
        return int(self.dst.size)


@lru_cache(maxsize=16)
def transitions(size: int, threshold: int) -> Transitions:
    """The transition tables for a size x size board; raises TooLargeError beyond the limits.

    Big tables (10x10 takes seconds to build) are kept in the user data folder's cache.
    """
    if threshold > min(MAX_THRESHOLD, SUPPORTED_THRESHOLD.get(size, 0)):
        raise TooLargeError(threshold)
    path = _cache_path(size, threshold)
    if path is not None and path.is_file():
        try:
            with np.load(path) as data:
                offsets, dst, kind = data["offsets"], data["dst"], data["kind"]
            if offsets.shape[1] == 2 * size + 3 and offsets[-1, -1] == dst.size == kind.size:
                return Transitions(size, threshold, offsets.shape[0], offsets, dst, kind)
        except Exception:  # noqa: BLE001 - any damaged cache file (bad zip, truncated): rebuild
            pass
    tables = _build(size, threshold)
    if path is not None and tables.n_transitions >= _CACHE_MIN_TRANSITIONS:
        try:
            tmp = path.with_suffix(f".{os.getpid()}.tmp.npz")
            np.savez(tmp, offsets=tables.offsets, dst=tables.dst, kind=tables.kind)
            os.replace(tmp, path)
        except OSError:
            pass
    return tables


def _cache_path(size: int, threshold: int) -> Path | None:
    try:
        folder = user_data_dir() / "cache"
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return folder / f"bingo-dp-v{_CACHE_VERSION}-{size}x{size}-t{threshold}.npz"


def _build(size: int, threshold: int) -> Transitions:
    centre_row = size // 2 if size % 2 else -1
    n_states, n_tr, ptr, dst, kind = _build_transitions(
        size, threshold, centre_row, MAX_STATES, MAX_TRANSITIONS
    )
    if n_states < 0:
        raise TooLargeError(threshold)
    n_kinds = 2 * (size + 1)
    src = np.repeat(np.arange(n_states, dtype=np.int64), np.diff(ptr))
    order = np.lexsort((kind, src))
    dst = np.ascontiguousarray(dst[order])
    kind = np.ascontiguousarray(kind[order])
    src = src[order]
    counts = np.zeros((n_states, n_kinds), np.int64)
    np.add.at(counts, (src, kind.astype(np.int64)), 1)
    offsets = np.zeros((n_states, n_kinds + 1), np.int64)
    offsets[:, 1:] = np.cumsum(counts, axis=1)
    offsets += ptr[:-1, None]
    return Transitions(size, threshold, n_states, offsets, dst, kind)
