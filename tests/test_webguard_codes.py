"""Guessing card codes does not scale with addresses: issue 27 item 4.

A real server on loopback (bingo.web.server.start); guesses come from many 127.x.y.z addresses,
as a whole venue LAN could send them.
"""

from __future__ import annotations

import asyncio
import json

from webguard_support import KEY, exchange, get, make_server, running, split_answer

from bingo import cardcode
from bingo.web.limits import (
    CODE_SPACE,
    GUESS_BURST,
    GUESSES_PER_MINUTE,
    KEPT_FOR_NEWCOMERS,
    GuessLimiter,
)

RIGHT = cardcode.card_code(KEY, 7)


def _wrong(i: int) -> str:
    return f"{7 + i % 2:04d}-{'ABCDEFGHJK'[i % 10]}AAAA"


async def _ask(port: int, code: str, local: str) -> tuple[int, str]:
    status, _, body = split_answer(await exchange(port, get(f"/api/card/{code}"), local=local))
    return status, body.decode()


def test_wrong_codes_from_many_addresses_share_one_limit(tmp_path):
    server, show = make_server(tmp_path)

    async def scenario():
        async with running(server) as port:
            assert (await _ask(port, RIGHT, "127.0.9.9"))[0] == 200  # a player, before
            answers = []
            for i in range(120):  # 40 addresses, 3 wrong codes each
                answers.append(await _ask(port, _wrong(i), f"127.0.{1 + i // 3 % 40}.{i % 3 + 1}"))
            # the player in is never limited by others' guessing (the phone reconnecting)
            assert (await _ask(port, RIGHT, "127.0.9.9"))[0] == 200
            return answers

    answers = asyncio.run(scenario())
    show.close()
    statuses = [a[0] for a in answers]
    assert set(statuses) == {404, 429}
    assert statuses.count(404) <= GUESS_BURST + 5  # 120 tried, at most the burst checked
    limited = json.loads(next(body for status, body in answers if status == 429))
    assert limited["status"] == "limited" and limited["retry_after"] >= 1
    assert "制限" in limited["message"]  # says what happens: code checks are limited


def test_a_refusal_does_not_tell_a_right_code_from_a_wrong_one_and_newcomers_get_in(tmp_path):
    server, show = make_server(tmp_path)

    async def scenario():
        async with running(server) as port:
            for a in range(1, 6):  # 5 addresses try 10 wrong codes each
                for i in range(10):
                    await _ask(port, _wrong(i), f"127.0.5.{a}")
            tokens = server.guesses.everyone.tokens("all addresses")
            assert tokens < KEPT_FOR_NEWCOMERS + 1  # the rest is kept for newcomers
            guesser = "127.0.5.1"
            server.guesses.per_address._buckets.clear()  # its own limit passed: only the global
            right = await _ask(port, RIGHT, guesser)
            wrong = await _ask(port, _wrong(3), guesser)
            assert right[0] == wrong[0] == 429
            assert json.loads(right[1])["message"] == json.loads(wrong[1])["message"]
            newcomer = await _ask(port, RIGHT, "127.0.6.1")  # a player typing their own code
            assert newcomer[0] == 200

    asyncio.run(scenario())
    show.close()


def test_the_page_route_says_why_in_the_event_language(tmp_path):
    server, show = make_server(tmp_path)

    async def scenario():
        async with running(server) as port:
            for i in range(12):
                raw = await exchange(port, get(f"/card/{_wrong(i)}"), local="127.0.7.1")
            return split_answer(raw)

    status, headers, body = asyncio.run(scenario())
    show.close()
    assert status == 429 and int(headers["retry-after"]) >= 1
    assert "間違ったコード" in body.decode()


def test_the_arithmetic_of_the_global_limit():
    assert CODE_SPACE == 22**5 == 5_153_632
    days = CODE_SPACE / GUESSES_PER_MINUTE / 60 / 24
    assert days > 7  # every code of one chosen card: 59.6 days
    evening = (6 * 60 * GUESSES_PER_MINUTE + GUESS_BURST) / CODE_SPACE
    assert evening < 0.005  # a 6-hour evening opens a chosen card with a chance under 0.5 %
    doc = GuessLimiter.__doc__
    assert "59.6 days" in doc and "0.42 %" in doc and "/24" in doc


def test_the_limiter_keeps_tokens_for_newcomers_and_refills():
    now = [0.0]
    limiter = GuessLimiter(clock=lambda: now[0])
    for i in range(GUESS_BURST - KEPT_FOR_NEWCOMERS):
        address = f"10.0.0.{i // 10}"
        assert limiter.wait(address, "x") == 0
        limiter.wrong(address)
    assert limiter.wait("10.0.0.0", "x") > 0  # 10 wrong codes: its own limit
    limiter.per_address._buckets.clear()
    assert limiter.wait("10.0.0.0", "x") > 0  # and it is no newcomer: the kept tokens are not its
    assert limiter.wait("10.9.9.9", "x") == 0  # a newcomer may use them
    limiter.opened("10.0.0.1", "0007-RIGHT")
    assert limiter.wait("10.0.0.1", "0007-RIGHT") == 0  # a code that opened a card, again
    now[0] += 60.0  # a minute: 60 more tokens (up to the burst)
    assert limiter.wait("10.0.0.0", "x") == 0
