"""The projector window stays in small modules (issue 42 point 6): DisplayWindow is split by
role, and no module that makes up the display is over 400 lines; each says its role first.

The display's modules are found, not listed: every bingo/ui module that bingo/ui/display.py
imports, directly or through another (imports inside functions too), plus the parts `bingo draw`
attaches to the window from outside (ATTACHED). What the display imports but is not the window
is named in NOT_THE_WINDOW with why; an entry the display no longer imports must leave it.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
UI = ROOT / "bingo" / "ui"
MAX_LINES = 400
ATTACHED = {"joinbadge": "the join QR over the reel and the help (bingo draw, when serving)"}
NOT_THE_WINDOW = {
    "controller": "DrawController: the draw beneath the views (the operator window's too)",
    "odds": "OddsService: the odds engine's worker (a process or a thread), no widget",
    "odds_jobs": "the odds service's computations (Qt-free)",
    "voice": "the spoken calls and their worker process",
    "sound": "the chime and the reel's ticks",
    "texts": "the screen text of every bingo window (Qt-free tables)",
    "phrases": "BudouX phrases for word wrap (Qt-free)",
    "weblink": "the phones' side files and the claims desk (the show's link to bingo serve)",
}


def ui_imports(path: Path, package: str = "bingo.ui") -> set[str]:
    """The modules of `package` that the file imports, anywhere in it."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module.startswith(package + "."):
                found.add(node.module.removeprefix(package + ".").split(".")[0])
            elif node.module == package:
                found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(package + "."):
                    found.add(alias.name.removeprefix(package + ".").split(".")[0])
    return found


def imported_from(ui: Path, start: str) -> set[str]:
    """`start` and every module of the folder it imports, directly or through another."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        name = todo.pop()
        if name in seen or not (ui / f"{name}.py").is_file():
            continue
        seen.add(name)
        todo.extend(ui_imports(ui / f"{name}.py"))
    return seen


def display_modules(ui: Path = UI) -> set[str]:
    return (imported_from(ui, "display") | set(ATTACHED)) - set(NOT_THE_WINDOW)


def lines_over(ui: Path, modules: set[str], most: int = MAX_LINES) -> dict[str, int]:
    counts = {name: len((ui / f"{name}.py").read_text(encoding="utf-8").splitlines())
              for name in modules}  # fmt: skip
    return {name: count for name, count in counts.items() if count > most}


def test_the_display_is_found_whole():
    modules = display_modules()
    roles = {"display", "reel", "board", "odds_panel", "overlays", "winners", "cardview", "help"}
    roles |= {name.removesuffix(".py") for name in (p.name for p in UI.glob("display_*.py"))}
    assert roles <= modules, f"not found from display.py: {roles - modules}"
    assert len(modules) >= 20
    # the list of what is not the window stays true: the display still imports each
    assert set(NOT_THE_WINDOW) <= imported_from(UI, "display")
    assert all((UI / f"{name}.py").is_file() for name in ATTACHED)


def test_no_module_of_the_display_is_over_400_lines():
    over = lines_over(UI, display_modules())
    assert not over, f"display modules over {MAX_LINES} lines (split them by role): {over}"


def test_each_module_of_the_display_says_its_role():
    silent = [
        name
        for name in sorted(display_modules())
        if len(ast.get_docstring(ast.parse((UI / f"{name}.py").read_text("utf-8"))) or "") < 40
    ]
    assert not silent, f"no docstring saying the module's role: {silent}"


def test_the_window_is_assembled_from_its_role_modules():
    from bingo.ui.display import DisplayWindow

    parts = {cls.__module__ for cls in DisplayWindow.__mro__}
    for path in UI.glob("display_*.py"):  # every part of the window is one of its classes
        assert f"bingo.ui.{path.stem}" in parts, f"{path.name} is not a part of DisplayWindow"


def test_the_check_finds_a_module_over_the_limit_through_another(tmp_path):
    (tmp_path / "display.py").write_text("from bingo.ui.reel import SlotReel\n")
    (tmp_path / "reel.py").write_text("def f():\n    from bingo.ui import frame\n")
    (tmp_path / "frame.py").write_text('"""A frame."""\n' + "x = 1\n" * MAX_LINES)
    (tmp_path / "unrelated.py").write_text("y = 1\n" * (MAX_LINES + 5))
    modules = imported_from(tmp_path, "display")
    assert modules == {"display", "reel", "frame"}
    assert lines_over(tmp_path, modules) == {"frame": MAX_LINES + 1}
