"""scripts/install.sh refuses what it cannot do in one clear line, before touching anything.
(The full install is what .ci/run does on a fresh clone.)"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def project_copy(tmp_path: Path) -> Path:
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "install.sh", tmp_path / "scripts" / "install.sh")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def run(project: Path, *args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["bash", str(project / "scripts" / "install.sh"), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def test_an_old_python_gets_one_line_naming_the_version_and_the_way(tmp_path):
    project = project_copy(tmp_path)
    old_python = tmp_path / "python3.9"
    old_python.write_text(
        "#!/bin/sh\n"
        "# answers like Python 3.9: the version check fails, the version prints 3.9.2\n"
        'case "$*" in *"sys.version.split"*) echo 3.9.2 ;; *) exit 1 ;; esac\n'
    )
    old_python.chmod(0o755)
    proc = run(project, env={"PATH": "/usr/bin:/bin", "PYTHON": str(old_python)})
    assert proc.returncode == 1
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert "Python 3.11 or newer (found: 3.9.2)" in lines[0]
    assert "python.org" in lines[0] and "PYTHON=" in lines[0]
    assert not (project / ".venv").exists()


def test_a_dot_venv_that_is_not_a_virtual_environment_is_left_alone(tmp_path):
    project = project_copy(tmp_path)
    (project / ".venv").mkdir()
    (project / ".venv" / "notes.txt").write_text("mine")
    proc = run(project)
    assert proc.returncode == 1
    assert ".venv exists but is not a virtual environment" in proc.stderr
    assert (project / ".venv" / "notes.txt").read_text() == "mine"


def test_an_unknown_option_is_named(tmp_path):
    proc = run(project_copy(tmp_path), "--tset")
    assert proc.returncode == 2 and "unknown option '--tset'" in proc.stderr
