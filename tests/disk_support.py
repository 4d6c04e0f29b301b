"""A real small disk for the full-disk tests: a tmpfs mounted on a folder, and filling it."""

from __future__ import annotations

import errno
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


@contextmanager
def small_tmpfs(folder: Path, size: str = "64k") -> Iterator[Path]:
    """`folder` (created) as a tmpfs of `size`; skipped only where mounting is impossible."""
    folder.mkdir()
    result = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
        capture_output=True,
        text=True,
    )
    if result.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {result.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def fill(folder: Path) -> Path:
    """Fill the disk under `folder` to the last byte."""
    filler = folder / "filler"
    with filler.open("wb", buffering=0) as f:
        try:
            while True:
                f.write(b"x" * 1024)
        except OSError as exc:
            assert exc.errno == errno.ENOSPC
        try:
            while True:
                f.write(b"x")
        except OSError:
            pass
    return filler
