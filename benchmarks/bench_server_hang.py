"""How long the phones are without their server when it hangs (SIGSTOP) during a show.

  python benchmarks/bench_server_hang.py [--rounds N]

A real `bingo draw --serve --auto 0.5` (offscreen) runs a show; each round stops the phones'
server with SIGSTOP (its port still takes connections, nothing answers) and times until
`/api/board` answers again from another process: the show sees the server's `.serve` untouched
for HUNG_SECONDS, kills it and starts a new one (bingo.ui.webserver). Rounds are STABLE_SECONDS
apart. Target (issue 32 item 6): phones served again within 10 s each time.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_server_restart import CONFIG, answers, show, wait  # noqa: E402
from served import reserved_port  # noqa: E402  (bench_server_restart put tests/ on the path)

from bingo.serve_lock import running_server  # noqa: E402
from bingo.ui.webserver import STABLE_SECONDS  # noqa: E402
from bingo.web.command import HUNG_SECONDS  # noqa: E402

TARGET = 10.0


def hangs(journal: Path, port: int, rounds: int) -> list[float]:
    times = []
    for _ in range(rounds):
        info = running_server(journal)
        assert info is not None and info.pid
        stopped = time.monotonic()
        os.kill(info.pid, signal.SIGSTOP)
        old = info.pid

        def back_again(old: int = old) -> bool:
            now = running_server(journal)
            return now is not None and now.pid != old and answers(port)

        back = wait(back_again, 60)
        times.append(time.monotonic() - stopped if back else float("inf"))
        try:
            os.kill(info.pid, signal.SIGKILL)  # (killed already by the show, or left over)
        except ProcessLookupError:
            pass
        time.sleep(STABLE_SECONDS + 1)  # a server that hangs now and then, not a crash loop
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4)
    rounds = parser.parse_args().rounds
    # one port for the hung server and its successor, held throughout (tests/served.py)
    with tempfile.TemporaryDirectory() as folder, reserved_port() as port:
        os.environ["PUYO_EVENT_DATA_DIR"] = folder
        config = Path(folder) / "config.toml"
        config.write_text(CONFIG.format(img=(ROOT / "img").as_posix(), port=port), "utf-8")
        journal = Path(folder) / "show.jsonl"
        process = show(config, journal)
        try:
            assert wait(lambda: answers(port), 90), "the show's server never answered"
            times = hangs(journal, port, rounds)
        finally:
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            info = running_server(journal)
            if info is not None and info.pid:
                os.kill(info.pid, signal.SIGKILL)
    worst = max(times)
    ok = worst <= TARGET
    print(
        f"server stopped (SIGSTOP) -> phones served again by a new server: rounds {len(times)}, "
        f"worst {worst:.2f} s (hung after {HUNG_SECONDS:g} s untouched; target <= {TARGET:g} s: "
        f"{'OK' if ok else 'MISSED'})"
    )
    print(f"each: {', '.join(f'{t:.2f}' for t in times)} s")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
