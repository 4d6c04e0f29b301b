"""Speed of `bingo cards --png` against the PDF alone: prints figures, asserts nothing.

  python benchmarks/bench_cards_png.py [--counts 1000 10000]

Same event as bench_cards.py (5x5, free centre, 256x256 sample images, A4, 4 per page). Each
case runs in a fresh process and reports wall time and CPU time (all threads: PNG compression
runs in worker threads while the next cards are drawn). Target (issue 13): 1,000 cards with
--png in at most 10x the time of the PDF alone.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))


def run_case(config_path: Path, count: int, png: bool) -> dict:
    """In the child process: make the cards (and PNGs), report wall and CPU seconds."""
    from bingo.config import load_config
    from cards.command import make_cards
    from cards.pdf import CardOptions

    config = load_config(config_path)
    folder = config_path.parent
    out = folder / f"cards-{count}-{int(png)}.pdf"
    png_dir = folder / f"png-{count}" if png else None
    start, cpu = time.perf_counter(), time.process_time()
    options = CardOptions()
    make_cards(config, count=count, seed=1, options=options, out=out, png_dir=png_dir, force=True)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    png_mb = sum(p.stat().st_size for p in png_dir.iterdir()) / 1e6 if png_dir else 0.0
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return {"seconds": seconds, "cpu": cpu, "png_mb": png_mb, "rss_mb": usage.ru_maxrss / 1024}


def child(config: Path, count: int, png: bool) -> dict:
    done = subprocess.run(
        [sys.executable, __file__, "--child", str(config), str(count), str(int(png))],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--counts", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        path, count, png = args.child
        print(json.dumps(run_case(Path(path), int(count), png == "1")))
        return 0
    from bench_cards import make_event

    print(
        f"bingo cards --png benchmark: 5x5, images, A4 4 per page; {os.cpu_count()} CPUs, "
        f"load average {os.getloadavg()[0]:.1f}"
    )
    with tempfile.TemporaryDirectory() as tmp:
        config = make_event(Path(tmp))
        for count in args.counts:
            pdf = child(config, count, False)
            both = child(config, count, True)
            print(
                f"{count:>6,} cards: PDF {pdf['seconds']:6.2f} s (CPU {pdf['cpu']:6.2f} s)   "
                f"PDF + PNG {both['seconds']:6.2f} s (CPU {both['cpu']:6.2f} s)   "
                f"x{both['seconds'] / pdf['seconds']:.1f} wall, x{both['cpu'] / pdf['cpu']:.1f} CPU "
                f"(target <= 10)   PNGs {both['png_mb']:.0f} MB, "
                f"{1000 * (both['seconds'] - pdf['seconds']) / count:.1f} ms per PNG"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
