"""Frontier states and column transitions of the transfer-matrix DP (built once per board shape).

A state describes the marked cells of the last column processed: for each row, the label of its
group (0 = unmarked; labels numbered in order of first appearance) and, per label, the group size
so far (always < threshold: a group reaching the threshold has made a bingo and leaves the DP).
Appending a column with marked-row mask S maps a state to a new state; the weight of that step
depends only on popcount(S) (and, for a free-centre column, on whether S holds the centre row),
so the transitions are stored once, as CSR sorted by (source, kind), and reused for every query.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import numpy as np

from bingo.probability import _cells
from bingo.probability._jit import Array, jit
from bingo.probability._model import SUPPORTED_THRESHOLD
from eventkit.paths import user_data_dir
from eventkit.safefile import NotOurFile, write_atomic

MAX_STATES = 80_000
MAX_TRANSITIONS = 9_000_000
MAX_THRESHOLD = 63  # group sizes are packed in 6 bits
_CACHE_VERSION = 4  # 4: layers sorted by (marks, pattern)
_CACHE_MIN_TRANSITIONS = 100_000  # folded edges
_LABEL_BITS = 3
_SIZE_SHIFT = 30
_SIZE_BITS = 6


# the 19 arrays of `Transitions.arrays()`, as the kernels take them
KernelArrays = tuple[
    Array, Array, Array, Array, Array, Array, Array, Array, Array, Array,
    Array, Array, Array, Array, Array, Array, Array, Array, Array,
]  # fmt: skip


class TooLargeError(ValueError):
    """The state space of the exact DP would be too large for this size and threshold."""


@jit
def _find(parent: Array, x: int) -> int:
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


@jit
def _grow(arr: Array, new_len: int) -> Array:
    out = np.empty(new_len, arr.dtype)
    out[: arr.size] = arr
    return out


_HASH_BITS = 18  # open-addressing table of 2**18 slots, load <= MAX_STATES / 2**18


@jit
def _lookup(keys: Array, vals: Array, code: int | np.int64) -> int:
    """Slot of `code` in the open-addressing table (linear probing); keys < 0 are empty."""
    mask = np.uint64(keys.size - 1)
    h = np.uint64(code)  # splitmix64 finaliser
    h = (h ^ (h >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    h = (h ^ (h >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    h = h ^ (h >> np.uint64(31))
    slot = np.int64(h & mask)
    slot_mask = np.int64(mask)
    while keys[slot] >= 0 and keys[slot] != code:
        slot = (slot + 1) & slot_mask
    return int(slot)


@jit
def _column_masks(n: int, threshold: int) -> tuple[int, Array, Array, Array, Array, Array]:
    """The column masks whose vertical runs are all shorter than the threshold, with their runs:
    (count, mask, run index of each row (-1 unmarked), run lengths, run count, popcount)."""
    n_masks = 0
    masks = np.empty(1 << n, np.int64)
    run_of = np.empty((1 << n, n), np.int64)
    run_len = np.zeros((1 << n, n), np.int64)
    n_runs_of = np.zeros(1 << n, np.int64)
    pcs = np.zeros(1 << n, np.int64)
    for mask in range(1 << n):
        ok = True
        nr = 0
        pc = 0
        r = 0
        while r < n:
            if (mask >> r) & 1:
                length = 0
                while r < n and (mask >> r) & 1:
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
            masks[n_masks] = mask
            n_runs_of[n_masks] = nr
            pcs[n_masks] = pc
            n_masks += 1
    return n_masks, masks, run_of, run_len, n_runs_of, pcs


# Over complexity 15 (radon 24) on purpose, one of the two numba kernels allowed over 20: the
# union-find join of each (state, mask) stays inline; as a helper the BFS took 1.3-1.5x as long
# (8x8 to 10x10, measured interleaved in one process). Measured again with the decode, the join
# and the relabelling as numba inline="always" helpers (min of 3 runs, interleaved): 9x9 t4
# 0.154 s inline vs 0.198 s (1.28x), 10x10 t5 4.00 s vs 6.79 s (1.70x); 8x8 and 10x10 t4 within 6 %.
@jit
def _build_transitions(n: int, threshold: int, centre_row: int, max_states: int,  # noqa: C901
                       max_transitions: int) -> tuple[int, int, Array, Array, Array, Array]:  # fmt: skip
    """BFS over frontier states. Returns (n_states, n_transitions, ptr, dst, kind, codes); kind =
    popcount(mask) + (n + 1) * [mask holds centre_row] (centre_row < 0: never). n_states = -1
    when a limit is exceeded."""
    n_masks, masks, run_of, run_len, n_runs_of, pcs = _column_masks(n, threshold)
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
                    return -1, 0, ptr, dst, kind, codes
                keys[slot] = new_code
                vals[slot] = n_states
                codes[n_states] = new_code
                j = n_states
                n_states += 1
            if n_tr >= cap:
                if n_tr >= max_transitions:
                    return -1, 0, ptr, dst, kind, codes
                cap *= 2
                dst = _grow(dst, cap)
                kind = _grow(kind, cap)
            dst[n_tr] = j
            mask = masks[m]
            has_centre = 1 if centre_row >= 0 and (mask >> centre_row) & 1 else 0
            kind[n_tr] = pcs[m] + (n + 1) * has_centre
            n_tr += 1
        ptr[i + 1] = n_tr
        i += 1
    out = ptr[: n_states + 1].copy(), dst[:n_tr].copy(), kind[:n_tr].copy(), codes[:n_states].copy()
    return n_states, n_tr, out[0], out[1], out[2], out[3]


@jit
def _flip_codes(codes: Array, n: int) -> Array:
    """The code of each state with its rows upside down (labels renumbered top to bottom)."""
    out = np.empty_like(codes)
    label_mask = (1 << _LABEL_BITS) - 1
    size_mask = (1 << _SIZE_BITS) - 1
    newlab = np.zeros(16, np.int64)
    for i in range(codes.size):
        code = codes[i]
        newlab[:] = 0
        new_code = np.int64(0)
        next_label = 1
        for r in range(n):
            old = (code >> (_LABEL_BITS * (n - 1 - r))) & label_mask
            if old == 0:
                continue
            if newlab[old] == 0:
                newlab[old] = next_label
                size = (code >> (_SIZE_SHIFT + _SIZE_BITS * (old - 1))) & size_mask
                new_code |= size << (_SIZE_SHIFT + _SIZE_BITS * (next_label - 1))
                next_label += 1
            new_code |= newlab[old] << (_LABEL_BITS * r)
        out[i] = new_code
    return out


@dataclass(frozen=True)
class Transitions:
    """The column transfer of the DP, folded by the board's up-down mirror symmetry.

    A state's frontier mask (its marked rows) is the mask of the column that led to it, so the
    weight of a step depends only on the destination's kind (popcount + (size + 1) * [centre row
    marked]): one column is `v' = diag(w[kind]) A v` with A a fixed 0/1 matrix. Mirror-image
    states always carry equal weight, so only one state per mirror pair is kept (`mult` = 1 or
    2 states it stands for), and values are per represented state. States are sorted by kind
    (`kind_start[k]` .. `kind_start[k + 1]`; `state_kind`).

    A is applied one cell at a time (`_cells`: layer_start .. rep_first). in_off[d, k] ..
    in_off[d, k + 1]: `in_src` = the states with an edge into d, of kind k (the counting DPs
    gather over them). bad[s, k]: how many column masks of kind k make a bingo from s (the mass
    the DP loses there is the bingo probability, summed without cancellation).
    """

    size: int
    threshold: int
    kind_start: np.ndarray  # int64 (n_kinds + 1,)
    state_kind: np.ndarray  # int64 (n_states,)
    mult: np.ndarray  # float64 (n_states,)
    bad: np.ndarray  # float64 (n_states, n_kinds)
    in_off: np.ndarray  # int64 (n_states, n_kinds + 1)
    in_src: np.ndarray  # int32
    layer_start: np.ndarray  # int64 (size + 2,)
    next0: np.ndarray  # int32
    next1: np.ndarray  # int32
    marks: np.ndarray  # int8
    first_fold: np.ndarray  # int32 (layer 0 -> folded state)
    last_fold: np.ndarray  # int32 (layer size -> folded state)
    last_rep: np.ndarray  # bool (layer size state is its pair's representative)
    rep_first: np.ndarray  # int32 (folded state -> its representative in layer 0)
    # edge_counts[k, j]: in-edges into states of kind k from states of kind j (derived, to choose
    # between a gather over in_src and the cell layers per column: whichever moves less)
    edge_counts: np.ndarray = field(init=False)
    next0_local: np.ndarray = field(init=False)
    next1_local: np.ndarray = field(init=False)
    bad_t: np.ndarray = field(init=False)  # bad.T, small ints
    pair_next: np.ndarray = field(init=False)  # two rows at once
    # runs of states of one layer with equal marks and bingo pattern (`_cells.groups`)
    group_start: np.ndarray = field(init=False)
    group: np.ndarray = field(init=False)
    # pushes[jmin, jmax]: the forward cell transfer's pushes for that marked-count range
    pushes: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        """The derived arrays (not stored in the disk cache)."""
        counts = np.diff(self.in_off, axis=1)
        per_kind = np.zeros((self.n_kinds, self.n_kinds), np.int64)
        for k in range(self.n_kinds):
            lo, hi = self.kind_start[k], self.kind_start[k + 1]
            per_kind[k] = counts[lo:hi].sum(axis=0)
        object.__setattr__(self, "edge_counts", per_kind)
        object.__setattr__(self, "next0_local", self._local(self.next0))
        object.__setattr__(self, "next1_local", self._local(self.next1))
        object.__setattr__(self, "pair_next", self._pairs())
        group_start, group = _cells.groups(self.layer_start, self.next0, self.next1, self.marks)
        object.__setattr__(self, "group_start", group_start)
        object.__setattr__(self, "group", group)
        object.__setattr__(self, "pushes", _cells.push_counts(self.layer_start, group_start, group))
        # by kind, then state: a column reads a few rows, contiguous
        dtype = np.uint8 if self.bad.max(initial=0) <= 255 else np.int32
        object.__setattr__(self, "bad_t", np.ascontiguousarray(self.bad.T.astype(dtype)))

    def _pairs(self) -> np.ndarray:
        """pair_next[i] (i in an even layer r < n - 1): the four states of layer r + 2 that rows
        r and r + 1 lead to (unmarked/marked twice), the sink where either step is a bingo: a
        forward pass then pushes once per two rows (fewer loads of the layer in between)."""
        ls = self.layer_start
        n0 = self.next0_local.astype(np.int64)
        n1 = self.next1_local.astype(np.int64)
        sink = int(np.max(np.diff(ls)))
        pairs = np.full((ls[-1], 4), sink, np.int64)
        for r in range(0, ls.size - 3, 2):
            idx = np.arange(ls[r], ls[r + 1])
            for a, first in enumerate((n0[idx], n1[idx])):
                ok = first != sink
                j = ls[r + 1] + first[ok]
                pairs[idx[ok], 2 * a] = n0[j]
                pairs[idx[ok], 2 * a + 1] = n1[j]
        return pairs.astype(self.next0_local.dtype)

    def _local(self, nxt: np.ndarray) -> np.ndarray:
        """Successor indices within the next layer (the kernels keep two layers at a time, which
        stay in the core's cache); a bingo (-1) goes to a sink slot past every layer."""
        ls = self.layer_start
        sink = int(np.max(np.diff(ls)))
        layer_of = np.repeat(np.arange(ls.size - 1), np.diff(ls))
        base = ls[np.minimum(layer_of + 1, ls.size - 2)]
        local = np.where(nxt >= 0, nxt - base, sink)
        return local.astype(np.uint16 if sink < 65535 else np.int32)

    @property
    def n_states(self) -> int:
        return int(self.mult.size)

    @property
    def n_kinds(self) -> int:
        return int(self.kind_start.size - 1)

    @property
    def n_transitions(self) -> int:
        return int(self.in_src.size)

    def arrays(self) -> KernelArrays:
        """The arrays the probability kernels take, in order (_KERNEL_ARRAYS)."""
        return (
            self.kind_start,
            self.in_off,
            self.in_src,
            self.edge_counts,
            self.pushes,
            self.state_kind,
            self.mult,
            self.bad_t,
            self.layer_start,
            self.next0_local,
            self.next1_local,
            self.pair_next,
            self.group_start,
            self.group,
            self.marks,
            self.first_fold,
            self.last_fold,
            self.last_rep,
            self.rep_first,
        )


_KERNEL_ARRAYS = (
    "kind_start",
    "in_off",
    "in_src",
    "edge_counts",
    "pushes",
    "state_kind",
    "mult",
    "bad_t",
    "layer_start",
    "next0_local",
    "next1_local",
    "pair_next",
    "group_start",
    "group",
    "marks",
    "first_fold",
    "last_fold",
    "last_rep",
    "rep_first",
)
_DERIVED = {"next0_local": "next0", "next1_local": "next1", "bad_t": "bad"}
_NOT_STORED = ("edge_counts", "pushes", "pair_next", "group_start", "group")
_ARRAY_NAMES = tuple(_DERIVED.get(name, name) for name in _KERNEL_ARRAYS if name not in _NOT_STORED)


@lru_cache(maxsize=16)
def transitions(size: int, threshold: int) -> Transitions:
    """The transition tables for a size x size board; raises TooLargeError beyond the limits.

    Big tables (10x10 takes seconds to build) are kept in the user data folder's cache, with a
    checksum: a file that does not match it (or is not self-consistent) is rebuilt.
    """
    if threshold > min(MAX_THRESHOLD, SUPPORTED_THRESHOLD.get(size, 0)):
        raise TooLargeError(threshold)
    path = _cache_path(size, threshold)
    if path is not None and path.is_file():
        tables = _load(path, size, threshold)
        if tables is not None:
            return tables
    tables = _build(size, threshold)
    if path is not None and tables.n_transitions >= _CACHE_MIN_TRANSITIONS:
        _save(path, tables)
    return tables


def _checksum(size: int, threshold: int, arrays: dict[str, np.ndarray]) -> str:
    digest = hashlib.sha256(f"bingo-dp v{_CACHE_VERSION} {size} {threshold}".encode())
    for name in _ARRAY_NAMES:
        a = np.ascontiguousarray(arrays[name])
        digest.update(f"{name} {a.dtype.str} {a.shape}".encode())
        digest.update(a.data)
    return digest.hexdigest()


def _save(path: Path, tables: Transitions) -> None:
    """Cache the tables (atomically, as every file of ours: eventkit.safefile); a cache that
    cannot be written (a full disk, a read-only folder, not our file there) is only skipped."""
    arrays = {name: getattr(tables, name) for name in _ARRAY_NAMES}
    checksum = _checksum(tables.size, tables.threshold, arrays)
    data = io.BytesIO()
    np.savez(data, sha256=np.array(checksum), **arrays)
    with contextlib.suppress(OSError, NotOurFile):
        write_atomic(path, data.getvalue(), mode=0o644)


def _load(path: Path, size: int, threshold: int) -> Transitions | None:
    """The cached tables, or None when the file is damaged, altered or from another layout."""
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {name: data[name] for name in _ARRAY_NAMES}
            stored = str(data["sha256"])
    except Exception:
        return None
    if stored != _checksum(size, threshold, arrays):
        return None
    try:
        tables = Transitions(size, threshold, **arrays)
        return tables if _consistent(tables) else None
    except (ValueError, IndexError, TypeError):
        return None


def _consistent(t: Transitions) -> bool:
    """Shapes, dtypes and index ranges the kernels rely on (they do not check bounds)."""
    return _kinds_ok(t) and _layers_ok(t) and _folds_ok(t)


def _kinds_ok(t: Transitions) -> bool:
    """kind_start, state_kind, bad and the incoming-edge CSR (in_off, in_src)."""
    n_kinds, ns = 2 * (t.size + 1), t.mult.size
    if t.kind_start.shape != (n_kinds + 1,) or t.bad.shape != (ns, n_kinds):
        return False
    ks = t.kind_start
    if not (ks[0] == 0 and ks[-1] == ns and np.all(np.diff(ks) >= 0)):
        return False
    if t.state_kind.shape != (ns,) or np.any(t.state_kind != np.repeat(np.arange(n_kinds),
                                                                       np.diff(ks))):  # fmt: skip
        return False
    if t.in_off.shape != (ns, n_kinds + 1) or t.in_off.dtype != np.int64:
        return False
    return _ranges_ok(t.in_off.ravel(), t.in_src, ns)


def _layers_ok(t: Transitions) -> bool:
    """layer_start, next0, next1 and marks: successors of layer r lie in layer r + 1."""
    n, ls, total = t.size, t.layer_start, t.next0.size
    if ls.shape != (n + 2,) or ls[0] != 0 or ls[-1] != total or np.any(np.diff(ls) < 0):
        return False
    if t.next1.size != total or t.marks.size != total:
        return False
    return all(_layer_ok(t, ls[r], ls[r + 1], ls[r + 2]) for r in range(n))


def _layer_ok(t: Transitions, lo: int, hi: int, nhi: int) -> bool:
    """Successors of layer [lo, hi) lie in [hi, nhi) (next1 may be -1: a bingo)."""
    n0, n1 = t.next0[lo:hi], t.next1[lo:hi]
    if n0.size and (n0.min() < hi or n0.max() >= nhi):
        return False
    return not (n1.size and (n1.max() >= nhi or np.any((n1 < hi) & (n1 != -1))))


def _folds_ok(t: Transitions) -> bool:
    """first_fold, last_fold, last_rep and rep_first index the right layers and states."""
    ls, ns = t.layer_start, t.mult.size
    n_first, n_last = ls[1] - ls[0], ls[-1] - ls[-2]
    for fold, size in ((t.first_fold, n_first), (t.last_fold, n_last)):
        if fold.shape != (size,) or (fold.size and not 0 <= fold.min() <= fold.max() < ns):
            return False
    if t.last_rep.shape != (n_last,) or t.rep_first.shape != (ns,):
        return False
    return bool(ns == 0 or 0 <= t.rep_first.min() <= t.rep_first.max() < n_first)


def _ranges_ok(off: np.ndarray, idx: np.ndarray, ns: int) -> bool:
    if idx.dtype != np.int32 or (idx.size and not 0 <= idx.min() <= idx.max() < ns):
        return False
    return bool(off[0] == 0 and off[-1] == idx.size and np.all(np.diff(off) >= 0))


def _cache_path(size: int, threshold: int) -> Path | None:
    try:
        folder = user_data_dir() / "cache"
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return folder / f"bingo-dp-v{_CACHE_VERSION}-{size}x{size}-t{threshold}.npz"


def _csr(
    rows: np.ndarray, row_kinds: np.ndarray, cols: np.ndarray, n_rows: int, n_kinds: int
) -> tuple[np.ndarray, np.ndarray]:
    """(offsets[n_rows, n_kinds + 1], cols sorted by (row, kind, col)) of the given edges."""
    order = np.lexsort((cols, row_kinds, rows))
    counts = np.zeros((n_rows, n_kinds), np.int64)
    np.add.at(counts, (rows, row_kinds), 1)
    offsets = np.zeros((n_rows, n_kinds + 1), np.int64)
    offsets[:, 1:] = np.cumsum(counts, axis=1)
    starts = np.zeros(n_rows, np.int64)
    starts[1:] = np.cumsum(counts.sum(axis=1))[:-1]
    offsets += starts[:, None]
    return offsets, np.ascontiguousarray(cols[order].astype(np.int32))


def _build(size: int, threshold: int) -> Transitions:
    centre_row = size // 2 if size % 2 else -1
    n_states, n_tr, ptr, dst, kind, codes = _build_transitions(
        size, threshold, centre_row, MAX_STATES, MAX_TRANSITIONS
    )
    if n_states < 0:
        raise TooLargeError(threshold)
    n_kinds = 2 * (size + 1)
    src = np.repeat(np.arange(n_states, dtype=np.int64), np.diff(ptr))
    dst = dst.astype(np.int64)
    kind = kind.astype(np.int64)
    # a state's kind is the kind of the column mask that led to it (the start state: kind 0)
    state_kind = np.zeros(n_states, np.int64)
    state_kind[dst] = kind
    # one state per mirror pair: the one with the smaller code; new order by (kind, code)
    flipped = np.searchsorted(codes[np.argsort(codes)], _flip_codes(codes, size))
    by_code = np.argsort(codes)
    mirror = by_code[flipped]  # index of each state's mirror image
    assert np.all(codes[mirror] == _flip_codes(codes, size))
    is_rep = codes <= codes[mirror]
    reps = np.nonzero(is_rep)[0]
    reps = reps[np.lexsort((codes[reps], state_kind[reps]))]
    new_of = np.full(n_states, -1, np.int64)
    new_of[reps] = np.arange(reps.size)
    new_of[~is_rep] = new_of[mirror[~is_rep]]
    ns = reps.size
    mult = np.where(codes[reps] == codes[mirror[reps]], 1.0, 2.0)
    new_kind = state_kind[reps]
    kind_start = np.zeros(n_kinds + 1, np.int64)
    kind_start[1:] = np.cumsum(np.bincount(new_kind, minlength=n_kinds))
    into_rep = is_rep[dst] if ns else np.zeros(0, bool)
    in_off, in_src = _csr(new_of[dst[into_rep]], state_kind[src[into_rep]],
                          new_of[src[into_rep]], ns, n_kinds)  # fmt: skip
    from_rep = is_rep[src]
    out_off, _ = _csr(new_of[src[from_rep]], kind[from_rep], new_of[dst[from_rep]], ns, n_kinds)
    masks_of_kind = np.zeros(n_kinds)
    for mask in range(1 << size):
        has_centre = centre_row >= 0 and (mask >> centre_row) & 1
        masks_of_kind[bin(mask).count("1") + (size + 1) * has_centre] += 1
    bad = masks_of_kind[None, :] - np.diff(out_off, axis=1).astype(np.float64)
    cells = _cells.build(codes, new_of, is_rep, reps, size, threshold)
    return Transitions(size, threshold, kind_start=kind_start, state_kind=new_kind, mult=mult,
                       bad=bad, in_off=in_off, in_src=in_src, **cells)  # fmt: skip
