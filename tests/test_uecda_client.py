"""The UECda client against a scripted fake server and against our LocalServer: round trips,
whole matches equal to in-process play, and clear lines for messages it cannot read."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from eventkit.errors import UserError
from eventkit.tomlconf import speaking
from games.common.cards import Card
from games.daifugo.plays import Play
from games.daifugo.uecda.arena import inprocess_match, protocol_match
from games.daifugo.uecda.client import Client, cpu_chooser, parse_address, run_cli
from games.daifugo.uecda.protocol import (
    ProtocolError,
    Table,
    cards_from_table,
    empty_table,
    freeze,
    pack_int,
    play_from_table,
    profile_name,
    table_from_hand,
    table_from_play,
)
from games.daifugo.uecda.server import LocalServer
from games.daifugo.uecda.wire import Wire
from tests.served import reserved_port

ROOT = Path(__file__).resolve().parent.parent


class FakeServer:
    """One connection; `script(wire)` plays the server's side; what it read is kept."""

    def __init__(self, script: Callable[[Wire], None]) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, args=(script,), daemon=True)
        self.thread.start()

    def _run(self, script: Callable[[Wire], None]) -> None:
        self.listener.settimeout(30)
        sock, _ = self.listener.accept()
        sock.settimeout(30)
        wire = Wire(sock, "the test client")
        try:
            script(wire)
        except BaseException as exc:
            self.error = exc
        finally:
            wire.close()
            self.listener.close()

    def join(self) -> None:
        self.thread.join(30)
        if self.error is not None:
            raise self.error


def _table(cards: list[str], **cells: int) -> Table:
    """A table with these cards in rows 0-4 and status cells like s5_2=1 ([5][2] = 1)."""
    t = [list(r) for r in table_from_hand([Card.parse(c) for c in cards])]
    t[6][10:15] = [0, 1, 2, 3, 4]
    t[6][0:5] = [len(cards), 10, 10, 10, 10]
    for key, value in cells.items():
        _, r, c = key.split("_") if key.count("_") == 2 else ("s", *key[1:].split("_"))
        t[int(r)][int(c)] = value
    return freeze(t)


HAND = ["3S", "4S", "5S", "7H", "9D", "10C", "JS", "QH", "KD", "AS", "2H"]


def _handshake(wire: Wire, seen: dict) -> None:
    profile = wire.read_table("profile")
    seen["version"], seen["name"] = profile[0][0], profile_name(profile)
    wire.send_int(0)


def test_scripted_game_exchange_play_and_end():
    seen: dict = {}

    def script(wire: Wire) -> None:
        _handshake(wire, seen)
        ranks = {"s6_5": 0, "s6_6": 1, "s6_7": 2, "s6_8": 3, "s6_9": 4}
        wire.send_table(_table(HAND, s5_0=1, s5_1=2, **ranks))  # 大富豪: give 2
        seen["gift"] = cards_from_table(wire.read_table("gift"))
        rest = [c for c in HAND if Card.parse(c) not in seen["gift"]]
        wire.send_table(_table(rest, s5_2=1, s5_3=0, s5_4=1, **ranks))  # my lead
        seen["lead"] = play_from_table(wire.read_table("lead"))
        wire.send_int(9)
        field = [list(r) for r in table_from_play(seen["lead"])]
        field[5][3] = 0
        field[6][10:15] = [0, 1, 2, 3, 4]
        field[6][0:5] = [5, 10, 10, 10, 10]
        wire.send_table(freeze(field))
        wire.send_int(0)
        # everyone else passed on my play: the server gives me the turn again (tndhms)
        wire.send_table(_table(rest, s5_2=1, s5_3=0, **ranks))
        seen["again"] = play_from_table(wire.read_table("again"))
        wire.send_int(9)
        wire.send_table(freeze(field))
        wire.send_int(2)  # match over

    server = FakeServer(script)
    client = Client.connect("127.0.0.1", server.port, cpu_chooser("normal", 1), name="ek-normal")
    log = client.run()
    server.join()
    assert seen["version"] == 20070 and seen["name"] == "ek-normal"
    assert len(seen["gift"]) == 2 and all(str(c) in HAND for c in seen["gift"])
    lead = seen["lead"]
    assert isinstance(lead, Play) and all(str(c) in HAND for c in lead.cards)
    assert not set(lead.cards) & set(seen["gift"])
    assert seen["again"] is None  # it passes on its own play, which clears the field
    assert log.player == 0 and len(log.places) == 1 and log.decisions == 2


@pytest.mark.parametrize(
    ("script", "message"),
    [
        (
            lambda w: w.sock.sendall(pack_int(0) + bytes(100)),
            r"closed the connection while "
            r"waiting for the first table of game 1 \(received 100 of 480 bytes",
        ),
        (
            lambda w: (w.send_int(0), w.send_table(_table(HAND))),
            r"expected the card-exchange "
            r"table \(\[5\]\[0\] = 1\), received \[5\]\[0\] = 0",
        ),
        (lambda w: (w.send_int(9),), r"player number 9: expected 0-4"),
        (
            lambda w: (
                w.send_int(0),
                w.send_table(_table(HAND, s5_0=1)),
                w.send_table(_table(HAND)),
                w.send_table(_table([])),
                w.send_int(7),
            ),
            r"end-of-turn flag 7",
        ),
        (
            lambda w: (w.send_int(0), w.send_table(_table(HAND, s5_0=1, s0_0=1))),
            r"hand table: "
            r"cell \[0\]\[0\] holds 1: not a card",
        ),
    ],
    ids=["truncated", "no-exchange", "player", "flag", "cell"],
)
def test_unreadable_messages_end_the_client_naming_them(script, message):
    def full(wire: Wire) -> None:
        wire.read_table("profile")
        script(wire)

    server = FakeServer(full)
    with speaking("en"):  # the English lines (as with event.language = "en")
        client = Client.connect("127.0.0.1", server.port, cpu_chooser("easy", 0))
        with pytest.raises(ProtocolError, match=message):
            client.run()
    server.join()


def test_cli_prints_one_line_and_exits_1(capsys):
    def script(wire: Wire) -> None:
        wire.read_table("profile")
        wire.send_int(0)
        wire.send_table(freeze(empty_table()))  # no seat order: not a status row

    server = FakeServer(script)
    code = run_cli(f"127.0.0.1:{server.port}", "easy")
    server.join()
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 1 and len(err) == 1
    # a refusal line in Japanese, the default
    assert err[0].startswith(
        "エラー: uecda: クライアントが止まりました（状態の 6 行目: 席 [0, 0, 0"
    )


def test_address_forms():
    assert parse_address("localhost") == ("localhost", 42485)
    assert parse_address("10.0.0.2:4000") == ("10.0.0.2", 4000)
    assert parse_address("[::1]:5000") == ("::1", 5000)
    with pytest.raises(UserError, match="ポートは 1〜65535 の数"):  # Japanese: no config read
        parse_address("host:http")


def test_match_over_the_protocol_is_the_match_in_process():
    levels = ["normal", "easy", "normal", "easy", "normal"]
    here = inprocess_match(levels, games=4, seed=11)
    there = protocol_match(levels, games=4, seed=11)
    assert there.places == here.places
    assert all(log.places == here.places for log in there.clients)
    assert there.server.refused == [0] * 5
    assert {log.player for log in there.clients} == set(range(5))


@pytest.mark.slow
@pytest.mark.process
def test_cli_client_plays_a_match_against_the_local_server():
    server = LocalServer(games=2, seed=5)
    result: dict = {}
    serving = threading.Thread(target=lambda: result.setdefault("log", server.serve()))
    serving.start()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "games",
            "daifugo",
            "--uecda",
            f"127.0.0.1:{server.port}",
            "--level",
            "normal",
        ],
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    while not server.wires and serving.is_alive():
        serving.join(0.05)
    others = [Client.connect("127.0.0.1", server.port, cpu_chooser("easy", i)) for i in range(4)]
    threads = [threading.Thread(target=c.run) for c in others]
    for t in threads:
        t.start()
    out, err = proc.communicate(timeout=120)
    for t in threads:
        t.join(60)
    serving.join(60)
    assert proc.returncode == 0, err
    assert out.startswith("uecda: プレイヤー 0（normal）は 2 ゲームで "), out  # ./config.toml: ja
    assert len(result["log"].places) == 2


def test_server_treats_unreadable_plays_as_passes_and_replaces_leads():
    """A client whose every play is a joker beyond the 2 (the contest allows it, our engine
    cannot hold it): following it passes, leading it plays its weakest single."""
    from games.daifugo.match import Match
    from games.daifugo.ruleset import Rules

    seed = next(s for s in range(100) if Match(5, Rules.uecda(), s).new_game().first == 0)
    server = LocalServer(games=1, seed=seed)  # player 0 (the bad one) leads first
    result: dict = {}
    serving = threading.Thread(target=lambda: result.setdefault("log", server.serve()))
    serving.start()
    bad = socket.create_connection(("127.0.0.1", server.port), timeout=30)
    wire = Wire(bad, "the server")

    def play_badly() -> None:
        from games.daifugo.uecda.protocol import profile_table

        wire.send_table(profile_table("bad"))
        wire.read_int("number")
        wire.read_table("first")
        while True:
            table = wire.read_table("hand")
            if table[5][2] == 1:
                junk = empty_table()
                junk[0][12] = junk[0][13] = 1
                junk[0][14] = 2
                wire.send_table(freeze(junk))
                assert wire.read_int("ack") == 8
            wire.read_table("field")
            if wire.read_int("flag") != 0:
                return

    bad_thread = threading.Thread(target=play_badly)
    bad_thread.start()
    while not server.wires and serving.is_alive():
        serving.join(0.01)
    others = [Client.connect("127.0.0.1", server.port, cpu_chooser("easy", i)) for i in range(4)]
    threads = [threading.Thread(target=c.run) for c in others]
    for t in threads:
        t.start()
    for t in (*threads, bad_thread):
        t.join(60)
    serving.join(60)
    wire.close()
    log = result["log"]
    assert len(log.places) == 1 and sorted(log.places[0]) == [0, 1, 2, 3, 4]
    assert log.refused[0] > 0 and log.forced[0] > 0
    assert log.refused[1:] == [0, 0, 0, 0]


def test_cli_names_an_unreachable_server(capsys):
    from games.cli import main

    with reserved_port() as port:  # bound, never listening: refused, and no other program's
        assert main(["daifugo", "--uecda", f"127.0.0.1:{port}", "--level", "easy"]) == 1
    err = capsys.readouterr().err
    # ./config.toml's language (the shipped one: Japanese)
    assert f"エラー: 127.0.0.1:{port} の UECda サーバーにつながりません" in err
    assert main(["daifugo", "--uecda", "host:http"]) == 1
    assert "ポートは 1〜65535 の数にしてください" in capsys.readouterr().err


def test_client_passes_on_a_five_card_set():
    seen: dict = {}
    nines = ["9S", "9H", "9D", "9C", "3S"]

    def script(wire: Wire) -> None:
        _handshake(wire, seen)
        wire.send_table(_table(nines, s5_0=1))
        wire.send_table(_table(nines, s5_3=1))  # player 1 moves
        five = [list(r) for r in _table([], s5_3=1)]
        for row in range(4):
            five[row][3] = 1
        five[4][3] = 2  # four 5s and the joker
        five[6][0:5] = [5, 5, 10, 10, 10]
        wire.send_table(freeze(five))
        wire.send_int(0)
        wire.send_table(_table(nines, s5_2=1, s5_3=0))  # my turn on the five
        seen["answer"] = wire.read_table("answer")
        wire.send_int(9)
        wire.send_table(freeze(five))
        wire.send_int(2)

    server = FakeServer(script)
    log = Client.connect("127.0.0.1", server.port, cpu_chooser("easy", 0)).run()
    server.join()
    assert play_from_table(seen["answer"]) is None  # four 9s do not beat five 5s: it passes
    assert log.vetoed == 1
