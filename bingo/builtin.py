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
import tomllib
from pathlib import Path

from bingo.config_texts import TABLES
from eventkit.errors import UserError
from eventkit.i18n import DEFAULT_LANGUAGE
from eventkit.images import PICTURE_EXTENSIONS, SAMPLES_FOLDER, PictureFolder
from eventkit.tomlconf import DEFAULT_CONFIG_PATH, lenient_language, refused, speaking

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
        with speaking(init_language(folder)):  # the event's own language
            raise refused(TABLES, "init_exists", UserError, config=config)
    if folder.exists() and not folder.is_dir():
        raise refused(TABLES, "init_not_folder", UserError, folder=folder)
    if (images.exists() or images.is_symlink()) and not images.is_dir():
        raise refused(TABLES, "init_images_not_folder", UserError, images=images)
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
        reason = exc.strerror or exc
        raise refused(TABLES, "init_unwritable", UserError, folder=folder, reason=reason) from None
    return written


def init_language(folder: str | Path) -> str:
    """The language `bingo init` speaks for `folder`: the event.language of a config.toml
    already there (read leniently: one that does not read is Japanese), else Japanese, the
    default (bingo init reads no config of its own)."""
    return file_language(Path(folder) / "config.toml")


def file_language(path: str | Path | None) -> str:
    """The event.language of the config file `path` (None: ./config.toml), read leniently and
    never an error: Japanese, the default, for a file that is not there or does not read."""
    try:
        text = Path(path or DEFAULT_CONFIG_PATH).read_text(encoding="utf-8-sig")
        return lenient_language(tomllib.loads(text))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError):
        return DEFAULT_LANGUAGE
