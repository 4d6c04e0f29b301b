"""The phone codes' key belongs to the card set (issue 23 item 1): `cards.key` beside
`cards.csv`, recorded by key id per batch, required by --append and by the show, migrated from
the old per-user folder, and the same codes when a set is remade from its seed."""

from __future__ import annotations

import argparse
import json
import stat
from pathlib import Path

import pypdf
import pytest
from test_cards_output import run_cards as _run_cards
from test_cards_output import write_config

from bingo import cardcode
from bingo.config import load_config
from cards.cardset import key_file, open_card_set
from cards.check import load_registry_for
from cards.generate import iter_cards
from cards.registry import write_registry
from eventkit.errors import UserError


def run_cards(tmp_path: Path, *args: str) -> int:
    """`bingo cards`, its --out in tmp_path unless given."""
    out = () if "--out" in args else ("--out", str(tmp_path / "cards.pdf"))
    return _run_cards(tmp_path, *args, *out)


@pytest.fixture
def small(tmp_path) -> Path:
    """Without images (fast runs), in English (the registry's and key's English lines)."""
    return write_config(tmp_path, cards="images = false", language="en")


def batches_of(folder: Path) -> list[dict]:
    return json.loads((folder / "cards.batches.json").read_text(encoding="utf-8"))["batches"]


def codes_in(pdf: Path) -> set[str]:
    text = "".join(page.extract_text() for page in pypdf.PdfReader(pdf).pages)
    found = {word[3:] for word in text.split() if word.startswith("No.") and "-" in word}
    return {code for code in found if code[-1].isalpha()}  # not the footer's No.0001-0004


def test_the_key_is_made_beside_the_registry_secret_and_recorded_by_id(tmp_path, small):
    assert run_cards(tmp_path, "--count", "4", "--seed", "3", "--qr") == 0
    path = tmp_path / "cards.key"
    key = cardcode.read_key_file(path)
    assert key is not None and stat.S_IMODE(path.stat().st_mode) == 0o600
    (batch,) = batches_of(tmp_path)
    assert batch["key_id"] == cardcode.key_id(key) and key.hex() not in json.dumps(batch)
    pdf = (tmp_path / "cards.pdf").read_bytes() + (tmp_path / "cards-check.pdf").read_bytes()
    assert key.hex().encode() not in pdf and key not in pdf  # never in a PDF
    assert codes_in(tmp_path / "cards.pdf") == {cardcode.card_code(key, s) for s in range(1, 5)}
    # nothing in the user's data folder: another folder's set never shares this key
    assert cardcode.load_key(load_config(small).event.title) is None


def test_a_rehearsal_in_another_folder_gets_other_codes(tmp_path, small):
    real, rehearsal = tmp_path / "real", tmp_path / "rehearsal"
    real.mkdir(), rehearsal.mkdir()
    for folder in (real, rehearsal):
        assert (
            run_cards(tmp_path, "--count", "4", "--seed", "3", "--out", str(folder / "c.pdf")) == 0
        )
    assert codes_in(real / "c.pdf").isdisjoint(codes_in(rehearsal / "c.pdf"))


def test_a_lost_pdf_remade_from_its_seed_with_the_key_has_the_same_codes(tmp_path, small):
    first, elsewhere = tmp_path / "first", tmp_path / "elsewhere"
    first.mkdir(), elsewhere.mkdir()
    assert run_cards(tmp_path, "--count", "6", "--seed", "9", "--out", str(first / "c.pdf")) == 0
    (elsewhere / "c.key").write_bytes((first / "c.key").read_bytes())  # the key travels
    assert (
        run_cards(tmp_path, "--count", "6", "--seed", "9", "--out", str(elsewhere / "c.pdf")) == 0
    )
    assert codes_in(first / "c.pdf") == codes_in(elsewhere / "c.pdf") != set()
    assert (first / "c.csv").read_bytes() == (elsewhere / "c.csv").read_bytes()


def test_append_without_the_key_or_with_another_is_refused_saying_where(tmp_path, small, capsys):
    assert run_cards(tmp_path, "--count", "4", "--seed", "1") == 0
    key_path = tmp_path / "cards.key"
    good = key_path.read_bytes()
    key_path.unlink()
    capsys.readouterr()
    assert run_cards(tmp_path, "--count", "2", "--append") == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"at {key_path}" in err and "key id" in err
    key_path.write_bytes(cardcode.key_file_text(bytes(range(32))))
    assert run_cards(tmp_path, "--count", "2", "--append") == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "did not sign" in err and str(key_path) in err
    key_path.write_bytes(good)
    assert run_cards(tmp_path, "--count", "2", "--append") == 0
    key = cardcode.read_key_file(key_path)
    assert {b["key_id"] for b in batches_of(tmp_path)} == {cardcode.key_id(key)}
    assert codes_in(tmp_path / "cards-0005-0006.pdf") == {
        cardcode.card_code(key, s) for s in (5, 6)
    }


def serve_args(config: Path, registry: Path) -> argparse.Namespace:
    return argparse.Namespace(
        config=str(config), registry=str(registry), port=None, bind=None, journal=None, seed=None
    )


def test_the_show_refuses_a_set_it_cannot_verify_and_uses_the_sets_key(tmp_path, small):
    from bingo.web.command import build_server

    assert run_cards(tmp_path, "--count", "4", "--seed", "1") == 0
    registry = tmp_path / "cards.csv"
    key = cardcode.read_key_file(tmp_path / "cards.key")
    server, _, _ = build_server(serve_args(small, registry))  # `bingo serve --registry`
    assert server.card_key == key and set(server.registry) == {1, 2, 3, 4}
    # the draw display's registry carries the set's key, to check a printed code's letters
    assert load_registry_for(load_config(small), registry).card_key == key
    (tmp_path / "cards.key").rename(tmp_path / "elsewhere.key")
    config = load_config(small)
    for load in (
        lambda: build_server(serve_args(small, registry)),
        lambda: load_registry_for(config, registry),  # what `bingo draw --registry` calls
    ):
        with pytest.raises(UserError, match="card key of .* is missing: put the cards.key"):
            load()
    (tmp_path / "cards.key").write_bytes(cardcode.key_file_text(b"x" * 32))
    with pytest.raises(UserError, match="did not sign the cards"):
        load_registry_for(config, registry)


def test_an_old_set_with_its_key_in_the_user_folder_keeps_working(tmp_path, small):
    config = load_config(small)
    old_key = cardcode.load_key(config.event.title, create=True)  # where older versions kept it
    old_path = cardcode.key_path(config.event.title)
    registry = tmp_path / "cards.csv"
    write_registry(registry, iter_cards(config.board, 3, seed=4))  # an older version's set
    notes: list[str] = []
    card_set = open_card_set(config, registry, note=notes.append)
    assert card_set.key == old_key and cardcode.read_key_file(key_file(registry)) == old_key
    assert any("copied the card key from" in n and "old file is kept" in n for n in notes)
    assert old_path.read_text().strip() == old_key.hex()  # never deleted
    assert stat.S_IMODE(key_file(registry).stat().st_mode) == 0o600
    # an append now signs with the same key, so every batch's codes open on the phones
    assert run_cards(tmp_path, "--count", "2", "--append") == 0
    assert codes_in(tmp_path / "cards-0004-0005.pdf") == {
        cardcode.card_code(old_key, s) for s in (4, 5)
    }


def test_a_long_japanese_title_prints_cards(tmp_path, capsys):
    """27.6: 86 Japanese characters passed check-config but broke `bingo cards` with a wrong
    'restore the key' message (the per-user key's file name was too long). Since 34.4 such a
    title is refused (it would print under 6 pt) naming the longest that fits, which prints."""
    config = write_config(tmp_path, cards="images = false")
    original = config.read_text(encoding="utf-8")
    config.write_text(original.replace("テストビンゴ大会", "夏" * 86), encoding="utf-8")
    assert run_cards(tmp_path, "--count", "2", "--seed", "1") == 1
    err = capsys.readouterr().err
    assert "restore" not in err and "入るいちばん長い形は" in err  # Japanese: the default
    fits = err.split('入るいちばん長い形は "')[1].split('"')[0]
    config.write_text(original.replace("テストビンゴ大会", fits), encoding="utf-8")
    assert run_cards(tmp_path, "--count", "2", "--seed", "1") == 0
    assert "restore" not in capsys.readouterr().err
    registry = tmp_path / "cards.csv"
    assert open_card_set(load_config(config), registry).key == cardcode.read_key_file(
        key_file(registry)
    )


def test_the_key_is_never_served(tmp_path, small):
    from aiohttp.test_utils import TestClient, TestServer

    from bingo.web.command import build_server

    assert run_cards(tmp_path, "--count", "2", "--seed", "1") == 0
    key_hex = (tmp_path / "cards.key").read_text().strip()
    server, _, _ = build_server(serve_args(small, tmp_path / "cards.csv"))

    async def ask() -> list[tuple[int, str]]:
        client = TestClient(TestServer(server.app))
        await client.start_server()
        try:
            answers = []
            for path in (
                "/cards.key",
                "/static/../cards.key",
                "/static/cards.key",
                "/card/cards.key",
            ):
                response = await client.get(path)
                answers.append((response.status, await response.text()))
            return answers
        finally:
            await client.close()

    import asyncio

    answers = asyncio.run(ask())
    assert all(status in (400, 404) for status, _ in answers), answers
    assert all(key_hex not in text for _, text in answers)


def test_a_key_others_can_read_is_said(tmp_path, small):
    assert run_cards(tmp_path, "--count", "2", "--seed", "1") == 0
    (tmp_path / "cards.key").chmod(0o644)
    notes: list[str] = []
    open_card_set(load_config(small), tmp_path / "cards.csv", note=notes.append)
    assert any("can be read by other users" in n and "chmod 600" in n for n in notes)
