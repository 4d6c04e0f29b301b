"""A side file on a disk that fills in the middle of a line (issue 27: a half-written claim
line glued the next claim to it): the half line is cut off again and the write fails, so the
next line reads whole. A real small tmpfs, filled to its last page."""

from __future__ import annotations

import errno
import sys
from pathlib import Path

import pytest

from bingo.showlink import LineFollower, append_line

sys.path.insert(0, str(Path(__file__).parent))
from test_journal_faults import fill, small_tmpfs


def test_a_line_the_disk_cannot_hold_leaves_no_half_line(tmp_path):
    with small_tmpfs(tmp_path / "disk", "64k") as disk:
        claims = disk / "show.jsonl.claims"
        append_line(claims, {"claim": "a", "serial": 1})
        filler = fill(disk)  # only the rest of the claims file's last page is free
        size = claims.stat().st_size
        with pytest.raises(OSError) as failed:
            append_line(claims, {"claim": "b", "serial": 2, "pad": "x" * 6000})
        assert failed.value.errno == errno.ENOSPC
        assert claims.stat().st_size == size  # nothing of the failed line is left
        filler.unlink()
        append_line(claims, {"claim": "c", "serial": 3})
        lines = LineFollower(claims).read_new()
        assert [line["claim"] for line in lines] == ["a", "c"]
