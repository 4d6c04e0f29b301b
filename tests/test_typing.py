"""pyproject's `[tool.mypy] files` covers every Qt-free module.

mypy itself runs outside pytest, as part of the README's test command (`.venv/bin/mypy`, which
reads the list from pyproject.toml). This test only guards the list: a new Qt-free module that
is not on it fails here with its name, so the strict list grows with the code.
"""

from __future__ import annotations

import functools
import importlib.util
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Qt-free modules not on the list yet, each with what keeps it off (e.g. "3 mypy --strict errors
# (owner)"); an entry goes when its module is fixed and added to pyproject's list. Empty: every
# Qt-free module is on the list.
PENDING: dict[str, str] = {}


@functools.cache
def _qt_free_modules() -> list[str]:
    spec = importlib.util.spec_from_file_location(
        "qt_free_modules", ROOT / "scripts" / "qt_free_modules.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    found: list[str] = module.qt_free_modules()
    return found


def _mypy_files() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    files: list[str] = config["tool"]["mypy"]["files"]
    return files


def test_mypy_is_strict_over_the_listed_files():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["strict"] is True
    missing = [path for path in config["files"] if not (ROOT / path).is_file()]
    assert not missing, f"pyproject [tool.mypy] files names files that do not exist: {missing}"


def test_every_qt_free_module_is_on_the_mypy_list():
    listed = set(_mypy_files())
    missing = [m for m in _qt_free_modules() if m not in listed and m not in PENDING]
    assert not missing, (
        "Qt-free modules missing from pyproject's [tool.mypy] files (add them once "
        f"`.venv/bin/mypy --strict <module>` passes): {missing}"
    )


def test_pending_modules_are_still_pending():
    qt_free = set(_qt_free_modules())
    listed = set(_mypy_files())
    # (a module removed since is left alone: harmless, and its owner may be moving it)
    stale = [m for m in PENDING if m in listed or ((ROOT / m).exists() and m not in qt_free)]
    assert not stale, (
        f"remove from PENDING in tests/test_typing.py (listed, or not Qt-free): {stale}"
    )


def test_the_finder_sees_qt_through_imports():
    """The list is only as good as the finder: it must follow project imports to PySide6."""
    qt_free = set(_qt_free_modules())
    assert "games/daifugo/game.py" in qt_free
    assert "eventkit/fonts.py" not in qt_free  # imports PySide6 itself
    assert "cards/pdf.py" not in qt_free  # only through eventkit.fonts
