"""The suite's two tiers, timed: how many tests each runs and how long it takes.

  python benchmarks/bench_tests.py [--tier fast|full|both] [--workers auto] [--burners 0]
                                   [--write-slow SECONDS]

Runs `python -m pytest -n <workers> [--fast]` in this checkout, as the README gives it, and
prints for each tier the tests collected, passed and failed, the wall time, and the fast
tier's share of the whole. Targets (issue 40, this 2-core machine): the fast tier runs at least
85 % of the tests in at most 5 minutes; the whole run (what CI runs) in at most 12 minutes.
`--burners N` runs N CPU burners (busy processes) alongside, as CI's neighbours might.
`--write-slow S` adds to tests/slow_tests.txt every test of the run that took S seconds or more
(the fast tier then leaves them out; tests/conftest.py marks them slow).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import re
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ElementTree
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


def run(tier: str, workers: str, junit: Path) -> tuple[float, dict[str, int], str]:
    args = [sys.executable, "-m", "pytest", "-n", workers, "-q", "-p", "no:cacheprovider"]
    args.append(f"--junitxml={junit}")
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


def write_slow(junit: Path, seconds: float) -> int:
    """Adds the run's tests of `seconds` or more to tests/slow_tests.txt; how many were new."""
    listing = ROOT / "tests" / "slow_tests.txt"
    lines = listing.read_text(encoding="utf-8").splitlines()
    known = {line.split("#")[0].strip() for line in lines}
    new = []
    for case in ElementTree.parse(junit).iter("testcase"):
        took = float(case.get("time", 0))
        node = case.get("classname", "").replace(".", "/") + ".py::" + case.get("name", "")
        if took >= seconds and node not in known:
            new.append(f"{node}  # {took:.1f}")
    listing.write_text("\n".join(lines + new) + "\n", encoding="utf-8")
    return len(new)


def burn() -> None:
    while True:
        pass


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tier", choices=("fast", "full", "both"), default="both")
    parser.add_argument("--workers", default="auto", help="pytest-xdist's -n (default auto)")
    parser.add_argument("--burners", type=int, default=0, help="CPU burners alongside")
    parser.add_argument("--write-slow", type=float, metavar="SECONDS", help="list tests this slow")
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
        junit = Path(tempfile.mkdtemp()) / "junit.xml"
        seconds, counts, summary = run(tier, options.workers, junit)
        if options.write_slow is not None and junit.exists():
            added = write_slow(junit, options.write_slow)
            print(
                f"{tier} tier: {added} tests of {options.write_slow} s or more added to slow_tests.txt"
            )
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
