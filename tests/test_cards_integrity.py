"""Registry integrity (issue 23 item 2): every batch records a digest of its rows; --append,
`bingo draw --registry` and `bingo serve --registry` name the first row that differs and refuse;
`cards.batches.json` is never rewritten without keeping the previous one."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest
from test_cards_key import run_cards
from test_cards_output import write_config

from bingo.config import load_config
from cards.check import load_registry_for
from cards.registry import RegistryError
from eventkit.errors import UserError


@pytest.fixture
def small(tmp_path) -> Path:
    """Without images (fast runs), in English (the registry's and key's English lines)."""
    return write_config(tmp_path, cards="images = false", language="en")


@pytest.fixture
def made(tmp_path, small) -> Path:
    """A set of 10 cards in two batches; returns its registry."""
    assert run_cards(tmp_path, "--count", "6", "--seed", "2") == 0
    assert run_cards(tmp_path, "--count", "4", "--seed", "3", "--append") == 0
    return tmp_path / "cards.csv"


def serve(config: Path, registry: Path):
    from bingo.web.command import build_server

    args = argparse.Namespace(
        config=str(config), registry=str(registry), port=None, bind=None, journal=None, seed=None
    )
    return build_server(args)


def edit_line(registry: Path, line: int, change) -> None:
    lines = registry.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[line - 1] = change(lines[line - 1])
    registry.write_text("".join(lines), encoding="utf-8")


def refusals(tmp_path: Path, config: Path, registry: Path, capsys) -> list[str]:
    """What --append, the draw's registry load and `bingo serve` say about `registry`."""
    said = []
    capsys.readouterr()
    assert run_cards(tmp_path, "--count", "1", "--append") == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    said.append(err)
    with pytest.raises(RegistryError) as draw:
        load_registry_for(load_config(config), registry)
    said.append(str(draw.value))
    with pytest.raises(UserError) as served:
        serve(config, registry)
    said.append(str(served.value))
    return said


def test_a_cell_changed_in_a_spreadsheet_is_named_and_refused(tmp_path, small, made, capsys):
    before = (tmp_path / "cards.batches.json").read_bytes()
    # line 9 is card 8, in the second batch: its first number swapped for another of its column
    edit_line(
        made,
        9,
        lambda row: ",".join(["8", str(int(row.split(",")[1]) % 15 + 1)] + row.split(",")[2:]),
    )
    for message in refusals(tmp_path, small, made, capsys):
        assert "line 9 (card 8) differs" in message and "batch 2" in message
    assert (tmp_path / "cards.batches.json").read_bytes() == before  # the record kept as it was


def test_a_lost_row_is_named_and_refused(tmp_path, small, made, capsys):
    edit_line(made, 4, lambda row: "")  # card 3 gone
    for message in refusals(tmp_path, small, made, capsys):
        assert "card 3 of batch 1" in message and "missing" in message


def test_a_row_added_by_hand_is_named_and_refused(tmp_path, small, made, capsys):
    config = load_config(small)
    row = ["99"] + [str(c * 15 + r + 1) for r in range(5) for c in range(5)]
    row[13] = "FREE"
    row.append("0099-AAAAA")  # the code column
    with made.open("a", encoding="utf-8") as f:
        f.write(",".join(row) + "\n")
    assert config.board.size == 5
    for message in refusals(tmp_path, small, made, capsys):
        assert "line 12 (card 99) belongs to no recorded batch" in message


def test_a_resave_that_changes_no_value_is_accepted(tmp_path, small, made):
    """Excel's "CSV UTF-8" adds a byte order mark and CRLF line ends: same cards, same rows."""
    text = made.read_text(encoding="utf-8")
    made.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8"))
    assert len(load_registry_for(load_config(small), made)) == 10
    assert run_cards(tmp_path, "--count", "1", "--append") == 0


def test_the_batches_record_is_never_rewritten_without_its_previous_one(tmp_path, small):
    assert run_cards(tmp_path, "--count", "3", "--seed", "2") == 0
    first = (tmp_path / "cards.batches.json").read_bytes()
    assert run_cards(tmp_path, "--count", "2", "--append") == 0
    (backup,) = tmp_path.glob("cards.backup-*.batches.json")
    assert backup.read_bytes() == first
    batches = json.loads((tmp_path / "cards.batches.json").read_text(encoding="utf-8"))["batches"]
    assert [b["seed"] for b in batches][0] == 2  # the first batch's seed is kept
    assert all(
        len(b["row_digests"]) == 8 * b["count"] and len(b["rows_sha256"]) == 64 for b in batches
    )


def test_a_damaged_batches_record_is_refused_not_overwritten(tmp_path, capsys):
    small = write_config(tmp_path, cards="images = false")  # Japanese, the default
    assert run_cards(tmp_path, "--count", "3", "--seed", "2") == 0
    record = tmp_path / "cards.batches.json"
    record.write_text('{"format": 1, "batches": [', encoding="utf-8")
    capsys.readouterr()
    assert run_cards(tmp_path, "--count", "2", "--append") == 1
    err = capsys.readouterr().err
    # said in Japanese (the config's default language)
    assert "cards.batches.json が壊れているため" in err and "ページ下のシード" in err
    assert "そのファイルをよけて" in err and "バックアップ" not in err
    assert record.read_text(encoding="utf-8") == '{"format": 1, "batches": ['
    with pytest.raises(RegistryError, match="が壊れているので"):
        load_registry_for(load_config(small), tmp_path / "cards.csv")


def test_a_damaged_batches_record_is_remade_as_its_message_says_not_from_an_old_backup(
    tmp_path, small, capsys
):
    """Issue 34.8: the message sent the host to cards.backup-….batches.json, but --force keeps
    that backup of the set it replaced: restored, it described other cards (and its 'remake
    from the recorded seeds' then remade the replaced set). Remaking from the seeds on the
    pages' footers, as the message now says, gives back the cards and codes that were printed."""
    assert run_cards(tmp_path, "--count", "3", "--seed", "2") == 0
    assert run_cards(tmp_path, "--count", "3", "--seed", "5", "--force") == 0  # replaces seed 2
    assert run_cards(tmp_path, "--count", "2", "--seed", "7", "--append") == 0
    assert list(tmp_path.glob("cards.backup-*.batches.json"))  # the replaced set's record
    printed = (tmp_path / "cards.csv").read_text(encoding="utf-8")
    (tmp_path / "cards.batches.json").write_text("{", encoding="utf-8")
    capsys.readouterr()
    with pytest.raises(RegistryError) as refused:
        load_registry_for(load_config(small), tmp_path / "cards.csv")
    message = str(refused.value)
    assert "from the seeds on their pages' footers" in message
    assert "restore it from its backup" not in message
    assert "`bingo cards --seed S --count N --force`" in message and "--append --force" in message
    assert run_cards(tmp_path, "--count", "3", "--seed", "5", "--force") == 0
    assert run_cards(tmp_path, "--count", "2", "--seed", "7", "--append", "--force") == 0
    assert (tmp_path / "cards.csv").read_text(encoding="utf-8") == printed
    assert len(load_registry_for(load_config(small), tmp_path / "cards.csv")) == 5


def test_an_old_record_that_lost_count_of_its_cards_is_refused(tmp_path, small, capsys):
    """Before: the record was silently replaced by one 'seed unknown' batch, without backup."""
    assert run_cards(tmp_path, "--count", "3", "--seed", "2") == 0
    record = tmp_path / "cards.batches.json"
    data = json.loads(record.read_text(encoding="utf-8"))
    for batch in data["batches"]:  # as an older version wrote it: no digests
        del batch["row_digests"], batch["rows_sha256"]
    record.write_text(json.dumps(data), encoding="utf-8")
    edit_line(tmp_path / "cards.csv", 4, lambda row: "")
    capsys.readouterr()
    assert run_cards(tmp_path, "--count", "2", "--append") == 1
    assert "card 3 of batch 1" in capsys.readouterr().err
    assert json.loads(record.read_text(encoding="utf-8"))["batches"][0]["seed"] == 2


def test_the_remedy_named_for_a_changed_registry_works(tmp_path, small, made, capsys):
    """34.8: the message once said "restore cards.csv from its backup", which only --force
    makes; it now gives the commands that remake the set from its recorded seeds, and they
    do: the same cards, the same key and codes."""
    original = made.read_text(encoding="utf-8")
    edit_line(
        made,
        3,
        lambda row: ",".join(["2", str(int(row.split(",")[1]) % 15 + 1)] + row.split(",")[2:]),
    )
    with pytest.raises(RegistryError) as refused:
        load_registry_for(load_config(small), made)
    message = str(refused.value)
    assert "restore cards.csv" not in message
    commands = message.split("`")[1::2]
    assert commands == [
        "bingo cards --seed 2 --count 6 --force --out cards.pdf",
        "bingo cards --seed 3 --count 4 --append --out cards.pdf",
    ]
    for command in commands:
        args = command.split()[2:]
        args[args.index("--out") + 1] = str(tmp_path / "cards.pdf")
        assert run_cards(tmp_path, *args) == 0
    assert made.read_text(encoding="utf-8") == original
    assert len(load_registry_for(load_config(small), made)) == 10
