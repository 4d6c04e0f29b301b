"""The Qt runtime: a sound PySide6 build, the dependency choice that guarantees it, and the one
set-up call (`eventkit.qtruntime.make_app`) every command makes."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent
BROKEN_PYSIDE6 = "6.12.0"

# Counts the references to None/True/False lost by 1000 void calls and 1000 bool signals.
PROBE = """
import sys
import PySide6
from PySide6.QtCore import QObject, QPointF, Signal

class Probe(QObject):
    fired = Signal(bool)

probe = Probe()
probe.fired.connect(lambda value: None)
point = QPointF()
lost = {}
before = sys.getrefcount(None)
for i in range(1000):
    point.setX(float(i))
lost["None"] = before - sys.getrefcount(None)
for value in (True, False):
    before = sys.getrefcount(value)
    for _ in range(1000):
        probe.fired.emit(value)
    lost[str(value)] = before - sys.getrefcount(value)
print(PySide6.__version__, lost["None"], lost["True"], lost["False"])
"""


@pytest.mark.process
def test_installed_pyside6_keeps_none_true_false_alive():
    """A build like 6.12.0 would abort Python mid-show; the probe runs in its own process so a
    broken build fails this test with a message instead of crashing the test run."""
    proc = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, f"the refcount probe crashed: {proc.stderr[-400:]}"
    version, *losses = proc.stdout.split()
    lost = dict(zip(("None", "True", "False"), map(int, losses), strict=True))
    assert all(n < 100 for n in lost.values()), (
        f"PySide6 {version} loses references to None/True/False ({lost} per 1000 calls), like "
        f"the broken {BROKEN_PYSIDE6} release: Python would abort during a show. "
        "Reinstall with `bash scripts/install.sh` (pyproject.toml excludes that release)."
    )


def _requirements() -> dict[str, list[Requirement]]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    groups = {"core": project["dependencies"], **project["optional-dependencies"]}
    return {name: [Requirement(r) for r in reqs] for name, reqs in groups.items()}


def test_dependencies_exclude_the_broken_release_and_the_meta_package():
    reqs = _requirements()
    core = {r.name: r for r in reqs["core"]}
    assert "PySide6" not in core, "the PySide6 meta-package pulls QtWebEngine and QtPdf"
    assert "PySide6-Addons" not in core, "PySide6-Addons holds QtWebEngine (about 270 MB)"
    for req in [core["PySide6-Essentials"], *reqs["sound"]]:
        assert not req.specifier.contains(BROKEN_PYSIDE6), req
        assert req.specifier.contains("6.11.3"), req


def test_hypothesis_is_declared_because_it_is_used():
    names = {r.name for r in _requirements()["test"]}
    tests = [p for p in (ROOT / "tests").glob("test_*.py") if p.name != Path(__file__).name]
    users = [p for p in tests if "from hypothesis import" in p.read_text(encoding="utf-8")]
    assert ("hypothesis" in names) == bool(users)


@pytest.mark.process
def test_importing_the_project_patches_nothing():
    """No module of the toolkit may change interpreter internals when imported."""
    script = (
        "import sys\n"
        "counts = [sys.getrefcount(v) for v in (None, True, False)]\n"
        "import eventkit.qtruntime, bingo.ui.display, games.menu, games.common.qt.painter\n"
        "import games.cool24.qt.window, games.daifugo.qt.window, games.schwimmen.qt.window\n"
        "after = [sys.getrefcount(v) for v in (None, True, False)]\n"
        "print(max(abs(a - b) for a, b in zip(counts, after)))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert proc.returncode == 0, proc.stderr[-600:]
    assert int(proc.stdout) < 1 << 20  # the old guard added 1 << 48


def test_make_app_is_one_app_set_up_once(qapp):
    from PySide6.QtCore import QTimer

    from eventkit.qtruntime import make_app

    timers = len(qapp.findChildren(QTimer))
    app = make_app("bingo draw")
    assert app is qapp and app.applicationName() == "bingo draw"
    again = make_app("games")
    assert again is qapp and app.applicationName() == "games"
    assert len(qapp.findChildren(QTimer)) <= timers + 1  # signal handling installed only once


def test_sound_without_qtmultimedia_is_one_warning_naming_the_fix(monkeypatch, tmp_path):
    from bingo.ui.sound import Sound

    monkeypatch.setitem(sys.modules, "PySide6.QtMultimedia", None)  # import fails like no Addons
    warnings: list[str] = []
    sound = Sound(True, warnings.append, folder=tmp_path)
    sound.tick()
    sound.chime()
    assert not sound.enabled
    assert len(warnings) == 1 and "install.sh --sound" in warnings[0]
