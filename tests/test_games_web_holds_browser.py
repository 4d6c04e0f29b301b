"""Five phones sit in a Daifugō room and close their pages; a newcomer (a sixth phone) sees the
five seats held with their time left, gets a seat once the hold is over and plays in that room:
at `games serve` in a thread of the test, the holds' end reached on the hub's clock (half a
second before it no seat is freed, half a second after every one is), and at a real `games
serve` process across a kill -9 of it (the restarted server holds the five seats afresh for the
whole hold, then frees them: real seconds, the figure printed is how long the newcomer waited).
Waits are on the page's state and the server's answers."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from phone_pages import have_chromium, phone_size, wait_for
from served import ready_port
from test_games_web_browser import (
    PER_ADDRESS,
    WIDTHS,
    GamesServe,
    Phone,
    daifugo_choice,
    measure_hand,
    screenshot,
)

ROOT = Path(__file__).resolve().parent.parent
ROOM = "daifugo-beginner"
HOLD = 8  # games_web.hold_seconds of this test (120 at an event)
CONFIG = f"""
[event]
language = "ja"
[games_web]
daifugo_rooms = ["beginner"]
daifugo_seats = 5
schwimmen_tables = 0
cpu_level = "easy"
cpu_workers = 1
hold_seconds = {HOLD}
cpu_delay_ms = 0
{PER_ADDRESS}
"""  # six browsers on loopback: see PER_ADDRESS; the CPUs at once (the newcomer's turn soon)

pytestmark = pytest.mark.skipif(not have_chromium(), reason="needs Debian's chromium")


class ServeProcess:
    """`games serve --no-window` as its own process, as the laptop runs it."""

    def __init__(self, folder: Path) -> None:
        config = folder / "config.toml"
        config.write_text(CONFIG, encoding="utf-8")
        self.log = open(folder / "serve.log", "ab")  # closed by kill() / stop()
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "games",
                "serve",
                "--config",
                str(config),
                "--port",
                "0",
                "--bind",
                "127.0.0.1",
                "--data-dir",
                str(folder / "data"),
                "--seed",
                "3",
                "--turn-seconds",
                "0",
                "--no-window",
            ],  # fmt: skip
            cwd=ROOT,
            stdout=subprocess.PIPE,  # its ready line, with the port it got (any free one)
            stderr=self.log,
            text=True,
        )
        try:
            port = ready_port(self.process, f"games serve (its terminal: {self.log.name})")
        except AssertionError:
            self.stop()
            raise
        self.url = f"http://127.0.0.1:{port}/"

    def kill(self) -> None:
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=20)
        self._close()

    def _close(self) -> None:
        self.log.close()
        if self.process.stdout is not None:
            self.process.stdout.close()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=20)
        self._close()


def seats(phone: Phone) -> list[dict]:
    lobby = phone.state("lobby") or {"rooms": [{"seats": []}]}
    return lobby["rooms"][0]["seats"]


def newcomer_plays(newcomer: Phone) -> float:
    """The newcomer waits on the lobby until the sit button shows, sits, starts and plays one
    action of theirs. When (time.monotonic) the first seat showed free."""
    wait_for(lambda: newcomer.visible(f'.room-card[data-room="{ROOM}"] button[data-op="sit"]'),
             HOLD + 60, "a seat coming free")  # fmt: skip
    freed = time.monotonic()
    # the five closed one after another: each hold ends in its turn (the timer would wait for
    # ever for a held person in a game: turn_seconds = 0 here)
    wait_for(lambda: [s["name"] for s in seats(newcomer)] == [None] * 5, 30, "every seat free")
    newcomer.sit(ROOM)
    wait_for(lambda: (newcomer.state("room") or {}).get("host"), 15, "the newcomer hosting")
    newcomer.click("#start_button")
    wait_for(lambda: (newcomer.table() or {}).get("your_turn"), 60, "the newcomer's turn")
    t = newcomer.table()
    newcomer.daifugo(daifugo_choice(t))
    wait_for(lambda: (newcomer.table() or {}).get("step", 0) > t["step"], 30, "the move taken")
    return freed


CUT = """
return [...document.querySelectorAll(".seat-chip, #code_line")]
  .filter((e) => e.offsetParent !== null)
  .filter((e) => { const r = e.getBoundingClientRect();
    return e.scrollWidth > e.clientWidth + 1 || r.left < -0.5 || r.right > innerWidth + 0.5; })
  .map((e) => e.className + ": " + e.textContent);
"""


def lobby_fits(phone: Phone) -> None:
    """Nothing past the screen's edges at any phone width (measure_hand's checks), and no held
    seat's chip or code line cut."""
    measure_hand(phone, None)
    for width in WIDTHS:
        phone_size(phone.driver, width, 740)
        phone.js("window.dispatchEvent(new Event('resize'))")
        assert not phone.js(CUT), (width, phone.js(CUT))
    phone_size(phone.driver, 375, 667)


def five_leave(url: str, tmp_path: Path) -> Phone:
    """Five people sit in the room, each closing their page; the newcomer's phone, opened
    before the last closes (on a busy machine a browser's start alone can take most of a hold).
    The five take turns at one browser window, as five phones would: each joins and sits on a
    page of their own (the storage before them cleared: a name and token of their own), and
    their page goes (its socket closed, as a closed tab's) when the next one's opens. To the
    server that is five phones that sat and went away one after another; a window costs a
    browser's user context and renderer, a page about a third of that."""
    window = Phone(tmp_path / "phones", url)
    try:
        for i in range(5):
            if i:
                window.js("localStorage.clear(); sessionStorage.clear()")
                window.driver.get(url)  # the page before it gone: its socket closed
            window.join(f"客{i + 1}")
            window.sit(ROOM)
        assert [s["name"] for s in seats(window)] == [f"客{i + 1}" for i in range(5)]
        return Phone(tmp_path / "newcomer", url)
    finally:
        window.quit()


def five_held(newcomer: Phone, hold: float) -> None:
    """The five seats held in the newcomer's lobby, with their time left; the room is full."""
    wait_for(lambda: all(isinstance(s["held"], (int, float)) for s in seats(newcomer)),
             15, "five held seats in the lobby")  # fmt: skip
    card = newcomer.text(f'.room-card[data-room="{ROOM}"]')
    assert card.count("保留") == 5, card
    assert all(0 < s["held"] <= hold for s in seats(newcomer))
    assert not newcomer.visible(f'.room-card[data-room="{ROOM}"] button[data-op="sit"]')


@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.timeout(300)
def test_five_phones_leave_and_a_newcomer_plays_once_the_hold_is_over(tmp_path):
    hold = 120  # the event's default: the real seconds of a test never reach it
    serve = GamesServe(tmp_path)
    serve.hub.options.hold_seconds = hold
    serve.hub.cpu_delay = 0  # the CPUs at once: the newcomer's turn soon
    newcomer = None
    try:
        before = time.monotonic()  # (the hub's clock: time.monotonic)
        newcomer = five_leave(serve.url, tmp_path)
        newcomer.join("新人")
        five_held(newcomer, hold)
        # the lobby with five held seats and the code line, at 320-430 px
        phone_size(newcomer.driver, 320, 640)
        screenshot(newcomer, "games_lobby_held_seats.png")
        lobby_fits(newcomer)
        room = serve.hub.rooms[ROOM]
        ends = serve.on_loop(lambda: dict(room.away))
        assert sorted(ends) == [f"客{i + 1}" for i in range(5)]
        assert all(before + hold <= end <= time.monotonic() + hold for end in ends.values())
        # half a second before the first hold ends: the timer frees no seat
        serve.set_clock(min(ends.values()) - 0.5)
        assert serve.on_loop(lambda: (serve.hub.tick(), dict(room.away))[1]) == ends
        assert [s["name"] for s in seats(newcomer)] == [f"客{i + 1}" for i in range(5)]
        # half a second after the last: every seat free, the newcomer sits and plays
        serve.set_clock(max(ends.values()) + 0.5)
        newcomer_plays(newcomer)
    finally:
        if newcomer is not None:
            newcomer.quit()
        serve.stop()


@pytest.mark.slow
@pytest.mark.process
@pytest.mark.browser
@pytest.mark.timeout(360)  # six browsers and a restart (about 30 s here, idle)
def test_after_a_kill_9_the_seats_are_held_afresh_and_a_newcomer_plays_once_it_is_over(tmp_path):
    serve = ServeProcess(tmp_path)
    newcomer = None
    try:
        newcomer = five_leave(serve.url, tmp_path)
        closed = time.monotonic()  # the fifth page closed by now
        serve.kill()
        killed = time.monotonic()  # the restarted server restores the holds after this moment
        serve = ServeProcess(tmp_path)  # on the free port it got this time
        newcomer.driver.get(serve.url)  # the page again, from the restarted server
        restarted = time.monotonic()
        newcomer.join("新人")
        five_held(newcomer, HOLD)
        freed = newcomer_plays(newcomer)
        # the full hold again, counted from the restore (which comes after the kill; the server
        # answering later still, by how long its start took on a busy machine)
        assert freed - killed >= HOLD
        print(f"\nnewcomer's seat came free {freed - closed:.1f} s after the pages closed "
              f"(hold {HOLD} s; kill -9 and restart; "
              f"{freed - restarted:.1f} s after the newcomer's server was ready)")  # fmt: skip
    finally:
        if newcomer is not None:
            newcomer.quit()
        serve.stop()
