"""Where the toolkit keeps its own files (draw journals, chip balances) on each platform."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from eventkit.errors import UserError

APP_NAME = "puyo-event-toolkit"


def user_data_dir() -> Path:
    """The user's data folder for this app (created on demand).

    `PUYO_EVENT_DATA_DIR` overrides it (tests and portable installs use that).
    """
    override = os.environ.get("PUYO_EVENT_DATA_DIR")
    if override:
        path = Path(override)
    elif sys.platform.startswith("win"):
        path = Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming")) / APP_NAME
    elif sys.platform == "darwin":
        path = Path.home() / "Library" / "Application Support" / APP_NAME
    else:
        base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        path = Path(base) / APP_NAME
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(
            f"the data folder {path} cannot be created ({exc.strerror or exc}): move away what "
            "is in the way, or set PUYO_EVENT_DATA_DIR to a folder you can write to"
        ) from None
    return path


def folder_problem(path: Path) -> str | None:
    """Why files cannot be written in folder `path` (created when missing), or None if they can.

    Looks only: nothing is created. An existing file in the way, a missing parent that cannot
    be made, or a folder this user may not write to are the answers.
    """
    from eventkit.tomlconf import said  # in the config's language (eventkit.config_texts)

    path = Path(path)
    if path.exists():
        if not path.is_dir():
            return said("folder_is_file", path=path)
        if not _writable(path):
            return said("folder_not_writable", path=path)
        return None
    parent = path.parent
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent
    if not parent.is_dir():
        return said("folder_parent_file", path=path, parent=parent)
    if not _writable(parent):
        return said("folder_parent_not_writable", path=path, parent=parent)
    return None


def _writable(folder: Path) -> bool:
    effective = os.access in os.supports_effective_ids
    return os.access(folder, os.W_OK | os.X_OK, effective_ids=effective)
