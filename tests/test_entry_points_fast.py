"""The declared config sections read without importlib.metadata (issue 45: importing it brings
the email package, ~30 ms of `bingo draw`'s start): eventkit.tomlconf.installed_entry_points
gives what importlib.metadata.entry_points gives, or None to let it answer."""

from __future__ import annotations

import importlib.metadata
import sys
import zipfile

import pytest

from eventkit.tomlconf import ENTRY_POINT_GROUP, installed_entry_points


def by_metadata(group: str) -> tuple[tuple[str, str], ...]:
    return tuple((ep.name, ep.value) for ep in importlib.metadata.entry_points(group=group))


@pytest.mark.parametrize(
    "group", [ENTRY_POINT_GROUP, "eventkit.games", "console_scripts", "pytest11", "nothing.here"]
)
def test_the_installed_entry_points_are_importlib_metadata_s(group):
    found = installed_entry_points(group)
    assert found is not None
    names, pairs = found
    assert pairs == by_metadata(group)
    assert "puyo_event_toolkit" in names and "pytest" in names


def write_dist(folder, name, entry_points=None, kind="dist-info"):
    info = folder / f"{name}-1.0.{kind}"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    if entry_points is not None:
        (info / "entry_points.txt").write_text(entry_points, encoding="utf-8")


def test_a_path_of_its_own_reads_as_importlib_metadata_reads_it(tmp_path, monkeypatch):
    first, second = tmp_path / "first", tmp_path / "second"
    write_dist(first, "Alpha_Games", "[demo.group]\nalpha = alpha.mod:check\n")
    # the same distribution again further down the path: importlib.metadata keeps the first
    write_dist(second, "alpha_games", "[demo.group]\nshadowed = alpha.old:check\n")
    write_dist(
        second,
        "beta",
        "# a comment\n\n[other]\nx = y:z\n[demo.group]\n  beta =  beta.settings:check  \n"
        "gamma = gamma:check [extra]\n",
    )
    write_dist(second, "no_entry_points")
    write_dist(second, "legacy", "[demo.group]\nlegacy = legacy:check\n", kind="egg-info")
    missing = tmp_path / "not-there"
    monkeypatch.setattr(sys, "path", [str(first), str(missing), str(second)])
    found = installed_entry_points("demo.group")
    assert found is not None
    names, pairs = found
    assert pairs == by_metadata("demo.group")
    assert ("alpha", "alpha.mod:check") in pairs and ("shadowed", "alpha.old:check") not in pairs
    assert ("beta", "beta.settings:check") in pairs and len(pairs) == 4
    assert names == {"alpha_games", "beta", "no_entry_points", "legacy"}


def test_a_zip_on_the_path_is_left_to_importlib_metadata(tmp_path, monkeypatch):
    archive = tmp_path / "packages.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("zipped-1.0.dist-info/entry_points.txt", "[demo.group]\nz = z:check\n")
        zf.writestr("zipped-1.0.dist-info/METADATA", "Name: zipped\nVersion: 1.0\n")
    monkeypatch.setattr(sys, "path", [str(archive)])
    assert installed_entry_points("demo.group") is None
    assert by_metadata("demo.group") == (("z", "z:check"),)  # what it is left to


def test_a_line_importlib_metadata_refuses_is_left_to_it(tmp_path, monkeypatch):
    write_dist(tmp_path, "broken", "[demo.group]\nno equals sign here\n")
    monkeypatch.setattr(sys, "path", [str(tmp_path)])
    assert installed_entry_points("demo.group") is None
