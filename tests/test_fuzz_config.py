"""Fuzzer: the shipped config.toml, mutated line by line, through every command that reads it
(`bingo check-config`, `bingo prob`, the games' loaders). Only clean errors, never a traceback
(issue 19). Bounded and derandomized: the same examples every run, a few seconds."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bingo.cli import main as bingo_main
from eventkit.errors import UserError

ROOT = Path(__file__).resolve().parent.parent
LINES = (ROOT / "config.toml").read_text(encoding="utf-8").splitlines()
ASSIGNMENTS = [
    i for i, line in enumerate(LINES) if "=" in line and not line.lstrip().startswith("#")
]

VALUES = [
    "0", "-1", "1", "99999999999999999999", "-9223372036854775809", "1e400", "-inf", "nan",
    "0.5", "true", "false", '""', '"x"', '"ja"', '"en"', '"#fff"', '"#12345g"', '"²"', '"٣"',
    '" 7 "', '"--5"', '"a\\nb"', '"\\u0000"', "[]", "[1, 2]", '["a", "b", "c", "d"]',
    "[[1], [2]]", "{}", '{ a = 1 }', "1979-05-27", "'''multi\nline'''", '"../../.."',
    '"/dev/null"', '"img/missing"', '"' + "x" * 300 + '"',
]  # fmt: skip
JUNK = ["[board", "[[event]]", "= 1", "key", "[event]", "[board]", "\x00", "\ufeff", "[unknown]"]


@st.composite
def mutated_configs(draw) -> str:
    lines = list(LINES)
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["value", "value", "value", "drop", "dup", "junk", "key"]))
        i = draw(st.sampled_from(ASSIGNMENTS))
        key, _, _ = lines[i].partition("=")
        if kind == "value":
            lines[i] = f"{key.strip()} = {draw(st.sampled_from(VALUES))}"
        elif kind == "drop":
            lines[i] = ""
        elif kind == "dup":
            lines.insert(i, lines[i])
        elif kind == "junk":
            lines.insert(i, draw(st.sampled_from(JUNK)))
        else:
            lines[i] = f"{draw(st.text(min_size=1, max_size=6))} = {lines[i].partition('=')[2]}"
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("section", "key"),
    [
        ("board", "image_dir"),
        ("display", "journal_dir"),
        ("cards", "font"),
        ("cool24", "image_dir"),
    ],
)
def test_a_path_with_a_nul_character_is_a_config_error(tmp_path, capsys, section, key):
    """Found by the fuzzer: `journal_dir = "\\u0000"` gave Python's "embedded null byte"."""
    path = tmp_path / "config.toml"
    path.write_text(f'[{section}]\n{key} = "img\\u0000"\n', encoding="utf-8")
    assert bingo_main(["check-config", "--config", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{section}.{key}" in err and "NUL 文字" in err and "Traceback" not in err
    path.write_text('[event]\nlanguage = "en"\n' + path.read_text(encoding="utf-8"), "utf-8")
    assert bingo_main(["check-config", "--config", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{section}.{key}" in err and "NUL character" in err and "Traceback" not in err


def _loaders(path: str):
    from games.cool24.app import load_settings as cool24
    from games.daifugo.app import resolve as daifugo
    from games.schwimmen.app import build_parser, load_settings

    yield lambda: daifugo(["--config", path])
    yield lambda: load_settings(build_parser().parse_args(["--config", path]))
    yield lambda: cool24(path)


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    path = tmp_path_factory.mktemp("fuzz-config")
    (path / "img").symlink_to(ROOT / "img")
    return path


@settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(text=mutated_configs())
def test_mutated_config_gives_clean_errors_only(folder, capsys, text):
    path = folder / "config.toml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    code = bingo_main(["check-config", "--config", str(path)])
    err = capsys.readouterr().err
    assert code in (0, 1) and "Traceback" not in err
    if code == 1:
        assert err.strip() and len(err.strip().splitlines()) >= 1
    for load in _loaders(str(path)):
        try:
            load()
        except UserError as exc:
            assert str(exc) and "\n" not in str(exc)
