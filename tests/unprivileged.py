"""Run the project's Python as the unprivileged user ``nobody``, wherever the checkout is.

The read-only-folder tests must not run as root (root writes anywhere). But the checkout and
its ``.venv`` may sit under a folder only root can enter (CI clones into such a folder), so
``nobody`` cannot even start ``.venv/bin/python``. A mirror that ``nobody`` can read is built
once per test session in a temporary folder: hard links (copies across file systems) of the
packages installed for this interpreter and of the project's own files, run by the base
interpreter the venv was made from. When that interpreter itself lives where ``nobody`` cannot
go (pyenv under ``/root``), the interpreter, its shared library and its standard library are
mirrored too. Nothing outside the mirror is changed, and the mirror is removed at the end of
the session.
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from fnmatch import fnmatch
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROJECT_PARTS = ("eventkit", "bingo", "cards", "games", "img", "config.toml", "pyproject.toml")
# Installed only for the test tools or the installer; the programs run as nobody never use them.
NOT_NEEDED = ("__editable__*", "pip", "pip-*", "mypy", "mypy-*", "*__mypyc*", "selenium")
# Parts of the standard library the programs never import (the largest is CPython's own tests).
STDLIB_NOT_NEEDED = ("site-packages", "dist-packages", "test", "idlelib", "turtledemo", "ensurepip")
PROBE = ["-c", "import numpy, reportlab, PIL, eventkit"]


def _link_or_copy(source: str, target: str) -> None:
    try:
        os.link(source, target)
    except OSError:  # another file system, or links not allowed: copy instead
        shutil.copy2(source, target)


def _mirror(source: Path, target: Path, ignore: tuple[str, ...] = ()) -> None:
    if source.is_dir():
        shutil.copytree(
            source,
            target,
            symlinks=True,
            copy_function=_link_or_copy,
            ignore=shutil.ignore_patterns("__pycache__", *ignore),
        )
    else:
        _link_or_copy(str(source), str(target))


class Nobody:
    """The project's Python as ``nobody``: ``run(["-m", "bingo", ...])``; ``root`` is its checkout."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.root = folder / "project"
        self.user = pwd.getpwnam("nobody")
        folder.chmod(0o755)
        self.root.mkdir()
        for part in PROJECT_PARTS:
            if (ROOT / part).exists():
                _mirror(ROOT / part, self.root / part)
        self.site = folder / "site-packages"
        self.site.mkdir()
        installed = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
        for directory in sorted(installed):
            for entry in Path(directory).iterdir():
                needed = not any(fnmatch(entry.name, pattern) for pattern in NOT_NEEDED)
                if needed and not (self.site / entry.name).exists():
                    _mirror(entry, self.site / entry.name, NOT_NEEDED)
        self.writable = folder / "home"
        self.writable.mkdir(mode=0o777)
        self.writable.chmod(0o777)  # numba's cache and Qt's settings, as nobody
        self.python = sys._base_executable  # the venv's own python needs the venv's folder
        self.interpreter_env: dict[str, str] = {}
        try:
            probe = self.run(PROBE, cwd=folder)
        except PermissionError:  # nobody may not enter the interpreter's folder
            probe = None
        if probe is None or probe.returncode != 0:
            self._mirror_interpreter()
            probe = self.run(PROBE, cwd=folder)
        if probe.returncode != 0:
            raise RuntimeError(f"{self.python} cannot run as nobody: {probe.stderr[-500:]}")

    def _mirror_interpreter(self) -> None:
        """Mirror the base interpreter: its binary, shared library and standard library."""
        home = self.folder / "python"
        stdlib = Path(sysconfig.get_paths()["stdlib"])
        (home / "bin").mkdir(parents=True)
        python = home / "bin" / Path(sys._base_executable).name
        _link_or_copy(os.path.realpath(sys._base_executable), str(python))
        libdir, soname = sysconfig.get_config_var("LIBDIR"), sysconfig.get_config_var("INSTSONAME")
        (home / "lib").mkdir()
        if libdir and soname and (Path(libdir) / soname).exists():
            _link_or_copy(str(Path(libdir) / soname), str(home / "lib" / soname))
        _mirror(stdlib, home / "lib" / stdlib.name, STDLIB_NOT_NEEDED)
        self.python = str(python)
        self.interpreter_env = {
            "PYTHONHOME": str(home),
            "LD_LIBRARY_PATH": str(home / "lib"),
        }

    def run(
        self, args: list[str], *, cwd: Path, env: dict[str, str] | None = None, timeout: int = 120
    ) -> subprocess.CompletedProcess[str]:
        full_env = {
            **os.environ,
            "PYTHONPATH": f"{self.root}{os.pathsep}{self.site}",
            "PYTHONNOUSERSITE": "1",
            "NUMBA_CACHE_DIR": str(self.writable / "numba"),
            "HOME": str(self.writable),
            "QT_QPA_PLATFORM": "offscreen",
            **self.interpreter_env,
            **(env or {}),
        }
        return subprocess.run(
            [self.python, *args],
            cwd=cwd,
            env=full_env,
            user=self.user.pw_uid,
            group=self.user.pw_gid,
            extra_groups=[],
            capture_output=True,
            text=True,
            timeout=timeout,
        )


def make_nobody() -> Nobody:
    """A fresh mirror; the caller removes ``nobody.folder`` when done."""
    folder = Path(tempfile.mkdtemp(prefix="as-nobody-"))
    try:
        return Nobody(folder)
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
