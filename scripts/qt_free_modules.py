"""List the project's Qt-free modules: those that import PySide6 neither directly nor through
any project module they import (any import statement counts, at module level or inside a
function, since mypy follows both).

`python scripts/qt_free_modules.py` prints one path a line; `--qt` prints the others, each
with the chain of imports that reaches PySide6. tests/test_typing.py uses `qt_free_modules()`
to check that pyproject's `[tool.mypy] files` covers every one of them.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# the installed packages, and the project's own scripts (benchmarks and tests are not listed)
FOLDERS = ("eventkit", "bingo", "cards", "games", "scripts")
QT = "PySide6"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules() -> dict[str, Path]:
    """Every module of FOLDERS, by dotted name."""
    found: dict[str, Path] = {}
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            found[_module_name(path)] = path
    return found


def _imported_names(name: str, path: Path) -> set[str]:
    """The absolute dotted names a module's import statements name (relative ones resolved)."""
    is_package = path.name == "__init__.py"
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".")
                base = base[: len(base) - node.level + (1 if is_package else 0)]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            names.add(stem)
            names.update(f"{stem}.{alias.name}" for alias in node.names)
    return names


def import_graph() -> dict[str, set[str]]:
    """Module -> the project modules it imports (and "PySide6" where it imports Qt itself).

    Importing `a.b.c` also runs `a/__init__` and `a/b/__init__`, so those count too."""
    modules = project_modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        edges: set[str] = set()
        for imported in _imported_names(name, path):
            if imported.split(".")[0] == QT:
                edges.add(QT)
                continue
            parts = imported.split(".")
            for i in range(1, len(parts) + 1):
                prefix = ".".join(parts[:i])
                if prefix in modules and prefix != name:
                    edges.add(prefix)
        # a module inside a package also runs that package's __init__
        parts = name.split(".")
        for i in range(1, len(parts)):
            edges.add(".".join(parts[:i]))
        graph[name] = edges
    return graph


def qt_chains() -> dict[str, list[str]]:
    """For each module that reaches PySide6, one shortest import chain to it."""
    graph = import_graph()
    chains: dict[str, list[str]] = {}
    for start in graph:
        seen = {start}
        queue: list[list[str]] = [[start]]
        while queue:
            chain = queue.pop(0)
            last = chain[-1]
            if last == QT:
                chains[start] = chain
                break
            for nxt in sorted(graph.get(last, ())):
                if nxt not in seen:
                    seen.add(nxt)
                    queue.append([*chain, nxt])
    return chains


def qt_free_modules() -> list[str]:
    """Paths (relative to the repo, '/'-separated) of the modules that never reach PySide6."""
    modules = project_modules()
    tainted = qt_chains()
    return sorted(
        path.relative_to(ROOT).as_posix() for name, path in modules.items() if name not in tainted
    )


def main(argv: list[str]) -> int:
    if "--qt" in argv:
        modules = project_modules()
        for name, chain in sorted(qt_chains().items()):
            print(f"{modules[name].relative_to(ROOT).as_posix()}: {' -> '.join(chain)}")
    else:
        print("\n".join(qt_free_modules()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
