"""A claim the disk refused is not used up, and the phone reads why: issue 27 item 6 (web part).

A real server on loopback; the claims file's write fails as on a full disk (ENOSPC).
"""

from __future__ import annotations

import asyncio
import errno
import json

from webguard_support import KEY, connect, make_server, running, split_answer

import bingo.web.server as web_server
from bingo import cardcode
from bingo.showlink import claims_path


async def _claim(port: int, code: str) -> tuple[int, dict]:
    reader, writer = await connect(port)
    writer.write(
        f"POST /api/card/{code}/claim HTTP/1.1\r\nHost: phone\r\nContent-Length: 0\r\n"
        "Connection: close\r\n\r\n".encode()
    )
    raw = await asyncio.wait_for(reader.read(), 5)
    writer.close()
    status, _, body = split_answer(raw)
    return status, json.loads(body)


def test_a_claim_refused_by_a_full_disk_is_not_used_up_and_says_why(tmp_path, monkeypatch):
    server, show = make_server(tmp_path)
    show.draw()
    code = cardcode.card_code(KEY, 7)
    real_append = web_server.append_line

    def full_disk(path, record, *, sync=False):
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    async def scenario():
        async with running(server) as port:
            # the server has seen the game (it follows the journal 20 times a second): a
            # bounded wait, then a failure, not 2.5 s and on regardless
            deadline = asyncio.get_running_loop().time() + 60
            while server.snapshot.game is None:
                assert asyncio.get_running_loop().time() < deadline, "the server saw no game"
                await asyncio.sleep(0.05)
            monkeypatch.setattr(web_server, "append_line", full_disk)
            refused = await _claim(port, code)
            monkeypatch.setattr(web_server, "append_line", real_append)
            again = await _claim(port, code)  # space freed: pressing again works at once
            return refused, again

    (status, body), (again_status, again_body) = asyncio.run(scenario())
    show.close()
    assert (again_status, again_body["status"]) == (200, "sent")  # not "wait 29 s"
    assert status == 503 and body["reason"] == "disk_full"
    assert "No space" not in body["message"] and "Errno" not in body["message"]
    assert "保存領域" in body["message"]  # the event's language (Japanese by default)
    assert claims_path(server.journal).read_text(encoding="utf-8").count('"serial":7') == 1
