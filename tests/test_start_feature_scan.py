"""PySide6's feature hook is spared the source of the modules loaded before it (issue 45.3:
`bingo draw`'s start). It reads a module's source to learn whether the module may switch
`__feature__`s (snake_case, true_property); marking the modules as read changes nothing as long
as no module of the toolkit selects a `__feature__`, which this checks too."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SELECTS = re.compile(r"^\s*(from\s+__feature__\s+import|import\s+__feature__)", re.MULTILINE)


def test_no_module_of_the_toolkit_selects_a_feature():
    selecting = [
        str(path.relative_to(ROOT))
        for package in ("bingo", "cards", "games", "eventkit", "benchmarks")
        for path in (ROOT / package).rglob("*.py")
        if SELECTS.search(path.read_text(encoding="utf-8"))
    ]
    assert selecting == []


@pytest.mark.process
@pytest.mark.slow
def test_the_modules_loaded_before_qt_are_not_read_again():
    """In a fresh process, as `bingo draw` starts: json is loaded before PySide6; after
    skip_source_scans, an import statement naming it reads no source (linecache stays
    without it), while a module first loaded after is read as before (PySide6's own
    behaviour, so the test sees the hook at work)."""
    code = (
        "import json, linecache, sys\n"
        "from eventkit.qtruntime import skip_source_scans\n"
        "marked = skip_source_scans()\n"
        "import json\n"  # named again after PySide6: no read
        "import colorsys\n"  # first loaded now: PySide6 reads it
        "cached = set(linecache.cache)\n"
        "print(marked > 0, any(p.endswith('json/__init__.py') for p in cached),"
        " any(p.endswith('colorsys.py') for p in cached))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
        cwd=ROOT,
    )
    assert out.stdout.split() == ["True", "False", "True"], out.stdout + out.stderr
