"""Generate the sample image set in img/samples/: a 256x256 Puyo-like blob per image, in column colours.

Usage: python scripts/make_sample_images.py [--config config.toml]
Our own drawing (no third-party artwork); rerun it after changing the board or the colours.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bingo.config import load_config
from eventkit.images import SAMPLES_FOLDER

SIZE = 256


def _rgb(colour: str) -> tuple[int, int, int]:
    colour = colour.lstrip("#")
    if len(colour) == 3:
        colour = "".join(ch * 2 for ch in colour)
    return int(colour[0:2], 16), int(colour[2:4], 16), int(colour[4:6], 16)


def _mix(a: tuple[int, ...], b: tuple[int, ...], t: float) -> tuple[int, ...]:
    return tuple(int(x + (y - x) * t) for x, y in zip(a, b, strict=True))


def draw_blob(fill: str, outline: str, rng: random.Random) -> Image.Image:
    """A soft round blob with eyes and a shine, over a pale background of the same hue."""
    base, edge = _rgb(fill), _rgb(outline)
    img = Image.new("RGB", (SIZE, SIZE), _mix(base, (255, 255, 255), 0.78))
    draw = ImageDraw.Draw(img)
    for _ in range(10):  # small background bubbles
        r = rng.randint(6, 18)
        x, y = rng.randint(0, SIZE), rng.randint(0, SIZE)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=_mix(base, (255, 255, 255), 0.6))
    # body: a wobbly ellipse
    points = []
    wobble = rng.uniform(0.0, 2 * math.pi)
    for i in range(72):
        a = 2 * math.pi * i / 72
        radius = 92 + 6 * math.sin(3 * a + wobble)
        points.append((128 + radius * math.cos(a), 140 + radius * 0.9 * math.sin(a)))
    shadow = Image.new("L", (SIZE, SIZE), 0)
    ImageDraw.Draw(shadow).polygon([(x + 6, y + 8) for x, y in points], fill=120)
    img.paste(_mix(edge, (0, 0, 0), 0.4), (0, 0), shadow.filter(ImageFilter.GaussianBlur(6)))
    draw.polygon(points, fill=base, outline=edge, width=6)
    draw.ellipse((70, 70, 120, 100), fill=_mix(base, (255, 255, 255), 0.55))  # shine
    for ex in (98, 158):  # eyes
        draw.ellipse((ex - 16, 112, ex + 16, 148), fill=(255, 255, 255), outline=edge, width=3)
        draw.ellipse((ex - 7, 124, ex + 7, 142), fill=(30, 30, 40))
    # no number on the picture: the display and the cards print it, and one picture serves
    # several numbers (images_per_column < numbers_per_column) or moves with a board change
    return img


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", default="config.toml")
    args = parser.parse_args(argv)
    config = load_config(args.config, check_images=False)
    board, columns = config.board, config.columns
    target = board.image_dir / SAMPLES_FOLDER  # shown while img/ has none of its own
    target.mkdir(parents=True, exist_ok=True)
    rng = random.Random(2024)
    count = 0
    for c, name in enumerate(columns.names):
        for i in range(1, board.images_per_column + 1):
            img = draw_blob(columns.fill[c], columns.outline[c], rng)
            img.save(target / f"{name}{i}.png", optimize=True)
            count += 1
    print(f"wrote {count} images to {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
