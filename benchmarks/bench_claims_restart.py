"""A claim pending when the show is killed: how long after the restart it is asked again.

  python benchmarks/bench_claims_restart.py [--runs 3]

Each run is the night's path with real processes: `bingo draw --serve --registry --auto 0.5`
(the show and its phones' server), a phone presses ビンゴ! (POST /api/card/<code>/claim on the
real server), the show is killed with SIGKILL, and the same command is started again. Measured:
  * restart -> the claim is listed and asked again: from starting the restarted show to its
    line for the host ("再起動前のビンゴ申告 1件が未確認です"), said once its windows are up with
    the claim in the operator list, on the claims button and first for V (target <= 5 s)
  * the phone still waits for a real verdict: its card's claim has no verdict after the
    restart (the show never answers by itself), checked on the server's /api/card/<code>
  * auto mode waits while the claim waits: no number drawn in the 2 s after the restart
  * V -> verdict on the phone: the restarted show killed too, the show opened again in this
    process (offscreen), V pressed on the claim, the time until the phones' server (still the
    one of the first run) answers /api/card/<code> with the verdict (target <= 2 s)
Prints each figure with its target and OK / MISSED. Measured 2026-12-01 on the shared 2-core
machine (3 runs): restart -> claim asked again median 2.00 s, slowest 2.31 s (the show's
start-up is most of it; 2.87 / 3.02 s in an earlier, busier run); the phone waited and auto
mode held 3/3; V -> verdict on the phone's server slowest 125 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from served import served  # noqa: E402  (the server says its port: tests/served.py)

TARGET_SECONDS = 5.0
VERDICT_TARGET = 2.0  # the server follows the verdicts file; the phone hears it at once
CONFIG = """
[event]
title = "claims restart bench"
[board]
image_dir = "{img}"
[display]
spin_seconds = 0.3
sound = false
[web]
port = {port}
bind = "127.0.0.1"
"""


class Show:
    """A real show process (its own process group: its server too) and its stderr lines."""

    def __init__(self, argv: list[str], env: dict[str, str]) -> None:
        self.started = time.monotonic()
        self.process = subprocess.Popen(
            argv,
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        self.lines: list[tuple[float, str]] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.process.stderr:
            self.lines.append((time.monotonic(), line.rstrip("\n")))

    def seconds_to(self, part: str, timeout: float) -> float | None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for at, line in list(self.lines):
                if part in line:
                    return at - self.started
            if self.process.poll() is not None:
                return None
            time.sleep(0.02)
        return None

    def kill_show_only(self) -> None:
        """SIGKILL to the show alone (its phones' server lives on, as after a crash)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def kill_all(self) -> None:
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait()


def http(method: str, url: str) -> dict | None:
    request = urllib.request.Request(url, method=method, data=b"" if method == "POST" else None)
    try:
        with urllib.request.urlopen(request, timeout=3) as answer:
            return json.loads(answer.read())
    except (OSError, ValueError):
        return None


def wait_for(condition, timeout: float):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    return None


def draws(journal: Path) -> int:
    count = 0
    for raw in journal.read_text(encoding="utf-8").splitlines():
        kind = json.loads(raw).get("type")
        count += {"draw": 1, "undo": -1}.get(kind, 0)
    return count


def one_run(folder: Path) -> dict:
    from bingo import cardcode
    from bingo.config import load_config
    from cards.model import BingoCard
    from cards.registry import write_registry

    config_path = folder / "config.toml"  # web.port = 0: the server's port is read from .serve
    config_path.write_text(CONFIG.format(img=(ROOT / "img").as_posix(), port=0), encoding="utf-8")
    config = load_config(config_path)
    b = config.board
    card = BingoCard(
        1, tuple(tuple(list(b.numbers_of_column(c))[r] for c in range(b.size)) for r in range(4))
    )
    registry = folder / "cards.csv"
    write_registry(registry, [card])
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PUYO_EVENT_DATA_DIR=str(folder / "data"))
    os.environ["PUYO_EVENT_DATA_DIR"] = env["PUYO_EVENT_DATA_DIR"]
    code = cardcode.card_code(cardcode.load_key(config.event.title, create=True), 1)
    journal = folder / "show.jsonl"
    argv = [sys.executable, "-m", "bingo", "draw", "--config", str(config_path)]
    argv += ["--journal", str(journal), "--registry", str(registry), "--serve"]
    argv += ["--auto", "0.5", "--windowed", "--seed", "3"]
    shows: list[Show] = []
    result: dict = {"listed": None, "phone_waits": False, "auto_waits": False}
    try:
        first = Show(argv, env)
        shows.append(first)
        try:  # its server, adopted by the shows after it, keeps the port it got
            base = f"http://127.0.0.1:{served(journal, 60, first.process).port}"
        except AssertionError as exc:
            raise SystemExit(f"the show's server did not start: {exc}") from None
        if not wait_for(lambda: (http("GET", f"{base}/api/board") or {}).get("count", 0) >= 2, 60):
            raise SystemExit("the show and its server did not start: " + str(first.lines[-5:]))
        sent = http("POST", f"{base}/api/card/{code}/claim")
        if not sent or sent.get("status") != "sent":
            raise SystemExit(f"the claim was not taken: {sent}")
        time.sleep(1.0)  # the show reads claims every 0.5 s
        first.kill_show_only()
        again = Show(argv, env)
        shows.append(again)
        result["listed"] = again.seconds_to("未確認", 60)
        at_restart = draws(journal)
        time.sleep(2.0)
        result["auto_waits"] = draws(journal) == at_restart
        card = wait_for(lambda: (http("GET", f"{base}/api/card/{code}") or {}).get("card"), 10)
        claim = (card or {}).get("claim") or {}
        result["phone_waits"] = bool(claim.get("id")) and claim.get("verdict") is None
        again.kill_show_only()  # the phones' server goes on; the host's V is pressed here
        result["verdict"] = verdict_seconds(config, journal, registry, f"{base}/api/card/{code}")
    finally:
        for show in shows:
            show.kill_all()
    return result


def verdict_seconds(config, journal: Path, registry: Path, card_url: str) -> float | None:
    """The show opened again in this process (its real windows, offscreen): V on the claim
    that survived two kills, then the time until the phone's server says the verdict."""
    from PySide6.QtWidgets import QApplication

    from bingo.session import DrawSession
    from bingo.ui.display import DisplayWindow
    from bingo.ui.weblink import ClaimDesk, ShowLink
    from cards.check import load_registry_for

    app = QApplication.instance() or QApplication([])
    session = DrawSession.open(config, journal, seed=3)
    window = DisplayWindow(
        session, config, registry=load_registry_for(config, registry, note=print)
    )
    window.show()
    app.processEvents()
    link = ShowLink(window.controller, window.warn, parent=window)
    desk = ClaimDesk(window, link)
    try:
        if len(desk.pending()) != 1:
            return None
        started = time.monotonic()
        desk.check_next()  # V
        answered = wait_for(
            lambda: (
                ((http("GET", card_url) or {}).get("card") or {}).get("claim", {}).get("verdict")
            ),
            10,
        )
        return time.monotonic() - started if answered else None
    finally:
        link.stop()
        window.odds.shutdown()
        window.close()
        session.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    results = []
    for i in range(args.runs):
        with tempfile.TemporaryDirectory(prefix="bench-claims-") as folder:
            results.append(one_run(Path(folder)))
        print(f"run {i + 1}: {results[-1]}", flush=True)
    listed = [r["listed"] for r in results if r["listed"] is not None]
    ok = len(listed) == len(results)
    worst = max(listed) if listed else float("nan")
    median = statistics.median(listed) if listed else float("nan")
    verdict = "OK" if ok and worst <= TARGET_SECONDS else "MISSED"
    print(
        f"restart -> pending claim listed and asked again: median {median:.2f} s, "
        f"slowest {worst:.2f} s over {len(results)} runs (target <= {TARGET_SECONDS:.0f} s) "
        f"{verdict}"
    )
    waits = all(r["phone_waits"] for r in results)
    print(
        "the phone still waits for a real verdict after the restart: "
        f"{sum(r['phone_waits'] for r in results)}/{len(results)} (target all) "
        f"{'OK' if waits else 'MISSED'}"
    )
    answered = [r["verdict"] for r in results if r.get("verdict") is not None]
    fast = len(answered) == len(results) and max(answered) <= VERDICT_TARGET
    print(
        "V -> the verdict on the phone's server (the claim that survived the kills): "
        + (f"slowest {max(answered) * 1000:.0f} ms" if answered else "never")
        + f" (target <= {VERDICT_TARGET * 1000:.0f} ms) {'OK' if fast else 'MISSED'}"
    )
    held = all(r["auto_waits"] for r in results)
    print(
        "auto mode draws nothing while the claim waits (2 s after the restart): "
        f"{sum(r['auto_waits'] for r in results)}/{len(results)} (target all) "
        f"{'OK' if held else 'MISSED'}"
    )
    return 0 if verdict == "OK" and waits and held and fast else 1


if __name__ == "__main__":
    raise SystemExit(main())
