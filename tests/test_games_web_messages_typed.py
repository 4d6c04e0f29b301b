"""The messages of games serve are typed (issue 42.5): mypy refuses a message or an op built
wrong, where it is built, and games/web holds at most 10 `Any`."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

BUILT = """\
from games.web.messages import Chips, Message, Op, Table

fine: Chips = {"type": "chips", "name": "Aoi", "balance": 100}
topped: Message = {"type": "chips", "name": "Aoi", "balance": 100, "topped_up": True, "text": "t"}
unknown_key: Chips = {"type": "chips", "name": "Aoi", "balance": 100, "bonus": 5}
wrong_value: Chips = {"type": "chips", "name": "Aoi", "balance": "100"}
no_such_type: Message = {"type": "chip", "name": "Aoi", "balance": 100}
short: Message = {"type": "disk"}
op: Op = {"op": "sit", "room": "r"}


def seat(table: Table) -> str:
    return table["seat"]
"""


@pytest.mark.slow
@pytest.mark.process
def test_mypy_refuses_messages_and_ops_built_wrong(tmp_path):
    (tmp_path / "built.py").write_text(BUILT, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent",
         "--no-incremental", str(tmp_path / "built.py")],
        cwd=ROOT, capture_output=True, text=True, timeout=170,
    )  # fmt: skip
    wrong = sorted({int(n) for n in re.findall(r"built\.py:(\d+): error", done.stdout)})
    assert done.returncode == 1, done.stdout + done.stderr
    # each wrong line once; the two right messages (lines 3 and 4) pass
    assert wrong == [5, 6, 7, 8, 9, 13], done.stdout


def test_games_web_holds_at_most_ten_any():
    lines = [
        (path.name, n, line)
        for path in sorted((ROOT / "games" / "web").glob("*.py"))
        for n, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if re.search(r"\bAny\b", line)
    ]
    assert len(lines) <= 10, lines
