"""Odds about the registered cards (tonight's real cards), given the numbers called so far.

The random-card engine of this package answers "how likely is a card like these"; with a card
registry the room wants to know about the cards in the room. Here:

- the next-draw figures are exact: for every number still in the pool, the registered cards
  without a bingo that it completes are counted (`next_draw`), so P(someone gets a new bingo on
  the next ball) = (pool numbers that complete at least one card) / (pool size) and the
  expected new bingos = (sum of those counts) / (pool size);
- the curve (`curve`) is P(at least B + 1 registered cards have a bingo by draw k), B = the
  cards with a bingo now: the first bingo while there is none, then the next one. It is exact
  for the next draw (the same fraction as the figure above) and sampled beyond it over seeded
  draw orders, with its error stated (2.5 standard errors at each draw); exact at every draw
  when every subset of the pool can be checked (late in a game, or few cards).

No Qt, no cards package: cards come in as objects with `serial` and `rows` (the registry's
BingoCard) and become arrays once (`prepare`). Bad arguments raise ValueError naming them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from bingo.probability._model import check_board

# Draw orders of the curve (samples=None): a first batch of BATCH orders measures the work one
# order takes (card cells marked: a count, not a time, so the choice is the same on every
# machine and the show and `bingo prob --registry` print the same curve), then as many orders
# as WORK_BUDGET allows, within MIN..MAX_SAMPLES (under 1 s of the odds worker: 1,000 cards of
# 10x10 at the first draws get ~6,000 orders, a stated error of at most ~0.016; 60 cards get
# 40,000, ~0.006). Registries far above 1,000 cards keep the first batch only (the curve stays
# quick; its stated error grows to ~0.03).
WORK_BUDGET = 30_000_000
BATCH = 2000  # draw orders generated at once (150 numbers x 2000 x 4 bytes = 1.2 MB)
MIN_SAMPLES, MAX_SAMPLES = BATCH, 40_000
# The curve is exact (every subset of the pool, each card flood-filled) when
# 2**pool * (cards without a bingo) * cells is at most this: late in a game, or few cards.
EXACT_BUDGET = 100_000_000  # ~2-5 ns each: at most ~0.5 s
DEFAULT_SEED = 20240401
Z = 2.5  # the stated error: 2.5 standard errors, as the random-card curve states it


@dataclass(frozen=True)
class RegisteredCards:
    """The registry's cards as arrays, built once for every draw's odds."""

    serials: np.ndarray  # (R,) int64
    grids: np.ndarray  # (R, size * size) int32, row-major; 0 for the free centre
    size: int
    per_column: int
    threshold: int
    free_center: bool

    @property
    def count(self) -> int:
        return int(self.serials.size)

    @property
    def total_numbers(self) -> int:
        return self.size * self.per_column


@dataclass(frozen=True)
class ColumnOdds:
    """The next-draw figures of the registered cards if the next number is in this column."""

    column: int  # 0-based
    p_column: float  # chance the next number falls in this column
    p_bingo_after: float  # share of registered cards with a bingo after such a number
    p_new_bingo_card: float  # share of the cards without a bingo that it completes
    expected_new_bingos: float  # cards it completes, on average over the column's pool numbers
    p_any_new_bingo: float  # share of the column's pool numbers completing at least one card


@dataclass(frozen=True)
class RegistryNextDraw:
    """Exact next-draw figures of the registered cards."""

    cards: int
    called: tuple[int, ...]  # the numbers called so far, as given
    pool: int  # numbers still in the pool
    bingo_serials: tuple[int, ...]  # cards with a bingo now
    reach_serials: tuple[int, ...]  # cards without one that a pool number would complete
    completing: tuple[tuple[int, int], ...]  # (pool number, cards it completes), those >= 1
    numbers_giving_bingo: int  # pool numbers completing at least one card (numerator)
    new_bingos_total: int  # sum over pool numbers of the cards each completes (numerator)
    p_new_bingo_next: float  # numbers_giving_bingo / pool
    expected_new_bingos_next: float  # new_bingos_total / pool
    by_column: tuple[ColumnOdds, ...]

    @property
    def bingo_cards(self) -> int:
        return len(self.bingo_serials)

    @property
    def reach_cards(self) -> int:
        return len(self.reach_serials)

    def as_next_draw_stats(self) -> Any:
        """The same figures as the random-card engine's NextDrawStats (what the show's panel
        and the operator read); "a card" is one of the registered cards, picked at random."""
        from bingo.probability import ColumnDrawStats, NextDrawStats

        now = self.bingo_cards / self.cards
        new = self.expected_new_bingos_next / self.cards
        return NextDrawStats(
            p_bingo_now=now,
            p_bingo_next=now + new,
            p_new_bingo_card=new,
            expected_new_bingos=self.expected_new_bingos_next,
            p_any_new_bingo=self.p_new_bingo_next,
            by_column=tuple(
                ColumnDrawStats(
                    c.column,
                    c.p_column,
                    c.p_bingo_after,
                    c.p_new_bingo_card,
                    c.expected_new_bingos,
                    c.p_any_new_bingo,
                )
                for c in self.by_column
            ),
            cards=self.cards,
            remaining=self.pool,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "cards": self.cards,
            "numbers_called": list(self.called),
            "draws": len(self.called),
            "pool": self.pool,
            "cards_with_bingo": self.bingo_cards,
            "bingo_serials": list(self.bingo_serials),
            "cards_one_away": self.reach_cards,
            "reach_serials": list(self.reach_serials),
            "p_new_bingo_next": self.p_new_bingo_next,
            "p_new_bingo_next_fraction": [self.numbers_giving_bingo, self.pool],
            "expected_new_bingos_next": self.expected_new_bingos_next,
            "expected_new_bingos_next_fraction": [self.new_bingos_total, self.pool],
            "completing_numbers": {str(n): k for n, k in self.completing},
            "by_column": [
                {
                    "column": c.column,
                    "p_column": c.p_column,
                    "p_bingo_after": c.p_bingo_after,
                    "expected_new_bingos": c.expected_new_bingos,
                    "p_any_new_bingo": c.p_any_new_bingo,
                }
                for c in self.by_column
            ],
        }


@dataclass(frozen=True)
class RegistryCurve:
    """P(at least `milestone` registered cards have a bingo by draw k), k = 0..N, given the
    numbers called so far (0 up to now: the milestone has not been reached yet)."""

    drawn: frozenset[int]
    now: int  # numbers called so far
    cards: int
    bingo_cards: int  # cards with a bingo now
    milestone: int  # bingo_cards + 1 (no milestone is left when it exceeds `cards`)
    draws: np.ndarray  # 0..N
    p_any: np.ndarray
    error: np.ndarray  # stated error at each draw (0 where exact)
    max_error: float
    exact: bool
    samples: int  # draw orders sampled (0 when exact)
    expected_draw: float  # expected draw at which the milestone is reached (inf: never)
    expected_error: float  # bound on the error of expected_draw (sum of the per-draw errors)

    @property
    def expected_first_bingo(self) -> float:
        """The expected draw of the milestone (the name the random-card curve uses)."""
        return self.expected_draw

    @property
    def finished(self) -> bool:
        """Every registered card has a bingo: there is no next one to wait for."""
        return self.milestone > self.cards

    def to_json(self) -> dict[str, Any]:
        start = self.now
        return {
            "milestone": self.milestone,
            "exact": self.exact,
            "samples": self.samples,
            "max_error": self.max_error,
            "expected_draw": None if math.isinf(self.expected_draw) else self.expected_draw,
            "expected_error": self.expected_error,
            "draws": [int(t) for t in self.draws[start:]],
            "p": [float(p) for p in self.p_any[start:]],
            "error": [float(e) for e in self.error[start:]],
        }


def prepare(
    cards: Iterable[Any],
    size: int,
    per_column: int,
    threshold: int = 4,
    free_center: bool = False,
) -> RegisteredCards:
    """The cards (objects with `serial` and `rows`, None for the free centre) as arrays."""
    size, per_column, threshold, free_center = check_board(size, per_column, threshold, free_center)
    serials: list[int] = []
    grids: list[list[int]] = []
    total = size * per_column
    for card in cards:
        rows = card.rows
        if len(rows) != size or any(len(row) != size for row in rows):
            raise ValueError(f"card {card.serial} is not {size}x{size}")
        numbers = [n for row in rows for n in row]
        if any(n is not None and not 1 <= n <= total for n in numbers):
            raise ValueError(f"card {card.serial} holds a number outside 1..{total}")
        cells = [0 if n is None else int(n) for n in numbers]
        serials.append(int(card.serial))
        grids.append(cells)
    if not serials:
        raise ValueError("cards must hold at least one card")
    grid = np.array(grids, np.int32).reshape(len(serials), size * size)
    return RegisteredCards(
        np.array(serials, np.int64), grid, size, per_column, threshold, free_center
    )


def _exact_is_feasible(pool: int, live_cards: int, size: int) -> bool:
    """Whether every subset of the pool can be checked (see EXACT_BUDGET)."""
    return pool <= 40 and (1 << pool) * live_cards * size * size <= EXACT_BUDGET


def _samples_for(work_per_order: float) -> int:
    """How many draw orders the automatic choice takes, given the work one order costs."""
    wanted = WORK_BUDGET / max(work_per_order, 1.0)
    return max(MIN_SAMPLES, min(MAX_SAMPLES, BATCH * math.ceil(wanted / BATCH)))


def _called_mask(cards: RegisteredCards, called: Sequence[int]) -> np.ndarray:
    total = cards.total_numbers
    mask = np.zeros(total + 1, np.bool_)
    for i, n in enumerate(called):
        if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
            raise ValueError(f"called[{i}] must be a whole number, not {n!r}")
        if not 1 <= n <= total:
            raise ValueError(f"called number {n} is not on this board (1..{total})")
        if mask[n]:
            raise ValueError(f"called number {n} appears twice")
        mask[n] = True
    return mask


def _state(cards: RegisteredCards, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    from bingo.probability import _registry_kernels

    counts = np.zeros(cards.total_numbers + 1, np.int64)
    bingo = np.zeros(cards.count, np.bool_)
    reach = np.zeros(cards.count, np.bool_)
    _registry_kernels.next_draw(
        cards.grids, mask, cards.size, cards.threshold, counts, bingo, reach
    )
    return counts, bingo, reach


def next_draw(cards: RegisteredCards, called: Sequence[int]) -> RegistryNextDraw:
    """Exact next-draw figures of the registered cards, given the numbers called so far."""
    called = tuple(called)
    mask = _called_mask(cards, called)
    counts, bingo, reach = _state(cards, mask)
    pool_numbers = np.flatnonzero(~mask[1:]) + 1
    pool = int(pool_numbers.size)
    pool_counts = counts[pool_numbers]
    giving = int(np.count_nonzero(pool_counts))
    total_new = int(pool_counts.sum())
    n_cards = cards.count
    n_bingo = int(bingo.sum())
    without = n_cards - n_bingo
    by_column = []
    m = cards.per_column
    for c in range(cards.size):
        in_col = (pool_numbers - 1) // m == c
        left = int(np.count_nonzero(in_col))
        if left == 0:
            by_column.append(ColumnOdds(c, 0.0, n_bingo / n_cards, 0.0, 0.0, 0.0))
            continue
        col_counts = pool_counts[in_col]
        mean = float(col_counts.sum()) / left
        by_column.append(
            ColumnOdds(
                column=c,
                p_column=left / pool,
                p_bingo_after=(n_bingo + mean) / n_cards,
                p_new_bingo_card=mean / without if without else 0.0,
                expected_new_bingos=mean,
                p_any_new_bingo=int(np.count_nonzero(col_counts)) / left,
            )
        )
    return RegistryNextDraw(
        cards=n_cards,
        called=called,
        pool=pool,
        bingo_serials=tuple(sorted(int(s) for s in cards.serials[bingo])),
        reach_serials=tuple(sorted(int(s) for s in cards.serials[reach])),
        completing=tuple(
            (int(n), int(k)) for n, k in zip(pool_numbers, pool_counts, strict=True) if k
        ),
        numbers_giving_bingo=giving,
        new_bingos_total=total_new,
        p_new_bingo_next=giving / pool if pool else 0.0,
        expected_new_bingos_next=total_new / pool if pool else 0.0,
        by_column=tuple(by_column),
    )


def _entries(cards: RegisteredCards, live: np.ndarray) -> tuple[np.ndarray, ...]:
    """CSR index number -> (card, cell) over the cards in `live`, numbered cells only."""
    card_idx, cell_idx = np.nonzero(cards.grids[live] > 0)
    rows = np.flatnonzero(live)[card_idx]
    numbers = cards.grids[rows, cell_idx]
    order = np.argsort(numbers, kind="stable")
    start = np.zeros(cards.total_numbers + 2, np.int64)
    np.add.at(start, numbers + 1, 1)
    return (
        np.cumsum(start),
        rows[order].astype(np.int32),
        cell_idx[order].astype(np.int32),
    )


def curve(
    cards: RegisteredCards,
    called: Sequence[int],
    *,
    samples: int | None = None,
    seed: int = DEFAULT_SEED,
    exact: bool | None = None,
) -> RegistryCurve:
    """P(at least one more registered card has a bingo by draw k), given the numbers called.

    The next draw is exact (the pool numbers completing a card, over the pool); after it, draw
    orders are sampled (seeded, so the show and `bingo prob` print the same curve) with the first
    number stratified over the pool numbers that complete nothing. samples=None: as many orders
    as WORK_BUDGET allows (MIN_SAMPLES..MAX_SAMPLES), measured on the first batch. exact=None:
    every subset of the pool instead when that is cheap (see EXACT_BUDGET); False: sampled."""
    _check_curve_arguments(samples, seed)
    called = tuple(called)
    mask = _called_mask(cards, called)
    counts, bingo, _ = _state(cards, mask)
    total = cards.total_numbers
    now = len(called)
    draws = np.arange(total + 1)
    p = np.zeros(total + 1)
    error = np.zeros(total + 1)
    n_bingo = int(bingo.sum())
    pool_numbers = (np.flatnonzero(~mask[1:]) + 1).astype(np.int32)
    pool = pool_numbers.size
    used = 0
    if n_bingo < cards.count and pool > 0 and cards.threshold <= cards.size**2:
        giving = counts[pool_numbers] > 0
        p1 = float(np.count_nonzero(giving)) / pool
        p[now + 1 :] = 1.0
        quiet = pool_numbers[~giving]  # first numbers after which no card has a new bingo
        live = ~bingo
        feasible = _exact_is_feasible(pool, int(live.sum()), cards.size)
        if quiet.size and pool > 1 and exact is not False and feasible:
            p[now + 1 :] = _exact_tail(cards, mask, live, pool_numbers)
            p[now + 1] = p1  # the same fraction, computed the same way as the tile's
        elif quiet.size and pool > 1:
            sampled = _Sampling(pool_numbers, quiet, samples, np.random.default_rng([seed, now]))
            used, g, err = _sampled_tail(cards, mask, live, sampled, p1)
            p[now + 1 : now + 1 + pool] = p1 + (1.0 - p1) * g
            p[now + 1] = p1  # exact (g[0] is 0: the stratified first number completes nothing)
            error[now + 1 : now + 1 + pool] = err
    for a in (draws, p, error):
        a.setflags(write=False)
    finished = n_bingo >= cards.count
    reachable = not finished and pool > 0 and cards.threshold <= cards.size**2
    expected = now + float(np.sum(1.0 - p[now:-1])) if reachable else math.inf
    return RegistryCurve(
        drawn=frozenset(called),
        now=now,
        cards=cards.count,
        bingo_cards=n_bingo,
        milestone=n_bingo + 1,
        draws=draws,
        p_any=p,
        error=error,
        max_error=float(error.max()),
        exact=used == 0,
        samples=used,
        expected_draw=expected,
        expected_error=float(error[:-1].sum()),
    )


def _check_curve_arguments(samples: int | None, seed: int) -> None:
    if samples is not None and (
        isinstance(samples, bool) or not isinstance(samples, int) or samples < 2
    ):
        raise ValueError(f"samples must be an integer >= 2 (or None), not {samples!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be a non-negative integer, not {seed!r}")


def _exact_tail(
    cards: RegisteredCards, mask: np.ndarray, live: np.ndarray, pool_numbers: np.ndarray
) -> np.ndarray:
    """P(a new bingo within m draws), m = 1..pool, over every subset of the pool."""
    from bingo.probability import _registry_kernels

    pool = pool_numbers.size
    grids = np.ascontiguousarray(cards.grids[live])
    base = (grids == 0) | mask[grids]
    hits = _registry_kernels.subset_hits(
        pool_numbers, grids, base, cards.size, cards.threshold, cards.total_numbers
    )
    ways = np.array([math.comb(pool, m) for m in range(pool + 1)], np.float64)
    return np.asarray(hits[1:] / ways[1:])


@dataclass(frozen=True)
class _Sampling:
    """What the sampled tail draws from: the pool, its quiet numbers, how many orders, the rng."""

    pool_numbers: np.ndarray
    quiet: np.ndarray
    samples: int | None  # None: decided after one batch
    rng: np.random.Generator


def _sampled_tail(
    cards: RegisteredCards, mask: np.ndarray, live: np.ndarray, s: _Sampling, p1: float
) -> tuple[int, np.ndarray, np.ndarray]:
    """(orders sampled, G, error): G(j) = P(a new bingo within j + 1 draws | the first draw
    completes nothing) over sampled draw orders, and the error of the curve built from it."""
    from bingo.probability import _registry_kernels

    pool_numbers, quiet = s.pool_numbers, s.quiet
    pool = pool_numbers.size
    wanted = BATCH if s.samples is None else s.samples
    uf = _registry_kernels.forests(cards.grids, mask, cards.size)
    start, entry_card, entry_cell = _entries(cards, live)
    hits = np.zeros(pool + 1, np.int64)
    used = 0
    while used < wanted:
        first = used
        n = min(BATCH, wanted - first)
        orders = s.rng.permuted(np.tile(pool_numbers, (n, 1)), axis=1)
        # stratified first number: each quiet number as often as the others (+-1)
        lead = quiet[(np.arange(first, first + n)) % quiet.size]
        at = np.argmax(orders == lead[:, None], axis=1)
        orders[np.arange(n), at] = orders[:, 0]
        orders[:, 0] = lead
        steps, work = _registry_kernels.first_new_bingo(
            orders, start, entry_card, entry_cell, uf, cards.size, cards.threshold
        )
        hits += np.bincount(steps, minlength=pool + 1)
        used += n
        if s.samples is None and first == 0:
            wanted = _samples_for(work / n)
    g = np.cumsum(hits[:pool]) / used
    # Agresti-Coull: never a zero error where the samples happen to agree
    tilde = (g * used + 2.0) / (used + 4.0)
    err = (1.0 - p1) * Z * np.sqrt(tilde * (1.0 - tilde) / (used + 4.0))
    err[0] = 0.0
    err[-1] = 0.0  # after the whole pool every card is full, so it has a bingo
    return used, g, err


def warm_up() -> None:
    """Compile (or load from numba's disk cache) the registry kernels on a tiny card."""

    class _Card:
        serial = 1
        rows = ((1, 4, 7), (2, 5, 8), (3, 6, 9))

    cards = prepare([_Card()], 3, 3, 3, False)
    next_draw(cards, (1,))
    curve(cards, (1,), samples=2, exact=False)
    curve(cards, (1,))
