"""The page's files and pictures answered past aiohttp (eventkit/web/fastpath.py, issue 45.1).

A plain GET for a kept file is written straight from memory; the answer is the one aiohttp
gives (the same status, headers and bytes but the date); everything else still goes through
aiohttp: a conditional request, HEAD, a request in pieces or two at once, a closing one, a
picture that is not there. A real server on loopback.
"""

from __future__ import annotations

import asyncio

from webguard_support import connect, make_server, running, split_answer

from eventkit.web.fastpath import AVAILABLE
from eventkit.web.guard import IDLE_SECONDS, ConnectionGuard
from eventkit.web.limits import address_key


def _request(path: str, *headers: str, method: str = "GET") -> bytes:
    extra = "".join(f"{h}\r\n" for h in headers)
    return f"{method} {path} HTTP/1.1\r\nHost: phone\r\n{extra}\r\n".encode()


async def _answer(reader: asyncio.StreamReader, head_only: bool = False) -> bytes:
    head = await reader.readuntil(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":", 1)[1])
    body = b"" if head_only else await reader.readexactly(length)
    return head + body


def _without_date(answer: tuple[int, dict[str, str], bytes]) -> tuple:
    status, headers, body = answer
    return status, {k: v for k, v in headers.items() if k != "date"}, body


def _picture(server) -> int:
    return next(
        n for n in range(1, server.config.board.total_numbers + 1) if server.config.image_path(n)
    )


def test_a_plain_get_is_answered_past_aiohttp_as_aiohttp_answers_it(tmp_path):
    assert AVAILABLE, "this aiohttp's connection handler is not the one fastpath.py reads"
    server, show = make_server(tmp_path)
    fast = server.web.fast
    number = _picture(server)
    paths = [f"/img/{number}", f"/img/{number}?v=abc", "/static/app.js", "/static/app.css"]

    async def scenario():
        async with running(server) as port:
            reader, writer = await connect(port)
            answers = {}
            for path in paths:  # the first of each file is aiohttp's (it reads the file)
                writer.write(_request(path, "Connection: keep-alive"))
                aiohttp_answer = split_answer(await _answer(reader))
                before = fast.answered
                writer.write(_request(path))
                answers[path] = (aiohttp_answer, split_answer(await _answer(reader)))
                assert fast.answered == before + 1, path  # this one past aiohttp
            handler = next(iter(server.guard._open))
            left = handler._next_keepalive_close_time - asyncio.get_running_loop().time()
            writer.close()
            return answers, left

    answers, left = asyncio.run(scenario())
    show.close()
    for path, (through_aiohttp, past_aiohttp) in answers.items():
        assert past_aiohttp[0] == 200, path
        assert _without_date(past_aiohttp) == _without_date(through_aiohttp), path
        assert past_aiohttp[1]["date"].endswith(" GMT")
    assert answers[paths[0]][1][1]["content-type"] == "image/png"
    assert answers[paths[0]][1][1]["content-security-policy"].startswith("default-src 'self'")
    assert left > 9.0  # the keep-alive clock started again with the answer past aiohttp


def test_what_is_not_a_plain_get_for_a_kept_file_goes_to_aiohttp(tmp_path):
    server, show = make_server(tmp_path)
    fast = server.web.fast
    number = _picture(server)
    picture = f"/img/{number}"

    async def scenario():
        async with running(server) as port:
            reader, writer = await connect(port)
            writer.write(_request(picture))  # read and kept by aiohttp's answer
            etag = split_answer(await _answer(reader))[1]["etag"]
            out = {}
            before = fast.answered
            writer.write(_request(picture, f"If-None-Match: {etag}"))
            out["conditional"] = split_answer(await _answer(reader))
            writer.write(_request(picture, method="HEAD"))
            out["head"] = split_answer(await _answer(reader, head_only=True))
            writer.write(_request(picture) + _request("/static/app.js"))  # two at once
            out["first of two"] = split_answer(await _answer(reader))
            out["second of two"] = split_answer(await _answer(reader))
            out["passed by"] = fast.answered - before
            # a request in two pieces: aiohttp's from then on, on this connection only
            piece = _request(picture)
            writer.write(piece[:10])
            await writer.drain()
            await asyncio.sleep(0.05)  # (the first piece arrives alone)
            writer.write(piece[10:])
            out["in pieces"] = split_answer(await _answer(reader))
            writer.write(_request(picture))
            out["after pieces"] = split_answer(await _answer(reader))
            out["passed by after pieces"] = fast.answered - before
            other_reader, other = await connect(port)
            other.write(_request(picture))
            out["another connection"] = split_answer(await _answer(other_reader))
            out["passed by at the end"] = fast.answered - before
            writer.close()
            other.close()
            return out

    out = asyncio.run(scenario())
    show.close()
    assert out["conditional"][0] == 304 and out["head"][0] == 200
    assert out["first of two"][1]["content-type"] == "image/png"
    assert "javascript" in out["second of two"][1]["content-type"]
    assert out["passed by"] == 0
    assert out["in pieces"][0] == out["after pieces"][0] == 200
    assert out["passed by after pieces"] == 0
    assert out["another connection"][0] == 200 and out["passed by at the end"] == 1


def test_a_connection_answered_past_aiohttp_is_busy_for_the_guard():
    now = [0.0]
    guard = ConnectionGuard(total=8, clock=lambda: now[0])

    class Handler:
        closed = False

        def force_close(self):
            self.closed = True

    phone = Handler()
    assert guard.admit(phone, "127.0.0.2")
    now[0] = IDLE_SECONDS - 1
    guard.touch(phone)  # answered just now
    now[0] = IDLE_SECONDS + 1
    assert guard.sweep() == 0 and not phone.closed
    now[0] = 2 * IDLE_SECONDS
    assert guard.sweep() == 1 and phone.closed


def test_a_scanned_qr_opens_its_page_and_card_past_aiohttp_as_aiohttp_would(tmp_path):
    """`/card/<code>?t=<token>` and `/api/card/...`: the same answer both ways, the card
    counted as opened from that address; a wrong token, a typed code, a limited address go
    to aiohttp, which counts a wrong token once."""
    from webguard_support import KEY

    from bingo.cardcode import card_code, card_token

    server, show = make_server(tmp_path)
    fast = server.web.fast
    code, token = card_code(KEY, 7), card_token(KEY, 7)
    paths = [f"/card/{code}?t={token}", f"/api/card/{code}?t={token}"]
    local = "127.0.0.9"

    async def scenario():
        async with running(server) as port:
            reader, writer = await connect(port, local)
            answers = {}
            for path in paths:
                writer.write(_request(path, "If-Modified-Since: Mon, 07 Dec 2026 00:00:00 GMT"))
                through_aiohttp = split_answer(await _answer(reader))
                before = fast.answered
                writer.write(_request(path))
                answers[path] = (through_aiohttp, split_answer(await _answer(reader)))
                assert fast.answered == before + 1, path
            before = fast.answered
            tokens = server.tokens.per_address.tokens(local)
            writer.write(_request(f"/card/{code}?t=AAAAAAAAAAAAAAAA"))
            wrong = split_answer(await _answer(reader))
            spent = tokens - server.tokens.per_address.tokens(local)
            writer.write(_request(f"/card/{code}"))  # typed: the guess limits' (aiohttp's)
            typed = split_answer(await _answer(reader))
            passed = fast.answered - before
            writer.close()
            other_reader, other = await connect(port, "127.0.0.10")  # past aiohttp alone
            other.write(_request(paths[1]))
            assert split_answer(await _answer(other_reader))[0] == 200
            assert fast.answered == before + 1
            other.close()
            return answers, wrong, round(spent, 3), typed, passed

    answers, wrong, spent, typed, passed = asyncio.run(scenario())
    show.close()
    for path, (through_aiohttp, past_aiohttp) in answers.items():
        assert past_aiohttp[0] == 200, path
        assert _without_date(past_aiohttp) == _without_date(through_aiohttp), path
    assert answers[paths[0]][1][2].lower().startswith(b"<!doctype html>")
    assert b'"card":' in answers[paths[1]][1][2]
    assert wrong[:3:2] == (404, b"not found") and 0.9 < spent < 1.1  # counted once, by aiohttp
    assert typed[0] == 200 and passed == 0
    assert address_key("127.0.0.10") in server._openers  # opened, as aiohttp counts it
    assert server.guesses.wait("127.0.0.10", code) == 0


def test_a_phone_accepting_gzip_gets_the_text_files_gzipped_by_aiohttp(tmp_path):
    """eventkit.web.app's compress middleware gzips text answers for a phone that accepts
    it: those requests are aiohttp's; a picture (not compressed) is still answered past it."""
    from webguard_support import KEY

    from bingo.cardcode import card_code, card_token

    server, show = make_server(tmp_path)
    fast = server.web.fast
    number = _picture(server)
    card = f"/api/card/{card_code(KEY, 7)}?t={card_token(KEY, 7)}"

    async def scenario():
        async with running(server) as port:
            reader, writer = await connect(port)
            out = {}
            for path in ("/static/app.js", f"/img/{number}", "/static/app.js", card):
                writer.write(_request(path))  # (kept by a first plain request)
                await _answer(reader)
            for path in ("/static/app.js", f"/img/{number}", card):
                before = fast.answered
                writer.write(_request(path, "Accept-Encoding: gzip, deflate, br"))
                out[path] = (split_answer(await _answer(reader)), fast.answered - before)
            writer.close()
            return out

    out = asyncio.run(scenario())
    show.close()
    script, script_past = out["/static/app.js"]
    assert script[1].get("content-encoding") == "gzip" and script_past == 0
    picture, picture_past = out[f"/img/{number}"]
    assert "content-encoding" not in picture[1] and picture_past == 1
    answer, answer_past = out[card]
    assert answer[1].get("content-encoding") == "gzip" and answer_past == 0


def test_a_kept_file_changed_on_disk_is_never_answered_past_aiohttp(tmp_path, monkeypatch):
    """fresh() looks at the file again once RECHECK has passed, as answer() does: unchanged,
    it is still answered from memory; changed or gone, it is aiohttp's (which reads it anew)."""
    from eventkit.web import files as files_module

    picture = tmp_path / "7.png"
    picture.write_bytes(b"old picture")
    files = files_module.MemoryFiles()

    class Request:
        headers: dict[str, str] = {}

    files.answer(Request(), picture, "max-age=3600")  # read and kept
    assert files.fresh(picture) is not None
    monkeypatch.setattr(files_module, "RECHECK", 0.0)  # every request looks again
    assert files.fresh(picture).data == b"old picture"  # unchanged: still kept
    picture.write_bytes(b"a new, longer picture")
    assert files.fresh(picture) is None
    assert files.answer(Request(), picture, "max-age=3600").body == b"a new, longer picture"
    assert files.fresh(picture).data == b"a new, longer picture"
    picture.unlink()
    assert files.fresh(picture) is None


def test_a_picture_that_is_not_there_gets_aiohttps_404_past_it(tmp_path):
    """A number without a picture, or off the board: the one 404, as aiohttp says it."""
    server, show = make_server(tmp_path)
    fast = server.web.fast
    total = server.config.board.total_numbers
    missing = [n for n in range(1, total + 1) if not server.config.image_path(n)]
    paths = [f"/img/{total + 1}", "/img/9999"] + [f"/img/{n}" for n in missing[:1]]

    async def scenario():
        async with running(server) as port:
            reader, writer = await connect(port)
            answers = {}
            for path in paths:
                writer.write(_request(path, "If-Modified-Since: Mon, 07 Dec 2026 00:00:00 GMT"))
                through_aiohttp = split_answer(await _answer(reader))
                before = fast.answered
                writer.write(_request(path))
                answers[path] = (through_aiohttp, split_answer(await _answer(reader)))
                assert fast.answered == before + 1, path
            writer.close()
            return answers

    answers = asyncio.run(scenario())
    show.close()
    for path, (through_aiohttp, past_aiohttp) in answers.items():
        assert past_aiohttp[:3:2] == (404, b"not found"), path
        assert _without_date(past_aiohttp) == _without_date(through_aiohttp), path
