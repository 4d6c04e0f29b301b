"""A phone (headless Chromium from the distribution, driven by Selenium) follows a real draw.

The browser is Debian's `chromium` with its `chromedriver` (scripts/install.sh --test installs
them); nothing is downloaded at test time.
"""

from __future__ import annotations

import dataclasses
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from bingo import cardcode
from bingo.config import load_config
from bingo.session import DrawSession
from bingo.showlink import claims_path, shown_path
from cards.model import BingoCard
from cards.registry import write_registry
from tests.served import reserved_port, served

CHROMIUM = Path("/usr/bin/chromium")
EARLY_DRAWS = 8
CHROMEDRIVER = Path("/usr/bin/chromedriver")

pytestmark = pytest.mark.skipif(
    not (CHROMIUM.exists() and CHROMEDRIVER.exists()),
    reason="needs Debian's chromium and chromium-driver (scripts/install.sh --test)",
)

CONFIG = """
[event]
title = "phone test"
language = "{language}"
[board]
image_dir = "{img}"
[display]
spin_seconds = 0.3
sound = false
[web]
port = {port}
bind = "127.0.0.1"
"""


def seeded_order(config, seed: int, tmp_path: Path) -> list[int]:
    """The numbers a seeded draw gives, in order (the same code the show runs)."""
    session = DrawSession.open(config, tmp_path / "order" / "order.jsonl", seed=seed)
    order = [session.draw() for _ in range(session.total)]
    session.close()
    return order


def card_for(config, order: list[int], serial: int) -> BingoCard:
    """A card whose columns hold their numbers in drawing order: column groups fill from the top,
    so it reaches リーチ and then ビンゴ as the seeded draw goes on."""
    b = config.board
    columns = []
    for c in range(b.size):
        own = [n for n in order if b.column_of(n) == c]
        columns.append(own[: b.size])
    return BingoCard(
        serial, tuple(tuple(columns[c][r] for c in range(b.size)) for r in range(b.size))
    )


@pytest.fixture
def event(tmp_path, repo_root):
    path = tmp_path / "config.toml"  # web.port = 0: the server's port is read from .serve
    path.write_text(
        CONFIG.format(language="ja", img=(repo_root / "img").as_posix(), port=0),
        encoding="utf-8",
    )
    config = load_config(path)
    seed = 11
    order = seeded_order(config, seed, tmp_path)
    # none of the first EARLY_DRAWS numbers on the card: its リーチ comes at the 11th draw and
    # its ビンゴ at the 12th, after a loaded machine's browser has opened the card (built from
    # the whole order, both came at draws 3 and 4, sometimes before the page was there)
    card = card_for(config, order[EARLY_DRAWS:], 1)
    registry = tmp_path / "cards.csv"
    write_registry(registry, [card])
    key = cardcode.load_key(config.event.title, create=True)
    return dataclasses.make_dataclass(
        "Event", ["config_path", "config", "seed", "order", "card", "registry", "code"]
    )(path, config, seed, order, card, registry, cardcode.card_code(key, 1))


@pytest.fixture
def browser():
    """A 412x915 phone; the shipped Japanese font is given to it (see phone_pages.make_browser),
    so the screenshots show Japanese text, not the boxes of a missing font."""
    from phone_pages import PhoneWindow

    window = PhoneWindow()
    yield window.driver
    window.close()


def wait_for(condition, timeout: float, what: str, process: subprocess.Popen | None = None):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        if process is not None and process.poll() is not None:
            raise AssertionError(f"the show stopped while waiting for {what}")
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def board_json(port: int) -> dict | None:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/board", timeout=2) as answer:
            return json.loads(answer.read())
    except OSError:
        return None


def shown_count(journal: Path) -> int:
    try:
        lines = shown_path(journal).read_text().splitlines()
    except OSError:
        return 0
    return json.loads(lines[-1])["count"] if lines else 0


PAGE_STATE = """
const verdict = document.getElementById("verdict");
return {
  marked: [...document.querySelectorAll(".cell.marked[data-number]")].map(c => +c.dataset.number),
  cells: document.querySelectorAll(".cell").length,
  verdict: verdict ? verdict.dataset.verdict || "" : "",
  verdict_text: verdict ? verdict.textContent : "",
  claim: (document.getElementById("claim_status") || {dataset: {}}).dataset.verdict || "",
  claim_text: (document.getElementById("claim_status") || {}).textContent || "",
  status: document.getElementById("status").className,
};
"""


# Notes every verdict the card page shows, in the browser, so a リーチ that lasts less than a
# polling round on a loaded machine is still seen.
RECORD_VERDICTS = """
window.seenVerdicts = [];
const note = () => {
  const v = document.getElementById("verdict");
  const last = window.seenVerdicts[window.seenVerdicts.length - 1];
  if (v && v.dataset.verdict && (!last || last.verdict !== v.dataset.verdict)) {
    window.seenVerdicts.push({verdict: v.dataset.verdict, text: v.textContent});
  }
};
new MutationObserver(note).observe(document.body, {subtree: true, childList: true,
                                                    attributes: true, characterData: true});
note();
"""


BOARD_STATE = """
return {
  called: [...document.querySelectorAll(".ball.called")].map(b => +b.textContent),
  last: document.getElementById("last").textContent,
};
"""


def page(driver) -> dict:
    """What the page shows, read in one go (the card is redrawn on every message)."""
    return driver.execute_script(PAGE_STATE)


def marked_numbers(driver) -> set[int]:
    return set(page(driver)["marked"])


def shot(driver, name: str, output_dir: Path) -> None:
    driver.save_screenshot(str(output_dir / name))


def start_show(event, tmp_path, *extra: str) -> subprocess.Popen:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "bingo",
            "draw",
            "--config",
            str(event.config_path),
            "--journal",
            str(tmp_path / "show.jsonl"),
            "--registry",
            str(event.registry),
            "--seed",
            str(event.seed),
            "--windowed",
            "--serve",
            *extra,
        ],
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,  # the show and its web server: one group to end in teardown
    )


def web_server_of(pid: int) -> int:
    """The `bingo serve` child of the show `pid` (from /proc: no procps needed)."""
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    for child in children:
        command = Path(f"/proc/{child}/cmdline").read_bytes().split(b"\0")
        if b"serve" in command:
            return int(child)
    raise AssertionError(f"the show {pid} has no web server child: {children}")


def stop_group(process: subprocess.Popen) -> None:
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait()


@pytest.mark.slow
@pytest.mark.process
@pytest.mark.browser
def test_a_phone_follows_a_real_draw_to_bingo_and_claims_it(event, browser, tmp_path, output_dir):
    from selenium.webdriver.common.by import By

    journal = tmp_path / "show.jsonl"
    show = start_show(event, tmp_path, "--auto", "0.8")
    try:
        port = served(journal, 60, show).port  # the port its server got (web.port = 0)
        browser.get(f"http://127.0.0.1:{port}/")
        field = browser.find_element(By.ID, "code")
        field.send_keys(event.code.lower())  # typed in lower case: still opens the card
        browser.find_element(By.CSS_SELECTOR, "#join button").click()
        wait_for(lambda: "/card/" in browser.current_url, 10, "the card page")
        wait_for(lambda: page(browser)["cells"], 10, "the card")
        card_numbers = set(event.card.numbers())
        browser.execute_script(RECORD_VERDICTS)
        # marks follow the landings: what the phone marks is always what the room has seen
        seen_reach = False
        while True:
            board = wait_for(lambda: board_json(port), 5, "the board")
            now = page(browser)
            verdict, marked = now["verdict"], set(now["marked"])
            landed = set(event.order[: shown_count(journal)])
            assert marked <= landed, "a number was marked before its reel landed"
            if verdict == "reach" and not seen_reach:
                seen_reach = True
                shot(browser, "phone-reach.png", output_dir)  # for people to look at
            if verdict == "bingo":
                break
            assert board["count"] < 40, "the whole board was drawn without a bingo"
            time.sleep(0.1)
        shown = browser.execute_script("return window.seenVerdicts")
        assert [v["verdict"] for v in shown if v["verdict"] != "not_yet"][-2:] == ["reach", "bingo"]
        assert "リーチ" in next(v["text"] for v in shown if v["verdict"] == "reach")
        now = page(browser)
        assert "ビンゴ" in now["verdict_text"]
        assert set(now["marked"]) <= card_numbers
        shot(browser, "phone-bingo.png", output_dir)
        browser.find_element(By.ID, "claim").click()
        wait_for(lambda: page(browser)["claim"] == "pending", 10, "the claim to be sent")
        assert "確認中" in page(browser)["claim_text"]
        claims = [json.loads(x) for x in claims_path(journal).read_text().splitlines()]
        assert [c["serial"] for c in claims] == [1]
        # the public board: every number called so far, by column, the last one and the count
        browser.get(f"http://127.0.0.1:{port}/")
        wait_for(lambda: browser.execute_script(BOARD_STATE)["called"], 10, "the board")

        def board_as_drawn() -> bool:
            """The page and the server read together: the show goes on drawing, so a number
            may land between two reads (it did on a busy machine); the page must catch up."""
            state = browser.execute_script(BOARD_STATE)
            drawn = board_json(port)["drawn"]
            return sorted(state["called"]) == sorted(drawn) and state["last"] == str(drawn[-1])

        wait_for(board_as_drawn, 30, "the public board to show every number called, the last one")
        shot(browser, "phone-board.png", output_dir)
    finally:
        stop_group(show)


@pytest.mark.slow
@pytest.mark.process
@pytest.mark.browser
def test_the_phone_reconnects_by_itself_after_the_server_was_killed(
    event, browser, tmp_path, output_dir
):
    """Kill the web server mid-game: `bingo draw --serve` starts it again, the page reconnects
    and shows the same marks. The page reconnects to its own address: one port for both
    servers, held for this test (tests/served.py), so no other program takes it between."""

    journal = tmp_path / "show.jsonl"
    with reserved_port() as port:
        text = event.config_path.read_text("utf-8")
        event.config_path.write_text(text.replace("port = 0", f"port = {port}"), "utf-8")
        show = start_show(event, tmp_path, "--auto", "0.5")
        try:
            assert served(journal, 60, show).port == port
            browser.get(f"http://127.0.0.1:{port}/card/{event.code}")
            wait_for(lambda: marked_numbers(browser), 30, "a first mark", show)
            server_pid = web_server_of(show.pid)
            os.kill(server_pid, signal.SIGKILL)
            wait_for(lambda: "connecting" in page(browser)["status"], 10, "the page to notice")
            wait_for(
                lambda: page(browser)["status"].endswith("live"),
                30,
                "the page to reconnect",
                show,
            )
            count = shown_count(journal)
            expected = set(event.order[:count]) & set(event.card.numbers())
            wait_for(lambda: marked_numbers(browser) >= expected, 10, "the same marks")
        finally:
            stop_group(show)


@pytest.mark.browser
def test_the_operator_checks_a_claim_with_v_and_the_phone_shows_the_verdict(
    event, browser, tmp_path, output_dir, qtbot
):
    """The show in this process (its real windows, offscreen), the web server as `bingo draw
    --serve` starts it, the phone in Chromium: draw to bingo, claim, V, verdict on the phone."""
    from PySide6.QtCore import Qt

    from bingo.ui.display import DisplayWindow
    from bingo.ui.weblink import ClaimDesk, ShowLink
    from bingo.ui.webserver import ServerProcess, serve_argv

    journal = tmp_path / "show.jsonl"
    registry = {event.card.serial: event.card}
    session = DrawSession.open(event.config, journal, seed=event.seed)
    window = DisplayWindow(session, event.config, registry=registry, odds_mode="thread")
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    window.controller.confirm = lambda title, text: True  # the host answers yes (issue 41: V asks)
    link = ShowLink(window.controller, window.warn, parent=window)
    desk = ClaimDesk(window, link)
    server = ServerProcess(
        serve_argv(str(event.config_path), journal, str(event.registry)), window.warn, window
    )
    server.start()
    try:
        port = served(journal, 60, server.process).port  # the port it got (web.port = 0)
        browser.get(f"http://127.0.0.1:{port}/card/{event.code}")
        qtbot.waitUntil(lambda: page(browser)["cells"] > 0, timeout=10000)
        while page(browser)["verdict"] != "bingo":
            qtbot.keyClick(window, Qt.Key.Key_Space)
            qtbot.waitUntil(lambda: not window.controller.spinning, timeout=5000)
            count = len(window.controller.revealed)
            qtbot.waitUntil(lambda c=count: board_json(port)["count"] == c, timeout=5000)
            qtbot.waitUntil(
                lambda: (
                    set(page(browser)["marked"])
                    == set(window.controller.revealed) & set(event.card.numbers())
                ),
                timeout=5000,
            )
        browser.find_element("id", "claim").click()
        qtbot.waitUntil(lambda: len(desk.pending()) == 1, timeout=10000)
        qtbot.waitUntil(lambda: page(browser)["claim"] == "pending", timeout=10000)  # its echo
        qtbot.keyClick(window, Qt.Key.Key_V)
        assert window.card_view.isVisible()  # the room sees the check too
        qtbot.waitUntil(lambda: page(browser)["claim"] == "bingo", timeout=10000)
        assert "ビンゴ" in page(browser)["claim_text"]
        shot(browser, "phone-verdict.png", output_dir)
    finally:
        server.stop()
        link.stop()
        window.close()
        session.close()


@pytest.mark.slow
@pytest.mark.process
def test_killing_the_show_pauses_the_phones_and_a_restarted_show_resumes(event, tmp_path):
    """SIGKILL to the show alone: its web server goes on and says "paused"; the show started
    again (it adopts the server still running for its journal) goes on drawing."""
    journal = tmp_path / "show.jsonl"
    show = start_show(event, tmp_path, "--auto", "0.5")
    group = show.pid
    try:
        port = served(journal, 60, show).port  # the port its server got (web.port = 0)
        wait_for(lambda: (board_json(port) or {}).get("count", 0) >= 2, 30, "draws", show)
        show.send_signal(signal.SIGKILL)
        show.wait()
        paused = wait_for(lambda: (board_json(port) or {}).get("paused"), 20, "paused")
        assert paused
        before = board_json(port)
        count = before["count"]
        assert count == shown_count(journal)
        again = subprocess.Popen(
            show.args,
            env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
        try:
            wait_for(
                lambda: (b := board_json(port)) and not b["paused"] and b["count"] > count,
                30,
                "the resumed show's draws on the board",
                again,
            )
            board = board_json(port)  # the same server, adopted: the same port
            assert board["drawn"][:count] == before["drawn"]  # caught up: the same game goes on
            assert len(set(board["drawn"])) == board["count"]
        finally:
            stop_group(again)
    finally:
        try:
            os.killpg(group, signal.SIGKILL)  # the first show's web server
        except ProcessLookupError:
            pass
