"""The one image loader of the draw display and the cards: a number's picture, read once,
cropped to a centred square and scaled once to the size it is drawn at.

One rule for what is too big: a picture above `MAX_MEGAPIXELS` is refused with a message that
names the file (a phone photo of 4000x3000 is 12 MP and fine). JPEGs are decoded at a reduced
scale straight away (`Image.draft`), so a large photo never sits in memory at full size.
Pillow's own decompression-bomb warning never reaches the user: the limit here is lower.

Which file is a number's picture is `PictureFolder`'s one rule, for the draw, the cards and
check-config alike: `<stem>.png`, `.jpg` or `.jpeg` (the extension in any case, the stem exactly
as written); two of them for one stem are refused (`duplicates`), never one chosen silently; a
file whose stem differs only in case is named as such (`case_mismatches`), never used. A folder
holding no picture at all shows its `samples/` subfolder instead (what `bingo init` and a clone
ship): from the host's first own picture on, the samples are left out, never mixed in.
"""

from __future__ import annotations

import math
import os
import time
import warnings
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from eventkit.errors import UserError
from eventkit.tomlconf import phrase, refused

if TYPE_CHECKING:  # Pillow is imported when a picture is loaded: reading the config (the
    # draw's start) needs only the folder's rule, and Pillow costs about 40 ms to import
    from PIL import Image
    from PySide6.QtGui import QImage

MAX_MEGAPIXELS = 50
PICTURE_EXTENSIONS = (".png", ".jpg", ".jpeg")  # looked for in this order, in any case
SAMPLES_FOLDER = "samples"  # shown while the picture folder holds no picture of its own


class ImageError(UserError):
    """A picture that cannot be used; the message names the file and what to do, in the
    config's language (TEXTS)."""


# What a picture that cannot be used is told as (eventkit.tomlconf.refused: エラー / error).
TEXTS: Mapping[str, Mapping[str, str]] = {
    "ja": {
        "missing": "絵 {path} がありません",
        "folder": "絵 {path} はフォルダーで、絵ではありません",
        "denied": "絵 {path} を読めません（読む権限がありません）",
        "unknown": "絵 {path} は Pillow が読める絵ではありません。PNG か JPEG で保存し直してください",
        "damaged": "絵 {path} は壊れています（{reason}）。PNG か JPEG で保存し直してください",
        "empty": "絵 {path} は空です（{width}x{height} ピクセル）",
        "too_big": (
            "絵 {path} は大きすぎます: {what}。絵は {limit} メガピクセルまでです"
            "（1000x1000 などに縮めてください）"
        ),
        "huge": "とても大きな絵",
        "pixels": "{width}x{height} ピクセル（{megapixels:.0f} MP）",
        "drawn_plain": "{problem}。その数は絵なしで出します",
    },
    "en": {
        "missing": "image {path} does not exist",
        "folder": "image {path} is a folder, not a picture",
        "denied": "image {path} cannot be read (permission denied)",
        "unknown": "image {path} is not a picture Pillow can read: save it again as PNG or JPEG",
        "damaged": "image {path} is damaged ({reason}): save it again as PNG or JPEG",
        "empty": "image {path} is empty ({width}x{height} pixels)",
        "too_big": (
            "image {path} is too large: {what}; pictures are limited to {limit} megapixels "
            "(scale it down, e.g. to 1000x1000)"
        ),
        "huge": "huge",
        "pixels": "{width}x{height} pixels ({megapixels:.0f} MP)",
        "drawn_plain": "{problem}: its numbers are drawn plain",
    },
}


def load_square(
    path: str | Path, side: int, background: tuple[int, int, int] = (255, 255, 255)
) -> Image.Image:
    """The picture at `path` as an RGB `PIL.Image`: the centred square of its shorter side,
    scaled down to at most `side` x `side` pixels (never up), transparency over `background`.

    Raises ImageError (naming the file) when it cannot be read, is not an image, or is larger
    than MAX_MEGAPIXELS.
    """
    from PIL import Image, ImageOps, UnidentifiedImageError

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
        raise refused(TEXTS, "missing", ImageError, path=path) from None
    except IsADirectoryError:
        raise refused(TEXTS, "folder", ImageError, path=path) from None
    except PermissionError:
        raise refused(TEXTS, "denied", ImageError, path=path) from None
    except UnidentifiedImageError:
        raise refused(TEXTS, "unknown", ImageError, path=path) from None
    except (OSError, ValueError, SyntaxError, EOFError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise refused(TEXTS, "damaged", ImageError, path=path, reason=reason) from None


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
        raise refused(TEXTS, "empty", ImageError, path=path, width=width, height=height)
    if width * height > MAX_MEGAPIXELS * 1_000_000:
        raise _too_big(path, size)


def _too_big(path: Path, size: tuple[int, int] | None) -> ImageError:
    what = (
        phrase(TEXTS, "pixels", width=size[0], height=size[1], megapixels=size[0] * size[1] / 1e6)
        if size
        else phrase(TEXTS, "huge")
    )
    return refused(TEXTS, "too_big", ImageError, path=path, what=what, limit=MAX_MEGAPIXELS)


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
    from PIL import Image

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


# ---------------------------------------------------------------- which file is a picture


def looked_for(stem: str) -> str:
    """The names a picture is looked for under: "L7.png / L7.jpg / L7.jpeg"."""
    return " / ".join(f"{stem}{ext}" for ext in PICTURE_EXTENSIONS)


def _pictures_in(folder: Path) -> dict[str, tuple[Path, ...]]:
    """stem -> the picture files directly in `folder` with that stem (PICTURE_EXTENSIONS order)."""
    found: dict[str, list[tuple[int, str]]] = {}
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                stem, ext = os.path.splitext(entry.name)
                kind = ext.lower()
                if kind in PICTURE_EXTENSIONS and stem and entry.is_file():
                    found.setdefault(stem, []).append((PICTURE_EXTENSIONS.index(kind), entry.name))
    except OSError:  # no folder (config reports it), not a folder, unreadable
        return {}
    return {
        stem: tuple(folder / name for _, name in sorted(names)) for stem, names in found.items()
    }


SETTLED_NS = 3_000_000_000  # a folder changed this recently is read again (coarse mtimes: FAT 2 s)
_SCANS: dict[str, tuple[tuple[int | None, int | None], PictureFolder]] = {}


def _stamp(folder: Path) -> int | None:
    """The folder's mtime (it changes when a file is added, removed or renamed), or None when
    it is missing or changed so recently that a later change might keep the same mtime."""
    try:
        mtime = os.stat(folder).st_mtime_ns
    except OSError:
        return None
    return mtime if time.time_ns() - mtime > SETTLED_NS else None


@dataclass(frozen=True)
class PictureFolder:
    """The pictures of one folder, read once (`scan`): which file is a stem's picture."""

    written: Path  # the folder as configured
    folder: Path  # the folder read: `written`, or its samples/ while `written` has no picture
    files: Mapping[str, tuple[Path, ...]]  # stem -> its picture files (more than one: refused)

    @classmethod
    def scan(cls, folder: str | Path) -> PictureFolder:
        """The folder as it is now (read again whenever it or its samples/ changed: kept
        between calls while their mtimes stand, so a number's lookup is a stat or two)."""
        folder = Path(folder)
        samples = folder / SAMPLES_FOLDER
        stamp = (_stamp(folder), _stamp(samples))
        kept = _SCANS.get(str(folder))
        if kept is not None and kept[0] == stamp and stamp[0] is not None:
            return kept[1]
        files = _pictures_in(folder)
        if not files and samples.is_dir():
            scanned = cls(folder, samples, _pictures_in(samples))
        else:
            scanned = cls(folder, folder, files)
        if stamp[0] is not None:
            _SCANS[str(folder)] = (stamp, scanned)
        return scanned

    @property
    def samples(self) -> bool:
        """The pictures are the samples (the configured folder holds none of its own)."""
        return self.folder != self.written

    def find(self, stem: str) -> Path | None:
        """The picture for `stem`; with two (refused by the commands) the first by extension."""
        files = self.files.get(stem)
        return files[0] if files else None

    def duplicates(self, stems: Iterable[str]) -> list[tuple[str, tuple[Path, ...]]]:
        """The stems among `stems` with more than one picture, in `stems`' order."""
        seen: dict[str, None] = dict.fromkeys(stems)
        return [(stem, self.files[stem]) for stem in seen if len(self.files.get(stem, ())) > 1]

    def case_mismatches(self, stem: str) -> list[Path]:
        """Pictures whose stem is `stem` in another case (p1.jpg for P1): never used."""
        wanted = stem.casefold()
        return [
            path
            for other, paths in self.files.items()
            if other != stem and other.casefold() == wanted
            for path in paths
        ]


# duplicate_problem's words (English); a caller gives them in its own language
TWIN_WORDS = {
    "line": "two pictures for {label}: {named}; {fix}",
    "fix_sample": "remove {sample} (a sample picture), keep {keep}",
    "fix_any": "remove the one you do not want, so one picture is left for {stem}",
    "more": " ({count} more have two pictures: {more}; the same for each)",
    "and": " and ",
}


def duplicate_problem(
    pictures: PictureFolder,
    stems: Iterable[str],
    label: Callable[[str], str],
    samples: Path | None = None,
    words: Mapping[str, str] = TWIN_WORDS,
) -> str | None:
    """One line for two pictures of one number (P9.png beside P9.jpg), naming both files and
    which to remove, or None. `label(stem)` names the number(s) the stem is the picture of; a
    file equal to the sample of its name in `samples` is the one to remove. `words`: the
    templates of TWIN_WORDS in the caller's language."""
    twins = pictures.duplicates(stems)
    if not twins:
        return None
    stem, paths = twins[0]
    both = words["and"]
    named = both.join(str(p) for p in paths)
    sample = [p for p in paths if samples is not None and _same_file(p, samples / p.name)]
    if sample and len(sample) < len(paths):
        keep = both.join(str(p) for p in paths if p not in sample)
        fix = words["fix_sample"].format(sample=both.join(str(p) for p in sample), keep=keep)
    else:
        fix = words["fix_any"].format(stem=stem)
    line = words["line"].format(label=label(stem), named=named, fix=fix)
    if len(twins) > 1:
        more = ", ".join(s for s, _ in twins[1:6]) + (" …" if len(twins) > 6 else "")
        line += words["more"].format(count=len(twins) - 1, more=more)
    return line


def _same_file(path: Path, sample: Path) -> bool:
    try:
        return sample.is_file() and path.read_bytes() == sample.read_bytes()
    except OSError:
        return False
