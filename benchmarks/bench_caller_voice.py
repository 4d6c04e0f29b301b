"""Does the spoken call disturb the reel? The UI thread's longest stall during spins, voice on/off.

  python benchmarks/bench_caller_voice.py            # 8 draws each way
  python benchmarks/bench_caller_voice.py --quick    # 3 draws each way

The show draws, spins (1.5 s) and lands; each landing's call ("ピーの、なな") is rendered by the
voice worker process while the next spin runs. A 4 ms timer on the UI thread records its gaps
(the longest stall a reel frame could suffer; per spin, then the median over the spins) and
the reel's animation its frame intervals. The odds engine is left out (measured in
bench_display.py); the first draw of each run warms up and is not counted.
The worker plays each call with a stand-in player that waits for the call's length (a machine
without a sound card cannot play it; rendering is the voice's real work). Targets: the longest
stall with the voice within 10 ms of the one without, and Voice.say() under 1 ms on the UI
thread.

Measured here (2 cores shared with other test runs, load average 7-10, so stalls of 50-200 ms
come from the machine): full run, median stall per spin 52.8 ms off / 52.7 ms on (OK), say()
0.17 ms (OK); a --quick run at load 9.5 missed by +131 ms, and the same run with a worker that
does nothing also showed +43 ms, so the figure only means something on an idle machine.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PLAYER = (
    "import sys, time, wave\n"
    "with wave.open(sys.argv[1]) as f:\n"
    "    time.sleep(f.getnframes() / f.getframerate())\n"
)


def no_odds() -> str:
    """The odds engine left out: its work on the UI's process is not what is measured here."""
    import types

    module = types.ModuleType("bench_caller_no_odds")

    def warm_up() -> None:
        raise RuntimeError("left out of this benchmark")

    module.warm_up = warm_up
    sys.modules[module.__name__] = module
    return module.__name__


def run(voice_on: bool, draws: int, folder: Path) -> dict[str, float]:
    from PySide6.QtCore import QElapsedTimer, QEventLoop, QTimer

    from bingo.config import load_config
    from bingo.session import DrawSession
    from bingo.ui.display import DisplayWindow

    config = load_config(ROOT / "config.toml")
    display = dataclasses.replace(config.display, spin_seconds=1.5, sound=False, voice=voice_on)
    config = dataclasses.replace(config, display=display)
    session = DrawSession.open(config, folder / f"bench-{voice_on}.jsonl", new=True, seed=1)
    window = DisplayWindow(
        session, config, odds_mode="thread", probability_module=no_odds(), warn=lambda m: None
    )
    player = folder / "player.py"
    player.write_text(PLAYER)
    window.voice.argv = [
        sys.executable,
        "-m",
        "bingo.ui.voice",
        "--language",
        config.event.language,
        "--player",
        f"{sys.executable} {player}",
    ]
    window.resize(1280, 720)
    window.show()
    window.start_background_work()
    loop = QEventLoop()
    if voice_on:
        deadline = time.monotonic() + 30
        while window.voice.available is None and time.monotonic() < deadline:
            loop.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
        if not window.voice.available:
            raise SystemExit(f"no voice here: {window.voice.reason}")

    gaps: list[float] = []
    frames: list[float] = []
    clock = QElapsedTimer()
    last = [0.0]
    frame_last = [0.0]
    spinning = [False]

    def tick() -> None:
        now = clock.nsecsElapsed() / 1e6
        if spinning[0]:
            gaps.append(now - last[0])
        last[0] = now

    def frame(_value) -> None:
        now = clock.nsecsElapsed() / 1e6
        if frame_last[0]:
            frames.append(now - frame_last[0])
        frame_last[0] = now

    timer = QTimer()
    timer.setInterval(4)
    timer.timeout.connect(tick)
    window.reel.animation.valueChanged.connect(frame)
    clock.start()
    timer.start()
    say_ms: list[float] = []
    real_say = window.voice.say

    def timed_say(text: str) -> bool:
        start = time.perf_counter()
        result = real_say(text)
        say_ms.append((time.perf_counter() - start) * 1000)
        return result

    window.voice.say = timed_say
    per_spin: list[float] = []
    for index in range(draws + 1):  # the first draw warms up (fonts, pictures): not counted
        frame_last[0] = 0.0
        spinning[0] = index > 0
        last[0] = clock.nsecsElapsed() / 1e6
        start = len(gaps)
        window.controller.draw()
        while window.controller.spinning:
            loop.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 5)
        spinning[0] = False
        if index > 0 and len(gaps) > start:
            per_spin.append(max(gaps[start:]))
    spoken_deadline = time.monotonic() + 20
    while voice_on and len(window.voice.spoken) < 1 and time.monotonic() < spoken_deadline:
        loop.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
    timer.stop()
    spoken = len(window.voice.spoken)
    window.close()
    session.close()
    return {
        "max_gap": max(gaps),
        "median_spin_stall": statistics.median(per_spin),
        "p99_frame": statistics.quantiles(frames, n=100)[98] if len(frames) > 2 else 0.0,
        "say_ms": max(say_ms) if say_ms else 0.0,
        "spoken": spoken,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    draws = 3 if args.quick else 8
    from PySide6.QtWidgets import QApplication

    from eventkit.fonts import register_qt_fonts

    app = QApplication([])
    register_qt_fonts()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)  # off, on, off, on: the machine's load changes during a run
        runs = [run(voice, draws, folder) for voice in (False, True, False, True)]
    off = {k: statistics.median(r[k] for r in runs[0::2]) for k in runs[0]}
    on = {k: statistics.median(r[k] for r in runs[1::2]) for k in runs[1]}
    del app
    print(f"draws per run: {draws}, 2 runs each way, spin 1.5 s, 1280x720 offscreen")
    print(f"load average (1 min) now: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(
        f"UI thread longest stall in a spin (median over spins): voice off "
        f"{off['median_spin_stall']:.1f} ms, on {on['median_spin_stall']:.1f} ms; longest of all: "
        f"off {off['max_gap']:.1f} ms, on {on['max_gap']:.1f} ms; reel frame interval p99: off "
        f"{off['p99_frame']:.1f} ms, on {on['p99_frame']:.1f} ms; calls said: {on['spoken']:g}"
    )
    extra = on["median_spin_stall"] - off["median_spin_stall"]
    ok = extra <= 10.0
    print(
        f"stall added by the voice: {extra:+.1f} ms, target <= +10 ms: {'OK' if ok else 'MISSED'}"
    )
    say_ok = on["say_ms"] < 1.0
    print(
        f"Voice.say() on the UI thread: {on['say_ms']:.3f} ms, target < 1 ms: "
        f"{'OK' if say_ok else 'MISSED'}"
    )
    return 0 if ok and say_ok else 1


if __name__ == "__main__":
    sys.exit(main())
