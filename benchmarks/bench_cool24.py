"""COOL 24+24 simulator speed: numba kernel vs the pure-Python engine, greedy player, one core.

    python benchmarks/bench_cool24.py [--games N]

Prints games per second (CPU time of this process, so other load on the machine does not
count; wall-clock figures are printed too) and the speed-up. Target: >= 200,000 greedy games/s.
"""

from __future__ import annotations

import argparse
import os
import time

os.environ.setdefault("NUMBA_NUM_THREADS", "1")

from games.cool24.sim import simulate, simulate_python


def measure(fn, *args, **kwargs) -> tuple[float, float, object]:
    cpu, wall = time.process_time(), time.perf_counter()
    result = fn(*args, **kwargs)
    return time.process_time() - cpu, time.perf_counter() - wall, result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1_000_000, help="games for the numba run")
    parser.add_argument("--python-games", type=int, default=20_000)
    parser.add_argument("--best-games", type=int, default=2_000)
    args = parser.parse_args()

    cpu, wall, _ = measure(simulate, 10, policy="greedy", seed=1)
    print(f"numba compile / cache load: {wall:.2f} s")

    runs = []
    for rep in range(3):
        cpu, wall, res = measure(simulate, args.games, policy="greedy", seed=100 + rep)
        runs.append((cpu, wall))
        print(
            f"numba greedy  run {rep + 1}: {args.games:,} games  {args.games / cpu:,.0f} games/s "
            f"(CPU)  {args.games / wall:,.0f} games/s (wall)"
        )
    best_cpu = min(c for c, _ in runs)
    numba_rate = args.games / best_cpu

    cpu, wall, slow = measure(simulate_python, args.python_games, policy="greedy", seed=7)
    python_rate = args.python_games / cpu
    print(
        f"python greedy: {args.python_games:,} games  {python_rate:,.0f} games/s (CPU)  "
        f"{args.python_games / wall:,.0f} games/s (wall)"
    )

    cpu, wall, _ = measure(simulate, args.best_games, policy="best", seed=3)
    print(f"numba best (32 greedy rollouts per choice): {args.best_games / cpu:,.0f} games/s (CPU)")

    print(f"speed-up numba / python (greedy): {numba_rate / python_rate:,.0f}x")
    verdict = "meets" if numba_rate >= 200_000 else "BELOW"
    print(
        f"numba greedy best of 3: {numba_rate:,.0f} games/s on one core: {verdict} the "
        "200,000 games/s target"
    )
    print(f"(greedy mean score {res.summary()['mean']:.2f} vs python {slow.summary()['mean']:.2f})")


if __name__ == "__main__":
    main()
