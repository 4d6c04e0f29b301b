"""The words of a call (bingo/calls.py): every column-name form the config allows, every number."""

from __future__ import annotations

import re

import pytest

from bingo.calls import Call, call_for, call_of, column_speech, en_number, ja_number
from bingo.config import parse_config

# An independent reading of the caller's Japanese numbers, longest match first.
_JA_PARTS = {
    "いち": 1, "に": 2, "さん": 3, "よん": 4, "ご": 5, "ろく": 6, "なな": 7, "はち": 8,
    "きゅう": 9,
}  # fmt: skip
_JA_UNITS = {"じゅう": 10, "ひゃく": 100, "びゃく": 100, "ぴゃく": 100, "せん": 1000, "ぜん": 1000}
_JA_SOUND_CHANGES = {"ろっ": 6, "はっ": 8}


def parse_ja(text: str) -> int:
    total, digit, i = 0, None, 0
    tokens = sorted({**_JA_PARTS, **_JA_UNITS, **_JA_SOUND_CHANGES}, key=len, reverse=True)
    while i < len(text):
        token = next((t for t in tokens if text.startswith(t, i)), None)
        assert token is not None, f"unreadable at {text[i:]!r} in {text!r}"
        i += len(token)
        if token in _JA_UNITS:
            total += (digit or 1) * _JA_UNITS[token]
            digit = None
        else:
            assert digit is None, f"two digits in a row in {text!r}"
            digit = _JA_PARTS.get(token) or _JA_SOUND_CHANGES[token]
    return total + (digit or 0)


_EN = {w: n for n, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen".split()
)}  # fmt: skip
_EN.update({w: 10 * (i + 2) for i, w in enumerate(
    "twenty thirty forty fifty sixty seventy eighty ninety".split()
)})  # fmt: skip


def parse_en(text: str) -> int:
    total = part = 0
    for word in re.split(r"[ -]", text):
        if word == "hundred":
            part *= 100
        elif word == "thousand":
            total, part = total + part * 1000, 0
        else:
            part += _EN[word]
    return total + part


@pytest.mark.parametrize("n", range(1, 151))
def test_every_number_1_to_150_reads_back_in_japanese_and_english(n):
    reading = ja_number(n)
    assert re.fullmatch(r"[\u3041-\u309f]+", reading), reading  # hiragana only
    assert parse_ja(reading) == n
    assert parse_en(en_number(n)) == n


def test_the_callers_readings_that_cannot_be_misheard():
    assert [ja_number(n) for n in (4, 7, 9, 14, 17, 19, 40, 70, 90)] == [
        "よん", "なな", "きゅう", "じゅうよん", "じゅうなな", "じゅうきゅう",
        "よんじゅう", "ななじゅう", "きゅうじゅう",
    ]  # fmt: skip
    assert ja_number(150) == "ひゃくごじゅう"
    assert [ja_number(n) for n in (300, 600, 800, 3000, 8000)] == [
        "さんびゃく", "ろっぴゃく", "はっぴゃく", "さんぜん", "はっせん",
    ]  # fmt: skip
    assert "し" not in "".join(ja_number(n) for n in range(1, 151))  # no し, しち
    assert all(parse_ja(ja_number(n)) == n for n in range(151, 10000, 7))
    assert all(parse_en(en_number(n)) == n for n in range(151, 10000, 7))


def test_p_no_7_is_read_as_a_japanese_caller_reads_it_and_in_english():
    names = ("P", "L", "B", "4")
    assert call_for(7, names, 10, "ja") == Call("Pの7", "ピーの、なな")
    assert call_for(14, names, 10, "ja") == Call("Lの14", "エルの、じゅうよん")
    assert call_for(37, names, 10, "ja") == Call("4の37", "よんの、さんじゅうなな")
    assert call_for(7, names, 10, "en") == Call("P 7", "P, seven")
    assert call_for(40, names, 10, "en") == Call("4 40", "four, forty")


@pytest.mark.parametrize(
    ("name", "ja", "en"),
    [
        ("P", "ピー", "P"),  # one capital letter
        ("b", "ビー", "B"),  # one small letter
        ("Ｐ", "ピー", "P"),  # a full-width letter, as a Japanese keyboard may type it
        ("PL", "ピーエル", "P L"),  # a short abbreviation: spelled
        ("4", "よん", "four"),  # digits alone: a number
        ("10", "じゅう", "ten"),
        ("07", "ゼロなな", "zero seven"),
        ("O2", "オーツー", "O two"),  # letters and digits: said in English, as in Japan
        ("Red", "Red", "Red"),  # a word: left for the voice to read
        ("あか", "あか", "あか"),  # hiragana
        ("アカ", "アカ", "アカ"),  # katakana
        ("赤", "赤", "赤"),  # kanji (Windows and macOS voices read it)
        ("P!", "ピー", "P"),  # symbols are not read
        ("★", "", ""),
        ("🍎", "", ""),
    ],
)
def test_every_column_name_form(name, ja, en):
    assert column_speech(name, "ja") == ja
    assert column_speech(name, "en") == en


def test_every_letter_has_its_japanese_name():
    names = [column_speech(chr(c), "ja") for c in range(ord("A"), ord("Z") + 1)]
    assert all(re.fullmatch(r"[\u30a0-\u30ff]+", n) for n in names), names
    assert len(set(names)) == 26  # B and P, M and N ... never sound the same on paper
    assert column_speech("B", "ja") != column_speech("P", "ja")


def test_a_name_with_nothing_to_read_gives_the_number_alone():
    assert call_for(3, ("★", "♥", "♦", "♣"), 10, "ja") == Call("★の3", "さん")
    assert call_for(3, ("★", "♥", "♦", "♣"), 10, "en") == Call("★ 3", "three")


def test_every_board_the_config_allows_has_a_call_for_each_number():
    """Sizes 3..10 and up to 999 numbers per column, the default names."""
    for size, per_column in ((3, 3), (4, 10), (5, 15), (10, 15), (10, 999)):
        config = parse_config(
            {"board": {"size": size, "numbers_per_column": per_column, "threshold": 3}},
            check_images=False,
        )
        total = config.board.total_numbers
        for n in list(range(1, min(total, 150) + 1)) + [total]:
            call = call_of(config, n)
            column = config.columns.names[(n - 1) // per_column]
            assert call.label == f"{column}の{n}"
            assert call.speech.endswith("、" + ja_number(n))
    with pytest.raises(ValueError):
        call_for(41, ("P", "L", "B", "4"), 10, "ja")
    with pytest.raises(ValueError):
        call_for(0, ("P", "L", "B", "4"), 10, "ja")


def test_english_events_are_called_in_english():
    config = parse_config({"event": {"language": "en"}}, check_images=False)
    assert call_of(config, 7) == Call("P 7", "P, seven")
