"""Speed of `bingo plan` (run: python benchmarks/bench_plan.py [--cards N] [--prizes K]).

For each configured case (the built-in 4x4 board with 10 numbers per column, 6x6 with 12, and
10x10 with 15; threshold 4, 60 cards, 3 prizes by default) it lists the variants `bingo plan`
compares and times one whole plan in a fresh state (every answer computed, none kept from an
earlier case; the DP tables are read from the disk cache, which is built once, first, and timed
apart): wall and CPU seconds, variants, and the largest stated error of an expected draw. The
target is at most 10 s for at least 50 variants; on a shared machine the CPU time is the figure
that holds (the wall time also counts the other processes).
"""

from __future__ import annotations

import argparse
import sys
import time

from bingo import probability as prob
from bingo.probability import _curve
from bingo.probability.plan import Board, plan, variants

TARGET_S = 10.0
TARGET_VARIANTS = 50
CASES = (Board(4, 10, 4, False), Board(6, 12, 4, False), Board(10, 15, 4, False))


def _fresh() -> None:
    """Forget every computed answer (not the DP tables: they come from the disk cache)."""
    prob._prizes_cached.cache_clear()
    prob._one_card.cache_clear()
    prob._probability.cache_clear()
    _curve._PATTERNS.clear()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=60)
    parser.add_argument("--prizes", type=int, default=3)
    args = parser.parse_args(argv)
    ok = True
    for board in CASES:
        start = time.perf_counter()
        found = variants(board.size, board.per_column, board.threshold, board.free_center)
        tables_s = time.perf_counter() - start
        _fresh()
        start, start_cpu = time.perf_counter(), time.process_time()
        result = plan(args.cards, args.prizes, board)
        wall, cpu = time.perf_counter() - start, time.process_time() - start_cpu
        worst = max(max(r.first_error, r.last_error) for r in result.rows)
        sampled = sum(not r.exact for r in result.rows)
        passed = cpu <= TARGET_S and len(found) >= TARGET_VARIANTS
        ok &= passed
        print(
            f"{board.size}x{board.size}, {board.per_column} per column, threshold "
            f"{board.threshold}: {len(found)} variants ({sampled} sampled), plan {wall:.1f} s "
            f"wall, {cpu:.1f} s CPU (target <= {TARGET_S:.0f} s for >= {TARGET_VARIANTS}); "
            f"largest stated error {worst:.2f} draws; tables ready in {tables_s:.1f} s "
            f"{'OK' if passed else 'OVER'}"
        )
        own = next(r for r in result.rows if r.configured)
        print(
            f"  configured board: first bingo {own.first:.2f}, bingo no. {args.prizes} "
            f"{own.last:.2f} ({args.cards} cards)"
        )
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
