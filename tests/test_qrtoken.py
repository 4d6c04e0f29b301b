"""A phone scanning its card's QR code gets in even during a flood of wrong codes.

The QR's address carries the card's token (bingo.cardcode.card_token, 80 bits) besides its code:
the server opens the card on the token without the guess limit that must hold typed codes back
while wrong codes from many addresses have spent the shared bucket (limits.GuessLimiter). A
real server on loopback (bingo.web.server.start); the flood comes from many 127.x.y.z addresses.
"""

from __future__ import annotations

import asyncio
import json
import subprocess

import pytest
from phone_pages import KEY as PHONE_KEY
from phone_pages import (
    PhoneServer,
    PhoneWindow,
    card_from_order,
    have_chromium,
    phone_size,
    wait_for,
)
from phone_pages import write_config as phone_config
from test_cards_key import run_cards
from test_cards_output import write_config
from test_cards_qr import needs_zbar, scan, with_public_url
from webguard_support import (
    KEY,
    exchange,
    make_server,
    open_feed,
    read_frame,
    running,
    split_answer,
)

from bingo import cardcode
from bingo.web.limits import GLOBAL, TOKEN_SPACE, WRONG_TOKENS_BURST, GuessLimiter, TokenLimiter
from cards.cardset import key_file

CODE = cardcode.card_code(KEY, 7)
TOKEN = cardcode.card_token(KEY, 7)
SCANNED = f"/card/{CODE}?t={TOKEN}"  # what the phone asks for when its camera opens the QR


def _wrong(i: int) -> str:
    return f"{7 + i % 2:04d}-{'ABCDEFGHJK'[i % 10]}AAAA"


async def _ask(port: int, path: str, local: str, method: str = "GET") -> tuple[int, str]:
    request = f"{method} {path} HTTP/1.1\r\nHost: phone\r\nConnection: close\r\n\r\n".encode()
    status, _, body = split_answer(await exchange(port, request, local=local))
    return status, body.decode()


async def _flood(port: int, server) -> None:
    """Wrong codes from 200 fresh addresses, one each, until the shared bucket is empty. The
    server's guess limiter gets a clock that stands still first, so the bucket stays spent however
    long the rest of the test takes (on a busy machine a real clock refilled a token before the
    test's last typed code)."""
    server.guesses = GuessLimiter(clock=lambda: 1000.0)
    server.tokens = TokenLimiter(clock=lambda: 1000.0)  # and wrong tokens' limit: the same
    for i in range(200):
        await _ask(port, f"/api/card/{_wrong(i)}", f"127.0.{1 + i // 100}.{1 + i % 100}")
    assert server.guesses.everyone.tokens(GLOBAL) < 1.0


async def _card_on_feed(port: int, path: str, local: str) -> dict:
    reader, writer = await open_feed(port, path, local)
    try:
        while True:
            opcode, payload = await asyncio.wait_for(read_frame(reader), 5)
            if opcode == 0x1:
                return json.loads(payload)["card"]
    finally:
        writer.close()


def test_a_scanned_qr_opens_its_card_while_wrong_codes_hold_typed_codes_back(tmp_path):
    server, show = make_server(tmp_path)

    async def scenario():
        async with running(server) as port:
            show.draw()
            await _flood(port, server)
            # a new player typing the code waits, as before (the limit on typed codes holds)
            typed = await _ask(port, f"/api/card/{CODE}", "127.0.50.1")
            assert typed[0] == 429 and "制限" in json.loads(typed[1])["message"]
            assert (await _ask(port, f"/card/{CODE}", "127.0.50.1"))[0] == 429
            # a new phone scanning the card's QR code gets its page, its card and its feed
            phone = "127.0.50.2"
            page = await _ask(port, SCANNED, phone)
            assert page[0] == 200 and 'data-page="card"' in page[1]
            status, body = await _ask(port, f"/api/card/{CODE}?t={TOKEN}", phone)
            assert status == 200
            card = json.loads(body)["card"]
            assert card["serial"] == 7
            assert [[c["n"] for c in row] for row in card["rows"]] == [
                list(r) for r in server.registry[7].rows
            ]
            feed = await _card_on_feed(port, f"/ws/card/{CODE}?t={TOKEN}", phone)
            assert feed["serial"] == 7
            claim = await _ask(port, f"/api/card/{CODE}/claim?t={TOKEN}", phone, "POST")
            assert claim[0] == 200 and json.loads(claim[1])["status"] == "sent"
            # the phone remembers the card as today: its code alone opens it from there again
            assert (await _ask(port, f"/api/card/{CODE}", phone))[0] == 200
            # the token's case is forgiven (a reader may give the QR text in lower case)
            lower = f"/api/card/{CODE}?t={TOKEN.lower()}"
            assert (await _ask(port, lower, "127.0.50.3"))[0] == 200
            # and the flood still gets nothing: typed codes from fresh addresses wait
            assert (await _ask(port, f"/api/card/{_wrong(1)}", "127.0.50.4"))[0] == 429
            assert server.guesses.everyone.tokens(GLOBAL) < 1.0

    asyncio.run(scenario())
    show.close()


def test_a_wrong_or_truncated_token_opens_nothing_and_tells_nothing(tmp_path):
    server, show = make_server(tmp_path)
    other = cardcode.card_token(KEY, 8)
    tries = [
        f"/api/card/{CODE}?t={TOKEN[:-1]}",  # truncated
        f"/api/card/{CODE}?t={TOKEN}X",  # one too many
        f"/api/card/{CODE}?t={other}",  # another card's token
        f"/api/card/{CODE}?t=",  # empty
        f"/api/card/{CODE}?t=" + "A" * 16,
        f"/api/card/{_wrong(0)}?t={other}",  # a wrong code and a wrong token
        f"/api/card/{_wrong(1)}?t={TOKEN}",  # the token with a wrong code beside it
        f"/api/card/0007?t={TOKEN}",  # the bare serial (no check letters) opens nothing
    ]

    async def scenario():
        async with running(server) as port:
            await _flood(port, server)
            everyone = server.guesses.everyone.tokens(GLOBAL)
            attacker = "127.0.60.1"
            answers = [await _ask(port, path, attacker) for path in tries]
            # the same 404 whether the short code beside a wrong token was right or not
            assert set(answers) == {(404, "not found")}
            # nothing an attacker could use: no card, no guess counted or spent, nobody locked
            assert server.guesses.everyone.tokens(GLOBAL) >= everyone
            assert server.guesses.per_address.tokens(attacker) == 10
            assert attacker not in server.guesses._wrong
            # the work per address is bounded: past WRONG_TOKENS_BURST, tokens wait unchecked
            for _ in range(WRONG_TOKENS_BURST - len(tries)):
                assert (await _ask(port, f"/api/card/{CODE}?t={other}", attacker))[0] == 404
            limited = await _ask(port, f"/api/card/{CODE}?t={TOKEN}", attacker)
            assert limited[0] == 429
            assert "QR" in json.loads(limited[1])["message"]
            page = await _ask(port, f"/card/{CODE}?t={other}", attacker)
            assert page[0] == 429 and "QR" in page[1]
            # other phones scanning their cards are not affected
            assert (await _ask(port, SCANNED, "127.0.60.2"))[0] == 200

    asyncio.run(scenario())
    show.close()


def test_wrong_tokens_do_not_hold_typed_codes_back(tmp_path):
    """A flood of tokens spends nothing of the shared bucket: a newcomer typing gets in."""
    server, show = make_server(tmp_path)

    async def scenario():
        async with running(server) as port:
            for i in range(300):
                path = f"/api/card/{_wrong(i)}?t={'B' * 16}"
                await _ask(port, path, f"127.0.{70 + i // 100}.{1 + i % 100}")
            assert (await _ask(port, f"/api/card/{CODE}", "127.0.80.1"))[0] == 200

    asyncio.run(scenario())
    show.close()


def test_the_token_is_its_own_hmac_and_long_enough():
    tokens = {cardcode.card_token(KEY, s) for s in range(1, 2001)}
    assert len(tokens) == 2000  # one per card
    assert all(len(t) == cardcode.TOKEN_CHARS == 16 for t in tokens)
    assert all(set(t) <= set(cardcode.TOKEN_ALPHABET) for t in tokens)
    assert TOKEN_SPACE == 2**80
    assert cardcode.card_token(KEY, 7) != cardcode.card_token(bytes(32), 7)  # keyed
    assert cardcode.check_chars(KEY, 7) not in TOKEN  # another label: not the check letters
    assert cardcode.token_matches(KEY, 7, TOKEN)
    assert not cardcode.token_matches(None, 7, TOKEN)
    assert not cardcode.token_matches(KEY, 8, TOKEN)
    assert not cardcode.token_matches(KEY, 7, TOKEN[:15])
    assert not cardcode.token_matches(KEY, 7, TOKEN[:15] + "\u00e9")
    url = cardcode.qr_text(7, cardcode.check_chars(KEY, 7), 4, "http://10.0.0.5:8080/", TOKEN)
    assert url == f"http://10.0.0.5:8080/card/{CODE}?t={TOKEN}"
    assert cardcode.qr_text(7, "ABCDE", 4, "", TOKEN) == "0007-ABCDE"  # no public_url: the code


def test_the_token_limiter_refills_and_says_its_arithmetic():
    now = [0.0]
    limiter = TokenLimiter(clock=lambda: now[0])
    for _ in range(WRONG_TOKENS_BURST):
        assert limiter.wait("10.0.0.1") == 0
        limiter.wrong("10.0.0.1")
    assert limiter.wait("10.0.0.1") > 0
    assert limiter.wait("10.0.0.2") == 0  # per address only
    now[0] += 6.0  # 10 a minute: one more after 6 s
    assert limiter.wait("10.0.0.1") == 0
    years = TOKEN_SPACE / 1e6 / 3600 / 24 / 365.25
    assert years > 38e9
    assert "38 billion years" in TokenLimiter.__doc__


@pytest.mark.slow
@pytest.mark.process
@needs_zbar
def test_a_public_url_cards_qr_holds_its_token_and_reads_at_130_140_dpi(tmp_path):
    """6-up B5 (a small symbol) with a long LAN address: zbarimg at 130 and 140 dpi.

    At 120 dpi the 20 mm symbol (33 modules with the token, 29 without) misses about 1 card in
    80 (benchmarks/bench_cards_qr.py measures it), so the test does not scan at 120."""
    url = "http://192.168.100.200:8080"
    with_public_url(write_config(tmp_path, cards="images = false"), url)
    args = ("--count", "6", "--seed", "5", "--qr", "--per-page", "6", "--page", "B5")
    assert run_cards(tmp_path, *args) == 0
    key = cardcode.read_key_file(key_file(tmp_path / "cards.csv"))
    expected = sorted(
        cardcode.card_url(url, cardcode.card_code(key, s), cardcode.card_token(key, s))
        for s in range(1, 7)
    )
    assert all("?t=" in text for text in expected)
    for dpi in (130, 140):
        assert scan(tmp_path / "cards.pdf", tmp_path, dpi) == expected, dpi


@pytest.mark.slow
@pytest.mark.process
@needs_zbar
def test_the_png_cards_qr_holds_the_token_too(tmp_path):
    url = "http://10.0.0.5:8080"
    with_public_url(write_config(tmp_path, cards="images = false"), url)
    assert (
        run_cards(tmp_path, "--count", "1", "--seed", "5", "--qr", "--png", str(tmp_path / "png"))
        == 0
    )
    key = cardcode.read_key_file(key_file(tmp_path / "cards.csv"))
    (png,) = (tmp_path / "png").glob("*.png")
    answer = subprocess.run(["zbarimg", "-q", "--raw", str(png)], capture_output=True, text=True)
    code, token = cardcode.card_code(key, 1), cardcode.card_token(key, 1)
    assert answer.stdout.split() == [cardcode.card_url(url, code, token)]


def test_the_pages_script_carries_the_token_on_every_request_of_the_card(repo_root):
    script = (repo_root / "bingo/web/static/app.js").read_text(encoding="utf-8")
    assert 'new URLSearchParams(location.search).get("t")' in script
    assert "/claim${query}" in script and "/ws/card/${encodeURIComponent(code)}${query}" in script


@pytest.mark.browser
@pytest.mark.skipif(not have_chromium(), reason="needs chromium + chromedriver")
def test_chromium_opening_the_qr_address_shows_the_card_during_a_flood(tmp_path):
    """The page's script carries the token on its feed: with the short code remembered nowhere
    (opened() does nothing here) and the shared bucket empty, the card still fills and follows."""
    config = phone_config(tmp_path, size=5, per_column=15)
    order = list(range(1, 76))
    show = PhoneServer(config, tmp_path, card_from_order(config, order))
    window = PhoneWindow()
    driver = window.driver
    try:
        guesses = show.server.guesses
        for i in range(200):  # a flood from 200 other addresses has spent the shared bucket
            guesses.wrong(f"10.0.{i // 100}.{i % 100}")
        guesses.everyone.rate = 1e-6  # and it stays spent while the page loads
        guesses.opened = lambda address, code: None  # only the token may open the card
        token = cardcode.card_token(PHONE_KEY, show.card.serial)
        typed, _ = show.api(f"/api/card/{show.code}")
        assert typed == 429  # a typed code waits
        phone_size(driver, 375, 667)
        driver.get(f"{show.card_url()}?t={token}")
        wait_for(
            lambda: driver.execute_script("return document.querySelectorAll('.cell').length"),
            10,
            "the card",
        )
        show.land(order[0])
        wait_for(
            lambda: driver.execute_script("return document.querySelectorAll('.marked').length"),
            10,
            "the first number marked on the card (the feed, opened with the token)",
        )
    finally:
        window.close()
        show.stop()
