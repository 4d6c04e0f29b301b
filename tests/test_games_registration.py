"""A game joins by one registration (issue 42): an entry point in the group ``eventkit.games``.

This checkout's three games are declared in pyproject.toml; a game package outside the repo
registers in its own distribution's metadata, found on sys.path like any installed package (the
tests here write one into a temporary folder and run Python with it on the path)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import pytest

from games.common import registry

ROOT = Path(__file__).resolve().parent.parent


def test_the_checkouts_games_are_its_pyprojects_entry_points_in_order():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    group = project["entry-points"][registry.ENTRY_POINT_GROUP]
    assert list(group) == ["daifugo", "schwimmen", "cool24"]
    assert list(registry.names())[:3] == list(group)
    source = (ROOT / "games" / "common" / "registry.py").read_text(encoding="utf-8")
    for name in group:  # the registry names no game's module
        assert f"games.{name}" not in source


def _distribution(folder: Path, name: str, target: str, module: str, code: str) -> None:
    """A distribution as pip installs one: a module and a dist-info with its entry point."""
    (folder / f"{module}.py").write_text(textwrap.dedent(code), encoding="utf-8")
    info = folder / f"{module}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {module}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[eventkit.games]\n{name} = {target}\n")


def _python(folder: Path, code: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(folder)])}
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], env=env, capture_output=True, text=True,
        timeout=120, cwd=folder,
    )  # fmt: skip


EXTERNAL = """
    import dataclasses
    from games.common.protocol import GameInfo
    from games.schwimmen.registration import ENTRY as SCHWIMMEN

    class Game(SCHWIMMEN.engine):
        info = GameInfo("swim_two", 2, 3)

    ENTRY = dataclasses.replace(
        SCHWIMMEN, info=Game.info, engine=Game, labels={"ja": "二人で", "en": "Swim for two"},
        rooms=None, menu=None, app=None)
"""


@pytest.mark.process
def test_a_game_outside_the_repo_registers_by_its_distributions_entry_point(tmp_path):
    _distribution(tmp_path, "swim_two", "swim_two_game:ENTRY", "swim_two_game", EXTERNAL)
    done = _python(tmp_path, """
        from games.common import registry
        from games.web.hub import Hub, HubOptions, RoomSpec
        from games.web.phones import Phone
        print(*registry.names())
        hub = Hub(".", rooms=[RoomSpec("r", "swim_two", 3, cpu_level="easy")],
                  options=HubOptions(cpu_workers=0, seed=1, cpu_delay=0, advance_pause=0,
                                     turn_seconds=0))
        hub.load()
        phone = Phone(hub, "A")
        hub.sit(phone.token, "r")
        print(phone.last("lobby")["rooms"][0]["game"], phone.last("lobby")["rooms"][0]["label"])
        hub.shutdown()
    """)  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].split() == ["daifugo", "schwimmen", "cool24", "swim_two"]
    assert lines[1].startswith("swim_two ")


@pytest.mark.process
def test_a_game_that_fails_to_load_is_one_line_naming_its_entry_point(tmp_path):
    _distribution(tmp_path, "broken", "broken_game:ENTRY", "broken_game", "ENTRY = 1 / 0\n")
    done = _python(tmp_path, """
        from games.cli import main
        raise SystemExit(main(["daifugo", "--help"]))
    """)  # fmt: skip
    assert done.returncode == 1, (done.stdout, done.stderr)
    err = done.stderr.strip().splitlines()
    assert len(err) == 1 and "Traceback" not in done.stderr, done.stderr
    assert "'broken'" in err[0] and "broken_game:ENTRY" in err[0] and "ZeroDivisionError" in err[0]
