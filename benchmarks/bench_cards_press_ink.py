"""Total ink of the press file (issue 34): prints figures, asserts nothing.

  python benchmarks/bench_cards_press_ink.py [--finish A6] [--dpi 150] [--png OUT.png]

Makes a press sample of the shipped config (its images, QR codes, 4 cards), renders its first
page in CMYK with Ghostscript (tiff32nc: the plates as the file holds them, no colour
management) and reports the highest total ink (C+M+Y+K, %) inside the bleed box, where the
99.9th percentile lies, and the page's ink coverage by Ghostscript's inkcov device. With --png,
also a 300 dpi RGB rendering of the page by pdftoppm, to look at.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--finish", default="A6")
    parser.add_argument("--dpi", type=int, default=150)
    parser.add_argument("--png", type=Path, help="also write a 300 dpi PNG of the first page")
    args = parser.parse_args()
    if not shutil.which("gs"):
        print("needs Ghostscript (gs)")
        return 1
    from PIL import Image

    from bingo.cli import main as bingo_main
    from cards.layout import MM
    from cards.preflight import preflight

    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        text = (ROOT / "config.toml").read_text(encoding="utf-8")
        (work / "config.toml").write_text(
            text.replace('image_dir = "img"', f'image_dir = "{ROOT / "img"}"', 1),
            encoding="utf-8",
        )
        pdf = work / "cards.pdf"
        code = bingo_main(
            ["cards", "--config", str(work / "config.toml"), "--count", "4", "--seed", "7"]
            + ["--qr", "--press", "--finish", args.finish, "--out", str(pdf)]
        )
        if code:
            return code
        tiff = work / "page.tif"
        gs = ["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dFirstPage=1", "-dLastPage=1"]
        subprocess.run(
            [*gs, "-sDEVICE=tiff32nc", f"-r{args.dpi}", "-o", str(tiff), str(pdf)], check=True
        )
        ink = subprocess.run(
            [*gs, "-sDEVICE=inkcov", "-o", "-", str(pdf)], check=True, capture_output=True
        ).stdout.decode()
        report = preflight(pdf)
        image = Image.open(tiff)
        scale = args.dpi / 72.0
        # the marks' area outside the bleed (press.py), and 2 pixels: the crop marks' ends
        margin = int((13.0 * MM) * scale) + 2
        data = image.crop((margin, margin, image.width - margin, image.height - margin)).tobytes()
        totals = sorted(
            (c + m + y + k) * 100 / 255
            for c, m, y, k in zip(data[0::4], data[1::4], data[2::4], data[3::4], strict=True)
        )
        if args.png:
            stem = str(args.png.with_suffix(""))
            subprocess.run(
                ["pdftoppm", "-r", "300", "-png", "-singlefile", "-f", "1", "-l", "1"]
                + [str(pdf), stem],
                check=True,
            )
            print(f"wrote {args.png}")
    print(f"press sample, finish {args.finish}, CMYK by {report.output_intent}")
    print(
        f"total ink inside the bleed: max {totals[-1]:.1f} %, 99.9th percentile "
        f"{totals[int(len(totals) * 0.999)]:.1f} %, median {totals[len(totals) // 2]:.1f} %"
    )
    print(f"inkcov (page 1, C M Y K coverage): {ink.splitlines()[0].strip()}")
    print(report.small_text_line().strip())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
