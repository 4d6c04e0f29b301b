"""eventkit.safefile: atomic writes, locks between processes, damaged copies set aside, and
nothing that is not ours (links, devices, folders) ever replaced or moved."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from eventkit import safefile
from eventkit.safefile import NotOurFile
from tests.disk_support import small_tmpfs

PY = sys.executable


def test_write_atomic_replaces_the_file_with_exactly_the_mode_asked(tmp_path: Path) -> None:
    target = tmp_path / "data.json"
    target.write_bytes(b"old")
    old_umask = os.umask(0o077)
    try:
        safefile.write_atomic(target, [b"ne", b"w"], mode=0o644)
    finally:
        os.umask(old_umask)
    assert target.read_bytes() == b"new"
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data.json"]  # no temporary left


@pytest.mark.slow
@pytest.mark.process
def test_a_writer_killed_before_the_rename_leaves_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "data.json"
    target.write_bytes(b"old")
    code = (
        "import os, signal; from pathlib import Path; from eventkit import safefile\n"
        f"safefile.write_atomic(Path({str(target)!r}), b'new', "
        "before_replace=lambda: os.kill(os.getpid(), signal.SIGKILL))\n"
    )
    proc = subprocess.run([PY, "-c", code], timeout=60)
    assert proc.returncode == -signal.SIGKILL
    assert target.read_bytes() == b"old"
    leftovers = [p for p in tmp_path.iterdir() if p.name != "data.json"]
    assert len(leftovers) == 1 and safefile.temp_pattern(target).fullmatch(leftovers[0].name)
    assert safefile.remove_stale_temps(target) == leftovers
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data.json"]


def test_links_folders_and_devices_are_never_replaced_or_moved(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_bytes(b"someone else's")
    link = tmp_path / "link.json"
    link.symlink_to(elsewhere)
    folder = tmp_path / "folder.json"
    folder.mkdir()
    for path, kind in ((link, "a symbolic link"), (folder, "a folder")):
        with pytest.raises(NotOurFile, match=kind):
            safefile.write_atomic(path, b"ours")
        with pytest.raises(NotOurFile, match=kind):
            safefile.set_aside(path)
    assert link.is_symlink() and elsewhere.read_bytes() == b"someone else's"
    assert folder.is_dir()
    assert not list(tmp_path.glob("*.damaged-*")) and not list(tmp_path.glob(".*.tmp"))


def test_a_device_node_is_refused(tmp_path: Path) -> None:
    device = tmp_path / "null.json"
    try:
        os.mknod(device, stat.S_IFCHR | 0o600, os.makedev(1, 3))
    except (PermissionError, AttributeError):
        pytest.skip("creating a device node needs root")
    with pytest.raises(NotOurFile, match="a device"):
        safefile.write_atomic(device, b"ours")
    with pytest.raises(NotOurFile, match="a device"):
        safefile.set_aside(device)
    assert stat.S_ISCHR(device.lstat().st_mode)


def test_set_aside_and_keep_aside_never_overwrite_an_earlier_copy(tmp_path: Path) -> None:
    target = tmp_path / "chips.json"
    target.write_bytes(b"damaged 1")
    first = safefile.set_aside(target)
    target.write_bytes(b"damaged 2")
    second = safefile.set_aside(target)
    third = safefile.keep_aside(target, b"the rest", mode=0o600)
    assert not target.exists()
    assert first.read_bytes() == b"damaged 1" and second.read_bytes() == b"damaged 2"
    assert third.read_bytes() == b"the rest"
    assert len({first, second, third}) == 3
    assert all(".damaged-" in p.name for p in (first, second, third))
    assert stat.S_IMODE(third.stat().st_mode) == 0o600


@pytest.mark.slow
@pytest.mark.process
def test_the_lock_is_held_across_processes_and_let_go_when_the_holder_dies(
    tmp_path: Path,
) -> None:
    lock_file = tmp_path / "data.lock"
    code = (
        "import sys, time; from pathlib import Path; from eventkit import safefile\n"
        f"fd = safefile.open_private(Path({str(lock_file)!r})); safefile.lock(fd)\n"
        "print('held', flush=True); sys.stdin.read()\n"
    )
    holder = subprocess.Popen([PY, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == b"held\n"
        fd = safefile.open_private(lock_file)
        try:
            assert not safefile.try_lock(fd)
            holder.kill()  # SIGKILL: the operating system lets go of the lock
            holder.wait(timeout=30)
            assert safefile.try_lock(fd)
        finally:
            os.close(fd)
    finally:
        if holder.poll() is None:
            holder.kill()
            holder.wait(timeout=30)
    assert stat.S_IMODE(lock_file.stat().st_mode) == 0o600


def test_a_full_disk_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    with small_tmpfs(tmp_path / "disk") as small_disk:
        _full_disk_write(small_disk)


def _full_disk_write(small_disk: Path) -> None:
    target = small_disk / "data.json"
    target.write_bytes(b"old")
    with pytest.raises(OSError) as info:
        safefile.write_atomic(target, b"x" * (256 * 1024))
    assert info.value.errno == 28  # ENOSPC
    assert target.read_bytes() == b"old"
    assert sorted(p.name for p in small_disk.iterdir()) == ["data.json"]
