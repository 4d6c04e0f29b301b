"""The suite's two tiers, timed: how many tests each runs and how long it takes.

  python benchmarks/bench_tests.py [--tier fast|full|both] [--workers auto] [--burners 0]

Runs `python -m pytest -n <workers> [--fast]` in this checkout, as the README gives it, and
prints for each tier the tests collected, passed and failed, the wall time, and the fast
tier's share of the whole. Targets (issue 40, this 2-core machine): the fast tier runs at least
85 % of the tests in at most 5 minutes; the whole run (what CI runs) in at most 12 minutes.
`--burners N` runs N CPU burners (busy processes) alongside, as CI's neighbours might.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FAST_SHARE = 0.85
FAST_SECONDS = 5 * 60
FULL_SECONDS = 12 * 60


def collected(tier: str) -> int:
    """The number of tests the tier runs (collection only: deselected ones left out)."""
    args = [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"]
    if tier == "fast":
        args.append("--fast")
    out = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=False).stdout
    return sum(1 for line in out.splitlines() if "::" in line)


def run(tier: str, workers: str) -> tuple[float, dict[str, int], str]:
    args = [sys.executable, "-m", "pytest", "-n", workers, "-q", "-p", "no:cacheprovider"]
    if tier == "fast":
        args.append("--fast")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    start = time.monotonic()
    done = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, env=env, check=False)
    seconds = time.monotonic() - start
    summary = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr[-500:]
    counts = {
        word: int(n) for n, word in re.findall(r"(\d+) (passed|failed|error|skipped)", summary)
    }
    return seconds, counts, summary


def burn() -> None:
    while True:
        pass


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tier", choices=("fast", "full", "both"), default="both")
    parser.add_argument("--workers", default="auto", help="pytest-xdist's -n (default auto)")
    parser.add_argument("--burners", type=int, default=0, help="CPU burners alongside")
    options = parser.parse_args(argv)
    burners = [multiprocessing.Process(target=burn, daemon=True) for _ in range(options.burners)]
    for burner in burners:
        burner.start()
    try:
        return report(options)
    finally:
        for burner in burners:
            burner.terminate()


def report(options: argparse.Namespace) -> int:
    tiers = ("fast", "full") if options.tier == "both" else (options.tier,)
    total = collected("full")
    print(f"tests in the suite: {total} (workers: {options.workers}, burners: {options.burners})")
    missed = 0
    for tier in tiers:
        count = collected(tier) if tier == "fast" else total
        seconds, counts, summary = run(tier, options.workers)
        share = count / total if total else 0.0
        limit = FAST_SECONDS if tier == "fast" else FULL_SECONDS
        ok = seconds <= limit and not counts.get("failed") and not counts.get("error")
        if tier == "fast":
            ok = ok and share >= FAST_SHARE
        missed += not ok
        print(
            f"{tier:>4} tier: {count} tests ({share:.1%} of the suite), {seconds:.0f} s "
            f"(target <= {limit // 60} min{', >= 85 %' if tier == 'fast' else ''}): "
            f"{'OK' if ok else 'MISSED'}  [{summary}]"
        )
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
