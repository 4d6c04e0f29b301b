"""Images and page files come from memory (no open file per download), cached by phones right.

Issue 27 item 1: 200 phones loading 25 images each held an open file per image being sent and
ran a 1,024-file server out of files. A real server on loopback.
"""

from __future__ import annotations

import asyncio
import io

from webguard_support import exchange, make_server, running, split_answer


def _get(path: str, *headers: str) -> bytes:
    extra = "".join(f"{h}\r\n" for h in headers)
    return f"GET {path} HTTP/1.1\r\nHost: phone\r\nConnection: close\r\n{extra}\r\n".encode()


def test_images_and_page_files_are_answered_from_memory_with_their_type(tmp_path, monkeypatch):
    server, show = make_server(tmp_path)
    number = next(
        n for n in range(1, server.config.board.total_numbers + 1) if server.config.image_path(n)
    )
    opened = []
    real_open = io.open

    def watch_open(path, *args, **kwargs):  # what pathlib and aiohttp's file answers open by
        opened.append(str(path))
        return real_open(path, *args, **kwargs)

    async def scenario():
        async with running(server) as port:
            first = split_answer(await exchange(port, _get(f"/img/{number}")))
            monkeypatch.setattr(io, "open", watch_open)
            try:
                again = [
                    split_answer(await exchange(port, _get(f"/img/{number}"))) for _ in range(5)
                ]
                script = split_answer(await exchange(port, _get("/static/app.js")))
            finally:
                monkeypatch.setattr(io, "open", real_open)
            cached = split_answer(
                await exchange(port, _get(f"/img/{number}", f"If-None-Match: {first[1]['etag']}"))
            )
            return first, again, script, cached

    first, again, script, cached = asyncio.run(scenario())
    show.close()
    status, headers, body = first
    assert status == 200 and headers["content-type"] == "image/png"
    assert body.startswith(b"\x89PNG") and headers["cache-control"] == "max-age=3600"
    assert all(a[2] == body for a in again)
    assert not any(p.endswith(".png") for p in opened)  # no file opened to answer them again
    assert script[0] == 200 and "javascript" in script[1]["content-type"]
    assert cached[0] == 304 and cached[1]["x-content-type-options"] == "nosniff"
