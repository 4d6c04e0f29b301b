"""games.common is Qt-free outside games.common.qt: the rules engines, tables and the registry
import it, so Qt must not come in through it (issue 33.5).

The imports are read from the source (every import statement counts, also inside functions), and
a module counts as Qt if it reaches PySide6 through any project module it imports."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMMON = ROOT / "games" / "common"
QT_HOME = COMMON / "qt"


def _qt_free_paths() -> set[str]:
    spec = importlib.util.spec_from_file_location(
        "qt_free_modules", ROOT / "scripts" / "qt_free_modules.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return set(module.qt_free_modules())


def _relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def test_games_common_outside_its_qt_package_imports_no_pyside6():
    outside = [p for p in sorted(COMMON.rglob("*.py")) if QT_HOME not in p.parents]
    assert len(outside) >= 4  # cards, protocol, table, the package itself: the walk found them
    free = _qt_free_paths()
    reaching_qt = [_relative(p) for p in outside if _relative(p) not in free]
    assert reaching_qt == [], f"these games.common modules reach PySide6: {reaching_qt}"


def test_the_qt_helpers_are_seen_as_qt():
    """The check above can fail: the painter and text fitting are found to import PySide6."""
    free = _qt_free_paths()
    for name in ("painter.py", "textfit.py"):
        assert _relative(QT_HOME / name) not in free
