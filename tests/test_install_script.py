"""scripts/install.sh refuses what it cannot do in one clear line, before touching anything.
(The full install is what .ci/run does on a fresh clone.)"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

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


@pytest.mark.process
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


@pytest.mark.process
def test_a_dot_venv_that_is_not_a_virtual_environment_is_left_alone(tmp_path):
    project = project_copy(tmp_path)
    (project / ".venv").mkdir()
    (project / ".venv" / "notes.txt").write_text("mine")
    proc = run(project)
    assert proc.returncode == 1
    assert ".venv exists but is not a virtual environment" in proc.stderr
    assert (project / ".venv" / "notes.txt").read_text() == "mine"


@pytest.mark.process
def test_an_unknown_option_is_named(tmp_path):
    proc = run(project_copy(tmp_path), "--tset")
    assert proc.returncode == 2 and "unknown option '--tset'" in proc.stderr


@pytest.mark.process
def test_apt_lock_held_by_another_apt_is_named_not_blamed_on_the_user(tmp_path):
    """Another apt (e.g. the automatic updates) holding dpkg's lock is said as such."""
    project = project_copy(tmp_path)
    tools = tmp_path / "bin"
    tools.mkdir()
    fakes = {
        # every package looks missing, so apt-get is asked
        "dpkg-query": "exit 1\n",
        "apt-get": (
            'echo "E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process'
            ' 4321 (unattended-upgr)" >&2\nexit 100\n'
        ),
        # a Python 3.11 without venv, so the script stops right after the system packages
        "python3": (
            'case "$*" in *ensurepip*) exit 1 ;; *"sys.version.split"*) echo 3.11.9 ;;'
            ' *"%d.%d"*) echo 3.11 ;; *) exit 0 ;; esac\n'
        ),
    }
    for name, body in fakes.items():
        (tools / name).write_text("#!/bin/sh\n" + body)
        (tools / name).chmod(0o755)
    env = {"PATH": f"{tools}:/usr/bin:/bin", "PYTHON": str(tools / "python3")}
    proc = run(project, env=env)
    assert proc.returncode == 1
    assert "another apt or dpkg" in proc.stderr and "wait until it has finished" in proc.stderr
    assert "run as root or with sudo" not in proc.stderr


def test_constraints_pin_every_dependency_within_pyproject_ranges():
    """constraints.txt (scripts/update-constraints.sh) pins each library pyproject.toml asks
    for, at a version its range allows, and this test run uses those versions."""
    import tomllib
    from importlib import metadata

    from packaging.markers import default_environment
    from packaging.requirements import Requirement

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = [Requirement(r) for r in project["dependencies"]]
    for extra in project["optional-dependencies"].values():
        wanted += [Requirement(r) for r in extra]
    env = default_environment()
    pins: dict[str, list[tuple[str, str]]] = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        req = Requirement(line)
        (version,) = [s.version for s in req.specifier]
        applies = req.marker is None or req.marker.evaluate(env)
        pins.setdefault(req.name.lower().replace("_", "-"), []).append((version, applies))
    for req in wanted:
        name = req.name.lower().replace("_", "-")
        assert name in pins, f"{req.name} is not pinned in constraints.txt"
        for version, _applies in pins[name]:
            assert req.specifier.contains(version), f"{name}=={version} is outside {req}"
    for name, versions in pins.items():
        try:
            installed = metadata.version(name)
        except metadata.PackageNotFoundError:
            continue  # an extra this install did not ask for
        here = [v for v, applies in versions if applies]
        if not here:
            continue  # pinned for other platforms only (installed here by hand)
        assert installed in here, f"{name} {installed} installed, constraints.txt pins {here}"


def test_ci_runs_the_readme_test_command_word_for_word():
    """.ci/run is the README's test command (install, mypy over pyproject's list, pytest), so
    what a newcomer types is what CI checks."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = [line for line in readme.splitlines() if line.startswith("bash scripts/install.sh")]
    assert len(commands) >= 2, "the README's two commands (launch, test) are missing"
    test_command = commands[1]
    assert "--test" in test_command and ".venv/bin/mypy" in test_command, test_command
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert test_command in ci, f".ci/run does not run the README's test command {test_command!r}"
