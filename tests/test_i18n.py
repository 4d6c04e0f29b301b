"""eventkit.i18n: one text mechanism for every window (games and bingo); the engines' reason
codes all translated."""

from __future__ import annotations

import pytest

from bingo.ui.texts import TABLES as BINGO_TEXTS
from bingo.web.texts import TABLES as BINGO_WEB_TEXTS
from eventkit.i18n import Texts, translate
from games.cool24.texts import TEXTS as COOL_TEXTS
from games.daifugo.plays import IllegalDaifugoMove
from games.daifugo.texts import ILLEGAL_JA
from games.daifugo.texts import TEXTS as DAIFUGO_TEXTS
from games.schwimmen.rules import IllegalSchwimmenMove
from games.schwimmen.texts import TEXTS as SCHWIMMEN_TEXTS
from games.schwimmen.texts import Texts as SchwimmenTexts

TABLES = {
    "ja": {"hello": "こんにちは {name}", "lines": ["a", "b"]},
    "en": {"hello": "Hello {name}"},
}


def test_texts_format_fall_back_to_japanese_and_give_raw_entries():
    assert Texts(TABLES, "en")("hello", name="X") == "Hello X"
    assert Texts(TABLES, "fr").language == "ja"
    assert Texts(TABLES)("hello", name="X") == "こんにちは X"
    assert Texts(TABLES)["lines"] == ["a", "b"] and "lines" in Texts(TABLES)


def test_a_key_not_yet_translated_reads_in_japanese():
    en = Texts(TABLES, "en")
    assert en["lines"] == ["a", "b"] and "lines" in en and "missing" not in en
    with pytest.raises(KeyError):
        en("missing")


class _Warning:
    def __init__(self, code, **params):
        self.code, self.params = code, params

    def __str__(self):
        return f"english {self.code}"


def test_coded_says_a_code_and_its_params_in_the_language_or_falls_back_to_str():
    tables = {
        "ja": {"warn_torn": "{n}球は復元済み", "bad": "ボード"},
        "en": {"warn_torn": "{n} kept"},
    }
    assert Texts(tables, "en").coded(_Warning("torn", n=3), "warn_") == "3 kept"
    assert Texts(tables).coded(_Warning("torn", n=3), "warn_") == "3球は復元済み"
    assert Texts(tables).coded(_Warning("torn"), "warn_") == "english torn"  # params missing
    assert Texts(tables).coded(_Warning("other"), "warn_") == "english other"  # no text
    assert Texts(tables).coded(ValueError("plain")) == "plain"  # no code at all
    assert Texts(tables, "en").coded(_Warning("bad")) == "ボード"  # untranslated: Japanese


def test_translate_uses_the_code_and_its_parameters():
    error = IllegalDaifugoMove("number_lock", rank="5")
    assert str(error) == "階段しばり: the next play must be 5"
    assert translate(error, ILLEGAL_JA) == "階段しばり中：次は 5 しか出せません"
    assert translate(error, {}) == str(error)  # an unknown code falls back to English


def test_every_daifugo_refusal_code_has_japanese_text():
    assert set(IllegalDaifugoMove.messages) <= set(ILLEGAL_JA)


@pytest.mark.parametrize("code", sorted(IllegalSchwimmenMove.messages))
def test_every_schwimmen_refusal_reads_in_both_languages(code):
    params = {"player": 2, "card": "7H", "action": "X"}
    error = IllegalSchwimmenMove(code, **params)
    for language in ("ja", "en"):
        text = SchwimmenTexts(language).illegal(error)
        assert text and "{" not in text


@pytest.mark.parametrize(
    "tables", [SCHWIMMEN_TEXTS, DAIFUGO_TEXTS, COOL_TEXTS, BINGO_TEXTS, BINGO_WEB_TEXTS]
)
def test_every_window_has_the_same_keys_in_both_languages(tables):
    assert set(tables["ja"]) == set(tables["en"])
