"""Board variants for a host choosing a board: when the first bingo and the K-th come.

`variants(board)` lists the boards near the configured one (sizes, numbers per column,
thresholds, free centre), `plan(...)` works out for each the expected draw of the first and of
the K-th bingo among N cards (`prize_curves(..., quick=True)`: exact on small boards, sampled
with the error stated on big ones) and orders them closest to the host's target for the first
bingo first. No Qt; imported only by `bingo plan` (bingo/probability/plan_command.py).

The variants: the configured size and the nearest others up to four sizes (3..10); for each,
the configured numbers per column scaled to that size (same numbers per cell) times 2/3, 5/6,
1 and 4/3 (at least the size); thresholds one below, at and one above the configured one (2 at
the least, within what the exact engine handles, and leaving out the boards whose DP is slow:
tables over PLAN_MAX_STATES states, except the configured threshold); both free-centre
choices on odd sizes.
"""

from __future__ import annotations

from dataclasses import dataclass

from bingo.probability import DEFAULT_SEED, prize_curves
from bingo.probability._model import MAX_SIZE, MIN_SIZE, SUPPORTED_THRESHOLD

PLAN_SAMPLES = 32  # draw orders per sampled variant (the error is stated beside each figure)
PLAN_MAX_STATES = 6_000  # leave out other thresholds whose DP tables are bigger (slow)
SIZES = 4
SCALES = (2 / 3, 5 / 6, 1.0, 4 / 3)


@dataclass(frozen=True, order=True)
class Board:
    size: int
    per_column: int
    threshold: int
    free_center: bool

    @property
    def numbers(self) -> int:
        return self.size * self.per_column


@dataclass(frozen=True)
class PlanRow:
    board: Board
    first: float  # expected draw of the first bingo (inf: never certain)
    last: float  # expected draw of the K-th bingo
    first_error: float  # stated error (0 when exact)
    last_error: float
    exact: bool
    configured: bool


@dataclass(frozen=True)
class Plan:
    cards: int
    prizes: int
    target: float  # the first bingo the rows are ordered by (the host's --first, or the
    # configured board's own)
    rows: tuple[PlanRow, ...]


def _sizes(size: int) -> list[int]:
    """The configured size and the nearest others, SIZES in all."""
    near = sorted(range(MIN_SIZE, MAX_SIZE + 1), key=lambda s: (abs(s - size), -s))
    return sorted(near[:SIZES])


def _states(size: int, threshold: int) -> int:
    """States of the DP tables (built or read from the cache)."""
    from bingo.probability._tables import transitions

    return transitions(size, threshold).n_states


def variants(size: int, per_column: int, threshold: int, free_center: bool) -> list[Board]:
    """The boards `plan` compares (the configured one among them)."""
    out = {Board(size, per_column, threshold, free_center)}
    for s in _sizes(size):
        scaled = per_column * s / size
        columns = sorted({max(s, round(scaled * f)) for f in SCALES})
        if s == size:
            columns = sorted({*columns, per_column})
        for t in (threshold - 1, threshold, threshold + 1):
            if not 2 <= t <= min(SUPPORTED_THRESHOLD[s], s * s):
                continue
            if t != threshold and _states(s, t) > PLAN_MAX_STATES:
                continue
            for m in columns:
                for free in (False, True) if s % 2 else (False,):
                    out.add(Board(s, m, t, free))
    return sorted(out)


def plan(
    cards: int,
    prizes: int,
    board: Board,
    first: float | None = None,
    *,
    samples: int = PLAN_SAMPLES,
    seed: int = DEFAULT_SEED,
) -> Plan:
    """Every variant's expected first and K-th bingo, closest to `first` (default: the
    configured board's expected first bingo) first; ties: the longer gap between the first and
    the K-th bingo first (a game that lasts), then the configured board."""
    rows = []
    for b in variants(board.size, board.per_column, board.threshold, board.free_center):
        curves = prize_curves(
            cards, prizes, b.size, b.per_column, b.threshold, b.free_center,
            samples=samples, seed=seed, quick=True,
        )  # fmt: skip
        rows.append(
            PlanRow(
                b, float(curves.expected[0]), float(curves.expected[-1]),
                float(curves.expected_error[0]), float(curves.expected_error[-1]),
                curves.exact, b == board,
            )
        )  # fmt: skip
    own = next(r for r in rows if r.configured)
    target = own.first if first is None else float(first)

    def key(r: PlanRow) -> tuple[float, float, bool]:
        return (round(abs(r.first - target), 2), -(r.last - r.first), not r.configured)

    return Plan(cards, prizes, target, tuple(sorted(rows, key=key)))
