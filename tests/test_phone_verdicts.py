"""A verdict belongs to the draw it was given at (issue 22 item 6), and the last calls (the phones
list them). The server's real feed (aiohttp test client) and the follower, no browser."""

from __future__ import annotations

import asyncio
import json

from aiohttp.test_utils import TestClient, TestServer
from phone_pages import KEY, write_config

from bingo import cardcode
from bingo.session import DrawSession
from bingo.showlink import ShownWriter, append_line, game_id, verdicts_path
from bingo.web.follow import ShowFollower, board_view, claim_state
from bingo.web.server import WebServer
from bingo.web.settings import WebSettings
from cards.model import BingoCard

# row 0 is 1, 11, 21, 31: a bingo (4 connected) once all four are out
CARD = BingoCard(7, ((1, 11, 21, 31), (2, 12, 22, 32), (3, 13, 23, 33), (4, 14, 24, 34)))


class Show:
    """The show's side: journal draws and undos, `.shown` after each landing, verdict lines."""

    def __init__(self, config, journal) -> None:
        self.journal = journal
        self.session = DrawSession.open(config, journal, seed=1)
        self.writer = ShownWriter(journal)
        self.writer.write([])

    def land(self, *numbers: int) -> None:
        for n in numbers:
            self.session._journal.append_draw(n)
            self.writer.write(self.session.history)

    def undo(self) -> None:
        self.session.undo()
        self.writer.write(self.session.history)

    def verdict(self, claim_id: str, verdict: str, count: int | None = None) -> None:
        line = {
            "game": game_id(self.journal),
            "claim": claim_id,
            "serial": CARD.serial,
            "verdict": verdict,
            "count": len(self.session.history) if count is None else count,
        }
        append_line(verdicts_path(self.journal), line)


def make(tmp_path):
    config = write_config(tmp_path, size=4, per_column=10)
    journal = tmp_path / "show.jsonl"
    show = Show(config, journal)
    server = WebServer(
        config,
        journal,
        WebSettings(enabled=True),
        registry={7: CARD},
        card_key=KEY,
        poll_seconds=0.01,
    )
    return config, show, server


async def until(ws, predicate, timeout: float = 10.0) -> dict:
    async with asyncio.timeout(timeout):
        while True:
            message = json.loads((await ws.receive()).data)
            if predicate(message):
                return message


def scenario(tmp_path, steps):
    """Runs `steps(show, client, ws)` against the real server's card feed."""
    config, show, server = make(tmp_path)

    async def run():
        client = TestClient(TestServer(server.app))
        await client.start_server()
        try:
            ws = await client.ws_connect(f"/ws/card/{cardcode.card_code(KEY, 7)}")
            await steps(show, client, ws)
            await ws.close()
        finally:
            await client.close()

    try:
        asyncio.run(run())
    finally:
        show.session.close()


async def claim(client) -> str:
    answer = await client.post(f"/api/card/{cardcode.card_code(KEY, 7)}/claim")
    assert answer.status == 200
    return (await answer.json())["id"]


def at(count: int):
    return lambda m: m["board"]["count"] == count


def test_a_refused_claim_says_nothing_once_the_card_really_wins(tmp_path):
    async def steps(show, client, ws):
        show.land(1, 11, 21)
        await until(ws, at(3))
        claim_id = await claim(client)
        show.verdict(claim_id, "not_bingo")
        refused = await until(ws, lambda m: (m["card"]["claim"] or {}).get("verdict"))
        assert refused["card"]["claim"]["verdict"] == "not_bingo"
        assert refused["card"]["claim_button"] == "quiet"  # it may be claimed again later
        show.land(31)
        won = (await until(ws, at(4)))["card"]
        assert won["bingo"] and won["claim"] is None  # not "まだビンゴではありません"
        assert won["claim_button"] == "ready"

    scenario(tmp_path, steps)


def test_after_an_undo_below_a_confirmed_bingo_the_verdict_is_gone(tmp_path):
    async def steps(show, client, ws):
        show.land(1, 11, 21, 31)
        await until(ws, at(4))
        claim_id = await claim(client)
        pending = await until(ws, lambda m: m["card"]["claim"])
        assert pending["card"]["claim"]["verdict"] is None
        assert pending["card"]["claim_button"] == "off"  # the host is checking
        show.verdict(claim_id, "bingo")
        won = (await until(ws, lambda m: (m["card"]["claim"] or {}).get("verdict")))["card"]
        assert won["claim"]["verdict"] == "bingo" and won["claim_button"] == "off"
        show.undo()
        undone = (await until(ws, at(3)))["card"]
        assert undone["verdict"] == "reach"
        assert undone["claim"] is None  # not リーチ and ビンゴです at once
        assert undone["claim_button"] == "quiet"
        # the same count again with another number: the verdict was about other numbers
        show.land(32)  # on the card, but it joins no group of 4
        other = (await until(ws, at(4)))["card"]
        assert other["claim"] is None and other["verdict"] == "reach"
        show.undo()
        show.land(31)  # the card wins again, but this is not what the host checked
        again = await until(ws, lambda m: m["board"]["count"] == 4 and m["card"]["bingo"])
        assert again["card"]["claim"] is None and again["card"]["claim_button"] == "ready"

    scenario(tmp_path, steps)


def test_a_pending_claim_stays_pending_through_draws_and_undos(tmp_path):
    async def steps(show, client, ws):
        show.land(1, 11, 21, 31)
        await until(ws, at(4))
        await claim(client)
        await until(ws, lambda m: m["card"]["claim"])
        show.land(2)
        show.undo()
        show.undo()
        back = (await until(ws, at(3)))["card"]
        assert back["claim"]["verdict"] is None and back["claim_button"] == "off"

    scenario(tmp_path, steps)


def test_nothing_to_claim_before_the_first_draw(tmp_path):
    async def steps(show, client, ws):
        first = (await until(ws, at(0)))["card"]
        assert first["claim"] is None and first["claim_button"] == "off"

    scenario(tmp_path, steps)


def test_a_follower_voids_a_verdict_once_the_draw_went_below_its_count(tmp_path):
    """The follower that read a verdict voids it at an undo below its count, for good (drawn
    again, the numbers are not those the host checked). A restarted one takes an old verdict as
    given the last time the draw stood at its count: an undo before that does not void it."""
    config, show, _server = make(tmp_path)

    def follower() -> ShowFollower:
        f = ShowFollower(show.journal)
        f.poll()
        f.new_verdicts()
        return f

    try:
        show.land(1, 11, 21, 31)
        show.undo()
        show.land(31)  # at 4 again: the verdict is given now
        show.verdict("a", "bingo")
        live = follower()
        assert live.verdict_holds("a")
        assert follower().verdict_holds("a")  # restarted: the undo came before the verdict
        show.undo()
        live.poll()
        assert not live.verdict_holds("a")  # below its count now
        show.land(31)
        live.poll()
        assert not live.verdict_holds("a")  # drawn again after the undo: not what was checked
        assert live.verdict_holds("missing") is False
        # a verdict read before the journal that reaches its count (a read retried later)
        show.verdict("b", "bingo", count=5)
        live.new_verdicts()
        assert not live.verdict_holds("b")
        show.land(2)
        live.poll()
        assert live.verdict_holds("b")
    finally:
        show.session.close()


def test_claim_state_shows_only_a_verdict_that_agrees_with_the_card():
    bingo = {"count": 4, "bingo": True}
    not_yet = {"count": 4, "bingo": False}
    said = {"verdict": "bingo", "count": 4}
    refused = {"verdict": "not_bingo", "count": 3}
    assert claim_state(bingo, "c", "t", said, True)["claim"]["verdict"] == "bingo"
    assert claim_state(bingo, "c", "t", said, False)["claim"] is None  # undone below it
    assert claim_state(not_yet, "c", "t", said, True)["claim"] is None  # the card disagrees
    assert claim_state(bingo, "c", "t", refused, True)["claim"] is None  # it won since
    assert claim_state(not_yet, "c", "t", refused, True)["claim"]["verdict"] == "not_bingo"
    assert claim_state({"count": 0, "bingo": False}, None, None, None, False) == {
        "claim": None,
        "claim_button": "off",
    }


def test_the_board_lists_the_last_calls_with_their_column(tmp_path):
    config = write_config(tmp_path, size=4, per_column=10, names=["P", "O2", "B", "4"])
    from bingo.web.follow import Snapshot

    view = board_view(config, Snapshot(1, "g", (3, 17, 40, 22, 9, 31, 12), paused=False))
    assert [(c["column"], c["n"]) for c in view["recent"]] == [
        ("O2", 12),
        ("4", 31),
        ("P", 9),
        ("B", 22),
        ("4", 40),
    ]
    assert view["recent"][0]["colour"] == config.columns.fill[1]
    assert board_view(config, Snapshot(1, "g", (), paused=False))["recent"] == []
