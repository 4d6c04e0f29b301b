"""Speed and memory of `bingo cards`: prints figures, asserts nothing.

  python benchmarks/bench_cards.py [--tracemalloc]

Builds a temporary 5x5 event (free centre, 15 numbers per column) with 256x256 sample images
drawn by scripts/make_sample_images.py, then runs each case in a fresh process:
  * 1,000 cards, 4 per page, images + QR     (targets: <= 15 s, <= 25 MB PDF)
  * 1,000 and 10,000 cards without images    (target: 10,000 in <= 60 s, memory flat)
  * 1,000 and 10,000 cards with and without --press (PDF/X-1a, A6, images + QR, CMYK
    pictures at 300 ppi; targets 15 and 120 s of CPU; the preflight each run ends with included)
    `--press-only` runs just these. Measured 2026-12-01 on the shared 2-core machine (load 5-11):
    1,000: RGB 2.9 s CPU (15 s wall), press 4.5 s CPU (15.8 s wall, 3.7 MB);
    10,000: RGB 21.9 s CPU (54 s wall, 11.8 MB), press 32.9 s CPU (113 s wall, 26 MB, 196 MB RSS)
    2026-12-04 after issue 34 (Japan Color profile embedded, K-only small text with overprint,
    picture sources marked, the preflight's faster small-text reading): 1,000: RGB 1.5 s CPU,
    press 2.4 s CPU (5.8 s wall, 5.2 MB); 10,000: RGB 9.0 s CPU, press 19.2 s CPU (30.8 s wall,
    28 MB, 220 MB RSS)
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CONFIG = """
[event]
title = "ぷよ橋ビンゴ大会"
[board]
size = 5
numbers_per_column = 15
threshold = 4
free_center = true
image_dir = "img"
[columns]
names = ["P", "L", "B", "4", "Y"]
"""


def make_event(folder: Path) -> Path:
    spec = importlib.util.spec_from_file_location(
        "make_sample_images", ROOT / "scripts" / "make_sample_images.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    path = folder / "config.toml"
    path.write_text(CONFIG, encoding="utf-8")
    from bingo.config import load_config

    config = load_config(path, check_images=False)
    config.board.image_dir.mkdir(exist_ok=True)
    rng = random.Random(2024)
    for c, name in enumerate(config.columns.names):
        for i in range(1, config.board.images_per_column + 1):
            img = module.draw_blob(config.columns.fill[c], config.columns.outline[c], rng)
            img.save(config.board.image_dir / f"{name}{i}.png", optimize=True)
    return path


def run_case(
    config_path: Path, count: int, images: bool, qr: bool, trace: str, press: bool = False
) -> dict:
    """Runs in the child process: make the cards, report time, size and memory.

    trace "1" adds tracemalloc; "stock" swaps in reportlab's own Canvas (holds every page
    until save) for comparison.
    """
    import cards.pdf
    from bingo.config import load_config
    from cards.command import make_cards
    from cards.pdf import CardOptions

    if trace == "stock":
        from reportlab.pdfgen.canvas import Canvas

        from cards.pdfstream import StreamingCanvas

        class StockCanvas(Canvas):
            def __init__(self, out, pagesize, **kwargs):
                super().__init__(out, pagesize=pagesize, invariant=1, pageCompression=1, **kwargs)

            set_info_extras = StreamingCanvas.set_info_extras  # only touches the document info

        cards.pdf.StreamingCanvas = StockCanvas

    config = load_config(config_path)
    out = config_path.parent / f"cards-{count}-{int(images)}-{int(press)}.pdf"
    options = CardOptions(
        per_page=4, page_size="A4", images=images, qr=qr, press=press, finish="A6"
    )
    if trace == "1":
        tracemalloc.start()
    start = time.perf_counter()
    cpu = time.process_time()
    made = make_cards(config, count=count, seed=1, options=options, out=out, force=True)
    seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu
    pages = made.pages
    report = made.preflight
    peak = tracemalloc.get_traced_memory()[1] if trace == "1" else None
    rss_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {
        "count": count,
        "pages": pages,
        "seconds": seconds,
        "cpu": cpu,
        "pdf_mb": out.stat().st_size / 1e6,
        "rss_mb": rss_kb / 1024,
        "traced_peak_mb": None if peak is None else peak / 1e6,
        "spaces": sorted(report.colour_spaces | report.picture_spaces),
        "ppi": report.lowest_ppi,
        "pdfx": report.pdfx,
    }


def child(args: list[str]) -> dict:
    out = subprocess.run(
        [sys.executable, __file__, "--child", *args], capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tracemalloc", action="store_true", help="also trace Python allocations")
    parser.add_argument("--child", nargs=6, help=argparse.SUPPRESS)
    parser.add_argument(
        "--press-only", action="store_true", help="only the --press cases and their RGB twins"
    )
    args = parser.parse_args()
    if args.child:
        path, count, images, qr, trace, press = args.child
        result = run_case(Path(path), int(count), images == "1", qr == "1", trace, press == "1")
        print(json.dumps(result))
        return 0
    trace = "1" if args.tracemalloc else "0"
    with tempfile.TemporaryDirectory() as tmp:
        config_path = make_event(Path(tmp))
        print("bingo cards benchmark: 5x5 board (free centre), A4, 4 cards per page")
        if args.press_only:
            return press_cases(config_path)
        a = child([str(config_path), "1000", "1", "1", "0", "0"])
        print(
            f"1,000 cards, images + QR : {a['seconds']:6.2f} s (target <= 15)   "
            f"PDF {a['pdf_mb']:5.2f} MB (target <= 25)   {a['pages']} pages"
        )
        small = child([str(config_path), "1000", "0", "0", trace, "0"])
        big = child([str(config_path), "10000", "0", "0", trace, "0"])
        for r in (small, big):
            traced = f"   traced peak {r['traced_peak_mb']:6.1f} MB" if r["traced_peak_mb"] else ""
            print(
                f"{r['count']:>6,} cards, no images  : {r['seconds']:6.2f} s   "
                f"PDF {r['pdf_mb']:5.2f} MB   peak RSS {r['rss_mb']:6.1f} MB{traced}"
            )
        print(
            f"10,000 vs 1,000 cards: time x{big['seconds'] / small['seconds']:.1f}, "
            f"peak RSS +{big['rss_mb'] - small['rss_mb']:.1f} MB "
            "(pages are streamed to the file; only offsets and the card-uniqueness set grow)"
        )
        stock_small = child([str(config_path), "1000", "0", "0", "stock", "0"])
        stock_big = child([str(config_path), "10000", "0", "0", "stock", "0"])
        print(
            f"for comparison, reportlab's own Canvas (all pages held until save): peak RSS "
            f"{stock_small['rss_mb']:.1f} MB at 1,000 cards, {stock_big['rss_mb']:.1f} MB at "
            f"10,000 (+{stock_big['rss_mb'] - stock_small['rss_mb']:.1f} MB)"
        )
        press_cases(config_path)
    return 0


def press_cases(config_path: Path) -> int:
    """1,000 and 10,000 cards with images + QR, without and with --press (CPU seconds too:
    the wall time on a shared machine says more about the neighbours)."""
    for count, target in ((1000, 15.0), (10000, 120.0)):
        for press in (False, True):
            r = child([str(config_path), str(count), "1", "1", "0", "1" if press else "0"])
            what = "--press (A6, one a page)" if press else "RGB, 4 per A4   "
            verdict = ""
            if press:
                ok = r["cpu"] <= target and r["spaces"] == ["DeviceCMYK"] and r["ppi"] >= 300
                verdict = (
                    f"   {r['pdfx']}, {'/'.join(r['spaces'])}, pictures {r['ppi']:.0f} ppi "
                    f"(CPU target <= {target:g} s) {'OK' if ok else 'MISSED'}"
                )
            print(
                f"{count:>6,} cards, images + QR, {what}: {r['seconds']:7.2f} s wall, "
                f"{r['cpu']:7.2f} s CPU   PDF {r['pdf_mb']:6.2f} MB   peak RSS "
                f"{r['rss_mb']:6.1f} MB{verdict}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
