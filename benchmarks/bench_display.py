"""Speed of the bingo draw display, offscreen.

  python benchmarks/bench_display.py            # all figures
  python benchmarks/bench_display.py --quick    # one spin, fewer draws
  python benchmarks/bench_display.py --start-only --launches 8   # figure 1 alone

1. start to first frame: `bingo draw` as typed (the command line, its imports, the journal, the
   full-screen window) until its first full-screen frame is on the screen, under Xvfb
   (apt-get install -y xvfb; offscreen without it), beside a bare PySide6 full-screen window
   measured the same way in the same run (launches in turns, after one warm-up launch each;
   the first frame noted by a filter on the full-screen widget alone: FIRST_FRAME_HOOK), with
   the CPU each used until then (steadier than the time on a busy machine); the odds engine's
   readiness is then measured in-process as before;
2. during a spin at 1920x1080: paint time of every reel frame driven by its animation, and the
   interval between animation frames;
3. after a landing: time until the odds panel shows the new odds, and the longest stall of the
   UI thread while the engine works (a 4 ms timer on the UI thread records its gaps).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def first_frame_child(started: float, journal: str) -> None:
    """Runs in a fresh process: what `bingo draw` does up to the first painted frame."""
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication

    from bingo.config import load_config
    from bingo.session import DrawSession
    from bingo.ui.command import show_windows
    from bingo.ui.display import DisplayWindow

    app = QApplication([])
    config = load_config(ROOT / "config.toml")
    session = DrawSession.open(config, journal, new=True)
    window = DisplayWindow(session, config, warn=lambda m: None)
    marks: dict[str, float] = {}

    class FirstPaint(QObject):
        def eventFilter(self, obj, event):
            if event.type() == QEvent.Type.Paint and "frame" not in marks:
                QTimer.singleShot(0, lambda: marks.setdefault("frame", time.time()))
            return False

    spy = FirstPaint()
    window.reel.installEventFilter(spy)
    window.odds.state_changed.connect(lambda s: marks.setdefault("odds", time.time()))
    show_windows(window, config, operator=False, full_screen=False)
    QTimer.singleShot(0, window.start_background_work)
    deadline = time.time() + 60
    while time.time() < deadline and not ("frame" in marks and "odds" in marks):
        app.processEvents()
        time.sleep(0.001)
    print(
        f"{marks.get('frame', float('nan')) - started:.3f} "
        f"{marks.get('odds', float('nan')) - started:.3f} {window.odds.state}"
    )
    session.close()


# Both launches below run this first: the first widget a program shows full screen gets an
# event filter of its own, which notes its first paint and prints the time once that frame is
# out (after the flush that ends the paint, by an event posted at a priority above the
# program's own: the show's work queued for after its first frame runs after it) and ends the
# process. It imports nothing up front: QApplication's module is patched as the program itself
# imports PySide6.QtWidgets, so the modules a program imports before Qt are imported before Qt,
# as without the hook (after PySide6, every new module costs a read of its source: PySide6's
# feature hook looks for its name in it). The filter is on that one widget, not on the
# application: an application's filter is handed every object of Qt's own, of classes the
# bindings do not know, and naming them makes PySide6 build every class of its modules and
# their Python enums (~185 enum types, ~0.1 s of CPU in each program, which neither does
# without the hook).
FIRST_FRAME_HOOK = r"""
import importlib.machinery, os, sys, time

def _install(QtWidgets):
    from PySide6.QtCore import QCoreApplication, QEvent, QObject

    class _FirstFrame(QObject):
        seen = False

        def eventFilter(self, obj, event):
            if not self.seen and event.type() == QEvent.Type.Paint:
                self.seen = True
                # delivered once the paint is over and flushed, before what the program
                # queued at normal priority while painting (priority 1: Qt.HighEventPriority)
                QCoreApplication.postEvent(self, QEvent(QEvent.Type.User), 1)
            return False

        def event(self, event):
            if event.type() == QEvent.Type.User:
                _out()
            return super().event(event)

    watching = []
    show_full_screen = QtWidgets.QWidget.showFullScreen

    def showFullScreen(self):
        if not watching:
            watching.append(_FirstFrame())
            self.installEventFilter(watching[0])
        return show_full_screen(self)

    QtWidgets.QWidget.showFullScreen = showFullScreen

def _out():
    print(f"FRAME {time.time():.6f}", flush=True)
    os._exit(0)

class _Patched:  # (no importlib.abc: importing it costs the bare window 40 ms)
    def __init__(self, loader):
        self.loader = loader

    def create_module(self, spec):
        return self.loader.create_module(spec)

    def exec_module(self, module):
        self.loader.exec_module(module)
        _install(module)

class _WhenQtWidgets:
    def find_spec(self, name, path, target=None):
        if name != "PySide6.QtWidgets":
            return None
        sys.meta_path.remove(self)
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        spec.loader = _Patched(spec.loader)
        return spec

sys.meta_path.insert(0, _WhenQtWidgets())
"""

BARE_WINDOW = """
import sys
from PySide6.QtWidgets import QApplication, QWidget
app = QApplication(sys.argv)
window = QWidget()
window.setStyleSheet("background: black")
window.showFullScreen()
app.exec()
"""

DRAW_COMMAND = """
import sys
sys.argv = ["bingo", "draw", "--new", "--journal", sys.argv[1]]
from bingo.cli import main
raise SystemExit(main())
"""


def start_xvfb() -> tuple[subprocess.Popen | None, str | None]:
    """An X server of 1920x1080 on a free display number (Xvfb -displayfd); (None, None)
    without Xvfb."""
    import shutil

    if shutil.which("Xvfb") is None:
        return None, None
    read, write = os.pipe()
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    if not number:
        xvfb.kill()
        return None, None
    return xvfb, f":{number}"


def launch_to_frame(code: str, args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Seconds from the command's start to its first full-screen frame (nan if none in 60 s),
    and the CPU seconds (user + system) the process used until then: a busy machine stretches
    the first figure, hardly the second."""
    import resource

    def children_cpu() -> float:
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        return usage.ru_utime + usage.ru_stime

    cpu = children_cpu()
    started = time.time()
    try:
        out = subprocess.run(
            [sys.executable, "-c", FIRST_FRAME_HOOK + code, *args],
            capture_output=True,
            text=True,
            env=env,
            cwd=ROOT,
            timeout=60,
        ).stdout
    except subprocess.TimeoutExpired:
        return float("nan"), float("nan")
    cpu = children_cpu() - cpu  # the process ends at its first frame (os._exit)
    for line in out.splitlines():
        if line.startswith("FRAME "):
            return float(line.split()[1]) - started, cpu
    return float("nan"), cpu


def command_to_first_frame(launches: int = 3) -> None:
    """`bingo draw` typed -> first full-screen frame, beside a bare PySide6 full-screen window."""
    xvfb, display = start_xvfb()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            # bytecode kept as an installed copy keeps it (in a folder of its own: this
            # checkout may run with PYTHONDONTWRITEBYTECODE, which compiles every module anew)
            env = dict(os.environ, PUYO_EVENT_DATA_DIR=tmp, PYTHONPYCACHEPREFIX=f"{tmp}/pyc")
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            if display is not None:
                env.update(DISPLAY=display, QT_QPA_PLATFORM="xcb")
                where = f"Xvfb {display} at 1920x1080"
            else:
                env["QT_QPA_PLATFORM"] = "offscreen"
                where = "offscreen (no Xvfb: apt-get install -y xvfb for the real figure)"
            journal = str(Path(tmp) / "j.jsonl")
            times: dict[str, list[float]] = {"bare PySide6 window": [], "bingo draw": []}
            cpus: dict[str, list[float]] = {"bare PySide6 window": [], "bingo draw": []}
            for launch in range(launches + 1):  # the first launch of each warms the caches
                for name, code, args in (
                    ("bare PySide6 window", BARE_WINDOW, []),
                    ("bingo draw", DRAW_COMMAND, [journal]),
                ):
                    wall, cpu = launch_to_frame(code, args, env)
                    if launch:
                        times[name].append(wall)
                        cpus[name].append(cpu)
        print(
            f"command typed -> first full-screen frame, {where}, {launches} launches each in "
            f"turns (load average {os.getloadavg()[0]:.1f}):"
        )
        for name, values in times.items():
            print(
                f"  {name:<20} min {min(values):.2f} / median {statistics.median(values):.2f} / "
                f"max {max(values):.2f} s; CPU until then min {min(cpus[name]):.2f} / median "
                f"{statistics.median(cpus[name]):.2f} s"
            )
        ours, bare = cpus["bingo draw"], cpus["bare PySide6 window"]
        print(
            f"  CPU: ratio of the mins {min(ours) / min(bare):.2f}x, of the medians "
            f"{statistics.median(ours) / statistics.median(bare):.2f}x"
        )
        ours, bare = times["bingo draw"], times["bare PySide6 window"]
        ratio = statistics.median(ours) / statistics.median(bare)
        print(
            f"  ratio of the mins {min(ours) / min(bare):.2f}x, of the medians {ratio:.2f}x  "
            f"(target <= 2x: {'OK' if ratio <= 2 else 'MISSED'}); load average at the end "
            f"{os.getloadavg()[0]:.1f}"
        )
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait()


def start_to_first_frame() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, PUYO_EVENT_DATA_DIR=tmp)
        results = []
        for launch in (1, 2):
            started = time.time()
            out = subprocess.run(
                [
                    sys.executable,
                    __file__,
                    "--first-frame-child",
                    str(started),
                    str(Path(tmp) / "j.jsonl"),
                ],
                capture_output=True,
                text=True,
                env=env,
                cwd=ROOT,
                check=True,
            ).stdout.split()
            results.append(out)
            print(
                f"launch {launch}: first frame {float(out[0]):.2f} s, odds engine "
                f"{out[2]} after {float(out[1]):.2f} s"
            )
        frame = float(results[1][0])
        print(
            f"display opened in a fresh process, windowed, no command line (second launch): "
            f"first frame {frame:.2f} s  (target <= 2 s: "
            f"{'OK' if frame <= 2 else 'MISSED'})"
        )


def spin_and_odds(quick: bool) -> None:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from bingo.config import load_config
    from bingo.session import DrawSession
    from bingo.ui.display import DisplayWindow

    app = QApplication.instance() or QApplication([])
    base = load_config(ROOT / "config.toml")
    config = dataclasses.replace(base, display=dataclasses.replace(base.display, sound=False))
    with tempfile.TemporaryDirectory() as tmp:
        session = DrawSession.open(config, Path(tmp) / "j.jsonl", seed=1)
        window = DisplayWindow(session, config, warn=lambda m: None)
        window.resize(1920, 1080)
        window.show()
        end = time.perf_counter() + 1.0
        while time.perf_counter() < end:  # first frame and picture pre-rendering
            app.processEvents()

        gaps: list[float] = []
        last_tick = [time.perf_counter()]

        def tick():
            now = time.perf_counter()
            gaps.append(now - last_tick[0])
            last_tick[0] = now

        heartbeat = QTimer()
        heartbeat.setInterval(4)
        heartbeat.timeout.connect(tick)
        heartbeat.start()

        def pump_until(cond, timeout=60.0):
            end = time.perf_counter() + timeout
            while not cond() and time.perf_counter() < end:
                app.processEvents()
                time.sleep(0.0005)

        t0 = time.perf_counter()
        window.start_background_work()
        pump_until(lambda: window.odds.state != "warming" and not window.odds.busy)
        warm = time.perf_counter() - t0
        warm_gap = max(gaps) if gaps else 0.0
        print(
            f"engine warm-up in the background: {warm:.2f} s ({window.odds.state}); longest "
            f"UI-thread stall meanwhile {warm_gap * 1000:.1f} ms"
        )

        paint_times: list[float] = []
        frame_times: list[float] = []
        original = window.reel.paintEvent

        def timed_paint(event):
            start = time.perf_counter()
            original(event)
            paint_times.append(time.perf_counter() - start)

        window.reel.paintEvent = timed_paint
        values: list[float] = []
        window.reel.animation.valueChanged.connect(lambda _v: values.append(time.perf_counter()))

        spins = 1 if quick else 3
        latencies: list[float] = []
        spin_gaps: list[float] = []
        for _ in range(spins):
            values.clear()
            paint_times.clear()
            gaps.clear()
            cpu_before = time.thread_time()
            window.controller.draw()
            pump_until(lambda: not window.controller.spinning)
            cpu_spin = time.thread_time() - cpu_before
            landed = window.landed_at
            pump_until(
                lambda t=landed: window.odds_shown_at is not None and window.odds_shown_at >= t, 5.0
            )
            if window.odds_shown_at is not None and window.odds_shown_at >= landed:
                latencies.append(window.odds_shown_at - landed)
            frame_times.extend(paint_times)
            spin_gaps.extend(gaps)
            intervals = [b - a for a, b in zip(values, values[1:], strict=False)]
            print(
                f"spin: {len(paint_times)} frames painted, animation frame interval median "
                f"{statistics.median(intervals) * 1000:.1f} ms, max "
                f"{max(intervals) * 1000:.1f} ms; UI-thread CPU per frame "
                f"{cpu_spin / max(1, len(paint_times)) * 1000:.1f} ms"
            )
        med, worst = statistics.median(frame_times), max(frame_times)
        print(
            f"reel paint time per frame at 1920x1080: median {med * 1000:.2f} ms, max "
            f"{worst * 1000:.2f} ms  (targets 16.7 / 50 ms: "
            f"{'OK' if med <= 0.0167 and worst <= 0.05 else 'MISSED'})"
        )
        print(
            f"longest UI-thread stall during spins (odds computed meanwhile): "
            f"{max(spin_gaps) * 1000:.1f} ms"
        )
        if latencies:
            print(
                f"landing -> odds on screen (prefetched during the spin): max "
                f"{max(latencies) * 1000:.1f} ms  (target <= 100 ms: "
                f"{'OK' if max(latencies) <= 0.1 else 'MISSED'})"
            )

        # Cold: land at once, before a prefetch could finish; then the UI must stay live.
        cold: list[float] = []
        cold_gaps: list[float] = []
        for _ in range(3 if quick else 10):
            gaps.clear()
            window.controller.draw()
            window.controller.land_now()
            landed = time.perf_counter()
            pump_until(
                lambda: (
                    window.odds_panel.result is not None
                    and window.odds_panel.result.drawn == frozenset(session.history)
                ),
                5.0,
            )
            cold.append(time.perf_counter() - landed)
            cold_gaps.extend(gaps)
        print(
            f"land at once -> odds on screen (no prefetch time): median "
            f"{statistics.median(cold) * 1000:.1f} ms, max {max(cold) * 1000:.1f} ms; "
            f"longest UI-thread stall {max(cold_gaps, default=0) * 1000:.1f} ms"
        )
        heartbeat.stop()
        window.close()
        session.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--first-frame-child", nargs=2, metavar=("STARTED", "JOURNAL"))
    parser.add_argument(
        "--start-only", action="store_true", help="only the command -> first frame figures"
    )
    parser.add_argument(
        "--launches", type=int, default=3, help="launches of each with --start-only (default 3)"
    )
    args = parser.parse_args()
    if args.start_only:
        command_to_first_frame(args.launches)
        return
    if args.first_frame_child:
        first_frame_child(float(args.first_frame_child[0]), args.first_frame_child[1])
        return
    print(
        f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} "
        "(frame intervals include waits for a busy CPU)"
    )
    command_to_first_frame(2 if args.quick else 3)
    start_to_first_frame()
    spin_and_odds(args.quick)


if __name__ == "__main__":
    main()
