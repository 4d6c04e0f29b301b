"""games serve's web server (games.web.server) on aiohttp's test client, with the real hub.

What the server itself adds to the hub: a socket acts only for the token it presented, every
operation is checked for shape and rate limited (per player and per address), the page, its
files, the texts and the join QR code carry the security headers, and each phone hears only
its own seat's cards.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

from eventkit.tomlconf import ConfigError, check_sections
from eventkit.web.headers import SECURITY_HEADERS
from eventkit.web.limits import RateLimiter
from eventkit.web.qr import svg
from games.web import server as server_module
from games.web.hub import Hub, HubOptions, RoomSpec
from games.web.server import GamesServer
from games.web.settings import GamesWebSettings, check_section, parse_settings, rooms
from tests.served import port_in

ROOM = "daifugo-beginner"
ROOMS = (RoomSpec(ROOM, "daifugo", 5, stake="beginner", cpu_level="easy"),)
CARD = re.compile(r"^(10|[2-9JQKA])[SHDC]$|^JK$")


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 60))


class Phone:
    """One phone's socket: what it sends and every message it received, in order."""

    def __init__(self, ws) -> None:
        self.ws = ws
        self.got: list[dict] = []

    async def send(self, **message) -> None:
        await self.ws.send_str(json.dumps(message, ensure_ascii=False))

    async def wait(self, test, timeout: float = 10.0) -> dict:
        """The first message (already received or coming) for which `test(message)` holds."""
        for m in self.got:
            if test(m):
                return m
        async with asyncio.timeout(timeout):
            while True:
                m = json.loads((await self.ws.receive()).data)
                self.got.append(m)
                if test(m):
                    return m

    async def refusal(self, op: str) -> dict:
        return await self.wait(lambda m: m["type"] == "refused" and m.get("op") == op)

    async def table(self, test=lambda m: True) -> dict:
        return await self.wait(lambda m: m["type"] == "table" and test(m))


async def _first_to_move(*phones: Phone) -> tuple[Phone, dict]:
    """The phone whose turn comes first (a CPU may open the game and play on to either), with
    the table that says so."""
    waits = {asyncio.ensure_future(p.table(lambda m: m["your_turn"])): p for p in phones}
    done, pending = await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
    for task in pending:
        task.cancel()
    task = next(iter(done))
    return waits[task], task.result()


async def _started(tmp_path: Path, **hub_options):
    options = {"cpu_delay": 0.0, "advance_pause": 0.0, **hub_options}
    hub = Hub(
        tmp_path, rooms=ROOMS, options=HubOptions(cpu_workers=0, seed=7, turn_seconds=0, **options)
    )
    await hub.open()
    server = GamesServer(hub, join_url="http://192.0.2.5:8081/")
    client = TestClient(TestServer(server.app))
    await client.start_server()
    return hub, server, client


async def _phone(client: TestClient) -> Phone:
    return Phone(await client.ws_connect("/ws"))


async def _play_out(phone: Phone) -> None:
    """Play the phone's seat to the game's results: the last legal action whenever it is its turn."""
    async with asyncio.timeout(40):
        while True:
            m = json.loads((await phone.ws.receive()).data)
            phone.got.append(m)
            if m["type"] == "results":
                return
            if m["type"] == "table" and m["your_turn"] and m["legal"]:
                await phone.send(op="act", action=m["legal"][-1])


async def _joined(client: TestClient, name: str) -> tuple[Phone, str]:
    phone = await _phone(client)
    await phone.send(op="join", name=name)
    joined = await phone.wait(lambda m: m["type"] == "joined")
    await phone.wait(lambda m: m["type"] == "hello")
    return phone, joined["token"]


def _cards_in(value) -> set[str]:
    """Every card code anywhere in a message (hands, fields, peeks)."""
    found: set[str] = set()
    if isinstance(value, str):
        for word in value.replace("=", " ").split():
            if CARD.match(word):
                found.add(word)
    elif isinstance(value, dict):
        for v in value.values():
            found |= _cards_in(v)
    elif isinstance(value, list):
        for v in value:
            found |= _cards_in(v)
    return found


def test_the_page_its_files_and_the_qr_code_carry_the_security_headers(tmp_path):
    async def scenario():
        hub, server, client = await _started(tmp_path)
        try:
            for path, kind in (
                ("/", "text/html"),
                ("/static/app.js", "text/javascript"),
                ("/static/app.css", "text/css"),
                ("/static/daifugo.js", "text/javascript"),  # from the game's own package
                ("/static/cool24.js", "text/javascript"),
                ("/texts.js", "text/javascript"),
                ("/qr.svg", "image/svg+xml"),
            ):
                answer = await client.get(path)
                assert answer.status == 200, path
                assert answer.content_type == kind, path
                for name, value in SECURITY_HEADERS.items():
                    assert answer.headers[name] == value, (path, name)
                assert answer.headers["Server"] == "games"
            page = await (await client.get("/")).text()
            assert '<html lang="ja">' in page
            for game in ("daifugo", "schwimmen", "cool24"):  # each renderer's script, once
                assert page.count(f'<script src="/static/{game}.js" defer>') == 1
            for game in ("schwimmen", "cool24"):  # each game's own style sheet, after app.css
                assert page.count(f'<link rel="stylesheet" href="/static/{game}.css">') == 1
                assert page.index("/static/app.css") < page.index(f"/static/{game}.css")
            style = await client.get("/static/schwimmen.css")
            assert style.status == 200 and style.content_type == "text/css"
            assert "#table.schwimmen .sw-actions" in await style.text()
            served = await (await client.get("/static/schwimmen.js")).text()
            assert served == (
                Path(__file__).resolve().parent.parent / "games/schwimmen/web/schwimmen.js"
            ).read_text("utf-8")
            texts = await (await client.get("/texts.js")).text()
            assert '"play": "出す"' in texts and '"pass": "パス"' in texts  # the Qt window's words
            missing = await client.get("/static/../server.py")
            assert missing.status == 404
        finally:
            await client.close()
            await hub.close()

    run(scenario())


def test_a_phone_acts_only_after_joining_and_only_for_its_own_token(tmp_path):
    async def scenario():
        hub, server, client = await _started(tmp_path)
        try:
            stranger = await _phone(client)
            await stranger.send(op="sit", room=ROOM)
            refused = await stranger.refusal("sit")
            assert refused["code"] == "not_joined" and refused["text"]
            a, token_a = await _joined(client, "あや")
            b, token_b = await _joined(client, "ben")
            assert token_a != token_b
            await a.send(op="sit", room=ROOM)
            await a.wait(lambda m: m["type"] == "room" and m["role"] == "seated")
            await b.send(op="sit", room=ROOM, seat=0)  # a's seat: the hub refuses it
            assert (await b.refusal("sit"))["code"] == "seat_taken"
            await b.send(op="sit", room=ROOM, seat=1)
            await b.wait(lambda m: m["type"] == "room" and m["seat"] == 1)
            # b names a's token in a message: the server acts for the socket's own token only
            await b.send(op="start", room=ROOM, token=token_a)
            assert (await b.refusal("start"))["code"] == "not_host"
            await a.send(op="start", room=ROOM)
            first = await a.table(lambda m: m["game_no"] == 1)
            seat_a = first["seat"]
            hand_a = set(first["view"]["observation"]["hand"])
            table_b = await b.table(lambda m: m["game_no"] == 1)
            hand_b = set(table_b["view"]["observation"]["hand"])
            assert hand_a and hand_b and not hand_a & hand_b
            assert seat_a == 0 and table_b["seat"] == 1
            # a play the rules refuse: the table's code and text, its params as JSON data
            mover, table = await _first_to_move(a, b)
            hand = table["view"]["observation"]["hand"]
            await mover.send(op="act", action=" ".join(hand[:2]) + " " + hand[-1])
            wrong = await mover.refusal("act")
            assert wrong["code"] not in ("bad_message", "not_your_turn") and wrong["text"]
            json.dumps(wrong["params"])
            # a junk message and an unknown operation: refused, the socket stays
            await a.ws.send_str("{not json")
            assert (await a.refusal(None))["code"] == "bad_message"
            await a.send(op="deal_me_aces")
            assert (await a.refusal("deal_me_aces"))["code"] == "bad_message"
        finally:
            await client.close()
            await hub.close()

    run(scenario())


def test_a_reloaded_phone_gets_its_seat_and_hand_back_with_its_token(tmp_path):
    async def scenario():
        hub, server, client = await _started(tmp_path)
        try:
            a, token = await _joined(client, "あや")
            await a.send(op="sit", room=ROOM)
            await a.send(op="start", room=ROOM)
            before = await a.table(lambda m: m["game_no"] == 1)
            await a.ws.close()
            again = await _phone(client)
            await again.send(op="hello", token=token)
            hello = await again.wait(lambda m: m["type"] == "hello")
            assert hello["name"] == "あや"
            after = await again.table(lambda m: m["game_no"] == 1)
            assert after["seat"] == before["seat"]
            hand = set(after["view"]["observation"]["hand"])
            assert hand and hand <= set(before["view"]["observation"]["hand"])
            wrong = await _phone(client)
            await wrong.send(op="hello", token="not-a-token")
            assert (await wrong.refusal("hello"))["code"] == "unknown_token"
        finally:
            await client.close()
            await hub.close()

    run(scenario())


def test_operations_are_limited_per_player_and_new_names_per_address(tmp_path):
    async def scenario():
        hub, server, client = await _started(tmp_path)
        # the limits as configured, on a clock that stands still: no token comes back while a
        # busy machine sends the burst slowly (under load it refilled and no limit was met)
        stopped = lambda: 0.0  # noqa: E731
        sm = server_module
        server.ops = RateLimiter(sm.OPS_BURST, sm.OPS_PER_MINUTE, clock=stopped)
        server.addresses = RateLimiter(sm.ADDRESS_BURST, sm.ADDRESS_PER_MINUTE, clock=stopped)
        server.joins = RateLimiter(sm.JOIN_BURST, sm.JOIN_PER_MINUTE, clock=stopped)
        try:
            a, _ = await _joined(client, "あや")
            for _ in range(server_module.OPS_BURST + 5):
                await a.send(op="peek", seat=None)
            limited = await a.refusal("peek")
            while limited["code"] != "too_fast":
                limited = await a.wait(lambda m: m["type"] == "refused" and m["code"] == "too_fast")
            assert limited["params"]["seconds"] >= 1 and "秒" in limited["text"]
            phone = await _phone(client)
            for n in range(server_module.JOIN_BURST + 2):
                await phone.send(op="join", name=f"p{n}")
            too_fast = await phone.wait(
                lambda m: m["type"] == "refused" and m["code"] == "too_fast"
            )
            assert too_fast["op"] == "join"
            joined = [m for m in phone.got if m["type"] == "joined"]
            assert len(joined) <= server_module.JOIN_BURST
            # guessing tokens from one address: the address's own limit (all its sockets)
            # (one guess at a time, each answered before the next: a burst of 65 unread answers
            # would pass the server's queue of 64 for a phone, which drops a phone that slow)
            guesser = await _phone(client)
            refusals = lambda: [m for m in guesser.got if m["type"] == "refused"]  # noqa: E731
            for n in range(server_module.ADDRESS_BURST + 5):
                await guesser.send(op="hello", token=f"guess-{n}")
                await guesser.wait(lambda m, n=n: len(refusals()) > n)
                if refusals()[-1]["code"] == "too_fast":
                    break
            limited = refusals()[-1]
            assert limited["code"] == "too_fast" and limited["op"] == "hello"
            unknown = [m for m in guesser.got if m.get("code") == "unknown_token"]
            assert len(unknown) < server_module.ADDRESS_BURST
        finally:
            await client.close()
            await hub.close()

    run(scenario())


def test_a_slow_phone_is_dropped_and_a_newer_table_replaces_an_unsent_one(tmp_path):
    from games.web.server import MAX_QUEUE, Client

    client = Client(ws=None, address="x")  # type: ignore[arg-type]
    client.push({"type": "table", "room": "r", "step": 1})
    client.push({"type": "chips", "balance": 5})
    client.push({"type": "table", "room": "r", "step": 2})
    assert [m.get("step") for m in client.queue] == [None, 2]
    for n in range(MAX_QUEUE + 1):
        client.push({"type": "chips", "balance": n})
    assert client.too_slow and not client.queue


def test_no_phone_receives_another_seats_cards(tmp_path):
    """Two people and three CPUs play a game out over the wire: every card any message gives
    a seat is in its own hand, on the field or already played (never another hand's)."""

    async def scenario():
        hub, server, client = await _started(tmp_path)
        server.ops = RateLimiter(10_000, 60_000)  # bots act at machine speed (limits: above)
        server.addresses = RateLimiter(10_000, 60_000)
        try:
            a, _ = await _joined(client, "あや")
            b, _ = await _joined(client, "ben")
            for phone in (a, b):
                await phone.send(op="sit", room=ROOM)
                await phone.wait(lambda m: m["type"] == "room" and m["role"] == "seated")
            await a.send(op="start", room=ROOM)
            await asyncio.gather(_play_out(a), _play_out(b))
            assert [m for p in (a, b) for m in p.got if m["type"] == "results"]
            for phone in (a, b):
                seen_own: set[str] = set()
                public: set[str] = set()
                for m in phone.got:
                    if m["type"] != "table":
                        continue
                    obs = (m["view"] or {}).get("observation") or {}
                    seen_own |= set(obs.get("hand", ()))
                    public |= _cards_in(obs.get("pile")) | _cards_in(obs.get("top"))
                    public |= _cards_in(obs.get("trick"))
                for m in phone.got:
                    if m["type"] == "table":
                        assert _cards_in(m) <= seen_own | public, m
        finally:
            await client.close()
            await hub.close()

    run(scenario())


def test_the_games_web_section_is_checked():
    from eventkit.tomlconf import speaking

    assert parse_settings({}) == GamesWebSettings()
    s = parse_settings({"port": 9000, "bind": "127.0.0.1", "public_url": "http://10.0.0.5:9000/"})
    assert (s.port, s.bind, s.public_url) == (9000, "127.0.0.1", "http://10.0.0.5:9000")
    for table, words in (
        ({"port": 80}, "games_web.port = 80 is out of range"),
        ({"bind": "laptop"}, 'games_web.bind = "laptop" is not an IP address'),
        ({"public_url": "192.168.1.20"}, 'games_web.public_url = "192.168.1.20" is not a web'),
        (  # a QR code too dense to scan across a room
            {"public_url": "http://10.0.0.5:9000/" + "x" * 100},
            "games_web.public_url is 121 characters long: its QR codes would be too dense",
        ),
        ({"daifugo_rooms": ["vip"]}, "each room is one of beginner, intermediate, advanced"),
        ({"cpu_level": "hard"}, "use easy, normal or strong"),
        ({"cool24_tables": 99}, "games_web.cool24_tables"),
        ({"colour": 1}, "[games_web] has an unknown key 'colour'"),
    ):
        with speaking("en"), pytest.raises(ConfigError, match=re.escape(words)):
            parse_settings(table)  # the English lines (Japanese: test_config_language.py)
    found = check_sections(
        {"games_web": {"port": 1, "bind": "x"}}, Path("."), {"games_web": check_section}
    )
    assert len(found) == 2 and all(p.startswith("games_web.") for p in found)
    built = rooms(
        parse_settings(
            {"daifugo_rooms": ["beginner", "beginner"], "schwimmen_tables": 2, "cool24_tables": 2}
        )
    )
    assert [r.id for r in built] == [
        "daifugo-beginner",
        "daifugo-beginner-2",
        "schwimmen-1",
        "schwimmen-2",
        "cool24-1",
        "cool24-2",
    ]
    assert [(r.game, r.seats) for r in built[-2:]] == [("cool24", 1)] * 2
    assert [r.game for r in rooms(parse_settings({}))][-1] == "cool24"  # one COOL table by default


# ---------------------------------------------------------------------- `games serve` itself


def _serve_command(tmp_path: Path, port: int = 0, *extra: str) -> list[str]:
    """`games serve` headless on 127.0.0.1; port 0 (any free port): read the port it got from
    its ready line (tests/served.py), never a port picked here that another program may take."""
    config = tmp_path / "config.toml"
    # one CPU worker process (two by default here): the pool as at an event, one Python less;
    # the CPUs' moves shown at once (a test playing through it waits on nothing but play)
    config.write_text(
        '[games_web]\ndaifugo_rooms = ["beginner"]\ncpu_workers = 1\ncpu_delay_ms = 0\n',
        encoding="utf-8",
    )
    return [
        sys.executable,
        "-m",
        "games",
        "serve",
        "--no-window",
        "--config",
        str(config),
        "--port",
        str(port),
        "--bind",
        "127.0.0.1",
        "--data-dir",
        str(tmp_path / "data"),
        *extra,
    ]


@pytest.mark.slow
@pytest.mark.process
def test_games_serve_serves_phones_until_sigterm_and_one_server_per_folder(tmp_path):
    first = subprocess.Popen(
        _serve_command(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        line = first.stdout.readline()  # said once it listens, with the port it got
        port = port_in(line)
        assert line.startswith(f"serving http://127.0.0.1:{port}/ (data "), line
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as answer:
            assert answer.status == 200 and answer.headers["Server"] == "games"
            assert "/static/app.js" in answer.read().decode()
        second = subprocess.run(
            _serve_command(tmp_path), capture_output=True, text=True, timeout=60
        )
        assert second.returncode == 1 and str(tmp_path / "data") in second.stderr
        assert "Traceback" not in second.stderr
        first.send_signal(signal.SIGTERM)
        assert first.wait(30) == 0
        assert "Traceback" not in first.stderr.read()
    finally:
        if first.poll() is None:
            first.kill()
            first.wait(10)


@pytest.mark.slow
@pytest.mark.process
def test_games_serve_says_what_to_fix(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        busy = subprocess.run(
            _serve_command(tmp_path, port), capture_output=True, text=True, timeout=60
        )
    assert busy.returncode == 3  # said in the event's language: Japanese by default
    assert f"エラー: ポート {port} はほかのプログラムが使っています" in busy.stderr
    assert "games_web.port" in busy.stderr
    wrong = subprocess.run(_serve_command(tmp_path, 80), capture_output=True, text=True, timeout=60)
    assert wrong.returncode == 1 and "エラー: --port 80 は使えない番号です" in wrong.stderr
    assert "Traceback" not in busy.stderr + wrong.stderr


def test_an_english_event_gets_english_pages_and_refusals(tmp_path):
    async def scenario():
        hub = Hub(
            tmp_path,
            rooms=ROOMS,
            language="en",
            options=HubOptions(cpu_workers=0, seed=7, turn_seconds=0),
        )
        await hub.open()
        server = GamesServer(hub, language="en", join_url="http://192.0.2.5:8081/")
        client = TestClient(TestServer(server.app))
        await client.start_server()
        try:
            assert '<html lang="en">' in await (await client.get("/")).text()
            texts = await (await client.get("/texts.js")).text()
            assert '"play": "Play"' in texts and '"Grand Millionaire"' in texts
            phone = await _phone(client)
            await phone.send(op="sit", room=ROOM)
            assert (await phone.refusal("sit"))["text"] == "Enter your name and join first"
            await phone.send(op="join", name="Amy")
            await phone.wait(lambda m: m["type"] == "hello")
            phone.got.clear()  # the refusal above is answered
            await phone.send(op="sit", room="nowhere")
            refused = await phone.refusal("sit")
            assert refused["code"] == "unknown_room" and "There is no room" in refused["text"]
        finally:
            await client.close()
            await hub.close()

    run(scenario())


@pytest.mark.slow
@pytest.mark.process
def test_games_serve_with_its_window_stops_with_sigterm(tmp_path):
    command = [a for a in _serve_command(tmp_path) if a != "--no-window"]
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    window = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    try:
        line = window.stdout.readline()
        port = port_in(line)
        assert line.startswith(f"serving http://127.0.0.1:{port}/ (data "), line
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/qr.svg", timeout=10) as answer:
            code = answer.read().decode()
            assert answer.status == 200 and code.startswith("<svg")
        assert code == svg(f"http://127.0.0.1:{port}/")  # the port it got, not the 0 asked for
        window.send_signal(signal.SIGTERM)
        assert window.wait(30) == 0
        assert "Traceback" not in window.stderr.read()
    finally:
        if window.poll() is None:
            window.kill()
            window.wait(10)


# A SIGTERM the process sends itself at one moment of its start, then `games serve` as usual.
SIGTERM_AT = """
import os, signal, sys
import games.web.command as command, games.web.screen as screen
where = sys.argv.pop(1)
def at(module, name):
    real = getattr(module, name)
    def wrapped(*args, **kwargs):
        os.kill(os.getpid(), signal.SIGTERM)
        return real(*args, **kwargs)
    setattr(module, name, wrapped)
at(*{"plan": (command, "plan"), "thread": (command.Serve, "thread"),
     "screen": (screen, "run_screen"), "main": (command.Serve, "main")}[where])
from games.cli import main
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.slow
@pytest.mark.process
@pytest.mark.parametrize(
    "moment, window",
    [("plan", True), ("thread", True), ("screen", True), ("plan", False), ("main", False)],
    ids=["reading-config", "server-starting", "window-opening", "headless-config", "headless-loop"],
)
def test_games_serve_handles_sigterm_from_its_first_moment(tmp_path, moment, window):
    """Issue 35 item 9: a SIGTERM while the window was starting killed the process (exit -15,
    the handler not yet in place). Now, at each moment of the start, it stops cleanly: exit 0,
    no traceback, and the data folder is free for the next server."""
    command = _serve_command(tmp_path)[3:]  # after `python -m games`
    if window:
        command.remove("--no-window")
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "PYTHONPATH": str(Path(__file__).parent.parent),
    }
    done = subprocess.run(
        [sys.executable, "-c", SIGTERM_AT, moment, *command],
        capture_output=True,
        text=True,
        env=env,
        timeout=90,
    )
    assert done.returncode == 0, (done.returncode, done.stderr[-2000:])
    assert "Traceback" not in done.stderr
    if moment == "plan":
        assert "serving" not in done.stdout  # stopped before it served: no window, no server
    # the folder is free for the next server: the hub `games serve` makes from the same command
    # takes the folder's lock and reads its journal (a process left behind holding the lock, a
    # journal left unreadable: refused here as that server would be; its start and SIGTERM are
    # test_games_serve_serves_phones_until_sigterm_and_one_server_per_folder's)
    from games.web.command import make_hub, plan

    again = make_hub(plan(_serve_command(tmp_path)[4:]))
    again.load()
    again.shutdown()


def test_games_serve_tells_the_host_when_the_join_address_leads_elsewhere(tmp_path):
    from games.web.command import plan

    config = tmp_path / "config.toml"
    for language, said in (
        ("en", "use the laptop's LAN address"),
        ("ja", "スマホからは届きません"),
    ):
        config.write_text(
            f'[event]\nlanguage = "{language}"\n'
            '[games_web]\npublic_url = "http://127.0.0.1:8081"\n',
            encoding="utf-8",
        )
        made = plan(["--config", str(config), "--data-dir", str(tmp_path), "--no-window"])
        assert made.url == "http://127.0.0.1:8081/"  # the QR code holds the configured address
        assert len(made.notes) == 1  # in the event's language
        assert made.notes[0].startswith("games_web.public_url = 'http://127.0.0.1:8081' ")
        assert said in made.notes[0]


def test_the_rooms_play_the_rules_the_qt_games_are_configured_with(tmp_path):
    from games.daifugo.ruleset import Rules
    from games.web.command import plan
    from games.web.tables import new_table

    config = tmp_path / "config.toml"
    config.write_text(
        '[daifugo]\nrule_set = 3\n\n[schwimmen]\nrules = "house"\nstart_coins = 5\n'
        "suit_tiebreak = true\n\n"
        '[games_web]\ndaifugo_rooms = ["advanced"]\nschwimmen_tables = 1\ncool24_tables = 0\n',
        encoding="utf-8",
    )
    p = plan(["--config", str(config), "--no-window", "--data-dir", str(tmp_path / "d")])
    daifugo, schwimmen = rooms(p.settings, p.rules)
    assert (daifugo.rules, schwimmen.rules) == ("3", "house")
    kw = {"seed": 1, "language": "ja", "cpu_level": "easy"}
    names = [f"CPU{n}" for n in range(1, 6)]
    table = new_table(daifugo, names=names, **kw)
    assert table.rules == Rules.preset(3)  # type: ignore[attr-defined]
    table = new_table(schwimmen, names=names[:4], **kw)
    assert table.rules_name == "house"  # type: ignore[attr-defined]
    table.seat_people({0})
    game = table.start_game()  # type: ignore[attr-defined]
    assert (game.rules.start_coins, game.rules.suit_tiebreak) == (5, True)
    assert game.rules.is_house and not game.rules.dealer_swap
    assert Rules.preset(3) != Rules.preset(1)
    plain = rooms(parse_settings({"daifugo_rooms": [], "schwimmen_tables": 1}))
    assert (plain[0].settings, plain[0].rules) == (None, None)  # the defaults: as before


def test_cpu_workers_default_to_two_and_are_checked(monkeypatch):
    from eventkit.tomlconf import speaking
    from games.web import settings as settings_module

    monkeypatch.setattr(settings_module.os, "cpu_count", lambda: 8)
    assert parse_settings({}).cpu_workers == 2
    monkeypatch.setattr(settings_module.os, "cpu_count", lambda: 1)
    assert parse_settings({}).cpu_workers == 1
    assert parse_settings({"cpu_workers": 16}).cpu_workers == 16
    for bad in (0, 17):
        with pytest.raises(ConfigError, match=rf"games_web.cpu_workers = {bad}: CPU .* 1〜16 "):
            parse_settings({"cpu_workers": bad})
        with speaking("en"), pytest.raises(ConfigError, match=rf"= {bad}: .* 1\.\.16"):
            parse_settings({"cpu_workers": bad})


def test_the_command_names_its_hub_and_server_without_a_type_checking_import():
    """games serve's command imports the hub and the server it runs (no import cycle to hide)."""
    root = Path(__file__).resolve().parent.parent
    for name in ("command.py", "server.py", "settings.py", "screen.py", "screen_text.py"):
        assert "TYPE_CHECKING" not in (root / "games" / "web" / name).read_text("utf-8"), name


def test_over_the_socket_a_name_moves_with_its_code_and_new_names_are_limited(tmp_path):
    """The join op with a code moves the name (the old socket gets bye); without one, the
    hub's share of new names per address counts the socket's address (issue 31.2, 32.7)."""

    async def scenario():
        hub, server, client = await _started(tmp_path, names_per_address=3)
        try:
            first, token = await _joined(client, "Aoi")
            code = hub.players.by_name("Aoi").code
            assert (await first.wait(lambda m: m["type"] == "hello"))["code"] == code
            second = await _phone(client)
            await second.send(op="join", name="aoi", code="wrong1")
            assert (await second.refusal("join"))["code"] == "bad_code"
            await second.send(op="join", name="aoi", code=code.lower())
            moved = await second.wait(lambda m: m["type"] == "joined")
            assert moved["name"] == "Aoi" and moved["token"] != token and moved["code"] == code
            await first.wait(lambda m: m["type"] == "bye")
            third = await _phone(client)
            for name in ("B", "C"):  # Aoi was the first of this address's three
                await third.send(op="join", name=name)
                await third.wait(lambda m, n=name: m["type"] == "joined" and m["name"] == n)
            await third.send(op="join", name="D")
            refused = await third.refusal("join")
            assert refused["code"] == "too_many_names" and refused["text"]
        finally:
            await client.close()
            await hub.close()

    run(scenario())
