"""Every reason code an engine can raise has a screen text in Japanese and in English.

The codes are read from the engines' source (every ``why("code", ...)`` / ``_why(...)`` /
``Illegal...Move("code", ...)`` call, and the codes Daifugō's ``refusal_code`` returns), not
from the messages tables, so a new code raised without a text fails here."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from eventkit.i18n import translate
from games.cool24 import texts as cool_texts
from games.cool24.rules import IllegalCoolMove
from games.daifugo.plays import IllegalDaifugoMove
from games.daifugo.texts import ILLEGAL_EN, ILLEGAL_JA, explain
from games.schwimmen import texts as schwimmen_texts
from games.schwimmen.rules import IllegalSchwimmenMove

ROOT = Path(__file__).resolve().parent.parent


def raised_codes(game: str, makers: set[str]) -> dict[str, set[str]]:
    """Reason code -> the parameters it is raised with, from the game's engine modules (the
    package without its Qt layer and texts). A code passed as a variable (Daifugō's
    `_why(code, ...)`) comes from `refusal_code`'s return values and gets every parameter
    such calls pass."""
    codes: dict[str, set[str]] = {}
    variable_params: set[str] = set()
    returned: set[str] = set()
    for path in sorted((ROOT / "games" / game).rglob("*.py")):
        if "qt" in path.relative_to(ROOT).parts or path.name == "texts.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name == "refusal_code":
                returned |= {  # also both arms of `return "a" if ... else "b"`
                    const.value
                    for ret in ast.walk(node)
                    if isinstance(ret, ast.Return) and ret.value is not None
                    for const in ast.walk(ret.value)
                    if isinstance(const, ast.Constant) and isinstance(const.value, str)
                }
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in makers
                and node.args
            ):
                continue
            params = {k.arg for k in node.keywords if k.arg}
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                codes.setdefault(first.value, set()).update(params)
            else:
                variable_params |= params
    for code in returned:
        codes.setdefault(code, set()).update(variable_params)
    return codes


def sample(params: set[str]) -> dict[str, object]:
    return {name: 2 if name in ("player", "slot", "slots", "count") else "X" for name in params}


SCHWIMMEN = raised_codes("schwimmen", {"why", "IllegalSchwimmenMove"})
COOL = raised_codes("cool24", {"why", "IllegalCoolMove"})
DAIFUGO = raised_codes("daifugo", {"_why", "IllegalDaifugoMove"})


def test_the_source_scan_finds_the_known_codes():
    # guards the scanner itself: a few codes each engine is known to raise
    assert {"pass_twice", "dealer_first", "not_in_hand", "game_over"} <= set(SCHWIMMEN)
    assert {"no_link", "empty_slot", "game_over"} <= set(COOL)
    assert {"number_lock", "only_spade_three", "give_strongest", "joker_set_face"} <= set(DAIFUGO)
    assert SCHWIMMEN["not_in_hand"] == {"card", "player"}
    assert "rank" in DAIFUGO["number_lock"]


@pytest.mark.parametrize(
    ("error_type", "codes"),
    [(IllegalSchwimmenMove, SCHWIMMEN), (IllegalCoolMove, COOL), (IllegalDaifugoMove, DAIFUGO)],
)
def test_every_raised_code_has_an_engine_message(error_type, codes):
    """The engine's own English (logs, command line) exists for every code it raises."""
    assert set(codes) - set(error_type.messages) == set()


@pytest.mark.parametrize("language", ["ja", "en"])
@pytest.mark.parametrize("code", sorted(SCHWIMMEN))
def test_every_schwimmen_code_has_its_own_text(code, language):
    assert code in schwimmen_texts.ILLEGAL_KEYS
    key = schwimmen_texts.ILLEGAL_KEYS[code]
    assert key in schwimmen_texts.TEXTS["ja"] and key in schwimmen_texts.TEXTS["en"]
    error = IllegalSchwimmenMove(code, **sample(SCHWIMMEN[code]))
    text = schwimmen_texts.Texts(language).illegal(error)
    assert text and "{" not in text and text != str(error)
    assert (language == "ja") == any(ord(ch) > 0x3000 for ch in text)


@pytest.mark.parametrize("language", ["ja", "en"])
@pytest.mark.parametrize("code", sorted(COOL))
def test_every_cool_code_has_its_own_text(code, language):
    assert code in cool_texts.ILLEGAL_KEYS
    key = cool_texts.ILLEGAL_KEYS[code]
    assert key in cool_texts.TEXTS["ja"] and key in cool_texts.TEXTS["en"]
    error = IllegalCoolMove(code, **sample(COOL[code]))
    text = cool_texts.illegal(cool_texts.Texts(cool_texts.TEXTS, language), error)
    assert text and "{" not in text and text != str(error)
    assert (language == "ja") == any(ord(ch) > 0x3000 for ch in text)


@pytest.mark.parametrize("language", ["ja", "en"])
@pytest.mark.parametrize("code", sorted(DAIFUGO))
def test_every_daifugo_code_has_its_own_text(code, language):
    table = ILLEGAL_JA if language == "ja" else ILLEGAL_EN
    assert code in table
    error = IllegalDaifugoMove(code, **sample(DAIFUGO[code]))
    text = explain(error, language)
    assert text == translate(error, table) and "{" not in text and text != str(error)
    assert (language == "ja") == any(ord(ch) > 0x3000 for ch in text)


def test_schwimmen_names_the_dealer():
    error = IllegalSchwimmenMove("dealer_first", player=1)
    assert schwimmen_texts.Texts("ja").illegal(error).startswith("あなたが親です")
    assert "(CPU 2)" in schwimmen_texts.Texts("en").illegal(
        IllegalSchwimmenMove("dealer_first", player=3)
    )
