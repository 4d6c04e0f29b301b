"""Names as people read them and names that come back to their owner (issue 31.2, 31.3): one
name per reading (NFKC, case), look-alikes and CPU names refused with one line naming the
reason in both languages, a name moved to another phone with its code (seat and chips with
it, the old phone let go), wrong codes locked, the host giving a name back, all across a
restart."""

from __future__ import annotations

import pytest
from test_games_web_hub import make_hub, refused

from games.web.names import alphabets, clean_name, name_key
from games.web.phones import Phone
from games.web.seats import CODE_ALPHABET, CODE_LENGTH, MAX_MISSES, read_code
from games.web.texts import TABLES


@pytest.mark.parametrize("language", ["ja", "en"])
@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("Аlice", "name_mixed"),  # Cyrillic А
        ("Ωmega", "name_mixed"),  # Greek and Latin
        ("Асе", "name_lookalike"),  # all Cyrillic, every letter Latin-looking
        ("ｃｐｕ1", "name_cpu"),
        ("ＣＰＵ　２", "name_cpu"),
        ("Cpu", "name_cpu"),
        ("a\u200bb", "name_control"),  # a zero-width space
        ("x" * 17, "name_length"),
    ],
)
def test_a_refused_name_gets_one_line_naming_its_reason(name, why, language):
    with pytest.raises(Exception) as info:
        clean_name(name, language)
    error = info.value
    assert error.code == why
    assert error.text and "\n" not in error.text and "{" not in error.text
    assert error.text == TABLES[language][why].format(**error.params)
    if why == "name_mixed":
        assert (
            ("キリル" in error.text or "ギリシャ" in error.text)
            if language == "ja"
            else ("Cyrillic" in error.text or "Greek" in error.text)
        )


@pytest.mark.parametrize(
    "name", ["Alice", "山田たろう", "さくらAoi", "Алиса", "<img src=/x.png>", "客1", "Ben 2"]
)
def test_ordinary_names_pass(name):
    assert clean_name(name, "ja") == name


def test_names_that_read_the_same_are_one_name(tmp_path):
    hub = make_hub(tmp_path)
    Phone(hub, "Alice")
    for same in ("alice", "ALICE", "Ａlice", "ａｌｉｃｅ", " Alice ", "Ali\u0063e"):
        error = refused("name_taken", hub.join, same)
        assert "Alice" in error.text
    refused("name_mixed", hub.join, "Аlice")
    assert name_key("Ａ  LICE") == name_key("a lice")
    assert alphabets("山田たろうAoi") == ["LATIN"] and alphabets("Аlice") == ["CYRILLIC", "LATIN"]
    hub.shutdown()


def test_a_name_moves_to_another_phone_with_its_code_and_seat(tmp_path):
    hub = make_hub(tmp_path)
    first = Phone(hub, "Aoi")
    code = first.last("hello")["code"]
    assert len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)
    hub.sit(first.token, "d")
    refused("name_taken", hub.join, "aoi")  # nobody takes a name by typing it
    refused("bad_code", hub.move, "Aoi", "AAAAAA" if code != "AAAAAA" else "BBBBBB")
    refused("unknown_name", hub.move, "Nobody", code)
    typed = " ".join([code[:3].lower(), code[3:]])  # as a person types it back
    assert read_code(typed) == code
    moved = hub.move("ａｏｉ", typed)
    assert moved.name == "Aoi" and moved.token != first.token and moved.code == code
    assert first.last("bye") is not None and first.conn not in hub.sockets
    refused("unknown_token", hub.rejoin, first.token)
    second = Phone(hub, "Aoi", token=moved.token)
    assert second.last("room")["seat"] == 0 and second.last("hello")["code"] == code
    assert second.last("hello")["chips"] == hub.balance("Aoi")
    hub.shutdown()
    again = make_hub(tmp_path)  # the move is journalled: the new token, the same code
    assert again.rejoin(moved.token).code == code
    refused("unknown_token", again.rejoin, first.token)
    again.shutdown()


def test_wrong_codes_lock_the_name_until_the_host_gives_it_back(tmp_path, monkeypatch):
    from games.web import seats

    monkeypatch.setattr(seats, "MAX_NAME_MISSES", 3 * MAX_MISSES)  # a thousand at an event
    hub = make_hub(tmp_path)
    owner = Phone(hub, "Ben")
    code = owner.last("hello")["code"]
    wrong = "".join("A" if c != "A" else "B" for c in code)
    stranger = "192.168.1.66"
    for _ in range(MAX_MISSES - 1):
        refused("bad_code", hub.move, "Ben", wrong, stranger)
    refused("code_tries", hub.move, "Ben", wrong, stranger)
    refused("code_tries", hub.move, "Ben", code, stranger)  # that address: even the right code
    # the stranger alone cannot lock the name: its owner brings it from another address
    here = hub.move("Ben", code, "192.168.1.20")
    assert here.code == code and owner.last("bye") is not None
    # many addresses together do lock it (a distributed guess), until the host gives it back
    for n in range(3 * MAX_MISSES):
        refused("bad_code" if (n + 1) % MAX_MISSES else "code_tries", hub.move, "Ben", wrong,
                f"10.0.{n // MAX_MISSES}.1")  # fmt: skip
    refused("code_tries", hub.move, "Ben", code, "192.168.1.21")
    fresh = hub.release("ben")  # the laptop window's button
    assert fresh != code
    refused("unknown_token", hub.rejoin, here.token)
    refused("bad_code", hub.move, "Ben", code, stranger)  # the old code is void; counts anew
    back = hub.move("Ben", fresh, "192.168.1.20")
    assert back.code == fresh
    hub.shutdown()
    again = make_hub(tmp_path)
    assert again.move("Ben", fresh).name == "Ben"
    again.shutdown()
