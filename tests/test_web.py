"""The phones' web side: card codes, following the journal, rate limits, the server's answers."""

from __future__ import annotations

import asyncio
import json
import os
import stat
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bingo import cardcode
from bingo.config import Config, load_config
from bingo.session import DrawSession
from bingo.showlink import (
    LineFollower,
    ShownWriter,
    append_line,
    claims_path,
    game_id,
    shown_path,
    verdicts_path,
    visible_draws,
)
from bingo.web.follow import ShowFollower
from bingo.web.server import WebServer
from bingo.web.settings import WebSettings, parse_settings
from cards.check import check_card
from cards.model import BingoCard
from eventkit.tomlconf import ConfigError, collecting_problems, speaking
from eventkit.web.limits import RateLimiter

KEY = bytes(range(32))


# ------------------------------------------------------------------ card codes


def test_code_opens_its_card_only():
    code = cardcode.card_code(KEY, 123)
    assert code.startswith("0123-") and len(code) == 4 + 1 + cardcode.CHECK_CHARS
    assert cardcode.serial_of(KEY, code) == 123
    assert cardcode.serial_of(KEY, code.lower()) == 123  # typed in lower case
    assert cardcode.serial_of(KEY, " " + code.replace("-", " ") + " ") == 123
    other = cardcode.card_code(KEY, 124)
    assert cardcode.serial_of(KEY, "0123-" + other[-5:]) is None  # another card's check chars
    assert cardcode.serial_of(bytes(32), code) is None  # another event's key
    assert cardcode.serial_of(None, code) is None
    for bad in (
        "",
        "0123-",
        "0123-ABCD",
        "abc",
        "0123-ABCDEF",
        "-1-ABCDE",
        "１２３-ABCDE",
        "0123-ABC1E",
    ):
        assert cardcode.serial_of(KEY, bad) is None, bad


def test_the_code_is_read_as_printed_or_typed_loosely():
    code = cardcode.card_code(KEY, 7)
    check = code[-5:]
    assert check.isalpha() and not set(check) & set("ILOU")  # letters that are not digits
    assert cardcode.serial_of(KEY, "7-" + check.lower()) == 7
    assert cardcode.serial_of(KEY, "0007" + check) == 7  # without the dash
    assert cardcode.serial_of(KEY, f"No.0007-{check}") == 7  # as printed on the card
    assert cardcode.serial_of(KEY, f"０００７-{check}") is None  # full-width digits: not ASCII


def test_check_characters_are_spread_and_depend_on_the_key():
    checks = {cardcode.check_chars(KEY, s) for s in range(2000)}
    assert len(checks) >= 1999  # 22**5 possible: more than a collision in 2000 is suspicious
    other = {cardcode.check_chars(b"x" * 32, s) for s in range(50)}
    assert other.isdisjoint({cardcode.check_chars(KEY, s) for s in range(50)})
    # every character of the alphabet turns up in every position
    for position in range(cardcode.CHECK_CHARS):
        assert {c[position] for c in checks} == set(cardcode.ALPHABET)


def test_serial_only_is_off_unless_allowed():
    assert cardcode.serial_of(KEY, "123") is None
    assert cardcode.serial_of(KEY, "0123", allow_serial_only=True) == 123


def test_key_is_made_once_private_and_kept(tmp_path):
    assert cardcode.load_key("夏祭り 2026", tmp_path) is None
    key = cardcode.load_key("夏祭り 2026", tmp_path, create=True)
    path = cardcode.key_path("夏祭り 2026", tmp_path)
    assert path.is_file() and stat.S_IMODE(path.stat().st_mode) == 0o600
    assert cardcode.load_key("夏祭り 2026", tmp_path, create=True) == key
    assert cardcode.load_key("another event", tmp_path, create=True) != key
    path.write_text("not hex\n")
    with pytest.raises(cardcode.CardKeyError, match="が壊れています"):
        cardcode.load_key("夏祭り 2026", tmp_path)


# ------------------------------------------------------------------ [web] settings


def test_web_settings_defaults_and_errors():
    assert parse_settings({}) == WebSettings()
    s = parse_settings({"enabled": True, "port": 9000, "bind": "127.0.0.1"})
    assert (s.enabled, s.port, s.bind, s.allow_serial_only) == (True, 9000, "127.0.0.1", False)
    with speaking("en"), collecting_problems() as problems:
        parse_settings({"port": 80, "bind": "my laptop", "allow_serial_only": "yes", "x": 1})
    text = "\n".join(problems)
    assert "web.port = 80" in text and "1024..65535" in text
    assert 'web.bind = "my laptop" is not an IP address' in text
    assert "allow_serial_only" in text and "'x'" in text
    with pytest.raises(ConfigError, match="web.port"):
        parse_settings({"port": "8080"})


def test_check_config_checks_the_web_section(tmp_path, repo_root):
    from bingo.checkconfig import check_file

    text = (repo_root / "config.toml").read_text(encoding="utf-8")
    text = text.replace('image_dir = "img"', f'image_dir = "{(repo_root / "img").as_posix()}"', 1)
    good = tmp_path / "config.toml"
    good.write_text(text, encoding="utf-8")
    assert check_file(good).problems == []
    bad = tmp_path / "bad.toml"
    english = text.replace('language = "ja"', 'language = "en"')
    bad.write_text(english.replace("port = 8080", "port = 70000"), encoding="utf-8")
    assert any("web.port = 70000" in p for p in check_file(bad).problems)
    assert any("or 0 for any free port" in p for p in check_file(bad).problems)
    anywhere = tmp_path / "any.toml"  # 0: any free port (the server says which it got)
    anywhere.write_text(text.replace("port = 8080", "port = 0"), encoding="utf-8")
    assert check_file(anywhere).problems == []


# ------------------------------------------------------------------ following the show


def test_visible_draws_never_spoil_the_spinning_number():
    g = "game-1"
    assert visible_draws([], None, g) == []
    assert visible_draws([5, 9], None, g) == [5]  # no word from the show yet
    assert visible_draws([5, 9], {"game": g, "count": 1, "last": 5}, g) == [5]  # 9 spins
    assert visible_draws([5, 9], {"game": g, "count": 2, "last": 9}, g) == [5, 9]  # landed
    # undo of 9 and a new draw 12 before the show wrote again: 12 is not shown
    assert visible_draws([5, 12], {"game": g, "count": 2, "last": 9}, g) == [5]
    # a line of the previous game with the same count and number
    assert visible_draws([9], {"game": "old", "count": 1, "last": 9}, g) == []


def test_line_follower_reads_whole_lines_and_restarts_on_a_new_file(tmp_path):
    path = tmp_path / "x.claims"
    follower = LineFollower(path)
    assert follower.read_new() == []
    append_line(path, {"a": 1})
    with path.open("ab") as f:
        f.write(b'{"b": 2')  # half a line: not read yet
    assert follower.read_new() == [{"a": 1}]
    with path.open("ab") as f:
        f.write(b"}\nnot json\n[1]\n")
    assert follower.read_new() == [{"b": 2}]
    path.unlink()
    append_line(path, {"c": 3})
    assert follower.read_new() == [{"c": 3}] and follower.reset


@pytest.fixture
def config(repo_root) -> Config:
    return load_config(repo_root / "config.toml")


def test_follower_shows_a_draw_only_after_the_show_says_it_landed(config, tmp_path):
    journal = tmp_path / "show.jsonl"
    session = DrawSession.open(config, journal, seed=3)
    writer = ShownWriter(journal)
    writer.write([])
    follower = ShowFollower(journal)
    follower.poll()
    assert follower.snapshot.drawn == () and not follower.snapshot.paused
    first = session.draw()  # journaled: the reel now spins
    assert follower.poll() is False or follower.snapshot.drawn == ()
    assert follower.snapshot.drawn == ()
    writer.write(session.history)  # the reel landed
    assert follower.poll() is True
    assert follower.snapshot.drawn == (first,)
    second = session.draw()
    follower.poll()
    assert follower.snapshot.drawn == (first,)
    writer.write(session.history)
    follower.poll()
    assert follower.snapshot.drawn == (first, second)
    session.undo()
    writer.write(session.history)
    follower.poll()
    assert follower.snapshot.drawn == (first,)
    # a new game replaces the journal: the follower starts over from the new file
    session.new_game()
    writer.write([], new_game=True)
    follower.poll()
    assert follower.snapshot.drawn == () and follower.snapshot.game == game_id(journal)
    session.close()


def test_a_restarted_follower_catches_up_and_an_old_file_means_paused(config, tmp_path):
    journal = tmp_path / "show.jsonl"
    session = DrawSession.open(config, journal, seed=4)
    numbers = [session.draw() for _ in range(5)]
    ShownWriter(journal).write(numbers)
    follower = ShowFollower(journal)
    follower.poll()
    assert follower.snapshot.drawn == tuple(numbers)
    old = os.stat(shown_path(journal)).st_mtime - 60
    os.utime(shown_path(journal), (old, old))
    later = ShowFollower(journal)
    later.poll()
    assert later.snapshot.paused and later.snapshot.drawn == tuple(numbers)
    session.close()


# ------------------------------------------------------------------ rate limits


def test_rate_limiter_refills_over_time():
    now = [0.0]
    limiter = RateLimiter(2, 6, clock=lambda: now[0])  # 2 at once, one more every 10 s
    assert limiter.allow("a") and limiter.allow("a")
    assert not limiter.allow("a")
    assert limiter.allow("b")  # keys are separate
    assert limiter.retry_after("a") == pytest.approx(10.0)
    now[0] = 9.9
    assert not limiter.allow("a")
    now[0] = 20.0
    assert limiter.allow("a")


def test_rate_limiter_forgets_the_oldest_keys():
    limiter = RateLimiter(1, 1, clock=lambda: 0.0, max_keys=3)
    for key in "abcd":
        limiter.allow(key)
    assert limiter.retry_after("a") == 0.0  # forgotten: a flood of addresses stays bounded
    assert limiter.retry_after("d") > 0


# ------------------------------------------------------------------ the server


def _registry() -> dict[int, BingoCard]:
    rows = ((1, 11, 21, 31), (2, 12, 22, 32), (3, 13, 23, 33), (4, 14, 24, 34))
    return {7: BingoCard(7, rows), 8: BingoCard(8, rows[::-1])}


class Show:
    """A draw session and the show's side file, as the real show keeps them."""

    def __init__(self, config: Config, journal: Path) -> None:
        self.session = DrawSession.open(config, journal, seed=1)
        self.writer = ShownWriter(journal)
        self.writer.write([])

    def land(self, number: int) -> None:
        # a chosen number, journaled through the session's own journal (as a draw would)
        self.session._journal.append_draw(number)
        self.writer.write(self.session.history)


def run(coro):
    return asyncio.run(coro)


async def until(ws, predicate, timeout: float = 20.0) -> dict:
    """The first message that satisfies `predicate` (the feed may send others before it)."""
    async with asyncio.timeout(timeout):
        while True:
            message = json.loads((await ws.receive()).data)
            if predicate(message):
                return message


async def _client(server: WebServer) -> TestClient:
    client = TestClient(TestServer(server.app))
    await client.start_server()
    return client


def _server(config, tmp_path, **settings) -> tuple[WebServer, Show]:
    journal = tmp_path / "show.jsonl"
    show = Show(config, journal)
    server = WebServer(
        config,
        journal,
        WebSettings(enabled=True, **settings),
        registry=_registry(),
        card_key=KEY,
        poll_seconds=0.01,
    )
    return server, show


def test_wrong_codes_all_get_the_same_404_and_then_429(config, tmp_path):
    server, show = _server(config, tmp_path)

    async def scenario():
        client = await _client(server)
        try:
            good = await client.get(f"/card/{cardcode.card_code(KEY, 7)}")
            assert good.status == 200 and "<html" in await good.text()
            answers = []
            for code in ("0007-AAAAA", "0099-AAAAA", "7", "../etc", "x" * 200):
                response = await client.get(f"/api/card/{code}")
                answers.append((response.status, await response.text()))
            assert {a for a in answers} == {(404, "not found")}
            for _ in range(10):
                response = await client.get("/card/0007-AAAAA")
            assert response.status == 429
            still = await client.get(f"/api/card/{cardcode.card_code(KEY, 7)}")
            assert still.status == 429  # the address waits, whatever it tries next
            board = await client.get("/api/board")
            assert board.status == 200  # the public board stays open
        finally:
            await client.close()

    run(scenario())
    show.session.close()


def test_serial_only_opens_a_card_only_when_allowed(config, tmp_path):
    server, show = _server(config, tmp_path, allow_serial_only=True)

    async def scenario():
        client = await _client(server)
        try:
            assert (await client.get("/api/card/7")).status == 200
            assert (await client.get("/api/card/8")).status == 200
        finally:
            await client.close()

    run(scenario())
    server2, _ = (
        WebServer(
            config, show.session.journal_path, WebSettings(), registry=_registry(), card_key=KEY
        ),
        None,
    )

    async def closed():
        client = await _client(server2)
        try:
            assert (await client.get("/api/card/7")).status == 404
        finally:
            await client.close()

    run(closed())
    show.session.close()


def test_card_feed_marks_only_landed_numbers_with_the_rule_from_bingo_check(config, tmp_path):
    server, show = _server(config, tmp_path)
    code = cardcode.card_code(KEY, 7)

    async def scenario():
        client = await _client(server)
        try:
            ws = await client.ws_connect(f"/ws/card/{code}")
            state = json.loads((await ws.receive()).data)
            assert state["card"]["serial"] == 7 and state["board"]["count"] == 0
            show.session._journal.append_draw(1)  # journaled, reel spinning: nothing comes
            show.writer.write(show.session.history[:-1])
            with pytest.raises(asyncio.TimeoutError):
                await ws.receive(timeout=0.3)
            show.writer.write(show.session.history)  # landed
            state = json.loads((await ws.receive(timeout=5)).data)
            assert state["board"]["drawn"] == [1]
            for n in (11, 21):
                show.land(n)
            state = await until(ws, lambda m: m["board"]["count"] == 3)
            card = state["card"]
            expected = check_card(_registry()[7], [1, 11, 21], config.board.threshold)
            assert card["verdict"] == expected.verdict == "reach"
            assert card["reach_numbers"] == list(expected.reach_numbers)
            assert [[c["marked"] for c in row] for row in card["rows"]] == [
                list(r) for r in expected.marked
            ]
            show.land(31)
            state = await until(ws, lambda m: m["board"]["count"] == 4)
            assert state["card"]["bingo"] and state["card"]["verdict"] == "bingo"
            assert sum(c["win"] for row in state["card"]["rows"] for c in row) == 4
            await ws.close()
        finally:
            await client.close()

    run(scenario())
    show.session.close()


def stop_the_clock(*limiters) -> None:
    """The limits' tokens never refill during the test, however slowly a loaded machine runs."""
    for limiter in limiters:
        limiter._clock = lambda: 0.0


def test_claims_are_limited_written_for_the_show_and_the_verdict_comes_back(config, tmp_path):
    server, show = _server(config, tmp_path)
    stop_the_clock(server.card_claims, server.address_claims)
    code = cardcode.card_code(KEY, 7)
    journal = show.session.journal_path

    async def scenario():
        client = await _client(server)
        try:
            for n in (1, 11, 21, 31):
                show.land(n)
            ws = await client.ws_connect(f"/ws/card/{code}")
            await until(ws, lambda m: m["board"]["count"] == 4)  # the server has seen them
            answer = await client.post(f"/api/card/{code}/claim")
            assert answer.status == 200
            claim_id = (await answer.json())["id"]
            again = await client.post(f"/api/card/{code}/claim")
            assert again.status == 429 and int(again.headers["Retry-After"]) > 0
            lines = [json.loads(x) for x in claims_path(journal).read_text().splitlines()]
            assert [(x["serial"], x["claim"]) for x in lines] == [(7, claim_id)]
            assert lines[0]["game"] == game_id(journal) and lines[0]["count"] == 4
            state = await until(ws, lambda m: m["card"]["claim"])  # "claim sent"
            assert state["card"]["claim"]["verdict"] is None
            append_line(
                verdicts_path(journal),
                {"game": game_id(journal), "claim": claim_id, "serial": 7, "verdict": "bingo"},
            )
            state = await until(ws, lambda m: m["card"]["claim"]["verdict"])
            assert state["card"]["claim"] == {
                "id": claim_id,
                "time": lines[0]["time"],
                "verdict": "bingo",
            }
            await ws.close()
        finally:
            await client.close()

    run(scenario())
    # a restarted server remembers the claim and its verdict
    again = WebServer(
        config, journal, WebSettings(), registry=_registry(), card_key=KEY
    ).card_message(7)
    assert again["claim"]["verdict"] == "bingo"
    show.session.close()


def test_claims_per_address_are_limited_across_cards(config, tmp_path):
    server, show = _server(config, tmp_path)
    registry = {n: BingoCard(n, _registry()[7].rows) for n in range(1, 10)}
    server.registry = registry
    stop_the_clock(server.card_claims, server.address_claims)

    async def scenario():
        client = await _client(server)
        try:
            codes = [cardcode.card_code(KEY, n) for n in range(1, 10)]
            statuses = [(await client.post(f"/api/card/{c}/claim")).status for c in codes]
            assert statuses[:3] == [200, 200, 200] and set(statuses[3:]) == {429}
        finally:
            await client.close()

    run(scenario())
    show.session.close()


def test_oversized_messages_close_the_socket_and_the_feed_goes_on(config, tmp_path):
    server, show = _server(config, tmp_path)

    async def scenario():
        client = await _client(server)
        try:
            rude = await client.ws_connect("/ws")
            polite = await client.ws_connect("/ws")
            await rude.receive(timeout=5)
            await polite.receive(timeout=5)
            await rude.send_str("x" * 100_000)
            message = await rude.receive(timeout=5)
            assert message.type.name in ("CLOSE", "CLOSED", "CLOSING", "ERROR")
            show.land(5)
            state = await until(polite, lambda m: m["count"] == 1)
            assert state["drawn"] == [5]
            await polite.close()
        finally:
            await client.close()

    run(scenario())
    show.session.close()


def test_pages_are_served_from_the_package_in_the_event_language(config, tmp_path):
    import dataclasses

    english = dataclasses.replace(config, event=dataclasses.replace(config.event, language="en"))
    server, show = _server(english, tmp_path)

    async def scenario():
        client = await _client(server)
        try:
            page = await client.get("/")
            text = await page.text()
            assert page.status == 200 and '<html lang="en">' in text
            assert "default-src 'self'" in page.headers["Content-Security-Policy"]
            script = await client.get("/static/app.js")
            assert script.status == 200 and "reconnect" in (await script.text()).lower()
            image = await client.get("/img/1")
            assert image.status == 200 and image.content_type.startswith("image/")
            assert (await client.get("/img/999")).status == 404
            assert (await client.get("/static/../settings.py")).status in (403, 404)
            assert (await client.post("/api/board")).status == 405  # nothing changes the draw
        finally:
            await client.close()

    run(scenario())
    show.session.close()


def test_the_pages_are_package_data(repo_root):
    import tomllib

    with (repo_root / "pyproject.toml").open("rb") as f:
        project = tomllib.load(f)
    globs = project["tool"]["setuptools"]["package-data"]["bingo.web"]
    package = repo_root / "bingo" / "web"
    assert {p for g in globs for p in package.glob(g)} == set((package / "static").iterdir())
    assert any(r.startswith("aiohttp") for r in project["project"]["dependencies"])
    sections = project["project"]["entry-points"]["eventkit.config_sections"]
    assert sections["web"] == "bingo.web.settings:check_section"


def test_printed_cards_carry_their_code(tmp_path, repo_root, capsys):
    import pypdf

    from bingo.cli import main

    text = (repo_root / "config.toml").read_text(encoding="utf-8")
    text = text.replace('image_dir = "img"', f'image_dir = "{(repo_root / "img").as_posix()}"', 1)
    config_path = tmp_path / "config.toml"
    config_path.write_text(text, encoding="utf-8")
    out = tmp_path / "cards.pdf"
    args = ["cards", "--config", str(config_path), "--count", "3", "--seed", "1", "--no-images"]
    assert main([*args, "--qr", "--out", str(out)]) == 0
    assert str(tmp_path / "cards.key") in capsys.readouterr().out  # where the key is
    key = cardcode.read_key_file(tmp_path / "cards.key")  # the set's key, beside its registry
    page = pypdf.PdfReader(out).pages[0].extract_text()
    for serial in (1, 2, 3):
        code = cardcode.card_code(key, serial)
        assert f"No.{code}" in page
        assert cardcode.serial_of(key, f"No.{code}") == serial
    # the set remade from its seed with its key prints the same codes (cards/cardset.py)
    again = tmp_path / "again.pdf"
    (tmp_path / "again.key").write_bytes((tmp_path / "cards.key").read_bytes())
    assert main([*args, "--out", str(again)]) == 0
    assert f"No.{cardcode.card_code(key, 1)}" in pypdf.PdfReader(again).pages[0].extract_text()


def test_a_phone_that_never_reads_is_dropped_and_never_holds_up_the_others(
    config, tmp_path, monkeypatch
):
    from bingo.web import server as server_module
    from bingo.web.server import Client

    monkeypatch.setattr(server_module, "SEND_TIMEOUT", 0.2)
    server, show = _server(config, tmp_path)

    class StuckSocket:
        """A socket whose peer never reads: every send waits forever."""

        closed = False
        close_code = None

        async def send_str(self, text):
            await asyncio.Event().wait()

        async def close(self, code, message):
            self.closed, self.close_code = True, code

    class Recorder(StuckSocket):
        def __init__(self):
            self.sent = asyncio.Queue()

        async def send_str(self, text):
            self.sent.put_nowait(json.loads(text))

    async def scenario():
        stuck, fine = Client(StuckSocket(), None), Client(Recorder(), None)
        server.clients |= {stuck, fine}
        writers = [asyncio.create_task(server._writer(c)) for c in (stuck, fine)]
        for count, n in enumerate((3, 13, 23), start=1):
            show.land(n)
            assert server.follower.poll()
            server._on_snapshot()  # a plain call: queuing never waits for any phone
            received = await asyncio.wait_for(fine.ws.sent.get(), 5)
            assert received["count"] == count
        await asyncio.wait_for(writers[0], 2)  # the stuck one's writer ends...
        assert stuck.ws.closed and stuck.ws.close_code == 1008  # ...by closing it
        writers[1].cancel()

    run(scenario())
    show.session.close()


def test_the_join_address_is_the_bound_one_or_a_lan_address(monkeypatch):
    from bingo.web import settings as web
    from eventkit.web import network  # where the laptop's addresses are looked up

    assert web.join_url(WebSettings(bind="192.0.2.7", port=9000)) == "http://192.0.2.7:9000/"
    monkeypatch.setattr(
        network.socket, "getaddrinfo", lambda *a, **k: [(0, 0, 0, "", ("127.0.1.1", 0))]
    )
    monkeypatch.setattr(network, "linux_addresses", lambda: ["fd00::2", "192.0.2.9"])
    monkeypatch.setattr(network.sys, "platform", "linux")
    assert web.join_url(WebSettings()) == "http://192.0.2.9:8080/"  # not Debian's 127.0.1.1
    monkeypatch.setattr(network, "linux_addresses", lambda: [])
    assert web.join_url(WebSettings()) == f"http://{network.socket.gethostname()}:8080/"


def test_a_journal_read_at_a_bad_moment_is_read_again(config, tmp_path, monkeypatch):
    from bingo.web import follow

    journal = tmp_path / "show.jsonl"
    session = DrawSession.open(config, journal, seed=2)
    number = session.draw()
    ShownWriter(journal).write(session.history)
    real = follow.read_journal
    calls = []

    def flaky(path, **kwargs):
        calls.append(path)
        if len(calls) == 1:  # the head file was ahead of the journal for a moment
            raise follow.UserError("journal shorter than its side file")
        return real(path, **kwargs)

    monkeypatch.setattr(follow, "read_journal", flaky)
    follower = ShowFollower(journal)
    follower.poll()
    assert follower.snapshot.problem and follower.snapshot.drawn == ()
    follower.poll()  # nothing changed on disk: it is read again all the same
    assert follower.snapshot.problem is None and follower.snapshot.drawn == (number,)
    session.close()


def test_bingo_web_has_no_re_exports_of_eventkit_web():
    """issue 26: the common web pieces live in eventkit.web and bingo/web imports them at its
    call sites: no module of bingo/web hands on a name it imported from eventkit.web (no
    shim modules, no `__all__` of eventkit's names, no `import x as x`)."""
    import ast

    folder = Path(__file__).resolve().parent.parent / "bingo" / "web"
    for path in sorted(folder.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        borrowed = {
            alias.asname or alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("eventkit.web")
            for alias in node.names
        }
        exported: set[str] = set()
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
            ):
                exported |= {e.value for e in ast.walk(node.value) if isinstance(e, ast.Constant)}
        assert not borrowed & exported, f"{path.name} re-exports {sorted(borrowed & exported)}"
        aliased = [
            a.name
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom)
            for a in node.names
            if a.asname == a.name
        ]
        assert not aliased, f"{path.name} re-exports {aliased}"
    for gone in ("files.py", "guard.py", "reach.py"):
        assert not (folder / gone).exists(), f"bingo/web/{gone} is a shim of eventkit.web"


def test_phone_grabs_go_to_tests_output_and_over_the_tracked_ones_only_when_asked(
    monkeypatch, tmp_path
):
    """A test run leaves docs/screenshots alone: the phone and room-screen tests save their
    grabs in tests/output (git-ignored); SAVE_SCREENSHOTS=1 copies them over the tracked ones."""
    import phone_pages

    tests = Path(__file__).resolve().parent
    for name in ("test_games_web_browser.py", "test_games_web_screen.py"):
        source = (tests / name).read_text(encoding="utf-8")
        assert "screenshots" not in source and "grab_path(" in source, name
    assert phone_pages.OUTPUT == tests / "output"
    monkeypatch.setattr(phone_pages, "OUTPUT", tmp_path / "output")
    monkeypatch.setattr(phone_pages, "SCREENSHOTS", tmp_path / "docs")
    monkeypatch.delenv("SAVE_SCREENSHOTS", raising=False)
    grab = phone_pages.grab_path("games_x.png")
    grab.write_bytes(b"png")
    assert grab.parent == tmp_path / "output"
    assert phone_pages.keep_grab(grab) is None and not (tmp_path / "docs").exists()
    monkeypatch.setenv("SAVE_SCREENSHOTS", "1")
    assert phone_pages.keep_grab(grab) == tmp_path / "docs" / "games_x.png"
    assert (tmp_path / "docs" / "games_x.png").read_bytes() == b"png"


def test_port_and_bind_options_are_checked_in_one_place():
    """bingo serve and games serve both read --port / --bind through with_address_options."""
    from dataclasses import dataclass

    from eventkit.errors import UserError
    from eventkit.web.config import with_address_options

    @dataclass(frozen=True)
    class Where:
        port: int = 8080
        bind: str = "0.0.0.0"

    assert with_address_options(Where(), None, None) == Where()
    assert with_address_options(Where(), 9000, "127.0.0.1") == Where(9000, "127.0.0.1")
    assert with_address_options(Where(), 0, None) == Where(0)  # any free port
    with pytest.raises(UserError, match="--port 80 is out of range: use 1024..65535, or 0 "):
        with_address_options(Where(), 80, None)
    with pytest.raises(UserError, match="--bind 'lan' is not an IP address"):
        with_address_options(Where(), None, "lan")
