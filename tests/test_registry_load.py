"""Loading a card registry (`bingo draw --registry`): every malformed file is one clear error."""

from __future__ import annotations

from pathlib import Path

import pytest

from bingo.cli import main
from bingo.config import parse_config
from cards.check import load_registry_for
from cards.generate import generate_cards
from cards.registry import RegistryError, read_registry, write_registry
from eventkit.tomlconf import speaking

ROOT = Path(__file__).resolve().parent.parent
BOARD = {"size": 5, "numbers_per_column": 15, "free_center": True}


@pytest.fixture(autouse=True)
def _english():
    """The loader's messages read in English here (as with event.language = "en"); the command
    below reads a config without [event]: Japanese, the default."""
    with speaking("en"):
        yield


@pytest.fixture
def config():
    return parse_config({"board": BOARD}, base_dir=ROOT)


@pytest.fixture
def registry(tmp_path, config) -> Path:
    path = tmp_path / "cards.csv"
    write_registry(path, generate_cards(config.board, 6, seed=3))
    return path


def lines_of(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def rewrite(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_excel_csv_utf8_bom_is_accepted(registry, config) -> None:
    plain = load_registry_for(config, registry)
    registry.write_bytes(b"\xef\xbb\xbf" + registry.read_bytes().replace(b"\n", b"\r\n"))
    assert load_registry_for(config, registry) == plain


def test_overlong_field_is_a_clean_error(registry, config) -> None:
    lines = lines_of(registry)
    lines[3] = lines[3] + "," + "7" * 200_000
    rewrite(registry, lines)
    with pytest.raises(RegistryError, match=r"line 4: a field is longer than 131,072 characters"):
        load_registry_for(config, registry)


def test_header_only_is_refused(registry, config) -> None:
    rewrite(registry, lines_of(registry)[:1])
    with pytest.raises(RegistryError, match="holds no cards"):
        load_registry_for(config, registry)


def test_two_serials_with_identical_cards_are_refused(registry, config) -> None:
    lines = lines_of(registry)
    copy = lines[2].split(",")
    copy[0] = "99"
    rewrite(registry, [*lines, ",".join(copy)])
    with pytest.raises(RegistryError, match=r"line 8 \(card 99\): the same numbers as card 2"):
        load_registry_for(config, registry)


def test_same_number_twice_in_a_column_is_refused(registry, config) -> None:
    lines = lines_of(registry)
    fields = lines[1].split(",")
    fields[1 + 5] = fields[1]  # r2c1 := r1c1
    lines[1] = ",".join(fields)
    rewrite(registry, lines)
    with pytest.raises(
        RegistryError, match=rf"line 2 \(card 1\): {fields[1]} appears twice .*column 1"
    ):
        load_registry_for(config, registry)


@pytest.mark.parametrize(
    ("serial", "message"),
    [
        ("-5", "serial -5 is negative"),
        ("1" * 13, "more than 12 digits"),
        ("x7", "is not a whole number"),
        ("٣", "is not a whole number"),  # int() would take an Arabic-Indic digit
        ("", "is not a whole number"),
        ("2", "serial 2 appears twice"),
    ],
)
def test_serials_the_card_check_cannot_take(registry, config, serial, message) -> None:
    lines = lines_of(registry)
    fields = lines[1].split(",")
    fields[0] = serial
    lines[1] = ",".join(fields)
    rewrite(registry, lines)
    with pytest.raises(RegistryError, match=message):
        load_registry_for(config, registry)


def test_twelve_digit_serial_and_leading_zeros_load(registry, config) -> None:
    lines = lines_of(registry)
    for i, serial in ((1, "9" * 12), (2, "0007")):
        fields = lines[i].split(",")
        fields[0] = serial
        lines[i] = ",".join(fields)
    rewrite(registry, lines)
    assert {int("9" * 12), 7} <= set(load_registry_for(config, registry))


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda f: f.__setitem__(3, "FREE"), "FREE at row 1, column 3"),
        (
            lambda f: f.__setitem__(13, next(str(n) for n in range(31, 46) if str(n) not in f)),
            "in the centre, which is free",
        ),
        (lambda f: f.__setitem__(2, "1.5"), "cell '1.5' must be a number or FREE"),
        (lambda f: f.__setitem__(2, "99"), "99 cannot stand in column 2"),
        (lambda f: f.pop(), "25 fields, expected 26"),
    ],
)
def test_bad_cells(registry, config, edit, message) -> None:
    lines = lines_of(registry)
    fields = lines[1].split(",")
    edit(fields)
    lines[1] = ",".join(fields)
    rewrite(registry, lines)
    with pytest.raises(RegistryError, match=message):
        load_registry_for(config, registry)


def test_not_a_file(tmp_path, config) -> None:
    with pytest.raises(RegistryError, match="not a file"):
        read_registry(tmp_path)
    with pytest.raises(RegistryError, match="not a file"):
        read_registry("/dev/null")
    with pytest.raises(RegistryError, match="not found"):
        read_registry(tmp_path / "none.csv")
    (tmp_path / "bad.csv").write_bytes(b"serial,\xff\xfe\n")
    with pytest.raises(RegistryError, match="cannot be read"):
        read_registry(tmp_path / "bad.csv")


def test_draw_command_names_the_problem_in_one_line(
    tmp_path, registry, capsys, monkeypatch
) -> None:
    """`bingo draw --registry` stops before opening a window, with the loader's message."""
    rewrite(registry, lines_of(registry)[:1])
    config = tmp_path / "config.toml"
    (tmp_path / "img").mkdir()
    config.write_text(
        "[board]\nsize = 5\nnumbers_per_column = 15\nfree_center = true\n", encoding="utf-8"
    )
    import bingo.ui.command as draw_command

    monkeypatch.setattr(draw_command, "_error_dialog", lambda message: None)  # no dialog
    code = main(["draw", "--config", str(config), "--registry", str(registry)])
    err = capsys.readouterr().err
    assert code == 1 and err.count("\n") == 1
    assert err.startswith("エラー: ") and "には見出しだけで、カードがありません" in err  # ja
