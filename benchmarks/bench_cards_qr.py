"""How well the cards' QR codes read: symbol size and zbarimg decodes of whole pages rendered
at 120, 130 and 140 dpi (a phone at arm's length over a table sees about that much detail).

  python benchmarks/bench_cards_qr.py [--cards 40]

Each layout gets `--cards` cards with `web.public_url` set, so each QR holds the card's
address with its QR token (`http://192.168.1.20:8080/card/0001-ABCDE?t=<16 characters>`, the
longest text a card's QR holds; --url a longer public_url, e.g. a .local name).
A decode counts when zbarimg finds the symbol and it holds exactly the card's address.
Needs pdftoppm (poppler-utils) and zbarimg (zbar-tools). Prints figure, target, OK/MISSED.
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

from bingo import cardcode  # noqa: E402
from bingo.config import load_config  # noqa: E402
from cards import layout  # noqa: E402
from cards.cardset import key_file  # noqa: E402
from cards.command import make_cards  # noqa: E402
from cards.layout import MM, card_geometry, page_geometry  # noqa: E402
from cards.pdf import CardOptions  # noqa: E402

URL = "http://192.168.1.20:8080"
CONFIG = """
[event]
title = "ぷよ橋ビンゴ大会"
[board]
size = 5
numbers_per_column = 15
threshold = 4
free_center = true
[web]
public_url = "{url}"
"""
LAYOUTS = [("A4", 4, False), ("A4", 6, False), ("B5", 6, False), ("A4", 2, False), ("A4", 1, False)]
DPIS = (120, 130, 140)
MIN_MM = 20.0


def decodes(pdf: Path, dpi: int, folder: Path) -> list[str]:
    prefix = folder / f"page-{dpi}"
    subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", "-png", str(pdf), str(prefix)], check=True)
    found = []
    for page in sorted(folder.glob(f"page-{dpi}-*.png")):
        answer = subprocess.run(
            ["zbarimg", "-q", "--raw", "-Sdisable", "-Sqrcode.enable", str(page)],
            capture_output=True,
            text=True,
        )
        found += [line for line in answer.stdout.splitlines() if line]
        page.unlink()
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=40)
    parser.add_argument("--url", default=URL, help=f"web.public_url (default {URL})")
    args = parser.parse_args()
    if not (shutil.which("pdftoppm") and shutil.which("zbarimg")):
        print("needs pdftoppm (poppler-utils) and zbarimg (zbar-tools)")
        return 1
    ok_all = True
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        path = folder / "config.toml"
        path.write_text(CONFIG.format(url=args.url), encoding="utf-8")
        config = load_config(path, check_images=False)
        print(
            f"QR codes holding the card's address ({args.url}/card/<code>?t=<token>), "
            f"{args.cards} cards a layout"
        )
        for page_size, per_page, before in [*LAYOUTS, ("A4", 4, True)]:
            url = "" if before else args.url
            if before:  # the layout before the minimum size: the code alone, under the grid
                print("before (QR_MIN_MM = 0, the code alone), for comparison:")
                layout.QR_MIN_MM = 0.0
            out = folder / f"{page_size}-{per_page}.pdf"
            options = CardOptions(
                per_page=per_page, page_size=page_size, images=False, qr=True, qr_url=url
            )
            make_cards(config, count=args.cards, seed=1, options=options, out=out)
            key = cardcode.read_key_file(key_file(out.with_suffix(".csv")))
            serials = range(1, args.cards + 1)
            codes = {cardcode.card_code(key, s): cardcode.card_token(key, s) for s in serials}
            expected = {cardcode.card_url(url, c, t) if url else c for c, t in codes.items()}
            page = page_geometry(page_size, per_page)
            g = card_geometry(page.card_w, page.card_h, 5, qr=True, max_digits=2)
            size_mm = g.qr.w / MM
            rates = []
            for dpi in DPIS:
                found = decodes(out, dpi, folder)
                good = len(expected & set(found))
                wrong = [t for t in found if t not in expected]
                rates.append((dpi, good, wrong))
            worst = min(good for _, good, _ in rates)
            ok = worst == args.cards and size_mm >= MIN_MM and not any(w for *_, w in rates)
            ok_all &= ok or before
            figures = ", ".join(f"{dpi} dpi {good}/{args.cards}" for dpi, good, _ in rates)
            print(
                f"{page_size} {per_page}-up: symbol {size_mm:4.1f} mm (target >= {MIN_MM:g}); "
                f"decoded {figures} (target all) {'OK' if ok else 'MISSED'}"
            )
            for stale in folder.glob(out.stem + "*"):
                stale.unlink()
    return 0 if ok_all else 1


if __name__ == "__main__":
    raise SystemExit(main())
