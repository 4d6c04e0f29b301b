"""Where the toolkit keeps its own files (draw journals, chip balances) on each platform."""

from __future__ import annotations

import os
import sys
from pathlib import Path

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
    path.mkdir(parents=True, exist_ok=True)
    return path
