"""Speed of the probability engine: prints figures and targets (run: python benchmarks/bench_probability.py).

Every timed call is uncached (the engine's memo is cleared) on varying inputs; "first call"
includes building or loading the DP tables for that board.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from bingo import probability as prob
from bingo.probability._model import weight_table

TESTS = str(Path(__file__).resolve().parent.parent / "tests")
sys.path.insert(0, TESTS)  # the brute-force reference lives with the tests
import probability_brute as _brute  # noqa: E402


def _median_ms(fn, inputs, repeat=1) -> float:
    times = []
    for x in inputs:
        for _ in range(repeat):
            prob._probability.cache_clear()
            t = time.perf_counter()
            fn(x)
            times.append(time.perf_counter() - t)
    return statistics.median(times) * 1e3


def _vectors(n, m, count, seed=1):
    """Column counts met in real draws: `count` random draw orders, each stopped at a random
    point (uniform over 0..all numbers)."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        order = [c for c in range(n) for _ in range(m)]
        rng.shuffle(order)
        d = [0] * n
        for c in order[: rng.randint(0, n * m)]:
            d[c] += 1
        out.append(tuple(d))
    return out


def _midgame(n, m, t, count, seed=3):
    """Counts from the hard part of the game, where P(bingo) is between 1% and 99%."""
    out = []
    for d in _vectors(n, m, 20 * count, seed):
        prob._probability.cache_clear()
        if 0.01 < prob.bingo_probability(d, n, m, t) < 0.99:
            out.append(d)
        if len(out) == count:
            break
    return out


def _cpu_ms(fn, x, repeat=3) -> float:
    """CPU time of one uncached call (min of `repeat`): the single-core cost, which the load of
    other processes on this shared machine inflates less than the wall time."""
    best = float("inf")
    for _ in range(repeat):
        prob._probability.cache_clear()
        start = time.process_time()
        fn(x)
        best = min(best, time.process_time() - start)
    return best * 1e3


def _line(label: str, value: str, target: str, ok: bool) -> None:
    print(f"{label:<52} {value:>14}   target {target:<10} {'OK' if ok else 'MISSED'}")


def _first_call(n, m, t) -> float:
    start = time.perf_counter()
    prob.bingo_probability([m // 2] * n, n, m, t)
    return time.perf_counter() - start


def main() -> int:
    cores = os.cpu_count()
    print(
        f"load average {os.getloadavg()[0]:.2f} on {cores} cores (timings scale with it), "
        f"NUMBA_NUM_THREADS={os.environ.get('NUMBA_NUM_THREADS', 'unset')}"
    )
    start = time.perf_counter()
    prob.warm_up()
    print(f"warm_up() in this process: {time.perf_counter() - start:.3f} s")

    # 5x5, threshold 4, and the brute-force reference on the same inputs
    _first_call(5, 15, 4)
    vecs = _vectors(5, 15, 200)
    dp_ms = _median_ms(lambda d: prob.bingo_probability(d, 5, 15, 4), vecs)
    _line("5x5 t4 bingo_probability, median", f"{dp_ms:.4f} ms", "<= 1 ms", dp_ms <= 1)
    _brute.bingo_probability(3, 3, weight_table((1, 1, 1), 3, 3, False), 1)  # compile
    brute = []
    for d in vecs[:3]:
        t = time.perf_counter()
        _brute.bingo_probability(5, 4, weight_table(d, 5, 15, False), 2)
        brute.append(time.perf_counter() - t)
    brute_ms = statistics.median(brute) * 1e3
    ratio = brute_ms / dp_ms
    print(f"{'5x5 t4 brute-force enumeration, median of 3':<52} {brute_ms:>11.1f} ms")
    _line("5x5 t4 speed-up of the DP over brute force", f"{ratio:,.0f}x", ">= 1000x", ratio >= 1000)

    # the degenerate board (every number of a column on the card): one line
    first = _first_call(10, 10, 4)
    ms = _median_ms(lambda d: prob.bingo_probability(d, 10, 10, 4), _midgame(10, 10, 4, 15))
    print(f"{'10x10 t4 M=10 (degenerate) mid-game, median':<52} {ms:>11.3f} ms"
          f"   (first call {first:.3f} s)")  # fmt: skip

    # the headline: 10x10, threshold 4, 15 numbers per column; CPU time, min of 3 per input
    _first_call(10, 15, 4)
    mid = _midgame(10, 15, 4, 20) + [(7,) * 10, (5,) * 10, (7, 8, 6, 7, 9, 5, 8, 7, 6, 7)]
    p_cpu = [_cpu_ms(lambda d: prob.bingo_probability(d, 10, 15, 4), d) for d in mid]
    _line("10x10 t4 M=15 bingo_probability, mid-game, worst", f"{max(p_cpu):.3f} ms",
          "<= 5 ms", max(p_cpu) <= 5)  # fmt: skip
    print(f"{'    median':<52} {statistics.median(p_cpu):>11.3f} ms")
    nx_cpu = [_cpu_ms(lambda d: prob.next_draw_stats(d, 10, 15, 4, cards=500), d) for d in mid]
    _line("10x10 t4 M=15 next_draw_stats 500 cards, worst", f"{max(nx_cpu):.3f} ms",
          "<= 50 ms", max(nx_cpu) <= 50)  # fmt: skip
    print(f"{'    median':<52} {statistics.median(nx_cpu):>11.3f} ms")
    _first_call(10, 20, 4)  # 2x size numbers per column: the other board the target names
    mid20 = _midgame(10, 20, 4, 20) + [(10,) * 10]
    p20 = [_cpu_ms(lambda d: prob.bingo_probability(d, 10, 20, 4), d) for d in mid20]
    _line("10x10 t4 M=20 bingo_probability, mid-game, worst", f"{max(p20):.3f} ms",
          "<= 5 ms", max(p20) <= 5)  # fmt: skip
    print(f"{'    median':<52} {statistics.median(p20):>11.3f} ms")
    first = _first_call(8, 10, 6)
    ms = _median_ms(lambda d: prob.bingo_probability(d, 8, 10, 6), _midgame(8, 10, 6, 15))
    print(f"{'8x8 t6 M=10 bingo_probability, mid-game, median':<52} {ms:>11.3f} ms"
          f"   (first call {first:.3f} s)")  # fmt: skip

    vecs = [d for d in _vectors(5, 15, 60, seed=2) if sum(d) < 75]
    ms = _median_ms(lambda d: prob.next_draw_stats(d, 5, 15, 4, cards=500), vecs)
    _line("5x5 t4 next_draw_stats, 500 cards, median", f"{ms:.3f} ms", "<= 20 ms", ms <= 20)

    for m in (15,):
        prob._curve_cached.cache_clear()
        t0 = time.perf_counter()
        curve = prob.first_bingo_curve(500, 5, m, 4)
        sec = time.perf_counter() - t0
        _line(f"5x5 t4 first_bingo_curve, 500 cards, M={m} (exact)", f"{sec:.3f} s", "<= 2 s",
              sec <= 2)  # fmt: skip
        print(f"    expected first bingo draw: {curve.expected_first_bingo:.3f}")
    prob.first_bingo_curve(100, 10, 10, 4, samples=2)  # tables and kernels ready
    prob.warm_up(7, 4)
    # the sampled curve (sizes above 5), cold: the one-card curve, the control variate's tables
    # and the sampling are all in the CPU time
    for n, m in ((10, 10), (10, 15), (10, 20), (7, 10)):
        prob._curve_cached.cache_clear()
        prob._one_card.cache_clear()
        t0, c0 = time.perf_counter(), time.process_time()
        curve = prob.first_bingo_curve(100, n, m, 4)
        sec, cpu = time.perf_counter() - t0, time.process_time() - c0
        label = f"{n}x{n} t4 first_bingo_curve, 100 cards, M={m}, CPU"
        if n == 10:
            _line(label, f"{cpu:.3f} s", "<= 2 s", cpu <= 2)
            _line("    stated max error", f"{curve.max_error:.4f}", "<= 0.005",
                  curve.max_error <= 0.005)  # fmt: skip
        else:
            print(f"{label:<52} {cpu:>12.3f} s   (max error {curve.max_error:.4f})")
        print(f"    wall {sec:.3f} s, {curve.samples} draw orders sampled")
    floor_code = (  # numba's own cost: import, then its one-time set-up at the first call
        f"import sys; sys.path.insert(0, {TESTS!r});"
        "import time; t = time.perf_counter(); import numba, numpy;"
        "import probability_brute as _brute; a = time.perf_counter() - t;"
        "_brute._popcount(numpy.int64(3)); print(a, time.perf_counter() - t)"
    )
    code = (
        "import time; t = time.perf_counter(); from bingo import probability as p; p.warm_up();"
        "a = time.perf_counter() - t; p.bingo_probability([3, 4, 5, 6, 7], 5, 15);"
        "print(a, time.perf_counter() - t)"
    )
    runs, floors = [], []
    for _ in range(4):
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        )
        runs.append(tuple(float(x) for x in out.stdout.split()))
        out = subprocess.run(
            [sys.executable, "-c", floor_code], capture_output=True, text=True, check=True
        )
        floors.append(tuple(float(x) for x in out.stdout.split()))
    for i, (warm, first) in enumerate(runs, 1):
        print(
            f"fresh process #{i}: import + warm_up {warm:.3f} s, + first 5x5 answer {first:.3f} s"
        )
    print(f"{'floor: import numpy + numba':<52} {statistics.median(f[0] for f in floors):>12.3f} s")
    floor = statistics.median(f[1] for f in floors)
    print(f"{'floor: + numba set-up at a first tiny cached call':<52} {floor:>12.3f} s")
    warm = statistics.median(r[0] for r in runs[1:])
    _line("start-up: import + warm_up from the numba cache", f"{warm:.3f} s", "<= 1 s", warm <= 1)
    print(f"{'start-up beyond the numba floor (the engine own)':<52} {warm - floor:>12.3f} s")
    print(f"load average {os.getloadavg()[0]:.2f} at the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
