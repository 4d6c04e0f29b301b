"""The servers' own loggers go through the quiet log (issue 32.5): a failure the games hub logs
with its traceback reaches the host's terminal as one line per 10 s, never the traceback."""

from __future__ import annotations

import asyncio
import io
import logging

from eventkit.web.guard import QuietLog, quiet_logs


def test_the_hubs_logger_is_one_line_per_ten_seconds_without_a_traceback() -> None:
    stream = io.StringIO()
    now = [0.0]
    log = QuietLog(stream, name="games serve", clock=lambda: now[0])

    async def scenario() -> None:
        restore = quiet_logs(log)
        try:
            for _ in range(15):  # the 15 tracebacks of one room on a full disk
                try:
                    raise OSError(28, "No space left on device")
                except OSError:
                    logging.getLogger("games.web.hub").exception("room r1: cpu at step 4 failed")
            now[0] = 11.0
            logging.getLogger("games.web.restore").warning("journal record 3 not replayed")
        finally:
            restore()

    asyncio.run(scenario())
    lines = stream.getvalue().splitlines()
    assert len(lines) == 2 and "Traceback" not in stream.getvalue()
    assert lines[0].startswith("games serve: room r1: cpu at step 4 failed")
    assert "No space left on device" in lines[0]
    assert "journal record 3 not replayed" in lines[1]
    assert logging.getLogger("games.web.hub").propagate  # put back after the server
