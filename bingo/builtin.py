"""The built-in settings: the shipped config.toml and the sample images, so an installed `bingo`
runs in any folder (`pip install`, `pipx install`). The wheel carries them as bingo/defaults/
(setup.py copies them in at build time); a source checkout reads the repository's own.

Without --config, ./config.toml is read when there is one, else the built-in one; `bingo init
[DIR]` writes an editable copy of both and never overwrites.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from eventkit.errors import UserError
from eventkit.tomlconf import DEFAULT_CONFIG_PATH

_PACKAGED = Path(__file__).resolve().parent / "defaults"  # in a wheel (setup.py puts it there)
_CHECKOUT = Path(__file__).resolve().parent.parent  # a source checkout (editable install)
BUILTIN_DIR = _PACKAGED if (_PACKAGED / "config.toml").is_file() else _CHECKOUT
BUILTIN_CONFIG = BUILTIN_DIR / "config.toml"
BUILTIN_IMAGES = BUILTIN_DIR / "img"


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


def init_folder(folder: str | Path) -> list[Path]:
    """Write config.toml and img/ (the sample images) into `folder`; the paths written.

    Refuses (UserError, nothing written) when either is already there: an event's own settings
    and pictures are never replaced."""
    folder = Path(folder)
    config, images = folder / "config.toml", folder / "img"
    taken = [p for p in (config, images) if p.exists() or p.is_symlink()]
    if taken:
        names = " and ".join(str(p) for p in taken)
        raise UserError(
            f"{names} already there: bingo init never overwrites; "
            "pick an empty folder (bingo init DIR) or edit the files there"
        )
    if folder.exists() and not folder.is_dir():
        raise UserError(f"{folder} is a file, not a folder: pick a folder for bingo init")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(BUILTIN_CONFIG, config)
        shutil.copytree(BUILTIN_IMAGES, images)
    except OSError as exc:
        raise UserError(f"cannot write into {folder}: {exc.strerror or exc}") from None
    return [config, images]
