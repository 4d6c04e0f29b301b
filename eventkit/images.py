"""The one image loader of the draw display and the cards: a number's picture, read once,
cropped to a centred square and scaled once to the size it is drawn at.

One rule for what is too big: a picture above `MAX_MEGAPIXELS` is refused with a message that
names the file (a phone photo of 4000x3000 is 12 MP and fine). JPEGs are decoded at a reduced
scale straight away (`Image.draft`), so a large photo never sits in memory at full size.
Pillow's own decompression-bomb warning never reaches the user: the limit here is lower.
"""

from __future__ import annotations

import math
import warnings
from pathlib import Path
from typing import TYPE_CHECKING

from PIL import Image, ImageOps, UnidentifiedImageError

from eventkit.errors import UserError

if TYPE_CHECKING:
    from PySide6.QtGui import QImage

MAX_MEGAPIXELS = 50


class ImageError(UserError):
    """A picture that cannot be used; the message names the file and what to do."""


def load_square(
    path: str | Path, side: int, background: tuple[int, int, int] = (255, 255, 255)
) -> Image.Image:
    """The picture at `path` as an RGB `PIL.Image`: the centred square of its shorter side,
    scaled down to at most `side` x `side` pixels (never up), transparency over `background`.

    Raises ImageError (naming the file) when it cannot be read, is not an image, or is larger
    than MAX_MEGAPIXELS.
    """
    path = Path(path)
    if side < 1:
        raise ValueError(f"side must be at least 1 pixel, not {side}")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(path) as im:
                _check_size(path, im.size)
                _draft(im, side)
                upright = ImageOps.exif_transpose(im)
                return _square(upright, side, background)
    except ImageError:
        raise
    except Image.DecompressionBombError:
        raise _too_big(path, None) from None
    except FileNotFoundError:
        raise ImageError(f"image {path} does not exist") from None
    except IsADirectoryError:
        raise ImageError(f"image {path} is a folder, not a picture") from None
    except PermissionError:
        raise ImageError(f"image {path} cannot be read (permission denied)") from None
    except UnidentifiedImageError:
        raise ImageError(
            f"image {path} is not a picture Pillow can read: save it again as PNG or JPEG"
        ) from None
    except (OSError, ValueError, SyntaxError, EOFError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise ImageError(
            f"image {path} is damaged ({reason}): save it again as PNG or JPEG"
        ) from None


def qimage_of(picture: Image.Image) -> QImage:
    """An RGB picture from `load_square` as a QImage that owns its pixels (Qt imported here
    only, so the cards never load it)."""
    from PySide6.QtGui import QImage

    data = picture.convert("RGB").tobytes("raw", "RGB")
    width, height = picture.size
    return QImage(data, width, height, 3 * width, QImage.Format.Format_RGB888).copy()


def _check_size(path: Path, size: tuple[int, int]) -> None:
    width, height = size
    if width < 1 or height < 1:
        raise ImageError(f"image {path} is empty ({width}x{height} pixels)")
    if width * height > MAX_MEGAPIXELS * 1_000_000:
        raise _too_big(path, size)


def _too_big(path: Path, size: tuple[int, int] | None) -> ImageError:
    what = f"{size[0]}x{size[1]} pixels ({size[0] * size[1] / 1e6:.0f} MP)" if size else "huge"
    return ImageError(
        f"image {path} is too large: {what}; pictures are limited to {MAX_MEGAPIXELS} megapixels "
        "(scale it down, e.g. to 1000x1000)"
    )


def _draft(im: Image.Image, side: int) -> None:
    """Let a JPEG decode at 1/2, 1/4 or 1/8 scale while its shorter side stays >= `side`."""
    if im.format != "JPEG":
        return
    width, height = im.size
    shorter = min(width, height)
    if shorter > side:
        im.draft("RGB", (math.ceil(width * side / shorter), math.ceil(height * side / shorter)))


def _square(im: Image.Image, side: int, background: tuple[int, int, int]) -> Image.Image:
    """Crop and scale in one step (no full-size copy), then flatten at the small size."""
    shorter = min(im.size)
    left, top = (im.width - shorter) // 2, (im.height - shorter) // 2
    transparent = im.mode in ("RGBA", "LA", "PA") or "transparency" in im.info
    if im.mode not in ("RGB", "RGBA", "L", "LA"):  # palette, CMYK, 16-bit: what resize takes
        im = im.convert("RGBA" if transparent else "RGB")
    target = min(side, shorter)
    im = im.resize(
        (target, target),
        Image.Resampling.LANCZOS,
        box=(left, top, left + shorter, top + shorter),
        reducing_gap=3.0,
    )
    if transparent:
        flat = Image.new("RGBA", im.size, (*background, 255))
        im = Image.alpha_composite(flat, im.convert("RGBA"))
    return im.convert("RGB")
