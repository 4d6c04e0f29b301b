"""The built-in settings: the shipped config.toml and the sample images, so an installed `bingo`
runs in any folder (`pip install`, `pipx install`). The wheel carries them as bingo/defaults/
(setup.py copies them in at build time); a source checkout reads the repository's own.

Without --config, ./config.toml is read when there is one, else the built-in one; `bingo init
[DIR]` writes an editable copy of both and never overwrites. The sample pictures are in
img/samples/ (here and in the wheel): shown only while img/ holds no picture of its own, so a
host's pictures copied into img/ are never hidden behind them (eventkit.images.PictureFolder).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from eventkit.errors import UserError
from eventkit.images import PICTURE_EXTENSIONS, SAMPLES_FOLDER, PictureFolder
from eventkit.tomlconf import DEFAULT_CONFIG_PATH

_PACKAGED = Path(__file__).resolve().parent / "defaults"  # in a wheel (setup.py puts it there)
_CHECKOUT = Path(__file__).resolve().parent.parent  # a source checkout (editable install)
BUILTIN_DIR = _PACKAGED if (_PACKAGED / "config.toml").is_file() else _CHECKOUT
BUILTIN_CONFIG = BUILTIN_DIR / "config.toml"
BUILTIN_IMAGES = BUILTIN_DIR / "img"
BUILTIN_SAMPLES = BUILTIN_IMAGES / SAMPLES_FOLDER  # shown while img/ has no picture of its own


def config_path(given: str | Path | None) -> Path:
    """The config file a command reads: the one given, else ./config.toml, else the built-in."""
    if given is not None:
        return Path(given)
    if DEFAULT_CONFIG_PATH.exists():
        return DEFAULT_CONFIG_PATH
    return BUILTIN_CONFIG


def is_builtin(path: str | Path | None) -> bool:
    """`path` is the built-in config, read because this folder has none."""
    if path is None or DEFAULT_CONFIG_PATH.exists():
        return False
    return Path(path).resolve() == BUILTIN_CONFIG


IMAGES_README = """\
Put the event's pictures here, one per number, named as the columns and the number in its
column: P1.png, P2.jpg ... L1.jpeg ... (config.toml's [board] and [columns] say which).
While this folder holds no picture of its own, the sample pictures in samples/ are shown;
from your first picture on, the samples are left out (never mixed with yours).
`bingo check-config` names every picture still missing.

ここに番号ごとの画像を入れてください（列の名前と列の中の番号: P1.png, P2.jpg … L1.jpeg …）。
このフォルダーに画像が1枚もないあいだは samples/ のサンプル画像を使います。自分の画像を
1枚でも入れると、サンプルは使われません（混ざりません）。足りない画像は
`bingo check-config` が名前で教えます。
"""


def init_folder(folder: str | Path) -> list[Path]:
    """Write config.toml, and the sample pictures into img/samples/, into `folder`; the paths
    written.

    The samples never shadow the host's own pictures: they live in img/samples/, which is shown
    only while img/ itself holds no picture (eventkit.images.PictureFolder), and a folder whose
    img/ already holds pictures gets none. Refuses (UserError, nothing written) when config.toml
    is already there: an event's own settings and pictures are never replaced."""
    folder = Path(folder)
    config, images = folder / "config.toml", folder / "img"
    if config.exists() or config.is_symlink():
        raise UserError(
            f"{config} already there: bingo init never overwrites; "
            "pick an empty folder (bingo init DIR) or edit the files there"
        )
    if folder.exists() and not folder.is_dir():
        raise UserError(f"{folder} is a file, not a folder: pick a folder for bingo init")
    if (images.exists() or images.is_symlink()) and not images.is_dir():
        raise UserError(
            f"{images} is there but is not a folder: move it away, then run bingo init again"
        )
    samples = images / SAMPLES_FOLDER
    own = PictureFolder.scan(images) if images.is_dir() else None
    written = [config]
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if own is None:  # a new img/: the samples and a word on where the host's pictures go
            images.mkdir()
            readme = images / "README.txt"
            readme.write_text(IMAGES_README, encoding="utf-8")
            written.append(readme)
        if (own is None or not own.files) and not (samples.exists() or samples.is_symlink()):
            samples.mkdir()
            for picture in sorted(BUILTIN_SAMPLES.iterdir()):
                if picture.suffix.lower() in PICTURE_EXTENSIONS and picture.is_file():
                    shutil.copyfile(picture, samples / picture.name)
            written.append(samples)
        shutil.copyfile(BUILTIN_CONFIG, config)
    except OSError as exc:
        raise UserError(f"cannot write into {folder}: {exc.strerror or exc}") from None
    return written
