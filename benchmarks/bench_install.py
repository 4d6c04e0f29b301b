"""What `scripts/install.sh` buys and costs: prints figures, asserts nothing.

  .venv/bin/python benchmarks/bench_install.py [--venv .venv]

* first start of the odds engine: numba compiling every kernel (a fresh install without the
  warm-up) against loading them from the on-disk cache (after install.sh's warm-up), each in a
  fresh process with its own cache folder;
* the size of the virtual environment and of its largest packages, and whether QtWebEngine,
  QtPdf or QtMultimedia (PySide6-Addons) are in it.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WARM_UP = "from bingo.probability import warm_up; warm_up()"


def timed_warm_up(cache_dir: str) -> float:
    env = {**os.environ, "NUMBA_CACHE_DIR": cache_dir, "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", WARM_UP], check=True, env=env, cwd=ROOT)
    return time.perf_counter() - start


def folder_size(path: Path) -> int:
    total = 0
    for root, _dirs, files in os.walk(path):
        for name in files:
            p = Path(root) / name
            if not p.is_symlink():
                total += p.stat().st_size
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--venv", default=str(ROOT / ".venv"), help="the environment to measure")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="numba-cache-") as cache:
        cold = timed_warm_up(cache)
        warm = min(timed_warm_up(cache) for _ in range(3))
    print(f"odds engine, first start without the warm-up (compiles): {cold:6.1f} s")
    print(f"odds engine, first start after install.sh's warm-up:     {warm:6.1f} s")
    print(f"  ratio: {cold / warm:.0f}x")

    venv = Path(args.venv)
    site = next(venv.glob("lib/python3*/site-packages"), None) or venv / "Lib" / "site-packages"
    if not site.is_dir():
        print(f"no virtual environment at {venv}: run bash scripts/install.sh first")
        return
    print(f"{venv}: {folder_size(venv) / 1e6:.0f} MB in all")
    sizes = sorted(((folder_size(p), p.name) for p in site.iterdir() if p.is_dir()), reverse=True)
    for size, name in sizes[:6]:
        print(f"  {name:<28} {size / 1e6:6.0f} MB")
    qt = site / "PySide6"
    for module in ("QtWebEngineCore", "QtPdf", "QtMultimedia"):
        present = any(qt.glob(f"{module}.*.so")) or any(qt.glob(f"{module}.pyd"))
        print(f"  PySide6.{module:<20} {'installed' if present else 'not installed'}")


if __name__ == "__main__":
    main()
