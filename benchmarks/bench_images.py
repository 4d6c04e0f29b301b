"""Memory and time of the number images: 40 phone photos (4000x3000 JPEG) on the display, and
one 7000x7000 picture on the cards, each measured in a fresh process.

  python benchmarks/bench_images.py

display, before: every file read at full size into a QImage and kept (the old ArtCache), cells
scaled from it; display, now: eventkit.images scales each file once to the cell size
(JPEG drafted) and keeps only that. cards: the old full decode + crop + resize vs load_square.
Figures: peak resident memory of the process (ru_maxrss) above its start, and wall time.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PHOTOS = 40
CELL = 160  # a board cell at 1920x1080


def make_photos(folder: Path) -> None:
    from PIL import Image

    base = Image.effect_noise((4000, 3000), 40).convert("RGB")
    for i in range(PHOTOS):
        base.save(folder / f"photo{i}.jpg", quality=85)
    Image.effect_noise((7000, 7000), 40).convert("RGB").save(folder / "big.png")


def child(mode: str, folder: str) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage

    app = QGuiApplication([])  # noqa: F841
    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.perf_counter()
    files = sorted(Path(folder).glob("photo*.jpg"))
    kept = []
    if mode == "display-before":
        for f in files:
            image = QImage(str(f))
            kept.append(image)
            image.scaled(CELL, CELL, Qt.AspectRatioMode.KeepAspectRatioByExpanding,
                         Qt.TransformationMode.SmoothTransformation)  # fmt: skip
    elif mode == "display-now":
        from eventkit.images import load_square, qimage_of

        kept = [qimage_of(load_square(f, CELL)) for f in files]
    elif mode == "cards-before":
        from PIL import Image

        with Image.open(Path(folder) / "big.png") as im:
            im.load()
            image = im.convert("RGBA")
        side = min(image.size)
        kept.append(image.crop((0, 0, side, side)).resize((512, 512), Image.LANCZOS))
    elif mode == "cards-now":
        from eventkit.images import load_square

        kept.append(load_square(Path(folder) / "big.png", 512))
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"{(peak - base) / 1024:.0f} {seconds:.2f}")


def main() -> int:
    if len(sys.argv) == 4 and sys.argv[1] == "--child":
        child(sys.argv[2], sys.argv[3])
        return 0
    with tempfile.TemporaryDirectory() as folder:
        make_photos(Path(folder))
        print(
            f"{PHOTOS} photos of 4000x3000 (JPEG) drawn in {CELL}px cells; one 7000x7000 PNG card"
        )
        for mode in ("display-before", "display-now", "cards-before", "cards-now"):
            out = subprocess.run(
                [sys.executable, __file__, "--child", mode, folder],
                capture_output=True, text=True, check=True,
            ).stdout.split()  # fmt: skip
            print(f"{mode:15s} peak memory +{out[0]:>6s} MB   time {out[1]:>6s} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
